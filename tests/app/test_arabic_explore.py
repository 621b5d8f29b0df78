"""The explore pages in Arabic (issue 14): the Deal checker, Compare rules, the Scenario library, its
presentation mode and the inbox's messages, with ``?lang=ar``, in the states a user reaches. Each state
raises nothing and leaves no English word on the page but codes (cards, seats, rule ids), the names of
file formats and keyboard keys, and the library texts the content catalogue has no Arabic for yet.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from streamlit.testing.v1 import AppTest

from explorer.content.library import load_library
from explorer.engine.files.scenario import parse_text
from explorer.engine.files.share import decode_scenario, encode_scenario
from explorer.ui import state as ks
from tests.app.arabic import APP, empty_texts, english_words, open_page, page_texts
from tests.app.taps import action

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "data" / "scenarios"
TECHNICAL = ("YAML", "JSON", "Ctrl", "Enter", "Home", "End", "Tab", "Space", "KiB")
"""Names that stay Latin in Arabic: file formats and the keys as the keyboard labels them."""

def untranslated_library_words() -> set[str]:
    """English words of the library titles and notes that content.po has no Arabic for yet (shown in English,
    as gettext does; tests/test_content_arabic.py names them)."""
    out: set[str] = set()
    for e in load_library():
        if e.doc is None:
            continue
        if e.shown_title("ar") == e.title:
            out.update(re.findall(r"[A-Za-z]+", e.title))
        if e.notes and e.shown_notes("ar") == e.notes:
            out.update(re.findall(r"[A-Za-z]+", e.notes))
    return out | {"scenario", "format", "md"}  # a file the Arabic notes cite by name (scenario-format.md)


HIDDEN = ("alive",)
"""The label of the inbox's hidden marker widget (never shown: ``display: none``, label collapsed)."""


def seen(text: str) -> str:
    """A text as read: without the Unicode isolates that keep its left-to-right values in order."""
    return re.sub("[\u2066-\u2069]", "", text)


def english_on(at: AppTest, *, allowed: tuple[str, ...] = ()) -> list[str]:
    """English left in the page's main area (the sidebar is the shell's, tested with it)."""
    assert not at.exception, at.exception
    texts = [_UNREAD.sub(" ", text) for text in page_texts(at.main)]
    return english_words(texts, allowed=(*TECHNICAL, *HIDDEN, *allowed))


_UNREAD = re.compile(r"\]\([^)]*\)|:material/[a-z_]+:|:(?:red|orange|green|blue|violet|gray|grey|primary)\[|"
                     "\u2066[^\u2069]*\u2069")
"""What a reader never reads as words: a link's address, an icon's or a colour's name, and what an Arabic sentence
isolates as left to right (a card, a number, a rule option's id, a file name: codes, wrapped in LRI … PDI)."""


def opened_with(page: str, **query: str) -> AppTest:
    """A fresh session that opens ``page`` from a link with these query parameters (``lang`` included)."""
    at = AppTest.from_file(str(APP), default_timeout=60)
    for k, v in query.items():
        at.query_params[k] = v
    at.run()
    at.switch_page(f"app_pages/{page}")
    return at.run()


def doc(stem: str) -> dict:
    return parse_text((LIBRARY / f"{stem}.yaml").read_text(encoding="utf-8"))


# --- the Deal checker --------------------------------------------------------------------------

def test_the_deal_checker_opens_in_arabic_with_its_replay_at_the_first_card():
    at = open_page("deal_checker.py")
    assert at.title[0].value == "فاحص الجولة"
    assert english_on(at) == []
    assert english_words(empty_texts(at)) == [], "every select box has an Arabic placeholder"
    assert any("يبدأ" in m.value and "الأكلة" in m.value for m in at.markdown), "the first lead said in Arabic"


def test_the_replay_buttons_point_the_way_arabic_reads():
    """Right to left, the first card is on the right: "Beginning" and "Back" point right, "Forward" and "End"
    left (Material icons do not mirror themselves), and the arrow keys do what the arrows show: ← goes forward."""
    at = open_page("deal_checker.py")
    keys = (ks.DEAL_START, ks.DEAL_BACK, ks.DEAL_FORWARD, ks.DEAL_END)
    icons = {key: action(at, key).proto.icon for key in keys}
    assert icons == {ks.DEAL_START: ":material/last_page:", ks.DEAL_BACK: ":material/chevron_right:",
                     ks.DEAL_FORWARD: ":material/chevron_left:", ks.DEAL_END: ":material/first_page:"}
    shortcuts = {key: action(at, key).proto.shortcut for key in keys}
    assert shortcuts == {ks.DEAL_START: "home", ks.DEAL_BACK: "right", ks.DEAL_FORWARD: "left", ks.DEAL_END: "end"}


