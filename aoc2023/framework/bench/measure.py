"""Timing for `aoc bench`: each input's checking run, then rounds of every lane (the main
class, each variant) until the budget is spent, the calibration workload between units
(method: docs/how-to/benchmarks.md); the clocks are a parameter (`Clocks`) for fakes."""

from __future__ import annotations

import gc
import os
import sys
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import closing, suppress
from dataclasses import dataclass, field, replace
from functools import cache, partial
from time import perf_counter_ns, process_time_ns
from typing import Any

from aoc2023.framework.bench.figures import (
    LONG_STEP,
    MIN_RUNS,
    REFERENCE,
    BenchReport,
    DayBench,
    Speed,
    Stats,
    StepBench,
    ratio_to_main,
)
from aoc2023.framework.errors import ChildFailed, TimedOut, describe_error, stop_name
from aoc2023.framework.inputs import RunInput, RunRequest, days_to_run
from aoc2023.framework.registry import variants_of
from aoc2023.framework.results import DayResult, PartResult, Status, day_place
from aoc2023.framework.runner import DayRunner, Executor, against_main, peaks_of, solved_parts
from aoc2023.framework.solution import Solution, day_steps, parsed_anew, steps_of
from aoc2023.framework.timeouts import NO_WATCH, Progress, call_with_timeout

MAX_RUNS = 100_000
"""The most runs of any one step, the parse included."""
MIN_GRACE = 0.05
"""Seconds that MIN_RUNS rounds of fast steps get at least, whatever the budget left."""
WARM_UP_SHARE = 0.1
"""The part of an input's budget spent running rounds untimed first."""
CPU_FROM = LONG_STEP / 2
"""Steps this long in the checking run have their CPU time recorded too."""

Watcher = Callable[[str, str, int, float], None]
"""Told before each run: (input, step, rounds kept so far, expected seconds)."""


def _no_watcher(where: str, step: str, runs: int, expected: float) -> None:
    pass


@dataclass(frozen=True)
class Lane:
    """One implementation of a day to time each round, the parts it times (none: the parse)."""

    solution_class: type[Solution[Any]]
    parts: tuple[int, ...] = ()
    variant: str | None = None

    @property
    def steps(self) -> tuple[str, ...]:
        return tuple(steps_of(self.solution_class, self.parts))

    @property
    def apart(self) -> bool:
        """Whether each part is timed on its own parse (else `solve` is, or the parse alone)."""
        return bool(self.parts) and not self.solution_class.solves_both_at_once()

    @property
    def units(self) -> tuple[str, ...]:
        """What one round runs, each whole; the budget is checked before each."""
        return self.steps[1:] if self.apart else self.steps[-1:]


StepKey = tuple[str | None, str]
"""(variant, step): None for the main implementation."""
Samples = dict[StepKey, list[int]]
"""Times in ns by step."""


@dataclass
class Timing:
    """Samples by (variant, step) in ns: wall clock, CPU time (long steps), why one stopped."""

    samples: Samples
    errors: dict[StepKey, str] = field(default_factory=dict)
    cpu: Samples = field(default_factory=dict)
    ready: Samples = field(default_factory=dict)
    """Each CPU-time sample's wait for a core (`Clocks.ready_timer`)."""
    calibration: list[tuple[int, int]] = field(default_factory=list)
    """The calibration workload's runs: (wall-clock, CPU) ns."""
    beside: dict[StepKey, list[int]] = field(default_factory=dict)
    """Each sample's index in `calibration` of the run just before it (the next, after)."""

    def normalised(self, key: StepKey, samples: Sequence[int]) -> float | None:
        """`samples` (CPU ns) at the reference speed, run by run; None without calibrations."""
        import statistics

        beside, cpu = self.beside.get(key, []), [one for _, one in self.calibration]
        if not samples or len(beside) != len(samples) or min(cpu, default=0) <= 0:
            return None
        # Each sample against the calibration runs around it: the one before and the next.
        around = [(one + after) / 2 for one, after in zip(cpu, [*cpu[1:], cpu[-1]], strict=True)]
        ratios = [sample / around[before] for sample, before in zip(samples, beside, strict=True)]
        return REFERENCE * statistics.median(ratios)


def lane_for(solution_class: type[Solution[Any]], check: DayResult) -> Lane:
    """The lane of `solution_class`, timing what its checking run showed can be timed."""
    timeable = solved_parts(check)
    if solution_class.solves_in_turn():
        # Part 2 comes only after part 1: the parts up to the first not timeable.
        timeable = tuple(p for n, p in enumerate(sorted(timeable), 1) if p == n)
    elif solution_class.solves_both_at_once() and len(timeable) < len(check.parts):
        timeable = ()  # `solve` runs both: timed only if both can be
    return Lane(solution_class, timeable, check.variant)


