"""What the practice table says, as sentences: no Streamlit, no rules.

The events of a deal (the cut, the deal, every call, the completion, declarations, each trick's
winner and points, Baloot) are :class:`~explorer.engine.core.i18n.Msg` sentences, rendered with the
players' names and card faces by the page.

>>> from explorer.engine.game import GameState
>>> from explorer.engine.core.cards import Seat
>>> g = GameState.new(7, dealer=Seat.S)
>>> [str(m) for m in events(g)][:2]
['W cuts the deck: 2 cards go under.', 'S deals 3 then 2 cards to each seat, starting with E; the upcard is TH.']

In Arabic "you" is spoken to in the masculine singular, as the Arabic Baloot apps do, and the other players
are named in sentences that need no verb agreeing with them ("نورة: بس."), since a typed name may be a man's or
a woman's. A round-2 pass is ولا, a round-1 pass بس: the same English "Pass", told apart by a gettext context.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import replace

from explorer.engine.core.cards import Card, Rank, Seat, Team
from explorer.engine.core.i18n import ENGLISH, NC_, Msg, Style, languages, plural, translator
from explorer.engine.game.practice import DEFAULT_NAMES
from explorer.engine.game.state import Declare, GameState, Play, Stage, describe
from explorer.engine.rules.bidding import (
    Asked,
    BiddingState,
    BidRule,
    Call,
    CallKind,
    Phase,
    apply_call,
    call_rule,
    reason,
    start,
)
from explorer.engine.rules.bidding.calls import RAISE_LEVEL
from explorer.engine.rules.bidding.escalation import threshold_text
from explorer.engine.rules.match import Match, MatchDeal
from explorer.engine.rules.play import obligation
from explorer.engine.rules.projects import compare_projects, declared_projects

_DEFAULT_NAME_WORDS = {Seat.S: NC_("player", "You"), Seat.N: NC_("player", "Noura"),
                       Seat.E: NC_("player", "Faisal"), Seat.W: NC_("player", "Hamad")}
"""The default players' names (the engine's :data:`DEFAULT_NAMES`), translated with the context "player"."""
assert _DEFAULT_NAME_WORDS == DEFAULT_NAMES


def style(names: Mapping[Seat, str], lang: str = "en", you: Seat | None = None) -> Style:
    """Sentences in ``lang`` with the players' names and card faces; ``you`` (the human's seat) is spoken to:
    "It is Noura's turn, not yours." (:mod:`explorer.engine.core.you_forms`)."""
    return Style(lang=lang, cards="face", seats=dict(names), you=you)


def default_names(lang: str = "en") -> dict[Seat, str]:
    """The default players in ``lang``: ``You, Noura, Faisal, Hamad``; in Arabic ``أنت، نورة، فيصل، حمد``.

    >>> default_names()[Seat.N], default_names("ar")[Seat.N]
    ('Noura', 'نورة')
    """
    tr = translator(lang)
    return {seat: tr.pgettext("player", word) for seat, word in _DEFAULT_NAME_WORDS.items()}


def is_default_name(seat: Seat, name: str) -> bool:
    """Whether ``name`` is ``seat``'s default player in any language (so it follows the page's language)."""
    return any(str(name).strip() == default_names(lang)[seat] for lang in languages())


def shown_names(names: Mapping[Seat, str], lang: str = "en") -> dict[Seat, str]:
    """The players as the table shows them in ``lang``: a default name in that language, a typed one as typed.

    The match keeps the names it was started with; switching the language mid-deal renames only the defaults.

    >>> shown_names({Seat.S: "You", Seat.N: "Sara", Seat.E: "فيصل", Seat.W: "Hamad"}, "ar")[Seat.S]
    'أنت'
    >>> [shown_names({Seat.S: "You", Seat.N: "Sara", Seat.E: "فيصل", Seat.W: "Hamad"})[s] for s in (Seat.N, Seat.E)]
    ['Sara', 'Faisal']
    """
    defaults = default_names(lang)
    return {seat: defaults[seat] if is_default_name(seat, name) else name for seat, name in names.items()}


def stored_name(seat: Seat, name: str) -> str:
    """A name typed at the setup as the match keeps it: a default (in any language) as the English default."""
    return DEFAULT_NAMES[seat] if is_default_name(seat, name) else str(name).strip()


def events(g: GameState, *, you: Seat | None = None) -> list[Msg]:
    """Everything that happened in the deal so far, in order; ``you`` is spoken to ("You pass.")."""
    out: list[Msg] = []
    if g.deck is not None:
        n = g.cut or 0
        if g.dealer.left is you:
            out.append(plural("You cut the deck: {n} card goes under.", "You cut the deck: {n} cards go under.", n))
        else:
            out.append(plural("{seat} cuts the deck: {n} card goes under.", "{seat} cuts the deck: {n} cards go under.",
                              n, seat=g.dealer.left))
        if g.dealer is you:
            out.append(Msg("You deal 3 then 2 cards to each seat, starting with {first}; the upcard is {card}.",
                           first=g.dealer.right, card=g.upcard))
        else:
            out.append(Msg("{dealer} deals 3 then 2 cards to each seat, starting with {first}; the upcard is {card}.",
                           dealer=g.dealer, first=g.dealer.right, card=g.upcard))
    completed = False
    cards_seen: list[Card] = []
    trick_count = 0
    records = iter(g.bidding.history if g.bidding is not None else ())
    bidding = start(g.dealer, g.upcard, match=g.match_totals, profile=g.profile) if g.bidding is not None else None
    for a in g.actions:
        if isinstance(a, Call):
            record = next(records)
            if not record.phase.is_bidding and not completed:      # the doubling comes after the completion
                completed = True
                out.append(_completion(g, you))
            out.append(_call(record, a, you))
            before, bidding = bidding, apply_call(bidding, record.call)
            out += skipped_turns(before, bidding, you=you)
            continue
        if not completed and g.bidding is not None and g.bidding.taker is not None:
            completed = True
            out.append(_completion(g, you))
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
                out += _comparison(g, you)
            if t.winner is you:
                out.append(Msg("You win trick {n} ({points} points).", n=t.number, points=t.points))
            else:
                out.append(Msg("{seat} wins trick {n} ({points} points).", seat=t.winner, n=t.number,
                               points=t.points))
    if g.stage is Stage.REDEAL:
        out.append(redeal_line(g, you))
    elif not completed and g.stage in (Stage.DOUBLING, Stage.PLAY, Stage.OVER) and g.bidding is not None:
        out.append(_completion(g, you))
    return out


def skipped_turns(before: BiddingState, after: BiddingState, *, you: Seat | None = None) -> list[Msg]:
    """Why the seats passed over by the last call are not asked, as the rules say it: in a bidding circuit, the
    seats between the caller and the next seat asked that have no call but Pass (after a Sun by the dealer's right,
    "E's Sun stands; N comes after E, and a Sun can be replaced only by an earlier seat."); and, when a Sun ends the
    bidding, why nobody may double it.

    >>> from explorer.engine.core.cards import Card
    >>> b = start(Seat.S, Card.parse("9H"))
    >>> [str(m) for m in skipped_turns(b, apply_call(b, "E: sun"))][:1]
    ["N is not asked: E's Sun stands; N comes after E, and a Sun can be replaced only by an earlier seat."]

    In round 2 a Sun ends the bidding: the seats after it are not asked because of that Sun.

    >>> r2 = b
    >>> for c in ("E: pass", "N: pass", "W: pass", "S: pass", "E: hokum D"):
    ...     r2 = apply_call(r2, c)
    >>> [str(m) for m in skipped_turns(r2, apply_call(r2, "N: sun"))][:1]
    ["W is not asked: N calls Sun over E's Hokum ♦: Sun beats Hokum, and a Sun ends round 2."]
    """
    out: list[Msg] = []
    if before.phase in (Phase.ROUND_ONE, Phase.ROUND_TWO):
        caller = after.history[-1].call.seat
        order = before.order
        stop = order.index(after.next) if after.phase is before.phase and after.next in order else 4
        asked = after if after.phase.is_bidding else replace(after, phase=before.phase)
        ended = before.phase is Phase.ROUND_TWO and not after.phase.is_bidding   # a round-2 Sun ends it for all
        for seat in order[order.index(caller) + 1:stop]:
            call = Call(CallKind.SUN, seat=seat)
            why = after.history[-1].reason if ended else reason(call_rule(asked, seat, call), Asked(asked, seat, call))
            out.append(Msg("You are not asked: {reason}", reason=why) if seat is you else
                       Msg("{seat} is not asked: {reason}", seat=seat, reason=why))
    if before.phase.is_bidding and not after.phase.is_bidding and after.phase is not Phase.REDEAL \
            and after.next is None and after.escalation.level.value == "none":
        buyer = after.contract.buyer
        defender = next(s for s in after.order if s.team is not buyer.team)
        call = Call(CallKind.DOUBLE, seat=defender)
        asked = replace(after, phase=Phase.ESCALATION, next=defender)
        rule = call_rule(asked, defender, call)
        if rule is BidRule.SUN_DOUBLE_THRESHOLD and you is not None:  # the match from your chair, not as NS/EW
            us, them = (after.match[0], after.match[1]) if you.team is Team.NS else (after.match[1], after.match[0])
            out.append(Msg("No Double: Sun may be doubled only with {threshold}; the match stands at {us} for us, "
                           "{them} for them.", threshold=threshold_text(after.profile), us=us, them=them))
        else:
            out.append(Msg("No Double: {reason}", reason=reason(rule, Asked(asked, defender, call))))
    return out


def call_help(call: Call, g: GameState, *, you: Seat | None = None) -> Msg:
    """The tutor's line under a call the seat to act may make: what it means here, in one sentence.

    >>> from explorer.engine.game.state import GameState
    >>> g = GameState.new(7, dealer=Seat.W)
    >>> str(call_help(Call(CallKind.SUN), g))
    'Buy with no trumps: card points count double, and you take the upcard TH.'
    """
    b = g.bidding
    kind = call.kind
    if b is not None and b.phase.is_bidding:
        if kind is CallKind.PASS:
            if b.phase is Phase.ROUND_TWO:
                return Msg("No bid in round 2; if all four pass again, the cards are dealt again.")
            if b.standing is not None:
                return Msg("Leave {bid} standing and say nothing more this round.", bid=b.standing.message())
            return Msg("Do not buy now: the next player speaks.")
        if kind is CallKind.HOKUM:
            return Msg("Buy with {suit} as trumps, and you take the upcard {card}.", suit=call.suit or g.upcard.suit,
                       card=g.upcard)
        if kind is CallKind.SUN:
            return Msg("Buy with no trumps: card points count double, and you take the upcard {card}.", card=g.upcard)
        return Msg("A Sun for your partner: {partner} takes the upcard {card} and is the buyer.",
                   partner=(call.seat or g.to_act).partner, card=g.upcard)
    if kind is CallKind.PASS:
        return Msg("No raise: the deal is played at its value now.")
    if kind is CallKind.GAHWA:
        return Msg("Gahwa: the team that wins this deal wins the whole match.")
    factor = {"double": 2, "triple": 3, "quadruple": 4}[RAISE_LEVEL[kind].value]
    if call.locked:
        return Msg("The deal's score is multiplied by {n}, and locked: nobody may lead a trump while holding "
                   "another suit.", n=factor)
    return Msg("The deal's score is multiplied by {n}.", n=factor)


def redeal_line(g: GameState, you: Seat | None = None) -> Msg:
    """Everyone passed twice: who deals next."""
    if g.next_dealer is you:
        return Msg("Everyone passed twice: the deal is cancelled and you deal next.")
    return Msg("Everyone passed twice: the deal is cancelled and {seat} deals next.", seat=g.next_dealer)


def _declared(a: Declare, g: GameState, you: Seat | None) -> Msg:
    """A declaration as the table hears it in trick 1: the projects' names, not their cards (000 §05)."""
    kinds = [p.type for cs in a.projects for p in declared_projects(cs, g.contract.mode)]
    if a.seat is you:
        return Msg("You declare {projects}.", projects=kinds) if kinds else Msg("You declare no project.")
    if not kinds:
        return Msg("{seat} declares no project.", seat=a.seat)
    return Msg("{seat} declares {projects}.", seat=a.seat, projects=kinds)


