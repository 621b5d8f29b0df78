"""Verdicts as readable text for the command line (the app renders the same dicts its own way).

Every line is a message rendered in the reader's style (``check --lang``): the verdict's own sentences are
already rendered in that style in the output; the words around them are templates here. Card lists are
printed in notation, space separated, as in scenario files (in a right-to-left language, as the style's cards:
see :class:`~explorer.engine.core.cards.Notation`).
"""

from __future__ import annotations

from typing import Any

from explorer.engine.core.cards import Notation, Seat, Team
from explorer.engine.core.contract import Escalation, Level
from explorer.engine.core.i18n import ENGLISH, Msg, Style, plural, text
from explorer.engine.core.tables import ProjectType
from explorer.engine.rules.bidding import CallKind


def _teams(d: dict | None) -> Msg:
    if d is None:
        return Msg("—")
    return Msg("NS {ns}, EW {ew}", ns=d.get("NS"), ew=d.get("EW"))


def _seat(value: Any) -> Seat | str:
    """A seat letter of the output as a seat (rendered in the reader's language), anything else as it is."""
    try:
        return Seat(value)
    except ValueError:
        return str(value)


def _codes(items: list[str] | None) -> Notation:
    return Notation(" ".join(items or []))


def format_verdict(out: dict[str, Any], style: Style = ENGLISH) -> str:
    """A few lines a person can read, for any kind's output, in ``style``'s language.

    >>> print(format_verdict({"kind": "score", "profile": "detailed", "steps": [], "winner": "NS",
    ...                       "buyer_made": True, "award": {"NS": 16, "EW": 0}}))
    score (profile detailed)
    Winner: NS (buyer made it); award: NS 16, EW 0
    """
    kind = out.get("kind")
    lines: list[Msg | str] = [Msg("{kind} (profile {profile})", kind=kind, profile=out.get("profile"))]
    if kind == "play":
        lines += _play_lines(out)
    elif kind == "projects":
        lines += _projects_lines(out)
    elif kind == "score":
        lines += _score_lines(out)
    elif kind == "bidding":
        lines += _bidding_lines(out)
    elif kind == "deal":
        lines += _deal_lines(out)
    elif kind == "puzzle":
        lines += _puzzle_lines(out)
    else:
        lines.append(str(out))
    return "\n".join(text(m, style) for m in lines)


def _play_lines(out: dict[str, Any]) -> list[Msg | str]:
    to_play = _seat(out["to_play"])
    if out["winning"]:
        lines: list[Msg | str]
    if out["winning"]:
        lines = [Msg("{seat} to play; winning now: {winning}", seat=to_play, winning=_seat(out["winning"]))]
    else:
        lines = [Msg("{seat} to play; winning now: nobody (leading)", seat=to_play)]
    lines.append(Msg("Rule: {rule}", rule=out["rule"]))
    lines.append(Msg("Legal: {cards}", cards=_codes(out["legal"])) if out["legal"] else Msg("Legal: —"))
    # The illegal cards under the obligation share one reason: the situation (the Rule line), the requirement
    # and the cards allowed (the Legal line). Print the requirement once for all of them (issue 12).
    requirement = out.get("requirement")
    under = {v["card"] for v in out.get("verdicts", []) if not v["legal"] and v["rule"] == out.get("rule_id")}
    grouped = [card for card in out["illegal"] if card in under]
    if requirement and grouped:
        lines.append(plural("  {cards} is not allowed: {requirement}.", "  {cards} are not allowed: {requirement}.",
                            len(grouped), cards=_codes(grouped), requirement=requirement))
    else:
        grouped = []
    for card, why in out["illegal"].items():
        if card not in grouped:
            lines.append(Msg("  {card} illegal: {reason}", card=_codes([card]), reason=why))
    return lines


def _projects_lines(out: dict[str, Any]) -> list[Msg | str]:
    lines: list[Msg | str] = []
    for seat, info in out["by_seat"].items():
        shown = [Msg("{type:value} {cards} ({value})", type=ProjectType(p["type"]), cards=_codes(p["cards"]),
                     value=p["value"]) for p in info["projects"]]
        if shown and info["baloot"]:
            lines.append(Msg("{seat}: {projects}; Baloot", seat=_seat(seat), projects=shown))
        elif shown:
            lines.append(Msg("{seat}: {projects}", seat=_seat(seat), projects=shown))
        elif info["baloot"]:
            lines.append(Msg("{seat}: no project; Baloot", seat=_seat(seat)))
        else:
            lines.append(Msg("{seat}: no project", seat=_seat(seat)))
    lines.append(out.get("reason", ""))
    if out["project_team"]:
        lines.append(Msg("Project team: {team}; points {points}", team=Team(out["project_team"]),
                         points=_teams(out["points"])))
    else:
        lines.append(Msg("Project team: —; points {points}", points=_teams(out["points"])))
    return lines


