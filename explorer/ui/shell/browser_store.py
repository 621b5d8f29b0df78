"""Keep small JSON values in this browser (localStorage): the score sheet, lesson progress, a match.

A page reads a value near its top and saves it once its state is settled::

    got = browser_store.read("sheet", check=sheet_io.read_stored, wait=True)
    if not got.ready:            # the browser has not answered yet: its answer reruns the app
        st.caption("Opening …")
        st.stop()
    if got.fresh:                # first answer, or another tab of this browser saved a new value
        adopt(got.value)         # None: nothing stored, or what was stored is unusable (got.problem)
    ...
    browser_store.save("sheet", current_value())

How it works. Two invisible components per value, made with Streamlit's own components v2 API
(``st.components.v2.component``: inline JavaScript that runs in the app's page, no iframe, no build
step, no static folder). The reader sends the stored text to Python when it is mounted and again when
another tab changes it (the browser's ``storage`` event); the writer writes what Python asks, each
write once. Python keeps, per value, the text it last read or wrote, so it writes only a change and
never before the browser has answered (an empty sheet on the first run must not overwrite a stored
one).

A write never overwrites another tab's (two tabs adding at the same moment lost one deal): it carries the number of
the reader's answer it was drawn from, and the browser makes it only while that is still the last answer and the key
still holds that answer's text (compare-and-set, in one JavaScript turn). Otherwise nothing is written and the reader
answers with what is there now, marked ``refused``: the page's next :func:`read` is fresh, with ``base``, the value
this session had built on, so the page can join its change to the other tab's (the score sheet keeps both tabs'
deals) or say that its change was not kept. The same ``base`` comes with any other tab's change, for a change this
page made in the same run.

The reader is mounted in a fragment (``st.fragment``): its answer, a second or so after a page appeared,
reruns that fragment only. It used to rerun the whole app on every load of every page, redrawing the
widgets under the user's finger. The fragment reruns the app only when an answer brings news
(:func:`_news`): a stored value to adopt, a problem to say, a page waiting for it (``read(..., wait=True)``), a
change the page made before it, another tab's change. Otherwise the answer waits in the session state
and the page's next run handles it as usual (the first save waits for it too).

The value is stored under ``baloot-explorer:<name>`` as ``{"app": "baloot-explorer", "format": 1,
"value": ...}`` (:mod:`explorer.ui.shell.stored_text`, which reads any text a browser may hold without an exception). An
unusable value (not JSON, nested too deep, another format, too large, or refused by ``check``) is copied to
``baloot-explorer:<name>:unreadable`` by the first save that changes the page's value (until
then it stays where it is, and a reload names it again), and the user can download it from
:func:`problem_box`; nothing the user entered is lost.

Privacy: the values stay in this browser. Python reads only its own keys, for the running session;
nothing is sent anywhere else, and there is no cookie.

Why this and not something else (Streamlit 1.67, 2026):

- a maintained PyPI component: ``streamlit-local-storage`` (0.0.25, last release 2024-11) is a 540 KB
  React iframe that sends every key of the site to the server and sleeps in the script until it
  answers; ``streamlit-js-eval`` builds JavaScript from f-strings (a quote in a note breaks it, or runs
  as code) and mounts a new iframe per value; ``streamlit-browser-storage`` was last released in 2022;
  cookie managers send the data to the server with every request;
- a hand-written v1 component (``declare_component(path=...)``) needs an iframe, a static folder and
  the postMessage protocol for what v2 does in 40 lines of inline JavaScript;
- a server-side SQLite file would take the match off the phone and need an identity per browser.

AppTest runs no component: there (``global.appTest``) the store answers at once from
``st.session_state[STORE_MEMORY]``, a dict standing in for localStorage that tests may fill.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

import streamlit as st
from streamlit import config
from streamlit.runtime.scriptrunner import get_script_run_ctx

from explorer.engine.core.i18n import N_, Msg
from explorer.ui import state as keys
from explorer.ui.shell import lang
from explorer.ui.shell.lang import t
from explorer.ui.shell.stored_text import (  # noqa: F401 - the stored text's names, read from here by the pages and tests
    FORMAT,
    MAX_CHARS,
    NAMESPACE,
    StoreError,
    decode,
    encode,
    storage_key,
    too_large,
)
from explorer.view.text import plain

KEPT_VALUES = (N_("score sheet"), N_("lesson progress"), N_("match in progress"))
"""What the pages keep in the browser, as :func:`problem_box` names them (``what``)."""

_JS = r"""
// One state per page load, shared by every mount of the component.
const S = (globalThis.__balootExplorerStore ??= {
  tab: Math.random().toString(36).slice(2), seq: 0, done: {}, stop: {}, seen: {}, ok: {},
});
// S.seen[key]: {seq, text} of the last answer sent for a key (or the text this page wrote since): a write is made
// only when Python drew it from that very answer and the key still holds that text (compare-and-set).

