"""Command line: ``python -m explorer check FILE.yaml [--json] [--profile ID]``, ``solve``, ``simulate``,
``selfplay``, ``duel``, ``puzzles generate``."""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import stat
import statistics
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TextIO

from explorer.engine.core.i18n import N_, Msg
from explorer.engine.core.visible import json_escaped, visible

MAX_READ_BYTES = 64 * 1024
"""Read at most one byte past the scenario limit (kept equal to scenario.MAX_SCENARIO_BYTES)."""

MAX_SIMULATED_DEALS = 10_000_000
"""The most deals ``simulate`` plays in one run (about a minute, a CSV of about 900 MB)."""

_NOT_REGULAR = {stat.S_IFIFO: N_("is a named pipe (FIFO), not a scenario file"),
                stat.S_IFCHR: N_("is a device, not a scenario file"), stat.S_IFBLK: N_("is a device, not a scenario file"),
                stat.S_IFSOCK: N_("is a socket, not a scenario file")}
_OTHER_FILE = N_("is not a regular file, not a scenario file")


def _read(name: str) -> tuple[bytes | None, Any]:
    """The file's bytes (at most one byte over the limit), or a problem without the file name.

    Only a regular file is read: it is opened and read without waiting (a named pipe with no writer, or
    ``/proc/kmsg``, would block the command for ever) and looked at before a byte is read."""
    if name == "-":
        return _read_stdin()
    if not name:
        return None, Msg("an empty name is not a file name")
    try:
        fd = os.open(name, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0))
    except FileNotFoundError:
        return None, Msg("no such file")
    except IsADirectoryError:
        return None, Msg("is a folder, not a scenario file")
    except ValueError:  # a NUL character in the name
        return None, Msg("no such file")
    except OSError as e:
        return None, Msg("cannot be read ({reason})", reason=str(e.strerror))
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            return None, Msg("is a folder, not a scenario file")
        return None, Msg(_NOT_REGULAR.get(stat.S_IFMT(mode), _OTHER_FILE))
    with os.fdopen(fd, "rb") as fh:  # still without waiting: a regular file never waits, but /proc/kmsg does
        try:
            data = fh.read(MAX_READ_BYTES + 1)
        except BlockingIOError:
            data = None
        except OSError as e:
            return None, Msg("cannot be read ({reason})", reason=str(e.strerror))
        if data is None:
            return None, Msg("cannot be read now (reading it would wait for more)")
        return data, None


def _read_stdin() -> tuple[bytes | None, Any]:
    """Standard input's bytes, or a problem: closed (``<&-``: Python then has no ``sys.stdin``) or unreadable."""
    stream = getattr(sys.stdin, "buffer", None)
    if stream is None:
        return None, Msg("standard input is closed")
    try:
        return stream.read(MAX_READ_BYTES + 1), None
    except (OSError, ValueError) as e:  # ValueError: a closed file object
        return None, Msg("standard input cannot be read ({reason})", reason=str(getattr(e, "strerror", None) or e))


def _shown(name: str) -> str:
    """A file name as printable text: bytes that are not UTF-8 (kept by Python as lone surrogates,
    which no output can encode) become U+FFFD, and what would hide or move text, or write a line of its
    own (a control character, a bidi override, a zero-width space), is shown as a marker (``<U+001B>``)."""
    return visible(_utf8(name), one_line=True) if name else "''"


def _utf8(name: str) -> str:
    return name.encode("utf-8", "surrogateescape").decode("utf-8", "replace")


def _say(line: str, *, err: bool = False) -> None:
    """A line of output. It may quote a file's text: what would hide or move text, or start a line of its
    own, is shown as a marker, so that each line of output is one the command wrote."""
    print(visible(line, sentence=True, one_line=True), file=sys.stderr if err else sys.stdout)


def _json(doc: dict[str, Any]) -> None:
    """One JSON line; hidden characters in its texts written as escapes (``\\u202e``): the same text for a
    JSON reader, nothing hidden on a terminal."""
    print(json_escaped(json.dumps(doc, ensure_ascii=False)))


