"""The scenario library (``data/scenarios/*.yaml``): its files, their topics, and search.

No Streamlit and no rules: the pages list, open and present these files; the engine judges
them. It lives outside ``explorer/ui`` because it draws nothing, and outside the engine
because it is about the files people read, not the rules.

>>> entries = load_library()
>>> e = next(e for e in entries if e.stem == "seed000-third-player-must-cut")
>>> e.kind, e.matches("third cut"), e.matches("kaboot")
('play', True, False)
"""

from __future__ import annotations

import functools
import re
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from explorer.content.translations import content
from explorer.engine.core.errors import ScenarioError
from explorer.engine.core.i18n import N_, Msg, Style
from explorer.engine.files.scenario import KIND_NAMES, parse_text

ROOT = Path(__file__).resolve().parents[2]
LIBRARY_DIR = ROOT / "data" / "scenarios"
"""The scenario library: ``data/scenarios/*.yaml``."""

TOPIC_TITLES = {
    "cutting": N_("Following and cutting (legal cards)"),
    "play": N_("Following and cutting (legal cards)"),
    "scoring": N_("Scoring and ties"),
    "ties": N_("Scoring and ties"),
    "projects": N_("Projects"),
    "baloot": N_("Baloot"),
    "escalation": N_("Double, Triple, Four and Gahwa"),
    "kaboot": N_("Kaboot and reverse Kaboot"),
    "match": N_("The match to 152"),
    "disputes": N_("Disputed cases (the profiles differ)"),
    "deal": N_("Whole deals"),
    "bidding": N_("Bidding"),
}
"""How the library names each topic (a file's ``topic:``, else its kind)."""


def kind_of(doc: Mapping[str, Any]) -> str | None:
    """A scenario's kind in lower case, or None when missing or unknown.

    >>> kind_of({"kind": " Play "}), kind_of({"kind": "poker"}), kind_of({})
    ('play', None, None)
    """
    kind = doc.get("kind")
    if isinstance(kind, str) and kind.strip().lower() in KIND_NAMES:
        return kind.strip().lower()
    return None


@dataclass
class Entry:
    """One library file: its name, what people read about it, and the scenario (or why it cannot be read)."""

    stem: str
    title: str
    notes: str
    topic: str
    kind: str
    doc: dict[str, Any] | None
    errors: list[str]
    text: str = ""
    """The file as written (its layout and comments), for an editor."""

    @property
    def topic_title(self) -> str:
        return TOPIC_TITLES.get(self.topic, self.topic.replace("_", " ").capitalize())

    def where(self, field: str) -> str:
        """The msgctxt of one of this file's texts in the content catalogue: ``data/scenarios/<stem>.yaml#title``."""
        return f"{LIBRARY_DIR.relative_to(ROOT).as_posix()}/{self.stem}.yaml#{field}"

    def shown_title(self, lang: str = "en") -> str:
        """The title in ``lang`` (the content catalogue's translation, or the file's English)."""
        return content(self.title, self.where("title"), lang) if self.doc is not None else self.title

    def shown_notes(self, lang: str = "en") -> str:
        """The notes in ``lang``."""
        return content(self.notes, self.where("notes"), lang)

    def shown_topic(self, lang: str = "en") -> str:
        """The topic's name in ``lang`` (a topic the library does not name stays as written)."""
        if self.topic in TOPIC_TITLES:
            return Msg(TOPIC_TITLES[self.topic]).render(Style(lang=lang))
        return self.topic_title

    def matches(self, query: str, lang: str = "en") -> bool:
        """Every word of the query appears in the title, notes, topic, kind or file name.

        An Arabic word of the glossary stands for its English term, so "كبوت" finds the Kaboot cases; with
        ``lang``, the translated title, notes and topic are searched as well.
        """
        texts = [self.title, self.notes, self.topic, self.topic_title, self.kind, self.stem]
        if lang != "en":  # what the reader sees too: the translated title, notes and topic
            texts += [self.shown_title(lang), self.shown_notes(lang), self.shown_topic(lang)]
        hay = " ".join(texts).lower()
        return all(any(w in hay for w in _english(word)) for word in query.lower().split())


def _english(word: str) -> list[str]:
    """The word, and the English glossary terms whose Arabic is that word."""
    return [word, *_arabic_to_english().get(word, ())]


@functools.cache
def _arabic_to_english() -> dict[str, tuple[str, ...]]:
    """Glossary Arabic term (and any Arabic spelling among its other names, e.g. أشكل for أشكال) → its English
    term and other names, lower case (read once)."""
    from explorer.content.glossary import load_glossary  # Streamlit-free: the glossary file's reader
    try:
        entries = load_glossary()
    except Exception:  # noqa: BLE001 - search still works on English words without the glossary
        return {}
    out: dict[str, tuple[str, ...]] = {}
    for e in entries:
        names = (e.term.lower(), *(a.lower() for a in e.also if not _ARABIC.search(a)))
        for word in (e.arabic, *(a for a in e.also if _ARABIC.search(a))):
            if word.strip():
                out[word.strip().lower()] = names
    return out


_ARABIC = re.compile("[\u0600-\u06FF]")


def load_library(folder: Path = LIBRARY_DIR) -> list[Entry]:
    """Every ``*.yaml`` of the library, sorted by file name; a broken file is listed with its problems."""
    return [_entry(path) for path in sorted(folder.glob("*.yaml"))]


_STEM = re.compile(r"[a-z0-9][a-z0-9_-]{0,99}")


def load_entry(stem: str, folder: Path = LIBRARY_DIR) -> Entry | None:
    """One library file by its name without ``.yaml`` (None for a name that is not a library file's).

    >>> load_entry("play-follow-suit").kind, load_entry("../lessons/01-cards"), load_entry("no-such-file")
    ('play', None, None)
    """
    if not isinstance(stem, str) or not _STEM.fullmatch(stem):
        return None
    path = folder / f"{stem}.yaml"
    return _entry(path) if path.is_file() else None


def _entry(path: Path) -> Entry:
    data = path.read_bytes()
    try:
        doc = parse_text(data)
    except ScenarioError as e:
        return Entry(path.stem, path.stem, "", "other", "?", None, e.problems)
    kind = kind_of(doc) or "?"
    topic = str(doc.get("topic") or kind)
    return Entry(path.stem, str(doc.get("title") or path.stem), " ".join(str(doc.get("notes") or "").split()),
                 topic, kind, doc, [], data.decode("utf-8-sig"))
