"""The content's translations: lessons, the scenario library and the glossary, in the reader's language.

Design (issue 14). The YAML files stay the one source of truth: the engine-checked parts of a lesson or a
scenario (scenarios, cards, ``expect``, answers, paths, calls) exist once, in the file, and are never
translated. Only the text for people is, through gettext, in a catalogue of its own domain, ``content``:

* ``python -m explorer.i18n_tools extract`` writes ``explorer/locale/content.pot`` (with the engine's
  ``explorer.pot``): Babel's extraction, driven by ``explorer/locale/content.cfg``, calls the extractors of
  this module on ``lessons/*.yaml``, ``data/scenarios/*.yaml`` and ``data/glossary.yaml``.
* Each text is a msgid, the English as written, with a msgctxt naming where it is:
  ``lessons/05-cutting.yaml#third-player-cut.text``, ``lessons/05-cutting.yaml#title``,
  ``lessons/05-cutting.yaml#void-cannot-win.question.choices[1].label``,
  ``data/scenarios/bidding-redeal.yaml#notes``, ``data/glossary.yaml#Ashkal.meaning``. A glossary
  category and a glossary source list are shared by many entries, so their context is the field only
  (``data/glossary.yaml#category``, ``data/glossary.yaml#source``).
* ``explorer/locale/<lang>/LC_MESSAGES/content.po`` holds the translations (``pybabel update -D content``).
  When an English text changes, its msgid changes: the old translation no longer matches, the page shows the
  new English until it is translated, and ``tests/test_content_arabic.py`` names the text (gettext's model).

Why not Arabic fields beside the English in the YAML (``title_ar:``)? The lesson and scenario loaders forbid
unknown keys, the files would double in size for every language, and nothing would say which Arabic went
stale when an English line changed; the catalogue gets all three from gettext and keeps translators out of
the engine-checked files.

For the pages: :func:`content` (no Streamlit).

>>> content("Recap", "lessons/01-cards.yaml#recap.title", "ar")
'الخلاصة'
>>> content("Recap", "lessons/01-cards.yaml#recap.title", "en")
'Recap'
>>> content("A text nobody wrote", "lessons/01-cards.yaml#recap.title", "ar")
'A text nobody wrote'

A right-to-left translation comes back with every left-to-right fragment (a card, a number, a formula, a
letter, an id) isolated, as the engine's sentences are (:func:`isolate_ltr`); ``isolate=False`` gives the
catalogue's text as it is.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml

from explorer.engine.core.i18n import FSI, LOCALE_DIR, LRI, PDI, is_rtl

ROOT = Path(__file__).resolve().parents[2]
DOMAIN = "content"
MAPPING = LOCALE_DIR / "content.cfg"
POT = LOCALE_DIR / "content.pot"

LESSON_FIELDS = ("title", "summary")
"""A lesson's own texts; each step adds ``title`` and ``text`` (Markdown), its question ``prompt``,
``explain`` and each choice's ``label``, and an inline scenario its ``title`` and ``notes``."""
SCENARIO_FIELDS = ("title", "notes")
"""A library file's texts for people (``data/scenarios/README.md``)."""
GLOSSARY_FIELDS = ("meaning", "category", "source")
"""A glossary entry's English texts; ``term``, ``arabic`` and ``also`` are names, not translated."""
TEXT_FIELDS = frozenset({"title", "summary", "text", "prompt", "explain", "label", "notes", *GLOSSARY_FIELDS})
"""The last part of every context: the fields that are text for people. Nothing else is extracted."""

MARKDOWN = "Markdown: keep its lists, tables and bold; card codes and {placeholders} as they are."
COLLAPSED = ("notes", "meaning")
"""Fields the app shows with their whitespace collapsed (the library's notes, the glossary's meanings)."""


@dataclass(frozen=True)
class Text:
    """One text for people: where it is (the msgctxt), the English (the msgid), its line, a note for translators."""

    context: str
    english: str
    lineno: int
    comment: str = ""

    @property
    def path(self) -> str:
        return self.context.split("#", 1)[0]

    @property
    def field(self) -> str:
        return self.context.rsplit(".", 1)[-1].rsplit("#", 1)[-1]


# --- extraction -------------------------------------------------------------------------------------------


def _msgid(value: str, field: str) -> str:
    return " ".join(value.split()) if field in COLLAPSED else value.strip()


def _scalar(node: yaml.Node | None) -> str | None:
    if isinstance(node, yaml.ScalarNode) and node.tag == "tag:yaml.org,2002:str" and node.value.strip():
        return node.value
    return None


def _items(node: yaml.Node | None) -> dict[str, yaml.Node]:
    if not isinstance(node, yaml.MappingNode):
        return {}
    return {k.value: v for k, v in node.value if isinstance(k, yaml.ScalarNode)}


def _text(rel: str, where: str, node: yaml.Node | None, field: str) -> Iterator[Text]:
    value = _scalar(node)
    if value is not None:
        yield Text(f"{rel}#{where}{field}", _msgid(value, field), node.start_mark.line + 1,
                   MARKDOWN if field == "text" else "")


