"""The one place that names ``st.session_state`` keys, for every page.

One scheme: a key is ``"<page>.<name>"``. Its constant is ``<PAGE>_<NAME>``
(``TRICK_MODE = "trick.mode"``); a key with a variable part comes from a function
``<page>_<thing>_key(...)`` (``score_project_key("N") == "score.projects.N"``); the keys
every Explore tool has (its scenario, its inbox, its message...) are
``page_key(<page>, <name>)``. Pages: ``app``, ``sidebar``, ``glossary``, ``charts``,
``trick``, ``score``, ``compare``, ``library``, ``deal``, ``sheet``, ``lesson``.

This module only names keys; it imports no Streamlit. The sidebar's widgets are in
:mod:`explorer.ui.sidebar`, the lessons' progress model in :mod:`explorer.ui.lesson_state`.

>>> page_key(TRICK, DOC), score_project_key("N"), lesson_card_key("05-cutting", "follow", "7D")
('trick.doc', 'score.projects.N', 'lesson.q.05-cutting.follow.card.7D')
"""

from __future__ import annotations

# --- the whole app and the sidebar ----------------------------------------------------------
APP_LANG = "app.lang"
"""The language of the app: ``en`` or ``ar`` (the sidebar's switch; first read from ``?lang=``)."""
APP_PROFILE = "app.profile"
"""The :class:`RuleProfile` every page uses (named or custom); read it with ``sidebar.current_profile()``."""
SIDEBAR_PROFILE_ID = "sidebar.profile_id"
"""Selectbox: the id of the named profile the rules start from."""
SIDEBAR_OPTION_PREFIX = "sidebar.option."
"""Prefix of the "Custom rules" widgets, one per option: :func:`sidebar_option_key`."""
SIDEBAR_RESET = "sidebar.reset"
"""Button: set every custom option back to the selected profile."""
SIDEBAR_LARGE_CARDS = "sidebar.large_cards"
"""Toggle: projector-size cards (read it with ``sidebar.card_size()``)."""
SIDEBAR_KEPT = "sidebar.kept"
"""Dict: the sidebar widgets' last values, put back before they are drawn (a page switch drops them)."""


def sidebar_option_key(name: str) -> str:
    """The custom-rules widget of one option.

    >>> sidebar_option_key("must_undertrump")
    'sidebar.option.must_undertrump'
    """
    return SIDEBAR_OPTION_PREFIX + name


# --- Glossary and Charts ----------------------------------------------------------------------
GLOSSARY_SEARCH = "glossary.search"
"""Text input: the glossary filter."""

CHARTS_DEALS = "charts.deals"
"""Select slider: how many deals to simulate."""
CHARTS_SEED = "charts.seed"
"""Number input: the simulation's seed."""
CHARTS_MODE = "charts.mode"
"""Selectbox: random contract, Sun only or Hokum only."""
CHARTS_CANCEL = "charts.cancel"
"""Button: stop the running simulation."""
CHARTS_RESUME = "charts.resume"
"""Button: finish a cancelled simulation."""
CHARTS_CANCELLED = "charts.cancelled"
"""The settings of the simulation the user cancelled (absent when none was)."""
CHARTS_DONE = "charts.done"
"""(settings, chunks finished) of the latest simulation."""


def charts_element_key(what: str, name: str) -> str:
    """A chart's figure (``fig``) or its download buttons (``csv``, ``png``): ``charts.fig.<name>``."""
    return f"charts.{what}.{name}"


# --- keys every Explore tool has: page_key(page, name) ----------------------------------------
TRICK = "trick"
"""Page prefix of the Trick checker."""
SCORE = "score"
"""Page prefix of the Score calculator."""
COMPARE = "compare"
"""Page prefix of Compare rules."""
DEAL = "deal"
"""Page prefix of the Deal checker."""
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
DOWNLOAD = "download"
"""``<page>.download``: the "Save as YAML" button."""
UNPIN = "unpin"
"""``<page>.unpin``: the button "use the sidebar's rules instead"."""


def page_key(page: str, name: str) -> str:
    """One of the keys every tool has.

    >>> page_key(TRICK, DOC)
    'trick.doc'
    """
    return f"{page}.{name}"


# --- Trick checker ------------------------------------------------------------------------------
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


