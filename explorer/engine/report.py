"""Verdicts as readable text for the command line (the app renders the same dicts its own way)."""

from __future__ import annotations

from typing import Any


def _teams(d: dict | None) -> str:
    if d is None:
        return "—"
    return f"NS {d.get('NS')}, EW {d.get('EW')}"


def format_verdict(out: dict[str, Any]) -> str:
    """A few lines a person can read, for any kind's output."""
    kind = out.get("kind")
    lines: list[str] = [f"{kind} (profile {out.get('profile')})"]
    if kind == "play":
        lines.append(f"{out['to_play']} to play; winning now: {out['winning'] or 'nobody (leading)'}")
        lines.append(f"Rule: {out['rule']}")
        lines.append(f"Legal: {' '.join(out['legal']) or '—'}")
        for card, why in out["illegal"].items():
            lines.append(f"  {card} illegal: {why}")
    elif kind == "projects":
        for seat, info in out["by_seat"].items():
            shown = ", ".join(f"{p['type']} {' '.join(p['cards'])} ({p['value']})" for p in info["projects"])
            lines.append(f"{seat}: {shown or 'no project'}" + ("; Baloot" if info["baloot"] else ""))
        lines.append(out.get("reason", ""))
        lines.append(f"Project team: {out['project_team'] or '—'}; points {_teams(out['points'])}")
    elif kind == "score":
        lines.extend(_score_lines(out))
    elif kind == "bidding":
        if out.get("error"):
            lines.append(f"Illegal call at index {out['error'].get('index')}: {out['error'].get('reason')}")
        lines.append(f"Finished: {out.get('finished')}; next: {out.get('next') or '—'}; "
                     f"legal calls: {', '.join(out.get('legal_calls') or []) or '—'}")
        if out.get("redeal"):
            lines.append("Everyone passed twice: redeal.")
        if out.get("contract"):
            lines.append(f"Contract: {out['contract']}")
        if out.get("escalation"):
            lines.append(f"Escalation: {out['escalation']}")
    elif kind == "deal":
        if out.get("valid"):
            lines.append("Every card is legal.")
        else:
            e = out.get("error") or {}
            lines.append(f"Trick {e.get('trick')}, {e.get('seat')} played {e.get('card')}: {e.get('reason')}")
        for i, t in enumerate(out.get("tricks") or [], start=1):
            lines.append(f"  trick {i}: {t['leader']} led {' '.join(t['cards'])} → {t['winner']} "
                         f"({t['points']})")
        if out.get("points"):
            lines.append(f"Raw points: {_teams(out['points'])}")
        if out.get("score"):
            lines.extend(_score_lines(out["score"]))
    else:
        lines.append(str(out))
    return "\n".join(lines)


def _score_lines(out: dict[str, Any]) -> list[str]:
    lines = [f"{i}. {s['step']}: {s['detail']}" for i, s in enumerate(out["steps"], start=1)]
    lines.append(f"Winner: {out['winner']} (buyer {'made it' if out['buyer_made'] else 'failed'}); "
                 f"award: {_teams(out['award'])}"
                 + (f"; match won by {out['match_winner']}" if out.get("match_winner") else ""))
    return lines
