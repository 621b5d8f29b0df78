"""Command line: ``python -m explorer check FILE.yaml [--json] [--profile ID]``."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

MAX_READ_BYTES = 64 * 1024
"""Read at most one byte past the scenario limit (kept equal to scenario.MAX_SCENARIO_BYTES)."""


def _read(name: str) -> tuple[bytes | None, str | None]:
    """The file's bytes (at most one byte over the limit), or a problem without the file name."""
    if name == "-":
        data = sys.stdin.buffer.read(MAX_READ_BYTES + 1)
        return data, None
    path = Path(name)
    if not path.exists():
        return None, "no such file"
    if path.is_dir():
        return None, "is a folder, not a scenario file"
    try:
        with path.open("rb") as fh:
            return fh.read(MAX_READ_BYTES + 1), None
    except OSError as e:
        return None, f"cannot be read ({e.strerror})"


def _shown(name: str) -> str:
    """A file name as printable text: bytes that are not UTF-8 (kept by Python as lone surrogates,
    which no output can encode) become U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def cmd_check(args: argparse.Namespace) -> int:
    # Imported here so that `simulate` does not pay for pydantic and YAML at start-up.
    from .engine.scenario import Checked, check_text
    worst = 0
    for name in args.files:
        data, problem = _read(name)
        label = "<stdin>" if name == "-" else _shown(name)
        result = Checked(errors=[problem]) if problem else check_text(data, profile=args.profile)
        if not result.ok:
            worst = 2
            if args.json:
                print(json.dumps({"file": label, "errors": result.errors}, ensure_ascii=False))
            for e in result.errors:
                print(f"{label}: {e}", file=sys.stderr)
            continue
        if args.json:
            print(json.dumps({"file": label, **result.output}, ensure_ascii=False))
        else:
            from .engine.report import format_verdict
            if len(args.files) > 1:
                print(f"== {label}")
            print(format_verdict(result.output))
    return worst


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        from .engine import simulate
    except ImportError as e:  # numpy missing or broken: say which, not a traceback
        print(f"simulate: cannot start ({e}); reinstall with: pip install -e .", file=sys.stderr)
        return 2
    return simulate.main(args)


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m explorer", description="Baloot rules explorer: check scenarios.")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="judge scenario files (YAML or JSON); '-' reads standard input")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    c.add_argument("--profile", default=None,
                   help="rule profile for every file: detailed, tournament or simple (overrides the file)")
    c.set_defaults(func=cmd_check)
    s = sub.add_parser("simulate", help="play seeded random legal deals and write one row per deal")
    s.add_argument("--deals", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--mode", choices=["sun", "hokum"], default=None)
    s.add_argument("--profile", default="detailed")
    s.add_argument("--out", default=None, help="CSV file to write (default: no file, just the figures)")
    s.set_defaults(func=cmd_simulate)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
