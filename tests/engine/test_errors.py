"""One error hierarchy (python-chess style): every exception the engine defines is an ``EngineError``, a
``ValueError`` whose one message is ``msg`` (a ``Msg``) and whose ``str`` is that message's English; input
problems are ``InputError``s, refused actions ``IllegalActionError``s; and every class raised with a template is
a keyword of the catalogue extraction, so its messages reach the translators."""

from __future__ import annotations

import importlib
import inspect
import pkgutil

import pytest

import explorer.engine as engine
from explorer import i18n_tools
from explorer.engine.core import errors
from explorer.engine.core.cards import Card, Seat, Team
from explorer.engine.core.errors import (
    CallError,
    CardError,
    DealError,
    EngineError,
    IllegalActionError,
    IllegalCallError,
    InputError,
    MatchError,
    PlayerError,
    PracticeError,
    ProfileError,
    ProjectError,
    ScenarioError,
    at,
)
from explorer.engine.core.i18n import Msg, Style, style_for
from explorer.engine.core.profiles import custom_profile
from explorer.engine.core.tables import Mode
from explorer.engine.game import GameState, Play
from explorer.engine.players import make_player
from explorer.engine.rules.bidding import Call, apply_call, start
from explorer.engine.rules.deal import complete, cut_deck, deal_cards, shuffled_deck
from explorer.engine.rules.projects import project_of


def _engine_exceptions() -> list[type[BaseException]]:
    out = set()
    for m in pkgutil.walk_packages(engine.__path__, "explorer.engine."):
        for value in vars(importlib.import_module(m.name)).values():
            if inspect.isclass(value) and issubclass(value, BaseException) and value.__module__.startswith(
                    "explorer.engine."):
                out.add(value)
    return sorted(out, key=lambda c: c.__name__)


NOT_FOR_USERS = {
    "AwardNotMonotone": "an engine bug the solver refuses to build on (an AssertionError: never shown as a problem)",
    "_Unread": "the YAML reader's private signal that libyaml stopped: it never leaves explorer/engine/files/loader.py",
}
"""Exceptions the engine defines that are not about the user's input or action, with the reason."""


def test_every_exception_the_engine_defines_is_an_engine_error_and_a_value_error():
    found = [c for c in _engine_exceptions() if c.__name__ not in NOT_FOR_USERS]
    assert {c.__name__ for c in found} >= {"CardError", "ScenarioError", "IllegalCallError", "NoWorld"}
    assert [c.__name__ for c in found if not issubclass(c, EngineError)] == []
    assert all(issubclass(c, ValueError) for c in found)


def test_the_exceptions_not_for_users_are_not_engine_errors_so_no_page_shows_one_as_a_problem():
    internal = [c for c in _engine_exceptions() if c.__name__ in NOT_FOR_USERS]
    assert sorted(c.__name__ for c in internal) == sorted(NOT_FOR_USERS)     # the list cannot go stale
    assert not any(issubclass(c, EngineError) for c in internal)


def test_input_problems_and_refused_actions_are_the_two_branches():
    for cls in (CardError, ProfileError, CallError, DealError, ProjectError, PlayerError, ScenarioError, MatchError,
                PracticeError):
        assert issubclass(cls, InputError), cls
    assert issubclass(IllegalCallError, IllegalActionError) and not issubclass(IllegalActionError, InputError)
    assert issubclass(CardError, InputError) and CardError is not InputError     # no second copy of InputError


def _raised(fn) -> EngineError:
    with pytest.raises(EngineError) as e:
        fn()
    return e.value


def _scenario_error():
    raise ScenarioError([at("hand[0]", Msg("no cards")), "deal 2: x"])


RAISED = {
    "card": lambda: Card.parse("XX"),
    "card with a reason": lambda: Card.parse("2H"),
    "seat": lambda: Seat.parse("Q"),
    "team": lambda: Team.parse("NE"),
    "profile": lambda: custom_profile({"tie_rule": "coin"}),
    "call": lambda: Call.parse("sunn"),
    "call suit": lambda: Call.parse("hokum Z"),
    "action": lambda: __import__("explorer.engine.game", fromlist=["parse_action"]).parse_action("play"),
    "cut": lambda: cut_deck(shuffled_deck(1), 40),
    "taker": lambda: complete(deal_cards(shuffled_deck(1), Seat.S), "X"),
    "project": lambda: project_of([Card.parse("KC"), Card.parse("QD")], Mode.SUN),
    "player": lambda: make_player("nobody"),
    "illegal call": lambda: apply_call(apply_call(start(Seat.S, Card.parse("9H")), "E: sun"), "N: sun"),
    "illegal action": lambda: GameState.new(3, dealer=Seat.S).apply(Play(Card.parse("7S"))),
    "scenario": lambda: _scenario_error(),
    "practice": lambda: __import__("explorer.engine.game.practice", fromlist=["Practice"]).Practice.from_json([]),
}


@pytest.mark.parametrize("name", sorted(RAISED))
def test_an_engine_error_has_one_message_and_its_english_is_str(name):
    e = _raised(RAISED[name])
    assert isinstance(e.msg, Msg) and str(e) == str(e.msg) != ""
    assert e.msg.render(style_for("ar")) and e.msg.render(Style(cards="face"))


def test_a_refused_call_or_action_keeps_its_verdict():
    call = _raised(RAISED["illegal call"])
    action = _raised(RAISED["illegal action"])
    assert call.verdict.rule.value == "bidding_over" and call.message is call.msg
    assert action.verdict.rule.value == "not_playing_yet"
    assert str(action) == f"{action.verdict.action}: {action.verdict.reason}" == "E: play 7S: " + str(action.verdict.reason)


def test_the_classes_raised_with_a_template_are_the_extraction_keywords():
    """A class whose first argument is a template (the base's constructor, not a list of problem lines or a
    verdict) is a Babel keyword, or its templates would never reach the catalogue."""
    templated = {name for name, cls in vars(errors).items()
                 if inspect.isclass(cls) and issubclass(cls, EngineError)
                 and not any("__init__" in vars(c) for c in cls.__mro__[: cls.__mro__.index(EngineError)])}
    keywords = set(i18n_tools.KEYWORDS) - {"Msg", "plural", "N_", "NC_", "pgettext", "gettext", "ngettext"}
    assert templated == keywords, templated ^ keywords