function readItem(key, max) {
  try {
    const text = window.localStorage.getItem(key);
    if (text !== null && text.length > max) return {text: null, size: text.length};
    return {text: text};
  } catch (e) {
    return {text: null, error: String((e && e.name) || e)};
  }
}

export default function ({data, key, setStateValue}) {
  const d = data || {};
  if (d.op === "write") {
    if (S.done[d.key] === d.id) return;  // drawn again with the same write: done already
    S.done[d.key] = d.id;
    const seen = S.seen[d.key];
    let now = null;
    try { now = window.localStorage.getItem(d.key); } catch (e) { now = undefined; }
    if (!seen || seen.seq !== d.after || now !== seen.text) {
      // Another tab wrote since the answer this write was drawn from, or a newer answer is on its way: nothing is
      // written; the reader tells Python what is there now, which merges or says what was not kept.
      const again = S.reportFor && S.reportFor[d.key];
      if (again) again({refused: d.id, ok: S.ok[d.key] || null});
      else setStateValue("failed", {id: d.id, error: "changed in another tab"});
      return;
    }
    try {
      for (const it of d.items) {  // {key, text} or {key, copy: another key}
        const text = it.copy ? window.localStorage.getItem(it.copy) : it.text;
        if (text === null || text === undefined) window.localStorage.removeItem(it.key);
        else window.localStorage.setItem(it.key, text);
      }
      seen.text = window.localStorage.getItem(d.key);
      S.ok[d.key] = d.id;
    } catch (e) {
      setStateValue("failed", {id: d.id, error: String((e && e.name) || e)});
    }
    return;
  }
  const report = (extra) => {
    const seq = ++S.seq;
    let text = null;
    try { text = window.localStorage.getItem(d.key); } catch (e) { text = undefined; }
    S.seen[d.key] = {seq, text};
    setStateValue("stored", {...readItem(d.key, d.max), tab: S.tab, seq, ...(extra || {})});
  };
  // The latest mount answers: a reader drawn elsewhere (in or out of a fragment) is mounted anew, maybe
  // before the old mount is cleaned up; one listener per value and page load calls the latest mount's report.
  (S.report ??= {})[key] = report;
  (S.reportFor ??= {})[d.key] = report;  // by the stored value's key, for a refused write
  if (!S.stop[key]) {
    const onStorage = (ev) => {
      if (ev.storageArea === window.localStorage && (ev.key === d.key || ev.key === null)) S.report[key]();
    };
    window.addEventListener("storage", onStorage);
    S.stop[key] = () => window.removeEventListener("storage", onStorage);
  }
  report();  // on mount, and when a new session draws the reader again
  return () => {  // unmounted: stop listening, unless a newer mount took over already
    if (S.report[key] === report) { S.stop[key](); delete S.stop[key]; delete S.report[key]; }
    if (S.reportFor[d.key] === report) delete S.reportFor[d.key];
  };
}
"""

_component = st.components.v2.component(f"{NAMESPACE}.browser_store", js=_JS)


# --- the session's view of a stored value ----------------------------------------------------------

@dataclass(frozen=True)
class Reading:
    """What this browser holds for a value, as the page sees it in this run."""

    ready: bool
    """False until the browser has answered (the first run of a session, or of a page)."""
    value: Any = None
    """In a fresh reading, the stored value as ``check`` returned it (None: nothing usable is stored).
    None in the other runs: the page holds the value then (:func:`load` reads it again)."""
    fresh: bool = False
    """True in the run that brings a new answer: the first one, or another tab's change."""
    problem: str | Msg | None = None
    """Why a stored value could not be used (damaged, another version, too large, refused)."""
    raw: str | None = None
    """The unusable text as it was stored, to offer for download."""
    base: Any = None
    """In a fresh reading after the first (another tab's change): the value this session last knew as stored before
    it, checked (its own last write, or its last reading; None: nothing usable). A page whose value differs from it
    had a change of its own the other tab's overwrote or raced: it merges the two, or says what was not kept."""
    refused: bool = False
    """This session's last write was not made: another tab wrote first (the browser compares before it writes)."""


