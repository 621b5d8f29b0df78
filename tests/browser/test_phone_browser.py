"""The app on a phone (390×844, touch) and on a laptop (1280×720), in Chromium (issue 12).

The phone context keeps Chromium's desktop user agent on purpose: Streamlit's own phone rules
follow the user agent, and a phone asking for the desktop site, a tablet or a narrow window does
not say "phone". Where Streamlit's rule matters, a test runs with a phone's user agent too.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

pytestmark = pytest.mark.browser

SCRIPT_DONE = '[data-testid="stApp"][data-test-script-state="notRunning"]'
PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
ANDROID_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/126.0 Mobile Safari/537.36")


def _page_paths() -> list[str]:
    """The address of every page: its file name in app_pages/ (the home page at /)."""
    from explorer.ui import nav

    names = sorted(p.stem for p in nav.PAGES_DIR.glob("*.py") if not p.name.startswith("_"))
    assert len(names) >= 11
    return ["" if name == "home" else name for name in names]


PAGES = _page_paths()


def _context(browser: Browser, **options) -> Iterator[Page]:
    context: BrowserContext = browser.new_context(**options)
    try:
        yield context.new_page()
    finally:
        context.close()


@pytest.fixture
def phone(browser: Browser) -> Iterator[Page]:
    yield from _context(browser, **PHONE)


@pytest.fixture
def laptop(browser: Browser) -> Iterator[Page]:
    yield from _context(browser, **LAPTOP)


def settle(page: Page) -> None:
    page.wait_for_selector(SCRIPT_DONE, timeout=60_000)
    expect(page.locator('[data-testid="stException"]')).to_have_count(0)


def open_page(page: Page, base_url: str, path: str) -> None:
    page.goto(f"{base_url}/{path}")
    expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible(timeout=30_000)
    settle(page)


SIDEWAYS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  return {page: document.documentElement.scrollWidth, main: main.scrollWidth, view: window.innerWidth,
          mainView: main.clientWidth};
}"""


def assert_no_sideways_scrolling(page: Page, where: str) -> None:
    got = page.evaluate(SIDEWAYS)
    assert got["page"] <= got["view"], f"{where}: the page scrolls sideways ({got})"
    assert got["main"] <= got["mainView"], f"{where}: the main area scrolls sideways ({got})"


# --- every page, both screens --------------------------------------------------------------------

@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_every_page_opens_without_an_exception_or_sideways_scrolling(screen, request, base_url):
    page: Page = request.getfixturevalue(screen)
    for path in PAGES:
        open_page(page, base_url, path)
        assert_no_sideways_scrolling(page, f"{screen} /{path}")


# --- the sidebar ---------------------------------------------------------------------------------

def _pick_in_sidebar(page: Page, title: str) -> None:
    page.get_by_test_id("stExpandSidebarButton").tap()
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    sidebar.get_by_test_id("stSidebarNavLink").filter(has_text=title).tap()
    expect(page.locator('[data-testid="stMain"] h1').first).to_have_text(title, timeout=30_000)


@pytest.mark.parametrize("user_agent", [None, ANDROID_UA], ids=["desktop-site", "phone-user-agent"])
def test_the_sidebar_closes_after_a_page_is_picked_on_a_narrow_screen(browser: Browser, base_url, user_agent):
    options = {**PHONE, **({"user_agent": user_agent} if user_agent else {})}
    for page in _context(browser, **options):
        open_page(page, base_url, "glossary")
        _pick_in_sidebar(page, "Trick checker")
        expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
        settle(page)


def test_the_sidebar_stays_open_on_a_laptop_after_a_page_is_picked(laptop: Page, base_url):
    open_page(laptop, base_url, "glossary")
    sidebar = laptop.get_by_test_id("stSidebar")
    sidebar.get_by_test_id("stSidebarNavLink").filter(has_text="Trick checker").click()
    expect(laptop.locator('[data-testid="stMain"] h1').first).to_have_text("Trick checker", timeout=30_000)
    laptop.wait_for_timeout(300)
    expect(sidebar).to_have_attribute("data-collapsed", "false")


def test_every_sidebar_link_has_a_material_icon_not_an_emoji(laptop: Page, base_url):
    open_page(laptop, base_url, "")
    links = laptop.get_by_test_id("stSidebarNavLink")
    expect(links.first).to_be_visible()
    assert links.count() >= 11
    for i in range(links.count()):
        link = links.nth(i)
        expect(link.get_by_test_id("stIconMaterial"), link.inner_text()).to_have_count(1)
        expect(link.get_by_test_id("stIconEmoji")).to_have_count(0)
    assert not re.search(r"[\U0001F000-\U0001FFFF]", laptop.get_by_test_id("stSidebar").inner_text())


# --- charts ----------------------------------------------------------------------------------------

def test_no_plotly_toolbar_covers_a_chart_title_on_a_phone(phone: Page, base_url):
    open_page(phone, base_url, "charts")
    chart = phone.locator(".js-plotly-plot").first
    expect(chart.locator(".gtitle")).to_be_visible(timeout=30_000)
    chart.tap()  # a tap is what showed the toolbar on a phone
    phone.wait_for_timeout(300)
    expect(chart.locator(".modebar-btn")).to_have_count(0)
    assert_no_sideways_scrolling(phone, "charts after a tap")
