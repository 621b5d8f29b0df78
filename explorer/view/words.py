"""Engine values and verdicts as words for the page: option values, seats, suits, a verdict in one line.

No Streamlit and no rules: every fact comes from the engine's objects or its verdict dicts.
The lines are Markdown; anything in them that came from a scenario goes through
:func:`explorer.view.text.plain`. Every word is written through :func:`t` (and :func:`tn`), so every page
that uses them reads them in its language (the catalogue ``ui-shell``); outside a page, English.

>>> format_option_value(True), seat_label("S"), suit_label("H")
('on', 'South (S)', '♥ hearts')
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from explorer.content.sources import cite
from explorer.engine.core.cards import Card, Seat, Suit
from explorer.engine.core.contract import Level
from explorer.engine.core.errors import render_problems
from explorer.engine.core.i18n import N_, Style
from explorer.engine.core.profiles import OPTIONS, PROFILES, RuleProfile
from explorer.engine.files.scenario import Checked
from explorer.view import language
from explorer.view.language import t, tn  # noqa: F401  (the page words' t, for the modules that import it from here)
from explorer.view.text import plain

if TYPE_CHECKING:  # a page that checks no scenario does not build its pydantic models
    from explorer.engine.files.scenario import Checked

NO_SEAT = ""
"""The "not given" choice of a seat selectbox (a selectbox shows None as an empty placeholder)."""


# The engine's English words that pages show through t() (profiles.py has no catalogue of its own): marked
# here so that the extractor puts them in ui-shell. A test holds them equal to the engine's.
_VALUE_WORDS = frozenset({
    N_('below 100'),
    N_('at or below 100'),
    N_('units'),
    N_('buyer fails'),
    N_('doubler loses'),
    N_('multiply'),
    N_('fixed'),
})
"""Option values shown in words (``at or below 100``), translated."""
_ENGINE_WORDS = (
    N_('Detailed Saudi rules'),
    N_('Saudi tournament sheet'),
    N_('Simple online how-to'),
    N_('Third seat must cut'),
    N_('A void third player whose partner led and is winning must trump, unless the lead was an Ace or a valid Ekka. Off: a void player is always free when the partner wins.'),
    N_('Ekka is called automatically'),
    N_('A lead of the highest card still unplayed in a plain suit counts as Ekka without an announcement (off: only an announced, valid Ekka frees the third player).'),
    N_('Must undertrump'),
    N_("A void player facing an opponent's winning trump that it cannot beat must still play a trump (off: discard or undertrump freely)."),
    N_('Earlier seat may take the same Hokum'),
    N_('An earlier seat may take over the same Hokum from a later bidder.'),
    N_('Hokum bidder may upgrade to Sun'),
    N_('The Hokum bidder may change its own unlocked Hokum to Sun.'),
    N_('Sun Double threshold'),
    N_("When Sun may be doubled: 'below_100' = one team above 100 and the other below 100; 'at_or_below_100' = one team above 100 and the other at 100 or below. Match totals before the deal."),
    N_('Trump project priority'),
    N_('At equal value, a project in the trump suit wins the comparison.'),
    N_('Tie rule (undoubled and Gahwa)'),
    N_("'units': a tied comparison is decided by the counting team's raw units; 'buyer_fails': the buyer must score more than the other team."),
    N_('Tie rule at Double, Triple and Quadruple'),
    N_("'units': the units rule at every level; 'doubler_loses': the team that originally called Double loses a tie."),
    N_('Project multiplier at Triple and Quadruple'),
    N_('Eligible projects are multiplied by this at Triple and Quadruple (always 2 at Double).'),
    N_('Kaboot when escalated'),
    N_("'multiply': 25/44 times the level (Hokum 2/3/4, Sun 2); 'fixed': Double keeps 25/44, Triple 75, Quadruple 100."),
    N_('Baloot in an undoubled Kaboot'),
    N_("The sweeping team's own Baloot adds 2 in an undoubled Kaboot."),
    N_('Reverse Kaboot'),
    N_("Sun: when the dealer's right bought, its team takes no trick and that seat held an Ace, the sweeping team records 88 plus its eligible projects."),
    # where each option's values come from (the documents by file number: explorer.content.sources.cite names them)
    N_('000 §04; 002; 003'),
    N_("off: 000 §04 ('announced'); on: 002 ('the game calls it for you')"),
    N_('off: 000 §04, 003; on: 002'),
    N_('on: 003 (pulls)'),
    N_('on: 003 (contract upgrade)'),
    N_('below_100: 000 §03; at_or_below_100: 003'),
    N_("off: 000 §05 ('without trump priority')"),
    N_('units: 000 §06, 004; buyer_fails: 002'),
    N_('units: 000 §06; doubler_loses: 004'),
    N_('2: 000 §06; 1: 004'),
    N_('multiply: 000 §06; fixed: 004 (Triple/Quadruple provisional)'),
    N_('on: 000 §06 (a teaching agreement, not a verified rule); off: 004 silent'),
    N_('on: 004'),
)

def page_style() -> Style:
    """The style of the page's sentences (its language, card faces); English faces without the app."""
    return language.style()


