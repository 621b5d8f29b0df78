"""The content's Arabic catalogue (issue 14): lessons, scenario library and glossary.

The YAML files are the one source of truth; their texts for people are extracted into
``explorer/locale/content.pot`` (``python -m explorer.i18n_tools extract``) and translated in
``explorer/locale/ar/LC_MESSAGES/content.po``. Each test is named after the rule it pins. When an English
text changes, ``test_every_extracted_text_has_a_non_empty_non_fuzzy_arabic_translation`` names the text whose
translation must be written again.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml
from babel.messages.pofile import read_po

from explorer import i18n_tools
from explorer.content import translations as i18n_content
from explorer.content.translations import TEXT_FIELDS, content, isolate_ltr, texts
from explorer.engine.core.i18n import LRI, PDI
from tests.engine.test_arabic_messages import ARABIC_INDIC_DIGIT, ARABIC_LETTER, LATIN, _isolates

ROOT = Path(__file__).resolve().parents[1]
PO = ROOT / "explorer" / "locale" / "ar" / "LC_MESSAGES" / "content.po"


@pytest.fixture(scope="module")
def catalogue():
    with PO.open("rb") as fh:
        return read_po(fh, locale="ar", domain="content")


@pytest.fixture(scope="module")
def pairs(catalogue):
    """(context, English, Arabic) of every translated entry."""
    return [(m.context, m.id, m.string) for m in catalogue if m.id]


# --- the catalogue follows the files ---------------------------------------------------------------------


def test_the_content_pot_is_up_to_date_with_the_yaml(tmp_path):
    assert i18n_tools.main(["extract", "--into", str(tmp_path)]) == 0
    fresh = i18n_tools.msgids((tmp_path / "content.pot").read_bytes())
    committed = i18n_tools.msgids(i18n_tools.CONTENT_POT.read_bytes())
    assert fresh == committed, ("the content .pot is out of date: run python -m explorer.i18n_tools extract\n"
                                f"missing: {sorted(fresh - committed, key=str)[:5]}\n"
                                f"stale: {sorted(committed - fresh, key=str)[:5]}")
    assert fresh == {(t.context, t.english) for t in texts()}


def test_every_extracted_text_has_a_non_empty_non_fuzzy_arabic_translation(catalogue):
    pot = i18n_tools.msgids(i18n_tools.CONTENT_POT.read_bytes())
    po = {(m.context, m.id): m for m in catalogue if m.id}
    untranslated = sorted(k for k in pot if k not in po or not po[k].string or po[k].fuzzy)
    assert not untranslated, ("translate (pybabel update -D content ... -l ar, then the entries without a msgstr "
                              "or marked fuzzy):\n" + "\n".join(f"{c}: {e[:70]!r}" for c, e in untranslated[:10]))
    assert set(po) <= pot, ("obsolete entries: run pybabel update", sorted(set(po) - pot)[:5])


def test_only_texts_for_people_are_extracted_never_the_engine_checked_parts():
    contexts = [t.context for t in texts()]
    assert len(contexts) > 400
    shapes = {"lessons": r"(?:title|summary|[\w-]+\.(?:title|text|scenario\.(?:title|notes)|question\.(?:prompt|explain)"
                          r"|question\.choices\[\d+\]\.label))",
              "data/scenarios": r"(?:title|notes)", "data/glossary.yaml": r"(?:[\w ]+\.meaning|category|source)"}
    for c in contexts:
        path, where = c.split("#", 1)
        assert c.rsplit(".", 1)[-1].rsplit("#", 1)[-1] in TEXT_FIELDS, c
        shape = next(v for k, v in shapes.items() if path.startswith(k))
        assert re.fullmatch(shape, where), c
    english = {t.english for t in texts()}
    for path in sorted((ROOT / "lessons").glob("*.yaml")):
        for step in yaml.safe_load(path.read_text("utf-8"))["steps"]:
            q = step.get("question") or {}
            checked = [step.get("scenario"), step.get("scenario_file"), step.get("deal"), step.get("widget"),
                       q.get("expect"), q.get("card"), q.get("call"), q.get("path"), q.get("ask"), q.get("input"),
                       [c.get("value") if isinstance(c, dict) else c for c in q.get("choices") or []]]
            for value in _strings(checked):
                assert value not in english, (path.name, step.get("id"), value)


def _strings(value):
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for k, v in value.items():
            if k not in ("title", "notes"):        # an inline scenario's texts for people are extracted
                yield from _strings(v)
    elif isinstance(value, list):
        for v in value:
            yield from _strings(v)


# --- what a translation keeps ---------------------------------------------------------------------------------

CARD = re.compile(r"(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[♠♥♦♣]|(?<![A-Za-z0-9])(?:10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])")
PLACEHOLDER = re.compile(r"\{[A-Za-z_]+\}")
NUMBER = re.compile(r"(?<![0-9])[0-9]+(?![0-9])")


def _numbers(text: str) -> Counter:
    """Scores, totals and sources (numbers above 10, and 000-style ids): a card's rank may be a word in Arabic."""
    return Counter(n for n in NUMBER.findall(text) if int(n) > 10 or n.startswith("0") and len(n) > 1)


