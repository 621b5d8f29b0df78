"""Translation tooling: extract every msgid of the engine, the pages and the content into their .pot files.

    python -m explorer.i18n_tools extract            # (re)write explorer.pot, the pages' ui-*.pot and content.pot
    python -m explorer.i18n_tools check              # exit 1 when a committed .pot is out of date

The same extraction with Babel's own command line::

    pybabel extract -F explorer/locale/babel.cfg --no-default-keywords -k Msg -k plural:1,2 -k N_ \\
        -k NC_:1c,2 -k pgettext:1c,2 -k gettext -k ngettext:1,2 -k EngineError -k InputError -k CardError \\
        -k ProfileError -k CallError -k DealError -k ProjectError -k PlayerError -k NoWorld \\
        --add-location=file -w 100 -o explorer/locale/explorer.pot .

What is extracted (:mod:`explorer.engine.core.i18n`): the template of every ``Msg("...")``, both templates of
``plural("...", "...", n)``, of every engine error raised with a template (``InputError``, ``CardError``,
``ProfileError``, ``CallError``... :data:`KEYWORDS` lists them), literals marked ``N_("...")`` (rule docs) or ``NC_(context, "...")`` (enum
titles, with the enum's type name as context; suit, rank and seat words), and the formatter's literal
lookups (the list separator, the card article). A language's catalogue,
``explorer/locale/<lang>/LC_MESSAGES/explorer.po``, is made from the .pot (``pybabel init -D explorer
-i explorer/locale/explorer.pot -d explorer/locale -l ar``) and kept in step with it (``pybabel update``).

The content (domain ``content``): the texts for people of the lessons, the scenario library and the glossary,
read from their YAML files by the extractors of :mod:`explorer.content.translations` (each text's msgctxt names its file
and field; the engine-checked parts, scenarios, cards, answers and ``expect``, are never extracted). The same
extraction with Babel's command line (its mapping names those extractors)::

    pybabel extract -F explorer/locale/content.cfg --no-default-keywords -k pgettext:1c,2 --add-location=file \\
        -w 100 -o explorer/locale/content.pot .
    pybabel update -D content -i explorer/locale/content.pot -d explorer/locale -l ar -w 100
"""

from __future__ import annotations

import argparse
import io
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
LOCALE = ROOT / "explorer" / "locale"
MAPPING = LOCALE / "babel.cfg"
POT = LOCALE / "explorer.pot"

KEYWORDS: dict[str, object] = {
    "Msg": None,                       # Msg(template, **params)
    "plural": (1, 2),                  # plural(singular, plural, n, **params)
    "N_": None,                        # N_(msgid)
    "NC_": ((1, "c"), 2),              # NC_(context, msgid)
    "pgettext": ((1, "c"), 2),         # the formatter's literal lookups
    "gettext": None,
    "ngettext": (1, 2),
    # The engine's errors raised with a template (explorer/engine/core/errors.py): ``InputError(template,
    # **params)`` and the like; ScenarioError, MatchError and PracticeError take problem lines instead.
    "EngineError": None,
    "InputError": None,
    "CardError": None,
    "ProfileError": None,
    "CallError": None,
    "DealError": None,
    "ProjectError": None,
    "PlayerError": None,
    "NoWorld": None,
}
"""Babel keyword specs: the function names whose literal arguments are msgids (``1c``: the context)."""

MessageKey = tuple[str | None, str | tuple[str, ...]]


UI_KEYWORDS: dict[str, object] = {**{k: v for k, v in KEYWORDS.items() if not k.endswith("Error")},
                                   "t": None, "tn": (1, 2)}
"""The pages' keywords: the engine's, without its input errors (Babel would read ``except CardError as e:`` and
then a ``t[...]`` as a call), and ``t``/``tn``."""
"""The app's pages also write ``t("...")`` and ``tn("...", "...", n)`` (:mod:`explorer.ui.shell.lang`)."""

