"""The four seats around the table and the direction of play, as a small HTML diagram (no Streamlit).

Seats are easy to get wrong: play runs anticlockwise (each player's right plays next), so after
West comes South, not North. Wherever seats are entered, a page shows this map under them, with
each seat's role (deals, buys, doubles...) and the order of play from the seat that starts. The
order comes from the engine (:func:`explorer.engine.rules.play.seats_from`).

>>> play_order_words(Seat.W)
'Play runs anticlockwise, to each player’s right: West leads, then South, East, North.'
>>> m = seat_map_html({Seat.W: ["leads"]}, cards={Seat.W: "KC", Seat.S: "7C"}, turn=Seat.E)
>>> 'data-seat="S" data-card="7C"' in m, "leads" in m, 'bx-sm-turn" data-seat="E"' in m
(True, True, True)
"""

from __future__ import annotations

import html
from collections.abc import Mapping, Sequence

from explorer.engine.core.cards import Card, Seat
from explorer.engine.core.i18n import N_
from explorer.engine.rules.play import seats_from
from explorer.view.words import seat_name, t

ROLES = (N_("leads"), N_("2nd"), N_("3rd"), N_("wins"), N_("to play"), N_("deals"), N_("buys"), N_("doubles"),
         N_("plays first"))
"""The roles a seat is tagged with (English keys, shown in the page's language)."""

DIRECTION = "↺"
"""The direction of play drawn in the middle of the table (DejaVu Sans draws it: no emoji font needed)."""

_AREA = {Seat.N: "n", Seat.W: "w", Seat.E: "e", Seat.S: "s"}

_CSS = """<style>
.bx-seatmap{display:grid;grid-template-columns:1fr auto 1fr;grid-template-areas:". n ." "w c e" ". s .";
 align-items:center;justify-items:center;gap:.15rem .4rem;max-width:17rem;margin:.1rem 0 .2rem;
 padding:.35rem .5rem;border-radius:.8rem;background:#e6efe8;border:1px solid #c9d8cd;font-size:.85rem;direction:ltr}
.bx-seatmap .bx-sm-name,.bx-seatmap .bx-sm-role{unicode-bidi:plaintext}
.bx-seatmap .bx-sm-seat{display:flex;flex-direction:column;align-items:center;line-height:1.2;text-align:center}
.bx-seatmap .bx-sm-n{grid-area:n}.bx-seatmap .bx-sm-w{grid-area:w}.bx-seatmap .bx-sm-e{grid-area:e}
.bx-seatmap .bx-sm-s{grid-area:s}
.bx-seatmap .bx-sm-c{grid-area:c;font-size:1.6rem;line-height:1;color:#1f6f4a}
.bx-seatmap .bx-sm-name{font-weight:600}
.bx-seatmap .bx-sm-role{font-size:.75rem;padding:0 .35rem;border-radius:.5rem;background:#1f6f4a;color:#fff;
 white-space:nowrap}
.bx-seatmap .bx-sm-card{display:inline-block;margin:.1rem 0;padding:0 .3rem;border:1px solid #aab4ae;border-radius:.25rem;
 background:#fff;font-weight:700;font-size:1.05rem;line-height:1.35}
.bx-seatmap .bx-sm-card.bx-red{color:#c62828}.bx-seatmap .bx-sm-card.bx-black{color:#1b1b1b}
.bx-seatmap .bx-sm-turn{outline:2px dashed #c99a06;outline-offset:2px;border-radius:.4rem}
.bx-seatmap .bx-sm-turn .bx-sm-role{background:#c99a06;color:#2b2100}
</style>"""


def play_order_words(first: Seat | None, *, start: str = "leads") -> str:
    """The order of play from ``first`` in a sentence: ``start`` is ``"leads"`` (a trick's leader) or
    ``"plays first"`` (the dealer's right, in a deal); ``first=None``: no dealer chosen yet.
    Each case is one whole template, for translation.

    >>> play_order_words(Seat.N)
    'Play runs anticlockwise, to each player’s right: North leads, then West, South, East.'
    >>> play_order_words(Seat.E, start="plays first")
    'Play runs anticlockwise, to each player’s right: East plays first, then North, West, South.'
    >>> play_order_words(None)
    'Play runs anticlockwise, to each player’s right. Choose the dealer: the dealer’s right plays first.'
    """
    if first is None:
        return t("Play runs anticlockwise, to each player’s right. Choose the dealer: the dealer’s right plays first.")
    seats = [seat_name(s) for s in seats_from(first)]
    if start == "plays first":
        return t("Play runs anticlockwise, to each player’s right: {first} plays first, then {rest}.",
                 first=seats[0], rest=seats[1:])
    return t("Play runs anticlockwise, to each player’s right: {first} leads, then {rest}.",
             first=seats[0], rest=seats[1:])


def seat_map_html(roles: Mapping[Seat, Sequence[str]] | None = None, *, cards: Mapping[Seat, Card | str] | None = None,
                  turn: Seat | None = None, label: str = "The table") -> str:
    """N at the top, S at the bottom, W left, E right, ↺ in the middle; ``roles`` tag seats ("deals"),
    ``cards`` puts a card face on the seat that played it, ``turn`` frames the seat to play."""
    roles = {seat: [t(r) for r in rs] for seat, rs in (roles or {}).items()}
    label = t(label)
    played = {seat: Card.parse(card) for seat, card in (cards or {}).items()}
    cells = []
    for seat in (Seat.N, Seat.W, Seat.E, Seat.S):
        tags = "".join(f'<span class="bx-sm-role">{html.escape(r)}</span>' for r in roles.get(seat, ()))
        card = played.get(seat)
        face = (f'<span class="bx-sm-card bx-{"red" if card.suit.is_red else "black"}" data-seat="{seat.value}" '
                f'data-card="{card}">{card.pretty}</span>' if card else "")
        turn_cls = " bx-sm-turn" if seat is turn else ""
        cells.append(f'<div class="bx-sm-seat bx-sm-{_AREA[seat]}{turn_cls}" data-seat="{seat.value}">'
                     f'<span class="bx-sm-name">{html.escape(seat_name(seat))}</span>{face}{tags}</div>')
    said = []
    for seat in (Seat.N, Seat.E, Seat.S, Seat.W):
        bits = ([played[seat]] if seat in played else []) + list(roles.get(seat, ()))
        if bits:
            said.append(t("{seat} {what}", seat=seat_name(seat), what=bits))
    words = t("; ").join(said)
    aria = html.escape(t("{label}: North at the top, South at the bottom, West left, East right; play runs "
                         "anticlockwise", label=label) + (t("; ") + words if words else ""), quote=True)
    runs = html.escape(t("Play runs anticlockwise"), quote=True)
    middle = f'<div class="bx-sm-c" title="{runs}">{DIRECTION}</div>'
    return (f'{_CSS}<div class="bx-seatmap" role="img" aria-label="{aria}">'
            f"{cells[0]}{cells[1]}{middle}{cells[2]}{cells[3]}</div>")
