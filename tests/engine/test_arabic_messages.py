"""The Arabic catalogue and the right-to-left rendering (issue 14).

* Every msgid of ``explorer/locale/explorer.pot`` has an Arabic msgstr, not fuzzy, with Arabic's six plural forms
  filled, the msgid's fields and only format specs the formatter knows.
* Every message the engine can produce (test_messages.py's collection) renders in Arabic, with balanced bidi
  isolates, Western digits and no Latin letters outside an isolate.
* ``check --lang ar`` over the whole library prints Arabic sentences in which the only Latin text is isolated and
  is a card, a seat or team letter, or an id (kind, profile, score step, option); ``--json`` keeps every key, rule
  id, card code and number, and only its sentences change.
* English is untouched, and the Arabic forms of values: cards as faces, seats and teams by name (or by the names
  Style.seats gives), numbers and letters isolated.
"""

from __future__ import annotations

import json
import re
import string
import subprocess
import sys
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from explorer import i18n_tools
from explorer.engine.core import i18n
from explorer.engine.core.cards import Card, Notation, Seat, Team, cards
from explorer.engine.core.i18n import ENGLISH, FSI, LRI, PDI, Msg, Style, style_for
from explorer.engine.game.state import describe
from explorer.engine.rules.bidding import (
    Call,
    CallKind,
    IllegalCallError,
    Phase,
    apply_call,
    apply_calls,
    check_call,
    start,
)

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = sorted((ROOT / "data" / "scenarios").glob("*.yaml"))
PO = ROOT / "explorer" / "locale" / "ar" / "LC_MESSAGES" / "explorer.po"

ARABIC_LETTER = re.compile(r"[\u0621-\u064A]")
ARABIC_INDIC_DIGIT = re.compile(r"[\u0660-\u0669\u06F0-\u06F9]")
LATIN = re.compile(r"[A-Za-z]")
SPECS = {"", "Title", "one", "sym", "value", "article", "plural", "label", "+"}
"""The format specs the formatter understands (explorer/engine/core/i18n.py; "+", a number with its sign, is Python's own)."""

# What an isolate may hold when it holds Latin letters: a card (code or face), seat or team letters, an id
# written in the scenario files or the profiles (kind, profile, score step, option name or value).
CARD = r"(?:[2-9TJQKA]|10)[SHDC♠♥♦♣]"
ISOLATED_LATIN = re.compile(rf"{CARD}|[NESW]|NS|EW|[a-z][a-z_]*")


AR = style_for("ar")


@pytest.fixture(scope="module")
def catalogue():
    with PO.open("rb") as fh:
        return read_po(fh, locale="ar")


@pytest.fixture(scope="module")
def messages(reachable_messages):
    return reachable_messages


def _fields(template: str) -> list[tuple[str, str]]:
    return [(name, spec or "") for _, name, spec, _ in string.Formatter().parse(template) if name is not None]


def _isolates(text: str) -> list[tuple[str, str]]:
    """The (opener, text directly inside) of each isolate, nested ones removed; ('', text) for the text outside
    every isolate. Fails on an unbalanced isolate."""
    stack: list[tuple[str, list[str]]] = [("", [])]
    out: list[tuple[str, str]] = []
    for ch in text:
        if ch in (LRI, FSI):
            stack.append((ch, []))
        elif ch == PDI:
            assert len(stack) > 1, f"a PDI closes no isolate: {text!r}"
            opener, chars = stack.pop()
            out.append((opener, "".join(chars)))
        else:
            stack[-1][1].append(ch)
    assert len(stack) == 1, f"an isolate is not closed: {text!r}"
    out.append(("", "".join(stack[0][1])))
    return out


def assert_readable_arabic(text: str, english_inside: bool = False) -> None:
    """Balanced isolates, Western digits, no Latin letter outside an isolate; inside one, Latin text is only a
    card, a seat or team letter or an id (or anything, with ``english_inside``)."""
    assert not ARABIC_INDIC_DIGIT.search(text), text
    assert "{" not in text and "}" not in text, text
    for opener, inside in _isolates(text):
        if not opener or ARABIC_LETTER.search(inside):       # Arabic text: no Latin letter at all
            assert not LATIN.search(inside), f"Latin outside an isolate in {text!r}: {inside!r}"
            continue
        if LATIN.search(inside):                              # one card, letter or id: never a phrase
            assert english_inside or ISOLATED_LATIN.fullmatch(inside.strip()), f"{inside!r} in {text!r}"


# --- the catalogue ---------------------------------------------------------------------------------------