def test_every_card_code_and_placeholder_of_the_english_is_in_its_arabic(pairs):
    for ctx, en, ar in pairs:
        missing = Counter(CARD.findall(en)) - Counter(CARD.findall(ar))
        assert not missing, (ctx, sorted(missing))
        assert Counter(PLACEHOLDER.findall(en)) == Counter(PLACEHOLDER.findall(ar)), ctx


def test_every_score_and_total_of_the_english_is_in_its_arabic_in_western_digits(pairs):
    for ctx, en, ar in pairs:
        assert not ARABIC_INDIC_DIGIT.search(ar), ctx
        missing = _numbers(en) - _numbers(ar)
        assert not missing, (ctx, sorted(missing))


def _structure(text: str) -> tuple:
    """The Markdown skeleton: list items (bullet or number), table rows with their cell count, paragraphs, bold."""
    lines = text.split("\n")
    bullets = [ln.lstrip()[:1] for ln in lines if re.match(r"\s*[-*+] ", ln)]
    numbered = [re.match(r"\s*(\d+)\.", ln).group(1) for ln in lines if re.match(r"\s*\d+\. ", ln)]
    rows = [ln.count("|") for ln in lines if ln.lstrip().startswith("|")]
    paragraphs = len([p for p in re.split(r"\n\s*\n", text.strip()) if p.strip()])
    return bullets, numbered, rows, paragraphs, text.count("**")


def test_markdown_lists_tables_paragraphs_and_bold_keep_their_structure_in_arabic(pairs):
    for ctx, en, ar in pairs:
        assert _structure(ar) == _structure(en), (ctx, _structure(en), _structure(ar))


ENGLISH_NAMES = {
    "lessons/04-doubling.yaml#ladder.text": {"Double", "Triple", "Three", "Quadruple", "Four", "Gahwa"},
    "lessons/06-projects.yaml#what.text": {"Sira", "Fifty", "Hundred", "Four", "Aces"},
}
"""The English names a table pairs with the Arabic ones (where the English table has an "Arabic" column)."""
LTR_TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9_.\-]*")


def test_no_english_word_is_left_untranslated_only_cards_letters_and_ids(pairs):
    for ctx, en, ar in pairs:
        english_tokens = set(LTR_TOKEN.findall(en))
        for token in LTR_TOKEN.findall(ar):
            if token in ENGLISH_NAMES.get(ctx, ()):
                continue
            assert token in english_tokens, (ctx, token)                  # nothing the English does not hold
            assert (len(token) == 1 or token in ("NS", "EW") or CARD.fullmatch(token)
                    or re.search(r"[_.\-]|[0-9]", token) or token.islower()), (ctx, token)   # no English word


