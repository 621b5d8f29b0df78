"""Trick play: who wins a trick, which cards are legal, and why (000 §04, 003).

Every verdict is data: :func:`check_play` returns a :class:`Verdict` with the
:class:`PlayRule` that applies and a sentence a beginner understands.

>>> s = PlayState(mode=Mode.HOKUM, trump=Suit.H, leader=Seat.N,
...               cards=tuple(cards("KC 7C")), hand=tuple(cards("QH 9S 8S AS TD JD 7S")))
>>> format_cards(legal_plays(s))
'QH'
>>> check_play(s, Card.parse("AS")).rule.name
'THIRD_SEAT_MUST_CUT'
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from explorer.engine.core.cards import Card, Rank, Seat, Suit, Team, cards, format_cards  # noqa: F401  (doctests)
from explorer.engine.core.i18n import ENGLISH, N_, Msg, Style, plural
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile
from explorer.engine.core.tables import LAST_TRICK_BONUS, SUN_ORDER, Mode, card_points, strength


class PlayRule(enum.Enum):
    """The obligation that decides which cards a seat may play."""

    NOT_IN_HAND = "not_in_hand"
    LEAD_FREE = "lead_free"
    LOCKED_NO_TRUMP_LEAD = "locked_no_trump_lead"
    FOLLOW_SUIT = "follow_suit"
    SUN_VOID_FREE = "sun_void_free"
    TRUMP_LEAD_OVERTAKE = "trump_lead_overtake"
    TRUMP_LEAD_ANY_TRUMP = "trump_lead_any_trump"
    VOID_NO_TRUMP = "void_no_trump"
    VOID_MUST_WIN_WITH_TRUMP = "void_must_win_with_trump"
    VOID_CANNOT_WIN_FREE = "void_cannot_win_free"
    VOID_MUST_UNDERTRUMP = "void_must_undertrump"
    PARTNER_WINNING_FREE = "partner_winning_free"
    THIRD_SEAT_MUST_CUT = "third_seat_must_cut"
    THIRD_SEAT_ACE_LED = "third_seat_ace_led"
    THIRD_SEAT_EKKA = "third_seat_ekka"

    @property
    def doc(self) -> str:
        """The rule in one sentence."""
        return RULE_DOCS[self]

    @property
    def source(self) -> str:
        """Where the rule comes from in the seeds."""
        return RULE_SOURCES.get(self, "000 §04")


RULE_DOCS: dict[PlayRule, str] = {
    PlayRule.NOT_IN_HAND: N_("A seat can only play a card it holds."),
    PlayRule.LEAD_FREE: N_("The leader may lead any card."),
    PlayRule.LOCKED_NO_TRUMP_LEAD:
        N_("Locked Hokum: no seat may lead a trump unless its hand holds only trumps."),
    PlayRule.FOLLOW_SUIT: N_("When a plain suit is led (any suit in Sun) you must follow it when you hold it; any card of "
        "that suit will do."),
    PlayRule.SUN_VOID_FREE: N_("In Sun a player without the led suit may play any card."),
    PlayRule.TRUMP_LEAD_OVERTAKE:
        N_("Trump led and an opponent is winning: you must beat the winning trump when you can."),
    PlayRule.TRUMP_LEAD_ANY_TRUMP:
        N_("Trump led: follow with a trump; any trump will do when your partner is winning "
        "or you cannot beat the winning trump."),
    PlayRule.VOID_NO_TRUMP: N_("Void in the led suit and holding no trump: you may play any card."),
    PlayRule.VOID_MUST_WIN_WITH_TRUMP:
        N_("Void in the led suit with an opponent winning: you must win the trick with a trump "
        "when one of yours can."),
    PlayRule.VOID_CANNOT_WIN_FREE:
        N_("Void in the led suit with an opponent winning and no trump of yours can win: "
        "discard or undertrump, as you like."),
    PlayRule.VOID_MUST_UNDERTRUMP:
        N_("Void in the led suit with an opponent winning and no trump of yours can win: "
        "you must still play a trump (the must-undertrump option)."),
    PlayRule.PARTNER_WINNING_FREE:
        N_("Void in the led suit while your partner is winning: you may play any card."),
    PlayRule.THIRD_SEAT_MUST_CUT:
        N_("Third player: your partner led and is winning, but without an Ace lead or a valid "
        "Ekka a void third player holding a trump must trump."),
    PlayRule.THIRD_SEAT_ACE_LED:
        N_("Third player: your partner led an Ace and is winning, so as a void third player "
        "you may play any card."),
    PlayRule.THIRD_SEAT_EKKA:
        N_("Third player: your partner announced a valid Ekka and is winning, so as a void "
        "third player you may play any card."),
}

RULE_SOURCES: dict[PlayRule, str] = {
    PlayRule.NOT_IN_HAND: "—",
    PlayRule.LOCKED_NO_TRUMP_LEAD: "000 §03",
    PlayRule.SUN_VOID_FREE: "000 §04; 003",
    PlayRule.VOID_MUST_UNDERTRUMP: "002 (option must_undertrump)",
    PlayRule.THIRD_SEAT_MUST_CUT: "000 §04 third-player exception; 003 (option third_seat_must_cut)",
}


def is_trump(card: Card, mode: Mode, trump: Suit | None) -> bool:
    """Whether a card is a trump in this contract."""
    return mode is Mode.HOKUM and card.suit is trump


def card_value(card: Card, mode: Mode, trump: Suit | None) -> int:
    """Raw points of a card in this contract.

    >>> card_value(Card.parse("JH"), Mode.HOKUM, Suit.H), card_value(Card.parse("JS"), Mode.HOKUM, Suit.H)
    (20, 2)
    """
    return card_points(card.rank, trump=is_trump(card, mode, trump))


def card_strength(card: Card, mode: Mode, trump: Suit | None) -> int:
    """Strength of a card within its own suit in this contract (higher beats lower)."""
    return strength(card.rank, trump=is_trump(card, mode, trump))


def winning_index(trick: Iterable[Card], mode: Mode, trump: Suit | None) -> int:
    """Index of the card that wins (or is winning) a trick: highest trump, else highest of the led suit.

    >>> winning_index(cards("KC 7C AC QH"), Mode.HOKUM, Suit.H)
    3
    >>> winning_index(cards("KC 7C AC QH"), Mode.SUN, None)
    2
    """
    trick = list(trick)
    if not trick:
        raise ValueError("an empty trick has no winner")
    led = trick[0].suit
    best = 0
    for i, c in enumerate(trick[1:], start=1):
        b = trick[best]
        c_trump, b_trump = is_trump(c, mode, trump), is_trump(b, mode, trump)
        if c_trump and not b_trump:
            best = i
        elif c.suit is b.suit and (c_trump or c.suit is led):
            if card_strength(c, mode, trump) > card_strength(b, mode, trump):
                best = i
    return best


def trick_winner(leader: Seat, trick: Iterable[Card], mode: Mode, trump: Suit | None) -> Seat:
    """The seat winning a trick led by ``leader`` (cards in play order).

    >>> trick_winner(Seat.N, cards("KC 7C AC QH"), Mode.HOKUM, Suit.H).value
    'E'
    """
    trick = list(trick)
    return seats_from(leader, len(trick))[winning_index(trick, mode, trump)]


def trick_points(trick: Iterable[Card], mode: Mode, trump: Suit | None) -> int:
    """Raw points of the cards in a trick (without the last-trick 10)."""
    return sum(card_value(c, mode, trump) for c in trick)


def seats_from(leader: Seat, n: int = 4) -> tuple[Seat, ...]:
    """The ``n`` seats that play a trick led by ``leader``, in play order (anticlockwise).

    The one place the engine turns a leader into seats; pages and kinds ask here.

    >>> [s.value for s in seats_from(Seat.W)]
    ['W', 'S', 'E', 'N']
    """
    out, seat = [], leader
    for _ in range(n):
        out.append(seat)
        seat = seat.right
    return tuple(out)


@dataclass(frozen=True)
class PlayedTrick:
    """A trick as played: its number (from 1), leader, cards in play order and, once complete, its winner
    and raw points (the eighth trick's with the last-trick 10)."""

    number: int
    leader: Seat
    cards: tuple[Card, ...]
    winner: Seat | None
    points: int
    ekka: bool = False

    @property
    def seats(self) -> tuple[Seat, ...]:
        """The seat of each card, in play order."""
        return seats_from(self.leader, len(self.cards))

    @property
    def plays(self) -> tuple[tuple[Seat, Card], ...]:
        """(seat, card) pairs in play order."""
        return tuple(zip(self.seats, self.cards))

    @property
    def complete(self) -> bool:
        """Four cards are down."""
        return len(self.cards) == 4

    def card_of(self, seat: Seat) -> Card | None:
        """The card ``seat`` played in this trick, or None."""
        return dict(self.plays).get(seat)


def play_tricks(tricks: Iterable[Iterable[Card]], *, mode: Mode, trump: Suit | None, first_leader: Seat,
                leaders: Iterable[Seat | None] | None = None, ekka: Iterable[bool] | None = None
                ) -> list[PlayedTrick]:
    """Walk tricks in order: the first is led by ``first_leader``, each later one by the previous winner
    (or by the seat ``leaders`` gives for it). The last trick may be incomplete (no winner yet).

    The eighth trick's points include the last-trick 10.

    >>> ts = play_tricks([cards("KC 7C AC QH"), cards("9H 7H")], mode=Mode.HOKUM, trump=Suit.H,
    ...                  first_leader=Seat.N)
    >>> [(t.leader.value, t.winner and t.winner.value, t.points) for t in ts]
    [('N', 'E', 18), ('E', None, 14)]
    """
    out: list[PlayedTrick] = []
    given = list(leaders) if leaders is not None else []
    flags = list(ekka) if ekka is not None else []
    leader = first_leader
    for i, trick in enumerate(tricks):
        trick = tuple(trick)
        if i < len(given) and given[i] is not None:
            leader = given[i]
        complete = len(trick) == 4
        winner = trick_winner(leader, trick, mode, trump) if complete else None
        points = trick_points(trick, mode, trump) + (LAST_TRICK_BONUS if complete and i == 7 else 0)
        out.append(PlayedTrick(i + 1, leader, trick, winner, points, bool(flags[i]) if i < len(flags) else False))
        if winner is None:
            break
        leader = winner
    return out


def team_totals(tricks: Iterable[PlayedTrick]) -> tuple[dict[Team, int], dict[Team, int]]:
    """Raw points (last trick's 10 included) and tricks won by each team, over the complete tricks.

    >>> pts, won = team_totals(play_tricks([cards("KC 7C AC QH")], mode=Mode.HOKUM, trump=Suit.H,
    ...                                    first_leader=Seat.N))
    >>> pts[Team.EW], won[Team.NS]
    (18, 0)
    """
    pts = {Team.NS: 0, Team.EW: 0}
    won = {Team.NS: 0, Team.EW: 0}
    for t in tricks:
        if t.winner is not None:
            pts[t.winner.team] += t.points
            won[t.winner.team] += 1
    return pts, won


def higher_unplayed(lead: Card, played: Iterable[Card]) -> list[Card]:
    """The cards of the lead's suit that rank above it in plain order (A T K Q J 9 8 7) and are not among
    ``played``, highest first: what makes an Ekka on ``lead`` false.

    >>> format_cards(higher_unplayed(Card.parse("QC"), cards("AC")))
    'TC KC'
    """
    gone = set(played)
    return [Card(r, lead.suit) for r in SUN_ORDER[: SUN_ORDER.index(lead.rank)]
            if Card(r, lead.suit) not in gone]


def ekka_valid(lead: Card, played: Iterable[Card], mode: Mode, trump: Suit | None) -> bool:
    """Whether an Ekka on ``lead`` holds: a plain card (not a trump) with no higher card of its suit still
    unplayed. Cards in earlier tricks count as played; cards still in hands do not (000 §04, §09).

    The one test of an Ekka: the game offers and calls an Ekka with it, the third seat's obligation reads it,
    and :func:`ekka_problem` says why one is false.

    >>> ekka_valid(Card.parse("AC"), [], Mode.HOKUM, Suit.H), ekka_valid(Card.parse("KC"), [], Mode.HOKUM, Suit.H)
    (True, False)
    >>> ekka_valid(Card.parse("KC"), cards("AC TC"), Mode.HOKUM, Suit.H), ekka_valid(Card.parse("AH"), [], Mode.HOKUM, Suit.H)
    (True, False)
    """
    return not is_trump(lead, mode, trump) and not higher_unplayed(lead, played)


def ekka_problem(lead: Card, played: Iterable[Card], mode: Mode, trump: Suit | None) -> Msg | None:
    """Why an Ekka announced on ``lead`` is false (:func:`ekka_valid`), or None when it holds.

    >>> str(ekka_problem(Card.parse("KC"), [], Mode.HOKUM, Suit.H))
    'Ekka on KC is false: AC, TC are still unplayed and higher.'
    >>> ekka_problem(Card.parse("KC"), cards("AC TC"), Mode.HOKUM, Suit.H) is None
    True
    """
    if ekka_valid(lead, played, mode, trump):
        return None
    if is_trump(lead, mode, trump):
        return Msg("Ekka is announced on a plain card, but {lead} is a trump.", lead=lead)
    out = higher_unplayed(lead, played)
    return plural("Ekka on {lead} is false: {cards} is still unplayed and higher.",
                  "Ekka on {lead} is false: {cards} are still unplayed and higher.",
                  len(out), lead=lead, cards=out)


@dataclass(frozen=True)
class PlayState:
    """A moment in a trick: the contract, the cards on the table and the hand of the seat to play.

    ``cards`` are the current trick's cards in play order from ``leader``; ``played``
    are the cards of earlier tricks (for Ekka); ``ekka`` says the leader announced Ekka.
    An announced Ekka frees the third player only when it is valid against ``played``.
    """

    mode: Mode
    trump: Suit | None
    leader: Seat
    cards: tuple[Card, ...]
    hand: tuple[Card, ...]
    played: frozenset[Card] = frozenset()
    ekka: bool = False
    locked: bool = False
    profile: RuleProfile = field(default=DEFAULT_PROFILE)

    @property
    def to_play(self) -> Seat:
        """The seat whose turn it is."""
        return seats_from(self.leader, len(self.cards) + 1)[-1]

    @property
    def position(self) -> int:
        """1 for the leader, 2 for second, 3 for third, 4 for fourth."""
        return len(self.cards) + 1

    def winning(self) -> Seat | None:
        """The seat holding the trick so far (None before the lead)."""
        if not self.cards:
            return None
        return trick_winner(self.leader, self.cards, self.mode, self.trump)


@dataclass(frozen=True)
class Obligation:
    """What the seat to play must do: the rule, the cards it allows, and the situation in words.

    ``situation`` describes the moment ("Clubs were led and you have no clubs; ..."), and
    ``requirement`` says what is required when a card breaks the rule (empty when every card is allowed).
    """

    rule: PlayRule
    allowed: frozenset[Card]
    situation: Msg
    requirement: Msg | None = None


@dataclass(frozen=True)
class Verdict:
    """Whether a card may be played now, the rule that decides it and the reason (a :class:`Msg`)."""

    card: Card
    legal: bool
    rule: PlayRule
    reason: Msg

    def to_dict(self, style: Style = ENGLISH) -> dict[str, object]:
        """JSON-ready: card, legal, rule (id) and the reason rendered in ``style``."""
        return {"card": str(self.card), "legal": self.legal, "rule": self.rule.value,
                "reason": self.reason.render(style)}


def _sorted(items: Iterable[Card], mode: Mode = Mode.SUN, trump: Suit | None = None) -> list[Card]:
    """Cards by suit, strongest first in this contract (trumps in trump order)."""
    return sorted(items, key=lambda c: (c.suit.value, -card_strength(c, mode, trump)))


def obligation(state: PlayState) -> Obligation:
    """The obligation on the seat to play and the cards it allows: the rule decided by :func:`decide`, its
    sentences made by :data:`SITUATIONS` and :data:`REQUIREMENTS`."""
    rule, allowed = decide(state)
    m = _Moment(state, allowed)
    needs = REQUIREMENTS.get(rule)
    return Obligation(rule, allowed, SITUATIONS[rule](m), needs(m) if needs else None)


def decide(state: PlayState) -> tuple[PlayRule, frozenset[Card]]:
    """The rule that binds the seat to play and the cards it allows (the decision, without its sentence).

    >>> s = PlayState(mode=Mode.HOKUM, trump=Suit.H, leader=Seat.N, cards=tuple(cards("KC")),
    ...               hand=tuple(cards("QH 9S")))
    >>> rule, allowed = decide(s)
    >>> rule.name, format_cards(allowed)
    ('VOID_MUST_WIN_WITH_TRUMP', 'QH')
    """
    s = state
    hand = frozenset(s.hand)
    trump = s.trump if s.mode is Mode.HOKUM else None
    trumps = frozenset(c for c in hand if c.suit is trump) if trump else frozenset()
    if not s.cards:
        if s.locked and trump and trumps and trumps != hand:
            return PlayRule.LOCKED_NO_TRUMP_LEAD, hand - trumps
        return PlayRule.LEAD_FREE, hand
    led = s.cards[0].suit
    of_led = frozenset(c for c in hand if c.suit is led)
    win_card = s.cards[winning_index(s.cards, s.mode, trump)]
    partner_wins = s.winning() is s.to_play.partner
    if trump and led is trump:
        if not of_led:
            return PlayRule.VOID_NO_TRUMP, hand
        higher = frozenset(c for c in of_led if _beats(c, win_card, s.mode, trump))
        if partner_wins or not higher:
            return PlayRule.TRUMP_LEAD_ANY_TRUMP, of_led
        return PlayRule.TRUMP_LEAD_OVERTAKE, higher
    if of_led:
        return PlayRule.FOLLOW_SUIT, of_led
    if s.mode is Mode.SUN:
        return PlayRule.SUN_VOID_FREE, hand
    if not trumps:
        return PlayRule.VOID_NO_TRUMP, hand
    if partner_wins:
        return _partner_winning(s, hand, trumps)
    if is_trump(win_card, s.mode, trump):
        winners = frozenset(c for c in trumps if _beats(c, win_card, s.mode, trump))
    else:
        winners = trumps
    if winners:
        return PlayRule.VOID_MUST_WIN_WITH_TRUMP, winners
    if s.profile.must_undertrump:
        return PlayRule.VOID_MUST_UNDERTRUMP, trumps
    return PlayRule.VOID_CANNOT_WIN_FREE, hand


def _beats(card: Card, other: Card, mode: Mode, trump: Suit | None) -> bool:
    """Whether ``card`` ranks above ``other`` of the same suit in this contract."""
    return card_strength(card, mode, trump) > card_strength(other, mode, trump)


def _partner_winning(s: PlayState, hand: frozenset[Card], trumps: frozenset[Card]) -> tuple[PlayRule, frozenset[Card]]:
    """Void in the led plain suit, holding a trump, while the partner wins: free, except for the third seat
    under ``third_seat_must_cut``, freed only by an Ace lead or a valid Ekka (announced, or called by the
    table under ``automatic_ekka``)."""
    third = s.position == 3 and s.winning() is s.leader
    if not (third and s.profile.third_seat_must_cut):
        return PlayRule.PARTNER_WINNING_FREE, hand
    lead = s.cards[0]
    if lead.rank is Rank.ACE:
        return PlayRule.THIRD_SEAT_ACE_LED, hand
    if (s.ekka or s.profile.automatic_ekka) and ekka_valid(lead, s.played, s.mode, s.trump):
        return PlayRule.THIRD_SEAT_EKKA, hand
    return PlayRule.THIRD_SEAT_MUST_CUT, trumps


# --- the sentences of the obligations --------------------------------------------------------------------


@dataclass(frozen=True)
class _Moment:
    """The seat to play and the cards its rule allows, as the sentences name them."""

    state: PlayState
    allowed: frozenset[Card]

    @property
    def trump(self) -> Suit | None:
        return self.state.trump if self.state.mode is Mode.HOKUM else None

    @property
    def led(self) -> Suit:
        return self.state.cards[0].suit

    @property
    def lead(self) -> Card:
        return self.state.cards[0]

    @property
    def win(self) -> Card:
        """The card winning the trick so far."""
        s = self.state
        return s.cards[winning_index(s.cards, s.mode, self.trump)]

    @property
    def ranked(self) -> list[Card]:
        """The allowed cards by suit, strongest first."""
        return _sorted(self.allowed, self.state.mode, self.trump)

    @property
    def void(self) -> Msg:
        return Msg("{led:Title} were led and you have no {led}", led=self.led)

    @property
    def partner_wins(self) -> bool:
        return self.state.winning() is self.state.to_play.partner


def _void_no_trump(m: _Moment) -> Msg:
    if m.led is m.trump:
        return Msg("A trump ({trump}) was led and you hold no trump.", trump=m.trump)
    return Msg("{void} and no trump ({trump}); you may play anything.", void=m.void, trump=m.trump)


def _trump_lead_any_trump(m: _Moment) -> Msg:
    if m.partner_wins:
        return Msg("A trump ({trump}) was led and your partner is winning with {win}; any trump will do.",
                   trump=m.trump, win=m.win)
    return Msg("A trump ({trump}) was led, an opponent is winning with {win} and none of your trumps can beat it; "
               "any trump will do.", trump=m.trump, win=m.win)


def _third_seat_ekka(m: _Moment) -> Msg:
    if m.state.ekka:
        return Msg("{void}; your partner announced Ekka on {lead} and is winning, so you are free.", void=m.void,
                   lead=m.lead)
    return Msg("{void}; your partner led {lead}, the highest {led:one} still unplayed: at this table that is an Ekka "
               "without announcing it, so you are free.", void=m.void, lead=m.lead, led=m.led)


def _third_seat_must_cut(m: _Moment) -> Msg:
    if not m.state.ekka:
        return Msg("{void}; your partner led {lead:article} without Ekka, so as third player you must trump "
                   "({trump}).", void=m.void, lead=m.lead, trump=m.trump)
    above = higher_unplayed(m.lead, m.state.played)
    return plural("{void}; your partner led {lead:article} and announced Ekka, but {cards} is still unplayed and "
                  "higher, so the Ekka is false and as third player you must trump ({trump}).",
                  "{void}; your partner led {lead:article} and announced Ekka, but {cards} are still unplayed and "
                  "higher, so the Ekka is false and as third player you must trump ({trump}).",
                  len(above), void=m.void, lead=m.lead, cards=above, trump=m.trump)


def _must_win_with_trump(m: _Moment) -> Msg:
    if is_trump(m.win, m.state.mode, m.trump):
        return Msg("{void}; an opponent is winning with {win} and a trump of yours beats {win} ({cards}).",
                   void=m.void, win=m.win, cards=m.ranked)
    return Msg("{void}; an opponent is winning with {win} and a trump of yours wins ({cards}).", void=m.void,
               win=m.win, cards=m.ranked)


SITUATIONS: dict[PlayRule, Callable[[_Moment], Msg]] = {
    PlayRule.LEAD_FREE: lambda m: Msg("You lead this trick."),
    PlayRule.LOCKED_NO_TRUMP_LEAD:
        lambda m: Msg("You lead in a locked Hokum and hold cards other than trumps ({trump}).", trump=m.trump),
    PlayRule.VOID_NO_TRUMP: _void_no_trump,
    PlayRule.TRUMP_LEAD_ANY_TRUMP: _trump_lead_any_trump,
    PlayRule.TRUMP_LEAD_OVERTAKE: lambda m: Msg("A trump ({trump}) was led and an opponent is winning with {win}; "
                                                "you can beat it ({cards}).", trump=m.trump, win=m.win,
                                                cards=m.ranked),
    PlayRule.FOLLOW_SUIT: lambda m: Msg("{led:Title} were led and you hold {led} ({cards}).", led=m.led,
                                        cards=m.ranked),
    PlayRule.SUN_VOID_FREE: lambda m: Msg("{void}; in Sun you may play anything.", void=m.void),
    PlayRule.PARTNER_WINNING_FREE: lambda m: Msg("{void}; your partner is winning with {win}, so you may play "
                                                 "anything.", void=m.void, win=m.win),
    PlayRule.THIRD_SEAT_ACE_LED:
        lambda m: Msg("{void}; your partner led an Ace and is winning, so you are free.", void=m.void),
    PlayRule.THIRD_SEAT_EKKA: _third_seat_ekka,
    PlayRule.THIRD_SEAT_MUST_CUT: _third_seat_must_cut,
    PlayRule.VOID_MUST_WIN_WITH_TRUMP: _must_win_with_trump,
    PlayRule.VOID_MUST_UNDERTRUMP: lambda m: Msg("{void}; an opponent is winning with {win}, none of your trumps can "
                                                 "beat it, and at this table you must still play a trump.",
                                                 void=m.void, win=m.win),
    PlayRule.VOID_CANNOT_WIN_FREE: lambda m: Msg("{void}; an opponent is winning with {win} and none of your trumps "
                                                 "can beat it, so you may discard or undertrump.", void=m.void,
                                                 win=m.win),
}
"""The situation each obligation describes, made from the moment (every rule :func:`decide` gives has one)."""

REQUIREMENTS: dict[PlayRule, Callable[[_Moment], Msg]] = {
    PlayRule.LOCKED_NO_TRUMP_LEAD: lambda m: Msg("you may not lead a trump"),
    PlayRule.TRUMP_LEAD_ANY_TRUMP: lambda m: Msg("you must play a trump"),
    PlayRule.TRUMP_LEAD_OVERTAKE: lambda m: Msg("you must beat {win} with a higher trump", win=m.win),
    PlayRule.FOLLOW_SUIT: lambda m: Msg("you must follow suit with {led}", led=m.led),
    PlayRule.THIRD_SEAT_MUST_CUT: lambda m: Msg("you must trump"),
    PlayRule.VOID_MUST_WIN_WITH_TRUMP: lambda m: Msg("you must win the trick with a trump"),
    PlayRule.VOID_MUST_UNDERTRUMP: lambda m: Msg("you must still play a trump, even a losing one"),
}
"""What a rule that allows only some cards requires, for the sentence of a card that breaks it."""


def check_play(state: PlayState, card: Card) -> Verdict:
    """Whether ``card`` may be played now, with the rule and the reason. Never raises for a legal state."""
    if card not in state.hand:
        return Verdict(card, False, PlayRule.NOT_IN_HAND, Msg("You do not hold {card}.", card=card))
    ob = obligation(state)
    if card in ob.allowed:
        return Verdict(card, True, ob.rule, Msg("{situation} {card} is allowed.", situation=ob.situation, card=card))
    must = _sorted(ob.allowed, state.mode, state.trump)
    return Verdict(card, False, ob.rule,
                   plural("{situation} {card} is not allowed: {requirement}: {cards}.",
                          "{situation} {card} is not allowed: {requirement}: one of {cards}.",
                          len(must), situation=ob.situation, card=card, requirement=ob.requirement, cards=must))


def legal_plays(state: PlayState) -> list[Card]:
    """The cards the seat to play may play, in hand order. Never empty for a non-empty hand."""
    _, allowed = decide(state)                           # the decision alone: no sentence is made
    return [c for c in state.hand if c in allowed]
