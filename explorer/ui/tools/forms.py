"""The Trick checker's and the Score calculator's widgets <-> the scenario they describe (no Streamlit).

A tool keeps its inputs in its widgets' session keys (named in :mod:`explorer.ui.state`). On
each run :func:`play_doc` / :func:`score_doc` read those values into a scenario for the engine;
a scenario arriving from a file or a link goes the other way with :func:`play_form` /
:func:`score_form`. Cards are tapped one by one in a row per suit (:func:`tapped_cards` reads the
rows, in the order the cards were tapped) or typed (``KC 7C``): :func:`tokens` reads what was typed
and keeps what is not a card as typed, so the engine can name it.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, NamedTuple

from explorer.engine.core.cards import DECK, Card, CardError, Seat, Suit, priority_order
from explorer.engine.core.contract import LEVELS as ENGINE_LEVELS
from explorer.engine.core.contract import Level
from explorer.engine.core.i18n import N_
from explorer.engine.core.tables import PROJECT_ORDER, RAW_TOTAL, Mode
from explorer.engine.files.kinds.play import PlayIn
from explorer.engine.files.kinds.score import ScoreIn
from explorer.engine.files.loader import MAX_ITEMS
from explorer.engine.files.scenario import read_model
from explorer.engine.rules.bidding import may_lock
from explorer.engine.rules.play import play_tricks, seats_from, team_totals
from explorer.ui import state
from explorer.view.words import NO_SEAT, t, tn

LEVELS = tuple(level.value for level in ENGINE_LEVELS)
"""The escalation levels of a selectbox, lowest first."""
SUITS = ("S", "H", "D", "C")
SEAT_IDS = ("S", "E", "N", "W")


# --- cards in widgets ---------------------------------------------------------------------------

CARD_OPTIONS: tuple[str, ...] = tuple(
    str(c) for s in (Suit.S, Suit.H, Suit.D, Suit.C)
    for c in sorted((c for c in DECK if c.suit is s), key=lambda c: PROJECT_ORDER.index(c.rank)))
"""The 32 cards, suit by suit (♠ ♥ ♦ ♣), ace down to seven."""

SUIT_OPTIONS: dict[str, tuple[str, ...]] = {suit: tuple(c for c in CARD_OPTIONS if c[1] == suit) for suit in SUITS}
"""The cards of each suit, ace down to seven: one row of tappable cards per suit."""


def tokens(text: str | None) -> list[str]:
    """Card tokens typed in a box, canonical where they are cards, as typed otherwise.

    >>> tokens("kc, 10h  K♣ xx")
    ['KC', 'TH', 'KC', 'xx']
    """
    out = []
    for tok in re.split(r"[\s,;]+", (text or "").strip()):
        if not tok:
            continue
        if len(out) >= MAX_ITEMS:  # more than any list of a scenario holds: kept as typed, refused at its count
            out.append(tok)
            continue
        try:
            out.append(str(Card.parse(tok)))
        except CardError:
            out.append(tok)
    return out


def bad_tokens(items: Iterable[str]) -> list[str]:
    """The tokens that are not cards.

    >>> bad_tokens(["KC", "ZZ"])
    ['ZZ']
    """
    out = []
    for tok in itertools.islice(items, MAX_ITEMS + 1):  # past a list's most items, its count says what is wrong
        try:
            Card.parse(tok)
        except CardError:
            out.append(tok)
    return out


def trick_lines(tricks: Iterable[Mapping[str, Any]]) -> str:
    """Earlier tricks as the text area shows them: ``S: KD 7D AD 8D`` (``ekka`` at the end when announced)."""
    lines = []
    for trick in tricks:
        line = f"{trick['leader']}: {' '.join(str(c) for c in trick['cards'])}"
        if trick.get("ekka"):
            line += " ekka"
        lines.append(line)
    return "\n".join(lines)


_LINE = re.compile(r"^\s*([SENWsenw])\s*[:\-–]\s*(.*)$")


def parse_trick_lines(text: str, *, what: str = N_("earlier tricks"),
                      need_leader: bool = True) -> tuple[list[dict[str, Any]], list[str]]:
    """Tricks typed one a line, ``S: KD 7D AD 8D`` with an optional ``ekka``; problems name the line.

    >>> parse_trick_lines("S: KD 7D AD 8D\\nN: qs 8d as 8s ekka")
    ([{'leader': 'S', 'cards': ['KD', '7D', 'AD', '8D']}, {'leader': 'N', 'cards': ['QS', '8D', 'AS', '8S'], 'ekka': True}], [])
    >>> parse_trick_lines("KD 7D AD 8D")[1]
    ["earlier tricks, line 1: start with the leader's seat, e.g. 'S: KD 7D AD 8D'"]
    """
    out: list[dict[str, Any]] = []
    problems: list[str] = []
    for n, line in enumerate((text or "").splitlines(), start=1):
        if not line.strip():
            continue
        m = _LINE.match(line)
        leader = None
        body = line
        if m:
            leader, body = m.group(1).upper(), m.group(2)
        elif need_leader:
            problems.append(t("{what}, line {n}: start with the leader's seat, e.g. {example}", what=t(what), n=n,
                               example="'S: KD 7D AD 8D'"))
            continue
        toks = tokens(body)
        ekka = False
        if toks and toks[-1].lower() in ("ekka", "*"):
            ekka = True
            toks = toks[:-1]
        row: dict[str, Any] = {"leader": leader, "cards": toks}
        if ekka:
            row["ekka"] = True
        out.append(row)
    return out, problems



# --- the Trick checker's form <-> a play scenario ------------------------------------------------

HANDS_FIELDS = tuple((state.trick_hands_key(s), state.trick_hands_text_key(s)) for s in SEAT_IDS)
"""The other hands' fields (tapped, typed), one per seat: the seat to play's is its ``hand``, so three are shown."""
TAP_FIELDS = (state.TRICK_TABLE, state.TRICK_HAND, state.TRICK_PLAYED, *(k for k, _ in HANDS_FIELDS))
"""The Trick checker's card fields entered by tapping: each is four rows (:func:`state.tap_key`) and the
order its cards were tapped in (a plain list under the field's own key)."""


def tap_values(cards_key: str, cards: Iterable[str]) -> dict[str, list[str]]:
    """The widget values that show ``cards`` in a field's rows, and their order.

    >>> tap_values(state.TRICK_TABLE, ["KC", "QH", "7C"])[state.tap_key(state.TRICK_TABLE, "C")]
    ['KC', '7C']
    """
    cards = list(cards)
    return {cards_key: cards, **{state.tap_key(cards_key, s): [c for c in cards if c[1:] == s] for s in SUITS}}


def tapped_cards(values: Mapping[str, Any], cards_key: str) -> list[str]:
    """The cards chosen in a field's rows, in the order they were tapped (cards the order does not
    know yet, e.g. the tap being handled, come last, in deck order).

    The rows are what the user sees, so they decide which cards are chosen; the order list only
    orders them (the cards on the table are in play order).

    >>> v = {**tap_values(state.TRICK_TABLE, ["KC", "QH"]), state.tap_key(state.TRICK_TABLE, "C"): ["KC", "7C"]}
    >>> tapped_cards(v, state.TRICK_TABLE)
    ['KC', 'QH', '7C']
    """
    chosen = {c for s in SUITS for c in values.get(state.tap_key(cards_key, s)) or []}
    order = [c for c in values.get(cards_key) or [] if c in chosen]
    return order + [c for c in CARD_OPTIONS if c in chosen and c not in order]


PLAY_DEFAULTS: dict[str, Any] = {
    state.TRICK_MODE: "hokum", state.TRICK_TRUMP: "H", state.TRICK_BUYER: "N", state.TRICK_DEALER: "E",
    state.TRICK_LEVEL: "none", state.TRICK_DOUBLER: NO_SEAT, state.TRICK_LOCKED: False, state.TRICK_LEADER: "N",
    state.TRICK_ENTRY: "tap", state.TRICK_TABLE: [], state.TRICK_HAND: [], state.TRICK_PLAYED: [],
    state.TRICK_TABLE_TEXT: "", state.TRICK_HAND_TEXT: "", state.TRICK_PLAYED_TEXT: "", state.TRICK_TRICKS: "",
    state.TRICK_EKKA: False, **{text: "" for _, text in HANDS_FIELDS},
    **{k: v for field in TAP_FIELDS for k, v in tap_values(field, []).items()},
}
"""The Trick checker's widgets when empty (Hokum, hearts; E deals so N leads)."""

_PLAY_CARD_FIELDS = ((state.TRICK_TABLE, state.TRICK_TABLE_TEXT), (state.TRICK_HAND, state.TRICK_HAND_TEXT),
                     (state.TRICK_PLAYED, state.TRICK_PLAYED_TEXT), *HANDS_FIELDS)


def locked_allowed(mode: str, level: str) -> bool:
    """Whether the widgets' contract (``hokum``, ``double``...) may be declared locked: the engine's rule
    (:func:`~explorer.engine.rules.bidding.may_lock`: a Hokum Double or Quadruple only).

    >>> locked_allowed("hokum", "quadruple"), locked_allowed("hokum", "triple"), locked_allowed("sun", "double")
    (True, False, False)
    """
    return may_lock(Mode(mode), Level(level))


TAP_LIMITS = {state.TRICK_TABLE: 3, state.TRICK_HAND: 8, state.TRICK_PLAYED: 28, **{k: 8 for k, _ in HANDS_FIELDS}}
"""How many cards each field takes by tapping (3 on the table before the last seat, 8 in a hand)."""


def _fits_taps(values: Mapping[str, Any]) -> bool:
    """Whether the card fields can be shown as tapped cards: not too many cards, none twice."""
    return all(len(values[k]) <= n and len(set(values[k])) == len(values[k]) for k, n in TAP_LIMITS.items())


def play_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The Trick checker's widget values for a play scenario (its shape already checked).

    Cards are shown as tapped; a scenario taps cannot hold (nine cards in a hand, a card twice)
    goes into the text boxes instead, so the engine can say what is wrong with it.
    """
    s = read_model(PlayIn, {**doc, "kind": "play"})
    out = {
        **PLAY_DEFAULTS,
        **_contract_form(s, PLAY_DEFAULTS, TRICK_CONTRACT),
        state.TRICK_LEADER: s.current.leader.value,
        state.TRICK_ENTRY: "tap",
        **tap_values(state.TRICK_TABLE, [str(x) for x in s.current.cards]),
        **tap_values(state.TRICK_HAND, [str(x) for x in s.hand]),
        **tap_values(state.TRICK_PLAYED, [str(x) for x in (s.played or [])]),
        state.TRICK_TRICKS: trick_lines({"leader": t.leader.value, "cards": t.cards, "ekka": t.ekka}
                                     for t in (s.tricks or [])),
        state.TRICK_EKKA: bool(s.ekka) or bool(s.current.ekka),
        **{k: v for seat, cards in (s.hands or {}).items()
           for k, v in tap_values(state.trick_hands_key(seat.value), [str(x) for x in cards]).items()},
    }
    if not _fits_taps(out):
        out[state.TRICK_ENTRY] = "type"
        for pick_key, text_key in _PLAY_CARD_FIELDS:
            out[text_key] = " ".join(out[pick_key])
            out.update(tap_values(pick_key, []))
    return out


def play_cards(values: Mapping[str, Any], pick_key: str) -> list[str]:
    """One card field of the form, as tapped or from the text box (by the entry mode)."""
    text_key = dict(_PLAY_CARD_FIELDS)[pick_key]
    if values.get(state.TRICK_ENTRY, "tap") == "type":
        return tokens(values.get(text_key, ""))
    return tapped_cards(values, pick_key)


class ContractKeys(NamedTuple):
    """The session keys of one tool's contract and escalation widgets."""

    mode: str
    dealer: str
    trump: str
    buyer: str
    level: str
    doubler: str
    locked: str


TRICK_CONTRACT = ContractKeys(state.TRICK_MODE, state.TRICK_DEALER, state.TRICK_TRUMP, state.TRICK_BUYER, state.TRICK_LEVEL,
                              state.TRICK_DOUBLER, state.TRICK_LOCKED)
SCORE_CONTRACT = ContractKeys(state.SCORE_MODE, state.SCORE_DEALER, state.SCORE_TRUMP, state.SCORE_BUYER, state.SCORE_LEVEL,
                              state.SCORE_DOUBLER, state.SCORE_LOCKED)


def _contract_doc(kind: str, v: Mapping[str, Any], k: ContractKeys) -> dict[str, Any]:
    """The kind, dealer, contract and escalation a tool's widgets describe (shared by the tools)."""
    mode = v[k.mode]
    doc: dict[str, Any] = {"kind": kind}
    if v[k.dealer]:
        doc["dealer"] = v[k.dealer]
    contract: dict[str, Any] = {"mode": mode}
    if mode == "hokum":
        contract["trump"] = v[k.trump]
    contract["buyer"] = v[k.buyer]
    doc["contract"] = contract
    level, doubler = v[k.level], v[k.doubler]
    locked = bool(v[k.locked]) and locked_allowed(mode, level)
    if level != "none" or doubler or locked:
        esc: dict[str, Any] = {"level": level}
        if doubler:
            esc["doubler"] = doubler
        if locked:
            esc["locked"] = True
        doc["escalation"] = esc
    return doc


def _contract_form(s: Any, defaults: Mapping[str, Any], k: ContractKeys) -> dict[str, Any]:
    """The widget values of a read scenario's dealer, contract and escalation (the inverse of _contract_doc)."""
    c, esc = s.contract, s.escalation
    return {
        k.mode: c.mode.value,
        k.trump: c.trump.value if c.trump else defaults[k.trump],
        k.buyer: c.buyer.value,
        k.dealer: s.dealer.value if s.dealer else NO_SEAT,
        k.level: esc.level.value if esc else "none",
        k.doubler: esc.doubler.value if esc and esc.doubler else NO_SEAT,
        k.locked: bool(esc and esc.locked),
    }


def play_doc(values: Mapping[str, Any]) -> tuple[dict[str, Any], list[str]]:
    """The play scenario the Trick checker's widgets describe, and problems in the earlier-tricks box."""
    v = {**PLAY_DEFAULTS, **values}
    doc = _contract_doc("play", v, TRICK_CONTRACT)
    tricks, problems = parse_trick_lines(v[state.TRICK_TRICKS])
    if tricks or problems:
        doc["tricks"] = tricks
    doc["current"] = {"leader": v[state.TRICK_LEADER], "cards": play_cards(v, state.TRICK_TABLE)}
    if v[state.TRICK_EKKA]:
        doc["ekka"] = True
    doc["hand"] = play_cards(v, state.TRICK_HAND)
    played = play_cards(v, state.TRICK_PLAYED)
    if played:
        doc["played"] = played
    to_play = seat_to_play(doc)
    hands = {s: play_cards(v, state.trick_hands_key(s)) for s in SEAT_IDS if s != to_play}
    hands = {s: cards for s, cards in hands.items() if cards}
    if hands:
        doc["hands"] = hands
    return doc, problems


def seat_to_play(doc: Mapping[str, Any]) -> str | None:
    """The seat to play in a play scenario's current trick (None when the trick cannot be read: 4 cards or more).

    >>> seat_to_play({"current": {"leader": "N", "cards": ["KC", "7C"]}})
    'S'
    """
    cur = doc.get("current") or {}
    n = len(cur.get("cards") or [])
    try:
        leader = Seat.parse(cur.get("leader") or "")
    except CardError:
        return None
    return seats_from(leader, n + 1)[-1].value if n <= 3 else None


def without_hands(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The scenario without the other hands: what the legality verdict needs (a hand still being entered does not
    hide it)."""
    return {k: v for k, v in doc.items() if k != "hands"}


def cards_left(doc: Mapping[str, Any]) -> list[str]:
    """The cards in no field of a play scenario (its hands, table, earlier tricks and played), in deck order."""
    placed = {*doc.get("hand", []), *(doc.get("current") or {}).get("cards", []), *doc.get("played", []),
              *(c for t in doc.get("tricks") or [] for c in t.get("cards", [])),
              *(c for cards in (doc.get("hands") or {}).values() for c in cards)}
    return [c for c in CARD_OPTIONS if c not in placed]


def switch_entry(values: Mapping[str, Any], to: str) -> tuple[dict[str, Any], list[str]]:
    """Widget values after switching between tapping and typing cards; problems keep the typed text.

    >>> switch_entry({state.TRICK_HAND_TEXT: "kc 7c", state.TRICK_ENTRY: "type"}, "tap")[0][state.TRICK_HAND]
    ['KC', '7C']
    >>> switch_entry({state.TRICK_HAND_TEXT: "kc zz", state.TRICK_ENTRY: "type"}, "tap")[1]
    ["hand: 'zz' is not a card; fix it before switching to tapping"]
    """
    out: dict[str, Any] = {state.TRICK_ENTRY: to}
    problems: list[str] = []
    names = {state.TRICK_TABLE: t("cards on the table"), state.TRICK_HAND: t("hand"), state.TRICK_PLAYED: t("cards played"),
             **{k: t("hand of {seat}", seat=Seat.parse(k.rsplit(".", 1)[1])) for k, _ in HANDS_FIELDS}}
    for pick_key, text_key in _PLAY_CARD_FIELDS:
        if to == "type":
            out[text_key] = " ".join(tapped_cards(values, pick_key))
        else:
            items = tokens(values.get(text_key, ""))
            bad = bad_tokens(items)
            if bad:
                problems.append(tn("{field}: {bad} is not a card; fix it before switching to tapping",
                                   "{field}: {bad} are not a card; fix it before switching to tapping", len(bad),
                                   field=names[pick_key], bad=", ".join(map(repr, bad))))
            if len(set(items)) != len(items):
                problems.append(t("{field}: a card is there twice; fix it before switching to tapping", field=names[pick_key]))
            elif len(items) > TAP_LIMITS[pick_key]:
                problems.append(tn("{field}: {n} card, more than tapping takes ({limit}); fix it before switching to tapping",
                                   "{field}: {n} cards, more than tapping takes ({limit}); fix it before switching to tapping",
                                   len(items), field=names[pick_key], limit=TAP_LIMITS[pick_key]))
            out.update(tap_values(pick_key, items))
    if problems:
        return {state.TRICK_ENTRY: "type"}, problems
    return out, []



# --- the Score calculator's form <-> a score scenario -------------------------------------------

SCORE_DEFAULTS: dict[str, Any] = {
    state.SCORE_MODE: "hokum", state.SCORE_TRUMP: "H", state.SCORE_BUYER: "N", state.SCORE_DEALER: "S",
    state.SCORE_LEVEL: "none", state.SCORE_DOUBLER: NO_SEAT, state.SCORE_LOCKED: False,
    state.SCORE_POINTS_NS: None, state.SCORE_POINTS_EW: None,
    state.SCORE_TRICKS_GIVEN: False, state.SCORE_TRICKS_NS: 0, state.SCORE_TRICKS_EW: 8, state.SCORE_COUNT_TEXT: "",
    **{state.score_project_key(s): "" for s in SEAT_IDS},
    state.SCORE_BALOOT: NO_SEAT, state.SCORE_FIRST_ACE: False,
    state.SCORE_MATCH_GIVEN: False, state.SCORE_MATCH_NS: None, state.SCORE_MATCH_EW: None,
}
"""The Score calculator's widgets when empty."""


def projects_text(lists: Iterable[Iterable[Any]]) -> str:
    """A seat's projects as typed: ``QD KD AD; 7S 8S 9S``."""
    return "; ".join(" ".join(str(c) for c in cs) for cs in lists)


def parse_projects_text(text: str) -> list[list[str]]:
    """``QD KD AD; 7S 8S 9S`` (or ``|`` between projects) to lists of card tokens.

    >>> parse_projects_text("qd kd ad; 7s 8s 9s")
    [['QD', 'KD', 'AD'], ['7S', '8S', '9S']]
    """
    out = []
    for part in re.split(r"[;|\n]+", text or ""):
        toks = tokens(part)
        if toks:
            out.append(toks)
    return out


def score_form(doc: Mapping[str, Any]) -> dict[str, Any]:
    """The Score calculator's widget values for a score scenario (its shape already checked)."""
    s = read_model(ScoreIn, {**doc, "kind": "score"})
    pts = {t.value: v for t, v in s.points.items()}
    out = {
        **SCORE_DEFAULTS,
        **_contract_form(s, SCORE_DEFAULTS, SCORE_CONTRACT),
        state.SCORE_POINTS_NS: pts.get("NS"),
        state.SCORE_POINTS_EW: pts.get("EW"),
        state.SCORE_BALOOT: s.baloot.value if s.baloot else NO_SEAT,
        state.SCORE_FIRST_ACE: bool(s.first_seat_held_ace),
    }
    if s.tricks_won is not None:
        tw = {t.value: v for t, v in s.tricks_won.items()}
        out.update({state.SCORE_TRICKS_GIVEN: True, state.SCORE_TRICKS_NS: tw.get("NS", 0),
                    state.SCORE_TRICKS_EW: tw.get("EW", 0)})
    if s.match is not None:
        m = {t.value: v for t, v in s.match.items()}
        out.update({state.SCORE_MATCH_GIVEN: True, state.SCORE_MATCH_NS: m.get("NS", 0), state.SCORE_MATCH_EW: m.get("EW", 0)})
    for seat, lists in (s.projects or {}).items():
        out[state.score_project_key(seat.value)] = projects_text(lists)
    return out


def score_doc(values: Mapping[str, Any]) -> dict[str, Any]:
    """The score scenario the Score calculator's widgets describe (``points`` left out until both are given)."""
    v = {**SCORE_DEFAULTS, **values}
    doc = _contract_doc("score", v, SCORE_CONTRACT)
    if v[state.SCORE_MATCH_GIVEN]:
        doc["match"] = {"NS": int(v[state.SCORE_MATCH_NS] or 0), "EW": int(v[state.SCORE_MATCH_EW] or 0)}
    ns, ew = v[state.SCORE_POINTS_NS], v[state.SCORE_POINTS_EW]
    if ns is not None or ew is not None:
        doc["points"] = {k: int(x) for k, x in (("NS", ns), ("EW", ew)) if x is not None}
    if v[state.SCORE_TRICKS_GIVEN]:
        doc["tricks_won"] = {"NS": int(v[state.SCORE_TRICKS_NS] or 0), "EW": int(v[state.SCORE_TRICKS_EW] or 0)}
    projects = {s: parse_projects_text(v[state.score_project_key(s)]) for s in SEAT_IDS}
    projects = {s: p for s, p in projects.items() if p}
    if projects:
        doc["projects"] = projects
    if v[state.SCORE_BALOOT]:
        doc["baloot"] = v[state.SCORE_BALOOT]
    if v[state.SCORE_FIRST_ACE]:
        doc["first_seat_held_ace"] = True
    return doc


@dataclass
class Counted:
    """Raw points and tricks won counted from typed tricks, or the problems that stop the count."""

    points: dict[str, int] | None
    tricks_won: dict[str, int] | None
    problems: list[str]


def count_tricks(text: str, *, mode: str, trump: str | None, dealer: str | None) -> Counted:
    """Count eight typed tricks (``E: 7S TS KH JS`` or only the cards; the dealer's right leads the
    first, each winner the next): the engine's raw points (the last trick's 10 included) and tricks
    won. Legality is not checked here (that is the Deal checker's job).

    >>> count_tricks("KS 7S 8S 9S", mode="sun", trump=None, dealer="S").problems
    ['eight tricks are needed, one a line (1 given)']
    >>> c = count_tricks("\\n".join(["W: 7S TS KH JS", "9C QC 8H AC", "QS 8S 9S AS", "KD 7D AD 8D",
    ...                              "7C TC KC JC", "9H 7H QH TH", "9D JD TD QD", "AH JH KS 8C"]),
    ...                  mode="sun", trump=None, dealer="N")
    >>> c.points, c.tricks_won
    ({'NS': 100, 'EW': 30}, {'NS': 6, 'EW': 2})
    """
    lines, problems = parse_trick_lines(text, what=N_("tricks"), need_leader=False)
    if problems:
        return Counted(None, None, problems)
    if len(lines) != 8:
        return Counted(None, None, [t("eight tricks are needed, one a line ({n} given)", n=len(lines))])
    seen: dict[str, int] = {}
    for i, trick in enumerate(lines, start=1):
        if len(trick["cards"]) != 4:
            problems.append(tn("tricks, line {i}: {n} card; a trick has 4", "tricks, line {i}: {n} cards; a trick has 4",
                               len(trick["cards"]), i=i))
        for c in trick["cards"]:
            try:
                Card.parse(c)
            except CardError as e:
                problems.append(t("tricks, line {i}: {problem}", i=i, problem=str(e)))
                continue
            if c in seen:
                problems.append(t("tricks, line {i}: {card} was already played in trick {trick}", i=i, card=c, trick=seen[c]))
            else:
                seen[c] = i
    leaders = [Seat.parse(tr["leader"]) if tr["leader"] else None for tr in lines]
    first = leaders[0] or (priority_order(Seat.parse(dealer))[0] if dealer else None)
    if first is None:
        problems.append(t("tricks, line 1: give the leader (e.g. {example}) or choose the dealer", example="'E: 7S TS KH JS'"))
    if problems:
        return Counted(None, None, problems)
    m = Mode(mode)
    played = play_tricks([[Card.parse(c) for c in tr["cards"]] for tr in lines], mode=m,
                         trump=Suit.parse(trump) if (m is Mode.HOKUM and trump) else None,
                         first_leader=first, leaders=leaders)
    points, won = team_totals(played)
    return Counted({tm.value: v for tm, v in points.items()}, {tm.value: v for tm, v in won.items()}, [])


def raw_total(mode: str) -> int:
    """162 in Hokum, 130 in Sun."""
    return RAW_TOTAL[Mode(mode)]
