"""The buyer, dealer and escalation widgets the Trick checker and the Score calculator share.

Each tool names its own keys (:class:`explorer.ui.tools.forms.ContractKeys`) and its own help texts;
the widgets, their choices, their order and what disables them are the same. They come a row at a
time in the order of a deal (Dealer | Buyer, then Escalation | Doubler), so a phone, which stacks
columns, shows them in reading order: the Escalation before the Doubler it enables. Under them, the table's seats with
their roles and the direction of play (:mod:`explorer.view.seat_map`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import streamlit as st

from explorer.engine.core.cards import Seat
from explorer.engine.core.i18n import N_
from explorer.ui.shell.lang import choose, in_this_language
from explorer.ui.tools.forms import LEVELS, SEAT_IDS, ContractKeys
from explorer.view.seat_map import play_order_words, seat_map_html
from explorer.view.words import NO_SEAT, level_label, seat_label, t


def seat_roles(values: Mapping[str, Any], k: ContractKeys) -> tuple[dict[Seat, list[str]], Seat | None]:
    """Each seat's roles in the contract (deals, buys, doubles) and the seat that plays first (the dealer's right).

    >>> from explorer.ui.tools.forms import TRICK_CONTRACT as K
    >>> roles, first = seat_roles({K.buyer: "N", K.dealer: "E", K.level: "double", K.doubler: "W"}, K)
    >>> {s.value: r for s, r in roles.items()}, first.value
    ({'N': ['buys', 'plays first'], 'E': ['deals'], 'W': ['doubles']}, 'N')
    """
    roles: dict[Seat, list[str]] = {}
    dealer = Seat.parse(values[k.dealer]) if values.get(k.dealer) else None
    first = dealer.right if dealer else None
    for seat_id, role in ((values.get(k.buyer), "buys"), (values.get(k.dealer), "deals"),
                          (values.get(k.doubler) if values.get(k.level, "none") != "none" else None, "doubles")):
        if seat_id:
            roles.setdefault(Seat.parse(seat_id), []).append(role)
    if first is not None:
        roles.setdefault(first, []).append("plays first")
    return roles, first


def seats_and_escalation(k: ContractKeys, *, buyer_help: str, dealer_help: str,
                         doubler_help: str | None = None, seat_map: bool = True) -> None:
    """Dealer | Buyer, then Escalation | Doubler (a row each), then the seat map with the direction of play
    (``seat_map=False``: the page draws its own, e.g. the Trick checker's trick)."""
    ss = st.session_state
    left, right = st.columns(2)
    left.selectbox(t("Dealer"), [NO_SEAT, *SEAT_IDS], key=k.dealer, format_func=in_this_language(seat_label), help=dealer_help,
                   placeholder=choose())
    right.selectbox(t("Buyer"), list(SEAT_IDS), key=k.buyer, format_func=in_this_language(seat_label), help=buyer_help,
                    placeholder=choose())
    left, right = st.columns(2)
    left.selectbox(t("Escalation"), list(LEVELS), key=k.level, format_func=in_this_language(level_label), placeholder=choose())
    right.selectbox(t("Doubler"), [NO_SEAT, *SEAT_IDS], key=k.doubler, format_func=in_this_language(seat_label),
                    disabled=ss[k.level] == "none", help=doubler_help, placeholder=choose())
    if not seat_map:
        return
    roles, first = seat_roles(ss, k)
    st.html(seat_map_html(roles, label=N_("The seats of this deal")))
    st.caption(play_order_words(first, start="plays first"))
