"""Sentences as data: a :class:`Msg` is an English template (the gettext msgid) and its parameters.

Rule code never builds a sentence. It returns ``Msg("{card} is not allowed", card=c)``, and the
sentence is made when it is shown, in the reader's language and style (:class:`Style`): card
codes (``KC``) in files, JSON and the command line's English; card faces (``K♣``) on a page.

>>> from explorer.engine.core.cards import Suit, cards
>>> m = Msg("{led:Title} were led and you hold {cards}.", led=Suit.C, cards=cards("KC 7C"))
>>> str(m)
'Clubs were led and you hold KC, 7C.'
>>> m.render(Style(cards="face"))
'Clubs were led and you hold K♣, 7♣.'
>>> str(plural("{n} card", "{n} cards", 2))
'2 cards'

Parameters are engine values (cards, suits, seats, teams, ranks, modes and other enums with a
``title``), numbers, strings, lists of these, and other messages. This module knows no cards: a value
writes itself (:class:`MsgValue`: its ``__format_msg__(out, spec)``, like ``__format__`` with the
message's style), so the card module defines how a card, a suit, a rank, a seat and a team are said
(:mod:`explorer.engine.core.cards`). Format specs choose a form:
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

import contextvars
import enum
import gettext
import io
import re
import string
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any, Literal, Protocol

from explorer.engine.core.you_forms import FORMS

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

    ``you`` is the seat the sentences speak to: "It is Noura's turn, not yours.", not "not You's.".
    """

    lang: str = "en"
    cards: CardStyle = "code"
    seats: Mapping[Any, str] = field(default_factory=dict, hash=False, compare=False)  # a Seat → its name
    you: Any = field(default=None, hash=False, compare=False)
    """The seat of the reader (the practice table's South): a sentence about it is said to them (see
    :data:`SPOKEN_TO`), and English names it "you"."""

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
        """The sentence in ``style``'s language and forms; said to the reader when it is about ``style.you``."""
        tr = translator(style.lang)
        text = _spoken_to(self, style) or self.text
        if self.plural_text is not None:
            template = tr.ngettext(text, self.plural_text, int(self.count or 0))
        else:
            template = tr.gettext(text) if text else text
        if style.you is None:
            return Writer(style).vformat(template, (), self.params)
        nested = _NESTED.get()
        token = _NESTED.set(True)
        try:
            out = Writer(style).vformat(template, (), self.params)
        finally:
            _NESTED.reset(token)
        return "Y" + out[1:] if not nested and style.lang == "en" and out.startswith("you") else out

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


SPOKEN_TO: dict[str, dict[str, str]] = FORMS
"""A sentence about a seat as said to that seat's reader (:attr:`Style.you`): template → {the parameters that
are the reader's seat, joined by "+": the template said to them}. ``"{seat} passes."`` is ``"You pass."`` for
``seat``; each form is a msgid of its own (its Arabic is written for "you"). The forms are in
:mod:`explorer.engine.core.you_forms`; a template without one names the reader "you" where the seat stands."""

_NESTED: contextvars.ContextVar[bool] = contextvars.ContextVar("explorer_msg_nested", default=False)
"""Whether a message is rendered inside another: only the whole sentence gets its capital ("You ...")."""


def _spoken_to(msg: Msg, style: Style) -> str | None:
    """The template of ``msg`` said to the reader, when one of its seats is theirs and it has such a form."""
    if style.you is None:
        return None
    forms = SPOKEN_TO.get(msg.text)
    if not forms:
        return None
    yours = sorted(name for name, value in msg.params.items() if value is style.you)
    return forms.get("+".join(yours)) if yours else None


def plural(singular: str, plural_text: str, n: int, /, **params: Any) -> Msg:
    """A message whose words depend on a count ``n`` (also available to the template as ``{n}``).

    >>> from explorer.engine.core.cards import cards
    >>> str(plural("{cards} is still unplayed", "{cards} are still unplayed", 1, cards=cards("AC")))
    'AC is still unplayed'
    """
    m = Msg(singular, n=n, **params)
    m.plural_text = plural_text
    m.count = n
    return m


