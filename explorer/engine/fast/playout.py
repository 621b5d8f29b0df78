"""The vectorised play loop: many deals played in lock-step on card masks, and the policies that choose cards.

All deals play trick 1 together, then trick 2, and so on; the cards each seat may play come from bit
operations on the tables of :mod:`~explorer.engine.fast.lookup`, following
:func:`~explorer.engine.rules.play.obligation` rule for rule (the tests compare them at every turn).
One loop serves both :func:`~explorer.engine.fast.simulate.simulate` (fresh random deals) and
:func:`play_out`, which plays given positions of one deal to the end and scores them.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from explorer.engine.core.cards import DECK, SEATS, SUITS, Card, Seat
from explorer.engine.core.contract import LEVELS, NO_ESCALATION, Contract, Escalation
from explorer.engine.core.profiles import RuleProfile, custom_profile
from explorer.engine.core.tables import LAST_TRICK_BONUS, Mode
from explorer.engine.fast.award import score
from explorer.engine.fast.lookup import (
    BIT,
    HIGHER_PLAIN,
    HIGHER_TRUMP,
    IS_ACE,
    NO_TRUMP,
    PLAIN_PTS,
    PLAIN_STR,
    SUIT_MASK,
    SUIT_OF,
    TRUMP_POWER,
    TRUMP_PTS,
    TRUMP_STR,
    ekka_needs,
    names,
    pick,
    popcount,
)
from explorer.engine.fast.result import SimResult
from explorer.engine.rules.play import ekka_problem, play_tricks

IMPLEMENTED_OPTIONS = frozenset({"third_seat_must_cut", "automatic_ekka", "must_undertrump"})
"""The profile options the play loop implements: every option that changes which cards are legal."""


@dataclass(frozen=True)
class Turn:
    """What a :data:`Policy` sees at one turn, for every position at once (arrays over positions).

    Arrays are views into the play loop's state: read them, do not write to them.
    """

    trick: int                 # 0..7
    position: int              # 0 for the leader .. 3
    seat: np.ndarray           # (n,) the seat to play
    legal: np.ndarray          # (n,) uint32: the cards it may play (never empty)
    hands: np.ndarray          # (n, 4) uint32: what each seat holds now
    trick_cards: np.ndarray    # (n, position) card codes already in this trick, in play order
    winning: np.ndarray        # (n,) position in the trick of the card winning so far (0 at the lead)
    played: np.ndarray         # (n,) uint32: the cards of earlier tricks
    hokum: np.ndarray          # (n,) bool
    trump: np.ndarray          # (n,) trump suit index, 4 in Sun
    u: np.ndarray              # (n,) uniform draws in [0, 1) for this turn, for a policy's own chance


Policy = Callable[[Turn], np.ndarray]
"""A way to choose cards: given a :class:`Turn`, one legal card code per position."""


def random_policy(turn: Turn) -> np.ndarray:
    """A uniformly random legal card for each position (what :func:`simulate` plays)."""
    return pick(turn.legal, turn.u)


def greedy_policy(turn: Turn) -> np.ndarray:
    """A sensible card for each position, seeing every hand (a play-out is a known deal).

    Leading: the strongest master card (no card left in another hand beats it), else the cheapest card.
    Following, with the partner winning: the most points when nobody after can take the trick, else the
    cheapest card; with an opponent winning: the cheapest card that wins when playing last, the strongest
    one before, and the cheapest card when none wins. Cheapest means fewest points, then weakest, trumps
    kept. It always picks among ``turn.legal``.
    """
    n = turn.legal.shape[0]
    ar = np.arange(n)
    legal = (turn.legal[:, None] & BIT[None, :]) != 0
    is_trump = turn.hokum[:, None] & (SUIT_OF[None, :] == turn.trump[:, None])
    pts = np.where(is_trump, TRUMP_PTS[None, :], PLAIN_PTS[None, :])
    strength = np.where(is_trump, TRUMP_STR[None, :] + TRUMP_POWER, PLAIN_STR[None, :])
    cheap = -(pts * 20 + strength + is_trump * 400)
    if turn.position == 0:
        own = turn.hands[ar, turn.seat]
        others = (turn.hands[:, 0] | turn.hands[:, 1] | turn.hands[:, 2] | turn.hands[:, 3]) & ~own
        higher = np.where(is_trump, HIGHER_TRUMP[None, :], HIGHER_PLAIN[None, :])
        master = (higher & others[:, None]) == 0
        score = np.where(master, 10_000 + pts * 20 + strength, cheap)
    else:
        score = _greedy_follow(turn, ar, is_trump, pts, strength, cheap)
    return np.where(legal, score, np.iinfo(np.int64).min).argmax(axis=1)


def _greedy_follow(turn: Turn, ar, is_trump, pts, strength, cheap) -> np.ndarray:
    """The greedy policy's score of each card for a seat following (see :func:`greedy_policy`)."""
    n = turn.legal.shape[0]
    led = SUIT_OF[turn.trick_cards[:, 0]]
    follows = SUIT_OF[None, :] == led[:, None]
    power = np.where(is_trump, strength, np.where(follows, PLAIN_STR[None, :], 0))
    win_card = turn.trick_cards[ar, turn.winning]
    win_trump = turn.hokum & (SUIT_OF[win_card] == turn.trump)
    win_power = np.where(win_trump, TRUMP_STR[win_card] + TRUMP_POWER,
                         np.where(SUIT_OF[win_card] == led, PLAIN_STR[win_card], 0))
    partner = ((turn.position - turn.winning) % 2) == 0
    last = turn.position == 3
    if turn.position == 2:
        nxt = turn.hands[ar, (turn.seat + 1) & 3]
        holds = (nxt[:, None] & BIT[None, :]) != 0
        can_follow = (holds & follows).any(axis=1)
        usable = holds & np.where(can_follow[:, None], follows, True)
        safe = np.where(usable, power, 0).max(axis=1) < win_power
    else:
        safe = np.full(n, last)
    give = pts * 20 - is_trump * 400 - strength
    beats = power > win_power[:, None]
    opponent = np.where(beats, 10_000 + (-(strength + pts) if last else strength), cheap)
    return np.where(partner[:, None], np.where(safe[:, None], give, cheap), opponent)


