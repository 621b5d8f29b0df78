"""The ``solve`` command's answer for one file: read like ``check`` reads it, solved, and told as JSON or text.

A file is a ``kind: deal`` scenario, read and judged by :func:`~..scenario.check_text` (the same reader and the
same problem lines as ``check``). A valid record in progress is solved (:func:`.solver.solve`) at the seat to
play; a whole deal, a redeal, or a record with an illegal card has nothing to solve, and says why.

>>> out = solve_text((Path(__file__).parents[3] / "data/scenarios/deal-in-progress-kaboot.yaml").read_bytes()).output
>>> out["seat"], out["best"], [(c["card"], c["award"]) for c in out["cards"]]
('S', ['7C'], [('7C', 44), ('TC', 26)])
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path  # noqa: F401  (doctests)
from typing import Any

from explorer.engine.core.cards import Card, Notation, Seat
from explorer.engine.core.contract import Level
from explorer.engine.core.i18n import ENGLISH, Code, Msg, Style, plural, text
from explorer.engine.core.profiles import RuleProfile
from explorer.engine.files.scenario import Checked, check_doc, parse_text, verdict_of
from explorer.engine.solver.award import GAHWA_AWARD


@dataclass
class Solved:
    """One file's answer: ``output`` (the JSON line's keys) or ``errors`` (problem lines, as ``check`` gives)."""

    output: dict[str, Any] | None = None
    errors: list[str] = field(default_factory=list)

    @property
    def ok(self) -> bool:
        return not self.errors

    def problems(self, style: Style = ENGLISH) -> list[str]:
        return Checked(errors=self.errors).problems(style)


def solve_text(data: str | bytes, *, profile: str | RuleProfile | None = None, style: Style = ENGLISH) -> Solved:
    """Read, check and solve one file's text; never raises for bad input."""
    from explorer.engine.core.errors import ScenarioError, problem
    checked = _checked(data, profile, style)
    if not checked.ok:
        return Solved(errors=checked.errors)
    out = checked.output
    if out["kind"] != "deal":
        return Solved(errors=[problem(Msg("solve reads kind: deal files (a deal in progress, every hand known); "
                                          "this file is kind: {kind}", kind=Notation(out["kind"])))])
    try:
        verdict = verdict_of(parse_text(data), profile=profile)
    except ScenarioError as e:          # checked above: cannot happen, but never a traceback
        return Solved(errors=list(e.problems))
    return Solved(output=answer(verdict, out))


def _checked(data: str | bytes, profile: str | RuleProfile | None, style: Style) -> Checked:
    from explorer.engine.core.errors import ScenarioError
    try:
        doc = parse_text(data)
    except ScenarioError as e:
        return Checked(errors=e.problems)
    return check_doc(doc, profile=profile, style=style)


def answer(verdict: Any, out: dict[str, Any]) -> dict[str, Any]:
    """The JSON keys for a judged deal: the solution at the seat to play, or nothing to play and why."""
    from explorer.engine.solver.search import solve
    base = {"seat": None, "cards": [], "best": [], "tricks_left": 0, "complete": bool(out.get("complete")),
            "valid": bool(out.get("valid")), "error": out.get("error"), "solve_ms": 0.0}
    if not out.get("valid") or out.get("complete") or not out.get("to_play"):
        return base
    sol = solve(verdict.run.state, verdict.projects)
    return {**base, **sol.to_dict(), "solve_ms": round(sol.seconds * 1000, 3),
            "gahwa": verdict.escalation.level is Level.GAHWA}


def format_answer(out: dict[str, Any], style: Style = ENGLISH) -> str:
    """The answer as sentences (cards as faces where the style says so)."""
    lines: list[Msg] = []
    if not out["valid"]:
        e = out.get("error") or {}
        lines.append(Msg("Nothing to solve: trick {trick}, {seat} played {card}: {reason}", trick=e.get("trick"),
                         seat=Seat(e["seat"]), card=Card.parse(e["card"]), reason=e.get("reason")))
    elif out["complete"] or out["seat"] is None:
        lines.append(Msg("Nothing to solve: the deal is over, no card is left to play."))
    else:
        lines += _card_lines(out)
    return "\n".join(text(m, style) for m in lines)


def _signed(n: int) -> Code:
    """An award with its sign (+6, −6), kept left to right in a right-to-left sentence."""
    return Code(f"+{n}" if n > 0 else f"−{-n}" if n < 0 else "0")


def _card_lines(out: dict[str, Any]) -> list[Msg]:
    seat, left = Seat(out["seat"]), out["tricks_left"]
    lines = [plural("{seat} to play, with all hands open ({n} trick left): for each card, the most tricks and "
                    "raw points {seat}'s team can take from this trick on against the best defence, and the "
                    "deal's award to the team (its game points minus the other team's) under best play.",
                    "{seat} to play, with all hands open ({n} tricks left): for each card, the most tricks and "
                    "raw points {seat}'s team can take from this trick on against the best defence, and the "
                    "deal's award to the team (its game points minus the other team's) under best play.",
                    left, seat=seat)]
    for v in out["cards"]:
        card, line = Card.parse(v["card"]), [Card.parse(c) for c in v["line"]]
        values = dict(tricks=plural("{n} trick", "{n} tricks", v["tricks"]),
                      points=plural("{n} point", "{n} points", v["points"]),
                      award=_signed(v["award"]), line=line, card=card)
        if v["ekka"]:
            lines.append(Msg("{card} led as Ekka: {tricks}, {points}, award {award}; line {line}.", **values))
        else:
            lines.append(Msg("{card}: {tricks}, {points}, award {award}; line {line}.", **values))
    best = [Card.parse(c) for c in out["best"]]
    top = max(v["award"] for v in out["cards"])
    lines.append(plural("Best: {cards} (award {award}).", "Best, equal: {cards} (award {award}).",
                        len(best), cards=best, award=_signed(top)))
    if out.get("gahwa"):
        lines.append(Msg("At Gahwa the deal has no numeric award: {award} stands for winning the deal, and so "
                         "the match, and −{award} for losing it.", award=GAHWA_AWARD))
    return lines

