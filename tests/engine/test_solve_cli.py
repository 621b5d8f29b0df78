"""The solve command (data/scenarios/README.md, "The solve command"): one JSON line per file with the seat, every
legal card's tricks, points, award, Ekka and line, and best; --time adds solve_ms; an invalid file exits 2 with
one line per problem, as check does; a whole deal has nothing to play; readable sentences, in Arabic with
--lang ar; never a traceback.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from explorer.__main__ import main
from explorer.engine.core.profiles import get_profile
from explorer.engine.files.scenario import dump_yaml
from explorer.engine.solver.samples import random_position

ROOT = Path(__file__).resolve().parents[2]
LIBRARY = ROOT / "data" / "scenarios"
KABOOT = LIBRARY / "deal-in-progress-kaboot.yaml"
LAST = LIBRARY / "deal-in-progress-last-trick.yaml"
WHOLE = LIBRARY / "deal-hokum-clean.yaml"


def solve(*args: str, stdin: bytes | None = None) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "explorer", "solve", *args], input=stdin, capture_output=True,
                          cwd=ROOT, timeout=600)


def test_json_gives_one_line_per_file_with_every_card_its_values_and_best():
    proc = solve(str(KABOOT), str(LAST), "--json")
    assert proc.returncode == 0, proc.stderr
    kaboot, last = (json.loads(x) for x in proc.stdout.decode().splitlines())
    assert kaboot["file"] == str(KABOOT) and kaboot["seat"] == "S" and kaboot["tricks_left"] == 7
    assert [c["card"] for c in kaboot["cards"]] == ["7C", "TC"]       # S must follow clubs
    seven, ten = kaboot["cards"]
    assert (seven["tricks"], seven["award"]) == (7, 44)              # every trick: a Sun Kaboot
    assert ten["tricks"] == 6 and ten["award"] == 26                  # a trick lost: NS take the whole 26
    assert seven["points"] == 124 and ten["points"] < seven["points"]
    assert kaboot["best"] == ["7C"] and not seven["ekka"]
    assert len(seven["line"]) == 26 and seven["line"][0] == "7C"
    assert "solve_ms" not in kaboot
    assert last["seat"] == "E" and [c["card"] for c in last["cards"]] == ["9S"] and last["best"] == ["9S"]
    assert last["cards"][0]["line"] == ["9S", "KS", "JC", "TD"]


def test_time_adds_the_solvers_milliseconds(capsys):
    assert main(["solve", str(LAST), "--json", "--time"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert isinstance(out["solve_ms"], float) and out["solve_ms"] >= 0


def test_time_loads_the_compiled_search_before_the_first_files_clock_starts(capsys, monkeypatch):
    # solve_ms is the search's time: a process's first solve also loaded numba's compiled code (about 0.2 s, half a
    # minute the first time), which a one-file timing then counted as the search's
    import explorer.engine.solver.report as report
    from explorer.engine.solver import search
    order: list[str] = []
    monkeypatch.setattr(search, "warm_up", lambda: order.append("warm-up"))
    real = report.solve_text
    monkeypatch.setattr(report, "solve_text", lambda *a, **k: (order.append("solve"), real(*a, **k))[1])
    assert main(["solve", str(LAST), str(KABOOT), "--json", "--time"]) == 0
    assert order == ["warm-up", "solve", "solve"]
    order.clear()
    assert main(["solve", str(LAST), "--json"]) == 0
    assert order == ["solve"], "untimed: nothing to load ahead"


def test_a_whole_deal_has_nothing_to_play(capsys):
    assert main(["solve", str(WHOLE), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert (out["seat"], out["cards"], out["best"], out["complete"]) == (None, [], [], True)
    assert main(["solve", str(WHOLE)]) == 0
    assert "Nothing to solve: the deal is over" in capsys.readouterr().out


def test_a_record_with_an_illegal_card_has_nothing_to_solve_and_says_which(capsys):
    assert main(["solve", str(LIBRARY / "deal-illegal-card.yaml"), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["valid"] is False and out["error"]["card"] and out["cards"] == []
    assert main(["solve", str(LIBRARY / "deal-illegal-card.yaml")]) == 0
    assert "Nothing to solve: trick" in capsys.readouterr().out


@pytest.mark.parametrize("name", ["deal-trick-of-three.yaml", "deal-empty-trick.yaml", "deal-card-not-held.yaml"])
def test_an_invalid_file_exits_2_with_the_lines_check_gives(name):
    path = ROOT / "tests" / "fixtures" / "invalid" / name
    checked = subprocess.run([sys.executable, "-m", "explorer", "check", str(path)], capture_output=True, cwd=ROOT,
                             timeout=120)
    proc = solve(str(path), "--json")
    assert proc.returncode == checked.returncode == 2
    assert "Traceback" not in proc.stderr.decode()
    assert proc.stderr == checked.stderr
    assert json.loads(proc.stdout)["errors"] == [line.split(": ", 1)[1] for line in checked.stderr.decode().splitlines()]


def test_a_file_of_another_kind_or_missing_is_a_problem_line(tmp_path, capsys):
    assert main(["solve", str(LIBRARY / "play-follow-suit.yaml"), str(tmp_path / "none.yaml")]) == 2
    err = capsys.readouterr().err.splitlines()
    assert err[0].endswith("solve reads kind: deal files (a deal in progress, every hand known); this file is kind: play")
    assert err[1].endswith("none.yaml: no such file")


def test_standard_input_and_the_profile_flag(capsys, monkeypatch):
    g = random_position("cli-profile", 2, 0, profile=get_profile("simple"))
    doc = g.record()
    doc["profile"] = "detailed"                 # --profile simple overrides it: the rules it was played under
    import io
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(dump_yaml(doc).encode())))
    assert main(["solve", "-", "--json", "--profile", "simple"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["file"] == "<stdin>" and out["seat"] == g.to_act.value and out["cards"]
    assert main(["solve", str(KABOOT), "--profile", "nosuch"]) == 2
    assert "--profile: unknown profile" in capsys.readouterr().err


def test_readable_sentences_name_the_cards_as_faces_and_arabic_is_arabic(capsys):
    assert main(["solve", str(KABOOT), "--time"]) == 0
    text = capsys.readouterr().out
    assert "7♣: 7 tricks, 124 points, award +44; line 7♣, 8♣," in text and "Best: 7♣ (award +44)." in text
    assert "Solved in" in text and "7C" not in text
    assert main(["solve", str(KABOOT), "--lang", "ar"]) == 0
    arabic = capsys.readouterr().out
    assert "الجنوب" in arabic and "نقاط الجولة" in arabic and "7♣" in arabic and "tricks" not in arabic


def test_an_engine_failure_is_one_line_and_with_json_still_the_files_line_as_check_gives(capsys, monkeypatch):
    import explorer.engine.solver.report as report

    def broken(*_a, **_k):
        raise KeyError("a bug")
    monkeypatch.setattr(report, "solve_text", broken)
    assert main(["solve", str(KABOOT), "--json"]) == 1
    out, err = capsys.readouterr()
    line = json.loads(out)
    assert line["file"] == str(KABOOT) and "internal error KeyError" in line["errors"][0]
    assert err.count("\n") == 1 and "Traceback" not in err