@dataclass
class Played:
    """What the play loop records, over deals: cards (n, 8, 4) in play order, the legal cards of each
    turn, leaders and winners (n, 8), the leaders' Ekka (n, 8) and each trick's raw points (n, 8)."""

    cards: np.ndarray
    legal: np.ndarray
    leaders: np.ndarray
    winners: np.ndarray
    ekka: np.ndarray
    tpoints: np.ndarray


def _lead_legal(hand: np.ndarray, tmask: np.ndarray, lock: np.ndarray | None) -> np.ndarray:
    """The cards a leader may lead: any (locked Hokum: no trump unless the hand holds only trumps)."""
    if lock is None:
        return hand
    trumps = hand & tmask
    return np.where(lock & (trumps != 0) & (trumps != hand), hand & ~tmask, hand)


@dataclass
class _Trick:
    """The trick being played, over deals: the led suit, the card winning so far and the lead's freedoms."""

    led: np.ndarray
    led_mask: np.ndarray
    led_trump: np.ndarray
    win_pos: np.ndarray
    win_card: np.ndarray
    win_power: np.ndarray
    free_third: np.ndarray
    ekka: np.ndarray
    pts: np.ndarray
    cards: np.ndarray


def _follow_legal(hand: np.ndarray, p: int, tr: _Trick, tmask: np.ndarray, third_cut: bool,
                  undertrump: bool) -> np.ndarray:
    """The cards the seat at position ``p`` (1..3) may play into the trick ``tr`` (``obligation``'s rules)."""
    of_led = hand & tr.led_mask
    trumps = hand & tmask
    partner = (tr.win_pos & 1) == (p & 1)
    beat = np.where(tr.win_power > TRUMP_POWER, HIGHER_TRUMP[tr.win_card], ~np.uint32(0))
    # Trump led: beat an opponent's winning trump when possible, else any trump.
    higher = of_led & beat
    on_trump = np.where(partner | (higher == 0), of_led, higher)
    # Plain suit led, void, holding a trump: an opponent winning ...
    winners_t = trumps & beat
    vs_opp = np.where(winners_t != 0, winners_t, trumps if undertrump else hand)
    # ... or the partner winning (the third-seat cut unless an Ace or an Ekka was led).
    vs_partner = np.where(tr.free_third, hand, trumps) if (p == 2 and third_cut) else hand
    void = np.where(trumps == 0, hand, np.where(partner, vs_partner, vs_opp))
    plain = np.where(of_led != 0, of_led, void)
    return np.where(tr.led_trump, np.where(of_led != 0, on_trump, hand), plain)


