"""The command line's arguments, each shape a user or a script can give (issue 26): an empty or odd file name,
a named pipe, a device, a closed standard input, a count of deals no run can finish, an --out that cannot be
written, Ctrl-C in the middle of a CSV. Each gets one clear line and an exit status, never a traceback, a
hang or a half-written file; a file name is printed so that it cannot hide text or forge a line of output.

In-process (``main([...])``) where that proves it; a subprocess where only one can: a closed standard input,
a pipe that would block the process, Ctrl-C.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from explorer.__main__ import main
from explorer.engine.fast import simulate
from explorer.engine.players import selfplay as selfplay_module

ROOT = Path(__file__).resolve().parents[2]
GOOD = ROOT / "data" / "scenarios" / "seed000-third-player-must-cut.yaml"


def run(*args: str, stdin: int | None = None, timeout: float = 60) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "explorer", *args], capture_output=True, cwd=ROOT,
                          timeout=timeout, stdin=stdin, text=True)


@pytest.fixture
def nothing_is_played(monkeypatch):
    """A command refused before it plays: playing a single chunk fails the test at once (instead of running
    for ever on a count no run can finish)."""
    def refuse(*args, **kwargs):
        raise AssertionError("the command started playing")

    monkeypatch.setattr(simulate, "iter_chunks", refuse)
    monkeypatch.setattr(selfplay_module, "play_deal", refuse)


# --- check: what is not a scenario file ---------------------------------------------------------

def test_check_of_an_empty_name_says_so_not_that_it_is_a_folder(capsys):
    assert main(["check", ""]) == 2
    assert capsys.readouterr().err == "'': an empty name is not a file name\n"


def test_check_of_a_named_pipe_without_a_writer_is_refused_at_once_not_waited_on(tmp_path):
    fifo = tmp_path / "pipe.yaml"
    os.mkfifo(fifo)
    proc = run("check", str(fifo), timeout=30)  # reading it would wait for a writer for ever
    assert (proc.returncode, proc.stderr) == (2, f"{fifo}: is a named pipe (FIFO), not a scenario file\n")


def test_check_of_a_device_is_refused_without_reading_it(capsys):
    assert main(["check", "/dev/zero"]) == 2
    assert capsys.readouterr().err == "/dev/zero: is a device, not a scenario file\n"


def test_check_of_a_folder_and_of_a_missing_file(tmp_path, capsys):
    assert main(["check", str(tmp_path), str(tmp_path / "nowhere.yaml")]) == 2
    assert capsys.readouterr().err.splitlines() == [f"{tmp_path}: is a folder, not a scenario file",
                                                    f"{tmp_path / 'nowhere.yaml'}: no such file"]


def test_check_of_a_closed_standard_input_is_one_line_not_a_traceback():
    proc = subprocess.run(["sh", "-c", 'exec "$0" -m explorer check - <&-', sys.executable], cwd=ROOT,
                          capture_output=True, text=True, timeout=60)
    assert (proc.returncode, proc.stderr) == (2, "<stdin>: standard input is closed\n")


def test_an_internal_error_still_gives_its_json_line(monkeypatch, capsys):
    from explorer.engine.files import scenario

    def broken(*args, **kwargs):
        raise ZeroDivisionError

    monkeypatch.setattr(scenario, "check_text", broken)
    assert main(["check", str(GOOD), "--json"]) == 1
    out = capsys.readouterr()
    assert json.loads(out.out) == {"file": str(GOOD), "errors": [
        "the engine could not judge this scenario (internal error ZeroDivisionError); please report it with the file"]}


# --- check: file names that would hide text or forge lines -------------------------------------

@pytest.mark.parametrize(("name", "shown"), [
    pytest.param("a\x1b[31mred.yaml", "a<U+001B>[31mred.yaml", id="escape-sequence"),
    pytest.param("ok.yaml: fine\nforged.yaml", "ok.yaml: fine<U+000A>forged.yaml", id="newline-forges-a-line"),
    pytest.param("evil\u202elmay.txt", "evil<U+202E>lmay.txt", id="right-to-left-override"),
    pytest.param("no\u200bte.yaml", "no<U+200B>te.yaml", id="zero-width-space"),
    pytest.param("\u2067x.yaml", "<U+2067>x.yaml", id="unclosed-isolate"),
])
def test_a_file_name_is_printed_with_its_hidden_characters_shown(tmp_path, capsys, name, shown):
    path = tmp_path / name
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err == f"{tmp_path}/{shown}: no such file\n"
    assert main(["check", str(path), "--json"]) == 2
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and json.loads(out)["file"] == str(path), "JSON keeps the name, escaped"
    assert all(ch not in out for ch in "\x1b\u202e\u200b\u2067")


def test_a_key_that_would_forge_a_line_is_shown_on_one_line(tmp_path, capsys):
    f = tmp_path / "k.yaml"
    f.write_text('kind: score\n"a\\nf.yaml: forged \\u202e": 1\n', encoding="utf-8")
    assert main(["check", str(f)]) == 2
    lines = capsys.readouterr().err.splitlines()
    assert f"{f}: a<U+000A>f.yaml: forged <U+202E>: is not a key of this scenario kind" in lines
    assert all(line.startswith(f"{f}: ") for line in lines)


# --- simulate -------------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "says"), [
    pytest.param(["--deals", "9" * 20], f"--deals {'9' * 20} is not a number of deals (0 to 10,000,000)",
                 id="twenty-digit-count"),
    pytest.param(["--deals", "-5"], "--deals -5 is not a number of deals (0 to 10,000,000)", id="negative"),
    pytest.param(["--out", ""], "--out: an empty name is not a file name", id="empty-out"),
    pytest.param(["--profile", ""], "unknown profile '' (use detailed, tournament, simple)", id="empty-profile"),
    pytest.param(["--seed", "-1"], "seed -1 is negative (use 0 or more)", id="negative-seed"),
])
def test_simulate_refuses_what_it_cannot_play_before_playing(nothing_is_played, capsys, args, says):
    assert main(["simulate", *args]) == 2
    assert capsys.readouterr().err == f"simulate: {says}\n"


def test_simulate_refuses_a_folder_or_a_path_under_a_file_as_its_out(nothing_is_played, tmp_path, capsys):
    assert main(["simulate", "--deals", "5", "--out", str(tmp_path)]) == 2
    assert capsys.readouterr().err == f"simulate: --out {tmp_path} is a folder, not a file\n"
    (tmp_path / "f").write_text("x")
    assert main(["simulate", "--deals", "5", "--out", str(tmp_path / "f" / "d.csv")]) == 2
    assert capsys.readouterr().err == f"simulate: cannot write {tmp_path / 'f' / 'd.csv'} (Not a directory)\n"


def test_simulate_writes_its_csv_under_its_name_only_when_whole(tmp_path, capsys):
    out = tmp_path / "deals.csv"
    assert main(["simulate", "--deals", "30", "--seed", "4", "--out", str(out)]) == 0
    assert out.read_text().count("\n") == 31 and sorted(p.name for p in tmp_path.iterdir()) == ["deals.csv"]
    assert oct(out.stat().st_mode & 0o777) == oct(0o666 & ~_umask()), "the file's mode is what open() gives"


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _ctrl_c_heard() -> None:
    """In the child: Ctrl-C stops it, as in a terminal (a shell's background job inherits SIGINT ignored)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_during_simulate_leaves_no_partial_csv_and_keeps_the_file_that_was_there(tmp_path):
    out = tmp_path / "deals.csv"
    out.write_text("the previous run's rows\n")
    proc = subprocess.Popen([sys.executable, "-m", "explorer", "simulate", "--deals", "10000000", "--out", str(out)],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=_ctrl_c_heard)
    try:
        deadline = time.monotonic() + 60
        while not any(p.name.endswith(".partial") and p.stat().st_size > 0 for p in tmp_path.iterdir()):
            assert proc.poll() is None and time.monotonic() < deadline, "the run writes its rows as it plays"
            time.sleep(0.05)  # polling for the state above, not waiting for a time
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=60)
    finally:
        proc.kill()
    assert proc.returncode == 130 and "Traceback" not in err
    assert err == f"simulate: interrupted; {out} was not written\n"
    assert [p.name for p in tmp_path.iterdir()] == ["deals.csv"] and out.read_text() == "the previous run's rows\n"


