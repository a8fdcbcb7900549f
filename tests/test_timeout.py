"""`--timeout`: a late part is stopped and reported, everything else still runs."""

from __future__ import annotations

import json
import multiprocessing
import os
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from aoc2023.framework import Solution, timeouts
from aoc2023.framework.cli import app
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import ExitCode, Status
from aoc2023.framework.results import run_exit_code as exit_code
from aoc2023.framework.runner import run_solution
from aoc2023.framework.timeouts import day_runner, run_with_timeout

LIMIT = 0.5


class SleepsInPart2(Solution[str]):
    year, day = 2091, 1

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        time.sleep(30)
        return 0


class SlowParseThenSlowPart(Solution[str]):
    """Each step alone fits the limit; together they would not."""

    year, day = 2091, 2

    def parse(self, text: str) -> str:
        time.sleep(0.3)
        return text

    def part_1(self, text: str) -> int:
        time.sleep(0.3)
        return len(text)


class SleepsInParse(Solution[str]):
    year, day = 2091, 3

    def parse(self, text: str) -> str:
        time.sleep(30)
        return text


class SleepsInSolve(Solution[str]):
    year, day = 2091, 4

    def solve(self, text: str) -> tuple[int, int]:
        time.sleep(30)
        return 1, 2


class DiesOrExits(Solution[str]):
    year, day = 2091, 5

    def part_1(self, text: str) -> int:
        os._exit(3)

    def part_2(self, text: str) -> int:
        sys.exit("gave up")


def test_a_part_that_sleeps_past_the_timeout_is_reported_as_timeout_promptly() -> None:
    start = time.monotonic()
    result = run_with_timeout(SleepsInPart2, RunInput("abc", "file", {1: "3"}), None, LIMIT)
    elapsed = time.monotonic() - start
    part_1, part_2 = result.parts
    assert (part_1.status, part_1.answer) == (Status.CORRECT, "3")
    assert part_2.status is Status.TIMEOUT
    assert part_2.error == "timed out: stopped after 0.5 s (--timeout)"
    assert result.parse_seconds is not None and result.error is None
    assert LIMIT <= elapsed < LIMIT + 1.0
    assert exit_code([result]) is ExitCode.COULD_NOT_RUN


def test_the_limit_is_per_step_and_times_are_taken_in_the_child_around_the_step() -> None:
    result = run_with_timeout(
        SlowParseThenSlowPart, RunInput("abcd", "file", parts=(1,)), None, LIMIT)
    [part] = result.parts
    assert part.status is Status.UNKNOWN and part.answer == "4"
    assert result.parse_seconds is not None and 0.3 <= result.parse_seconds < 0.45
    # The part alone: neither the parse nor the child process is in its time.
    assert part.seconds is not None and 0.3 <= part.seconds < 0.45


def test_a_parse_past_the_timeout_stops_the_day_and_no_part_runs() -> None:
    start = time.monotonic()
    result = run_with_timeout(SleepsInParse, RunInput("abc", "file"), None, LIMIT)
    assert time.monotonic() - start < LIMIT + 1.0  # once, not once per part
    assert result.error == "parse timed out: stopped after 0.5 s (--timeout)"
    assert [(p.status, p.error) for p in result.parts] == [
        (Status.TIMEOUT, "not run: parse timed out")] * 2


def test_a_day_that_solves_both_at_once_times_out_as_one() -> None:
    result = run_with_timeout(SleepsInSolve, RunInput("abc", "file"), None, LIMIT)
    assert [p.status for p in result.parts] == [Status.TIMEOUT, Status.TIMEOUT]
    assert all(p.timed_with_other_part for p in result.parts)


def test_a_part_that_kills_its_process_or_exits_is_an_error_of_that_part() -> None:
    result = run_with_timeout(DiesOrExits, RunInput("abc", "file"), None, 5.0)
    died, exited = result.parts
    assert died.status is Status.ERROR
    assert died.error == "the process running it ended unexpectedly (exit code 3)"
    assert exited.status is Status.ERROR
    assert exited.error == "the day's code called sys.exit('gave up')"


