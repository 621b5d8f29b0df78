"""Asking the engine: a question's scenario judged, the answer it gives and the reason, in the reader's style."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from explorer.content.lessons.model import (
    PAGE_STYLE,
    DealBlock,
    LessonError,
    NotUnderProfile,
    Question,
    Step,
    _formula,
    _seat_words,
    normalise,
    value_words,
)
from explorer.content.sources import cite_all
from explorer.content.translations import content
from explorer.engine.core.cards import SEATS, Card, CardError, Rank, Seat, Suit, Team, priority_order
from explorer.engine.core.i18n import Msg, Style, plural, translator
from explorer.engine.core.i18n import text as render
from explorer.engine.core.profiles import DEFAULT_PROFILE, RuleProfile, custom_profile
from explorer.engine.core.tables import (
    BALOOT_POINTS,
    GAME_POOL,
    HOKUM_TRUMP_ORDER,
    HOKUM_TRUMP_POINTS,
    KABOOT_AWARD,
    LAST_TRICK_BONUS,
    MATCH_TARGET,
    RAW_TOTAL,
    SUN_ORDER,
    SUN_POINTS,
    Mode,
    ProjectType,
)
from explorer.engine.files.scenario import Checked, ContractIn, check_doc, read_model
from explorer.engine.rules.bidding import (
    BiddingState,
    Call,
    check_call,
    explain,
    legal_calls,
    replay,
    start,
)
from explorer.engine.rules.deal import (
    FIRST_ROUND_CARDS,
    OTHER_COMPLETION,
    SECOND_ROUND_CARDS,
    UPCARD_INDEX,
    CompletedDeal,
    DealRound,
    complete,
    deal_table,
    new_deal,
    next_dealer,
)
from explorer.engine.rules.play import card_value, is_trump, seats_from, trick_points, winning_index

# --- asking the engine -----------------------------------------------------------------------------

def scenario_profile(doc: dict[str, Any], profile: RuleProfile | None) -> RuleProfile:
    """The scenario's own profile when it names one, else ``profile`` (the sidebar's), else the default."""
    if doc.get("profile") is not None:
        return custom_profile(doc["profile"])
    return profile or DEFAULT_PROFILE


def judge(doc: dict[str, Any], profile: RuleProfile | None = None, style: Style = PAGE_STYLE) -> Checked:
    """Run a scenario through the engine (its own ``profile`` wins over the one given): its sentences
    in ``style`` (card faces) and the rules documents cited by name."""
    checked = check_doc(doc, profile=None if doc.get("profile") is not None else profile, style=style)
    return replace(checked, output=cite_all(checked.output, style.lang)) if checked.ok else checked


def bidding_state(doc: dict[str, Any], profile: RuleProfile | None = None,
                  style: Style = PAGE_STYLE) -> tuple[BiddingState, str | None]:
    """The bidding snapshot after a bidding scenario's calls, and the reason of the first illegal call (or None)."""
    prof = scenario_profile(doc, profile)
    state = start(Seat.parse(doc["dealer"]), Card.parse(doc["upcard"]), match=doc.get("match"), profile=prof)
    for stage, entries in (("bidding", doc.get("calls") or []), ("escalation", doc.get("escalation") or [])):
        calls = []
        for c in entries:
            suit = Suit.parse(c["suit"]) if c.get("suit") else None
            text = c["call"] + (f" {suit.value}" if suit else "") + (" locked" if c.get("locked") else "")
            calls.append(Call.parse(f"{c['seat']}: {text}"))
        state, _, verdict = replay(state, calls, stage=stage)
        if verdict is not None:
            return state, render(verdict.reason, style)
    return state, None


@dataclass(frozen=True)
class TrickView:
    """A whole (or partial) trick for the card questions: leader, cards in play order, contract."""

    leader: Seat
    cards: tuple[Card, ...]
    mode: Mode
    trump: Suit | None

    @property
    def seats(self) -> list[Seat]:
        """The seat of each card, in play order."""
        return list(seats_from(self.leader, len(self.cards)))