def lesson_texts(source: str, rel: str) -> Iterator[Text]:
    """The texts for people of a lesson file (``rel``: its path from the repository root).

    >>> [t.context for t in lesson_texts("title: T\\nsummary: S\\nsteps:\\n  - title: A\\n    text: B\\n", "l.yaml")]
    ['l.yaml#title', 'l.yaml#summary', 'l.yaml#step-1.title', 'l.yaml#step-1.text']
    """
    top = _items(yaml.compose(source, Loader=yaml.SafeLoader))
    for field in LESSON_FIELDS:
        yield from _text(rel, "", top.get(field), field)
    steps = top.get("steps")
    for i, step_node in enumerate(steps.value if isinstance(steps, yaml.SequenceNode) else []):
        step = _items(step_node)
        sid = _scalar(step.get("id")) or f"step-{i + 1}"
        for field in ("title", "text"):
            yield from _text(rel, f"{sid}.", step.get(field), field)
        scenario = _items(step.get("scenario"))
        for field in SCENARIO_FIELDS:
            yield from _text(rel, f"{sid}.scenario.", scenario.get(field), field)
        question = _items(step.get("question"))
        for field in ("prompt", "explain"):
            yield from _text(rel, f"{sid}.question.", question.get(field), field)
        choices = question.get("choices")
        for j, choice in enumerate(choices.value if isinstance(choices, yaml.SequenceNode) else []):
            yield from _text(rel, f"{sid}.question.choices[{j}].", _items(choice).get("label"), "label")


def scenario_texts(source: str, rel: str) -> Iterator[Text]:
    """The title and notes of a scenario file.

    >>> [t.english for t in scenario_texts("kind: play\\ntitle: A case\\nnotes: |\\n  Two\\n  lines\\n", "s.yaml")]
    ['A case', 'Two lines']
    """
    top = _items(yaml.compose(source, Loader=yaml.SafeLoader))
    for field in SCENARIO_FIELDS:
        yield from _text(rel, "", top.get(field), field)


def glossary_texts(source: str, rel: str) -> Iterator[Text]:
    """Each entry's meaning (context: its term), its category and its sources (shared contexts)."""
    root = yaml.compose(source, Loader=yaml.SafeLoader)
    for node in root.value if isinstance(root, yaml.SequenceNode) else []:
        entry = _items(node)
        term = _scalar(entry.get("term"))
        if term is None:
            continue
        yield from _text(rel, f"{term.strip()}.", entry.get("meaning"), "meaning")
        for field in ("category", "source"):
            yield from _text(rel, "", entry.get(field), field)


_READERS = {"lesson": lesson_texts, "scenario": scenario_texts, "glossary": glossary_texts}


def _relative(fileobj: Any, options: dict[str, Any]) -> str:
    name = options.get("path") or getattr(fileobj, "name", "")
    path = Path(name)
    try:
        return path.resolve().relative_to(ROOT).as_posix()
    except ValueError:
        return path.as_posix()


def _babel(kind: str):
    def extract(fileobj, keywords, comment_tags, options):
        """A Babel extraction method (``content.cfg``): ``(lineno, "pgettext", (context, msgid), comments)``."""
        source = fileobj.read().decode(options.get("encoding", "utf-8-sig"))
        for t in _READERS[kind](source, _relative(fileobj, options)):
            yield t.lineno, "pgettext", (t.context, t.english), [t.comment] if t.comment else []
    extract.__name__ = f"extract_{kind}"
    return extract


extract_lesson = _babel("lesson")
extract_scenario = _babel("scenario")
extract_glossary = _babel("glossary")

KEYWORDS = {"pgettext": ((1, "c"), 2)}
"""The one keyword the extractors use: a context and a msgid."""


def texts(root: Path = ROOT) -> list[Text]:
    """Every text for people in the repository's lessons, library and glossary, in file order."""
    out: list[Text] = []
    for pattern, kind in (("lessons/*.yaml", "lesson"), ("data/scenarios/*.yaml", "scenario"),
                          ("data/glossary.yaml", "glossary")):
        for path in sorted(root.glob(pattern)):
            out += _READERS[kind](path.read_text("utf-8-sig"), path.relative_to(root).as_posix())
    return out


# --- the catalogue ------------------------------------------------------------------------------------------


def _key(text: str) -> str:
    return " ".join(text.split())


def po_path(lang: str) -> Path:
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@cache
def catalogue(lang: str) -> dict[tuple[str | None, str], str]:
    """(context, English with its whitespace collapsed) → translation, for ``lang`` (empty without a catalogue).
    Fuzzy and empty translations are left out: their English is shown."""
    if lang == "en" or not re.fullmatch(r"[a-z]{2,3}(?:_[A-Z]{2})?", lang):
        return {}
    po = po_path(lang)
    if not po.is_file():
        return {}
    from babel.messages.pofile import read_po

    with po.open("rb") as fh:
        cat = read_po(fh, locale=lang, domain=DOMAIN)
    return {(m.context, _key(m.id)): m.string for m in cat
            if m.id and isinstance(m.id, str) and isinstance(m.string, str) and m.string and not m.fuzzy}


