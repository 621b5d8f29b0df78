"""The Deal checker's hindsight (every card's exact value with all hands open) and its Sawa check.

The solver's answers are kept in the session per deal and position (:data:`~..state.DEAL_HINDSIGHT_CACHE`), so
stepping back and forth solves each position once; a position not solved yet says "Computing…" while it is.
"""

from __future__ import annotations

from typing import Any

import pandas as pd
import streamlit as st

from explorer.engine.core.cards import SEATS, Card, Seat
from explorer.engine.files.kinds.deal import DealVerdict
from explorer.engine.game import GameState
from explorer.engine.solver.sawa import SawaVerdict, check_sawa
from explorer.engine.solver.search import Solution
from explorer.ui import state
from explorer.ui.shell import lang
from explorer.ui.shell.lang import choose, in_this_language, t
from explorer.view.hindsight import CardCost, card_cost, moments, signed, signed_cell, solve_moment
from explorer.view.replay import seat_label
from explorer.view.text import plain

_MAX_KEPT = 256


def toggle() -> bool:
    """The switch that turns hindsight on (off by default: the solver is not called until asked)."""
    return st.toggle(t("Hindsight: every card's value with all hands open"), key=state.DEAL_HINDSIGHT,
                     help=t("The exact solver plays the rest of the deal perfectly for all four seats, every hand "
                            "seen. This is hindsight, not what the player could know: the review and the hint use "
                            "only the cards a player could see."))


class Hindsight:
    """The solver's view of one deal, position by position, cached in the session."""

    def __init__(self, verdict: DealVerdict, key: Any) -> None:
        self.verdict, self.key = verdict, key
        self.states: list[GameState] = moments(verdict)

    def solution(self, index: int) -> Solution | None:
        """The solution at the state after ``index`` cards (None when no card is to play there)."""
        if not 0 <= index < len(self.states):
            return None
        cache: dict = st.session_state.setdefault(state.DEAL_HINDSIGHT_CACHE, {})
        k = (self.key, index)
        if k not in cache:
            if len(cache) >= _MAX_KEPT:
                cache.clear()
            with st.spinner(t("Computing…"), show_time=True):
                cache[k] = solve_moment(self.verdict, self.states[index])
        sol = cache[k]
        return sol if sol.cards else None

    def cost(self, index: int) -> CardCost | None:
        """The card played from the state after ``index`` cards, in hindsight."""
        sol = self.solution(index)
        return None if sol is None else card_cost(self.verdict, self.states, index, sol)

    def best_marks(self, pos: int) -> dict[Card, str]:
        """The cards of the seat to play at ``pos`` that keep the best award, marked ``best``."""
        sol = self.solution(pos)
        return {} if sol is None else {c: "best" for c in sol.best}


def show_step(h: Hindsight, pos: int) -> None:
    """At one position: what the card just played cost, and the best cards of the seat to play."""
    st.caption(t("Hindsight (all hands open): not what the players could see."))
    cost = h.cost(pos - 1) if pos >= 1 else None
    if cost is not None:
        (st.success if cost.cost == 0 else st.warning)(plain(cost.sentence()))
    sol = h.solution(pos)
    if sol is not None:
        top = max(v.award for v in sol.cards)
        st.markdown(plain(t("◆ Best for {seat} with all hands open: {cards} (award {award} for {team}).",
                            seat=sol.seat, cards=list(sol.best), award=signed(top), team=sol.seat.team)))


def show_costs(h: Hindsight, pos: int) -> None:
    """Every card played up to ``pos``, with its hindsight cost (on a button: it solves each position)."""
    if not st.toggle(t("Cost of every card played so far"), key=state.DEAL_HINDSIGHT_ALL,
                     help=t("Solves every position up to this card; a whole deal takes a few seconds.")):
        return
    rows = []
    for i in range(pos):
        c = h.cost(i)
        if c is None:
            continue
        # the cost beside the card played, the rest after it: on a phone the first columns are those in view
        rows.append({t("Card"): str(c.position), t("Seat"): t("{seat}", seat=seat_label(c.seat)),
                     t("Played"): t("{card}", card=c.card), t("Cost"): str(c.cost),
                     t("Best cards"): t("{cards}", cards=list(c.best)), t("Award"): signed_cell(c.award),
                     t("Best award"): signed_cell(c.best_award), t("Trick"): str(c.trick)})
    if not rows:
        st.info(t("No card has been played yet."))
        return
    st.table(pd.DataFrame(rows).style.hide(axis="index"))


def show_sawa(h: Hindsight, pos: int) -> None:
    """Pick the claiming seat at this position; the verdict and, for a claim that fails, the beating defence."""
    if not 0 <= pos < len(h.states):
        st.info(t("Nothing to claim: no card is left to play at this step."))
        return
    here = h.states[pos]
    words = {s.value: t("{seat}", seat=seat_label(s)) for s in SEATS}
    default = here.to_act.value if here.to_act else "S"
    at = (h.key, pos)
    if st.session_state.get(state.DEAL_SAWA_SEAT) not in words or st.session_state.get(state.DEAL_SAWA_AT) != at:
        st.session_state[state.DEAL_SAWA_SEAT] = default  # at each new position: the seat to play there
        st.session_state[state.DEAL_SAWA_AT] = at
    a, b = st.columns([2, 1], vertical_alignment="bottom")
    seat = Seat.parse(a.selectbox(t("The seat claiming Sawa"), list(words), key=state.DEAL_SAWA_SEAT,
                                  format_func=in_this_language(words.get), placeholder=choose()))
    k = (h.key, pos, seat)
    if b.button(t("Check the claim"), key=state.DEAL_SAWA, width="stretch"):
        with st.spinner(t("Computing…")):
            st.session_state[state.DEAL_SAWA_RESULT] = (k, check_sawa(here, seat, h.verdict.projects))
    done = st.session_state.get(state.DEAL_SAWA_RESULT)
    if done and done[0] == k:
        show_sawa_verdict(done[1])


def show_sawa_verdict(v: SawaVerdict) -> None:
    style = lang.style()
    lines = [m.render(style) for m in v.reasons()]
    (st.success if v.holds else st.error)(plain(lines[0]))
    if len(lines) > 1:
        st.markdown("\n".join(f"- {plain(x)}" for x in lines[1:]))
