"""The one place that names ``st.session_state`` keys, for every page.

One scheme: a key is ``"<page>.<name>"``. Its constant is ``<PAGE>_<NAME>``
(``TRICK_MODE = "trick.mode"``); the keys every Explore tool has (its scenario, its inbox, its
message...) and the keys of one item on a page are ``page_key(<page>, *parts)``
(``page_key(LIBRARY, "open", stem)``); a few keys with a variable part have a function
``<page>_<thing>_key(...)`` (``score_project_key("N") == "score.projects.N"``). Pages: ``app``,
``sidebar``, ``glossary``, ``charts``, ``trick``, ``score``, ``compare``, ``library``, ``deal``,
``sheet``, ``lesson``, ``play``, ``puzzles``, ``classroom`` (the teacher's), ``join`` (the students'), and ``store`` (the browser store).

Each page's keys are in the module of its name (``state/trick.py``...), all read from here
(``state.TRICK_MODE``). The package only names keys; it imports no Streamlit. The sidebar's widgets are in
:mod:`explorer.ui.shell.sidebar`, the lessons' progress model in :mod:`explorer.ui.lessons.state`.

>>> page_key(TRICK, DOC), score_project_key("N"), lesson_card_key("05-cutting", "follow", "7D")
('trick.doc', 'score.projects.N', 'lesson.q.05-cutting.follow.card.7D')
"""


from explorer.ui.state.charts import *  # noqa: F403
from explorer.ui.state.classroom import *  # noqa: F403
from explorer.ui.state.compare import *  # noqa: F403
from explorer.ui.state.deal import *  # noqa: F403
from explorer.ui.state.join import *  # noqa: F403
from explorer.ui.state.lesson import *  # noqa: F403
from explorer.ui.state.library import *  # noqa: F403
from explorer.ui.state.play import *  # noqa: F403
from explorer.ui.state.puzzles import *  # noqa: F403
from explorer.ui.state.score import *  # noqa: F403
from explorer.ui.state.sheet import *  # noqa: F403
from explorer.ui.state.shell import *  # noqa: F403
from explorer.ui.state.store import *  # noqa: F403
from explorer.ui.state.tools import *  # noqa: F403
from explorer.ui.state.trick import *  # noqa: F403
