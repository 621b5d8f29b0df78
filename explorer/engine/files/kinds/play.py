"""``kind: play``: which cards may this seat play now, and why."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from explorer.engine.core.cards import DECK, Card, Seat
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.errors import ScenarioError, at
from explorer.engine.core.i18n import ENGLISH, Code, Msg, Style, plural
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.core.tables import Mode
from explorer.engine.files.scenario import (
    CardT,
    Common,
    ContractIn,
    SeatT,
    TrickIn,
    check_duplicates,
    read_model,
    register,
)
from explorer.engine.rules.bidding import may_lock
from explorer.engine.rules.play import (
    Obligation,
    PlayState,
    Verdict,
    check_play,
    ekka_problem,
    obligation,
    seats_from,
    trick_winner,
)


class PlayIn(Common):
    contract: ContractIn
    tricks: list[TrickIn] | None = None
    current: TrickIn
    ekka: bool | None = None
    hand: list[CardT]
    played: list[CardT] | None = None
    hands: dict[SeatT, list[CardT]] | None = None
    """The other seats' cards now (optional): with all three, the exact value of each legal card can be asked."""


def history_problems(tricks: list[TrickIn], contract, dealer: Seat | None, *,
                     path: str = "tricks") -> tuple[list[str], Seat | None, list[Card]]:
    """Check earlier tricks (4 cards, leaders follow winners, Ekka claims); return problems, next leader, played."""
    problems: list[str] = []
    played: list[Card] = []
    expected = dealer.right if dealer else None
    for i, t in enumerate(tricks):
        p = f"{path}[{i}]"
        if len(t.cards) != 4:
            problems.append(at(f"{p}.cards", Msg("a finished trick has 4 cards, not {n}", n=len(t.cards))))
        if expected is not None and t.leader is not expected:
            why = (Msg("the dealer's right ({seat}) leads the first trick", seat=expected) if i == 0
                   else Msg("{seat} won trick {trick}", seat=expected, trick=i))
            problems.append(at(f"{p}.leader", Msg("{seat} cannot lead trick {trick}: {why}", seat=t.leader,
                                                  trick=i + 1, why=why)))
        if t.ekka and t.cards:
            bad = ekka_problem(t.cards[0], played, contract.mode, contract.trump)
            if bad:
                problems.append(at(f"{p}.ekka", bad if isinstance(bad, Msg) else str(bad)))
        if len(t.cards) == 4:
            expected = trick_winner(t.leader, t.cards, contract.mode, contract.trump)
        else:
            expected = None
        played.extend(t.cards)
    return problems, expected, played


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
            problems.append(at("tricks", plural("{n} earlier trick leaves no card to play (at most 7)",
                                                 "{n} earlier tricks leave no card to play (at most 7)", len(tricks))))
        elif len(s.hand) != 8 - len(tricks):
            problems.append(at("hand", plural("holds {held} cards; after {n} trick the seat to play holds {left}",
                                              "holds {held} cards; after {n} tricks the seat to play holds {left}",
                                              len(tricks), held=len(s.hand), left=8 - len(tricks))))
        if next_leader is not None and s.current.leader is not next_leader:
            problems.append(at("current.leader", Msg("{seat} cannot lead: {winner} won the last trick",
                                                     seat=s.current.leader, winner=next_leader)))
    elif not 1 <= len(s.hand) <= 8:
        problems.append(at("hand", plural("holds {n} card (1 to 8)", "holds {n} cards (1 to 8)", len(s.hand))))
    if s.tricks is None and s.dealer is not None and not s.played and s.current.leader is not s.dealer.right \
            and len(s.hand) == 8:
        problems.append(at("current.leader", Msg("{seat} cannot lead the first trick: the dealer's right ({right}) leads it",
                                                 seat=s.current.leader, right=s.dealer.right)))
    if len(s.current.cards) > 3:
        problems.append(at("current.cards", plural("{n} card is already down: nobody is left to play",
                                                   "{n} cards are already down: nobody is left to play",
                                                   len(s.current.cards))))
    extra_played = list(s.played or [])
    if extra_played and 1 <= len(s.hand) <= 8 and len(tricks) <= 7:
        room = 4 * (8 - len(s.hand) - len(tricks))
        if len(extra_played) > room:
            if tricks:
                why = Msg("the tricks already hold every card of the earlier tricks")
            else:
                why = plural("a seat holding {held} cards has seen {n} earlier trick, at most {room} cards",
                             "a seat holding {held} cards has seen {n} earlier tricks, at most {room} cards",
                             8 - len(s.hand), held=len(s.hand), room=room)
            problems.append(at("played", plural("lists {n} card, but {why}", "lists {n} cards, but {why}",
                                                len(extra_played), why=why)))
    named = ([(f"tricks[{i}].cards[{j}]", card) for i, t in enumerate(tricks) for j, card in enumerate(t.cards)]
             + [(f"played[{j}]", card) for j, card in enumerate(extra_played)]
             + [(f"current.cards[{j}]", card) for j, card in enumerate(s.current.cards)])
    check_duplicates(named, problems)
    gone = {card: path for path, card in named}
    for j, card in enumerate(s.hand):
        if card in gone:
            problems.append(at(f"hand[{j}]", Msg("{card} is in the hand but was already played at {other}", card=card,
                                                   other=Code(gone[card]))))
    check_duplicates([(f"hand[{j}]", card) for j, card in enumerate(s.hand)], problems)
    problems += hands_problems(s, {**gone, **{card: f"hand[{j}]" for j, card in enumerate(s.hand)}})
    ekka = bool(s.ekka) or s.current.ekka
    all_played = played + extra_played
    problems += ekka_and_lock_problems(s, all_played)
    if problems:
        raise ScenarioError(problems)
    locked = bool(s.escalation and s.escalation.locked)
    problems += held_then_problems(s, profile, all_played, locked)
    if problems:
        raise ScenarioError(problems)
    state = PlayState(mode=c.mode, trump=c.trump, leader=s.current.leader, cards=tuple(s.current.cards),
                      hand=tuple(s.hand), played=frozenset(all_played), ekka=ekka, locked=locked,
                      profile=profile)
    return PlayVerdict(state, obligation(state), tuple(check_play(state, card) for card in s.hand), c.engine(),
                       s.escalation.engine() if s.escalation else Escalation(), s.dealer,
                       tuple((t.leader, tuple(t.cards), t.ekka) for t in s.tricks) if s.tricks is not None else None,
                       {seat: tuple(cards) for seat, cards in s.hands.items()} if s.hands else None)