def cmd_check(args: argparse.Namespace) -> int:
    # Imported here so that `simulate` does not pay for pydantic and YAML at start-up.
    from explorer.engine.core.errors import problem as as_problem
    from explorer.engine.core.i18n import style_for
    from explorer.engine.files.scenario import Checked, check_text, internal_error
    style = style_for(args.lang)
    worst = 0
    for name in args.files:
        data, problem = _read(name)
        label = "<stdin>" if name == "-" else _shown(name)
        exact = "<stdin>" if name == "-" else _utf8(name)  # for JSON, which escapes what it must
        internal = False
        try:
            result = Checked(errors=[as_problem(problem)]) if problem else check_text(data, profile=args.profile, style=style)
        except Exception as e:  # noqa: BLE001 - an engine bug reaches the user as one line, not a traceback
            result, internal = Checked(errors=[internal_error(e)]), True
        if not result.ok:
            worst = max(worst, 1) if internal else 2
            lines = result.problems(style)  # English: the lines as they are; another language: its sentences
            if args.json:
                _json({"file": exact, "errors": lines})
            for e in lines:
                _say(f"{label}: {e}", err=True)
            continue
        if args.json:
            _json({"file": exact, **result.output})
        else:
            from explorer.engine.files.report import format_verdict
            if len(args.files) > 1:
                _say(f"== {label}")
            for line in format_verdict(result.output, style).split("\n"):
                _say(line)
    return worst


def cmd_solve(args: argparse.Namespace) -> int:
    """Every legal card's exact value at the seat to play of each deal in progress (all hands open)."""
    from explorer.engine.core.i18n import Style, style_for, text
    from explorer.engine.files.scenario import internal_error
    try:
        from explorer.engine.solver.report import format_answer, solve_text
    except ImportError as e:  # numpy missing or broken: say which, not a traceback
        print(f"solve: cannot start ({e}); reinstall with: pip install -e .", file=sys.stderr)
        return 2
    style = style_for(args.lang)
    faces = Style(style.lang, "face", style.seats)
    worst = 0
    from explorer.engine.core.errors import problem as as_problem
    from explorer.engine.solver.report import Solved
    if args.time:  # solve_ms is the search's time: the compiled code is loaded before the first file's clock starts
        from explorer.engine.solver.search import warm_up
        warm_up()
    for name in args.files:
        data, problem = _read(name)
        label = "<stdin>" if name == "-" else _shown(name)
        exact = "<stdin>" if name == "-" else _utf8(name)  # for JSON, which escapes what it must (as check)
        internal = False
        try:
            result = Solved(errors=[as_problem(problem)]) if problem else solve_text(data, profile=args.profile,
                                                                                     style=style)
        except Exception as e:  # noqa: BLE001 - an engine bug reaches the user as one line, not a traceback
            result, internal = Solved(errors=[internal_error(e)]), True
        if not result.ok:
            worst = max(worst, 1) if internal else 2
            lines = result.problems(style)
            if args.json:               # an invalid file still has its line, as with check
                _json({"file": exact, "errors": lines})
            for e in lines:
                _say(f"{label}: {e}", err=True)
            continue
        out = dict(result.output)
        if not args.time:
            out.pop("solve_ms", None)
        if args.json:
            _json({"file": exact, **out})
        else:
            if len(args.files) > 1:
                _say(f"== {label}")
            print(format_answer(out, faces))
            if args.time:
                print(text(Msg("Solved in {ms} ms.", ms=out["solve_ms"]), style))
    return worst


