"""The buyer, dealer and escalation widgets the Trick checker and the Score calculator share.

Each tool names its own keys (:class:`explorer.ui.forms.ContractKeys`) and its own help texts;
the widgets, their choices and what disables them are the same.
"""

from __future__ import annotations

from typing import Any

import streamlit as st

from explorer.ui.forms import LEVELS, SEAT_IDS, ContractKeys
from explorer.ui.words import NO_SEAT, level_label, seat_label


def seats_and_escalation(k: ContractKeys, left: Any, right: Any, *, buyer_help: str, dealer_help: str,
                         doubler_help: str | None = None) -> None:
    """Buyer and escalation in ``left``, dealer and doubler in ``right`` (two columns, side by side)."""
    left.selectbox("Buyer", list(SEAT_IDS), key=k.buyer, format_func=seat_label, help=buyer_help)
    right.selectbox("Dealer", [NO_SEAT, *SEAT_IDS], key=k.dealer, format_func=seat_label, help=dealer_help)
    left.selectbox("Escalation", list(LEVELS), key=k.level, format_func=level_label)
    right.selectbox("Doubler", [NO_SEAT, *SEAT_IDS], key=k.doubler, format_func=seat_label,
                    disabled=st.session_state[k.level] == "none", help=doubler_help)
