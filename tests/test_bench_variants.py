"""`aoc bench` with variants: each variant timed in the same rounds as its day's main
implementation, checked against the main's answers, and shown with its ratio to it.

The days live in the throwaway year 2087: a variant that agrees, one that disagrees, a
yielding `solve` with a variant, and a variant whose parse fails. How the budget is shared is
counted on a fake clock (fake_clock.py), by days defined here; in-process, the command's
budget never runs out, and `max_runs` ends the timing (`cap_runs`).
"""

from __future__ import annotations

import io
import json
from collections.abc import Iterator
from pathlib import Path
from subprocess import CompletedProcess
from typing import Any

import pytest
from conftest import temporary_year
from fake_clock import FakeClock, Timed, bench_on, cap_runs, capped
from site_cli import aoc_in_process

from aoc2023.framework import Solution
from aoc2023.framework.bench import measure
from aoc2023.framework.bench.figures import (
    MIN_RUNS,
    BenchReport,
    DayBench,
    Stats,
    StepBench,
    bench_exit_code,
    ratio_to_main,
)
from aoc2023.framework.bench.history import compare
from aoc2023.framework.bench.measure import bench_input
from aoc2023.framework.bench.outputs import markdown_table
from aoc2023.framework.commands.view import format_duration
from aoc2023.framework.inputs import RunInput, RunRequest
from aoc2023.framework.registry import variants_of
from aoc2023.framework.results import DayResult, ExitCode, Status

HEAD = (
    "from __future__ import annotations\n\nimport time\n"
    "from collections.abc import Iterator\n\nfrom aoc2023.framework import Solution\n"
)

DAYS = {
    # Agrees: part 2 is made slower on purpose, so its ratio is above 1.
    "day01.py": HEAD
    + """

class Day01(Solution[list[int]]):
    def parse(self, text: str) -> list[int]:
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return sum(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return sum(n * n for n in numbers)


class Day01Slow(Day01, variant="slow"):
    def part_2(self, numbers: list[int]) -> int:
        time.sleep(0.002)
        return sum(n * n for n in numbers)
""",
    # Disagrees on part 2 only.
    "day02.py": HEAD
    + """

class Day02(Solution[list[int]]):
    def parse(self, text: str) -> list[int]:
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return len(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return max(numbers)


class Day02Off(Day02, variant="off"):
    def part_2(self, numbers: list[int]) -> int:
        return max(numbers) + 1
""",
    # A `solve` that yields each part, with a variant that does too.
    "day03.py": HEAD
    + """

class Day03(Solution[str]):
    def solve(self, text: str) -> Iterator[int]:
        yield len(text)
        yield text.count("a")


class Day03Split(Day03, variant="split"):
    def solve(self, text: str) -> Iterator[int]:
        yield sum(1 for _ in text)
        yield len(text.split("a")) - 1
""",
    # A variant whose parse fails: the main implementation is still timed.
    "day04.py": HEAD
    + """

class Day04(Solution[str]):
    def part_1(self, text: str) -> int:
        return len(text)


class Day04Broken(Day04, variant="broken"):
    def parse(self, text: str) -> str:
        raise ValueError("no parse here")
""",
}

NUMBERS = "3\n1\n4\n1\n5\n"


@pytest.fixture
def year(tmp_path: Path) -> Iterator[int]:
    with temporary_year(tmp_path / "site", 2087, DAYS):
        yield 2087


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder of its own, as the working folder: history and README go here."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    (root / "numbers.txt").write_text(NUMBERS)
    (root / "letters.txt").write_text("banana")
    monkeypatch.chdir(root)
    # The same runs of each step however busy the machine, and no more than the fewest that
    # make a step's figures comparable (a part on its own parse gets half).
    cap_runs(monkeypatch, max_runs=MIN_RUNS)
    return root


def aoc(*args: str) -> CompletedProcess[str]:

    return aoc_in_process(*args)


def day_class(year: int, day: int) -> type[Solution[Any]]:
    from aoc2023.framework import registry

    return registry.load_day(year, day)


# --- measuring ------------------------------------------------------------------------------


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


def test_the_ratio_uses_the_mains_headline_on_both_sides() -> None:
    main = Stats(10, median=2e-3, minimum=1.8e-3, q1=1.9e-3, q3=2.1e-3, cpu_minimum=1.5e-3)
    assert main.headline == "cpu_min"
    both = Stats(10, median=1e-3, minimum=0.9e-3, q1=0.95e-3, q3=1.1e-3, cpu_minimum=0.6e-3)
    assert ratio_to_main(both, main) == pytest.approx(0.6 / 1.5)
    wall_only = Stats(10, median=1e-3, minimum=0.9e-3, q1=0.95e-3, q3=1.1e-3)
    assert ratio_to_main(wall_only, main) == pytest.approx(0.9 / 1.8)


# --- history and the README table -------------------------------------------------------------