def _comparison(g: GameState, you: Seat | None = None) -> list[Msg]:
    """After trick 1: which team's projects count, and the cards its players show (000 §05)."""
    shown = {s: ps for s, ps in g.projects().items() if ps}
    if not shown:
        return []
    comp = compare_projects(shown, mode=g.contract.mode, trump=g.contract.trump, dealer=g.dealer,
                            profile=g.profile)
    out = [comp.reason]
    for seat, ps in shown.items():
        if seat.team is comp.project_team:
            shown_cards = [c for p in ps for c in p.cards]
            out.append(Msg("You show {cards}.", cards=shown_cards) if seat is you else
                       Msg("{seat} shows {cards}.", seat=seat, cards=shown_cards))
    return out


def _call(record, a: Call, you: Seat | None) -> Msg:
    """A call in words, saying what a pass declines; in the second person for ``you``."""
    mine = a.seat is you
    rule = record.rule
    if a.kind is not CallKind.PASS:
        return Msg("You: {call}", call=a.message()) if mine else describe(a)
    if record.phase is Phase.ROUND_TWO:
        return (InContext("bidding round 2", NC_("bidding round 2", "You pass.")) if mine else
                InContext("bidding round 2", NC_("bidding round 2", "{seat} passes."), seat=a.seat))
    if rule is BidRule.ESCALATION_PASS:
        return Msg("You do not raise.") if mine else Msg("{seat} does not raise.", seat=a.seat)
    if rule is BidRule.PASS_DECLINES_CHANCE:
        return (Msg("You pass again: no Sun over the standing bid.") if mine else
                Msg("{seat} passes again: no Sun over the standing bid.", seat=a.seat))
    if rule is BidRule.PASS_KEEPS_HOKUM:
        return Msg("You keep your Hokum.") if mine else Msg("{seat} keeps its Hokum.", seat=a.seat)
    return Msg("You pass.") if mine else describe(a)


