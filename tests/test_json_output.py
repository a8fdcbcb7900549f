"""`--json`: stdout is one JSON document in every outcome (commands/json_output.py).

What a day writes below Python's `sys.stdout` (the file descriptor, `sys.__stdout__`, a
subprocess, a forked `--timeout` child) is a real process's doing: those cases run the
real `aoc` in a process of its own, on a throwaway year package (2061). Errors of the
whole command are what `aoc` says, and run in this process (site_cli.py).
"""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import redirect_stderr, redirect_stdout
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import CONTACT, TOKEN, USER_ID, AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc, aoc_in_process

from aoc2023.framework.commands import json_output
from aoc2023.framework.commands.options import fail
from aoc2023.framework.errors import UsageError

YEAR = 2061

NOISY = """
import os, subprocess, sys
from aoc2023.framework import Example, Solution

print("noise at import")
os.write(1, b"fd noise at import\\n")
sys.__stdout__.write("dunder noise at import\\n")
sys.__stdout__.flush()


def noise(part: int) -> None:
    print(f"print from part {part}")
    sys.stdout.flush()
    os.write(1, f"fd write from part {part}\\n".encode())
    sys.__stdout__.write(f"dunder stdout from part {part}\\n")
    sys.__stdout__.flush()
    subprocess.run(["echo", f"subprocess of part {part}"], check=True)


class Day(Solution[str]):
    title = "Noisy"
    examples = [Example("abc", part_1=3, part_2=6)]

    def part_1(self, text: str) -> int:
        noise(1)
        return len(text)

    def part_2(self, text: str) -> int:
        noise(2)
        return 2 * len(text)
"""

QUIET = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
"""


def noisy_year(tmp_path: Path) -> Path:
    """The folder holding `aoc2061`, whose day 1 writes at every level."""
    package = tmp_path / "site" / f"aoc{YEAR}"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "day01.py").write_text(NOISY)
    return package.parent


def one_document(done: subprocess.CompletedProcess[str]) -> dict[str, Any]:
    """stdout parsed whole as one JSON object (json.loads refuses anything around it)."""
    document: dict[str, Any] = json.loads(done.stdout)
    assert isinstance(document, dict), done.stdout
    return document


LINGERING = """
import os, sys, threading, time
from aoc2023.framework import Example, Solution


def chatter() -> None:
    while True:
        print("a thread's line")
        os.write(1, b"a thread's bytes\\n")
        time.sleep(0.0001)


