"""Every way a scenario enters (a file, standard input, a share link, a lesson) is read by one safe
loader (explorer/engine/files/loader.py): bad input gets one located line per problem, never a traceback,
and the work done is bounded by the input's size, whatever its shape (issue 9).

Work is measured by the values the loader builds (``stats["values"]``), never by the clock: speed is
for ``python -m explorer.bench``.
"""

from __future__ import annotations

import base64
import json
import random
import zlib
from typing import Any

import pytest

from explorer.engine.core.errors import ScenarioError, short
from explorer.engine.files import loader
from explorer.engine.files.loader import MAX_BYTES, MAX_DEPTH, MAX_DIGITS, MAX_VALUES, load_json, load_yaml
from explorer.engine.files.scenario import check_text, dump_yaml, parse_text
from explorer.engine.files.share import decode_scenario, encode_scenario

BACKENDS = [pytest.param(loader.PurePythonLoader, id="pyyaml")]
if loader.CParser is not None:
    BACKENDS.append(pytest.param(loader.CLoader, id="libyaml"))

SCORE = "kind: score\ndealer: N\ncontract: {mode: hokum, trump: S, buyer: E}\npoints: {NS: 82, EW: 80}\n"
"""A valid scenario (004's 82-80 example) that the cases below spoil one key at a time."""


def problems(text: str | bytes) -> list[str]:
    result = check_text(text)
    assert result.output is None, "the scenario must be refused"
    return result.errors


def link(raw: str | bytes) -> str:
    """A share link holding exactly these JSON bytes (as the app's encode_scenario packs them)."""
    raw = raw.encode("utf-8") if isinstance(raw, str) else raw
    return "v1." + base64.urlsafe_b64encode(zlib.compress(raw, 9)).decode("ascii").rstrip("=")


def link_problems(value: str) -> list[str]:
    with pytest.raises(ScenarioError) as e:
        decode_scenario(value)
    return e.value.problems


# --- item 1: the three tracebacks ----------------------------------------------------------------

def test_a_link_nested_thirty_thousand_deep_is_one_located_line_not_a_recursion_error():
    assert link_problems(link("[" * 30_000 + "]" * 30_000)) == [
        f"link: lists and mappings nest more than {MAX_DEPTH} levels deep"]


def test_a_link_nested_past_the_bound_but_within_python_recursion_names_the_path():
    [line] = link_problems(link('{"kind": "play", "notes": ' + "[" * 40 + "]" * 40 + "}"))
    assert line.startswith("link: notes[0][0]") and f"more than {MAX_DEPTH} levels" in line


@pytest.mark.parametrize("where", ["file", "link"])
def test_a_point_total_of_5000_digits_is_named_by_its_path_not_an_int_conversion_error(where):
    digits = "1" * 5000
    if where == "file":
        found = problems(SCORE.replace("NS: 82", f"NS: {digits}"))
    else:
        found = link_problems(link('{"kind": "score", "points": {"NS": ' + digits + ', "EW": 0}}'))
    prefix = "link: " if where == "link" else ""
    assert found == [f"{prefix}points.NS: a number of 5000 digits is too long (numbers in a scenario have at "
                     f"most {MAX_DIGITS} digits)"]
    assert not any("set_int_max_str_digits" in p for p in found)


def test_a_title_with_a_lone_surrogate_never_crashes_encoding_a_link():
    value = encode_scenario({"kind": "play", "title": "\ud800 and \ud83d\ude00"})
    assert decode_scenario(value)["title"] == "\ufffd and 😀", "a lone half is replaced; a pair joins"