def _cpu_ns() -> int:
    """CPU ns of this process and of its ended children."""
    if sys.platform == "win32":  # no getrusage: child processes' CPU time is not counted
        return process_time_ns()
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return process_time_ns() + round((used.ru_utime + used.ru_stime) * 1e9)


@cache
def _schedstat(process: int, thread: int) -> int | None:
    """The thread's open schedstat file (a forked child opens its own), None without one."""
    with suppress(OSError):
        return os.open("/proc/thread-self/schedstat", os.O_RDONLY)
    return None


def _ready_ns() -> int:
    """Ns this thread has waited for a core while ready (Linux's schedstat), else 0."""
    fd = _schedstat(os.getpid(), threading.get_ident())
    with suppress(OSError, ValueError, IndexError):
        return 0 if fd is None else int(os.pread(fd, 128, 0).split()[1])
    return 0


def workload() -> int:
    """The calibration's fixed work, the same every time (about 1 ms)."""
    table: dict[int, int] = {}
    total = 0
    for n in range(4_500):
        key = (n * 7919) % 1_009
        table[key] = table.get(key, 0) + n
        total += (n * n) ^ key
    words = []
    for n in range(450):
        words.append(f"{n:04d}")
    text = ",".join(words)
    return total + len(text.split(",")) + sum(table.values()) % 97


@dataclass(frozen=True)
class Clocks:
    """What the bench reads time from, real by default: `clock` (s) keeps the budget, `timer`,
    `cpu_timer` and `ready_timer` (ns) time the runs, `work` is the calibration; `settle`
    runs before an input (no collection mid-run, tens of ms; a fake clock needs none)."""

    clock: Callable[[], float] = time.monotonic
    timer: Callable[[], int] = perf_counter_ns
    cpu_timer: Callable[[], int] = _cpu_ns
    work: Callable[[], object] = workload
    max_runs: int = MAX_RUNS
    ready_timer: Callable[[], int] = _ready_ns
    settle: Callable[[], object] = gc.collect

    def calibrate(self) -> tuple[int, int]:
        """Run `work` once: its (wall-clock, CPU) ns by `timer` and `cpu_timer`."""
        cpu_start = self.cpu_timer()
        start = self.timer()
        self.work()
        return self.timer() - start, self.cpu_timer() - cpu_start


REAL = Clocks()


