"""The game model: one deal as frozen snapshots (:mod:`.state`), what a seat may do and what the rules say of it
(:mod:`.actions`), a seat's view (:mod:`.view`), a record replayed (:mod:`.record`); the practice match is
:mod:`.practice`. The names of the first four are imported here."""

from explorer.engine.core.errors import IllegalActionError  # noqa: F401
from explorer.engine.game.actions import (  # noqa: F401
    STAGE_REASONS,
    Action,
    ActionVerdict,
    AnyRule,
    Declare,
    GameRule,
    Play,
    Stage,
    describe,
    parse_action,
)
from explorer.engine.game.record import (  # noqa: F401
    CheckedPlay,
    Fault,
    RecordedTrick,
    Replayed,
    replay_tricks,
    start_from_record,
)
from explorer.engine.game.state import GameState, apply_all  # noqa: F401
from explorer.engine.game.view import Announced, PlayerView, next_leader  # noqa: F401
