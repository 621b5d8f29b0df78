"""The practice table's settings (seed 002): the new match's form, and what may change during a match.

The computers' levels are the players the app offers (:data:`explorer.engine.players.base.IN_APP`, weakest first):
a new registered player appears here by itself, named by :data:`LEVEL_WORDS` (or by its own name until it has
words). A match is played to 152, 101 or 252, or is a single deal. The card backs, the table's colour, the pause
between the computers' cards and the sound change only how the table looks (:class:`Look`), and are kept with the
match in the browser.
"""

from __future__ import annotations

import random
from dataclasses import replace

import streamlit as st

from explorer.engine.core.cards import Seat
from explorer.engine.core.i18n import N_
from explorer.engine.game.practice import BACKS, FELTS, PACES, TARGETS, Practice
from explorer.engine.players.base import IN_APP
from explorer.engine.players.review import TUTOR
from explorer.ui import state
from explorer.ui.practice import events
from explorer.ui.shell import lang, once, sidebar
from explorer.ui.shell.lang import choose, in_this_language, t
from explorer.view import practice as pv
from explorer.view import words

LEVEL_WORDS = {"random": N_("Random"), "heuristic": N_("Beginner"), "strong": N_("Strong"), "expert": N_("Expert")}
"""A player's name as the settings offer it (a player without words here is offered by its own name)."""
LEVEL_HELP = N_("Random: any legal card. Beginner: follows sensible rules. Strong: imagines the hidden cards many "
                "times and plays the card that scores best. Expert: also reads the others' calls and cards for what "
                "they hold, and works out each card's value exactly in the deals it imagines. Each stronger player "
                "thinks longer.")
PACE_WORDS = {"slow": N_("Slow"), "normal": N_("Normal"), "fast": N_("Fast"), "instant": N_("Instant")}
BACK_WORDS = {"red": N_("Red"), "blue": N_("Blue"), "sadu": N_("Sadu"), "green": N_("Green")}
FELT_WORDS = {"green": N_("Green"), "blue": N_("Blue"), "maroon": N_("Maroon"), "night": N_("Night")}
SEAT_ROLES = {Seat.N: N_("Partner (North)"), Seat.E: N_("East"), Seat.W: N_("West")}
GOALS = [*(str(n) for n in TARGETS), "deal"]


def level_word(name: str) -> str:
    """A player's level as the settings offer it.

    >>> level_word("heuristic"), level_word("oracle")
    ('Beginner', 'Oracle')
    """
    return t(LEVEL_WORDS[name]) if name in LEVEL_WORDS else name.title()


def _goal_word(goal: str) -> str:
    return t("One deal") if goal == "deal" else t("{target} (a match)", target=int(goal))


def _start() -> None:
    ss = st.session_state
    names = {Seat.parse(s): pv.stored_name(Seat.parse(s), ss.get(f"{state.PLAY_SETUP_NAMES}.{s}", ""))
             for s in "NEW"}
    seed = ss.get(state.PLAY_SETUP_SEED) or random.randrange(1, 10**6)
    goal = ss.get(state.PLAY_SETUP_GOAL) or "152"
    levels = {seat: ss.get(state.play_setup_level_key(seat.value)) or "heuristic" for seat in SEAT_ROLES}
    p = Practice.new(int(seed), profile=sidebar.current_profile(), goal="deal" if goal == "deal" else "match",
                     target=152 if goal == "deal" else int(goal), levels=levels, names=names,
                     tutor=bool(ss.get(state.PLAY_SETUP_TUTOR, True)), hints_by=_strongest(),
                     auto_declare=ss.get(state.PLAY_SETUP_DECLARE, "auto") == "auto")
    events.notice(None)
    ss.pop(state.PLAY_REVIEW, None)
    after, states = p.advance()
    events.keep(after, (p.state, *states), None)


def _strongest() -> str:
    """The hints' player of a new match: the review's tutor (the strongest that answers quickly)."""
    return TUTOR if TUTOR in IN_APP else IN_APP[-1]