def last_calls(g: GameState) -> dict[Seat, Msg]:
    """Each seat's latest call in the bidding and doubling, for the table (a round-2 pass is ولا in Arabic)."""
    out: dict[Seat, Msg] = {}
    if g.bidding is not None:
        for r in g.bidding.history:
            out[r.call.seat] = call_word(r.call, round_two=r.phase is Phase.ROUND_TWO)
    return out


class InContext(Msg):
    """A message whose template is looked up with a gettext context: the same English, other words elsewhere
    (a pass is "Pass" in both bidding rounds, بس in round 1 and ولا in round 2).

    >>> m = InContext("bidding round 2", "Pass")
    >>> str(m), m.render(Style("ar"))
    ('Pass', 'ولا')
    """

    __slots__ = ("context",)

    def __init__(self, context: str, text: str, /, **params) -> None:
        super().__init__(text, **params)
        self.context = context

    def render(self, style: Style = ENGLISH) -> str:
        template = translator(style.lang).pgettext(self.context, self.text)
        return Msg(template, **self.params).render(style) if style.lang != "en" else super().render(style)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, InContext) and self.context == other.context and super().__eq__(other)

    def __hash__(self) -> int:
        return hash((self.context, super().__hash__()))


def _completion(g: GameState, you: Seat | None = None) -> Msg:
    taker = g.bidding.taker
    if taker is you:
        return Msg("Completion: you take the upcard and 2 more cards, every other seat 3: eight cards each.")
    return Msg("Completion: {taker} takes the upcard and 2 more cards, every other seat 3: eight cards each.",
               taker=taker)


