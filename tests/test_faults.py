"""Faults a user's day, a signal, an odd input file or a damaged file can cause: each is
one sentence (or a marked part) and a documented exit code; the run goes on where it
can, and its report is never lost, doubled or mixed into the JSON.

The days are in a throwaway year package (2066). A case whose subject belongs to a process
(a fork, a thread left running, the streams closed, Ctrl-C while `aoc` starts, a FIFO or
a device as the input) is a real `aoc` process; the others run in this process
(site_cli.aoc_in_process). SIGTERM and SIGHUP, and the --timeout children they stop:
test_interrupt.py.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from conftest import DAY_7_EXAMPLE, AocdHome, temporary_year
from site_cli import aoc, aoc_in_process

HEAD = "import os, sys, threading, time\nfrom aoc2023.framework import Example, Solution\n"


def day(part_1: str, part_2: str = "return 2") -> str:
    return HEAD + f'''
class Day(Solution[str]):
    examples = [Example("x", part_1=1, part_2=2)]

    def part_1(self, text: str) -> int:
        {part_1}

    def part_2(self, text: str) -> int:
        {part_2}
'''


def year(tmp_path: Path, **days: str) -> Path:
    package = tmp_path / "site" / "aoc2066"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for name, source in days.items():
        (package / f"{name}.py").write_text(source)
    return tmp_path / "site"


def env(home: AocdHome, site: Path) -> dict[str, str]:
    environment = home.env()
    environment["PYTHONPATH"] = f"{site}{os.pathsep}{environment['PYTHONPATH']}"
    return environment


# --- a day's code cannot take the run down ------------------------------------------------


def test_sys_exit_in_a_part_is_that_parts_error_and_the_run_goes_on(tmp_path: Path) -> None:
    days = {"day01.py": day("sys.exit(3)"), "day02.py": day("raise SystemExit")}
    with temporary_year(tmp_path / "site", 2066, days):
        done = aoc_in_process("run", "2066", "--example", "--json")
    assert done.returncode == 2, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [(r["day"], [p["status"] for p in r["parts"]]) for r in results] == [
        (1, ["error", "correct"]), (2, ["error", "correct"])]
    assert results[0]["parts"][0]["error"] == "the day's code called sys.exit(3)"


def test_under_json_what_a_part_prints_goes_to_stderr(tmp_path: Path) -> None:
    with temporary_year(tmp_path / "site", 2066, {"day01.py": day("print('chatty'); return 1")}):
        done = aoc_in_process("run", "2066", "1", "--example", "--json")
    assert json.loads(done.stdout)["results"][0]["parts"][0]["status"] == "correct"
    assert "chatty" in done.stderr


def test_a_part_that_forks_leaves_a_thread_or_closes_stdout_cannot_upset_the_report(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """One process, three days: day 1's part forks (the report is not printed twice), day
    2's leaves a thread running (aoc exits all the same), day 3's closes stdout and stderr
    (the report is whole, and no traceback)."""
    site = year(tmp_path, day01=day("os.fork(); return 1"),
                day02=day("threading.Thread(target=time.sleep, args=(600,)).start(); return 1"),
                day03=day("sys.stdout.close(); sys.stderr.close(); return 1"))
    # Had aoc waited for the thread, it would have run past this limit (TimeoutExpired).
    done = aoc(None, aocd_home, "run", "2066", "--example", env=env(aocd_home, site),
               timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Advent of Code") == 1
    rows = [line for line in done.stdout.splitlines() if "2066/0" in line]
    assert [row.split("│")[1].strip() for row in rows] == ["2066/01", "2066/02", "2066/03"]
    assert all("✔ 1" in row for row in rows), done.stdout
    assert "Traceback" not in done.stderr


# --- signals ------------------------------------------------------------------------------


def test_ctrl_c_shows_what_finished_marks_the_rest_and_exits_130(tmp_path: Path) -> None:
    """Ctrl-C while day 1's part 2 runs is the KeyboardInterrupt Python raises in the
    day's code (aoc keeps Python's SIGINT handler): raised by the day, in this process.
    (A real SIGINT in a day's code: test_interrupt.py.)"""
    days = {"day01.py": day("return 1", "raise KeyboardInterrupt"), "day02.py": day("return 1")}
    with temporary_year(tmp_path / "site", 2066, days):
        try:
            done = aoc_in_process("run", "2066", "--example")
        except KeyboardInterrupt:
            pytest.fail("Ctrl-C got out of aoc", pytrace=False)
    assert done.returncode == 130, done.stderr
    assert "✔ 1" in done.stdout and "⏹ interrupted" in done.stdout
    assert "2066/02" not in done.stdout  # the day after it did not run
    assert "Interrupted (Ctrl-C) during 2066 day 1" in done.stderr


CTRL_C_ON_IMPORT = """
import os, signal, sys


def ctrl_c(event, args):
    if event == "import" and args[0] == {module!r} and not sent:
        sent.append(True)
        os.kill(os.getpid(), signal.SIGINT)


sent = []
sys.addaudithook(ctrl_c)
"""


@pytest.mark.parametrize(("command", "module"), [
    (["-m", "aoc2023"], "typer"), (["aoc"], "aoc2023.framework.results")],
    ids=["python -m, at a dependency's import", "script, at the framework's import"])
def test_ctrl_c_while_aoc_starts_ends_it_as_ctrl_c_does_without_a_traceback(
    tmp_path: Path, aocd_home: AocdHome, command: list[str], module: str
) -> None:
    """Ctrl-C comes while `aoc` is still importing (deterministically here: the moment
    `module` is imported), before `main` can answer it, as when Ctrl-C follows a save
    under --watch and stops the pass the save started. Each way of starting `aoc` once,
    and each kind of import once: the script guard answers both alike, at start-up."""
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    # The tests' own sitecustomize (no network), and SIGINT when `module` is imported.
    (hooks / "sitecustomize.py").write_text(
        (Path(__file__).parent / "netblock" / "sitecustomize.py").read_text()
        + CTRL_C_ON_IMPORT.format(module=module))
    env = aocd_home.env() | {"PYTHONPATH": str(hooks)}
    program = [sys.executable, *command] if command[0] == "-m" else [
        str(Path(sys.executable).parent / "aoc")]
    done = subprocess.run([*program, "run", "2023", "7", "--example"], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == -signal.SIGINT, done.stderr  # 130 in a shell
    assert done.stdout == "" and done.stderr == ""


# --- input files --------------------------------------------------------------------------


def test_input_must_be_a_regular_file(tmp_path: Path, aocd_home: AocdHome) -> None:
    """A FIFO or a device, in a process (one for both): read, it would hang or fill the
    memory, and a process fails the test at its time limit instead."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [(fifo, "cannot be read (a FIFO, not a regular file)"),
             (Path("/dev/zero"), "cannot be read (a character device"),
             (tmp_path, "is a folder, not a file"),
             (tmp_path / "gone", "does not exist")]
    commands = [("run", "2023", "7", "--input", str(path)) for path, _ in cases]
    ran = [*aoc(None, aocd_home, *commands[:2], timeout=60),
           *(aoc_in_process(*args) for args in commands[2:])]
    for (_, said), done in zip(cases, ran, strict=True):
        assert done.returncode == 2 and said in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1  # one sentence


def test_a_bad_line_is_quoted_short_with_its_escapes(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    for line, shown in [("X" * 1_000_000, "'" + "X" * 77 + "'…"), ("\0" * 4096, "'\\x00\\x00")]:
        path.write_text(DAY_7_EXAMPLE + line + " 1\n")
        done = aoc_in_process("run", "2023", "7", "--input", str(path))
        assert done.returncode == 2 and "line 6:" in done.stderr
        assert shown in done.stderr and len(done.stderr) < 300, done.stderr


def test_day_7_names_the_line_of_a_number_too_long_to_read(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(DAY_7_EXAMPLE + "AKQJT " + "9" * 5000 + "\n")
    done = aoc_in_process("run", "2023", "7", "--input", str(path))
    assert done.returncode == 2
    assert "line 6: the bid has 5,000 digits, too many to read as a number" in done.stderr


# --- damaged files ------------------------------------------------------------------------


DAMAGES = [
    ("input-not-utf8", "is not UTF-8 text"),
    ("input-folder", "is a folder, not a file"),
    ("memo-not-json", "token memo"),
    ("memo-list", "not a map of tokens to user ids"),
    ("memo-number-id", "not a map of tokens to user ids"),
    ("answer-not-utf8", "aocd's cached answer"),
    ("wait-no-zone", "a time without a time zone"),
    ("wait-far-ahead", "further ahead than the hour the site ever asks to wait"),
    ("journal-dict", "record of sent answers"),
]
"""A file damaged, and what the sentence naming it says."""


def damage_files(home: AocdHome, damage: str) -> None:
    """`home` as `cache_solved_day_7` leaves it but for part 1's answer (a part to send:
    the wait file is read), with one file damaged as `damage` (one of DAMAGES) says."""
    for folder in (home.data, home.config):
        shutil.rmtree(folder)
        folder.mkdir()
    home.cache_solved_day_7()
    user = home.user_dir
    memo = home.config / "token2id.json"
    (user / "2023_07a_answer.txt").unlink()
    if damage == "input-not-utf8":
        (user / "2023_07_input.txt").write_bytes(b"\xff\xfe bad")
    elif damage == "input-folder":
        (user / "2023_07_input.txt").unlink()
        (user / "2023_07_input.txt").mkdir()
    elif damage == "memo-not-json":
        memo.write_text("{not json")
    elif damage == "memo-list":
        memo.write_text("[]")
    elif damage == "memo-number-id":
        memo.write_text(json.dumps({"t": 123}))
    elif damage == "answer-not-utf8":
        (user / "2023_07b_answer.txt").write_bytes(b"\xff")
    elif damage == "wait-no-zone":
        (home.config / "aoc-submit-wait.json").write_text(
            json.dumps({user.name: "2099-01-01T00:00:00"}))
    elif damage == "journal-dict":  # hand-edited: a puzzle's attempts are a list
        (home.config / "aoc-attempts.json").write_text(
            json.dumps({user.name: {"2023/07": {"part": 1}}}))
    else:  # wait-far-ahead: 400 days from now
        until = datetime.now(UTC) + timedelta(days=400)
        (home.config / "aoc-submit-wait.json").write_text(
            json.dumps({user.name: until.isoformat()}))


def test_a_damaged_file_is_one_sentence_naming_it(
    tmp_path: Path, aocd_loaded: AocdHome
) -> None:
    """Each damage in a home of its own, made afresh."""
    cwd = tmp_path / "project"
    cwd.mkdir()
    for damage, said in DAMAGES:
        damage_files(aocd_loaded, damage)
        done = aoc_in_process("run", "2023", "7", "--yes", cwd=cwd)
        assert done.returncode == 2, (damage, done.stdout + done.stderr)
        assert said in done.stderr and "unexpected" not in done.stderr, (damage, done.stderr)
        assert "Traceback" not in done.stderr, damage


def test_damaged_settings_are_one_sentence_naming_them(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """Run from a folder inside the project, whose settings are found upwards: in this
    process (site_cli.aoc_in_process takes a folder that holds a pyproject.toml itself
    for a copy of the project, which only a process can work on)."""
    aocd_home.cache_solved_day_7()
    cwd = tmp_path / "project"
    (cwd / "notes").mkdir(parents=True)
    (cwd / "pyproject.toml").write_text("[tool.aoc]\nsubmit = 'sometimes'\n")
    done = aoc_in_process("run", "2023", "7", "--yes", "--example", cwd=cwd / "notes")
    assert done.returncode == 2, done.stdout + done.stderr
    assert "[tool.aoc]" in done.stderr and "unexpected" not in done.stderr, done.stderr
    assert "Traceback" not in done.stderr


def test_a_damaged_token_list_is_one_sentence_for_aocds_runner(aocd_loaded: AocdHome) -> None:
    aocd_loaded.cache_solved_day_7()
    (aocd_loaded.config / "tokens.json").write_text("{broken")
    done = aoc_in_process("-y", "2023", "-d", "7")
    assert done.returncode == 2
    assert "aocd's token list" in done.stderr and "Traceback" not in done.stderr
