"""The Trick checker's other hands (optional) and, once all four are entered, each legal card's exact value.

A phone user is never asked for the other hands: they sit in a closed section (:func:`hands_inputs`), a field per
seat in play order from the seat to play, and a button gives the last one the cards left when they are known.
With the three entered at their counts, the scenario (with ``hands``) is checked by the engine, and either its
problems are listed where they are (what was entered stays) or the solver's values are shown (:func:`show`):
a table, the best cards marked on the hand, and a card's principal line on demand. The solver's answers are kept
in the session per scenario (:data:`~explorer.ui.state.TRICK_EXACT`).
"""

from __future__ import annotations

import json
from typing import Any

import pandas as pd
import streamlit as st

from explorer.engine.core.cards import Card, Seat, Suit
from explorer.engine.core.errors import CardError, ScenarioError, at
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.files.scenario import verdict_of
from explorer.engine.rules.play import seats_from
from explorer.ui import state
from explorer.ui.shell import lang
from explorer.ui.shell.lang import in_this_language, t, tn
from explorer.ui.tools import forms
from explorer.ui.tools.card_taps import tap_cards
from explorer.view import cards as ui
from explorer.view import exact, intake
from explorer.view.words import problem_lines, seat_name

_MAX_KEPT = 64


def wanted(core: dict[str, Any], to_play: Seat) -> dict[Seat, int]:
    """The other seats in play order from the seat to play, and how many cards each holds now."""
    n = len(core["hand"])
    on_table = seats_from(Seat.parse(core["current"]["leader"]), len(core["current"]["cards"]))
    return {s: n - (1 if s in on_table else 0) for s in seats_from(to_play.right, 3)}


def _entered(core: dict[str, Any]) -> dict[Seat, int]:
    return {Seat.parse(s): len(cards) for s, cards in (core.get("hands") or {}).items()}


def _fill(seat: str, cards: list[str], typing: bool) -> None:
    """Callback: add ``cards`` to ``seat``'s field."""
    ss = st.session_state
    key, text_key = state.trick_hands_key(seat), state.trick_hands_text_key(seat)
    if typing:
        ss[text_key] = " ".join([*forms.tokens(ss.get(text_key, "")), *cards])
    else:
        ss.update(forms.tap_values(key, [*forms.tapped_cards(ss, key), *cards]))


def hands_inputs(core: dict[str, Any], to_play: Seat | None, typing: bool) -> None:
    """The closed section with a field for each other seat's hand, and the button that fills in the last one."""
    if to_play is None:
        return
    want = wanted(core, to_play)
    got = _entered(core)
    with st.expander(t("The other hands (optional: each card's exact value)"), expanded=bool(got)):
        st.caption(t("With all four hands, each legal card gets its exact value: the tricks and points its team "
                     "takes from here when all four play perfectly. A seat holds as many cards as the seat to play, "
                     "one fewer once it has played to this trick."))
        for seat, n in want.items():
            label = tn("Hand of {seat} ({n} card now)", "Hand of {seat} ({n} cards now)", n, seat=seat_name(seat))
            if typing:
                st.text_input(label, key=state.trick_hands_text_key(seat.value), placeholder="AH KH 9S")
            else:
                tap_cards(state.trick_hands_key(seat.value), label, limit=forms.TAP_LIMITS[state.trick_hands_key(
                          seat.value)], full=t("A hand holds at most 8 cards: tap a card to take it back."))
        short = [s for s, n in want.items() if got.get(s, 0) < n]
        left = forms.cards_left(core)
        if len(short) == 1 and core["hand"] and len(left) == want[short[0]] - got.get(short[0], 0):
            seat = short[0]
            st.button(tn("Give {seat} the card left", "Give {seat} the {n} cards left", len(left),
                         seat=seat_name(seat)), key=state.TRICK_FILL, on_click=_fill,
                      args=(seat.value, left, typing), help=t("The cards in no hand, not on the table and not "
                                                              "played: {cards}", cards=[Card.parse(c) for c in left]))


def not_cards(core: dict[str, Any]) -> list[str]:
    """The words typed in the other hands' fields that are not cards, each where it is (``hands.W[1]``).

    >>> [str(p) for p in not_cards({"hands": {"W": ["KC", "ZZ"]}})]
    ["hands.W[1]: 'ZZ' is not a card (write rank then suit, e.g. TH, 10H or t♥)"]
    """
    out = []
    for seat, cards in (core.get("hands") or {}).items():
        for j, card in enumerate(cards):
            try:
                Card.parse(card)
            except CardError as e:
                out.append(at(f"hands.{seat}[{j}]", e.msg))
    return out


def _solved(doc: dict[str, Any], profile: RuleProfile) -> Any:
    """The solver's answer for a checked scenario, kept in the session."""
    from explorer.engine.solver.trick import exact_values
    cache: dict = st.session_state.setdefault(state.TRICK_EXACT, {})
    key = (json.dumps(doc, sort_keys=True), repr(profile))
    if key not in cache:
        if len(cache) >= _MAX_KEPT:
            cache.clear()
        with st.spinner(t("Computing…"), show_time=True):
            cache[key] = exact_values(verdict_of(doc, profile=profile))
    return cache[key]


def show(core: dict[str, Any], profile: RuleProfile, to_play: Seat, trump: Suit | None, size: str) -> None:
    """Under the verdict: how far the other hands are, their problems, or each legal card's exact value."""
    got = _entered(core)
    want = wanted(core, to_play)
    if not got:
        st.caption(t("Optional: enter the other three hands (under “The other hands”) to see each legal card's "
                     "exact value."))
        return
    if any(got.get(s, 0) < n for s, n in want.items()) and all(got.get(s, 0) <= n for s, n in want.items()):
        st.info(exact.progress(got, want), icon=":material/playing_cards:")
        typos = not_cards(core)
        if typos:                   # a hand still short is not checked yet, but a word typed in it is no card
            st.error(problem_lines(typos), icon=":material/block:")
        return
    checked = intake.check(core, profile=profile, style=lang.style())
    if not checked.ok:
        st.error(t("**The other hands do not fit this moment.** Fix them and the values appear; your inputs are "
                   "kept.") + "\n\n" + problem_lines(checked.errors), icon=":material/block:")
        return
    try:
        ex = _solved(core, profile)
    except ScenarioError as e:      # checked above: kept for a scenario the solver reads differently
        st.error(problem_lines(e.problems))
        return
    if ex is None:
        return
    st.markdown(exact.headline(ex))
    best = exact.best_cards(ex)
    st.html(ui.hand_html(core["hand"], trump=trump, size=size, highlight={c: "best" for c in best},
                         label=t("◆ best for {team}", team=to_play.team)))
    st.table(pd.DataFrame(exact.value_rows(ex)).style.hide(axis="index"))
    st.caption(exact.assumptions(ex))
    by_card = {str(v.card): v for v in ex.solution.cards}
    words = {c: t("{card}", card=Card.parse(c)) for c in by_card}
    pick = st.selectbox(t("The principal line of"), list(by_card), index=None, key=state.TRICK_LINE,
                        format_func=in_this_language(words.get), placeholder=t("Choose a card"),
                        help=t("The rest of the deal when all four play perfectly after this card."))
    if pick in by_card:
        st.table(pd.DataFrame(exact.line_rows(ex, by_card[pick])).style.hide(axis="index"))
