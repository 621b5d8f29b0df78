"""Compare rules: one scenario judged under every profile side by side, and the option that decides."""

import pandas as pd
import streamlit as st

from explorer.engine.cards import Card, Suit
from explorer.engine.compare import responsible_options, verdict_summary
from explorer.engine.profiles import OPTIONS, PROFILES, custom_profile
from explorer.engine.scenario import KIND_NAMES, dump_yaml, internal_error
from explorer.library import Entry, kind_of, load_library
from explorer.sources import cite
from explorer.ui import cards as ui
from explorer.ui import inbox, sidebar, state
from explorer.ui.text import code, code_lines, plain
from explorer.ui.words import format_option_value, option_words, verdict_words

PAGE = state.COMPARE
DIFFER_BG = "background-color: #fff1c9; font-weight: 600"
DEFAULT_FILE = "score-escalated-tie-units"

st.title("Compare rules")
st.markdown("One question judged under every rules profile side by side. Where the verdicts differ, the "
            "page names the option responsible: it re-judges the case with one option changed at a time.")

ss = st.session_state


@st.cache_data(show_spinner=False)
def library() -> list[Entry]:
    return load_library()


entries = {e.stem: e for e in library() if e.doc is not None}

# --- the custom column's options -----------------------------------------------------------
sidebar_profile = sidebar.current_profile()
defaults = {  # the widgets' first values, kept while the user visits other pages
    state.COMPARE_CUSTOM_BASE: sidebar_profile.base if sidebar_profile.base in PROFILES else "detailed",
    **{state.compare_option_key(name): getattr(sidebar_profile, name) for name in OPTIONS},
    state.COMPARE_REFERENCE: "detailed",
    state.COMPARE_LIBRARY_FILE: DEFAULT_FILE if DEFAULT_FILE in entries else next(iter(entries), None),
}
inbox.receive(PAGE, kinds=KIND_NAMES, to_form=None, defaults=defaults)
box = ss.get(state.page_key(PAGE, state.META))
if box and box.get("fresh"):  # a scenario just arrived: a custom profile in it fills the custom column
    box["fresh"] = False
    spec = ss.get(state.page_key(PAGE, state.PINNED_PROFILE))
    if isinstance(spec, dict):
        prof = custom_profile(spec)
        ss[state.COMPARE_CUSTOM_BASE] = prof.base
        for name in OPTIONS:
            ss[state.compare_option_key(name)] = getattr(prof, name)
        inbox.remember(PAGE, defaults)


def _reset_custom() -> None:
    base = PROFILES[ss[state.COMPARE_CUSTOM_BASE]]
    for name in OPTIONS:
        ss[state.compare_option_key(name)] = getattr(base, name)


def _from_library() -> None:
    e = entries.get(ss.get(state.COMPARE_LIBRARY_FILE))
    if e is not None:
        inbox.send(PAGE, e.doc, f"the library ({e.stem}.yaml)")


def _from_tool(page: str, title: str) -> None:
    doc = ss.get(state.page_key(page, state.DOC))
    if doc:
        inbox.send(PAGE, doc, f"the {title}")


# --- choose the scenario ---------------------------------------------------------------------
with st.container(border=True):
    lib, tools = st.container(key="bx-wrap-compare-source").columns([2.2, 1], gap="large")
    with lib:
        a, b = st.columns([3, 1], vertical_alignment="bottom")
        a.selectbox("A scenario from the library", list(entries), key=state.COMPARE_LIBRARY_FILE,
                    format_func=lambda s: f"{entries[s].title}  ·  {entries[s].kind}")
        b.button("Compare it", key=state.COMPARE_LOAD_FILE, on_click=_from_library, type="primary", width="stretch")
    with tools:
        st.markdown("**…or the scenario of another tool**")
        for page, title, key in ((state.TRICK, "Trick checker", state.COMPARE_FROM_TRICK),
                                 (state.SCORE, "Score calculator", state.COMPARE_FROM_SCORE)):
            have = bool(ss.get(state.page_key(page, state.DOC)))
            st.button(f"From the {title}", key=key, on_click=_from_tool, args=(page, title), disabled=not have,
                      help=None if have else f"Open the {title} first: its current scenario comes here.")

inbox.show_message(PAGE)
doc = ss.get(state.page_key(PAGE, state.DOC))
inbox.open_save_share(PAGE, doc or None, file_stem=f"compare-{kind_of(doc or {}) or 'scenario'}",
                      expanded=not doc)
if not doc:
    st.info("Choose a scenario above, open a share link, or open a file below (any kind: play, score, "
            "projects, bidding or deal).", icon="👆")
    inbox.sync_link(PAGE, None, empty=True)
    st.stop()

