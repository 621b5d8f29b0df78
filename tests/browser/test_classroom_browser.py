"""The classroom in one real browser: a teacher's projector (1280×720) and phones (390×844, touch).

- ``test_a_class_runs_from_join_to_own_results``: three phones join (the first by the link read off the projector's
  QR code, its name typed key by key; one anonymous; one named that reloads mid-question), answer by tapping; the
  projector's count and chart show each answer; the teacher closes, reveals (the phones show the verdict and its
  reason, right or not), moves on (the phones follow), ends (the table and its CSV); each phone shows its own results.
- ``test_a_teacher_and_twenty_phones_run_a_five_step_class``: the issue's "done when": twenty phones join together,
  five steps, at each the room taps at once and every phone confirms its own answer, every answer counted once, the chart's delay after each step's first answer printed (the issue asks for two
  seconds: a figure, not a timed assertion), no phone reaches the teacher's controls.

Every wait is for a state with a deadline (``expect``, ``wait_for_function``), never a sleep; the deadlines allow a
loaded 2-core machine. The wall time is printed.
"""

from __future__ import annotations

import io
import random
import re
import time

import pytest
from playwright.sync_api import expect

from explorer.classroom.config import database_url
from explorer.classroom.db import make_engine
from explorer.classroom.service import Classroom

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
PROJECTOR = {"viewport": {"width": 1280, "height": 720}}
CHART_SUM = """n => {
  const g = document.querySelector('[data-testid="stPlotlyChart"] .js-plotly-plot');
  return !!(g && g._fullData && g._fullData.length) && Array.from(g._fullData[0].y).reduce((a, b) => a + b, 0) === n;
}"""
"""True once the projector's chart counts ``n`` answers in all (what plotly drew, not what the server sent)."""


def _service(server_data_dir) -> Classroom:
    return Classroom(make_engine(database_url({"BALOOT_DATA_DIR": str(server_data_dir)})))


OFFERED = {"play-follow-suit": ["AC", "8C", "JH", "7H", "AD", "KD", "9D", "KS"], "score-sun-double-52": ["True", "False"],
           "projects-higher-top-card": ["NS", "EW", "None"], "bidding-sun-over-hokum": ["S", "E", "N", "W", "None"],
           "deal-illegal-card": ["True", "False"]}
"""What each file's question offers, in the order the phone draws it (the pills' places)."""


def _answer_button(page, step: int, value: str, card: bool, file: str = ""):
    """The pill of ``value``: the answers are one group of pills (``join-answer-<step>-cards`` or ``-choices``)."""
    group = page.locator(f".st-key-join-answer-{step}-{'cards' if card else 'choices'}")
    if not file:
        return group.get_by_role("radio", name=_face(value), exact=True)
    return group.get_by_role("radio").nth(OFFERED[file].index(value))


def _face(value: str) -> str:
    from explorer.engine.core.cards import Card

    return {"True": "Yes", "False": "No"}.get(value) or Card.parse(value).pretty


def _seat(page) -> str:
    return re.search(r"seat=([^&]+)", page.url).group(1)


def _start(browser, base_url, files: list[str]):
    """The projector's page with a class started on ``files``: (page, code, secret)."""
    teacher = browser.new_context(**PROJECTOR).new_page()
    teacher.goto(f"{base_url}/classroom?files={','.join(files)}")
    teacher.get_by_role("button", name="Start a class").click()
    code_box = teacher.get_by_test_id("class-code")
    expect(code_box).to_be_visible(timeout=30_000)
    code = code_box.inner_text().replace(" ", "")
    secret = re.search(r"teach=([^&]+)", teacher.url).group(1)
    assert secret not in teacher.content()          # in the address, never on the projected page
    return teacher, code, secret


def _qr_link(teacher) -> str:
    """The link in the projector's QR code, read off a screenshot of it (what a phone's camera reads)."""
    import zxingcpp
    from PIL import Image

    shot = teacher.locator("img.bx-class-qr").screenshot()
    found = zxingcpp.read_barcodes(Image.open(io.BytesIO(shot)))
    assert len(found) == 1, f"{len(found)} QR codes read off the projector"
    return found[0].text


