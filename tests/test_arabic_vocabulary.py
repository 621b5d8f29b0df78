"""One Arabic word for each thing (issue 24): every Arabic catalogue uses the chosen word of each concept.

For each concept of the translators' guide (``explorer/locale/README.md``, "One word for each thing") this file
names the chosen word, the rejected variants (regexes on the Arabic) and, where a variant has a legitimate other
sense, the English that identifies the concept (قطع is trumping, and only the deck's cut is قصّ; حكم is Hokum and
only a verdict is قرار). A test per concept fails naming the catalogue, the msgid and the msgstr of every entry that
uses a rejected variant.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

CATALOGUES = Path(__file__).resolve().parent.parent / "explorer" / "locale" / "ar" / "LC_MESSAGES"

_LETTER = r"\u0621-\u064A\u064B-\u0652\u0640"
"""Arabic letters, their vowel marks and the tatweel: what a word boundary must not be next to."""


def word(stem: str, prefixes: str = r"(?:[وفبلك]|ال|وال|فال|بال|كال|لل)?") -> str:
    """A regex for ``stem`` as a word of its own: optionally after و/ف/ب/ل/ك and the article, never inside a longer
    word (``يحوّلون`` does not contain the word لون)."""
    return rf"(?<![{_LETTER}]){prefixes}(?:{stem})(?![{_LETTER}])"


@dataclass(frozen=True)
class Concept:
    name: str
    chosen: str                  # the word the catalogues use (a regex: it must occur where the concept does)
    rejected: tuple[str, ...]    # regexes on the Arabic
    english: str | None = None   # the concept's English (regex, case-insensitive); None: every entry
    unless: str | None = None    # English that gives a rejected variant its legitimate sense in the same entry
    examples: tuple[tuple[str, str], ...] = ()  # (English, an old Arabic wording) each rejected variant must catch


CONCEPTS = (
    Concept("cutting the deck", "قصّ|يقصّ|مقصوصة",
            (r"قطع", r"مقطوع"),
            english=r"\bdeck\b[^.]*\bcut|\bcuts? the deck|\{cutter\}|\bcut position|^Cut \(cards lifted\)"
                    r"|shuffled, cut deck|\bthe deck and the cut\b",
            examples=(("{dealer} deals; {cutter}, on the dealer's left, cut {n} cards.", "رفع {cutter} {n} من الأوراق عند القطع."),
                      ("**The shuffled, cut deck lies face down.**", "**الأوراق مخلوطة ومقطوعة ووجهها إلى الأسفل.**"),
                      ("{value} is not a cut position (use 0 to {last})", "{value} ليس موضع قطع (اكتب من 0 إلى {last})"))),
    Concept("suit", "نوع|النوع|أنواع",
            (word("لون|ألوان"),),
            english=r"\bsuits?\b|\btrumps?\b",
            examples=(("Trump suit", "لون الحكم"), ("Rank then suit", "الرتبة ثم اللون"),
                      ("Hokum (trumps)", "حكم (بلون حكم)"))),
    Concept("legal / illegal", "مسموح|ممنوع",
            (r"نظامي", word("جائز|جائزة|تجوز"), r"غير مسموح"),
            english=r"\b(?:il)?legal\b|\b(?:not )?allowed\b",
            examples=(("✓ **{card} is legal.** {reason}", "✓ **{card} نظامية.** {reason}"),
                      ("{answer} is not allowed", "{answer} لا تجوز"),
                      ("Illegal call at index {index}: {reason}", "كلام غير جائز في الموضع {index}"))),
    Concept("counting team", "فريق الحساب|الحساب على",
            (r"الفريق المحسوب", r"الفريق الذي يُ?حسب له", r"الذي يُ?حسب له"),
            examples=(("counting team", "الفريق المحسوب"),
                      ("the counting team's raw units", "آحاد أبناط الفريق الذي يُحسب له"))),
    Concept("complement", "الباقي",
            (r"مكمّ?ل",),
            examples=(("complement", "المكمّل"), ("the conversion and its complement", "والتحويل ومكمّله"))),
    Concept("made / failed", "نجح|ينجح|سقط|يسقط|يُسقط",
            (word("طاح|طاحت|يطيح"), word("ربح|ربحت|ربحوا")),
            english=r"\bmade\b|\bmakes? (?:it|its|the)\b|\bfail",
            examples=(("The buyer's team **{buyer} failed**.", "فريق المشتري **{buyer} طاح**."),
                      ("The buyer's team **{buyer} made its contract**.", "فريق المشتري **{buyer} ربح**."))),
    Concept("declarer / buyer", "المشتري|مشترٍ|مشتريًا",
            (r"صاحب اللعب",),
            examples=(("The declarer. It does not change which cards are legal.", "صاحب اللعب. لا يغيّر أي الأوراق مسموحة."),)),
    Concept("seed", "رقم الخلطة",
            (word("بذرة|البذرة"), r"رقم الخلط(?!ة)"),
            examples=(("Seed", "البذرة"), ("Shuffle seed", "رقم الخلط"))),
    Concept("a call (in the bidding)", "طلب|الطلب|طلبات",
            (word("نداء|النداء|نداءات|النداءات"), r"كلام (?:غير|ممنوع)", word("قولًا"), r"قول في (?:الشراء|التدبيل)"),
            english=r"\bcalls?\b",
            examples=(("Call {n}: {seat}", "النداء {n}: {seat}"),
                      ("Illegal call at index {index}: {reason}", "كلام غير جائز في الموضع {index}"),
                      ("{value} is not a call (use {names})", "{value} ليست قولًا في الشراء"))),
    Concept("void player", "ليس معه النوع المطلوب|ليس معك النوع المطلوب",
            (word("المقطوع|مقطوع"), r"ليس معه اللون"),
            english=r"\bvoid\b",
            examples=(("a void player who cannot beat an opponent's trump may discard",
                       "واللاعب المقطوع الذي لا يستطيع أن يعلو على حكم الخصم"),)),
    Concept("leader", "البادئ",
            (r"صاحب الورقة الأولى",),
            examples=(("Leader", "صاحب الورقة الأولى"),)),
    Concept("match score", "النشرة",
            (r"نتيجة المباراة",),
            examples=(("Match score before the deal", "نتيجة المباراة قبل الجولة"),)),
    Concept("practice task", "تمرين",
            (word("لغز|ألغاز|لغزك|لغزًا"),),
            examples=(("**Your own puzzle**", "**لغزك الخاص**"),)),
    Concept("verdict", "القرار|قرار",
            (word("حكم|أحكام|حكمها|حكمه|الحكمُ"),),
            english=r"\bverdicts?\b", unless=r"Hokum|trump",
            examples=(("Verdict", "الحكم"), ("{option} — alone gives its verdict.", "{option} — يعطي حكمها وحده."))),
    Concept("contract", "نوع اللعب",
            (word("عقد|العقد"),),
            english=r"\bcontract\b",
            examples=(("The contract", "العقد"),)),
    Concept("on the table", "على الطاولة|التي على الطاولة",
            (r"على الأرض", r"أوراق الأرض"),
            english=r"\bon the table\b",
            examples=(("Cards on the table, in play order", "الأوراق على الأرض، بترتيب اللعب"),)),
    Concept("the engine (what checks and judges)", "المحرّك|محرّك",
            (word("التطبيق|تطبيق"),),
            english=r"\bengine\b", unless=r"\bapp\b",
            examples=(("Pick 8 cards, choose Sun or Hokum, and the engine finds the best set of projects the hand "
                       "can show.", "اختر 8 أوراق، واختر صن أو حكم، ويجد لك التطبيق أفضل مجموعة مشاريع"),
                      ("Declared for me: the engine finds your best projects.", "يعلنها التطبيق عنّي"))),
    Concept("the conversion chart's dots", "الدوائر",
            (word("العلامات|الدوائر الصغيرة|النقاط"),),
            english=r"\bdots\b",
            examples=(("dots: who wins a tie", "والدوائر الصغيرة: من يكسب التعادل"),
                      ("The dots show who wins", "والعلامات في الرسم تبيّن من يفوز"),
                      ("dots: who wins an undoubled tie", "النقاط: من يكسب التعادل"))),
    Concept("raising a deal's value", "رفع|التدبيل",
            (word("رهان|الرهان"),),
            examples=(("Raise the stakes yourself", "ارفع الرهان بنفسك"),)),
)


@dataclass(frozen=True)
class Entry:
    catalogue: str
    context: str | None
    english: str
    arabic: str


@cache
def entries() -> tuple[Entry, ...]:
    """Every translated form of every entry of every Arabic catalogue (a plural entry gives one per form)."""
    found = []
    for po in sorted(CATALOGUES.glob("*.po")):
        with po.open("rb") as fh:
            catalog = read_po(fh)
        for message in catalog:
            if not message.id:
                continue
            english = " | ".join(message.id) if isinstance(message.id, (list, tuple)) else message.id
            forms = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
            found += [Entry(po.name, message.context, english, form) for form in forms if form]
    return tuple(found)


def about(concept: Concept, english: str) -> bool:
    """Whether an entry with this English speaks of the concept (so its rejected variants are not another sense)."""
    if concept.english is not None and not re.search(concept.english, english, re.I):
        return False
    return concept.unless is None or not re.search(concept.unless, english)


def rejected_in(concept: Concept, english: str, arabic: str) -> list[str]:
    """The rejected variants of ``concept`` that this Arabic uses, as written."""
    if not about(concept, english):
        return []
    return [m.group(0) for pattern in concept.rejected for m in re.finditer(pattern, arabic)]


@pytest.mark.parametrize("concept", CONCEPTS, ids=lambda c: c.name)
def test_every_catalogue_uses_the_chosen_word_not_a_rejected_variant(concept):
    wrong = [f"{e.catalogue}: msgid {e.english[:140]!r}{f' (msgctxt {e.context})' if e.context else ''}\n"
             f"    uses {found} in msgstr {e.arabic[:220]!r}"
             for e in entries() for found in [rejected_in(concept, e.english, e.arabic)] if found]
    assert not wrong, (f"{concept.name}: the catalogues' word is «{concept.chosen}» "
                       f"(explorer/locale/README.md); {len(wrong)} msgstr use a rejected variant:\n" + "\n".join(wrong))


@pytest.mark.parametrize("concept", CONCEPTS, ids=lambda c: c.name)
def test_the_rejected_variants_catch_the_old_wordings(concept):
    """The check can fail: each concept's old wordings (issue 24) are caught, and its chosen word is not."""
    assert concept.examples
    for english, old in concept.examples:
        assert rejected_in(concept, english, old), (concept.name, english, old)
    assert not rejected_in(concept, concept.examples[0][0], concept.chosen.split("|")[0])


