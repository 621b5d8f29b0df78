"""The lessons' prose against the rule profiles, and questions that do not give their answer away.

``tests/test_lessons.py`` holds every ``expect`` to the engine. This file holds the sentences
around them. A rule that a profile option changes (the tie rule, Ekka announced or automatic,
must-undertrump, the third-seat cut, the Sun Double threshold, the Kaboot values, ...) may be
stated in a lesson or the glossary only together with what changes it: the option in words
(the option "Tie rule") or a profile qualifier ("the default", "the simple profile",
"the tournament sheet", "your table"). ``PROFILE_SENTENCES`` keys each such statement (a regex
on one sentence) to its option in ``explorer.engine.profiles.OPTIONS``; the qualifier may stand
anywhere in the same step (a recap: in the same bullet; the glossary: in the same entry).

The second part checks, as far as a machine can, that a question's step does not state its
answer: the title must not name it, and no sentence of the text may pair it with the words the
question asks about.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import pytest

from explorer.engine.profiles import DEFAULT_PROFILE, OPTIONS, PROFILES
from explorer.lessons import engine_answer, grade, load_lessons, not_under
from explorer.ui.glossary import load_glossary

LESSONS = load_lessons()
GLOSSARY = load_glossary()

# --- where the prose is ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Unit:
    """A piece of prose judged as a whole: a step, a recap bullet, a summary, a glossary entry."""

    where: str
    text: str


def _plain(markdown: str) -> str:
    """Markdown without emphasis marks, hard line wraps joined (list items and table rows kept apart)."""
    text = re.sub(r"\*+|_{2,}", "", markdown)
    text = re.sub(r"\n(?!\s*(?:[-*|]|\d+\.)\s)(?!\s*\n)", " ", text)
    return re.sub(r"[ \t]+", " ", text)


def _bullets(markdown: str) -> list[str]:
    return [b.strip() for b in re.split(r"\n\s*(?:-|\d+\.)\s+", "\n" + _plain(markdown)) if b.strip()]


def _step_text(step) -> str:
    parts = [step.title, step.text]
    q = step.question
    if q is not None:
        parts += [q.prompt, q.explain] + [c.label for c in q.choices or []]
    return "\n\n".join(_plain(p) for p in parts)


def prose_units() -> list[Unit]:
    units = []
    for lesson in LESSONS:
        units.append(Unit(f"{lesson.id}: summary", _plain(lesson.summary)))
        for step in lesson.steps:
            if step.id == "recap":
                units += [Unit(f"{lesson.id}/recap: {b[:40]!r}", b) for b in _bullets(step.text)]
            else:
                units.append(Unit(f"{lesson.id}/{step.id}", _step_text(step)))
    units += [Unit(f"glossary: {e.term}", f"{e.term}: {_plain(e.meaning)}") for e in GLOSSARY]
    return units


def sentences(text: str) -> list[str]:
    return [s for s in re.split(r"(?<=[.!?])\s+|\n+", text) if s.strip()]


# --- statements that a profile option changes --------------------------------------------------------

QUALIFIER = re.compile(
    r"\bdefault\b|\bdetailed (?:Saudi )?rules\b|\bsimple profile\b|\bonline how-to\b|\btournament sheet\b"
    r"|\byour table\b|\brules profile\b|\btables? (?:differ|disagree|vary)\b|\bsome tables\b",
    re.IGNORECASE)
"""Words that say a rule is one table's: a profile by name, the default, "your table"."""


@dataclass(frozen=True)
class ProfileSentence:
    """A kind of statement that a profile option changes, and how a step may name that option."""

    option: str
    pattern: str          # one sentence that states the rule
    words: str            # the option in words (its title in OPTIONS, or close to it)
    unless: str = r"(?!)"  # sentences that look alike but are about something else
    example: str = ""     # an overgeneralised sentence the pattern must catch

    def states(self, unit: Unit) -> list[str]:
        pat, unless = re.compile(self.pattern, re.I), re.compile(self.unless, re.I)
        return [s for s in sentences(unit.text) if pat.search(s) and not unless.search(s)]

    def qualified(self, unit: Unit) -> bool:
        return bool(QUALIFIER.search(unit.text) or re.search(self.words, unit.text, re.I))


