"""data/glossary.yaml: the words the app promises, each well formed."""

import re

import pytest

from explorer.content.glossary import GlossaryError, load_glossary, search
from explorer.view.glossary import glossary_html

REQUIRED = {
    "Sun": "صن", "Hokum": "حكم", "Ashkal": "أشكال", "Sira": "سرا", "Fifty": "خمسين",
    "Hundred": "مية", "Four Hundred": "أربعمية", "Baloot": "بلوت", "Kaboot": "كبوت",
    "Gahwa": "قهوة", "Ekka": "إكة", "Double": "دبل", "Sakka": "صكة", "Pass": "بس", "Wala": "ولا", "Locked": "مقفل",
}  # fmt: skip


def test_required_terms_have_their_arabic():
    entries = {e.term: e for e in load_glossary()}
    for term, arabic in REQUIRED.items():
        assert entries[term].arabic == arabic, term


SOURCES = ("Detailed Saudi rules", "Simple online how-to", "Tournament Sun and Hokum guide",
           "Tournament scoring guide")
"""The rules documents by the names a reader sees (seed files 000, 002, 003 and 004)."""


def test_every_entry_names_its_sources_readably_and_has_one_sentence():
    for e in load_glossary():
        parts = [p.strip() for p in e.source.split(";")]
        assert parts and all(p.startswith(SOURCES) for p in parts), (e.term, e.source)
        assert not re.search(r"\b00[0-4]\b|seed", e.source), (e.term, e.source)
        assert e.meaning.endswith(".") and e.meaning.count(". ") == 0, e.term


def test_terms_are_unique():
    terms = [e.term for e in load_glossary()]
    assert len(terms) == len(set(terms))


def test_search_matches_other_names_and_arabic():
    entries = load_glossary()
    assert [e.term for e in search(entries, "hukum")] == ["Hokum"]
    assert [e.term for e in search(entries, "قهوة")] == ["Gahwa"]
    assert len(search(entries, "")) == len(entries)


def test_arabic_is_right_to_left_in_the_table():
    html = glossary_html(search(load_glossary(), "Gahwa"))
    assert '<div dir="rtl" lang="ar">قهوة</div>' in html


@pytest.mark.parametrize(
    "text, message",
    [
        ("- term: X\n", r"glossary\.yaml\[0\]: arabic is missing"),
        ("- {term: X, arabic: Y, category: C, meaning: M, source: '000', colour: red}\n", "unknown field"),
        ("term: X\n", "expected a list"),
    ],
    ids=["missing-field", "unknown-field", "not-a-list"],
)
def test_bad_glossary_errors_name_the_entry(tmp_path, text, message):
    path = tmp_path / "glossary.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(GlossaryError, match=message):
        load_glossary(path)
