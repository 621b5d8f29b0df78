"""Issue 14: every input problem in the reader's language. ``check --lang ar`` on bad files prints Arabic problem
lines that keep their location (a path such as ``hand[0]``, kept left to right in an isolate, or the line and
column in words), with no English words left, and the same exit code as in English. English stays as it was.
"""

from __future__ import annotations

import contextlib
import io
import json
import re
import sys
from pathlib import Path

import pytest

from explorer.__main__ import main
from explorer.engine.core.errors import Problem, ScenarioError, render_problems
from explorer.engine.core.i18n import LRI, PDI, style_for
from explorer.engine.files.share import decode_scenario, encode_scenario

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "app"))
from arabic import english_words  # noqa: E402  (tests/app/arabic.py, the pages' check)

AR = style_for("ar")
ISOLATED = re.compile("[\u2066\u2068][^\u2069]*\u2069")
"""A left-to-right fragment inside an Arabic line: a place in the file, a value copied from it, a card."""

PLAY = "kind: play\ncontract: {mode: hokum, trump: H, buyer: N}\ncurrent: {leader: N, cards: [KC]}\n"

BAD_FILES = {
    # name: (file text, a place the Arabic line must keep)
    "missing_key": ("kind: play\nhand: [QH]\n", "contract"),
    "unknown_key": (PLAY + "hand: [QH]\nmode: sun\n", "mode"),
    "bad_card": (PLAY + "hand: [XX, QH]\n", "hand[0]"),
    "duplicate_card": (PLAY + "hand: [QH, 9S, QH]\n", "hand[2]"),
    "wrong_count": ("kind: projects\ncontract: {mode: sun, buyer: N}\nhands: {N: [AS, KS, QS]}\n", "hands.N"),
    "alias": ("kind: play\nhand: &h [QH]\nplayed: *h\n", "السطر 3"),  # "line 3, column 9"
    "duplicate_key": ("kind: play\nkind: play\n", "kind"),
    "yaml_syntax": ("kind: play\nhand: [QH, 9S\n", "السطر"),
    "too_deep": ("kind: play\nhand: " + "[" * 20 + "]" * 20 + "\n", "السطر"),
    "huge_number": ("kind: score\nmatch: {NS: 123456789012345678901234567890}\n", "match.NS"),
    "not_utf8": (b"kind: play\nnotes: caf\xe9\n", "السطر 2"),
}


def run_check(tmp_path: Path, text: str | bytes, *args: str) -> tuple[int, str, str]:
    """The command line run in this process: exit code, standard output, standard error."""
    path = tmp_path / "bad.yaml"
    path.write_bytes(text if isinstance(text, bytes) else text.encode("utf-8"))
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(path), *args])
    return code, out.getvalue(), err.getvalue()


def arabic_lines(stderr: str) -> list[str]:
    return [line.split(": ", 1)[1] for line in stderr.splitlines() if line]


def assert_arabic(lines: list[str]) -> None:
    assert lines
    for line in lines:
        assert re.search("[\u0600-\u06ff]", line), line
        words = english_words([ISOLATED.sub(" ", line)], allowed=("YAML", "UTF-"))  # formats' names
        assert not words, (line, words)


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_check_in_arabic_names_every_input_problem_in_arabic_with_its_place(tmp_path, name):
    text, place = BAD_FILES[name]
    code, out, err = run_check(tmp_path, text, "--lang", "ar")
    en_code, en_out, en_err = run_check(tmp_path, text)
    assert code == en_code == 2 and out == en_out == ""
    lines = arabic_lines(err)
    assert len(lines) == len(en_err.splitlines())
    assert_arabic(lines)
    if place.startswith("السطر"):  # "line 3, column 9": the words in Arabic, the numbers isolated
        number = place.removeprefix("السطر").strip()
        assert any(re.match(f"السطر {LRI}{number or '[0-9]+'}{PDI}، العمود {LRI}[0-9]+{PDI}: ", line)
                   for line in lines), (place, lines)
    else:  # a path from the file is kept left to right, in an isolate
        assert any(line.startswith(f"{LRI}{place}") for line in lines), (place, lines)


def test_a_yaml_syntax_error_is_described_in_arabic_words(tmp_path):
    _, _, err = run_check(tmp_path, BAD_FILES["yaml_syntax"][0], "--lang", "ar")
    _, _, en_err = run_check(tmp_path, BAD_FILES["yaml_syntax"][0])
    assert en_err.endswith("malformed YAML: expected ',' or ']', but got '<stream end>'\n")  # PyYAML's words
    (line,) = arabic_lines(err)
    assert "stream" not in line and "expected" not in line
    assert f"{LRI}','{PDI} أو {LRI}']'{PDI}" in line and "نهاية الملف" in line


@pytest.mark.parametrize("name", sorted(BAD_FILES))
def test_check_in_english_prints_the_problem_lines_it_always_did(tmp_path, name):
    text, _ = BAD_FILES[name]
    _, _, err = run_check(tmp_path, text)
    assert "\u2066" not in err and "\u2068" not in err
    assert not re.search("[\u0600-\u06ff]", err)


def test_json_errors_in_arabic_keep_their_keys_and_count(tmp_path):
    code, out, _ = run_check(tmp_path, BAD_FILES["bad_card"][0], "--lang", "ar", "--json")
    en_code, en_out, _ = run_check(tmp_path, BAD_FILES["bad_card"][0], "--json")
    doc, en = json.loads(out), json.loads(en_out)
    assert code == en_code == 2 and set(doc) == set(en) == {"file", "errors"}
    assert len(doc["errors"]) == len(en["errors"])
    assert_arabic(doc["errors"])


def test_a_missing_file_is_named_in_arabic(tmp_path):
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        code = main(["check", str(tmp_path / "nowhere.yaml"), "--lang", "ar"])
    assert code == 2
    assert_arabic(arabic_lines(err.getvalue()))


def test_the_problem_cap_says_how_many_more_in_arabic(tmp_path):
    text = PLAY + "hand: [" + ", ".join(["XX"] * 60) + "]\n"
    _, _, err = run_check(tmp_path, text, "--lang", "ar")
    _, _, en_err = run_check(tmp_path, text)
    assert en_err.splitlines()[-1].endswith("… and 20 more problems")
    last = arabic_lines(err)[-1]
    assert "\u2066" + "20" + "\u2069" in last and "مشكلة" in last
    assert_arabic([last])


@pytest.mark.parametrize("link", ["", "v9.abc", "v1.!!!", "v1.AAAAAAAAAA", encode_scenario({"a": 1})[:-6]])
def test_a_damaged_link_is_explained_in_arabic(link):
    with pytest.raises(ScenarioError) as e:
        decode_scenario(link)
    english = e.value.problems
    assert all(line.startswith("link: ") for line in english)
    arabic = render_problems(english, AR)
    assert_arabic(arabic)
    assert all(line.startswith("الرابط: ") for line in arabic)


def test_a_problem_line_is_its_english_string_and_renders_in_arabic():
    with pytest.raises(ScenarioError) as e:
        decode_scenario("v9.abc")
    (line,) = e.value.problems
    assert isinstance(line, Problem) and line == "link: this is not a scenario link of this app (unknown version)"
    assert str(line) == line and json.dumps([line]) == json.dumps([str(line)])
    assert line.render(AR) == "الرابط: هذا ليس رابط حالة من هذا التطبيق (إصدار غير معروف)"
