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

from tests.browser.runs import act, at_rest, enter, tap

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True}
LAPTOP = {"viewport": {"width": 1280, "height": 720}}
ANDROID_UA = ("Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) "
              "Chrome/126.0 Mobile Safari/537.36")


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


def open_page(page: Page, base_url: str, path: str) -> None:
    page.goto(f"{base_url}/{path}")
    expect(page.locator('[data-testid="stMain"] h1').first).to_be_visible(timeout=30_000)
    at_rest(page)


SIDEWAYS = """() => {
  const main = document.querySelector('[data-testid="stMain"]');
  return {page: document.documentElement.scrollWidth, main: main.scrollWidth, view: window.innerWidth,
          mainView: main.clientWidth};
}"""


def assert_no_sideways_scrolling(page: Page, where: str) -> None:
    got = page.evaluate(SIDEWAYS)
    assert got["page"] <= got["view"], f"{where}: the page scrolls sideways ({got})"
    assert got["main"] <= got["mainView"], f"{where}: the main area scrolls sideways ({got})"


# Every page at 390×844 and 1280×720 (no exception, no sideways scrolling): test_teacher_browser.py's
# test_every_page_opens_at_phone_and_projector_sizes_without_sideways_scrolling, once for the suite.


# --- the sidebar ---------------------------------------------------------------------------------

def _pick_in_sidebar(page: Page, title: str) -> None:
    page.get_by_test_id("stExpandSidebarButton").tap()
    sidebar = page.get_by_test_id("stSidebar")
    expect(sidebar).to_have_attribute("data-collapsed", "false")
    act(page, sidebar.get_by_test_id("stSidebarNavLink").filter(has_text=title).tap)
    expect(page.locator('[data-testid="stMain"] h1').first).to_have_text(title, timeout=30_000)


@pytest.mark.parametrize("user_agent", [None, ANDROID_UA], ids=["desktop-site", "phone-user-agent"])
def test_the_sidebar_closes_after_a_page_is_picked_on_a_narrow_screen(browser: Browser, base_url, user_agent):
    options = {**PHONE, **({"user_agent": user_agent} if user_agent else {})}
    for page in _context(browser, **options):
        open_page(page, base_url, "glossary")
        _pick_in_sidebar(page, "Trick checker")
        expect(page.get_by_test_id("stSidebar")).to_have_attribute("data-collapsed", "true")
        at_rest(page)


def test_the_sidebar_stays_open_on_a_laptop_after_a_page_is_picked(laptop: Page, base_url):
    open_page(laptop, base_url, "glossary")
    sidebar = laptop.get_by_test_id("stSidebar")
    act(laptop, sidebar.get_by_test_id("stSidebarNavLink").filter(has_text="Trick checker").click)
    expect(laptop.locator('[data-testid="stMain"] h1').first).to_have_text("Trick checker")
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


# --- the Trick checker -------------------------------------------------------------------------------

def card(page: Page, field: str, face: str):
    """A tappable card of a field (``table``, ``hand``) by its face, e.g. ``K♣``."""
    suit = {"♠": "S", "♥": "H", "♦": "D", "♣": "C"}[face[-1]]
    return page.locator(f".st-key-trick-{field}-tap-{suit} button", has_text=re.compile(f"^{re.escape(face)}$"))


def enter_the_disputed_trick(page: Page) -> int:
    """West leads K♣ in a hearts Hokum (the default contract), 7♣ follows, the hand to play holds Q♥ and
    no club: by taps only. Returns the number of taps."""
    taps = [page.locator(".st-key-trick-leader button", has_text="West"), card(page, "table", "K♣"),
            card(page, "table", "7♣"), card(page, "hand", "Q♥")]
    for locator in taps:
        tap(page, locator)
    return len(taps)


def verdict_bar(page: Page, tool: str):
    return page.locator(f'[class*="st-key-bx-verdict-bar-{tool}"]')


def assert_in_view(page: Page, locator, where: str) -> None:
    box = locator.bounding_box()
    height = page.viewport_size["height"]
    assert box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height, \
        f"{where}: {box} is not within the first {height} px of the screen"