# --- Score calculator ---------------------------------------------------------------------------
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
"""Text input per seat (:func:`score_project_key`): the projects shown, ``QD KD AD; 7S 8S 9S``."""
SCORE_BALOOT = "score.baloot"
"""Selectbox: the seat that held the trump K and Q, or "" (nobody)."""
SCORE_FIRST_ACE = "score.first_ace"
"""Checkbox: the dealer's right held an Ace (reverse Kaboot)."""
SCORE_MATCH_GIVEN = "score.match_given"
"""Checkbox: the match totals before the deal are given."""
SCORE_MATCH_NS = "score.match_ns"
SCORE_MATCH_EW = "score.match_ew"
SCORE_ADD_TO_SHEET = "score.add_to_sheet"
"""Button: append the award to :data:`SHEET_DEALS`."""
SCORE_WATERFALL = "score.waterfall"
"""The waterfall chart of the verdict."""
SCORE_EXAMPLE = "score.example"
SCORE_CLEAR = "score.clear"


def score_project_key(seat: str) -> str:
    """The projects text input of one seat.

    >>> score_project_key("N")
    'score.projects.N'
    """
    return SCORE_PROJECT_PREFIX + seat


# --- Compare rules ------------------------------------------------------------------------------
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


# --- Scenario library ---------------------------------------------------------------------------
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


def library_open_key(stem: str) -> str:
    """The "Open in its tool" button of one library file."""
    return f"library.open.{stem}"


def library_show_key(stem: str) -> str:
    """The "Present" button of one library file."""
    return f"library.show.{stem}"


def library_compare_key(stem: str) -> str:
    """The "Compare rules" button of one library file."""
    return f"library.compare.{stem}"


# --- Deal checker -------------------------------------------------------------------------------
DEAL_SOURCE = "deal.source"
"""Radio: where the deal comes from: ``library``, ``upload`` or ``type``."""
DEAL_LIBRARY_FILE = "deal.library_file"
"""Selectbox: the library file (stem of ``data/scenarios/deal-*.yaml``)."""
DEAL_LOAD_FILE = "deal.load_file"
"""Button: put the chosen library file into the editor."""
DEAL_TEXT = "deal.text"
"""Text area: the deal as YAML (the editor); it keeps what the user typed, right or wrong."""
DEAL_OPEN_AT = "deal.open_at"
"""The position (cards played) a deal sent from another page opens at, read once by the Deal checker."""
DEAL_REVIEW_SEATS = "deal.review_seats"
"""Multiselect: the seats whose card play the strong player reviews."""
DEAL_REVIEW = "deal.review"
"""Button: review the deal; and ``deal.review.result``: ``(text id, seats, Review)``."""
DEAL_REVIEW_RESULT = "deal.review.result"
DEAL_POS = "deal.pos"
"""Slider: how many cards of the deal have been played (0 to the last card checked)."""
DEAL_START = "deal.start"
DEAL_BACK = "deal.back"
DEAL_FORWARD = "deal.forward"
DEAL_END = "deal.end"
DEAL_TO_ERROR = "deal.to_error"
"""Buttons: first position, one card back, one card forward, the last card, the first illegal card."""
DEAL_CHART = "deal.chart"
"""The running points chart."""
DEAL_ADD_TO_SHEET = "deal.add_to_sheet"
"""Button: append the checked deal's award to :data:`SHEET_DEALS`."""
DEAL_ADDED = "deal.added"
"""The id of the last deal added to the score sheet (so it is not added twice by accident)."""
DEAL_DOWNLOAD = "deal.download"
"""Download button: the deal in the editor, as YAML."""

# --- Score sheet --------------------------------------------------------------------------------
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


# --- Lessons ------------------------------------------------------------------------------------
LESSON_PICKER = "lesson.picker"
"""Selectbox: the lesson shown (its id, e.g. ``05-cutting``)."""
LESSON_NEXT = "lesson.next"
"""Button: the next step."""
LESSON_BACK = "lesson.back"
"""Button: the previous step."""
LESSON_NEXT_LESSON = "lesson.next_lesson"
"""Button on the last step: open the next lesson."""
LESSON_RESET = "lesson.reset"
"""Button: forget this lesson's progress and answers and go back to its first step."""
LESSON_PROGRESS = "lesson.progress"
"""Dict: lesson id → ``{"seen": set of step ids, "answers": {step id: record}}`` (see ``lesson_state``)."""
LESSON_STEP_PREFIX = "lesson.step."
"""Prefix of the current step index of each lesson: :func:`lesson_step_key`."""
LESSON_QUESTION_PREFIX = "lesson.q."
"""Prefix of the question widgets: :func:`lesson_question_key`."""
LESSON_WIDGET_PREFIX = "lesson.w."
"""Prefix of the interactive blocks' widgets: :func:`lesson_widget_key`."""


def lesson_step_key(lesson_id: str) -> str:
    """A lesson's current step index."""
    return f"{LESSON_STEP_PREFIX}{lesson_id}"


