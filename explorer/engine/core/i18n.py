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
a suit ``{s}`` "clubs", ``{s:Title}`` "Clubs", ``{s:one}`` "club", ``{s:sym}`` "♣", ``{s:value}`` "C";
a card ``{c:article}`` "a king (KC)"; a rank ``{r}`` "king", ``{r:plural}`` "kings", ``{r:label}`` "K";
a seat ``{s}`` "N" in English (its name elsewhere, or the name ``Style.seats`` gives), ``{s:value}`` "N";
a team ``{t}`` "NS" in English (its name elsewhere, or its two seats' names when ``Style.seats`` names both),
``{t:value}`` "NS";
any other enum its ``title`` (looked up with the enum's type name as the gettext context), ``{e:value}``
its notation; a list, its items joined by ", ".

Literal msgids outside a ``Msg`` (rule docs, enum titles) are marked with :func:`N_` (no context) or
:func:`NC_` (with the context the formatter uses) so that the extractor finds them
(``python -m explorer.i18n_tools extract`` writes ``explorer/locale/explorer.pot``).

In a right-to-left language (Arabic) every left-to-right fragment a value puts into a sentence (a card, a
number, a seat or team letter, a suit symbol, an id) is wrapped in a Unicode isolate (LRI … PDI, or FSI … PDI
for text of either direction such as a player's name), so that the sentence keeps its order on screen; list
items are isolated one by one and joined by the catalogue's separator. English is never touched:

>>> ar = Msg("{cards} ({n})", cards=cards("KC 7C"), n=2).render(Style("ar", "face"))
>>> ar == "\u2066K♣\u2069، \u20667♣\u2069 (\u20662\u2069)"
True

Translations live in gettext catalogues (``explorer/locale/<lang>/LC_MESSAGES/explorer.po``),
keyed by the English template; :func:`translator` reads them. A language without a catalogue,
or a template without a translation, falls back to English.
"""

from __future__ import annotations

import enum
import gettext
import io
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal

from explorer.engine.core.cards import SEATS, Card, Rank, Seat, Suit, Team, cards

LOCALE_DIR = Path(__file__).resolve().parents[2] / "locale"
"""``explorer/locale/<lang>/LC_MESSAGES/explorer.po``: one catalogue per language."""

DOMAIN = "explorer"
LANGUAGES: tuple[str, ...] = ("en", "ar")
"""The languages the explorer speaks; English is the source language."""

CardStyle = Literal["code", "face"]

RTL_LANGUAGES = frozenset({"ar", "fa", "he", "ur"})
"""Languages written right to left: their sentences isolate every left-to-right value (see the module doc)."""

LRI, FSI, PDI = "\u2066", "\u2068", "\u2069"
"""Unicode bidi isolates: left-to-right isolate, first-strong isolate, pop directional isolate."""

_LANG_RE = re.compile(r"^[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?$")


def is_rtl(lang: str) -> bool:
    """Whether ``lang`` (``ar``, ``ar_SA``...) is written right to left.

    >>> is_rtl("ar"), is_rtl("ar-SA"), is_rtl("en")
    (True, True, False)
    """
    return re.split(r"[_-]", lang, maxsplit=1)[0].lower() in RTL_LANGUAGES


class Notation(str):
    """Cards in scenario notation, as text (``"8C AC"``): the command line's report prints the codes of a
    verdict's output this way. English shows the text as it is; a right-to-left language shows the style's
    cards (faces, each isolated), joined by the list separator, like a list of :class:`Card`.

    >>> Msg("Legal: {cards}", cards=Notation("8C AC")).render(ENGLISH)
    'Legal: 8C AC'
    """

    __slots__ = ()


class Code(str):
    """Text kept as it is written, left to right (a place in a file such as ``tricks[2].cards``, a key, an
    option): isolated in a right-to-left sentence, never translated.

    >>> Msg("{where}: bad", where=Code("hand[0]")).render(Style("ar")) == "\u2066hand[0]\u2069: bad"
    True
    """

    __slots__ = ()


def N_(text: str, /) -> str:
    """Mark a literal as a msgid (translated later, where it is shown); returns it unchanged.

    >>> N_("The leader may lead any card.")
    'The leader may lead any card.'
    """
    return text


def NC_(context: str, text: str, /) -> str:
    """Mark a literal as a msgid with a gettext context (an enum's type name, "suits", "rank"...); returns it."""
    return text


@dataclass(frozen=True)
class Style:
    """How a message is rendered: the language, cards as codes (``KC``) or faces (``K♣``), seat names.

    ``seats`` maps a seat to the name used for it (e.g. the practice table's players); seats not in
    it are written as their letter in English. In another language a team whose two seats are both named
    is written with their names ("Noura and you"), otherwise with the catalogue's name for it.
    """

    lang: str = "en"
    cards: CardStyle = "code"
    seats: Mapping[Seat, str] = field(default_factory=dict, hash=False, compare=False)

    @property
    def rtl(self) -> bool:
        """Whether sentences in this style are right to left (their left-to-right values are isolated)."""
        return is_rtl(self.lang)


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
    if isinstance(value, Msg) or isinstance(getattr(value, "msg", None), Msg):
        return value.render(style)  # a Msg, or a problem line (errors.Problem) carrying one
    return str(value)


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

# The words the formatter looks up, listed here so that the extractor finds them (each with its context).
# They equal the English of ``Suit.title``, ``Rank.title`` and ``Seat.title`` (a test holds them equal).
_SUIT_MANY = {Suit.S: NC_("suits", "spades"), Suit.H: NC_("suits", "hearts"),
              Suit.D: NC_("suits", "diamonds"), Suit.C: NC_("suits", "clubs")}
_SUIT_ONE = {Suit.S: NC_("suit", "spade"), Suit.H: NC_("suit", "heart"),
             Suit.D: NC_("suit", "diamond"), Suit.C: NC_("suit", "club")}
_RANK_ONE = {Rank.SEVEN: NC_("rank", "seven"), Rank.EIGHT: NC_("rank", "eight"), Rank.NINE: NC_("rank", "nine"),
             Rank.TEN: NC_("rank", "ten"), Rank.JACK: NC_("rank", "jack"), Rank.QUEEN: NC_("rank", "queen"),
             Rank.KING: NC_("rank", "king"), Rank.ACE: NC_("rank", "ace")}
_RANK_MANY = {Rank.SEVEN: NC_("ranks", "sevens"), Rank.EIGHT: NC_("ranks", "eights"),
              Rank.NINE: NC_("ranks", "nines"), Rank.TEN: NC_("ranks", "tens"), Rank.JACK: NC_("ranks", "jacks"),
              Rank.QUEEN: NC_("ranks", "queens"), Rank.KING: NC_("ranks", "kings"), Rank.ACE: NC_("ranks", "aces")}
_SEAT_NAME = {Seat.S: NC_("seat", "South"), Seat.E: NC_("seat", "East"), Seat.N: NC_("seat", "North"),
              Seat.W: NC_("seat", "West")}
# A team is written as its code in English ("NS"); other languages name it (the code is the msgid), or, when
# Style.seats names both its seats, join the two names with this template.
_TEAM_NAME = {Team.NS: NC_("team", "NS"), Team.EW: NC_("team", "EW")}
_TEAM_OF_NAMES = NC_("team", "{first} and {second}")


def _card(c: Card, style: Style, spec: str) -> str:
    shown = c.pretty if style.cards == "face" else str(c)
    if spec == "article":
        tr = translator(style.lang)
        if c.rank in (Rank.ACE, Rank.EIGHT):
            template = tr.gettext("an {rank} ({card})")
        else:
            template = tr.gettext("a {rank} ({card})")
        return _Formatter(style).vformat(template, (), {"rank": c.rank, "card": c})
    return _ltr(shown, style)


def _ltr(text: str, style: Style) -> str:
    """A left-to-right fragment: isolated in a right-to-left style, as it is otherwise."""
    return LRI + text + PDI if style.rtl and text else text


def _either(text: str, style: Style) -> str:
    """Text of either direction (a name, an id, a sentence already rendered): first-strong isolated in a
    right-to-left style, as it is otherwise."""
    return FSI + text + PDI if style.rtl and text else text


def _suit(s: Suit, style: Style, spec: str) -> str:
    tr = translator(style.lang)
    if spec == "sym":
        return _ltr(s.symbol, style)
    if spec == "value":
        return _ltr(s.value, style)
    if spec == "one":
        return tr.pgettext("suit", _SUIT_ONE[s])
    name = tr.pgettext("suits", _SUIT_MANY[s])
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
        if isinstance(value, str) and isinstance(getattr(value, "msg", None), Msg):
            return value.render(st)  # a problem line (errors.Problem)
        if isinstance(value, Code):
            return _ltr(str.__str__(value), st)
        if isinstance(value, Card):
            return _card(value, st, spec)
        if isinstance(value, Suit):
            return _suit(value, st, spec)
        if isinstance(value, Seat):
            if spec == "value" or (value not in st.seats and st.lang == "en"):
                return _ltr(value.value, st)
            if st.seats.get(value):
                return _either(st.seats[value], st)
            return tr.pgettext("seat", _SEAT_NAME[value])
        if isinstance(value, Team):
            if spec == "value" or st.lang == "en":
                return _ltr(value.value, st)
            first, second = sorted(value.seats, key=SEATS.index)
            if st.seats.get(first) and st.seats.get(second):
                return self.vformat(tr.pgettext("team", _TEAM_OF_NAMES), (), {"first": first, "second": second})
            return tr.pgettext("team", _TEAM_NAME[value])
        if isinstance(value, Rank):
            if spec == "label":
                return _ltr(value.label, st)
            if spec == "value":
                return _ltr(value.value, st)
            if spec == "plural":
                return tr.pgettext("ranks", _RANK_MANY[value])
            return tr.pgettext("rank", _RANK_ONE[value])
        if isinstance(value, enum.Enum):
            if spec == "value":
                return _ltr(str(value.value), st)
            title = getattr(value, "title", None)
            return tr.pgettext(type(value).__name__, title) if isinstance(title, str) else _ltr(str(value.value), st)
        if isinstance(value, Notation) and st.rtl:
            try:
                return self.format_field(cards(value.split()), spec)
            except ValueError:
                return _ltr(value, st)
        if isinstance(value, (list, tuple, frozenset)) and not isinstance(value, str):
            sep = tr.pgettext("list", ", ")
            return sep.join(self.format_field(v, spec) for v in value)
        if isinstance(value, str):
            return _either(super().format_field(value, spec), st)
        if isinstance(value, (int, float)):
            return _ltr(super().format_field(value, spec), st)
        return super().format_field(value, spec)


# --- catalogues ----------------------------------------------------------------------------------

def _catalogue(lang: str) -> Path | None:
    """The ``.po`` file of ``lang``, when there is one (a name that is not a language code has none)."""
    if lang == "en" or not _LANG_RE.match(lang):
        return None
    po = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"
    return po if po.is_file() else None


def has_catalogue(lang: str) -> bool:
    """Whether sentences can be rendered in ``lang`` (English always can).

    >>> has_catalogue("en"), has_catalogue("xx"), has_catalogue("../../etc")
    (True, False, False)
    """
    return lang == "en" or _catalogue(lang) is not None


def style_for(lang: str, card_style: CardStyle | None = None) -> Style:
    """The style of ``lang``, or English when there is no catalogue for it yet (English through and through,
    seats as letters included). Cards are codes (``KC``) unless ``card_style`` says otherwise, except in a
    right-to-left language, whose sentences show faces (``K♣``) by default: a code's letters read as a word
    there, a face as a card.

    >>> style_for("xx") == ENGLISH
    True
    """
    lang = lang if has_catalogue(lang) else "en"
    return Style(lang, card_style or ("face" if is_rtl(lang) else "code"))


@cache
def translator(lang: str) -> gettext.NullTranslations:
    """The gettext translations of ``lang`` (English, or a missing catalogue: the templates themselves)."""
    po = _catalogue(lang)
    if po is None:
        return gettext.NullTranslations()
    # The engine's catalogue first, then the other domains of the same language (the app's pages,
    # ``ui-*.po``, and its content, ``content.po``), each one a fallback of the one before.
    first = _read(po, lang)
    for other in sorted(po.parent.glob("*.po")):
        if other != po:
            first.add_fallback(_read(other, lang))
    return first


def _read(po: Path, lang: str) -> gettext.GNUTranslations:
    """A ``.po`` catalogue compiled in memory with Babel (no ``.mo`` file is kept)."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        catalog = read_po(fh, locale=lang, domain=po.stem)
    buf = io.BytesIO()
    write_mo(buf, catalog, use_fuzzy=False)
    buf.seek(0)
    return gettext.GNUTranslations(buf)


def languages() -> Iterable[str]:
    """The languages with a catalogue, English first."""
    return LANGUAGES
