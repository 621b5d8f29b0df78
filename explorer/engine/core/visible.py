r"""Text from outside (a file, a link, a paste, a player's name, a file name) made harmless to show: every
character that is invisible or that moves the text around it is shown as a visible marker, ``<U+202E>``.

Such characters forge what a reader sees: a right-to-left override (U+202E) turns ``evil‮gpj.yaml`` into
what reads as ``evillmay.jpg``, an isolate or embedding left open spills into the sentence around it, a
zero-width space makes two names that look alike differ, an escape character (U+001B) or a line separator
writes a line of its own on a terminal. The characters shown as markers:

- control characters (C0 and C1, DEL), but tab and line ends, which callers lay out as spaces or lines;
- bidi controls: embeddings and overrides (U+202A–U+202E), isolates (U+2066–U+2069), the marks LRM, RLM
  and ALM (U+200E, U+200F, U+061C), and every other format character (Unicode's category Cf: zero-width
  space, joiners, word joiner, U+FEFF, soft hyphen, invisible operators, tags U+E0000…);
- line and paragraph separators (U+2028, U+2029), lone surrogates, the fillers and selectors that draw
  nothing (U+034F, U+115F, U+1160, U+17B4, U+17B5, U+3164, U+FFA0, variation selectors but the two that
  choose an emoji's look).

An emoji stays whole: a zero-width joiner between two symbols (👩‍🔬) and a flag's tags (🏴 of Scotland)
are kept.

The app's own sentences hold isolates and marks of their own: an Arabic sentence isolates the values it
quotes (U+2066 … U+2069). Outside text is cleaned with :func:`visible` before it is put into a sentence;
a sentence that may already hold both is cleaned with ``visible(text, sentence=True)``, which keeps the
isolates that open and close in pairs (harmless: an isolate's effect ends at its closing PDI) and shows
every other such character.

>>> visible("evil\u202egpj.yaml")
'evil<U+202E>gpj.yaml'
>>> visible("Noura\u200b"), visible("a\x1b[31mb")
('Noura<U+200B>', 'a<U+001B>[31mb')
>>> visible("\u2066N\u2069 \u2067x") == "<U+2066>N<U+2069> <U+2067>x"
True
>>> visible("\u2066N\u2069 \u2067x", sentence=True) == "\u2066N\u2069 <U+2067>x"
True
>>> visible("👩\u200d🔬 ok") == "👩\u200d🔬 ok"
True
"""

from __future__ import annotations

import re
import unicodedata

_HIDDEN = re.compile(
    "[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f"  # control characters but tab, line feed and carriage return
    "\u00ad\u034f\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2\u115f\u1160\u17b4\u17b5\u180e"
    "\u200b-\u200f\u2028-\u202e\u2060-\u206f\u3164\ufe00-\ufe0d\ufeff\uffa0\ufff9-\ufffb"
    "\ud800-\udfff"
    "\U000110bd\U000110cd\U00013430-\U0001343f\U0001bca0-\U0001bca3\U0001d173-\U0001d17a"
    "\U000e0000-\U000e0fff]")
"""Every character :func:`visible` shows as a marker (the module's doc lists them)."""

_LINE_ENDS = re.compile("[\t\n\r]")
_ISOLATES = {"\u2066", "\u2067", "\u2068"}
_PDI = "\u2069"
_ZWJ = "\u200d"
_FLAG = re.compile("\U0001f3f4[\U000e0020-\U000e007e]+\U000e007f")
"""A subdivision flag: the black flag, tags spelling the region, the cancel tag."""


def visible(text: str, *, sentence: bool = False, one_line: bool = False) -> str:
    r"""``text`` with every hidden or text-moving character shown as ``<U+XXXX>`` (see the module's doc).

    ``sentence``: the text may hold the app's own isolates (a sentence it rendered), which are kept when they
    open and close in pairs. ``one_line``: the text is shown as one line (a file name,
    a line of the command line's output), so tabs and line ends are shown as markers too.

    >>> visible("a\u2028b"), visible("plain text, عربي"), visible("a\nb", one_line=True)
    ('a<U+2028>b', 'plain text, عربي', 'a<U+000A>b')
    """
    text = str(text)
    if one_line:
        text = _LINE_ENDS.sub(lambda m: f"<U+{ord(m.group()):04X}>", text)
    if not _HIDDEN.search(text):
        return text
    kept = _paired_isolates(text) if sentence else set()
    flags = [m.span() for m in _FLAG.finditer(text)] if "\U0001f3f4" in text else []

    def marker(m: re.Match[str]) -> str:
        ch, at = m.group(), m.start()
        if at in kept:
            return ch
        if ch == _ZWJ and _joins_emoji(text, at):
            return ch
        if any(start < at < end for start, end in flags):
            return ch
        return f"<U+{ord(ch):04X}>"

    return _HIDDEN.sub(marker, text)


def _paired_isolates(text: str) -> set[int]:
    """Where the isolates that open and close in pairs are (an opener without its PDI, or a PDI without its
    opener, is not among them)."""
    open_at: list[int] = []
    paired: set[int] = set()
    for i, ch in enumerate(text):
        if ch in _ISOLATES:
            open_at.append(i)
        elif ch == _PDI and open_at:
            paired.update((open_at.pop(), i))
    return paired


def _joins_emoji(text: str, at: int) -> bool:
    """Whether the zero-width joiner at ``at`` joins two symbols (an emoji sequence such as 👩‍🔬)."""
    if at == 0 or at + 1 >= len(text):
        return False
    before, after = text[at - 1], text[at + 1]
    return (unicodedata.category(before) in ("So", "Sk") or before == "\ufe0f") and unicodedata.category(after) == "So"


def json_escaped(line: str) -> str:
    r"""A JSON text with every character :func:`visible` would mark written as a JSON escape instead: the same
    value for a JSON reader, nothing hidden on a terminal (a character past U+FFFF as its surrogate pair).

    >>> json_escaped('{"file": "a\u202eb"}')
    '{"file": "a\\u202eb"}'
    """
    def escape(m: re.Match[str]) -> str:
        code = ord(m.group())
        if code <= 0xFFFF:
            return f"\\u{code:04x}"
        code -= 0x10000
        return f"\\u{0xD800 + (code >> 10):04x}\\u{0xDC00 + (code & 0x3FF):04x}"

    return _HIDDEN.sub(escape, line)
