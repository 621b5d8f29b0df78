"""Cards, hands, tricks, the upcard and the contract badge as HTML strings.

Pure functions: no ``streamlit`` import and no rules. A page shows the result with
``st.html(...)`` (or ``st.markdown(..., unsafe_allow_html=True)``); the style sheet
from :func:`css` is added once per run by ``explorer/app.py``.

>>> 'class="bx-rank">10<' in card_html(Card.parse("TH"))
True
>>> [str(c) for c in sort_hand(cards("7S AH JH 9S TC"), trump=Suit.H)]
['JH', 'AH', '9S', '7S', 'TC']
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Mapping
from typing import Literal

from explorer.engine.core.cards import Card, Rank, Seat, Suit, cards
from explorer.engine.core.i18n import N_
from explorer.engine.core.tables import Mode, strength
from explorer.engine.rules.play import seats_from
from explorer.view.words import lang_code, seat_name, t

Size = Literal["sm", "md", "lg"]
Highlight = Literal["legal", "illegal", "winning", "best"]

SIZES: tuple[str, ...] = ("sm", "md", "lg")
"""Card sizes: ``sm`` for inline use, ``md`` for a laptop, ``lg`` for a projector."""

HIGHLIGHTS: tuple[str, ...] = ("legal", "illegal", "winning", "best")
"""The marks a card can carry; each has a colour and a symbol (not colour alone)."""

BASE_SUIT_ORDER: tuple[Suit, ...] = (Suit.S, Suit.H, Suit.C, Suit.D)
"""Hand display order without trumps: spades, hearts, clubs, diamonds (colours alternate)."""

_BADGE = {"legal": "✓", "illegal": "✕", "winning": "★", "best": "◆"}
_HIGHLIGHT_WORD = {"legal": N_("legal"), "illegal": N_("illegal"), "winning": N_("winning"),
                   "best": N_("best with all hands open")}

_SEAT_AREA = {Seat.N: "n", Seat.E: "e", Seat.S: "s", Seat.W: "w"}
_ORDINAL = {1: N_("1st"), 2: N_("2nd"), 3: N_("3rd"), 4: N_("4th")}


def _check_size(size: str) -> str:
    if size not in SIZES:
        raise ValueError(f"size must be one of {', '.join(SIZES)}, not {size!r}")
    return size


def _check_highlight(highlight: str | None) -> str | None:
    if highlight is not None and highlight not in HIGHLIGHTS:
        raise ValueError(f"highlight must be None or one of {', '.join(HIGHLIGHTS)}, not {highlight!r}")
    return highlight


def _colour(suit: Suit) -> str:
    return "red" if suit.is_red else "black"


def card_label(card: Card | str) -> str:
    """A card in words, for screen readers and tooltips.

    >>> card_label("TH")
    '10 of hearts'
    """
    card = Card.parse(card)
    rank = card.rank if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING, Rank.ACE) else card.rank.label
    return t("{rank} of {suit}", rank=rank, suit=card.suit)


def button_face(card: Card | str, suffix: str = "") -> str:
    """A card on a button or a pill: its face, red for hearts and diamonds (Streamlit Markdown; the face is
    made of a rank and a suit sign, never text from a user).

    >>> button_face("QH"), button_face("TC"), button_face("AD", " ✓")
    (':red[Q♥]', '10♣', ':red[A♦ ✓]')
    """
    card = Card.parse(card)
    text = card.pretty + suffix
    return f":red[{text}]" if card.suit.is_red else text


def card_html(
    card: Card | str,
    *,
    size: Size = "md",
    highlight: Highlight | None = None,
    dim: bool = False,
    title: str | None = None,
) -> str:
    """One card face: rank (10 for T) and suit symbol, red or black, on a white card.

    ``highlight`` adds a coloured frame and a symbol (✓ legal, ✕ illegal, ★ winning);
    ``dim`` greys the card out (e.g. cards already played).

    >>> 'bx-red' in card_html("TH") and 'bx-black' in card_html("JS")
    True
    """
    card = Card.parse(card)
    _check_size(size)
    _check_highlight(highlight)
    classes = ["bx-card", f"bx-{size}", f"bx-{_colour(card.suit)}"]
    if highlight:
        classes.append(f"bx-{highlight}")
    if dim:
        classes.append("bx-dim")
    label = card_label(card)
    if highlight:
        label += f" ({t(_HIGHLIGHT_WORD[highlight])})"
    tip = html.escape(title if title is not None else label, quote=True)
    data_mark = f' data-highlight="{highlight}"' if highlight else ""
    badge = f'<span class="bx-badge" aria-hidden="true">{_BADGE[highlight]}</span>' if highlight else ""
    return (
        f'<span class="{" ".join(classes)}" data-card="{card}"'
        f"{data_mark}"
        f' role="img" aria-label="{html.escape(label, quote=True)}" title="{tip}">'
        f'<span class="bx-idx"><span class="bx-rank">{card.rank.label}</span>'
        f'<span class="bx-isuit">{card.suit.symbol}</span></span>'
        f'<span class="bx-pip" aria-hidden="true">{card.suit.symbol}</span>'
        f"{badge}</span>"
    )


def card_chip(card: Card | str) -> str:
    """A card as a small inline chip for running text, e.g. ``10♥`` in red.

    >>> card_chip("9S")
    '<span class="bx-chip bx-black" data-card="9S" title="9 of spades">9♠</span>'
    """
    card = Card.parse(card)
    return (
        f'<span class="bx-chip bx-{_colour(card.suit)}" data-card="{card}" '
        f'title="{card_label(card)}">{card.pretty}</span>'
    )


def cards_inline(items: Iterable[Card | str] | str) -> str:
    """Several cards as inline chips, in the order given.

    >>> cards_inline("AH 7C").count("bx-chip")
    2
    """
    return " ".join(card_chip(c) for c in cards(items))


def suit_order(suits: Iterable[Suit], *, trump: Suit | None = None) -> list[Suit]:
    """The order to show these suits: the trump first, then S H C D, alternating colours where possible.

    >>> [s.value for s in suit_order([Suit.S, Suit.H, Suit.D, Suit.C])]
    ['S', 'H', 'C', 'D']
    >>> [s.value for s in suit_order([Suit.S, Suit.H, Suit.D, Suit.C], trump=Suit.H)]
    ['H', 'S', 'D', 'C']
    >>> [s.value for s in suit_order([Suit.S, Suit.C, Suit.D], trump=Suit.C)]
    ['C', 'D', 'S']
    """
    present = [s for s in BASE_SUIT_ORDER if s in set(suits)]
    if not present:
        return []
    first = trump if trump in present else present[0]
    order = [first]
    rest = [s for s in present if s is not first]
    while rest:
        pick = next((s for s in rest if s.is_red != order[-1].is_red), rest[0])
        order.append(pick)
        rest.remove(pick)
    return order


def sort_hand(items: Iterable[Card | str] | str, *, trump: Suit | None = None) -> list[Card]:
    """Cards grouped by :func:`suit_order`, strongest first within a suit (Hokum order for trumps).

    >>> [str(c) for c in sort_hand("7S TS AS KS")]
    ['AS', 'TS', 'KS', '7S']
    """
    hand = cards(items)
    order = suit_order({c.suit for c in hand}, trump=trump)
    return sorted(
        hand,
        key=lambda c: (order.index(c.suit), -strength(c.rank, trump=c.suit is trump)),
    )


def _normalise_marks(marks: Mapping[Card | str, str] | None) -> dict[Card, str]:
    return {Card.parse(k): v for k, v in (marks or {}).items()}


def hand_html(
    items: Iterable[Card | str] | str,
    *,
    trump: Suit | None = None,
    size: Size = "md",
    highlight: Mapping[Card | str, Highlight] | None = None,
    dim: Iterable[Card | str] | str = (),
    sort: bool = True,
    label: str | None = None,
) -> str:
    """A hand, grouped by suit (the trump suit first when given) and by strength.

    ``highlight`` maps cards to ``legal``/``illegal``/``winning``/``best``; cards in ``dim`` are greyed.
    With ``sort=False`` the cards keep the order given.

    >>> h = hand_html("7S AH JH", trump=Suit.H)
    >>> h.index('data-card="JH"') < h.index('data-card="AH"') < h.index('data-card="7S"')
    True
    """
    _check_size(size)
    hand = sort_hand(items, trump=trump) if sort else cards(items)
    marks = _normalise_marks(highlight)
    dimmed = set(cards(dim))
    groups: list[list[Card]] = []
    for card in hand:
        if sort and groups and groups[-1][-1].suit is card.suit:
            groups[-1].append(card)
        elif sort or not groups:
            groups.append([card])
        else:
            groups[-1].append(card)
    parts = []
    for group in groups:
        is_trump = sort and trump is not None and group[0].suit is trump
        cls = "bx-group bx-trumpgroup" if is_trump else "bx-group"
        trumps = t("{suit} are trumps", suit=trump) if is_trump else ""
        tip = f' title="{html.escape(trumps, quote=True)}"' if is_trump else ""
        faces = "".join(card_html(c, size=size, highlight=marks.get(c), dim=c in dimmed) for c in group)
        parts.append(f'<span class="{cls}"{tip}>{faces}</span>')
    caption = f'<div class="bx-caption">{html.escape(label)}</div>' if label else ""
    no_cards = t("no cards") if not hand else ""
    empty = f'<span class="bx-empty">{html.escape(no_cards)}</span>' if not hand else ""
    return f'<div class="bx-hand bx-hand-{size}">{caption}<div class="bx-cards">{"".join(parts)}{empty}</div></div>'


def trick_html(
    plays: Mapping[Seat, Card | str],
    *,
    to_play: Seat | None = None,
    winning: Seat | None = None,
    leader: Seat | None = None,
    names: Mapping[Seat, str] | None = None,
    highlight: Mapping[Seat, Highlight] | None = None,
    center: str | None = None,
    size: Size = "md",
    flat: bool = False,
) -> str:
    """A trick laid out around a table: S bottom, E right, N top, W left.

    The seat ``to_play`` gets a highlighted empty slot, the ``winning`` seat's card a ★
    frame, the ``leader`` a "leads" tag and the others their place in the order.
    ``names`` replaces the seat titles (e.g. ``{Seat.N: "Noura"}``); ``highlight``
    marks single cards (it overrides the winning frame); ``center`` is HTML put in the
    middle of the table (e.g. :func:`trump_badge`). ``flat`` lays the table out in two card rows
    (N above S in the middle, W and E beside them, the centre in a corner): the same seats in a
    shape that fits a 720-pixel projector with large cards.

    >>> t = trick_html({Seat.W: "KC", Seat.S: "7C"}, leader=Seat.W, to_play=Seat.E, winning=Seat.W)
    >>> 'bx-seat-e bx-to-play' in t and 'data-highlight="winning"' in t
    True
    """
    _check_size(size)
    played = {(s if isinstance(s, Seat) else Seat.parse(s)): Card.parse(c) for s, c in plays.items()}
    marks = dict(highlight or {})
    names = dict(names or {})
    order = list(seats_from(leader)) if leader is not None else []
    cells = []
    for seat in (Seat.N, Seat.W, Seat.E, Seat.S):
        title = seat_name(seat)
        name = names.get(seat, title)
        tags = []
        if seat is leader:
            tags.append('<span class="bx-tag">' + t("leads") + "</span>")
        elif order and seat in played:
            tags.append('<span class="bx-tag">' + t(_ORDINAL[order.index(seat) + 1]) + "</span>")
        if seat is winning and seat in played:
            tags.append('<span class="bx-tag bx-tag-win">' + t("wins") + "</span>")
        if seat is to_play:
            tags.append('<span class="bx-tag bx-tag-turn">' + t("to play") + "</span>")
        seat_letter = f' <span class="bx-seatletter">{seat.value}</span>' if name not in (title, seat.title) and lang_code() == "en" else ""
        team = "ns" if seat in (Seat.N, Seat.S) else "ew"
        label = (
            f'<div class="bx-seatname bx-team-{team}">{html.escape(name)}{seat_letter}{"".join(tags)}</div>'
        )
        if seat in played:
            mark = marks.get(seat, "winning" if seat is winning else None)
            body = card_html(played[seat], size=size, highlight=mark)
        else:
            slot_cls = "bx-slot bx-slot-turn" if seat is to_play else "bx-slot"
            slot_text = "?" if seat is to_play else ""
            empty = html.escape(t("{seat}: no card yet", seat=title), quote=True)
            body = f'<span class="{slot_cls} bx-{size}" aria-label="{empty}">{slot_text}</span>'
        cls = f"bx-seat bx-seat-{_SEAT_AREA[seat]}"
        if seat is to_play:
            cls += " bx-to-play"
        cells.append(f'<div class="{cls}" data-seat="{seat.value}">{label}{body}</div>')
    middle = f'<div class="bx-center">{center or ""}</div>'
    shape = " bx-trick-flat" if flat else ""
    return f'<div class="bx-trick bx-trick-{size}{shape}">{cells[0]}{cells[1]}{middle}{cells[2]}{cells[3]}</div>'


def upcard_html(card: Card | str, *, size: Size = "md", label: str | None = None) -> str:
    """The face-up card 21 with its caption (``Upcard`` in the page's language unless ``label`` is given).

    >>> 'Upcard' in upcard_html("AS")
    True
    """
    _check_size(size)
    label = t("Upcard") if label is None else label
    return (
        f'<div class="bx-upcard"><div class="bx-caption">{html.escape(label)}</div>'
        f'<span class="bx-tilt">{card_html(card, size=size)}</span></div>'
    )


def trump_badge(mode: Mode | str, trump: Suit | str | None = None, *, compact: bool = False) -> str:
    """The contract as a badge: Sun (no trumps) or Hokum with its trump suit.

    ``compact`` gives a short form ("☀ Sun", "Hokum ♥") for the middle of a trick.

    >>> 'no trumps' in trump_badge("sun"), '♥' in trump_badge(Mode.HOKUM, Suit.H)
    (True, True)
    """
    mode = mode if isinstance(mode, Mode) else Mode(str(mode).strip().lower())
    suit = None if trump is None else trump if isinstance(trump, Suit) else Suit.parse(trump)
    if lang_code() != "en":
        return _translated_badge(mode, suit, compact)
    if compact:
        if mode is Mode.SUN:
            return (
                '<span class="bx-contract bx-contract-sun" data-mode="sun" title="Sun: no trumps">'
                '<span aria-hidden="true">☀</span> Sun</span>'
            )
        mark = (
            f' <span class="bx-{_colour(suit)} bx-trumpsuit" data-trump="{suit.value}">{suit.symbol}</span>'
            if suit
            else ""
        )
        tip = f"Hokum: {suit.title} are trumps" if suit else "Hokum"
        return (
            f'<span class="bx-contract bx-contract-hokum" data-mode="hokum" title="{tip}">Hokum{mark}</span>'
        )
    if mode is Mode.SUN:
        return (
            '<span class="bx-contract bx-contract-sun" data-mode="sun">'
            '<span aria-hidden="true">☀</span> Sun '
            '<bdi class="bx-ar" dir="rtl" lang="ar">صن</bdi> · no trumps</span>'
        )
    text = (
        '<span class="bx-contract bx-contract-hokum" data-mode="hokum">Hokum '
        '<bdi class="bx-ar" dir="rtl" lang="ar">حكم</bdi>'
    )
    if suit is not None:
        text += (
            f' · trumps <span class="bx-{_colour(suit)} bx-trumpsuit" data-trump="{suit.value}">'
            f"{suit.symbol}</span> {suit.title}"
        )
    return text + "</span>"


def _translated_badge(mode: Mode, suit: Suit | None, compact: bool) -> str:
    """The contract badge in the page's language (not English): the mode's word once, the trump suit named."""
    word = html.escape(t("{mode}", mode=mode))
    if mode is Mode.SUN:
        tip = html.escape(t("Sun: no trumps"), quote=True)
        rest = "" if compact else " · " + html.escape(t("no trumps"))
        return (f'<span class="bx-contract bx-contract-sun" data-mode="sun" title="{tip}">'
                f'<span aria-hidden="true">☀</span> {word}{rest}</span>')
    mark = (f'<span class="bx-{_colour(suit)} bx-trumpsuit" data-trump="{suit.value}">{suit.symbol}</span>'
            if suit else "")
    tip = html.escape(t("Hokum: {suit} are trumps", suit=suit) if suit else word, quote=True)
    if compact or suit is None:
        return (f'<span class="bx-contract bx-contract-hokum" data-mode="hokum" title="{tip}">{word}'
                f'{" " + mark if mark else ""}</span>')
    trumps, named = t("trumps"), t("{suit}", suit=suit)
    return (f'<span class="bx-contract bx-contract-hokum" data-mode="hokum" title="{tip}">{word} · '
            f'{html.escape(trumps)} {mark} {html.escape(named)}</span>')


_CSS = """
/* Column rows inside a container keyed "bx-wrap-…" wrap onto the next line rather than
   squeezing form fields below a readable width (laptops with the sidebar open, projectors). */
[class*="st-key-bx-wrap"] > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"] {
  flex-wrap: wrap; row-gap: 1rem; }