KABOOT_VALUE = r"\bKaboot\b[^.]*\b(?:25|44)\b|\b(?:25|44)\b[^.]*\bKaboot\b"
ONLY_SUN_BEATS_HOKUM = (r"Hokum does not beat a Hokum|only Sun (?:beats|can beat)|second Hokum is not"
                        r"|Hokum only with Sun|Hokum never beats")

PROFILE_SENTENCES = [
    ProfileSentence(
        "tie_rule",
        r"\bties?\b|\btied\b|come out equal|\bscore more\b|equal points|\b84 (?:against|to|/) ?78\b",
        r"\btie rule\b", unless=r"project|four of a kind|\bruns?\b|\bmatch\b|\b152\b",
        example="5. Compare: did the buyer's team score more?"),
    ProfileSentence(
        "escalated_tie",
        r"\btie\b[^.]*\b(?:Double|Triple|Quadruple|raised?|doubled)\b"
        r"|\b(?:Double|Triple|Quadruple|raised?|doubled)\b[^.]*\btie\b",
        r"\btie rule at Double\b|\b(?:first|originally) (?:said|called) Double\b",
        example="At Double a tie is read from the last digit."),
    ProfileSentence(
        "automatic_ekka",
        r"\bEkka\b[^.]*\bannounc|\bannounc\w*[^.]*\bEkka\b|\bsays? \W*Ekka\b",
        r"\bEkka is called automatically\b|\bcalls? (?:it|Ekka) for you\b",
        example="Ekka (إكة) is announced by the leader when leading the highest card still unplayed."),
    ProfileSentence(
        "must_undertrump",
        r"undertrump|none of (?:your|its) trumps can|no trump of (?:yours|its) can|\bif none can\b"
        r"|otherwise (?:you may )?play anything",
        r"\bmust undertrump\b", unless=r"\btrump (?:is |was )?led\b|^Trump led",
        example="Void, opponent winning: win with a trump if one of yours can; otherwise play anything."),
    ProfileSentence(
        "third_seat_must_cut",
        r"\bthird (?:player|seat)\b[^.]*\bmust\b[^.]*\b(?:trump|cut)\b|\bmust (?:trump|cut)\b[^.]*\bthird (?:player|seat)\b"
        r"|\bexcept\b[^.]*\bthird\b",
        r"\bthird seat must cut\b",
        example="As the third player, when your partner led the trick, you must trump if you can."),
    ProfileSentence(
        "sun_double_threshold",
        r"\b(?:above|over|more than|below|under|less than|fewer than) 100\b|\b100 or (?:below|fewer|less)\b"
        r"|\bexactly 100\b",
        r"\bSun Double threshold\b",
        example="Only when one team is above 100 and the other below 100."),
    ProfileSentence(
        "kaboot_escalation", KABOOT_VALUE, r"\bKaboot when escalated\b|\bKaboot when raised\b",
        example="Kaboot: 25 or 44."),
    ProfileSentence(
        "undoubled_kaboot_baloot", KABOOT_VALUE,
        r"\bBaloot in an undoubled Kaboot\b|\b(?:own|sweepers'?) Baloot\b",
        example="A Hokum Kaboot scores 25 (not 16), and the other team records 0."),
    ProfileSentence(
        "reverse_kaboot", r"\bKaboot\b[^.]*\b44\b|\b44\b[^.]*\bKaboot\b", r"\breverse Kaboot\b",
        example="Kaboot, which scores 25 game points in Hokum or 44 in Sun."),
    ProfileSentence(
        "projects_multiplier_above_double",
        r"\beverything,? multiplied\b|\beverything\b[^.]*(?:×|\btimes\b|\bmultiplied\b)[^.]*\b(?:3|4|Triple|Quadruple)\b"
        r"|\b(?:Triple|Quadruple|Three|Four)\b[^.]*\bprojects?\b[^.]*(?:×|times|multiplied|doubled)"
        r"|\bprojects?\b[^.]*(?:×|times) ?[34]\b",
        r"\bproject multiplier\b|\bprojects are (?:never tripled|only doubled|at most doubled)\b",
        example="Double and up: the winner takes everything, multiplied."),
    ProfileSentence(
        "earlier_seat_takes_hokum", ONLY_SUN_BEATS_HOKUM, r"\bearlier seat may take the same Hokum\b",
        example="A second Hokum is not a higher bid: only Sun beats a standing Hokum."),
    ProfileSentence(
        "hokum_bidder_may_upgrade", ONLY_SUN_BEATS_HOKUM, r"\bHokum bidder may upgrade\b",
        example="A Hokum does not beat a Hokum."),
    ProfileSentence(
        "trump_project_priority", r"\bat equal value\b|\bthen the earlier seat\b", r"\btrump project priority\b",
        example="Best means: higher value; at equal value a four of a kind beats a run."),
]


