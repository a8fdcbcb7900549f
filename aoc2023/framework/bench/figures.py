"""The figures `aoc bench` produces and the verdicts' thresholds (measured in
benchmarks/README.md). Plain data, apart from `results.py` so that `aoc run` does not
import it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from aoc2023.framework.results import DayResult, ExitCode, PartResult, run_exit_code

Trend = Literal["faster", "slower", "no change"]

Headline = Literal["min", "cpu_min", "normalised", "normalised_cpu"]
"""The figure a verdict uses."""
LONG_STEP = 0.001
"""From this CPU time up, a step is headlined by CPU time: its wall minimum moves under load."""
TOLERANCE = 0.10
"""How far apart two headline figures may be and be "no change" (short, MIN_RUNS+ runs)."""
WIDE_TOLERANCE = 0.25
"""The same for a long, waiting or rough (under MIN_RUNS runs) step."""
MIN_DIFFERENCE = 2e-7
"""Seconds within which two headline figures are "no change": the clock's own noise."""
MIN_RUNS = 10
"""Fewer runs than this make a step's spread rough."""
BUSY_FLOOR = 1e-6
"""Minimums below this are never called busy: the clock's own cost doubles their median."""
BUSY_RATIO = 1.5
"""A median this far above the minimum means the machine was busy while timing."""
WAITING_SHARE = 0.5
"""Under this share of its wall time on the CPU, a step mostly waits (`Stats.waiting`)."""

REFERENCE = 0.001
"""The workload's best CPU seconds at the reference speed (the tolerances' machine)."""
SWING = 1.5
"""The workload's best CPU times by quarter further apart than this: the speed swung."""
QUARTERS_FROM = 8
"""Fewer runs of the workload than this are too few to tell a swing."""