def ekka_and_lock_problems(s: PlayIn, all_played: list[Card]) -> list[str]:
    """An announced Ekka against the cards known to be played (or, with the other hands given, every card nobody
    holds), and a lock the contract's level does not allow."""
    c = s.contract
    problems: list[str] = []
    ekka_path = "ekka" if s.ekka else "current.ekka"
    if bool(s.ekka) or s.current.ekka:
        if not s.current.cards:
            problems.append(at(ekka_path, Msg("Ekka is announced with a lead, but no card has been led")))
        else:
            # the other hands, when given, are cards nobody has played: a higher one there makes the claim false
            held = set(s.hand) | {x for cards in (s.hands or {}).values() for x in cards} | set(s.current.cards)
            known = [x for x in DECK if x not in held] if s.hands else all_played
            bad = ekka_problem(s.current.cards[0], known, c.mode, c.trump)
            if bad:
                problems.append(at(ekka_path, bad if isinstance(bad, Msg) else str(bad)))
    if s.escalation is not None and s.escalation.locked:
        if c.mode is Mode.SUN:
            problems.append(at("escalation.locked", Msg("a Sun contract is never locked ({rule})", rule=Code("000 §03"))))
        elif not may_lock(c.mode, s.escalation.level):
            problems.append(at("escalation.locked", Msg("{level} is open: only a Double or Quadruple is declared "
                                                        "locked ({rule})", level=s.escalation.level,
                                                        rule=Code("000 §03"))))
    return problems


