"""Keys of Compare rules (``compare.``)."""

COMPARE_LIBRARY_FILE = "compare.library_file"
"""Selectbox: a library file to compare."""
COMPARE_LOAD_FILE = "compare.load_file"
"""Button: compare the chosen library file."""
COMPARE_FROM_TRICK = "compare.from_trick"
"""Button: compare the Trick checker's current scenario."""
COMPARE_FROM_SCORE = "compare.from_score"
"""Button: compare the Score calculator's current scenario."""
COMPARE_REFERENCE = "compare.reference"
"""Selectbox: the profile the others are compared with."""
COMPARE_CUSTOM_BASE = "compare.custom_base"
"""Selectbox: the named profile the custom column starts from."""
COMPARE_OPTION_PREFIX = "compare.option."
"""Per option (:func:`compare_option_key`): the custom column's value."""
COMPARE_OPEN_IN_TOOL = "compare.open_in_tool"
"""Button: open the compared scenario in its tool."""


def compare_option_key(name: str) -> str:
    """The custom-column widget of one option.

    >>> compare_option_key("tie_rule")
    'compare.option.tie_rule'
    """
    return COMPARE_OPTION_PREFIX + name
