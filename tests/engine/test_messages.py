"""Every sentence the engine gives is a message (architecture.md: "a verdict's reason is a rule id plus
parameters, rendered into a sentence by one function per language").

* Every message reachable from the verdicts (the library under every profile, seeded random deals played
  through the game model, with the computer players' reasons) renders: in English, with card faces and seat names, and in a language whose
  catalogue translates every msgid (a made-up one, written from the .pot), without a KeyError or IndexError.
* Their parameters are engine values (cards, seats, suits, enums, numbers, messages), not rendered text.
* No engine module builds a user sentence with an f-string or ``str.format`` (an AST check).
* ``explorer/locale/explorer.pot`` holds exactly the msgids of the code, and the words the formatter looks
  up (suit, rank and seat names, enum titles) are among them.
"""

from __future__ import annotations

import ast
import dataclasses
import enum
import fnmatch
import functools
import io
import random
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from explorer import i18n_tools
from explorer.engine import game
from explorer.engine.core import cards as card_values
from explorer.engine.core import i18n
from explorer.engine.core.cards import SEATS, Card, Rank, Seat, Suit, Team, cards
from explorer.engine.core.contract import Contract, Escalation
from explorer.engine.core.enums import Titled
from explorer.engine.core.errors import ScenarioError
from explorer.engine.core.i18n import ENGLISH, Msg, Style
from explorer.engine.core.profiles import PROFILES
from explorer.engine.files.scenario import KINDS, _load_kinds, parse_text, resolve_profile
from explorer.engine.game.state import Declare, GameState, Play, describe
from explorer.engine.players import make_player
from explorer.engine.rules import bidding
from explorer.engine.rules.bidding import BiddingState, Call, explain, legal_calls
from explorer.engine.rules.deal import CompletedDeal, Deal, DealStep, complete, new_deal
from explorer.engine.rules.projects import Project

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = sorted((ROOT / "data" / "scenarios").glob("*.yaml"))
ENGINE = ROOT / "explorer" / "engine"


# --- collecting every message ---------------------------------------------------------------------


def _walk(obj: Any, seen: dict[int, Any], out: dict[tuple, Msg]) -> None:
    """Every Msg inside ``obj``: dataclass fields, containers, message parameters, and the messages the
    engine's value objects give on request (a contract's, a call's, a project's title, a deal step's...)."""
    if obj is None or isinstance(obj, (str, int, float, bool, enum.Enum, Card)):
        return
    if id(obj) in seen:
        return
    seen[id(obj)] = obj                                     # kept alive, so that no later object reuses its id
    if isinstance(obj, Msg):
        out.setdefault((obj.text, obj.plural_text, repr(obj)), obj)
        for v in obj.params.values():
            _walk(v, seen, out)
        return
    if isinstance(obj, dict):
        for v in obj.values():
            _walk(v, seen, out)
        return
    if isinstance(obj, (list, tuple, set, frozenset)):
        for v in obj:
            _walk(v, seen, out)
        return
    if isinstance(obj, (Contract, Escalation, Call, bidding.Bid)):
        _walk(obj.message(), seen, out)
    if isinstance(obj, Project):
        _walk(obj.title, seen, out)
    if isinstance(obj, DealStep):
        _walk(obj.describe(), seen, out)
    if isinstance(obj, BiddingState):
        _walk(explain(obj), seen, out)
        _walk(legal_calls(obj), seen, out)
    if isinstance(obj, (Deal, CompletedDeal)):
        _walk(obj.steps, seen, out)
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            _walk(getattr(obj, f.name), seen, out)
    for name in ("options", "explanation", "result"):       # typed verdicts' and the game's derived values
        if isinstance(getattr(type(obj), name, None), (property, functools.cached_property)):
            _walk(getattr(obj, name), seen, out)


def _library_verdicts() -> Iterator[Any]:
    """The typed verdict of every library scenario under its own profile and each named one."""
    _load_kinds()
    for path in LIBRARY:
        doc = parse_text(path.read_bytes())
        for prof in (None, *PROFILES):
            profile = resolve_profile(doc.get("profile"), prof)
            try:
                yield KINDS[doc["kind"]](doc, profile)
            except ScenarioError:
                continue


MATCHES = [(0, 0), (120, 40), (101, 100), (100, 130), (150, 20)]


