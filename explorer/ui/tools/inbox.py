"""How a scenario reaches a tool: a share link, an uploaded file, pasted text or another page.

Every tool (Trick checker, Score calculator, Compare rules, Deal checker) calls, in this order:

* :func:`receive` before its widgets: a share link (``?s=``) once per page load, then whatever
  waits in ``<page>.incoming`` (put there by :func:`send`: the library, another tool, a file);
* :func:`show_message`: the last import's outcome, one clear message;
* then its widgets, and :func:`open_save_share` / :func:`sync_link` for the way out.

A bad file or link never changes a tool's widgets: the tool keeps what the user typed (or stays
empty on a fresh page) and the message names every problem. Text from the scenario, the file
name or the link is shown as plain text, never as Markdown.

Reading and checking the scenario is :mod:`explorer.view.intake` (no Streamlit): every problem is a
message, and so is where the scenario came from (:func:`~explorer.view.intake.from_library`, ...). This
module says them in the page's language (:mod:`explorer.ui.shell.lang`), as plain sentences: what they quote
from a file or a link is never read as Markdown. A share link made on a page in another language than
English carries ``lang=``.
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Iterable, Mapping
from functools import partial
from pathlib import Path
from typing import Any

import streamlit as st

from explorer.content.library import kind_of
from explorer.content.sources import cite
from explorer.content.translations import content
from explorer.engine.core.errors import problem
from explorer.engine.core.i18n import Msg
from explorer.engine.core.profiles import DEFAULT_PROFILE, ProfileError, RuleProfile, custom_profile
from explorer.engine.core.visible import visible
from explorer.engine.files.scenario import (
    MAX_SCENARIO_BYTES,
    dump_yaml,
)
from explorer.engine.files.share import MAX_LINK_CHARS, encode_scenario
from explorer.ui import state
from explorer.ui.shell import lang
from explorer.ui.shell.lang import t, tn
from explorer.ui.tools import forms
from explorer.view import nav
from explorer.view.intake import (
    FILE_TYPES,
    KIND_WORDS,
    TOOL_FOR_KIND,
    check_shape,
    from_file,
    join_meta,
    read_link,
    read_text,
    read_upload,
    split_meta,
)
from explorer.view.text import code, plain
from explorer.view.words import problem_lines, problem_sentence, profile_words  # noqa: F401 - the pages call them from here too

UPLOAD_LIMIT_MB = 25
"""What the browser sends at most. The app itself refuses anything above 64 KiB, with a message; a
lower limit here would let the browser refuse a file silently (no rerun), leaving the last file's
"Opened …" on screen."""

PAGE_OF_FILE = {"trick_checker.py": state.TRICK, "score_calculator.py": state.SCORE,
                "compare_rules.py": state.COMPARE, "deal_checker.py": state.DEAL}
"""The page prefix (and inbox) of each tool's file."""
PAGE_TITLES = {page: next(t for f, t in TOOL_FOR_KIND.values() if PAGE_OF_FILE[f] == page)
               for page in PAGE_OF_FILE.values()}
PAGE_FILES = {page: file for file, page in PAGE_OF_FILE.items()}



def cite_in(text: str) -> str:
    """:func:`explorer.content.sources.cite` in the page's language: the rules documents named as its reader knows them."""
    language = lang.current()
    return cite(text) if language == "en" else cite(text, language)


def source_text(source: str | Msg) -> str:
    """A source in the page's language."""
    if isinstance(source, Msg):
        return source.render(lang.style())
    return t(source) if source else t("this input")


def kind_words(kind: str | None) -> str:
    """A kind of scenario in the page's language (the file's ``kind:`` value in English); any other value
    as written, Markdown escaped."""
    return t(KIND_WORDS[kind]) if kind in KIND_WORDS else plain(repr(kind))


# --- Streamlit: the inbox and the message -------------------------------------------------------

def _ss() -> Any:
    return st.session_state


