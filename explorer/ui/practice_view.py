"""What the practice table shows, as sentences and HTML: no Streamlit, no rules.

The events of a deal (the cut, the deal, every call, the completion, declarations, each trick's
winner and points, Baloot) are :class:`~explorer.engine.i18n.Msg` sentences, rendered with the
players' names and card faces by the page.

>>> from explorer.engine.game import GameState
>>> from explorer.engine.cards import Seat
>>> g = GameState.new(7, dealer=Seat.S)
>>> [str(m) for m in events(g)][:2]
['W cuts the deck: 2 cards go under.', 'S deals 3 then 2 cards to each seat, starting with E; the upcard is TH.']
"""

from __future__ import annotations

from collections.abc import Mapping

from explorer.engine.bidding import BidRule, Call, CallKind
from explorer.engine.cards import Card, Rank, Seat, Team
from explorer.engine.game import Declare, GameState, Play, Stage, describe
from explorer.engine.i18n import Msg, Style
from explorer.engine.play import obligation
from explorer.engine.projects import compare_projects, declared_projects

TEAM_WORDS = {Team.NS: "Us", Team.EW: "Them"}
"""The practice table's teams from South's chair: NS is us (لنا), EW them (لهم)."""


def style(names: Mapping[Seat, str]) -> Style:
    """Sentences with the players' names and card faces."""
    return Style(cards="face", seats=dict(names))


def events(g: GameState, *, you: Seat | None = None) -> list[Msg]:
    """Everything that happened in the deal so far, in order; ``you`` is spoken to ("You pass.")."""
    out: list[Msg] = []
    if g.deck is not None:
        out.append(Msg("{seat} cuts the deck: {n} cards go under.", seat=g.dealer.left, n=g.cut or 0))
        out.append(Msg("{dealer} deals 3 then 2 cards to each seat, starting with {first}; the upcard is {card}.",
                       dealer=g.dealer, first=g.dealer.right, card=g.upcard))
    completed = False
    cards_seen: list[Card] = []
    trick_count = 0
    records = iter(g.bidding.history if g.bidding is not None else ())
    for a in g.actions:
        if isinstance(a, Call):
            record = next(records)
            if not record.phase.is_bidding and not completed:      # the doubling comes after the completion
                completed = True
                out.append(_completion(g))
            out.append(_call(record.rule, a, you))
            continue
        if not completed and g.bidding is not None and g.bidding.taker is not None:
            completed = True
            out.append(_completion(g))
        if isinstance(a, Declare):
            out.append(_declared(a, g, you))
            continue
        cards_seen.append(a.card)
        if a.ekka:
            out.append(Msg("You lead {card} and announce Ekka.", card=a.card) if a.seat is you else
                       Msg("{seat} leads {card} and announces Ekka.", seat=a.seat, card=a.card))
        b = g.baloot_seat
        if b is not None and a.seat is b and a.card.suit is g.contract.trump and a.card.rank in (Rank.KING,
                                                                                               Rank.QUEEN):
            kq = {Card(Rank.KING, g.contract.trump), Card(Rank.QUEEN, g.contract.trump)}
            if kq <= set(cards_seen):
                out.append(Msg("{seat}: Baloot! (the trump King and Queen)", seat=b))
        if len(cards_seen) % 4 == 0:
            t = g.tricks[trick_count]
            trick_count += 1
            if trick_count == 1:
                out += _comparison(g)
            if t.winner is you:
                out.append(Msg("You win trick {n} ({points} points).", n=t.number, points=t.points))
            else:
                out.append(Msg("{seat} wins trick {n} ({points} points).", seat=t.winner, n=t.number,
                               points=t.points))
    if g.stage is Stage.REDEAL:
        out.append(Msg("Everyone passed twice: the deal is cancelled and {seat} deals next.", seat=g.next_dealer))
    elif not completed and g.stage in (Stage.DOUBLING, Stage.PLAY, Stage.OVER) and g.bidding is not None:
        out.append(_completion(g))
    return out


def _declared(a: Declare, g: GameState, you: Seat | None) -> Msg:
    """A declaration as the table hears it in trick 1: the projects' names, not their cards (000 §05)."""
    kinds = [p.type for cs in a.projects for p in declared_projects(cs, g.contract.mode)]
    if a.seat is you:
        return Msg("You declare {projects}.", projects=kinds) if kinds else Msg("You declare no project.")
    if not kinds:
        return Msg("{seat} declares no project.", seat=a.seat)
    return Msg("{seat} declares {projects}.", seat=a.seat, projects=kinds)


