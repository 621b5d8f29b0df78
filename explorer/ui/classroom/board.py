"""A class's question as the projector and the phones show it: the lesson's drawing of the scenario, the prompt,
the answers on offer in the page's language, the engine's verdict.

The same drawing on every screen (:func:`explorer.ui.lessons.view.draw_scenario`), so the cards a student taps
are the cards the class sees.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from explorer.classroom.steps import NOBODY, ClassStep, Verdict, options, verdict
from explorer.content.lessons import choice_label
from explorer.engine.core.cards import SEATS, Card, Seat
from explorer.engine.core.profiles import RuleProfile
from explorer.ui.lessons import view as lv
from explorer.ui.shell import lang
from explorer.ui.shell.lang import t
from explorer.view import cards as ui
from explorer.view.text import plain
from explorer.view.words import seat_label

CSS = """<style>
div[class*="st-key-join-answer-"] button { min-height: 3.2em; font-size: 1.2rem; font-weight: 700; }
div[class*="st-key-join-answer-"][class*="-cards"] button { min-width: 3.4em; min-height: 4.4em; background: #fff;
  border: 1px solid #aab4ae; border-radius: .35em; box-shadow: 0 1px 3px rgba(0,0,0,.22); }
div[class*="st-key-join-answer-"] button p { font-size: 1.35rem; font-weight: 700; }
.bx-class-code { font-size: 3.2rem; font-weight: 800; letter-spacing: .12em; font-family: ui-monospace, monospace;
  direction: ltr; unicode-bidi: isolate; }
.bx-class-link { font-family: ui-monospace, monospace; font-size: 1.05rem; direction: ltr; unicode-bidi: isolate;
  word-break: break-all; }
</style>"""


def label(cs: ClassStep, value: Any) -> str:
    """An answer on offer, as the page's reader reads it: a card face, a seat, a team, yes or no, a choice."""
    q = cs.question
    if q.input == "card":
        return Card.parse(value).pretty
    if q.input == "yes_no":
        return t("Yes") if value else t("No")
    if q.input == "number":
        return str(value)
    if q.input == "choice" and cs.where is not None:
        j = next(i for i, c in enumerate(q.choices) if c.value == value)
        return choice_label(q, j, lang.style(), cs.where)
    if value is None:
        return t(NOBODY)
    if value in ("NS", "EW"):
        return t("NS (South and North)") if value == "NS" else t("EW (East and West)")
    if value in [s.value for s in SEATS]:
        return seat_label(Seat.parse(value))
    return plain(value)


def in_sentence(cs: ClassStep, values: list[Any]) -> Any:
    """Answers to put in a sentence: cards as :class:`Card` values, which the sentence isolates in Arabic (a bare
    "A♣" reads ♣A there); other answers as their words, joined, Markdown escaped."""
    if cs.question.input == "card":
        return [Card.parse(v) for v in values]
    return plain(t(", ").join(label(cs, v) for v in values))


def draw(cs: ClassStep, *, size: str, revealed: bool, judged: Verdict | None = None, projector: bool = False) -> None:
    """The question's scenario and prompt; on the projector a card question's hand too (marked once revealed)."""
    step, q = cs.step, cs.question
    lv.draw_scenario(step, size, hide_order=q.input == "seat" and not revealed, solved=revealed)
    if projector and q.input == "card" and q.ask != "trick_winner" and step.doc:
        mode, trump = lv.mode_trump(step.doc["contract"])
        marks = None
        if revealed and judged is not None:
            marks = {c: ("legal" if c in judged.right else "illegal") for c in options(cs) or []}
        st.html(ui.hand_html(step.doc.get("hand") or [], trump=trump, size=size, highlight=marks,
                             label=t("The hand to play from")))
    st.markdown(":material/help: **" + plain(cs.prompt(lang.current())) + "**")


def judge(cs: ClassStep, profile: RuleProfile) -> Verdict:
    """The engine's verdict, its reason in the page's language."""
    return verdict(cs, profile, lang.style())


def show_verdict(cs: ClassStep, judged: Verdict) -> None:
    """The engine's answer and reason, then the author's explanation."""
    right = in_sentence(cs, list(judged.right)) if judged.right else t(NOBODY)
    st.success(t("The engine's answer: **{answer}**.", answer=right) + " " + plain(judged.reason),
               icon=":material/gavel:")
    explained = cs.explanation(lang.current())
    if explained and explained != judged.reason:
        st.info(explained if cs.where else plain(explained), icon=":material/lightbulb:")  # a lesson's is Markdown
