"""Sources: the four rules documents the app follows, what each is, what the app takes from it, which profile."""

import streamlit as st

from explorer.content.sources import SOURCES, sources_of
from explorer.engine.core.i18n import N_
from explorer.engine.core.profiles import DEFAULT_PROFILE, PROFILES
from explorer.ui.shell import lang
from explorer.ui.shell.lang import t
from explorer.view import nav
from explorer.view.words import profile_title

# The documents' names and descriptions (explorer/content/sources.py, which has no catalogue of its own) marked for the
# extractor, so that the page, and every sentence citing a document (explorer.content.sources.cite), reads them in the
# page's language. A test holds them equal to explorer/content/sources.py.
_SOURCE_WORDS = (
    N_("the detailed Saudi rules"), N_("Detailed Saudi rules"),
    N_("A full description of Saudi Baloot in nine numbered sections (§1 the cards and their values, "
       "§2 the deal, §3 bidding and Double, §4 which cards may be played, §5 projects and Baloot, "
       "§6 scoring, §7 the end of the match, §8 context and variants, §9 a worked example), with "
       "clarifications published by players."),
    N_("The default rules of every page: the card order and points, the deal, the bidding and the "
       "escalation to Gahwa, the cutting obligations (the third player's cut, Ekka announced by the "
       "leader), the projects, the conversion and the tie rule read from the units, the match to 152. "
       "Its worked example (§9) is in the lessons and the library."),
    N_("the simple online how-to"), N_("Simple online how-to"),
    N_("The short \"how to play\" page of an online Baloot game, where you and your partner Noura "
       "play against Faisal and Hamad."),
    N_("The simple profile's three differences from the detailed rules: the buyer must score more "
       "than the other team (a tie fails the buyer), Ekka is called automatically, and a void player "
       "must trump even when no trump of theirs can win."),
    N_("the tournament Sun and Hokum guide"), N_("Tournament Sun and Hokum guide"),
    N_("A Saudi tournament guide to Sun and Hokum: how each is bought, pulls and locking, card rank "
       "and value, following, cutting and overtrumping, projects and the Double."),
    N_("The tournament sheet's bidding: an earlier seat may take over the same Hokum, the Hokum "
       "bidder may upgrade to Sun (our reading of its \"contract upgrade\"), and a Sun may be "
       "doubled when one team has more than 100 and the other 100 or fewer."),
    N_("the tournament scoring guide"), N_("Tournament scoring guide"),
    N_("A Saudi tournament guide to scoring: raw and game points, the conversion and its complement, "
       "ties, Double to Four and Gahwa, Kaboot, and the match to 152, with worked examples."),
    N_("The tournament sheet's scoring: at Double and above the team that first said Double loses a "
       "tie, projects are not multiplied at Triple and Four, a doubled Kaboot keeps fixed values, and "
       "the reverse Kaboot. Its worked examples (65 against 65 in Sun, 66 raw becomes 7 in Hokum, ...) "
       "are in the lessons and the library."),
)

st.title(t("Sources"))
st.markdown(t(
    "The rules in this app come from four documents about Saudi Baloot. The pages cite them by the names "
    "below: *the detailed Saudi rules, §9* is section 9 of the first one. Where the documents disagree, "
    "each **rules profile** (chosen in the sidebar) follows one of them; the Rules page shows every "
    "difference option by option."))

for source in SOURCES.values():
    with st.container(border=True):
        # in English the document's heading; in another language its name (the profile named like it has its own)
        st.subheader(source.title if lang.current() == "en" else t(source.name), anchor=False)
        st.markdown(t("**What it is.** {text}", text=t(source.what)))
        st.markdown(t("**What the app takes from it.** {text}", text=t(source.takes)))
        followed = [PROFILES[p] for p in source.profiles]
        together = [s.title if lang.current() == "en" else t(s.name)
                    for s in sources_of(source.profiles[0]) if s is not source] if followed else []
        profiles = t(" and ").join(profile_title(p) for p in followed)
        if DEFAULT_PROFILE in followed:
            line = t("**Rules profile.** *{profiles}* (the default).", profiles=profiles)
        elif together:
            line = t("**Rules profile.** *{profiles}*, together with the {others}.", profiles=profiles,
                     others=t(" and the ").join(together))
        else:
            line = t("**Rules profile.** *{profiles}*.", profiles=profiles)
        st.markdown(line)
        st.caption(t("In scenario files, the command line's output and the design notes it is cited by the "
                     "number of its file, {number}.", number=f"`{source.number}`"))

st.page_link(nav.page_path("rules.py"), label=t("Rules and profiles: every option, its value in each profile"),
             icon=":material/rule:")
