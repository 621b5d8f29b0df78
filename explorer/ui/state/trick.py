"""Keys of the Trick checker (``trick.``), and of the card fields' tap rows."""

TRICK_MODE = "trick.mode"
"""Radio: ``hokum`` or ``sun``."""
TRICK_TRUMP = "trick.trump"
"""Selectbox: trump suit ``S H D C`` (Hokum)."""
TRICK_BUYER = "trick.buyer"
"""Selectbox: the buyer's seat."""
TRICK_DEALER = "trick.dealer"
"""Selectbox: the dealer's seat, or "" (not given)."""
TRICK_LEVEL = "trick.level"
"""Selectbox: escalation level ``none double triple quadruple gahwa``."""
TRICK_DOUBLER = "trick.doubler"
"""Selectbox: the seat that said Double, or "" (not given)."""
TRICK_LOCKED = "trick.locked"
"""Checkbox: the Double or Quadruple was declared locked."""
TRICK_LEADER = "trick.leader"
"""Selectbox: the seat that led the current trick."""
TRICK_ENTRY = "trick.entry"
"""Radio: ``tap`` (cards tapped one by one, a row per suit) or ``type`` (text like ``KC 7C``)."""
TRICK_TABLE = "trick.table"
"""The cards on the table in the order they were tapped (a list); its rows (:func:`tap_key`) say which are chosen."""
TRICK_HAND = "trick.hand"
"""The hand of the seat to play in the order it was tapped (a list); its rows say which cards it holds."""
TRICK_PLAYED = "trick.played"
"""Other cards already played (without full earlier tricks), for Ekka: the order they were tapped in."""
TRICK_TABLE_TEXT = "trick.table_text"
"""Text input: the cards on the table (type mode)."""
TRICK_HAND_TEXT = "trick.hand_text"
"""Text input: the hand (type mode)."""
TRICK_PLAYED_TEXT = "trick.played_text"
"""Text input: other cards already played (type mode)."""
TRICK_TRICKS = "trick.tricks"
"""Text area: earlier tricks, one a line, ``S: KD 7D AD 8D`` (``ekka`` at the end of a line marks an Ekka lead)."""
TRICK_EKKA = "trick.ekka"
"""Checkbox: the leader announced Ekka with this lead."""
TRICK_EXAMPLE = "trick.example"
"""Button: load the worked example (000 §09)."""
TRICK_CLEAR = "trick.clear"
"""Button: empty the tool."""
TRICK_LINE = "trick.line"
"""Selectbox: the legal card whose principal line is shown (none until one is chosen)."""
TRICK_FILL = "trick.fill"
"""Button: give the one other hand still to enter the cards that are left."""
TRICK_EXACT = "trick.exact"
"""The solver's answers kept in the session: ``{scenario text: ExactValues}``."""


def trick_hands_key(seat: str) -> str:
    """The cards of another seat's hand (optional, for the exact values) in the order they were tapped.

    >>> trick_hands_key("E")
    'trick.hands.E'
    """
    return f"trick.hands.{seat}"


def trick_hands_text_key(seat: str) -> str:
    """Text input: another seat's hand (type mode).

    >>> trick_hands_text_key("E")
    'trick.hands_text.E'
    """
    return f"{TRICK_HANDS_TEXT_PREFIX}{seat}"


TRICK_HANDS_TEXT_PREFIX = "trick.hands_text."
"""The start of every other seat's typed hand's key (:func:`trick_hands_text_key`)."""


def tap_key(cards_key: str, suit: str) -> str:
    """Pills: the row of one suit's cards of a card field; the cards chosen in it are in the field.

    >>> tap_key(TRICK_HAND, "H")
    'trick.hand.tap.H'
    """
    return f"{cards_key}.tap.{suit}"


def tap_refused_key(cards_key: str) -> str:
    """Set when a tap was refused because the card list was full, to say so once under it.

    >>> tap_refused_key(TRICK_TABLE)
    'trick.table.tap.refused'
    """
    return f"{cards_key}.tap.refused"
