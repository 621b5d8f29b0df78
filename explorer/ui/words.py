"""Engine values and verdicts as words for the page: option values, seats, suits, a verdict in one line.

No Streamlit and no rules: every fact comes from the engine's objects or its verdict dicts.
The lines are Markdown; anything in them that came from a scenario goes through
:func:`explorer.ui.text.plain`.

>>> format_option_value(True), seat_label("S"), suit_label("H")
('on', 'South (S)', '♥ hearts')
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from explorer.engine.cards import Card, Seat, Suit
from explorer.engine.contract import Level
from explorer.engine.profiles import OPTIONS, PROFILES, RuleProfile
from explorer.engine.scenario import Checked
from explorer.ui.text import plain

NO_SEAT = ""
"""The "not given" choice of a seat selectbox (a selectbox shows None as an empty placeholder)."""


def format_option_value(value: Any) -> str:
    """An option value as the app shows it: on/off, ×2, "at or below 100".

    >>> [format_option_value(v) for v in (True, 2, "at_or_below_100")]
    ['on', '×2', 'at or below 100']
    """
    if isinstance(value, bool):
        return "on" if value else "off"
    if isinstance(value, int):
        return f"×{value}"
    return str(value).replace("_", " ")


def seat_label(seat: Seat | str | None) -> str:
    """A seat for a selectbox: ``South (S)``; :data:`NO_SEAT` reads as "not given".

    >>> seat_label("S"), seat_label(NO_SEAT)
    ('South (S)', '— not given')
    """
    if not seat:
        return "— not given"
    seat = Seat.parse(seat) if not isinstance(seat, Seat) else seat
    return f"{seat.title} ({seat.value})"


def suit_label(suit: Suit | str) -> str:
    """``♥ hearts``."""
    s = Suit.parse(suit) if not isinstance(suit, Suit) else suit
    return f"{s.symbol} {s.title}"


def level_label(level: str) -> str:
    """An escalation level for a selectbox: ``Double``, ``Quadruple (Four)``."""
    return Level(level).title


def option_words(name: str, reference: RuleProfile, other: RuleProfile) -> str:
    """``**Tie rule …** (`tie_rule`): units in detailed, buyer fails in simple``."""
    info = OPTIONS[name]
    return (f"**{info.title}** (`{name}`): {format_option_value(getattr(reference, name))} in {reference.id}, "
            f"{format_option_value(getattr(other, name))} in {other.id}")


def profile_words(profile: RuleProfile) -> str:
    """A rules profile by name, a custom one by its base and each option's value (not a Python dict).

    >>> from explorer.engine.profiles import custom_profile
    >>> profile_words(custom_profile({"base": "detailed", "third_seat_must_cut": False}))
    'Detailed Saudi rules, but Third seat must cut: off'
    >>> profile_words(custom_profile("simple"))
    'Simple online how-to'
    """
    base = PROFILES.get(profile.base, PROFILES["detailed"])
    changed = base.differences(profile)
    if not changed:
        return base.title
    return f"{base.title}, but " + "; ".join(f"{OPTIONS[n].title}: {format_option_value(getattr(profile, n))}"
                                             for n in changed)


def score_words(o: Mapping[str, Any]) -> str:
    """A score verdict in one line of Markdown: who wins and the award.

    >>> score_words({"winner": "NS", "award": {"NS": 16, "EW": 0}, "buyer_made": True})
    '**NS wins** (the buyer makes it): award **NS 16 – EW 0**'
    """
    if not o:
        return ""
    award = o.get("award")
    if award is None:
        return f"**{o['winner']} wins the deal and the match (Gahwa)**"
    made = "the buyer makes it" if o.get("buyer_made") else "the buyer fails"
    kab = f", Kaboot by {o['kaboot']}" if o.get("kaboot") else ""
    return f"**{o['winner']} wins** ({made}{kab}): award **NS {award['NS']} – EW {award['EW']}**"


def play_summary(o: Mapping[str, Any], hand_size: int) -> str:
    """A play verdict in two short sentences of Markdown, for the line under the inputs: the seat to
    play with what it must do (the engine's requirement), then the legal cards as people read them.
    Each sentence is one whole template (a translator reorders its words, never glued pieces).

    >>> play_summary({"to_play": "E", "position": 3, "legal": ["QH"], "requirement": "you must trump"}, 1)
    '**East to play:** you must trump. **Q♥** is the only legal card.'
    >>> play_summary({"to_play": "E", "position": 2, "legal": ["KC", "7C"],
    ...               "requirement": "you must follow suit with clubs"}, 8)
    '**East to play:** you must follow suit with clubs. Legal: **K♣ 7♣** (2 of 8 cards).'
    >>> play_summary({"to_play": "N", "position": 1, "legal": ["AS", "7D"], "requirement": None}, 2)
    '**North leads.** Either card is legal.'
    """
    seat = Seat.parse(o["to_play"]).title
    must = o.get("requirement")
    if o.get("position") == 1:
        first = f"**{seat} leads:** {must}." if must else f"**{seat} leads.**"
    else:
        first = f"**{seat} to play:** {must}." if must else f"**{seat} to play.**"
    legal = [Card.parse(c).pretty for c in o.get("legal") or []]
    n = len(legal)
    if n == 1:
        second = f"**{legal[0]}** is the only legal card."
    elif n == hand_size == 2:
        second = "Either card is legal."
    elif n == hand_size:
        second = f"Any of its {n} cards is legal."
    else:
        second = f"Legal: **{' '.join(legal)}** ({n} of {hand_size} cards)."
    return f"{first} {second}"


def verdict_words(checked: Checked) -> str:
    """The verdict in one line of Markdown.

    >>> verdict_words(Checked(errors=["hand: x"]))
    '**Not a valid scenario here** (1 problem)'
    """
    if not checked.ok:
        n = len(checked.errors)
        return f"**Not a valid scenario here** ({n} problem{'s' if n != 1 else ''})"
    o = checked.output or {}
    kind = o.get("kind")
    if kind == "play":
        return f"{o['to_play']} may play **{', '.join(Card.parse(c).pretty for c in o['legal'])}**"
    if kind == "score":
        return score_words(o)
    if kind == "projects":
        team = o.get("project_team")
        pts = o["points"]
        head = f"**{team} has project priority**" if team else "**No projects**"
        return f"{head}: NS {pts['NS']}, EW {pts['EW']}"
    if kind == "bidding":
        return _bidding_words(o)
    if kind == "deal":
        if not o.get("valid"):
            e = o.get("error") or {}
            card = Card.parse(e["card"]).pretty if e.get("card") else "?"
            return f"**Illegal card** in trick {e.get('trick')}: {e.get('seat')} plays {card}"
        return "Every card legal; " + score_words(o.get("score") or {})
    return ""


def _bidding_words(o: Mapping[str, Any]) -> str:
    err = o.get("error")
    if err:
        return f"**Call {err['index'] + 1} is illegal**: {plain(err['reason'])}"
    if o.get("redeal"):
        return "**All pass twice: the cards are dealt again**"
    c = o.get("contract")
    if not c:
        return f"**Bidding goes on**: {o.get('next')} to call"
    esc = o.get("escalation") or {}
    level = esc.get("level", "none")
    trump = f" {Suit.parse(c['trump']).symbol}" if c.get("trump") else ""
    extra = f", {level_label(level)} by {esc.get('doubler')}" if level != "none" else ""
    return f"**{c['mode'].title()}{trump} bought by {c['buyer']}**{extra}"
