"""Cards, suits, ranks and seats, with one text notation and an exact round trip.

>>> Card.parse("10H")
Card.parse('TH')
>>> str(Card.parse("t♥"))
'TH'
>>> format_cards(cards("JS 9S AH"))
'JS 9S AH'
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from explorer.engine.core.enums import Singleton, Titled
from explorer.engine.core.errors import CardError
from explorer.engine.core.i18n import NC_, Writer
from explorer.engine.core.visible import visible


class Suit(Titled):
    """The four suits; the value is the one-letter notation, the title the English name (plural)."""

    S = "S", "spades"
    H = "H", "hearts"
    D = "D", "diamonds"
    C = "C", "clubs"

    @property
    def symbol(self) -> str:
        """The suit symbol: ♠ ♥ ♦ ♣."""
        return _SUIT_SYMBOL[self]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self in (Suit.H, Suit.D)

    @classmethod
    def parse(cls, text: str) -> Suit:
        """Read a suit from ``S H D C`` or ``♠ ♥ ♦ ♣`` (any case).

        >>> Suit.parse("♦")
        <Suit.D: 'D'>
        """
        key = str(text).strip().upper()
        key = _SYMBOL_TO_SUIT.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise CardError("unknown suit {value} (use S H D C or ♠ ♥ ♦ ♣)", value=repr(text)) from None

    def __format_msg__(self, out: Writer, spec: str) -> str:
        """In a sentence: ``{s}`` clubs, ``{s:Title}`` Clubs, ``{s:one}`` club, ``{s:sym}`` ♣, ``{s:value}`` C."""
        if spec == "sym":
            return out.ltr(self.symbol)
        if spec == "value":
            return out.ltr(self.value)
        if spec == "one":
            return out.pgettext("suit", _SUIT_ONE[self])
        name = out.pgettext("suits", _SUIT_MANY[self])
        return name[:1].upper() + name[1:] if spec == "Title" else name


_SUIT_SYMBOL = {Suit.S: "♠", Suit.H: "♥", Suit.D: "♦", Suit.C: "♣"}
_SYMBOL_TO_SUIT = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♡": "H", "♢": "D", "♧": "C"}

SUITS: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.D, Suit.C)
"""Suits in display order."""


class Rank(Singleton):
    """The eight ranks; the value is the one-letter notation (T is the ten)."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "T"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def label(self) -> str:
        """How the rank is printed on a card face: 10 for the ten."""
        return "10" if self is Rank.TEN else self.value

    @property
    def title(self) -> str:
        """The English name: seven … ace."""
        return self.name.lower()

    @classmethod
    def parse(cls, text: str) -> Rank:
        """Read a rank from ``7 8 9 T 10 J Q K A`` (any case)."""
        key = str(text).strip().upper()
        if key == "10":
            key = "T"
        try:
            return cls(key)
        except ValueError:
            raise CardError("unknown rank {value} (use 7 8 9 T J Q K A)", value=repr(text)) from None

    def __format_msg__(self, out: Writer, spec: str) -> str:
        """In a sentence: ``{r}`` king, ``{r:plural}`` kings, ``{r:label}`` K (10 for the ten), ``{r:value}`` K."""
        if spec == "label":
            return out.ltr(self.label)
        if spec == "value":
            return out.ltr(self.value)
        if spec == "plural":
            return out.pgettext("ranks", _RANK_MANY[self])
        return out.pgettext("rank", _RANK_ONE[self])


RANKS: tuple[Rank, ...] = tuple(Rank)
"""Ranks from seven to ace (notation order, not playing strength)."""

_CARD_RE = re.compile(r"^\s*(10|[2-9tTjJqQkKaA1])\s*([SHDCshdc♠♥♦♣♤♡♢♧])\s*$")