@dataclass
class _Slot:
    """What this session knows of one stored value."""

    known: str | None = None        # the text last read from or written to the browser
    answered: bool = False          # the browser has answered at least once
    seen: tuple | None = None       # the last answer handled: (tab, seq)
    problem: str | Msg | None = None     # why the stored text is unusable, or why nothing is kept
    unreadable: bool = False        # problem is about the stored text (else: the browser keeps nothing)
    raw: str | None = None          # the unusable text, to download
    dismissed: bool = False         # the user closed the problem box
    aside: dict[str, str] | None = None  # how to set the unusable text aside with the next write
    hold: str | None = None         # after an unusable text: the page's starting value, not written
    unavailable: bool = False       # the browser's storage is blocked
    writes: int = 0
    waiting: bool = False           # a page stopped until the browser answers (``read(..., wait=True)``)
    first: str | None = None        # before the answer: the text the page first asked to save
    changed: bool = False           # before the answer: the page asked to save another text since
    pending: dict[str, Any] | None = None  # the latest write, drawn on every run once there is one
    failed: str | None = None       # the id of the last write the browser refused
    written: dict[str, tuple[int, str]] | None = None  # the last writes: id -> (their number, text)
    read_text: str | None = None    # the text of the last answer handled
    read_at: int = 0                # how many writes were made before it
    aside_in: str | None = None     # the id of the write that sets the unusable text aside
    memory_refused: dict[str, Any] | None = None  # under AppTest: the write the memory refused, as the JS says it
    memory_ok: str | None = None    # under AppTest: the id of the last write the memory made


def _in_app_test() -> bool:
    try:
        return bool(config.get_option("global.appTest"))
    except Exception:  # noqa: BLE001 - an unknown option in another Streamlit: a real browser
        return False


def _slot(name: str) -> _Slot:
    slots = st.session_state.setdefault(keys.STORE_SLOTS, {})
    if name not in slots:
        slots[name] = _Slot()
    return slots[name]


def _token() -> str:
    return st.session_state.setdefault(keys.STORE_SESSION, secrets.token_hex(4))


def _hide(*element_keys: str) -> None:
    """The components draw nothing, but each would still take a row gap: hide their containers."""
    selectors = ", ".join(f".st-key-{''.join(c if c.isalnum() or c in '_-' else '-' for c in k)}"
                          for k in element_keys)
    st.html(f"<style>{selectors} {{display: none;}}</style>")


def _answer(name: str, *, wait: bool = False) -> dict[str, Any] | None:
    """The reader's latest answer for ``name``: ``{text, tab, seq}`` (and ``error`` or ``size``)."""
    if _in_app_test():
        memory = st.session_state.setdefault(keys.STORE_MEMORY, {})
        text = memory.get(_stored_key(name))
        refused, _slot(name).memory_refused = _slot(name).memory_refused, None
        if refused:  # the reader's answer to a refused write: what is there now
            return {"text": text, "tab": "memory", "seq": f"refused {refused['refused']}", **refused}
        return {"text": text, "tab": "memory", "seq": text}
    if wait:  # the page waits for the answer: outside a fragment, the answer reruns the app (on every run of
        _slot(name).waiting = True  # this page, so the reader is not mounted anew in between)
        _mount_reader(name)
    else:
        _reader(name)
    return st.session_state.get(keys.STORE_ANSWERS, {}).get(name)