def _bench(step_min: dict[tuple[str | None, str], float]) -> DayBench:
    return DayBench(
        DayResult(2087, 1, None, "file", "numbers.txt"),
        tuple(
            StepBench(
                step, Stats(100, minimum * 1.05, minimum, minimum, minimum * 1.1), variant=variant
            )
            for (variant, step), minimum in step_min.items()
        ),
    )


def test_verdicts_compare_each_variant_with_its_own_saved_figures() -> None:
    def saved(variant: str | None, step: str, minimum: float) -> dict[str, object]:
        figure: dict[str, object] = {
            "year": 2087,
            "day": 1,
            "source": "file",
            "label": "numbers.txt",
            "step": step,
            "runs": 100,
            "median": minimum,
            "min": minimum,
            "q1": minimum,
            "q3": minimum,
            "cpu_min": None,
        }
        if variant is not None:
            figure["variant"] = variant
        return figure

    # The main's figures saved before variants existed (no "variant" field) still count.
    entries = [
        {
            "machine": "here",
            "date": "d",
            "python": "p",
            "figures": [saved(None, "part 1", 1e-3), saved("fast", "part 1", 1e-4)],
        }
    ]
    new = _bench({(None, "part 1"): 1e-3, ("fast", "part 1"): 2e-4, ("other", "part 1"): 1e-3})
    [bench] = compare(BenchReport([new]), entries, "here").results
    main, fast, other = bench.steps
    assert main.change is not None and main.change.trend == "no change"
    assert fast.change is not None and fast.change.trend == "slower"
    assert fast.change.ratio == pytest.approx(2.0)
    assert other.change is None  # never saved: not compared with the main's figures


def test_the_readme_table_is_about_the_main_implementation() -> None:
    bench = _bench(
        {
            (None, "parse"): 1e-3,
            (None, "part 1"): 2e-3,
            (None, "part 2"): 3e-3,
            ("fast", "parse"): 1e-6,
            ("fast", "part 1"): 1e-6,
            ("fast", "part 2"): 1e-6,
        }
    )
    table = markdown_table(
        BenchReport([bench]), "2026-11-23", "CPython", "Linux", duration=format_duration
    )
    assert "| 1.00 ms | 2.00 ms | 3.00 ms | 6.00 ms |" in table
    assert "µs" not in table


# --- the command ------------------------------------------------------------------------------


