"""Keys of the practice table (``play.``).

>>> PLAY_PRACTICE, play_card_key("QH"), play_call_key(0)
('play.practice', 'play.card.QH', 'play.call.0')
"""

PLAY_PRACTICE = "play.practice"
"""The :class:`~explorer.engine.game.practice.Practice` in play (kept in the browser as ``practice``)."""
PLAY_RESTORED = "play.restored"
"""True once the practice kept in this browser has been brought into this session."""
PLAY_NOTICE = "play.notice"
"""``(level, text)``: what the table says after your last tap (an illegal card's reason, a refused call)."""
PLAY_EKKA = "play.ekka"
"""Toggle: announce Ekka with the card you lead."""
PLAY_HINT = "play.hint"
"""The strong player's hint for the current moment: ``(moment, Choice)``."""
PLAY_REVIEW = "play.review"
"""The review of the finished deal: ``(deal seed, Review)``."""
PLAY_DECLARE = "play.declare"
"""Multiselect: the projects you declare yourself (labels of the candidates)."""
PLAY_SETUP_NAMES = "play.setup.names"
"""Prefix of the name inputs for N, E and W at the start of a match: ``play.setup.names.N``."""
PLAY_SETUP_GOAL = "play.setup.goal"
PLAY_SETUP_LEVEL = "play.setup.level"
PLAY_SETUP_SEED = "play.setup.seed"
PLAY_SETUP_TUTOR = "play.setup.tutor"
PLAY_SETUP_DECLARE = "play.setup.declare"
PLAY_START = "play.start"
"""Setup widgets: play to 152 or one deal, the computer players, the seed, tutor and declaring modes; Start."""
PLAY_TUTOR = "play.tutor"
PLAY_AUTO_DECLARE = "play.auto_declare"
"""Toggles during a match: tutor mode, and your projects declared for you."""
PLAY_NEW_MATCH = "play.new_match"
PLAY_NEW_MATCH_END = "play.new_match_end"
PLAY_DECLARE_BUTTON = "play.declare_button"
PLAY_NEXT_DEAL = "play.next_deal"
PLAY_DEAL_AGAIN = "play.deal_again"
PLAY_TAKE_BACK = "play.take_back"
PLAY_HINT_BUTTON = "play.hint_button"
PLAY_REVIEW_BUTTON = "play.review_button"
PLAY_OPEN_CHECKER = "play.open_checker"
PLAY_DOWNLOAD = "play.download"
"""Buttons of the table."""


def play_call_key(index: int) -> str:
    """The button of one call (by its place among the calls offered)."""
    return f"play.call.{index}"


def play_card_key(card: str) -> str:
    """The button of one card of your hand: ``play.card.QH``."""
    return f"play.card.{card}"


def play_review_open_key(index: int) -> str:
    """The button that opens one reviewed moment in the Deal checker."""
    return f"play.review.open.{index}"
PLAY_SAWA = "play.sawa"
"""Button: you claim Sawa (shown only when your team takes every trick left)."""
PLAY_SAWA_CHECK = "play.sawa.check"
"""The last Sawa check of your position: ``((deal seed, actions so far), holds)``, so it is solved once."""
