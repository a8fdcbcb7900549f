"""The bench's tests on the fake clock (fake_clock.py), on which a test day's steps take
the time the test gives them, or with a budget's clock that stands still: a test then
asserts how many runs fit, in what order, and which figure is the headline, whatever
the load on the machine (bench/measure.py takes its clocks as parameters)."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import partial
from typing import Any, ClassVar, TypeVar

import pytest
from fake_clock import FakeClock

from aoc2023.framework import Solution
from aoc2023.framework.bench import measure
from aoc2023.framework.bench.figures import DayBench
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import DayResult
from aoc2023.framework.runner import run_solution

Parsed = TypeVar("Parsed")


class Timed(Solution[Parsed]):
    """A test day whose steps take time on the FakeClock handed in with its input
    (`extra["clock"]`, as `bench_on` does): `costs[step]` seconds, working on the CPU, or
    waiting for the steps in `waits`. A step calls `take(step)`; "parts 1+2" is the
    cost of a `solve` that returns the pair. Without a fake clock, no time is taken."""

    costs: ClassVar[Mapping[str, float]] = {}
    waits: ClassVar[frozenset[str]] = frozenset()

    def take(self, step: str) -> None:
        clock = self.extra.get("clock")
        if isinstance(clock, FakeClock):
            seconds = self.costs.get(step, 0.0)
            (clock.sleep if step in self.waits else clock.work)(seconds)


def checking_run(solution_class: type[Solution[Any]], run_input: RunInput,
                 title: str | None) -> DayResult:
    """The checking run, as `aoc bench` makes it (run_solution), with each step's time the
    one it takes on the fake clock: run_solution reads the real clock."""
    result = run_solution(solution_class, run_input, title)
    costs: Mapping[str, float] = getattr(solution_class, "costs", {})
    pair = costs.get("parts 1+2", 0.0)
    return result._replace(parse_seconds=costs.get("parse", 0.0), parts=tuple(
        part._replace(seconds=costs.get(f"part {part.part}", pair)) for part in result.parts))


def bench_on(clock: FakeClock, solution_class: type[Solution[Any]], run_input: RunInput,
          budget: float, variants: Sequence[type[Solution[Any]]] = (),
          timeout: float | None = None, calibration: Sequence[float] = ()) -> DayBench:
    """`bench_input` on `clock`: its budget, each run's times, CPU times and the checking
    run's times all fake (under a `timeout`, the checking run's are real: a child runs
    it). The calibration workload takes the seconds of `calibration` in turn (none: no
    time, so the machine's speed is not measured)."""
    turns = itertools.cycle(calibration or [0.0])
    return measure.bench_input(
        solution_class, replace(run_input, extra={**run_input.extra, "clock": clock}), None,
        budget, timeout, None if timeout else checking_run, None, variants,
        clock=clock.monotonic, timer=clock.ns, cpu_timer=clock.cpu_ns,
        work=lambda: clock.work(next(turns)))


def standing_still() -> float:
    """A budget's clock that never moves: the budget never runs out, and MAX_RUNS alone
    ends the timing (keep it small)."""
    return 0.0


def cap_runs(monkeypatch: pytest.MonkeyPatch, max_runs: int = 40) -> None:
    """`aoc bench` (bench_days, which the command calls) with a budget that never runs
    out: each input's timing ends when a step of each implementation has `max_runs`
    runs. The steps are timed by the real clocks, but how many runs each gets no longer
    depends on the machine's load; with each part on its own parse, a part gets half of
    `max_runs`."""
    monkeypatch.setattr(measure, "MAX_RUNS", max_runs)
    monkeypatch.setattr(measure, "bench_days",
                        partial(measure.bench_days, clock=standing_still))