def test_the_catalogue_declares_arabics_six_plural_forms(catalogue):
    assert catalogue.num_plurals == 6
    assert str(catalogue.locale) == "ar"
    assert catalogue.plural_expr.replace(" ", "").startswith("(n==0?0:n==1?1:n==2?2:")


def test_every_msgid_of_the_pot_has_an_arabic_msgstr_not_fuzzy_with_every_plural_form(catalogue):
    pot = i18n_tools.msgids(i18n_tools.POT.read_bytes())
    po = {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)): m for m in catalogue if m.id}
    assert set(po) == pot, ("run pybabel update (explorer/locale/README.md)", sorted(pot ^ set(po), key=str)[:10])
    for key, m in po.items():
        assert not m.fuzzy, key
        if isinstance(m.id, str):
            assert isinstance(m.string, str) and m.string, key
        else:
            assert len(m.string) == 6 and all(m.string), key


def test_each_msgstr_has_the_fields_of_its_msgid_with_specs_the_formatter_knows(catalogue):
    for m in catalogue:
        if not m.id:
            continue
        ids = (m.id,) if isinstance(m.id, str) else tuple(m.id)
        wanted = {name for name, _ in _fields(ids[0])} | ({"n"} if len(ids) > 1 else set())
        for form in (m.string,) if isinstance(m.string, str) else m.string:
            try:
                fields = _fields(form)
            except ValueError as e:
                pytest.fail(f"{form!r}: {e}")
            names = {name for name, _ in fields}
            assert names <= wanted and names >= wanted - {"n"}, (m.id, form)
            assert all(spec in SPECS for _, spec in fields), (m.id, form)


def test_the_isolates_written_in_the_catalogue_are_balanced_and_hold_only_ids_or_arithmetic(catalogue):
    for m in catalogue:
        for form in (m.string,) if isinstance(m.string, str) else m.string:
            for opener, inside in _isolates(form):
                if opener:
                    assert re.fullmatch(r"[a-z_]+|\{\w+\}( [−×=] \{\w+\}| [−×] \d)*", inside) or \
                        re.fullmatch(NOTATION, inside), (m.id, inside)


NOTATION = (r"[a-z_]+:|[♠♥♦♣]( [♠♥♦♣])*|[0-9TJQKA]+( [0-9TJQKA]+)+|[0-9tTJQKA]+[♠♥♦♣]"
            r"|\{\{NS: \d, EW: \d\}\}")
"""Notation an input problem quotes as it is written in a file, isolated so that it keeps its order: a key with its
colon (``kind:``), the suit symbols, the ranks in order, a card (``t♥``), a mapping (``{NS: 3, EW: 5}``)."""


def test_the_words_of_the_issue_are_the_catalogues_words(catalogue):
    """The players' words (the Arabic terms list of issue 14), not literal translations nor the errors it lists."""
    by = {(m.context, m.id if isinstance(m.id, str) else m.id[0]): m.string for m in catalogue if m.id}
    words = {("CallKind", "Pass"): "بس", ("CallKind", "Hokum"): "حكم", ("CallKind", "Sun"): "صن",
             ("CallKind", "Ashkal"): "أشكال", ("CallKind", "Double"): "دبل", ("CallKind", "Triple"): "ثري",
             ("CallKind", "Quadruple"): "فور", ("CallKind", "Gahwa"): "قهوة", ("Level", "Quadruple (Four)"): "فور",
             ("ProjectType", "Sira"): "سرا", ("ProjectType", "Fifty"): "خمسين", ("ProjectType", "Hundred"): "مية",
             ("ProjectType", "Four Hundred"): "أربعمية", ("rank", "ace"): "إكة", ("rank", "king"): "شايب",
             ("rank", "queen"): "بنت", ("rank", "jack"): "ولد", ("list", ", "): "، "}
    for key, word in words.items():
        assert by[key] == word, key
    text = "\n".join(s if isinstance(s, str) else "\n".join(s) for s in by.values())
    for word in ("ولا", "مفتوح", "مقفل", "المشتري", "أبناط", "أكلة", "النشرة", "كبوت", "بلوت"):
        assert word in text, word
    for wrong in ("مقفول", "أبنات", "تربل", "سن", "كابوت", "آس"):         # unconfirmed forms and typos
        assert not re.search(rf"(?<![\u0621-\u064A]){wrong}(?![\u0621-\u064A])", text), wrong


# --- every message renders ---------------------------------------------------------------------------------