@pytest.mark.parametrize("text, line", [
    pytest.param('kind: play\ntitle: "\\ud800"\n', "title: the text holds U+D800, half of a UTF-16 surrogate pair "
                 "(not a character on its own); remove it", id="escaped-in-a-value"),
    pytest.param('kind: play\n"\\udfff": 1\n', "the key '\\udfff': the text holds U+DFFF, half of a UTF-16 "
                 "surrogate pair (not a character on its own); remove it", id="escaped-in-a-key"),
    pytest.param("kind: play\ntitle: \ud800\n", "line 2, column 8: the file holds U+D800, half of a UTF-16 "
                 "surrogate pair (not a character on its own), which a scenario file cannot hold",
                 id="raw-in-the-text"),
])
def test_a_lone_surrogate_in_a_file_is_refused_with_where_it_is(text, line):
    assert problems(text) == [line]


@pytest.mark.parametrize("backend", BACKENDS)
def test_a_surrogate_pair_written_as_two_escapes_is_the_one_character_it_encodes(backend):
    # json.dumps writes an emoji this way; libyaml refuses it, so its syntax errors go to PyYAML
    assert load_yaml('title: "\\ud83d\\ude00"', backend=backend if backend is loader.PurePythonLoader
                     else None) == {"title": "😀"}


@pytest.mark.parametrize("text, where", [
    pytest.param('kind: play\ntitle: "a\\0b"\n', "title: the text holds the control character U+0000 (NUL)",
                 id="escaped-nul"),
    pytest.param("kind: play\ntitle: a\0b\n", "line 2, column 9: the file holds the control character U+0000 "
                                               "(NUL)", id="raw-nul"),
    pytest.param('kind: play\nnotes: ["\\e[2J"]\n', "notes[0]: the text holds the control character U+001B (ESC)",
                 id="escaped-terminal-escape"),
    pytest.param('kind: play\n"a\\0": 1\n', "the key 'a\\x00': the text holds the control character U+0000",
                 id="nul-in-a-key"),
])
def test_a_nul_or_control_character_is_refused_with_where_it_is(text, where):
    assert any(p.startswith(where) for p in problems(text)), problems(text)


def test_a_nul_in_a_link_is_refused_with_its_path():
    assert link_problems(link('{"kind": "play", "title": "a\\u0000"}')) == [
        "link: title: the text holds the control character U+0000 (NUL); remove it"]


# --- item 2: aliases, and work bounded by the size -----------------------------------------------

def _bomb(levels: int, width: int, use: str) -> str:
    lines = ["a0: &a0 [" + ", ".join(["x"] * width) + "]"]
    for i in range(1, levels + 1):
        lines.append(f"a{i}: &a{i} [" + ", ".join([f"*a{i - 1}"] * width) + "]")
    return "\n".join(lines) + f"\n{use}\n"


ALIAS_SHAPES = [
    pytest.param(_bomb(8, 10, "dealer: *a8"), id="ten-aliases-eight-deep-as-dealer"),
    pytest.param("kind: play\ntitle: &t " + "[" + ", ".join(["x"] * 10) + "]\n" + _bomb(6, 10, "t: *a6"),
                 id="title-alias-of-ten-million-items"),
    pytest.param("m0: &m0 {a: x, b: x, c: x}\n" + "".join(
        f"m{i}: &m{i} {{a: *m{i - 1}, b: *m{i - 1}, c: *m{i - 1}}}\n" for i in range(1, 12)), id="mappings"),
    pytest.param("base: &b {kind: play}\nscenario:\n  <<: *b\n  dealer: N\n", id="merge-key"),
    pytest.param("a: &a [x]\nb: [*a, *a]\n", id="one-small-alias"),
    pytest.param('{"a": &a [1], "b": *a}', id="json-style-flow"),
]


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("text", ALIAS_SHAPES)
def test_any_alias_is_refused_at_its_line_before_anything_is_expanded(text, backend):
    stats: dict[str, int] = {}
    with pytest.raises(ScenarioError) as e:
        load_yaml(text, stats=stats, backend=backend)
    [line] = e.value.problems
    assert line.startswith("line ") and "is an alias" in line
    assert stats["values"] <= text.count("x") + text.count(":") + text.count("[") + text.count("{") + 2, stats