class _Loop:
    """The state of a lock-step play: what each seat still holds, the cards of earlier tricks, the record."""

    def __init__(self, hands: np.ndarray, *, first: np.ndarray, hokum: np.ndarray, trump: np.ndarray,
                 profile: RuleProfile, u: np.ndarray, ekka: bool, locked: np.ndarray | None,
                 history: np.ndarray | None, announced: Sequence[bool] | None, policy: Policy | None) -> None:
        n = self.n = hands.shape[0]
        self.ar = np.arange(n)
        self.hokum, self.trump, self.u, self.ekka, self.policy = hokum, trump, u, ekka, policy
        self.history = history if history is not None else np.zeros(0, dtype=np.int64)
        self.announced = list(announced or ())
        self.tmask = SUIT_MASK[trump]
        self.third_cut, self.undertrump = profile.third_seat_must_cut, profile.must_undertrump
        self.auto_ekka = profile.automatic_ekka
        self.ekka_needs, self.trump32 = ekka_needs().reshape(-1), trump * 32     # needs[trump, card], flat
        self.lock = None if locked is None or not np.any(locked) else np.asarray(locked, dtype=bool) & hokum
        self.live = hands.T.copy().reshape(-1)                               # seat-major: seat * n + deal
        self.played = np.zeros(n, dtype=np.uint32)
        self.out = Played(np.zeros((n, 8, 4), dtype=np.int8), np.zeros((n, 8, 4), dtype=np.uint32),
                          np.zeros((n, 8), dtype=np.int8), np.zeros((n, 8), dtype=np.int8),
                          np.zeros((n, 8), dtype=bool), np.zeros((n, 8), dtype=np.int64))
        self.leader = first

    def run(self) -> Played:
        for t in range(8):
            self._trick(t)
        return self.out

    def _choose(self, t: int, p: int, seat: np.ndarray, legal: np.ndarray, win_pos) -> np.ndarray:
        """The card each deal's seat plays at turn ``(t, p)``: the history's, the policy's or a random one."""
        n, turn = self.n, t * 4 + p
        if turn < len(self.history):
            card = np.full(n, self.history[turn], dtype=np.int64)
            what = "the rules do not allow it"
        elif self.policy is None:
            return pick(legal, self.u[turn])
        else:
            view = self.live.reshape(4, n).T
            view.flags.writeable = False
            card = np.asarray(self.policy(Turn(t, p, seat, legal, view, self.out.cards[:, t, :p],
                                               np.broadcast_to(win_pos, n), self.played, self.hokum, self.trump,
                                               self.u[turn])), dtype=np.int64)
            what = "the policy chose a card the rules do not allow"
        if card.shape != (n,):
            raise ValueError(f"the policy returned {card.shape[0] if card.ndim else 'no'} cards for {n} positions")
        known = (card >= 0) & (card < 32)
        bad = np.flatnonzero(~known | ((legal & BIT[np.where(known, card, 0)]) == 0))
        if len(bad):
            i = int(bad[0])
            c = DECK[int(card[i])] if known[i] else int(card[i])
            raise ValueError(f"position {i}: trick {t + 1}, {SEATS[int(seat[i])].value} plays {c}, but "
                             f"{what} (allowed: {' '.join(names(int(legal[i])))})")
        return card

    def _play_card(self, t: int, p: int, seat: np.ndarray, flat: np.ndarray, hand: np.ndarray, legal: np.ndarray,
                   win_pos) -> tuple[np.ndarray, np.ndarray]:
        """Choose and play the card of each deal's ``seat`` (its ``hand`` is ``live[flat]``), recording it and
        its legal cards; the card codes and their bits."""
        card = self._choose(t, p, seat, legal, win_pos)
        bit = BIT[card]
        self.live[flat] = hand ^ bit
        self.out.legal[:, t, p] = legal
        self.out.cards[:, t, p] = card
        return card, bit

    def _lead(self, t: int) -> _Trick:
        """The lead of trick ``t``, and whether it frees a void third player (an Ace, or an Ekka)."""
        leader, played = self.leader, self.played
        flat = leader * self.n + self.ar
        hand = self.live[flat]
        card, bit = self._play_card(t, 0, leader, flat, hand, _lead_legal(hand, self.tmask, self.lock), 0)
        led_trump = (bit & self.tmask) != 0
        lead_ace = IS_ACE[card]
        # An Ekka on this lead would hold (the engine's ekka_problem, as a table): the leader may announce
        # it, and under ``automatic_ekka`` it frees the third player unannounced.
        holds = self.hokum & ((self.ekka_needs[self.trump32 + card] & ~played) == 0)
        if t * 4 < len(self.history):
            lead_ekka = np.full(self.n, bool(t < len(self.announced) and self.announced[t]))
        elif self.ekka:
            lead_ekka = holds
        else:
            lead_ekka = np.zeros(self.n, dtype=bool)
        led = SUIT_OF[card]
        return _Trick(led=led, led_mask=SUIT_MASK[led], led_trump=led_trump,
                      win_pos=np.zeros(self.n, dtype=np.int64), win_card=card,
                      win_power=np.where(led_trump, TRUMP_STR[card] + TRUMP_POWER, PLAIN_STR[card]),
                      free_third=lead_ace | (holds if self.auto_ekka else lead_ekka), ekka=lead_ekka,
                      pts=np.where(led_trump, TRUMP_PTS[card], PLAIN_PTS[card]), cards=bit.copy())

    def _trick(self, t: int) -> None:
        tr = self._lead(t)
        for p in (1, 2, 3):
            seat = (self.leader + p) & 3
            flat = seat * self.n + self.ar
            hand = self.live[flat]
            legal = _follow_legal(hand, p, tr, self.tmask, self.third_cut, self.undertrump)
            card, bit = self._play_card(t, p, seat, flat, hand, legal, tr.win_pos)
            tr.cards |= bit
            is_trump = (bit & self.tmask) != 0
            tr.pts += np.where(is_trump, TRUMP_PTS[card], PLAIN_PTS[card])
            power = np.where(is_trump, TRUMP_STR[card] + TRUMP_POWER,
                             np.where(SUIT_OF[card] == tr.led, PLAIN_STR[card], 0))
            better = power > tr.win_power
            tr.win_pos = np.where(better, p, tr.win_pos)
            tr.win_card = np.where(better, card, tr.win_card)
            tr.win_power = np.where(better, power, tr.win_power)
        winner = (self.leader + tr.win_pos) & 3
        if t == 7:
            tr.pts += LAST_TRICK_BONUS
        self.out.leaders[:, t] = self.leader
        self.out.winners[:, t] = winner
        self.out.ekka[:, t] = tr.ekka
        self.out.tpoints[:, t] = tr.pts
        self.played |= tr.cards
        self.leader = winner