def _random_games() -> Iterator[Any]:
    """Seeded deals played by random legal actions; at each moment, the verdicts on the legal actions and on
    many illegal ones (other cards, Ekka, declarations, other seats), and each action described."""
    _load_kinds()
    for profile in PROFILES.values():
        for seed in range(10):
            rng = random.Random(seed)
            heuristic, strong = make_player("heuristic", seed=seed), make_player("strong", seed=seed, samples=6)
            g = GameState.new(seed, profile=profile, match=MATCHES[seed % len(MATCHES)])
            while not g.finished:
                actions = g.legal_actions()
                seat = g.to_act
                tries: list[Any] = list(actions)
                if g.stage is not game.Stage.PLAY:
                    tries += [Play(c, False, seat) for c in g.hand(seat)[:1]]
                else:
                    hand = g.hand(seat)
                    tries += [Call(bidding.CallKind.PASS, seat=seat)]
                    tries += [Play(c, e, seat) for c in hand for e in (False, True)]
                    other = [c for x in SEATS if x is not seat for c in g.hand(x)]
                    tries += [Play(hand[0], False, seat.right), *(Play(c, False, seat) for c in other[:1])]
                    tries += [Declare((), seat), Declare(((hand[0],) * 3,), seat), Declare((tuple(hand[:3]),), seat),
                              *(Declare((tuple(other[:3]),), seat) for _ in other[:1])]
                for a in tries:
                    yield g.why_not(a)
                    if a.seat is not None:
                        yield describe(a)
                        if g.bidding is not None and g.bidding.phase.is_bidding:
                            yield describe(a, g.bidding.phase)         # a pass in round 2: Wala
                yield heuristic.choose(g.view(seat))                   # a computer player's reasons
                if g.stage is game.Stage.PLAY and len(g.tricks) in (1, 6) and not g.current:
                    yield strong.choose(g.view(seat))
                g = g.apply(rng.choice(actions))
            yield g, g.why_not(Play(Card(Rank.ACE, Suit.S)))
            if g.stage is game.Stage.OVER:
                yield KINDS["deal"](g.record(), profile)
                start = GameState.from_hands({x: g.original(x) for x in SEATS}, dealer=g.dealer,
                                             contract=g.contract, escalation=g.escalation, profile=profile)
                tricks = [game.RecordedTrick(t.leader, t.cards, t.ekka) for t in g.tricks]
                for i in (0, 1):                    # a trick led by the wrong seat
                    wrong = dataclasses.replace(tricks[i], leader=tricks[i].leader.right)
                    yield game.replay_tricks(start, [*tricks[:i], wrong])
    for seed in range(4):
        yield complete(new_deal(seed), SEATS[seed])


def _bidding_walks() -> Iterator[Any]:
    """Random walks through the bidding and the escalation: at each snapshot, every call by every seat, as a
    bidding call, an escalation call and with no stage, and the error an illegal one raises."""
    calls = ["pass", "hokum", "sun", "ashkal", "double", "double locked", "triple", "triple locked", "quadruple",
             "quadruple locked", "gahwa", "gahwa locked", *(f"hokum {x.value}" for x in Suit)]
    rng = random.Random(5)
    for walk in range(150):
        profile = list(PROFILES.values())[walk % len(PROFILES)]
        s = bidding.start(SEATS[walk % 4], Card(Rank.NINE, list(Suit)[walk % 4]), profile=profile,
                          match=dict(zip(("NS", "EW"), MATCHES[walk % len(MATCHES)], strict=True)))
        while True:
            yield s
            for stage in (None, "bidding", "escalation"):
                for seat in (None, *SEATS):
                    for c in calls:
                        call = Call.parse(c).by(seat)
                        v = bidding.check_call(s, call, stage=stage)
                        yield v
                        if not v.legal and stage is None:
                            with pytest.raises(bidding.IllegalCallError) as e:
                                bidding.apply_call(s, call)
                            yield e.value.message
            options = [v for v in legal_calls(s) if v.legal]
            if not options:
                break
            bids = [v for v in options if v.call.kind is not bidding.CallKind.PASS]
            if walk % 3 == 0 and s.round == 1:                 # everyone passes round 1: round 2
                bids = []
            elif walk % 3 == 1 or not bids:
                bids = options
            s = bidding.apply_call(s, rng.choice(bids or options).call)