def problem_sentence(line: str) -> str:
    """One problem line, ready for Markdown, in the page's language: a :class:`~explorer.engine.core.errors.Problem`
    (the inbox's own about a file, a text or a link, the engine's about a scenario) rendered in the page's style
    (cards as faces) as a plain sentence; anything it quotes from a file or a link is shown as typed, never as
    Markdown.

    >>> from explorer.engine.core.errors import at
    >>> from explorer.engine.core.i18n import Msg
    >>> from explorer.view.text import shown
    >>> shown(problem_sentence(at("hand[8]", Msg("{card} appears twice", card=Card.parse("QH")))))
    'hand[8]: Q♥ appears twice'
    >>> shown(problem_sentence("hand[0]: '*X*' is not a card"))
    "hand[0]: '*X*' is not a card"
    """
    return plain(render_problems([line], page_style())[0])


def problem_lines(lines: Iterable[str]) -> str:
    """Problem lines as a Markdown list of plain sentences in the page's language (:func:`problem_sentence`)."""
    return "\n".join(f"- {problem_sentence(line)}" for line in lines)


def lang_code() -> str:
    """The page's language (``en`` without the app)."""
    return language.current()


def option_title(name: str) -> str:
    """A rule option's title in the page's language (the engine's English is the msgid, marked below)."""
    return t(OPTIONS[name].title)


def option_meaning(name: str) -> str:
    """A rule option's meaning in the page's language."""
    return t(OPTIONS[name].meaning)


def option_source(name: str) -> str:
    """Where a rule option's values come from, the documents named (``the detailed Saudi rules §4``), in the
    page's language.

    >>> option_source("must_undertrump")
    'off: the detailed Saudi rules §4, the tournament Sun and Hokum guide; on: the simple online how-to'
    """
    return cite(t(OPTIONS[name].source), lang_code())


def profile_title(profile: RuleProfile) -> str:
    """A profile's title in the page's language; a custom one names its base profile's id.

    >>> from explorer.engine.core.profiles import custom_profile
    >>> profile_title(custom_profile({"base": "simple", "tie_rule": "units"}))
    'Custom (based on simple)'
    """
    if profile.id in PROFILES and PROFILES[profile.id] == profile:
        return t(profile.title)
    base = PROFILES.get(profile.base)
    named = profile.base if lang_code() == "en" or base is None else t(base.title)
    return t("Custom (based on {base})", base=named)


def format_option_value(value: Any) -> str:
    """An option value as the app shows it: on/off, ×2, "at or below 100".

    >>> [format_option_value(v) for v in (True, 2, "at_or_below_100")]
    ['on', '×2', 'at or below 100']
    """
    if isinstance(value, bool):
        return t("on") if value else t("off")
    if isinstance(value, int):
        return f"×{value}"
    words = str(value).replace("_", " ")
    return t(words) if words in _VALUE_WORDS else words


def seat_label(seat: Seat | str | None) -> str:
    """A seat for a selectbox: ``South (S)``; :data:`NO_SEAT` reads as "not given".

    >>> seat_label("S"), seat_label(NO_SEAT)
    ('South (S)', '— not given')
    """
    if not seat:
        return t("— not given")
    seat = Seat.parse(seat) if not isinstance(seat, Seat) else seat
    return t("{name} ({letter})", name=seat_name(seat), letter=seat.value)


def seat_name(seat: Seat | str) -> str:
    """A seat's name in the page's language: ``South``, الجنوب (the engine's seat words).

    >>> seat_name("E")
    'East'
    """
    seat = Seat.parse(seat) if not isinstance(seat, Seat) else seat
    return seat.title if lang_code() == "en" else t("{seat}", seat=seat)


def suit_label(suit: Suit | str) -> str:
    """``♥ hearts``."""
    s = Suit.parse(suit) if not isinstance(suit, Suit) else suit
    return t("{symbol} {suit}", symbol=s.symbol, suit=s) if lang_code() != "en" else f"{s.symbol} {s.title}"


def level_label(level: str) -> str:
    """An escalation level for a selectbox: ``Double``, ``Quadruple (Four)``."""
    return t("{level}", level=Level(level))


def option_words(name: str, reference: RuleProfile, other: RuleProfile) -> str:
    """``**Tie rule …** (`tie_rule`): units in detailed, buyer fails in simple``."""
    return t("**{title}** ({name}): {a} in {a_id}, {b} in {b_id}", title=option_title(name), name=f"`{name}`",
             a=format_option_value(getattr(reference, name)), a_id=reference.id,
             b=format_option_value(getattr(other, name)), b_id=other.id)


