"""The figures of `aoc bench` (bench/figures.py), normalised by the machine's speed
(issue 27): the calibration workload timed beside the steps, the verdicts on the
normalised figures, histories saved before them, the JSON's fields and the notice of a
speed that swung.

On the fake clock (fake_clock.py) the test chooses how long the workload and each step
take, so "a machine twice as slow" is exact, whatever the load on this one. A variant's
ratio to the main uses the main's headline on both sides."""

from __future__ import annotations

import io
import json
from functools import cache
from typing import Any, ClassVar

import pytest
from fake_clock import FakeClock, Timed, bench_on

from aoc2023.framework.bench import measure
from aoc2023.framework.bench.figures import (
    REFERENCE,
    SWING,
    BenchReport,
    DayBench,
    Speed,
    Stats,
    ratio_to_main,
)
from aoc2023.framework.bench.history import compare
from aoc2023.framework.bench.measure import Clocks, notes, workload
from aoc2023.framework.commands import bench as bench_view
from aoc2023.framework.commands.bench import bench_json
from aoc2023.framework.inputs import RunInput


class Day(Timed[str]):
    """A short parse (its wall minimum is its headline) and a long part (its CPU time)."""

    year, day = 2043, 1
    costs = {"parse": 2e-4, "part 1": 4e-3}

    def parse(self, text: str) -> str:
        self.take("parse")
        return text

    def part_1(self, text: str) -> int:
        self.take("part 1")
        return len(text)


@cache
def bench(slower: float = 1.0, calibration: tuple[float, ...] = (REFERENCE,)) -> DayBench:
    """The day benched on a machine `slower` times slower than the reference: its steps and
    the workload each take that much longer. On the fake clock the same machine gives the
    same figures (a DayBench is immutable), so each is benched once for all the tests."""
    costs = {step: seconds * slower for step, seconds in Day.costs.items()}
    timed = type("Day", (Day,), {"costs": costs})
    return bench_on(
        FakeClock(),
        timed,
        RunInput("abc", "file", label="in.txt"),
        budget=0.5,
        calibration=tuple(seconds * slower for seconds in calibration),
    )


def history_of(found: DayBench, keep: tuple[str, ...] | None = None) -> list[dict[str, Any]]:
    """A history holding `found`'s figures, as `--save` writes them (only the fields in
    `keep`, for one saved before some existed)."""
    figures = json.loads(bench_json(BenchReport([found])))["results"][0]["steps"]
    saved = []
    for step in figures:
        figure = {
            "year": 2043,
            "day": 1,
            "source": "file",
            "label": "in.txt",
            "variant": None,
            "step": step["step"],
            "runs": step["runs"],
            **{name: step[f"raw_{name}"] for name in ("median", "min", "q1", "q3")},
            "cpu_min": step["raw_cpu_min"],
            **{name: step[name] for name in ("normalised", "normalised_cpu")},
        }
        saved.append(
            {name: value for name, value in figure.items() if keep is None or name in keep}
        )
    return [{"machine": "here", "date": "d", "python": "p", "figures": saved}]


def test_a_machine_twice_as_slow_gives_the_same_normalised_figures_and_no_change() -> None:
    fast, slow = bench(), bench(slower=2.0)
    for quick, steady in zip(fast.steps[:2], slow.steps[:2], strict=True):  # part 2: none
        assert quick.stats is not None and steady.stats is not None
        assert steady.stats.minimum == pytest.approx(2 * quick.stats.minimum)  # raw: doubled
        assert steady.stats.headline_seconds == pytest.approx(quick.stats.headline_seconds)
    parse, part_1, _ = slow.steps
    assert parse.stats is not None and parse.stats.headline == "normalised"
    assert part_1.stats is not None and part_1.stats.headline == "normalised_cpu"
    # At the reference speed, the normalised figures are the raw ones.
    assert part_1.stats.headline_seconds == pytest.approx(4e-3)
    assert slow.speed is not None and slow.speed.relative == pytest.approx(0.5)
    [compared] = compare(BenchReport([slow]), history_of(fast), "here").results
    assert [(s.change.trend, s.change.compared) for s in compared.steps if s.change] == [
        ("no change", "normalised"),
        ("no change", "normalised_cpu"),
    ]


class SlowingDay(Day):
    """Day on a machine that slows to half its speed for good once the calibration has
    run once: its steps take `machine["factor"]` times their costs."""

    machine: ClassVar[dict[str, float]] = {"factor": 1.0}

    def take(self, step: str) -> None:
        clock = self.extra["clock"]
        assert isinstance(clock, FakeClock)
        clock.work(self.costs[step] * self.machine["factor"])


def test_a_long_step_is_weighed_run_by_run_against_the_workload_beside_it() -> None:
    """The machine slows after the workload's first (fast) run: set against the workload's
    best, the long step would look twice as slow; set against the workload's runs just
    before and after each of its own, it is its time at the reference speed."""
    clock, machine = FakeClock(), {"factor": 1.0}
    day = type("Day", (SlowingDay,), {"machine": machine})

    def work() -> None:
        clock.work(REFERENCE * machine["factor"])
        machine["factor"] = 2.0

    found = measure.bench_input(
        day,
        RunInput("abc", "file", extra={"clock": clock}),
        None,
        0.5,
        clocks=clock.bench_clocks(work),
    )
    part_1 = next(step for step in found.steps if step.step == "part 1")
    assert part_1.stats is not None and part_1.stats.headline == "normalised_cpu"
    assert part_1.stats.normalised_cpu == pytest.approx(Day.costs["part 1"])
    assert part_1.stats.cpu_minimum == pytest.approx(2 * Day.costs["part 1"])
    assert found.speed is not None and found.speed.cpu == pytest.approx(REFERENCE)


