"""``kind: play``: which cards may this seat play now, and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..cards import Card, Seat
from ..contract import Contract, Level
from ..errors import ScenarioError, at
from ..i18n import ENGLISH, Msg, Style
from ..play import Obligation, PlayState, Verdict, check_play, ekka_problem, obligation, trick_winner
from ..profiles import RuleProfile
from ..scenario import CardT, Common, ContractIn, TrickIn, check_duplicates, read_model, register
from ..tables import Mode


class PlayIn(Common):
    contract: ContractIn
    tricks: list[TrickIn] | None = None
    current: TrickIn
    ekka: bool | None = None
    hand: list[CardT]
    played: list[CardT] | None = None


def history_problems(tricks: list[TrickIn], contract, dealer: Seat | None, *,
                     path: str = "tricks") -> tuple[list[str], Seat | None, list[Card]]:
    """Check earlier tricks (4 cards, leaders follow winners, Ekka claims); return problems, next leader, played."""
    problems: list[str] = []
    played: list[Card] = []
    expected = dealer.right if dealer else None
    for i, t in enumerate(tricks):
        p = f"{path}[{i}]"
        if len(t.cards) != 4:
            problems.append(at(f"{p}.cards", f"a finished trick has 4 cards, not {len(t.cards)}"))
        if expected is not None and t.leader is not expected:
            why = (f"the dealer's right ({expected.value}) leads the first trick" if i == 0
                   else f"{expected.value} won trick {i}")
            problems.append(at(f"{p}.leader", f"{t.leader.value} cannot lead trick {i + 1}: {why}"))
        if t.ekka and t.cards:
            bad = ekka_problem(t.cards[0], played, contract.mode, contract.trump)
            if bad:
                problems.append(at(f"{p}.ekka", str(bad)))
        if len(t.cards) == 4:
            expected = trick_winner(t.leader, t.cards, contract.mode, contract.trump)
        else:
            expected = None
        played.extend(t.cards)
    return problems, expected, played


def _n(count: int, word: str) -> str:
    """``1 trick``, ``2 tricks``."""
    return f"{count} {word}{'' if count == 1 else 's'}"


@register("play")
def judge_play(doc: dict[str, Any], profile: RuleProfile) -> PlayVerdict:
    s: PlayIn = read_model(PlayIn, doc)
    c = s.contract
    problems: list[str] = []
    tricks = s.tricks or []
    hist, next_leader, played = history_problems(tricks, c, s.dealer)
    problems += hist
    if s.tricks is not None:
        if len(tricks) > 7:
            problems.append(at("tricks", f"{len(tricks)} earlier tricks leave no card to play (at most 7)"))
        elif len(s.hand) != 8 - len(tricks):
            problems.append(at("hand", f"holds {len(s.hand)} cards; after {_n(len(tricks), 'trick')} "
                                       f"the seat to play holds {8 - len(tricks)}"))
        if next_leader is not None and s.current.leader is not next_leader:
            problems.append(at("current.leader", f"{s.current.leader.value} cannot lead: "
                                                 f"{next_leader.value} won the last trick"))
    elif not 1 <= len(s.hand) <= 8:
        problems.append(at("hand", f"holds {len(s.hand)} cards (1 to 8)"))
    if s.tricks is None and s.dealer is not None and not s.played and s.current.leader is not s.dealer.right \
            and len(s.hand) == 8:
        problems.append(at("current.leader", f"{s.current.leader.value} cannot lead the first trick: "
                                             f"the dealer's right ({s.dealer.right.value}) leads it"))
    if len(s.current.cards) > 3:
        problems.append(at("current.cards", f"{len(s.current.cards)} cards are already down: "
                                            "nobody is left to play"))
    extra_played = list(s.played or [])
    if extra_played and 1 <= len(s.hand) <= 8 and len(tricks) <= 7:
        room = 4 * (8 - len(s.hand) - len(tricks))
        if len(extra_played) > room:
            if tricks:
                why = "the tricks already hold every card of the earlier tricks"
            else:
                why = (f"a seat holding {len(s.hand)} cards has seen {_n(8 - len(s.hand), 'earlier trick')}, "
                       f"at most {room} cards")
            problems.append(at("played", f"lists {_n(len(extra_played), 'card')}, but {why}"))
    named = ([(f"tricks[{i}].cards[{j}]", card) for i, t in enumerate(tricks) for j, card in enumerate(t.cards)]
             + [(f"played[{j}]", card) for j, card in enumerate(extra_played)]
             + [(f"current.cards[{j}]", card) for j, card in enumerate(s.current.cards)])
    check_duplicates(named, problems)
    gone = {card: path for path, card in named}
    for j, card in enumerate(s.hand):
        if card in gone:
            problems.append(at(f"hand[{j}]", f"{card} is in the hand but was already played at {gone[card]}"))
    check_duplicates([(f"hand[{j}]", card) for j, card in enumerate(s.hand)], problems)
    ekka = bool(s.ekka) or s.current.ekka
    ekka_path = "ekka" if s.ekka else "current.ekka"
    all_played = played + extra_played
    if ekka:
        if not s.current.cards:
            problems.append(at(ekka_path, "Ekka is announced with a lead, but no card has been led"))
        else:
            bad = ekka_problem(s.current.cards[0], all_played, c.mode, c.trump)
            if bad:
                problems.append(at(ekka_path, str(bad)))
    if s.escalation is not None and s.escalation.locked:
        if c.mode is Mode.SUN:
            problems.append(at("escalation.locked", "a Sun contract is never locked (000 §03)"))
        elif s.escalation.level not in (Level.DOUBLE, Level.QUADRUPLE):
            problems.append(at("escalation.locked", f"{s.escalation.level.title} is open: only a Double "
                                                    "or Quadruple is declared locked (000 §03)"))
    if problems:
        raise ScenarioError(problems)
    locked = bool(s.escalation and s.escalation.locked)
    state = PlayState(mode=c.mode, trump=c.trump, leader=s.current.leader, cards=tuple(s.current.cards),
                      hand=tuple(s.hand), played=frozenset(all_played), ekka=ekka, locked=locked,
                      profile=profile)
    return PlayVerdict(state, obligation(state), tuple(check_play(state, card) for card in s.hand), c.engine())


@dataclass(frozen=True)
class PlayVerdict:
    """The ``play`` kind's verdict: the moment, the obligation that applies, and each card's verdict."""

    state: PlayState
    obligation: Obligation
    verdicts: tuple[Verdict, ...]
    contract: Contract

    @property
    def legal(self) -> list[Card]:
        return [v.card for v in self.verdicts if v.legal]

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        """The JSON output of scenario-format.md (``to_play``, ``legal``, ``illegal``, ``rule``, ``winning``...)."""
        st, ob = self.state, self.obligation
        winning = st.winning()
        return {
            "to_play": st.to_play.value,
            "legal": sorted(str(c) for c in self.legal),
            "illegal": {str(v.card): v.reason.render(style)
                        for v in sorted(self.verdicts, key=lambda v: str(v.card)) if not v.legal},
            "rule": ob.situation.render(style),
            "rule_id": ob.rule.value,
            "rule_text": Msg(ob.rule.doc).render(style),
            "requirement": ob.requirement.render(style) if ob.requirement else None,
            "winning": winning.value if winning else None,
            "position": st.position,
            "contract": self.contract.to_dict(),
            "locked": st.locked,
            "ekka": st.ekka,
            "verdicts": [v.to_dict(style) for v in self.verdicts],
            "mode": st.mode.value,
        }