@st.fragment
def _reader(name: str) -> None:
    """Mount the reader in a fragment, so that its answer reruns this fragment only, not the page.

    A rerun of the page right after it appeared redrew every widget under the user's finger (an open list,
    a value just chosen); most answers bring nothing new (nothing stored, or the text this session holds
    already). Only an answer that brings news (:func:`_news`) reruns the app; otherwise the answer waits in
    the session state for the page's next run, which :func:`read` handles as usual.
    """
    _mount_reader(name)
    if not _fragment_run():
        return
    # The browser sends the answers of several readers in one message, which reruns one of their fragments:
    # this one looks at them all (a reader that did not run still has its new state in the session).
    answers = st.session_state.setdefault(keys.STORE_ANSWERS, {})
    for other in st.session_state.get(keys.STORE_SLOTS, {}):
        if other != name:
            state = st.session_state.get(keys.store_read_key(other))
            got = state.get("stored") if isinstance(state, Mapping) else None
            if isinstance(got, dict):
                answers[other] = got
    if any(isinstance(got, dict) and _news(_slot(other), got) for other, got in answers.items()):
        st.rerun(scope="app")


def _mount_reader(name: str) -> None:
    element = keys.store_read_key(name)
    _hide(element)
    result = _component(key=element, data={"op": "read", "key": _stored_key(name), "max": MAX_CHARS,
                                           "session": _token()},
                        on_stored_change=lambda: None)
    got = result.get("stored") if result is not None else None
    st.session_state.setdefault(keys.STORE_ANSWERS, {})[name] = got if isinstance(got, dict) else None


def _fragment_run() -> bool:
    """Whether this run reruns fragments only (the reader's answer), not the whole app."""
    ctx = get_script_run_ctx(suppress_warning=True)
    return bool(ctx is not None and ctx.fragment_ids_this_run)


def _news(slot: _Slot, got: dict[str, Any]) -> bool:
    """Whether an answer of the browser needs the whole page: a stored value to adopt, a problem to say,
    a page that waits for it (``read(..., wait=True)``), a change the page made before it (to write now), or
    another tab's change. The first answer with nothing stored, or an answer that repeats the text this
    session holds, does not."""
    if slot.answered and (got.get("tab"), got.get("seq")) == slot.seen:
        return False
    if not slot.answered:
        return (got.get("text") is not None or bool(got.get("error") or got.get("size")) or slot.waiting
                or slot.changed)
    return bool(got.get("error")) or got.get("text") != slot.known


def read(name: str, *, check: Callable[[Any], Any] | None = None, wait: bool = False) -> Reading:
    """What this browser keeps under ``name``, checked by ``check`` (a ValueError makes it unusable).

    Mounts the (invisible) reader: call it once per run on the page that uses the value, before
    :func:`save`. ``wait``: the page shows nothing until the browser has answered (``Reading.ready``), so
    the answer reruns the whole app.
    """
    slot = _slot(name)
    got = _answer(name, wait=wait)
    stamp = None if got is None else (got.get("tab"), got.get("seq"))
    if got is None or (slot.answered and stamp == slot.seen):
        return _reading(slot)
    slot.seen = stamp
    text = got.get("text")
    first = not slot.answered
    slot.answered = True
    if got.get("error"):
        slot.unavailable, slot.unreadable, slot.dismissed = True, False, False
        slot.problem = Msg("this browser does not let the app keep anything ({error}), so it lasts as long as "
                           "this tab", error=str(got["error"]))
        return _reading(slot, fresh=first)
    refused = got.get("refused") in (slot.written or {})
    base = None if first else _base_text(slot, got) if refused else slot.known
    slot.read_text, slot.read_at = text, slot.writes
    if refused and got.get("refused") == slot.aside_in:
        slot.aside = {"copy": _stored_key(name)}  # not set aside: the next write does it (if the text is still there)
    if not first and text == base:  # nothing new (a write refused while an answer was on its way: made again)
        slot.known = text
        return _reading(slot)
    slot.known = text
    value = _take(slot, name, got, check)
    return Reading(ready=True, value=value, fresh=True, problem=slot.problem, raw=slot.raw, refused=refused,
                   base=None if base is None else _value_or_none(base, check))


