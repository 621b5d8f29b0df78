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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from explorer.engine.core.i18n import Msg
from explorer.engine.players.reasons import Why
from explorer.engine.players.review import Decision, Review
from explorer.view.hindsight import signed
from explorer.view.language import t, tn

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
    """The review's first line: how many card choices were reviewed and how many cost the threshold or more."""
    n, m = len(rv.decisions), len(rv.mistakes)
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


def reason_line(why: Why, say: Callable[[Msg], str], better, played) -> str:
    """A reason in a sentence, with how often its consequence followed each card over the sampled deals."""
    text = say(why.msg)
    if why.better is None or why.event is None:
        return text
    if why.played is None:
        return t("{reason} ({event}: {b}% of the sampled deals after {better}.)", reason=text, event=say(why.event),
                 b=round(100 * why.better), better=better)
    return t("{reason} ({event}: {b}% of the sampled deals after {better}, {p}% after {played}.)", reason=text,
             event=say(why.event), b=round(100 * why.better), better=better, p=round(100 * why.played), played=played)


def mistake_words(d: Decision, say: Callable[[Msg], str], *, you: bool) -> MistakeWords:
    """The sentences of one flagged card; ``you``: said to the player who played it (the practice table)."""
    played, best, cost = d.played.card, d.best.card, round(d.cost, 1)
    if you:
        head = t("Trick {n}: you played {played}; {best} was better by {cost} game points on average over the hands "
                 "you could not see.", n=d.trick, played=played, best=best, cost=cost)
    else:
        head = t("Trick {n}, {seat} played {played}; {best} was better by {cost} game points on average over the "
                 "hands {seat} could not see.", n=d.trick, seat=d.seat, played=played, best=best, cost=cost)
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