def _scores() -> Iterator[Any]:
    """The scoring pipeline over every level, both modes, ties, Kaboots (reverse ones too), Baloot and projects."""
    from explorer.engine.core.tables import Mode
    from explorer.engine.rules.projects import declared_projects
    from explorer.engine.rules.scoring import DealFacts, score_deal

    sira = {m: declared_projects(cards("QD KD AD"), m) for m in Mode}
    run5 = declared_projects(cards("KH QH JH TH 9H"), Mode.HOKUM)            # holds the trump K and Q
    for profile in PROFILES.values():
        for mode in Mode:
            trump = Suit.H if mode is Mode.HOKUM else None
            total = 162 if mode is Mode.HOKUM else 130
            for level in bidding.Level:
                for buyer in (Seat.E, Seat.N):
                    esc = Escalation(level, buyer.right if level is not bidding.Level.NONE else None, False)
                    contract = Contract(mode, trump, buyer)
                    splits = [(total // 2, total - total // 2), (81, 81), (76, 86), (65, 65), (60, 70), (100, 62)]
                    for ns, ew in splits:
                        if ns + ew != total:
                            continue
                        yield score_deal(DealFacts(contract, esc, {Team.NS: ns, Team.EW: ew},
                                                   {Team.NS: 4, Team.EW: 4}, dealer=Seat.S,
                                                   match={Team.NS: 140, Team.EW: 150}), profile)
                    for sweeper in Team:
                        for baloot in ((None, Seat.N, Seat.E) if trump else (None,)):
                            for projects in ({}, {Seat.N: sira[mode]}, {Seat.E: sira[mode]},
                                             {Seat.N: run5} if trump else {}):
                                facts = DealFacts(contract, esc, {sweeper: total, sweeper.other: 0},
                                                  {sweeper: 8, sweeper.other: 0}, projects=projects, baloot=baloot,
                                                  first_seat_held_ace=mode is Mode.SUN, dealer=buyer.left,
                                                  match={Team.NS: 0, Team.EW: 0})
                                yield score_deal(facts, profile)
                                yield score_deal(facts, PROFILES["tournament"])


def collect_messages() -> dict[tuple, Msg]:
    """Every message reachable from the verdicts (also used by test_arabic_messages.py)."""
    out: dict[tuple, Msg] = {}
    seen: dict[int, Any] = {}
    for v in _library_verdicts():
        _walk(v, seen, out)
    for source in (_random_games, _bidding_walks, _scores):
        for v in source():
            _walk(v, seen, out)
    return out


@pytest.fixture(scope="module")
def messages(reachable_messages) -> dict[tuple, Msg]:
    return reachable_messages


FACES = Style(cards="face", seats={Seat.S: "You", Seat.N: "Partner"})


def test_every_message_renders_in_english(messages):
    assert len(messages) > 500
    for m in messages.values():
        for style in (ENGLISH, FACES):
            try:
                text = m.render(style)
            except (KeyError, IndexError, ValueError, AttributeError) as e:
                pytest.fail(f"{m.text!r} does not render: {type(e).__name__}: {e}")
            assert text and "{" not in text, (m.text, text)


def test_every_english_template_of_the_collection_is_in_the_pot(messages):
    pot = i18n_tools.msgids(i18n_tools.POT.read_bytes())
    ids = {mid for _, mid in pot}
    for m in messages.values():
        key = m.text if m.plural_text is None else (m.text, m.plural_text)
        assert key in ids, f"{key!r} is built but not extracted (is it a literal Msg/plural argument?)"


def test_the_walk_reaches_most_sentence_templates(messages):
    """A guard on the collection itself: it visits nearly every template of the converted modules."""
    from babel.messages.pofile import read_po

    from explorer.engine.rules.deal import DealRound
    from explorer.engine.rules.play import PlayRule

    docs = {r.doc for r in (*PlayRule, *bidding.BidRule, *game.GameRule, *DealRound)}
    sentences = {m.id if isinstance(m.id, str) else m.id[0]
                 for m in read_po(io.BytesIO(i18n_tools.POT.read_bytes()))
                 if m.id and m.context is None and any(_checked(f) for f, _ in m.locations)} - docs
    missing = sentences - {m.text for m in messages.values()} - _input_error_templates()
    assert len(missing) < 0.1 * len(sentences), sorted(missing)


def _checked(location: str) -> bool:
    """Whether a .pot location is one of the converted rule modules (:data:`CHECKED`), not a scenario kind's."""
    return any(fnmatch.fnmatch(location, f"explorer/engine/{pattern}") for patterns in CHECKED.values()
               for pattern in patterns)


def _input_error_templates() -> set[str]:
    """The templates of the input errors the converted modules raise (a project, a call, an action, a cut, a taker
    that cannot be read: not verdicts; tests/engine/test_errors.py renders them), from bad input."""
    from explorer.engine.core.errors import InputError
    from explorer.engine.core.tables import Mode
    from explorer.engine.game import parse_action
    from explorer.engine.rules.bidding import CallKind
    from explorer.engine.rules.deal import complete, cut_deck, deal_cards, shuffled_deck
    from explorer.engine.rules.projects import project_of

    bad = [lambda: Call.parse("sunn"), lambda: Call.parse("? ? ?"), lambda: Call.parse("pass now"),
           lambda: Call(CallKind.SUN, Suit.H), lambda: Call(CallKind.PASS, locked=True), lambda: parse_action("play"),
           lambda: cut_deck(shuffled_deck(1), 99), lambda: complete(deal_cards(shuffled_deck(1), Seat.S), "X"),
           *[lambda text=text: project_of(cards(text), Mode.SUN)
             for text in ("KC KC QC", "7C 7D 7H 7S", "KC QC", "KC QC JD", "KC QC 9C", "AC KC QC JC TC 9C", "")]]
    out: set[str] = set()
    for raise_it in bad:
        try:
            raise_it()
        except InputError as e:
            out.add(e.msg.text)
    return out


# Parameters that are text on purpose: an option's value (an id), and a ProjectError's English (an input
# error; ProjectError is converted with the other input errors).
TEXT_PARAMS = {("Kaboot: {team} took all eight tricks: {award} ({kaboot} at {level}, rule '{rule}')", "rule"),
               ("{cards} is not a project: {why}", "why")}
ENGINE_VALUES = (Card, Seat, Suit, Rank, Team, enum.Enum, int, float, Msg, card_values.Notation)  # Notation: cards as written


def _engine_value(v: Any) -> bool:
    if isinstance(v, (list, tuple)):
        return all(_engine_value(x) for x in v)
    return isinstance(v, ENGINE_VALUES) and not isinstance(v, bool)


def test_message_parameters_are_engine_values_not_rendered_text(messages):
    for m in messages.values():
        for name, v in m.params.items():
            if (m.text, name) in TEXT_PARAMS:
                continue
            assert _engine_value(v), f"{m.text!r}: {name}={v!r} is not an engine value"


def test_every_message_renders_through_a_full_catalogue(messages, tmp_path, monkeypatch):
    """A made-up German catalogue translating every msgid of the .pot (‹…›) renders every message: the contexts,
    the plural forms and the formatter's words are all looked up, and no template loses a field."""
    from babel.messages.pofile import read_po, write_po

    catalog = read_po(io.BytesIO(i18n_tools.POT.read_bytes()), locale="de")
    for m in catalog:
        if not m.id:
            continue
        m.string = tuple(f"‹{x}›" for x in m.id) if isinstance(m.id, tuple) else f"‹{m.id}›"
    po = tmp_path / "de" / "LC_MESSAGES" / "explorer.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as fh:
        write_po(fh, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translator.cache_clear()
    try:
        de = i18n.style_for("de")
        assert de.lang == "de"
        for m in messages.values():
            text = m.render(de)
            assert text.startswith("‹") and "{" not in text, (m.text, text)
        assert Msg("{s} and {r:plural}", s=Seat.N, r=Rank.KING).render(de) == "‹North› and ‹kings›"
        assert str(Msg("{s} {h}", s=Seat.N, h=Suit.H)) == "N hearts"          # English is untouched
    finally:
        i18n.translator.cache_clear()


# --- no sentence built in rule code -------------------------------------------------------------------

CHECKED = {"bidding": ("rules/bidding/*.py",), "scoring": ("rules/scoring.py",), "projects": ("rules/projects.py",),
           "deal": ("rules/deal.py",), "play": ("rules/play.py",),
           "game": ("game/actions.py", "game/view.py", "game/state.py", "game/record.py")}
"""The rule modules (a package: all its modules; the game model without the practice table), by the name the
allowed list uses, as paths under the engine."""

ALLOWED = {
    # notation and debug representations
    ("bidding", "Call.__str__"), ("bidding", "Call.__repr__"), ("game", "Play.__str__"), ("game", "Declare.__str__"),
    # a place in a file, kept as written (a Code value, not a sentence)
    ("deal", "_check_deck"),
}


def _formatted_strings(tree: ast.AST) -> Iterator[tuple[str, int]]:
    """(enclosing function, line) of every f-string and ``"...".format(...)`` call."""
    def visit(node: ast.AST, where: list[str]) -> Iterator[tuple[str, int]]:
        named = isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef))
        here = [*where, node.name] if named else where
        if isinstance(node, ast.JoinedStr) or (
                isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) and node.func.attr == "format"
                and isinstance(node.func.value, (ast.Constant, ast.JoinedStr))):
            yield ".".join(here) or "<module>", node.lineno
            return
        for child in ast.iter_child_nodes(node):
            yield from visit(child, here)
    yield from visit(tree, [])


