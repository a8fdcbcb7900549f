"""The clock the tests hand to code that measures or waits: the one thing they mock.

Time passes only when the code under test sleeps (`sleep`, kept in `slept`), when a
test day's step works (`work`, on the CPU too; `Timed`) or when the test moves it
(`advance`). It reads as each kind of clock the framework takes: `monotonic` and `ns`
from 0, `time` and `datetime` from `start`, and `cpu_ns`. So a test asserts what
happened, in what order, and exactly how long each step took, however busy the machine.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Any, ClassVar, TypeVar

import pytest

from aoc2023.framework import Solution
from aoc2023.framework.bench import measure
from aoc2023.framework.bench.figures import DayBench
from aoc2023.framework.inputs import RunInput


@dataclass
class FakeClock:
    start: datetime = datetime(2023, 12, 1, 5, tzinfo=UTC)
    wall_ns: int = 0
    cpu_ns_spent: int = 0
    slept: list[float] = field(default_factory=list)

    def advance(self, seconds: float) -> None:
        """Time passing outside the code under test (backwards too, as a clock set back)."""
        self.wall_ns += round(seconds * 1e9)

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.advance(seconds)

    def work(self, seconds: float) -> None:
        """A step busy on the CPU for `seconds`."""
        self.advance(seconds)
        self.cpu_ns_spent += round(seconds * 1e9)

    def monotonic(self) -> float:
        return self.wall_ns / 1e9

    def ns(self) -> int:
        return self.wall_ns

    def cpu_ns(self) -> int:
        return self.cpu_ns_spent

    def time(self) -> float:
        """Seconds since the epoch, as `time.time`."""
        return self.start.timestamp() + self.monotonic()

    def datetime(self) -> datetime:
        return self.start + timedelta(seconds=self.monotonic())

    def bench_clocks(
        self, work: Callable[[], object] = lambda: None, max_runs: int = measure.MAX_RUNS
    ) -> measure.Clocks:
        """This clock as each of the bench's; `work` is the calibration's workload. No
        garbage is collected first: no time read here depends on it."""
        return measure.Clocks(
            self.monotonic, self.ns, self.cpu_ns, work, max_runs, settle=lambda: None
        )


def capped(max_runs: int) -> measure.Clocks:
    """The real clocks, but a budget's that never moves: `max_runs` alone ends the timing,
    and a step gets as many runs however busy the machine. No garbage is collected first:
    a test reads what the figures show, never how fast they are."""
    return measure.Clocks(clock=FakeClock().monotonic, max_runs=max_runs, settle=lambda: None)


Parsed = TypeVar("Parsed")


class Timed(Solution[Parsed]):
    """A test day whose step calls `take(step)` to take `costs[step]` seconds on the clock
    in its input's `extra["clock"]` (`bench_on` puts it there): working on the CPU, or
    waiting for the steps in `waits`."""

    costs: ClassVar[Mapping[str, float]] = {}
    waits: ClassVar[frozenset[str]] = frozenset()

    def take(self, step: str) -> None:
        clock: FakeClock = self.extra["clock"]
        (clock.sleep if step in self.waits else clock.work)(self.costs.get(step, 0.0))


def bench_on(
    clock: FakeClock,
    solution_class: type[Solution[Any]],
    run_input: RunInput,
    budget: float,
    calibration: Sequence[float] = (),
    max_runs: int = measure.MAX_RUNS,
    **options: Any,
) -> DayBench:
    """`bench_input` (with `options`) with every clock `clock` (under a `timeout`, the
    checking run is a child's, on the real clock). The calibration workload takes the
    seconds of `calibration` in turn (none: no time, so the machine's speed is unseen)."""
    turns = itertools.cycle(calibration or [0.0])
    return measure.bench_input(
        solution_class,
        replace(run_input, extra={**run_input.extra, "clock": clock}),
        None,
        budget,
        clocks=clock.bench_clocks(lambda: clock.work(next(turns)), max_runs),
        **options,
    )


def cap_runs(monkeypatch: pytest.MonkeyPatch, max_runs: int = 40) -> None:
    """`aoc bench` with a budget that never runs out (its clock stands still): a step's
    runs end at `max_runs` (half that for each part on its own parse), timed by the real
    clocks but as many however busy the machine."""
    monkeypatch.setattr(measure, "bench_days", partial(measure.bench_days, clocks=capped(max_runs)))