def trick_view(doc: dict[str, Any]) -> TrickView:
    """The trick of a play scenario: ``current.cards``, plus the hand's card when the hand holds one card.

    A play scenario whose fourth seat holds a single card shows a whole trick: that card is forced.
    """
    cur = doc.get("current") or {}
    cards = [Card.parse(c) for c in cur.get("cards") or []]
    hand = [Card.parse(c) for c in doc.get("hand") or []]
    if len(hand) == 1 and len(cards) == 3:
        cards.append(hand[0])
    contract = read_model(ContractIn, doc["contract"])  # the engine's reading: an unknown mode is an error
    return TrickView(Seat.parse(cur["leader"]), tuple(cards), contract.mode, contract.trump)


def trick_winner_reason(t: TrickView, style: Style = PAGE_STYLE) -> tuple[Card, str]:
    """The card winning the trick and why, from the engine's trick rules."""
    i = winning_index(t.cards, t.mode, t.trump)
    win = t.cards[i]
    led = t.cards[0].suit
    who = _seat_words(t.seats[i], style)
    if is_trump(win, t.mode, t.trump):
        trumps = [c for c in t.cards if is_trump(c, t.mode, t.trump)]
        order = _formula(" ".join(r.label for r in HOKUM_TRUMP_ORDER), style)
        if len(trumps) == 1 and led is not t.trump:
            why = Msg("it is the only trump ({suit}) in the trick, and a trump beats every card "
                       "of the other suits, even an Ace", suit=t.trump).render(style)
        else:
            why = Msg("it is the highest trump in the trick (trumps rank {order})", order=order).render(style)
        return win, Msg("{card} wins for {who}: {why}.", card=win, who=who, why=why).render(style)
    order = _formula(" ".join(r.label for r in SUN_ORDER), style)
    others = [c for c in t.cards if c.suit is not led]
    extra = plural("; {cards} is of another suit and cannot win", "; {cards} are of another suit and cannot win",
                   len(others), cards=others).render(style) if others else ""
    return win, Msg("{card} wins for {who}: it is the highest card of the led suit, {suit} "
                     "(plain order {order}){extra}.", card=win, who=who, suit=led, order=order, extra=extra).render(style)


def trick_points_reason(t: TrickView, style: Style = PAGE_STYLE) -> tuple[int, str]:
    """The trick's raw points and the sum card by card, with the point table it follows (from ``tables``)."""
    total = trick_points(t.cards, t.mode, t.trump)
    parts = " + ".join(f"{c.pretty} {card_value(c, t.mode, t.trump)}" for c in t.cards)
    plain_suits = _formula(_point_table(SUN_ORDER, SUN_POINTS), style)
    if t.mode is Mode.HOKUM:
        note = Msg(" (trumps, {suit}: {table}; other suits: {plain})", suit=t.trump,
                    table=_formula(_point_table(HOKUM_TRUMP_ORDER, HOKUM_TRUMP_POINTS), style), plain=plain_suits).render(style)
    else:
        nothing = _formula(" ".join(r.label for r in SUN_ORDER if not SUN_POINTS[r]), style)
        note = Msg(" (Sun: {plain}, {nothing} nothing)", plain=plain_suits, nothing=nothing).render(style)
    return total, Msg("{sum}{note}.", sum=_formula(f"{parts} = {total}", style), note=note).render(style)


def _point_table(order: Iterable[Rank], points: Mapping[Rank, int]) -> str:
    """``J 20, 9 14, A 11, …``: the ranks that count, strongest first."""
    return ", ".join(f"{r.label} {points[r]}" for r in order if points[r])


def deal_of(block: DealBlock) -> CompletedDeal:
    """The engine's deal for a deal block, completed for its taker (default: the dealer's right)."""
    d = new_deal(block.seed, dealer=block.dealer, cut=block.cut)
    return complete(d, block.taker or block.dealer.right)