def lesson_question_key(lesson_id: str, step_id: str, part: str) -> str:
    """One widget of a step's question: ``input``, ``check``, ``empty``, ``reveal`` or ``card.<CARD>``.

    >>> lesson_question_key("05-cutting", "follow-suit", "input")
    'lesson.q.05-cutting.follow-suit.input'
    """
    return f"{LESSON_QUESTION_PREFIX}{lesson_id}.{step_id}.{part}"


def lesson_card_key(lesson_id: str, step_id: str, card: str) -> str:
    """The button of one card in a card question."""
    return lesson_question_key(lesson_id, step_id, f"card.{card}")


def lesson_widget_key(lesson_id: str, step_id: str, part: str) -> str:
    """One widget of a step's interactive block (``deal_demo`` and the like)."""
    return f"{LESSON_WIDGET_PREFIX}{lesson_id}.{step_id}.{part}"


# Browser store (explorer/ui/browser_store.py, prefix "store."): values kept in localStorage
STORE_SLOTS = "store.slots"
"""Dict: name of a stored value → what this session knows of it (last text read or written, problem)."""
STORE_MEMORY = "store.memory"
"""Under AppTest only (no browser): ``{localStorage key: text}`` standing in for localStorage."""
STORE_SESSION = "store.session"
"""A random token of this session; the ids of its writes start with it."""

# Score sheet kept in the browser, its match link and its file import (prefix "sheet.")
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

# Lesson progress kept in the browser
LESSON_RESTORED = "lesson.restored"
"""True once the progress kept in this browser has been merged into this session's."""


def store_read_key(name: str) -> str:
    """The key of the invisible component that reads a stored value.

    >>> store_read_key("sheet")
    'store.read.sheet'
    """
    return f"store.read.{name}"


def store_write_key(name: str) -> str:
    """The key of the invisible component that writes a stored value."""
    return f"store.write.{name}"


def store_problem_key(name: str) -> str:
    """The key of the box that says why a stored value could not be used."""
    return f"store.problem.{name}"

# --- Practice table (prefix "play.") --------------------------------------------------------------
PLAY_PRACTICE = "play.practice"
"""The :class:`~explorer.engine.practice.Practice` in play (kept in the browser as ``practice``)."""
PLAY_RESTORED = "play.restored"
"""True once the practice kept in this browser has been brought into this session."""
PLAY_NOTICE = "play.notice"
"""``(level, text)``: what the table says after your last tap (an illegal card's reason, a refused call)."""
PLAY_EKKA = "play.ekka"
"""Toggle: announce Ekka with the card you lead."""
PLAY_HINT = "play.hint"
"""The strong player's hint for the current moment: ``(moment, Choice)``."""
PLAY_REVIEW = "play.review"
"""The review of the finished deal: ``(deal seed, Review)``."""
PLAY_DECLARE = "play.declare"
"""Multiselect: the projects you declare yourself (labels of the candidates)."""
PLAY_SETUP_NAMES = "play.setup.names"
"""Prefix of the name inputs for N, E and W at the start of a match: ``play.setup.names.N``."""
PLAY_SETUP_GOAL = "play.setup.goal"
PLAY_SETUP_LEVEL = "play.setup.level"
PLAY_SETUP_SEED = "play.setup.seed"
PLAY_SETUP_TUTOR = "play.setup.tutor"
PLAY_SETUP_DECLARE = "play.setup.declare"
PLAY_START = "play.start"
"""Setup widgets: play to 152 or one deal, the computer players, the seed, tutor and declaring modes; Start."""
PLAY_TUTOR = "play.tutor"
PLAY_AUTO_DECLARE = "play.auto_declare"
"""Toggles during a match: tutor mode, and your projects declared for you."""
PLAY_NEW_MATCH = "play.new_match"
PLAY_NEXT_DEAL = "play.next_deal"
PLAY_DEAL_AGAIN = "play.deal_again"
PLAY_TAKE_BACK = "play.take_back"
PLAY_HINT_BUTTON = "play.hint_button"
PLAY_REVIEW_BUTTON = "play.review_button"
PLAY_OPEN_CHECKER = "play.open_checker"
PLAY_DOWNLOAD = "play.download"
"""Buttons of the table."""


def play_call_key(index: int) -> str:
    """The button of one call (by its place among the calls offered)."""
    return f"play.call.{index}"


def play_card_key(card: str) -> str:
    """The button of one card of your hand: ``play.card.QH``."""
    return f"play.card.{card}"


def deal_review_go_key(index: int) -> str:
    """The Deal checker's button that goes to one reviewed moment."""
    return f"deal.review.go.{index}"


def play_review_open_key(index: int) -> str:
    """The button that opens one reviewed moment in the Deal checker."""
    return f"play.review.open.{index}"