def test_the_rendered_arabic_isolates_every_left_to_right_fragment(pairs):
    """Cards, numbers, formulas, letters and ids are isolated (LRI … PDI) when shown; a list marker (``1.``)
    stays Markdown."""
    marker = re.compile(r"^[ \t]*\d+\.[ \t]", re.MULTILINE)
    for ctx, en, _ in pairs:
        shown = content(en, ctx, "ar")
        assert shown != en, ctx
        for opener, inside in _isolates(marker.sub("", shown)):
            if not opener:
                assert not LATIN.search(inside) and not re.search(r"[0-9]", inside), (ctx, inside)
        assert _structure(shown) == _structure(en), ctx
        assert ARABIC_LETTER.search(shown), ctx


def test_a_card_stands_apart_from_arabic_letters_so_the_page_finds_it(pairs):
    """«بالورقة K♣» or «K♥ مع Q♥», never «وK♣» or «بـK♣»: a card glued to a letter is not a word of its own."""
    for ctx, _, ar in pairs:
        for m in CARD.finditer(ar):
            before, after = ar[max(0, m.start() - 1):m.start()], ar[m.end():m.end() + 1]
            assert not re.match(r"[\u0621-\u064A\u0640]", before), (ctx, ar[max(0, m.start() - 5):m.end()])
            assert not re.match(r"[\u0621-\u064A\u0640]", after), (ctx, ar[m.start():m.end() + 5])


# --- the words ------------------------------------------------------------------------------------------------


def _arabic_text(pairs) -> str:
    return "\n".join(ar for _, _, ar in pairs)


def test_the_words_of_the_issue_are_used_and_the_listed_errors_absent(pairs):
    """The players' words (the Arabic terms list of issue 14) as the engine catalogue chose them; not the errors the
    list names nor the rejected forms of its contested terms (the engine test's lists, plus مئة/مائة)."""
    text = _arabic_text(pairs)
    words = ("بس", "ولا", "صن", "حكم", "أشكال", "دبل", "ثري", "فور", "قهوة", "سرا", "خمسين", "مية", "أربعمية",
             "بلوت", "كبوت", "إكة", "شايب", "بنت", "ولد", "سبيت", "هاص", "ديمن", "شيريا", "مفتوح", "مقفل",
             "المشتري", "أبناط", "أكلة", "الأرض", "النشرة", "المباراة", "الجولة", "الدورة الأولى",
             "الدورة الثانية", "الورقة المكشوفة", "فريق الحساب", "الجنوب", "الشرق", "الشمال", "الغرب",
             "الشمال والجنوب", "الشرق والغرب", "سقط المشتري", "نقاط")
    for word in words:
        assert re.search(rf"(?<![\u0621-\u064A]){word}", text), word
    for wrong in ("مقفول", "أبنات", "تربل", "سن", "كابوت", "آس", "مئة", "مائة", "أربعمئة", "أربعمائة", "سوى",
                  "بستوني", "كلاوي", "سباتي", "هارت", "ديناري"):
        assert not re.search(rf"(?<![\u0621-\u064A]){wrong}(?![\u0621-\u064A])", text), wrong
    assert "→" not in text, "an arrow in Arabic points right to left: ←"


def test_each_source_is_named_the_same_way_everywhere(pairs):
    names = {"القواعد السعودية المفصّلة": r"detailed Saudi rules", "لائحة البطولة": r"tournament sheet",
             "دليل البطولة للحساب": r"tournament scoring guide", "القواعد المبسّطة": r"simple profile",
             "الشرح المختصر على الإنترنت": r"(?:short|simple) online how-to"}
    for ctx, en, ar in pairs:
        en, ar = " ".join(en.split()), " ".join(ar.split())
        for arabic, english in names.items():
            if re.search(english, en, re.IGNORECASE):
                assert arabic in ar, (ctx, arabic)


def test_ashkal_is_written_ashkal_and_the_spoken_ashkil_only_quoted_as_its_variant(catalogue):
    """The call is «أشكال» in the English texts' Arabic words too (lesson 03 wrote «أشكل» as the term); «أشكل»
    appears only quoted, as the spoken form, in a text that names the call «أشكال»."""
    for m in catalogue:
        if not m.id:
            continue
        assert "أشكل" not in m.id, m.context
        for hit in re.finditer("أشكل", m.string):
            quoted = m.string[hit.start() - 1:hit.start()] == "«" and m.string[hit.end():hit.end() + 1] == "»"
            assert quoted and "أشكال" in m.string, (m.context, m.string[max(0, hit.start() - 30):hit.end() + 30])
    round_one = next(m for m in catalogue if m.context == "lessons/03-bidding.yaml#round-one.text")
    assert "**Ashkal** (أشكال)" in round_one.id and "**أشكال**" in round_one.string


