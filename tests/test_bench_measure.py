"""Measuring: statistics, runs on fresh parses within the budget and the limits, CPU
time, and the progress line. These tests time classes of their own, never this
project's days (`test_bench.py` tests the `aoc bench` command on them; a bench whose
checking run met --timeout is test_timeouts.py's, beside that run).

Their days' steps take time on a fake clock (fake_clock.py), so that they count runs,
not seconds: how many fit the budget, in what order, which figure is the headline. Only
the CPU time of real work is timed by the real clocks. A step that mostly waits is shown
as measured, not scaled by the machine's speed (how long it waits, works or waits for a
core chosen on the fake clock, so that the verdict is exact whatever the load). Each
variant is timed in the same rounds as its day's main implementation, within one budget
(2087's days: test_bench.py's `year`)."""

from __future__ import annotations

import io
import json
import statistics
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
import test_bench
from conftest import temporary_year
from fake_clock import FakeClock, Timed, bench_on, cap_runs, capped
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import examples
from site_cli import aoc_in_process
from test_bench import NUMBERS, day_class

from aoc2023.framework import Solution
from aoc2023.framework.bench import measure
from aoc2023.framework.bench.figures import (
    LONG_STEP,
    MIN_DIFFERENCE,
    MIN_RUNS,
    REFERENCE,
    TOLERANCE,
    WIDE_TOLERANCE,
    BenchReport,
    DayBench,
    Stats,
    StepBench,
    bench_exit_code,
    ratio_to_main,
)
from aoc2023.framework.bench.figures import bench_exit_code as exit_code
from aoc2023.framework.bench.history import tolerance, trend
from aoc2023.framework.bench.measure import bench_input, notes
from aoc2023.framework.commands import bench as bench_view
from aoc2023.framework.commands.bench import ProgressLine, bench_json
from aoc2023.framework.inputs import DayInputs, RunInput, RunRequest
from aoc2023.framework.registry import variants_of
from aoc2023.framework.results import DayResult, ExitCode, Status

# --- statistics ---------------------------------------------------------------------------


def test_statistics_on_known_data() -> None:
    # Sorted: 1..10. Quartile positions (n - 1) * q: 2.25, 4.5, 6.75 (0-based ranks).
    stats = Stats.of([7, 1, 3, 5, 9, 2, 8, 4, 6, 10])
    assert stats == Stats(runs=10, median=5.5, minimum=1, q1=3.25, q3=7.75)
    assert stats.iqr == 4.5
    # An outlier moves neither the median nor the spread.
    stats = Stats.of([4, 1, 3, 2, 100])
    assert (stats.median, stats.minimum, stats.q1, stats.q3, stats.iqr) == (3, 1, 2, 4, 2)
    assert Stats.of([0.5]) == Stats(1, 0.5, 0.5, 0.5, 0.5)
    with pytest.raises(ValueError):
        Stats.of([])


@given(st.lists(st.floats(0, 1e3, allow_nan=False), min_size=2, max_size=60))
@examples(25)  # AOC_CONTRACTS=wide: 500, random
def test_quartiles_agree_with_the_standard_library(samples: list[float]) -> None:
    stats = Stats.of(samples)
    q1, median, q3 = statistics.quantiles(samples, n=4, method="inclusive")
    assert stats.q1 == pytest.approx(q1, abs=1e-9)
    assert stats.median == pytest.approx(statistics.median(samples), abs=1e-9)
    assert stats.median == pytest.approx(median, abs=1e-9)
    assert stats.q3 == pytest.approx(q3, abs=1e-9)
    assert stats.minimum == min(samples)


def figures(minimum: float, runs: int = 100) -> Stats:
    """Figures whose median is well above the minimum, as on a busy machine: only the
    minimum may decide a verdict."""
    return Stats(runs, minimum * 1.3, minimum, minimum * 1.1, minimum * 1.6)


VERDICTS = [
    (figures(100), figures(150), "faster"),
    (figures(150), figures(100), "slower"),
    (figures(100), figures(100 * (1 + TOLERANCE) - 0.5), "no change"),  # within it
    (figures(100 * (1 + TOLERANCE) - 0.5), figures(100), "no change"),
    (figures(100), figures(100 * (1 + TOLERANCE) + 0.5), "faster"),  # beyond it
    (figures(100 * (1 + TOLERANCE) + 0.5), figures(100), "slower"),
    (figures(100), figures(100), "no change"),
    # With few runs the minimum is rougher, and so is the verdict.
    (figures(100, runs=3), figures(100 * (1 + TOLERANCE) + 0.5), "no change"),
    (figures(100), figures(100 * (1 + WIDE_TOLERANCE) + 0.5, runs=2), "faster"),
]


def test_verdicts_compare_minimums_beyond_the_stated_tolerance() -> None:
    for new, old, expected in VERDICTS:
        assert trend(new, old) == expected, (new, old)


