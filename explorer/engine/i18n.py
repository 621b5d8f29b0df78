"""Sentences as data: a :class:`Msg` is an English template (the gettext msgid) and its parameters.

Rule code never builds a sentence. It returns ``Msg("{card} is not allowed", card=c)``, and the
sentence is made when it is shown, in the reader's language and style (:class:`Style`): card
codes (``KC``) in files, JSON and the command line's English; card faces (``K♣``) on a page.

>>> m = Msg("{led:Title} were led and you hold {cards}.", led=Suit.C, cards=cards("KC 7C"))
>>> str(m)
'Clubs were led and you hold KC, 7C.'
>>> m.render(Style(cards="face"))
'Clubs were led and you hold K♣, 7♣.'
>>> str(plural("{n} card", "{n} cards", 2))
'2 cards'

Parameters are engine values (cards, suits, seats, teams, ranks, modes and other enums with a
``title``), numbers, strings, lists of these, and other messages. Format specs choose a form:
a suit ``{s}`` "clubs", ``{s:Title}`` "Clubs", ``{s:one}`` "club", ``{s:sym}`` "♣"; a card
``{c:article}`` "a king (KC)"; a rank ``{r:label}`` "K"; any enum ``{e:value}`` its notation.

Translations live in gettext catalogues (``explorer/locale/<lang>/LC_MESSAGES/explorer.po``),
keyed by the English template; :func:`translator` reads them. A language without a catalogue,
or a template without a translation, falls back to English.
"""

from __future__ import annotations

import enum
import gettext
import io
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from .cards import Card, Rank, Seat, Suit, Team, cards  # noqa: F401  (doctests)

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
"""``explorer/locale/<lang>/LC_MESSAGES/explorer.po``: one catalogue per language."""

DOMAIN = "explorer"
LANGUAGES: tuple[str, ...] = ("en", "ar")
"""The languages the explorer speaks; English is the source language."""

CardStyle = Literal["code", "face"]


@dataclass(frozen=True)
class Style:
    """How a message is rendered: the language, cards as codes (``KC``) or faces (``K♣``), seat names.

    ``seats`` maps a seat to the name used for it (e.g. the practice table's players); seats not in
    it are written as their letter in English.
    """

    lang: str = "en"
    cards: CardStyle = "code"
    seats: Mapping[Seat, str] = field(default_factory=dict, hash=False, compare=False)


ENGLISH = Style()
"""English with card codes: the form of ``check --json`` and of ``str(msg)``."""


class Msg:
    """A sentence to render later: an English template with ``{name}`` fields, and their values."""

    __slots__ = ("text", "params", "plural_text", "count")

    def __init__(self, text: str, /, **params: Any) -> None:
        self.text = text
        self.params = params
        self.plural_text: str | None = None
        self.count: int | None = None

    def render(self, style: Style = ENGLISH) -> str:
        """The sentence in ``style``'s language and forms."""
        tr = translator(style.lang)
        if self.plural_text is not None:
            template = tr.ngettext(self.text, self.plural_text, int(self.count or 0))
        else:
            template = tr.gettext(self.text) if self.text else self.text
        return _Formatter(style).vformat(template, (), self.params)

    def __str__(self) -> str:
        return self.render(ENGLISH)

    def __repr__(self) -> str:
        return f"Msg({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Msg):
            return (self.text, self.plural_text, self.count, _key(self.params)) == \
                   (other.text, other.plural_text, other.count, _key(other.params))
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.text, self.plural_text, self.count, _key(self.params)))

    def to_json(self) -> dict[str, Any]:
        """The message id (its English template) and its parameters in notation, for tools and tests."""
        return {"msgid": self.text, "params": {k: _jsonable(v) for k, v in self.params.items()}}