def _take(slot: _Slot, name: str, got: dict[str, Any], check: Callable[[Any], Any] | None) -> Any:
    """The value of a new stored text (None when nothing usable is stored; the slot says why)."""
    text = got.get("text")
    slot.problem, slot.raw, slot.hold, slot.unreadable = None, None, None, False
    value = None
    if got.get("size"):
        slot.problem = too_large(int(got["size"]))
    elif text is not None:
        try:
            value = decode(text, check=check)
        except StoreError as e:
            slot.problem, slot.raw = e.message, text
    if slot.problem:  # set aside by the first write that changes it: copied there in the browser (the write is made
        # only while the key still holds this very text)
        slot.unreadable, slot.dismissed, slot.hold, slot.aside = True, False, "", {"copy": _stored_key(name)}
    return value


def _base_text(slot: _Slot, got: dict[str, Any]) -> str | None:
    """After a refused write: the text this session's writes built on, as stored (its last write the browser made
    since the last answer, else that answer's text).

    >>> _base_text(_Slot(written={"s:1": (1, "a"), "s:2": (2, "b")}, read_text="r", read_at=0), {"ok": "s:1"})
    'a'
    >>> _base_text(_Slot(written={"s:1": (1, "a")}, read_text="r", read_at=1), {"ok": "s:1"})
    'r'
    """
    made = (slot.written or {}).get(got.get("ok"))
    return made[1] if made is not None and made[0] > slot.read_at else slot.read_text


def _value_or_none(text: str | None, check: Callable[[Any], Any] | None) -> Any:
    try:
        return None if text is None else decode(text, check=check)
    except StoreError:
        return None


def _reading(slot: _Slot, *, fresh: bool = False, value: Any = None) -> Reading:
    return Reading(ready=slot.answered, value=value, fresh=fresh, problem=slot.problem, raw=slot.raw)


PEEK = "@peek"
"""The suffix of a second reader's slot (:func:`peek`)."""


def _stored_key(name: str) -> str:
    """The localStorage key a slot reads: its name's, a :func:`peek` slot its value's."""
    return storage_key(name.removesuffix(PEEK))


def peek(name: str, *, check: Callable[[Any], Any] | None = None, wait: bool = True) -> Reading:
    """Another page's value, read by a reader of its own: the page that keeps ``name`` still gets its own fresh
    reading (the practice match is the Play page's; the Puzzles page only looks at it). Never saved from here.
    ``wait`` as for :func:`read` (by default the browser's answer reruns the page, even when nothing is stored)."""
    return read(name + PEEK, check=check, wait=wait)


def ready(name: str) -> bool:
    """Whether the browser has answered for ``name`` in this session (:func:`read` mounted its reader)."""
    return _slot(name).answered


def load(name: str, *, check: Callable[[Any], Any] | None = None) -> Any | None:
    """The value kept under ``name`` as this session last read or wrote it, or None: nothing stored,
    unusable, or the browser has not answered. Mounts the reader like :func:`read`, which tells those
    cases apart and says when another tab changed the value.
    """
    got = read(name, check=check)
    slot = _slot(name)
    if got.fresh or slot.known is None or slot.problem:
        return got.value
    return decode(slot.known, check=check)


def save(name: str, value: Any) -> bool:
    """Keep ``value`` under ``name`` in this browser; True when a write was sent.

    Nothing is written before the browser has answered :func:`read` (the first run of a session must
    not overwrite what is stored), nor when the text is the one last read or written, nor, after an
    unusable stored text, until the value differs from the page's starting one. StoreError when the
    value is not JSON or too large.
    """
    if name.endswith(PEEK):
        raise ValueError(f"{name!r} is read with peek() and is not saved from there")
    slot = _slot(name)
    text = encode(value)
    if not slot.answered:
        if slot.first is None:
            slot.first = text
        elif text != slot.first:
            slot.changed = True  # the browser's answer must rerun the app, which writes this change
        return False
    if slot.unavailable:
        return False
    sent = False
    if slot.hold is not None and slot.hold in ("", text):
        slot.hold = text  # the unusable text stays until the user changes something
    elif text != slot.known:
        slot.hold = None
        _send(name, slot, text)
        sent = True
    if slot.pending is not None and not _in_app_test():
        _write(name, slot)
    return sent


