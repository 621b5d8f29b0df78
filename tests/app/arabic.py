"""Helpers for the Arabic pages' tests: open a page with ``?lang=ar`` and find English left on it."""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path

from streamlit.testing.v1 import AppTest

ROOT = Path(__file__).resolve().parents[2]
APP = ROOT / "explorer" / "app.py"

# Words that stay Latin in an Arabic sentence: card codes and faces (K♣, 10♦, KC), seat letters,
# team codes, rule ids and option names (snake_case), file names, units, Western numbers.
_ALLOWED = re.compile(r"^(?:[AKQJT]|10|[2-9])?[SHDC♠♥♦♣]?$|^(?:NS|EW|[NESW])$|_|\.|^[A-Z0-9]{1,3}$")
_WORD = re.compile(r"[A-Za-z][A-Za-z'’-]+")


def open_page(page: str, *, timeout: float = 60, **session: object) -> AppTest:
    """The app opened on ``page`` (its file in app_pages/, e.g. ``"trick_checker.py"``) in Arabic."""
    at = AppTest.from_file(str(APP), default_timeout=timeout)
    at.query_params["lang"] = "ar"
    for key, value in session.items():
        at.session_state[key] = value
    at.run()
    at.switch_page(f"app_pages/{page}")
    return at.run()


def english_words(texts: Iterable[str], *, allowed: Iterable[str] = ()) -> list[str]:
    """The English words in ``texts``, apart from codes, ids and the ``allowed`` words (e.g. a scenario's own title)."""
    keep = set(allowed)
    found: list[str] = []
    for text in texts:
        for word in _WORD.findall(re.sub(r"`[^`]*`", " ", str(text))):
            if word not in keep and not _ALLOWED.search(word):
                found.append(word)
    return found


def page_texts(at: AppTest) -> list[str]:
    """Every sentence a person reads on the page: Markdown, captions, headings, alerts, and widget labels."""
    texts: list[str] = []
    for kind in ("markdown", "caption", "title", "header", "subheader", "error", "warning", "info", "success"):
        texts += [str(getattr(e, "value", "")) for e in getattr(at, kind)]
    for kind in ("button", "checkbox", "toggle", "radio", "selectbox", "multiselect", "text_input", "text_area",
                 "number_input", "slider", "select_slider"):
        texts += [str(getattr(e, "label", "")) for e in getattr(at, kind)]
    return texts


def empty_texts(at: AppTest) -> list[str]:
    """What each select box of the page shows while nothing is chosen or typed in it: its placeholder, or Streamlit's
    own English ("Choose an option", "Choose options") when the page gives none."""
    texts = [e.proto.placeholder or "Choose an option" for e in at.main.selectbox]
    return texts + [e.proto.placeholder or "Choose options" for e in at.main.multiselect]
