"""Compare rules: one scenario judged under every profile side by side, and the option that decides."""

import hashlib

import pandas as pd
import streamlit as st

from explorer.content.library import Entry, kind_of, load_library
from explorer.engine.core.cards import Card, Seat, Suit, Team
from explorer.engine.core.errors import render_problems
from explorer.engine.core.i18n import N_, Msg
from explorer.engine.core.profiles import OPTIONS, PROFILES, ProfileError, custom_profile
from explorer.engine.core.visible import visible
from explorer.engine.files.compare import responsible_options, verdict_summary
from explorer.engine.files.scenario import dump_yaml, internal_error
from explorer.ui import state
from explorer.ui.shell import lang, sidebar
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.ui.tools import inbox
from explorer.ui.tools.inbox import cite_in
from explorer.view import cards as ui
from explorer.view import intake, nav
from explorer.view.presentation import step_name
from explorer.view.text import code, plain
from explorer.view.words import format_option_value, option_words, profile_words, verdict_words

PAGE = state.COMPARE
DIFFER_BG = "background-color: #fff1c9; font-weight: 600"
DEFAULT_FILE = "score-escalated-tie-units"

st.title(t("Compare rules"))
st.caption(t("One case under every rules profile side by side; where the verdicts differ, the option responsible."))

ss = st.session_state


@st.cache_data(show_spinner=False)
def library() -> list[Entry]:
    return load_library()


entries = {e.stem: e for e in library() if e.doc is not None}

kind_words = inbox.kind_words

SUMMARY_KEYS = {"project_team": N_("project priority"), "points": N_("points"), "errors": N_("problems"),
                "legal": N_("legal cards"), "rule_id": N_("rule"), "winner": N_("winner"),
                "buyer_made": N_("the buyer makes it"), "award": N_("award"), "kaboot": N_("Kaboot"),
                "match_winner": N_("match winner"), "finished": N_("finished"), "contract": N_("contract"),
                "escalation": N_("escalation"), "redeal": N_("redeal"), "error": N_("error"), "valid": N_("valid"),
                "output": N_("verdict")}
# The parts of a verdict the profiles are compared on (verdict_summary's keys), by name; English keeps the key.


def summary_key(key: str) -> str:
    return key if lang.current() == "en" or key not in SUMMARY_KEYS else t(SUMMARY_KEYS[key])


def call_words(i: int, call: dict) -> str:
    """A row of the bidding table: ``1. S hokum`` (the seat and the call as the engine names them)."""
    if lang.current() == "en":
        return f"{i + 1}. {call.get('seat')} {call.get('call')}"
    try:
        from explorer.engine.rules.bidding import Call
        said = Call.parse(f"{call.get('seat')}: {call.get('call')} {call.get('suit') or ''}".strip()).message()
        return lang.t("{n}. {seat} {call}", n=i + 1, seat=Seat.parse(call.get("seat")), call=said)
    except Exception:  # noqa: BLE001 - a call the engine cannot read is shown as written
        return f"{i + 1}. {plain(call.get('seat'))} {plain(call.get('call'))}"

# --- the custom column's options -----------------------------------------------------------
sidebar_profile = sidebar.current_profile()
defaults = {  # the widgets' first values, kept while the user visits other pages
    state.COMPARE_CUSTOM_BASE: sidebar_profile.base if sidebar_profile.base in PROFILES else "detailed",
    **{state.compare_option_key(name): getattr(sidebar_profile, name) for name in OPTIONS},
    state.COMPARE_REFERENCE: "detailed",
    state.COMPARE_LIBRARY_FILE: DEFAULT_FILE if DEFAULT_FILE in entries else next(iter(entries), None),
}
inbox.receive(PAGE, kinds=tuple(intake.TOOL_FOR_KIND), to_form=None, defaults=defaults)  # every kind a tool opens
box = ss.get(state.page_key(PAGE, state.META))
if box and box.get("fresh"):  # a scenario just arrived: a custom profile in it fills the custom column
    box["fresh"] = False
    arrived = ss.get(state.page_key(PAGE, state.DOC))
    # the library picker names the scenario compared, or nothing when it is not a library file
    ss[state.COMPARE_LIBRARY_FILE] = next((stem for stem, e in entries.items() if e.doc == arrived), None)
    inbox.remember(PAGE, defaults)
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
        inbox.send(PAGE, e.doc, intake.from_library(e.stem))


