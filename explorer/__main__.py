"""Command line: ``python -m explorer check FILE.yaml [--json] [--profile ID]``."""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path
from typing import Any

from explorer.engine.core.i18n import Msg

MAX_READ_BYTES = 64 * 1024
"""Read at most one byte past the scenario limit (kept equal to scenario.MAX_SCENARIO_BYTES)."""


def _read(name: str) -> tuple[bytes | None, Any]:
    """The file's bytes (at most one byte over the limit), or a problem without the file name."""
    if name == "-":
        data = sys.stdin.buffer.read(MAX_READ_BYTES + 1)
        return data, None
    path = Path(name)
    if not path.exists():
        return None, Msg("no such file")
    if path.is_dir():
        return None, Msg("is a folder, not a scenario file")
    try:
        with path.open("rb") as fh:
            return fh.read(MAX_READ_BYTES + 1), None
    except OSError as e:
        return None, Msg("cannot be read ({reason})", reason=str(e.strerror))


def _shown(name: str) -> str:
    """A file name as printable text: bytes that are not UTF-8 (kept by Python as lone surrogates,
    which no output can encode) become U+FFFD."""
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def cmd_check(args: argparse.Namespace) -> int:
    # Imported here so that `simulate` does not pay for pydantic and YAML at start-up.
    from explorer.engine.core.errors import problem as as_problem
    from explorer.engine.core.i18n import style_for, text
    from explorer.engine.files.scenario import Checked, check_text, internal_error
    style = style_for(args.lang)
    worst = 0
    for name in args.files:
        data, problem = _read(name)
        label = "<stdin>" if name == "-" else _shown(name)
        try:
            result = Checked(errors=[as_problem(problem)]) if problem else check_text(data, profile=args.profile, style=style)
        except Exception as e:  # noqa: BLE001 - an engine bug reaches the user as one line, not a traceback
            print(f"{label}: {text(internal_error(e), style)}", file=sys.stderr)
            worst = max(worst, 1)
            continue
        if not result.ok:
            worst = 2
            lines = result.problems(style)  # English: the lines as they are; another language: its sentences
            if args.json:
                print(json.dumps({"file": label, "errors": lines}, ensure_ascii=False))
            for e in lines:
                print(f"{label}: {e}", file=sys.stderr)
            continue
        if args.json:
            print(json.dumps({"file": label, **result.output}, ensure_ascii=False))
        else:
            from explorer.engine.files.report import format_verdict
            if len(args.files) > 1:
                print(f"== {label}")
            print(format_verdict(result.output, style))
    return worst


def cmd_simulate(args: argparse.Namespace) -> int:
    try:
        from explorer.engine.fast import simulate
    except ImportError as e:  # numpy missing or broken: say which, not a traceback
        print(f"simulate: cannot start ({e}); reinstall with: pip install -e .", file=sys.stderr)
        return 2
    return simulate.main(args)


def _players_and_profile(names: list[str], profile_id: str) -> tuple[Any, str | None]:
    """The profile, or one line saying which player name or profile is unknown."""
    from explorer.engine.core.profiles import ProfileError, custom_profile
    from explorer.engine.players import PLAYERS
    for name in names:
        if name.strip().lower() not in PLAYERS:
            return None, f"unknown player {name!r} (use {', '.join(sorted(PLAYERS))})"
    try:
        return custom_profile(profile_id), None
    except ProfileError as e:
        return None, f"--profile: {e}"


def cmd_selfplay(args: argparse.Namespace) -> int:
    names = [n.strip() for n in args.players.split(",")]
    if len(names) != 2 or not all(names):
        print("selfplay: --players takes two names, NS then EW (e.g. heuristic,random)", file=sys.stderr)
        return 2
    if not 1 <= args.deals <= 1_000_000:
        print(f"selfplay: --deals {args.deals} is not a number of deals (1 to 1,000,000)", file=sys.stderr)
        return 2
    profile, problem = _players_and_profile(names, args.profile)
    if problem:
        print(f"selfplay: {problem}", file=sys.stderr)
        return 2
    out = Path(args.out)
    if out.exists() and not out.is_dir():
        print(f"selfplay: --out {args.out} is a file, not a folder", file=sys.stderr)
        return 2
    from explorer.engine.players.selfplay import selfplay
    try:
        res = selfplay(args.deals, args.seed, names[0], names[1], profile=profile, out=out)
    except OSError as e:
        print(f"selfplay: cannot write to {args.out} ({e.strerror})", file=sys.stderr)
        return 2
    for team, t in res.teams.items():
        print(f"{team.value} ({t.player}): {t.deals_won} deals won, {t.points} points, {t.kaboots} Kaboots, "
              f"{t.matches_won} matches won")
    print(f"{args.deals} deals ({res.redeals} passed twice), profile {profile.id}, seed {args.seed}: "
          f"written to {out}/deal-0001.yaml …")
    return 0