def measure(
    lanes: Sequence[Lane],
    run_input: RunInput,
    expected: dict[StepKey, float],
    progress: Progress = NO_WATCH,
    *,
    deadline: float,
    grace: float,
    warm_until: float,
    cpu_steps: frozenset[str] = frozenset(),
    where: str = "",
    watcher: Watcher = _no_watcher,
    clocks: Clocks = REAL,
) -> Timing:
    """Time the lanes' units in rounds until `clocks.clock` would pass `deadline` (until
    MIN_RUNS rounds: `deadline + grace`, or MIN_GRACE from now); rounds before `warm_until`
    warm up. A unit starts only if its `expected` seconds (then the slowest seen) fit; one
    that does not ends the timing, or before MIN_RUNS rounds is left out. `cpu_steps`, in
    every lane, by CPU time too. `progress` is positional: call_with_timeout passes it so."""
    timing = Timing({(lane.variant, step): [] for lane in lanes for step in lane.steps})
    running: StepKey = (None, "")  # the one to blame when a unit raises
    clock, timer, max_runs = clocks.clock, clocks.timer, clocks.max_runs

    def timed(key: StepKey, call: Callable[[Any], Any], argument: Any) -> Any:
        """`call(argument)`, timed: nothing else between the clock readings."""
        nonlocal running
        with_cpu, running = key[1] in cpu_steps, key
        ready_start = clocks.ready_timer() if with_cpu else 0
        cpu_start = clocks.cpu_timer() if with_cpu else 0
        start = timer()
        value = call(argument)
        wall = timer() - start
        cpu = clocks.cpu_timer() - cpu_start if with_cpu else None
        ready = clocks.ready_timer() - ready_start if with_cpu else 0
        if not warming and len(found := timing.samples[key]) < max_runs:
            found.append(wall)
            timing.beside.setdefault(key, []).append(len(timing.calibration) - 1)
            if cpu is not None:
                timing.cpu.setdefault(key, []).append(cpu)
                timing.ready.setdefault(key, []).append(ready)
        return value

    try:
        todo = [(lane, unit) for lane in lanes for unit in lane.units]
        kept = warm_ups = 0
        fastest: dict[StepKey, float] = {}
        grace_until = max(deadline + grace, clock() + MIN_GRACE)
        while todo:
            # A warm-up only while one fits its share: a slow step is warm from the check.
            round_seconds = sum(expected[(lane.variant, unit)] for lane, unit in todo)
            warming = clock() + round_seconds <= warm_until and warm_ups < max_runs * WARM_UP_SHARE
            limit = grace_until if kept < MIN_RUNS else deadline
            # Weighed by the fastest runs: one slow hiccup would cut a fast lane's repeats.
            for lane, unit in _round_order(todo, {**expected, **fastest}):
                if (lane, unit) not in todo:  # left out earlier in this round
                    continue
                key = (lane.variant, unit)
                if any(len(timing.samples[lane.variant, one]) >= max_runs for one in lane.steps):
                    todo = [one for one in todo if one[0] is not lane]  # a step has all its runs
                    continue
                if (start := clock()) + expected[key] > limit:
                    if kept >= MIN_RUNS:
                        return timing
                    todo.remove((lane, unit))  # too slow to fit: faster ones go on to MIN_RUNS
                    continue
                named = unit if lane.variant is None else f"{unit}, variant {lane.variant}"
                watcher(where, named, kept, expected[key])
                timing.calibration.append(clocks.calibrate())
                try:  # a part on its own parse, or the parse and `solve`
                    parse = partial(parsed_anew, lane.solution_class, extra=run_input.extra)
                    solution, data = timed((lane.variant, "parse"), parse, run_input.text)
                    parts = (int(unit.removeprefix("part ")),) if lane.apart else lane.parts
                    with closing(day_steps(solution, data, parts)) as steps:
                        for step, function, argument in steps:
                            timed((lane.variant, step), function, argument)
                except KeyboardInterrupt:  # SIGTERM and SIGHUP too (errors.Terminated)
                    raise
                except BaseException as error:  # rare, as the checking run passed: reported
                    blamed = running if lane.solution_class.solves_in_turn() else key
                    timing.errors[blamed] = f"while timing, {describe_error(error)}"
                    todo.remove((lane, unit))
                took = clock() - start
                expected[key] = max(expected[key], took)
                fastest[key] = min(fastest.get(key, took), took)
                progress.beat()
            if len(lanes) > 1 and todo:  # each lane goes first in turn: no place is favoured
                first = todo[0][0]
                todo.sort(key=lambda one: one[0] is first)  # stable: the first lane goes last
            if warming:
                warm_ups += 1
            else:
                kept += 1
    finally:  # the last units' "after"
        timing.calibration.append(clocks.calibrate())
    return timing


LANE_REPEATS = 100
"""The most times a lane runs its units in one round (see _round_order)."""
LANE_SHARE = 0.25
"""A faster lane's repeats' share of a round, against the slowest lane's time."""


def _round_order(
    todo: list[tuple[Lane, str]], expected: dict[StepKey, float]
) -> list[tuple[Lane, str]]:
    """Each lane's units in turn, one far faster than the slowest repeating them for up to
    LANE_SHARE of its time (LANE_REPEATS at most): a fast variant gets runs enough."""
    lanes: dict[Lane, list[str]] = {}
    for lane, unit in todo:
        lanes.setdefault(lane, []).append(unit)
    seconds = {
        lane: sum(expected[(lane.variant, unit)] for unit in units) for lane, units in lanes.items()
    }
    slowest = max(seconds.values(), default=0.0)
    order = []
    for lane, units in lanes.items():
        repeats = 1 if seconds[lane] <= 0 else int(LANE_SHARE * slowest / seconds[lane])
        order += [(lane, unit) for _ in range(min(LANE_REPEATS, max(1, repeats))) for unit in units]
    return order


def _checked_seconds(timed: list[tuple[Lane, DayResult]]) -> dict[StepKey, float]:
    """Each lane's units' times in its checking run, the parse included: the first estimate."""
    found = {}
    for lane, check in timed:
        for unit in lane.units:
            # A part on its own parse; else the parse and `solve`, which runs every part.
            steps = [unit] if lane.apart else lane.steps[1:]
            seconds = (_step_seconds(step, check) or 0.0 for step in steps)
            found[(lane.variant, unit)] = (check.parse_seconds or 0.0) + sum(seconds)
    return found