def obligation_line(g: GameState, seat: Seat) -> Msg | None:
    """The tutor's line before a card: the obligation that applies to ``seat`` now."""
    if g.stage is not Stage.PLAY or g.to_act is not seat:
        return None
    return obligation(g.view(seat).play_state()).situation


def call_word(call: Call, *, round_two: bool = False) -> Msg:
    """A call as a button shows it: ``Pass``, ``Hokum ♥``, ``Double (locked)``; a pass in round 2 is ولا."""
    if round_two and call.kind is CallKind.PASS:
        return InContext("bidding round 2", NC_("bidding round 2", "Pass"))
    return call.message()


def in_round_two(bidding: BiddingState | None) -> bool:
    """Whether the bidding asks its round-2 calls now."""
    return bidding is not None and bidding.phase is Phase.ROUND_TWO


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


def match_won(winner: Team, totals: Mapping[Team, int]) -> Msg:
    """The end of the match from South's chair: ``We win the match: Us 152 – Them 80.``"""
    line = teams_line(totals)
    if winner is Team.NS:
        return Msg("We win the match: {totals}.", totals=line)
    return Msg("They win the match: {totals}.", totals=line)


def match_status(match: Match) -> Msg:
    """The match in one sentence from South's chair (the score sheet's caption).

    >>> str(match_status(Match.from_rows([{"NS": 100, "EW": 40}])))
    'We need 52 more to reach 152, they need 112.'
    """
    d = match.decision()
    if d is not None:
        if d.by_gahwa:
            return (Msg("We win the match by Gahwa in deal {n}.", n=d.deal) if d.winner is Team.NS else
                    Msg("They win the match by Gahwa in deal {n}.", n=d.deal))
        return (Msg("We win the match in deal {n}: we reached {target} with the higher total.", n=d.deal,
                    target=match.target) if d.winner is Team.NS else
                Msg("They win the match in deal {n}: they reached {target} with the higher total.", n=d.deal,
                    target=match.target))
    if not match.deals:
        return Msg("No deal yet: the first team to reach {target} with the higher total wins.", target=match.target)
    if match.needs_another_deal():
        return Msg("Equal totals of {total} at or above {target}: another deal is needed.",
                   total=match.totals()[Team.NS], target=match.target)
    need = match.to_go()
    return Msg("We need {us} more to reach {target}, they need {them}.", us=need[Team.NS], them=need[Team.EW],
               target=match.target)