def test_history_saved_before_normalising_is_compared_raw_with_raw() -> None:
    old = history_of(
        bench(),
        keep=(
            "year",
            "day",
            "source",
            "label",
            "variant",
            "step",
            "runs",
            "median",
            "min",
            "q1",
            "q3",
            "cpu_min",
        ),
    )
    [compared] = compare(BenchReport([bench(slower=2.0)]), old, "here").results
    changes = [s.change for s in compared.steps]
    assert [(c.trend, c.compared) for c in changes if c] == [
        ("slower", "min"),
        ("slower", "cpu_min"),
    ]
    text = render(BenchReport([compared]))
    assert "slower (+100.0%, raw)" in text
    # Saved with no CPU time at all: the wall minimums.
    older = history_of(
        bench(),
        keep=("year", "day", "source", "label", "step", "runs", "median", "min", "q1", "q3"),
    )
    [compared] = compare(BenchReport([bench()]), older, "here").results
    assert [(s.change.trend, s.change.compared) for s in compared.steps if s.change] == [
        ("no change", "min"),
        ("no change", "min"),
    ]


def render(report: BenchReport) -> str:
    out = io.StringIO()
    bench_view.render(report, out, io.StringIO(), verbose=False)
    return out.getvalue()


def test_the_json_keeps_the_raw_figures_and_names_the_headline() -> None:
    payload = json.loads(bench_json(BenchReport([bench(slower=2.0)])))
    [day] = payload["results"]
    assert payload["reference"] == REFERENCE and payload["swing"] == SWING
    assert day["speed"]["relative"] == pytest.approx(0.5)
    assert day["speed"]["calibration_raw_cpu_min"] == pytest.approx(2 * REFERENCE)
    parse, part_1, _ = day["steps"]
    assert parse["headline"] == "normalised" and part_1["headline"] == "normalised_cpu"
    assert parse["raw_min"] == pytest.approx(4e-4) and parse["normalised"] == pytest.approx(2e-4)
    assert part_1["raw_cpu_min"] == pytest.approx(8e-3)
    assert part_1["normalised_cpu"] == pytest.approx(4e-3)
    assert not {"min", "median", "cpu_min"} & set(parse)  # every raw figure named as such


def test_a_speed_that_swung_is_noticed_and_the_speed_is_shown() -> None:
    # One slow run in every few is an interruption, not a swing: each quarter's best holds.
    steady = bench(calibration=(REFERENCE, REFERENCE * 3))
    # Fast at first, then slower for the rest of the timing: a swing.
    swung = bench(calibration=(REFERENCE,) * 5 + (REFERENCE * (SWING + 0.2),) * 95)
    assert steady.speed is not None and not steady.speed.swung and steady.speed.runs >= 8
    assert swung.speed is not None and swung.speed.swung
    assert swung.speed.swing == pytest.approx(SWING + 0.2)
    report = BenchReport([steady, swung])
    [notice] = [n for n in notes(report) if "swung" in n]
    assert notice.startswith("2043 day 1 (in.txt): the machine's speed swung while timing")
    assert f"moved {SWING + 0.2:.2f}-fold between quarters" in notice
    assert "this one runs at 1.00x its speed" in " ".join(render(report).split())
    report = BenchReport([bench(slower=2.0), bench()])
    assert "this one runs at 0.50-1.00x its speed" in " ".join(render(report).split())


def test_no_workload_timed_means_no_speed_and_raw_figures() -> None:
    found = bench(calibration=())  # a workload that takes no time on the clock: unseen
    assert found.speed is None
    assert [s.stats.headline for s in found.steps if s.stats] == ["min", "cpu_min"]
    assert "Times as measured" in render(BenchReport([found]))


def test_the_workload_is_the_same_work_every_time() -> None:
    assert workload() == workload()
    ticks = iter(range(0, 100, 10))
    assert Clocks(timer=lambda: next(ticks), cpu_timer=lambda: next(ticks)).calibrate() == (10, 30)
    assert Speed.of([]) is None and Speed.of([(5, 0)]) is None
    few = Speed.of([(5, 4), (9, 8)])  # too few runs to tell a swing
    assert few is not None and (few.cpu, few.swing, few.swung) == (4e-9, 1.0, False)


def test_a_saved_figure_too_small_to_compare_with_gives_no_change() -> None:
    """A damaged history's figures of 5e-324 s: no ratio of inf, which the table would show
    as "+inf%" and `--json` write as Infinity (not JSON)."""
    old = history_of(bench())
    for figure in old[0]["figures"]:
        for name in ("median", "min", "q1", "q3", "cpu_min", "normalised", "normalised_cpu"):
            if figure.get(name) is not None:
                figure[name] = 5e-324
    [compared] = compare(BenchReport([bench()]), old, "here").results
    assert [step.change for step in compared.steps] == [None] * len(compared.steps)

    def refuse(constant: str) -> None:
        raise ValueError(constant)

    json.loads(bench_json(BenchReport([compared])), parse_constant=refuse)


def test_the_ratio_uses_the_mains_headline_on_both_sides() -> None:
    main = Stats(10, median=2e-3, minimum=1.8e-3, q1=1.9e-3, q3=2.1e-3, cpu_minimum=1.5e-3)
    assert main.headline == "cpu_min"
    both = Stats(10, median=1e-3, minimum=0.9e-3, q1=0.95e-3, q3=1.1e-3, cpu_minimum=0.6e-3)
    assert ratio_to_main(both, main) == pytest.approx(0.6 / 1.5)
    wall_only = Stats(10, median=1e-3, minimum=0.9e-3, q1=0.95e-3, q3=1.1e-3)
    assert ratio_to_main(wall_only, main) == pytest.approx(0.9 / 1.8)
