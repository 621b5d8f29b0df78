"""The board of the Puzzles page: a puzzle (or a practice position to retry), its hand to tap, and what a tap says.

A shipped puzzle is read as its file records it (:func:`explorer.engine.files.kinds.puzzle.recorded`: nothing is
solved on the page); a practice position is judged once by the exact solver (:func:`~..retries.judge`, kept in
the session). The first card tapped on a shipped puzzle is its rated attempt (both Glicko-2 ratings move); a
wrong card says what it loses and the player tries again; the right one (the whole line of a two-card answer)
shows why, and the solution plays out.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace
from typing import Any

import streamlit as st

from explorer.engine.core.cards import Card
from explorer.engine.core.i18n import Msg
from explorer.engine.files.kinds.puzzle import PuzzleVerdict, recorded
from explorer.engine.game.state import GameState, Play
from explorer.engine.puzzles import collection
from explorer.engine.puzzles import progress as pm
from explorer.engine.puzzles.explain import loss_sentence
from explorer.engine.puzzles.progress import Retry
from explorer.engine.puzzles.prove import legal_cards
from explorer.engine.puzzles.retries import RetryJudgement, retry_state
from explorer.ui import state as keys
from explorer.ui.puzzles import store
from explorer.ui.shell import once, sidebar
from explorer.ui.shell.lang import t
from explorer.view import cards as ui
from explorer.view import puzzles as pv
from explorer.view.text import plain

ss = st.session_state


def today() -> str:
    """The day of the daily puzzle: the date in UTC, the same for everyone."""
    return dt.datetime.now(dt.UTC).date().isoformat()


@dataclass(frozen=True)
class Shown:
    """What is on the board: a shipped puzzle (its recorded verdict) or a practice position (its judgement)."""

    kind: str
    id: str
    mode: str
    verdict: PuzzleVerdict | None = None
    retry: Retry | None = None
    judgement: RetryJudgement | None = None
    start: GameState | None = None

    @property
    def steps(self) -> int:
        return len(self.verdict.steps) if self.verdict else 1

    def state(self, step: int) -> GameState:
        return self.verdict.steps[step].state if self.verdict else self.start

    def accepted(self, step: int) -> set[Card]:
        if self.verdict:
            return {self.verdict.steps[step].card}
        return {Card.parse(c) for c in self.retry.accepted}

    @property
    def rating(self) -> int | None:
        return self.verdict.rating if self.verdict else None


@st.cache_resource(max_entries=64, show_spinner=False)
def _recorded(puzzle_id: str) -> PuzzleVerdict | None:
    """A shipped puzzle as its file records it (shared by the sessions; the files do not change while the app runs)."""
    entry = collection.by_id(collection.load(), puzzle_id)
    if entry is None:
        return None
    from explorer.engine.files.scenario import resolve_profile
    return recorded(entry.doc, resolve_profile(entry.doc.get("profile")))


def puzzle(puzzle_id: str, mode: str) -> Shown | None:
    v = _recorded(puzzle_id)
    return Shown("puzzle", puzzle_id, mode, verdict=v) if v is not None else None


def trick_of(r: Retry) -> int:
    """The trick of a retry's card (from its actions: four cards a trick)."""
    return sum(1 for a in r.actions if ": play " in a) // 4 + 1


def retry(r: Retry, mode: str) -> Shown:
    """A practice position to retry (its cards accepted were judged when it joined the queue)."""
    return Shown("retry", r.key, mode, retry=r, start=retry_state(r))


def attempt_of(shown: Shown) -> dict[str, Any]:
    """The attempt at the puzzle on the board (a new one when another puzzle is shown)."""
    tr = ss.get(keys.PUZZLES_TRY)
    if not tr or (tr.get("id"), tr.get("mode")) != (shown.id, shown.mode):
        tr = {"id": shown.id, "mode": shown.mode, "step": 0, "wrong": [], "rated": False, "done": False,
              "revealed": False}
        ss[keys.PUZZLES_TRY] = tr
        ss.pop(keys.PUZZLES_NOTICE, None)
    return tr