def test_every_reachable_message_renders_in_arabic_with_balanced_isolates_and_western_digits(messages):
    named = Style("ar", "face", seats={Seat.S: "أنت", Seat.N: "نورة", Seat.E: "فيصل", Seat.W: "حمد"})
    for m in messages.values():
        for style in (AR, Style("ar", "code"), named):
            try:
                text = m.render(style)
            except (KeyError, IndexError, ValueError, AttributeError) as e:
                pytest.fail(f"{m.text!r} does not render in Arabic: {type(e).__name__}: {e}")
            # A ProjectError's English is a text parameter on purpose (test_messages.TEXT_PARAMS): isolated.
            assert_readable_arabic(text, english_inside=m.text == "{cards} is not a project: {why}")
        assert ARABIC_LETTER.search(m.render(AR)) or not LATIN.search(str(m).replace("NS", "").replace("EW", "")), \
            (m.text, m.render(AR))


# --- the command line over the library ----------------------------------------------------------------------


def _check(*args: str) -> str:
    proc = subprocess.run([sys.executable, "-m", "explorer", "check", *args], capture_output=True, cwd=ROOT,
                          timeout=120)
    assert proc.returncode == 0, proc.stderr.decode()
    return proc.stdout.decode("utf-8")


def test_check_lang_ar_prints_arabic_sentences_for_the_whole_library():
    out = _check(*map(str, LIBRARY), "--lang", "ar")
    lines = [line for line in out.splitlines() if line.strip() and not line.startswith("== ")]
    assert len(lines) > 300
    for line in lines:
        assert ARABIC_LETTER.search(line), line
        assert_readable_arabic(line)
    plain = re.sub(f"[{LRI}{FSI}{PDI}]", "", out)
    for expected in ("المسموح: 8♣، A♣", "الأوراق 7♠، 8♦، 8♠، 9♠، A♠، J♦، 10♦ ممنوعة: عليك أن تقطع بالحكم.",
                     "الباقي من نصيب فريق الشرق والغرب: 16 − 9 = 7", "الفائز: الشمال والجنوب (سقط المشتري)",
                     "المتاح أمام الشرق: بس، صن."):
        assert expected in plain, expected


SENTENCE_KEYS = {"reason", "rule", "rule_text", "detail", "explanation", "requirement"}


def _same_but_sentences(en, ar, key: str = "$") -> None:
    if isinstance(en, dict):
        assert set(en) == set(ar), key
        for k in en:
            if k == "illegal":                              # card code -> reason
                assert set(en[k]) == set(ar[k]), key
                for c in en[k]:
                    assert ARABIC_LETTER.search(ar[k][c]), (key, c, ar[k][c])
            elif k in SENTENCE_KEYS and isinstance(en[k], str) and not en[k].isidentifier():
                assert ARABIC_LETTER.search(ar[k]) or not LATIN.search(en[k]), (key, k, ar[k])
                assert_readable_arabic(ar[k])
            else:
                _same_but_sentences(en[k], ar[k], f"{key}.{k}")
    elif isinstance(en, list):
        assert len(en) == len(ar), key
        for a, b in zip(en, ar, strict=True):
            _same_but_sentences(a, b, key)
    else:
        assert en == ar, (key, en, ar)


def test_check_json_lang_ar_changes_only_the_sentences():
    files = list(map(str, LIBRARY))
    en = [json.loads(x) for x in _check(*files, "--json").splitlines()]
    ar = [json.loads(x) for x in _check(*files, "--json", "--lang", "ar").splitlines()]
    assert len(en) == len(ar) == len(files)
    for a, b in zip(en, ar, strict=True):
        _same_but_sentences(a, b, a["file"])


# --- the forms of values ------------------------------------------------------------------------------------


def test_english_is_byte_identical_whatever_the_isolates():
    m = Msg("{seat} plays {card}: {n} points for {team}; legal {cards}", seat=Seat.N, card=Card.parse("KC"), n=4,
            team=Team.NS, cards=Notation("8C AC"))
    assert m.render(ENGLISH) == "N plays KC: 4 points for NS; legal 8C AC"
    assert m.render(Style(cards="face")) == "N plays K♣: 4 points for NS; legal 8C AC"
    assert m.render(Style(seats={Seat.N: "Partner"})) == "Partner plays KC: 4 points for NS; legal 8C AC"
    assert style_for("en") == ENGLISH and not any(c in m.render(ENGLISH) for c in (LRI, FSI, PDI))


