"""The review panel: the practice table's end-of-deal review (:func:`practice`), and the flagged cards of any
review drawn the same way (:func:`mistakes`, which the Deal checker uses too).

The words are :mod:`explorer.view.review`'s; the review itself is the engine's
(:func:`explorer.engine.players.review.review`): the tutor's sampled view, the reasons and the hindsight.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import streamlit as st

from explorer.engine.core.i18n import NC_, Msg
from explorer.engine.core.visible import visible
from explorer.engine.game.practice import Practice
from explorer.engine.players.review import Decision, Review
from explorer.ui import state
from explorer.ui.practice.settings import level_word
from explorer.ui.shell import lang
from explorer.ui.shell.lang import t
from explorer.ui.tools import inbox
from explorer.view import nav
from explorer.view import practice as pv
from explorer.view import review as words
from explorer.view.text import plain


def practice(p: Practice, record: dict[str, Any]) -> None:
    """The review of the deal just played at the practice table (the human's cards): a button, then the flagged
    cards, each with a button that opens its moment in the Deal checker."""
    ss = st.session_state
    seed = p.deals[-1].seed
    done = ss.get(state.PLAY_REVIEW)
    if done is None or done[0] != seed or done[2] != record:
        if st.button(t("Review my play"), key=state.PLAY_REVIEW_BUTTON,
                     help=t("Your hints' player ({player}) looks at each of your cards and lists those that cost "
                            "you 2 game points or more on average, with why the better card was better and, in "
                            "hindsight, what each cost with all hands open.", player=level_word(p.hints_by))):
            from explorer.engine.players.review import review
            with st.spinner(t("Reviewing each of your cards…")):
                ss[state.PLAY_REVIEW] = (seed, review(record, [p.human], seed=0, player=p.hints_by), record)
            st.rerun()
        return

    def send(d: Decision) -> None:
        inbox.send(state.DEAL, done[2], t("the practice table"))
        ss[state.DEAL_OPEN_AT] = d.cards_played

    mistakes(done[1], _sayer(p), you=True, go=pv.InContext("practice table", NC_("practice table", "Show"))
             .render(lang.style()), go_key=state.play_review_open_key, on_go=send, then=_to_deal_checker)


def mistakes(rv: Review, say: Callable[[Msg], str], *, you: bool, go: str, go_key: Callable[[int], str],
             on_go: Callable[[Decision], None], then: Callable[[], None] | None = None) -> None:
    """The review's summary and each flagged card in a box: the sampled cost, the reasons, the hindsight, and a
    button ``go`` (``on_go`` runs as its callback, ``then`` after a click, e.g. a page switch)."""
    if not rv.mistakes:
        st.info(words.summary(rv, you=you))
        return
    st.markdown(words.summary(rv, you=you))
    for i, d in enumerate(rv.mistakes):
        w = words.mistake_words(d, say, you=you)
        with st.container(border=True, key=f"bx-review-{i}"):
            st.markdown(plain(w.head))
            for line in w.why:
                st.markdown(plain(line))
            if w.hindsight:
                st.caption(plain(w.hindsight))
                for line in w.hindsight_why:
                    st.caption(plain(line))
            if st.button(go, key=go_key(i), on_click=on_go, args=(d,)) and then is not None:
                then()


def _sayer(p: Practice) -> Callable[[Msg], str]:
    """The practice table's way of saying an engine sentence: the players' names, "you" for the human."""
    here = lang.current()
    names = {seat: visible(name) for seat, name in pv.shown_names(p.name_of, here).items()}
    style = pv.style(names, here, you=p.human)
    return lambda m: pv.second_person(m.render(style), here)


def _to_deal_checker() -> None:
    """Open the Deal checker in this page's language (a page switch drops the URL's ``?lang``)."""
    here = lang.current()
    st.switch_page(nav.page_path("deal_checker.py"), query_params={"lang": here} if here != "en" else None)
