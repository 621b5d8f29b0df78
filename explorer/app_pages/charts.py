"""Charts: exact project probabilities, simulated deals, and the raw-to-game-points conversion."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pandas as pd
import streamlit as st

from explorer.engine.core.i18n import N_
from explorer.engine.core.profiles import custom_profile
from explorer.engine.fast import simulate as sim
from explorer.engine.fast.probabilities import exact_table
from explorer.ui import state
from explorer.ui.shell import lang, sidebar
from explorer.ui.shell.lang import choose, in_this_language, t, tn
from explorer.view.charts import figures as charts
from explorer.view.words import profile_words

DEAL_CHOICES = [1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000]
MODE_CHOICES = {"random": N_("Random: half Sun, half Hokum"), "sun": N_("Sun only"), "hokum": N_("Hokum only")}
CONTRACT_WORDS = {"random": N_("random contracts"), "sun": N_("Sun only"), "hokum": N_("Hokum only")}

# --- cached computations ------------------------------------------------------------------------

@st.cache_data(show_spinner=False)
def exact_frame() -> pd.DataFrame:
    """The exact probabilities of every project for 8 cards and the first 5 cards."""
    return charts.probability_frame(exact_table())


@st.cache_data(show_spinner=False, max_entries=64)
def chunk_frame(index: int, deals: int, seed: int, mode: str, profile_spec: str) -> pd.DataFrame:
    """One chunk of a simulation, as the rows the charts read."""
    result = sim.simulate_chunk(index, deals, seed, mode=None if mode == "random" else mode,
                                profile=custom_profile(json.loads(profile_spec)))
    return charts.deals_frame(result)


@st.cache_data(show_spinner=False, max_entries=4)
def simulated_frame(deals: int, seed: int, mode: str, profile_spec: str) -> pd.DataFrame:
    """The whole simulation for (deals, seed, mode, profile), from its (cached) chunks."""
    frames = [chunk_frame(i, deals, seed, mode, profile_spec) for i in range(sim.chunk_count(deals))]
    return pd.concat(frames, ignore_index=True)


@st.cache_resource(show_spinner=False, max_entries=4)
def simulation_charts(deals: int, seed: int, mode: str, profile_spec: str, language: str) -> dict:
    """The figures of a whole simulation, built once per (deals, seed, mode, profile, language).

    A resource, not data: the figures are only read, and unpickling plotly figures on every rerun
    would cost more than the page's whole budget."""
    return charts.all_simulation_charts(simulated_frame(deals, seed, mode, profile_spec), lang=language)


@st.cache_resource(show_spinner=False)
def fixed_charts(language: str) -> dict:
    """The figures that depend on nothing the user picks (but the language)."""
    return {"probabilities": charts.probability_chart(exact_frame(), lang=language),
            "conversion": charts.conversion_chart(lang=language)}


@st.cache_resource(show_spinner=False)
def png_export_problem() -> str | None:
    """Why PNG export cannot work here (kaleido or Chromium missing), or None: an English msgid."""
    try:
        import kaleido  # noqa: F401
    except ImportError:
        return N_("PNG export needs the kaleido package, which is not installed.")
    if not (Path("/usr/bin/chromium").exists() or shutil.which("chromium") or shutil.which("chromium-browser")
            or shutil.which("google-chrome")):
        return N_("PNG export needs Chromium (kaleido draws the image with it), which is not installed.")
    return None


# --- one chart with its caption and downloads ----------------------------------------------------

def _png_maker(fig):
    def make() -> bytes:
        try:
            return fig.to_image(format="png", width=1200, height=int(fig.layout.height or 450), scale=1)
        except Exception as exc:  # noqa: BLE001 - the download must fail softly
            return f"PNG export failed here: {exc}".encode()  # a file's content, not a sentence of the page
    return make


def show_chart(chart: charts.Chart, caption: str, name: str) -> None:
    """The figure, a one-line caption, and CSV and PNG downloads of it."""
    st.plotly_chart(chart.fig, key=state.page_key(state.CHARTS, "fig", name), width="stretch", config=charts.SHOW_CONFIG)
    st.caption(caption)
    row = st.container(horizontal=True, vertical_alignment="center")
    row.download_button("CSV", chart.data.to_csv(index=False).encode(), file_name=f"baloot-{name}.csv",
                            mime="text/csv", key=state.page_key(state.CHARTS, "csv", name), icon=":material/download:", on_click="ignore",
                            help=t("The numbers behind this chart"))
    problem = png_export_problem()
    if problem:
        row.caption(t(problem))
    else:
        row.download_button("PNG", _png_maker(chart.fig), file_name=f"baloot-{name}.png", mime="image/png",
                                key=state.page_key(state.CHARTS, "png", name), icon=":material/download:", on_click="ignore",
                                help=t("The chart as an image (drawn when you click; takes a second or two)"))


def _cancel(settings: list) -> None:
    st.session_state[state.CHARTS_CANCELLED] = settings


def _resume() -> None:
    st.session_state.pop(state.CHARTS_CANCELLED, None)


# --- the page -----------------------------------------------------------------------------------

language = lang.current()
profile = sidebar.current_profile()
spec = json.dumps(profile.to_spec(), sort_keys=True)

st.title(t("Charts"))
st.markdown(t("What hands and random deals look like: exact chances of projects, the spread of points "
              "in thousands of random deals, and how raw points become game points."))