[class*="st-key-bx-wrap"] > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"]
  > [data-testid="stColumn"] { min-width: min(17rem, 100%); }
[class*="st-key-bx-wrap-cards"] > [data-testid="stLayoutWrapper"] > [data-testid="stHorizontalBlock"]
  > [data-testid="stColumn"] { min-width: min(10rem, 100%); }
/* The Rules page's table in Arabic (a plain table, scrolled sideways on a phone): each column wide enough to read,
   the sources' column widest, instead of rows hundreds of pixels tall around a column one word wide. */
.st-key-bx-rules-table :is(th, td) { min-width: 6.5em; }
.st-key-bx-rules-table td:nth-last-child(2) { min-width: 15em; }
/* Metrics inside a container keyed "bx-metrics…" wrap a long value onto a second line instead of cutting it
   with an ellipsis (the Score sheet's «لنا (NS) 152 · لهم (EW) 152» on a phone). */
[class*="st-key-bx-metrics"] [data-testid="stMetricValue"] :is(.stMarkdownEllipsis, p) {
  white-space: normal; overflow: visible; text-overflow: clip; overflow-wrap: anywhere; }
[class*="st-key-bx-metrics"] [data-testid="stMetricValue"] { line-height: 1.2; }
.bx-card{position:relative;display:inline-block;box-sizing:border-box;width:2.9em;height:4.1em;
 margin:.12em;background:#fff;border:1px solid #aab4ae;border-radius:.32em;
 box-shadow:0 1px 3px rgba(0,0,0,.22);font-family:"DejaVu Sans","Segoe UI",system-ui,sans-serif;
 line-height:1;vertical-align:middle;text-align:left;user-select:none;overflow:visible}
