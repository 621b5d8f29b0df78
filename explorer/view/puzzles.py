"""What the Puzzles page shows, as sentences and HTML: no Streamlit, no rules.

The position is the engine's :class:`~explorer.engine.game.GameState`; the player is the seat to play ("you"),
its partner "your partner". Sentences are :class:`~explorer.engine.core.i18n.Msg` rendered in the page's language
with card faces; the tricks are drawn with :mod:`explorer.view.cards`.

>>> from explorer.engine.solver.samples import random_position
>>> g = random_position(3, 3, 2)
>>> [str(m) for m in facts(g)][1]
'3 tricks left (this one included).'
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from explorer.engine.core.cards import Card, Seat, Team
from explorer.engine.core.i18n import NC_, Msg, Style, plural, translator
from explorer.engine.core.tables import Mode
from explorer.engine.game.state import GameState
from explorer.engine.puzzles.line import line_states
from explorer.engine.puzzles.themes import TITLES, Theme
from explorer.engine.rules.play import PlayedTrick, trick_winner
from explorer.view import cards as ui
from explorer.view.language import current


def you_style(seat: Seat) -> Style:
    """The page's sentences with card faces, ``seat`` spoken to as "you"."""
    return Style(lang=current(), cards="face", you=seat)


def say(msg: Msg | str, seat: Seat) -> str:
    """A sentence in the page's language (the player spoken to)."""
    return msg.render(you_style(seat)) if isinstance(msg, Msg) else str(msg)


def facts(g: GameState) -> list[Msg]:
    """The contract, the tricks left and the card points each side has so far, from the player's side."""
    c = g.contract
    seat = g.to_act
    out: list[Msg] = []
    whose = {seat: Msg("you bought it"), seat.partner: Msg("your partner bought it"),
             seat.right: Msg("the opponent on your right bought it"),
             seat.left: Msg("the opponent on your left bought it")}[c.buyer]
    if c.mode is Mode.HOKUM:
        out.append(Msg("Hokum, {suit:Title} are trumps; {whose}.", suit=c.trump, whose=whose))
    else:
        out.append(Msg("Sun; {whose}.", whose=whose))
    left = 8 - len(g.completed_tricks)
    out.append(plural("{n} trick left (this one included).", "{n} tricks left (this one included).", left))
    points, _ = g.points
    us = seat.team
    out.append(Msg("Card points so far: your team {us}, theirs {them}.", us=points[us], them=points[us.other]))
    if g.escalation.locked:
        out.append(Msg("Doubled and locked: no trump may be led while you hold another suit."))
    return out


_SEAT_WORDS = (NC_("puzzle board", "You"), NC_("puzzle board", "Partner"), NC_("puzzle board", "Right"),
               NC_("puzzle board", "Left"))
"""The seats around the board, from the player's side (a context of their own: "Right" is also "correct")."""


def _names(seat: Seat) -> dict[Seat, str]:
    """The seats as the board names them, from the player's side."""
    tr = translator(current())
    words = [tr.pgettext("puzzle board", w) for w in _SEAT_WORDS]
    return dict(zip((seat, seat.partner, seat.right, seat.left), words))


def board_html(g: GameState, size: str = "md", answer: Card | None = None) -> str:
    """The trick on the table around the four seats, the contract in the middle, the player's seat to play (or,
    once found, the ``answer`` in its place, marked best)."""
    c = g.contract
    cur = g.current
    plays = dict(cur.plays) if cur else {}
    seat = g.to_act
    if answer is not None:
        plays[seat] = answer
    cards_down = [plays[s] for s in (cur.seats if cur else ())] + ([answer] if answer is not None else [])
    leader = cur.leader if cur else (seat if answer is not None else None)
    winning = trick_winner(leader, cards_down, c.mode, c.trump) if cards_down else None
    return ui.trick_html(plays, to_play=None if answer is not None else seat, winning=winning, leader=leader,
                         names=_names(seat), highlight={seat: "best"} if answer is not None else None,
                         center=ui.trump_badge(c.mode, c.trump, compact=True), size=size)


