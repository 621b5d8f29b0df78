"""What a seat may do, and what the rules say of it: the actions (a :class:`~.bidding.Call`, :class:`Play`
with or without Ekka, :class:`Declare` for projects) in notation and in words, the rules of the deal's course
(:class:`GameRule`), the verdict on an action (:class:`ActionVerdict`) and the stages of a deal (:class:`Stage`).

Written as text, actions read ``E: hokum``, ``N: play KC ekka``, ``S: declare QD KD AD``.

>>> parse_action("N: play kc ekka"), str(parse_action("S: declare QD KD AD"))
(Play(card=Card.parse('KC'), ekka=True, seat=<Seat.N: 'N'>), 'S: declare QD KD AD')
>>> str(describe(parse_action("E: pass"), Phase.ROUND_TWO)), GameRule.FALSE_EKKA.value
('E passes (Wala).', 'false_ekka')
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass, replace
from typing import Any

from explorer.engine.core.cards import Card, Seat, cards, format_cards
from explorer.engine.core.errors import CallError
from explorer.engine.core.i18n import ENGLISH, N_, Msg, Style
from explorer.engine.rules.bidding import BidRule, Call, CallKind, Phase
from explorer.engine.rules.play import PlayRule

# --- actions ---------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Play:
    """Play a card; the leader may announce Ekka with it."""

    card: Card
    ekka: bool = False
    seat: Seat | None = None

    def by(self, seat: Seat | None) -> Play:
        return replace(self, seat=seat)

    def __str__(self) -> str:
        text = f"play {self.card}" + (" ekka" if self.ekka else "")
        return f"{self.seat.value}: {text}" if self.seat else text


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare projects in trick 1, before one's card: each a tuple of cards (empty: declare none)."""

    projects: tuple[tuple[Card, ...], ...] = ()
    seat: Seat | None = None

    def by(self, seat: Seat | None) -> Declare:
        return replace(self, seat=seat)

    def __str__(self) -> str:
        text = "declare " + (" | ".join(format_cards(p) for p in self.projects) or "none")
        return f"{self.seat.value}: {text}" if self.seat else text


Action = Call | Play | Declare

_ACTION_RE = re.compile(r"^\s*(?:([SENWsenw])\s*:\s*)?(play|declare)\b\s*(.*?)\s*$", re.IGNORECASE)


def parse_action(text: str | Action) -> Action:
    """Read an action: a call (``E: hokum``, ``double locked``), ``play KC [ekka]`` or ``declare QD KD AD | ...``.

    >>> parse_action("N: play kc ekka"), parse_action("S: declare QD KD AD")
    (Play(card=Card.parse('KC'), ekka=True, seat=<Seat.N: 'N'>), Declare(projects=((Card.parse('QD'), Card.parse('KD'), Card.parse('AD')),), seat=<Seat.S: 'S'>))
    """
    if isinstance(text, (Call, Play, Declare)):
        return text
    m = _ACTION_RE.match(str(text))
    if not m:
        return Call.parse(text)
    seat = Seat.parse(m.group(1)) if m.group(1) else None
    verb, rest = m.group(2).lower(), m.group(3)
    if verb == "play":
        words = rest.split()
        if not words or len(words) > 2 or (len(words) == 2 and words[1].lower() != "ekka"):
            raise CallError("{value} is not an action (write e.g. 'play KC' or 'play KC ekka')", value=repr(text))
        return Play(Card.parse(words[0]), len(words) == 2, seat)
    if rest.strip().lower() in ("", "none"):
        return Declare((), seat)
    return Declare(tuple(tuple(cards(part)) for part in rest.split("|")), seat)


def describe(action: Action, phase: Phase | None = None) -> Msg:
    """An action in words for the table: ``E passes``, ``N: Hokum ♥``, ``S plays K♣ (Ekka)``.

    ``phase``, the bidding phase a call is made in (``BiddingState.phase`` before it, ``CallRecord.phase``
    after), names a pass by its round: the table says «بس» in round 1 and «ولا» in round 2.

    >>> e = Call(CallKind.PASS, seat=Seat.E)
    >>> str(describe(e)), str(describe(e, Phase.ROUND_TWO))
    ('E passes.', 'E passes (Wala).')
    >>> from explorer.engine.core.i18n import Style
    >>> describe(e, Phase.ROUND_ONE).render(Style(lang="ar")), describe(e, Phase.ROUND_TWO).render(Style(lang="ar"))
    ('الشرق: بس.', 'الشرق: ولا.')
    """
    if isinstance(action, Play):
        if action.ekka:
            return Msg("{seat} plays {card} and announces Ekka.", seat=action.seat, card=action.card)
        return Msg("{seat} plays {card}.", seat=action.seat, card=action.card)
    if isinstance(action, Declare):
        if not action.projects:
            return Msg("{seat} declares no project.", seat=action.seat)
        return Msg("{seat} declares {cards}.", seat=action.seat, cards=[list(p) for p in action.projects])
    if action.kind is CallKind.PASS:
        if phase is Phase.ROUND_TWO:
            return Msg("{seat} passes (Wala).", seat=action.seat)
        return Msg("{seat} passes.", seat=action.seat)
    return Msg("{seat}: {call}", seat=action.seat, call=action.message())