.bx-card.bx-sm{font-size:14px}.bx-card.bx-md{font-size:21px}.bx-card.bx-lg{font-size:38px}
.bx-idx{position:absolute;top:.16em;left:.2em;display:flex;flex-direction:column;align-items:center;
 font-weight:700;letter-spacing:-.06em}
.bx-rank{font-size:1em}.bx-isuit{font-size:.78em;margin-top:.06em}
.bx-pip{position:absolute;right:.16em;bottom:.12em;font-size:1.65em}
.bx-red{color:#c62828}.bx-black{color:#1b1b1b}
.bx-card.bx-dim{opacity:.38;filter:grayscale(.4)}
.bx-card.bx-legal{border:2px solid #1f6f4a;box-shadow:0 0 0 .14em rgba(31,111,74,.35)}
.bx-card.bx-illegal{border:2px solid #c62828;background:#fff4f4;
 background-image:linear-gradient(to top right,transparent 48%,rgba(198,40,40,.45) 49%,rgba(198,40,40,.45) 51%,transparent 52%)}
.bx-card.bx-winning{border:2px solid #c99a06;box-shadow:0 0 0 .16em rgba(245,196,40,.75)}
.bx-badge{position:absolute;top:-.42em;right:-.42em;width:1.05em;height:1.05em;border-radius:50%;
 font-size:.62em;line-height:1.05em;text-align:center;font-weight:700;color:#fff;
 box-shadow:0 1px 2px rgba(0,0,0,.3)}
.bx-legal .bx-badge{background:#1f6f4a}.bx-illegal .bx-badge{background:#c62828}
.bx-winning .bx-badge{background:#c99a06}
.bx-card.bx-best{border:2px solid #1d4f91;box-shadow:0 0 0 .16em rgba(29,79,145,.4)}
.bx-best .bx-badge{background:#1d4f91}
.bx-chip{display:inline-block;padding:0 .3em;border:1px solid #c4ccc7;border-radius:.25em;
 background:#fff;font-weight:700;white-space:nowrap;line-height:1.35}
.bx-hand{margin:.2em 0 .5em}
.bx-cards{display:flex;flex-wrap:wrap;align-items:flex-end;gap:.2em .65em}
.bx-group{display:inline-flex;flex-wrap:nowrap;padding-bottom:.18em;border-bottom:.22em solid transparent}
.bx-group.bx-trumpgroup{border-bottom-color:#1f6f4a}
.bx-caption{font-size:.85rem;font-weight:600;color:#4b5a52;margin-bottom:.15em;letter-spacing:.02em}
.bx-empty{color:#7a867f;font-style:italic}
.bx-trick{display:grid;grid-template-columns:minmax(0,1fr) auto minmax(0,1fr);box-sizing:border-box;overflow-x:auto;grid-template-rows:auto auto auto;
 grid-template-areas:". n ." "w c e" ". s .";align-items:center;justify-items:center;gap:.35em .8em;
 max-width:30em;margin:.3em 0 .8em;padding:.8em 1em;border-radius:1.2em;
 background:radial-gradient(ellipse at center,#2f8a5f 0%,#1f6f4a 65%,#185a3c 100%);
 box-shadow:inset 0 0 0 .3em #14492f,0 2px 6px rgba(0,0,0,.25)}
.bx-trick-lg{max-width:52em;gap:.6em 1.6em;padding:1.2em 1.6em}
.bx-trick.bx-trick-flat{position:relative;grid-template-rows:auto auto;grid-template-areas:"w n e" "w s e"}
.bx-trick-flat .bx-center{position:absolute;left:.7em;bottom:.7em;min-height:0;min-width:0}
.bx-seat{display:flex;flex-direction:column;align-items:center;gap:.2em;min-width:0}
.bx-seat-n{grid-area:n}.bx-seat-w{grid-area:w}.bx-seat-e{grid-area:e}.bx-seat-s{grid-area:s}
.bx-center{grid-area:c;min-width:4em;min-height:2em;text-align:center}
.bx-seatname{display:flex;flex-wrap:wrap;justify-content:center;align-items:center;gap:.2em .3em;
 color:#f4f7f2;font-weight:600;font-size:.95rem;text-align:center}
.bx-trick-lg .bx-seatname{font-size:1.5rem}
.bx-seatletter{opacity:.7;font-weight:400}
.bx-tag{display:inline-block;padding:0 .4em;white-space:nowrap;border-radius:.6em;font-size:.78em;
 font-weight:600;background:rgba(255,255,255,.18);color:#f4f7f2}
.bx-tag-win{background:#f5c428;color:#3b2f00}
.bx-tag-turn{background:#fff;color:#1f6f4a}
.bx-slot{display:inline-flex;align-items:center;justify-content:center;box-sizing:border-box;
 width:2.9em;height:4.1em;margin:.12em;border:2px dashed rgba(255,255,255,.35);border-radius:.32em;
 color:#1f6f4a;font-weight:700}
.bx-slot.bx-sm{font-size:14px}.bx-slot.bx-md{font-size:21px}.bx-slot.bx-lg{font-size:38px}
.bx-slot-turn{border:2px dashed #f5c428;background:rgba(245,196,40,.22);color:#f5c428;font-size:1.5em}
.bx-to-play .bx-seatname{color:#ffe27a}
.bx-center .bx-contract{background:rgba(255,255,255,.92)}
.bx-upcard{display:inline-flex;flex-direction:column;align-items:center;margin:.2em .6em .5em 0}
.bx-tilt{display:inline-block;transform:rotate(-4deg)}
.bx-contract{display:inline-block;padding:.15em .6em;border-radius:1em;border:1px solid #9fc3ae;
 background:#eef6f1;color:#1b3b2a;font-weight:600;white-space:nowrap}
.bx-contract-sun{border-color:#e0c36a;background:#fff8e1;color:#5b4500}
.bx-trumpsuit{font-size:1.15em}
.bx-glossary-wrap{overflow-x:auto}
.bx-glossary{width:100%;border-collapse:collapse;font-size:1rem;line-height:1.45}
.bx-glossary th{text-align:left;font-size:.85rem;color:#4b5a52;border-bottom:2px solid #1f6f4a;padding:.4em .6em}
.bx-glossary td{vertical-align:top;padding:.55em .6em;border-bottom:1px solid #dde5df}
.bx-glossary tbody tr:nth-child(even){background:#f4f8f5}
.bx-gl-term{width:16%}.bx-gl-term strong{white-space:nowrap}
.bx-gl-ar{width:14%;font-size:1.35rem;text-align:right;
 font-family:"DejaVu Sans","Noto Naskh Arabic",system-ui,sans-serif}
.bx-gl-ar .bx-gl-also{font-size:.75rem;text-align:right}
.bx-gl-also,.bx-gl-cat{font-size:.8rem;color:#66736b}
.bx-gl-cat{text-transform:uppercase;letter-spacing:.04em;margin-top:.15em}
.bx-gl-src{width:11%;font-size:.85rem;color:#4b5a52}
.bx-glossary[dir="rtl"] th,.bx-glossary[dir="rtl"] td{text-align:right}.bx-glossary[dir="rtl"] .bx-gl-cat{letter-spacing:0;text-transform:none}.bx-glossary[dir="rtl"] .bx-gl-term{font-size:.9rem;color:#4b5a52}
@media (max-width:900px){.bx-glossary{font-size:.92rem}.bx-gl-ar{font-size:1.15rem}}
@media (max-width:640px){.bx-glossary thead{display:none}
 .bx-glossary tr{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);border-bottom:1px solid #dde5df}
 .bx-glossary td{display:block;width:auto;border-bottom:none;padding:.35em .5em}
 .bx-glossary td:nth-child(n+3){grid-column:1 / -1;padding-top:0}}
.bx-ar{font-family:"DejaVu Sans","Noto Naskh Arabic",system-ui,sans-serif;unicode-bidi:isolate}
"""


def css() -> str:
    """The app's style sheet (cards, tricks, badges, the glossary table) as one ``<style>`` block.

    ``explorer/app.py`` adds it once per run, so every page has it.
    """
    return "<style>" + " ".join(line.strip() for line in _CSS.strip().splitlines()) + "</style>"