def rated_before(shown: Shown) -> bool:
    """Whether this browser has had its rated attempt at the puzzle already: a puzzle is rated once (the daily
    puzzle opened again, a puzzle met again once the others are all tried, a puzzle retried from the queue)."""
    return shown.kind == "puzzle" and shown.id in store.progress().puzzles


def opened_solved(shown: Shown) -> None:
    """Put the puzzle on the board as solved (today's puzzle opened again once solved: its solution, no hand)."""
    tr = attempt_of(shown)
    if not tr["done"]:
        tr.update(done=True, rated=True)


def _rate(shown: Shown, solved: bool) -> None:
    """The puzzle's rated attempt (a shipped puzzle's first tap): both ratings move, the queue and streak follow.
    A puzzle rated before is not rated again: found, it leaves the queue; the day's streak counts only a daily
    puzzle found in the attempt that was rated (not after its answer was shown, a reload between)."""
    tr = ss[keys.PUZZLES_TRY]
    if tr["rated"] or shown.kind != "puzzle":
        return
    tr["rated"] = True
    p = store.progress()
    if shown.mode == "mistakes" or shown.id in p.puzzles:
        tr["unrated"] = True
        if solved:
            p = replace(p, mistakes=tuple(m for m in p.mistakes if m != shown.id))
        store.set_progress(p)
        return
    store.set_progress(pm.attempt(p, shown.id, shown.rating or 1500, solved=solved, day=today(),
                                  daily=shown.mode == "daily"))


def _solved(shown: Shown) -> None:
    tr = ss[keys.PUZZLES_TRY]
    tr["done"] = True
    _rate(shown, solved=not tr["wrong"])
    p = store.progress()
    if shown.kind == "retry":
        store.set_progress(pm.retry_done(p, shown.id))
    elif shown.mode == "daily" and tr["wrong"] and not tr.get("unrated"):
        store.set_progress(pm.daily_solved_late(p, today()))


def tap(shown: Shown, card: Card) -> None:
    """A card tapped: illegal (the rule says why), right (the next card of the line, or solved) or wrong (what it
    loses; try again)."""
    tr = ss[keys.PUZZLES_TRY]
    if tr["done"]:
        return
    g = shown.state(tr["step"])
    if card not in legal_cards(g):
        ss[keys.PUZZLES_NOTICE] = ("info", [g.why_not(Play(card, False, g.to_act)).reason])
        return
    if card in shown.accepted(tr["step"]):
        if tr["step"] + 1 < shown.steps:
            tr["step"] += 1
            ss[keys.PUZZLES_NOTICE] = ("success", [Msg("Right: {card}. The others play on; now your next card.",
                                                       card=card)])
            return
        _solved(shown)
        ss[keys.PUZZLES_NOTICE] = ("success", [Msg("Right: {card}.", card=card)])
        return
    if str(card) not in tr["wrong"]:
        tr["wrong"].append(str(card))
    ss[keys.PUZZLES_NOTICE] = ("error", [*_loss(shown, tr["step"], card), Msg("Try again.")])
    _rate(shown, solved=False)


def _loss(shown: Shown, step: int, card: Card) -> list[Msg]:
    """What a wrong card loses."""
    if shown.verdict:
        loss = next((x for x in shown.verdict.steps[step].proof.losses if x.card == card), None)
        return [loss_sentence(loss)] if loss else [Msg("{card} is not the answer.", card=card)]
    return [Msg("{card} is not the answer: in this position it costs your team on average over the arrangements "
                "of the hidden cards.", card=card)]


def reveal(shown: Shown) -> None:
    tr = ss[keys.PUZZLES_TRY]
    _rate(shown, solved=False)
    tr["done"] = tr["revealed"] = True
    ss.pop(keys.PUZZLES_NOTICE, None)