def _send(name: str, slot: _Slot, text: str) -> None:
    """Queue the write of ``text``: made by the browser only if the key still holds the text of the answer it was
    drawn from (``after``: that answer's number), so a write never overwrites another tab's (compare-and-set)."""
    key = storage_key(name)
    items = [{"key": key + ":unreadable", **slot.aside}] if slot.aside else []
    items.append({"key": key, "text": text})
    slot.writes += 1
    write_id = f"{_token()}:{slot.writes}"
    slot.written = {**dict(list((slot.written or {}).items())[-7:]), write_id: (slot.writes, text)}
    slot.aside_in = write_id if slot.aside else slot.aside_in
    expected, slot.aside, slot.known = slot.known, None, text
    slot.pending = {"op": "write", "key": key, "id": write_id, "items": items, "after": (slot.seen or (None, None))[1]}
    if _in_app_test():  # the memory compares before it writes, as the browser does
        memory = st.session_state.setdefault(keys.STORE_MEMORY, {})
        if memory.get(key) != expected:
            slot.memory_refused = {"refused": write_id, "ok": slot.memory_ok}
            return
        for it in items:
            memory[it["key"]] = memory.get(it["copy"]) if "copy" in it else it["text"]
        slot.memory_ok = write_id


def _write(name: str, slot: _Slot) -> None:
    """Draw the writer with the latest write (it writes each id once) and hear of a refused one."""
    element = keys.store_write_key(name)
    _hide(element)
    data = slot.pending
    result = _component(key=element, data=data, on_failed_change=lambda: None)
    failed = result.get("failed") if result is not None else None
    if isinstance(failed, dict) and failed.get("id") == data["id"] and slot.failed != data["id"]:
        slot.failed = data["id"]
        slot.problem = Msg("the last change could not be kept in this browser ({error}); it lasts as long as this "
                           "tab", error=str(failed.get("error")))
        slot.unreadable, slot.raw, slot.dismissed = False, None, False


def problem_box(name: str, what: str) -> None:
    """Say, in a box the user closes, why the kept ``what`` could not be used (with its text to
    download) or why nothing is kept. ``what`` names the value for the user: "score sheet".

    The stored text itself is only offered for download, never rendered.
    """
    slot = _slot(name)
    if not slot.problem or slot.dismissed:
        return
    what = t(what)
    with st.container(border=True, key=keys.store_problem_key(name)):
        if slot.unreadable and slot.raw is not None:
            st.error(t("The {what} kept in this browser could not be read, so this tab starts without it. What was "
                       "kept is not erased: it stays in this browser (set aside once you change something) and you "
                       "can download it. The reason:", what=what), icon=":material/error:")
        elif slot.unreadable:
            st.error(t("The {what} kept in this browser could not be read, so this tab starts without it. What was "
                       "kept is not erased: it stays in this browser (set aside once you change something). "
                       "The reason:", what=what), icon=":material/error:")
        else:
            st.warning(t("The {what} is not kept in this browser. The reason:", what=what), icon=":material/warning:")
        reason = slot.problem.render(lang.style()) if isinstance(slot.problem, Msg) else str(slot.problem)
        if lang.is_rtl():  # a sentence in a right-to-left language reads badly in a left-to-right code box
            st.caption(plain(reason))
        else:
            st.code(reason, language=None, wrap_lines=True)
        cols = st.columns([1, 1, 2])
        if slot.raw is not None:
            # a browser may keep text no UTF-8 file can hold (a lone surrogate): written as its \u escape
            cols[0].download_button(t("Download what was kept"), slot.raw.encode("utf-8", "backslashreplace"),
                                    file_name=f"{NAMESPACE}-{name}.json",
                                    mime="application/json", key=keys.store_problem_key(name) + ".download",
                                    on_click="ignore", width="stretch")
        cols[1].button(t("Close"), key=keys.store_problem_key(name) + ".close", width="stretch",
                       on_click=_dismiss, args=(name,))


def _dismiss(name: str) -> None:
    _slot(name).dismissed = True