@pytest.mark.parametrize("screen", ["phone", "laptop"])
def test_the_disputed_trick_takes_four_taps_and_its_verdict_shows_without_scrolling_to_it(screen, request,
                                                                                             base_url):
    page: Page = request.getfixturevalue(screen)
    open_page(page, base_url, "trick_checker")
    assert enter_the_disputed_trick(page) == 4
    bar = verdict_bar(page, "trick")
    try:
        expect(bar).to_contain_text("East to play: you must trump. Q♥ is the only legal card.")
    except AssertionError as e:  # once seen without "you must trump": say which rule the page applied
        raise AssertionError(f"{e}\n--- the page at {page.url}:\n{page.get_by_test_id('stMain').inner_text()}") from None
    assert_in_view(page, bar, f"{screen}: the verdict after the last tap")
    # the seats: 7♣ lands on South (play runs anticlockwise), East is to play
    seats = page.locator(".bx-seatmap")
    expect(seats.locator('[data-seat="S"][data-card="7C"]')).to_have_count(1)
    expect(seats.locator('.bx-sm-turn[data-seat="E"]')).to_contain_text("to play")
    expect(page.get_by_text("West leads, then South, East, North.")).to_be_visible()
    assert_no_sideways_scrolling(page, f"{screen} trick checker")
    # a reload opens the same trick from the address bar's link
    page.reload()
    at_rest(page)
    expect(verdict_bar(page, "trick")).to_contain_text("Q♥ is the only legal card.", timeout=30_000)


def test_a_fourth_card_on_the_table_is_refused_and_a_typed_bad_card_is_named(phone: Page, base_url):
    open_page(phone, base_url, "trick_checker")
    for face in ("K♣", "7♣", "8♣", "9♣"):
        tap(phone, card(phone, "table", face))
    expect(phone.get_by_text("At most 3 cards are on the table")).to_be_visible()
    expect(phone.locator(".st-key-trick-table-tap-C button[aria-checked='true'], "
                         ".st-key-trick-table-tap-C button[data-selected]")).to_have_count(3)
    tap(phone, phone.get_by_text("typing (KC 7C …)"))
    hand = phone.get_by_role("textbox", name="Hand of East")  # North led, three cards down: East to play
    enter(phone, hand, "QH ZZ")
    expect(verdict_bar(phone, "trick")).to_contain_text("not a possible moment of a deal")
    expect(phone.get_by_test_id("stAlertContentError")).to_contain_text("'ZZ' is not a card")


def test_card_by_card_table_shows_legal_and_illegal_whole_on_a_phone(phone: Page, base_url):
    open_page(phone, base_url, "trick_checker")
    tap(phone, phone.get_by_role("button", name="Load the worked example"))
    cell = phone.get_by_test_id("stTable").get_by_text("✕ illegal").first
    expect(cell).to_be_visible()
    box = cell.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= 390, box
    table = phone.get_by_test_id("stTable")
    assert table.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the card-by-card table scrolls sideways"
    assert_no_sideways_scrolling(phone, "trick checker with the worked example")


# --- the Score calculator -------------------------------------------------------------------------------

def test_score_calculator_fields_stack_in_reading_order_on_a_phone(phone: Page, base_url):
    """The order of a deal: the mode, the trump, who deals, who buys, the escalation, then the Doubler it
    enables; before, they stacked Trump, Dealer, Doubler, Buyer, Escalation."""
    open_page(phone, base_url, "score_calculator")
    main = phone.get_by_test_id("stMain")
    for label in ("Trump", "Dealer", "Buyer", "Escalation", "Doubler"):  # all drawn (a loaded machine draws slowly)
        expect(main.get_by_test_id("stWidgetLabel").get_by_text(label, exact=True).first).to_be_attached()
    tops = main.evaluate("""main => {
      const top = {};
      for (const label of main.querySelectorAll('[data-testid="stWidgetLabel"]')) {
        const text = label.innerText.trim();
        if (!(text in top)) top[text] = label.getBoundingClientRect().top + main.scrollTop;
      }
      return top;
    }""")
    order = sorted(["Trump", "Dealer", "Buyer", "Escalation", "Doubler"], key=lambda label: tops[label])
    assert order == ["Trump", "Dealer", "Buyer", "Escalation", "Doubler"], tops
    expect(main.locator(".bx-seatmap")).to_be_visible()
    expect(main.get_by_text("Play runs anticlockwise, to each player’s right: East plays first")).to_be_visible()