def set_message(page: str, level: str, lines: list[str], source: str | Msg = "", *,
                opened: str | None = None) -> None:
    """Remember a message about the last import, shown by :func:`show_message` until the next one.

    ``source`` is where the scenario came from (a :class:`Msg`, or one of :data:`KNOWN_SOURCES`): it is
    written in the page's language when shown. ``opened`` (a scenario's title, or ``""``) makes the
    message the "Opened … from …" confirmation, written when shown as well (its title translated when the
    library's catalogue has it).
    """
    _ss()[state.page_key(page, state.MESSAGE)] = {"level": level, "lines": list(lines), "source": source,
                                                   "opened": opened}


def clear_message(page: str) -> None:
    _ss().pop(state.page_key(page, state.MESSAGE), None)


def send(page: str, doc: Mapping[str, Any], source: str | Msg) -> None:
    """Put a scenario in a page's inbox; the page loads it on its next run (before its widgets)."""
    _ss()[state.page_key(page, state.INCOMING)] = {"doc": dict(doc), "source": source}


def receive(page: str, *, kinds: tuple[str, ...], to_form: Callable[[Mapping[str, Any]], dict[str, Any]] | None,
            defaults: Mapping[str, Any] | None = None, whole: bool = True) -> None:
    """Before the widgets: read ``?s=`` once per page load, then load what waits in the inbox.

    A scenario that fits is written into the widgets (``to_form`` gets the whole scenario) or, for
    Compare rules, into ``<page>.doc``; one that does not leaves everything as it was and sets an
    error message. ``whole=False`` checks only the kind (the Deal checker's editor holds any deal
    and lists the engine's problems under it).
    """
    ss = _ss()
    link = st.query_params.get("s")
    seen_key = state.page_key(page, state.LINK_SEEN)
    if link and link != ss.get(seen_key):
        ss[seen_key] = link
        got = read_link(link)
        if got.ok:
            send(page, got.doc, "the link")
        else:
            set_message(page, "error", got.errors, "the link")
    box = ss.pop(state.page_key(page, state.INCOMING), None)
    if defaults:
        persist(page, defaults)
    if not box:
        return
    doc, source = box.get("doc"), box.get("source", "")
    if not isinstance(doc, Mapping):
        set_message(page, "error", [problem(Msg("the scenario is not a mapping of keys"))], source)
        return
    problems = check_shape(doc, kinds, tool=PAGE_TITLES.get(page, ""), whole=whole)
    if problems:
        set_message(page, "error", problems, source)
        return
    meta, _ = split_meta(doc)
    if to_form is not None:
        try:
            form = to_form(doc)
        except Exception as e:  # noqa: BLE001 - the shape check passed; still, never a traceback
            set_message(page, "error", [f"the scenario could not be put into the tool ({type(e).__name__})"], source)
            return
        ss.update(form)
        if defaults:
            remember(page, defaults)
    else:
        ss[state.page_key(page, state.DOC)] = dict(doc)
    ss[state.page_key(page, state.PINNED_PROFILE)] = doc.get("profile")
    ss[state.page_key(page, state.META)] = {"meta": meta, "original": dict(doc), "core": None, "fresh": True}
    title = meta.get("title")
    set_message(page, "success", [], source, opened=str(title) if title else "")


def persist(page: str, defaults: Mapping[str, Any]) -> None:
    """Keep a page's widget values while the user is on another page; call once per run, before the widgets.

    Streamlit forgets (or rewinds to an earlier value) the state of widgets that a run does not
    draw, so leaving a tool would empty it. Each run copies the values to ``<page>.form`` (a plain
    key, never forgotten) and draws a hidden marker widget, ``<page>.alive``. When the marker is
    gone, the user has been elsewhere (or this is the page's first run): every value is put back
    from the copy before the widgets are drawn.
    """
    ss = _ss()
    saved = ss.get(state.page_key(page, state.FORM)) or {}
    returning = state.page_key(page, state.ALIVE) not in ss
    for k, v in defaults.items():
        if returning and k in saved:
            ss[k] = copy.deepcopy(saved[k])
        elif k not in ss:
            ss[k] = copy.deepcopy(v)
    remember(page, defaults)
    with st.container(key=f"{page}-alive"):
        st.html(f"<style>.st-key-{page}-alive{{display:none}}</style>")
        st.checkbox("alive", key=state.page_key(page, state.ALIVE), label_visibility="collapsed")


