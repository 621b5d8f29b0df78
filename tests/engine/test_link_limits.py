"""Links and the sizes of what they hold (issue 26): a link is exactly what the app writes (nothing after the
compressed stream, no character the app never writes), every link the app makes opens through the server,
and a link, file or paste holding more than any scenario can hold is refused at its count, before any of its
cards is read or judged.

Work is counted (cards read, problem lines written), never timed: ``python -m explorer.bench
hostile_input_times`` prints the times.
"""

from __future__ import annotations

import base64
import json
import zlib

import pytest
from h11._connection import DEFAULT_MAX_INCOMPLETE_EVENT_SIZE

from explorer.engine.core import errors
from explorer.engine.core.errors import ScenarioError
from explorer.engine.files import scenario
from explorer.engine.files.loader import MAX_ITEMS
from explorer.engine.files.scenario import MAX_CARDS_NAMED, check_text
from explorer.engine.files.share import MAX_LINK_CHARS, decode_scenario, encode_scenario

GOOD = encode_scenario({"kind": "play", "hand": ["QH"]})


def _packed(raw: bytes) -> str:
    return "v1." + base64.urlsafe_b64encode(raw).decode("ascii").rstrip("=")


def _stream(value: str) -> bytes:
    body = value[3:]
    return base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))


def refused(value: str) -> list[str]:
    with pytest.raises(ScenarioError) as e:
        decode_scenario(value)
    return e.value.problems


@pytest.mark.parametrize("tail", [pytest.param(b"junk", id="bytes"),
                                  pytest.param(zlib.compress(b'{"kind": "score"}'), id="a-second-stream")])
def test_data_after_the_compressed_stream_is_refused(tail):
    assert refused(_packed(_stream(GOOD) + tail)) == [
        "link: the scenario in this link is damaged (something is written after its end)"]


@pytest.mark.parametrize("value", [pytest.param(GOOD.replace("-", "+").replace("_", "/") + "+", id="plus-and-slash"),
                                   pytest.param(GOOD + "==", id="padding"),
                                   pytest.param(GOOD[:9] + "%41" + GOOD[9:], id="percent-escape")])
def test_a_character_the_app_never_writes_in_a_link_is_refused(value):
    assert refused(value) == ["link: the scenario in this link is damaged (not valid base64)"]


def test_a_match_link_with_data_after_its_end_says_match():
    with pytest.raises(ScenarioError) as e:
        decode_scenario(_packed(_stream(GOOD) + b"x"), what="match")
    assert e.value.problems == ["link: the match in this link is damaged (something is written after its end)"]


def test_every_link_the_app_makes_fits_the_servers_request_head_with_room_for_headers():
    """uvicorn's HTTP parser (h11) refuses a request head over its buffer with a bare 400 before the app runs:
    a link's value, the rest of its address and the browser's headers must fit in it."""
    assert MAX_LINK_CHARS + 4096 <= DEFAULT_MAX_INCOMPLETE_EVENT_SIZE


def test_a_link_longer_than_a_link_carries_is_refused_by_its_length():
    assert refused("v1." + "A" * MAX_LINK_CHARS) == [f"link: the scenario in this link is too long "
                                                     f"({MAX_LINK_CHARS + 3} characters)"]


# --- sizes first ----------------------------------------------------------------------------------

def test_a_266_character_link_holding_a_9000_card_hand_is_refused_at_its_count():
    link = encode_scenario({"kind": "play", "contract": {"mode": "sun", "buyer": "N"},
                            "current": {"leader": "N", "cards": []}, "hand": ["QH"] * 9000})
    assert len(link) < 300
    assert refused(link) == [f"link: hand: holds 9000 items; a list or mapping in a scenario holds at most {MAX_ITEMS} "
                             "(a deck has 32 cards)"]


def test_a_file_of_a_9000_card_hand_is_refused_at_its_count_while_it_is_read():
    text = "kind: play\nhand: [" + ", ".join(["QH"] * 9000) + "]\n"
    [line] = check_text(text).errors
    assert line.endswith(f"a list or mapping holds more than {MAX_ITEMS} items here (a deck has 32 cards)")


def test_a_scenario_naming_more_cards_than_a_deal_holds_is_refused_before_a_card_is_read(monkeypatch):
    read: list[object] = []
    monkeypatch.setattr(scenario.Card, "parse", lambda v, _real=scenario.Card.parse: read.append(v) or _real(v))
    tricks = [{"leader": "N", "cards": ["QH"] * 60} for _ in range(3)]
    got = check_text(json.dumps({"kind": "deal", "contract": {"mode": "sun", "buyer": "N"}, "tricks": tricks}))
    assert got.errors == [f"names 180 cards; a scenario names at most {MAX_CARDS_NAMED} (a deal's 32 cards in its "
                          "hands, tricks, deck and projects)"]
    assert read == []


def test_thousands_of_problems_write_forty_lines_and_count_the_rest(monkeypatch):
    written = [0]
    real = errors.Problem.__new__

    def counting(cls, *args, **kwargs):
        written[0] += 1
        return real(cls, *args, **kwargs)

    monkeypatch.setattr(errors.Problem, "__new__", counting)
    tricks = "".join(f"- {{leader: N, cards: [], {', '.join(f'k{i}: 1' for i in range(60))}}}\n" for _ in range(60))
    got = check_text("kind: play\ntricks:\n" + tricks).errors
    assert len(got) == 41 and got[-1] == "… and 3563 more problems"
    assert written[0] < 100, f"{written[0]} problem lines were written for 41 shown"