def test_locked_is_muqfal_in_the_english_and_the_arabic_never_maqfool(catalogue):
    """«مقفل» is the attested word; «مقفول» is in no Baloot source (lesson 04's English wrote it)."""
    for m in catalogue:
        if m.id:
            assert "مقفول" not in m.id and "مقفول" not in m.string, m.context
    locked = next(m for m in catalogue if m.context == "lessons/04-doubling.yaml#open-locked.text")
    assert "(*closed*,\nمقفل)" in locked.id and "**مقفلًا**" in locked.string


SAKKA = re.compile("صكّ?ة")
SAKKA_EXPLAINED = ("lessons/08-match.yaml#sakka.text", "data/glossary.yaml#Sakka.meaning")


def test_the_match_is_almubaraah_and_sakka_is_named_only_where_its_contested_meaning_is_explained(catalogue):
    """«صكة» means the whole match to most sources and a single deal to others: the texts call the match
    «المباراة», and only lesson 08 and the glossary's Sakka name the word, with both meanings."""
    for m in catalogue:
        if m.id and (SAKKA.search(m.id) or SAKKA.search(m.string)):
            assert m.context in SAKKA_EXPLAINED, m.context
    by = {m.context: m for m in catalogue if m.id}
    for where in SAKKA_EXPLAINED:
        assert "المباراة" in by[where].string and "الجولة الواحدة" in by[where].string, where
        assert "single deal" in by[where].id, where
    assert by["lessons/08-match.yaml#sakka.text"].id.startswith("A **match** (المباراة;")
    assert by["lessons/08-match.yaml#sakka.text"].string.startswith("**المباراة** (")


CONTESTED = {"Ashkal": "أشكل", "Locked": "مغلق", "Upcard": "المشترى", "Ekka": "أكة", "Sakka": "الجولة الواحدة"}
"""The glossary terms the Arabic terms list marks contested (or unconfirmed), and the other word or meaning their
Arabic definition names."""


def test_the_glossary_definitions_say_where_the_terms_list_marks_a_term_contested(catalogue):
    by = {m.context: m.string for m in catalogue if m.id}
    for term, other in CONTESTED.items():
        text = by[f"data/glossary.yaml#{term}.meaning"]
        assert "مختلف" in text and other in text, (term, text)
    others = [t for (c, t) in by.items() if c.endswith(".meaning") and c.split("#")[1][:-8] not in CONTESTED]
    assert others and not any("مختلف" in t for t in others)


def test_the_glossary_arabic_terms_are_the_engine_catalogues_words():
    from explorer.content.glossary import load_glossary

    terms = {e.term: e for e in load_glossary()}
    assert terms["Ashkal"].arabic == "أشكال" and "أشكل" in terms["Ashkal"].also
    assert terms["Locked"].arabic == "مقفل"


def test_the_library_finds_ashkal_cases_by_its_spoken_spelling_too():
    from explorer.content.library import load_library

    entries = load_library()
    spoken = {e.stem for e in entries if e.matches("أشكل")}
    assert spoken == {e.stem for e in entries if e.matches("أشكال")} == {e.stem for e in entries if e.matches("ashkal")}
    assert spoken


# --- the function for the pages ---------------------------------------------------------------------------------


def test_content_returns_the_english_for_english_an_unknown_text_or_a_language_without_catalogue():
    en = "Recap"
    assert content(en, "lessons/01-cards.yaml#recap.title", "en") == en
    assert content(en, "lessons/01-cards.yaml#nowhere.title", "ar") == en
    assert content("Changed English", "lessons/01-cards.yaml#recap.title", "ar") == "Changed English"
    assert content(en, "lessons/01-cards.yaml#recap.title", "xx") == en
    assert content(en, "lessons/01-cards.yaml#recap.title", "../../etc") == en
    assert content(en, "lessons/01-cards.yaml#recap.title", "ar") == "الخلاصة"
    assert content(en, None, "ar") == "الخلاصة"                           # every "Recap" reads the same


