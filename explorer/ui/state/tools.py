"""The keys every Explore tool has: ``page_key(<page>, <name>)``."""

TRICK = "trick"
"""Page prefix of the Trick checker."""
SCORE = "score"
"""Page prefix of the Score calculator."""
COMPARE = "compare"
"""Page prefix of Compare rules."""
DEAL = "deal"
"""Page prefix of the Deal checker."""
LIBRARY = "library"
"""Page prefix of the Scenario library (a file's buttons: ``page_key(LIBRARY, "open"|"show"|"compare", stem)``)."""
CHARTS = "charts"
"""Page prefix of the Charts page (a chart's figure and downloads: ``page_key(CHARTS, "fig"|"csv"|"png", name)``)."""

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


def page_key(page: str, *parts: str) -> str:
    """One of the keys every tool has, or a key of one item on a page (a library file's button, a chart).

    >>> page_key(TRICK, DOC), page_key(LIBRARY, "open", "deal-illegal-card"), page_key(CHARTS, "png", "raw")
    ('trick.doc', 'library.open.deal-illegal-card', 'charts.png.raw')
    """
    return ".".join((page, *parts))