def play(hands: np.ndarray, *, first: np.ndarray, hokum: np.ndarray, trump: np.ndarray, profile: RuleProfile,
         u: np.ndarray, ekka: bool, locked: np.ndarray | None = None, history: np.ndarray | None = None,
         announced: Sequence[bool] | None = None, policy: Policy | None = None) -> Played:
    """Play every deal from its first lead to the end, all deals in lock-step: the one play loop.

    ``hands`` are the original hands (n, 4), ``first`` the first leader, ``u`` (32, n) the uniform draw
    of each turn. The first ``len(history)`` turns play the ``history`` cards (card codes, the same for
    every deal), the leaders of those tricks announcing Ekka as ``announced`` says; a history card the
    rules do not allow raises ValueError. Later turns play the ``policy`` card (default: uniformly
    random), the leader announcing Ekka whenever it holds when ``ekka`` is set. ``locked``: locked
    Hokum, per deal (no trump lead from a hand that holds another suit).
    """
    return _Loop(hands, first=first, hokum=hokum, trump=trump, profile=profile, u=u, ekka=ekka, locked=locked,
                 history=history, announced=announced, policy=policy).run()


# --- playing given positions out --------------------------------------------------------------

def card_mask(cards: Iterable[Card | str | int]) -> int:
    """The hand mask (bit ``card.code`` set for each card) of cards given as Cards, text or codes.

    >>> card_mask(["7S", "8S"]), card_mask([0, 1]) == card_mask([Card.parse("7S"), "8S"])
    (3, True)
    """
    return sum(1 << c for c in _codes(cards))


