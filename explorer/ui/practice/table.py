"""The card table: one Streamlit custom component (components v2: inline HTML, CSS and JavaScript in the app's page,
no iframe, no build step) that draws the four seats, the trick, the score and your hand, plays back what the
computers did, and sends each tap to Python as one event.

The JavaScript and the style sheet are ``table.js`` and ``table.css`` beside this module (read once, given inline).
The component is given plain data (:mod:`explorer.view.practice_table`): the frames to play back, your decision,
the deal's end, the log, the words in the page's language. It decides nothing: a card it dims carries the engine's
reason, which it shows when tapped; a legal tap goes to Python (:func:`explorer.ui.practice.events.on_tap`), which
answers with the next frames. While they play, your hand and the calls stay on the table, disabled.

AppTest runs no component: tests send a tap as the browser does, a trigger value on the component's events widget
(``tests/app/table_taps.py``).
"""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import streamlit as st
from streamlit import config

from explorer.engine.core.cards import Seat
from explorer.engine.core.i18n import NC_, Msg
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Play
from explorer.ui import state
from explorer.ui.practice import events
from explorer.ui.shell import lang, once, sidebar
from explorer.ui.shell.lang import t
from explorer.view import practice as pv
from explorer.view import practice_table as pt

HERE = Path(__file__).resolve().parent
_component = st.components.v2.component("baloot-explorer.table", html='<div class="bx-root"></div>',
                                        css=(HERE / "table.css").read_text(encoding="utf-8"),
                                        js=(HERE / "table.js").read_text(encoding="utf-8"))


def names(p: Practice) -> dict[Seat, str]:
    """The players as this page's language names them (a default name follows the language, a typed one stays,
    what would hide or move text in it shown as a marker)."""
    from explorer.engine.core.visible import visible
    return {seat: visible(name) for seat, name in pv.shown_names(p.name_of, lang.current()).items()}


def say(p: Practice, msg: Any) -> str:
    """A sentence of the table in the page's language, with the players' names and card faces ("you" for you)."""
    if not isinstance(msg, Msg):
        return str(msg)
    return pv.second_person(msg.render(pv.style(names(p), lang.current(), you=p.human)), lang.current())


def sawa_holds(p: Practice) -> bool:
    """Whether your Sawa claim holds now (solved once per position)."""
    if not (p.may_claim and p.needs_you):
        return False
    key = (p.deals[-1].seed, len(p.state.actions))
    got = st.session_state.get(state.PLAY_SAWA_CHECK)
    if not got or got[0] != key:
        got = (key, p.sawa().holds)
        st.session_state[state.PLAY_SAWA_CHECK] = got
    return got[1]


def words(p: Practice) -> dict[str, str]:
    """The component's own words, in the page's language.

    >>> w = words(Practice.new(7, target=101))
    >>> w["goal"], w["your_turn"], w["deal"], w["dealer_mark"]
    ('to 101', 'Your turn', 'Deal 1', 'D')
    """
    goal = t("one deal") if p.goal == "deal" else t("to {target}", target=p.target)
    return {"us": t("Us"), "them": t("Them"), "goal": goal, "deal": t("Deal {n}", n=len(p.deals)),
            "your_turn": t("Your turn"), "to_play": t("to play"), "upcard": t("Upcard"), "dealer": t("Dealer"),
            "dealer_mark": pv.InContext("dealer mark", NC_("dealer mark", "D")).render(lang.style()),
            "last": t("Previous trick"), "log": t("The deal so far"), "close": t("Close"), "hint": t("Hint"),
            "back": t("Take back"), "sawa": t("Sawa: claim every trick left"), "next": t("Next deal"),
            "again": t("Deal again (same cards)"), "yes_again": t("Yes, deal again"), "cancel": t("Not now"),
            "new": t("New match"), "ekka": t("Announce Ekka"), "sound_on": t("Sound on"),
            "sound_off": t("Sound off"), "thinking": t("Thinking about the hidden cards…"),
            "no_trick": t("No trick has been won yet."),
            "hand": t("Your cards"), "calls": t("Your call"), "declare": t("Your projects: what to declare")}