def tricks_html(tricks: Sequence[PlayedTrick], seat: Seat) -> str:
    """Tricks as rows: the trick's number, its four cards in play order (the winner's framed), who took it."""
    names = _names(seat)
    rows = []
    for tr in tricks:
        faces = "".join(ui.card_html(card, size="sm", highlight="winning" if who is tr.winner else None)
                        for who, card in tr.plays)
        side = "bx-pz-us" if tr.winner is not None and tr.winner.team is seat.team else "bx-pz-them"
        took = html.escape(names[tr.winner]) if tr.winner is not None else ""
        rows.append(f'<div class="bx-pz-row {side}"><span class="bx-pz-n">{tr.number}</span>'
                    f'<span class="bx-pz-cards">{faces}</span><span class="bx-pz-who">{took}</span></div>')
    return f'<div class="bx-pz-tricks">{"".join(rows)}</div>'


def played_html(g: GameState) -> str:
    """The finished tricks of the deal so far."""
    return tricks_html(g.completed_tricks, g.to_act)


def playout(g: GameState, line: Sequence[Card]) -> tuple[str, Msg | None]:
    """The solution played out from the position: the tricks it completes as rows, and how the deal ends."""
    states = line_states(g, line)
    end = states[-1] if states else g
    done = len(g.completed_tricks)
    rows = tricks_html(end.completed_tricks[done:], g.to_act)
    r = end.result
    if r is None:
        return rows, None
    us: Team = g.to_act.team
    if r.award is None:
        return rows, Msg("Gahwa: {team} wins the deal and the match.", team=r.winner)
    return rows, Msg("The deal ends: your team {us}, theirs {them} (game points).", us=r.award[us],
                     them=r.award[us.other])


def theme_words(themes: Sequence[Theme | str]) -> list[str]:
    """The themes' names in the page's language."""
    out = []
    for th in themes:
        theme = th if isinstance(th, Theme) else next((x for x in Theme if x.value == th), None)
        if theme is not None:
            out.append(translator(current()).pgettext("Theme", TITLES[theme]))
    return out


CSS = """<style>
.bx-pz-tricks { display: flex; flex-direction: column; gap: .25rem; margin: .3rem 0 .6rem; }
.bx-pz-row { display: flex; align-items: center; gap: .5rem; direction: ltr; }
.bx-pz-n { min-width: 1.4rem; color: #5b6b62; font-weight: 600; text-align: end; }
.bx-pz-cards { display: flex; gap: .15rem; }
.bx-pz-who { font-size: .85rem; color: #4b5a52; }
.bx-pz-us .bx-pz-who { color: #1f6f4a; font-weight: 600; }
.st-key-puzzles-hand button { min-width: 3.3rem; min-height: 4.4rem; font-size: 1.35rem; font-weight: 700;
  background: #fff; border: 1px solid #b9c7bd; border-radius: 9px; box-shadow: 0 1px 2px rgba(0,0,0,.18); }
.st-key-puzzles-hand button p { font-size: 1.35rem; font-weight: 700; }
.st-key-puzzles-hand [data-testid="stBaseButton-tertiary"] { background: #eef1ee; box-shadow: none;
  border: 1px dashed #b9c7bd; opacity: .55; }
html[dir="rtl"] .st-key-puzzles-hand, html[dir="rtl"] .st-key-puzzles-hand [data-testid="stMarkdownContainer"] {
  direction: ltr; }
@media (max-width: 640px) {
  [data-testid="stMainBlockContainer"] { padding-top: 3.4rem; }
  [data-testid="stMainBlockContainer"] h1 { font-size: 1.9rem; padding: .1rem 0 .4rem; }
  .bx-pz-board .bx-trick { position: relative; grid-template-rows: auto auto; grid-template-areas: "w n e" "w s e";
    padding: .6em .8em; margin-bottom: .3em; }
  .bx-pz-board .bx-trick .bx-center { position: absolute; left: .6em; bottom: .6em; min-height: 0; min-width: 0; }
}
</style>"""
"""The page's style: the hand's buttons look like cards (tap targets of 48 px and more), cards that break a rule
or were tried already greyed; the tricks as rows that stay left to right in Arabic, as cards are laid down. On a
phone the board is laid out in two card rows (North above South, West and East beside them): in three rows it filled
the screen and the hand to tap started below it; the page starts higher and its title is smaller, so that the hand's
first row is in view under the board."""