kind = kind_of(doc)
title = doc.get("title") or f"A {kind} scenario"
st.subheader(plain(title), anchor=False)
if doc.get("notes"):
    st.caption(plain(doc["notes"]))
own = doc.get("profile")
if own is not None:
    st.caption(f"The scenario names the profile {code(own if isinstance(own, str) else dict(own))}; here every "
               "profile judges it.")
with st.expander("The scenario as YAML"):
    st.code(dump_yaml(doc), language="yaml")

# --- the profiles ----------------------------------------------------------------------------
with st.expander("⚙️ The custom column: start from a profile and change single options"):
    st.selectbox("Start from", list(PROFILES), key=state.COMPARE_CUSTOM_BASE, on_change=_reset_custom,
                 format_func=lambda p: PROFILES[p].title)
    cols = st.columns(3)
    for i, (name, info) in enumerate(OPTIONS.items()):
        with cols[i % 3]:
            if isinstance(info.choices[0], bool):
                st.toggle(info.title, key=state.compare_option_key(name), help=info.meaning)
            else:
                st.selectbox(info.title, list(info.choices), key=state.compare_option_key(name),
                             format_func=format_option_value, help=info.meaning)
base = PROFILES[ss[state.COMPARE_CUSTOM_BASE]]
changes = {n: ss[state.compare_option_key(n)] for n in OPTIONS if ss[state.compare_option_key(n)] != getattr(base, n)}
custom = custom_profile({"base": base.id, **changes})
profiles = {**PROFILES, "custom": custom}
names = {pid: p.title for pid, p in PROFILES.items()}
names["custom"] = ("Custom: " + ", ".join(OPTIONS[n].title.lower() for n in changes) + f" (on {base.id})"
                   if changes else f"Custom (= {base.id}; change options above)")

ref_id = st.selectbox("Compare with", list(profiles), key=state.COMPARE_REFERENCE,
                      format_func=lambda p: names[p], help="Differences are marked against this profile.")
reference = profiles[ref_id]
try:
    results = {pid: inbox.check(doc, profile=p) for pid, p in profiles.items()}
except Exception as e:  # noqa: BLE001 - an engine bug is one line asking for a report, not a traceback
    st.error(internal_error(e))
    st.stop()
summaries = {pid: verdict_summary(c) for pid, c in results.items()}
differ = [pid for pid in profiles if summaries[pid] != summaries[ref_id]]

if not differ:
    st.success(f"**Every profile gives the same verdict:** {verdict_words(results[ref_id])}", icon="🤝")
else:
    st.warning(f"**The profiles disagree.** {len(differ)} of {len(profiles) - 1} differ from "
               f"{names[ref_id]}: " + ", ".join(names[p] for p in differ) + ".", icon="⚖️")


CARD_KEYS = ("card", "legal")
"""Verdict keys whose values are cards (codes in the verdict, faces on the page)."""


def _compact(value, key: str = "") -> str:
    """A verdict value in one short line: ``NS 0 – EW 32``, ``EW``, ``Q♥``, ``—``."""
    if value is None:
        return "—"
    if isinstance(value, dict):
        if set(value) == {"NS", "EW"}:
            return f"NS {value['NS']} – EW {value['EW']}"
        return ", ".join(f"{k}: {_compact(v, k)}" for k, v in value.items())
    if isinstance(value, list):
        return "; ".join(_compact(v, key) for v in value) or "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if key in CARD_KEYS and isinstance(value, str):
        return Card.parse(value).pretty
    return str(value)


def _trump(o: dict) -> Suit | None:
    c = o.get("contract") or {}
    return Suit.parse(c["trump"]) if c.get("trump") else None


st.html("<style>" + "".join(f".st-key-compare-col-{pid}{{background:#fff6dc;border-color:#e0b33b !important}}"
                            for pid in differ) + "</style>")
cols = st.container(key="bx-wrap-cards-profiles").columns(len(profiles), gap="small")
for col, (pid, checked) in zip(cols, results.items(), strict=True):
    with col, st.container(border=True, key=f"compare-col-{pid}"):
        mark = "🟡 **differs**" if pid in differ else ("📌 reference" if pid == ref_id else "✓ same")
        st.markdown(f"**{names[pid]}**  \n{mark}")
        st.markdown(verdict_words(checked), unsafe_allow_html=False)
        if not checked.ok:
            st.error(code_lines(checked.errors))
            continue
        o = checked.output
        if o["kind"] == "play":
            marks = {c: "legal" for c in o["legal"]} | {c: "illegal" for c in o["illegal"]}
            st.html(ui.hand_html(doc.get("hand") or [], trump=_trump(o), size="sm", highlight=marks))
            st.caption(o["rule"])
        elif o["kind"] == "score" or (o["kind"] == "deal" and o.get("score")):
            s = o if o["kind"] == "score" else o["score"]
            tie = next((x["detail"] for x in s["steps"] if x["step"] == "tie_rule"), None)
            award = next((x["detail"] for x in s["steps"] if x["step"] == "award"), "")
            st.caption(tie or award)
        elif o["kind"] == "projects":
            st.caption(o.get("reason") or "")
        elif o["kind"] == "deal" and o.get("error"):
            st.caption(o["error"]["reason"])