NOISE = [
    # Measured between back-to-back runs of the same code: the minimums of steps of
    # 60-600 ns moved by one or more 10 ns ticks of the clock (60 against 70 ns: 17%), up
    # to 80 ns for a step of 10 runs. Those are not changes.
    (60e-9, 70e-9, "no change"),
    (161e-9, 81e-9, "no change"),
    (1.1e-6, 1.3e-6, "no change"),
    # Beyond the tolerance and the floor both, they are.
    (1e-6, 1.25e-6, "faster"),
    (400e-9, 100e-9, "slower"),
]


def test_differences_within_the_clocks_own_noise_are_no_change() -> None:
    for new, old, expected in NOISE:
        assert trend(figures(new), figures(old)) == expected, (new, old)
    assert MIN_DIFFERENCE == 2e-7


def test_medians_apart_but_minimums_close_is_no_change() -> None:
    new = Stats(100, median=200, minimum=100, q1=150, q3=250)  # a busy run...
    old = Stats(100, median=101, minimum=100, q1=100.5, q3=102)  # ...against a quiet one
    assert trend(new, old) == "no change"


# --- measuring ------------------------------------------------------------------------------


class Emptying(Timed[list[int]]):
    """A part that empties its input: a reused input would fail on the next run."""

    year, day = 2095, 1
    costs = {"parse": 1e-4, "part 1": 1e-3}

    def parse(self, text: str) -> list[int]:
        self.take("parse")
        return [int(x) for x in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        self.take("part 1")
        assert len(numbers) == 3, "ran on an input a previous run changed"
        total = sum(numbers)
        numbers.clear()
        return total

    def part_2(self, numbers: list[int]) -> int:
        raise NotImplementedError


class Both(Timed[str]):
    year, day = 2095, 2
    costs = {"parts 1+2": 1e-3}

    def solve(self, text: str) -> tuple[int, int]:
        self.take("parts 1+2")
        return len(text), len(text) * 2


def test_each_part_run_gets_a_fresh_parse_and_runs_stay_within_the_limits() -> None:
    result = bench_on(FakeClock(), Emptying, RunInput("1 2 3", "file", {1: "6"}), budget=0.05)
    parse, part_1, part_2 = result.steps
    assert [s.step for s in result.steps] == ["parse", "part 1", "part 2"]
    assert part_1.error is None and part_1.stats is not None
    assert MIN_RUNS <= part_1.stats.runs <= measure.MAX_RUNS
    assert parse.stats is not None and parse.stats.runs == part_1.stats.runs
    assert part_1.stats.minimum <= part_1.stats.q1 <= part_1.stats.median <= part_1.stats.q3
    assert part_1.parts[0].status is Status.CORRECT
    # Not written yet: shown, not timed, and not a failure.
    assert part_2.stats is None and part_2.parts[0].status is Status.NOT_IMPLEMENTED
    assert exit_code(BenchReport([result])) is ExitCode.OK


def test_runs_are_at_least_the_minimum_and_at_most_the_maximum() -> None:
    # 1 ms a run: 0.5 s would hold hundreds.
    result = bench_on(FakeClock(), Both, RunInput("abc", "file"), budget=0.5, max_runs=40)
    assert [s.step for s in result.steps] == ["parse", "parts 1+2"]
    both = result.steps[1]
    assert both.stats is not None and both.stats.runs == 40
    assert [p.answer for p in both.parts] == ["3", "6"]
    # A budget spent before the first run: MIN_RUNS runs all the same, and no more.
    result = bench_on(FakeClock(), Both, RunInput("abc", "file"), budget=1e-6)
    assert result.steps[1].stats is not None and result.steps[1].stats.runs == MIN_RUNS


class InTurn(Timed[str]):
    """A `solve` that yields part 1's answer, then part 2's, each after some work."""

    year, day = 2071, 1
    costs = {"parse": 0.001, "part 1": 0.002, "part 2": 0.004}

    def parse(self, text: str) -> str:
        self.take("parse")
        return text

    def solve(self, text: str) -> Iterator[int]:
        self.take("part 1")
        yield len(text)
        self.take("part 2")
        yield len(text) * 2


def test_a_solve_that_yields_is_driven_and_each_part_timed_from_the_previous_yield() -> None:
    result = bench_on(FakeClock(), InTurn, RunInput("abc", "file", {1: "3", 2: "6"}), budget=0.2)
    assert [s.step for s in result.steps] == ["parse", "part 1", "part 2"]
    parse, part_1, part_2 = result.steps
    assert part_1.stats is not None and part_2.stats is not None and parse.stats is not None
    # Each part from the previous yield, the parse apart.
    assert (parse.stats.minimum, part_1.stats.minimum, part_2.stats.minimum) == (
        0.001,
        0.002,
        0.004,
    )
    assert part_1.stats.median == 0.002 and part_2.stats.q3 == 0.004
    assert part_1.stats.runs == part_2.stats.runs == parse.stats.runs >= MIN_RUNS
    assert [p.status for s in result.steps for p in s.parts] == [Status.CORRECT] * 2


class InTurnPart2Unwritten(Timed[str]):
    year, day = 2071, 2
    costs = {"part 1": 1e-3}

    def solve(self, text: str) -> Iterator[int]:
        self.take("part 1")
        yield len(text)
        raise NotImplementedError


def test_bench_days_times_the_checking_run_on_the_bench_clocks(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without a timeout the checking run is timed by `clocks.timer`, as every timed run."""
    clock = FakeClock()
    run_input = RunInput("abc", "file", {1: "3", 2: "6"}, extra={"clock": clock})
    monkeypatch.setattr(
        measure, "days_to_run", lambda *_: iter([DayInputs(InTurn, None, (run_input,))])
    )
    report = measure.bench_days(RunRequest(((2071, 1),)), 0.2, clocks=clock.bench_clocks())
    [bench] = report.results
    assert bench.result.parse_seconds == pytest.approx(0.001)
    assert [part.seconds for part in bench.result.parts] == pytest.approx([0.002, 0.004])


def test_a_yielding_solve_whose_part_2_is_unwritten_times_part_1_only() -> None:
    result = bench_on(FakeClock(), InTurnPart2Unwritten, RunInput("abc", "file"), budget=0.05)
    _parse, part_1, part_2 = result.steps
    assert part_1.stats is not None and part_1.stats.runs >= MIN_RUNS
    assert part_2.stats is None and part_2.parts[0].status is Status.NOT_IMPLEMENTED
    assert exit_code(BenchReport([result])) is ExitCode.OK


class InTurnFailsOnRerun(Solution[str]):
    """A yielding `solve` that leaves state behind: its part 1 fails on every later run."""

    year, day = 2086, 1
    runs: list[int] = []

    def solve(self, text: str) -> Iterator[int]:
        self.runs.append(1)
        if len(self.runs) > 1:
            raise RuntimeError("state left over from the last run")
        yield len(text)
        yield len(text) * 2


def test_a_yielding_solve_that_fails_while_timed_blames_the_part_that_raised() -> None:
    InTurnFailsOnRerun.runs.clear()
    result = bench_input(
        InTurnFailsOnRerun, RunInput("abc", "file"), None, budget=0.05, clocks=capped(MIN_RUNS)
    )
    _parse, part_1, part_2 = result.steps
    assert part_1.error == "while timing, RuntimeError: state left over from the last run"
    # Part 2 never ran again: it is not timed, and not to blame.
    assert part_2.error is None and part_2.stats is None
    assert [p.status for s in result.steps for p in s.parts] == [Status.UNKNOWN] * 2
    report = BenchReport([result])
    assert exit_code(report) is ExitCode.COULD_NOT_RUN
    [note] = notes(report)  # the one run of the checking run: not for lack of budget
    assert "run(s) were timed (part 1 failed while being timed)" in note
    assert "budget" not in note


CALLS: list[str] = []


class Recorded(Timed[str]):
    """Records the order its steps run in."""

    year, day = 2071, 3
    costs = {"parse": 1e-4, "part 1": 1e-3, "part 2": 1e-3}

    def parse(self, text: str) -> str:
        self.take("parse")
        CALLS.append("parse")
        return text

    def part_1(self, text: str) -> int:
        self.take("part 1")
        CALLS.append("part 1")
        return 1

    def part_2(self, text: str) -> int:
        self.take("part 2")
        CALLS.append("part 2")
        return 2


def test_no_step_the_parse_included_runs_more_than_the_stated_maximum() -> None:
    CALLS.clear()
    result = bench_on(FakeClock(), Recorded, RunInput("x", "file"), budget=0.5, max_runs=40)
    assert [s.stats.runs for s in result.steps if s.stats] == [40, 20, 20]
    # Beyond the timed runs: the checking run's 2 parses, and a warm-up of a tenth of the
    # rounds (2.2 ms each: 4 fit in the tenth of the budget, but a tenth of 40 is 4).
    assert CALLS.count("parse") == 2 + 2 * 4 + 40


def test_steps_are_interleaved_round_by_round_after_warm_up_rounds_not_kept() -> None:
    """Not timed in blocks: each part on a fresh parse, and the parts in turn, 1, 2, 1,
    2..., in every round, the checking run's and the warm-up's too."""
    CALLS.clear()
    clock = FakeClock()
    result = bench_on(clock, Recorded, RunInput("x", "file"), budget=0.1)
    # Rounds of 2.2 ms, after a checking run of 2.2 ms: the warm-up's tenth of the budget
    # (10 ms) holds 4 of them; then rounds are kept while one ends by the budget (0.1 s).
    checking, warm_up, kept = 1, 4, 40
    assert [s.stats.runs for s in result.steps if s.stats] == [2 * kept, kept, kept]
    assert kept >= MIN_RUNS
    rounds = checking + warm_up + kept
    assert ["parse", "part 1", "parse", "part 2"] * rounds == CALLS
    assert clock.monotonic() == pytest.approx(0.0022 * rounds)
    assert clock.monotonic() <= 0.1


class Slow(Timed[str]):
    year, day = 2071, 4
    costs = {"part 1": 0.3}
    waits = frozenset({"part 1"})

    def part_1(self, text: str) -> int:
        self.take("part 1")
        return 1


def test_slow_steps_keep_to_the_budget_with_fewer_runs_and_say_so() -> None:
    # The checking run (0.3 s) counts in the budget. A run starts only if it ends by the
    # budget, or until MIN_RUNS runs, by the budget and one run more; a warm-up round
    # first if one fits in a tenth of the budget. Ten runs would have taken 3 s.
    for budget, warm_up, runs in [
        (0.5, 0, 1),
        (1.0, 0, 3),
        (3.1, 1, 9),
        (3.5, 1, MIN_RUNS),
        (4.6, 1, 13),
    ]:
        clock = FakeClock()
        result = bench_on(clock, Slow, RunInput("x", "file"), budget=budget)
        assert clock.monotonic() == pytest.approx(0.3 * (1 + warm_up + runs)), budget
        assert clock.monotonic() <= budget + (0.3 if runs <= MIN_RUNS else 0.0), budget
        part_1 = result.steps[1]
        assert part_1.stats is not None and part_1.stats.runs == runs, budget
        assert part_1.stats.minimum == 0.3, budget
        notes_found = notes(BenchReport([result]))
        if runs >= MIN_RUNS:
            assert not part_1.stats.rough and notes_found == [], budget
            continue
        assert part_1.stats.rough, budget
        [note] = notes_found
        assert note.startswith(f"2071 day 4: only parse ({runs}), part 1 ({runs}) run(s) fitted")
        assert "the spread is rough" in note


class SlowAndFast(Timed[str]):
    year, day = 2071, 10
    costs = {"part 1": 0.3, "part 2": 1e-3}

    def part_1(self, text: str) -> int:
        self.take("part 1")
        return 1

    def part_2(self, text: str) -> int:
        self.take("part 2")
        return 2


def test_fast_steps_go_on_to_the_minimum_runs_without_a_slow_one_that_no_longer_fits() -> None:
    clock = FakeClock()
    result = bench_on(clock, SlowAndFast, RunInput("x", "file"), budget=0.5)
    _parse, part_1, part_2 = result.steps
    assert part_1.stats is not None and part_1.stats.runs == 1  # 0.3 s + 0.3 s: no more
    assert part_2.stats is not None and part_2.stats.runs == MIN_RUNS
    # The checking run, one round of both, then part 2 alone: within the budget and one
    # run of the slowest step.
    assert clock.monotonic() == pytest.approx(0.301 * 2 + 0.001 * (MIN_RUNS - 1))
    assert clock.monotonic() <= 0.5 + 0.3


def test_a_median_far_above_the_minimum_says_the_machine_was_busy() -> None:
    day = DayResult(2071, 5, None, "file", "hands.txt")
    quiet = Stats(100, median=1.05e-3, minimum=1e-3, q1=1.02e-3, q3=1.1e-3)
    busy = Stats(100, median=2e-3, minimum=1e-3, q1=1.2e-3, q3=3e-3)
    assert notes(BenchReport([DayBench(day, (StepBench("parse", quiet),))])) == []
    [note] = notes(
        BenchReport([DayBench(day, (StepBench("parse", quiet), StepBench("part 1", busy)))])
    )
    assert note.startswith(
        "2071 day 5 (hands.txt): the median is far above the minimum in "
        "part 1 (100%): the machine was busy"
    )


def test_the_progress_line_shows_the_step_and_runs_and_is_cleared() -> None:
    stream = io.StringIO()
    clock = FakeClock()
    line = ProgressLine(stream, clock.monotonic)
    line("2071 day 6", "part 1", 1234, 0.0)
    assert stream.getvalue() == "\r2071 day 6: part 1, 1,234 runs so far"
    clock.sleep(ProgressLine.INTERVAL / 2)
    line("2071 day 6", "part 2", 1235, 0.0)  # too soon: not redrawn
    assert stream.getvalue().count("\r") == 1
    line("2071 day 6", "part 2", 1236, 5.0)  # but a slow run is shown at once
    assert stream.getvalue().endswith("\r2071 day 6: part 2, 1,236 runs so far")
    line("2071 day 6", "part 1", 1237, 0.0)
    assert stream.getvalue().count("\r") == 2
    clock.sleep(ProgressLine.INTERVAL * 1.5)
    line("2071 day 6", "part 1", 1238, 0.0)  # time enough since the last: redrawn
    assert stream.getvalue().endswith("\r2071 day 6: part 1, 1,238 runs so far")
    line.clear()
    assert stream.getvalue().endswith("\r" + " " * 37 + "\r")


def test_the_progress_line_fits_the_terminal_keeping_the_step_and_runs(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # Longer than the terminal, "\r" would go back to the start of its last screen line
    # only, and each redraw would leave a line behind.
    monkeypatch.setenv("COLUMNS", "40")
    stream = io.StringIO()
    line = ProgressLine(stream)
    line("2086 day 7 (/home/someone/advent/inputs/hands.txt)", "part 2", 12345, 5.0)
    line("2086 day 7 (/home/someone/advent/inputs/hands.txt)", "part 1", 12346, 5.0)
    line.clear()
    drawn = stream.getvalue().split("\r")[1:]
    assert drawn[0].endswith("part 2, 12,345 runs so far") and len(drawn[0]) < 40
    assert drawn[1].rstrip().endswith("part 1, 12,346 runs so far") and len(drawn[1]) < 40
    assert all(len(text) < 40 for text in drawn)


def spin(seconds: float) -> None:
    """Busy on the CPU for `seconds` of CPU time."""
    until = time.process_time() + seconds
    while time.process_time() < until:
        pass


class LongSteps(Solution[str]):
    """Part 1 works on the CPU, part 2 waits, for real."""

    year, day = 2071, 7

    def part_1(self, text: str) -> int:
        spin(2 * LONG_STEP)
        return 1

    def part_2(self, text: str) -> int:
        time.sleep(2 * LONG_STEP)
        return 2


class WorkInAChild(Solution[str]):
    """Part 1's work happens in a child process."""

    year, day = 2071, 8

    def part_1(self, text: str) -> int:
        code = (
            f"import time\nu = time.process_time() + {2 * LONG_STEP}\n"
            "while time.process_time() < u: pass"
        )
        subprocess.run([sys.executable, "-c", code], check=True)
        return 1


class Steps(Timed[str]):
    """A part 1 of the cost a test sets (`costs`), working or waiting (`waits`)."""

    year, day = 2071, 9

    def parse(self, text: str) -> str:
        self.take("parse")
        return text

    def part_1(self, text: str) -> int:
        self.take("part 1")
        return 1


HEADLINES = [  # (part 1's seconds, whether it waits, its CPU time recorded, its headline)
    (2 * LONG_STEP, False, True, "cpu_min"),  # long: its CPU time
    (LONG_STEP, False, True, "cpu_min"),
    (0.9 * LONG_STEP, False, True, "min"),  # its CPU time recorded, but short
    (1.1 * measure.CPU_FROM, False, True, "min"),
    (0.9 * measure.CPU_FROM, False, False, "min"),  # too short to record its CPU time
    (2 * LONG_STEP, True, True, "min"),  # waiting costs no CPU: the wall clock's time
]


def test_a_long_step_is_headlined_by_its_cpu_time_and_a_waiting_one_by_the_clock(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    for seconds, waits, cpu_recorded, headline in HEADLINES:
        case = (seconds, waits)
        monkeypatch.setattr(Steps, "costs", {"parse": 1e-6, "part 1": seconds})
        monkeypatch.setattr(Steps, "waits", frozenset({"part 1"} if waits else ()))
        result = bench_on(FakeClock(), Steps, RunInput("x", "file"), budget=0.05)
        parse, part_1, _ = result.steps
        assert parse.stats is not None and parse.stats.headline == "min", case  # a µs
        assert parse.stats.cpu_minimum is None, case
        assert part_1.stats is not None and part_1.stats.headline == headline, case
        assert part_1.stats.minimum == pytest.approx(seconds), case
        cpu = (0.0 if waits else pytest.approx(seconds)) if cpu_recorded else None
        assert part_1.stats.cpu_minimum == cpu, case
        assert part_1.stats.headline_seconds == pytest.approx(seconds), case


def test_the_cpu_clock_tells_work_from_waiting() -> None:
    # The real clocks, with a budget that never runs out: each step gets its runs (half
    # of max_runs: each part has its own parse) however busy the machine is.
    result = bench_input(LongSteps, RunInput("x", "file"), None, budget=0.5, clocks=capped(20))
    _parse, part_1, part_2 = result.steps
    assert part_1.stats is not None and part_1.stats.runs == 10
    assert part_1.stats.headline == "normalised_cpu" and part_1.stats.cpu_minimum is not None
    assert part_1.stats.raw_headline == "cpu_min" and part_1.stats.cpu_minimum >= 2 * LONG_STEP
    # Sleeping costs no CPU: the wall clock is what that step takes, as measured.
    assert part_2.stats is not None and part_2.stats.headline == "min"
    assert part_2.stats.waiting and part_2.stats.normalised is None
    assert part_2.stats.cpu_minimum is not None and part_2.stats.cpu_minimum < LONG_STEP
    assert part_2.stats.minimum >= 2 * LONG_STEP


def test_cpu_time_counts_the_work_of_child_processes() -> None:
    # A budget never spent, and one run (a child process each) besides the checking
    # run's and the warm-up's.
    result = bench_input(WorkInAChild, RunInput("x", "file"), None, budget=0.3, clocks=capped(1))
    part_1 = result.steps[1]
    assert part_1.stats is not None and part_1.stats.runs == 1
    # (Whether it counts as waiting depends on how busy the machine is: a child on a
    # busy machine may not get half a core while it starts.)
    assert (part_1.stats.cpu_minimum or 0.0) >= 2 * LONG_STEP


def test_a_long_steps_verdict_compares_cpu_minimums_when_both_sides_have_them() -> None:
    busy = Stats(20, median=0.9, minimum=0.5, q1=0.6, q3=1.0, cpu_minimum=0.100)
    quiet = Stats(20, median=0.11, minimum=0.105, q1=0.106, q3=0.12, cpu_minimum=0.102)
    assert busy.headline == quiet.headline == "cpu_min"
    assert trend(busy, quiet) == "no change"  # the wall minimums are 5 times apart
    # CPU minimums move more than short steps' minimums: the wide tolerance.
    assert tolerance(busy, quiet) == WIDE_TOLERANCE
    assert trend(Stats(20, 0.11, 0.1, 0.1, 0.12, cpu_minimum=0.082), quiet) == "no change"
    assert trend(Stats(20, 0.08, 0.07, 0.075, 0.085, cpu_minimum=0.07), quiet) == "faster"
    saved_without_cpu = Stats(20, median=0.11, minimum=0.105, q1=0.106, q3=0.12)
    assert trend(busy, saved_without_cpu) == "slower"  # wall against wall, then


class RecordedVariant(Recorded):
    """Another implementation of Recorded's day, as a variant would be."""

    def part_1(self, text: str) -> int:
        self.take("part 1")
        CALLS.append("variant part 1")
        return 1

    def part_2(self, text: str) -> int:
        self.take("part 2")
        CALLS.append("variant part 2")
        return 2


def test_lanes_of_implementations_take_turns_in_every_round() -> None:
    lanes = [
        measure.Lane(Recorded, (1, 2)),
        measure.Lane(RecordedVariant, (1, 2), variant="fast"),
    ]
    expected = {(lane.variant, unit): 0.0 for lane in lanes for unit in lane.units}
    clock = FakeClock()
    CALLS.clear()
    timing = measure.measure(
        lanes,
        RunInput("x", "file", extra={"clock": clock}),
        expected,
        deadline=0.05,
        grace=0.0,
        warm_until=0.0,
        clocks=clock.bench_clocks(),
    )
    # Units of 1.1 ms while one ends by 0.05 s: 45 of them. The first round of 4 is a
    # warm-up (nothing was expected to take any time before `warm_until`); then 10 rounds,
    # and the first unit of the 12th, which the variant begins (every other round).
    runs = {key: len(found) for key, found in timing.samples.items()}
    assert runs == {
        (None, "parse"): 20,
        (None, "part 1"): 10,
        (None, "part 2"): 10,
        ("fast", "parse"): 21,
        ("fast", "part 1"): 11,
        ("fast", "part 2"): 10,
    }
    assert clock.monotonic() == pytest.approx(45 * 0.0011)
    parts = [call for call in CALLS if call != "parse"]
    assert parts[:8] == [
        "part 1",
        "part 2",
        "variant part 1",
        "variant part 2",
        "variant part 1",
        "variant part 2",
        "part 1",
        "part 2",
    ]


class Mixed(Timed[str]):
    """Each step computes for `work` seconds, waits for a core for `queued`, and waits on
    something else (a sleep) for `sleeps`, as the test sets them."""

    year, day = 2044, 1
    plan: ClassVar[dict[str, tuple[float, float, float]]] = {}

    def spend(self, step: str) -> None:
        clock: FakeClock = self.extra["clock"]
        work, queued, sleeps = self.plan.get(step, (1e-6, 0.0, 0.0))
        clock.work(work)
        clock.advance(queued)
        self.extra["ready"][0] += round(queued * 1e9)
        clock.sleep(sleeps)

    def parse(self, text: str) -> str:
        self.spend("parse")
        return text

    def part_1(self, text: str) -> int:
        self.spend("part 1")
        return 1


def bench_mixed(plan: dict[str, tuple[float, float, float]]) -> DayBench:
    """Mixed benched with `plan`, on a machine half as fast as the reference (the
    calibration workload takes twice its reference time)."""
    clock, ready = FakeClock(), [0]
    day = type("Day", (Mixed,), {"plan": plan})
    work = clock.work
    clocks = measure.Clocks(
        clock.monotonic,
        clock.ns,
        clock.cpu_ns,
        lambda: work(2 * REFERENCE),
        ready_timer=lambda: ready[0],
        settle=lambda: None,
    )
    return measure.bench_input(
        day,
        RunInput("abc", "file", label="in.txt", extra={"clock": clock, "ready": ready}),
        None,
        2.0,
        clocks=clocks,
    )


MIXES = [  # (computing, queued for a core, sleeping: seconds a run; whether it waits)
    (0.100, 0.0, 0.0, False),  # computing
    (0.100, 0.250, 0.0, False),  # computing on a busy machine: 29% CPU, the rest queued
    (0.001, 0.0, 0.500, True),  # time.sleep(0.5)
    (0.0001, 0.005, 0.002, True),  # a short sleep, then a wait for a core once awake
    (0.300, 0.0, 0.200, False),  # 60% computing
    (0.200, 0.0, 0.300, True),  # 40% computing
]


def test_a_step_that_mostly_waits_is_shown_as_measured_and_marked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    for work, queued, sleeps, waiting in MIXES:
        case = (work, queued, sleeps)
        found = bench_mixed({"part 1": (work, queued, sleeps)})
        part_1 = next(step for step in found.steps if step.step == "part 1")
        stats = part_1.stats
        assert stats is not None and stats.waiting is waiting, case
        wall = work + queued + sleeps
        if waiting:  # its wall time as measured: a wait is no shorter on a faster machine
            assert stats.headline == "min", case
            assert stats.headline_seconds == pytest.approx(wall), case
            assert stats.normalised is None and stats.normalised_cpu is None, case
            assert stats.scale is None, case
        else:  # its CPU time at the reference speed: half, on this machine half as fast
            assert stats.headline == "normalised_cpu", case
            assert stats.headline_seconds == pytest.approx(work / 2), case
        [step] = [
            s
            for s in json.loads(bench_json(BenchReport([found])))["results"][0]["steps"]
            if s["step"] == "part 1"
        ]
        assert step["waiting"] is waiting, case
        assert step["headline"] == ("min" if waiting else "normalised_cpu"), case
        out, err = io.StringIO(), io.StringIO()
        bench_view.render(BenchReport([found]), out, err, verbose=False)
        marked = f" {bench_view.WAITING_MARK} "
        row = next(line for line in out.getvalue().splitlines() if "part 1" in line)
        assert (marked in row) is waiting, (case, row)
        assert ("mostly waiting" in " ".join(out.getvalue().split())) is waiting, (
            case,
            out.getvalue(),
        )


SLEEPS = """
import time
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        time.sleep(0.01)
        return len(text)
"""


def test_a_real_sleep_is_marked_waiting_in_the_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real clocks: a sleep costs no CPU, and waits for no core."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    monkeypatch.chdir(project)
    cap_runs(monkeypatch, max_runs=6)
    with temporary_year(tmp_path / "site", 2045, {"day01.py": SLEEPS}):
        done = aoc_in_process("bench", "2045", "1", "--example", "--json")
    assert done.returncode == 0, done.stderr
    steps = {step["step"]: step for step in json.loads(done.stdout)["results"][0]["steps"]}
    assert steps["part 1"]["waiting"] is True and steps["part 1"]["headline"] == "min"
    assert steps["parse"]["waiting"] is False  # too short to judge: never called waiting


year = test_bench.year
"""test_bench.py's fixture (bound, not imported, so that a test may name it)."""


class Squares(Timed[list[int]]):
    """Fast steps, with a variant whose part 2 is slower (it waits 2 ms)."""

    year, day = 2071, 11
    costs = {"parse": 1e-5, "part 1": 1e-5, "part 2": 1e-5}

    def parse(self, text: str) -> list[int]:
        self.take("parse")
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        self.take("part 1")
        return sum(numbers)

    def part_2(self, numbers: list[int]) -> int:
        self.take("part 2")
        return sum(n * n for n in numbers)


class SquaresSlow(Squares, variant="slow"):
    costs = {**Squares.costs, "part 2": 2e-3}
    waits = frozenset({"part 2"})


def test_each_variant_is_timed_beside_the_main_with_its_ratio() -> None:
    clock = FakeClock()
    found = bench_on(clock, Squares, RunInput(NUMBERS, "file"), budget=0.3, variants=[SquaresSlow])
    assert clock.monotonic() <= 0.3  # one budget for both lanes
    assert [(s.variant, s.step) for s in found.steps] == [
        (None, "parse"),
        (None, "part 1"),
        (None, "part 2"),
        ("slow", "parse"),
        ("slow", "part 1"),
        ("slow", "part 2"),
    ]
    [check] = found.variants
    assert check.variant == "slow" and check.error is None
    assert [p.status for p in check.parts] == [Status.UNKNOWN, Status.UNKNOWN]
    mains = {s.step: s for s in found.steps if s.variant is None}
    for step in found.steps:
        assert step.stats is not None and step.stats.runs >= MIN_RUNS
        if step.variant is None:
            assert step.versus_main is None
            continue
        main_stats = mains[step.step].stats
        assert main_stats is not None
        assert step.versus_main == ratio_to_main(step.stats, main_stats)
    # The same rounds, paced by the slow lane (2.03 ms a round): the main one (40 µs)
    # repeats its units within each round, for a quarter of the slow lane's time
    # (measure.LANE_SHARE), instead of waiting for the slow one.
    runs = [s.stats.runs for s in found.steps if s.step == "part 1" and s.stats]
    repeats = int(measure.LANE_SHARE * 2.03e-3 / 40e-6)
    assert repeats == 12 and runs[0] == repeats * runs[1]
    slow_part_2 = found.steps[-1]
    assert slow_part_2.versus_main == pytest.approx(2e-3 / 1e-5)
    assert bench_exit_code(BenchReport([found])) is ExitCode.OK


class Sleepy(Timed[str]):
    """A slow day (it waits, so it costs the machine nothing) with a slow variant."""

    year, day = 2089, 25
    costs = {"part 1": 0.15}
    waits = frozenset({"part 1"})

    def part_1(self, text: str) -> int:
        self.take("part 1")
        return 1


class SleepyToo(Sleepy, variant="too"):
    """Sleepy's part 1, as another implementation would be."""


def test_one_budget_covers_the_main_and_its_variants() -> None:
    # Alone, the main gets 3 runs of 0.15 s after its checking run: the budget (0.5 s)
    # and, short of MIN_RUNS, one run more.
    clock = FakeClock()
    alone = bench_on(clock, Sleepy, RunInput("x", "file"), budget=0.5)
    assert [s.stats.runs for s in alone.steps if s.step == "part 1" and s.stats] == [3]
    assert clock.monotonic() == pytest.approx(0.15 * (1 + 3))
    # With its variant, both checking runs count: each lane gets one run, not ten.
    clock = FakeClock()
    both = bench_on(clock, Sleepy, RunInput("x", "file"), budget=0.5, variants=[SleepyToo])
    part_1 = [s for s in both.steps if s.step == "part 1"]
    assert [s.variant for s in part_1] == [None, "too"]
    assert [s.stats.runs for s in part_1 if s.stats] == [1, 1]
    assert clock.monotonic() == pytest.approx(0.15 * (2 + 2))
    assert clock.monotonic() <= 0.5 + 0.15
    assert part_1[1].versus_main == 1.0


def test_a_variant_that_disagrees_is_an_error_naming_both_and_is_not_timed(year: int) -> None:
    main = day_class(year, 2)
    bench = bench_input(
        main,
        RunInput(NUMBERS, "file"),
        None,
        budget=0.1,
        variants=variants_of(main),
        clocks=capped(1),
    )  # which steps: one run
    [check] = bench.variants
    part_2 = check.parts[1]
    assert part_2.status is Status.ERROR
    assert part_2.error == "variant 'off' gave 6, but the main implementation gave 5"
    steps = {(s.variant, s.step): s for s in bench.steps}
    assert steps[("off", "part 2")].stats is None  # a wrong answer is not worth timing
    assert steps[("off", "part 1")].stats is not None  # the part that agrees is
    assert steps[("off", "part 1")].versus_main is not None
    assert all(s.stats is not None for s in bench.steps if s.variant is None)
    assert bench_exit_code(BenchReport([bench])) is ExitCode.COULD_NOT_RUN


def test_a_yielding_solve_and_its_variant_time_each_part(year: int) -> None:
    # The real clocks, and a budget that never runs out: `max_runs` ends the timing.
    main = day_class(year, 3)
    found = bench_input(
        main,
        RunInput("banana", "file"),
        None,
        budget=0.1,
        variants=variants_of(main),
        clocks=capped(MIN_RUNS),
    )
    assert [(s.variant, s.step) for s in found.steps] == [
        (None, "parse"),
        (None, "part 1"),
        (None, "part 2"),
        ("split", "parse"),
        ("split", "part 1"),
        ("split", "part 2"),
    ]
    # One `solve` a run, its parse with it: each step of each lane as many runs.
    assert [s.stats.runs for s in found.steps if s.stats] == [MIN_RUNS] * 6
    assert all(s.versus_main is not None for s in found.steps if s.variant)


def test_a_lane_far_faster_than_the_slowest_repeats_within_each_round() -> None:
    """A fast variant beside a slow main gets runs in proportion to its speed, not the
    main's few, while the lanes still take turns (bench/measure.py: _round_order)."""
    from aoc2023.framework.bench import measure

    main = measure.Lane(Sleepy, (1, 2))
    fast = measure.Lane(Sleepy, (1, 2), variant="fast")
    expected = {
        (None, "part 1"): 0.040,
        (None, "part 2"): 0.040,
        ("fast", "part 1"): 0.001,
        ("fast", "part 2"): 0.001,
    }
    todo = [(lane, unit) for lane in (main, fast) for unit in lane.units]
    order = measure._round_order(todo, expected)
    assert [(lane.variant, unit) for lane, unit in order] == [
        (None, "part 1"),
        (None, "part 2"),
        *[("fast", "part 1"), ("fast", "part 2")] * 10,
    ]
    expected[("fast", "part 1")] = expected[("fast", "part 2")] = 1e-9  # at most LANE_REPEATS
    assert len(measure._round_order(todo, expected)) == 2 + 2 * measure.LANE_REPEATS
