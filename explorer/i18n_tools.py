"""Translation tooling: extract every msgid of the engine into ``explorer/locale/explorer.pot``.

    python -m explorer.i18n_tools extract            # (re)write explorer/locale/explorer.pot
    python -m explorer.i18n_tools check              # exit 1 when the committed .pot is out of date

The same extraction with Babel's own command line::

    pybabel extract -F explorer/locale/babel.cfg --no-default-keywords -k Msg -k plural:1,2 -k N_ \\
        -k NC_:1c,2 -k pgettext:1c,2 -k gettext -k ngettext:1,2 --no-location -o explorer/locale/explorer.pot .

What is extracted (:mod:`explorer.engine.i18n`): the template of every ``Msg("...")``, both templates of
``plural("...", "...", n)``, literals marked ``N_("...")`` (rule docs) or ``NC_(context, "...")`` (enum
titles, with the enum's type name as context; suit, rank and seat words), and the formatter's literal
lookups (the list separator, the card article). A language's catalogue,
``explorer/locale/<lang>/LC_MESSAGES/explorer.po``, is made from the .pot (``pybabel init -D explorer
-i explorer/locale/explorer.pot -d explorer/locale -l ar``) and kept in step with it (``pybabel update``).
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
}
"""Babel keyword specs: the function names whose literal arguments are msgids (``1c``: the context)."""

MessageKey = tuple[str | None, str | tuple[str, ...]]


def extract() -> bytes:
    """The .pot of the code as it is now (without line numbers, so that an edit elsewhere does not change it)."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_dir
    from babel.messages.frontend import parse_mapping_cfg
    from babel.messages.pofile import write_po

    with MAPPING.open(encoding="utf-8") as fh:
        method_map, options_map = parse_mapping_cfg(fh, filename=str(MAPPING))
    catalog = Catalog(project="baloot-explorer", version=_version(), domain="explorer", charset="utf-8", fuzzy=False,
                      header_comment="# Msgids of the Baloot rules explorer's engine.\n"
                                     "# Written by `python -m explorer.i18n_tools extract`; do not edit by hand.\n#")
    for filename, lineno, message, comments, context in extract_from_dir(
            ROOT, method_map, options_map, keywords=KEYWORDS):
        catalog.add(message, None, [(Path(filename).as_posix(), lineno)], auto_comments=comments, context=context)
    buf = io.BytesIO()
    write_po(buf, catalog, width=100, include_lineno=False, sort_by_file=False)
    return buf.getvalue()


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


def write(path: Path = POT) -> bool:
    """Write the .pot at ``path``; False (and nothing written) when it is already up to date."""
    new = extract()
    if path.is_file() and _without_date(path.read_bytes()) == _without_date(new):
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(new)
    return True


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m explorer.i18n_tools", description=__doc__.splitlines()[0])
    sub = p.add_subparsers(dest="command", required=True)
    e = sub.add_parser("extract", help=f"write {POT.relative_to(ROOT)} from the code")
    e.add_argument("--output", type=Path, default=POT, help="where to write the .pot")
    sub.add_parser("check", help="exit 1 when the committed .pot lacks a msgid of the code or has a stale one")
    args = p.parse_args(argv)
    if args.command == "extract":
        changed = write(args.output)
        n = len(msgids(args.output.read_bytes()))
        print(f"{args.output}: {n} msgids" + ("" if changed else " (already up to date)"))
        return 0
    now, committed = msgids(extract()), msgids(POT.read_bytes()) if POT.is_file() else set()
    for ctx, mid in sorted(now - committed, key=str):
        print(f"missing from {POT.name}: {mid!r}" + (f" (context {ctx})" if ctx else ""))
    for ctx, mid in sorted(committed - now, key=str):
        print(f"stale in {POT.name}: {mid!r}" + (f" (context {ctx})" if ctx else ""))
    if now != committed:
        print("run: python -m explorer.i18n_tools extract", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
