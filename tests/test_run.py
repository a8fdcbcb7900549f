"""`aoc run` in this process (site_cli.aoc_in_process): output, JSON, options and exit codes."""

from __future__ import annotations

import json
import logging
import os
import signal
import sys
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from conftest import TOKEN, AocdHome
from fake_aoc import FakeAoC
from site_cli import aoc_in_process

from aoc2023.framework.aocd import private
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


@pytest.mark.parametrize("timeout", [[], ["--timeout", "60"]], ids=["in-process", "timeout"])
def test_an_answer_that_is_no_answer_fails_its_part_alone(
    tmp_path: Path, timeout: list[str]
) -> None:
    from conftest import temporary_year

    files = {"day01.py": ODD_ANSWERS, "day02.py": DECIMAL_ANSWER}
    with temporary_year(tmp_path / "site", 2067, files):
        result = aoc_in_process("run", "2067", "1-2", "--example", "--json", *timeout)
        # The table renders the results however they were found: once, in this process.
        table = None if timeout else aoc_in_process("run", "2067", "1-2", "--example")
    assert result.returncode == 2, result.stderr
    days = json.loads(result.stdout)["results"]
    assert [[(p["status"], p["answer"]) for p in day["parts"]] for day in days] == [
        [("error", None), ("error", None)],
        [("correct", "2")],
    ]
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
