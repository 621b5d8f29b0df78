"""What the card table component is given: the practice as plain JSON data, no Streamlit, no rules of its own.

The table (:mod:`explorer.ui.practice.table`) draws one picture per game state, a *frame*: the four seats with
their names and card counts, the cards on the table (the trick, or the upcard during the bidding), each seat's
last call, the contract, the score and your hand. A tap gives one run on the server, which sends the frames of
every state from your action to your next decision (:meth:`~explorer.engine.game.practice.Practice.act`); the
component plays them back one by one. Alongside, what you may do now (:func:`your_turn`: your cards with the
engine's reason for each one you may not play, the calls with the tutor's line for each) and, once a deal is
over, what it came to (:func:`deal_over`).

Every sentence is the engine's or this module's message, rendered by the page's ``say`` (players' names, card
faces, the reader's language); cards are given by their code, rank and suit symbol, as the component draws them.

>>> from explorer.engine.game.practice import Practice
>>> p, states = Practice.new(7, dealer=Seat.S).advance()
>>> f = frame(states[0], p, say=str)
>>> f["act"]["seat"], f["act"]["kind"], f["upcard"]["c"], sorted(f["counts"].values())
('E', 'call', '8C', [5, 5, 5, 5])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from explorer.engine.core.cards import SEATS, Card, Seat, Team  # noqa: F401  (Seat: the doctest)
from explorer.engine.core.i18n import Msg
from explorer.engine.game.practice import Practice
from explorer.engine.game.state import Call, Declare, GameState, Play, Stage
from explorer.engine.rules.play import PlayedTrick, trick_winner
from explorer.engine.rules.projects import declared_projects
from explorer.view import practice as pv
from explorer.view.cards import card_label, sort_hand
from explorer.view.language import t

Say = Callable[[Any], str]
"""How the page says a message (its language, the players' names, card faces, "you")."""


def card(c: Card) -> dict[str, Any]:
    """A card as the component draws it.

    >>> card(Card.parse("TH"))
    {'c': 'TH', 'r': '10', 's': '♥', 'red': True, 'name': '10 of hearts'}
    """
    return {"c": str(c), "r": c.rank.label, "s": c.suit.symbol, "red": c.suit.is_red, "name": card_label(c)}


def _plays(trick: PlayedTrick) -> list[dict[str, Any]]:
    return [{"seat": s.value, "card": card(c)} for s, c in trick.plays]


def _act(a: Any, g: GameState, say: Say, before: GameState | None) -> dict[str, Any] | None:
    """The action that led to ``g``: who did what (a call's words, a card), for the component to move."""
    if a is None:
        return None
    if isinstance(a, Call):
        round_two = before is not None and pv.in_round_two(before.bidding)
        return {"seat": a.seat.value, "kind": "call", "text": say(pv.call_word(a, round_two=round_two))}
    if isinstance(a, Declare):
        kinds = [p.type for cs in a.projects for p in declared_projects(cs, g.contract.mode)]
        text = say(Msg("{projects}", projects=kinds)) if kinds else ""
        return {"seat": a.seat.value, "kind": "declare", "text": text}
    return {"seat": a.seat.value, "kind": "card", "card": card(a.card), "ekka": a.ekka}


def _contract(g: GameState, say: Say) -> dict[str, Any] | None:
    c = g.contract
    if c is None:
        return None
    esc = g.escalation
    return {"mode": c.mode.value, "word": t("{mode}", mode=c.mode),
            "suit": c.trump.symbol if c.trump else None, "red": bool(c.trump and c.trump.is_red),
            "buyer": c.buyer.value, "level": say(esc.message()) if esc.level.value != "none" else "",
            "locked": bool(esc.locked), "text": say(pv.contract_line(g))}


def _score(g: GameState, p: Practice) -> dict[str, Any]:
    """The match (after this deal once it is scored) and this deal's card points so far, from South's chair."""
    after = g.match_after
    pts, won = g.points
    return {"us": after[Team.NS], "them": after[Team.EW], "deal_us": pts[Team.NS], "deal_them": pts[Team.EW],
            "tricks_us": won[Team.NS], "tricks_them": won[Team.EW]}


def frame(g: GameState, p: Practice, *, say: Say, before: GameState | None = None,
          log: int | None = None) -> dict[str, Any]:
    """The table in state ``g``: what every player sees, and your own hand."""
    human = p.human
    cur = g.current
    shown_trick = cur if cur is not None else (g.tricks[-1] if g.tricks and before is not None
                                               and len(before.played) < len(g.played) else None)
    won = None
    if shown_trick is not None and shown_trick.complete:
        won = {"seat": shown_trick.winner.value, "points": shown_trick.points, "n": shown_trick.number}
    winning = None
    if cur is not None and cur.cards:
        winning = trick_winner(cur.leader, cur.cards, g.contract.mode, g.contract.trump).value
    bubbles = {}
    if g.stage in (Stage.BIDDING, Stage.DOUBLING):
        bubbles = {s.value: say(m) for s, m in pv.last_calls(g).items()}
    last = g.completed_tricks[-1] if g.completed_tricks else None
    trump = g.contract.trump if g.contract else None
    return {
        "act": _act(g.actions[-1] if g.actions else None, g, say, before),
        "stage": g.stage.value,
        "turn": g.to_act.value if g.to_act else None,
        "dealer": g.dealer.value,
        "counts": {s.value: len(g.hand(s)) for s in SEATS},
        "hand": [card(c) for c in sort_hand(g.hand(human), trump=trump)],
        "trick": _plays(shown_trick) if shown_trick is not None else [],
        "won": won,
        "winning": winning,
        "bubbles": bubbles,
        "upcard": card(g.upcard) if g.upcard is not None and g.stage in (Stage.BIDDING, Stage.DOUBLING) else None,
        "contract": _contract(g, say),
        "score": _score(g, p),
        "last": None if last is None else {"n": last.number, "cards": _plays(last), "winner": last.winner.value,
                                           "points": last.points, "text": say(_won(last, human))},
        "log": log,
        "quick": _claimed(g, p),
    }


def _won(trick: PlayedTrick, you: Seat) -> Msg:
    """Who won a trick and its points, as the deal's log says it."""
    if trick.winner is you:
        return Msg("You win trick {n} ({points} points).", n=trick.number, points=trick.points)
    return Msg("{seat} wins trick {n} ({points} points).", seat=trick.winner, n=trick.number, points=trick.points)


def _claimed(g: GameState, p: Practice) -> bool:
    """Whether ``g`` comes from a Sawa claim's cards (shown quickly: the claim shows the rest of the deal at once)."""
    log = p.deals[-1]
    return log.sawa is not None and len(g.actions) > log.sawa_at and g.seed == p.state.seed


def frames(states: Sequence[GameState], p: Practice, *, say: Say, before: GameState | None = None
           ) -> list[dict[str, Any]]:
    """One frame per state, in order, each knowing the state before it (to tell a card just played, a trick
    just won) and how many lines the deal's log has by then."""
    out = []
    for g in states:
        out.append(frame(g, p, say=say, before=before, log=len(pv.events(g, you=p.human))))
        before = g
    return out


def log_lines(g: GameState, p: Practice, *, say: Say) -> list[str]:
    """The deal's whole log, said in the page's language."""
    return [say(m) for m in pv.events(g, you=p.human)]


def your_turn(p: Practice, *, say: Say, sawa: bool = False) -> dict[str, Any] | None:
    """What you may do now (None when it is not your decision): your cards, each with the engine's reason when
    it breaks a rule; the calls the game model allows, each with its tutor's line; your declarations; Ekka; Sawa
    (``sawa``: the claim holds, checked by the page); the tutor's obligation line, Hint and Take back."""
    g = p.state
    if not p.needs_you:
        return None
    legal = g.legal_actions()
    out: dict[str, Any] = {"stage": g.stage.value, "tutor": p.tutor, "back": p.tutor and p.can_take_back,
                           "hint": p.tutor, "line": None, "cards": {}, "calls": [], "declare": [], "ekka": [],
                           "sawa": sawa and p.may_claim}
    if g.stage in (Stage.BIDDING, Stage.DOUBLING):
        round_two = pv.in_round_two(g.bidding)
        for a in legal:
            out["calls"].append({"a": str(a), "label": say(pv.call_word(a, round_two=round_two)),
                                 "help": say(pv.call_help(a, g, you=p.human)) if p.tutor else "",
                                 "pass": pv.kind_is_pass(a)})
        return out
    declarations = [a for a in legal if isinstance(a, Declare)]
    if declarations:
        out["declare"] = [{"a": str(a), "label": _declaration_label(a, g, say)} for a in declarations]
        return out
    plays = {a.card for a in legal if isinstance(a, Play)}
    for c in g.hand(p.human):
        out["cards"][str(c)] = "" if c in plays else say(g.why_not(Play(c, seat=p.human)).reason)
    out["ekka"] = [str(c) for c in pv.is_ekka_offer(g, p.human)]
    if p.tutor:
        line = pv.obligation_line(g, p.human)
        out["line"] = say(line) if line is not None else None
    return out


def _declaration_label(a: Declare, g: GameState, say: Say) -> str:
    if not a.projects:
        return t("Declare nothing")
    parts = [say(Msg("{project}: {cards}", project=pr.type, cards=list(pr.cards)))
             for cs in a.projects for pr in declared_projects(cs, g.contract.mode)]
    return t("Declare {projects}", projects="; ".join(parts))


def deal_over(p: Practice, *, say: Say) -> dict[str, Any] | None:
    """Once the deal is over: what it came to and the match, in your terms (a win, a loss, or neither), and what
    may follow: the next deal, the same cards again (asked first: it changes the sheet), a new match."""
    g = p.state
    if not g.finished:
        return None
    out: dict[str, Any] = {"next": not p.over, "again": p.may_deal_again, "new": p.over, "match": None}
    r = g.result
    if g.stage is Stage.REDEAL:
        out["deal"] = {"text": say(pv.redeal_line(g, p.human)), "tone": "even"}
        out["confirm"] = t("Deal these cards again?")
    elif r.award is None:
        gahwa = (Msg("Gahwa: we win the deal and the match.") if r.winner is Team.NS
                 else Msg("Gahwa: they win the deal and the match."))
        out["deal"] = {"text": say(gahwa),
                       "tone": "win" if r.winner is Team.NS else "loss"}
    else:
        us, them = r.award[Team.NS], r.award[Team.EW]
        out["deal"] = {"text": say(Msg("This deal: Us {us}, Them {them}.", us=us, them=them)),
                       "tone": "win" if us > them else "loss" if them > us else "even"}
        out["confirm"] = t("Deal these cards again? This deal's score (Us {us}, Them {them}) leaves the match; the "
                           "score sheet keeps a note of it.", us=us, them=them)
    if p.over and p.goal == "match":
        w = p.match.winner()
        out["match"] = {"text": say(pv.match_won(w, p.match.totals())), "tone": "win" if w is Team.NS else "loss"}
    claim = pv.sawa_lines(g, p.deals[-1])
    out["claim"] = [say(m) for m in claim]
    return out