def test_a_clean_deal_stepped_to_its_score_reads_in_arabic():
    at = open_page("deal_checker.py")
    action(at, ks.DEAL_FORWARD).click().run()
    for _ in range(3):
        action(at, ks.DEAL_FORWARD).click().run()
    assert english_on(at) == []
    assert any("يأخذ" in m.value and "الأكلة 1" in seen(m.value) for m in at.markdown), "the trick's winner said in Arabic"
    action(at, ks.DEAL_END).click().run()
    assert english_on(at) == []
    labels = {m.label for m in at.metric}
    assert any(seen(label) == "يُسجَّل لفريق الشمال والجنوب" for label in labels), labels
    assert any("فريق المشتري" in s.value for s in at.success)


def test_a_library_deal_with_an_illegal_card_names_the_card_and_the_rule_in_arabic():
    at = open_page("deal_checker.py")
    at.selectbox(key=ks.DEAL_LIBRARY_FILE).select("deal-illegal-card").run()
    action(at, ks.DEAL_LOAD_FILE).click().run()
    assert english_on(at) == []
    err = seen(at.error[0].value)
    assert "أول ورقة ممنوعة" in err and "7♦" in err, err
    action(at, ks.DEAL_TO_ERROR).click().run()
    assert english_on(at) == []
    assert any("ممنوعة" in e.value for e in at.error[1:]), "the replay's sentence at the illegal card"
    assert any("فُتحت" in s.value for s in at.success), "the inbox says where the deal came from"


def test_a_deal_of_another_kind_or_a_broken_text_gives_an_arabic_error():
    at = open_page("deal_checker.py")
    at.text_area(key=ks.DEAL_TEXT).input((LIBRARY / "seed000-score-84-78.yaml").read_text()).run()
    assert english_on(at) == []
    assert "فاحص الجولة يقرأ الجولات الكاملة" in seen(at.error[0].value)
    at.text_area(key=ks.DEAL_TEXT).input("   ").run()
    assert english_on(at) == [] and "المحرّر فارغ" in at.info[0].value


def test_a_damaged_link_is_named_in_arabic_and_leaves_the_tool_empty():
    at = opened_with("deal_checker.py", lang="ar", s="v1.not-base64!")
    assert english_on(at) == []
    message = seen(at.error[0].value)
    assert message.startswith("**تعذّر فتح الرابط.**") and "الأداة فارغة" in message, message
    assert at.text_area(key=ks.DEAL_TEXT).value == ""


def test_the_review_and_its_go_there_buttons_read_in_arabic():
    from explorer.engine.core.cards import Seat
    from explorer.engine.game.state import GameState
    from explorer.engine.players.selfplay import play_deal, table

    g, _ = play_deal(GameState.new(46, dealer=Seat.W), table("random", "random", seed=46))
    at = open_page("deal_checker.py", **{ks.page_key(ks.DEAL, ks.INCOMING): {"doc": g.record(), "source": "a test"}})
    at.multiselect(key=ks.DEAL_REVIEW_SEATS).set_value(["S"]).run()
    action(at, ks.DEAL_REVIEW).click().run()
    assert english_on(at, allowed=("a", "test")) == []  # the source named by this test is not a page's word
    rv = at.session_state[ks.DEAL_REVIEW_RESULT][2]
    if rv.mistakes:
        assert action(at, ks.deal_review_go_key(0)).label == "اذهب إليها"
        assert any("كانت" in m.value and "أفضل" in m.value for m in at.markdown)


def test_a_redeal_record_says_so_instead_of_replaying():
    from explorer.engine.core.cards import Seat
    from explorer.engine.files.scenario import dump_yaml
    from explorer.engine.game.state import GameState, Stage, apply_all

    g = GameState.new(3, dealer=Seat.S)
    g = apply_all(g, [f"{s}: pass" for s in "ENWS"] + [f"{s}: pass" for s in "ENWS"])
    assert g.stage is Stage.REDEAL
    at = open_page("deal_checker.py")
    at.text_area(key=ks.DEAL_TEXT).input(dump_yaml(g.record())).run()
    assert english_on(at) == []
    assert any("يُعاد التوزيع" in i.value for i in at.info), [e.value for e in at.error]


# --- share links keep the language ------------------------------------------------------------------

def test_a_share_link_made_on_an_arabic_page_carries_the_language_and_opens_the_page_in_arabic():
    at = open_page("deal_checker.py")
    link = next(c.value for c in at.code if "?s=" in c.value)
    assert link.endswith("&lang=ar") and "deal_checker?s=v1." in link
    query = dict(part.split("=", 1) for part in link.split("?", 1)[1].split("&"))
    assert decode_scenario(query["s"]) == doc("deal-hokum-clean")
    again = opened_with("deal_checker.py", **query)
    assert again.title[0].value == "فاحص الجولة" and english_on(again) == []
    assert again.text_area(key=ks.DEAL_TEXT).value.startswith("title:")


def test_an_english_page_makes_english_links():
    at = AppTest.from_file(str(APP), default_timeout=60).run()
    at.switch_page("app_pages/deal_checker.py").run()
    link = next(c.value for c in at.code if "?s=" in c.value)
    assert "lang=" not in link