def _from_tool(page: str, source: str) -> None:
    doc = ss.get(state.page_key(page, state.DOC))
    if doc:
        inbox.send(PAGE, doc, source)


# --- choose the scenario ---------------------------------------------------------------------
with st.container(horizontal=True, vertical_alignment="bottom", gap="small", key="compare-source"):
    st.selectbox(t("A scenario from the library"), list(entries), key=state.COMPARE_LIBRARY_FILE,
                 format_func=in_this_language({s: t("{title}  ·  {kind}", title=e.shown_title(lang.current()), kind=kind_words(e.kind))
                              for s, e in entries.items()}.get), width=330,
                 placeholder=t("Choose a library scenario"))
    st.button(t("Compare it"), key=state.COMPARE_LOAD_FILE, on_click=_from_library, type="primary",
              disabled=ss.get(state.COMPARE_LIBRARY_FILE) is None)
    for page, title, source, key in ((state.TRICK, t("Trick checker"), "the Trick checker", state.COMPARE_FROM_TRICK),
                                     (state.SCORE, t("Score calculator"), "the Score calculator",
                                      state.COMPARE_FROM_SCORE)):
        have = bool(ss.get(state.page_key(page, state.DOC)))
        st.button(t("From the {tool}", tool=title), key=key, on_click=_from_tool, args=(page, source),
                  disabled=not have,
                  help=t("Compare the {tool}'s current scenario.", tool=title) if have
                  else t("Open the {tool} first: its current scenario comes here.", tool=title))

inbox.show_message(PAGE, compact=True)
doc = ss.get(state.page_key(PAGE, state.DOC))
if not doc:
    inbox.open_save_share(PAGE, None, file_stem="compare-scenario", expanded=True)
    st.info(t("Choose a scenario above, open a share link, or open a file below (any kind: play, score, "
              "projects, bidding or deal)."), icon=":material/arrow_upward:")
    inbox.sync_link(PAGE, None, empty=True)
    st.stop()

case = hashlib.sha1(dump_yaml(doc).encode()).hexdigest()[:12]
st.html(nav.to_top_html(f"compare {case}"), unsafe_allow_javascript=True)  # a new case opens at its top
kind = kind_of(doc)
arrived_from = next((e for e in entries.values() if e.doc == doc), None)
if arrived_from is not None:
    title = arrived_from.shown_title(lang.current())
else:
    title = visible(str(doc["title"])) if doc.get("title") else t("A {kind} scenario", kind=kind_words(kind))
st.subheader(plain(title), anchor=False)
own = doc.get("profile")
if own is not None:
    try:
        said = profile_words(custom_profile(own))
    except ProfileError:
        said = code(own)
    st.caption(t("The scenario names its rules ({rules}); here every profile judges it.", rules=plain(said)))

# --- the profiles ----------------------------------------------------------------------------
# The custom column's widgets are drawn below the verdicts; their values are in the session already.
base = PROFILES[ss[state.COMPARE_CUSTOM_BASE]]
changes = {n: ss[state.compare_option_key(n)] for n in OPTIONS if ss[state.compare_option_key(n)] != getattr(base, n)}
custom = custom_profile({"base": base.id, **changes})
profiles = {**PROFILES, "custom": custom}
names = {pid: t(p.title) for pid, p in PROFILES.items()}
names["custom"] = (t("Custom: {profile}", profile=profile_words(custom)) if changes
                   else t("Custom (= {base}; change its options below)", base=t(base.title)))
size = sidebar.card_size()
if size == "lg":  # a projector: larger verdicts and cards in the columns
    st.html("<style>[class*='st-key-compare-col-'] p, [class*='st-key-compare-col-'] [data-testid='stCaptionContainer']"
            " {font-size: 1.25rem; line-height: 1.4;}</style>")

if ss.get(state.COMPARE_REFERENCE) not in profiles:
    ss[state.COMPARE_REFERENCE] = "detailed"
ref_id = ss[state.COMPARE_REFERENCE]  # its selectbox is with the settings, below the verdicts
reference = profiles[ref_id]
try:
    results = {pid: intake.check(doc, profile=p, style=lang.style()) for pid, p in profiles.items()}
except Exception as e:  # noqa: BLE001 - an engine bug is one line asking for a report, not a traceback
    st.error(inbox.problem_sentence(internal_error(e)))
    st.stop()
