"""Keys of the browser store (:mod:`explorer.ui.shell.browser_store`, ``store.``): values kept in localStorage."""

STORE_SLOTS = "store.slots"
"""Dict: name of a stored value → what this session knows of it (last text read or written, problem)."""
STORE_MEMORY = "store.memory"
"""Under AppTest only (no browser): ``{localStorage key: text}`` standing in for localStorage."""
STORE_ANSWERS = "store.answers"
"""Dict: name of a stored value → the browser reader's latest answer (set by its fragment)."""
STORE_SESSION = "store.session"
"""A random token of this session; the ids of its writes start with it."""




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