# --- why they differ -------------------------------------------------------------------------
if differ:
    st.subheader("Which option decides it")
    for pid in differ:
        try:
            flip = responsible_options(doc, reference, profiles[pid])
        except Exception as e:  # noqa: BLE001 - as above
            st.error(internal_error(e))
            continue
        lines = []
        for n in flip.options:
            how = "alone gives its verdict" if n in flip.exact else "changes the verdict, but not to its verdict alone"
            lines.append(f"- {option_words(n, reference, profiles[pid])} — {how}. "
                         f"*{OPTIONS[n].meaning}* (source: {cite(OPTIONS[n].source)})")
        if not flip.options:
            lines.append("- No single option changes the verdict alone; the options together do: "
                         + ", ".join(f"`{n}`" for n in flip.differing) + ".")
        with st.container(border=True):
            st.markdown(f"**{names[pid]}** against **{names[ref_id]}**\n\n" + "\n".join(lines))

# --- the detail, highlighted ----------------------------------------------------------------
st.subheader("Side by side")
frame = None
if kind == "play" and all(c.ok for c in results.values()):
    rows = []
    for card in doc.get("hand") or []:
        parsed = Card.parse(card)
        row = {"Card": parsed.pretty}
        for pid, c in results.items():
            row[names[pid]] = "✓ legal" if str(parsed) in c.output["legal"] else "✕ illegal"
        rows.append(row)
    frame = pd.DataFrame(rows)
elif kind in ("score", "deal"):
    def steps_of(c):
        if not c.ok:
            return {}
        s = c.output if c.output["kind"] == "score" else (c.output.get("score") or {})
        return {x["step"]: x["detail"] for x in s.get("steps") or []}
    per = {pid: steps_of(c) for pid, c in results.items()}
    order: list[str] = []
    for d in per.values():
        order += [k for k in d if k not in order]
    frame = pd.DataFrame([{"Step": k.replace("_", " "), **{names[p]: per[p].get(k, "—") for p in per}}
                          for k in order])
elif kind == "bidding":
    calls = list(doc.get("calls") or []) + list(doc.get("escalation") or [])

    def call_verdicts(c):
        if not c.ok:
            return {}
        out = {h["index"]: h["reason"] for h in c.output.get("history") or []}
        err = c.output.get("error")
        if err:
            out[err["index"]] = "✕ illegal: " + err["reason"]
        return out
    per = {pid: call_verdicts(c) for pid, c in results.items()}
    frame = pd.DataFrame([{"Step": f"{i + 1}. {call.get('seat')} {call.get('call')}",
                           **{names[p]: per[p].get(i, "— (not reached)") for p in per}}
                          for i, call in enumerate(calls)])
if frame is None or frame.empty:
    frame = pd.DataFrame([{"Step": key, **{names[p]: _compact(summaries[p].get(key), key) for p in summaries}}
                          for key in dict.fromkeys(k for s in summaries.values() for k in s)])
if frame is not None and not frame.empty:
    ref_col = names[ref_id]

    def highlight(df: pd.DataFrame) -> pd.DataFrame:
        out = pd.DataFrame("", index=df.index, columns=df.columns)
        for c in df.columns[1:]:
            out.loc[df[c] != df[ref_col], c] = DIFFER_BG
            out.loc[df[c] != df[ref_col], df.columns[0]] = DIFFER_BG
        return out
    # A static table, not a grid: each cell is a sentence and must wrap, not be cut.
    st.table(frame.style.apply(highlight, axis=None).hide(axis="index"))
    what = {"play": "cards", "bidding": "calls"}.get(kind, "steps")
    st.caption(f"Highlighted: the {what} where a profile differs from {ref_col}.")

tool_file, tool_title = inbox.TOOL_FOR_KIND[kind]
if tool_file != "compare_rules.py":
    if st.button(f"Open this scenario in the {tool_title}", key=state.COMPARE_OPEN_IN_TOOL):
        inbox.open_in_tool(doc, "Compare rules")

inbox.sync_link(PAGE, doc, empty=False)