def test_content_finds_a_text_whatever_its_whitespace_the_page_passes_it_with():
    step = next(t for t in texts() if t.context == "lessons/05-cutting.yaml#recap.text")
    raw = step.english + "\n"
    assert content(raw, step.context, "ar", isolate=False) == content(step.english, step.context, "ar", isolate=False)
    note = next(t for t in texts() if t.context == "data/scenarios/bidding-redeal.yaml#notes")
    assert content(note.english.replace(" ", "\n", 3), note.context, "ar") == content(note.english, note.context, "ar")


def test_the_library_and_glossary_texts_are_found_as_the_app_loads_them():
    from explorer.content.glossary import load_glossary
    from explorer.content.library import load_library

    for e in load_library():
        assert content(e.title, f"data/scenarios/{e.stem}.yaml#title", "ar") != e.title, e.stem
        if e.notes:
            assert content(e.notes, f"data/scenarios/{e.stem}.yaml#notes", "ar") != e.notes, e.stem
    for g in load_glossary():
        assert content(g.meaning, f"data/glossary.yaml#{g.term}.meaning", "ar") != g.meaning, g.term
        assert ARABIC_LETTER.search(content(g.category, "data/glossary.yaml#category", "ar")), g.term
        assert ARABIC_LETTER.search(content(g.source, "data/glossary.yaml#source", "ar")), g.term


def test_the_lessons_texts_are_found_as_the_lessons_model_loads_them():
    from explorer.content.lessons import load_lessons

    for lesson in load_lessons():
        rel = f"lessons/{lesson.id}.yaml"
        assert content(lesson.title, f"{rel}#title", "ar") != lesson.title
        for step in lesson.steps:
            assert content(step.text, f"{rel}#{step.id}.text", "ar") != step.text, step.id
            if step.question and step.question.choices:
                for i, c in enumerate(step.question.choices):
                    if isinstance(c.value, str) and c.label == c.value:
                        continue
                    where = f"{rel}#{step.id}.question.choices[{i}].label"
                    assert content(c.label, where, "ar") != c.label or c.label.isdigit(), where


def test_isolation_keeps_formulas_whole_lists_in_reading_order_and_markdown_markers():
    assert isolate_ltr("16 − 8 = 8") == f"{LRI}16 − 8 = 8{PDI}"
    assert isolate_ltr("Q♦ 3 + 10♦ 10 = 13") == f"{LRI}Q♦ 3 + 10♦ 10 = 13{PDI}"
    assert isolate_ltr("الترتيب A 10 K") == f"الترتيب {LRI}A{PDI} {LRI}10{PDI} {LRI}K{PDI}"
    assert isolate_ltr("الخيار tie_rule buyer_fails") == f"الخيار {LRI}tie_rule buyer_fails{PDI}"
    assert isolate_ltr("| Quadruple (Four) | Four Aces |") == f"| {LRI}Quadruple (Four){PDI} | {LRI}Four Aces{PDI} |"
    assert isolate_ltr("الأوراق KH QH") == f"الأوراق {LRI}KH{PDI} {LRI}QH{PDI}"
    assert isolate_ltr("1. أولًا\n   - ثانيًا 5") == f"1. أولًا\n   - ثانيًا {LRI}5{PDI}"
    assert isolate_ltr("| **دبل** | 2 |\n|---|---|") == f"| **دبل** | {LRI}2{PDI} |\n|---|---|"
    assert isolate_ltr(f"كما هو {LRI}x y{PDI}") == f"كما هو {LRI}x y{PDI}"
    assert isolate_ltr("(000 §04)") == f"({LRI}000{PDI} {LRI}§04{PDI})"


def test_the_catalogue_module_reads_no_streamlit():
    import subprocess
    import sys

    code = "import sys, explorer.content.translations as c; c.content('Recap', None, 'ar'); print('streamlit' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=60)
    assert out.stdout.strip() == "False", out.stderr
    assert i18n_content.DOMAIN == "content"
