"""The game model: one deal as frozen snapshots, a seat's view, the practice match."""

from explorer.engine.game.state import *  # noqa: F403