def _codes(items: Iterable[Card | str | int]) -> list[int]:
    out = []
    for x in items:
        if isinstance(x, Card):
            out.append(x.code)
        elif isinstance(x, str):
            out.append(Card.parse(x).code)
        elif isinstance(x, (int, np.integer)) and 0 <= int(x) < 32:
            out.append(int(x))
        else:
            raise ValueError(f"{x!r} is not a card (a Card, its text such as 'JS', or a code 0..31)")
    return out


def _history_by_seat(codes: list[int], announced: Sequence[bool], *, first: Seat, contract: Contract
                     ) -> tuple[list[int], list[bool]]:
    """The cards each seat played in the history (masks, by seat index) and the Ekka flags, checked:
    a card played twice, more flags than tricks, or a false Ekka raise ValueError."""
    if len(set(codes)) != len(codes):
        raise ValueError(f"history plays a card twice: {' '.join(str(DECK[c]) for c in codes)}")
    mode, trump = contract.mode, contract.trump
    tricks = [[DECK[c] for c in codes[i:i + 4]] for i in range(0, len(codes), 4)]
    played_tricks = play_tricks(tricks, mode=mode, trump=trump, first_leader=first)
    flags = [bool(a) for a in announced]
    if len(flags) > len(tricks):
        raise ValueError(f"announced names {len(flags)} tricks; the history has begun {len(tricks)}")
    by_seat = [0, 0, 0, 0]
    before: list[Card] = []
    for t, pt in enumerate(played_tricks):
        if t < len(flags) and flags[t]:
            bad = ekka_problem(pt.cards[0], before, mode, trump)
            if bad:
                raise ValueError(f"trick {t + 1}: {bad}")
        for seat, card in pt.plays:
            by_seat[SEATS.index(seat)] |= 1 << card.code
        before += pt.cards
    return by_seat, flags


def _check_positions(masks: np.ndarray, by_seat: list[int]) -> None:
    """Each position's hands and the history make the 32 cards once each, with the right count per seat."""
    gone = sum(by_seat)
    for s in range(4):
        want = 8 - bin(by_seat[s]).count("1")
        wrong = np.flatnonzero(popcount(masks[:, s]) != want)
        if wrong.size:
            raise ValueError(f"position {int(wrong[0])}: {SEATS[s].value} holds "
                             f"{len(names(int(masks[wrong[0], s])))} cards; after the history it holds {want}")
    whole = np.bitwise_or.reduce(masks, axis=1)
    wrong = np.flatnonzero((whole & np.uint32(gone)) | (~whole & ~np.uint32(gone)))
    if wrong.size:
        i = int(wrong[0])
        raise ValueError(f"position {i}: the hands and the history do not make the 32 cards once each "
                         f"(played and held: {' '.join(names(int(whole[i]) & gone)) or '-'}; "
                         f"nowhere: {' '.join(names(~(int(whole[i]) | gone) & 0xFFFFFFFF)) or '-'})")


