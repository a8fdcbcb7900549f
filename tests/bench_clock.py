"""The bench on the fake clock (fake_clock.py): a test day's steps take the time the test
gives them, or a budget's clock stands still and `max_runs` ends the timing. A test then
asserts how many runs fit, in what order, and which figure is the headline, whatever the
load on the machine (bench/measure.py takes its clocks and `max_runs` as parameters)."""

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

Parsed = TypeVar("Parsed")


class Timed(Solution[Parsed]):
    """A test day whose step calls `take(step)` to take `costs[step]` seconds on the
    FakeClock in its input's `extra["clock"]` (as `bench_on` hands it): working on the
    CPU, or waiting for the steps in `waits`. Without a fake clock, no time is taken."""

    costs: ClassVar[Mapping[str, float]] = {}
    waits: ClassVar[frozenset[str]] = frozenset()

    def take(self, step: str) -> None:
        clock = self.extra.get("clock")
        if isinstance(clock, FakeClock):
            (clock.sleep if step in self.waits else clock.work)(self.costs.get(step, 0.0))


def bench_on(clock: FakeClock, solution_class: type[Solution[Any]], run_input: RunInput,
             budget: float, calibration: Sequence[float] = (), **options: Any) -> DayBench:
    """`bench_input` (with `options`) with every clock `clock` (under a `timeout`, the
    checking run is a child's, on the real clock). The calibration workload takes the
    seconds of `calibration` in turn (none: no time, so the machine's speed is unseen)."""
    turns = itertools.cycle(calibration or [0.0])
    return measure.bench_input(
        solution_class, replace(run_input, extra={**run_input.extra, "clock": clock}), None,
        budget, clock=clock.monotonic, timer=clock.ns, cpu_timer=clock.cpu_ns,
        work=lambda: clock.work(next(turns)), **options)


def cap_runs(monkeypatch: pytest.MonkeyPatch, max_runs: int = 40) -> None:
    """`aoc bench` with a budget that never runs out (its clock stands still): a step's
    runs end at `max_runs` (half that for each part on its own parse), timed by the real
    clocks but as many however busy the machine."""
    monkeypatch.setattr(measure, "bench_days", partial(
        measure.bench_days, clock=FakeClock().monotonic, max_runs=max_runs))