def hands_problems(s: PlayIn, seen: dict[Card, str]) -> list[str]:
    """The other hands (``hands``) against the moment: not the seat to play's, as many cards as each seat holds now
    (the seat to play's count, one fewer for a seat that has played to this trick), no card twice or played.
    ``seen`` maps the cards already placed (the hand, the table, the tricks) to where they are."""
    if not s.hands:
        return []
    problems: list[str] = []
    on_table = seats_from(s.current.leader, len(s.current.cards))
    to_play = seats_from(s.current.leader, len(s.current.cards) + 1)[-1]
    seen = dict(seen)
    for seat, cards in s.hands.items():
        path = f"hands.{seat.value}"
        if seat is to_play:
            problems.append(at(path, Msg("{seat} is the seat to play: its cards are the hand, not one of the other "
                                         "hands", seat=seat)))
            continue
        want = len(s.hand) - (1 if seat in on_table else 0)
        if len(cards) != want:
            problems.append(at(path, plural(
                "holds {held} cards, but {seat} holds {n} card now (as many as the seat to play, one fewer once it "
                "has played to this trick)",
                "holds {held} cards, but {seat} holds {n} cards now (as many as the seat to play, one fewer once it "
                "has played to this trick)", want, held=len(cards), seat=seat)))
        for j, card in enumerate(cards):
            if card in seen:
                problems.append(at(f"{path}[{j}]", Msg("{card} appears twice (also at {other})", card=card,
                                                       other=Code(seen[card]))))
            else:
                seen[card] = f"{path}[{j}]"
    return problems


def held_then_problems(s: PlayIn, profile: RuleProfile, all_played: list[Card], locked: bool) -> list[str]:
    """The cards played by a seat whose hand is known (the seat to play's ``hand``, the others' ``hands``) against
    that hand: each card it played to the earlier tricks given and to this trick must be one the rules allowed
    with the hand it held then (its hand now, that card and the cards it played after), or the hands contradict
    the tricks (a seat that did not follow suit holds the suit now)."""
    c = s.contract
    now = {**(s.hands or {}), seats_from(s.current.leader, len(s.current.cards) + 1)[-1]: s.hand}
    moments, before = [], list(s.played or []) if s.tricks is None else []
    for i, t in enumerate(s.tricks or []):
        for j, seat in enumerate(seats_from(t.leader, len(t.cards))):
            moments.append((f"tricks[{i}].cards[{j}]", t.leader, t.cards[:j], seat, t.cards[j], t.ekka, frozenset(before)))
        before += t.cards
    for j, seat in enumerate(seats_from(s.current.leader, len(s.current.cards))):
        moments.append((f"current.cards[{j}]", s.current.leader, s.current.cards[:j], seat, s.current.cards[j],
                        bool(s.ekka) or s.current.ekka, frozenset(all_played)))
    later: dict[Seat, list[Card]] = {}
    problems: list[str] = []
    for path, leader, cards, seat, card, ekka, played in reversed(moments):
        if seat in now:
            held = (*now[seat], *later.get(seat, ()), card)
            v = check_play(PlayState(mode=c.mode, trump=c.trump, leader=leader, cards=tuple(cards), hand=held,
                                     played=played, ekka=ekka, locked=locked, profile=profile), card)
            if not v.legal:
                problems.append(at(path, Msg("{seat} plays {card}: {reason}", seat=seat, card=card, reason=v.reason)))
        later.setdefault(seat, []).append(card)
    return problems[::-1]


@dataclass(frozen=True)
class PlayVerdict:
    """The ``play`` kind's verdict: the moment, the obligation that applies, and each card's verdict."""

    state: PlayState
    obligation: Obligation
    verdicts: tuple[Verdict, ...]
    contract: Contract
    escalation: Escalation = Escalation()
    dealer: Seat | None = None
    tricks: tuple[tuple[Seat, tuple[Card, ...], bool], ...] | None = None
    """The earlier tricks as given (leader, cards, Ekka), or None when the file left them out."""
    hands: dict[Seat, tuple[Card, ...]] | None = None
    """The other seats' cards now, as given (``hands``)."""

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