class Plain(Msg):
    """A line written as an English string, with no template (a problem line a caller wrote as text): it says
    the same words in every style, as a plain string does where problem lines are rendered.

    >>> p = Plain("deal 2: {not a field}")
    >>> p.render(Style("ar")), str(Msg("{first}; {rest}", first=p, rest=Msg("no cards")))
    ('deal 2: {not a field}', 'deal 2: {not a field}; no cards')
    """

    __slots__ = ()

    def __init__(self, text: str, /) -> None:
        super().__init__(text)

    def render(self, style: Style = ENGLISH) -> str:
        return self.text


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
    if isinstance(v, enum.Enum):
        return v.value
    if hasattr(type(v), "__format_msg__"):
        return str(v)  # a MsgValue's notation (a card: KC)
    if isinstance(v, (list, tuple, frozenset, set)):
        return [_jsonable(x) for x in v]
    if isinstance(v, Mapping):
        return {str(k): _jsonable(x) for k, x in v.items()}
    return v


# --- how values are written --------------------------------------------------------------------


class MsgValue(Protocol):
    """A value that writes itself into a sentence (a card, a suit, a seat...), like ``__format__`` but in a
    message's style: ``out`` is the :class:`Writer` (the style, its catalogue, the isolates), ``spec`` the
    field's format spec (``{card:article}``: ``"article"``). Its ``str`` is its notation (what JSON says)."""

    def __format_msg__(self, out: Writer, spec: str) -> str: ...


class Writer(string.Formatter):
    """Writes a message's fields in a style's language and forms (``str.format`` with engine values).

    Values that know how to be said (:class:`MsgValue`) write themselves through it; it writes the rest:
    messages, problem lines, :class:`Code`, other enums (their ``title``, a msgid in the context of the
    enum's type name), lists, text and numbers.
    """

    def __init__(self, style: Style) -> None:
        self.style = style
        self.tr = translator(style.lang)

    # --- what a value writing itself uses ---

    def gettext(self, text: str, /) -> str:
        """``text`` (a msgid) in the style's language."""
        return self.tr.gettext(text)

    def pgettext(self, context: str, text: str, /) -> str:
        """``text`` (a msgid in ``context``) in the style's language."""
        return self.tr.pgettext(context, text)

    def ltr(self, text: str) -> str:
        """A left-to-right fragment: isolated in a right-to-left style, as it is otherwise."""
        return LRI + text + PDI if self.style.rtl and text else text

    def either(self, text: str) -> str:
        """Text of either direction (a name, an id, a sentence already rendered): first-strong isolated in a
        right-to-left style, as it is otherwise."""
        return FSI + text + PDI if self.style.rtl and text else text

    def fill(self, template: str, /, **params: Any) -> str:
        """A template already in the style's language, its fields written in this style."""
        return self.vformat(template, (), params)

    def field(self, value: Any, spec: str = "") -> str:
        """One value as a field of a sentence in this style."""
        return self.format_field(value, spec)

    # --- string.Formatter ---

    def format_field(self, value: Any, spec: str) -> str:
        st = self.style
        if isinstance(value, Msg):
            return value.render(st)
        if isinstance(value, str) and isinstance(getattr(value, "msg", None), Msg):
            return value.render(st)  # a problem line (errors.Problem)
        if isinstance(value, Code):
            return self.ltr(str.__str__(value))
        write = getattr(type(value), "__format_msg__", None)   # a MsgValue (faster than isinstance)
        if write is not None:
            return write(value, self, spec)
        if isinstance(value, enum.Enum):
            if spec == "value":
                return self.ltr(str(value.value))
            title = getattr(value, "title", None)
            return self.pgettext(type(value).__name__, title) if isinstance(title, str) else self.ltr(str(value.value))
        if isinstance(value, (list, tuple, frozenset)) and not isinstance(value, str):
            sep = self.pgettext("list", ", ")
            return sep.join(self.format_field(v, spec) for v in value)
        if isinstance(value, str):
            return self.either(super().format_field(value, spec))
        if isinstance(value, (int, float)):
            return self.ltr(super().format_field(value, spec))
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