def test_the_library_share_links_carry_the_language():
    at = open_page("library.py")
    links = [m.value for m in at.markdown if "?s=" in m.value]
    assert links and all("&lang=ar)" in m for m in links)


# --- the library and its presentation ----------------------------------------------------------------

def test_the_library_lists_titles_notes_and_topics_from_the_content_catalogue():
    at = open_page("library.py")
    assert at.title[0].value == "مكتبة الحالات"
    assert english_on(at, allowed=tuple(untranslated_library_words())) == []
    assert any("جولة فيها ورقة ممنوعة" in m.value for m in at.markdown), "a title from content.po"


def test_the_library_finds_a_scenario_by_its_arabic_title_and_says_when_nothing_matches():
    at = open_page("library.py")
    at.text_input(key=ks.LIBRARY_SEARCH).input("ورقة ممنوعة").run()
    assert english_on(at) == []
    assert any("جولة فيها ورقة ممنوعة" in m.value for m in at.markdown)
    at.text_input(key=ks.LIBRARY_SEARCH).input("zzzz").run()
    assert english_on(at, allowed=("zzzz",)) == [] and "لا توجد حالة مطابقة" in at.info[0].value


@pytest.mark.parametrize("stem", ["deal-illegal-card", "seed000-third-player-must-cut", "seed004-sun-65-65",
                                  "bidding-redeal"])
def test_every_presentation_step_reads_in_arabic(stem):
    at = open_page("library.py")
    action(at, ks.page_key(ks.LIBRARY, "show", stem)).click().run()
    headings = []
    while True:
        left = english_on(at, allowed=tuple(untranslated_library_words()))
        assert left == [], (at.header[0].value, left)
        headings.append(at.header[0].value)
        if action(at, ks.LIBRARY_NEXT).disabled:
            break
        action(at, ks.LIBRARY_NEXT).click().run()
    assert len(headings) >= 3 and all(headings)
    action(at, ks.LIBRARY_EXIT).click().run()
    assert at.title[0].value == "مكتبة الحالات"


# --- Compare rules --------------------------------------------------------------------------------

def test_compare_rules_opens_in_arabic_with_nothing_to_compare():
    at = AppTest.from_file(str(APP), default_timeout=60)
    at.query_params["lang"] = "ar"
    at.run()
    at.session_state[ks.COMPARE_LIBRARY_FILE] = None
    at.switch_page("app_pages/compare_rules.py").run()
    assert at.title[0].value == "مقارنة القواعد"
    assert not at.exception, at.exception


def ids() -> tuple[str, ...]:
    """The profiles' and the rule options' ids, which the option lines name as written (``units in detailed``)."""
    from explorer.engine.core.profiles import OPTIONS, PROFILES

    values = {str(v) for info in OPTIONS.values() for v in info.choices if isinstance(v, str)}
    return tuple(w for v in (*PROFILES, *values) for w in re.findall(r"[A-Za-z]+", v))


@pytest.mark.parametrize("stem", ["score-escalated-tie-units", "play-must-undertrump-simple", "deal-illegal-card"])
def test_compare_rules_from_the_library_reads_in_arabic(stem):
    at = open_page("compare_rules.py")
    at.selectbox(key=ks.COMPARE_LIBRARY_FILE).select(stem).run()
    action(at, ks.COMPARE_LOAD_FILE).click().run()
    assert english_on(at, allowed=(*untranslated_library_words(), *ids())) == []


def test_compare_rules_own_sentences_are_arabic():
    at = open_page("compare_rules.py")
    at.selectbox(key=ks.COMPARE_LIBRARY_FILE).select("score-escalated-tie-units").run()
    action(at, ks.COMPARE_LOAD_FILE).click().run()
    assert not at.exception, at.exception
    assert at.subheader[0].value and any(s.value == "الخيار الذي يحسم الفرق" for s in at.subheader)
    assert any(s.value == "جنبًا إلى جنب" for s in at.subheader)
    table = at.table[0].value
    assert table.columns[0] == "الخطوة"


# --- the inbox's messages ------------------------------------------------------------------------------

def test_a_bad_upload_names_the_file_and_the_problem_in_arabic():
    at = open_page("deal_checker.py")
    at.radio(key=ks.DEAL_SOURCE).set_value("upload").run()
    at.get("file_uploader")[0].upload("my-deal.yaml", b"", "application/x-yaml")
    at.run()
    assert english_on(at, allowed=("my", "deal", "yaml")) == []
    message = seen(at.error[0].value)
    assert message.startswith("**تعذّر فتح الملف") and "my-deal.yaml" in message.replace("\\", ""), message
    assert "الملف فارغ" in message


def test_a_link_of_the_wrong_kind_is_refused_in_arabic():
    at = opened_with("deal_checker.py", lang="ar", s=encode_scenario(doc("seed000-third-player-must-cut")))
    assert english_on(at) == []
    assert "فاحص الجولة" in seen(at.error[0].value) and "فاحص الأكلة" in seen(at.error[0].value)
