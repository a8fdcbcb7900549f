"""The check before a send runs the examples of the part being sent, that part only, and
says on a terminal which example runs and for how long (submit.py `_ExampleCheck`,
commands/terminal.py `TerminalPrompter.checking_example`)."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from fake_clock import FakeClock
from site_cli import SaysYes, Screen

from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import DayResult, PartResult, RunReport, Status
from aoc2023.framework.runner import run_solution
from aoc2023.framework.solution import Solution

YEAR = 2047

DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("a", part_1=1, name="one"), Example("b", part_2=2),
                Example("c", part_1=1, part_2=2)]

    def part_1(self, text: str) -> int:
        return 1

    def part_2(self, text: str) -> int:
        return 2
"""


@pytest.fixture
def site(tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> Iterator[FakeAoC]:
    aocd_loaded.set_token()
    aocd_loaded.cache_input(YEAR, 1, "input")
    fake_aoc.add_puzzle(YEAR, 1, "Check", inputs={TOKEN: "input"}, solutions=["1", "2"])
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY}):
        yield fake_aoc


class Recorder(SaysYes):
    """Says yes; keeps each example the check says it runs, and each run it makes."""

    def __init__(self) -> None:
        super().__init__()
        self.ran: list[tuple[str, tuple[int, ...]]] = []

    @property
    def said(self) -> list[tuple[int, str, int, int]]:
        return [(part, label, number, count)
                for _, _, part, label, number, count in self.checked]

    def run(self, solution_class: type[Solution[Any]], run_input: RunInput,
            title: str | None) -> DayResult:
        self.ran.append((run_input.text, run_input.parts))
        return run_solution(solution_class, run_input, title)


def unknown(*answers: str) -> RunReport:
    return RunReport([DayResult(YEAR, 1, None, "input", parts=tuple(
        PartResult(number, Status.UNKNOWN, answer=answer)
        for number, answer in enumerate(answers, start=1)))])


def test_part_1s_send_runs_part_1s_examples_only_and_part_2s_its_own(site: FakeAoC) -> None:
    from aoc2023.framework.submit import ExampleChecks, SubmitOptions, submit_new_answers

    recorder = Recorder()
    checks = ExampleChecks(recorder.run)
    dry = submit_new_answers(unknown("1", "2"), SubmitOptions(dry_run=True), recorder,
                             checks=checks)
    assert dry.results[0].parts[0].submit_note == (
        f"not sent: dry run: would send 1 for {YEAR} day 1 part 1")
    assert recorder.ran == [("a", (1,)), ("c", (1,))]
    assert recorder.said == [(1, "one", 1, 2), (1, "example 3", 2, 2)]

    sent = submit_new_answers(unknown("1", "2"), SubmitOptions(yes=True), recorder,
                              checks=checks)
    assert [part.status for part in sent.results[0].parts] == [Status.CORRECT] * 2
    # part 1's examples were checked once in the run; part 2's now, part 2 alone
    assert recorder.ran == [("a", (1,)), ("c", (1,)), ("b", (2,)), ("c", (2,))]
    assert recorder.said[2:] == [(2, "example 2", 1, 2), (2, "example 3", 2, 2)]


def test_a_terminal_is_shown_which_example_runs_and_for_how_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from aoc2023.framework.commands.terminal import TerminalPrompter

    clock = FakeClock()
    prompter = TerminalPrompter(clock=clock.monotonic)
    monkeypatch.setattr(sys, "stderr", screen := Screen())
    with prompter.checking_example(YEAR, 15, 1, "example 3", 3, 7):
        clock.advance(65)
    shown = screen.getvalue()
    assert f"checking {YEAR}/15 part 1 before sending: example 3 (3 of 7)" in shown, shown
    assert "0:01:05" in shown, shown

    monkeypatch.setattr(sys, "stderr", plain := Screen())
    monkeypatch.setattr(plain, "isatty", lambda: False)
    for number in (1, 2):
        with prompter.checking_example(YEAR, 15, 2, f"example {number}", number, 2):
            clock.advance(1)
    assert plain.getvalue() == f"checking {YEAR}/15 part 2's examples before sending...\n"
