"""The Trick checker's exact values in words and rows (no Streamlit): each legal card's tricks, points and award
with all four hands known, what the award assumes, and a card's principal line trick by trick.

>>> from explorer.engine.files.scenario import verdict_of
>>> from explorer.engine.solver.trick import exact_values
>>> doc = {"kind": "play", "contract": {"mode": "sun", "buyer": "S"}, "current": {"leader": "W", "cards": ["KS"]},
...        "hand": ["AS", "7S"], "hands": {"W": ["8H"], "E": ["9S", "TH"], "N": ["7H", "AH"]}}
>>> ex = exact_values(verdict_of(doc))
>>> value_rows(ex)[0]
{'Card': 'A♠', 'Tricks': '2', 'Card points': '46', 'Best': '◆'}
>>> [r["Cards"] for r in line_rows(ex, ex.solution.cards[1])]
['West K♠ · South 7♠ · East 9♠ · North 7♥', 'West 8♥ · South A♠ · East 10♥ · North A♥']
"""

from __future__ import annotations

from collections.abc import Mapping

from explorer.engine.core.cards import Seat
from explorer.engine.rules.play import seats_from
from explorer.engine.solver.search import CardValue
from explorer.engine.solver.trick import ExactValues, line_tricks
from explorer.view.hindsight import signed_cell
from explorer.view.language import t
from explorer.view.words import seat_name


def best_key(ex: ExactValues, v: CardValue) -> tuple[int, int, int]:
    """How a card ranks: by the award when it is known, else by the points, then the tricks."""
    return (v.award if ex.award_known else 0), v.points or 0, v.tricks or 0


def best_cards(ex: ExactValues) -> set:
    """The legal cards that do best (award, then points, then tricks)."""
    top = max(best_key(ex, v) for v in ex.solution.cards)
    return {v.card for v in ex.solution.cards if best_key(ex, v) == top}


def value_rows(ex: ExactValues) -> list[dict[str, str]]:
    """One row per legal card, best first: its tricks and points from this trick on, its award when known."""
    best = best_cards(ex)
    rows = []
    for v in sorted(ex.solution.cards, key=lambda v: best_key(ex, v), reverse=True):
        row = {t("Card"): t("{card}", card=v.card), t("Tricks"): str(v.tricks), t("Card points"): str(v.points)}
        if ex.award_known:
            row[t("Award")] = signed_cell(v.award)
        row[t("Best")] = "◆" if v.card in best else ""
        rows.append(row)
    return rows


def headline(ex: ExactValues) -> str:
    """What the numbers are, for whom."""
    seat = ex.solution.seat
    if ex.award_known:
        return t("**Exact value of each card for {team}**, all four playing perfectly: the tricks and card points "
                 "{team} takes from this trick on, and the deal's award ({team}'s game points minus the other "
                 "team's).", team=seat.team)
    return t("**Exact value of each card for {team}**, all four playing perfectly: the tricks and card points "
             "{team} takes from this trick on.", team=seat.team)


def assumptions(ex: ExactValues) -> str:
    """What the numbers assume."""
    if ex.award_known:
        return t("The points count this trick's cards and the last trick's 10. The award assumes no projects (none "
                 "can be entered here), counts Baloot for the hand that held the trump king and queen, and at Gahwa "
                 "is ±152.")
    return t("The points count this trick's cards and the last trick's 10. The award needs the earlier tricks "
             "(under “Earlier in the deal”): the points each team took and who took a trick.")


def progress(entered: Mapping[Seat, int], wanted: Mapping[Seat, int]) -> str:
    """How far the other hands are entered: ``East 5 of 5, North 2 of 5, West 0 of 5``."""
    parts = [t("{seat} {n} of {want}", seat=seat_name(s), n=entered.get(s, 0), want=w) for s, w in wanted.items()]
    return t("Enter the other three hands to see each card's exact value: {parts}.", parts=t(", ").join(parts))


def line_rows(ex: ExactValues, v: CardValue) -> list[dict[str, str]]:
    """A card's principal line, one row per trick: the cards from the leader's, the winner and the points."""
    rows = []
    for n, leader, cards, winner, points in line_tricks(ex.state, v.line):
        played = " · ".join(t("{seat} {card}", seat=seat_name(s), card=c)
                            for s, c in zip(seats_from(leader, 4), cards, strict=True))
        rows.append({t("Trick"): str(n), t("Cards"): played, t("Won by"): seat_name(winner),
                     t("Card points"): str(points)})
    return rows
