"""Keys of the Deal checker (``deal.``).

>>> DEAL_POS, deal_review_go_key(3)
('deal.pos', 'deal.review.go.3')
"""

DEAL_SOURCE = "deal.source"
"""Radio: where the deal comes from: ``library``, ``upload`` or ``type``."""
DEAL_LIBRARY_FILE = "deal.library_file"
"""Selectbox: the library file (stem of ``data/scenarios/deal-*.yaml``)."""
DEAL_LOAD_FILE = "deal.load_file"
"""Button: put the chosen library file into the editor."""
DEAL_TEXT = "deal.text"
"""Text area: the deal as YAML (the editor); it keeps what the user typed, right or wrong."""
DEAL_OPEN_AT = "deal.open_at"
"""The position (cards played) a deal sent from another page opens at, read once by the Deal checker."""
DEAL_REVIEW_SEATS = "deal.review_seats"
"""Multiselect: the seats whose card play the strong player reviews."""
DEAL_REVIEW = "deal.review"
"""Button: review the deal; and ``deal.review.result``: ``(text id, seats, Review)``."""
DEAL_REVIEW_RESULT = "deal.review.result"
DEAL_POS = "deal.pos"
"""Slider: how many cards of the deal have been played (0 to the last card checked)."""
DEAL_START = "deal.start"
DEAL_BACK = "deal.back"
DEAL_FORWARD = "deal.forward"
DEAL_END = "deal.end"
DEAL_TO_ERROR = "deal.to_error"
"""Buttons: first position, one card back, one card forward, the last card, the first illegal card."""
DEAL_CHART = "deal.chart"
"""The running points chart."""
DEAL_ADD_TO_SHEET = "deal.add_to_sheet"
"""Button: append the checked deal's award to :data:`SHEET_DEALS`."""
DEAL_ADDED = "deal.added"
"""The id of the last deal added to the score sheet (so it is not added twice by accident)."""
DEAL_SAVE_YAML = "deal.save_yaml"
"""Download button: the deal in the editor, as YAML."""



def deal_review_go_key(index: int) -> str:
    """The Deal checker's button that goes to one reviewed moment."""
    return f"deal.review.go.{index}"