summaries = {pid: verdict_summary(c) for pid, c in results.items()}
differ = [pid for pid in profiles if summaries[pid] != summaries[ref_id]]

if not differ:
    st.success(t("**Every profile gives the same verdict:** {verdict}", verdict=verdict_words(results[ref_id])),
               icon=":material/handshake:")
else:
    st.warning(tn("**The profiles disagree.** {n} of {total} differs from {reference}: {names}.",
                  "**The profiles disagree.** {n} of {total} differ from {reference}: {names}.", len(differ),
                  total=len(profiles) - 1, reference=names[ref_id], names=[names[p] for p in differ]),
               icon=":material/balance:")


CARD_KEYS = ("card", "legal")  # verdict keys whose values are cards (codes in the verdict, faces on the page)


def _compact(value, key: str = "") -> str:
    """A verdict value in one short line: ``NS 0 – EW 32``, ``EW``, ``Q♥``, ``—``."""
    if value is None:
        return "—"
    if isinstance(value, dict):
        if set(value) == {"NS", "EW"}:
            return t("{ns} {a} – {ew} {b}", ns=Team.NS, a=value["NS"], ew=Team.EW, b=value["EW"])
        return ", ".join(f"{summary_key(k)}: {_compact(v, k)}" for k, v in value.items())
    if isinstance(value, list):
        return "; ".join(_compact(v, key) for v in value) or "—"
    if isinstance(value, bool):
        return t("yes") if value else t("no")
    if key in CARD_KEYS and isinstance(value, str):
        return Card.parse(value).pretty
    if value in ("NS", "EW"):
        return t("{team}", team=Team.parse(value))
    if isinstance(getattr(value, "msg", None), Msg):  # an engine problem line, in the page's language
        return render_problems([value], lang.style())[0]
    return str(value)


def _trump(o: dict) -> Suit | None:
    c = o.get("contract") or {}
    return Suit.parse(c["trump"]) if c.get("trump") else None


st.html("<style>" + "".join(f".st-key-compare-col-{pid}{{background:#fff6dc;border-color:#e0b33b !important}}"
                            for pid in differ) + "</style>")
wrap = "bx-wrap-profiles" if size == "lg" else "bx-wrap-cards-profiles"  # two columns a row on a projector
cols = st.container(key=wrap).columns(len(profiles), gap="small")
for col, (pid, checked) in zip(cols, results.items(), strict=True):
    with col, st.container(border=True, key=f"compare-col-{pid}"):
        mark = (t(":orange[:material/change_circle:] **differs**") if pid in differ
                else (t(":material/push_pin: reference") if pid == ref_id else t("✓ same")))
        st.markdown(f"**{names[pid]}**  \n{mark}")
        st.markdown(verdict_words(checked), unsafe_allow_html=False)
        if not checked.ok:
            st.error(inbox.problem_lines(checked.errors))
            continue
        o = checked.output
        if o["kind"] == "play":
            marks = {c: "legal" for c in o["legal"]} | {c: "illegal" for c in o["illegal"]}
            st.html(ui.hand_html(doc.get("hand") or [], trump=_trump(o), size="md" if size == "lg" else "sm",
                                 highlight=marks))
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

if doc.get("notes"):
    st.caption(plain(arrived_from.shown_notes(lang.current()) if arrived_from is not None
                     else " ".join(visible(str(doc["notes"])).split())))

# --- why they differ -------------------------------------------------------------------------
if differ:
    st.subheader(t("Which option decides it"))
    for pid in differ:
        try:
            flip = responsible_options(doc, reference, profiles[pid])
        except Exception as e:  # noqa: BLE001 - as above
            st.error(inbox.problem_sentence(internal_error(e)))
            continue
        lines = []
        for n in flip.options:
            if n in flip.exact:
                how = t("{option} — alone gives its verdict.", option=option_words(n, reference, profiles[pid]))
            else:
                how = t("{option} — changes the verdict, but not to its verdict alone.",
                        option=option_words(n, reference, profiles[pid]))
            lines.append("- " + t("{how} *{meaning}* (source: {source})", how=how, meaning=t(OPTIONS[n].meaning),
                                  source=cite_in(t(OPTIONS[n].source))))
        if not flip.options:
            lines.append("- " + t("No single option changes the verdict alone; the options together do: {options}.",
                                  options=[code(n) for n in flip.differing]))
        with st.container(border=True):
            st.markdown(t("**{profile}** against **{reference}**", profile=names[pid], reference=names[ref_id])
                        + "\n\n" + "\n".join(lines))