def _nested_flow(n: int) -> str:
    return "[" * n + "]" * n


def _shapes() -> dict[str, str]:
    n = MAX_BYTES - 100
    rnd = random.Random(9)
    return {
        "flow-list-of-numbers": "kind: play\nx: [" + ",".join(["1"] * (n // 2 - 10)) + "]",
        "block-list": "kind: play\nx:\n" + "- 1\n" * (n // 4 - 10),
        "many-keys": "kind: play\n" + "".join(f"k{i}: 1\n" for i in range(n // 10)),
        "one-line-of-64-KiB": "kind: play\ntitle: " + "a" * (n - 20),
        "deep-flow-lists": _nested_flow(n // 2),
        "deep-flow-mappings": "{a: " * (n // 5) + "1" + "}" * (n // 5),
        "deep-block-lists": "".join(" " * i + "-\n" for i in range(300)),
        "compact-nested-block-lists": "- " * (n // 2) + "1",
        "unclosed-brackets": "[" * n,
        "number-of-64-KiB": "kind: score\npoints: {NS: " + "9" * (n - 40) + "}",
        "float-of-64-KiB": "x: 1." + "0" * (n - 10),
        "many-escapes": 'title: "' + "\\t" * (n // 2 - 10) + '"',
        "random-brackets": "".join(rnd.choice("[]{},: a\n") for _ in range(n)),
        "crlf-and-bom": "\ufeff" + SCORE.replace("\n", "\r\n") * 1 + "# " + "x" * (n - 200) + "\r\n",
    }


SHAPES = _shapes()


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("name", list(SHAPES))
def test_a_file_under_the_size_limit_builds_at_most_one_value_per_byte_and_at_most_the_bound(name, backend):
    text = SHAPES[name]
    assert len(text.encode("utf-8")) <= MAX_BYTES
    stats: dict[str, int] = {}
    try:
        load_yaml(text, stats=stats, backend=backend)
    except ScenarioError as e:
        assert all(len(p) <= 300 for p in e.problems), "each problem is one short line"
    assert stats.get("values", 0) <= min(len(text), MAX_VALUES), stats


def test_a_file_of_more_values_than_the_bound_is_refused_at_the_value_past_it():
    with pytest.raises(ScenarioError, match=rf"line 2, column \d+: more than {MAX_VALUES} values"):
        load_yaml(SHAPES["flow-list-of-numbers"])


def test_nesting_past_the_bound_is_refused_at_its_line_and_column():
    with pytest.raises(ScenarioError) as e:
        load_yaml("kind: play\nnotes: " + _nested_flow(MAX_DEPTH + 5))
    assert e.value.problems == [f"line 2, column {8 + MAX_DEPTH - 1}: lists and mappings nest more than "
                                f"{MAX_DEPTH} levels deep"]
    assert load_yaml("n: " + _nested_flow(MAX_DEPTH - 1)) == {"n": eval(_nested_flow(MAX_DEPTH - 1))}


class _Counted:
    """An item whose repr is counted, to see how much of a value an error line looks at."""

    calls = 0

    def __repr__(self) -> str:
        _Counted.calls += 1
        return "item"


def test_an_error_line_writes_out_a_bounded_part_of_any_value():
    _Counted.calls = 0
    text = short([_Counted()] * 1_000_000)
    assert len(text) <= 60 and _Counted.calls <= 8
    assert short(10 ** 5000) == "a number of 5001 digits", "no int-to-text conversion limit is hit"
    assert short({i: i for i in range(100_000)}).endswith("...}")


def test_a_value_that_is_not_a_card_is_named_in_a_bounded_line():
    errors = problems("kind: play\ncontract: {mode: sun, buyer: N}\ncurrent: {leader: N, cards: []}\n"
                      "hand: [[" + ", ".join(["x" * 500] * 60) + "]]\n")
    assert errors == [f"hand[0]: ['{'x' * 57}… is not a card (write rank then suit, e.g. TH)"]


def test_a_list_longer_than_any_scenario_holds_is_refused_at_its_count_before_its_items_are_read():
    stats: dict[str, int] = {}
    with pytest.raises(ScenarioError) as e:
        load_yaml("kind: play\nhand: [[" + ", ".join(["x"] * 5000) + "]]\n", max_items=loader.MAX_ITEMS, stats=stats)
    assert e.value.problems == [f"line 2, column {9 + 3 * loader.MAX_ITEMS}: a list or mapping holds more than "
                                f"{loader.MAX_ITEMS} items here (a deck has 32 cards)"]
    assert stats["values"] <= loader.MAX_ITEMS + 8, "the rest of the list is never built"


# --- item 5: keys written twice ------------------------------------------------------------------

@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("text, line", [
    pytest.param("kind: play\nkind: score\n", "kind: the key is written twice (lines 1 and 2); keep one",
                 id="top-level"),
    pytest.param(SCORE.replace("buyer: E}", "buyer: E, mode: sun}"),
                 "contract.mode: the key is written twice (line 3); keep one", id="inside-a-flow-mapping"),
    pytest.param("kind: deal\nbidding:\n  calls:\n    - {seat: E, call: pass, seat: N}\n",
                 "bidding.calls[0].seat: the key is written twice (line 4); keep one", id="nested-in-a-list"),
    pytest.param('{"kind": "play", "kind": "score"}', "kind: the key is written twice (line 1); keep one",
                 id="json-file"),
])
def test_a_key_written_twice_is_refused_naming_the_key_and_its_lines(text, line, backend):
    with pytest.raises(ScenarioError) as e:
        load_yaml(text, backend=backend)
    assert line in e.value.problems


def test_a_key_written_twice_in_a_link_is_refused_naming_the_key():
    assert link_problems(link('{"kind": "play", "contract": {"mode": "sun", "mode": "hokum"}}')) == [
        "link: contract.mode: the key is written twice; keep one"]


@pytest.mark.parametrize("extra, line", [
    pytest.param("match: {NS: 3, ns: 4}", "match: 'NS' and 'ns' both name the team NS; keep one", id="team"),
    pytest.param("projects: {N: [], n: []}", "projects: 'N' and 'n' both name the seat N; keep one", id="seat"),
])
def test_two_spellings_of_one_seat_or_team_are_refused_not_merged(extra, line):
    assert problems(SCORE + extra + "\n") == [line]


# --- item 6: match totals ------------------------------------------------------------------------

@pytest.mark.parametrize("match, lines", [
    pytest.param("{NS: 100000000000000000000000000000, EW: -100000000000000000000}",
                 ["match.NS: a number of 30 digits is too long (numbers in a scenario have at most 15 digits)",
                  "match.EW: a number of 21 digits is too long (numbers in a scenario have at most 15 digits)"],
                 id="the-issues-10^29-and-minus-10^20"),
    pytest.param("{NS: 100000000, EW: 0}", ["match.NS: 100000000 is not a match total (at most 527: 151 and then "
                                            "the largest award of one deal, 376)"], id="beyond-the-bound"),
    pytest.param("{NS: -1, EW: 0}", ["match.NS: -1 is negative: a match total is 0 or more"], id="negative"),
    pytest.param("{NS: 160, EW: 100}", ["match: NS 160, EW 100: NS has already won the match; a deal is played "
                                        "only while both totals are below 152, or equal at 152 or more"],
                 id="already-won"),
    pytest.param("{NS: 12.5, EW: 0}", ["match.NS: 12.5 is not a whole number"], id="not-whole"),
])
def test_impossible_match_totals_are_invalid_input_not_a_match_winner(match, lines):
    assert problems(SCORE + f"match: {match}\n") == lines


@pytest.mark.parametrize("match", ["{NS: 0, EW: 151}", "{NS: 152, EW: 152}", "{NS: 527, EW: 527}", "{EW: 40}"])
def test_possible_match_totals_before_a_deal_are_judged(match):
    assert check_text(SCORE + f"match: {match}\n").ok


# --- numbers, tags, encodings --------------------------------------------------------------------

@pytest.mark.parametrize("value, line", [
    pytest.param(".inf", "points.NS: infinity is not a number a scenario can hold", id="inf"),
    pytest.param("-.inf", "points.NS: infinity is not a number a scenario can hold", id="minus-inf"),
    pytest.param(".nan", "points.NS: not-a-number (.nan) is not a number a scenario can hold", id="nan"),
    pytest.param("1e999", "points.NS: '1e999' is not a whole number", id="yaml-1.1-reads-1e999-as-text"),
    pytest.param("1.0e+999", "points.NS: infinity is not a number a scenario can hold", id="float-overflow"),
    pytest.param("0x" + "f" * 40, "points.NS: a number of 40 digits is too long", id="hex"),
    pytest.param("1" * (MAX_DIGITS + 1), f"points.NS: a number of {MAX_DIGITS + 1} digits is too long", id="16-digits"),
])
def test_numbers_a_scenario_cannot_hold_are_refused_with_their_path(value, line):
    assert any(p.startswith(line) for p in problems(SCORE.replace("NS: 82", f"NS: {value}"))), problems(
        SCORE.replace("NS: 82", f"NS: {value}"))


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("tagged", ["!!python/object:os.system x", "!!python/object/apply:os.system [ls]",
                                    "!!binary aGk=", "!!set {a}", "!!omap [a: 1]", "!!timestamp 2024-01-01",
                                    "!custom x"])
def test_a_yaml_tag_other_than_the_plain_types_is_refused_at_its_line(tagged, backend):
    with pytest.raises(ScenarioError, match=r"^line 2, column 8: the tag .* is not accepted"):
        load_yaml(f"kind: play\ntitle: {tagged}\n", backend=backend)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("text, line", [
    pytest.param("kind: play\ntitle: !!map [a, b]\n", "line 2, column 8: !!map is written on a value that is not a "
                 "mapping", id="map-tag-on-a-list"),
    pytest.param("kind: play\ntitle: !!map ab\n", "line 2, column 8: !!map is written on a value that is not a "
                 "mapping", id="map-tag-on-a-text"),
    pytest.param("kind: play\ntitle: &x a\nnotes: &x b\n", "line 3, column 8: &x is defined twice (first at line 2)",
                 id="anchor-twice"),
])
def test_a_misplaced_tag_or_anchor_is_one_located_line_not_an_unpacking_error(text, line, backend):
    with pytest.raises(ScenarioError) as e:
        load_yaml(text, backend=backend)
    assert e.value.problems == [line]


def test_a_file_with_thousands_of_problems_reports_forty_and_the_true_count_of_the_rest():
    tricks = "".join(f"- {{leader: N, cards: [], {', '.join(f'k{i}: 1' for i in range(60))}}}\n" for _ in range(60))
    errors = problems("kind: play\ntricks:\n" + tricks)
    assert len(errors) == 41 and errors[1] == "tricks[0].k0: is not a key of this scenario kind"
    assert errors[-1] == "… and 3563 more problems", "3 missing keys and 3,600 unknown ones, 40 shown"


def test_dates_and_merge_signs_stay_text():
    assert load_yaml("title: 2024-01-01\nnotes: <<\nid: =\n") == {"title": "2024-01-01", "notes": "<<", "id": "="}


def test_a_bom_and_crlf_line_ends_read_like_a_plain_file():
    plain = check_text(SCORE)
    assert check_text(("\ufeff" + SCORE.replace("\n", "\r\n")).encode("utf-8")).output == plain.output
    assert check_text("\ufeff" + SCORE).output == plain.output


def test_bytes_that_are_not_utf8_are_named_by_line_and_column():
    assert problems(SCORE.encode() + b"notes: caf\xe9\n") == ["line 5, column 11: the file is not UTF-8 text (byte 0xe9)"]


def test_a_yaml_dump_of_a_scenario_holds_no_alias_and_reads_back():
    hand = ["QH", "9S"]
    text = dump_yaml({"kind": "play", "hand": hand, "played": hand})
    assert "&" not in text and "*" not in text
    assert parse_text(text)["played"] == hand


def test_a_contract_mode_or_level_that_is_a_list_is_a_located_problem_not_an_internal_error():
    assert problems(SCORE.replace("mode: hokum, trump: S", "mode: [hokum]")) == [
        "contract.mode: unknown contract mode ['hokum'] (use sun or hokum)"]
    assert problems(SCORE + "escalation: {level: {double: 1}}\n") == [
        "escalation.level: unknown escalation level {'double': 1} (use none, double, triple, quadruple or gahwa)"]


def test_json_links_and_yaml_files_agree_on_valid_scenarios():
    doc = parse_text(SCORE)
    assert load_json(json.dumps(doc)) == doc == decode_scenario(encode_scenario(doc))


@pytest.mark.parametrize("cell, line", [
    pytest.param("1" * 5000, "deal 1, NS: a number of 5000 digits is more than one deal can award (at most 376)",
                 id="5000-digit-text"),
    pytest.param(10 ** 5000, "deal 1, NS: a number of 5001 digits is more than one deal can award", id="huge-int"),
    pytest.param("²", "deal 1, NS: '²' is not a whole number of game points", id="a-digit-int-cannot-read"),
])
def test_a_score_sheet_cell_no_deal_can_award_is_a_located_problem_not_an_int_conversion_error(cell, line):
    from explorer.engine.rules.match import MatchError, whole_points

    with pytest.raises(MatchError) as e:
        whole_points(cell, where="deal 1, NS")
    assert e.value.problems[0].startswith(line)


# --- found by mutating the library's scenarios (seeded) --------------------------------------------

def test_a_sweep_by_a_team_missing_from_points_is_located_problems_not_a_key_error():
    assert problems("kind: score\ncontract: {mode: sun, buyer: W}\npoints: {EW: 130}\ntricks_won: {NS: 8, EW: 0}\n") == [
        "points.NS: missing (give both teams' raw points)", "points.NS: NS won every trick but has 0 points",
        "points.EW: 130 raw points, but EW won no trick"]


JUNK = [None, True, 0, -1, 10 ** 14, 1.5, "", "x", "S", "NS", "AS", "10h", "♠", [], {}, [None], {"a": 1},
        [[["AS"]]], {"NS": 1}, "sun", "double", 999, "pass", {"base": "detailed"}, ["AS"] * 40]


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path]
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    for key, child in items:
        out += _paths(child, (*path, key))
    return out


def test_no_seeded_mutation_of_a_library_scenario_escapes_as_an_exception():
    """Junk put at random places of the library's scenarios is bad input or a verdict, never a traceback."""
    import copy
    from pathlib import Path

    rnd = random.Random(20261201)
    folder = Path(__file__).resolve().parents[2] / "data" / "scenarios"
    library = [parse_text(p.read_text("utf-8")) for p in sorted(folder.glob("*.yaml"))]
    for _ in range(400):
        doc = copy.deepcopy(rnd.choice(library))
        for _ in range(rnd.randint(1, 3)):
            *parent_path, key = rnd.choice(_paths(doc)[1:])
            parent = doc
            for part in parent_path:
                parent = parent[part]
            parent[key] = copy.deepcopy(rnd.choice(JUNK))
        result = check_text(dump_yaml(doc))  # raises only for an engine bug
        assert result.ok or all(isinstance(p, str) and 0 < len(p) <= 300 for p in result.errors)