def _score_lines(out: dict[str, Any]) -> list[Msg | str]:
    lines: list[Msg | str] = [Msg("{n}. {step}: {detail}", n=i, step=s["step"], detail=s["detail"])
             for i, s in enumerate(out["steps"], start=1)]
    params = dict(team=Team(out["winner"]), award=_teams(out["award"]))
    match = out.get("match_winner")
    if match and out["buyer_made"]:
        line = Msg("Winner: {team} (buyer made it); award: {award}; match won by {match}", match=Team(match),
                   **params)
    elif match:
        line = Msg("Winner: {team} (buyer failed); award: {award}; match won by {match}", match=Team(match),
                   **params)
    elif out["buyer_made"]:
        line = Msg("Winner: {team} (buyer made it); award: {award}", **params)
    else:
        line = Msg("Winner: {team} (buyer failed); award: {award}", **params)
    lines.append(line)
    return lines


def _bidding_lines(out: dict[str, Any]) -> list[Msg | str]:
    lines: list[Msg | str] = []
    err = out.get("error")
    if err:
        lines.append(Msg("Illegal call at index {index}: {reason}", index=err.get("index"), reason=err.get("reason")))
    lines.append(out["explanation"])            # where the bidding stands: the contract once it is known
    if out.get("next"):
        calls = [CallKind(c) for c in out.get("legal_calls") or []]
        lines.append(Msg("{seat} may call: {calls}.", seat=_seat(out["next"]), calls=calls))
    c = out.get("contract")
    if c and c.get("ashkal"):
        lines.append(Msg("{caller} called Ashkal: a Sun for its partner {taker}.", caller=Seat(c["caller"]),
                         taker=Seat(c["taker"])))
    e = out.get("escalation")
    if c and e and e.get("level") != Level.NONE.value:
        esc = Escalation(Level(e["level"]), Seat(e["doubler"]) if e.get("doubler") else None, bool(e.get("locked")))
        lines.append(Msg("Escalation: {escalation}.", escalation=esc.message()))
    return lines


def _deal_lines(out: dict[str, Any]) -> list[Msg | str]:
    lines: list[Msg | str] = []
    if out.get("valid"):
        lines.append(Msg("Every card is legal."))
    else:
        e = out.get("error") or {}
        lines.append(Msg("Trick {trick}, {seat} played {card}: {reason}", trick=e.get("trick"),
                         seat=_seat(e.get("seat")), card=Notation(e["card"]) if e.get("card") else e.get("card"),
                         reason=e.get("reason")))
    for i, t in enumerate(out.get("tricks") or [], start=1):
        lines.append(Msg("  trick {n}: {leader} led {cards} → {winner} ({points})", n=i, leader=_seat(t["leader"]),
                         cards=_codes(t["cards"]), winner=_seat(t["winner"]), points=t["points"]))
    if out.get("points"):
        lines.append(Msg("Raw points: {points}", points=_teams(out["points"])))
    if out.get("score"):
        lines += _score_lines(out["score"])
    elif out.get("to_play"):                    # a deal in progress: no score until the eighth trick is down
        n, cur = len(out.get("tricks") or []) + 1, out.get("current")
        if cur:
            lines.append(Msg("In progress: trick {n}, {leader} led {cards}; {seat} to play. No score until the "
                             "deal is whole.", n=n, leader=_seat(cur["leader"]), cards=_codes(cur["cards"]),
                             seat=_seat(out["to_play"])))
        else:
            lines.append(Msg("In progress: {seat} leads trick {n}. No score until the deal is whole.", n=n,
                             seat=_seat(out["to_play"])))
    return lines


def _puzzle_lines(out: dict[str, Any]) -> list[Msg | str]:
    lines: list[Msg | str] = []
    answer = _codes(out.get("answer"))
    if out.get("valid"):
        lines.append(plural("{seat} to play, {n} trick left: the answer {answer} is proved again, by a margin of "
                            "{margin} game points.",
                            "{seat} to play, {n} tricks left: the answer {answer} is proved again, by a margin of "
                            "{margin} game points.", int(out.get("tricks_left") or 0), seat=_seat(out.get("seat")),
                            answer=answer, margin=out.get("margin")))
    else:
        lines.append(Msg("{seat} to play: the answer {answer} does not check: {reason}", seat=_seat(out.get("seat")),
                         answer=answer, reason=out.get("error") or ""))
    lines += [f"  {sentence}" for sentence in out.get("explanation") or []]
    return lines