class Day(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        threading.Thread(target=chatter, daemon=True).start()
        time.sleep(0.05)
        return len(text)
"""


def assert_said_on_stderr(stderr: str, parts: tuple[int, ...]) -> None:
    """What NOISY's parts write, at every level, is on stderr."""
    for part in parts:
        for said in (
            f"print from part {part}",
            f"fd write from part {part}",
            f"dunder stdout from part {part}",
            f"subprocess of part {part}",
        ):
            assert said in stderr, said


def test_run_json_keeps_what_a_day_writes_at_any_level_off_stdout(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """`aoc` as the program: day 1 writes at every level, at import too; day 2 leaves a
    thread writing (at both levels) until the process ends, which cannot write after the
    document either (the program never gives stdout back)."""
    site = noisy_year(tmp_path)
    (site / f"aoc{YEAR}" / "day02.py").write_text(LINGERING)
    environment = aocd_home.env()
    environment["PYTHONPATH"] = f"{site}{os.pathsep}{environment['PYTHONPATH']}"
    done = aoc(None, aocd_home, "run", str(YEAR), "1-2", "--example", "--json", env=environment)
    assert done.returncode == 0, done.stderr
    noisy, lingering = one_document(done)["results"]
    assert [part["status"] for part in noisy["parts"]] == ["correct", "correct"]
    assert lingering["parts"][0]["status"] == "correct"
    assert_said_on_stderr(done.stderr, (1, 2))
    assert "noise at import" in done.stderr and "fd noise at import" in done.stderr
    assert "a thread's bytes" in done.stderr


def test_list_timeout_and_bench_json_keep_what_a_day_writes_off_stdout(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """One process (`aoc` called from code, each command's stdout read apart): `aoc list`
    imports day 1, which writes at import (then lists from its cache); `aoc run --timeout`
    runs each part in a forked child, whose writes and lingering thread (day 2) go where
    the parent's do; `aoc bench` redirects the whole command's fd 1 once."""
    site = noisy_year(tmp_path)
    (site / f"aoc{YEAR}" / "day02.py").write_text(LINGERING)
    environment = aocd_home.env()
    environment["PYTHONPATH"] = f"{site}{os.pathsep}{environment['PYTHONPATH']}"
    first, again, timed, bench = aoc(
        None,
        aocd_home,
        ["list", str(YEAR), "--json"],
        ["list", str(YEAR), "--json"],
        ["run", str(YEAR), "1-2", "--example", "--json", "--timeout", "5"],
        ["bench", str(YEAR), "1", "--example", "--json", "--budget", "0.05"],
        env=environment,
    )
    assert [done.returncode for done in (first, again, timed, bench)] == [0] * 4, bench.stderr
    # list, nothing cached: the day is imported
    assert [day["title"] for day in one_document(first)["days"]] == ["Noisy", None]
    assert "fd noise at import" in first.stderr and "dunder noise at import" in first.stderr
    assert one_document(again) == one_document(first)  # from the cache
    # run --timeout
    noisy, lingering = one_document(timed)["results"]
    assert [part["status"] for part in noisy["parts"]] == ["correct", "correct"]
    assert lingering["parts"][0]["status"] == "correct"
    assert_said_on_stderr(timed.stderr, (1, 2))
    assert "a thread's bytes" in timed.stderr
    # bench
    [result] = one_document(bench)["results"]
    assert result["day"] == 1
    assert_said_on_stderr(bench.stderr, (1, 2))


# --- errors of the whole command -----------------------------------------------------------


@pytest.fixture
def quiet_year(tmp_path: Path) -> Iterator[int]:
    with temporary_year(tmp_path / "quiet-site", YEAR, {"day07.py": QUIET}):
        yield YEAR


def error_document(
    *args: str, shift: float = 0.0
) -> tuple[dict[str, object], subprocess.CompletedProcess[str]]:
    done = aoc_in_process(*args, shift=shift)
    document = json.loads(done.stdout)
    assert set(document) == {"error", "exit_code"}, (args, done.stdout)
    assert document["exit_code"] == done.returncode, args
    assert f"Error: {document['error']}" in done.stderr, args  # the same sentence on stderr
    assert "Traceback" not in done.stderr, args
    return document, done


WHOLE_COMMAND_ERRORS = [
    (("run", str(YEAR), "7", "--json", "--bogus"), "No such option: --bogus"),
    (("run", str(YEAR), "99", "--json"), f"Bad day list '99': days of {YEAR} run from 1"),
    (("run", str(YEAR), "8", "--json", "--example"), "day 8"),
    (("run", "--json"), "Missing argument 'YEARS'"),
    (("bench", str(YEAR), "7", "--json", "--budget", "-1"), "--budget must be a number"),
    (("list", "nineteen", "--json"), "nineteen"),
    (("leaderboard", str(YEAR), "abc", "--json"), "Invalid value for 'ID': 'abc'"),
    (("token", "--json", "--bogus"), "No such option: --bogus"),
    (("new", str(YEAR), "99", "--json"), "99"),
    (("read", str(YEAR), "0", "--json"), f"There is no {YEAR} day 0: days of {YEAR} run"),
    (("examples", str(YEAR), "26", "--json"), f"There is no {YEAR} day 26"),
    (("examples", "--json"), "Missing argument 'year'"),
    (("rnu", str(YEAR), "--json"), "No such command 'rnu'"),
]
"""A command line, and what its error says."""


def test_an_error_of_the_whole_command_is_one_json_object(quiet_year: int) -> None:
    for args, says in WHOLE_COMMAND_ERRORS:
        document, done = error_document(*args)
        assert done.returncode == 2, args
        assert says in str(document["error"]), (args, document)


def test_a_damaged_token_list_is_one_json_object(quiet_year: int, aocd_home: AocdHome) -> None:
    aocd_home.set_token()
    (aocd_home.config / "tokens.json").write_text("{not json")
    document, done = error_document("run", str(YEAR), "7", "--json", "--accounts", "all")
    assert done.returncode == 2
    assert "is not JSON" in str(document["error"])


def test_a_damaged_token_file_is_one_json_object(aocd_home: AocdHome) -> None:
    (aocd_home.config / "token").write_text("b" * 5000)  # larger than a token file can be
    document, done = error_document("leaderboard", "2023", "1", "--json")
    assert done.returncode == 2
    assert str(document["error"]).startswith(f"The token file {aocd_home.config / 'token'} ")


def test_the_error_object_shows_no_token(
    quiet_year: int, aocd_home: AocdHome, tmp_path: Path
) -> None:
    aocd_home.set_token()
    missing = tmp_path / f"{TOKEN}.txt"
    document, done = error_document("run", str(YEAR), "7", "--json", "--input", str(missing))
    assert done.returncode == 2
    for text in (done.stdout, done.stderr):
        assert TOKEN[:8] not in text and TOKEN[-12:] not in text
    assert "<token>" in str(document["error"])


def test_a_failure_after_the_report_keeps_the_report_and_adds_the_error() -> None:
    def command() -> int:
        json_output.put(json.dumps({"results": [{"day": 7}], "notices": []}))
        fail(UsageError("The page could not be written."), verbose=False)

    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        code = json_output.one_document(command, seal=False)
    assert code == 2
    assert json.loads(out.getvalue()) == {
        "results": [{"day": 7}],
        "notices": [],
        "error": "The page could not be written.",
        "exit_code": 2,
    }
    assert err.getvalue() == "Error: The page could not be written.\n"


def test_processes_handed_stdout_print_their_own_documents(
    capfd: pytest.CaptureFixture[str],
) -> None:
    """As each pass of `aoc run --watch --json` does: the watch itself adds none."""

    def command() -> int:
        print("the watch's own line")
        with json_output.handed_over():
            subprocess.run([sys.executable, "-c", "print('{\"pass\": 1}')"], check=True)
        return 0

    assert json_output.one_document(command, seal=False) == 0
    out, err = capfd.readouterr()
    assert json.loads(out) == {"pass": 1}
    assert "the watch's own line" in err


def test_help_beside_json_is_the_help_for_people(quiet_year: int) -> None:
    done = aoc_in_process("run", "--json", "--help")
    assert done.returncode == 0
    assert "Usage: aoc run" in done.stdout


def test_json_is_asked_by_the_option_before_any_separator() -> None:
    for args, asked in [
        (["run", "2023", "--json"], True),
        (["list", "--json", "--verbose"], True),
        (["run", "2023"], False),
        (["run", "2023", "--input", "x", "--", "--json"], False),  # after --: a value
        (["run", "2023", "--json", "-h"], False),
        (["run", "--version", "--json"], False),
    ]:
        assert json_output.asked(args) is asked, args


def test_called_from_code_it_leaves_stdout_as_it_found_it(quiet_year: int) -> None:
    before = os.fstat(1), sys.stdout, sys.__stdout__
    aoc_in_process("run", str(YEAR), "7", "--example", "--json")
    aoc_in_process("run", str(YEAR), "7", "--json", "--bogus")
    after = os.fstat(1), sys.stdout, sys.__stdout__
    assert (after[0].st_dev, after[0].st_ino) == (before[0].st_dev, before[0].st_ino)
    assert after[1:] == before[1:]


# --- the documents of token, new, read and examples -------------------------------------------

PUZZLE_YEAR, PUZZLE_DAY = 2062, 3


def a_day_after_the_unlock() -> float:
    """The clock shift to a day after PUZZLE_YEAR's day unlocked (the one thing mocked)."""
    from aoc2023.framework.calendar import unlock_time

    return unlock_time(PUZZLE_YEAR, PUZZLE_DAY).timestamp() + 86400 - time.time()


@pytest.fixture
def puzzle_site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_puzzle(
        PUZZLE_YEAR,
        PUZZLE_DAY,
        "Sums",
        inputs={TOKEN: "4 5 6\n"},
        example="1 2 3",
        example_answers=("6", "60"),
        solutions=["15", "150"],
    )
    return fake_aoc


def document_of(*args: str, cwd: Path, code: int = 0) -> dict[str, Any]:
    """`aoc ARGS` a day after the puzzle unlocked: its stdout, one JSON object, and never
    the token (its last 4 characters at most)."""
    done = aoc_in_process(*args, cwd=cwd, shift=a_day_after_the_unlock())
    assert done.returncode == code, done.stderr
    assert "Traceback" not in done.stderr
    for text in (done.stdout, done.stderr):
        assert TOKEN[:-4] not in text and TOKEN[-5:] not in text
    return one_document(done)


def test_token_json_says_whose_where_and_the_user_agent_never_the_token(
    puzzle_site: FakeAoC, aocd_home: AocdHome, tmp_path: Path
) -> None:
    document = document_of("token", "--json", cwd=tmp_path)
    assert document == {
        "place": str(aocd_home.config / "token"),
        "token_end": TOKEN[-4:],
        "cleaned": [],
        "user_id": USER_ID,
        "user_id_cached": True,
        "user_id_kept": True,
        "accepted": True,
        "checked_at": document["checked_at"],
        "requests": 1,
        "user_agent": puzzle_site.requests[-1].user_agent,
        "contact": CONTACT,
        "fix": None,
        "problem": None,
    }
    assert datetime.fromisoformat(document["checked_at"]).utcoffset() == timedelta(0)
    # A refused token: the report, with the error of the whole command added.
    puzzle_site.users.clear()
    refused = document_of("token", "--json", "--recheck", cwd=tmp_path, code=2)
    assert refused["accepted"] is False and refused["exit_code"] == 2
    # when the site said so (output.md): now, as for a token it takes
    assert datetime.fromisoformat(str(refused["checked_at"])) >= datetime.fromisoformat(
        document["checked_at"]
    )
    assert refused["error"] == refused["fix"]
    assert str(refused["error"]).startswith("adventofcode.com refused the token")


def test_token_json_without_a_token_is_the_error(aocd_home: AocdHome) -> None:
    document, done = error_document("token", "--json")
    assert done.returncode == 2
    assert str(document["error"]).startswith("No Advent of Code session token is set")


def test_new_json_names_the_module_written_and_what_was_fetched(
    puzzle_site: FakeAoC, aocd_home: AocdHome, tmp_path: Path
) -> None:
    project = tmp_path / "own-project"
    (project / "source").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'own'\n")
    with temporary_year(project / "source", PUZZLE_YEAR, {}) as package:
        document = document_of(
            "new", str(PUZZLE_YEAR), str(PUZZLE_DAY), "--json", cwd=project / "source"
        )
        assert document == {
            "year": PUZZLE_YEAR,
            "day": PUZZLE_DAY,
            "title": "Sums",
            "path": str(package / "day03.py"),
            "module": f"aoc{PUZZLE_YEAR}.day03",
            "input_cached": True,
            "examples": [
                {"input": "1 2 3", "part_1": "6", "part_2": None, "drawn": {}, "extra": {}}
            ],
            "notices": [],
        }
        assert 'title = "Sums"' in (package / "day03.py").read_text()
        again, done = error_document(
            "new", str(PUZZLE_YEAR), str(PUZZLE_DAY), "--json", shift=a_day_after_the_unlock()
        )
        assert "already exists" in str(again["error"]) and done.returncode == 2


def test_read_json_is_the_markdown_and_the_answers_known(
    puzzle_site: FakeAoC, aocd_home: AocdHome, tmp_path: Path
) -> None:
    year, day = str(PUZZLE_YEAR), str(PUZZLE_DAY)
    document = document_of("read", year, day, "--json", cwd=tmp_path)
    markdown = aoc_in_process(
        "read", year, day, "--markdown", cwd=tmp_path, shift=a_day_after_the_unlock()
    ).stdout
    assert document == {
        "year": PUZZLE_YEAR,
        "day": PUZZLE_DAY,
        "title": "Sums",
        "markdown": markdown,
        "answers": [{"part": 1, "answer": None}, {"part": 2, "answer": None}],
        "notices": [],
    }
    assert "*`6`*" in markdown
    # Part 1 solved since: the page fetched again (said in the notices and on stderr).
    puzzle_site.puzzles[PUZZLE_YEAR, PUZZLE_DAY].answers[TOKEN].append("15")
    aocd_home.cache_answer(PUZZLE_YEAR, PUZZLE_DAY, 1, "15")
    fuller = document_of("read", year, day, "--json", cwd=tmp_path)
    assert fuller["answers"] == [{"part": 1, "answer": "15"}, {"part": 2, "answer": None}]
    assert "Your puzzle answer was `15`." in fuller["markdown"]
    assert fuller["notices"] == ["Fetched the page again: a part was solved since it was cached."]


def test_examples_json_is_what_aocds_parser_reads(
    puzzle_site: FakeAoC, aocd_home: AocdHome, tmp_path: Path
) -> None:
    document = document_of("examples", str(PUZZLE_YEAR), str(PUZZLE_DAY), "--json", cwd=tmp_path)
    assert document == {
        "year": PUZZLE_YEAR,
        "day": PUZZLE_DAY,
        "title": "Sums",
        "examples": [{"input": "1 2 3", "part_1": "6", "part_2": None, "drawn": {}, "extra": {}}],
        "notices": [],
    }
    locked, done = error_document("examples", "2099", "1", "--json")
    assert "not unlocked yet" in str(locked["error"]) and done.returncode == 2
