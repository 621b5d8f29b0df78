"""The examples in the docstrings (card notation) run as tests, and every module has some.

A module without an example would pass here without anything having run, so each module must
run at least one, unless it is a package's ``__init__`` or listed in :data:`WITHOUT_EXAMPLES`
with the reason (and then it must still have none, so the list cannot go stale).
"""

from __future__ import annotations

import doctest
import importlib
import pkgutil

import pytest

import explorer

MODULES = sorted(
    m.name for m in pkgutil.walk_packages(explorer.__path__, "explorer.")
    if not m.name.startswith(("explorer.app_pages", "explorer.app", "explorer.__main__",
                              "explorer.classroom.migrations"))  # Alembic's scripts run inside a migration only
)

_KIND = "a scenario kind's reader and judge: its examples are scenario files (data/scenarios, tests/engine)"
WITHOUT_EXAMPLES = {
    "explorer.bench": "timings to read, not to test: running it is the benchmark",
    "explorer.engine.files.kinds.bidding": _KIND,
    "explorer.engine.files.kinds.deal": _KIND,
    "explorer.engine.files.kinds.play": _KIND,
    "explorer.engine.files.kinds.projects": _KIND,
    "explorer.engine.files.kinds.score": _KIND,
    "explorer.engine.files.kinds.puzzle": _KIND + "; the shipped puzzles, tests/engine/test_puzzles_set.py",
    "explorer.ui.puzzles.board": "Streamlit blocks only: tests/app/test_puzzles_page.py drives them",
    "explorer.ui.puzzles.store": "the browser store of a Streamlit session: tests/app/test_puzzles_page.py drives it",
    "explorer.engine.players.base": "computer players, new: tests/engine/test_players.py plays them (examples to come)",
    "explorer.engine.players.heuristic": "computer players, new: tests/engine/test_players.py plays them (examples to come)",
    "explorer.engine.players.random_player": "computer players, new: tests/engine/test_players.py plays them (examples to come)",
    "explorer.engine.players.strong": "computer players, new: tests/engine/test_strong.py plays them (examples to come)",
    "explorer.engine.players.review": "hints and reviews, new: tests/engine/test_strong.py checks them (examples to come)",
    "explorer.engine.players.bidsim": "the expert's bidding by sampling, new: tests/engine/test_expert.py checks its margins (examples to come)",
    "explorer.engine.players.cheat": "a measuring player that sees every hand: tests/engine/test_expert.py plays it (examples to come)",
    "explorer.engine.players.expert": "computer players, new: tests/engine/test_expert.py plays them (examples to come)",
    "explorer.engine.players.inference": "the expert's weighting of worlds: tests/engine/test_expert.py checks it places cards better (examples to come)",
    "explorer.i18n_tools": "a command (extract, check): tests/engine/test_messages.py runs it",
    "explorer.ui.state.charts": "key names only: tests/test_session_keys.py checks each spells its value",
    "explorer.ui.state.library": "key names only: tests/test_session_keys.py checks each spells its value",
    "explorer.ui.tools.inbox": "Streamlit: the tools' inbox and message; tests/app/test_share_links.py drives it "
                         "(its reading, explorer.view.intake, has the examples)",
    "explorer.ui.shell.sidebar": "Streamlit widgets only: tests/app/test_shell.py drives them",
    "explorer.ui.shell.narrow_screen": "a browser script only: tests/browser/test_phone_browser.py runs it",
    "explorer.ui.lessons.widgets": "Streamlit blocks only: tests/app/test_lessons_page.py drives them",
    "explorer.ui.lessons.score_widgets": "Streamlit blocks only: tests/app/test_lessons_page.py drives them",
    "explorer.classroom.db": "the database engine of a URL: tests/classroom opens SQLite (and PostgreSQL where installed)",
    "explorer.classroom.schema": "SQLAlchemy tables only: tests/classroom drives them through the service",
    "explorer.classroom.service": "a class's operations on a database: tests/classroom runs each one on SQLite",
    "explorer.ui.classroom.board": "Streamlit blocks only: tests/app/test_classroom_pages.py and the browser test draw them",
    "explorer.ui.classroom.connect": "the service of a Streamlit session: tests/app/test_classroom_pages.py drives it",
    "explorer.ui.classroom.student": "Streamlit blocks only: tests/app/test_classroom_pages.py and the browser test draw them",
    "explorer.ui.classroom.teacher": "Streamlit blocks only: tests/app/test_classroom_pages.py and the browser test draw them",
    "explorer.ui.state.classroom": "key names only: tests/test_session_keys.py checks each spells its value",
    "explorer.ui.state.join": "key names only: tests/test_session_keys.py checks each spells its value",
    "explorer.ui.tools.hindsight": "Streamlit blocks only: tests/app/test_deal_hindsight.py drives them (its words, "
                                   "explorer.view.hindsight, have the examples)",
    "explorer.ui.review.panel": "Streamlit blocks only: tests/app/test_review_panel.py drives them (its words, "
                                "explorer.view.review, have the examples)",
}
"""Modules that hold no example, and why."""


def _is_package(module) -> bool:
    return module.__file__.endswith("__init__.py")


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples_hold(name: str):
    module = importlib.import_module(name)
    result = doctest.testmod(module, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0
    if name in WITHOUT_EXAMPLES:
        assert result.attempted == 0, f"{name} has examples now: take it off WITHOUT_EXAMPLES"
    elif not _is_package(module):
        assert result.attempted > 0, (f"{name}: no docstring example ran; add one (card notation), or list "
                                      "the module in WITHOUT_EXAMPLES with the reason")


def test_every_module_without_examples_exists():
    assert set(WITHOUT_EXAMPLES) <= set(MODULES)