def _slowest_step(check: DayResult, timeout: float | None) -> float:
    """The checking run's slowest step with its parse, a timed-out part included."""
    took = [timeout or 0.0 if p.status is Status.TIMEOUT else p.seconds or 0.0 for p in check.parts]
    return (check.parse_seconds or 0.0) + max(took, default=0.0)


def _step_seconds(step: str, check: DayResult) -> float | None:
    if step == "parse":
        return check.parse_seconds
    if step == "parts 1+2":
        return check.parts[0].seconds if check.parts else None
    return next((p.seconds for p in check.parts if f"part {p.part}" == step), None)


def _seconds(samples: list[int] | None) -> list[float] | None:
    return [ns / 1e9 for ns in samples] if samples else None


def bench_input(
    solution_class: type[Solution[Any]],
    run_input: RunInput,
    title: str | None,
    budget: float,
    *,
    timeout: float | None = None,
    run: DayRunner | None = None,
    watcher: Watcher = _no_watcher,
    variants: Sequence[type[Solution[Any]]] = (),
    clocks: Clocks = REAL,
) -> DayBench:
    """Check the day (and `variants` against it) on one input, then time all in `budget` s."""
    run = run or (Executor(timeout) if timeout else Executor(clock=clocks.timer))
    clocks.settle()
    deadline = clocks.clock() + budget
    where = day_place(solution_class.year, solution_class.day, run_input.label)
    watcher(where, "checking the answers", 0, 0.0)
    if (check := run(solution_class, run_input, title)).error is not None or check.interrupted:
        return DayBench(check)  # Ctrl-C in the checking run: bench_days stops there
    checks = [(solution_class, check)]
    for variant in variants:
        watcher(where, f"checking variant {variant.variant}", 0, 0.0)
        found = run(variant, run_input, title)._replace(variant=variant.variant)
        if found.interrupted:
            return DayBench(check, variants=(found,))
        checks.append((variant, against_main(found, check)))
    timed = [(lane_for(cls, one), one) for cls, one in checks if one.error is None]
    lanes = [lane for lane, _ in timed]
    # Long in any implementation: CPU time in all, to compare by one clock.
    took = [(step, _step_seconds(step, one) or 0.0) for lane, one in timed for step in lane.steps]
    task = partial(
        measure,
        lanes,
        run_input,
        _checked_seconds(timed),
        deadline=deadline,
        grace=max(_slowest_step(one, timeout) for _, one in timed),
        warm_until=clocks.clock() + budget * WARM_UP_SHARE,
        cpu_steps=frozenset(step for step, seconds in took if seconds >= CPU_FROM),
        where=where,
        watcher=watcher,
        clocks=clocks,
    )
    try:
        timing = task() if timeout is None else call_with_timeout(task, timeout)
    except (TimedOut, ChildFailed) as failure:
        reason = f"while timing, {failure}"
        timing = Timing({}, {(lane.variant, step): reason for lane in lanes for step in lane.steps})
    speed = Speed.of(timing.calibration)
    steps = [step for lane, one in timed for step in _steps(lane, one, timing, speed)]
    return DayBench(check, _versus_main(steps), tuple(one for _, one in checks[1:]), speed)


def _versus_main(steps: list[StepBench]) -> tuple[StepBench, ...]:
    """The steps, each variant's with its ratio to the main's same step."""
    main = {step.step: step.stats for step in steps if step.variant is None}
    found = []
    for step in steps:
        theirs = main.get(step.step)
        if step.variant is not None and step.stats is not None and theirs is not None:
            step = replace(step, versus_main=ratio_to_main(step.stats, theirs))
        found.append(step)
    return tuple(found)


def _steps(
    lane: Lane, check: DayResult, timing: Timing, speed: Speed | None
) -> tuple[StepBench, ...]:
    """One implementation's steps, each timed (at `speed`) or saying why not."""
    steps = []
    named: list[tuple[str, tuple[PartResult, ...]]] = [("parse", ())]
    if lane.solution_class.solves_both_at_once() and not lane.solution_class.solves_in_turn():
        named.append(("parts 1+2", check.parts))
    else:
        named += [(f"part {part.part}", (part,)) for part in check.parts]
    failed = False
    for name, parts in named:
        key = (lane.variant, name)
        if name not in lane.steps:
            steps.append(StepBench(name, parts=parts, variant=lane.variant))
            continue
        error = timing.errors.get(key)
        # A yielding `solve` that failed never ran its later parts again.
        after_failure = failed and lane.solution_class.solves_in_turn()
        checked = None if error or after_failure else _step_seconds(name, check)
        # No timed run fitted: the checking run's time is the one sample.
        found = timing.samples.get(key) or ([] if checked is None else [round(checked * 1e9)])
        failed = failed or error is not None
        stats: Stats | None = None
        if found:
            cpu, ready = timing.cpu.get(key), timing.ready.get(key)
            stats = Stats.of([ns / 1e9 for ns in found], _seconds(cpu), _seconds(ready))
            stats = stats.at_speed(speed, timing.normalised(key, cpu) if cpu else None)
        steps.append(StepBench(name, stats, parts, error=error, variant=lane.variant))
    return tuple(steps)