def _join(browser, base_url, code: str, name: str | None, *, typed: bool = False, link: str | None = None):
    """A phone on the join link (or ``link``): the name filled (or typed key by key), Join pressed, the seat shown."""
    p = browser.new_context(**PHONE).new_page()
    p.goto(link or f"{base_url}/join?c={code}", timeout=60_000)
    field = p.get_by_label(re.compile("Your name"))
    if name and typed:
        field.press_sequentially(name, timeout=60_000)
    elif name:
        field.fill(name, timeout=60_000)
    p.get_by_role("button", name="Join the class").click()
    expect(p.get_by_text(f"you are {name or 'anonymous'}", exact=False)).to_be_visible(timeout=30_000)
    return p


def _join_together(browser, base_url, code: str, names: list[str]):
    """Phones opening the join link at once, filling their names and joining together, as a room does."""
    pages = [browser.new_context(**PHONE).new_page() for _ in names]
    for p in pages:
        p.goto(f"{base_url}/join?c={code}", wait_until="commit", timeout=60_000)
    for p, name in zip(pages, names):
        p.get_by_label(re.compile("Your name")).fill(name, timeout=CROWD_DEADLINE)
        p.get_by_role("button", name="Join the class").click(timeout=CROWD_DEADLINE)
    for p, name in zip(pages, names):
        expect(p.get_by_text(f"you are {name}", exact=False)).to_be_visible(timeout=CROWD_DEADLINE)
    return pages


def _tap(p, step: int, value: str, *, card: bool, deadline: int = 30_000, file: str = ""):
    button = _answer_button(p, step, value, card, file)
    expect(button).to_be_visible(timeout=deadline)
    button.click()
    expect(p.get_by_text("Waiting for the verdict.", exact=False)).to_be_visible(timeout=deadline)


def _counted(teacher, answered: int, joined: int, deadline: int = 30_000):
    """The projector's count and chart both show ``answered`` answers."""
    expect(teacher.get_by_text(re.compile(rf"^{answered} of {joined} answered$"))).to_be_visible(timeout=deadline)
    teacher.wait_for_function(CHART_SUM, arg=answered, timeout=deadline)