def deal_facts(block: DealBlock) -> dict[str, Any]:
    """Facts of a seeded deal a question may ask (see lessons/README.md), all from the engine."""
    done = deal_of(block)
    d = done.deal
    taker = done.taker
    taker_steps = [s for s in done.steps if s.round is DealRound.COMPLETION and s.seat is taker]
    return {
        "dealer": d.dealer.value,
        "cutter": d.cutter.value,
        "cut": d.cut,
        "order": [s.value for s in priority_order(d.dealer)],
        "first_seat": d.steps[0].seat.value,
        "upcard": str(d.upcard),
        "upcard_position": UPCARD_INDEX + 1,
        "first_round_cards": FIRST_ROUND_CARDS,
        "second_round_cards": SECOND_ROUND_CARDS,
        "hand_size_before": len(d.hand(d.dealer)),
        "hand_size_after": len(done.hand(d.dealer)),
        "taker": taker.value,
        "taker_draws": len([s for s in taker_steps if s.card != d.upcard]),
        "other_draws": OTHER_COMPLETION,
        "first_leader": priority_order(d.dealer)[0].value,
        "next_dealer": next_dealer(d.dealer).value,
        "partner": {s.value: s.partner.value for s in SEATS},
        "right": {s.value: s.right.value for s in SEATS},
        "left": {s.value: s.left.value for s in SEATS},
        "team": {s.value: s.team.value for s in SEATS},
        "steps": deal_table(done.steps),
    }


def _deal_reason(path: str, block: DealBlock, facts: dict[str, Any], style: Style = PAGE_STYLE) -> str:
    head = _tokens(path)[0]
    dealer = Seat.parse(facts["dealer"])
    doc = translator(style.lang).gettext
    if head in ("partner", "team"):
        return Msg("Partners sit opposite each other: South and North are team NS, East and West are team EW.").render(style)
    if head in ("right", "left", "order"):
        toks = _tokens(path)
        seat = Seat.parse(str(toks[1])) if len(toks) > 1 and head != "order" else Seat.S
        side = seat.left if head == "left" else seat.right
        names = (seat.title, side.title) if style.lang == "en" else (seat, side)
        if head == "left":
            return Msg("Play goes anticlockwise: S → E → N → W → S. The next seat is the one to your right: "
                        "{seat}'s left is {side}.", seat=names[0], side=names[1]).render(style)
        return Msg("Play goes anticlockwise: S → E → N → W → S. The next seat is the one to your right: "
                    "{seat}'s right is {side}.", seat=names[0], side=names[1]).render(style)
    if head in ("cutter", "cut"):
        return Msg("The dealer's left neighbour cuts: {dealer} deals, so {cutter} cuts.", dealer=dealer,
                    cutter=Seat.parse(facts["cutter"])).render(style)
    if head in ("first_seat", "first_round_cards", "second_round_cards", "hand_size_before"):
        return Msg("{first} {then} {dealer} deals, so {seat} (the dealer's right) receives the first card.", first=doc(DealRound.FIRST_THREE.doc), then=doc(DealRound.THEN_TWO.doc), dealer=dealer,
                    seat=Seat.parse(facts["first_seat"])).render(style)
    if head in ("upcard", "upcard_position"):
        return Msg("{rule} Here it is {card}.", rule=doc(DealRound.UPCARD.doc),
                    card=Card.parse(facts["upcard"])).render(style)
    if head in ("taker", "taker_draws", "other_draws", "hand_size_after"):
        return Msg("{rule} {taker} takes the upcard and {n} more; everyone ends with {cards} cards.", rule=doc(DealRound.COMPLETION.doc), taker=Seat.parse(facts["taker"]), n=facts["taker_draws"],
                    cards=facts["hand_size_after"]).render(style)
    if head == "first_leader":
        return Msg("The dealer's right leads the first trick, whoever bought: {dealer} dealt, so {seat} leads.", dealer=dealer, seat=Seat.parse(facts["first_leader"])).render(style)
    if head == "next_dealer":
        return Msg("The deal rotates to the dealer's right: after {dealer} comes {seat}.", dealer=dealer,
                    seat=Seat.parse(facts["next_dealer"])).render(style)
    if head == "steps":
        toks = _tokens(path)
        if len(toks) > 1 and isinstance(toks[1], int):
            done = deal_of(block)
            said = render(done.steps[toks[1]].describe(), style)
            return (said.capitalize() if style.lang == "en" else said) + "."
    return Msg("From the engine's deal.").render(style)


