"""Keys of the Score sheet (``sheet.``), with the sheet kept in the browser and its match link."""

SHEET_DEALS = "sheet.deals"
"""List of deals on the score sheet: ``{"NS": int, "EW": int, "note": str, "gahwa_winner": str | None}``;
the Score calculator and the Deal checker append to it."""
SHEET_HISTORY = "sheet.history"
"""Undo stack: earlier versions of ``sheet.deals`` (lists of row dicts), newest last."""
SHEET_SEEN = "sheet.seen"
"""The rows as the sheet last showed them; a difference means another page added a deal."""
SHEET_NS = "sheet.ns"
SHEET_EW = "sheet.ew"
"""Number inputs: the game points of a deal added by hand; empty (None) until typed, and empty counts as 0."""
SHEET_KIND = "sheet.kind"
"""Radio: ``award``, ``gahwa_NS``, ``gahwa_EW`` or ``cancelled``."""
SHEET_NOTE = "sheet.note"
"""Text input: a note for the deal added by hand."""
SHEET_ADD = "sheet.add"
"""Button: add the deal typed by hand."""
SHEET_UNDO = "sheet.undo"
"""Button: back to the previous version of the sheet."""
SHEET_DELETE_WHICH = "sheet.delete_which"
"""Selectbox: the deal (1-based) to delete; it moves to the newest deal whenever the number of deals changes."""
SHEET_DELETE_FOR = "sheet.delete_for"
"""The number of deals when "Deal to delete" last moved to the newest one."""
SHEET_DELETE = "sheet.delete"
"""Button: delete the chosen deal."""
SHEET_CLEAR = "sheet.clear"
"""Button: start a new match (the old one can be brought back with Undo)."""
SHEET_EDITOR_VERSION = "sheet.editor_version"
"""A counter in the data editor's key; it changes after each applied edit so the grid starts clean."""
SHEET_MESSAGES = "sheet.messages"
"""``[(level, text, where), ...]`` to show once, from the last action."""
SHEET_DOWNLOAD = "sheet.download"
"""Download button: the sheet as CSV."""
SHEET_CHART = "sheet.chart"
"""The match chart."""


def sheet_editor_key(version: int) -> str:
    """The score sheet's data editor in this version.

    >>> sheet_editor_key(0)
    'sheet.editor.0'
    """
    return f"sheet.editor.{version}"




# Kept in the browser, its match link and its file import
SHEET_RESTORED = "sheet.restored"
"""True once the sheet kept in this browser has been brought into this session."""
SHEET_STORE_MESSAGES = "sheet.store_messages"
"""``{area: (level, text, details)}``: the outcome of a link, a file or another tab's change, shown once."""
SHEET_LINK_SEEN = "sheet.link_seen"
"""The ``?match=`` link value already handled (a link is read once per session)."""
SHEET_LINK_PENDING = "sheet.link_pending"
"""``{"rows": [...], "link": str}``: a linked match waiting for the user's choice (another one is kept)."""
SHEET_LINK_CHOICE = "sheet.link_choice"
"""The box that asks what to do with a linked match when this browser keeps another one."""
SHEET_LINK_OPEN = "sheet.link_open"
SHEET_LINK_KEEP = "sheet.link_keep"
"""Buttons: open the linked match (the kept one goes to Undo) / keep the sheet as it is."""
SHEET_LINK_SAVE_MINE = "sheet.link_save_mine"
"""Download button in that box: the kept sheet as CSV."""
SHEET_SHARE_BOX = "sheet.share_box"
"""Expander: open a saved sheet, save it as YAML, its match link."""
SHEET_UPLOAD = "sheet.upload"
"""File uploader: a sheet saved as CSV or YAML, opened in place of the current one (Undo brings it back)."""
SHEET_DOWNLOAD_YAML = "sheet.download_yaml"
"""Download button: the sheet as YAML."""
