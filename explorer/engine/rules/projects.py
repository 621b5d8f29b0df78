"""Projects (Sira, Fifty, Hundred, Four Hundred), their comparison, and Baloot (000 §05, 002, 003).

>>> p = project_of(cards("QD KD AD"), Mode.SUN)
>>> p.type.value, p.value
('sira', 4)
>>> [q.type.value for q in find_projects(cards("AS KS QS JS 7H 8H 9H 7D"), Mode.HOKUM, Suit.S).projects]
['fifty', 'sira']
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations

from explorer.engine.core.cards import Card, Notation, Rank, Seat, Suit, Team, cards, priority_order  # noqa: F401 (doctest)
from explorer.engine.core.errors import ProjectError
from explorer.engine.core.i18n import Msg
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import (
    BALOOT_POINTS,
    FOUR_KIND_RANKS,
    PROJECT_ORDER,
    PROJECT_VALUES,
    RUN_TYPE,
    Mode,
    ProjectType,
)


def _po(rank: Rank) -> int:
    """Position in project order: 0 for the Ace … 7 for the seven."""
    return PROJECT_ORDER.index(rank)


@dataclass(frozen=True)
class Project:
    """One declared project: its type, its cards (highest first) and its value in the contract."""

    type: ProjectType
    cards: tuple[Card, ...]
    value: int
    four_kind: bool

    @property
    def top(self) -> Rank:
        """The highest card's rank, in project order."""
        return self.cards[0].rank

    @property
    def suit(self) -> Suit | None:
        """The suit of a run (None for four of a kind)."""
        return None if self.four_kind else self.cards[0].suit

    @property
    def title(self) -> Msg:
        """The project in words: ``Hundred (four kings)``, ``Sira (3-card run to the ace)``."""
        if self.four_kind:
            return Msg("{type} (four {rank:plural})", type=self.type, rank=self.top)
        return Msg("{type} ({n}-card run to the {rank})", type=self.type, n=len(self.cards), rank=self.top)

    def to_dict(self) -> dict:
        return {"type": self.type.value, "cards": [str(c) for c in self.cards], "value": self.value}


def _sorted(cs: Iterable[Card]) -> tuple[Card, ...]:
    return tuple(sorted(cs, key=lambda c: (_po(c.rank), c.suit.value)))


def project_of(items: Iterable[Card], mode: Mode) -> Project:
    """The project these cards make (a run of 3–5 or four of a kind), or ProjectError saying why not."""
    cs = _sorted(items)
    names = Notation(" ".join(map(str, cs))) if cs else Msg("no cards")
    if len(set(cs)) != len(cs):
        raise ProjectError(Msg("{cards}: a card appears twice", cards=names))
    if len(cs) == 4 and len({c.rank for c in cs}) == 1:
        rank = cs[0].rank
        if rank not in FOUR_KIND_RANKS:
            raise ProjectError(Msg("four {rank:plural} are not a project (only four A, K, Q, J or 10)", rank=rank))
        kind = ProjectType.FOUR_HUNDRED if rank is Rank.ACE and mode is Mode.SUN else ProjectType.HUNDRED
        return Project(kind, cs, PROJECT_VALUES[kind][mode], True)
    if len(cs) < 3:
        raise ProjectError(Msg("{cards}: a project needs at least 3 cards in a run or four of a kind", cards=names))
    if len({c.suit for c in cs}) != 1:
        raise ProjectError(Msg("{cards}: a run must be in one suit (or four cards of one rank)", cards=names))
    idx = [_po(c.rank) for c in cs]
    if idx != list(range(idx[0], idx[0] + len(idx))):
        raise ProjectError(Msg("{cards}: not a run in project order A K Q J 10 9 8 7", cards=names))
    if len(cs) > 5:
        raise ProjectError(Msg("{cards}: a run longer than 5 is shown as a Hundred plus what the rest can make",
                               cards=names))
    kind = RUN_TYPE[len(cs)]
    return Project(kind, cs, PROJECT_VALUES[kind][mode], False)