def table_facts() -> dict[str, Any]:
    """The rule-table numbers a question may ask, from the engine's tables."""
    return {
        "raw_total": {m.value: RAW_TOTAL[m] for m in Mode},
        "game_pool": {m.value: GAME_POOL[m] for m in Mode},
        "kaboot": {m.value: KABOOT_AWARD[m] for m in Mode},
        "last_trick": LAST_TRICK_BONUS,
        "match_target": MATCH_TARGET,
        "baloot": BALOOT_POINTS,
        "deck": 32,
    }


def _table_reason(path: str, style: Style = PAGE_STYLE) -> str:
    head = _tokens(path)[0]
    if head in ("raw_total", "last_trick", "deck"):
        return Msg("The cards are worth {hokum} in Hokum and {sun} in Sun; the last trick adds {last}: "
                    "{hokum_raw} and {sun_raw} raw points.", hokum=RAW_TOTAL[Mode.HOKUM] - LAST_TRICK_BONUS,
                    sun=RAW_TOTAL[Mode.SUN] - LAST_TRICK_BONUS, last=LAST_TRICK_BONUS,
                    hokum_raw=RAW_TOTAL[Mode.HOKUM], sun_raw=RAW_TOTAL[Mode.SUN]).render(style)
    if head == "game_pool":
        return Msg("Card points convert to a pool of {hokum} game points in Hokum and {sun} in Sun.", hokum=GAME_POOL[Mode.HOKUM], sun=GAME_POOL[Mode.SUN]).render(style)
    if head == "kaboot":
        return Msg("Taking all eight tricks (Kaboot) scores {hokum} in Hokum and {sun} in Sun.", hokum=KABOOT_AWARD[Mode.HOKUM], sun=KABOOT_AWARD[Mode.SUN]).render(style)
    if head == "match_target":
        return Msg("The match ends when a team reaches {target} game points. {hokum} and {sun} are the card "
                    "points of one deal, a different thing.", target=MATCH_TARGET,
                    hokum=RAW_TOTAL[Mode.HOKUM], sun=RAW_TOTAL[Mode.SUN]).render(style)
    if head == "baloot":
        return Msg("Baloot, the King and Queen of trumps in one hand, is worth {n} game points.", n=BALOOT_POINTS).render(style)
    return Msg("From the engine's rule tables.").render(style)


_TOKEN = re.compile(r"([^.\[\]]+)|\[(\d+)\]")


def _tokens(path: str) -> list[str | int]:
    return [int(i) if i else k for k, i in _TOKEN.findall(path)]


def read_path(data: Any, path: str) -> Any:
    """The value at ``award.NS`` or ``by_seat.E.projects[0].type``; KeyError naming the missing part.

    >>> read_path({"a": {"b": [1, {"c": 2}]}}, "a.b[1].c")
    2
    """
    cur = data
    done = ""
    for tok in _tokens(path):
        if isinstance(tok, int):
            if not isinstance(cur, list) or tok >= len(cur):
                raise KeyError(f"{path}: {done or 'the verdict'} has no item [{tok}]")
            cur = cur[tok]
            done += f"[{tok}]"
        else:
            if not isinstance(cur, dict) or tok not in cur:
                raise KeyError(f"{path}: {done or 'the verdict'} has no key {tok!r}")
            cur = cur[tok]
            done += ("." if done else "") + tok
    return cur


