"""Puzzles: find the best card. Every answer is proved; a puzzle a day, a rating, and a queue of your mistakes."""

from __future__ import annotations

import streamlit as st

from explorer.engine.core.errors import ScenarioError, joined
from explorer.engine.core.i18n import N_, plural
from explorer.engine.puzzles import collection
from explorer.engine.puzzles import progress as pm
from explorer.engine.puzzles.retries import finished_deals, flagged
from explorer.ui import state
from explorer.ui.puzzles import board, store
from explorer.ui.shell import lang, once
from explorer.ui.shell.lang import in_this_language, t, tn
from explorer.view import puzzles as pv
from explorer.view.text import plain

REVIEW_AT_ONCE = 3  # practice deals reviewed per tap (each takes a second or two)

ss = st.session_state
st.title(t("Puzzles"))
st.html(pv.CSS)
if not store.restore():
    st.caption(t("Opening your puzzle progress kept in this browser…"))
    st.stop()

entries = collection.load()
day = board.today()
p = store.progress()
st.caption(t("Your rating {rating} (± {rd}) · daily streak {streak} · solved at the first try {solved} of {total}",
             rating=round(p.player.rating), rd=round(p.player.rd), streak=p.daily.current(day),
             solved=len(p.solved & {e.id for e in entries}), total=len(entries)))


def _queue_items(prog: pm.Progress) -> list[tuple[str, str]]:
    """The queue's items, latest first: the puzzles missed (those this app still ships) and the practice positions."""
    known = {e.id for e in entries}
    return [("puzzle", m) for m in reversed(prog.mistakes) if m in known] + \
        [("retry", r.key) for r in reversed(prog.retries)]


MODES = {"daily": N_("Daily puzzle"), "rated": N_("Rated"), "mistakes": N_("My mistakes")}
mode = st.segmented_control(t("Which puzzles"), list(MODES), default="daily", key=state.PUZZLES_MODE,
                            format_func=in_this_language(lambda m: t(MODES[m]) if m != "mistakes" else
                                                         t("My mistakes ({n})", n=len(_queue_items(p)))),
                            label_visibility="collapsed") or "daily"


def _offer(skip: str | None = None) -> None:
    """Put a rated puzzle near the player's rating on the board."""
    prog = store.progress()
    n = int(ss.get(state.PUZZLES_OFFERS, 0)) + 1
    ss[state.PUZZLES_OFFERS] = n
    e = collection.offer(entries, prog.player.rating, tried=set(prog.puzzles), skip={skip} if skip else set(),
                         ratings={k: r.rating.rating for k, r in prog.puzzles.items()},
                         seed=f"{len(prog.attempts)}:{n}")
    ss[state.PUZZLES_SHOWN] = {"mode": "rated", "kind": "puzzle", "id": e.id}


def _review(practice) -> None:
    """Review the practice deals not reviewed yet (the latest few) and queue the costly cards."""
    prog = store.progress()
    todo = [(i, key) for i, key in finished_deals(practice) if key not in prog.reviewed][-REVIEW_AT_ONCE:]
    found = []
    for i, _ in todo:
        found += flagged(practice, i)
    store.set_progress(pm.add_retries(prog, found, [key for _, key in todo]))
    ss[state.PUZZLES_REVIEWED] = [plural("The review looked at {n} deal.", "The review looked at {n} deals.", len(todo)),
                                  plural("{n} position to retry joined the queue.",
                                         "{n} positions to retry joined the queue.", len(found))]
    if found:
        _open("retry", found[-1].key)


def practice_review() -> None:
    """The practice match kept in this browser: a button to queue the cards its review flags."""
    said = ss.get(state.PUZZLES_REVIEWED)
    if said:
        st.info(" ".join(plain(m.render(lang.style())) for m in said))
    ready, practice = store.practice()
    if not ready:
        st.caption(t("Looking for a practice match kept in this browser…"))
        return
    if practice is None:
        st.caption(t("Play on the practice table: the cards its review flags come here to retry."))
        return
    todo = [k for _, k in finished_deals(practice) if k not in store.progress().reviewed]
    if not todo:
        st.caption(t("Every finished deal of your practice match has been reviewed."))
        return
    if st.button(tn("Review my practice match ({n} deal)", "Review my practice match ({n} deals)", len(todo)),
                 key=state.PUZZLES_REVIEW, help=t("The practice review looks at each of your cards; those that cost "
                                                   "your team come here as positions to retry.")):
        with st.spinner(t("Reviewing your cards…")):
            _review(practice)
        st.rerun()