def test_no_variants_benches_the_main_implementation_alone(year: int, project: Path) -> None:
    result = aoc(
        "bench",
        str(year),
        "1",
        "--input",
        "numbers.txt",
        "--budget",
        "0.05",
        "--no-variants",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    [day] = json.loads(result.stdout)["results"]
    assert {s["variant"] for s in day["steps"]} == {None} and day["variants"] == []


def test_a_disagreeing_variant_exits_2_naming_both(year: int, project: Path) -> None:
    result = aoc("bench", str(year), "2", "--input", "numbers.txt", "--budget", "0.05")
    assert result.returncode == 2
    assert (
        "2087 day 2 (numbers.txt), variant off part 2: variant 'off' gave 6, but the main "
        "implementation gave 5"
    ) in result.stderr
    assert "Traceback" not in (result.stdout + result.stderr)
    assert "variant off" in result.stdout and "Vs main" in result.stdout


def test_a_variant_that_cannot_parse_is_an_error_and_the_main_is_still_timed(
    year: int,
    project: Path,
) -> None:
    """In the JSON and the table of one report, drawn as `aoc bench` draws them (its exit
    code 2 for such a report: test_a_disagreeing_variant_exits_2_naming_both)."""
    from aoc2023.framework.commands.bench import bench_json, render

    report = measure.bench_days(RunRequest(((year, 4),), Path("letters.txt")), 0.05)
    assert bench_exit_code(report) is ExitCode.COULD_NOT_RUN
    [day] = json.loads(bench_json(report))["results"]
    assert [(s["variant"], s["step"]) for s in day["steps"]] == [
        (None, "parse"),
        (None, "part 1"),
        (None, "part 2"),
    ]  # part 2 unwritten: not timed
    assert [s["runs"] >= 10 for s in day["steps"]] == [True, True, False]
    [broken] = day["variants"]
    assert broken["variant"] == "broken" and "no parse here" in broken["error"]
    table = io.StringIO()
    render(report, table, io.StringIO(), verbose=False)
    assert "variant broken" in table.getvalue() and "! error" in table.getvalue()


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


def test_the_table_gives_each_variant_step_its_ratio_to_the_main() -> None:
    from aoc2023.framework.commands.bench import render

    bench = DayBench(
        DayResult(2087, 1, None, "file", "numbers.txt"),
        (
            StepBench("part 1", Stats(100, 2e-3, 2e-3, 2e-3, 2e-3)),
            StepBench(
                "part 1", Stats(100, 1e-4, 1e-4, 1e-4, 1e-4), variant="fast", versus_main=0.05123
            ),
            StepBench(
                "part 1", Stats(100, 1e-2, 1e-2, 1e-2, 1e-2), variant="slow", versus_main=5.0
            ),
        ),
    )
    out, err = io.StringIO(), io.StringIO()
    render(BenchReport([bench]), out, err, verbose=False)
    lines = out.getvalue().splitlines()
    fast = next(line for line in lines if "variant fast" in line)
    slow = next(line for line in lines if "variant slow" in line)
    assert "Vs main" in out.getvalue()
    assert "0.0512x" in fast and "5x" in slow


def test_a_narrow_table_names_each_variant_and_its_ratio_and_no_variant_no_column(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from aoc2023.framework.commands.bench import render

    steps = (
        StepBench("part 1", Stats(100, 2e-3, 2e-3, 2e-3, 2e-3)),
        StepBench(
            "part 1", Stats(100, 1e-4, 1e-4, 1e-4, 1e-4), variant="fast", versus_main=0.05123
        ),
    )
    monkeypatch.setenv("COLUMNS", "60")
    out = io.StringIO()
    render(
        BenchReport(
            [DayBench(DayResult(2087, 1, "A Long Title Here", "file", "numbers.txt"), steps)]
        ),
        out,
        io.StringIO(),
        verbose=False,
    )
    lines = out.getvalue().splitlines()
    assert max(map(len, lines)) <= 60 and "Vs main" not in out.getvalue()  # the narrow one
    label = next(index for index, line in enumerate(lines) if "variant fast" in line)
    assert "0.0512x main" in "\n".join(lines[label:])
    monkeypatch.setenv("COLUMNS", "200")
    out = io.StringIO()
    render(
        BenchReport([DayBench(DayResult(2087, 1, None, "file", "numbers.txt"), steps[:1])]),
        out,
        io.StringIO(),
        verbose=False,
    )
    assert "Vs main" not in out.getvalue() and "Change" in out.getvalue()


def test_save_then_compare_per_variant(year: int, project: Path) -> None:
    """The later bench under a time limit: variants are timed there too (in the child)."""
    first = aoc("bench", str(year), "3", "--input", "letters.txt", "--budget", "0.1", "--save")
    assert first.returncode == 0, first.stderr
    entry = json.loads((project / "benchmarks" / "history.json").read_text())["entries"][0]
    assert [(f["variant"], f["step"]) for f in entry["figures"]] == [
        (None, "parse"),
        (None, "part 1"),
        (None, "part 2"),
        ("split", "parse"),
        ("split", "part 1"),
        ("split", "part 2"),
    ]
    second = aoc(
        "bench",
        str(year),
        "3",
        "--input",
        "letters.txt",
        "--budget",
        "0.1",
        "--timeout",
        "10",
        "--json",
    )
    assert second.returncode == 0, second.stderr
    saved = {(f["variant"], f["step"]): f for f in entry["figures"]}
    steps = json.loads(second.stdout)["results"][0]["steps"]
    assert [s["variant"] for s in steps] == [None] * 3 + ["split"] * 3
    assert all(s["runs"] >= 10 and s["error"] is None for s in steps)
    for step in steps:
        change = step["change"]
        assert change["ratio"] == pytest.approx(
            step["normalised"] / saved[(step["variant"], step["step"])]["normalised"]
        )


def test_aoc_bench_times_variants_and_names_each_steps_variant_and_ratio(
    year: int, project: Path
) -> None:
    """The command finds a year's variants, checks each in a run of its own as `aoc run
    --variants` does, and times them, each step in the JSON with its variant and ratio to
    the main (a variant that disagrees is test_a_disagreeing_variant_exits_2_naming_both's).
    In this process: what it shows is the command's, not a process's (the installed script
    runs a day in test_fresh_install.py)."""
    agreeing = aoc("bench", str(year), "1", "--input", "numbers.txt", "--budget", "0.001", "--json")
    assert agreeing.returncode == 0, agreeing.stderr
    [day] = json.loads(agreeing.stdout)["results"]
    steps = day["steps"]
    assert [(s["variant"], s["step"]) for s in steps] == [
        (None, "parse"),
        (None, "part 1"),
        (None, "part 2"),
        ("slow", "parse"),
        ("slow", "part 1"),
        ("slow", "part 2"),
    ]
    assert all(s["versus_main"] > 0 for s in steps[3:])
    for step in steps:
        if step["variant"] is None:
            assert step["versus_main"] is None
        else:
            main = next(s for s in steps if s["variant"] is None and s["step"] == step["step"])
            # One machine speed for both: the raw figures' ratio.
            assert step["versus_main"] == pytest.approx(step["raw_min"] / main["raw_min"])
    assert [v["variant"] for v in day["variants"]] == ["slow"]
    assert [a["status"] for a in day["variants"][0]["answers"]] == ["unknown", "unknown"]