def profile_words(profile: RuleProfile) -> str:
    """A rules profile by name, a custom one by its base and each option's value (not a Python dict).

    >>> from explorer.engine.core.profiles import custom_profile
    >>> profile_words(custom_profile({"base": "detailed", "third_seat_must_cut": False}))
    'Detailed Saudi rules, but Third seat must cut: off'
    >>> profile_words(custom_profile("simple"))
    'Simple online how-to'
    """
    base = PROFILES.get(profile.base, PROFILES["detailed"])
    changed = base.differences(profile)
    if not changed:
        return t(base.title)
    return t("{base}, but {changes}", base=t(base.title), changes=t("; ").join(
        t("{option}: {value}", option=option_title(n), value=format_option_value(getattr(profile, n)))
        for n in changed))


def score_words(o: Mapping[str, Any]) -> str:
    """A score verdict in one line of Markdown: who wins and the award.

    >>> score_words({"winner": "NS", "award": {"NS": 16, "EW": 0}, "buyer_made": True})
    '**NS wins** (the buyer makes it): award **NS 16 – EW 0**'
    """
    if not o:
        return ""
    award = o.get("award")
    winner = _team(o["winner"])
    if award is None:
        return t("**{team} wins the deal and the match (Gahwa)**", team=winner)
    made = t("the buyer makes it") if o.get("buyer_made") else t("the buyer fails")
    kab = t(", Kaboot by {team}", team=_team(o["kaboot"])) if o.get("kaboot") else ""
    return t("**{team} wins** ({made}{kaboot}): award **NS {ns} – EW {ew}**", team=winner, made=made, kaboot=kab,
             ns=award["NS"], ew=award["EW"])


def _team(value: Any) -> Any:
    """A team code of a verdict as the engine's team (its name in Arabic, its code in English)."""
    from explorer.engine.core.cards import Team
    try:
        return Team.parse(str(value))
    except ValueError:
        return str(value)


def verdict_words(checked: Checked) -> str:
    """The verdict in one line of Markdown.

    >>> from explorer.engine.files.scenario import Checked
    >>> verdict_words(Checked(errors=["hand: x"]))
    '**Not a valid scenario here** (1 problem)'
    """
    if not checked.ok:
        n = len(checked.errors)
        return tn("**Not a valid scenario here** ({n} problem)", "**Not a valid scenario here** ({n} problems)", n)
    o = checked.output or {}
    kind = o.get("kind")
    if kind == "play":
        return t("{seat} may play **{cards}**", seat=_seat(o["to_play"]), cards=[Card.parse(c) for c in o["legal"]])
    if kind == "score":
        return score_words(o)
    if kind == "projects":
        team = o.get("project_team")
        pts = o["points"]
        head = t("**{team} has project priority**", team=_team(team)) if team else t("**No projects**")
        return t("{head}: NS {ns}, EW {ew}", head=head, ns=pts["NS"], ew=pts["EW"])
    if kind == "bidding":
        return _bidding_words(o)
    if kind == "deal":
        if not o.get("valid"):
            e = o.get("error") or {}
            card = Card.parse(e["card"]) if e.get("card") else "?"
            return t("**Illegal card** in trick {trick}: {seat} plays {card}", trick=e.get("trick"),
                     seat=_seat(e.get("seat")), card=card)
        return t("Every card legal; {score}", score=score_words(o.get("score") or {}))
    return ""


def _seat(value: Any) -> Any:
    """A seat letter of a verdict as the engine's seat (its name in Arabic, its letter in English)."""
    try:
        return Seat.parse(str(value))
    except ValueError:
        return str(value)


def _bidding_words(o: Mapping[str, Any]) -> str:
    err = o.get("error")
    if err:
        return t("**Call {n} is illegal**: {reason}", n=err["index"] + 1, reason=plain(err["reason"]))
    if o.get("redeal"):
        return t("**All pass twice: the cards are dealt again**")
    c = o.get("contract")
    if not c:
        return t("**Bidding goes on**: {seat} to call", seat=_seat(o.get("next")))
    esc = o.get("escalation") or {}
    level = esc.get("level", "none")
    from explorer.engine.core.tables import Mode
    contract = t("{mode}", mode=Mode(c["mode"])) + (f" {Suit.parse(c['trump']).symbol}" if c.get("trump") else "")
    extra = t(", {level} by {seat}", level=level_label(level), seat=_seat(esc.get("doubler"))) if level != "none" else ""
    return t("**{contract} bought by {seat}**{extra}", contract=contract, seat=_seat(c["buyer"]), extra=extra)
