"""`aoc run` in this process (site_cli.aoc_in_process): output, JSON, options and exit codes.

And its live output on a terminal (issue 12), in a real pseudo-terminal (`Terminal`): each
day's row as soon as the day is done, a line saying which day and part run when a part
takes long, and the same single JSON document as ever under --json. Those days live in
the throwaway year 2074; day 2's part 1 waits until the test lets it go, so what shows
before it finishes is seen for sure, with no timing guess.

And `aoc run --accounts`: each day on each account's input, against the stand-in site.
Two accounts, alice and bob, each with a token of its own in aocd's `tokens.json`, an
input of its own on the site and answers of its own. 2054 (ACCOUNTS_YEAR) is a throwaway
year whose day 1 sums its input's numbers (part 1) and multiplies them (part 2).

And `aoc run --variants`: each variant run after the main implementation, checked
against it, and shown in a row of its own (the days: test_registry.py's `variants_year`).
"""

from __future__ import annotations

import io
import json
import logging
import os
import pty
import re
import select
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest
import site_cli
import test_output
import test_registry
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process

from aoc2023.framework.aocd import private
from aoc2023.framework.calendar import unlock_time
from aoc2023.framework.cli import main
from aoc2023.framework.commands.view import format_duration
from aoc2023.framework.results import DayResult, ExitCode, PartResult, Status
from aoc2023.framework.results import run_exit_code as exit_code

EXAMPLE = "32T3K 765\nT55J5 684\nKK677 28\nKTJJT 220\nQQQJA 483\n"


def aoc(*args: str) -> CompletedProcess[str]:
    return aoc_in_process(*args)


def test_with_no_token_the_examples_run_and_the_notice_says_how_to_add_one(
    aocd_home: AocdHome,
) -> None:
    result = aoc("run", "2023", "7")
    assert result.returncode == 0, result.stderr
    assert "No Advent of Code session token is set" in result.stderr
    assert str(aocd_home.config / "token") in result.stderr.replace("\n", "")
    assert "Camel Cards" in result.stdout
    assert "✔ 6440" in result.stdout and "✔ 5905" in result.stdout
    assert "example 1" in result.stdout


def test_json_has_every_documented_field() -> None:
    result = aoc("run", "2023", "7", "--example", "--json")
    assert result.returncode == 0
    payload = json.loads(result.stdout)
    [day] = payload["results"]
    assert {"year": 2023, "day": 7, "source": "example"}.items() <= day.items()
    assert isinstance(day["parse_seconds"], float)
    for number, part in enumerate(day["parts"], start=1):
        assert set(part) >= {"part", "answer", "status", "seconds", "expected", "error"}
        assert part["part"] == number and part["status"] == "correct"
        assert isinstance(part["seconds"], float) and part["error"] is None
    assert [p["answer"] for p in day["parts"]] == ["6440", "5905"]