def setup_form() -> None:
    """The new match: the players and their levels, what to play to, your projects, tutor mode, the seed."""
    st.markdown(t("You sit South. Your partner sits across the table (North); East and West are your "
                  "opponents. Play goes anticlockwise: South, East, North, West. The computer players see "
                  "only their own cards, as you do."))
    with st.form("play.setup"):
        st.markdown(t("**The players**"))
        defaults = pv.default_names(lang.current())     # an empty box is the default player, in this language
        for col, (seat, role) in zip(st.columns(3), SEAT_ROLES.items()):
            col.text_input(t(role), max_chars=40, placeholder=defaults[seat],
                           key=f"{state.PLAY_SETUP_NAMES}.{seat.value}", help=t("Empty: {name}.", name=defaults[seat]))
            col.selectbox(t("Level"), IN_APP, index=IN_APP.index("heuristic") if "heuristic" in IN_APP else 0,
                          key=state.play_setup_level_key(seat.value), format_func=in_this_language(level_word),
                          help=t(LEVEL_HELP), placeholder=choose())
        st.segmented_control(t("Play to"), GOALS, default="152", key=state.PLAY_SETUP_GOAL,
                             format_func=in_this_language(_goal_word),
                             help=t("152 is the game's target; 101 is a short practice, 252 a long one."))
        st.segmented_control(t("Your projects"), ["auto", "self"], default="auto", key=state.PLAY_SETUP_DECLARE,
                             format_func=in_this_language(lambda v: t("Declared for me") if v == "auto" else t("I declare them")),
                             help=t("Declared for me: the engine finds your best projects. I declare them: you "
                                    "choose, and the engine says what you missed."))
        st.toggle(t("Tutor mode: the rule before each of my cards, Take back and hints"), value=True,
                  key=state.PLAY_SETUP_TUTOR)
        st.number_input(t("Seed (empty: a new shuffle)"), min_value=1, max_value=10**9, value=None, step=1,
                        key=state.PLAY_SETUP_SEED, help=t("The same seed deals the same cards again."))
        st.caption(t("Rules: {rules} (chosen in the sidebar).", rules=words.profile_words(sidebar.current_profile())))
        once.button(t("Start"), key=state.PLAY_START, on_click=_start, submit=True, type="primary", width="stretch")


def _changed() -> None:
    """A setting changed during the match: the practice takes it; the game so far is unchanged."""
    ss = st.session_state
    p = events.current()
    look = replace(p.look, pace=ss.get(state.PLAY_PACE) or p.look.pace, backs=ss.get(state.PLAY_BACKS) or p.look.backs,
                   felt=ss.get(state.PLAY_FELT) or p.look.felt)
    levels = {seat: ss.get(state.play_level_key(seat.value)) or p.level_of[seat] for seat in SEAT_ROLES}
    ss[state.PLAY_PRACTICE] = p.with_settings(
        look=look, levels=levels, hints_by=ss.get(state.PLAY_HINTS_BY) or p.hints_by,
        tutor=bool(ss.get(state.PLAY_TUTOR, p.tutor)), auto_declare=bool(ss.get(state.PLAY_AUTO_DECLARE, p.auto_declare)))


def _new_match() -> None:
    st.session_state[state.PLAY_PRACTICE] = None
    st.session_state.pop(state.PLAY_PLAYBACK, None)


def match_settings(p: Practice) -> None:
    """What may change during a match: the look, the computers, the tutor; and a new match."""
    with st.expander(t("Table settings")):
        c = st.columns(2)
        c[0].segmented_control(t("Pause between the computers' cards"), list(PACES), default=p.look.pace,
                               key=state.PLAY_PACE, on_change=_changed,
                               format_func=in_this_language(lambda v: t(PACE_WORDS[v])))
        c[1].segmented_control(t("Card backs"), list(BACKS), default=p.look.backs, key=state.PLAY_BACKS,
                               on_change=_changed, format_func=in_this_language(lambda v: t(BACK_WORDS[v])))
        c[0].segmented_control(t("Table colour"), list(FELTS), default=p.look.felt, key=state.PLAY_FELT,
                               on_change=_changed, format_func=in_this_language(lambda v: t(FELT_WORDS[v])))
        c[1].selectbox(t("Hints by"), IN_APP, index=IN_APP.index(p.hints_by), key=state.PLAY_HINTS_BY,
                       on_change=_changed, format_func=in_this_language(level_word),
                       help=t("The player whose card or call the Hint gives, with its reason."), placeholder=choose())
        st.markdown(t("**Computers**"))
        for col, (seat, role) in zip(st.columns(3), SEAT_ROLES.items()):
            col.selectbox(t(role), IN_APP, index=IN_APP.index(p.level_of[seat]), key=state.play_level_key(seat.value),
                          on_change=_changed, format_func=in_this_language(level_word), help=t(LEVEL_HELP),
                          placeholder=choose())
        a, b = st.columns(2)
        a.toggle(t("Tutor mode"), value=p.tutor, key=state.PLAY_TUTOR, on_change=_changed,
                 help=t("The rule before each of your cards, a line under each call, Take back and hints. "
                        "Off: table mode."))
        b.toggle(t("Declare my projects for me"), value=p.auto_declare, key=state.PLAY_AUTO_DECLARE,
                 on_change=_changed)
        st.caption(t("Play to: {goal}. Rules: {rules}.", goal=t("one deal") if p.goal == "deal" else str(p.target),
                     rules=words.profile_words(p.profile)))
        once.button(t("New match"), key=state.PLAY_NEW_MATCH, on_click=_new_match,
                    help=t("Leave this match and set up a new one."))
