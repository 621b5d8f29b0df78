"""Session keys of the Deal checker (``deal.``) and the Score sheet (``sheet.``).

:mod:`explorer.ui.state` names the sidebar's keys and :mod:`explorer.ui.explore_state` those
of the other Explore tools, including ``sheet.deals``, the list the Score calculator appends to
and the Score sheet shows (imported here so both pages use one name).
"""

from __future__ import annotations

try:
    from explorer.ui.explore_state import SHEET_DEALS
except ImportError:  # the other Explore tools are not written yet
    SHEET_DEALS = "sheet.deals"
    """List of deals on the score sheet: ``{"NS": int, "EW": int, "note": str, "gahwa_winner": str | None}``."""

# --- Deal checker --------------------------------------------------------------------------
DEAL_SOURCE = "deal.source"
"""Radio: where the deal comes from: ``library``, ``upload`` or ``type``."""
DEAL_LIBRARY_FILE = "deal.library_file"
"""Selectbox: the library file (stem of ``data/scenarios/deal-*.yaml``)."""
DEAL_LOAD_FILE = "deal.load_file"
"""Button: put the chosen library file into the editor."""
DEAL_UPLOAD = "deal.upload"
"""File uploader: a scenario file, read into the editor."""
DEAL_TEXT = "deal.text"
"""Text area: the deal as YAML (the editor); it keeps what the user typed, right or wrong."""
DEAL_MESSAGE = "deal.message"
"""``{"level": "error"|"success", "text": str}`` about the last load (e.g. an upload that is too large)."""
DEAL_INCOMING = "deal.incoming"
"""``{"doc": ..., "source": "..."}`` put here by another page (e.g. the library) to load on the next run."""
DEAL_LINK_SEEN = "deal.link_seen"
"""The ``?s=`` share-link value already loaded (a link is read once, so later edits are kept)."""
DEAL_POS = "deal.pos"
"""Slider: how many cards of the deal have been played (0 to the last card checked)."""
DEAL_START = "deal.start"
DEAL_BACK = "deal.back"
DEAL_FORWARD = "deal.forward"
DEAL_END = "deal.end"
DEAL_TO_ERROR = "deal.to_error"
"""Buttons: first position, one card back, one card forward, the last card, the first illegal card."""
DEAL_ADD_TO_SHEET = "deal.add_to_sheet"
"""Button: append the checked deal's award to ``sheet.deals``."""
DEAL_ADDED = "deal.added"
"""The text of the last deal added to the score sheet (so it is not added twice by accident)."""

# --- Score sheet ---------------------------------------------------------------------------
SHEET_HISTORY = "sheet.history"
"""Undo stack: earlier versions of ``sheet.deals`` (lists of row dicts), newest last."""
SHEET_SEEN = "sheet.seen"
"""The rows as the sheet last showed them; a difference means another page added a deal."""
SHEET_NS = "sheet.ns"
SHEET_EW = "sheet.ew"
"""Number inputs: the game points of a deal added by hand."""
SHEET_KIND = "sheet.kind"
"""Radio: ``award``, ``gahwa_NS``, ``gahwa_EW`` or ``cancelled``."""
SHEET_NOTE = "sheet.note"
"""Text input: a note for the deal added by hand."""
SHEET_ADD = "sheet.add"
"""Button: add the deal typed by hand."""
SHEET_UNDO = "sheet.undo"
"""Button: back to the previous version of the sheet."""
SHEET_DELETE_WHICH = "sheet.delete_which"
"""Selectbox: the deal (1-based) to delete."""
SHEET_DELETE = "sheet.delete"
"""Button: delete the chosen deal."""
SHEET_CLEAR = "sheet.clear"
"""Button: start a new match (the old one can be brought back with Undo)."""
SHEET_EDITOR_VERSION = "sheet.editor_version"
"""A counter in the data editor's key; it changes after each applied edit so the grid starts clean."""
SHEET_MESSAGES = "sheet.messages"
"""``[(level, text), ...]`` to show once, from the last action."""
SHEET_DOWNLOAD = "sheet.download"
"""Download button: the sheet as CSV."""

HISTORY_LIMIT = 100
"""How many earlier versions Undo keeps."""


def sheet_editor_key(version: int) -> str:
    """The session key of the score sheet's data editor in this version.

    >>> sheet_editor_key(0)
    'sheet.editor.0'
    """
    return f"sheet.editor.{version}"

DEAL_DOWNLOAD = "deal.download"
"""The Save-as-YAML button of the current deal."""
