"""Rules and profiles: the options where tables differ, side by side, with their sources."""

import pandas as pd
import streamlit as st

from explorer.engine.core.i18n import N_
from explorer.engine.core.profiles import OPTIONS, PROFILES, RuleProfile, profile_table
from explorer.ui.shell import lang, sidebar
from explorer.ui.shell.lang import t
from explorer.view.words import (
    format_option_value,
    option_meaning,
    option_source,
    option_title,
    profile_title,
)

SUMMARIES = {
    "detailed": N_(
        "The default. It follows the detailed Saudi rules with published player clarifications "
        "(see Sources). A void third player must cut the partner's lead unless it was an Ace or an "
        "Ekka; a void player who cannot beat an opponent's trump may discard. Sun may be doubled when "
        "one team is above 100 and the other below 100. Projects are doubled at every escalation, "
        "a Kaboot's 25 or 44 is multiplied by the level, and, as a teaching agreement the source "
        "marks as such, an undoubled Kaboot adds the sweepers' own Baloot."
    ),
    "tournament": N_(
        "The literal Saudi tournament sheet (the tournament Sun and Hokum guide and the tournament "
        "scoring guide, which calls itself the Saudi baseline). An earlier seat may take over the same Hokum and a Hokum bidder may upgrade "
        'its own Hokum to Sun (our reading of the Sun and Hokum guide\'s "contract upgrade"). Sun may be doubled when '
        "one team is above 100 and the other at 100 or below. At Double, Triple and Four the team that first doubled loses a "
        "tie, projects are not multiplied at Triple and Four, Kaboot keeps 25/44 at Double and is "
        "75 and 100 at Triple and Four (the scoring guide calls these provisional), and Reverse Kaboot scores 88."
    ),
    "simple": N_(
        "The short how-to of an online game (see Sources). As the detailed profile except three points "
        "common in online play: a void player must trump even when it cannot beat an opponent's "
        "trump; the team that bought must score more than the other team, so a tie goes "
        "against it; and the game calls Ekka for the leader ('the game calls it for you')."
    ),
}
# One paragraph per named profile; the differences listed under each are computed, not written.


def options_frame(current: RuleProfile) -> pd.DataFrame:
    """One row per option: each named profile's value (and the custom one in use), source, basis.

    The columns keep their English keys (the page labels them in its language); the cells are in it.
    """
    rows = []
    custom = current.id not in PROFILES
    for row in profile_table():
        out = {"Option": option_title(row["option"])}
        for pid in PROFILES:
            out[pid] = format_option_value(row[pid])
        if custom:
            out["custom (in use)"] = format_option_value(getattr(current, row["option"]))
        out["Differs"] = "●" if len({repr(row[pid]) for pid in PROFILES}) > 1 else ""
        out["Basis"] = t("⚠ our reading") if row["our_reading"] else t("a source")
        out["Source"] = option_source(row["option"])
        out["Name"] = row["option"]
        rows.append(out)
    return pd.DataFrame(rows)


def profile_name(p: RuleProfile) -> str:
    """A named profile as a column or a value's owner: its id in English, its name in another language."""
    return p.id if lang.current() == "en" else profile_title(p)


profile = sidebar.current_profile()

st.title(t("Rules and profiles"))
st.markdown(t(
    "Four rules documents (see Sources) describe Baloot and disagree on a few points. Each disputed point is a "
    "rule **option**, and a **profile** fixes every option. Pick the profile in the sidebar (or "
    "change single options under *Custom rules*): every page uses it."))
st.caption(t("In use now: **{profile}**.", profile=profile_title(profile)))

frame = options_frame(profile)
if lang.is_rtl():
    # The data grid draws left to right whatever the page's direction: a right-to-left reader gets a table that
    # starts at the right, with the same columns and their names in the page's language.
    names = {"Option": t("Option"), **{pid: profile_name(prof) for pid, prof in PROFILES.items()},
             "custom (in use)": t("custom (in use)"), "Differs": t("Differs"), "Basis": t("Basis"),
             "Source": t("Source"), "Name": t("Name in scenario files")}
    st.container(key="bx-rules-table").table(frame.rename(columns=names).set_index(names["Option"]))
else:
    st.dataframe(
        frame,
        hide_index=True,
        width="stretch",
        height="content",
        column_config={
            "Option": st.column_config.TextColumn(t("Option"), width=270),
            **{
                pid: st.column_config.TextColumn(profile_name(prof), help=profile_title(prof), width=125)
                for pid, prof in PROFILES.items()
            },
            "custom (in use)": st.column_config.TextColumn(t("custom (in use)"), help=profile_title(profile)),
            "Differs": st.column_config.TextColumn(
                t("Differs"), help=t("● where the named profiles do not agree"), width=64
            ),
            "Source": st.column_config.TextColumn(
                t("Source"), help=t("The document and section of each value (see Sources)"), width="large"
            ),
            "Basis": st.column_config.TextColumn(
                t("Basis"), help=t("'our reading' marks an option no source states in so many words"), width=130
            ),
            "Name": st.column_config.TextColumn(t("Name in scenario files"), width="medium"),
        },
    )
readings = [option_title(n) for n, o in OPTIONS.items() if o.our_reading]
if readings:
    st.caption(t("“Our reading” rows ({options}) are how we read a source that does not "
                 "spell the rule out; the app shows them as readings, not rules.", options=readings))

st.subheader(t("The profiles"))
base = PROFILES["detailed"]
for pid, prof in PROFILES.items():
    with st.container(border=True):
        st.markdown(f"**{profile_title(prof)}** · `{pid}`")
        st.markdown(t(SUMMARIES[pid]) if pid in SUMMARIES else "")
        if pid != base.id:
            diffs = base.differences(prof)
            names = [option_title(d).lower() if lang.current() == "en" else option_title(d) for d in diffs]
            st.caption(t("Differs from {profile} in: {options}.", profile=profile_name(base), options=names))

st.subheader(t("What each option means"))
for name, info in OPTIONS.items():
    values = " · ".join(f"{profile_name(p)}: {format_option_value(getattr(p, name))}" for p in PROFILES.values())
    flag = " " + t("*(our reading)*") if info.our_reading else ""
    st.markdown(
        f"**{option_title(name)}**{flag}: {option_meaning(name)}  \n<small>"
        + t("{values} — source: {source}", values=values, source=option_source(name)) + "</small>",
        unsafe_allow_html=True,
    )

st.subheader(t("Not implemented"))
st.info(
    t('**Ace-upcard special cases.** The tournament Sun and Hokum guide says that Ace-upcard (and Ashkal) cases "have '
      "additional rules\" that should be learned from the table's profile, but it does not give "
      "them, and no other source does. The engine does not implement them and the app does not "
      "guess: with an Ace as upcard, the ordinary bidding rules apply."),
    icon=":material/info:",
)
