"""The practice table speaks to its human player (issue 26): a sentence about South, the seat called "You",
reads as said to them ("It is Noura's turn, not yours.", never "not You's."), in English and in Arabic
(:mod:`explorer.engine.core.you_forms`, ``Style.you``).

The sentences checked are every one the table can say: the refusal of each call and card the player may tap
(at their turn and out of it), the legal ones' reasons, the events, the contract and redeal lines, over
seeded deals.
"""

from __future__ import annotations

import random
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from explorer.engine.core.cards import Seat
from explorer.engine.core.i18n import Msg
from explorer.engine.core.you_forms import FORMS
from explorer.engine.game import Declare, GameState, Play, Stage
from explorer.engine.game.practice import Practice
from explorer.engine.rules.bidding import legal_calls
from explorer.view import practice as pv

ROOT = Path(__file__).resolve().parents[1]
POT = ROOT / "explorer" / "locale" / "explorer.pot"
AR = ROOT / "explorer" / "locale" / "ar" / "LC_MESSAGES" / "explorer.po"

THIRD_PERSON_YOU = re.compile(
    r"\b[Yy]ou(?:'s\b| (?:is|has|does|was|takes|deals|passes|plays|declares|keeps|calls|holds|changes|comes|"
    r"declines|doubles|answers|sits|leads|wins|shows)\b)|\byou\b[^.;:]*\bits\b|[a-z,;:] You\b")
""""You" as a third person: a verb that agrees with "it", a possessive "You's", "its" for the player's own, or
the name's capital in mid-sentence."""


def said(msg: Msg, lang: str = "en") -> str:
    names = pv.shown_names(pv.default_names("en"), lang)
    return pv.second_person(msg.render(pv.style(names, lang, you=Seat.S)), lang)


def _fields(template: str) -> set[str]:
    return {name.split(":")[0].split("!")[0] for _, name, _, _ in string.Formatter().parse(template) if name}


def test_each_form_belongs_to_a_sentence_the_engine_writes_and_keeps_its_values():
    with POT.open("rb") as fh:
        msgids = {m.id for m in read_po(fh) if m.id}
    for template, forms in FORMS.items():
        assert template in msgids, template
        for who, form in forms.items():
            assert set(who.split("+")) <= _fields(template), (template, who)
            assert _fields(form) <= _fields(template), form


def test_each_form_has_its_arabic():
    with AR.open("rb") as fh:
        catalogue = read_po(fh)
    for forms in FORMS.values():
        for form in forms.values():
            m = catalogue.get(form)
            assert m is not None and m.string and "fuzzy" not in m.flags, form


def test_whose_turn_it_is_is_said_to_the_player():
    g = GameState.new(3, dealer=Seat.W)
    while g.to_act is Seat.S:
        g = g.apply(g.legal_actions()[0])
    refusal = g.why_not(g.legal_actions()[0].by(Seat.S)).reason
    assert said(refusal) == f"It is {pv.default_names()[g.to_act]}'s turn, not yours."
    assert said(refusal, "ar").endswith("لا عليك.")
    assert str(refusal) == f"It is {g.to_act.value}'s turn, not S's.", "said to nobody, it reads as before"


def _everything_said(seeds: range) -> dict[str, Msg]:
    """Every sentence the table says to South over these seeded deals (each template once)."""
    out: dict[str, Msg] = {}

    def note(m: Msg | None) -> None:
        if isinstance(m, Msg):
            out.setdefault(m.text, m)

    for seed in seeds:
        rng, p = random.Random(seed), Practice.new(seed, goal="deal")
        while not p.state.finished:
            g = p.state
            if g.to_act is not p.human:
                for a in g.legal_actions()[:2]:              # South taps while another seat is to act
                    note(g.why_not(a.by(p.human)).reason)
                p = p.step()
                continue
            if g.stage in (Stage.BIDDING, Stage.DOUBLING):
                for v in legal_calls(g.bidding):
                    note(g.why_not(v.call).reason)
            if g.stage is Stage.PLAY:
                for card in g.view(p.human).hand:
                    note(g.why_not(Play(card, p.human)).reason)
                note(pv.obligation_line(g, p.human))
            for a in g.legal_actions():
                note(g.why_not(a).reason)
            note(pv.contract_line(g))
            p = p.play(rng.choice([a for a in g.legal_actions() if not isinstance(a, Declare)] or g.legal_actions()))
        g = p.state
        for m in pv.events(g, you=p.human):
            note(m)
        if g.stage is Stage.REDEAL:
            note(pv.redeal_line(g, p.human))
    return out


@pytest.fixture(scope="module")
def sentences() -> dict[str, Msg]:
    return _everything_said(range(40))


def test_no_sentence_of_the_table_names_the_player_as_a_third_person(sentences):
    about_you = {text: said(m) for text, m in sentences.items() if re.search(r"\byou", said(m), re.I)}
    assert len(about_you) > 40, "the seeded deals reach the player's refusals, calls and events"
    wrong = {text: line for text, line in about_you.items() if THIRD_PERSON_YOU.search(line)}
    assert not wrong, wrong


def test_no_arabic_sentence_of_the_table_keeps_a_preposition_before_the_name_of_you(sentences):
    you = pv.default_names("ar")[Seat.S]
    wrong = {text: line for text, m in sentences.items()
             if re.search(rf"(?:^|\s)(?:على|لا على|من|عند|إلى|مع)\s?\u2068{you}\u2069", line := said(m, "ar"))}
    assert not wrong, wrong


def test_a_form_said_to_two_of_the_sentences_seats_at_once():
    line = Msg("Only an opponent of the declarer {buyer} may Double; {seat} is on {buyer}'s team.",
               buyer=Seat.S, seat=Seat.S)
    assert said(line) == "Only an opponent of the declarer may Double, and the declarer is you."


def test_the_capital_goes_to_the_whole_sentence_only():
    line = Msg("{contract}: {seat} may raise the stakes or pass.", contract=Msg("Sun bought by {buyer}", buyer=Seat.S),
               seat=Seat.S)
    assert said(line) == "Sun bought by you: you may raise the stakes or pass."
    assert said(Msg("Round {round}: {bid} stands; {seat} is asked.", round=1, seat=Seat.N,
                    bid=Msg("{seat}'s {call}", seat=Seat.S, call=Msg("Sun")))) == "Round 1: your Sun stands; Noura is asked."
    assert said(Msg("{seat}'s {call}", seat=Seat.S, call=Msg("Sun"))) == "Your Sun"


def test_a_word_ending_in_lam_after_a_vowel_mark_is_not_taken_for_the_preposition():
    text = "دبل؛ والمدبّل \u2068أنت\u2069"                      # "Double; the doubler is you"
    assert pv.second_person(text, "ar") == text, "«والمدبّلك» is no word"
    assert pv.second_person("التوزيع التالي على \u2068أنت\u2069.", "ar") == "التوزيع التالي عليك."