def declared_projects(items: Iterable[Card], mode: Mode) -> list[Project]:
    """Projects from one declared list; a run longer than 5 becomes a Hundred (top 5) plus the rest (our reading).

    >>> [p.type.value for p in declared_projects(cards("AH KH QH JH TH 9H 8H 7H"), Mode.SUN)]
    ['hundred', 'sira']
    """
    cs = _sorted(items)
    if len(cs) > 5 and len({c.suit for c in cs}) == 1:
        idx = [_po(c.rank) for c in cs]
        if idx == list(range(idx[0], idx[0] + len(idx))):
            head, rest = cs[:5], cs[5:]
            out = [project_of(head, mode)]
            if len(rest) >= 3:
                out.append(project_of(rest, mode))
            return out
    return [project_of(cs, mode)]


def project_key(p: Project, seat: Seat, *, dealer: Seat | None, trump: Suit | None,
                profile: RuleProfile = DEFAULT_PROFILE) -> tuple:
    """Sort key: higher is better. Value, (trump priority), four of a kind over a run, top card, earlier seat."""
    trump_first = int(profile.trump_project_priority and trump is not None and p.suit is trump)
    seat_rank = -priority_order(dealer).index(seat) if dealer else 0
    return (p.value, trump_first, int(p.four_kind), -_po(p.top), seat_rank)


@dataclass(frozen=True)
class HandProjects:
    """What one hand may show: the best set of projects and whether it holds Baloot."""

    projects: tuple[Project, ...]
    baloot: bool
    baloot_separate: bool

    @property
    def value(self) -> int:
        return sum(p.value for p in self.projects) + (BALOOT_POINTS if self.baloot and self.baloot_separate else 0)


def has_baloot(hand: Iterable[Card], trump: Suit | None) -> bool:
    """Trump K and Q in one original hand (Hokum only)."""
    if trump is None:
        return False
    hs = set(hand)
    return Card(Rank.KING, trump) in hs and Card(Rank.QUEEN, trump) in hs


def baloot_absorbed(shown: Iterable[Project], trump: Suit | None) -> bool:
    """A shown five-card run holding trump K and Q, or four K, or four Q, leaves no separate Baloot (000 §05)."""
    if trump is None:
        return False
    k, q = Card(Rank.KING, trump), Card(Rank.QUEEN, trump)
    for p in shown:
        if p.four_kind and p.top in (Rank.KING, Rank.QUEEN):
            return True
        if not p.four_kind and len(p.cards) == 5 and k in p.cards and q in p.cards:
            return True
    return False


def possible_projects(hand: Iterable[Card], mode: Mode) -> list[Project]:
    """Every single project a hand holds (each run of 3 to 5 and each four of a kind), overlapping ones too.

    >>> [p.type.value for p in possible_projects(cards("AS KS QS JS"), Mode.SUN)]
    ['sira', 'fifty', 'sira']
    """
    return _candidates(tuple(hand), mode)


def _candidates(hand: tuple[Card, ...], mode: Mode) -> list[Project]:
    out: list[Project] = []
    hs = set(hand)
    for rank in FOUR_KIND_RANKS:
        four = [Card(rank, s) for s in Suit]
        if all(c in hs for c in four):
            out.append(project_of(four, mode))
    for suit in Suit:
        idx = sorted(_po(c.rank) for c in hand if c.suit is suit)
        for start in range(8):
            for length in (3, 4, 5):
                want = list(range(start, start + length))
                if want[-1] <= 7 and all(i in idx for i in want):
                    out.append(project_of([Card(PROJECT_ORDER[i], suit) for i in want], mode))
    return out


def _hundreds_on_top(combo: tuple[Project, ...], hand: set[Card]) -> bool:
    """A Hundred cut from a longer run is that run's top five cards (our reading, as declared_projects).

    The card just above a five-card run must be missing from the hand or serve in a four of a kind,
    so a trump run K–8 shows K–9 (holding the Baloot), not Q–8 beside a separate Baloot, and an
    eight-card run shows A–10 and 9–7, as a declared run does.
    """
    in_fours = {c for p in combo if p.four_kind for c in p.cards}
    for p in combo:
        if p.four_kind or len(p.cards) != 5 or p.top is Rank.ACE:
            continue
        above = Card(PROJECT_ORDER[_po(p.top) - 1], p.cards[0].suit)
        if above in hand and above not in in_fours:
            return False
    return True


