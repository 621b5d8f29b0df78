"""The language of the page being drawn, for the modules that draw without Streamlit.

A page's language is a fact of the Streamlit run (the sidebar's switch, first read from ``?lang=``). The modules
of :mod:`explorer.view` ask :func:`current`, which asks the provider the app wires in when it starts
(:func:`explorer.ui.shell.lang.current`, through :func:`provide`); without the app (a test, the command line, a
doctest) there is no provider and the language is English. So a view module never imports Streamlit, and never
looks for the app's modules itself.

>>> current(), t("{card} is allowed.", card=Card.parse("KC"))
('en', 'K♣ is allowed.')
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from typing import Any

from explorer.engine.core.cards import Card  # noqa: F401  (doctest)
from explorer.engine.core.i18n import LANGUAGES, Msg, Style, is_rtl, plural

_provider: list[Callable[[], str]] = []
"""The app's language provider, once :func:`provide` has wired it in (a function of the running session, not a
value shared between users)."""


_speaking: ContextVar[str | None] = ContextVar("explorer_view_language", default=None)
"""A language fixed for a moment by :func:`speaking` (in this thread's context only)."""


def provide(current_language: Callable[[], str]) -> None:
    """Wire in the app's provider of the current page's language (called once by the app's shell)."""
    _provider[:] = [current_language]


def current() -> str:
    """The page's language: the one :func:`speaking` fixed, else the provider's answer; English without the app
    (or outside a page run)."""
    lang = _speaking.get() or (_provider[0]() if _provider else "en")
    return lang if lang in LANGUAGES else "en"


@contextmanager
def speaking(lang: str) -> Iterator[None]:
    """Draw in ``lang`` inside the block, whatever the page's language.

    >>> with speaking("ar"):
    ...     t("Sun")
    'صن'
    """
    token = _speaking.set(lang)
    try:
        yield
    finally:
        _speaking.reset(token)


def rtl() -> bool:
    """Whether the page reads right to left."""
    return is_rtl(current())


def style(*, cards: str = "face") -> Style:
    """How a page's sentences are rendered: its language and card faces."""
    return Style(lang=current(), cards=cards)


def t(text: str, /, **params: Any) -> str:
    """A sentence in the page's language: ``text`` is the English template (the msgid)."""
    if not params:
        return _fixed(current(), text)
    return Msg(text, **params).render(style())


@lru_cache(maxsize=4096)
def _fixed(lang: str, text: str) -> str:
    """A sentence without values in ``lang``: the same on every run, rendered once (a page has a few hundred)."""
    return Msg(text).render(Style(lang=lang, cards="face"))


def tn(singular: str, plural_text: str, n: int, /, **params: Any) -> str:
    """A sentence whose words depend on a count ``n``, in the page's language."""
    return plural(singular, plural_text, n, **params).render(style())
