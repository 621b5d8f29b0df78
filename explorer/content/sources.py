"""The rules documents the app follows, named as a reader knows them, and citations written with those names.

The engine and the design notes cite the four documents by the numbers of their files
(``000 §06``, ``(004)``); a reader does not know those numbers. :func:`cite` writes such a
citation in a sentence with the document's name, and :data:`SOURCES` says what each document is, what the app takes from
it and which profile follows it (the Sources page shows it).

No Streamlit and no rules: it lives outside ``explorer/ui`` like the library, because it is about
what people read.

>>> cite("Tie: the buyer's team NS had to score more than the other team, so it fails (002).")
"Tie: the buyer's team NS had to score more than the other team, so it fails (the simple online how-to)."
>>> cite("units: 000 §06, 004; buyer_fails: 002")
'units: the detailed Saudi rules §6, the tournament scoring guide; buyer_fails: the simple online how-to'
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Source:
    """One rules document: its file number, the name a reader knows, what it is and what the app takes."""

    number: str
    name: str
    """The name inside a sentence: "the detailed Saudi rules"."""
    title: str
    """The name as a heading or a glossary source: "Detailed Saudi rules"."""
    what: str
    takes: str
    profiles: tuple[str, ...]
    """The named profiles (ids) that follow it."""


SOURCES: dict[str, Source] = {s.number: s for s in (
    Source(
        "000", "the detailed Saudi rules", "Detailed Saudi rules",
        "A full description of Saudi Baloot in nine numbered sections (§1 the cards and their values, "
        "§2 the deal, §3 bidding and Double, §4 which cards may be played, §5 projects and Baloot, "
        "§6 scoring, §7 the end of the match, §8 context and variants, §9 a worked example), with "
        "clarifications published by players.",
        "The default rules of every page: the card order and points, the deal, the bidding and the "
        "escalation to Gahwa, the cutting obligations (the third player's cut, Ekka announced by the "
        "leader), the projects, the conversion and the tie rule read from the units, the match to 152. "
        "Its worked example (§9) is in the lessons and the library.",
        ("detailed",)),
    Source(
        "002", "the simple online how-to", "Simple online how-to",
        "The short \"how to play\" page of an online Baloot game, where you and your partner Noura "
        "play against Faisal and Hamad.",
        "The simple profile's three differences from the detailed rules: the buyer must score more "
        "than the other team (a tie fails the buyer), Ekka is called automatically, and a void player "
        "must trump even when no trump of theirs can win.",
        ("simple",)),
    Source(
        "003", "the tournament Sun and Hokum guide", "Tournament Sun and Hokum guide",
        "A Saudi tournament guide to Sun and Hokum: how each is bought, pulls and locking, card rank "
        "and value, following, cutting and overtrumping, projects and the Double.",
        "The tournament sheet's bidding: an earlier seat may take over the same Hokum, the Hokum "
        "bidder may upgrade to Sun (our reading of its \"contract upgrade\"), and a Sun may be "
        "doubled when one team has more than 100 and the other 100 or fewer.",
        ("tournament",)),
    Source(
        "004", "the tournament scoring guide", "Tournament scoring guide",
        "A Saudi tournament guide to scoring: raw and game points, the conversion and its complement, "
        "ties, Double to Four and Gahwa, Kaboot, and the match to 152, with worked examples.",
        "The tournament sheet's scoring: at Double and above the team that first said Double loses a "
        "tie, projects are not multiplied at Triple and Four, a doubled Kaboot keeps fixed values, and "
        "the reverse Kaboot. Its worked examples (65 against 65 in Sun, 66 raw becomes 7 in Hokum, ...) "
        "are in the lessons and the library.",
        ("tournament",)),
)}
"""The four rules documents, by the number of their file (``shared/seeds/000_….txt``)."""

_CITATION = re.compile(r"\b(00[0-4])\b(?:'s)?((?:,?\s*§\s*\d+)*)")


def _sections(text: str) -> str:
    """``§06, §09`` → ``§6, §9``."""
    return ", ".join(f"§{int(n)}" for n in re.findall(r"\d+", text))


def cite(text: str, lang: str = "en") -> str:
    """Every file-number citation in ``text`` (``000 §06``, ``(002)``, ``004's``) written with the
    document's name (in ``lang``: the name's translation in the app's catalogues); other text unchanged.

    >>> cite("Tie at Double: the team that originally called Double (NS) loses it (004).")
    'Tie at Double: the team that originally called Double (NS) loses it (the tournament scoring guide).'
    >>> cite("(a teaching agreement of 000)"), cite("000 §03, §04"), cite("000's worked example")
    ('(a teaching agreement of the detailed Saudi rules)', 'the detailed Saudi rules §3, §4', "the detailed Saudi rules' worked example")
    """
    def name(m: re.Match) -> str:
        source = SOURCES.get(m.group(1))
        if source is None:
            return m.group(0)
        possessive = ("'" if source.name.endswith("s") else "'s") if m.group(0)[3:].startswith("'s") else ""
        sections = _sections(m.group(2) or "")
        if lang != "en":
            from explorer.engine.core.i18n import LRI, PDI, is_rtl, translator
            if is_rtl(lang):  # each section mark kept left to right ("§9", not "9§")
                sections = "، ".join(f"{LRI}§{int(n)}{PDI}" for n in re.findall(r"\d+", m.group(2) or ""))
            return translator(lang).gettext(source.name) + (f" {sections}" if sections else "")
        return source.name + possessive + (f" {sections}" if sections else "")
    return _CITATION.sub(name, text)


def cite_all(value: Any, lang: str = "en") -> Any:
    """A verdict (nested dicts and lists) with :func:`cite` applied to every text in it; keys and other
    values unchanged. The pages show the engine's sentences through it, so that the ``check --json``
    text (the engine's) keeps its file numbers and a reader sees names.

    >>> cite_all({"steps": [{"step": "tie_rule", "detail": "so it fails (002)."}], "award": {"NS": 26}})
    {'steps': [{'step': 'tie_rule', 'detail': 'so it fails (the simple online how-to).'}], 'award': {'NS': 26}}
    """
    if isinstance(value, str):
        return cite(value, lang)
    if isinstance(value, dict):
        return {k: cite_all(v, lang) for k, v in value.items()}
    if isinstance(value, list):
        return [cite_all(v, lang) for v in value]
    return value


def sources_of(profile_id: str) -> list[Source]:
    """The documents a named profile follows.

    >>> [s.number for s in sources_of("tournament")]
    ['003', '004']
    """
    return [s for s in SOURCES.values() if profile_id in s.profiles]