# --- the detail, highlighted ----------------------------------------------------------------
st.subheader(t("Side by side"))
STEP, CARD = t("Step"), t("Card")
frame = None
if kind == "play" and all(c.ok for c in results.values()):
    rows = []
    for card in doc.get("hand") or []:
        parsed = Card.parse(card)
        row = {CARD: parsed.pretty}
        for pid, c in results.items():
            row[names[pid]] = t("✓ legal") if str(parsed) in c.output["legal"] else t("✕ illegal")
        rows.append(row)
    frame = pd.DataFrame(rows)
elif kind in ("score", "deal"):
    def steps_of(c):
        if not c.ok:
            return {}
        s = c.output if c.output["kind"] == "score" else (c.output.get("score") or {})
        return {x["step"]: cite_in(x["detail"]) for x in s.get("steps") or []}
    per = {pid: steps_of(c) for pid, c in results.items()}
    order: list[str] = []
    for d in per.values():
        order += [k for k in d if k not in order]
    frame = pd.DataFrame([{STEP: step_name(k, lang.style()), **{names[p]: per[p].get(k, "—") for p in per}}
                          for k in order])
elif kind == "bidding":
    calls = list(doc.get("calls") or []) + list(doc.get("escalation") or [])

    def call_verdicts(c):
        if not c.ok:
            return {}
        out = {h["index"]: h["reason"] for h in c.output.get("history") or []}
        err = c.output.get("error")
        if err:
            out[err["index"]] = t("✕ illegal: {reason}", reason=err["reason"])
        return out
    per = {pid: call_verdicts(c) for pid, c in results.items()}
    frame = pd.DataFrame([{STEP: call_words(i, call),
                           **{names[p]: per[p].get(i, t("— (not reached)")) for p in per}}
                          for i, call in enumerate(calls)])
if frame is None or frame.empty:
    frame = pd.DataFrame([{STEP: summary_key(key), **{names[p]: _compact(summaries[p].get(key), key) for p in summaries}}
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
    if kind == "play":
        st.caption(t("Highlighted: the cards where a profile differs from {reference}.", reference=ref_col))
    elif kind == "bidding":
        st.caption(t("Highlighted: the calls where a profile differs from {reference}.", reference=ref_col))
    else:
        st.caption(t("Highlighted: the steps where a profile differs from {reference}.", reference=ref_col))

with st.expander(t("Compare with another profile, or set the custom column"), icon=":material/settings:"):
    st.selectbox(t("Mark the differences against"), list(profiles), key=state.COMPARE_REFERENCE,
                 format_func=in_this_language(lambda p: names[p]), help=t("The profile the others are compared with."),
                 placeholder=choose())
    st.markdown(t("**The custom column:** start from a profile and change single options."))
    st.selectbox(t("Start from"), list(PROFILES), key=state.COMPARE_CUSTOM_BASE, on_change=_reset_custom,
                 format_func=in_this_language({p: t(prof.title) for p, prof in PROFILES.items()}.get), placeholder=choose())
    option_cols = st.container(key="bx-wrap-compare-options").columns(3)
    for i, (name, info) in enumerate(OPTIONS.items()):
        with option_cols[i % 3]:
            if isinstance(info.choices[0], bool):
                st.toggle(t(info.title), key=state.compare_option_key(name), help=t(info.meaning))
            else:
                st.selectbox(t(info.title), list(info.choices), key=state.compare_option_key(name),
                             format_func=in_this_language({v: format_option_value(v) for v in info.choices}.get), help=t(info.meaning),
                             placeholder=choose())
with st.expander(t("The scenario as YAML")):  # what hides or moves text shown as markers (the file keeps it)
    st.code(visible(dump_yaml(doc)), language="yaml")
inbox.open_save_share(PAGE, doc, file_stem=f"compare-{kind_of(doc) or 'scenario'}")

tool_file, tool_title = intake.TOOL_FOR_KIND[kind]
if tool_file != "compare_rules.py":
    if st.button(t("Open this scenario in the {tool}", tool=t(tool_title)), key=state.COMPARE_OPEN_IN_TOOL):
        inbox.open_in_tool(doc, "Compare rules")

inbox.sync_link(PAGE, doc, empty=False)
