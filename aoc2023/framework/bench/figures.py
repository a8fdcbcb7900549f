"""The figures `aoc bench` produces: each step's statistics, the machine's speed beside
them, their change against the saved ones and the verdicts' tolerances. Plain data that
`bench/measure.py` and `bench/history.py` build and the views and outputs read; apart
from `results.py` so that `aoc run` does not import them."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from aoc2023.framework.results import DayResult, ExitCode, PartResult, run_exit_code

Trend = Literal["faster", "slower", "no change"]
"""How a step's new figures compare with the ones saved before (bench/history.py)."""

Headline = Literal["min", "cpu_min", "normalised", "normalised_cpu"]
"""The figure a step's verdict and README cell use (`Stats.headline`): the best run,
normalised by the machine's speed when it was measured ("normalised" by the wall clock,
"normalised_cpu" by CPU time for a step of LONG_STEP or more), else as measured ("min",
"cpu_min": figures saved before). Why the minimum, and CPU time for a long step:
docs/how-to/benchmarks.md; the figures: benchmarks/README.md."""
LONG_STEP = 0.001
"""From this CPU time up, a step's headline is its CPU minimum (see Headline): under
load its wall minimum moves, and the CPU minimum costs nothing from here up."""
TOLERANCE = 0.10
"""How far apart two headline figures of the same code may lie and still be "no
change" (bench/history.py), for a step under LONG_STEP with MIN_RUNS runs or more.
Set from benchmarks/bench_repeatability.py and normalised_spread.py (benchmarks/README.md)."""
WIDE_TOLERANCE = 0.25
"""The same for a step headlined by its CPU time (LONG_STEP or more), or with fewer than
MIN_RUNS runs on either side; measured as TOLERANCE. A step timed once moves more than
any tolerance covers (raise --budget)."""
MIN_DIFFERENCE = 2e-7
"""Two headline figures closer than this (in seconds) are "no change" whatever their
ratio: below a microsecond or two the tolerance is less than the clock's own noise."""
MIN_RUNS = 10
"""Fewer runs than this fit the budget only when the step is slow: its spread is rough."""
BUSY_FLOOR = 1e-6
"""Below this, the clock's own cost and cold caches after the other steps make the
median of a few hundred nanoseconds twice the minimum on any machine."""
BUSY_RATIO = 1.5
"""A median this far above the minimum means the machine was busy while timing."""
WAITING_SHARE = 0.5
"""A step whose CPU time is under this share of its wall-clock time less its wait for a
core (the median of its runs' shares) mostly waits on something else (a sleep, a queue,
a subprocess, a file): a wait is no faster on a faster machine, so its figures are
shown as measured, not normalised (`Stats.waiting`). The wait for a core is the
machine's load, so it is left out."""

REFERENCE = 0.001
"""The calibration workload's best CPU time at the reference speed, in seconds: about
its time on the 2-core machine the tolerances were measured on."""
SWING = 1.5
"""How far apart the workload's best CPU times in the quarters of one input's timing may
be before the machine's speed is said to have swung: the best of each quarter, so that
one interrupted run is not a swing."""
QUARTERS_FROM = 8
"""Fewer runs of the workload than this are too few to tell a swing."""


