"""A lesson's wrong card says which rule it breaks and never which card is right: for every card question of every
lesson, every card of the hand the engine refuses, in English and in Arabic."""

from __future__ import annotations

import pytest

from explorer.content.lessons import load_lessons
from explorer.content.lessons.grading import grade
from explorer.engine.core.cards import Card
from explorer.engine.core.i18n import Style

QUESTIONS = [(lesson, step) for lesson in load_lessons() for step in lesson.questions
             if step.question.ask == "legal_card"]


@pytest.mark.parametrize("lang", ["en", "ar"])
def test_every_refused_card_names_the_rule_and_no_allowed_card(lang):
    style = Style(lang=lang, cards="face")
    hints = 0
    for lesson, step in QUESTIONS:
        hand = [Card.parse(c) for c in step.doc["hand"]]
        for card in hand:
            fb = grade(step, str(card), style=style)
            if fb.correct:
                assert fb.broken == ""
                continue
            hints += 1
            assert fb.broken and card.pretty in fb.broken, (lesson.id, step.id, str(card), fb.broken)
            allowed = [c for c in hand if grade(step, str(c), style=style).correct]
            named = [c for c in allowed if c.pretty in fb.broken.replace(card.pretty, "")]
            # a card on the table may be named ("beat Q♥"); a card of the hand that is allowed never is
            assert not named, (lesson.id, step.id, str(card), fb.broken)
    assert hints >= 10