def test_the_award_and_its_button_show_under_the_points_on_a_phone(phone: Page, base_url):
    open_page(phone, base_url, "score_calculator")
    points = phone.get_by_label("NS raw points")
    points.tap()
    enter(phone, points, "56")
    bar = verdict_bar(phone, "score")
    expect(bar).to_contain_text("EW wins (the buyer fails): award NS 0 – EW 16.")
    assert_in_view(phone, bar, "the award after typing the points")
    add = bar.get_by_role("button", name="Add to score sheet")
    assert_in_view(phone, add, "the Add to score sheet button")
    tap(phone, add)
    # the toast lasts a few seconds (a loaded machine can miss it); the link to the sheet stays
    expect(phone.get_by_role("link", name=re.compile(r"Score sheet: 1 deal\b"))).to_have_count(1)
    assert_no_sideways_scrolling(phone, "score calculator with a verdict")


# --- the Score sheet -------------------------------------------------------------------------------

def add_deal_by_typing(page: Page, ns: str, ew: str) -> None:
    """Type the points digit by digit into the empty fields, as a thumb does, and tap Add deal."""
    for label, value in (("NS game points", ns), ("EW game points", ew)):
        field = page.get_by_role("spinbutton", name=label)
        expect(field).to_have_value("")  # empty, not 0: typing 26 after a 0 gave 026
        at_rest(page)
        field.tap()
        field.press_sequentially(value)
        expect(field).to_have_value(value)
        enter(page, field)
    tap(page, page.get_by_role("button", name="Add deal"))


def test_the_score_sheet_on_a_phone_shows_every_column_and_says_what_a_thumb_can_do(phone: Page, base_url):
    open_page(phone, base_url, "score_sheet")
    for ns, ew in (("16", "0"), ("26", "100"), ("8", "8")):
        add_deal_by_typing(phone, ns, ew)
    expect(phone.get_by_text("Deal 3 added: NS 8, EW 8.")).to_be_visible()
    table = phone.get_by_test_id("stTable")
    expect(table).to_be_visible()
    expect(phone.get_by_test_id("stDataFrame")).to_be_hidden()  # the grid, cut off after "NS total"
    for header in ("NS total", "EW total", "Match", "Note"):
        cell = table.get_by_role("columnheader", name=header, exact=True)
        cell.scroll_into_view_if_needed()
        box = cell.bounding_box()
        assert box is not None and 0 <= box["x"] and box["x"] + box["width"] <= 390, (header, box)
    assert table.evaluate("e => e.scrollWidth <= e.clientWidth + 1"), "the deals table scrolls sideways"
    expect(table.get_by_role("row").nth(2)).to_contain_text("26")  # deal 2: NS 26, not 026
    expect(table.get_by_role("row").nth(2)).to_contain_text("100")
    expect(phone.get_by_text("To change a deal, delete it below and add it again")).to_be_visible()
    expect(phone.get_by_text("Double-click a cell")).to_be_hidden()
    expect(phone.get_by_role("combobox", name="Deal to delete")).to_have_value("Deal 3")
    assert_no_sideways_scrolling(phone, "score sheet with three deals")
    phone.reload()
    at_rest(phone)
    expect(phone.get_by_test_id("stTable")).to_contain_text("108", timeout=30_000)  # kept in the browser


def test_the_score_sheet_on_a_laptop_keeps_the_editable_grid(laptop: Page, base_url):
    open_page(laptop, base_url, "score_sheet")
    for label, value in (("NS game points", "16"), ("EW game points", "0")):
        enter(laptop, laptop.get_by_role("spinbutton", name=label), value)
    tap(laptop, laptop.get_by_role("button", name="Add deal"))
    expect(laptop.get_by_test_id("stDataFrame")).to_be_visible()
    expect(laptop.get_by_text("Double-click a cell")).to_be_visible()
    expect(laptop.get_by_test_id("stTable")).to_be_hidden()