UI_DOMAINS: dict[str, tuple[str, ...]] = {
    "ui-shell": ("explorer/app.py", "explorer/ui/shell/lang.py", "explorer/ui/shell/sidebar.py", "explorer/ui/shell/once.py",
                 "explorer/ui/shell/turns.py",
                 "explorer/ui/shell/narrow_screen.py", "explorer/view/words.py", "explorer/view/text.py",
                 "explorer/view/cards.py", "explorer/view/nav.py", "explorer/view/glossary.py",
                 "explorer/content/glossary.py", "explorer/app_pages/home.py", "explorer/app_pages/rules.py",
                 "explorer/app_pages/glossary.py", "explorer/app_pages/sources.py"),
    "ui-learn": ("explorer/app_pages/lesson.py", "explorer/ui/lessons/*.py", "explorer/content/lessons/*.py"),
    "ui-dispute": ("explorer/app_pages/trick_checker.py", "explorer/app_pages/score_calculator.py",
                   "explorer/app_pages/score_sheet.py", "explorer/ui/tools/forms.py",
                   "explorer/ui/tools/contract_widgets.py", "explorer/ui/tools/card_taps.py",
                   "explorer/ui/tools/verdict_bar.py", "explorer/ui/sheet/*.py", "explorer/view/sheet/*.py",
                   "explorer/view/seat_map.py", "explorer/ui/tools/exact_values.py", "explorer/view/exact.py"),
    "ui-explore": ("explorer/app_pages/deal_checker.py", "explorer/app_pages/compare_rules.py",
                   "explorer/app_pages/library.py", "explorer/content/library.py", "explorer/ui/tools/inbox.py",
                   "explorer/view/intake.py", "explorer/view/replay.py", "explorer/view/presentation.py",
                   "explorer/view/hindsight.py", "explorer/ui/tools/hindsight.py",
                   "explorer/ui/shell/browser_store.py", "explorer/ui/shell/stored_text.py"),
    "ui-charts": ("explorer/app_pages/charts.py", "explorer/view/charts/*.py"),
    "ui-play": ("explorer/app_pages/play.py", "explorer/view/practice.py", "explorer/view/practice_table.py",
                "explorer/ui/practice/*.py", "explorer/ui/tools/score_view.py", "explorer/view/review.py",
                "explorer/ui/review/*.py"),
    "ui-puzzles": ("explorer/app_pages/puzzles.py", "explorer/ui/puzzles/*.py", "explorer/view/puzzles.py"),
    "ui-class": ("explorer/app_pages/classroom.py", "explorer/app_pages/join.py", "explorer/ui/classroom/*.py",
                 "explorer/classroom/*.py", "explorer/view/classroom.py"),
}
"""The app's catalogues, one per group of pages (``explorer/locale/<domain>.pot``, and per language
``explorer/locale/<lang>/LC_MESSAGES/<domain>.po``): each group is translated on its own, and every
catalogue of a language is read together (:func:`explorer.engine.core.i18n.translator`)."""


CONTENT = "content"
CONTENT_MAPPING = LOCALE / "content.cfg"
CONTENT_POT = LOCALE / "content.pot"
CONTENT_KEYWORDS: dict[str, object] = {"pgettext": ((1, "c"), 2)}
"""The content's extractors give every text as ``pgettext(context, msgid)`` (``explorer/locale/content.cfg``)."""


def _catalog(domain: str, what: str):
    from babel.messages.catalog import Catalog
    return Catalog(project="baloot-explorer", version=_version(), domain=domain, charset="utf-8", fuzzy=False,
                   header_comment=f"# Msgids of the Baloot rules explorer's {what}.\n"
                                  "# Written by `python -m explorer.i18n_tools extract`; do not edit by hand.\n#")


def _pot(catalog) -> bytes:
    from babel.messages.pofile import write_po
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, sort_by_file=False)
    return buf.getvalue()