def test_results_match_the_in_process_runner() -> None:
    from test_runner import Failing, Mutating, Together

    cases: list[tuple[type[Solution[Any]], RunInput]] = [
        (Mutating, RunInput("3 1 2", "file")),
        (Failing, RunInput("abc", "input", {2: "ABC"})),
        (Together, RunInput("abc", "example", extra={"factor": 10})),
    ]
    for day, run_input in cases:
        here = run_solution(day, run_input)
        there = run_with_timeout(day, run_input, None, 10.0)
        assert [(p.part, p.status, p.answer, p.error) for p in there.parts] == [
            (p.part, p.status, p.answer, p.error) for p in here.parts]
        assert there.error == here.error


def test_without_a_timeout_days_run_in_this_process() -> None:
    assert day_runner(None) is run_solution


@pytest.mark.slow(waits=True)
def test_the_spawn_start_method_works_too(monkeypatch: pytest.MonkeyPatch) -> None:
    """Where fork is not used (macOS, Windows), the child imports the day again."""
    monkeypatch.setattr(timeouts, "_context", lambda: multiprocessing.get_context("spawn"))
    result = run_with_timeout(SleepsInPart2, RunInput("abc", "file"), None, 5.0)
    assert result.parts[0].answer == "3"


def _year_package(root: Path, year: int) -> None:
    package = root / f"aoc{year}"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "day01.py").write_text(
        "import time\n"
        "from aoc2023.framework import Example, Solution\n\n"
        "class Day01(Solution[str]):\n"
        "    examples = [Example('abc', part_1=3, part_2=3)]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text)\n\n"
        "    def part_2(self, text: str) -> int:\n"
        "        time.sleep(30)\n"
        "        return 3\n"
    )
    (package / "day02.py").write_text(
        "from aoc2023.framework import Example, Solution\n\n"
        "class Day02(Solution[str]):\n"
        "    examples = [Example('abcd', part_1=4, part_2='ABCD')]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text)\n\n"
        "    def part_2(self, text: str) -> str:\n"
        "        return text.upper()\n"
    )


@pytest.mark.slow(waits=True)
def test_aoc_run_timeout_reports_the_late_part_and_runs_the_other_days(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _year_package(tmp_path, 2093)
    monkeypatch.syspath_prepend(str(tmp_path))
    start = time.monotonic()
    result = CliRunner().invoke(app, ["run", "2093", "1-2", "--timeout", str(LIMIT), "--json"])
    assert time.monotonic() - start < LIMIT + 2.0
    assert result.exit_code == 2, result.output
    days = json.loads(result.stdout)["results"]
    assert [[p["status"] for p in day["parts"]] for day in days] == [
        ["correct", "timeout"], ["correct", "correct"]]
    table = CliRunner().invoke(app, ["run", "2093", "1", "--timeout", str(LIMIT)])
    assert "⧖ timeout" in table.stdout
    assert "2093 day 1 (example 1) part 2: timed out: stopped after 0.5 s" in table.stderr


def test_a_timeout_must_be_positive() -> None:
    result = CliRunner().invoke(app, ["run", "2023", "7", "--timeout", "0"])
    assert result.exit_code == 2
    assert "--timeout must be a number of seconds above 0" in result.stderr


def _square(n: int) -> int:
    return n * n


class UsesProcesses(Solution[str]):
    year, day = 2091, 20

    def part_1(self, text: str) -> int:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(2) as pool:
            return sum(pool.map(_square, range(10)))

    def part_2(self, text: str) -> int:
        import subprocess

        child = subprocess.Popen(["sleep", "300"])
        Path(text).write_text(str(child.pid))
        time.sleep(30)
        return 0


@pytest.mark.slow(waits=True)
def test_a_part_may_start_processes_and_a_late_part_takes_them_with_it(tmp_path: Path) -> None:
    pid_file = tmp_path / "grandchild.pid"
    result = run_with_timeout(UsesProcesses, RunInput(str(pid_file), "file"), None, 5.0)
    part_1, part_2 = result.parts
    assert (part_1.status, part_1.answer) == (Status.UNKNOWN, "285"), part_1.error
    assert part_2.status is Status.TIMEOUT
    grandchild = int(pid_file.read_text())
    deadline = time.monotonic() + 5
    while time.monotonic() < deadline:
        try:
            with open(f"/proc/{grandchild}/stat") as stat:
                if stat.read().split()[2] == "Z":  # a zombie, waiting for init to reap it
                    break
        except FileNotFoundError:
            break
        time.sleep(0.05)
    else:
        os.kill(grandchild, 9)
        pytest.fail("the late part's own child process was left running")