def restore(page: str, keys: Iterable[str]) -> None:
    """Put the kept values of these widgets back (a callback, before the run that draws them again).

    A widget that some runs do not draw (the library's search box during a presentation) keeps its
    value on the server but comes back empty in the browser; a value set again through the session
    state is sent to the browser with the widget.
    """
    ss = _ss()
    saved = ss.get(state.page_key(page, state.FORM)) or {}
    for k in keys:
        if k in saved:
            ss[k] = copy.deepcopy(saved[k])
        elif k in ss:
            ss[k] = ss[k]


def remember(page: str, defaults: Mapping[str, Any]) -> None:
    """Copy the page's widget values to ``<page>.form`` now (after changing them in the script)."""
    ss = _ss()
    ss[state.page_key(page, state.FORM)] = {k: copy.deepcopy(ss[k]) for k in defaults if k in ss}


def is_empty(page: str) -> bool:
    """Whether a tool shows nothing: its widgets at their empty values (Compare rules: no scenario
    yet; the Deal checker: a blank editor)."""
    ss = _ss()
    if page == state.DEAL:
        return not str(ss.get(state.DEAL_TEXT) or "").strip()
    defaults = {state.TRICK: forms.PLAY_DEFAULTS, state.SCORE: forms.SCORE_DEFAULTS}.get(page)
    if defaults is None:
        return ss.get(state.page_key(page, state.DOC)) is None
    return all(ss.get(k, v) == v for k, v in defaults.items())


def show_message(page: str, *, compact: bool = False) -> None:
    """The last import's outcome: a clear error naming each problem, or a short confirmation
    (``compact``: one small line, for a page whose heading names the scenario at once).

    It is drawn in a placeholder that is there even without a message, so that clearing the message
    does not move the widgets below it: a moved uploader is drawn anew and loses a file still
    uploading (the file then never reaches the tool).
    """
    slot = st.empty()
    msg = _ss().get(state.page_key(page, state.MESSAGE))
    if not msg:
        return
    src = source_text(msg.get("source") or "")
    if msg["level"] == "error":
        kept = t("The tool is empty.") if is_empty(page) else t("The tool keeps what it showed before.")
        if msg.get("source") == "the link":
            kept = t("{kept} Ask whoever sent it for a fresh link, or open a scenario another way.", kept=kept)
        slot.error(t("**Could not open {source}.** {kept}", source=plain(src), kept=kept) + "\n\n"
                   + problem_lines(msg["lines"]), icon=":material/block:")
        return
    opened = msg.get("opened")
    if opened is not None:
        if opened:
            line = t("Opened “{title}” from {source}.", title=content(visible(opened), None, lang.current()),
                     source=src)
        else:
            line = t("Opened the scenario from {source}.", source=src)
    else:
        line = str(msg["lines"][0]) if msg.get("lines") else ""
    if compact:
        slot.caption(f":material/check_circle: {plain(line)}")
    else:
        slot.success(plain(line), icon=":material/check_circle:")


# --- Streamlit: the rules that judge a tool -------------------------------------------------------

def _unpin(page: str) -> None:
    _ss()[state.page_key(page, state.PINNED_PROFILE)] = None


def effective_profile(page: str, sidebar: RuleProfile) -> tuple[RuleProfile, Any, bool]:
    """The profile a tool judges with, its scenario-file form, and whether it came with the scenario."""
    spec = _ss().get(state.page_key(page, state.PINNED_PROFILE))
    if spec is not None:
        try:
            return custom_profile(spec), spec, True
        except ProfileError:
            _ss()[state.page_key(page, state.PINNED_PROFILE)] = None
    spec = None if sidebar == DEFAULT_PROFILE else sidebar.to_spec()
    return sidebar, spec, False