def _open(kind: str, item_id: str) -> None:
    prog = store.progress()
    retry = next((r for r in prog.retries if r.key == item_id), None)
    ss[state.PUZZLES_SHOWN] = {"mode": "mistakes", "kind": kind, "id": item_id, "retry": retry}


def _pick(kind: str, item_id: str) -> None:
    """A queue item tapped: it goes on the board (and the note of a position that left the queue goes)."""
    ss.pop(state.PUZZLES_DROPPED, None)
    _open(kind, item_id)


def _label(kind: str, item: str) -> str:
    """A queue item as its button says it: the puzzle's id, or the practice deal and the trick of the card."""
    if kind == "puzzle":
        return t("Puzzle {id}", id=item)
    r = next(x for x in store.progress().retries if x.key == item)
    return t("Practice deal {seed}, trick {n}", seed=r.seed, n=board.trick_of(r))


def mistakes() -> board.Shown | None:
    """The queue: the puzzles failed and the practice positions flagged; the one opened (kept on the board once
    solved, though it has left the queue), if any."""
    items = _queue_items(store.progress())
    dropped = ss.get(state.PUZZLES_DROPPED)
    if dropped:                       # the reason may quote what the browser kept: plain text
        st.warning(plain(t("This practice position cannot be set up again ({reason}); it leaves the queue.",
                           reason=joined(dropped))))
    practice_review()
    shown = ss.get(state.PUZZLES_SHOWN) or {}
    tried = ss.get(state.PUZZLES_TRY) or {}
    solved_here = (shown.get("mode") == "mistakes" and tried.get("mode") == "mistakes"
                   and tried.get("id") == shown.get("id") and tried.get("done"))
    if not items and not solved_here:
        st.info(t("Nothing to retry: the puzzles you miss and the costly cards of your practice games come here."))
        return None
    with st.container(key="puzzles.queue", horizontal=True, wrap=True, gap="small"):
        for i, (kind, item) in enumerate(items[:12]):
            st.button(plain(_label(kind, item)), key=state.puzzles_queue_key(i), on_click=_pick, args=(kind, item))
    if not solved_here and (shown.get("mode") != "mistakes" or (shown.get("kind"), shown.get("id")) not in items):
        _open(*items[0])
        shown = ss[state.PUZZLES_SHOWN]
    if shown["kind"] == "puzzle":
        return board.puzzle(shown["id"], "mistakes")
    try:
        return board.retry(shown["retry"], "mistakes")
    except ScenarioError as e:        # a stored position the rules no longer accept: dropped, and said until a pick
        ss[state.PUZZLES_DROPPED] = e.problems
        store.set_progress(pm.retry_done(store.progress(), shown["id"]))
        ss.pop(state.PUZZLES_SHOWN, None)
        st.rerun()                    # the queue drawn again without it, the reason above it


if mode == "daily":
    e = collection.daily(entries, day)
    shown = board.puzzle(e.id, "daily")
    if p.daily.last == day:
        board.opened_solved(shown)  # opened again once solved (a reload, another mode and back): not rated again
        st.success(tn("Today's puzzle is solved: {n} day in a row.", "Today's puzzle is solved: {n} days in a row.",
                      max(1, p.daily.current(day))))  # solved today: a day at least, whatever the browser kept
elif mode == "rated":
    cur = ss.get(state.PUZZLES_SHOWN) or {}
    if cur.get("mode") != "rated" or collection.by_id(entries, cur.get("id", "")) is None:
        _offer()
    shown = board.puzzle(ss[state.PUZZLES_SHOWN]["id"], "rated")
else:
    shown = mistakes()

if shown is not None:
    board.draw(shown)
    tried = ss.get(state.PUZZLES_TRY) or {}
    if tried.get("done") and mode == "rated":
        once.button(t("Next puzzle"), key=state.PUZZLES_NEXT, on_click=_offer, args=(shown.id,), type="primary",
                    width="stretch")
    elif tried.get("done") and mode == "mistakes" and _queue_items(store.progress()):
        once.button(t("Next in the queue"), key=state.PUZZLES_NEXT, on_click=_open,
                    args=_queue_items(store.progress())[0], type="primary", width="stretch")
    elif tried.get("done") and mode == "daily":
        st.caption(plain(t("A new daily puzzle comes tomorrow (the date in UTC). Rated puzzles are in Rated.")))
store.keep()
