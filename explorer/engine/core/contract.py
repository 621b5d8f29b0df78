"""Contracts and escalation: who bought, what is trump, Double to Gahwa (000 §03); the levels are in
:mod:`.tables`.

>>> c = Contract(Mode.HOKUM, Suit.H, Seat.N)
>>> str(c)
'Hokum ♥ bought by N'
>>> Escalation(Level.DOUBLE, Seat.E).responsible_team(c).value
'EW'
"""

from __future__ import annotations

from dataclasses import dataclass

from explorer.engine.core.cards import Seat, Suit, Team
from explorer.engine.core.i18n import Msg
from explorer.engine.core.tables import LEVELS, Level, Mode  # noqa: F401  (Level and LEVELS are read from here too)


@dataclass(frozen=True)
class Contract:
    """The bought contract: Sun or Hokum (with its trump) and the declarer (buyer)."""

    mode: Mode
    trump: Suit | None
    buyer: Seat

    def __post_init__(self) -> None:
        if self.mode is Mode.HOKUM and self.trump is None:
            raise ValueError("a Hokum contract needs a trump suit")
        if self.mode is Mode.SUN and self.trump is not None:
            raise ValueError("a Sun contract has no trump suit")

    @property
    def buyer_team(self) -> Team:
        return self.buyer.team

    def message(self) -> Msg:
        """The contract in words: ``Sun bought by N``, ``Hokum ♥ bought by N``."""
        if self.mode is Mode.SUN:
            return Msg("Sun bought by {buyer}", buyer=self.buyer)
        return Msg("Hokum {trump:sym} bought by {buyer}", trump=self.trump, buyer=self.buyer)

    def __str__(self) -> str:
        return str(self.message())

    def to_dict(self) -> dict:
        d = {"mode": self.mode.value, "buyer": self.buyer.value}
        if self.trump is not None:
            d = {"mode": self.mode.value, "trump": self.trump.value, "buyer": self.buyer.value}
        return d


@dataclass(frozen=True)
class Escalation:
    """The escalation level reached, the seat that said Double, and whether it is locked."""

    level: Level = Level.NONE
    doubler: Seat | None = None
    locked: bool = False

    def responsible_team(self, contract: Contract) -> Team:
        """The team carrying the buyer's responsibility: the latest escalator's team (000 §06)."""
        if self.level.by_doubler and self.doubler is not None:
            return self.doubler.team
        return contract.buyer_team

    def counting_team(self, contract: Contract) -> Team:
        """The team whose raw points are converted: the other side from the responsible one."""
        return self.responsible_team(contract).other

    def message(self) -> Msg:
        """The escalation in words: ``no escalation``, ``Double, locked; E said Double``, ``Triple; E said Double``."""
        if self.level is Level.NONE:
            return Msg("no escalation")
        if self.doubler is None:
            return Msg("{level}", level=self.level)
        if self.locked:
            return Msg("{level}, locked; {seat} said Double", level=self.level, seat=self.doubler)
        return Msg("{level}; {seat} said Double", level=self.level, seat=self.doubler)

    def to_dict(self) -> dict:
        return {"level": self.level.value,
                "doubler": self.doubler.value if self.doubler else None,
                "locked": self.locked}


NO_ESCALATION = Escalation()