def test_each_row_names_a_profile_option_and_catches_its_example():
    for row in PROFILE_SENTENCES:
        assert row.option in OPTIONS, row.option
        assert row.states(Unit("example", row.example)), f"{row.option}: the pattern misses {row.example!r}"
        assert not row.qualified(Unit("example", row.example)), row.option
    assert {r.option for r in PROFILE_SENTENCES} >= {
        "tie_rule", "automatic_ekka", "must_undertrump", "third_seat_must_cut", "sun_double_threshold",
        "kaboot_escalation", "projects_multiplier_above_double", "earlier_seat_takes_hokum",
        "hokum_bidder_may_upgrade", "reverse_kaboot", "undoubled_kaboot_baloot"}


def test_the_qualifier_words_are_the_profiles_and_options_of_the_app():
    assert {"detailed", "tournament", "simple"} == set(PROFILES)
    for row in PROFILE_SENTENCES:
        title = OPTIONS[row.option].title
        first = row.words.split("|")[0].replace(r"\b", "")
        assert first.lower() in title.lower(), (row.option, first, title)


@pytest.mark.parametrize("row", PROFILE_SENTENCES, ids=[r.option for r in PROFILE_SENTENCES])
def test_a_rule_that_a_profile_option_changes_says_so(row):
    unqualified = [f"{u.where}: {s!r}" for u in prose_units() for s in row.states(u) if not row.qualified(u)]
    assert not unqualified, (
        f"these sentences state a rule that the option {row.option} ({OPTIONS[row.option].title!r}) changes, "
        "but their step names neither the option nor a profile ('the default', 'the simple profile', "
        "'the tournament sheet', 'your table'):\n" + "\n".join(unqualified))


# --- rules that are not about a profile, stated too widely ------------------------------------------

OVERREACH = [
    # (a statement, what the same step must also say, why)
    (r"\bBaloot\b[^.]*\b(?:owner|independent)", r"goes with the deal|fail|raised|swept|Kaboot|lesson 7",
     "Baloot stays with its owner only through the project comparison: a failed, raised or swept deal takes it"),
    (r"\bbuyer's team gets the (?:rest|remainder)\b", r"(?!)",
     "after a Double the buyer's team may be the counting team: 'the other team' gets the rest"),
    (r"\bbeat an opponent's trump\b", r"\bopponent (?:holds|is winning|wins)\b|\bwhen an opponent\b",
     "overtaking is owed only when an opponent holds the trick"),
    (r"\bpartner led the trick\b(?![^.]*\bwinning\b)", r"(?!)",
     "the third-player cut needs the partner to be still winning"),
]


@pytest.mark.parametrize(("statement", "needs", "why"), OVERREACH, ids=[w.split(":")[0][:40] for *_, w in OVERREACH])
def test_no_rule_is_stated_wider_than_the_rules_documents_allow(statement, needs, why):
    wide = [f"{u.where}: {s!r}" for u in prose_units() for s in sentences(u.text)
            if re.search(statement, s, re.I) and not re.search(needs, u.text, re.I)]
    assert not wide, f"{why}:\n" + "\n".join(wide)


# --- questions that give their answer away -------------------------------------------------------------

SEAT_NAMES = {"S": "South", "E": "East", "N": "North", "W": "West"}
TEAM_NAMES = {"NS": ("NS", "North-South"), "EW": ("EW", "East-West")}
RANKS = {"A": ("A", "Ace"), "K": ("K", "King"), "Q": ("Q", "Queen"), "J": ("J", "Jack"), "T": ("10", "Ten"),
         "9": ("9", "Nine"), "8": ("8", "Eight"), "7": ("7", "Seven")}
SUITS = {"S": ("♠", "spades"), "H": ("♥", "hearts"), "D": ("♦", "diamonds"), "C": ("♣", "clubs")}
NEGATION = r"\b(?:no|not|never|cannot|can't|nobody)\b"
QUESTIONS = [(lesson, step) for lesson in LESSONS for step in lesson.questions]