def deal_note(deal: MatchDeal) -> Msg | None:
    """A score-sheet row's note: a Gahwa or a cancelled deal (an award speaks through its numbers)."""
    if deal.kind == "gahwa":
        return (Msg("Gahwa: we win the match.") if deal.gahwa_winner is Team.NS else
                Msg("Gahwa: they win the match."))
    if deal.kind == "cancelled":
        return Msg("Cancelled (everyone passed): no score.")
    return None


_ATTACHED_YOU = {
    "ar": {"على": "عليك", "من": "منك", "عند": "عندك", "إلى": "إليك", "مع": "معك", "لـ": "لك", "بـ": "بك",
           "ل": "لك", "ب": "بك", "قبل": "قبلك", "بعد": "بعدك", "أمام": "أمامك", "غير": "غيرك", "مشاريع": "مشاريعك", "مشروع": "مشروعك",
           "خصم": "خصمك", "نصيب": "نصيبك", "يد": "يدك", "حق": "حقك", "فريق": "فريقك", "شريك": "شريكك",
           "ورقة": "ورقتك", "أوراق": "أوراقك", "دور": "دورك"},
}
"""Arabic attaches "you" to the word before it: على + أنت is عليك, مشاريع + أنت is مشاريعك."""


def second_person(text: str, lang: str) -> str:
    """A sentence naming the user ("أنت", the default name of South) after a preposition or a noun, with the
    pronoun attached as Arabic writes it: the engine's sentences name seats, and ``على أنت`` must read ``عليك``.

    Your team after the word فريق is «فريقك» («لفريق أنت ونورة» reads «لفريقك»); a team of two names elsewhere
    ("أنت ونورة") is left as it is; other languages are never touched.

    >>> second_person("التوزيع التالي على \u2068أنت\u2069.", "ar")
    'التوزيع التالي عليك.'
    >>> second_person("الحساب لفريق \u2068أنت\u2069 و\u2068نورة\u2069", "ar")
    'الحساب لفريقك'
    >>> second_person("الفائز: \u2068أنت\u2069 و\u2068نورة\u2069", "ar").count("أنت")
    1
    """
    words = _ATTACHED_YOU.get(lang)
    if not words:
        return text
    you = re.escape(default_names(lang)[Seat.S])
    text = re.sub(rf"(?<![\w\u0640\u064b-\u065f\u0670])(ل?)فريق\s?\u2068{you}\u2069\s?و\u2068[^\u2069]*\u2069",
                  lambda m: m.group(1) + "فريقك", text)
    pattern = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    # not the end of a longer word: «المدبّل أنت» (you doubled) is no «لـ أنت»; a vowel mark is part of its word
    found = re.compile(rf"(?<![\w\u0640\u064b-\u065f\u0670])({pattern})\s?\u2068{you}\u2069(?!\s*و\u2068)")
    return found.sub(lambda m: words[m.group(1)], text)


def declaration_gap(found: tuple, declared: tuple) -> Msg | None:
    """What the engine says of your own declaration: what you missed, or None when you declared the best."""
    best = sum(p.value for p in found)
    got = sum(p.value for p in declared)
    if got >= best:
        return None
    return Msg("Your hand could show {best} game points of projects; you declared {got}.", best=best, got=got)


def kind_is_pass(call: Call) -> bool:
    """Whether a call is a pass (the table draws it quieter than a bid or a raise)."""
    return call.kind is CallKind.PASS


def sawa_lines(g: GameState, log) -> list[Msg]:
    """A deal ended by a Sawa claim: who claimed it, then the tricks it took at once, trick by trick."""
    if log.sawa is None:
        return []
    from explorer.engine.solver.sawa import LineTrick  # the solver is loaded already: a claim was checked
    before = len(g.played) - len(log.claimed)
    # From South's chair, as the table's score says it ("Us", "Them"), not the team's code ("NS").
    if log.sawa.team is Team.NS:
        head = Msg("{seat} claimed Sawa: every trick left goes to us. The rest of the deal, shown at once:",
                   seat=log.sawa)
    else:
        head = Msg("{seat} claimed Sawa: every trick left goes to them. The rest of the deal, shown at once:",
                   seat=log.sawa)
    out = [head]
    for trick in g.completed_tricks:
        if 4 * trick.number > before:
            out.append(LineTrick(trick.number, trick.leader, trick.cards, trick.winner).message(log.sawa.team))
    return out
