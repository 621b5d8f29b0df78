"""A puzzle's themes, found by the engine from the position and its solution: each a rule id with a sentence.

The position says some (the seat is third with its partner's lead and cuts, it leads a trump while trumps are
out, the Hokum is locked); the solution in the deal as it was dealt says the others: the exact solver's line
from the answer and from the closest rival card (the other card that loses least), each played to the end and
scored by the engine (:func:`solution`). Only a theme that separates the answer from that rival is kept for
the outcome themes (the khasara, the last trick's 10, the Kaboot, Sawa).

>>> [t.value for t in Theme][:3]
['third_seat_cut', 'ekka', 'drawing_trumps']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from explorer.engine.core.cards import Card, Rank, Seat
from explorer.engine.core.enums import Singleton
from explorer.engine.core.i18n import NC_, Msg
from explorer.engine.core.tables import Mode
from explorer.engine.game.state import GameState
from explorer.engine.puzzles.line import line_states
from explorer.engine.rules.play import card_strength, card_value, ekka_valid, is_trump, trick_winner
from explorer.engine.rules.scoring import ScoreResult


class Theme(Singleton):
    """What a puzzle is about (its id is written in the puzzle's ``themes``)."""

    THIRD_SEAT_CUT = "third_seat_cut"
    EKKA = "ekka"
    DRAWING_TRUMPS = "drawing_trumps"
    KEEPING_MASTER = "keeping_master"
    POINTS_TO_PARTNER = "points_to_partner"
    KHASARA = "khasara"
    LAST_TRICK = "last_trick_ten"
    KABOOT = "kaboot"
    SAWA = "sawa"
    LOCKED = "locked_hokum"

    @property
    def title(self) -> str:
        return TITLES[self]


TITLES: dict[Theme, str] = {
    Theme.THIRD_SEAT_CUT: NC_("Theme", "Third-seat cut"),
    Theme.EKKA: NC_("Theme", "Ekka"),
    Theme.DRAWING_TRUMPS: NC_("Theme", "Drawing trumps"),
    Theme.KEEPING_MASTER: NC_("Theme", "Keeping a master"),
    Theme.POINTS_TO_PARTNER: NC_("Theme", "Points to your partner"),
    Theme.KHASARA: NC_("Theme", "Avoiding a khasara"),
    Theme.LAST_TRICK: NC_("Theme", "The last trick's 10"),
    Theme.KABOOT: NC_("Theme", "Kaboot"),
    Theme.SAWA: NC_("Theme", "Sawa"),
    Theme.LOCKED: NC_("Theme", "Locked Hokum"),
}
"""Each theme's name, as a page lists it."""


@dataclass(frozen=True)
class Outcome:
    """A line played to the end in the deal as dealt: the engine's score, and who took the last trick."""

    line: tuple[Card, ...]
    result: ScoreResult
    last_trick: Seat
    tricks: int
    """The tricks the player's team takes from the position on along the line."""


@dataclass(frozen=True)
class Solution:
    """The deal as dealt, solved at the position: the answer's and the rival's lines played out, and whether the
    answer takes every trick left against any defence (Sawa)."""

    answer: Outcome
    rival: Outcome | None
    sweeps: bool


def outcome(state: GameState, line: Sequence[Card]) -> Outcome:
    """A line played from ``state`` to the end of the deal, scored."""
    end = line_states(state, line)[-1]
    team = state.to_act.team
    done = len(state.completed_tricks)
    won = sum(1 for t in end.tricks[done:] if t.winner.team is team)
    return Outcome(tuple(line), end.result, end.tricks[-1].winner, won)


def solution(state: GameState, answer: Card, rival: Card | None) -> Solution:
    """Solve ``state`` (the deal as dealt, at the position) and play the answer's and the rival's award lines out."""
    from explorer.engine.solver.search import solve
    values = {v.card: v for v in solve(state).cards}
    left = 8 - len(state.completed_tricks)
    return Solution(outcome(state, values[answer].line),
                    outcome(state, values[rival].line) if rival is not None else None,
                    left >= 2 and values[answer].tricks == left)


def recorded_solution(state: GameState, line: Sequence[Card]) -> Solution:
    """The answer's recorded line played out, without solving (no rival, no Sawa check): what a page shows."""
    return Solution(outcome(state, line), None, False)


def masters(state: GameState, seat: Seat) -> list[Card]:
    """The cards of ``seat`` that are the highest of their suit still out (every higher card is played)."""
    c = state.contract
    gone = set(state.played)
    hand = state.hand(seat)
    out = []
    for card in hand:
        higher = [x for x in _suit_cards(card) if x not in gone and x not in hand
                  and card_strength(x, c.mode, c.trump) > card_strength(card, c.mode, c.trump)]
        if not higher:
            out.append(card)
    return out


def _suit_cards(card: Card) -> list[Card]:
    return [Card(r, card.suit) for r in Rank]


def position_themes(state: GameState, answer: Card, rival: Card | None = None) -> list[Theme]:
    """The themes the position, the answer and the closest rival card show by themselves."""
    c = state.contract
    seat = state.to_act
    hokum = c.mode is Mode.HOKUM
    cur = state.current
    table = cur.cards if cur else ()
    found: list[Theme] = []
    hand = state.hand(seat)
    if hokum and len(table) == 2 and cur.leader is seat.partner and is_trump(answer, c.mode, c.trump) \
            and not any(x.suit is table[0].suit for x in hand):
        found.append(Theme.THIRD_SEAT_CUT)
    leading = not table
    done = [x for t in state.completed_tricks for x in t.cards]
    if hokum and leading and not is_trump(answer, c.mode, c.trump) and answer.rank is not Rank.ACE \
            and ekka_valid(answer, done, c.mode, c.trump):
        found.append(Theme.EKKA)
    if hokum and leading and is_trump(answer, c.mode, c.trump):
        out = [x for x in _suit_cards(answer) if x not in state.played and x not in hand]
        if out:
            found.append(Theme.DRAWING_TRUMPS)
    mine = masters(state, seat)
    if rival is not None and rival in mine and answer not in mine:
        found.append(Theme.KEEPING_MASTER)
    if table and trick_winner(cur.leader, table, c.mode, c.trump) is seat.partner:
        worth = {x: card_value(x, c.mode, c.trump) for x in _legal(state)}
        if worth[answer] >= 10 and worth[answer] == max(worth.values()):
            found.append(Theme.POINTS_TO_PARTNER)
    if hokum and state.escalation.locked:
        found.append(Theme.LOCKED)
    return found


def _legal(state: GameState) -> Sequence[Card]:
    from explorer.engine.puzzles.prove import legal_cards
    return legal_cards(state)


def outcome_themes(state: GameState, sol: Solution) -> list[Theme]:
    """The themes the solution shows: what the answer's line gets that the rival's does not."""
    team = state.to_act.team
    a, r = sol.answer, sol.rival
    found: list[Theme] = []
    if r is not None and a.result.buyer_made != r.result.buyer_made:
        found.append(Theme.KHASARA)
    if r is not None and a.last_trick.team is team and r.last_trick.team is not team:
        found.append(Theme.LAST_TRICK)
    if r is not None and a.result.kaboot != r.result.kaboot:
        found.append(Theme.KABOOT)
    if sol.sweeps:
        found.append(Theme.SAWA)
    return found


def find_themes(state: GameState, answer: Card, sol: Solution) -> list[Theme]:
    """Every theme of a puzzle, in the order of :class:`Theme`."""
    rival = sol.rival.line[0] if sol.rival is not None else None
    got = set(position_themes(state, answer, rival)) | set(outcome_themes(state, sol))
    return [t for t in Theme if t in got]


def theme_sentence(theme: Theme, state: GameState, answer: Card, sol: Solution, rival: Card | None = None) -> Msg:
    """Why the theme matters here, in a sentence (``rival``: the other card that loses least)."""
    c = state.contract
    seat = state.to_act
    buyer_side = c.buyer.team is seat.team
    if theme is Theme.THIRD_SEAT_CUT:
        return Msg("Third seat: your partner led and you have none of the suit led; you cut with {card}.",
                   card=answer)
    if theme is Theme.EKKA:
        return Msg("Ekka: {card} is the highest card of its suit still out, so your partner is free not to cut.",
                   card=answer)
    if theme is Theme.DRAWING_TRUMPS:
        return Msg("Drawing trumps: leading {card} pulls trumps from the opponents before they can cut your "
                   "winners.", card=answer)
    if theme is Theme.KEEPING_MASTER:
        return Msg("Keeping a master: {master} is the highest card of its suit still out; played now it is wasted, "
                   "kept for later it wins a trick that counts.", master=rival)
    if theme is Theme.POINTS_TO_PARTNER:
        return Msg("Points to your partner: your partner is winning the trick, so {card} adds its points to your "
                   "team's.", card=answer)
    if theme is Theme.KHASARA:
        if buyer_side:
            return Msg("Avoiding a khasara: with {card} your team, the buyer's, makes its contract; the other card "
                       "lets it fail.", card=answer)
        return Msg("Khasara: with {card} the buyer fails; the other card lets the buyer make its contract.",
                   card=answer)
    if theme is Theme.LAST_TRICK:
        return Msg("The last trick's 10: with {card} your team takes the last trick and its 10 points.", card=answer)
    if theme is Theme.KABOOT:
        if sol.answer.result.kaboot is seat.team:
            return Msg("Kaboot: with {card} your team takes every trick of the deal.", card=answer)
        if sol.rival is not None and sol.rival.result.kaboot is not None and sol.rival.result.kaboot is not seat.team:
            return Msg("Kaboot: {card} saves a trick, so the other team does not take every trick.", card=answer)
        return Msg("Kaboot: {card} changes who can take every trick of the deal.", card=answer)
    if theme is Theme.SAWA:
        return Msg("Sawa: after {card} your team takes every trick left whatever the others play.", card=answer)
    return Msg("Locked Hokum: the contract is doubled locked, so no trump may be led while you hold another suit.")