_SCORE_STEPS = {
    "counting_team": ("counting_team",),
    "converted": ("conversion", "complement"),
    "comparison": ("projects", "baloot", "comparison", "tie_rule"),
    "winner": ("comparison", "tie_rule"),
    "buyer_made": ("comparison", "tie_rule", "award"),
    "award": ("comparison", "tie_rule", "award"),
    "kaboot": ("award",),
    "project_team": ("projects",),
    "project_points": ("projects",),
    "baloot_points": ("baloot",),
    "match": ("award", "match"),
    "match_winner": ("award", "match"),
}


def _verdict_reason(step: Step, output: dict[str, Any], path: str, profile: RuleProfile | None,
                    style: Style = PAGE_STYLE) -> str:
    kind = output.get("kind")
    head = _tokens(path)[0]
    if kind == "score":
        wanted = _SCORE_STEPS.get(str(head))
        lines = [s["detail"] for s in output.get("steps", []) if wanted is None or s["step"] in wanted]
        return " ".join(lines)
    if kind == "projects":
        parts = []
        trump = (output.get("contract") or {}).get("trump")
        for seat, info in output.get("by_seat", {}).items():
            shown = [Msg("{project} ({cards}, {value})", project=ProjectType(p["type"]),
                          cards=_formula(" ".join(Card.parse(c).pretty for c in p["cards"]), style), value=p["value"]).render(style)
                     for p in info["projects"]]
            if info.get("baloot"):
                inside = "" if info.get("baloot_separate") else Msg(" inside that run, so no separate 2").render(style)
                shown.append(Msg("Baloot ({king} {queen}){inside}", king=Card.parse("K" + trump),
                                  queen=Card.parse("Q" + trump), inside=inside).render(style))
            held = Msg(" and ").render(style).join(shown) if shown else Msg("no project").render(style)
            parts.append(Msg("{seat} holds {projects}.", seat=Seat.parse(seat), projects=held).render(style))
        pts = output.get("points") or {}
        parts += [output.get("reason", ""), Msg("Game points for projects and Baloot: NS {ns}, EW {ew}.", ns=pts.get("NS", 0), ew=pts.get("EW", 0)).render(style)]
        return " ".join(parts).strip()
    if kind == "bidding":
        if output.get("error"):
            return output["error"]["reason"]
        state, _ = bidding_state(step.doc, profile, style)
        said = render(explain(state), style)
        if state.next is not None and head in ("next", "legal_calls"):
            said += " " + Msg("{seat} may: {calls}.", seat=state.next,
                               calls=[v.call.message() for v in _legal(state)]).render(style)
        return said
    if kind == "play":
        return output.get("rule", "")
    if kind == "deal":
        err = output.get("error")
        return err["reason"] if err else Msg("The engine checked every card of the deal.").render(style)
    return ""


def _legal(state: BiddingState):
    return [v for v in legal_calls(state) if v.legal]


@dataclass(frozen=True)
class EngineAnswer:
    """The engine's answer to a question: the value, how to show it, and the engine's reason.

    ``accepted`` lists every answer counted right (the legal cards for ``legal_card``).
    """

    value: Any
    display: str
    reason: str
    accepted: tuple[Any, ...] = ()
    verdicts: dict[str, tuple[bool, str]] = field(default_factory=dict)
    requirement: str = ""
    """For a card question: what the rule that applies requires of a card it refuses (no card named)."""

    def accepts(self, given: Any) -> bool:
        return given in self.accepted if self.accepted else given == self.value