def find_projects(hand: Iterable[Card], mode: Mode, trump: Suit | None = None) -> HandProjects:
    """The set of projects this hand can show with the highest value, Baloot included (our reading).

    Among equal values, the set with the best single project. No card serves twice.
    """
    trump = trump if mode is Mode.HOKUM else None
    return _find_projects(tuple(sorted(hand, key=lambda c: (c.suit.value, c.rank.value))), mode, trump)


@lru_cache(maxsize=4096)
def _find_projects(hand: tuple[Card, ...], mode: Mode, trump: Suit | None) -> HandProjects:
    cands = _candidates(hand, mode)
    baloot = has_baloot(hand, trump)
    best: tuple | None = None
    best_set: tuple[Project, ...] = ()
    for n in range(0, min(len(cands), 3) + 1):
        for combo in combinations(cands, n):
            used = [c for p in combo for c in p.cards]
            if len(used) != len(set(used)) or not _hundreds_on_top(combo, set(hand)):
                continue
            sep = baloot and not baloot_absorbed(combo, trump)
            total = sum(p.value for p in combo) + (BALOOT_POINTS if sep else 0)
            top = max((project_key(p, Seat.S, dealer=None, trump=trump) for p in combo), default=())
            key = (total, top, -n)
            if best is None or key > best:
                best, best_set = key, tuple(sorted(combo, key=lambda p: (-p.value, _po(p.top))))
    return HandProjects(best_set, baloot, baloot and not baloot_absorbed(best_set, trump))


@dataclass(frozen=True)
class ProjectComparison:
    """Which seat has the best single project and so which team scores all its projects."""

    best_seat: Seat | None
    best: Project | None
    project_team: Team | None
    reason: Msg
    needs_dealer: bool = False


def compare_projects(shown: Mapping[Seat, Iterable[Project]], *, mode: Mode, trump: Suit | None,
                     dealer: Seat | None, profile: RuleProfile = DEFAULT_PROFILE) -> ProjectComparison:
    """The best single project decides the project team (000 §05).

    Compare value; at equal value (with ``trump_project_priority``, a trump project first) four of a
    kind beats a run; then the higher top card; then the earlier seat from the dealer's right.
    """
    trump = trump if mode is Mode.HOKUM else None
    entries = [(project_key(p, seat, dealer=dealer, trump=trump, profile=profile), seat, p)
               for seat, ps in shown.items() for p in ps]
    if not entries:
        return ProjectComparison(None, None, None, Msg("No project was shown, so no team scores projects."))
    entries.sort(key=lambda e: e[0], reverse=True)
    key, seat, p = entries[0]
    rivals = [e for e in entries if e[1].team is not seat.team]
    if not rivals:
        return ProjectComparison(seat, p, seat.team,
                                 Msg("Only {team} showed projects; {seat}'s {project} is the best.",
                                     team=seat.team, seat=seat, project=p.title))
    rkey, rseat, rp = rivals[0]
    if key[:4] == rkey[:4] and dealer is None:
        return ProjectComparison(seat, p, None, Msg("The best projects of both teams are equal: the dealer "
                                                    "is needed to give priority to the earlier seat."),
                                 needs_dealer=True)
    why = _why(key, rkey, p, rp, seat, rseat)
    return ProjectComparison(seat, p, seat.team,
                             Msg("{seat}'s {project} beats {rival}'s {rival_project}: {why}.", seat=seat,
                                 project=p.title, rival=rseat, rival_project=rp.title, why=why))


def _why(key: tuple, rkey: tuple, p: Project, rp: Project, seat: Seat, rseat: Seat) -> Msg:
    if key[0] != rkey[0]:
        return Msg("higher value ({value} against {rival})", value=key[0], rival=rkey[0])
    if key[1] != rkey[1]:
        return Msg("equal value, and a trump-suit project wins ties (trump project priority)")
    if key[2] != rkey[2]:
        return Msg("equal value, and four of a kind beats a five-card run")
    if key[3] != rkey[3]:
        return Msg("equal value, and the higher top card ({top:label} against {rival:label})", top=p.top,
                   rival=rp.top)
    return Msg("exactly equal, and {seat} sits earlier from the dealer's right than {rival}", seat=seat,
               rival=rseat)