def play_out(hands: np.ndarray | Sequence[Sequence[int]], history: Sequence[Card | str | int] = (), *,
             dealer: Seat | str, contract: Contract, escalation: Escalation = NO_ESCALATION,
             announced: Sequence[bool] = (), profile: RuleProfile | str | dict | None = None,
             rng: int | np.random.Generator = 0, policy: Policy | None = None, ekka: bool = True) -> SimResult:
    """Play ``n`` given positions of one deal to the end and score them, in lock-step.

    Every position shares the deal so far: the ``dealer``, the ``contract`` and ``escalation`` (locked
    Hokum included), and the ``history``, the cards played from the first lead in play order (a
    trick may be in progress), with ``announced[t]`` saying whether the leader of trick ``t`` announced
    Ekka. Only the cards each seat holds now differ: ``hands[i, s]`` is the mask (:func:`card_mask`)
    of what seat ``SEATS[s]`` holds in position ``i``. The history is replayed through the same play
    loop as :func:`simulate` (a card the rules do not allow raises ValueError); then each seat plays the
    card ``policy`` picks from the cards the rules allow (default :func:`random_policy`, drawing from
    ``rng``), the leader announcing Ekka whenever it holds when ``ekka`` is set. The result holds whole
    deals (original hands rebuilt from the history, history included), scored at the escalation level.

    >>> from explorer.engine.core.cards import Suit, cards
    >>> deal = {"S": "JH 9H AS TS KS 7C 8C 9C", "E": "AH TH KH QS JS AC TC KC",
    ...         "N": "QH 8H 7H 9S 8S QC JC AD", "W": "7S TD KD QD JD 9D 8D 7D"}
    >>> history = cards("AS QS 9S 7S KS")                  # trick 1, and S leads trick 2
    >>> now = [card_mask(c for c in cards(deal[s]) if c not in history) for s in "SENW"]
    >>> r = play_out(np.tile(now, (1000, 1)), history, dealer="W", contract=Contract(Mode.HOKUM, Suit.H, Seat.S),
    ...              rng=1)
    >>> len(r), bool((r.cards[:, 1, 0] == Card.parse("KS").code).all()), set(r.raw.sum(axis=1).tolist())
    (1000, True, {162})
    """
    prof = custom_profile(profile)
    masks = np.asarray(hands, dtype=np.uint32)
    if masks.ndim != 2 or masks.shape[1] != 4:
        raise ValueError(f"hands must be one mask per seat for each position, shape (n, 4), not {masks.shape}")
    n = masks.shape[0]
    seat0 = dealer if isinstance(dealer, Seat) else Seat.parse(dealer)
    from explorer.engine.files.kinds.score import (
        escalation_problems,  # the engine's own checks (loads the scenario kinds)
    )
    problems = escalation_problems(contract, escalation, prof, None)
    if problems:
        raise ValueError("; ".join(problems))
    codes = _codes(history)
    by_seat, flags = _history_by_seat(codes, announced, first=seat0.right, contract=contract)
    _check_positions(masks, by_seat)
    original = masks | np.array(by_seat, dtype=np.uint32)[None, :]

    gen = rng if isinstance(rng, np.random.Generator) else np.random.default_rng(int(rng))
    u = gen.random((32, n))
    hokum = np.full(n, contract.mode is Mode.HOKUM)
    trump_a = np.full(n, SUITS.index(contract.trump) if contract.trump is not None else NO_TRUMP)
    dealer_a = np.full(n, SEATS.index(seat0))
    locked = np.full(n, escalation.locked and contract.mode is Mode.HOKUM)
    p = play(original, first=(dealer_a + 1) & 3, hokum=hokum, trump=trump_a, profile=prof, u=u, ekka=ekka,
             locked=locked, history=np.array(codes, dtype=np.int64), announced=flags, policy=policy)
    bits = (original[:, :, None] >> np.arange(32, dtype=np.uint32)) & np.uint32(1)
    deck = np.nonzero(bits.reshape(n * 4, 32))[1].reshape(n, 32).astype(np.int8)  # each seat's cards in order
    return score(seed=int(rng) if not isinstance(rng, np.random.Generator) else -1, start=0, profile=prof,
                 dealer=dealer_a, hokum=hokum, trump=trump_a, buyer=np.full(n, SEATS.index(contract.buyer)),
                 level=np.full(n, LEVELS.index(escalation.level), dtype=np.int8),
                 doubler=np.full(n, SEATS.index(escalation.doubler) if escalation.doubler else -1, dtype=np.int8),
                 locked=locked, hands=original, deck=deck, play=p)
