"""The issue's "done when", in one browser: a teacher on a 1280×720 projector and twenty 390×844 phones run a
five-step class; every answer is counted once, the teacher's chart shows an answer within two seconds of it, and no
phone reaches the teacher's controls (the page without the secret, with a wrong one, and the controls' buttons).

Kept cheap: one browser, one server, the phones join and answer in turn, every wait is for a state with a deadline
(never a sleep). The wall time is printed.
"""

from __future__ import annotations

import random
import re
import time

import pytest
from playwright.sync_api import expect

from explorer.classroom.config import database_url
from explorer.classroom.db import make_engine
from explorer.classroom.service import Classroom

pytestmark = pytest.mark.browser

FILES = ["play-follow-suit", "score-sun-double-52", "projects-higher-top-card", "bidding-sun-over-hokum",
         "deal-illegal-card"]
CHOICES = [["AC", "8C", "7H", "KS"], ["True", "False"], ["NS", "EW", "None"], ["W", "N", "None"], ["True", "False"]]
"""What the phones tap at each step (the answer buttons' key suffixes)."""
PHONES = 20
CONTROLS = ["Ask the first question", "Close the answers", "Reveal the verdict", "Next question", "End the class"]


def _answer_button(page, step: int, value: str, card: bool):
    suffix = f"card-{value}" if card else value
    return page.locator(f".st-key-join-answer-{step}-{suffix} button")


def _answered(teacher, n: int):
    return teacher.get_by_text(re.compile(rf"^{n} of {PHONES} answered$"))


def test_a_teacher_and_twenty_phones_run_a_five_step_class(browser, base_url, server_data_dir):
    began = time.monotonic()
    rng = random.Random(25)
    projector = browser.new_context(viewport={"width": 1280, "height": 720})
    teacher = projector.new_page()
    teacher.goto(f"{base_url}/classroom?files={','.join(FILES)}")
    teacher.get_by_role("button", name="Start a class").click()
    code_box = teacher.get_by_test_id("class-code")
    expect(code_box).to_be_visible(timeout=30_000)
    code = code_box.inner_text().replace(" ", "")
    secret = re.search(r"teach=([^&]+)", teacher.url).group(1)
    assert secret not in teacher.content()          # in the address, never on the projected page

    phones = [browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
              for _ in range(PHONES)]
    pages = []
    for i, ctx in enumerate(phones):
        p = ctx.new_page()
        p.goto(f"{base_url}/join?c={code}", wait_until="commit", timeout=60_000)
        p.get_by_label(re.compile("Your name")).fill(f"Student {i}", timeout=60_000)
        p.get_by_role("button", name="Join the class").click()
        pages.append(p)
    for p in pages:
        expect(p.get_by_text("Waiting for the teacher to ask the first question.")).to_be_visible(timeout=30_000)
    expect(teacher.get_by_text(f"{PHONES} students have joined")).to_be_visible()

    svc = Classroom(make_engine(database_url({"BALOOT_DATA_DIR": str(server_data_dir)})))
    cs = svc.teacher_state(secret)
    chosen: list[list[str]] = []
    for step in range(len(FILES)):
        teacher.get_by_role("button", name="Ask the first question" if step == 0 else "Next question").click()
        picks = [rng.choice(CHOICES[step]) for _ in pages]
        chosen.append(picks)
        for i, (p, value) in enumerate(zip(pages, picks)):
            button = _answer_button(p, step, value, card=step == 0)
            expect(button).to_be_visible(timeout=30_000)
            button.click()
            expect(p.get_by_text("Waiting for the verdict.")).to_be_visible(timeout=15_000)
            if i == 0:  # the projector shows the first answer within two seconds
                expect(_answered(teacher, 1)).to_be_visible(timeout=2_000)
        expect(_answered(teacher, PHONES)).to_be_visible(timeout=15_000)
        tally = svc.tally(secret)
        assert tally.answered == PHONES and sum(tally.counts.values()) == PHONES
        teacher.get_by_role("button", name="Reveal the verdict").click()
        expect(pages[0].get_by_text("The engine's answer:")).to_be_visible(timeout=15_000)

    # no phone reaches the teacher's controls: no secret, a wrong one, the buttons absent from its page
    before = svc.teacher_state(secret).version
    spy = pages[0]
    for address in (f"{base_url}/classroom", f"{base_url}/classroom?teach=wrong-{secret[:8]}",
                    f"{base_url}/classroom?teach={code}"):
        spy.goto(address)
        expect(spy.get_by_role("button", name="Start a class")).to_be_visible(timeout=30_000)
        for name in CONTROLS:
            expect(spy.get_by_role("button", name=name)).to_have_count(0)
    for p in pages[1:3]:
        for name in CONTROLS:
            expect(p.get_by_role("button", name=name)).to_have_count(0)
    assert svc.teacher_state(secret).version == before

    teacher.get_by_role("button", name="End the class").click()
    expect(teacher.get_by_role("button", name=re.compile("Download the results"))).to_be_visible(timeout=15_000)
    expect(pages[1].get_by_text(re.compile(r"You answered \d+ of 5 questions right\."))).to_be_visible(timeout=15_000)
    results = svc.results(secret)
    assert [r.answered for r in results] == [PHONES] * len(FILES)
    assert cs.code == code
    for ctx in [projector, *phones]:
        ctx.close()
    print(f"\nclassroom browser run: 1 projector + {PHONES} phones, {len(FILES)} steps, "
          f"{time.monotonic() - began:.1f} s wall time")