def card_names(card: str) -> list[str]:
    card = card.upper().replace("10", "T")
    (short, word), (symbol, suit) = RANKS[card[0]], SUITS[card[1]]
    return [f"{short}{symbol}", f"{word} of {suit}", f"{short} of {suit}"]


def answer_labels(step) -> list[str]:
    """How the expected answer would be written in prose."""
    q = step.question
    want = q.expect
    if q.ask in ("trick_winner", "legal_card"):
        cards = want if isinstance(want, list) else [want]
        return card_names(cards[0]) if len(cards) == 1 else []
    if q.input == "seat":
        return [SEAT_NAMES[str(want).upper()]]
    if q.input == "team":
        return list(TEAM_NAMES[str(want).upper()])
    if q.input == "number":
        return [str(want)]
    if q.input == "choice":
        label = next(c.label for c in q.choices if c.value == want)
        return [label] + ([str(want)] if isinstance(want, (int, str)) and not isinstance(want, bool) else [])
    return []


def yes_no_subject(step) -> str | None:
    """For a yes/no question: the word it is about (the call, the card, the verdict key)."""
    q = step.question
    if q.ask == "call_legal":
        return q.call.split(":", 1)[1].split()[0]
    if q.ask == "card_legal":
        return card_names(q.card)[1]
    if q.ask == "verdict" and isinstance(q.expect, bool):
        return q.path.split(".")[-1].replace("_", " ")
    return None


def _word(label: str) -> re.Pattern:
    return re.compile(rf"(?<![\w♠♥♦♣]){re.escape(label)}(?![\w♠♥♦♣])", re.I)


def _trigrams(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[\w']+", text.lower())
    return {tuple(words[i:i + 3]) for i in range(len(words) - 2)}


@pytest.mark.parametrize(("lesson", "step"), QUESTIONS, ids=[f"{lesson.id}/{step.id}" for lesson, step in QUESTIONS])
def test_a_steps_title_does_not_state_its_answer(lesson, step):
    title = step.title
    for label in answer_labels(step):
        assert not _word(label).search(title), f"{lesson.id}/{step.id}: the title {title!r} names the answer {label!r}"
    subject = yes_no_subject(step)
    if subject is not None and step.question.expect is False:
        assert not (re.search(NEGATION, title, re.I) and _word(subject).search(title)), (
            f"{lesson.id}/{step.id}: the title {title!r} answers 'may/is ... {subject}?' with no")


@pytest.mark.parametrize(("lesson", "step"), QUESTIONS, ids=[f"{lesson.id}/{step.id}" for lesson, step in QUESTIONS])
def test_a_steps_text_does_not_pair_the_answer_with_the_question(lesson, step):
    """A sentence holding the answer and three words in a row of the prompt answers it for the learner."""
    asked = _trigrams(step.question.prompt)
    for sentence in sentences(_plain(step.text)):
        for label in answer_labels(step):
            if _word(label).search(sentence):
                shared = asked & _trigrams(sentence)
                assert not shared, (f"{lesson.id}/{step.id}: {sentence!r} gives the answer {label!r} to "
                                    f"{step.question.prompt!r} (shared: {' '.join(sorted(shared)[0])!r})")


# --- every question can be answered under every named profile ------------------------------------------

NOT_UNDER_PROFILE = {
    # The lesson 4 escalation examples end the bidding after East declines its Sun chance. On the tournament
    # sheet (option hokum_bidder_may_upgrade) North, the Hokum bidder, is then still asked whether to upgrade,
    # so the Double that follows is refused: the page says the example assumes the default rules and grades
    # the answer under them.
    ("04-doubling/open-locked", "tournament"),
    ("04-doubling/gahwa", "tournament"),
}


def test_every_question_can_be_graded_under_every_named_profile():
    """No profile makes a question raise; the known ones are judged under the default rules, and say so."""
    assumed = set()
    for lesson, step in QUESTIONS:
        for pid, profile in PROFILES.items():
            right = grade(step, _right(step), DEFAULT_PROFILE)
            assert right.correct
            fb = grade(step, _right(step), profile)
            if fb.assumed_default:
                assumed.add((f"{lesson.id}/{step.id}", pid))
                assert not_under(step, profile) and fb.correct
            else:
                assert not_under(step, profile) is None
                engine_answer(step, profile)
    assert assumed == NOT_UNDER_PROFILE


def _right(step):
    a = engine_answer(step)
    return a.accepted[0] if step.question.ask == "legal_card" else a.value
