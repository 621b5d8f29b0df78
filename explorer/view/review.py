"""The end-of-deal review in words (no Streamlit): each flagged card with both views and the reasons.

A card the review flags (:mod:`explorer.engine.players.review`) is said in up to four sentences: what it cost on
average over the hands the player could not see (the tutor's sampled view), why the better card was better (the
reasons read off the sampled play-outs, :mod:`explorer.engine.players.reasons`), and, labelled as hindsight, what
it cost with all hands open (the exact solver) with the reason along the principal lines when that one is new.
The reasons are engine messages: ``say`` renders them in the page's language with the players' names.

>>> from explorer.engine.core.cards import Card, Seat
>>> from explorer.engine.core.i18n import ENGLISH
>>> from explorer.engine.game import Play
>>> from explorer.engine.players.review import Decision, Hindsight
>>> d = Decision(9, 9, 3, Seat.S, Play(Card.parse("TD")), Play(Card.parse("9D")), 16.3, {}, None,
...              hindsight=Hindsight(10, 26, (Card.parse("9D"),), Card.parse("9D")))
>>> w = mistake_words(d, lambda m: m.render(ENGLISH), you=True)
>>> print(w.head)
Trick 3: you played 10♦; 9♦ was better by 16.3 game points on average over the hands you could not see.
>>> print(w.hindsight)
Hindsight, all hands open: 10♦ cost 16 game points; 9♦ kept +26, 10♦ gives +10.
>>> from explorer.engine.players.reasons import Reason, Why
>>> why = Why(Reason.WINS_TRICK, Msg("..."), 0.7, 0.2, Msg("the team wins this trick"))
>>> print(reason_line(why, lambda m: m.render(ENGLISH), d.best.card, d.played.card))
the team wins this trick: more often after 9♦ than after 10♦ (70% of the sampled deals against 20%).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from explorer.engine.core.i18n import Msg
from explorer.engine.players.reasons import Reason, Why
from explorer.engine.players.review import Decision, Review
from explorer.view.hindsight import signed
from explorer.view.language import t, tn
from explorer.view.words import seat_name

REASONS_SHOWN = 2
"""How many reasons a flagged card shows from the sampled view (the most telling first)."""


@dataclass(frozen=True)
class MistakeWords:
    """A flagged card in sentences: the headline (the sampled cost), the reasons, the hindsight and its reason."""

    head: str
    why: tuple[str, ...]
    hindsight: str | None
    hindsight_why: tuple[str, ...]


def summary(rv: Review, *, you: bool) -> str:
    """The review's first line: how many card choices were reviewed and how many cost the threshold or more.

    >>> from explorer.engine.players.review import Review
    >>> summary(Review(()), you=False)         # a deal in progress, or every card the only one allowed
    'None of the cards of the seats reviewed was a choice (no card played yet, or only one card allowed each time).'
    """
    n, m = len(rv.decisions), len(rv.mistakes)
    if not n:                   # no card played yet, or each one the only card allowed
        return (t("Review: none of your cards was a choice (no card played yet, or only one card allowed each time).")
                if you else t("None of the cards of the seats reviewed was a choice (no card played yet, or only one "
                              "card allowed each time)."))
    if you:
        if not m:
            return tn("Review: your {n} card choice did not cost 2 game points or more.",
                      "Review: none of your {n} card choices cost 2 game points or more.", n)
        return tn("**Review**: {m} of your {n} card choice cost 2 game points or more on average:",
                  "**Review**: {m} of your {n} card choices cost 2 game points or more on average:", n, m=m)
    if not m:
        return tn("The card choice reviewed did not cost 2 game points or more.",
                  "None of the {n} card choices reviewed cost 2 game points or more.", n)
    return tn("**{n} of {total} card choices cost 2 game points or more:**",
              "**{n} of {total} card choices cost 2 game points or more:**", m, total=n)


COMPARED = frozenset({Reason.AVOIDS_KHASARA, Reason.CAUSES_KHASARA, Reason.KEEPS_KABOOT, Reason.PREVENTS_KABOOT,
                      Reason.WINS_TRICK, Reason.LAST_TRICK})
"""Reasons whose consequence is said as "more often" (with the two shares) when the sampled deals do not all agree."""
DECISIVE = 0.8
"""A share gap from which the reason's own sentence is said as it is (with the shares after it)."""


def reason_line(why: Why, say: Callable[[Msg], str], better, played) -> str:
    """A reason in a sentence, with how often its consequence followed each card over the sampled deals: when
    they do not agree enough, the consequence "more often" (or "less often") after the better card."""
    text = say(why.msg)
    if why.better is None or why.event is None:
        return text
    b = round(100 * why.better)
    if why.played is None:
        return t("{reason} ({event}: {b}% of the sampled deals after {better}.)", reason=text, event=say(why.event),
                 b=b, better=better)
    p = round(100 * why.played)
    if why.reason in COMPARED and abs(why.better - why.played) < DECISIVE:
        if why.better > why.played:
            return t("{event}: more often after {better} than after {played} ({b}% of the sampled deals against "
                     "{p}%).", event=say(why.event), better=better, played=played, b=b, p=p)
        return t("{event}: less often after {better} than after {played} ({b}% of the sampled deals against "
                 "{p}%).", event=say(why.event), better=better, played=played, b=b, p=p)
    return t("{reason} ({event}: {b}% of the sampled deals after {better}, {p}% after {played}.)", reason=text,
             event=say(why.event), b=b, better=better, p=p, played=played)


def mistake_words(d: Decision, say: Callable[[Msg], str], *, you: bool) -> MistakeWords:
    """The sentences of one flagged card; ``you``: said to the player who played it (the practice table)."""
    played, best, cost = d.played.card, d.best.card, round(d.cost, 1)
    if you:
        head = t("Trick {n}: you played {played}; {best} was better by {cost} game points on average over the hands "
                 "you could not see.", n=d.trick, played=played, best=best, cost=cost)
    else:
        head = t("Trick {n}, {seat} played {played}; {best} was better by {cost} game points on average over the "
                 "hands {seat} could not see.", n=d.trick, seat=seat_name(d.seat), played=played, best=best, cost=cost)
    why = tuple(t("Why: {reason}", reason=reason_line(w, say, best, played)) for w in d.reasons[:REASONS_SHOWN])
    h = d.hindsight
    if h is None:
        return MistakeWords(head, why, None, ())
    if h.cost == 0:
        line = t("Hindsight, all hands open: {played} kept the best award ({award}); with these hands it cost "
                 "nothing.", played=played, award=signed(h.award))
        return MistakeWords(head, why, line, ())
    line = t("Hindsight, all hands open: {played} cost {cost} game points; {best} kept {best_award}, {played} gives "
             "{award}.", played=played, cost=h.cost, best=list(h.best), best_award=signed(h.best_award),
             award=signed(h.award))
    said = {w.reason for w in d.reasons[:REASONS_SHOWN]} if h.better == best else set()
    new = [w for w in h.reasons if w.reason not in said][:1]
    return MistakeWords(head, why, line, tuple(t("With all hands open: {reason}", reason=say(w.msg)) for w in new))