@dataclass(frozen=True, slots=True, eq=False)
class Card:
    """One of the 32 cards: a rank and a suit. ``str(card)`` is the canonical notation.

    The 32 cards are interned: ``Card(rank, suit)`` returns the one instance of that card, so that
    equality and hashing are by identity (the engine hashes cards millions of times a second).

    >>> Card(Rank.ACE, Suit.S) is Card.parse("AS") is DECK[7]
    True
    """

    rank: Rank
    suit: Suit

    def __new__(cls, rank: Rank, suit: Suit) -> Card:
        card = _INTERNED.get((rank, suit))
        return card if card is not None else object.__new__(cls)

    def __reduce__(self) -> tuple:
        return (Card, (self.rank, self.suit))

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read ``TH``, ``10H``, ``t♥`` and the like.

        >>> Card.parse("as")
        Card.parse('AS')
        """
        if isinstance(text, Card):
            return text
        raw = str(text)
        m = _CARD_RE.match(raw) if len(raw) <= 12 else None
        if not m:
            shown = repr(raw) if len(raw) <= 40 else repr(raw[:37]) + "…"
            raise CardError("{value} is not a card (write rank then suit, e.g. TH, 10H or t♥)", value=shown)
        try:
            return cls(Rank.parse(m.group(1)), Suit.parse(m.group(2)))
        except CardError as e:
            raise CardError("{value} is not a card: {reason}", value=repr(raw), reason=e) from None

    def __str__(self) -> str:
        return self.rank.value + self.suit.value

    def __repr__(self) -> str:
        return f"Card.parse({str(self)!r})"

    @property
    def pretty(self) -> str:
        """The card with its suit symbol, e.g. ``10♥``."""
        return self.rank.label + self.suit.symbol

    @property
    def code(self) -> int:
        """A small integer 0..31 (suit-major), for fast tables."""
        return _CODE[self]

    @classmethod
    def from_code(cls, code: int) -> Card:
        """The card of :attr:`code`."""
        return DECK[code]

    def __format_msg__(self, out: Writer, spec: str) -> str:
        """In a sentence: the code (``KC``) or the face (``K♣``) as the style says; ``{c:article}`` "a king (KC)"."""
        if spec == "article":
            if self.rank in (Rank.ACE, Rank.EIGHT):
                return out.fill(out.gettext("an {rank} ({card})"), rank=self.rank, card=self)
            return out.fill(out.gettext("a {rank} ({card})"), rank=self.rank, card=self)
        return out.ltr(self.pretty if out.style.cards == "face" else str(self))


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
DECK: tuple[Card, ...] = tuple(Card(r, s) for s in SUITS for r in RANKS)
"""The 32 cards, suit by suit (S H D C), seven to ace; ``DECK[c.code] == c``."""
_INTERNED.update({(c.rank, c.suit): c for c in DECK})
_CODE = {c: i for i, c in enumerate(DECK)}


def cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse several cards from a string separated by spaces or commas, or from a list.

    >>> cards("JS, 9S AH")
    [Card.parse('JS'), Card.parse('9S'), Card.parse('AH')]
    """
    if isinstance(text, str):
        items = [t for t in re.split(r"[\s,]+", text.strip()) if t]
    else:
        items = list(text)
    return [Card.parse(t) for t in items]


parse_cards = cards


def format_cards(items: Iterable[Card]) -> str:
    """Canonical notation, space separated."""
    return " ".join(str(c) for c in items)