def cmd_simulate(args: argparse.Namespace) -> int:
    """Play the deals chunk by chunk, print the rate and the summary, write the CSV if asked (whole, or not
    at all: the rows go to a file next to it that takes its name at the end)."""
    try:
        from explorer.engine.core.profiles import ProfileError
        from explorer.engine.fast import simulate
    except ImportError as e:  # numpy missing or broken: say which, not a traceback
        print(f"simulate: cannot start ({e}); reinstall with: pip install -e .", file=sys.stderr)
        return 2
    problem = _deals_problem(args.deals, MAX_SIMULATED_DEALS, least=0) or _out_problem(args.out, folder=False)
    try:
        opts = simulate.checked_options(args.seed, args.mode, args.profile) if not problem else {}
    except (ValueError, ProfileError) as e:
        problem = str(e)
    if problem:
        print(f"simulate: {problem}", file=sys.stderr)
        return 2
    out = args.out
    try:
        with _written(out) as fh:
            done = simulate.stream(args.deals, args.seed, csv_file=fh, **opts)
    except BrokenPipeError:
        raise  # the reader has gone (| head): main() ends quietly
    except OSError as e:
        print(f"simulate: cannot write {_shown(out)} ({e.strerror})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("simulate: interrupted" + (f"; {_shown(out)} was not written" if out else ""), file=sys.stderr)
        return 130
    n, dt = done.tally.deals, done.play_seconds
    rate = n / dt if dt > 0 else float("inf")
    print(f"Played {n:,} random legal deals (seed {args.seed}, mode {args.mode or 'random'}, profile "
          f"{opts['profile'].id}) in {dt:.3f} s: {rate:,.0f} deals per second.")
    if n:
        f = done.tally.frequencies()
        print(f"Buyer failed {f['buyer_failed']:.1%}, Kaboot {f['kaboot']:.1%}, tie {f['tie']:.1%}, "
              f"Baloot held {f['baloot']:.1%}, a project shown {f['projects']:.1%}.")
    if out:
        print(f"Wrote {n:,} rows to {_shown(out)}.")
    return 0


def _deals_problem(deals: int, most: int, least: int = 1) -> str | None:
    """Why ``--deals`` is not a number of deals this command plays, or None."""
    if least <= deals <= most:
        return None
    return f"--deals {deals} is not a number of deals ({least:,} to {most:,})"


def _out_problem(out: str | None, *, folder: bool) -> str | None:
    """Why ``--out`` cannot be written (an empty name, a folder for a file, a file for a folder), or None."""
    if out is None:
        return None
    if not out:
        return "--out: an empty name is not a file name" if not folder else "--out: an empty name is not a folder"
    path = Path(out)
    if not folder and path.is_dir():
        return f"--out {_shown(out)} is a folder, not a file"
    if folder and path.exists() and not path.is_dir():
        return f"--out {_shown(out)} is a file, not a folder"
    return None


@contextmanager
def _written(out: str | None) -> Iterator[TextIO | None]:
    """The CSV file to write, or None. A regular file is written under a temporary name in its folder and
    takes its name only when every row is written: an interrupted or failed run leaves no half-written
    CSV and keeps the file that was there. Anything else (``/dev/stdout``, a pipe) is written as it goes."""
    if not out:
        yield None
        return
    if os.path.exists(out) and not os.path.isfile(out):
        with open(out, "w", newline="", encoding="utf-8") as fh:
            yield fh
        return
    folder, name = os.path.split(os.path.abspath(out))
    fd, temp = tempfile.mkstemp(prefix=f".{name}.", suffix=".partial", dir=folder)
    try:
        os.chmod(temp, stat.S_IMODE(os.stat(out).st_mode) if os.path.exists(out) else 0o666 & ~_umask())
        with os.fdopen(fd, "w", newline="", encoding="utf-8") as fh:
            yield fh
        os.replace(temp, out)
    except BaseException:
        with _quiet():
            os.unlink(temp)
        raise


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def _quiet() -> Iterator[None]:
    try:
        yield
    except OSError:
        pass


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
    problem = _deals_problem(args.deals, 1_000_000) or _out_problem(args.out, folder=True)
    profile, problem = (None, problem) if problem else _players_and_profile(names, args.profile)
    if problem:
        print(f"selfplay: {problem}", file=sys.stderr)
        return 2
    out = Path(args.out)
    from explorer.engine.players.selfplay import selfplay
    try:
        res = selfplay(args.deals, args.seed, names[0], names[1], profile=profile, out=out)
    except OSError as e:
        print(f"selfplay: cannot write to {_shown(args.out)} ({e.strerror})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"selfplay: interrupted; the deals written to {_shown(args.out)} so far are whole", file=sys.stderr)
        return 130
    for team, t in res.teams.items():
        print(f"{team.value} ({t.player}): {t.deals_won} deals won, {t.points} points, {t.kaboots} Kaboots, "
              f"{t.matches_won} matches won")
    print(f"{args.deals} deals ({res.redeals} passed twice), profile {profile.id}, seed {args.seed}: "
          f"written to {_shown(str(out))}/deal-0001.yaml …")
    return 0


def cmd_duel(args: argparse.Namespace) -> int:
    problem = _deals_problem(args.deals, 100_000)
    profile, problem = (None, problem) if problem else _players_and_profile([args.a, args.b], args.profile)
    if problem:
        print(f"duel: {problem}", file=sys.stderr)
        return 2
    from explorer.engine.players.selfplay import duel
    if not 1 <= args.workers <= 64:
        print(f"duel: --workers {args.workers} is not a number of processes (1 to 64)", file=sys.stderr)
        return 2
    a, b = args.a.strip().lower(), args.b.strip().lower()
    options, problem = {}, None
    for side, name, items in (("a", a, args.a_option), ("b", b, args.b_option)):
        options[side], problem = _player_options(name, items, f"--{side}-option")
        if problem:
            print(f"duel: {problem}", file=sys.stderr)
            return 2
    d = duel(a, b, deals=args.deals, seed=args.seed, profile=profile, options_a=options["a"],
             options_b=options["b"], workers=args.workers, progress=_duel_progress if args.progress else None,
             paired=args.paired)
    lo, hi = d.ci95
    print(f"{_labelled(a, options['a'])} against {_labelled(b, options['b'])}: {d.deals} duplicate deals (each "
          f"played twice from the same deck{', players seeded by seat (paired)' if args.paired else ''}), "
          f"profile {profile.id}, seed {args.seed}")
    print(f"{d.a}'s advantage: {d.points_per_deal:+.2f} game points per deal (95% interval {lo:+.2f} to {hi:+.2f}); "
          f"pair standard deviation {d.pair_sd:.2f}")
    b = d.bidding()
    print(f"contracts: {b['redealt']:.1%} of plays redealt; of the rounds played {b['failed']:.1%} failed (khasara), "
          f"{b['kaboot']:.1%} Kaboot")
    for name in dict.fromkeys((d.a, d.b)):
        print(f"{name}: bought {b[name]['bought']:.1%} of plays, {b[name]['failed']:.1%} of its contracts failed, "
              f"{b[name]['kaboot']:.1%} Kaboot")
    for name, t in d.decision_ms().items():
        print(f"{name}: decision time median {t['median']:.2f} ms, p95 {t['p95']:.2f} ms")
    if args.json:
        print(json.dumps(d.to_dict()))
    return 0


def _player_options(name: str, items: list[str], flag: str) -> tuple[dict[str, Any], str | None]:
    """``KEY=VALUE`` items as a player's options (numbers as numbers), tried on the player; or one line saying
    what is wrong."""
    from explorer.engine.players.base import make_player
    out: dict[str, Any] = {}
    for item in items:
        key, eq, value = item.partition("=")
        if not eq or not re.fullmatch(r"[a-z_]{1,30}", key.strip()):
            return {}, f"{flag} {item!r} is not KEY=VALUE (e.g. {flag} endgame=4)"
        value = value.strip()
        number = re.fullmatch(r"-?\d{1,9}(\.\d{1,9})?", value)
        out[key.strip()] = (float(value) if "." in value else int(value)) if number else value
    try:
        make_player(name, seed=0, **out)
    except (TypeError, ValueError) as e:
        return {}, f"{flag}: {name} does not take {_labelled('', out).strip(' ()')} ({e})"
    return out, None


def _labelled(name: str, options: dict[str, Any]) -> str:
    """A player with its options, as the duel's first line names it: ``expert (endgame=4)``."""
    return f"{name} ({', '.join(f'{k}={v}' for k, v in options.items())})" if options else name


def _duel_progress(n: int, diffs: list[float]) -> None:
    """Every 25 deals, the advantage so far with its interval, on standard error (``duel --progress``)."""
    if n % 25 == 0 and n > 1:
        mean = statistics.fmean(diffs)
        half = 1.96 * statistics.stdev(diffs) / math.sqrt(n)
        print(f"{n} deals: {mean:+.2f} ({mean - half:+.2f} to {mean + half:+.2f})", file=sys.stderr, flush=True)


def _shard(value: str) -> tuple[int, int]:
    """``I/N``: shard I of N (I from 1 to N)."""
    m = re.fullmatch(r"\s*(\d{1,6})\s*/\s*(\d{1,6})\s*", value)
    if not m or not 1 <= int(m.group(1)) <= int(m.group(2)):
        raise argparse.ArgumentTypeError(f"{value!r} is not a shard I/N with I from 1 to N (e.g. 2/4)")
    return int(m.group(1)), int(m.group(2))


def cmd_puzzles(args: argparse.Namespace) -> int:
    """``puzzles generate``: find and write puzzles, one file each, skipping those already written."""
    problem = _out_problem(args.out, folder=True)
    if not 1 <= args.count <= 100_000:
        problem = f"--count {args.count} is not a number of puzzles (1 to 100,000)"
    elif not 1 <= args.workers <= 64:
        problem = f"--workers {args.workers} is not a number of processes (1 to 64)"
    elif not 2 <= args.choices <= 8:
        problem = f"--choices {args.choices} is not a number of cards to choose from (2 to 8)"
    elif args.records and (args.shard != (1, 1) or args.workers != 1):
        problem = ("--shard and --workers split self-play's numbered puzzles; with --from the records are read in "
                   "one run, in order")
    if problem:
        print(f"puzzles generate: {problem}", file=sys.stderr)
        return 2
    if args.records:
        return _puzzles_from_records(args)
    from explorer.engine.puzzles.generate import generate, numbers, puzzle_id
    todo = numbers(args.count, args.shard)
    print(f"puzzles {args.shard[0]}/{args.shard[1]} of {args.count} (seed {args.seed}): {len(todo)} to find, "
          f"{args.workers} worker(s), into {_shown(args.out)}", flush=True)

    def progress(index: int, what: str) -> None:
        print(f"{puzzle_id(args.seed, index)}: {what}", flush=True)

    try:
        tally = generate(args.count, args.seed, Path(args.out), workers=args.workers, shard=args.shard,
                         progress=progress, choices=args.choices)
    except OSError as e:
        print(f"puzzles generate: cannot write to {_shown(args.out)} ({e.strerror})", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print(f"puzzles generate: interrupted; the files in {_shown(args.out)} are whole, run again to go on",
              file=sys.stderr)
        return 130
    print(f"{tally['written']} written, {tally['kept']} already there, {tally['none']} not found"
          + (f", {tally['failed']} failed their check (not written; please report it)" if tally["failed"] else ""))
    return 1 if tally["failed"] else 0


def _puzzles_from_records(args: argparse.Namespace) -> int:
    """``puzzles generate --from``: the positions of recorded deals that prove; every file is read and checked
    first (a file that is not a valid deal record: its problems, exit 2, nothing written)."""
    from explorer.engine.files.scenario import check_text, parse_text
    records, bad, seen = [], False, set()
    for name in args.records:
        data, problem = _read(name)
        if data is not None and data in seen:
            _say(f"puzzles generate: {_shown(name)}: the same deal as a file named before: read once", err=True)
            continue
        checked = None if problem else check_text(data)
        if checked is not None and checked.ok and checked.output.get("kind") != "deal":
            problem = f"is a kind: {checked.output.get('kind')} file, not a recorded deal (kind: deal)"
        lines = [str(problem)] if problem else checked.errors if not checked.ok else []
        for line in lines:
            _say(f"puzzles generate: {_shown(name)}: {line}", err=True)
        bad = bad or bool(lines)
        if not lines:
            seen.add(data)
            records.append((_shown(name), parse_text(data)))
    if bad:
        return 2
    from explorer.engine.puzzles.generate import from_records
    print(f"puzzles from {len(records)} recorded deal(s) (seed {args.seed}, at most {args.count}) into "
          f"{_shown(args.out)}", flush=True)
    try:
        tally = from_records(records, args.seed, Path(args.out), count=args.count, choices=args.choices,
                             progress=lambda what, how: _say(f"{what}: {how}"))
    except OSError as e:
        print(f"puzzles generate: cannot write to {_shown(args.out)} ({e.strerror})", file=sys.stderr)
        return 2
    print(f"{tally['written']} written, {tally['kept']} already there, {tally['none']} record(s) read with no puzzle"
          + (f", {tally['failed']} failed their check (not written; please report it)" if tally["failed"] else ""))
    return 1 if tally["failed"] else 0


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
    v = sub.add_parser("solve", help="every legal card's exact value in a deal in progress, all hands open")
    v.add_argument("files", nargs="+", metavar="FILE", help="kind: deal files in progress; '-' reads standard input")
    v.add_argument("--json", action="store_true", help="one JSON object per file, one per line")
    v.add_argument("--time", action="store_true", help="add the solver's time (solve_ms)")
    v.add_argument("--profile", default=None,
                   help="rule profile for every file: detailed, tournament or simple (overrides the file)")
    v.add_argument("--lang", default="en", type=_lang, metavar="LANG", help="language of the sentences (en, ar)")
    v.set_defaults(func=cmd_solve)
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
    d.add_argument("--workers", type=int, default=1,
                   help="processes sharing the deals (the figures do not depend on it, only the wall time)")
    d.add_argument("--progress", action="store_true", help="every 25 deals, the advantage so far on standard error")
    d.add_argument("--a-option", action="append", default=[], metavar="KEY=VALUE",
                   help="an option of player A, e.g. endgame=4 (repeat for more)")
    d.add_argument("--b-option", action="append", default=[], metavar="KEY=VALUE", help="an option of player B")
    d.add_argument("--paired", action="store_true",
                   help="seed each seat's player by its seat alone: two variants of one player then differ only "
                        "where their options lead them apart (a tuning tool; strength is measured unpaired)")
    d.set_defaults(func=cmd_duel)
    pz = sub.add_parser("puzzles", help="puzzles with a proved answer")
    pzs = pz.add_subparsers(dest="puzzles_command", required=True)
    g = pzs.add_parser("generate", help="find puzzles in self-play (or recorded deals) and write one kind: puzzle "
                                        "file each")
    g.add_argument("--count", type=int, required=True, help="how many puzzles, numbered 0 to N-1")
    g.add_argument("--seed", type=int, required=True)
    g.add_argument("--out", required=True, help="folder for <seed>-0000.yaml, …")
    g.add_argument("--workers", type=int, default=1, help="processes (default 1)")
    g.add_argument("--shard", type=_shard, default=(1, 1), metavar="I/N",
                   help="only the puzzles i with i %% N == I-1 (I from 1 to N)")
    g.add_argument("--choices", type=int, default=2, metavar="K",
                   help="only positions where the player has K cards or more to choose from (default 2; 3 for a "
                        "batch of harder puzzles)")
    g.add_argument("--from", dest="records", nargs="+", metavar="DEAL.yaml", default=[],
                   help="find the puzzles in these recorded deals (kind: deal files with every hand, as the practice "
                        "table saves them) instead of self-play: each position as played that proves, in order")
    g.set_defaults(func=cmd_puzzles)
    return p


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        return args.func(args)
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader has gone (| head): what is still buffered goes nowhere, quietly
        with _quiet():
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 0


if __name__ == "__main__":
    sys.exit(main())