def test_simulate_writes_to_a_device_or_pipe_as_it_goes(capsys):
    assert main(["simulate", "--deals", "3", "--out", "/dev/null"]) == 0
    assert "Wrote 3 rows to /dev/null." in capsys.readouterr().out


# --- selfplay and duel ------------------------------------------------------------------------------

@pytest.mark.parametrize(("args", "says"), [
    pytest.param(["--out", ""], "--out: an empty name is not a folder", id="empty-out-would-be-the-current-folder"),
    pytest.param(["--out", "d", "--deals", "0"], "--deals 0 is not a number of deals (1 to 1,000,000)", id="zero"),
    pytest.param(["--out", "d", "--deals", "9" * 20], f"--deals {'9' * 20} is not a number of deals "
                 "(1 to 1,000,000)", id="twenty-digit-count"),
    pytest.param(["--out", "d", "--profile", ""], "--profile: unknown profile '' (use detailed, tournament, simple)",
                 id="empty-profile"),
])
def test_selfplay_refuses_what_it_cannot_play_before_playing(nothing_is_played, tmp_path, monkeypatch, capsys, args,
                                                             says):
    monkeypatch.chdir(tmp_path)
    assert main(["selfplay", "--deals", "2", *args]) == 2
    assert capsys.readouterr().err == f"selfplay: {says}\n"
    assert list(tmp_path.iterdir()) == []


