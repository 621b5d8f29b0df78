"""The session keys follow the one naming scheme of :mod:`explorer.ui.state` (``<page>.<name>``).

A key's constant spells its value (``TRICK_MODE = "trick.mode"``), each page's keys live in the
module named after the page, and no two constants name the same key (two widgets on one key would
make Streamlit refuse the page, or worse, share a value).
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest

import explorer.ui.state as state

MODULES = [m.name for m in pkgutil.iter_modules(state.__path__)]

PAGES_OF_MODULE = {"shell": ("app", "sidebar", "glossary"), "tools": None}
"""The prefixes a module's keys may start with, when they are not the module's name (None: the shared
suffixes and page names of :func:`page_key`, which have no dot)."""

SHORTENED = {"LESSON_QUESTION_PREFIX": "lesson.q.", "LESSON_WIDGET_PREFIX": "lesson.w.",
             "SCORE_PROJECT_PREFIX": "score.projects.", "PINNED_PROFILE": "profile"}
"""Constants whose name says more than their value (the value is in widget keys, kept short)."""


def _keys(module_name: str) -> dict[str, str]:
    module = importlib.import_module(f"explorer.ui.state.{module_name}")
    return {name: value for name, value in vars(module).items() if name.isupper() and isinstance(value, str)}


def _spelled(value: str) -> str:
    name = value.rstrip(".").replace(".", "_").upper()
    return name + "_PREFIX" if value.endswith(".") else name


@pytest.mark.parametrize("module_name", MODULES)
def test_a_key_constant_spells_its_value(module_name):
    for name, value in _keys(module_name).items():
        assert SHORTENED.get(name, _spelled(value)) in (name, value), f"{module_name}.{name} = {value!r}"


@pytest.mark.parametrize("module_name", MODULES)
def test_a_page_keys_start_with_its_page(module_name):
    pages = PAGES_OF_MODULE.get(module_name, (module_name,))
    for name, value in _keys(module_name).items():
        if pages is None:
            assert "." not in value, f"tools.{name} = {value!r} is a page name or a suffix, without a dot"
        else:
            assert value.split(".")[0] in pages, f"{module_name}.{name} = {value!r} is not a key of {pages}"


def test_no_two_constants_name_the_same_key():
    seen: dict[str, str] = {}
    for module_name in MODULES:
        for name, value in _keys(module_name).items():
            assert value not in seen, f"{name} and {seen[value]} are both {value!r}"
            seen[value] = name


def test_no_page_constant_is_also_one_of_the_keys_every_tool_has():
    tools = _keys("tools")
    pages = {v for v in tools.values() if v in MODULES}
    suffixes = {v for v in tools.values() if v not in MODULES}
    assert {"trick", "deal", "library"} <= pages and {"doc", "download"} <= suffixes
    made = {state.page_key(page, suffix): f"page_key({page!r}, {suffix!r})" for page in pages for suffix in suffixes}
    for module_name in MODULES:
        for name, value in _keys(module_name).items():
            assert value not in made, f"{module_name}.{name} = {value!r} is also {made[value]}"


def test_the_package_offers_every_key_of_its_modules():
    for module_name in MODULES:
        for name, value in _keys(module_name).items():
            assert getattr(state, name) == value
