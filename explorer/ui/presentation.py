"""Presentation mode: a scenario one step at a time, with large cards, for a teacher (no Streamlit).

Every step is a :class:`Frame`: a heading, HTML to show big (cards, a trick, a hand) and a
sentence under it (Markdown). The tricks' seats and winners are the engine's (``seats_from``,
``play_tricks``, ``trick_winner``), the reasons are the engine's verdict; scenario text is
shown as plain text.

>>> from explorer.engine.scenario import check_doc
>>> from explorer.library import load_library
>>> e = next(e for e in load_library() if e.stem == "seed000-third-player-must-cut")
>>> [f.heading for f in present_frames(e.doc, check_doc(e.doc))][-2:]
['South to play: which cards are legal?', 'The verdict']
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from explorer.engine.cards import Card, Seat, Suit
from explorer.engine.play import play_tricks, seats_from, trick_winner
from explorer.engine.scenario import Checked
from explorer.engine.tables import Mode
from explorer.ui import cards as ui
from explorer.ui.text import plain, plain_lines
from explorer.ui.words import score_words, verdict_words


def shown_title(title: str, topic: str, step: int, steps: int) -> str:
    """The scenario's name to show on a step: its title on the last step, its topic before.

    A library title often states the answer ("… still you must trump"); shown while the class is
    asked to think, it would give the answer away. The last step is the verdict.

    >>> shown_title("The void third player must trump", "Following and cutting", 3, 5)
    'Following and cutting'
    >>> shown_title("The void third player must trump", "Following and cutting", 4, 5)
    'The void third player must trump'
    """
    return title if step >= steps - 1 else topic


@dataclass
class Frame:
    """One step of a presentation: a heading, HTML to show big, and a sentence under it (Markdown)."""

    heading: str
    body: str = ""
    text: str = ""


def present_frames(doc: Mapping[str, Any], checked: Checked, *, size: str = "lg") -> list[Frame]:
    """The steps of a scenario for a teacher: a trick card by card then the verdict (play), the
    scoring pipeline step by step (score), a whole deal card by card (deal), each hand then the
    priority (projects), each call then the contract (bidding)."""
    if not checked.ok:
        return [Frame("This scenario cannot be judged", "", plain_lines(checked.errors))]
    o = checked.output or {}
    kind = o.get("kind")
    if kind == "play":
        return _play_frames(doc, o, size)
    if kind == "score":
        return _score_frames(o)
    if kind == "deal":
        return _deal_frames(doc, o, size)
    if kind == "projects":
        return _projects_frames(doc, o, size)
    if kind == "bidding":
        return _bidding_frames(o, size)
    return [Frame("Verdict", "", verdict_words(checked))]


def _contract(o: Mapping[str, Any]) -> tuple[Mode, Suit | None]:
    c = o["contract"]
    return Mode(c["mode"]), (Suit.parse(c["trump"]) if c.get("trump") else None)


def _contract_line(o: Mapping[str, Any]) -> str:
    c = o.get("contract") or {}
    if not c:
        return ""
    badge = ui.trump_badge(c["mode"], c.get("trump"))
    return f"{badge} &nbsp; bought by <b>{Seat.parse(c['buyer']).title}</b>"


def _trick(leader: Seat, cards: Sequence[Card], *, size: str, center: str, to_play: Seat | None = None,
           winning: Seat | None = None, marks: Mapping[Seat, str] | None = None) -> str:
    plays = dict(zip(seats_from(leader, len(cards)), cards, strict=True))
    return ui.trick_html(plays, leader=leader, to_play=to_play, winning=winning, center=center, size=size,
                         highlight=marks, flat=True)


def _side_by_side(left: str, right: str) -> str:
    """Two blocks in a row (wrapping on a narrow screen): a trick and a hand, for a projector."""
    return ('<div style="display:flex;flex-wrap:wrap;gap:1.5rem 2.5rem;align-items:center">'
            f'<div style="flex:0 0 auto">{left}</div><div style="flex:1 1 30rem">{right}</div></div>')


def _play_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str) -> list[Frame]:
    cur = doc.get("current") or {}
    leader = Seat.parse(cur.get("leader", "S"))
    table = [Card.parse(c) for c in cur.get("cards") or []]
    mode, trump = _contract(o)
    center = ui.trump_badge(mode, trump, compact=True)
    frames = [Frame("The contract", _side_by_side(_trick(leader, [], size=size, center=center), _contract_line(o)),
                    f"{leader.title} leads this trick.")]
    for i, seat in enumerate(seats_from(leader, len(table)), start=1):
        w = trick_winner(leader, table[:i], mode, trump)
        ekka = " and announces **Ekka**" if i == 1 and o.get("ekka") else ""
        frames.append(Frame(f"Card {i}: {seat.title}", _trick(leader, table[:i], size=size, center=center, winning=w),
                            f"{seat.title} plays {table[i - 1].pretty}{ekka}. {w.title} is winning."))
    me = Seat.parse(o["to_play"])
    hand = list(doc.get("hand") or [])
    winning = Seat.parse(o["winning"]) if o.get("winning") else None
    small = "md" if size == "lg" else size
    trick = _trick(leader, table, size=small, center=center, to_play=me, winning=winning)
    frames.append(Frame(f"{me.title} to play: which cards are legal?",
                        _side_by_side(trick, ui.hand_html(hand, trump=trump, size=size, label=f"{me.title}'s hand")),
                        "Think before the next step."))
    marks = {x: "legal" for x in o["legal"]} | {x: "illegal" for x in o["illegal"]}
    frames.append(Frame("The verdict",
                        _side_by_side(trick, ui.hand_html(hand, trump=trump, size=size, highlight=marks,
                                                          label=f"{me.title}'s hand")),
                        f"{plain(o['rule'])}\n\n*Rule:* {plain(o['rule_text'])}"))
    return frames


def _score_frames(o: Mapping[str, Any]) -> list[Frame]:
    frames = [Frame("The deal", _contract_line(o), "The scoring pipeline, one step at a time.")]
    steps = o.get("steps") or []
    for i, s in enumerate(steps, start=1):
        vals = s.get("values") or {}
        nums = " &nbsp; ".join(f"<b>{html.escape(k)}</b> {html.escape(str(v))}" for k, v in vals.items())
        body = f'<div style="font-size:2rem">{nums}</div>' if nums else ""
        frames.append(Frame(f"Step {i} of {len(steps)}: {s['step'].replace('_', ' ')}", body, plain(s["detail"])))
    frames.append(Frame("The award", "", score_words(o)))
    return frames


def _deal_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str) -> list[Frame]:
    mode, trump = _contract(o)
    center = ui.trump_badge(mode, trump, compact=True)
    frames = [Frame("The deal", _contract_line(o), "Every card in turn, as the engine checks it.")]
    err = o.get("error")
    tricks = doc.get("tricks") or []
    leaders = [Seat.parse(t["leader"]) for t in tricks]
    played = play_tricks([[Card.parse(x) for x in t["cards"]] for t in tricks], mode=mode, trump=trump,
                         first_leader=leaders[0] if leaders else Seat.S, leaders=leaders)
    for t in played:
        for j, (seat, card) in enumerate(t.plays, start=1):
            shown = t.cards[:j]
            if err is not None and err["trick"] == t.number and err["card"] == str(card):
                frames.append(Frame(f"Trick {t.number}, card {j}: illegal",
                                    _trick(t.leader, shown, size=size, center=center, marks={seat: "illegal"}),
                                    f"**Illegal.** {plain(err['reason'])}"))
                return frames
            w = trick_winner(t.leader, shown, mode, trump)
            text = f"{seat.title} plays {card.pretty}." + (f" {w.title} wins trick {t.number}." if j == 4 else "")
            frames.append(Frame(f"Trick {t.number}, card {j}", _trick(t.leader, shown, size=size, center=center,
                                                                       winning=w), text))
    if err is not None:
        frames.append(Frame("Not a valid deal", "", plain(err.get("reason", ""))))
        return frames
    pts = o.get("points") or {}
    frames.append(Frame("The score", "", f"Raw points: NS {pts.get('NS')}, EW {pts.get('EW')}. "
                        + score_words(o.get("score") or {})))
    return frames


def _projects_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str) -> list[Frame]:
    _, trump = _contract(o)
    frames = [Frame("The contract", _contract_line(o), "Which projects may each hand show, and who scores?")]
    for seat, hand in (doc.get("hands") or {}).items():
        s = Seat.parse(seat)
        found = o["by_seat"].get(s.value, {})
        shown = [str(x) for p in found.get("projects", []) for x in p["cards"]]
        names = ", ".join(f"{p['type'].replace('_', ' ').title()} ({p['value']})" for p in found.get("projects", []))
        baloot = " It holds the Baloot (trump K and Q)." if found.get("baloot") else ""
        frames.append(Frame(f"{s.title}'s hand", ui.hand_html(hand, trump=trump, size=size,
                                                              highlight={x: "winning" for x in shown}),
                            f"{s.title} may show: {names or 'nothing'}.{baloot}"))
    frames.append(Frame("Who scores?", "", f"{plain(o.get('reason', ''))}\n\nPoints: NS {o['points']['NS']}, "
                                           f"EW {o['points']['EW']}."))
    return frames


def _bidding_frames(o: Mapping[str, Any], size: str) -> list[Frame]:
    frames = [Frame("The upcard", ui.upcard_html(o["upcard"], size=size),
                    f"{Seat.parse(o['dealer']).title} deals; {Seat.parse(o['order'][0]).title} speaks first.")]
    for h in o.get("history") or []:
        frames.append(Frame(f"Call {h['index'] + 1}: {Seat.parse(h['seat']).title}", "", plain(h["reason"])))
    err = o.get("error")
    if err:
        frames.append(Frame(f"Call {err['index'] + 1}: illegal", "", plain(err["reason"])))
    frames.append(Frame("The outcome", "", verdict_words(Checked(output=dict(o)))))
    return frames