# --- rules of the game loop ------------------------------------------------------------------------


class GameRule(enum.Enum):
    """Rules of the deal's course, besides those of a card (:class:`PlayRule`) and a call (:class:`BidRule`)."""

    NOT_YOUR_TURN = "not_your_turn"
    DEAL_OVER = "deal_over"
    NOT_PLAYING_YET = "not_playing_yet"
    PLAYING_NOW = "playing_now"
    EKKA_ONLY_LEADING = "ekka_only_leading"
    FALSE_EKKA = "false_ekka"
    DECLARE_TRICK_ONE = "declare_trick_one"
    DECLARE_ONCE = "declare_once"
    DECLARE_NOT_PROJECT = "declare_not_project"
    DECLARE_NOT_HELD = "declare_not_held"
    DECLARE_CARD_TWICE = "declare_card_twice"
    DECLARE = "declare"

    @property
    def doc(self) -> str:
        """The rule in one sentence."""
        return _GAME_RULE_DOCS[self]


_GAME_RULE_DOCS = {
    GameRule.NOT_YOUR_TURN: N_("Only the seat whose turn it is may act."),
    GameRule.DEAL_OVER: N_("The deal is over: nothing more can be played or called."),
    GameRule.NOT_PLAYING_YET: N_("Cards are played, and projects declared, only once the bidding and doubling are over."),
    GameRule.PLAYING_NOW: N_("The bidding and the doubling are over: only cards (and projects in trick 1) now."),
    GameRule.EKKA_ONLY_LEADING: N_("Ekka is announced by the leader, with the card that leads the trick."),
    GameRule.FALSE_EKKA: N_("Ekka may be announced only on the highest card still unplayed in a plain suit."),
    GameRule.DECLARE_TRICK_ONE: N_("Projects are declared in trick 1, at one's own turn, before one's card."),
    GameRule.DECLARE_ONCE: N_("A seat declares its projects once."),
    GameRule.DECLARE_NOT_PROJECT: N_("Only a run of 3 to 5 in one suit, or four A, K, Q, J or 10, is a project."),
    GameRule.DECLARE_NOT_HELD: N_("A seat declares projects from its own hand."),
    GameRule.DECLARE_CARD_TWICE: N_("No card serves in two projects."),
    GameRule.DECLARE: N_("In trick 1, before its card, a seat declares the projects it holds."),
}

AnyRule = PlayRule | BidRule | GameRule


@dataclass(frozen=True)
class ActionVerdict:
    """Whether an action may be taken now, the rule that decides it, and the reason (a :class:`Msg`)."""

    action: Action
    legal: bool
    rule: AnyRule
    reason: Msg

    def to_dict(self, style: Style = ENGLISH) -> dict[str, Any]:
        """JSON-ready: the action as text, legal, the rule id and the reason in ``style``."""
        return {"action": str(self.action), "legal": self.legal, "rule": self.rule.value,
                "reason": self.reason.render(style)}


class Stage(enum.Enum):
    """Where the deal stands."""

    BIDDING = "bidding"
    DOUBLING = "doubling"
    PLAY = "play"
    OVER = "over"
    REDEAL = "redeal"

    @property
    def finished(self) -> bool:
        """The deal is over: scored, or cancelled because everyone passed twice."""
        return self in (Stage.OVER, Stage.REDEAL)


STAGE_REASONS: dict[GameRule, Msg] = {
    GameRule.DEAL_OVER: Msg("The deal is over."),
    GameRule.PLAYING_NOW: Msg("The bidding and the doubling are over; the cards are being played."),
    GameRule.NOT_PLAYING_YET: Msg("The bidding is not over yet: no card is played before the contract is settled."),
}
"""The sentence of each rule of the deal's course that refuses an action at this stage."""