def _frames(p: Practice, pb: events.Playback | None) -> list[dict[str, Any]]:
    """The playback's frames in this run's language, drawn once per playback and language."""
    if pb is None or not pb.states:
        return []
    key = (pb.id, lang.current())
    got = st.session_state.get(state.PLAY_FRAMES)
    if got and got[0] == key:
        return got[1]
    drawn = pt.frames(pb.states, p, say=lambda m: say(p, m), before=pb.before)
    st.session_state[state.PLAY_FRAMES] = (key, drawn)
    return drawn


def _hint(p: Practice) -> dict[str, str] | None:
    h = st.session_state.get(state.PLAY_HINT)
    if not h or h[0] != len(p.state.actions):
        return None
    choice = h[1]
    a = choice.action
    if isinstance(a, Play):
        text = Msg("Hint: {card}. {why}", card=a.card, why=choice.why or "")
    else:
        text = Msg("Hint: {call}. {why}", call=a.message() if hasattr(a, "message") else str(a),
                   why=choice.why or "")
    return {"text": say(p, text), "a": str(a)}   # drawn as text by the component (textContent), never as HTML


def _notice(p: Practice) -> dict[str, str] | None:
    note = st.session_state.get(state.PLAY_NOTICE)
    if not note:
        return None
    level, said = note
    text = " ".join(say(p, m) for m in (said if isinstance(said, tuple) else (said,)))
    return {"level": level, "text": text}


def data(p: Practice) -> dict[str, Any]:
    """Everything the table draws in this run."""
    pb = events.playback()
    sayer = lambda m: say(p, m)  # noqa: E731
    g = p.state
    last = pb.states[-1] if pb is not None and pb.states else None
    out = {
        "n": once.count(), "id": pb.id if pb is not None else "load", "human": p.human.value,
        "dir": "rtl" if lang.is_rtl() else "ltr", "lang": lang.current(),
        "look": {**p.look.to_json(), "size": sidebar.card_size()},
        "names": {s.value: n for s, n in names(p).items()}, "words": words(p),
        "frames": _frames(p, pb),
        "log_from": len(pv.events(pb.before, you=p.human)) if pb is not None and pb.before is not None
        and pb.before.seed == g.seed else None,
        "table": pt.frame(g, p, say=sayer, before=last if last is not g else None),
        "you": pt.your_turn(p, say=sayer, sawa=sawa_holds(p)),
        "over": pt.deal_over(p, say=sayer),
        "log": pt.log_lines(g, p, say=sayer),
        "notice": _notice(p), "hint": _hint(p),
    }
    t0 = st.session_state.pop(state.PLAY_TAP_T0, None)
    if t0 is not None:
        st.session_state[state.PLAY_SERVER_MS] = round((time.perf_counter() - t0) * 1000, 1)
    out["server_ms"] = st.session_state.get(state.PLAY_SERVER_MS)
    return out


@st.cache_resource(show_spinner=False)
def _solver_loaded() -> threading.Thread:
    """Load the exact solver once per server process, in the background, from the first drawing of a table: the Sawa
    checks start at trick 2, and the first one of a process waited seconds for numba's compiled code."""
    def load() -> None:
        from explorer.engine.solver.samples import random_position
        from explorer.engine.solver.sawa import check_sawa
        g = random_position("warm", 4)
        check_sawa(g, g.to_act)
    thread = threading.Thread(target=load, name="solver-load", daemon=True)
    thread.start()
    return thread


def draw(p: Practice) -> None:
    """The table, its taps handled by :func:`explorer.ui.practice.events.on_tap` before the next run draws it."""
    if not config.get_option("global.appTest"):         # a test loads it when it needs it, in its own thread
        _solver_loaded()
    _component(key=state.PLAY_TABLE, data=data(p), on_tap_change=events.on_tap, height="content")