st.header(t("Chances of holding a project"))
exact = exact_frame()
n8 = int(exact.loc[exact["cards"] == 8, "all_hands"].iloc[0])
n5 = int(exact.loc[exact["cards"] == 5, "all_hands"].iloc[0])
show_chart(fixed_charts(language)["probabilities"],
           t("Chance that a hand holds each project — exact: counted over all {n8:,} hands of 8 cards and "
             "{n5:,} first-five-card sets (each project on its own; Baloot for one trump suit).", n8=n8, n5=n5),
           "probabilities")
pivot = charts.probability_pivot(exact, lang=language)
if lang.is_rtl():
    # An HTML table flows right to left (the project first, on the right); the dataframe's canvas grid
    # draws left to right and put a header's leading number ("8 أوراق") at its end.
    st.table(pivot, hide_index=True)
else:
    st.dataframe(pivot, hide_index=True, width="stretch")

st.header(t("Random deals"))
st.markdown(t("Every deal is dealt at random, gets a contract (random unless chosen below), a buyer and a dealer, "
              "with no bidding, and is played to the end with a "
              "random **legal** card at every turn (the rules of the profile in the sidebar), then scored "
              "by the engine's rules: projects, Baloot, conversion, tie rule, Kaboot. Random play is not "
              "good play: these charts show what the rules do, not how strong players score."))
c1, c2, c3 = st.columns([2, 1, 2])
deals = c1.select_slider(t("Deals to simulate"), DEAL_CHOICES, value=20_000, key=state.CHARTS_DEALS,
                         format_func=in_this_language(lambda n: f"{n:,}"))
seed = int(c2.number_input(t("Seed"), min_value=0, max_value=2**31 - 1, value=7, step=1, key=state.CHARTS_SEED,
                           help=t("The same seed, deals, contract and rules always give the same deals.")))
in_language = charts.words(language)  # bound to this run's language: Streamlit may format options after the run
mode = c3.selectbox(t("Contract"), list(MODE_CHOICES), format_func=in_this_language(lambda m: in_language(MODE_CHOICES[m])),
                    key=state.CHARTS_MODE, placeholder=choose())
settings = [deals, seed, mode, spec]

n_chunks = sim.chunk_count(deals)
cancelled = st.session_state.get(state.CHARTS_CANCELLED) == settings
done_settings, done_chunks = st.session_state.get(state.CHARTS_DONE, (None, 0))
if cancelled:
    keep = done_chunks if done_settings == settings else 0
    frames = [chunk_frame(i, deals, seed, mode, spec) for i in range(keep)]
else:
    progress = st.progress(0.0, text=tn("Simulating {n:,} deal…", "Simulating {n:,} deals…", deals))
    stop = st.empty()
    stop.button(t("Cancel"), key=state.CHARTS_CANCEL, on_click=_cancel, args=(settings,),
                help=t("Stop after the current chunk"))
    frames = []
    for i in range(n_chunks):
        frames.append(chunk_frame(i, deals, seed, mode, spec))
        st.session_state[state.CHARTS_DONE] = (settings, i + 1)
        progress.progress((i + 1) / n_chunks, text=tn("Simulated {done:,} of {n:,} deal",
                                                      "Simulated {done:,} of {n:,} deals", deals,
                                                      done=min((i + 1) * sim.CHUNK, deals)))
    progress.empty()
    stop.empty()

if len(frames) == n_chunks and not cancelled:
    df = simulated_frame(deals, seed, mode, spec)
else:
    df = pd.concat(frames, ignore_index=True) if frames else pd.DataFrame()
if cancelled:
    st.warning(tn("Cancelled: {done:,} of {n:,} deal was simulated; the charts show those.",
                  "Cancelled: {done:,} of {n:,} deals were simulated; the charts show those.", deals, done=len(df)),
               icon=":material/stop_circle:")
    st.button(t("Finish the simulation"), key=state.CHARTS_RESUME, on_click=_resume)

if len(df):
    how = tn("simulated with {n:,} deal, seed {seed} ({contract}, rules: {rules}).",
             "simulated with {n:,} deals, seed {seed} ({contract}, rules: {rules}).", len(df), seed=seed,
             contract=t(CONTRACT_WORDS[mode]), rules=profile_words(profile))
    figs = (simulation_charts(deals, seed, mode, spec, language) if len(df) == deals and not cancelled
            else charts.all_simulation_charts(df, lang=language))
    show_chart(figs["raw"], t("Raw card points of the buyer's team and of the other team — {how}", how=how),
               "raw-points")
    show_chart(figs["converted"], t("Card points converted to game points, before projects — {how}", how=how),
               "converted-points")
    show_chart(figs["award"], t("Game points each team records for the deal (quartiles; dashed: mean) — {how}",
                                how=how), "award")
    show_chart(figs["outcomes"], t("How often the buyer fails, one team takes every trick, or the comparison "
                                   "ties (95% intervals) — {how}", how=how), "outcomes")
    show_chart(figs["tricks"], t("Average raw points of each trick (the 8th with the last trick's 10) — {how}",
                                 how=how), "trick-points")
else:
    st.info(t("No deal was simulated yet."))

st.header(t("From raw points to game points"))
show_chart(fixed_charts(language)["conversion"],
           t("Raw points of the counting team → its game points, rounding zones shaded, dots: who wins a tie "
             "— exact, from the engine's conversion and tie rule."), "conversion")