@pytest.mark.parametrize("module", CHECKED)
def test_no_engine_module_builds_a_sentence_with_an_fstring(module):
    paths = sorted(p for pattern in CHECKED[module] for p in ENGINE.glob(pattern))
    assert paths, CHECKED[module]
    found = [f"{path.relative_to(ENGINE)}:{line} in {where}" for path in paths
             for where, line in _formatted_strings(ast.parse(path.read_text("utf-8")))
             if (module, where) not in ALLOWED]
    assert not found, "build a Msg (a template and parameters), not a string:\n" + "\n".join(found)


def test_the_ast_check_sees_fstrings_and_format():
    tree = ast.parse('def f(x):\n    return f"{x} wins"\n\ndef g(x):\n    return "{} wins".format(x)\n')
    assert [w for w, _ in _formatted_strings(tree)] == ["f", "g"]


# --- the catalogue template ------------------------------------------------------------------------------


def test_the_committed_pot_holds_every_msgid_of_the_code(tmp_path):
    fresh = tmp_path / "explorer.pot"
    fresh.write_bytes(i18n_tools.extract())
    now, committed = i18n_tools.msgids(fresh.read_bytes()), i18n_tools.msgids(i18n_tools.POT.read_bytes())
    assert now == committed, ("the .pot is out of date: run python -m explorer.i18n_tools extract\n"
                              f"missing: {sorted(now - committed, key=str)[:10]}\n"
                              f"stale: {sorted(committed - now, key=str)[:10]}")


