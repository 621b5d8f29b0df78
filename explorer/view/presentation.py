"""Presentation mode: a scenario one step at a time, with large cards, for a teacher (no Streamlit).

Every step is a :class:`Frame`: a heading, HTML to show big (cards, a trick, a hand) and a
sentence under it (Markdown). The tricks' seats and winners are the engine's (``seats_from``,
``play_tricks``, ``trick_winner``), the reasons are the engine's verdict; scenario text is
shown as plain text. The sentences are written in ``style``'s language (a page passes
``lang.style()``; the verdict it gives must be rendered in the same style).

>>> from explorer.engine.files.scenario import check_doc
>>> from explorer.content.library import load_library
>>> e = next(e for e in load_library() if e.stem == "seed000-third-player-must-cut")
>>> [f.heading for f in present_frames(e.doc, check_doc(e.doc))][-2:]
['South to play: which cards are legal?', 'The verdict']
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from explorer.engine.core.cards import Card, Seat, Suit, Team
from explorer.engine.core.i18n import ENGLISH, N_, Msg, Style
from explorer.engine.core.tables import Mode
from explorer.engine.files.scenario import Checked
from explorer.engine.rules.play import play_tricks, seats_from, trick_winner
from explorer.view import cards as ui
from explorer.view.replay import seat_name
from explorer.view.text import html_text, plain, plain_lines
from explorer.view.words import score_words, verdict_words

STEP_NAMES = {
    "raw": N_("raw points"), "last_trick": N_("last trick"), "counting_team": N_("counting team"),
    "conversion": N_("conversion"), "complement": N_("complement"), "projects": N_("projects"),
    "baloot": N_("baloot"), "comparison": N_("comparison"), "tie_rule": N_("tie rule"), "award": N_("award"),
    "match": N_("match"),
}
"""The scoring pipeline's steps (the ``step`` ids of a score verdict) by name."""


def step_name(step: str, style: Style = ENGLISH) -> str:
    """A scoring step's name in ``style``'s language: ``tie rule``; an unknown id is written with spaces.

    >>> step_name("tie_rule"), step_name("something_new")
    ('tie rule', 'something new')
    """
    name = STEP_NAMES.get(step)
    return Msg(name).render(style) if name else step.replace("_", " ")


@dataclass(frozen=True)
class _Words:
    """The sentences of a presentation, in one style."""

    style: Style

    def t(self, text: str, /, **params: Any) -> str:
        return Msg(text, **params).render(self.style)


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


FACES = Style(cards="face")
"""English with card faces: how a page writes its sentences."""


def present_frames(doc: Mapping[str, Any], checked: Checked, *, size: str = "lg",
                   style: Style = FACES) -> list[Frame]:
    """The steps of a scenario for a teacher: a trick card by card then the verdict (play), the
    scoring pipeline step by step (score), a whole deal card by card (deal), each hand then the
    priority (projects), each call then the contract (bidding); the sentences in ``style``."""
    w = _Words(style)
    if not checked.ok:
        return [Frame(w.t("This scenario cannot be judged"), "", plain_lines(checked.problems(style)))]
    o = checked.output or {}
    kind = o.get("kind")
    if kind == "play":
        return _play_frames(doc, o, size, w)
    if kind == "score":
        return _score_frames(o, w)
    if kind == "deal":
        return _deal_frames(doc, o, size, w)
    if kind == "projects":
        return _projects_frames(doc, o, size, w)
    if kind == "bidding":
        return _bidding_frames(o, size, w)
    return [Frame(w.t("Verdict"), "", verdict_words(checked))]


def _contract(o: Mapping[str, Any]) -> tuple[Mode, Suit | None]:
    c = o["contract"]
    return Mode(c["mode"]), (Suit.parse(c["trump"]) if c.get("trump") else None)


def _contract_line(o: Mapping[str, Any], w: _Words) -> str:
    c = o.get("contract") or {}
    if not c:
        return ""
    badge = ui.trump_badge(c["mode"], c.get("trump"))
    buyer = "<b>" + html_text(seat_name(Seat.parse(c["buyer"])).render(w.style)) + "</b>"
    return badge + " &nbsp; " + w.t("bought by {buyer}", buyer=buyer)


def _trick(leader: Seat, cards: Sequence[Card], *, size: str, center: str, to_play: Seat | None = None,
           winning: Seat | None = None, marks: Mapping[Seat, str] | None = None) -> str:
    plays = dict(zip(seats_from(leader, len(cards)), cards, strict=True))
    return ui.trick_html(plays, leader=leader, to_play=to_play, winning=winning, center=center, size=size,
                         highlight=marks, flat=True)


