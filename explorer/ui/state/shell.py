"""Keys of the whole app, its sidebar and the Glossary (``app.``, ``sidebar.``, ``glossary.``)."""

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



GLOSSARY_SEARCH = "glossary.search"
"""Text input: the glossary filter."""
APP_ACTIONS = "app.actions"
"""Int: how many taps on an action button this session has acted on (:mod:`explorer.ui.shell.once`); a button drawn before
the last one is stale, and its tap does nothing."""
