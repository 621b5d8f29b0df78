"""Session keys of the Explore tools (Trick checker, Score calculator, Compare rules, Scenario library).

Every key is prefixed by the page that owns it (``trick.``, ``score.``, ``compare.``,
``library.``). :mod:`explorer.ui.state` names the keys the sidebar shares with every page;
this module names the keys of these four pages, plus ``sheet.deals``, the list the
Score calculator appends to and the Score sheet page reads.

A tool keeps its inputs in its widgets' keys; the scenario they describe is rebuilt on
each run and stored under ``<page>.doc``. Scenarios arriving from elsewhere (a share
link, a file, the library, another tool) wait under ``<page>.incoming`` until the page
puts them into its widgets, before the widgets are drawn.
"""

from __future__ import annotations

SHEET_DEALS = "sheet.deals"
"""List of deals added to the score sheet: ``{"NS": int, "EW": int, "note": str, "gahwa_winner": str | None}``."""

# --- keys every tool has, built with page_key(page, name) ------------------------------------
TRICK = "trick"
"""Page prefix of the Trick checker."""
SCORE = "score"
"""Page prefix of the Score calculator."""
COMPARE = "compare"
"""Page prefix of Compare rules."""
LIBRARY = "library"
"""Page prefix of the Scenario library."""

DOC = "doc"
"""``<page>.doc``: the scenario the page shows now (a dict in the scenario format), for other tools."""
INCOMING = "incoming"
"""``<page>.incoming``: ``{"doc": ..., "source": "..."}`` to load into the page's widgets on its next run."""
LINK_SEEN = "link_seen"
"""``<page>.link_seen``: the ``?s=`` value already read (a link is read once per page load)."""
MESSAGE = "message"
"""``<page>.message``: ``{"level": "error"|"success", "lines": [...], "source": "..."}`` about the last import."""
PINNED_PROFILE = "profile"
"""``<page>.profile``: the rules profile saved with a loaded scenario (a spec), or None to follow the sidebar."""
META = "meta"
"""``<page>.meta``: the loaded scenario's keys for people (title, notes, topic, ...) and its engine part."""
FORM = "form"
"""``<page>.form``: a copy of the page's widget values, put back after a visit to another page."""
ALIVE = "alive"
"""``<page>.alive``: a hidden checkbox drawn on every run; gone after a visit to another page."""
UPLOAD = "upload"
"""``<page>.upload``: the file uploader."""
PASTE = "paste"
"""``<page>.paste``: the text area to paste a scenario into."""
PASTE_LOAD = "paste_load"
"""``<page>.paste_load``: the button that loads the pasted text."""
UNPIN = "unpin"
"""``<page>.unpin``: the button "use the sidebar's rules instead"."""


def page_key(page: str, name: str) -> str:
    """``page_key("trick", "doc") == "trick.doc"``.

    >>> page_key(TRICK, DOC)
    'trick.doc'
    """
    return f"{page}.{name}"


# --- Trick checker widgets -------------------------------------------------------------------
TRICK_MODE = "trick.mode"
"""Radio: ``hokum`` or ``sun``."""
TRICK_TRUMP = "trick.trump"
"""Selectbox: trump suit ``S H D C`` (Hokum)."""
TRICK_BUYER = "trick.buyer"
"""Selectbox: the buyer's seat."""
TRICK_DEALER = "trick.dealer"
"""Selectbox: the dealer's seat, or None."""
TRICK_LEVEL = "trick.level"
"""Selectbox: escalation level ``none double triple quadruple gahwa``."""
TRICK_DOUBLER = "trick.doubler"
"""Selectbox: the seat that said Double, or None."""
TRICK_LOCKED = "trick.locked"
"""Checkbox: the Double or Quadruple was declared locked."""
TRICK_LEADER = "trick.leader"
"""Selectbox: the seat that led the current trick."""
TRICK_ENTRY = "trick.entry"
"""Radio: ``pick`` (multiselects over the 32 cards) or ``type`` (text like ``KC 7C``)."""
TRICK_TABLE = "trick.table"
"""Multiselect: the cards on the table, in play order."""
TRICK_HAND = "trick.hand"
"""Multiselect: the hand of the seat to play."""
TRICK_PLAYED = "trick.played"
"""Multiselect: other cards already played (without full earlier tricks), for Ekka."""
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