def test_arabic_shows_cards_as_isolated_faces_and_seats_and_teams_by_name():
    assert AR.lang == "ar" and AR.cards == "face" and AR.rtl
    m = Msg("{seat} plays {card}.", seat=Seat.E, card=Card.parse("TD"))
    assert m.render(AR) == f"ورقة الشرق: {LRI}10♦{PDI}."
    assert Msg("{cards}", cards=cards("KC 7C")).render(AR) == f"{LRI}K♣{PDI}، {LRI}7♣{PDI}"
    assert Msg("{cards}", cards=Notation("KC 7C")).render(AR) == f"{LRI}K♣{PDI}، {LRI}7♣{PDI}"
    assert Msg("{t}", t=Team.EW).render(AR) == "الشرق والغرب"
    assert Msg("{t:value} {s:value}", t=Team.EW, s=Seat.W).render(AR) == f"{LRI}EW{PDI} {LRI}W{PDI}"


def test_a_named_table_writes_seats_and_teams_with_the_names():
    st = Style("ar", "face", seats={Seat.S: "أنت", Seat.N: "نورة", Seat.E: "Faisal", Seat.W: "حمد"})
    assert Msg("{t}", t=Team.NS).render(st) == f"{FSI}أنت{PDI} و{FSI}نورة{PDI}"
    assert Msg("{t}", t=Team.EW).render(st) == f"{FSI}Faisal{PDI} و{FSI}حمد{PDI}"
    half = Style("ar", "face", seats={Seat.S: "أنت"})
    assert Msg("{t}", t=Team.NS).render(half) == "الشمال والجنوب"
    assert Msg("{seat}: {call}", seat=Seat.E, call=Msg("{call}", call=CallKind.PASS)).render(st) \
        == f"{FSI}Faisal{PDI}: بس"


def test_a_pass_is_described_as_bas_in_round_one_and_wala_in_round_two():
    """The table says «بس» for a round-1 pass and «ولا» for a round-2 one (the Arabic terms list); the
    description of a recorded call takes the phase it was made in."""
    everyone_passes = apply_calls(start(Seat.S, Card.parse("9H")), ["pass"] * 8)
    said = [(r.phase, describe(r.call, r.phase)) for r in everyone_passes.history]
    assert [p for p, _ in said] == [Phase.ROUND_ONE] * 4 + [Phase.ROUND_TWO] * 4
    assert [m.render(AR) for _, m in said] == [f"{w}: بس." for w in ("الشرق", "الشمال", "الغرب", "الجنوب")] \
        + [f"{w}: ولا." for w in ("الشرق", "الشمال", "الغرب", "الجنوب")]
    assert [str(m) for _, m in said[3:5]] == ["S passes.", "E passes (Wala)."]
    assert str(describe(Call(CallKind.PASS, seat=Seat.E))) == "E passes."            # no phase: as before


def test_a_refused_call_says_who_may_not_call_it_in_plain_english_and_arabic():
    """No double negative when the call names no seat, no stray comma in the Quadruple rule."""
    sun = apply_call(start(Seat.S, Card.parse("9H")), "E: sun")
    with pytest.raises(IllegalCallError) as err:
        apply_call(sun, "sun")
    assert str(err.value) == "No seat may call Sun: The bidding is over: Sun bought by E."
    assert err.value.message.render(AR) == "لا يجوز لأي لاعب أن يقول صن: انتهى الشراء: صن، المشتري الشرق."
    hokum = apply_calls(start(Seat.S, Card.parse("9H")), ["E: hokum", "N: pass", "W: pass", "S: pass"])
    v = check_call(hokum, "W: quadruple", stage="escalation")
    assert str(v.reason) == "Only the seat that says Double may Quadruple, not W."
    assert v.reason.render(AR) == "لا يقول فور إلا من يقول دبل، لا الغرب."


def test_numbers_and_arithmetic_read_left_to_right_inside_arabic():
    text = Msg("{team} gets the complement: {pool} − {points} = {rest} (never rounded on its own).",
               team=Team.EW, pool=16, points=9, rest=7).render(AR)
    assert f"{LRI}{LRI}16{PDI} − {LRI}9{PDI} = {LRI}7{PDI}{PDI}" in text
    assert "←" in Msg("{raw}: units {units} → {points} (round to tens keeping a final 5, divided by 5)",
                      raw=121, units=1, points=24).render(AR)


def test_a_language_with_a_catalogue_is_listed_and_its_translator_reads_the_po():
    assert i18n.has_catalogue("ar") and "ar" in i18n.languages()
    tr = i18n.translator("ar")
    assert tr.pgettext("seat", "South") == "الجنوب"
    assert [tr.ngettext("  {cards} is not allowed: {requirement}.", "  {cards} are not allowed: {requirement}.", n)
            .split()[0] for n in (1, 2, 3, 11)] == ["الورقة", "الورقتان", "الأوراق", "الأوراق"]