def rules_line(page: str, sidebar: RuleProfile) -> tuple[RuleProfile, Any]:
    """Show which rules judge this tool (the scenario's own profile, or the sidebar's) and return them."""
    prof, spec, pinned = effective_profile(page, sidebar)
    if pinned:
        left, right = st.columns([4, 1], vertical_alignment="center")
        left.info(t("Judged under **{profile}**, the rules saved with this scenario. "
                    "The sidebar's choice ({sidebar}) is not used here.", profile=profile_words(prof),
                    sidebar=profile_words(sidebar)), icon=":material/gavel:")
        right.button(t("Use the sidebar's rules"), key=state.page_key(page, state.UNPIN), on_click=_unpin,
                     args=(page,), width="stretch")
    else:
        st.caption(t("Rules: **{profile}** (chosen in the sidebar).", profile=profile_words(prof)))
    return prof, spec


def full_doc(page: str, core: dict[str, Any], spec: Any) -> dict[str, Any]:
    """The tool's scenario: exactly the one loaded while its inputs and rules are unchanged; after a
    change, the inputs with the loaded title, topic and notes (``expect`` is dropped) and the profile."""
    ss = _ss()
    box = ss.get(state.page_key(page, state.META))
    meta: dict[str, Any] = {}
    if box:
        if box.get("fresh"):
            box["core"], box["fresh"] = core, False
        original = box.get("original") or {}
        if core == box.get("core") and spec == original.get("profile"):
            doc = dict(original)
            ss[state.page_key(page, state.DOC)] = doc
            return doc
        meta = {k: v for k, v in box["meta"].items() if k in ("title", "notes", "topic", "tags")}
    doc = join_meta(core, meta, spec)
    ss[state.page_key(page, state.DOC)] = doc
    return doc


# --- Streamlit: files, pasted text, the link in the address bar, other tools --------------------

def _on_upload(page: str) -> None:
    f = _ss().get(state.page_key(page, state.UPLOAD))
    if f is None:  # the file was removed: what was said about it no longer stands
        clear_message(page)
        return
    got = read_upload(f.getvalue(), f.name)
    source = from_file(f.name)
    if got.ok:
        send(page, got.doc, source)
    else:
        set_message(page, "error", got.errors, source)


def _on_paste(page: str) -> None:
    got = read_text(_ss().get(state.page_key(page, state.PASTE), ""))
    if got.ok:
        send(page, got.doc, "the pasted text")
    else:
        set_message(page, "error", got.errors, "the pasted text")


