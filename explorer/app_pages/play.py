"""Practice table: you (South) and your partner against two computer players, with the engine as referee and tutor.

The table itself is one component (:mod:`explorer.ui.practice.table`): a tap is one run, in which the engine plays
the computers up to your next decision; the component plays their cards back. Under it: the hint's chart, the end
of a deal (how it was scored, the review, the record), the score sheet and the settings.
"""

from __future__ import annotations

import streamlit as st

from explorer.engine.core.cards import Team
from explorer.engine.core.errors import joined
from explorer.engine.core.i18n import NC_, Msg
from explorer.engine.files.scenario import check_doc, dump_yaml
from explorer.engine.game import Play, Stage
from explorer.engine.game.practice import Practice, PracticeError
from explorer.ui import state
from explorer.ui.practice import events, settings, table
from explorer.ui.review import panel as review_panel
from explorer.ui.shell import browser_store, lang
from explorer.ui.shell.lang import t
from explorer.ui.tools import inbox, score_view
from explorer.view import nav
from explorer.view import practice as pv
from explorer.view.text import plain

STORE = "practice"
PAGE_CSS = """<style>
/* The table starts near the top of the page, so that on a phone the trick, your hand and the score are in view. */
.stMainBlockContainer, [data-testid="stMainBlockContainer"] { padding-top: 2.6rem; }
@media (max-width: 640px) { .stMainBlockContainer, [data-testid="stMainBlockContainer"] {
  padding-top: 3.4rem; padding-left: .5rem; padding-right: .5rem; } }
.st-key-play-table, .st-key-play-table [data-stale="true"] { opacity: 1 !important; transition: none !important; }
</style>"""

ss = st.session_state
st.html(PAGE_CSS)

got = browser_store.read(STORE, check=Practice.from_json, wait=True)
if not got.ready:
    st.caption(t("Opening the match kept in this browser…"))
    st.stop()
if got.fresh:
    ss[state.PLAY_PRACTICE] = got.value
    ss.pop(state.PLAY_PLAYBACK, None)                 # a match from the browser: drawn as it stands, nothing played back
    if got.value is not None and not (got.value.needs_you or got.value.state.finished):
        after, states = got.value.advance()            # kept while the computers were to act (the first version did)
        events.keep(after, states, got.value.state)
ss[state.PLAY_RESTORED] = True
browser_store.problem_box(STORE, t("match in progress"))


def _word(text: str) -> str:
    """A short word of this table (``NC_("practice table", ...)``) in the page's language."""
    return pv.InContext("practice table", text).render(lang.style())


def _to_deal_checker() -> None:
    """Open the Deal checker in this page's language: a page switch drops the URL's ``?lang``, so it is given again."""
    here = lang.current()
    st.switch_page(nav.page_path("deal_checker.py"), query_params={"lang": here} if here != "en" else None)


p: Practice | None = ss.get(state.PLAY_PRACTICE)
if p is None:
    st.title(t("Practice table"))
    settings.setup_form()
    st.stop()

table.draw(p)
p = ss[state.PLAY_PRACTICE]
g = p.state


def hint_chart(p: Practice) -> None:
    """The hinted card's chart: what each legal card is worth on average, by the hints' player."""
    h = ss.get(state.PLAY_HINT)
    if h and h[0] == len(p.state.actions) and h[1].values and isinstance(h[1].action, Play):
        from explorer.view.charts.practice import hint_chart as chart
        st.plotly_chart(chart(h[1].values, h[1].action), key="play.hint_chart")


def how_scored(o: dict) -> None:
    """The scoring pipeline's table and its waterfall, the chart's labels upright (on a phone they ran together)."""
    from explorer.view.charts.explore import score_waterfall
    from explorer.view.charts.practice import upright_labels
    style = lang.style()
    st.markdown(t("**The score, step by step**"))
    st.table(score_view.pipeline_frame(o, style).rename(columns=score_view.column_names(style)).style.hide(axis="index"))
    st.plotly_chart(upright_labels(score_waterfall(o)), key="play.waterfall")


def deal_details(p: Practice) -> None:
    """Under a finished deal: how it was scored, the review, the record to save or open."""
    g = p.state
    record = g.record()
    if g.stage is Stage.OVER:
        o = check_doc(record, style=pv.style({}, lang.current())).output
        with st.expander(t("How the deal was scored")):
            how_scored(o["score"])
        review_panel.practice(p, record)
    c = st.columns(2)
    c[0].download_button(t("Save the deal (YAML)"), dump_yaml(record), file_name=f"deal-{p.deals[-1].seed}.yaml",
                         key=state.PLAY_DOWNLOAD, width="stretch")
    if c[1].button(t("Open in the Deal checker"), key=state.PLAY_OPEN_CHECKER, width="stretch"):
        inbox.send(state.DEAL, record, t("the practice table"))
        _to_deal_checker()


def score_sheet(p: Practice) -> None:
    """The match's deals, each replayed deal with the scores it had before (the sheet never changes silently)."""
    if p.goal != "match" or not (len(p.match) or any(d.earlier for d in p.deals)):
        return
    rows = []
    finished = [log for log, s in zip(p.deals, p.states) if s.finished]
    for i, (d, log) in enumerate(zip(p.match.deals, finished)):
        note = pv.deal_note(d)
        notes = [table.say(p, note)] if note is not None else []
        notes += [table.say(p, Msg("Dealt again; before: {score}", score=pv.teams_line({Team.NS: ns, Team.EW: ew})))
                  for ns, ew in log.earlier]
        rows.append({_word(NC_("practice table", "Deal")): i + 1, t("Us"): d.ns, t("Them"): d.ew,
                     _word(NC_("practice table", "Note")): " ".join(notes)})
    live = p.deals[-1]
    if not p.state.finished and live.earlier:
        rows.append({_word(NC_("practice table", "Deal")): len(p.deals), t("Us"): None, t("Them"): None,
                     _word(NC_("practice table", "Note")): " ".join(
                         table.say(p, Msg("Dealt again; before: {score}",
                                          score=pv.teams_line({Team.NS: ns, Team.EW: ew}))) for ns, ew in live.earlier)})
    with st.expander(t("Score sheet: {score}", score=table.say(p, pv.teams_line(p.match.totals())))):
        st.dataframe(rows, hide_index=True)
        st.caption(table.say(p, pv.match_status(p.match)))


hint_chart(p)
if g.finished:
    deal_details(p)
score_sheet(p)
settings.match_settings(p)

try:
    browser_store.save(STORE, ss[state.PLAY_PRACTICE].to_json())
except (browser_store.StoreError, PracticeError) as e:
    reason = e.message if isinstance(e, browser_store.StoreError) else joined(e.lines)
    st.caption(plain(t("This match is not kept in the browser: {reason}", reason=reason)))