def plural(singular: str, plural_text: str, n: int, /, **params: Any) -> Msg:
    """A message whose words depend on a count ``n`` (also available to the template as ``{n}``).

    >>> str(plural("{cards} is still unplayed", "{cards} are still unplayed", 1, cards=cards("AC")))
    'AC is still unplayed'
    """
    m = Msg(singular, n=n, **params)
    m.plural_text = plural_text
    m.count = n
    return m


def text(value: Msg | str, style: Style = ENGLISH) -> str:
    """A message rendered in ``style``, or a plain string as it is."""
    return value.render(style) if isinstance(value, Msg) else str(value)


def _key(params: Mapping[str, Any]) -> tuple:
    return tuple(sorted((k, _hashable(v)) for k, v in params.items()))


def _hashable(v: Any) -> Any:
    if isinstance(v, (list, tuple, frozenset, set)):
        return tuple(_hashable(x) for x in v)
    if isinstance(v, Mapping):
        return tuple(sorted((str(k), _hashable(x)) for k, x in v.items()))
    return v


def _jsonable(v: Any) -> Any:
    if isinstance(v, Msg):
        return v.to_json()
    if isinstance(v, (Card, Seat, Suit, Team, Rank)) or isinstance(v, enum.Enum):
        return v.value if not isinstance(v, Card) else str(v)
    if isinstance(v, (list, tuple, frozenset, set)):
        return [_jsonable(x) for x in v]
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return v


# --- forms of engine values ----------------------------------------------------------------------

_SUIT_ONE = {Suit.S: "spade", Suit.H: "heart", Suit.D: "diamond", Suit.C: "club"}


def _card(c: Card, style: Style, spec: str) -> str:
    shown = c.pretty if style.cards == "face" else str(c)
    if spec == "article":
        tr = translator(style.lang)
        word = "an" if c.rank in (Rank.ACE, Rank.EIGHT) else "a"
        return _Formatter(style).vformat(tr.gettext(f"{word} {{rank}} ({{card}})"), (),
                                         {"rank": c.rank, "card": c})
    return shown


def _suit(s: Suit, style: Style, spec: str) -> str:
    tr = translator(style.lang)
    if spec == "sym":
        return s.symbol
    if spec == "one":
        return tr.pgettext("suit", _SUIT_ONE[s])
    name = tr.pgettext("suits", s.title)
    return name[:1].upper() + name[1:] if spec == "Title" else name


class _Formatter(string.Formatter):
    """``str.format`` with engine values written in a style's language and forms."""

    def __init__(self, style: Style) -> None:
        self.style = style

    def format_field(self, value: Any, spec: str) -> str:
        st = self.style
        tr = translator(st.lang)
        if isinstance(value, Msg):
            return value.render(st)
        if isinstance(value, Card):
            return _card(value, st, spec)
        if isinstance(value, Suit):
            return _suit(value, st, spec)
        if isinstance(value, Seat):
            if spec == "value" or (value not in st.seats and st.lang == "en"):
                return value.value
            return st.seats.get(value) or tr.pgettext("seat", value.title)
        if isinstance(value, Rank):
            if spec == "label":
                return value.label
            return tr.pgettext("rank", value.title)
        if isinstance(value, enum.Enum):
            if spec == "value":
                return str(value.value)
            title = getattr(value, "title", None)
            return tr.pgettext(type(value).__name__, title) if isinstance(title, str) else str(value.value)
        if isinstance(value, (list, tuple, frozenset)) and not isinstance(value, str):
            sep = tr.pgettext("list", ", ")
            return sep.join(self.format_field(v, spec) for v in value)
        return super().format_field(value, spec)


# --- catalogues ----------------------------------------------------------------------------------

@cache
def translator(lang: str) -> gettext.NullTranslations:
    """The gettext translations of ``lang`` (English, or a missing catalogue: the templates themselves)."""
    if lang == "en":
        return gettext.NullTranslations()
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    if not po.is_file():
        return gettext.NullTranslations()
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=DOMAIN)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def languages() -> Iterable[str]:
    """The languages with a catalogue, English first."""
    return LANGUAGES