def file_uploader(page: str, label: str | None = None) -> None:
    """The uploader of a tool: a file read on upload and sent to the page's inbox."""
    st.file_uploader(
        label or t("Open a scenario file"), type=list(FILE_TYPES), key=state.page_key(page, state.UPLOAD), on_change=_on_upload, args=(page,),
        max_upload_size=UPLOAD_LIMIT_MB,
        help=t("A .yaml, .yml or .json scenario of at most {kib} KiB (the format of {folder}).",
               kib=MAX_SCENARIO_BYTES // 1024, folder=code("data/scenarios/")))


def share_url(page_file: str, doc: Mapping[str, Any]) -> str:
    """The share link of a scenario on a page: the app's address, the page, ``?s=``."""
    url_path = Path(page_file).stem
    try:
        base = (st.context.url or "").rstrip("/")
    except Exception:  # noqa: BLE001 - no browser (tests): a relative link
        base = ""
    if base.endswith("/" + url_path):
        base = base[: -len(url_path) - 1]
    return f"{base}/{url_path}?{link_query(doc)}"


def link_query(doc: Mapping[str, Any]) -> str:
    """The query of a share link: ``s=`` the scenario, and ``lang=`` the page's language when it is not
    English, so that the link opens the tool in the language it was made in."""
    language = lang.current()
    return f"s={encode_scenario(dict(doc))}" + ("" if language == "en" else f"&lang={language}")


def share_link(page_file: str, doc: Mapping[str, Any], caption: str) -> None:
    """The share link as a code block under ``caption``: it redraws with the scenario and has a copy button.
    A scenario too long for a link (its notes, mostly) gets a line saying so instead: the server would refuse
    the link before the app could say anything (:data:`~explorer.engine.files.share.MAX_LINK_CHARS`)."""
    # st.code, not a keyed text box: a keyed widget keeps its first value, so the link would go
    # stale after an edit.
    size = len(encode_scenario(dict(doc)))
    if size > MAX_LINK_CHARS:
        st.caption(too_long_for_a_link(size))
        return
    st.caption(caption)
    st.code(share_url(page_file, doc), language=None, wrap_lines=True)


def too_long_for_a_link(size: int) -> str:
    """Why there is no share link: the scenario packs into more characters than a link carries."""
    return tn("No share link: this scenario packs into {n} character and a link carries at most {most} "
              "(shorten its notes, or save it as a file and send the file).",
              "No share link: this scenario packs into {n} characters and a link carries at most {most} "
              "(shorten its notes, or save it as a file and send the file).", size, most=MAX_LINK_CHARS)


def open_save_share(page: str, doc: Mapping[str, Any] | None, *, file_stem: str, expanded: bool = False) -> None:
    """The "Open, save or share" expander: upload or paste a scenario, download it as YAML, its share link."""
    with st.expander(t("Open, save or share this scenario"), icon=":material/folder_open:", expanded=expanded):
        up, paste, out = st.columns(3, gap="medium")
        with up:
            file_uploader(page)
        with paste:
            st.text_area(t("…or paste one (YAML or JSON)"), key=state.page_key(page, state.PASTE), height=110,
                         placeholder="kind: play\ncontract: {mode: hokum, trump: H, buyer: N}\n…")
            st.button(t("Open the pasted scenario"), key=state.page_key(page, state.PASTE_LOAD), on_click=_on_paste,
                      args=(page,))
        with out:
            if doc:
                # The YAML is written when the button is pressed (a callable), not on every run of the tool.
                st.download_button(t("Save as YAML"), partial(dump_yaml, dict(doc)), icon=":material/download:", file_name=f"{file_stem}.yaml",
                                   mime="application/x-yaml", key=state.page_key(page, state.DOWNLOAD))
                share_link(PAGE_FILES[page], doc, t("Share link (copy button on the right): opens this page with "
                                                    "this scenario and its rules profile. The address bar holds "
                                                    "the same link."))
            else:
                st.caption(t("Nothing to save yet."))


def sync_link(page: str, doc: Mapping[str, Any] | None, *, empty: bool) -> None:
    """Keep ``?s=`` in the address bar equal to the tool's scenario (none while the tool is empty)."""
    seen_key = state.page_key(page, state.LINK_SEEN)
    if empty or doc is None:
        if "s" in st.query_params and _ss().get(seen_key) == st.query_params.get("s"):
            del st.query_params["s"]
        return
    value = encode_scenario(dict(doc))
    if len(value) > MAX_LINK_CHARS:  # the address bar would hold a link the server refuses on a reload
        if "s" in st.query_params:
            del st.query_params["s"]
        return
    if st.query_params.get("s") != value:
        st.query_params["s"] = value
    _ss()[seen_key] = value


def open_in_tool(doc: Mapping[str, Any], source: str | Msg) -> None:
    """Go to the tool for this scenario's kind, carrying the scenario in its inbox."""
    file = TOOL_FOR_KIND[kind_of(doc) or "play"][0]
    send(PAGE_OF_FILE[file], doc, source)
    st.switch_page(nav.page_path(file))
