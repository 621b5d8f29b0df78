"""The match (Sakka): deal awards add up to 152; Gahwa wins at once (000 §07, 004).

A :class:`Match` is a frozen list of :class:`MatchDeal` entries: a numeric award ``{NS, EW}``,
a Gahwa won by one team, or a deal cancelled because all four passed twice. Editing returns a
new ``Match``, so a score sheet can keep its history for Undo.

Rules (rules-decisions.md "Match"): awards add up from 0. When a team reaches 152 or more,
the higher total wins; equal totals at or above 152 need another deal. A Gahwa ends the
match for the team that won the deal, whatever the totals. A cancelled deal adds nothing.

>>> m = Match().add(MatchDeal.award(100, 62)).add(MatchDeal.award(60, 16))
>>> m.totals()[Team.NS], m.totals()[Team.EW], m.winner().value
(160, 78, 'NS')
>>> Match.from_rows([{"NS": 150, "EW": 150}, {"NS": 8, "EW": 8}]).status()
'Equal totals of 158 at or above 152: another deal is needed.'
>>> Match.from_rows([{"NS": 140, "EW": 10}, {"NS": 0, "EW": 0, "gahwa_winner": "EW"}]).winner().value
'EW'
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from explorer.engine.core.cards import Team
from explorer.engine.core.errors import CardError, MatchError, at, problem, short
from explorer.engine.core.i18n import Code, Msg, plural
from explorer.engine.core.tables import MATCH_TARGET
from explorer.engine.files.loader import scalar_problem

TEAMS: tuple[Team, ...] = (Team.NS, Team.EW)


MAX_DEAL_AWARD = 2 * 88 + 2 * (40 + 20 + 20 + 20)
"""The most one team can record in one deal: a doubled Sun reverse Kaboot (88 × 2) plus, doubled,
the most projects two hands can show in Sun (four Aces and four Kings, four Queens and four Jacks)."""


MAX_MATCH_TOTAL = MATCH_TARGET - 1 + MAX_DEAL_AWARD
"""The highest total a team can hold before a deal (527): a deal is played only while both totals
are below 152 or equal at 152 or more, and one deal takes a team from at most 151 to at most
151 + 376. (Equal totals can only climb higher through further tied deals, which no table plays:
scenarios refuse them rather than accept absurd totals.)"""


NOTE_LIMIT = 120
"""The longest note of a deal (the Score sheet's box and grid take as many characters)."""


def note_text(value: Any, *, where: str | Msg = "") -> str:
    """A deal's note: text of at most :data:`NOTE_LIMIT` characters (empty for None; a number is written as text)
    that a file can hold (no NUL, ESC or other control character, as files and links refuse them). MatchError
    says what is wrong.

    >>> note_text(None), note_text(84), note_text("Hokum ♥ by N")
    ('', '84', 'Hokum ♥ by N')
    >>> note_text("red\x1b[31m", where="row 3, note")
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.MatchError: row 3, note: the text holds the control character U+001B (ESC); remove it
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return ""
    if isinstance(value, bool) or not isinstance(value, (str, int, float)):
        raise MatchError(at(where, Msg("a note is text, not {value}", value=short(value))))
    text = value if isinstance(value, str) else short(value)
    if len(text) > NOTE_LIMIT:
        raise MatchError(at(where, plural("the note is {n} character long; a note has at most {most}",
                                          "the note is {n} characters long; a note has at most {most}", len(text),
                                          most=NOTE_LIMIT)))
    bad = scalar_problem(text)
    if bad is not None:
        raise MatchError(at(where, bad))
    return text


def whole_points(value: Any, *, where: str | Msg = "") -> int:
    """Game points as a whole number of 0 or more; MatchError says what is wrong.

    Integral floats (``16.0``) and digit strings (``" 16 "``) are accepted.

    >>> whole_points(16.0), whole_points(" 16 ")
    (16, 16)
    >>> whole_points(-5, where="deals[0].NS")
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.MatchError: deals[0].NS: -5 is negative; game points are 0 or more
    >>> whole_points("ten")
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.MatchError: 'ten' is not a whole number of game points
    """
    if value is None or (isinstance(value, float) and math.isnan(value)):
        raise MatchError(at(where, Msg("is empty; write a whole number (0 when the team scored nothing)")))
    if isinstance(value, bool):
        raise MatchError(at(where, Msg("{value} is not a whole number of game points", value=short(value))))
    number: int | None = None
    if isinstance(value, int):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str):
        text = value.strip()
        digits = text.lstrip("+-")
        if digits.isdigit() and len(digits) > 6:  # int() of 5,000 digits fails; none of them is an award
            raise MatchError(at(where, Msg("a number of {digits} digits is more than one deal can award (at most "
                                           "{most})", digits=len(digits), most=MAX_DEAL_AWARD)))
        if digits.isdigit():
            try:
                number = int(text)
            except ValueError:  # '²' is a digit to str.isdigit, not to int()
                number = None
    elif hasattr(value, "__index__"):  # numpy integers
        number = int(value.__index__())
    if number is None:
        raise MatchError(at(where, Msg("{value} is not a whole number of game points", value=short(value))))
    if number < 0:
        raise MatchError(at(where, Msg("{n} is negative; game points are 0 or more", n=short(number))))
    if number > MAX_DEAL_AWARD:
        raise MatchError(at(where, Msg("{n} is more than one deal can award (at most {most}: a doubled Sun reverse "
                                       "Kaboot with the most projects a team can show)", n=short(number),
                                       most=MAX_DEAL_AWARD)))
    return number


def row_place(label: str, n: int) -> str | Msg:
    """A row of a score sheet as a place in a problem line: ``deal 3`` or ``row 3`` (a message, in the
    reader's language), another label as written.

    >>> str(row_place("deal", 3)), row_place("Undo", 2)
    ('deal 3', 'Undo 2')
    """
    if label == "deal":
        return Msg("deal {n}", n=n)
    if label == "row":
        return Msg("row {n}", n=n)
    return f"{label} {n}"


def _field(where: str | Msg, name: str) -> str | Msg:
    """A column of a row (``deal 3, NS``) as a place: a message when the row is one."""
    if not where:
        return name
    if isinstance(where, Msg):
        return Msg("{where}, {field}", where=where, field=Code(name))
    return f"{where}, {name}"


def _team_or_none(value: Any, *, where: str | Msg = "") -> Team | None:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return None
    if isinstance(value, Team):
        return value
    text = str(value).strip()
    if text.lower() in ("", "none", "-", "—", "no"):
        return None
    try:
        return Team.parse(text)
    except CardError:
        raise MatchError(at(where, Msg("unknown team {value} for the Gahwa winner (use NS or EW)", value=short(value)))) from None


@dataclass(frozen=True)
class MatchDeal:
    """One deal on the score sheet: an award, a Gahwa won by ``gahwa_winner``, or a cancelled deal.

    A Gahwa deal has no numeric award (004); a cancelled deal adds nothing.

    >>> MatchDeal.award(16, 0).kind, MatchDeal.gahwa(Team.EW).kind, MatchDeal.cancelled_deal().kind
    ('award', 'gahwa', 'cancelled')
    >>> MatchDeal(ns=5, ew=0, gahwa_winner=Team.NS)
    Traceback (most recent call last):
    ...
    explorer.engine.core.errors.MatchError: a Gahwa deal records no points (004): its winner takes the match
    """

    ns: int = 0
    ew: int = 0
    gahwa_winner: Team | None = None
    cancelled: bool = False
    note: str = ""

    def __post_init__(self) -> None:
        object.__setattr__(self, "ns", whole_points(self.ns, where="NS"))
        object.__setattr__(self, "ew", whole_points(self.ew, where="EW"))
        if self.gahwa_winner is not None and not isinstance(self.gahwa_winner, Team):
            object.__setattr__(self, "gahwa_winner", _team_or_none(self.gahwa_winner, where="gahwa_winner"))
        object.__setattr__(self, "note", note_text(self.note, where="note"))
        if self.gahwa_winner is not None and self.cancelled:
            raise MatchError(problem(Msg("a deal cannot be both a Gahwa and cancelled")))
        if self.gahwa_winner is not None and (self.ns or self.ew):
            raise MatchError(problem(Msg("a Gahwa deal records no points ({rule}): its winner takes the match",
                                         rule=Code("004"))))
        if self.cancelled and (self.ns or self.ew):
            raise MatchError(problem(Msg("a cancelled deal (all passed) records no points")))

    @classmethod
    def award(cls, ns: int, ew: int, *, note: str = "") -> MatchDeal:
        """A deal's numeric award, as the score calculator gives it."""
        return cls(ns=ns, ew=ew, note=note)

    @classmethod
    def gahwa(cls, winner: Team | str, *, note: str = "") -> MatchDeal:
        """A Gahwa deal won by ``winner``: that team wins the match at once."""
        return cls(gahwa_winner=_team_or_none(winner, where="gahwa_winner") or Team.parse(str(winner)),
                   note=note)

    @classmethod
    def cancelled_deal(cls, *, note: str = "") -> MatchDeal:
        """A deal in which all four passed twice: no score, the next dealer deals."""
        return cls(cancelled=True, note=note)

    @property
    def kind(self) -> str:
        """``award``, ``gahwa`` or ``cancelled``."""
        if self.gahwa_winner is not None:
            return "gahwa"
        return "cancelled" if self.cancelled else "award"

    @property
    def points(self) -> dict[Team, int]:
        """What the deal adds to each team's total (0 for a Gahwa or a cancelled deal)."""
        return {Team.NS: self.ns, Team.EW: self.ew}

    def describe(self) -> str:
        """The deal in words.

        >>> MatchDeal.award(11, 5).describe(), MatchDeal.gahwa("NS").describe()
        ('NS 11, EW 5', 'Gahwa won by NS: NS wins the match')
        """
        if self.kind == "gahwa":
            return f"Gahwa won by {self.gahwa_winner.value}: {self.gahwa_winner.value} wins the match"
        if self.kind == "cancelled":
            return "cancelled (all passed): no score"
        return f"NS {self.ns}, EW {self.ew}"

    def to_dict(self) -> dict[str, Any]:
        """The score-sheet row: ``{NS, EW, note, gahwa_winner}`` (and ``cancelled`` when true)."""
        out: dict[str, Any] = {"NS": self.ns, "EW": self.ew, "note": self.note,
                               "gahwa_winner": self.gahwa_winner.value if self.gahwa_winner else None}
        if self.cancelled:
            out["cancelled"] = True
        return out

    @classmethod
    def from_dict(cls, row: Mapping[str, Any], *, where: str | Msg = "") -> MatchDeal:
        """A score-sheet row (``{NS, EW, note, gahwa_winner, cancelled}``); MatchError lists every problem.

        >>> MatchDeal.from_dict({"NS": "8", "EW": 8.0, "note": "84-78"})
        MatchDeal(ns=8, ew=8, gahwa_winner=None, cancelled=False, note='84-78')
        >>> MatchDeal.from_dict({"NS": -1, "EW": "x"}, where="deal 3")
        Traceback (most recent call last):
        ...
        explorer.engine.core.errors.MatchError: deal 3, NS: -1 is negative; game points are 0 or more; deal 3, EW: 'x' is not a whole number of game points
        """
        if not isinstance(row, Mapping):
            raise MatchError(at(where, Msg("a deal is a mapping {{NS, EW, note, gahwa_winner}}, not {value}",
                                           value=short(row))))
        problems: list[str] = []
        values: dict[str, Any] = {}
        for team in TEAMS:
            try:
                values[team.value] = whole_points(row.get(team.value, 0), where=_field(where, team.value))
            except MatchError as e:
                problems += e.problems
        try:
            winner = _team_or_none(row.get("gahwa_winner"), where=_field(where, "gahwa_winner"))
        except MatchError as e:
            problems += e.problems
            winner = None
        cancelled = row.get("cancelled", False)
        cancelled = False if cancelled is None or (isinstance(cancelled, float) and math.isnan(cancelled)) \
            else cancelled
        if not isinstance(cancelled, bool):
            problems.append(at(_field(where, "cancelled"), Msg("{value} is not true or false", value=short(cancelled))))
            cancelled = False
        try:
            note = note_text(row.get("note"), where=_field(where, "note"))
        except MatchError as e:
            problems += e.problems
        if problems:
            raise MatchError(problems)
        try:
            return cls(ns=values["NS"], ew=values["EW"], gahwa_winner=winner, cancelled=cancelled, note=note)
        except MatchError as e:
            raise MatchError([at(where, p) for p in e.problems]) from None


@dataclass(frozen=True)
class Standing:
    """The match after one deal: totals, and whether it is decided or needs another deal."""

    deal: int
    """1-based number of the deal."""
    totals: dict[Team, int]
    winner: Team | None = None
    by_gahwa: bool = False
    another_deal: bool = False
    """Equal totals at or above the target: the match goes on."""
    after_end: bool = False
    """This deal comes after the one that decided the match: it does not count."""


def decide(totals: Mapping[Team, int], *, target: int = MATCH_TARGET) -> tuple[Team | None, bool]:
    """The winner once a team has reached ``target`` with the higher total; and whether equal totals
    at or above ``target`` need another deal (000 §07, 004 "Winning the Sakka at 152").

    >>> decide({Team.NS: 152, Team.EW: 151})
    (<Team.NS: 'NS'>, False)
    >>> decide({Team.NS: 152, Team.EW: 152})
    (None, True)
    >>> decide({Team.NS: 151, Team.EW: 151})
    (None, False)
    """
    ns, ew = int(totals.get(Team.NS, 0)), int(totals.get(Team.EW, 0))
    if max(ns, ew) < target:
        return None, False
    if ns == ew:
        return None, True
    return (Team.NS if ns > ew else Team.EW), False


@dataclass(frozen=True)
class Match:
    """A Sakka: the deals in order. Each edit returns a new Match.

    A sheet may hold deals after the one that decided the match (e.g. after an earlier row was
    edited); :meth:`decided_at` and :meth:`extra_deals` say so. :meth:`add` refuses a deal once
    the match is decided.
    """

    deals: tuple[MatchDeal, ...] = field(default_factory=tuple)
    target: int = MATCH_TARGET

    def __post_init__(self) -> None:
        deals = tuple(self.deals)
        for i, d in enumerate(deals):
            if not isinstance(d, MatchDeal):
                raise MatchError(at(f"deals[{i}]", f"{d!r} is not a MatchDeal"))
        object.__setattr__(self, "deals", deals)

    # --- reading ---------------------------------------------------------------------------

    def __len__(self) -> int:
        return len(self.deals)

    def running(self) -> list[Standing]:
        """The standing after each deal, in order; deals after the deciding one are marked ``after_end``.

        >>> [(s.deal, s.totals[Team.NS], s.winner) for s in Match.from_rows([{"NS": 16, "EW": 0}]).running()]
        [(1, 16, None)]
        """
        out: list[Standing] = []
        totals = {Team.NS: 0, Team.EW: 0}
        decided = False
        for i, d in enumerate(self.deals, start=1):
            for team in TEAMS:
                totals[team] += d.points[team]
            if decided:
                out.append(Standing(i, dict(totals), after_end=True))
            elif d.gahwa_winner is not None:
                out.append(Standing(i, dict(totals), winner=d.gahwa_winner, by_gahwa=True))
                decided = True
            else:
                winner, again = decide(totals, target=self.target)
                out.append(Standing(i, dict(totals), winner=winner, another_deal=again))
                decided = winner is not None
        return out

    def totals(self) -> dict[Team, int]:
        """Each team's total: over every deal, or up to the deal that decided the match.

        >>> Match().totals()
        {<Team.NS: 'NS'>: 0, <Team.EW: 'EW'>: 0}
        >>> Match.from_rows([{"NS": 152, "EW": 0}, {"NS": 0, "EW": 16}]).totals()[Team.EW]
        0
        """
        d = self.decision()
        if d is not None:
            return dict(d.totals)
        run = self.running()
        return dict(run[-1].totals) if run else {Team.NS: 0, Team.EW: 0}

    def decision(self) -> Standing | None:
        """The standing of the deal that decided the match, or None while it goes on."""
        return next((s for s in self.running() if s.winner is not None), None)

    def winner(self) -> Team | None:
        """The team that won the match, or None while it goes on."""
        d = self.decision()
        return d.winner if d else None

    def decided_at(self) -> int | None:
        """The 1-based number of the deal that decided the match, or None."""
        d = self.decision()
        return d.deal if d else None

    def extra_deals(self) -> int:
        """How many deals come after the one that decided the match (0 when none or undecided)."""
        at_ = self.decided_at()
        return 0 if at_ is None else len(self.deals) - at_

    def needs_another_deal(self) -> bool:
        """Whether the totals are equal at or above the target after the last deal (and no winner yet)."""
        if self.winner() is not None or not self.deals:
            return False
        return self.running()[-1].another_deal

    def to_go(self) -> dict[Team, int]:
        """Points each team still needs to reach the target (0 once reached).

        >>> Match.from_rows([{"NS": 100, "EW": 160}]).to_go()[Team.NS]
        52
        """
        return {t: max(0, self.target - v) for t, v in self.totals().items()}

    def status(self) -> str:
        """The state of the match in one sentence.

        >>> Match().status()
        'No deal yet: the first team to reach 152 with the higher total wins.'
        >>> Match.from_rows([{"NS": 100, "EW": 40}]).status()
        'NS 100, EW 40: NS needs 52 more, EW 112.'
        """
        if not self.deals:
            return f"No deal yet: the first team to reach {self.target} with the higher total wins."
        d = self.decision()
        if d is not None:
            ns, ew = d.totals[Team.NS], d.totals[Team.EW]
            if d.by_gahwa:
                text = f"{d.winner.value} wins the match by Gahwa in deal {d.deal}, whatever the totals."
            else:
                text = (f"{d.winner.value} wins the match in deal {d.deal}: NS {ns}, EW {ew} "
                        f"({d.winner.value} reached {self.target} with the higher total).")
            extra = self.extra_deals()
            if extra:
                text += f" {extra} deal{'s' if extra > 1 else ''} after that one do{'' if extra > 1 else 'es'} not count."
            return text
        t = self.totals()
        ns, ew = t[Team.NS], t[Team.EW]
        if self.needs_another_deal():
            return f"Equal totals of {ns} at or above {self.target}: another deal is needed."
        need = self.to_go()
        return f"NS {ns}, EW {ew}: NS needs {need[Team.NS]} more, EW {need[Team.EW]}."

    # --- editing ---------------------------------------------------------------------------

    def add(self, deal: MatchDeal) -> Match:
        """A new Match with ``deal`` at the end; MatchError once the match is decided.

        >>> Match.from_rows([{"NS": 0, "EW": 0, "gahwa_winner": "NS"}]).add(MatchDeal.award(1, 1))
        Traceback (most recent call last):
        ...
        explorer.engine.core.errors.MatchError: the match is over: NS won it in deal 1 (start a new match)
        """
        d = self.decision()
        if d is not None:
            raise MatchError(problem(Msg("the match is over: {team} won it in deal {deal} (start a new match)",
                                         team=d.winner, deal=d.deal)))
        return replace(self, deals=(*self.deals, deal))

    def edit(self, index: int, deal: MatchDeal) -> Match:
        """A new Match with deal number ``index`` (0-based) replaced."""
        self._check_index(index)
        deals = list(self.deals)
        deals[index] = deal
        return replace(self, deals=tuple(deals))

    def delete(self, index: int) -> Match:
        """A new Match without deal number ``index`` (0-based).

        >>> len(Match.from_rows([{"NS": 1, "EW": 2}]).delete(0))
        0
        """
        self._check_index(index)
        return replace(self, deals=self.deals[:index] + self.deals[index + 1:])

    def _check_index(self, index: int) -> None:
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < len(self.deals):
            raise MatchError(problem(Msg("there is no deal {deal} (the sheet has {n})",
                                         deal=index + 1 if isinstance(index, int) else repr(index),
                                         n=len(self.deals))))

    # --- rows ----------------------------------------------------------------------------------

    @classmethod
    def from_rows(cls, rows: Iterable[Mapping[str, Any]], *, target: int = MATCH_TARGET, label: str = "deal",
                  problems: list[str] | None = None) -> Match:
        """A Match from score-sheet rows ``{NS, EW, note, gahwa_winner}``; MatchError lists every problem.

        ``label`` names a row in the problems (``deal 3``, ``row 3``); ``problems`` already found by the
        caller are reported with the rows' own.
        """
        deals: list[MatchDeal] = []
        problems = list(problems or [])
        for i, row in enumerate(rows):
            try:
                deals.append(MatchDeal.from_dict(row, where=row_place(label, i + 1)))
            except MatchError as e:
                problems += e.problems
        if problems:
            raise MatchError(problems)
        return cls(tuple(deals), target=target)

    def to_rows(self) -> list[dict[str, Any]]:
        """The score-sheet rows, as :meth:`from_rows` reads them."""
        return [d.to_dict() for d in self.deals]