def _side_by_side(left: str, right: str) -> str:
    """Two blocks in a row (wrapping on a narrow screen): a trick and a hand, for a projector."""
    return ('<div style="display:flex;flex-wrap:wrap;gap:1.5rem 2.5rem;align-items:center">'
            f'<div style="flex:0 0 auto">{left}</div><div style="flex:1 1 30rem">{right}</div></div>')


def _play_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str, w: _Words) -> list[Frame]:
    cur = doc.get("current") or {}
    leader = Seat.parse(cur.get("leader", "S"))
    table = [Card.parse(c) for c in cur.get("cards") or []]
    mode, trump = _contract(o)
    center = ui.trump_badge(mode, trump, compact=True)
    frames = [Frame(w.t("The contract"), _side_by_side(_trick(leader, [], size=size, center=center),
                                                       _contract_line(o, w)),
                    w.t("{seat} leads this trick.", seat=seat_name(leader)))]
    for i, seat in enumerate(seats_from(leader, len(table)), start=1):
        win = trick_winner(leader, table[:i], mode, trump)
        if i == 1 and o.get("ekka"):
            said = w.t("{seat} plays {card} and announces **Ekka**. {winner} is winning.", seat=seat_name(seat),
                       card=table[i - 1], winner=seat_name(win))
        else:
            said = w.t("{seat} plays {card}. {winner} is winning.", seat=seat_name(seat), card=table[i - 1],
                       winner=seat_name(win))
        frames.append(Frame(w.t("Card {i}: {seat}", i=i, seat=seat_name(seat)),
                            _trick(leader, table[:i], size=size, center=center, winning=win), said))
    me = Seat.parse(o["to_play"])
    hand = list(doc.get("hand") or [])
    winning = Seat.parse(o["winning"]) if o.get("winning") else None
    small = "md" if size == "lg" else size
    trick = _trick(leader, table, size=small, center=center, to_play=me, winning=winning)
    label = w.t("{seat}'s hand", seat=seat_name(me))
    frames.append(Frame(w.t("{seat} to play: which cards are legal?", seat=seat_name(me)),
                        _side_by_side(trick, ui.hand_html(hand, trump=trump, size=size, label=label)),
                        w.t("Think before the next step.")))
    marks = {x: "legal" for x in o["legal"]} | {x: "illegal" for x in o["illegal"]}
    frames.append(Frame(w.t("The verdict"),
                        _side_by_side(trick, ui.hand_html(hand, trump=trump, size=size, highlight=marks,
                                                          label=label)),
                        w.t("{reason}\n\n*Rule:* {rule}", reason=plain(o["rule"]), rule=plain(o["rule_text"]))))
    return frames


def _score_frames(o: Mapping[str, Any], w: _Words) -> list[Frame]:
    frames = [Frame(w.t("The deal"), _contract_line(o, w), w.t("The scoring pipeline, one step at a time."))]
    steps = o.get("steps") or []
    for i, s in enumerate(steps, start=1):
        vals = s.get("values") or {}
        nums = " &nbsp; ".join(f"<b>{html.escape(_value_key(k, w))}</b> {html.escape(str(v))}" for k, v in vals.items())
        body = f'<div style="font-size:2rem">{nums}</div>' if nums else ""
        frames.append(Frame(w.t("Step {i} of {n}: {name}", i=i, n=len(steps), name=step_name(s["step"], w.style)),
                            body, plain(s["detail"])))
    frames.append(Frame(w.t("The award"), "", score_words(o)))
    return frames


def _value_key(key: str, w: _Words) -> str:
    """A key of a scoring step's values: a team is named in the style's language."""
    try:
        return w.t("{team}", team=Team.parse(key))
    except ValueError:
        return key


