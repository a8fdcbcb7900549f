"""The figures `aoc bench` produces: each step's statistics, their change against the
saved ones, and the tolerances the verdicts use.

Plain data, like `results.py` (which holds what a run produces, and which this leaf
extends): producers (`bench/measure.py`, `bench/history.py`) build these and
renderers read them. Kept apart from `results.py` so that `aoc run` does not pay, at
import, for dataclasses only a bench uses.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from aoc2023.framework.bench.calibration import Speed
from aoc2023.framework.results import DayResult, ExitCode, PartResult, run_exit_code

Trend = Literal["faster", "slower", "no change"]
"""How a step's new figures compare with the ones saved before (bench/history.py)."""

Headline = Literal["min", "cpu_min", "normalised", "normalised_cpu"]
"""The figure a step's verdict and README cell use (`Stats.headline`): normalised by the
machine's speed beside each run when it was measured ("normalised", by the wall clock,
or for a step of LONG_STEP or more "normalised_cpu", by CPU time: see
`Stats.normalised`); else, for figures saved before, the best of the runs by the same
clock ("min", "cpu_min").
Slower runs are slower because other processes got in the way (Python's `timeit`
says the same), so the minimum moves least with the machine's load. But a long run is
rarely left alone for its whole length on a busy machine, so its wall minimum moves
with the load too; its CPU time leaves out the time it waited for a core. And the
machine's own speed moves every figure alike, which the normalising takes out.
Measured with benchmarks/bench_repeatability.py on a busy 2-core machine: see
TOLERANCE."""
LONG_STEP = 0.001
"""From this CPU time up, a step's headline is its CPU minimum (see Headline). Measured
under load: wall minimums held within 4% at 0.2-0.8 ms, but moved 10-400% at 7-110 ms,
where CPU minimums moved 0.5-22%; at 1-4 ms the two were the same (the time lost there
is lost on the core), so the CPU minimum costs nothing from 1 ms up."""
TOLERANCE = 0.10
"""How far apart two headline figures of the same code may lie and still be "no
change" (bench/history.py), for a step under LONG_STEP with MIN_RUNS runs or more.
Chosen from the spreads that benchmarks/bench_repeatability.py and normalised_spread.py
measure run against run (their figures: benchmarks/README.md)."""
WIDE_TOLERANCE = 0.25
"""The same for a step headlined by its CPU time (LONG_STEP or more), or with fewer than
MIN_RUNS runs on either side. Measured as above: CPU minimums of steps of 7-110 ms were
up to 11% apart, those of a parse that allocates much up to 22.5%, while their
wall-clock minimums were up to 4 times apart; a step timed once (the checking run
alone) by the wall clock moved up to 88%, which no tolerance covers (raise --budget).
Measured again for long steps weighed run by run (Stats.normalised_cpu; benchmarks/
normalised_spread.py, a bursty load of 3 processes): 7.5% apart at the 90th percentile,
12.1% at most, where their raw CPU minimums moved up to 83%."""
MIN_DIFFERENCE = 2e-7
"""Two headline figures closer than this (in seconds) are "no change" whatever their
ratio: below a microsecond or two the tolerance is less than the clock's own noise.
Measured between back-to-back runs of the same code: minimums of steps of 60-600 ns
moved by 10-30 ns (the clock's ticks: 60 against 70 ns is 17%), up to 80 ns for steps
of 10 runs; the 2-5 µs steps above moved up to 3.5%, that is up to 175 ns."""
MIN_RUNS = 10
"""Fewer runs than this fit the budget only when the step is slow: its spread is rough."""
BUSY_FLOOR = 1e-6
"""Below this, the clock's own cost and cold caches after the other steps make the
median of a few hundred nanoseconds twice the minimum on any machine."""
BUSY_RATIO = 1.5
"""A median this far above the minimum means the machine was busy while timing: without
a load of our own, day 7's steps (2 µs to 0.8 ms) measured medians 1.03-1.07 times
their minimums."""
WAITING_SHARE = 0.5
"""A step whose CPU time is under this share of its wall-clock time less the time it
waited for a core while ready to run (the median of its runs' shares) spent most of its
time waiting on something else (a sleep, a queue, a subprocess, a file), not computing:
the machine's speed says nothing of how long such a wait takes, so its figures are
shown as measured, not normalised (`Stats.waiting`). The wait for a core is left out,
being the machine's load: on a busy machine (a load of 6 on 2 cores) a step that
computes for 100 ms took 350 ms, its CPU time 29% of that, and 100% of it less its 250
ms wait for a core; a 100 ms sleep, 3-5% either way, and a 2 ms sleep that took 7 ms,
most of them waiting for a core once awake, about 2% of the rest. The median, so that
one odd run does not decide."""


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
    """The best run by the wall clock in seconds at the reference speed (calibration.py),
    when the machine's speed was measured: `minimum` times the reference over the
    calibration workload's best CPU time. The best over the best suits a short step:
    of its many runs some run on a quiet machine, as some of the workload's do (steps
    of 4-20 µs held within 9.6% run against run; benchmarks/normalised_spread.py)."""
    normalised_cpu: float | None = None
    """A long step's time by CPU time in seconds at the reference speed: each run's CPU
    time over the workload's CPU time just before and after it, the median of those,
    times the reference (measure.Timing.normalised). A long step has few runs, and the
    machine's speed swings from one to the next: taken run by run, day 7's day totals
    held within 3-6% under a bursty load where the best over the best moved 15-70%."""
    scale: float | None = None
    """The machine's speed factor beside the runs (calibration.Speed.scale): the raw
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


