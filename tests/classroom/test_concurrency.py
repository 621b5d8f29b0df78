"""Forty students join and answer at once, each from its own thread, on one server: every answer counted once.

Each student sends the answer twice (a double tap, a retry after a lost reply), so the count also proves that
an answer sent twice counts once under load. The threads start together at a barrier; the test waits for them
to finish with a deadline of 10 seconds (the issue's figure), and prints how long they took.
"""

from __future__ import annotations

import random
import threading
import time
from concurrent.futures import ThreadPoolExecutor

from explorer.classroom.service import Classroom

STUDENTS = 40
CARDS = ["AC", "8C", "JH", "7H", "AD", "KD", "9D", "KS"]  # play-follow-suit's hand: A♣ and 8♣ are legal


def test_forty_students_join_and_answer_within_ten_seconds_every_answer_counted_once(service: Classroom):
    s = service.start([{"library": "play-follow-suit"}])
    service.questions(service.teacher_state(s.teacher_secret))  # the question read once, as a running server has
    service.ask(s.teacher_secret)
    rng = random.Random(25)
    chosen = [rng.choice(CARDS) for _ in range(STUDENTS)]
    barrier = threading.Barrier(STUDENTS)

    def student(i: int) -> tuple[bool, bool]:
        barrier.wait(timeout=30)
        seat = service.join(s.code, f"student {i}", session=f"session-{i}", address="127.0.0.1")
        return service.answer(seat, 0, chosen[i]), service.answer(seat, 0, chosen[i])

    began = time.monotonic()
    with ThreadPoolExecutor(max_workers=STUDENTS) as pool:
        results = list(pool.map(student, range(STUDENTS), timeout=10))
    took = time.monotonic() - began
    print(f"\n40 students joined and answered twice each in {took:.2f} s ({service.engine.dialect.name})")
    assert took < 10
    assert results == [(True, False)] * STUDENTS          # counted the first time, recognised the second
    tally = service.tally(s.teacher_secret)
    assert tally.joined == tally.answered == STUDENTS
    assert sum(tally.counts.values()) == STUDENTS
    assert tally.right == sum(1 for c in chosen if c in ("AC", "8C"))