def test_input_file_runs_one_day_and_fetches_nothing(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(EXAMPLE)
    payload = json.loads(aoc("run", "2023", "7", "--input", str(path), "--json").stdout)
    [day] = payload["results"]
    assert day["source"] == "file"
    assert [(p["answer"], p["status"]) for p in day["parts"]] == [
        ("6440", "unknown"),
        ("5905", "unknown"),
    ]


def test_input_file_for_one_day_is_a_rule_of_the_command_line(year_with_day_7: int) -> None:
    """The command line's check (commands/options.py), not the inputs': `days_to_run` is handed
    one day for a file."""
    from aoc2023.framework.commands.options import check_input_options, resolve
    from aoc2023.framework.errors import UsageError

    file = Path("x.txt")
    check_input_options(file, example=False, days=((year_with_day_7, 7),))
    check_input_options(None, example=False, days=((year_with_day_7, 1), (2023, 1)))
    one_year = (year_with_day_7,)
    check_input_options(file, example=False, days=resolve(one_year, None).days)  # its one day
    # of two years, one has day 20: the file is that day's
    check_input_options(file, example=False, days=resolve((2024, 2025), "20").days)
    for days in [
        ((year_with_day_7, 7), (year_with_day_7, 8)),
        ((year_with_day_7, 7), (2023, 7)),
        (),
    ]:
        with pytest.raises(UsageError, match=r"^--input FILE runs one day: name exactly one"):
            check_input_options(file, example=False, days=days)


USAGE_ERRORS = [
    (["run", "2023", "7-8", "--input", "x.txt"], "runs one day"),
    (["run", "2023,2022", "7", "--input", "x.txt"], "runs one day"),
    (["bench", "2023", "7-8", "--input", "x.txt"], "runs one day"),
    (["run", "2023", "7", "--input", "does-not-exist.txt"], "does not exist"),
    (["run", "2023", "7", "--input", "x.txt", "--example"], "cannot be used together"),
    (["bench", "2023", "7", "--input", "x.txt", "--example"], "cannot be used together"),
    (["run", "2023", "7", "--example", "--accounts", "all"], "cannot be used with --example"),
    (
        ["run", "2023", "7", "--input", "x.txt", "--accounts", "a"],
        "cannot be used with --input FILE",
    ),
    (["run", "2023", "40"], "days of 2023 run from 1 to 25"),
    (
        ["run", "2095", "8"],
        "2095 day 8 has no solution yet (aoc2095.day08): aoc new 2095 8 writes it.",
    ),
    (["run", "2031", "1"], "No days for 2031"),
]


def test_usage_errors_are_one_sentence_and_exit_2(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    year_with_day_7: int,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "x.txt").write_text(EXAMPLE)
    for args, message in USAGE_ERRORS:
        result = aoc(*args)
        assert result.returncode == 2, args
        assert message in result.stderr, (args, result.stderr)
        assert "Traceback" not in (result.stdout + result.stderr), args


TOO_MANY = [
    (("run", "2023", "7", "x", "y"), "Too many arguments: 'x', 'y' (aoc run takes YEARS [DAYS])."),
    (("run", "2023", "7", "x", "--json"), "Too many arguments: 'x' (aoc run takes YEARS [DAYS])."),
    (("token", "x"), "Too many arguments: 'x' (aoc token takes no arguments)."),
]


def test_arguments_beyond_a_command_s_are_said_to_be_too_many() -> None:
    """Click's "Got unexpected extra argument(s)" reworded: a user causes it, and is told
    what the command takes, in the table's output and in --json's document alike."""
    for args, says in TOO_MANY:
        done = aoc(*args)
        assert done.returncode == 2, args
        assert says in " ".join(done.stderr.replace("│", " ").split()), done.stderr
        if "--json" in args:
            assert json.loads(done.stdout) == {"error": says, "exit_code": 2}
        assert "unexpected" not in (done.stdout + done.stderr).lower(), args


def test_bad_command_line_is_exit_2() -> None:
    assert aoc("run", "twenty").returncode == 2
    assert aoc("frobnicate").returncode == 2


def test_a_range_skips_days_without_a_solution_with_a_notice(year_with_day_7: int) -> None:
    result = aoc("run", "2095", "6-8", "--example")
    assert result.returncode == 0
    assert "No solution yet for 2095 days 6, 8: skipped." in result.stderr


def test_wrong_example_answer_is_exit_1_and_shows_the_expected_value(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(EXAMPLE)
    # A real wrong answer: the day's own example run through --example with a broken
    # expectation is simulated by the known-answer cache in test_client; here exit_code()
    # itself is checked on plain results.
    wrong = DayResult(
        2023,
        7,
        None,
        "input",
        parts=(PartResult(1, Status.WRONG, "1", expected="2"), PartResult(2, Status.CORRECT, "3")),
    )
    broken = DayResult(2023, 8, None, "input", parts=(PartResult(1, Status.ERROR, error="x"),))
    fine = DayResult(
        2023,
        9,
        None,
        "input",
        parts=(PartResult(1, Status.UNKNOWN, "1"), PartResult(2, Status.NOT_IMPLEMENTED)),
    )
    assert exit_code([fine]) is ExitCode.OK
    assert exit_code([fine, wrong]) is ExitCode.WRONG_ANSWER
    assert exit_code([wrong, broken]) is ExitCode.COULD_NOT_RUN
    assert exit_code([DayResult(2023, 10, None, None, error="no input")]) is ExitCode.COULD_NOT_RUN


def test_the_table_shows_a_wrong_answer_with_the_expected_value(aocd_home: AocdHome) -> None:
    aocd_home.set_token()
    aocd_home.cache_input(2023, 7, EXAMPLE)
    aocd_home.cache_answer(2023, 7, 1, "6440")
    aocd_home.cache_answer(2023, 7, 2, "5906")
    result = aoc("run", "2023", "7")
    assert result.returncode == 1
    assert "✔ 6440" in result.stdout
    assert "✘ 5905 (expected 5906)" in result.stdout


def test_durations_are_auto_ranged() -> None:
    assert [
        format_duration(seconds)
        for seconds in (0.0, 812e-9, 3.4e-6, 12.5e-3, 0.1234, 1.234, 75.0, None)
    ] == ["0 ns", "812 ns", "3.40 µs", "12.5 ms", "123 ms", "1.23 s", "75.0 s", ""]


def test_the_table_aligns_columns_and_colours_only_when_asked() -> None:
    from aoc2023.framework.commands.view import Cell, Column, fitted_table

    columns = [Column("Day", "right"), Column("Answer")]
    rows = [[Cell("7"), Cell("✔ 6440", "green")], [Cell("25"), Cell("! error", "red")]]
    plain = fitted_table("T", [(columns, rows)], colour=False).splitlines()
    assert plain[1:] == [
        "┌─────┬─────────┐",
        "│ Day │ Answer  │",
        "├─────┼─────────┤",
        "│   7 │ ✔ 6440  │",
        "│  25 │ ! error │",
        "└─────┴─────────┘",
    ]
    coloured = fitted_table("T", [(columns, rows)], colour=True)
    assert "\x1b[32m✔ 6440 \x1b[0m" in coloured and "\x1b[31m! error\x1b[0m" in coloured


SPLITS_ON_NEWLINE = '''
from aoc2023.framework import Example, Solution

EXAMPLE = """
a
b
c
"""

class Day01(Solution[list[str]]):
    examples = [Example(EXAMPLE, part_1=3)]

    def parse(self, text: str) -> list[str]:
        return text.split("\\n")

    def part_1(self, rows: list[str]) -> int:
        return len(rows)
'''


def test_an_example_and_the_same_text_in_a_file_are_cleaned_alike(tmp_path: Path) -> None:
    """aocd's rule, for its data and its examples alike: trailing line ends removed."""
    from conftest import temporary_year

    (tmp_path / "in.txt").write_text("a\nb\nc\n")
    (tmp_path / "crlf.txt").write_bytes(b"a\r\nb\r\nc\r\n\r\n")
    with temporary_year(tmp_path / "site", 2063, {"day01.py": SPLITS_ON_NEWLINE}):
        runs = [
            aoc_in_process("run", "2063", "1", *where, "--json")
            for where in (
                ["--example"],
                ["--input", str(tmp_path / "in.txt")],
                ["--input", str(tmp_path / "crlf.txt")],
            )
        ]
    answers = [[p["answer"] for p in json.loads(run.stdout)["results"][0]["parts"]] for run in runs]
    assert answers == [["3"], ["3", None], ["3", None]], [run.stderr for run in runs]
    assert runs[0].returncode == 0


UNKNOWN_OPCODE = """
from aoc2023.framework import Example, Solution

def run_program(program: list[int]) -> int:
    raise NotImplementedError(f"unknown opcode {program[0]}")

class Day01(Solution[str]):
    examples = [Example("99", part_1=99, part_2=1)]

    def part_1(self, text: str) -> int:
        return run_program([int(text)])
"""


def test_a_not_implemented_error_inside_a_written_part_is_an_error(tmp_path: Path) -> None:
    from conftest import temporary_year

    with temporary_year(tmp_path / "site", 2064, {"day01.py": UNKNOWN_OPCODE}):
        result = aoc_in_process("run", "2064", "1", "--example", "--json")
        table = aoc_in_process("run", "2064", "1", "--example")
    assert result.returncode == 2, result.stderr
    parts = json.loads(result.stdout)["results"][0]["parts"]
    assert [(p["status"], p["error"]) for p in parts] == [
        ("error", "NotImplementedError: unknown opcode 99"),
        ("not implemented", None),
    ]
    assert table.returncode == 2
    assert "part 1: NotImplementedError: unknown opcode 99" in table.stdout + table.stderr


PARSE_FAILS = """
from aoc2023.framework import Example, InputError, Solution

class Day01(Solution[int]):
    examples = [Example("x", part_1=1, part_2=2)]

    def parse(self, text: str) -> int:
        raise InputError("not a number", 1, text)
"""


def test_a_parse_that_failed_shows_no_parse_time(tmp_path: Path) -> None:
    from conftest import temporary_year

    with temporary_year(tmp_path / "site", 2061, {"day01.py": PARSE_FAILS}):
        result = aoc_in_process("run", "2061", "1", "--example", "--json")
        table = aoc_in_process(
            "run", "2061", "1", "--example", env={**os.environ, "COLUMNS": "200"}
        )
    [day] = json.loads(result.stdout)["results"]
    assert day["error"] == "parse failed: bad input: line 1: not a number: 'x'"
    assert day["parse_seconds"] is None
    assert [p["seconds"] for p in day["parts"]] == [None, None]
    [row] = [line for line in table.stdout.splitlines() if "example 1" in line]
    assert not any(unit in row for unit in (" ns", " µs", " ms", " s ")), row


ODD_ANSWERS = """
from typing import Any

from aoc2023.framework import Example, Solution

class PrintsBadly(int):
    def __str__(self) -> str:
        raise RuntimeError("no str")

def nested(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top

class Day01(Solution[str]):
    examples = [Example("a", part_1=1, part_2=2)]

    def part_1(self, text: str) -> Any:
        return nested(100_000)

    def part_2(self, text: str) -> Any:
        return PrintsBadly(2)
"""

DECIMAL_ANSWER = """
from decimal import Decimal

from aoc2023.framework import Example, Solution

class Day02(Solution[str]):
    examples = [Example("b", part_1=2)]

    def part_1(self, text: str) -> Decimal:
        return Decimal(2)
"""

MUTE_ERROR = """
from aoc2023.framework import Example, Solution

class ParseError(Exception):
    def __str__(self) -> str:
        return f"bad cell at {self.pos}"  # never set: saying the error raises

class Day03(Solution[str]):
    examples = [Example("c", part_1=3)]

    def parse(self, text: str) -> str:
        raise ParseError
"""


@pytest.mark.parametrize("timeout", [[], ["--timeout", "60"]], ids=["in-process", "timeout"])
def test_an_answer_that_is_no_answer_fails_its_part_alone(
    tmp_path: Path, timeout: list[str]
) -> None:
    from conftest import temporary_year

    files = {"day01.py": ODD_ANSWERS, "day02.py": DECIMAL_ANSWER, "day03.py": MUTE_ERROR}
    with temporary_year(tmp_path / "site", 2067, files):
        result = aoc_in_process("run", "2067", "1-3", "--example", "--json", *timeout)
        # The table renders the results however they were found: once, in this process.
        table = None if timeout else aoc_in_process("run", "2067", "1-3", "--example")
    assert result.returncode == 2, result.stderr
    days = json.loads(result.stdout)["results"]
    assert [[(p["status"], p["answer"]) for p in day["parts"]] for day in days] == [
        [("error", None), ("error", None)],
        [("correct", "2")],
        [("error", None)],
    ]
    # An error that cannot say itself fails its day alone, as any other.
    assert days[2]["error"] == (
        "parse failed: ParseError, whose message could not be made (its __str__ raised)"
    )
    first, second = days[0]["parts"]
    assert first["error"] == "an answer was list [[[[...]]]]; give an int or a str"
    assert second["error"].startswith("an answer was PrintsBadly ")
    if table is not None:
        assert "2067" in table.stdout and "✔ 2" in table.stdout
        assert "part 1: an answer was list [[[[...]]]]" in table.stderr


def _process_state() -> tuple[object, ...]:
    root = logging.getLogger()
    return (
        signal.getsignal(signal.SIGTERM),
        signal.getsignal(signal.SIGHUP),
        logging.getLogger("aocd").level,
        root.level,
        list(root.handlers),
        list(sys.argv),
        private.get("_load_users"),
        sys.stdout,
        sys.stderr,
        dict(os.environ),
    )


def test_main_called_from_code_reads_the_token_anew_and_leaves_the_process_as_found(
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fake_aoc.add_user(TOKEN)
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(logging.getLogger(), "handlers", [])  # as outside pytest
    (aocd_loaded.config / "token").write_text(f"session={TOKEN}\n")  # exported cleaned
    before = _process_state()
    assert main(["token", "--verbose"]) == 0  # redacts, handles SIGTERM, logs
    # The cleaned token it exported is gone again (os.environ is part of the state).
    assert _process_state() == before
    out = capsys.readouterr().out
    assert "pasted with a session= prefix" in out and TOKEN[:8] not in out
    (aocd_loaded.config / "token").unlink()
    assert main(["-y", "2023", "-h"]) == 0  # aocd's runner's help, which needs no token
    assert _process_state() == before
    assert TOKEN[:8] not in capsys.readouterr().out
    # The token is read anew each call: now from the environment.
    monkeypatch.setenv("AOC_SESSION", TOKEN)
    assert main(["token"]) == 0
    out = capsys.readouterr().out
    assert "from $AOC_SESSION" in out and "pasted" not in out


DAY = """
import os
import time
from pathlib import Path

from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    examples = [Example("example", part_1={day}, part_2=7)]

    def part_1(self, text: str) -> int:
        release = Path(os.environ["RELEASE_{day}"]) if "RELEASE_{day}" in os.environ else None
        deadline = time.monotonic() + 60
        while release is not None and not release.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        return {day}

    def part_2(self, text: str) -> int:
        return 7
"""


class Terminal:
    """A command (`aoc`, from site_cli) on a pseudo-terminal, read as it writes."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.controller, terminal = pty.openpty()
        self.process = subprocess.Popen(
            command, env=env, stdin=terminal, stdout=terminal, stderr=terminal
        )
        os.close(terminal)
        self.screen = ""

    def read_until(self, text: str, timeout: float = 60, after: int = 0) -> str:
        """The screen so far, once `text` shows on it (past the first `after` characters)."""
        deadline = time.monotonic() + timeout
        while text not in self.screen[after:] and time.monotonic() < deadline:
            ready, _, _ = select.select([self.controller], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.controller, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                self.screen += chunk.decode(errors="replace")
        assert text in self.screen[after:], self.screen
        return self.screen

    def finish(self, timeout: float = 60) -> int:
        """The exit code, once the process ends and its output is read; a process still
        running after `timeout` seconds is killed and the test fails, never hangs."""
        deadline = time.monotonic() + timeout
        try:
            while True:
                ready, _, _ = select.select([self.controller], [], [], 1)
                if not ready:
                    if self.process.poll() is not None:
                        break
                    if time.monotonic() > deadline:
                        self.process.kill()
                        raise AssertionError(f"still running after {timeout} s:\n{self.screen}")
                    continue
                chunk = os.read(self.controller, 4096)
                if not chunk:
                    break
                self.screen += chunk.decode(errors="replace")
        except OSError:
            pass
        os.close(self.controller)
        return self.process.wait(timeout=60)


def environment(tmp_path: Path, home: AocdHome) -> dict[str, str]:
    site = tmp_path / "site"
    (site / "aoc2074").mkdir(parents=True)
    (site / "aoc2074" / "__init__.py").write_text("")
    for day in (1, 2):
        (site / "aoc2074" / f"day{day:02d}.py").write_text(DAY.format(day=day))
    env = home.env()
    env.update(
        PYTHONPATH=os.pathsep.join([str(site), env["PYTHONPATH"]]),
        COLUMNS="120",
        RELEASE_2=str(tmp_path / "release"),
    )
    return env


def test_each_row_shows_when_its_day_is_done_and_a_long_part_is_named(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """On a 110-column terminal, which gets the wide form: the form is chosen once, from
    the width (a typical row needs 102 columns, its title wrapped). Then, on the
    same process (`main` called again, as a fresh process runs it), --json on the
    terminal is still one document, at the end: no running line, no table. Last, at 80
    columns (macOS Terminal's default), several days are one table in one form, the
    narrow one, headed once: the form is chosen from the width, not from the first row
    (which fitted the wide one, and the next did not)."""
    env = environment(tmp_path, aocd_home) | {"COLUMNS": "110"}
    terminal = Terminal(
        site_cli.aoc_argv(
            None,
            ["run", "2074", "--example"],
            ["run", "2074", "--example", "--json"],
            ["run", "2074", "--example"],
            settings=[{}, {}, {"COLUMNS": "80"}],
        ),
        env,
    )
    screen = terminal.read_until("running 2074 day 2 part 1")
    assert "2074/01" in screen and "2074/02" not in screen  # day 1's row, day 2 still runs
    (tmp_path / "release").touch()
    assert terminal.finish() == 0
    live, code, as_json, json_code, narrow, narrow_code, rest = re.split(
        "\x1e(-?\\d+)\x1e\x1e", terminal.screen
    )
    assert (code, json_code, narrow_code, rest) == ("0", "0", "0", ""), terminal.screen
    after = live[len(screen) :]
    assert "2074/02" in after and "✔ 2" in after
    assert after.count("Advent of Code") == 0  # one table, headed once
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", live)
    lines = re.split(r"[\r\n]", plain)  # the running line is rewritten in place (\r)
    assert any(re.search(r"│ +Parse │", line) for line in lines), plain
    assert max(len(line) for line in lines) <= 110

    text = as_json.replace("\r\n", "\n")
    assert "running" not in text and "│" not in text
    days = [(r["day"], r["parts"][0]["answer"]) for r in json.loads(text)["results"]]
    assert days == [(1, "1"), (2, "2")]

    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", narrow)
    lines = re.split(r"[\r\n]", plain)
    assert sum(bool(re.search(r"│ Day +│ Part 1 +│ Part 2 +│", line)) for line in lines) == 1
    assert not any("Parse" in line for line in lines), plain
    assert sum(line.startswith("┌") for line in lines) == 1, plain
    assert "2074/01" in plain and "2074/02" in plain


CLOSES = """
import os
import sys
import time
from pathlib import Path

from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    examples = [Example("example", part_1=1, part_2=7)]

    def part_1(self, text: str) -> int:
        {closes}
        release = Path(os.environ["RELEASE"])
        deadline = time.monotonic() + 60
        while {waits} and not release.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        return 1

    def part_2(self, text: str) -> int:
        return {part_2}
"""


def test_a_day_that_closes_stdout_or_stderr_leaves_the_live_view_whole(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """On a terminal, day 1's part closes sys.stdout and day 2's sys.stderr (and then runs
    long enough to be named): every row is shown, the running line too, and the exit code
    is the days' (1: day 2's part 2 is wrong), not a crash's."""
    site = tmp_path / "site"
    (site / "aoc2073").mkdir(parents=True)
    (site / "aoc2073" / "__init__.py").write_text("")
    days = [("sys.stdout.close()", "False", 7), ("sys.stderr.close()", "True", 8), ("", "False", 7)]
    for number, (closes, waits, part_2) in enumerate(days, start=1):
        source = CLOSES.format(closes=closes, waits=waits, part_2=part_2)
        (site / "aoc2073" / f"day{number:02d}.py").write_text(source)
    env = aocd_home.env()
    env.update(
        PYTHONPATH=os.pathsep.join([str(site), env["PYTHONPATH"]]),
        COLUMNS="120",
        RELEASE=str(tmp_path / "release"),
    )
    terminal = Terminal(site_cli.aoc_argv(None, "run", "2073", "--example"), env)
    screen = terminal.read_until("running 2073 day 2 part 1")
    assert "2073/01" in screen and "2073/02" not in screen
    (tmp_path / "release").touch()
    assert terminal.finish() == 1, terminal.screen
    assert "unexpected" not in terminal.screen and "Traceback" not in terminal.screen
    rows = [line for line in terminal.screen.splitlines() if "2073/0" in line]
    assert [row.split("│")[1].strip() for row in rows] == ["2073/01", "2073/02", "2073/03"]
    assert all("✔ 1" in row for row in rows), terminal.screen


def test_a_row_that_does_not_fit_the_live_widths_heads_a_new_block() -> None:
    """Room to spare goes to the answers (a 14-digit one fits after a 1-digit one); a
    later answer longer than that is shown whole, under new headings fitted to every row
    so far; nothing is wider than the terminal."""
    import io

    from aoc2023.framework.commands.run import LiveTable
    from aoc2023.framework.results import DayResult, PartResult, Status

    def day(number: int, answer: str) -> DayResult:
        return DayResult(
            2074,
            number,
            "Title",
            "example",
            "example",
            1e-3,
            parts=tuple(PartResult(part, Status.CORRECT, answer, 1e-3) for part in (1, 2)),
        )

    out = io.StringIO()
    table = LiveTable(out, 100)
    table.row(day(1, "7"))
    table.row(day(2, "2" * 14))
    table.row(day(3, "1" * 30))
    table.close()
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 100
    assert sum("Part 1" in line for line in lines) == 2 and lines[0].strip() == "Advent of Code"
    assert sum("1" * 30 in line for line in lines) == 1


@pytest.mark.parametrize("width", [80, 101, 102, 130])
def test_live_rows_keep_the_form_the_width_chose(width: int) -> None:
    """A short first row, then real titles and 16-digit answers: one form all along."""
    import io

    from aoc2023.framework.commands.run import LiveTable, live_narrow
    from aoc2023.framework.results import DayResult, PartResult, Status

    titles = [
        "Trebuchet?!",
        "A Long-Forgotten Point Of Incidence And Reflection",
        "Never Tell Me The Odds",
        "Camel Cards",
    ]
    answers = ["7", "1234567890123456", "98765432101234", "250643526"]
    out = io.StringIO()
    table = LiveTable(out, width)
    for day, (title, answer) in enumerate(zip(titles, answers, strict=True), start=1):
        table.row(
            DayResult(
                2074,
                day,
                title,
                "input",
                None,
                1e-3,
                parts=tuple(PartResult(part, Status.UNKNOWN, answer, 1e-3) for part in (1, 2)),
            )
        )
    table.close()
    lines = out.getvalue().splitlines()
    headings = [line for line in lines if "Part 1" in line]
    assert len(headings) == 1, out.getvalue()
    assert ("Title" in headings[0]) is (not live_narrow(width)), out.getvalue()
    assert max(len(line) for line in lines) <= width
    assert live_narrow(101) and not live_narrow(102)


def test_output_that_is_not_a_terminal_is_the_table_at_the_end(tmp_path: Path) -> None:
    """In this process, whose output is captured: no terminal."""
    (tmp_path / "release").touch()
    files = {f"day{day:02d}.py": DAY.format(day=day) for day in (1, 2)}
    with temporary_year(tmp_path / "site", 2074, files):
        done = aoc_in_process(
            "run",
            "2074",
            "--example",
            env=os.environ | {"COLUMNS": "120", "RELEASE_2": str(tmp_path / "release")},
        )
    assert done.returncode == 0, done.stderr
    assert "running" not in done.stderr and "\x1b" not in done.stdout
    assert done.stdout.count("2074/0") == 2 and done.stdout.count("┌") == 1


def test_the_questions_come_after_each_days_row_and_ctrl_c_at_one_is_no_to_the_rest(
    tmp_path: Path, aocd_loaded: AocdHome, fake_aoc: FakeAoC
) -> None:
    """Live, each day's answers are asked about after its row (the table closed before the
    question), and yes and no are kept; Ctrl-C at a question still means no to that answer
    and to every one after it, in the later days too, which still run and are shown."""
    site = tmp_path / "site2080"
    (site / "aoc2080").mkdir(parents=True)
    (site / "aoc2080" / "__init__.py").write_text("")
    for day in (1, 2, 3):
        (site / "aoc2080" / f"day{day:02d}.py").write_text(DAY.format(day=1))
    env = aocd_loaded.env()
    env.update(PYTHONPATH=os.pathsep.join([str(site), env["PYTHONPATH"]]), COLUMNS="120")
    aocd_loaded.set_token()
    for day in (1, 2, 3):
        aocd_loaded.cache_input(2080, day, "input")
        fake_aoc.add_puzzle(2080, day, "Live", inputs={TOKEN: "input"}, solutions=["1", "7"])
    terminal = Terminal(site_cli.aoc_argv(fake_aoc, "run", "2080"), env)
    screen = terminal.read_until("[y/N]")
    assert screen.index("2080/01") < screen.index("Send 1 as the answer to 2080 day 1 part 1?")
    assert "└" in screen and "2080/02" not in screen  # the table is closed before the question
    os.write(terminal.controller, b"y\n")
    screen = terminal.read_until("[y/N]", after=len(screen))
    os.write(terminal.controller, b"n\n")
    terminal.read_until("Send 1 as the answer to 2080 day 2 part 1?", after=len(screen))
    assert "2080 day 1 part 2: not sent: you said no" in terminal.screen
    terminal.process.send_signal(signal.SIGINT)  # Ctrl-C (the pty is not its controlling tty)
    deadline = time.monotonic() + 60
    later = ("2080 day 2 part 2? [y/N]", "2080 day 3 part 1? [y/N]")

    def asked_again() -> bool:
        return any(question in terminal.screen for question in later)

    while terminal.process.poll() is None and not asked_again() and time.monotonic() < deadline:
        if select.select([terminal.controller], [], [], 0.1)[0]:
            try:
                terminal.screen += os.read(terminal.controller, 4096).decode(errors="replace")
            except OSError:  # the end of the output
                break
    if asked_again():
        os.write(terminal.controller, b"n\nn\nn\n")  # let it end, then fail
    terminal.finish()
    assert "2080/03" in terminal.screen, terminal.screen  # day 3 ran and was shown
    assert not asked_again(), terminal.screen
    assert [r.form["answer"] for r in fake_aoc.requests if r.method == "POST"] == ["1"]


def test_the_running_line_fits_a_narrow_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line saying what runs is rewritten in place, so it must not wrap: `\\r` would
    then rewrite only its last part and leave the rest on the screen. On 24 columns
    (COLUMNS, which a process on a terminal of any width reads the same way) it takes
    its narrow form, the time first, at each tick. The line on a real terminal: the test
    of each row above. Time passes on a fake clock; the line's thread ticks for real, so
    the test waits for two ticks by polling, never by time."""
    import io

    from fake_clock import FakeClock

    from aoc2023.framework.commands.run import SHOW_AFTER, RunningLine

    monkeypatch.setenv("COLUMNS", "24")
    clock, err = FakeClock(), io.StringIO()
    with RunningLine(err, clock.monotonic) as line:
        line.step(2074, 2, 1)
        clock.advance(SHOW_AFTER + 0.1)
        deadline = time.monotonic() + 60
        while err.getvalue().count("2074/02 part 1 ") < 2 and time.monotonic() < deadline:
            time.sleep(0.02)  # the narrow form, as the tick shows it, and rewritten
        screen = err.getvalue()
    assert screen.count("\r\x1b[2K2074/02 part 1 ") >= 2, screen
    ticks = [
        piece
        for piece in re.split(r"[\r\n]", re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", screen))
        if "2074 day 2" in piece or "2074/02 part" in piece
    ]
    assert ticks and all(len(tick) < 24 for tick in ticks), ticks


class WatchedLock:
    """A lock that tells when a thread other than the main one finds it held and waits."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.waited = threading.Event()

    def __enter__(self) -> WatchedLock:
        if threading.current_thread() is not threading.main_thread() and self.lock.locked():
            self.waited.set()
        self.lock.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


def test_the_running_line_counts_the_parts_time_not_the_send_question() -> None:
    """Sending re-runs the day's examples (a step starts) and then asks: a tick that read
    that step before the question, drawn once the question was answered, said `running
    2054 day 9 part 2 (3.3 s)` for a part of 4.6 ms. Time passes on a fake clock; the
    line's thread ticks for real, so the test waits for it by polling, never by time."""
    import io

    from fake_clock import FakeClock

    from aoc2023.framework.commands.run import RunningLine

    clock, err = FakeClock(), io.StringIO()
    line = RunningLine(err, clock.monotonic)
    lock = WatchedLock()
    line.lock = lock  # type: ignore[assignment]  # the same lock, watched

    with line:

        def sending() -> None:
            line.step(2054, 9, 2)  # a step told while the row is shown
            clock.advance(0.6)  # long enough to be shown, had it still run
            assert lock.waited.wait(60)  # the thread ticks meanwhile, waiting on the lock
            clock.advance(3.3)  # the question

        line.step(2054, 9, 2)
        clock.advance(0.0046)
        line.paused(sending)
        line.step(2054, 10, 1)
        clock.advance(0.7)
        deadline = time.monotonic() + 60
        while "day 10" not in err.getvalue() and time.monotonic() < deadline:
            time.sleep(0.02)
    assert "day 9" not in err.getvalue()
    assert "running 2054 day 10 part 1 (0.7 s)" in err.getvalue()


def test_the_running_line_leaves_ctrl_c_and_sigterm_to_the_main_thread() -> None:
    """The kernel hands a process's signal to any thread that does not block it; one handed
    to the running line's thread left `aoc` waiting at a send question, deaf to Ctrl-C and
    SIGTERM (seen once in CI). That thread blocks them, so the main thread gets them."""
    import io

    from aoc2023.framework.commands.run import RunningLine

    with RunningLine(io.StringIO()) as line:
        status = Path(f"/proc/self/task/{line.thread.native_id}/status")
        deadline = time.monotonic() + 60
        blocked = 0
        while time.monotonic() < deadline and not blocked:
            fields = dict(row.split(":", 1) for row in status.read_text().splitlines())
            blocked = int(fields["SigBlk"], 16)
            time.sleep(0.01)
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        assert blocked & (1 << (signum - 1)), signum
    main = dict(row.split(":", 1) for row in Path("/proc/self/status").read_text().splitlines())
    assert not int(main["SigBlk"], 16) & (1 << (signal.SIGINT - 1))


ACCOUNTS_YEAR = 2054


ALICE = "a11ce" * 19 + "a"


BOB = "b0b0b" * 19 + "b"


ALICE_ID, BOB_ID = "github.alice.111", "github.bob.222"


DAY_01 = """
from math import prod

from aoc2023.framework import Example, Solution

class Day01(Solution[str]):
    examples = [Example("1 2 3", part_1=6, part_2=6)]

    def part_1(self, text: str) -> int:
        return sum(map(int, text.split()))

    def part_2(self, text: str) -> int:
        return prod(map(int, text.split()))
"""


LEAKY_DAY_02 = """
import os
from pathlib import Path

from aoc2023.framework import Solution

class Day02(Solution[str]):
    def part_1(self, text: str) -> int:
        print(Path(os.environ["AOCD_CONFIG_DIR"], "tokens.json").read_text())
        return 1
"""


def a_day_after() -> float:
    """The clock shift to a day after the puzzle unlocked (the one thing mocked)."""
    return unlock_time(ACCOUNTS_YEAR, 1).timestamp() + 86400 - time.time()


def run_accounts(*args: str, day: str = "1") -> CompletedProcess[str]:
    return aoc_in_process("run", str(ACCOUNTS_YEAR), day, *args, shift=a_day_after())


def write_tokens(home: AocdHome, text: str) -> None:
    (home.config / "tokens.json").write_text(text)


def cache_answer(home: AocdHome, user_id: str, part: int, answer: str) -> None:
    folder = home.data / user_id
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{ACCOUNTS_YEAR}_01{'ab'[part - 1]}_answer.txt").write_text(answer)


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path) -> Iterator[FakeAoC]:
    """The two accounts on the site, nothing of theirs cached yet; 2054 as a year."""
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob": BOB}))
    fake_aoc.add_user(ALICE, 111, "alice")
    fake_aoc.add_user(BOB, 222, "bob")
    sums = fake_aoc.add_puzzle(ACCOUNTS_YEAR, 1, "Sums", inputs={ALICE: "1 2 3 4\n", BOB: "4 5\n"})
    sums.solutions = {ALICE: ["10", "24"], BOB: ["9", "20"]}
    fake_aoc.add_puzzle(ACCOUNTS_YEAR, 2, "Leaks", inputs={ALICE: "a\n", BOB: "b\n"})
    with temporary_year(
        tmp_path / "site", ACCOUNTS_YEAR, {"day01.py": DAY_01, "day02.py": LEAKY_DAY_02}
    ):
        yield fake_aoc


def test_a_row_per_account_and_the_answer_tuned_to_one_input_is_named(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """Each account's input is fetched once (a second run reads aocd's cache) and checked
    against that account's known answers; bob's known part 1 differs from what the day
    gives, so the summary names the day, the part and both accounts. The JSON names the
    accounts, and no token (nor a piece of one) is printed."""
    cache_answer(aocd_loaded, ALICE_ID, 1, "10")
    cache_answer(aocd_loaded, BOB_ID, 1, "10")
    for _ in range(2):
        result = run_accounts("--accounts", "all", "--json")
        assert result.returncode == 1, result.stderr  # bob's part 1 is wrong
        results = json.loads(result.stdout)["results"]
        assert [(r["account"], r["label"]) for r in results] == [("alice", "alice"), ("bob", "bob")]
        assert [[(p["status"], p["answer"]) for p in r["parts"]] for r in results] == [
            [("correct", "10"), ("unknown", "24")],
            [("wrong", "9"), ("unknown", "20")],
        ]
        notices = json.loads(result.stdout)["notices"]
        assert (
            f"{ACCOUNTS_YEAR} day 1 part 1 is right for alice but wrong for bob (gave 9, the right "
            "answer is 10): the solution may be tuned to one input."
        ) in notices
        for token in (ALICE, BOB):
            assert token[:8] not in result.stdout + result.stderr
    assert len(site.requests_for("/input")) == 2
    assert not [r for r in site.requests if r.method == "POST"]  # no terminal: none sent
    assert (
        "--accounts sends only what you confirm on a terminal"
        in results[0]["parts"][1]["submit_note"]
    )


def test_named_accounts_and_the_table(site: FakeAoC) -> None:
    """`--accounts bob` runs bob's input alone; the table's Input column names him."""
    result = run_accounts("--accounts", "bob")
    assert result.returncode == 0, result.stderr
    assert "bob" in result.stdout and "alice" not in result.stdout
    assert [r.token for r in site.requests_for("/input")] == [BOB]


def test_yes_asks_once_per_account(
    site: FakeAoC, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --accounts, --yes asks once per account (the terminal's replies: yes for
    alice, no for bob), and sends both of alice's answers, none of bob's."""
    from aoc2023.framework import calendar
    from aoc2023.framework.commands.terminal import TerminalPrompter
    from aoc2023.framework.inputs import RunRequest, days_to_run
    from aoc2023.framework.runner import run_days
    from aoc2023.framework.submit import SubmitOptions, submit_new_answers

    now = calendar.current_time
    monkeypatch.setattr(calendar, "current_time", lambda: now() + timedelta(seconds=a_day_after()))
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nn\n"))
    report = run_days(days_to_run(RunRequest(((ACCOUNTS_YEAR, 1),), accounts="all"), []))
    sent = submit_new_answers(report, SubmitOptions(yes=True, interactive=True), TerminalPrompter())
    questions = capsys.readouterr().err.count("[y/N]")
    assert questions == 2
    posts = [
        (r.token, r.form["level"], r.form["answer"]) for r in site.requests if r.method == "POST"
    ]
    assert posts == [(ALICE, "1", "10"), (ALICE, "2", "24")]
    assert [[p.submitted for p in r.parts] for r in sent.results] == [
        ["right", "right"],
        [None, None],
    ]
    assert [p.submit_note for p in sent.results[1].parts] == [
        "not sent: you said no",
        "not sent: part 1 is not solved yet",
    ]


def test_no_accounts_token_is_printed_even_by_a_day(site: FakeAoC) -> None:
    """Every account's token is redacted from what is printed, not the run's token alone:
    here a day prints aocd's token list."""
    result = run_accounts("--accounts", "all", "--no-submit", day="2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count('"alice": "<token>"') == 2  # once per account's run
    assert '"bob": "<token>"' in result.stdout
    assert ALICE[:8] not in result.stdout and BOB[:8] not in result.stdout


def test_a_missing_empty_or_damaged_token_list_is_one_sentence(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    path = aocd_loaded.config / "tokens.json"
    for tokens, says in [
        (None, "which does not exist"),
        ("{}", "names no account"),
        ("{not json", "is not JSON"),
        ("[" * 200_000, "is not JSON"),  # nested past Python's limit
        ('{"alice": "  "}', "has no token for 'alice'"),
        ('{" ": "' + ALICE + '"}', "has an account with no name"),
    ]:
        if tokens is None:
            path.unlink()
        else:
            write_tokens(aocd_loaded, tokens)
        result = run_accounts("--accounts", "all")
        assert result.returncode == 2, tokens
        assert result.stderr.startswith(
            f"Error: aocd's token list {path} "
        ) or result.stderr.startswith(f"Error: --accounts reads aocd's token list {path}"), (
            result.stderr
        )
        assert says in result.stderr and "Traceback" not in result.stderr, result.stderr
        assert not site.requests, tokens


def test_a_token_too_long_is_said_where_it_is_kept(site: FakeAoC, aocd_loaded: AocdHome) -> None:
    """An account's token is in aocd's token list, not in $AOC_SESSION or the token file."""
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob": "b" * 5000}))
    result = run_accounts("--accounts", "all")
    assert result.returncode == 2
    assert result.stderr.endswith(f"alone in {aocd_loaded.config / 'tokens.json'} as 'bob'.\n")
    assert not site.requests


def test_a_dead_account_is_said_in_its_row_naming_its_entry(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """carol's token is unknown to the site: her row fails, with the entry to replace;
    the other accounts run; no piece of her token is printed."""
    carol = "ca201" * 19 + "c"
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob": BOB, "carol": carol}))
    result = run_accounts("--accounts", "all", "--json")
    assert result.returncode == 2
    results = json.loads(result.stdout)["results"]
    assert [r["error"] is None for r in results] == [True, True, False]
    assert results[2]["error"].endswith(
        f"put a fresh one in {aocd_loaded.config / 'tokens.json'} as 'carol'."
    )
    assert carol[:8] not in result.stdout + result.stderr


def test_no_account_token_is_logged_by_run_or_by_aocds_runner(
    site: FakeAoC, aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--verbose logs aocd's own lines, one of which names a dead token in full; every
    token in the token list is redacted before any log handler is made, under `aoc run
    --accounts` and under aocd's runner run by aoc, which runs beside a token too long
    for aoc (it hid every other from the redaction)."""
    carol = "ca201" * 19 + "c"
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob": BOB, "carol": carol}))
    aocd_loaded.set_token()  # aocd's runner reads the token before it reads its options
    test_output.as_outside_pytest(monkeypatch)
    runs = [run_accounts("--accounts", "all", "--no-submit", "--verbose")]
    tokens = {"alice": ALICE, "bob": BOB, "long": "1" * 2000, "carol": carol}
    write_tokens(aocd_loaded, json.dumps(tokens))
    runs.append(aoc_in_process("-y", "2025", "-d", "1", "-u", "carol", "-v"))
    for run in runs:
        assert "is dead" in run.stderr, run.stderr  # the line that would have named it
        for token in (ALICE, BOB, carol):
            assert token[:8] not in run.stdout + run.stderr, run.stderr


def test_an_account_token_no_cookie_holds_names_its_entry(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """Its row's sentence names its entry in tokens.json, not the usual token file."""
    broken = ALICE[:40] + " " + ALICE[40:]
    write_tokens(aocd_loaded, json.dumps({"alice": broken, "bob": BOB}))
    result = run_accounts("--accounts", "all", "--json")
    assert result.returncode == 2
    error = json.loads(result.stdout)["results"][0]["error"]
    assert error.endswith(f"again into {aocd_loaded.config / 'tokens.json'} as 'alice'."), error
    assert json.loads(result.stdout)["results"][1]["error"] is None  # bob's row runs


def test_an_unknown_account_is_one_sentence_naming_the_known_ones(site: FakeAoC) -> None:
    result = run_accounts("--accounts", "alice,carol")
    assert result.returncode == 2
    assert "--accounts names 'carol', which is not in" in result.stderr
    assert "(alice, bob)" in result.stderr and ALICE[:8] not in result.stderr
    assert not site.requests


def test_a_token_pasted_as_an_accounts_name_is_never_printed(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """The sentence naming the known accounts printed such a name, a token, in full."""
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, BOB: ALICE}))
    result = run_accounts("--accounts", "carol")
    assert result.returncode == 2
    assert "(alice, <token>)" in result.stderr and BOB[:8] not in result.stderr, result.stderr
    assert not site.requests


def test_an_account_whose_name_holds_a_comma_is_taken_whole(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob, at work": BOB}))
    result = run_accounts("--accounts", "bob, at work")
    assert result.returncode == 0, result.stderr
    assert [r.token for r in site.requests_for("/input")] == [BOB]
    assert (
        run_accounts("--accounts", "alice,bob").returncode == 2
    )  # neither "bob" nor "bob, at work"


def test_accounts_with_another_input_is_refused(
    site: FakeAoC, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.txt").write_text("1 2\n")
    for other in (["--example"], ["--input", "in.txt"], ["--watch"]):
        result = run_accounts("--accounts", "all", *other)
        assert result.returncode == 2, other
        assert result.stderr.count("\n") == 1 and other[0] in result.stderr, result.stderr
        assert not site.requests, other


def test_the_live_table_on_a_terminal_names_each_accounts_row(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """On a terminal (the live table, drawn row by row; here `site_cli.Screen`, a real
    one in test_run.py), each account's row is named and the summary names the part
    tuned to one input; no token reaches the screen."""
    cache_answer(aocd_loaded, ALICE_ID, 1, "10")
    cache_answer(aocd_loaded, BOB_ID, 1, "10")
    done = aoc_in_process(
        "run",
        str(ACCOUNTS_YEAR),
        "1",
        "--accounts",
        "all",
        "--no-submit",
        shift=a_day_after(),
        env=dict(os.environ) | {"COLUMNS": "120"},
        typed="",
    )
    assert done.returncode == 1, done.stderr  # bob's part 1 is wrong
    screen = done.stdout + done.stderr
    assert "\x1b[" in done.stdout  # drawn for a terminal
    rows = [line for line in screen.splitlines() if f"{ACCOUNTS_YEAR}/01" in line]
    assert [("alice" in row, "bob" in row) for row in rows] == [(True, False), (False, True)]
    assert "right for alice but wrong for bob" in " ".join(screen.split())
    for token in (ALICE, BOB):
        assert token[-8:] not in screen and token[:8] not in screen


variants_year = test_registry.variants_year
"""test_registry.py's fixture (bound, not imported, so that a test may name it)."""


def input_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "input.txt"
    path.write_text(text)
    return path


def test_run_without_variants_runs_the_main_implementation_alone(variants_year: int) -> None:
    result = aoc("run", str(variants_year), "1", "--example", "--json")
    assert result.returncode == 0, result.stderr
    assert [day["variant"] for day in json.loads(result.stdout)["results"]] == [None]


def test_run_with_variants_runs_each_one_after_the_main(variants_year: int) -> None:
    result = aoc("run", str(variants_year), "1", "--example", "--variants", "--json")
    assert result.returncode == 0, result.stderr
    days = json.loads(result.stdout)["results"]
    assert [day["variant"] for day in days] == [None, "squares", "packed"]
    for day in days:
        assert [(p["answer"], p["status"]) for p in day["parts"]] == [
            ("6", "correct"),
            ("14", "correct"),
        ]


def test_variants_agree_on_a_real_input(variants_year: int, tmp_path: Path) -> None:
    path = input_file(tmp_path, "\n".join(map(str, range(1, 101))))
    result = aoc("run", str(variants_year), "1", "--input", str(path), "--variants", "--json")
    assert result.returncode == 0, result.stderr
    days = json.loads(result.stdout)["results"]
    assert {tuple(p["answer"] for p in day["parts"]) for day in days} == {("5050", "338350")}


def test_a_variant_that_disagrees_with_the_main_is_an_error_naming_both(
    variants_year: int, tmp_path: Path
) -> None:
    path = input_file(tmp_path, "a\nbb\nccc")
    result = aoc("run", str(variants_year), "2", "--input", str(path), "--variants", "--json")
    assert result.returncode == 2, result.stderr
    main, sloppy = json.loads(result.stdout)["results"]
    assert [p["status"] for p in main["parts"]] == ["unknown", "unknown"]
    assert [p["status"] for p in sloppy["parts"]] == ["error", "unknown"]
    assert sloppy["parts"][0]["error"] == (
        "variant 'sloppy' gave 7, but the main implementation gave 6"
    )


def test_the_table_shows_a_row_per_variant_and_the_disagreement(
    variants_year: int, tmp_path: Path
) -> None:
    path = input_file(tmp_path, "a\nbb\nccc")
    result = aoc("run", str(variants_year), "2", "--input", str(path), "--variants")
    assert result.returncode == 2
    rows = [row for row in result.stdout.splitlines() if "2077/02" in row]
    assert len(rows) == 2 and "variant sloppy" in rows[1] and "variant" not in rows[0]
    assert (
        "2077 day 2 (" + str(path) + "), variant sloppy part 1: variant 'sloppy' gave 7, "
        "but the main implementation gave 6"
    ) in result.stderr


def test_a_narrow_table_names_each_variant_too(variants_year: int) -> None:
    result = aoc_in_process(
        "run",
        str(variants_year),
        "1",
        "--example",
        "--variants",
        env=dict(os.environ, COLUMNS="40"),
    )
    assert result.returncode == 0, result.stderr
    assert "Part 1" in result.stdout and "Title" not in result.stdout  # the narrow table
    first_column = " ".join(
        line.split("│")[1].strip() for line in result.stdout.splitlines() if line.startswith("│")
    )
    assert "variant squares" in first_column and "variant packed" in first_column


def test_a_day_without_variants_says_so(variants_year: int) -> None:
    result = aoc("run", str(variants_year), "1,4", "--example", "--variants", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [(d["day"], d["variant"]) for d in report["results"]] == [
        (1, None),
        (1, "squares"),
        (1, "packed"),
        (4, None),
    ]
    assert report["notices"] == [
        "2077 day 4 declares no variants: only the main implementation ran."
    ]


def test_variants_run_under_a_time_limit_too(variants_year: int, tmp_path: Path) -> None:
    path = input_file(tmp_path, "a\nbb\nccc")
    result = aoc(
        "run",
        str(variants_year),
        "2",
        "--input",
        str(path),
        "--variants",
        "--timeout",
        "20",
        "--json",
    )
    assert result.returncode == 2, result.stderr
    main, sloppy = json.loads(result.stdout)["results"]
    assert (main["variant"], sloppy["variant"]) == (None, "sloppy")
    assert "gave 7, but the main implementation gave 6" in sloppy["parts"][0]["error"]
