"""The glossary (data/glossary.yaml): loading, searching and rendering as HTML. No streamlit.

In Arabic the table reads Arabic first: the Arabic word, then the English one, and the meaning, category
and sources from the content catalogue (:func:`explorer.content.translations.content`).
"""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import yaml

from explorer.content.translations import content
from explorer.view.words import t

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


def glossary_html(entries: list[GlossaryEntry], lang: str = "en") -> str:
    """A table: English (with other names), Arabic right to left, meaning, sources (styled by ``cards.css()``).

    In a language other than English the table starts with the Arabic word (its other names under it), then
    the English term, the meaning, category and sources in ``lang``.
    """
    if lang != "en":
        return _translated_html(entries, lang)
    rows = []
    for e in entries:
        also = f'<div class="bx-gl-also">also {html.escape(", ".join(e.also))}</div>' if e.also else ""
        literal = '<div class="bx-gl-also">plain translation</div>' if e.literal else ""
        rows.append(
            f'<tr data-term="{html.escape(e.term, quote=True)}">'
            f'<td class="bx-gl-term"><strong>{html.escape(e.term)}</strong>{also}'
            f'<div class="bx-gl-cat">{html.escape(e.category)}</div></td>'
            f'<td class="bx-gl-ar"><div dir="rtl" lang="ar">{html.escape(e.arabic)}</div>{literal}</td>'
            f"<td>{html.escape(e.meaning)}</td>"
            f'<td class="bx-gl-src">{html.escape(e.source)}</td></tr>'
        )
    return (
        '<div class="bx-glossary-wrap"><table class="bx-glossary"><thead><tr><th>English</th><th>Arabic</th>'
        "<th>Meaning</th><th>Seeds</th></tr></thead>"
        f"<tbody>{''.join(rows)}</tbody></table></div>"
    )


def _translated_html(entries: list[GlossaryEntry], lang: str) -> str:
    rows = []
    for e in entries:
        arabic_also = [a for a in e.also if not a.isascii()]
        english_also = [a for a in e.also if a.isascii()]
        also_words = t("also {names}", names=arabic_also) if arabic_also else ""
        also = f'<div class="bx-gl-also">{html.escape(also_words)}</div>' if arabic_also else ""
        plain_words = t("plain translation") if e.literal else ""
        literal = f'<div class="bx-gl-also">{html.escape(plain_words)}</div>' if e.literal else ""
        english = html.escape(", ".join([e.term, *english_also]))
        rows.append(
            f'<tr data-term="{html.escape(e.term, quote=True)}">'
            f'<td class="bx-gl-ar"><strong dir="rtl" lang="ar">{html.escape(e.arabic)}</strong>{also}{literal}'
            f'<div class="bx-gl-cat">{html.escape(e.shown_category(lang))}</div></td>'
            f'<td class="bx-gl-term"><bdi dir="ltr" lang="en">{english}</bdi></td>'
            f"<td>{html.escape(e.shown_meaning(lang))}</td>"
            f'<td class="bx-gl-src">{html.escape(e.shown_source(lang))}</td></tr>'
        )
    head = "".join(f"<th>{html.escape(h)}</th>" for h in (t("Arabic"), t("English"), t("Meaning"), t("Seeds")))
    return (f'<div class="bx-glossary-wrap"><table class="bx-glossary" dir="rtl" lang="{html.escape(lang)}">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table></div>")