@dataclass(frozen=True)
class Speed:
    """The calibration workload's best times (seconds) beside one input's timing, and the
    swing: the greatest over the least of its best CPU times by quarter of the timing."""

    runs: int
    wall: float
    cpu: float
    swing: float

    @property
    def relative(self) -> float:
        """The machine's speed against the reference: 0.5 is half as fast."""
        return REFERENCE / self.cpu

    @property
    def swung(self) -> bool:
        return self.swing > SWING

    @classmethod
    def of(cls, calibration: list[tuple[int, int]]) -> Speed | None:
        """From the workload's (wall-clock, CPU) ns runs in order; None without, or a 0 ns one."""
        wall, cpu = [one for one, _ in calibration], [one for _, one in calibration]
        if not calibration or min(wall) <= 0 or min(cpu) <= 0:
            return None
        runs = len(cpu)
        quarters = [cpu[n * runs // 4 : (n + 1) * runs // 4] for n in range(4)]
        best = [min(quarter) for quarter in quarters] if runs >= QUARTERS_FROM else [1]
        return cls(runs, min(wall) / 1e9, min(cpu) / 1e9, max(best) / min(best))


@dataclass(frozen=True)
class Stats:
    """A step's runs summed up, in seconds."""

    runs: int
    median: float
    minimum: float
    q1: float
    q3: float
    cpu_minimum: float | None = None
    """With `cpu_median`: the runs' CPU times, for a step long enough (measure.CPU_FROM)."""
    cpu_median: float | None = None
    normalised: float | None = None
    """`minimum` at the reference speed (`normalised_cpu`: a long step's CPU time)."""
    normalised_cpu: float | None = None
    scale: float | None = None
    waiting: bool = False
    """Mostly waiting (WAITING_SHARE): never normalised, headlined by its wall minimum."""

    @property
    def long(self) -> bool:
        """LONG_STEP or more of CPU time, not waiting: headlined by CPU time."""
        return self.cpu_minimum is not None and self.cpu_minimum >= LONG_STEP and not self.waiting

    @property
    def raw_headline(self) -> Headline:
        return "cpu_min" if self.long else "min"

    @property
    def headline(self) -> Headline:
        normalised: Headline = "normalised_cpu" if self.long else "normalised"
        return normalised if self.figure(normalised) is not None else self.raw_headline

    @property
    def headline_seconds(self) -> float:
        return self.figure(self.headline) or 0.0  # never None: `headline` has a figure

    def figure(self, name: Headline) -> float | None:
        return {
            "min": self.minimum,
            "cpu_min": self.cpu_minimum,
            "normalised": self.normalised,
            "normalised_cpu": self.normalised_cpu,
        }[name]

    def at_speed(self, speed: Speed | None, normalised_cpu: float | None) -> Stats:
        """With the figures normalised by `speed`; a waiting step's as they are."""
        if speed is None or self.waiting:
            return self
        return replace(
            self,
            normalised=self.minimum * speed.relative,
            normalised_cpu=normalised_cpu,
            scale=speed.relative,
        )

    @property
    def iqr(self) -> float:
        return self.q3 - self.q1

    @property
    def rough(self) -> bool:
        """Too few runs for the median and spread to mean much."""
        return self.runs < MIN_RUNS

    @property
    def busy(self) -> bool:
        """The median far above the minimum: other processes slowed the runs."""
        return (
            self.runs >= 2
            and self.minimum >= BUSY_FLOOR
            and self.median > self.minimum * BUSY_RATIO
        )

    @classmethod
    def of(
        cls,
        samples: Sequence[float],
        cpu: Sequence[float] | None = None,
        ready: Sequence[float] | None = None,
    ) -> Stats:
        """The figures of wall-clock `samples`, and of the runs' `cpu` and `ready` times in
        the same order when given; ValueError without any."""
        import statistics

        if not samples:
            raise ValueError("no samples to sum up")
        ordered = sorted(samples)
        cpu_minimum = min(cpu) if cpu else None
        cpu_median = statistics.median(cpu) if cpu else None
        queued = ready if ready is not None and len(ready) == len(samples) else [0.0] * len(samples)
        waiting = (
            cpu is not None
            and len(cpu) == len(samples)
            and statistics.median(
                used / (wall - wanted) if wall > wanted else 1.0
                for used, wanted, wall in zip(cpu, queued, samples, strict=True)
            )
            < WAITING_SHARE
        )
        points = ordered * 2 if len(ordered) == 1 else ordered  # two, before Python 3.13
        q1, median, q3 = statistics.quantiles(points, n=4, method="inclusive")
        return cls(
            len(ordered), median, ordered[0], q1, q3, cpu_minimum, cpu_median, waiting=waiting
        )


@dataclass(frozen=True)
class Change:
    """A step's figures against the latest ones saved on the same machine."""

    trend: Trend
    ratio: float
    """The `compared` figure, new over saved."""
    compared: Headline
    tolerance: float
    saved: Stats
    saved_on: str
    python: str


@dataclass(frozen=True)
class StepBench:
    """One step ("parse", "part 1", "part 2", "parts 1+2") of an implementation on an input."""

    step: str
    stats: Stats | None = None
    parts: tuple[PartResult, ...] = ()
    """The checking run's results for the step's part(s)."""
    error: str | None = None
    """Why timing failed after the checking run passed."""
    change: Change | None = None
    variant: str | None = None
    versus_main: float | None = None
    """A variant's `ratio_to_main`; None for the main's, or when either is not timed."""
    peak_memory: int | None = None


def ratio_to_main(variant: Stats, main: Stats) -> float:
    """A variant's figure over the main's, by the main's headline (else the wall minimum)."""
    name: Headline = main.headline if variant.figure(main.headline) is not None else "min"
    return (variant.figure(name) or 0.0) / (main.figure(name) or 1.0)


@dataclass(frozen=True)
class DayBench:
    result: DayResult
    """The checking run, as `aoc run` would show it (`variants`: each variant's)."""
    steps: tuple[StepBench, ...] = ()
    """The main implementation's steps, then each variant's."""
    variants: tuple[DayResult, ...] = ()
    speed: Speed | None = None


@dataclass
class BenchReport:
    results: list[DayBench] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    budget: float = 1.0
    interrupted: bool = False
    """Ctrl-C stopped it: while timing, nothing is saved; while saving, what was is said."""


def bench_exit_code(report: BenchReport) -> ExitCode:
    """As for a run; a step that could not be timed counts as not run."""
    runs = (result for bench in report.results for result in (bench.result, *bench.variants))
    code = run_exit_code(runs, interrupted=report.interrupted, notices=report.notices)
    failed = any(step.error for bench in report.results for step in bench.steps)
    return ExitCode.COULD_NOT_RUN if failed and code is not ExitCode.INTERRUPTED else code
