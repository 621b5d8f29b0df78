"""Keys of the Puzzles page (``puzzles.``).

>>> PUZZLES_PROGRESS, puzzles_card_key("QH"), puzzles_queue_key(2)
('puzzles.progress', 'puzzles.card.QH', 'puzzles.queue.2')
"""

PUZZLES_PROGRESS = "puzzles.progress"
"""The learner's :class:`~explorer.engine.puzzles.progress.Progress` (kept in the browser as ``puzzles``)."""
PUZZLES_RESTORED = "puzzles.restored"
"""True once the progress kept in this browser has been brought into this session."""
PUZZLES_MODE = "puzzles.mode"
"""Segmented control: ``daily``, ``rated`` or ``mistakes``."""
PUZZLES_SHOWN = "puzzles.shown"
"""What is on the board: ``{"mode", "kind": "puzzle" | "retry", "id", "retry": the Retry or None}``."""
PUZZLES_TRY = "puzzles.try"
"""The attempt at the puzzle on the board: ``{"id", "mode", "step", "wrong": [cards], "rated", "done", "revealed"}``."""
PUZZLES_NOTICE = "puzzles.notice"
"""``(level, [Msg...])``: what the page says after the last tap."""
PUZZLES_REVIEWED = "puzzles.reviewed"
"""``[Msg...]``: what the last review of the practice match found."""
PUZZLES_DROPPED = "puzzles.dropped"
"""Why a stored position left the queue (it cannot be set up again), said until another item is picked."""
PUZZLES_OFFERS = "puzzles.offers"
"""How many rated puzzles this session has offered (the seed of the next offer)."""
PUZZLES_NEXT = "puzzles.next"
"""Button: another puzzle."""
PUZZLES_REVEAL = "puzzles.reveal"
"""Button: show the answer."""
PUZZLES_REVIEW = "puzzles.review"
"""Button: review the practice match kept in this browser for the mistakes queue."""
PUZZLES_CARD_PREFIX = "puzzles.card."
PUZZLES_QUEUE_PREFIX = "puzzles.queue."


def puzzles_card_key(card: str) -> str:
    """The button of one card of the hand."""
    return f"{PUZZLES_CARD_PREFIX}{card}"


def puzzles_queue_key(i: int) -> str:
    """The button that opens item ``i`` of the mistakes queue."""
    return f"{PUZZLES_QUEUE_PREFIX}{i}"
PUZZLES_PRACTICE = "puzzles.practice"
"""The practice match read from the browser (the Play page's), to review for the mistakes queue."""