def _deal_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str, w: _Words) -> list[Frame]:
    mode, trump = _contract(o)
    center = ui.trump_badge(mode, trump, compact=True)
    frames = [Frame(w.t("The deal"), _contract_line(o, w), w.t("Every card in turn, as the engine checks it."))]
    err = o.get("error")
    tricks = doc.get("tricks") or []
    leaders = [Seat.parse(rec["leader"]) for rec in tricks]
    played = play_tricks([[Card.parse(x) for x in rec["cards"]] for rec in tricks], mode=mode, trump=trump,
                         first_leader=leaders[0] if leaders else Seat.S, leaders=leaders)
    for t in played:
        for j, (seat, card) in enumerate(t.plays, start=1):
            shown = t.cards[:j]
            if err is not None and err["trick"] == t.number and err["card"] == str(card):
                frames.append(Frame(w.t("Trick {trick}, card {n}: illegal", trick=t.number, n=j),
                                    _trick(t.leader, shown, size=size, center=center, marks={seat: "illegal"}),
                                    w.t("**Illegal.** {reason}", reason=plain(err["reason"]))))
                return frames
            win = trick_winner(t.leader, shown, mode, trump)
            if j == 4:
                text = w.t("{seat} plays {card}. {winner} wins trick {trick}.", seat=seat_name(seat), card=card,
                           winner=seat_name(win), trick=t.number)
            else:
                text = w.t("{seat} plays {card}.", seat=seat_name(seat), card=card)
            frames.append(Frame(w.t("Trick {trick}, card {n}", trick=t.number, n=j),
                                _trick(t.leader, shown, size=size, center=center, winning=win), text))
    if err is not None:
        frames.append(Frame(w.t("Not a valid deal"), "", plain(err.get("reason", ""))))
        return frames
    pts = o.get("points") or {}
    frames.append(Frame(w.t("The score"), "", w.t("Raw points: {ns} {a}, {ew} {b}.", ns=Team.NS, ew=Team.EW,
                                                  a=pts.get("NS"), b=pts.get("EW"))
                        + " " + score_words(o.get("score") or {})))
    return frames


def _projects_frames(doc: Mapping[str, Any], o: Mapping[str, Any], size: str, w: _Words) -> list[Frame]:
    _, trump = _contract(o)
    frames = [Frame(w.t("The contract"), _contract_line(o, w),
                    w.t("Which projects may each hand show, and who scores?"))]
    for seat, hand in (doc.get("hands") or {}).items():
        s = Seat.parse(seat)
        found = o["by_seat"].get(s.value, {})
        projects = found.get("projects", [])
        shown = [str(x) for p in projects for x in p["cards"]]
        names = [w.t("{project} ({value})", project=_project_name(p["type"], w), value=p["value"]) for p in projects]
        if found.get("baloot"):
            said = (w.t("{seat} may show: {projects}. It holds the Baloot (trump K and Q).", seat=seat_name(s),
                        projects=names) if names
                    else w.t("{seat} may show nothing. It holds the Baloot (trump K and Q).", seat=seat_name(s)))
        else:
            said = (w.t("{seat} may show: {projects}.", seat=seat_name(s), projects=names) if names
                    else w.t("{seat} may show nothing.", seat=seat_name(s)))
        frames.append(Frame(w.t("{seat}'s hand", seat=seat_name(s)),
                            ui.hand_html(hand, trump=trump, size=size, highlight={x: "winning" for x in shown}),
                            said))
    frames.append(Frame(w.t("Who scores?"), "", w.t("{reason}\n\nPoints: {ns} {a}, {ew} {b}.",
                                                   reason=plain(o.get("reason", "")), ns=Team.NS, ew=Team.EW,
                                                   a=o["points"]["NS"], b=o["points"]["EW"])))
    return frames


def _project_name(kind: str, w: _Words) -> str:
    """A project type (``four_hundred``) by its name: the engine's ProjectType title in the style's language."""
    from explorer.engine.core.tables import ProjectType
    try:
        return w.t("{type}", type=ProjectType(kind))
    except ValueError:
        return kind.replace("_", " ").title()


def _bidding_frames(o: Mapping[str, Any], size: str, w: _Words) -> list[Frame]:
    dealer, first = Seat.parse(o["dealer"]), Seat.parse(o["order"][0])
    frames = [Frame(w.t("The upcard"), ui.upcard_html(o["upcard"], size=size),
                    w.t("{dealer} deals; {first} speaks first.", dealer=seat_name(dealer), first=seat_name(first)))]
    for h in o.get("history") or []:
        frames.append(Frame(w.t("Call {n}: {seat}", n=h["index"] + 1, seat=seat_name(Seat.parse(h["seat"]))), "",
                            plain(h["reason"])))
    err = o.get("error")
    if err:
        frames.append(Frame(w.t("Call {n}: illegal", n=err["index"] + 1), "", plain(err["reason"])))
    frames.append(Frame(w.t("The outcome"), "", verdict_words(Checked(output=dict(o)))))
    return frames