def bench_days(
    request: RunRequest,
    budget: float = 1.0,
    *,
    timeout: float | None = None,
    watcher: Watcher = _no_watcher,
    variants: bool = True,
    memory: bool = False,
    clocks: Clocks = REAL,
) -> BenchReport:
    """Bench every day asked for on `aoc run`'s inputs (with variants unless not `variants`),
    `budget` seconds a day; with `memory`, peak allocations too (`with_peaks`)."""
    report = BenchReport(budget=budget)
    bench_one = partial(bench_input, timeout=timeout, watcher=watcher, clocks=clocks)
    current = ""
    try:
        for day in days_to_run(request, report.notices):
            if isinstance(day, DayResult):
                report.results.append(DayBench(day))
                continue
            current = f" during {day.solution_class.year} day {day.solution_class.day}"
            share = budget / len(day.runs)
            others = variants_of(day.solution_class) if variants else []
            for one in day.runs:
                bench = bench_one(day.solution_class, one, day.title, share, variants=others)
                if any(result.interrupted for result in (bench.result, *bench.variants)):
                    raise KeyboardInterrupt
                if memory:
                    classes = {cls.variant: cls for cls in (day.solution_class, *others)}
                    bench = with_peaks(bench, classes, one, timeout, report.notices)
                report.results.append(bench)
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM/SIGHUP (errors.Terminated)
        # The input being timed is left out: part of its runs, some of them warm-up.
        report.interrupted = True
        report.notices.append(
            f"Interrupted ({stop_name(stop)}){current}: the inputs benched before it are "
            "shown; the rest did not run, and nothing is saved or written."
        )
    report.notices += notes(report)
    return report


def with_peaks(
    bench: DayBench,
    classes: dict[str | None, type[Solution[Any]]],
    run_input: RunInput,
    timeout: float | None,
    notices: list[str],
) -> DayBench:
    """`bench` with the peak allocations of `classes`' steps, one not measured in `notices`."""
    peaks = {
        result.variant: peaks_of(classes[result.variant], run_input, result, timeout, notices)
        for result in (bench.result, *bench.variants)
        if result.variant in classes and result.error is None
    }
    steps = tuple(
        replace(step, peak_memory=peaks.get(step.variant, {}).get(step.step))
        for step in bench.steps
    )
    return replace(bench, steps=steps)


def notes(report: BenchReport) -> list[str]:
    """How far to trust the figures: too few runs, a busy machine, a speed that swung."""
    found = []
    for bench in report.results:
        where = day_place(bench.result.year, bench.result.day, bench.result.label)
        timed = [(_named(step), step.stats) for step in bench.steps if step.stats is not None]
        rough = [f"{name} ({stats.runs})" for name, stats in timed if stats.rough]
        failed = [step.step for step in bench.steps if step.error]
        if rough:
            why = f"were timed ({' and '.join(failed)} failed while being timed)"
            why, more = (why, "") if failed else ("fitted the budget", " (--budget gives more)")
            found.append(
                f"{where}: only {', '.join(rough)} run(s) {why}, so the spread is rough{more}."
            )
        busy = [
            f"{name} ({stats.median / stats.minimum - 1:.0%})"
            for name, stats in timed
            if stats.busy
        ]
        if busy:
            found.append(
                f"{where}: the median is far above the minimum in {', '.join(busy)}: "
                "the machine was busy, so the spread comes from it, not from the "
                "solution; the minimum still holds."
            )
        if bench.speed is not None and bench.speed.swung:
            found.append(
                f"{where}: the machine's speed swung while timing (the calibration "
                f"workload's best time moved {bench.speed.swing:.2f}-fold between quarters of "
                "the timing), so its figures compare less well than usual with others."
            )
    return found


def _named(step: StepBench) -> str:
    """The step in a sentence: "part 1 of variant fast"."""
    return step.step if step.variant is None else f"{step.step} of variant {step.variant}"