def test_a_class_runs_from_join_to_own_results(browser, base_url, server_data_dir, tmp_path):
    began = time.monotonic()
    svc = _service(server_data_dir)
    teacher, code, secret = _start(browser, base_url, ["play-follow-suit", "score-sun-double-52"])
    link = _qr_link(teacher)
    assert link == f"{base_url}/join?c={code}"
    layla = _join(browser, base_url, code, "Layla Al-Harbi", typed=True, link=link)  # typed, then Join at once
    anon = _join(browser, base_url, code, None)
    omar = _join(browser, base_url, code, "Omar")
    phones = [layla, anon, omar]
    expect(teacher.get_by_text("3 students have joined")).to_be_visible(timeout=30_000)
    assert [svc.student_state(_seat(p)).name for p in phones] == ["Layla Al-Harbi", None, "Omar"]

    # question 1 (a card to play after K♣ led, 7♣ followed): A♣ follows suit, 7♥ does not
    teacher.get_by_role("button", name="Ask the first question").click()
    teacher.wait_for_function(CHART_SUM, arg=0, timeout=30_000)
    _tap(layla, 0, "AC", card=True)
    _counted(teacher, 1, 3)
    _tap(anon, 0, "7H", card=True)
    _counted(teacher, 2, 3)
    omar.reload()                                   # mid-question: the seat is kept, no answer yet
    expect(omar.get_by_text("you are Omar", exact=False)).to_be_visible(timeout=30_000)
    _tap(omar, 0, "8C", card=True)
    omar.reload()                                   # and after answering: the answer is kept
    expect(omar.get_by_text("Your answer: 8♣. Waiting for the verdict.")).to_be_visible(timeout=30_000)
    expect(_answer_button(omar, 0, "AC", True)).to_have_count(0)
    _counted(teacher, 3, 3)

    teacher.get_by_role("button", name="Close the answers").click()
    expect(teacher.get_by_text(re.compile("Answers closed"))).to_be_visible(timeout=30_000)
    teacher.get_by_role("button", name="Reveal the verdict").click()
    expect(teacher.get_by_text("The engine's answer:", exact=False)).to_be_visible(timeout=30_000)
    expect(teacher.get_by_text(re.compile(r"67%.*right \(2 of 3\)"))).to_be_visible(timeout=30_000)
    for p, verdict in ((layla, "Right!"), (anon, "Not this time."), (omar, "Right!")):
        expect(p.get_by_text(verdict, exact=False)).to_be_visible(timeout=30_000)
        expect(p.get_by_text(re.compile(r"The engine's answer: A♣, 8♣\. \S"))).to_be_visible()  # and its reason

    # question 2: the phones follow; Omar does not answer before the teacher closes
    teacher.get_by_role("button", name="Next question").click()
    for p in phones:
        expect(p.get_by_text("Question 2 of 2")).to_be_visible(timeout=30_000)
    _tap(layla, 1, "True", card=False)
    _tap(anon, 1, "False", card=False)
    _counted(teacher, 2, 3)
    teacher.get_by_role("button", name="Close the answers").click()
    expect(omar.get_by_text("The answers are closed.")).to_be_visible(timeout=30_000)
    expect(_answer_button(omar, 1, "True", False)).to_have_count(0)
    teacher.get_by_role("button", name="Reveal the verdict").click()
    for p in phones:
        expect(p.get_by_text("The engine's answer:", exact=False)).to_be_visible(timeout=30_000)

    teacher.get_by_role("button", name="End the class").click()
    download = teacher.get_by_role("button", name=re.compile("Download the results"))
    expect(download).to_be_visible(timeout=30_000)
    expect(teacher.get_by_test_id("stDataFrame")).to_be_visible()
    with teacher.expect_download(timeout=30_000) as got:
        download.click()
    csv_path = tmp_path / "results.csv"
    got.value.save_as(csv_path)
    results = svc.results(secret)
    lines = csv_path.read_text(encoding="utf-8-sig").splitlines()
    assert lines[0].startswith("Question,Title,Answers,Right,Share right")
    assert [line.split(",")[0] for line in lines[1:]] == ["1", "2"]
    assert [r.answered for r in results] == [3, 2] and results[0].right == 2

    right_2 = {o.step: o.correct for o in svc.own_results(_seat(layla))}[1]
    for p, right in ((layla, 1 + bool(right_2)), (anon, int(not right_2)), (omar, 1)):
        expect(p.get_by_text(f"You answered {right} of 2 questions right.")).to_be_visible(timeout=30_000)
        expect(p.get_by_test_id("stDataFrame")).to_be_visible()
    for p in [teacher, *phones]:
        expect(p.get_by_test_id("stException")).to_have_count(0)
        p.context.close()
    print(f"\nclassroom browser run: 1 projector + 3 phones, 2 steps, {time.monotonic() - began:.1f} s wall time")


FILES = ["play-follow-suit", "score-sun-double-52", "projects-higher-top-card", "bidding-sun-over-hokum",
         "deal-illegal-card"]
CHOICES = [["AC", "8C", "7H", "KS"], ["True", "False"], ["NS", "EW", "None"], ["W", "N", "None"], ["True", "False"]]
"""What the phones tap at each step."""
PHONES = 20
CROWD_DEADLINE = 120_000
"""How long a state may take to arrive with twenty phones on two cores: every move of the class reruns twenty-one
pages at once (the results took 19 s to show on the projector here, all twenty-one browsers drawing their tables)."""
CONTROLS = ["Ask the first question", "Close the answers", "Reveal the verdict", "Next question", "End the class"]


