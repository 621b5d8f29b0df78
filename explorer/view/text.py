r"""Text from a scenario, a file, a link or a user, made safe to show: never Markdown, never HTML.

Streamlit reads Markdown in almost every text it shows: ``st.markdown``, the alerts
(``st.error`` ...), ``st.caption``, headings, button and expander labels. A title such as
``![i](http://host/t.gif)`` would become an image the browser fetches from that host (so
whoever sent the link learns who opened it), ``:red[R]`` coloured text, ``**b**`` bold. Every
such text goes through :func:`plain` (or :func:`plain_lines`) before it is put into Markdown,
and through :func:`html_text` before it is put into HTML for ``st.html``.

Each of them also shows what would hide or move text (a right-to-left override, a zero-width space, a
control character) as a visible marker, ``<U+202E>``: :func:`explorer.engine.core.visible.visible` in its
``sentence`` form, since they are given the app's own sentences too, whose Arabic isolates the values
they quote. A value from outside (a title, a file or player name) is cleaned whole, its isolates too, with
:func:`visible` before it is put into a sentence.

>>> print(plain("**b** ![i](http://host/t.gif) :red[R]").replace(WORD_JOINER, "⁀"))
\*\*b\*\* \!\[i\]\(http\:⁀//host/t\.gif\) \:red\[R\]
>>> html_text("<img src=x>")
'&lt;img src=x&gt;'
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable
from typing import Any

from explorer.engine.core.visible import visible

_MARKDOWN_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>~:$&=\"'^])")
"""Every ASCII punctuation mark Markdown, GFM, LaTeX ($) or Streamlit's directives (``:red[...]``)
give a meaning to; a backslash before any ASCII punctuation makes it a plain character."""

_AUTOLINKS = re.compile(r"(?i)(?<=:)(?=//)|(?<=www)(?=\\\.)|(?<=@)|(?<=:)(?=material/)")
"""Places a backslash does not protect: GFM turns ``http://…``, ``www.…`` and ``a@b.c`` into links
and Streamlit ``:material/…:`` into an icon even when escaped. A word joiner (U+2060, invisible)
there breaks them."""

WORD_JOINER = "\u2060"


def plain(value: Any) -> str:
    r"""``value`` as text that shows as itself inside Markdown (one line: whitespace runs become a space).

    >>> print(plain("hand[1]: '7X' is not a card"))
    hand\[1\]\: \'7X\' is not a card
    >>> WORD_JOINER in plain("see www.example.com"), WORD_JOINER in plain("a@b.c")
    (True, True)
    """
    text = " ".join(visible(str(value), sentence=True).split())
    return _AUTOLINKS.sub(WORD_JOINER, _MARKDOWN_SPECIAL.sub(r"\\\1", text))


def plain_lines(lines: Iterable[Any]) -> str:
    r"""A Markdown bullet list whose items show as themselves (problem lines, notes).

    >>> print(plain_lines(["a: *x*", "b"]))
    - a\: \*x\*
    - b
    """
    return "\n".join(f"- {plain(line)}" for line in lines)


def html_text(value: Any) -> str:
    """``value`` as text inside HTML (``st.html``, card captions): ``<``, ``>``, ``&`` and quotes escaped."""
    return html.escape(visible(str(value), sentence=True), quote=True)


def shown(markdown: str) -> str:
    r"""What a text made with :func:`plain` reads as on the page: the backslashes and word joiners gone.

    For tests and logs, which compare what a person sees.

    >>> shown(plain("Opened “**b**” from the file a_b.yaml."))
    'Opened “**b**” from the file a_b.yaml.'
    """
    return re.sub(r"\\([!-/:-@\[-`{-~])", r"\1", markdown).replace(WORD_JOINER, "")


def code(value: Any) -> str:
    """``value`` as inline code: shown letter for letter in monospace, whatever it holds.

    Markdown reads nothing inside a code span; the fence is one backtick longer than any run of
    backticks in the text, so the text cannot close it.

    >>> code("hand[1]: '![e](http://h/x)' is not a card")
    "`hand[1]: '![e](http://h/x)' is not a card`"
    >>> code("a `b` c``d")
    '```a `b` c``d```'
    """
    text = " ".join(visible(str(value), sentence=True).split())
    if not text:
        return ""
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text[:1] == "`" or text[-1:] == "`" else ""
    return f"{fence}{pad}{text}{pad}{fence}"