def _comparison(g: GameState) -> list[Msg]:
    """After trick 1: which team's projects count, and the cards its players show (000 §05)."""
    shown = {s: ps for s, ps in g.projects().items() if ps}
    if not shown:
        return []
    comp = compare_projects(shown, mode=g.contract.mode, trump=g.contract.trump, dealer=g.dealer,
                            profile=g.profile)
    out = [comp.reason]
    for seat, ps in shown.items():
        if seat.team is comp.project_team:
            out.append(Msg("{seat} shows {cards}.", seat=seat, cards=[c for p in ps for c in p.cards]))
    return out


def _call(rule: BidRule, a: Call, you: Seat | None) -> Msg:
    """A call in words, saying what a pass declines; in the second person for ``you``."""
    mine = a.seat is you
    if a.kind is not CallKind.PASS:
        return Msg("You: {call}", call=a.message()) if mine else describe(a)
    if rule is BidRule.ESCALATION_PASS:
        return Msg("You do not raise.") if mine else Msg("{seat} does not raise.", seat=a.seat)
    if rule is BidRule.PASS_DECLINES_CHANCE:
        return (Msg("You pass again: no Sun over the standing bid.") if mine else
                Msg("{seat} passes again: no Sun over the standing bid.", seat=a.seat))
    if rule is BidRule.PASS_KEEPS_HOKUM:
        return Msg("You keep your Hokum.") if mine else Msg("{seat} keeps its Hokum.", seat=a.seat)
    return Msg("You pass.") if mine else describe(a)


def last_calls(g: GameState) -> dict[Seat, Msg]:
    """Each seat's latest call in the bidding and doubling, for the table."""
    out: dict[Seat, Msg] = {}
    if g.bidding is not None:
        for r in g.bidding.history:
            out[r.call.seat] = r.call.message()
    return out


def _completion(g: GameState) -> Msg:
    taker = g.bidding.taker
    return Msg("Completion: {taker} takes the upcard and 2 more cards, every other seat 3: eight cards each.",
               taker=taker)


def obligation_line(g: GameState, seat: Seat) -> Msg | None:
    """The tutor's line before a card: the obligation that applies to ``seat`` now."""
    if g.stage is not Stage.PLAY or g.to_act is not seat:
        return None
    return obligation(g.view(seat).play_state()).situation


def call_word(call: Call) -> Msg:
    """A call as a button shows it: ``Pass``, ``Hokum ♥``, ``Double (locked)``."""
    return call.message()


def is_ekka_offer(g: GameState, seat: Seat) -> list[Card]:
    """The cards ``seat`` may lead announcing Ekka now (not under the automatic Ekka option)."""
    return [a.card for a in g.legal_actions() if isinstance(a, Play) and a.ekka and a.seat is seat]


def contract_line(g: GameState) -> Msg | None:
    """The contract and the escalation, once known: ``Hokum ♥ bought by N, Double (locked)``."""
    if g.contract is None:
        return None
    if g.escalation.level.value == "none":
        return g.contract.message()
    return Msg("{contract}, {escalation}", contract=g.contract.message(), escalation=g.escalation.message())


def teams_line(totals: Mapping[Team, int]) -> Msg:
    """The match from South's chair: ``Us 45 – Them 80``."""
    return Msg("Us {us} – Them {them}", us=totals[Team.NS], them=totals[Team.EW])


def declaration_gap(found: tuple, declared: tuple) -> Msg | None:
    """What the engine says of your own declaration: what you missed, or None when you declared the best."""
    best = sum(p.value for p in found)
    got = sum(p.value for p in declared)
    if got >= best:
        return None
    return Msg("Your hand could show {best} game points of projects; you declared {got}.", best=best, got=got)


HAND_CSS = """<style>
.st-key-play-hand button, .st-key-play-calls button { min-height: 3rem; }
.st-key-play-hand button { min-width: 3.3rem; min-height: 4.4rem; font-size: 1.35rem; font-weight: 700;
  background: #fff; border: 1px solid #b9c7bd; border-radius: 9px; box-shadow: 0 1px 2px rgba(0,0,0,.18); }
.st-key-play-hand [data-testid="stBaseButton-tertiary"] { background: #eef1ee; box-shadow: none;
  border: 1px dashed #b9c7bd; opacity: .55; }
.st-key-play-hand [data-testid="stBaseButton-tertiary"]:hover { opacity: .8; }
</style>"""
"""Your hand's buttons look like cards (tap targets at least 48 px), the ones that break a rule greyed."""


def card_button_label(card: Card) -> str:
    """A card on a button: red suits in red (Streamlit Markdown colour)."""
    return f":red[{card.pretty}]" if card.suit.is_red else card.pretty


def kind_is_pass(call: Call) -> bool:
    return call.kind is CallKind.PASS