# --- Score calculator widgets ----------------------------------------------------------------
SCORE_MODE = "score.mode"
SCORE_TRUMP = "score.trump"
SCORE_BUYER = "score.buyer"
SCORE_DEALER = "score.dealer"
SCORE_LEVEL = "score.level"
SCORE_DOUBLER = "score.doubler"
SCORE_LOCKED = "score.locked"
SCORE_POINTS_NS = "score.points_ns"
"""Number input: NS raw card points (last trick's 10 included); changing it fills in EW."""
SCORE_POINTS_EW = "score.points_ew"
SCORE_TRICKS_GIVEN = "score.tricks_given"
"""Checkbox: the tricks won are given (needed to see a Kaboot)."""
SCORE_TRICKS_NS = "score.tricks_ns"
SCORE_TRICKS_EW = "score.tricks_ew"
SCORE_COUNT_TEXT = "score.count_text"
"""Text area: the eight tricks' cards, one trick a line, to count the raw points."""
SCORE_COUNT = "score.count"
"""Button: count the tricks of the text area into the points and tricks won."""
SCORE_PROJECT_PREFIX = "score.projects."
"""Text input per seat, ``score.projects.S``: the projects shown, ``QD KD AD; 7S 8S 9S``."""
SCORE_BALOOT = "score.baloot"
"""Selectbox: the seat that held the trump K and Q, or None."""
SCORE_FIRST_ACE = "score.first_seat_held_ace"
"""Checkbox: the dealer's right held an Ace (reverse Kaboot)."""
SCORE_MATCH_GIVEN = "score.match_given"
"""Checkbox: the match totals before the deal are given."""
SCORE_MATCH_NS = "score.match_ns"
SCORE_MATCH_EW = "score.match_ew"
SCORE_ADD = "score.add_to_sheet"
"""Button: append the award to ``sheet.deals``."""
SCORE_EXAMPLE = "score.example"
SCORE_CLEAR = "score.clear"


def project_key(seat: str) -> str:
    """The projects text input of one seat.

    >>> project_key("N")
    'score.projects.N'
    """
    return SCORE_PROJECT_PREFIX + seat


# --- Compare rules ---------------------------------------------------------------------------
COMPARE_SOURCE_FILE = "compare.library_file"
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
"""Per option, ``compare.option.<name>``: the custom column's value."""
COMPARE_OPEN = "compare.open_in_tool"
"""Button: open the compared scenario in its tool."""


def compare_option_key(name: str) -> str:
    """The custom-column widget of one option.

    >>> compare_option_key("tie_rule")
    'compare.option.tie_rule'
    """
    return COMPARE_OPTION_PREFIX + name


# --- Scenario library ------------------------------------------------------------------------
LIBRARY_SEARCH = "library.search"
"""Text input: filter by words in the title, notes, topic, kind or file name."""
LIBRARY_TOPIC = "library.topic"
"""Selectbox: one topic, or all."""
LIBRARY_PRESENT = "library.present"
"""The file stem shown in presentation mode, or None."""
LIBRARY_STEP = "library.step"
"""Presentation mode: the index of the step shown."""
LIBRARY_NEXT = "library.next"
LIBRARY_BACK = "library.back"
LIBRARY_EXIT = "library.exit"
LIBRARY_FIRST = "library.first"


def open_key(stem: str) -> str:
    """The library's "Open in its tool" button of one file."""
    return f"library.open.{stem}"


def present_key(stem: str) -> str:
    """The library's "Present" button of one file."""
    return f"library.show.{stem}"


def compare_key(stem: str) -> str:
    """The library's "Compare rules" button of one file."""
    return f"library.compare.{stem}"