def extract(domain: str = "explorer") -> bytes:
    """The .pot of ``domain`` as the code is now (without line numbers, so an edit elsewhere does not change it)."""
    from babel.messages.extract import extract_from_dir, extract_from_file
    from babel.messages.frontend import parse_mapping_cfg

    if domain == CONTENT:
        with CONTENT_MAPPING.open(encoding="utf-8") as fh:
            method_map, options_map = parse_mapping_cfg(fh, filename=str(CONTENT_MAPPING))
        catalog = _catalog(CONTENT, "lessons, scenario library and glossary")
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT, method_map, options_map, keywords=CONTENT_KEYWORDS):
            catalog.add(message, None, [(Path(filename).as_posix(), lineno)], auto_comments=comments,
                        context=context)
        return _pot(catalog)
    if domain != "explorer":
        catalog = _catalog(domain, f"pages ({domain})")
        files = sorted({f for pattern in UI_DOMAINS[domain] for f in ROOT.glob(pattern)})
        for path in files:
            for lineno, message, comments, context in extract_from_file("python", path, keywords=UI_KEYWORDS):
                catalog.add(message, None, [(path.relative_to(ROOT).as_posix(), lineno)], auto_comments=comments,
                            context=context)
        return _pot(catalog)
    with MAPPING.open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh, filename=str(MAPPING))
    catalog = _catalog("explorer", "engine")
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS):
        catalog.add(message, None, [(Path(filename).as_posix(), lineno)], auto_comments=comments, context=context)
    return _pot(catalog)


def pot_path(domain: str) -> Path:
    return LOCALE / f"{domain}.pot"


def domains() -> list[str]:
    """Every catalogue: the engine's, the pages', then the content's."""
    return ["explorer", *UI_DOMAINS, CONTENT]


def _version() -> str:
    try:
        from importlib.metadata import version
        return version("baloot-explorer")
    except Exception:  # noqa: BLE001 - not installed: the header says so
        return "unknown"


def _without_date(pot: bytes) -> bytes:
    return re.sub(rb'^"POT-Creation-Date: [^"]*"\n', b"", pot, flags=re.MULTILINE)


def msgids(pot: bytes) -> set[MessageKey]:
    """The (context, msgid) pairs of a .pot (a plural message's msgid is its pair of templates)."""
    from babel.messages.pofile import read_po

    catalog = read_po(io.BytesIO(pot))
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in catalog if m.id}


def write(path: Path = POT, domain: str = "explorer") -> bool:
    """Write the .pot at ``path``; False (and nothing written) when it is already up to date."""
    new = extract(domain)
    if path.is_file() and _without_date(path.read_bytes()) == _without_date(new):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)
    return True


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m explorer.i18n_tools", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("extract", help=f"write {POT.relative_to(ROOT)} from the code")
    e.add_argument("--output", type=Path, default=POT, help="where to write the engine's .pot")
    e.add_argument("--into", type=Path, default=None,
                   help="a folder to write every .pot into instead of explorer/locale (to compare with the committed)")
    sub.add_parser("check", help="exit 1 when the committed .pot lacks a msgid of the code or has a stale one")
    args = p.parse_args(argv)
    if args.command == "extract":
        for domain in domains():
            out = args.into / pot_path(domain).name if args.into else (
                args.output if domain == "explorer" else pot_path(domain))
            changed = write(out, domain)
            n = len(msgids(out.read_bytes()))
            print(f"{out}: {n} msgids" + ("" if changed else " (already up to date)"))
        return 0
    stale = False
    for domain in domains():
        path = pot_path(domain)
        now, committed = msgids(extract(domain)), msgids(path.read_bytes()) if path.is_file() else set()
        for ctx, mid in sorted(now - committed, key=str):
            print(f"missing from {path.name}: {mid!r}" + (f" (context {ctx})" if ctx else ""))
        for ctx, mid in sorted(committed - now, key=str):
            print(f"stale in {path.name}: {mid!r}" + (f" (context {ctx})" if ctx else ""))
        stale |= now != committed
    if stale:
        print("run: python -m explorer.i18n_tools extract", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
