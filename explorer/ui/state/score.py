"""Keys of the Score calculator (``score.``)."""

SCORE_MODE = "score.mode"
SCORE_TRUMP = "score.trump"
SCORE_BUYER = "score.buyer"
SCORE_DEALER = "score.dealer"
SCORE_LEVEL = "score.level"
SCORE_DOUBLER = "score.doubler"
SCORE_LOCKED = "score.locked"
SCORE_POINTS_NS = "score.points_ns"
"""Number input: NS raw card points (last trick's 10 included); changing it fills in EW."""
SCORE_POINTS_EW = "score.points_ew"
SCORE_TRICKS_GIVEN = "score.tricks_given"
"""Checkbox: the tricks won are given (needed to see a Kaboot)."""
SCORE_TRICKS_NS = "score.tricks_ns"
SCORE_TRICKS_EW = "score.tricks_ew"
SCORE_COUNT_TEXT = "score.count_text"
"""Text area: the eight tricks' cards, one trick a line, to count the raw points."""
SCORE_COUNT = "score.count"
"""Button: count the tricks of the text area into the points and tricks won."""
SCORE_PROJECT_PREFIX = "score.projects."
"""Text input per seat (:func:`score_project_key`): the projects shown, ``QD KD AD; 7S 8S 9S``."""
SCORE_BALOOT = "score.baloot"
"""Selectbox: the seat that held the trump K and Q, or "" (nobody)."""
SCORE_FIRST_ACE = "score.first_ace"
"""Checkbox: the dealer's right held an Ace (reverse Kaboot)."""
SCORE_MATCH_GIVEN = "score.match_given"
"""Checkbox: the match totals before the deal are given."""
SCORE_MATCH_NS = "score.match_ns"
SCORE_MATCH_EW = "score.match_ew"
SCORE_ADD_TO_SHEET = "score.add_to_sheet"
"""Button: append the award to :data:`SHEET_DEALS`."""
SCORE_WATERFALL = "score.waterfall"
"""The waterfall chart of the verdict."""
SCORE_EXAMPLE = "score.example"
SCORE_CLEAR = "score.clear"


def score_project_key(seat: str) -> str:
    """The projects text input of one seat.

    >>> score_project_key("N")
    'score.projects.N'
    """
    return SCORE_PROJECT_PREFIX + seat