def display(value: Any, question: Question | None = None, style: Style = PAGE_STYLE,
            where: str | None = None) -> str:
    """An answer as the page shows it: a choice's label, ``Q♥`` for a card, Yes/No (in ``style``'s language;
    ``where``, ``lessons/05-cutting.yaml#third-cut``, finds a choice label's translation)."""
    if question is not None and question.choices:
        for j, c in enumerate(question.choices):
            if normalise(c.value, "choice") == normalise(value, "choice"):
                return choice_label(question, j, style, where)
    if question is not None and question.input == "seat" and value is not None:
        try:
            return _seat_words(Seat.parse(str(value)), style)
        except CardError:
            pass
    if question is not None and question.input == "team" and value is not None and style.lang != "en":
        try:
            return Msg("{team}", team=Team.parse(str(value))).render(style)
        except CardError:
            pass
    return value_words(value, style)


def choice_label(question: Question, j: int, style: Style = PAGE_STYLE, where: str | None = None) -> str:
    """The label of a question's choice ``j`` in ``style``'s language: the content catalogue's translation of
    the label the author wrote (at ``where`` + ``.question.choices[j].label``), or the value in words."""
    c = question.choices[j]
    if style.lang == "en":
        return c.label
    if c.label == value_words(c.value) and where is not None:  # no label written: the value in words
        return value_words(c.value, style)
    return content(c.label, f"{where}.question.choices[{j}].label" if where else None, style.lang)


def engine_answer(step: Step, profile: RuleProfile | None = None, style: Style = PAGE_STYLE,
                  where: str | None = None) -> EngineAnswer:
    """Ask the engine the step's question; :class:`LessonError` if the scenario cannot be judged.

    The reasons and the answer's words are in ``style``'s language (``where``: the step's place in its lesson
    file, ``lessons/05-cutting.yaml#third-cut``, to find the translations of the author's choice labels)."""
    q = step.question
    if q is None:
        raise LessonError(f"step {step.id} has no question")
    how = q.input
    if q.ask == "table":
        value = read_path(table_facts(), q.path)
        return EngineAnswer(normalise(value, how), display(value, q, style, where), _table_reason(q.path, style))
    if q.ask == "deal":
        facts = deal_facts(step.deal)
        value = read_path(facts, q.path)
        return EngineAnswer(normalise(value, how), display(value, q, style, where),
                            _deal_reason(q.path, step.deal, facts, style))
    doc = step.doc
    checked = judge(doc, profile, style)
    if not checked.ok:
        raise LessonError([f"scenario: {e}" for e in checked.errors])
    out = checked.output
    if q.ask == "trick_winner":
        card, reason = trick_winner_reason(trick_view(doc), style)
        return EngineAnswer(str(card), value_words(str(card), style), reason)
    if q.ask == "trick_points":
        total, reason = trick_points_reason(trick_view(doc), style)
        return EngineAnswer(total, str(total), reason)
    if q.ask in ("legal_card", "card_legal"):
        verdicts = {v["card"]: (v["legal"], v["reason"]) for v in out["verdicts"]}
        if q.ask == "legal_card":
            legal = tuple(sorted(out["legal"]))
            return EngineAnswer(list(legal), value_words(list(legal), style), out["rule"],
                                accepted=legal, verdicts=verdicts, requirement=out["requirement"] or "")
        if q.card not in verdicts:
            raise LessonError(f"question.card: {q.card} is not in the hand")
        legal, reason = verdicts[q.card]
        return EngineAnswer(legal, display(legal, q, style, where), reason, verdicts=verdicts)
    if q.ask == "call_legal":
        state, err = bidding_state(doc, profile, style)
        if err:
            raise NotUnderProfile(f"scenario: the calls stop at an illegal call ({err}); call_legal asks about "
                                  "the state after legal calls", err)
        v = check_call(state, Call.parse(q.call))
        return EngineAnswer(v.legal, display(v.legal, q, style, where), render(v.reason, style))
    value = read_path(out, q.path)
    return EngineAnswer(normalise(value, how if how != "choice" else None) if value is not None else None,
                        display(value, q, style, where), _verdict_reason(step, out, q.path, profile, style))
