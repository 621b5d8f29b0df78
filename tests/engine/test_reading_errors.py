"""Whatever PyYAML or the JSON decoder raises while reading a file, a paste or a link is a scenario problem
with its place (line and column), said in English and in Arabic, through the one loader (issue 26).

PyYAML raises more than its own errors: ``chr()`` of an escape past U+10FFFF (ValueError, or OverflowError
past 2^31), ``int()`` of a ``%YAML`` version of 4,301 digits (ValueError), an empty ``!!int ""``
(IndexError). Each reached the command line as "internal error ValueError" and a page as a traceback.
"""

from __future__ import annotations

import json
import re

import pytest

from explorer.__main__ import main
from explorer.engine.core.errors import ScenarioError
from explorer.engine.core.i18n import style_for
from explorer.engine.files import loader
from explorer.engine.files.loader import load_json, load_yaml
from explorer.engine.files.scenario import check_text

BACKENDS = [pytest.param(None, id="default"), pytest.param(loader.PurePythonLoader, id="pyyaml")]
ARABIC = style_for("ar")
PLACE = re.compile(r"^line (\d+), column (\d+): ")

RAISED_BY_PYYAML = [
    pytest.param('kind: play\ntitle: "\\U00110000"\n', 2, 9, "the escape \\U00110000 is beyond the last Unicode "
                 "character (\\U0010FFFF)", id="escape-past-unicode-ValueError"),
    pytest.param('kind: play\ntitle: "ab\\UFFFFFFFF"\n', 2, 11, "the escape \\UFFFFFFFF is beyond", id="escape-past-"
                 "2^31-OverflowError"),
    pytest.param("%YAML 1." + "9" * 5000 + "\n---\nkind: play\n", 1, 9, "a number of 5000 digits is too long",
                 id="yaml-version-of-5000-digits-ValueError"),
    pytest.param('kind: play\nmatch: {NS: !!int ""}\n', 2, 13, "'' is not a whole number", id="empty-int-IndexError"),
    pytest.param('kind: play\nmatch: {NS: !!int "+"}\n', 2, 13, "+ is not a whole number", id="sign-only-IndexError"),
    pytest.param('kind: play\nmatch: {NS: !!float ""}\n', 2, 13, "'' is not a number", id="empty-float-IndexError"),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize(("text", "line", "column", "says"), RAISED_BY_PYYAML)
def test_an_exception_pyyaml_raises_is_a_problem_at_its_line_and_column(text, line, column, says, backend):
    with pytest.raises(ScenarioError) as e:
        load_yaml(text, backend=backend)
    [found] = e.value.problems
    assert found == f"line {line}, column {column}: " + found.split(": ", 1)[1] and says in found, found


@pytest.mark.parametrize(("text", "line", "column", "says"), RAISED_BY_PYYAML)
def test_each_such_problem_is_said_in_arabic_with_its_place(text, line, column, says):
    [found] = check_text(text).problems(ARABIC)
    assert re.search("[\u0600-\u06ff]{3}", found) and not re.search("[a-z]{4}", found.replace("Unicode", "")), found
    assert f"\u2066{line}\u2069" in found and f"\u2066{column}\u2069" in found, found


def test_the_check_command_refuses_an_escape_past_unicode_like_any_bad_file(tmp_path, capsys):
    f = tmp_path / "t.yaml"
    f.write_bytes(b'title: "\\U00110000"\nkind: play\n')
    assert main(["check", str(f)]) == 2
    err = capsys.readouterr().err
    assert err == f"{f}: line 1, column 9: the escape \\U00110000 is beyond the last Unicode character (\\U0010FFFF)\n"
    assert main(["check", str(f), "--json"]) == 2
    out = capsys.readouterr().out
    assert json.loads(out) == {"file": str(f), "errors": [err.split(": ", 1)[1].rstrip("\n")]}


class _Boom(Exception):
    pass


@pytest.mark.parametrize("backend", [None, loader.PurePythonLoader, getattr(loader, "CLoader", None)])
def test_an_exception_no_one_foresaw_inside_pyyaml_is_still_one_located_line(monkeypatch, backend):
    def explode(self, node):
        raise _Boom

    monkeypatch.setitem(loader._PlainConstructor.yaml_constructors, "tag:yaml.org,2002:bool", explode)
    with pytest.raises(ScenarioError) as e:
        load_yaml("kind: play\nflag: true\n", backend=backend)
    [found] = e.value.problems
    if backend is not getattr(loader, "CLoader", None):  # libyaml keeps its place to itself: PyYAML's says it
        assert PLACE.match(found) and found.endswith("malformed YAML: this cannot be read (_Boom)"), found
    else:
        assert "_Boom" in found


@pytest.mark.parametrize(("raw", "place"), [
    pytest.param(b'{"kind": "play",\n "title": "\xff"}', "line 2, column 12", id="not-utf8"),
    pytest.param(b'{"kind": "play",\n "hand": [1,]}', "line 2, column 13", id="trailing-comma"),
    pytest.param(b'{"kind": "play"} {"kind": "score"}', "line 1, column 18", id="two-documents"),
])
def test_json_a_link_cannot_decode_is_refused_with_its_place(raw, place):
    with pytest.raises(ScenarioError) as e:
        load_json(raw)
    assert e.value.problems == [f"link: {place}: the scenario in this link is damaged (not readable)"]


def test_a_second_yaml_document_is_named_as_such():
    [found] = check_text("kind: play\n---\nkind: score\n").errors
    assert found == "line 2, column 1: malformed YAML: expected a single document in the stream, but found another " \
                    "document"
    assert "---" in check_text("kind: play\n---\nkind: score\n").problems(ARABIC)[0]


@pytest.mark.parametrize(("encoding", "name"), [("utf-16", "UTF-16"), ("utf-16-le", "UTF-16"), ("utf-32", "UTF-32")])
def test_a_file_saved_as_utf16_or_utf32_is_named_as_such(encoding, name):
    data = '{"kind": "play"}'.encode(encoding)
    if encoding == "utf-16-le":
        data = b"\xff\xfe" + data
    assert check_text(data).errors == [f"the file is {name} text; save it as UTF-8"]
    assert "UTF-8" in check_text(data).problems(ARABIC)[0]