@pytest.mark.parametrize("concept", CONCEPTS, ids=lambda c: c.name)
def test_the_chosen_word_is_where_the_concept_is(concept):
    """The English of a concept is found in the catalogues, and its Arabic uses the chosen word: a concept whose
    English no longer matches anything would make its first test pass for nothing."""
    mine = [e for e in entries() if about(concept, e.english)]
    if concept.english is not None:
        assert mine, f"{concept.name}: no msgid matches {concept.english!r}"
    assert any(re.search(concept.chosen, e.arabic) for e in mine), (concept.name, concept.chosen)


def concept(name: str) -> Concept:
    return next(c for c in CONCEPTS if c.name == name)


def test_the_legitimate_other_senses_are_not_flagged():
    """قطع is trumping, حكم is Hokum, الأرض the last trick's 10, يحوّلون is not لون: none is a rejected variant."""
    assert not rejected_in(concept("cutting the deck"), "Third seat must cut", "على الثالث أن يقطع")
    assert not rejected_in(concept("verdict"), "The verdict on a Hokum deal", "قرار المحرّك على جولة الحكم")
    assert not rejected_in(concept("on the table"), "last trick", "الأرض")
    assert not rejected_in(concept("suit"), "the buyer's opponents convert (suit)", "خصوم المشتري يحوّلون أبناطهم")
    assert not rejected_in(concept("made / failed"), "cannot win", "فلا تربح")
