"""Taps on the practice table's component, for AppTest, as the browser sends them.

AppTest runs no JavaScript: the table (a components v2 component) is an element whose data is what the browser would
draw, and a tap is what the browser sends, a trigger value ``{"n": count, "do": ..., ...}`` on the component's events
widget. :func:`tap` sends one (``twice``: two before the page is drawn again, a phone's double tap).
"""

from __future__ import annotations

import json
from typing import Any

from streamlit.components.v2.bidi_component.main import _make_trigger_id
from streamlit.proto.WidgetStates_pb2 import WidgetState
from streamlit.testing.v1 import AppTest

from explorer.ui import state


def component(at: AppTest):
    """The table's element in the page drawn last."""
    found = [e for e in at.get("bidi_component") if e.proto.id.endswith("-" + state.PLAY_TABLE)]
    assert len(found) == 1, [e.proto.id for e in at.get("bidi_component")]
    return found[0]


def data(at: AppTest) -> dict[str, Any]:
    """What the table was given to draw."""
    return json.loads(component(at).proto.json)


def tap(at: AppTest, value: dict[str, Any], *, twice: bool = False, n: int | None = None) -> AppTest:
    """Send a tap drawn on the page as it is now (its action count ``n`` unless given), then let the page run."""
    sent = {"n": data(at)["n"] if n is None else n, **value}
    states = at._tree.get_widget_states()
    event = WidgetState(id=_make_trigger_id(component(at).proto.id, "events"))
    event.json_trigger_value = json.dumps([{"event": "tap", "value": sent}])
    states.widgets.append(event)
    at._run(states)
    assert not at.exception, at.exception
    if twice:
        at._run(states)
        assert not at.exception, at.exception
    return at


def act(at: AppTest, action: Any, **options: Any) -> AppTest:
    """Tap the card, call or declaration ``action`` (an Action or its notation)."""
    return tap(at, {"do": "act", "a": str(action)}, **options)
