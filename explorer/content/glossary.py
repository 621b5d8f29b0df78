"""The glossary (data/glossary.yaml): its entries, loaded and checked, and searched in English or Arabic.

An entry's meaning, category and sources read in the page's language from the content catalogue
(:func:`explorer.content.translations.content`); :mod:`explorer.view.glossary` draws the table.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from explorer.content.translations import content

GLOSSARY_PATH = Path(__file__).resolve().parents[2] / "data" / "glossary.yaml"
"""The glossary file in the repository's ``data/`` folder."""

_FIELDS = {"term", "arabic", "also", "category", "meaning", "source", "literal"}
_REQUIRED = ("term", "arabic", "category", "meaning", "source")


class GlossaryError(ValueError):
    """A glossary file that is not a list of well-formed entries."""


@dataclass(frozen=True)
class GlossaryEntry:
    """One word: English term, Arabic, other names, category, one-sentence meaning, seeds."""

    term: str
    arabic: str
    category: str
    meaning: str
    source: str
    also: tuple[str, ...] = ()
    literal: bool = False

    def matches(self, query: str, lang: str = "en") -> bool:
        """Whether the query (case-insensitive) occurs in any field (or in its meaning and category in ``lang``)."""
        q = query.strip().casefold()
        if not q:
            return True
        haystack = " ".join((self.term, self.arabic, self.category, self.meaning, *self.also,
                             self.shown_meaning(lang, isolate=False), self.shown_category(lang)))
        return q in haystack.casefold()

    def shown_meaning(self, lang: str, *, isolate: bool = True) -> str:
        """The meaning in ``lang`` (the content catalogue's, or the English)."""
        return content(self.meaning, f"data/glossary.yaml#{self.term}.meaning", lang, isolate=isolate)

    def shown_category(self, lang: str) -> str:
        return content(self.category, "data/glossary.yaml#category", lang, isolate=False)

    def shown_source(self, lang: str) -> str:
        return content(self.source, "data/glossary.yaml#source", lang)


def load_glossary(path: Path | str = GLOSSARY_PATH) -> list[GlossaryEntry]:
    """Read and check the glossary; errors name the entry and the field."""
    path = Path(path)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    if not isinstance(data, list):
        raise GlossaryError(f"{path.name}: expected a list of entries")
    entries = []
    for i, item in enumerate(data):
        where = f"{path.name}[{i}]"
        if not isinstance(item, dict):
            raise GlossaryError(f"{where}: expected a mapping")
        unknown = set(item) - _FIELDS
        if unknown:
            raise GlossaryError(f"{where}: unknown field(s) {', '.join(sorted(unknown))}")
        for key in _REQUIRED:
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise GlossaryError(f"{where}: {key} is missing or empty")
        also = item.get("also", [])
        if not isinstance(also, list) or not all(isinstance(a, str) for a in also):
            raise GlossaryError(f"{where}: also must be a list of strings")
        entries.append(
            GlossaryEntry(
                term=item["term"].strip(),
                arabic=item["arabic"].strip(),
                category=item["category"].strip(),
                meaning=" ".join(item["meaning"].split()),
                source=item["source"].strip(),
                also=tuple(also),
                literal=bool(item.get("literal", False)),
            )
        )
    return entries


def search(entries: list[GlossaryEntry], query: str, lang: str = "en") -> list[GlossaryEntry]:
    """The entries matching the query, in file order.

    >>> [e.term for e in search(load_glossary(), "قهوة")]
    ['Gahwa']
    """
    return [e for e in entries if e.matches(query, lang)]
