"""Rule tables as named constants: rank orders, point values, project values (000 §01, §05).

>>> SUN_POINTS[Rank.TEN], HOKUM_TRUMP_POINTS[Rank.NINE]
(10, 14)
>>> sum(SUN_POINTS.values()) * 4 + LAST_TRICK_BONUS
130
"""

from __future__ import annotations

from explorer.engine.core.cards import Rank
from explorer.engine.core.enums import Titled
from explorer.engine.core.i18n import NC_


class Mode(Titled):
    """The two contracts: Sun (no trumps) and Hokum (one trump suit); the title is a msgid (context ``Mode``)."""

    SUN = "sun", NC_("Mode", "Sun")
    HOKUM = "hokum", NC_("Mode", "Hokum")


SUN_ORDER: tuple[Rank, ...] = (
    Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)
"""Sun and plain-suit strength, highest first: A T K Q J 9 8 7."""

HOKUM_TRUMP_ORDER: tuple[Rank, ...] = (
    Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT, Rank.SEVEN,
)
"""Hokum trump strength, highest first: J 9 A T K Q 8 7."""

PROJECT_ORDER: tuple[Rank, ...] = (
    Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN, Rank.NINE, Rank.EIGHT, Rank.SEVEN,
)
"""Order for runs and four of a kind, highest first: A K Q J T 9 8 7."""

SUN_POINTS: dict[Rank, int] = {
    Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3, Rank.JACK: 2,
    Rank.NINE: 0, Rank.EIGHT: 0, Rank.SEVEN: 0,
}
"""Raw points of a card in Sun and of a plain (non-trump) card in Hokum."""

HOKUM_TRUMP_POINTS: dict[Rank, int] = {
    Rank.JACK: 20, Rank.NINE: 14, Rank.ACE: 11, Rank.TEN: 10, Rank.KING: 4, Rank.QUEEN: 3,
    Rank.EIGHT: 0, Rank.SEVEN: 0,
}
"""Raw points of a trump in Hokum."""

LAST_TRICK_BONUS = 10
"""Raw points added for the eighth trick."""

RAW_TOTAL: dict[Mode, int] = {Mode.SUN: 130, Mode.HOKUM: 162}
"""All raw points of a deal, last trick included."""

GAME_POOL: dict[Mode, int] = {Mode.SUN: 26, Mode.HOKUM: 16}
"""Game points the card points convert to (the counting team's share plus the complement)."""

KABOOT_AWARD: dict[Mode, int] = {Mode.SUN: 44, Mode.HOKUM: 25}
"""Game points for taking all eight tricks, before any escalation."""


class Level(Titled):
    """Escalation levels after the bidding, lowest first; the title is a msgid (context ``Level``)."""

    NONE = "none", NC_("Level", "Normal")
    DOUBLE = "double", NC_("Level", "Double")
    TRIPLE = "triple", NC_("Level", "Triple")
    QUADRUPLE = "quadruple", NC_("Level", "Quadruple (Four)")
    GAHWA = "gahwa", NC_("Level", "Gahwa")

    @property
    def multiplier(self) -> int:
        """The card-pool multiplier (Gahwa has no numeric award; 1 is returned)."""
        return {"none": 1, "double": 2, "triple": 3, "quadruple": 4, "gahwa": 1}[self.value]

    @property
    def by_doubler(self) -> bool:
        """Double and Quadruple are said by the doubler; Triple and Gahwa by the declarer."""
        return self in (Level.DOUBLE, Level.QUADRUPLE)

    @property
    def is_multiplied(self) -> bool:
        """Double, Triple and Quadruple multiply the pool."""
        return self in (Level.DOUBLE, Level.TRIPLE, Level.QUADRUPLE)


LEVELS: tuple[Level, ...] = tuple(Level)
"""The levels, lowest first."""

FIXED_KABOOT: dict[Level, int] = {Level.TRIPLE: 75, Level.QUADRUPLE: 100}
"""A Kaboot's card award at Triple and Quadruple under ``kaboot_escalation: fixed`` (004); at Double it keeps
:data:`KABOOT_AWARD`."""

REVERSE_KABOOT_AWARD = 88
"""Sun reverse Kaboot (004): the award to the sweeping team."""

BALOOT_POINTS = 2
"""Game points of Baloot (trump K and Q in one original hand), Hokum only."""

MATCH_TARGET = 152
"""Game points that end the match (the Sakka)."""

FOUR_KIND_RANKS: tuple[Rank, ...] = (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.TEN)
"""Ranks whose four of a kind is a project (not 9, 8 or 7)."""


class ProjectType(Titled):
    """The declarable projects (000 §05); the title is a msgid (context ``ProjectType``)."""

    SIRA = "sira", NC_("ProjectType", "Sira")
    """A run of three in one suit."""
    FIFTY = "fifty", NC_("ProjectType", "Fifty")
    """A run of four in one suit."""
    HUNDRED = "hundred", NC_("ProjectType", "Hundred")
    """A run of five, four K, Q, J or T, or four Aces in Hokum."""
    FOUR_HUNDRED = "four_hundred", NC_("ProjectType", "Four Hundred")
    """Four Aces in Sun."""


PROJECT_VALUES: dict[ProjectType, dict[Mode, int]] = {
    ProjectType.SIRA: {Mode.HOKUM: 2, Mode.SUN: 4},
    ProjectType.FIFTY: {Mode.HOKUM: 5, Mode.SUN: 10},
    ProjectType.HUNDRED: {Mode.HOKUM: 10, Mode.SUN: 20},
    ProjectType.FOUR_HUNDRED: {Mode.HOKUM: 10, Mode.SUN: 40},
}
"""Game points of each project in Hokum and Sun (four Aces: 10 in Hokum, 40 in Sun)."""

RUN_TYPE: dict[int, ProjectType] = {3: ProjectType.SIRA, 4: ProjectType.FIFTY, 5: ProjectType.HUNDRED}
"""The project a run of each length makes."""


def card_points(rank: Rank, *, trump: bool) -> int:
    """Raw points of a card of this rank, as a trump (Hokum) or not.

    >>> card_points(Rank.JACK, trump=True), card_points(Rank.JACK, trump=False)
    (20, 2)
    """
    return HOKUM_TRUMP_POINTS[rank] if trump else SUN_POINTS[rank]


def strength(rank: Rank, *, trump: bool) -> int:
    """A number that orders cards of one suit: higher beats lower.

    >>> strength(Rank.NINE, trump=True) > strength(Rank.ACE, trump=True)
    True
    """
    order = HOKUM_TRUMP_ORDER if trump else SUN_ORDER
    return 8 - order.index(rank)
