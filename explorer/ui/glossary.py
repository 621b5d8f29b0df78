"""The glossary (data/glossary.yaml): loading, searching and rendering as HTML. No streamlit."""

from __future__ import annotations

import html
from dataclasses import dataclass
from pathlib import Path

import yaml

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

    def matches(self, query: str) -> bool:
        """Whether the query (case-insensitive) occurs in any field."""
        q = query.strip().casefold()
        if not q:
            return True
        haystack = " ".join((self.term, self.arabic, self.category, self.meaning, *self.also))
        return q in haystack.casefold()


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


def search(entries: list[GlossaryEntry], query: str) -> list[GlossaryEntry]:
    """The entries matching the query, in file order.

    >>> [e.term for e in search(load_glossary(), "قهوة")]
    ['Gahwa']
    """
    return [e for e in entries if e.matches(query)]


def glossary_html(entries: list[GlossaryEntry]) -> str:
    """A table: English (with other names), Arabic right to left, meaning, sources (styled by ``cards.css()``)."""
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