@cache
def _anywhere(lang: str) -> dict[str, str | None]:
    found: dict[str, str | None] = {}
    for (_, english), translated in catalogue(lang).items():
        found[english] = translated if found.get(english, translated) == translated else None
    return found


def translation(text: str, where: str | None, lang: str) -> str | None:
    """The catalogue's translation of ``text`` at ``where`` (a msgctxt), or None. With ``where=None``, the text's
    translation in any context, when all its contexts agree."""
    key = _key(text)
    if where is None:
        return _anywhere(lang).get(key)
    return catalogue(lang).get((where, key))


def content(text: str, where: str | None, lang: str, *, isolate: bool = True) -> str:
    """``text`` (English, as the YAML holds it) in ``lang``: its translation at ``where``, or the English itself.

    ``where`` is the msgctxt: ``"<file from the repository root>#<field>"``, e.g.
    ``lessons/05-cutting.yaml#third-player-cut.text`` (see the module doc). A right-to-left translation has
    its left-to-right fragments isolated (:func:`isolate_ltr`) unless ``isolate`` is False. Markdown stays
    Markdown: lists, tables and bold keep their syntax.

    >>> ar = content("Play goes anticlockwise", "lessons/02-deal.yaml#anticlockwise.title", "ar")
    >>> ar
    'اللعب عكس عقارب الساعة'
    """
    if lang == "en" or not text:
        return text
    translated = translation(text, where, lang)
    if translated is None:
        return text
    return isolate_ltr(translated) if isolate and is_rtl(lang) else translated


# --- right to left --------------------------------------------------------------------------------------------

_CARD = r"(?:10|[2-9TJQKA])[♠♥♦♣]"
_ID = r"[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]"
_LOWER_ID = r"[a-z][A-Za-z0-9_.\-]*[A-Za-z0-9]"
_ATOM = (r"\{[A-Za-z_]+\}|`[^`\n]+`|" + _CARD + rf"|×[0-9]+|§[0-9]+|--?{_LOWER_ID}|{_ID}|[A-Za-z]"
         r"|[0-9]+(?:[.,][0-9]+)?|[♠♥♦♣]")
_GROUP = rf"(?:{_ATOM})(?:[ \t]+(?:{_ATOM}))*"
_FORMULA = re.compile(rf"{_GROUP}(?:[ \t]*[+−×÷=–\-][ \t]*{_GROUP})+")
_CODE = r"(?:10|[2-9TJQKA])[SHDC](?![A-Za-z0-9])"
_WORD = rf"(?!{_CODE})(?:--?)?[A-Za-z][A-Za-z0-9_.\-]*[A-Za-z0-9]"
_PHRASE = re.compile(rf"{_WORD}(?:[ \t]+\(?{_WORD}\)?)+")
_RUN = re.compile(rf"{_FORMULA.pattern}|{_PHRASE.pattern}|{_ATOM}")
_MARKER = re.compile(r"^([ \t]*(?:\d+\.|[-*+])[ \t]+)", re.MULTILINE)
_ISOLATED = re.compile(f"[{LRI}{FSI}][^{PDI}]*{PDI}")


def isolate_ltr(text: str) -> str:
    """Right-to-left text with each left-to-right fragment wrapped in LRI … PDI, as the engine's sentences:

    * a formula (``16 − 8 = 8``, ``3 + 2``, ``J♦ 20 + 9♦ 14``, ``J-10-9-8``, ``150–150``) is one fragment,
      read left to right;
    * a run of words or ids (``Four Aces``, ``Quadruple (Four)``, ``tie_rule buyer_fails``,
      ``--profile tournament``) is one fragment;
    * anything else (a card ``K♥`` or ``KH``, a number, a letter, an id, ``§9``) is a fragment of its own, so
      that a list (``A 10 K Q``, ``K♥ Q♥``, ``KH QH``, ``2 / 5 / 10``) reads in the right-to-left order it is
      written in.

    Markdown keeps working: a list marker (``- ``, ``1. ``) at the start of a line is left alone, table pipes
    and ``**`` are not left to right, and text already isolated is not touched.

    >>> isolate_ltr("المجموع 84 + 78 = 162، والترتيب A 10 K") == (
    ...     f"المجموع {LRI}84 + 78 = 162{PDI}، والترتيب {LRI}A{PDI} {LRI}10{PDI} {LRI}K{PDI}")
    True
    >>> isolate_ltr("1. **أولًا** 5\\n- ثانيًا") == f"1. **أولًا** {LRI}5{PDI}\\n- ثانيًا"
    True
    """
    out: list[str] = []
    pos = 0
    for m in _ISOLATED.finditer(text):
        out.append(_isolate_plain(text[pos:m.start()]))
        out.append(m.group())
        pos = m.end()
    out.append(_isolate_plain(text[pos:]))
    return "".join(out)


def _isolate_plain(text: str) -> str:
    parts = _MARKER.split(text)
    # split() with one group: even indexes are text, odd ones list markers (kept as they are)
    return "".join(p if i % 2 else _RUN.sub(lambda m: f"{LRI}{m.group()}{PDI}", p) for i, p in enumerate(parts))

