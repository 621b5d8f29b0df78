"""Keys of the practice table (``play.``).

>>> PLAY_PRACTICE, PLAY_TABLE, play_setup_level_key("E")
('play.practice', 'play.table', 'play.setup.level.E')
"""

PLAY_PRACTICE = "play.practice"
"""The :class:`~explorer.engine.game.practice.Practice` in play (kept in the browser as ``practice``)."""
PLAY_RESTORED = "play.restored"
"""True once the practice kept in this browser has been brought into this session."""
PLAY_TABLE = "play.table"
"""The card table (a components v2 component): its taps arrive as the trigger ``tap``."""
PLAY_PLAYBACK = "play.playback"
"""What the table plays back: ``(id, states before them, states)``, the game states from your last tap to your next
decision (:class:`explorer.ui.practice.events.Playback`)."""
PLAY_FRAMES = "play.frames"
"""The playback's frames as drawn in one language: ``((id, language), frames)``, so a rerun draws them once."""
PLAY_NOTICE = "play.notice"
"""``(level, text)``: what the table says after your last tap (an illegal card's reason, a refused call)."""
PLAY_HINT = "play.hint"
"""The tutor's hint for the current moment: ``(moment, Choice)``."""
PLAY_TAP_T0 = "play.tap_t0"
"""When the server started on the last tap (``time.perf_counter()``), until the table's data is drawn."""
PLAY_SERVER_MS = "play.server_ms"
"""How long the server took from the last tap to the table's data (ms): given to the table, read by the benchmark."""
PLAY_REVIEW = "play.review"
"""The review of the finished deal: ``(deal seed, Review)``."""
PLAY_SAWA_CHECK = "play.sawa.check"
"""The last Sawa check of your position: ``((deal seed, actions so far), holds)``, so it is solved once."""
PLAY_SETUP_NAMES = "play.setup.names"
"""Prefix of the name inputs for N, E and W at the start of a match: ``play.setup.names.N``."""
PLAY_SETUP_GOAL = "play.setup.goal"
PLAY_SETUP_LEVEL = "play.setup.level"
"""Prefix of the computer seats' levels at the start of a match: ``play.setup.level.E``."""
PLAY_SETUP_SEED = "play.setup.seed"
PLAY_SETUP_TUTOR = "play.setup.tutor"
PLAY_SETUP_DECLARE = "play.setup.declare"
PLAY_START = "play.start"
"""Setup widgets: what the match is played to, the computer players, the seed, tutor and declaring modes; Start."""
PLAY_TUTOR = "play.tutor"
PLAY_AUTO_DECLARE = "play.auto_declare"
PLAY_PACE = "play.pace"
PLAY_BACKS = "play.backs"
PLAY_FELT = "play.felt"
PLAY_HINTS_BY = "play.hints_by"
PLAY_LEVEL = "play.level"
"""Settings during a match: tutor mode, your projects declared for you, the pause between the computers' cards, the
card backs, the table's colour, the hints' player, each computer seat's level (``play.level.E``)."""
PLAY_NEW_MATCH = "play.new_match"
PLAY_OPEN_CHECKER = "play.open_checker"
PLAY_DOWNLOAD = "play.download"
PLAY_REVIEW_BUTTON = "play.review_button"
"""Buttons under the table."""


def play_setup_level_key(seat: str) -> str:
    """The setup's level of one computer seat."""
    return f"{PLAY_SETUP_LEVEL}.{seat}"


def play_level_key(seat: str) -> str:
    """The level of one computer seat during a match."""
    return f"{PLAY_LEVEL}.{seat}"


def play_review_open_key(index: int) -> str:
    """The button that opens one reviewed moment in the Deal checker."""
    return f"play.review.open.{index}"