def test_every_msgid_is_a_valid_template_and_plural_forms_share_their_fields():
    for _, mid in i18n_tools.msgids(i18n_tools.POT.read_bytes()):
        forms = mid if isinstance(mid, tuple) else (mid,)
        fields = []
        for text in forms:
            try:
                fields.append({name for _, name, _, _ in string.Formatter().parse(text) if name} - {"n"})
            except ValueError as e:
                pytest.fail(f"{text!r}: {e}")
        assert all(f == fields[0] for f in fields), mid


def test_the_formatter_words_are_the_engine_titles_and_extracted():
    pot = i18n_tools.msgids(i18n_tools.POT.read_bytes())
    for s in Suit:
        assert card_values._SUIT_MANY[s] == s.title and ("suits", s.title) in pot and ("suit", card_values._SUIT_ONE[s]) in pot
    for r in Rank:
        assert card_values._RANK_ONE[r] == r.title and ("rank", r.title) in pot
        assert card_values._RANK_MANY[r] == r.title + "s" and ("ranks", r.title + "s") in pot
    for seat in Seat:
        assert card_values._SEAT_NAME[seat] == seat.title and ("seat", seat.title) in pot
    assert ("list", ", ") in pot and (None, "a {rank} ({card})") in pot and (None, "an {rank} ({card})") in pot


def _titled_enums() -> list[type[enum.Enum]]:
    import importlib
    import pkgutil

    import explorer.engine as eng
    out: set[type[enum.Enum]] = set()
    for m in pkgutil.walk_packages(eng.__path__, "explorer.engine."):
        mod = importlib.import_module(m.name)
        for v in vars(mod).values():
            if isinstance(v, type) and issubclass(v, enum.Enum) and len(v) and (
                    issubclass(v, Titled) or isinstance(vars(v).get("title"), property)):
                out.add(v)
    return sorted(out, key=lambda e: e.__name__)


def test_every_enum_title_is_extracted_with_its_type_name_as_context():
    pot = i18n_tools.msgids(i18n_tools.POT.read_bytes())
    by_formatter = {Suit, Rank, Seat}                       # looked up in the card module's own lists (above)
    enums = [e for e in _titled_enums() if e not in by_formatter]
    assert {e.__name__ for e in enums} >= {"Level", "Mode", "ProjectType", "CallKind", "DealRound"}
    for e in enums:
        for member in e:
            assert (e.__name__, member.title) in pot, (e.__name__, member.title)


def test_rule_docs_are_extracted():
    from explorer.engine.rules.play import PlayRule
    pot = {mid for ctx, mid in i18n_tools.msgids(i18n_tools.POT.read_bytes()) if ctx is None}
    for rule in (*PlayRule, *bidding.BidRule, *game.GameRule):
        assert rule.doc in pot and "{" not in rule.doc, rule        # rendered as Msg(rule.doc): no fields


def test_a_language_without_a_catalogue_is_english_and_a_name_is_never_a_path():
    assert i18n.style_for("ar") == ENGLISH or i18n.has_catalogue("ar")
    assert not i18n.has_catalogue("../../etc/passwd") and i18n.style_for("../x") == ENGLISH