class Seat(Titled):
    """A seat at the table; the title is South, East, North or West. Play goes anticlockwise: S → E → N → W → S."""

    S = "S", "South"
    E = "E", "East"
    N = "N", "North"
    W = "W", "West"

    @property
    def right(self) -> Seat:
        """The next seat in play order ("to the right"): S's right is E."""
        return SEATS[(SEATS.index(self) + 1) % 4]

    @property
    def left(self) -> Seat:
        """The previous seat in play order: S's left is W."""
        return SEATS[(SEATS.index(self) - 1) % 4]

    @property
    def partner(self) -> Seat:
        """The seat opposite."""
        return SEATS[(SEATS.index(self) + 2) % 4]

    @property
    def team(self) -> Team:
        """NS or EW."""
        return Team.NS if self in (Seat.N, Seat.S) else Team.EW

    @classmethod
    def parse(cls, text: str) -> Seat:
        """Read a seat from ``S E N W`` (any case)."""
        key = str(text).strip().upper()
        try:
            return cls(key)
        except ValueError:
            raise CardError("unknown seat {value} (use S, E, N or W)", value=repr(text)) from None

    def __format_msg__(self, out: Writer, spec: str) -> str:
        """In a sentence: the letter in English (``{s:value}`` always), else the name the style gives the seat,
        else the catalogue's name for it."""
        st = out.style
        if self is st.you and st.lang == "en" and spec != "value":
            return "you"
        if spec == "value" or (self not in st.seats and st.lang == "en"):
            return out.ltr(self.value)
        if st.seats.get(self):  # a name a player typed: what would hide or move text is shown
            return out.either(visible(st.seats[self]))
        return out.pgettext("seat", _SEAT_NAME[self])


SEATS: tuple[Seat, ...] = (Seat.S, Seat.E, Seat.N, Seat.W)
"""Seats in play order (anticlockwise)."""


class Team(Singleton):
    """The two partnerships."""

    NS = "NS"
    EW = "EW"

    @property
    def other(self) -> Team:
        """The opposing team."""
        return Team.EW if self is Team.NS else Team.NS

    @property
    def seats(self) -> tuple[Seat, Seat]:
        """The two seats of the team."""
        return (Seat.N, Seat.S) if self is Team.NS else (Seat.E, Seat.W)

    @classmethod
    def parse(cls, text: str) -> Team:
        """Read ``NS`` or ``EW`` (any case, either order)."""
        key = str(text).strip().upper()
        key = {"SN": "NS", "WE": "EW"}.get(key, key)
        try:
            return cls(key)
        except ValueError:
            raise CardError("unknown team {value} (use NS or EW)", value=repr(text)) from None

    def __format_msg__(self, out: Writer, spec: str) -> str:
        """In a sentence: the code in English (``{t:value}`` always), else its two seats' names when the style
        names both, else the catalogue's name for it."""
        st = out.style
        if spec == "value" or st.lang == "en":
            return out.ltr(self.value)
        first, second = sorted(self.seats, key=SEATS.index)
        if st.seats.get(first) and st.seats.get(second):
            return out.fill(out.pgettext("team", _TEAM_OF_NAMES), first=first, second=second)
        return out.pgettext("team", _TEAM_NAME[self])


TEAMS: tuple[Team, ...] = (Team.NS, Team.EW)


def priority_order(dealer: Seat) -> tuple[Seat, Seat, Seat, Seat]:
    """Seats from the dealer's right round to the dealer: the order of speaking and of ties.

    >>> [s.value for s in priority_order(Seat.W)]
    ['S', 'E', 'N', 'W']
    """
    first = dealer.right
    return (first, first.right, first.right.right, dealer)


# --- how these values are said -----------------------------------------------------------------------

# Each class above writes itself into a sentence (its ``__format_msg__``, the protocol of
# :class:`~explorer.engine.core.i18n.MsgValue`) with the words of these tables, looked up in the catalogue with
# their context and listed here so that the extractor finds them. They equal the English of ``Suit.title``,
# ``Rank.title`` and ``Seat.title`` (a test holds them equal).
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


class Notation(str):
    """Cards in scenario notation, as text (``"8C AC"``): the command line's report prints the codes of a
    verdict's output this way. English shows the text as it is; a right-to-left language shows the style's
    cards (faces, each isolated), joined by the list separator, like a list of :class:`Card`.

    >>> from explorer.engine.core.i18n import ENGLISH, Msg
    >>> Msg("Legal: {cards}", cards=Notation("8C AC")).render(ENGLISH)
    'Legal: 8C AC'
    """

    __slots__ = ()

    def __format_msg__(self, out: Writer, spec: str) -> str:
        if out.style.rtl:
            try:
                return out.field(cards(self.split()), spec)
            except CardError:
                return out.ltr(self)
        return out.either(format(str.__str__(self), spec))