def draw(shown: Shown) -> None:
    """The board: the facts, the tricks so far, the table and beside it (below it on a phone) the hand, or the
    solution once it is found."""
    tr = attempt_of(shown)
    g = shown.state(tr["step"])
    seat = g.to_act
    name = (t("Puzzle {id}", id=shown.id) if shown.kind == "puzzle" else
            t("Practice deal {seed}, trick {n}", seed=shown.retry.seed, n=trick_of(shown.retry)))
    st.caption(plain(name + " · " + " ".join(pv.say(m, seat) for m in pv.facts(g))))
    if g.completed_tricks:
        with st.expander(t("The tricks so far")):
            st.html(pv.played_html(g))
    found = shown.verdict.steps[tr["step"]].card if tr["done"] and shown.verdict else None
    table, side = st.columns([3, 2], gap="medium")
    table.html(f'<div class="bx-pz-board">{pv.board_html(g, size=sidebar.card_size(), answer=found)}</div>')
    with side:
        _notice(seat)
        if not tr["done"]:
            _hand(shown, g, tr)
    if tr["done"]:
        solution(shown)


def _hand(shown: Shown, g: GameState, tr: dict[str, Any]) -> None:
    """The hand as card buttons: the cards already tried and those the rules refuse greyed (a tap says why)."""
    seat = g.to_act
    st.markdown(t("**Your hand**: tap the card you would play."))
    if shown.mode != "mistakes" and not tr["rated"] and rated_before(shown):
        st.caption(t("You have tried this puzzle before: this try is not rated."))
    wrong = set(tr["wrong"])
    legal = set(legal_cards(g))
    with st.container(key="puzzles.hand", horizontal=True, wrap=True, gap="small"):
        for card in ui.sort_hand(g.hand(seat), trump=g.contract.trump):
            gone = str(card) in wrong or card not in legal
            label = f":gray[{card.pretty}]" if gone else ui.button_face(card)
            once.button(label, key=keys.puzzles_card_key(str(card)), on_click=tap, args=(shown, card),
                        type="tertiary" if gone else "secondary")
    once.button(t("Show the answer"), key=keys.PUZZLES_REVEAL, on_click=reveal, args=(shown,), type="tertiary")


def _notice(seat) -> None:
    note = ss.get(keys.PUZZLES_NOTICE)
    if not note:
        return
    level, msgs = note
    text = " ".join(plain(pv.say(m, seat)) for m in msgs)
    {"error": st.error, "success": st.success}.get(level, st.info)(text)


def solution(shown: Shown) -> None:
    """Why the answer wins, and the solution played out (a practice position: the cards accepted)."""
    tr = ss[keys.PUZZLES_TRY]
    start = shown.state(0)
    seat = start.to_act
    if shown.verdict is None:
        cards = [Card.parse(c) for c in shown.retry.accepted]
        msg = (Msg("The answer, proved in every arrangement of the hidden cards solved: {cards}.", cards=cards)
               if shown.retry.proved else
               Msg("The cards that score best on average over the arrangements of the hidden cards: {cards}.",
                   cards=cards))
        st.info(plain(pv.say(msg, seat)))
        return
    v = shown.verdict
    if tr["revealed"]:
        st.info(plain(pv.say(Msg("The answer: {cards}.", cards=list(v.answer)), seat)))
    if v.themes:
        st.caption(t("Themes: {themes}", themes=pv.theme_words(v.themes)))
    st.markdown("\n".join(f"- {plain(pv.say(m, seat))}" for m in v.explanation()))
    rows, end = pv.playout(start, v.line)
    st.markdown(t("**The solution, played out** (the deal as it was dealt):"))
    st.html(rows)
    if end is not None:
        st.caption(plain(pv.say(end, seat)))
    if v.rating:
        st.caption(t("Puzzle rating: {rating}", rating=round(store.progress().puzzle_rating(shown.id, v.rating).rating)))