def cmd_duel(args: argparse.Namespace) -> int:
    if not 1 <= args.deals <= 100_000:
        print(f"duel: --deals {args.deals} is not a number of deals (1 to 100,000)", file=sys.stderr)
        return 2
    profile, problem = _players_and_profile([args.a, args.b], args.profile)
    if problem:
        print(f"duel: {problem}", file=sys.stderr)
        return 2
    from explorer.engine.players.selfplay import duel
    d = duel(args.a.strip().lower(), args.b.strip().lower(), deals=args.deals, seed=args.seed, profile=profile)
    lo, hi = d.ci95
    print(f"{d.a} against {d.b}: {d.deals} duplicate deals (each played twice from the same deck), "
          f"profile {profile.id}, seed {args.seed}")
    print(f"{d.a}'s advantage: {d.points_per_deal:+.2f} game points per deal (95% interval {lo:+.2f} to {hi:+.2f})")
    for name, t in d.decision_ms().items():
        print(f"{name}: decision time median {t['median']:.2f} ms, p95 {t['p95']:.2f} ms")
    if args.json:
        print(json.dumps(d.to_dict()))
    return 0


def _lang(value: str) -> str:
    if not re.fullmatch(r"[a-z]{2,3}(?:[_-][A-Za-z0-9]{2,8})?", value):
        raise argparse.ArgumentTypeError(f"{value!r} is not a language code (e.g. en, ar)")
    return value


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m explorer", description="Baloot rules explorer: check scenarios.")
    sub = p.add_subparsers(dest="command", required=True)
    c = sub.add_parser("check", help="judge scenario files (YAML or JSON); '-' reads standard input")
    c.add_argument("files", nargs="+", metavar="FILE")
    c.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    c.add_argument("--profile", default=None,
                   help="rule profile for every file: detailed, tournament or simple (overrides the file)")
    c.add_argument("--lang", default="en", type=_lang, metavar="LANG",
                   help="language of the sentences (en, ar...; English until LANG has a catalogue); "
                        "JSON keys, rule ids and card codes do not change")
    c.set_defaults(func=cmd_check)
    s = sub.add_parser("simulate", help="play seeded random legal deals and write one row per deal")
    s.add_argument("--deals", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    s.add_argument("--mode", choices=["sun", "hokum"], default=None)
    s.add_argument("--profile", default="detailed")
    s.add_argument("--out", default=None, help="CSV file to write (default: no file, just the figures)")
    s.set_defaults(func=cmd_simulate)
    sp = sub.add_parser("selfplay", help="computer players play whole deals; each is written as a deal scenario")
    sp.add_argument("--deals", type=int, default=100)
    sp.add_argument("--seed", type=int, default=0)
    sp.add_argument("--players", default="heuristic,heuristic", help="NS player, EW player (e.g. heuristic,random)")
    sp.add_argument("--profile", default="detailed")
    sp.add_argument("--out", required=True, help="folder for deal-0001.yaml, deal-0002.yaml, …")
    sp.set_defaults(func=cmd_selfplay)
    d = sub.add_parser("duel", help="player A against player B, duplicate format: A's advantage per deal")
    d.add_argument("a")
    d.add_argument("b")
    d.add_argument("--deals", type=int, default=200)
    d.add_argument("--seed", type=int, default=0)
    d.add_argument("--profile", default="detailed")
    d.add_argument("--json", action="store_true", help="end with the figures as one JSON line")
    d.set_defaults(func=cmd_duel)
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