def test_a_teacher_and_twenty_phones_run_a_five_step_class(browser, base_url, server_data_dir):
    began = time.monotonic()
    rng = random.Random(25)
    svc = _service(server_data_dir)
    teacher, code, secret = _start(browser, base_url, FILES)
    pages = _join_together(browser, base_url, code, [f"Student {i}" for i in range(PHONES)])
    latency: list[float] = []
    expect(teacher.get_by_text(f"{PHONES} students have joined")).to_be_visible(timeout=CROWD_DEADLINE)

    for step in range(len(FILES)):
        teacher.get_by_role("button", name="Ask the first question" if step == 0 else "Next question").click()
        values = [rng.choice(CHOICES[step]) for _ in pages]
        # the first phone alone: how long the projector takes to show the first answer once the phone has shown it
        _tap(pages[0], step, values[0], card=step == 0, deadline=CROWD_DEADLINE, file=FILES[step])
        shown = time.monotonic()
        teacher.wait_for_function(CHART_SUM, arg=1, timeout=CROWD_DEADLINE)
        latency.append(time.monotonic() - shown)
        print(f"\nstep {step + 1}: the first answer on the projector's chart {latency[-1]:.2f} s "
              "after the phone showed it", flush=True)
        # then the room taps at once, as a class does, and every phone confirms its own answer
        pills = [_answer_button(p, step, v, step == 0, FILES[step]) for p, v in zip(pages[1:], values[1:])]
        for pill in pills:
            expect(pill).to_be_visible(timeout=CROWD_DEADLINE)
        for pill in pills:
            pill.click()
        for i, p in enumerate(pages[1:], start=1):
            expect(p.get_by_text("Waiting for the verdict.", exact=False),
                   f"phone {i} confirms its answer to question {step + 1}").to_be_visible(timeout=CROWD_DEADLINE)
        _counted(teacher, PHONES, PHONES, CROWD_DEADLINE)
        tally = svc.tally(secret)
        assert tally.answered == PHONES and sum(tally.counts.values()) == PHONES
        teacher.get_by_role("button", name="Reveal the verdict").click()
        expect(pages[0].get_by_text("The engine's answer:", exact=False)).to_be_visible(timeout=CROWD_DEADLINE)

    # no phone reaches the teacher's controls: no secret, a wrong one, the buttons absent from its page
    before = svc.teacher_state(secret).version
    spy = browser.new_context(**PHONE).new_page()  # a phone's fresh tab (in the class's own tab, see the note below)
    for address in (f"{base_url}/classroom", f"{base_url}/classroom?teach=wrong-{secret[:8]}",
                    f"{base_url}/classroom?teach={code}"):
        spy.goto(address)
        expect(spy.get_by_role("button", name="Start a class")).to_be_visible(timeout=CROWD_DEADLINE)
        for name in CONTROLS:
            expect(spy.get_by_role("button", name=name)).to_have_count(0)
    for p in pages[:3]:
        for name in CONTROLS:
            expect(p.get_by_role("button", name=name)).to_have_count(0)
    assert svc.teacher_state(secret).version == before
    spy.context.close()
    # The spy was once a class's own tab, moved to these addresses: under heavy load its first page there was now
    # and then drawn only down to its first paragraph, no script running on the server (py-spy), until a reload: a
    # race of Streamlit's navigation with fast reruns (streamlit#9100, #9036), not a way to the teacher's controls.

    teacher.get_by_role("button", name="End the class").click()
    ended = time.monotonic()
    results = teacher.get_by_role("button", name=re.compile("Download the results"))
    expect(results).to_be_visible(timeout=CROWD_DEADLINE)
    print(f"\nthe results on the projector {time.monotonic() - ended:.1f} s after End", flush=True)
    own = pages[1].get_by_text(re.compile(r"You answered \d+ of 5 questions right\."))
    expect(own).to_be_visible(timeout=CROWD_DEADLINE)
    assert [r.answered for r in svc.results(secret)] == [PHONES] * len(FILES)
    for p in [teacher, *pages]:
        p.context.close()
    print(f"\nclassroom browser run: 1 projector + {PHONES} phones, {len(FILES)} steps, "
          f"{time.monotonic() - began:.1f} s wall time; the first answer on the projector's chart after "
          + ", ".join(f"{x:.2f}" for x in latency) + " s")