def test_selfplay_out_named_with_hidden_characters_is_shown_with_markers(tmp_path, capsys):
    (tmp_path / "f\u202e").write_text("x")
    assert main(["selfplay", "--deals", "1", "--out", str(tmp_path / "f\u202e")]) == 2
    assert capsys.readouterr().err == f"selfplay: --out {tmp_path}/f<U+202E> is a file, not a folder\n"


def test_a_deal_file_interrupted_while_written_leaves_nothing_half_written(tmp_path, monkeypatch):
    def interrupted(self, target):
        raise KeyboardInterrupt

    monkeypatch.setattr(Path, "replace", interrupted)
    with pytest.raises(KeyboardInterrupt):
        selfplay_module.selfplay(2, 1, "random", "random", out=tmp_path)
    assert list(tmp_path.iterdir()) == []


@pytest.mark.parametrize("deals", ["0", "100001", "9" * 20])
def test_duel_refuses_a_count_it_cannot_play(nothing_is_played, capsys, deals):
    assert main(["duel", "random", "random", "--deals", deals]) == 2
    assert capsys.readouterr().err == f"duel: --deals {deals} is not a number of deals (1 to 100,000)\n"


@pytest.mark.parametrize(("args", "message"), [
    (["--a-option", "endgame"], "duel: --a-option 'endgame' is not KEY=VALUE (e.g. --a-option endgame=4)\n"),
    (["--b-option", "Endgame=4"], "duel: --b-option 'Endgame=4' is not KEY=VALUE (e.g. --b-option endgame=4)\n"),
    (["--a-option", "level=ultra"], "duel: --a-option: expert does not take level=ultra (unknown level 'ultra' "
                                    "(use normal, fast))\n"),
])
def test_duel_refuses_an_option_its_player_does_not_take(nothing_is_played, capsys, args, message):
    assert main(["duel", "expert", "expert", "--deals", "2", *args]) == 2
    assert capsys.readouterr().err == message


def test_a_reader_that_goes_away_ends_the_command_quietly():
    proc = subprocess.run(f'"{sys.executable}" -m explorer simulate --deals 100000 --out /dev/stdout | head -c 10',
                          shell=True, cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert proc.stdout == "deal,seed," and proc.stderr == ""


def test_check_of_a_regular_file_whose_read_would_wait_is_refused_at_once(tmp_path, monkeypatch, capsys):
    # /proc/kmsg is such a file (a regular file whose read waits for the kernel's next message), but whether a read
    # waits depends on the kernel's buffer at that moment; the non-blocking read's answer is what the command meets
    path = tmp_path / "kmsg"
    path.write_text("kind: play\n")

    class WouldWait:
        def __enter__(self):
            return self

        def __exit__(self, *exc):
            return False

        def read(self, n):
            raise BlockingIOError(11, "Resource temporarily unavailable")

    real_fdopen = os.fdopen
    monkeypatch.setattr("explorer.__main__.os.fdopen",
                        lambda fd, *a, **k: (os.close(fd), WouldWait())[1] if a == ("rb",) else real_fdopen(fd, *a, **k))
    assert main(["check", str(path)]) == 2
    assert capsys.readouterr().err == f"{path}: cannot be read now (reading it would wait for more)\n"
