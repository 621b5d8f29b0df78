"""Issue 24, item 19: a count in a sentence goes through a plural message (``plural()`` in the engine, ``tn()`` on
the pages), so Arabic can say 1, 2, 3–10 and 11+ each as Arabic says them («ورقة واحدة», «ورقتان», «3 أوراق»,
«12 ورقة») instead of «1 أوراق» and «12 أوراق».

The test reads every template (.pot) and fails on a msgid without a plural form in which a value is glued to a
counted noun in the plural, as English writes a count (``{n} cards``, ``{points} raw points``, ``{deals:,} deals``;
"the header has no {columns} column" names a column). A value that names a thing rather than
a count (``{seat} calls``, ``{team} tricks`` as a column's title) is not a count. A few counts are fixed numbers
(a deck's 32 cards, a whole deal's 162 raw points): they are listed below with the number, and the test checks that
each listed sentence still exists, so the list cannot go stale.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

ROOT = Path(__file__).resolve().parents[1]
TEMPLATES = sorted((ROOT / "explorer" / "locale").glob("*.pot"))

NOUNS = ("card", "trick", "point", "deal", "project", "problem", "question", "step", "character", "item", "byte",
         "level", "hand", "answer", "student", "file", "line", "time", "game", "scenario", "lesson", "call", "seat",
         "row", "second", "minute", "cell", "column", "digit", "arrangement", "entry", "entrie", "value", "world",
         "puzzle", "day")
GLUED = re.compile(r"\{(?P<field>\w+)(?::[^}]*)?\}\s+(?:(?:more|raw|game|earlier|other|legal|sampled)\s+)?"
                   r"(?P<noun>(?:" + "|".join(NOUNS) + r")s)\b")
NAMES = frozenset({"seat", "team", "dealer", "kind", "kinds", "mode", "line", "winner", "call", "tool", "where",
                   "ns_team", "ew_team", "suit", "label", "field", "what", "title", "first", "second", "taker",
                   "card", "other", "player", "name", "doing", "rule", "how", "want", "previous", "cutter"})
"""Fields that name a seat, a team, a kind, a card...: ``{seat} calls``, ``{dealer} deals``, ``{team} tricks``."""

FIXED: dict[str, str] = {
    # The engine: limits and totals of the rules, always the same number.
    "lists and mappings nest more than {n} levels deep": "the reader's depth limit (16)",
    "a list or mapping holds more than {most} items here (a deck has 32 cards)": "the reader's limit (64 a list)",
    "String should have at most {max_length} characters": "pydantic's limit of a field, a constant of the model",
    "String should have at least {min_length} characters": "pydantic's limit of a field, a constant of the model",
    "List should have at most {most} items after validation, not {actual}": "pydantic's limit, a constant",
    "Dictionary should have at most {most} items after validation, not {actual}": "pydantic's limit, a constant",
    "List should have at least {least} items after validation, not {actual}": "pydantic's limit, a constant",
    "Dictionary should have at least {least} items after validation, not {actual}": "pydantic's limit, a constant",
    "a deck has {n} cards, not {got}": "32",
    "NS {ns} + EW {ew} = {sum}, but a {mode} deal has {total} raw points (last trick's 10 included)":
        "162 (Hokum) or 130 (Sun)",
    "The last trick's {bonus} raw points are already in these totals: {cards} in the cards plus {bonus} make "
    "{total}.": "10",
    "this match has had {n} deals, the most a practice keeps: start a new one": "the practice's limit (60)",
    # The pages: the same constants.
    "**{team} {value} is not possible:** a Sun deal has {total} raw points in all. Fix it and the other team's "
    "points are filled in.": "130",
    "**{team} {value} is not possible:** a Hokum deal has {total} raw points in all. Fix it and the other team's "
    "points are filled in.": "162",
    "the sheet holds {limit} deals, the most it keeps; start a new match (Undo brings this one back), or save this "
    "one as a file first": "500",
    "Chance that a hand holds each project — exact: counted over all {n8:,} hands of 8 cards and {n5:,} "
    "first-five-card sets (each project on its own; Baloot for one trump suit).": "10,518,300 hands (C(32, 8))",
    "first {cards} cards": "5 or 8, the two charted hand sizes",
    "{cards} cards: chance": "5 or 8",
    "first {cards} cards: chance": "5 or 8",
    "{cards} cards: 1 in": "5 or 8",
    "first {cards} cards: 1 in": "5 or 8",
    "{cards} cards: exact": "5 or 8",
    "first {cards} cards: exact": "5 or 8",
    "trick {trick}: {points} points on average": "an average (a decimal): the Arabic names the figure",
    "{mode}: raw {raw} → {points} game points, the other team {other}<br>rounded {rounding}; {tie}":
        "the conversion chart's every figure from 0 to the pool: the Arabic names the figure («النقاط {points}»)",
    "{team}: {points} raw points": "a histogram's bar: the Arabic names the figure («الأبناط: {points}»)",
    "{call} gains {gain} game points on average over {n} sampled deals.": "an average (a decimal) of 100+ deals",
    "{call} gains {gain} game points over passing, on average over {n} sampled deals.":
        "an average (a decimal) over the expert's bidding deals (32+); the Arabic says «{n} من التوزيعات»",
    "{call} loses {loss} game points against passing, on average over {n} sampled deals: pass.":
        "an average (a decimal) over the expert's bidding deals (32+); the Arabic says «{n} من التوزيعات»",
    "{doing} It keeps {gain} game points more on average than {other}.": "an average (a decimal)",
    "Card points convert to a pool of {hokum} game points in Hokum and {sun} in Sun.": "16 and 26",
    "The match ends when a team reaches {target} game points. {hokum} and {sun} are the card points of one deal, "
    "a different thing.": "152",
    "Baloot, the King and Queen of trumps in one hand, is worth {n} game points.": "2",
    "NS {ns} + EW {ew} = {total} raw points.": "162 or 130",
    "**{total} raw points:** {sum}": "162 or 130",
    "The cards are worth {hokum} in Hokum and {sun} in Sun; the last trick adds {last}: {hokum_raw} and {sun_raw} "
    "raw points.": "162 and 130",
    "{rule} {taker} takes the upcard and {n} more; everyone ends with {cards} cards.": "8",
    "{done}/{steps} steps · {right}/{questions} right at the first try": "a fraction (3/8): the Arabic names it",
    "A class has at most {n} questions.": "the class's limit",
    "At most {n} characters": "the name's limit (40)",
    "Trick {n}: you played {played}; {best} was better by {cost} game points on average over the hands you could "
    "not see.": "a decimal (an average over sampled deals): the Arabic names the figure («بفارق {cost} من النقاط»)",
    "Trick {n}, {seat} played {played}; {best} was better by {cost} game points on average over the hands {seat} "
    "could not see.": "a decimal (an average over sampled deals): the Arabic names the figure",
    "Hindsight, all hands open: {played} cost {cost} game points; {best} kept {best_award}, {played} gives "
    "{award}.": "the Arabic names the figure («كلّفت {played} من النقاط {cost}»)",
    "The partner takes this trick: {better} adds {b} points to it, {played} only {p}.":
        "two counts: the Arabic names the figures («أبناطًا عددها {b}»)",
    "The other team takes this trick: {played} gives them {p} points, {better} only {b}.":
        "two counts: the Arabic names the figures («أبناطًا عددها {p}»)",
    "You win trick {n} ({points} points).": "the Arabic names the figure («أبناطها {points}»)",
    "{seat} wins trick {n} ({points} points).": "the Arabic names the figure («أبناطها {points}»)",
    "Your hand could show {best} game points of projects; you declared {got}.":
        "two counts: the Arabic names the figures («قيمة المشاريع … {best} من النقاط»)",
    "the margin is {margin} game points, not the {recorded} recorded": "the Arabic names the figure («{margin} من النقاط»)",
    "{card} is not proved: in arrangement {n} of those solved it leads {rival} by {lead} game points only":
        "the Arabic names the figure («من النقاط»)",
    "{card}, the card a rule of thumb plays here, loses {least} game points in every arrangement.":
        "the Arabic names the figure («{least} من النقاط»)",
    "{card} loses {least} game points in every arrangement.": "the Arabic names the figure («{least} من النقاط»)",
    "{card}, the card a rule of thumb plays here, loses at least {least} game points ({mean} on average).":
        "the Arabic names the figure («من النقاط»)",
    "{card} loses at least {least} game points ({mean} on average).": "the Arabic names the figure («من النقاط»)",
    "more than {n} values (a whole deal has about 200)": "the reader's limit (10,000): «أكثر من {n} قيمة»",
    "more than {n} values": "a stored value's limit (thousands): «أكثر من {n} قيمة»",
    "a number of {digits} digits is too long (numbers in a scenario have at most {most} digits)":
        "the Arabic names the figure («عدد أرقامه {digits}»)",
    "a number of {digits} digits is more than one deal can award (at most {most})":
        "the Arabic names the figure («عدد أرقامه {digits}»)",
    "{n} arrangements of the hidden cards fit what the player has seen, not {recorded}":
        "the Arabic names the figure («عدد التوزيعات الممكنة … {n}»)",
    "{n} arrangements fit: too many to solve every one here (at most {most}); record a sample":
        "the Arabic names the figure («عدد التوزيعات الممكنة {n}»)",
    "{n} entries; one for each card of the answer ({m})": "the Arabic names the figure («عدد المدخلات {n}»)",
    "Your name is {n} characters long; a name has at most {limit}. Shorten it, or leave it empty to stay "
    "anonymous.": "the Arabic names the figure («عدد حروف اسمك {n}»), which reads right for 103 and 111 alike",
}
"""Sentences whose count is a fixed number (a constant of the rules or of the reader), a decimal or a fraction: the
Arabic is written for that number, or names the figure («{cost} من النقاط», «أبناطها {points}»), which reads right
for every number. A count above a limit is not fixed:
Arabic words 103 and 111 differently («103 أحرف», «111 حرفًا»), so it goes through a plural message too."""

ELSEWHERE: dict[str, str] = {}
"""Counts of pages another change owns: to go through tn() there (the test names them until then)."""


def _glued() -> dict[str, list[str]]:
    found: dict[str, list[str]] = {}
    for pot in TEMPLATES:
        with pot.open("rb") as fh:
            catalog = read_po(fh)
        for message in catalog:
            if not message.id or isinstance(message.id, tuple):
                continue
            hits = [m.group(0) for m in GLUED.finditer(message.id) if m.group("field") not in NAMES]
            if hits:
                found[message.id] = hits
    return found


GLUED_NOW = _glued()


def test_every_count_glued_to_a_noun_is_a_plural_message():
    bad = {msgid: hits for msgid, hits in GLUED_NOW.items() if msgid not in FIXED and msgid not in ELSEWHERE}
    assert not bad, "a count glued to a counted noun without a plural form (use plural() or tn()):\n" + "\n".join(
        f"  {hits}: {msgid!r}" for msgid, hits in bad.items())


@pytest.mark.parametrize("msgid", sorted({**FIXED, **ELSEWHERE}))
def test_each_fixed_count_is_still_a_sentence_with_a_glued_count(msgid):
    """The list of fixed counts names only sentences that exist and still glue a count to a noun."""
    assert msgid in GLUED_NOW, f"no longer a msgid with a glued count: take it off FIXED: {msgid!r}"


def test_the_pattern_finds_a_glued_count_and_passes_a_named_value():
    assert [m.group(0) for m in GLUED.finditer("holds {n} cards; {seat} calls; {points} raw points")] == \
           ["{n} cards", "{seat} calls", "{points} raw points"]
    assert not GLUED.search("trick {trick} has no card")
