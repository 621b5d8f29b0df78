"""The check command (scenario-format.md): several files, --json one line per file with ``file``,
--profile, standard input ``-``, exit 0 or 2, one clear line per problem on standard error
naming the file and where, and never a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parents[2]
INVALID = ROOT / "tests" / "fixtures" / "invalid"
LIBRARY = ROOT / "data" / "scenarios"

VALID_SCORE = """\
kind: score
dealer: N
contract: {mode: hokum, trump: S, buyer: E}
points: {NS: 82, EW: 80}
"""
"""004's worked example: 8-8, the counting team's 82 ends in 2, so NS wins 16-0."""

# Hokum hearts, bought by N, tripled; N's Fifty. NS 100 -> 10 against 6: NS wins.
# detailed: 16 × 3 + 5 × 2 = 58; tournament: 16 × 3 + 5 × 1 = 53.
TRIPLE_WITH_PROJECTS = """\
kind: score
profile: detailed
dealer: S
contract: {mode: hokum, trump: H, buyer: N}
escalation: {level: triple, doubler: E}
points: {NS: 100, EW: 62}
projects: {N: [[AS, KS, QS, JS]]}
"""


def check(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "explorer", "check", *args], input=stdin,
                          capture_output=True, cwd=ROOT, timeout=60)


def lines(data: bytes) -> list[str]:
    return data.decode("utf-8").splitlines()


def json_lines(proc: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(x) for x in lines(proc.stdout)]


def assert_clean_rejection(proc: subprocess.CompletedProcess, label: str) -> list[str]:
    """Exit 2, at least one line on stderr, each naming the file, no traceback; returns the problems."""
    err = proc.stderr.decode("utf-8", errors="replace")
    assert "Traceback" not in err, err
    assert proc.returncode == 2, (proc.returncode, err)
    problems = err.splitlines()
    assert problems, "an invalid scenario gives at least one line on standard error"
    for line in problems:
        assert line.startswith(f"{label}: ") and len(line) > len(label) + 4, line
    return [line[len(label) + 2:] for line in problems]


# --- valid files ---------------------------------------------------------------------------

def test_valid_file_exits_0_with_a_readable_verdict(tmp_path):
    f = tmp_path / "ok.yaml"
    f.write_text(VALID_SCORE)
    proc = check(str(f))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == b""
    out = proc.stdout.decode()
    assert "NS 16, EW 0" in out and "tie_rule" in out


def test_valid_file_with_json_prints_one_line_carrying_file(tmp_path):
    f = tmp_path / "ok.yaml"
    f.write_text(VALID_SCORE)
    proc = check(str(f), "--json")
    assert proc.returncode == 0, proc.stderr
    [line] = json_lines(proc)
    assert line["file"] == str(f)
    assert line["kind"] == "score" and line["profile"] == "detailed"
    assert line["award"] == {"NS": 16, "EW": 0}
    assert "errors" not in line


def test_a_failed_contract_is_a_verdict_not_an_error(tmp_path):
    f = tmp_path / "failed.yaml"
    f.write_text(VALID_SCORE)
    proc = check(str(f), "--json")
    assert proc.returncode == 0
    assert json_lines(proc)[0]["buyer_made"] is False


def test_several_files_give_one_json_line_each_in_order_and_the_worst_exit(tmp_path):
    good = tmp_path / "a-good.yaml"
    good.write_text(VALID_SCORE)
    bad = tmp_path / "b-bad.yaml"
    bad.write_text(VALID_SCORE.replace("EW: 80", "EW: 81"))
    library = str(LIBRARY / "seed004-sun-65-65.yaml")
    proc = check(str(bad), str(good), library, str(bad), "--json")
    assert proc.returncode == 2
    got = json_lines(proc)
    assert [x["file"] for x in got] == [str(bad), str(good), library, str(bad)]
    assert "errors" in got[0] and "errors" in got[3]
    assert "errors" not in got[1] and "errors" not in got[2]
    assert got[2]["award"] == {"NS": 13, "EW": 13}
    assert all(line.startswith(f"{bad}: ") for line in lines(proc.stderr))


def test_several_valid_files_exit_0(tmp_path):
    files = []
    for i in range(3):
        f = tmp_path / f"s{i}.yaml"
        f.write_text(VALID_SCORE)
        files.append(str(f))
    proc = check(*files)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    assert all(f"== {f}" in out for f in files)


# --- standard input and --profile ----------------------------------------------------------

def test_dash_reads_standard_input():
    proc = check("-", "--json", stdin=VALID_SCORE.encode())
    assert proc.returncode == 0, proc.stderr
    [line] = json_lines(proc)
    assert line["file"] in ("-", "<stdin>")
    assert line["award"] == {"NS": 16, "EW": 0}


def test_invalid_standard_input_names_it_on_stderr():
    proc = check("-", "--json", stdin=b"kind: score\n")
    [line] = json_lines(proc)
    assert_clean_rejection(proc, line["file"])
    assert line["errors"]


@pytest.mark.parametrize(("flag", "profile", "award_ns"), [
    pytest.param([], "detailed", 58, id="the-files-own-profile"),
    pytest.param(["--profile", "tournament"], "tournament", 53, id="profile-flag-overrides-the-file"),
    pytest.param(["--profile", "detailed"], "detailed", 58, id="profile-flag-named-like-the-file"),
])
def test_profile_flag_overrides_the_files_profile(tmp_path, flag, profile, award_ns):
    f = tmp_path / "triple.yaml"
    f.write_text(TRIPLE_WITH_PROJECTS)
    proc = check(str(f), "--json", *flag)
    assert proc.returncode == 0, proc.stderr
    [line] = json_lines(proc)
    assert line["profile"] == profile
    assert line["award"] == {"NS": award_ns, "EW": 0}


def test_unknown_profile_flag_exits_2_with_a_clear_message(tmp_path):
    f = tmp_path / "ok.yaml"
    f.write_text(VALID_SCORE)
    proc = check(str(f), "--profile", "casual")
    [problem] = assert_clean_rejection(proc, str(f))
    assert "unknown profile 'casual'" in problem
    assert "detailed" in problem and "tournament" in problem


def test_unknown_profile_flag_with_json_still_prints_the_files_line(tmp_path):
    f = tmp_path / "ok.yaml"
    f.write_text(VALID_SCORE)
    proc = check(str(f), "--profile", "casual", "--json")
    [line] = json_lines(proc)
    assert line["file"] == str(f)
    assert any("unknown profile" in e for e in line["errors"])


# --- bad input: exit 2, one named line per problem, never a traceback -----------------------

FIXTURES = sorted(p for p in INVALID.glob("*.yaml"))


def _oversized() -> bytes:
    return VALID_SCORE.encode() + b"#" * (64 * 1024)


BAD_INPUTS: list[tuple[str, bytes, str]] = [
    ("malformed-yaml", b"kind: score\ncontract: {mode: sun, buyer: E\npoints: [\n", "malformed YAML"),
    ("malformed-yaml-indentation", b"kind: score\n  points: 3\n bad: indent\n", "malformed YAML"),
    ("empty-file", b"", "empty"),
    ("blank-file", b"   \n\n# only a comment\n", "empty"),
    ("oversized-file", _oversized(), "too large"),
    ("yaml-list-instead-of-a-mapping", b"- kind: score\n- points: 3\n", "mapping"),
    ("yaml-text-instead-of-a-mapping", b"just words\n", "mapping"),
    ("binary-garbage", bytes(range(256)) * 4, "UTF-8"),
    ("control-characters", b"\x00\x01\x02kind: score\x7f\x1b[0m", ""),
    ("broken-bom", b"\xef\xbb\xbf\xff\xfe", "UTF-8"),
    ("score-with-nothing-else", b"kind: score\n", "missing"),
    ("unknown-kind", b"kind: chess\n", "unknown kind"),
    ("no-kind", b"points: {NS: 80, EW: 82}\n", "kind"),
    ("points-not-a-number", VALID_SCORE.replace("NS: 82", "NS: 8.5").encode(), "whole number"),
    ("unknown-seat", VALID_SCORE.replace("buyer: E", "buyer: X").encode(), "seat"),
    ("profile-a-number", (VALID_SCORE + "profile: 42\n").encode(), "profile"),
    ("option-with-an-unknown-value", (VALID_SCORE + "profile: {base: detailed, tie_rule: maybe}\n").encode(),
     "tie_rule"),
    ("empty-project", (VALID_SCORE + "projects: {N: [[]]}\n").encode(), "projects.N[0]"),
    ("project-not-a-list", (VALID_SCORE + "projects: {N: AS}\n").encode(), "projects.N"),
    ("unknown-escalation-level", (VALID_SCORE + "escalation: {level: quintuple}\n").encode(), "escalation.level"),
    ("ten-tricks", (VALID_SCORE + "tricks_won: {NS: 5, EW: 5}\n").encode(), "tricks_won"),
    # issue 9: each of these was a traceback, a 38 s / 3.6 GB expansion, or a silent last-wins
    ("alias-bomb-as-dealer", ("a: &a [x,x,x,x,x,x,x,x,x,x]\n" + "".join(
        f"{c}: &{c} [{', '.join(['*' + p] * 10)}]\n" for p, c in zip("abcdefgh", "bcdefghi"))
        + "kind: score\ndealer: *i\n").encode(), "line 2, column 8: *a is an alias"),
    ("nested-thirty-thousand-deep", b"[" * 30_000 + b"]" * 30_000, "nest more than 16 levels"),
    ("points-of-5000-digits", VALID_SCORE.replace("NS: 82", "NS: " + "1" * 5000).encode(),
     "points.NS: a number of 5000 digits is too long"),
    ("nul-in-the-title", (VALID_SCORE + 'title: "a\\0b"\n').encode(), "title: the text holds the control character "
                                                                     "U+0000 (NUL)"),
    ("lone-surrogate-in-the-title", (VALID_SCORE + 'title: "\\ud800"\n').encode(), "title: the text holds U+D800"),
    ("kind-written-twice", b"kind: play\nkind: score\n", "kind: the key is written twice (lines 1 and 2)"),
    ("match-total-of-10^29", (VALID_SCORE + "match: {NS: 1" + "0" * 29 + ", EW: -1" + "0" * 20 + "}\n").encode(),
     "match.NS: a number of 30 digits"),
    ("match-already-won", (VALID_SCORE + "match: {NS: 160, EW: 100}\n").encode(), "NS has already won the match"),
]


@pytest.fixture(scope="module")
def rejected(tmp_path_factory) -> dict[str, tuple[dict, list[str]]]:
    """Every bad file checked in one run with --json: label -> (its JSON line, its stderr problems)."""
    folder = tmp_path_factory.mktemp("bad")
    labels = [str(p.relative_to(ROOT)) for p in FIXTURES]
    for name, data, _ in BAD_INPUTS:
        (folder / f"{name}.yaml").write_bytes(data)
        labels.append(str(folder / f"{name}.yaml"))
    proc = check(*labels, "--json")
    err = proc.stderr.decode("utf-8", errors="replace")
    assert "Traceback" not in err, err
    assert proc.returncode == 2
    got = json_lines(proc)
    assert [x["file"] for x in got] == labels, "one JSON line per file, in order"
    by_file: dict[str, list[str]] = {label: [] for label in labels}
    for line in err.splitlines():
        label = next((x for x in labels if line.startswith(f"{x}: ")), None)
        assert label is not None, f"stderr line without a file name: {line!r}"
        by_file[label].append(line[len(label) + 2:])
    return {x["file"]: (x, by_file[x["file"]]) for x in got}


@pytest.mark.parametrize("path", FIXTURES, ids=[p.stem for p in FIXTURES])
def test_invalid_fixture_is_rejected_on_stderr_and_in_json(rejected, path):
    expected = yaml.safe_load(path.read_text(encoding="utf-8"))["expect_errors"]
    line, problems = rejected[str(path.relative_to(ROOT))]
    assert set(line) == {"file", "errors"}
    assert problems and line["errors"] == problems, "stderr has exactly one line per problem in the JSON"
    for needle in expected:
        assert any(needle in p for p in problems), (needle, problems)


@pytest.mark.parametrize(("name", "needle"), [pytest.param(n, needle, id=n) for n, _, needle in BAD_INPUTS])
def test_bad_file_is_rejected_with_a_named_problem(rejected, name, needle):
    [(line, problems)] = [v for k, v in rejected.items() if k.endswith(f"/{name}.yaml")]
    assert set(line) == {"file", "errors"}
    assert problems and line["errors"] == problems
    assert all(len(p) > 5 for p in problems)
    assert any(needle in p for p in problems), problems


@pytest.mark.parametrize("name", ["malformed-yaml", "empty-file", "oversized-file", "yaml-list-instead-of-a-mapping",
                                  "binary-garbage"])
def test_bad_file_alone_exits_2_without_a_traceback(tmp_path, name):
    [(data, needle)] = [(d, n) for x, d, n in BAD_INPUTS if x == name]
    f = tmp_path / "bad.yaml"
    f.write_bytes(data)
    proc = check(str(f))
    problems = assert_clean_rejection(proc, str(f))
    assert any(needle in p for p in problems), problems
    assert proc.stdout == b""


@pytest.mark.parametrize("path", FIXTURES[:3], ids=[p.stem for p in FIXTURES[:3]])
def test_invalid_fixture_alone_exits_2(path):
    label = str(path.relative_to(ROOT))
    assert_clean_rejection(check(label), label)


@pytest.mark.parametrize(("data", "needle"), [
    pytest.param(_oversized(), "too large", id="oversized-stdin"),
    pytest.param(bytes(range(256)) * 4, "UTF-8", id="binary-stdin"),
    pytest.param(b"", "empty", id="empty-stdin"),
    pytest.param(b"kind: play\ntitle: &t [x, x]\nnotes: *t\n", "line 3, column 8: *t is an alias", id="alias-stdin"),
    pytest.param(b"kind: play\nnotes: " + b"{a: " * 10_000, "nest more than 16 levels", id="deep-stdin"),
])
def test_bad_standard_input_exits_2_without_a_traceback(data, needle):
    proc = check("-", stdin=data)
    label = proc.stderr.decode().split(": ", 1)[0]
    problems = assert_clean_rejection(proc, label)
    assert label in ("-", "<stdin>")
    assert any(needle in p for p in problems), problems


def test_file_that_does_not_exist(tmp_path):
    missing = tmp_path / "nowhere.yaml"
    proc = check(str(missing), "--json")
    [problem] = assert_clean_rejection(proc, str(missing))
    assert "no such file" in problem
    [line] = json_lines(proc)
    assert line == {"file": str(missing), "errors": [problem]}


def test_a_folder_is_not_a_scenario(tmp_path):
    proc = check(str(tmp_path))
    [problem] = assert_clean_rejection(proc, str(tmp_path))
    assert "folder" in problem


def test_one_line_per_problem_when_a_file_has_several(tmp_path):
    f = tmp_path / "many.yaml"
    f.write_text("kind: score\ncontract: {mode: sun, buyer: E}\npoints: {NS: 65, EW: 66}\nbaloot: E\n"
                 "escalation: {level: triple, doubler: N}\n")
    proc = check(str(f))
    problems = assert_clean_rejection(proc, str(f))
    assert len(problems) == 3
    assert any(p.startswith("points: ") for p in problems)
    assert any(p.startswith("baloot: ") for p in problems)
    assert any(p.startswith("escalation.level: ") for p in problems)


def test_cli_read_limit_matches_the_scenario_limit():
    from explorer.__main__ import MAX_READ_BYTES
    from explorer.engine.files.scenario import MAX_SCENARIO_BYTES

    assert MAX_READ_BYTES == MAX_SCENARIO_BYTES


def test_a_file_name_that_is_not_utf8_is_printed_without_a_traceback(tmp_path):
    import os
    name = os.fsdecode(bytes(tmp_path) + b"/caf\xe9.yaml")
    with open(os.fsencode(name), "wb") as fh:
        fh.write(b"kind: play\nkind: score\n")
    proc = subprocess.run([sys.executable, "-m", "explorer", "check", name, "--json"], capture_output=True,
                          cwd=ROOT, timeout=60, env={**os.environ, "PYTHONIOENCODING": "utf-8"})
    assert b"Traceback" not in proc.stderr and proc.returncode == 2, proc.stderr
    [line] = json_lines(proc)
    assert line["file"].endswith("caf\ufffd.yaml")
    assert line["errors"] == ["kind: the key is written twice (lines 1 and 2); keep one"]


# --- the text output and --lang ------------------------------------------------------------------

def test_text_output_gives_the_reason_of_the_illegal_cards_once():
    """Issue 12: one line for the cards a rule refuses, not the whole reason once per card."""
    proc = check(str(LIBRARY / "seed000-third-player-must-cut.yaml"))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    illegal = "7S 8D 8S 9S AS JD TD".split()
    assert out.count("Clubs were led and you have no clubs") == 1, out
    assert "  7S 8D 8S 9S AS JD TD are not allowed: you must trump." in out.splitlines()
    assert all(out.count(card) == 1 for card in illegal), out
    assert "Legal: QH" in out


@pytest.mark.parametrize("name", ["bidding-sun-over-hokum", "bidding-earlier-seat-takes-hokum", "bidding-redeal",
                                  "bidding-ashkal-by-dealer"])
def test_bidding_text_output_is_sentences_not_python_values(name):
    proc = check(str(LIBRARY / f"{name}.yaml"))
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode()
    for python in ("{'", "Finished:", "False", "True", "None"):
        assert python not in out, out
    assert all(line.rstrip().endswith((".", ")")) for line in out.splitlines()[1:]), out


def test_bidding_text_output_says_who_is_asked_and_the_contract():
    out = check(str(LIBRARY / "bidding-earlier-seat-takes-hokum.yaml")).stdout.decode().splitlines()
    assert out[2:] == ["Round 1: W's Hokum ♠ stands; E is asked.", "E may call: Pass, Sun."]
    out = check(str(LIBRARY / "bidding-sun-over-hokum.yaml")).stdout.decode().splitlines()
    assert out[1:] == ["Sun bought by W, Double; W takes the upcard.", "Escalation: Double; N said Double."]


@pytest.mark.parametrize("flags", [[], ["--json"]])
def test_a_language_without_a_catalogue_prints_english(flags):
    files = [str(LIBRARY / f"{n}.yaml") for n in ("seed000-third-player-must-cut", "bidding-sun-over-hokum",
                                                  "deal-from-deck-and-bidding")]
    english = check(*files, *flags)
    assert english.returncode == 0
    assert check(*files, *flags, "--lang", "xx").stdout == english.stdout
    assert check(*files, *flags, "--lang", "en").stdout == english.stdout


def test_a_language_is_a_code_not_a_path():
    proc = check(str(LIBRARY / "bidding-redeal.yaml"), "--lang", "../../etc")
    assert proc.returncode == 2 and b"not a language code" in proc.stderr


def test_lang_translates_the_sentences_and_nothing_else(tmp_path, monkeypatch, capsys):
    """With a catalogue (a made-up German one marking every msgid ‹…›), --json keeps its keys, rule ids, card
    codes and numbers; only the sentences change."""
    from babel.messages.pofile import read_po, write_po

    from explorer import i18n_tools
    from explorer.__main__ import main
    from explorer.engine.core import i18n

    catalog = read_po(i18n_tools.POT.open("rb"), locale="de")
    for m in catalog:
        if m.id:
            m.string = tuple(f"‹{x}›" for x in m.id) if isinstance(m.id, tuple) else f"‹{m.id}›"
    po = tmp_path / "de" / "LC_MESSAGES" / "explorer.po"
    po.parent.mkdir(parents=True)
    with po.open("wb") as fh:
        write_po(fh, catalog)
    monkeypatch.setattr(i18n, "LOCALE_DIR", tmp_path)
    i18n.translator.cache_clear()
    try:
        for name in ("seed000-third-player-must-cut", "bidding-sun-over-hokum", "seed004-hokum-82-80"):
            path = str(LIBRARY / f"{name}.yaml")
            assert main(["check", path, "--json"]) == 0
            en = json.loads(capsys.readouterr().out)
            assert main(["check", path, "--json", "--lang", "de"]) == 0
            de = json.loads(capsys.readouterr().out)
            _same_but_sentences(en, de)
            assert main(["check", path, "--lang", "de"]) == 0
            text = capsys.readouterr().out.splitlines()
            assert all(line.lstrip().startswith("‹") for line in text), text
    finally:
        i18n.translator.cache_clear()


SENTENCE_KEYS = {"reason", "rule", "rule_text", "detail", "explanation", "requirement"}


def _same_but_sentences(en, de, key: str = "$") -> None:
    if isinstance(en, dict):
        assert set(en) == set(de), key
        for k in en:
            if k == "illegal":                              # card code -> reason
                assert set(en[k]) == set(de[k])
                assert all(de[k][c].startswith("‹") for c in de[k])
            elif k in SENTENCE_KEYS and isinstance(en[k], str) and not en[k].isidentifier():
                assert de[k].startswith("‹") and de[k] != en[k], (key, k, de[k])
            else:
                _same_but_sentences(en[k], de[k], f"{key}.{k}")
    elif isinstance(en, list):
        assert len(en) == len(de), key
        for a, b in zip(en, de):
            _same_but_sentences(a, b, key)
    else:
        assert en == de, (key, en, de)