@dataclass(frozen=True)
class Speed:
    """The workload's best times beside one input's timing, and how the machine held."""

    runs: int
    wall: float
    """The workload's least wall-clock time, in seconds."""
    cpu: float
    """Its least CPU time, in seconds."""
    swing: float
    """The greatest over the least of its best CPU times in each quarter of the timing."""

    @property
    def relative(self) -> float:
        """The machine's speed against the reference: 0.5 is half as fast."""
        return REFERENCE / self.cpu

    @property
    def swung(self) -> bool:
        return self.swing > SWING

    @property
    def scale(self) -> float:
        """The factor from raw seconds to seconds at the reference speed."""
        return REFERENCE / self.cpu

    @classmethod
    def of(cls, wall: list[int], cpu: list[int]) -> Speed | None:
        """From the workload's runs in ns, in the order they ran; None without any, or with
        a clock too coarse to see one (a run of 0 ns)."""
        if not wall or not cpu or min(wall) <= 0 or min(cpu) <= 0:
            return None
        runs = len(cpu)
        best = [min(cpu[n * runs // 4:(n + 1) * runs // 4]) for n in range(4)] \
            if runs >= QUARTERS_FROM else [1]
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
    """The least CPU time of a run, for a step long enough to record it (measure.py)."""
    cpu_median: float | None = None
    """The median CPU time of its runs, when recorded."""
    normalised: float | None = None
    """The best run by the wall clock at the reference speed, when the machine's speed was
    measured: `minimum` times REFERENCE over the workload's best CPU time (best over
    best: of a short step's many runs some see a quiet machine, as the workload's do)."""
    normalised_cpu: float | None = None
    """A long step's CPU time at the reference speed, run by run: the median of each run's
    CPU time over the workload's just before and after it, times REFERENCE
    (measure.Timing.normalised): a long step has few runs, and the speed moves between."""
    scale: float | None = None
    """The machine's speed factor beside the runs (Speed.scale): the raw
    figures times this are shown at the reference speed."""
    waiting: bool = False
    """Mostly waiting (see WAITING_SHARE): never normalised, and headlined by its wall
    minimum, since its CPU time leaves out the wait that is most of its time."""

    @property
    def long(self) -> bool:
        """A step of LONG_STEP or more of CPU time that does not wait: its CPU time is its
        headline's clock."""
        return (self.cpu_minimum is not None and self.cpu_minimum >= LONG_STEP
                and not self.waiting)

    @property
    def raw_headline(self) -> Headline:
        """The headline's raw figure: as measured, by the clock of the step's length."""
        return "cpu_min" if self.long else "min"

    @property
    def headline(self) -> Headline:
        """Which figure stands for the step; see Headline."""
        normalised: Headline = "normalised_cpu" if self.long else "normalised"
        return normalised if self.figure(normalised) is not None else self.raw_headline

    @property
    def headline_seconds(self) -> float:
        """The headline figure itself."""
        found = self.figure(self.headline)
        return self.minimum if found is None else found

    def figure(self, name: Headline) -> float | None:
        """The figure called `name`, if there is one."""
        return {"min": self.minimum, "cpu_min": self.cpu_minimum,
                "normalised": self.normalised, "normalised_cpu": self.normalised_cpu}[name]

    def at_speed(self, speed: Speed | None, normalised_cpu: float | None) -> Stats:
        """These figures with their normalised ones (see `normalised`, `normalised_cpu`)
        by the machine's `speed` beside them, and the factor that shows the raw ones at
        the reference speed. A step that waits keeps its raw figures alone."""
        if speed is None or self.waiting:
            return self
        return replace(self, normalised=self.minimum * speed.scale,
                       normalised_cpu=normalised_cpu, scale=speed.scale)

    @property
    def iqr(self) -> float:
        """The spread: how far apart the middle half of the runs lie."""
        return self.q3 - self.q1

    @property
    def rough(self) -> bool:
        """Too few runs for the median and spread to mean much."""
        return self.runs < MIN_RUNS

    @property
    def busy(self) -> bool:
        """The median far above the minimum: other processes were slowing the runs."""
        return (self.runs >= 2 and self.minimum >= BUSY_FLOOR
                and self.median > self.minimum * BUSY_RATIO)

    @classmethod
    def of(cls, samples: Sequence[float], cpu: Sequence[float] | None = None,
           ready: Sequence[float] | None = None) -> Stats:
        """The figures of `samples` (wall-clock times) and, given them, the least of the
        runs' CPU times: quartiles interpolated between the closest ranks (as numpy's
        default). With a CPU time for each run (in the same order), and each run's wait
        for a core (`ready`, none: 0), whether the step waits (WAITING_SHARE)."""
        import statistics

        if not samples:
            raise ValueError("no samples to sum up")
        ordered = sorted(samples)
        cpu_minimum = min(cpu) if cpu else None
        cpu_median = statistics.median(cpu) if cpu else None
        queued = ready if ready is not None and len(ready) == len(samples) else [0.0] * len(
            samples)
        waiting = cpu is not None and len(cpu) == len(samples) and statistics.median(
            used / (wall - wanted) if wall > wanted else 1.0
            for used, wanted, wall in zip(cpu, queued, samples, strict=True)) < WAITING_SHARE
        if len(ordered) == 1:  # statistics.quantiles wants two points before Python 3.13
            return cls(1, ordered[0], ordered[0], ordered[0], ordered[0], cpu_minimum,
                       cpu_median, waiting=waiting)
        q1, median, q3 = statistics.quantiles(ordered, n=4, method="inclusive")
        return cls(len(ordered), median, ordered[0], q1, q3, cpu_minimum, cpu_median,
                   waiting=waiting)


@dataclass(frozen=True)
class Change:
    """A step's figures against the latest ones saved on the same machine."""

    trend: Trend
    ratio: float
    """The new figure over the saved one: the new headline (`compared`), or its raw figure
    when the saved figures have no normalised ones (saved before they were measured)."""
    compared: Headline
    tolerance: float
    """How far apart the two may be and still be "no change" (bench/history.py)."""
    saved: Stats
    saved_on: str
    python: str


@dataclass(frozen=True)
class StepBench:
    """One timed step of a day on one input: "parse", "part 1", "part 2" or "parts 1+2",
    of the main implementation or of one of its variants."""

    step: str
    stats: Stats | None = None
    parts: tuple[PartResult, ...] = ()
    """The checking run's results for the part(s) of this step (none for the parse)."""
    error: str | None = None
    """Why timing this step failed, when it failed after the checking run passed."""
    change: Change | None = None
    """Against the saved figures, when there are any."""
    variant: str | None = None
    """Which variant of the day this step is of (see registry.py); None for its main
    implementation, as in a run's results."""
    versus_main: float | None = None
    """A variant's step against the main implementation's same step: its figure over the
    main's (see `ratio_to_main`); None for the main's steps, or when either is not timed."""
    peak_memory: int | None = None
    """With --memory: the step's peak allocation in bytes (runner.step_peaks)."""


def ratio_to_main(variant: Stats, main: Stats) -> float:
    """A variant's figure over the main implementation's: the main's headline figure on
    both sides (the same clock for both), or the wall minimum when the variant lacks it."""
    name: Headline = main.headline if variant.figure(main.headline) is not None else "min"
    return (variant.figure(name) or 0.0) / (main.figure(name) or 1.0)


@dataclass(frozen=True)
class DayBench:
    result: DayResult
    """The checking run: answers, errors and timeouts, as `aoc run` would show them."""
    steps: tuple[StepBench, ...] = ()
    """The main implementation's steps, then each variant's (`StepBench.variant`)."""
    variants: tuple[DayResult, ...] = ()
    """Each variant's checking run, its answers checked against the main's
    (runner.against_main): a disagreement is an error naming both."""
    speed: Speed | None = None
    """The machine's speed while the steps were timed (None when nothing was)."""


@dataclass
class BenchReport:
    results: list[DayBench] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    budget: float = 1.0
    interrupted: bool = False
    """Ctrl-C stopped it: the inputs benched before are shown, nothing is saved."""


def bench_exit_code(report: BenchReport) -> ExitCode:
    """As for a run; a step that could not be timed counts as not run."""
    code = run_exit_code((result for bench in report.results
                          for result in (bench.result, *bench.variants)), report.interrupted,
                         report.notices)
    if code is not ExitCode.INTERRUPTED and any(
            step.error for bench in report.results for step in bench.steps):
        return ExitCode.COULD_NOT_RUN
    return code
