"""Timing for `aoc bench`: each input's checking run (as `aoc run` runs it), then its
steps in interleaved rounds of every lane (the main class and each variant) until the
budget is spent, with the calibration workload timed between the units for the machine's
speed (`workload`, `calibrate`). The method and why: docs/how-to/benchmarks.md. The
clocks are a parameter (`Clocks`) so that a test hands in a fake one; under a time limit
all of it runs in a child process (timeouts.py)."""

from __future__ import annotations

import gc
import sys
import time
from collections.abc import Callable, Generator, Sequence
from dataclasses import dataclass, field, replace
from functools import partial
from time import perf_counter_ns, process_time_ns
from typing import Any, Literal, cast

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
from aoc2023.framework.errors import ChildFailed, Terminated, TimedOut, describe_error, stop_name
from aoc2023.framework.inputs import RunInput, RunRequest, days_to_run
from aoc2023.framework.registry import variants_of
from aoc2023.framework.results import DayResult, Status
from aoc2023.framework.runner import DayRunner, Executor, Peaks, against_main, peaks_of
from aoc2023.framework.solution import Solution
from aoc2023.framework.timeouts import NO_WATCH, Progress, call_with_timeout

MAX_RUNS = 100_000
"""The most runs of any one step, the parse included (README: "at most 100,000 runs")."""
MIN_GRACE = 0.05
"""How long after the checking run MIN_RUNS rounds of fast steps may go on at least
(when the budget and the slowest step leave less): long enough for a few of the
scheduler's time slices on a busy machine, and small beside the start-up of `aoc`."""
WARM_UP_SHARE = 0.1
"""The part of an input's budget spent running rounds untimed first."""
CPU_FROM = LONG_STEP / 2
"""Steps that took at least this long in the checking run have their CPU time recorded
as well (it costs about a microsecond a run, outside the timed span)."""

_TIMEABLE = frozenset({Status.CORRECT, Status.WRONG, Status.UNKNOWN})

Mode = Literal["parse", "parts", "in turn", "pair"]
"""How a lane's steps run: the parse alone (no part can be timed), each part on its own
parse, parts in turn from one `solve` generator, or `solve` returning both."""

Watcher = Callable[[str, str, int, float], None]
"""Told before each run: (which input, which step, rounds kept so far, how long that run
should take in seconds). `aoc bench` shows it on a terminal."""


def _no_watcher(where: str, step: str, runs: int, expected: float) -> None:
    pass


@dataclass(frozen=True)
class Lane:
    """One implementation of a day to time each round, and the parts it times."""

    solution_class: type[Solution[Any]]
    mode: Mode
    parts: tuple[int, ...] = ()
    variant: str | None = None
    """None for the day's own class, else the variant's name."""

    @property
    def steps(self) -> tuple[str, ...]:
        if self.mode == "parse":
            return ("parse",)
        if self.mode == "pair":
            return ("parse", "parts 1+2")
        return ("parse", *(f"part {part}" for part in self.parts))

    @property
    def units(self) -> tuple[str, ...]:
        """What one round runs, each as a whole (a part with its own parse, or one solve):
        the budget is checked before each."""
        if self.mode == "parts":
            return tuple(f"part {part}" for part in self.parts)
        return self.steps[-1:]


Samples = dict[tuple[str | None, str], list[int]]
"""Times in ns by (variant, step)."""


@dataclass
class Timing:
    """What timing an input gave: wall-clock samples by (variant, step), CPU-time samples
    of the steps long enough to want them, and why a step stopped."""

    samples: Samples
    errors: dict[tuple[str | None, str], str] = field(default_factory=dict)
    cpu: Samples = field(default_factory=dict)
    ready: Samples = field(default_factory=dict)
    """By (variant, step), for each of its CPU-time samples: how long the run waited for
    a core while ready to run (`Clocks.ready_timer`)."""
    calibration: list[tuple[int, int]] = field(default_factory=list)
    """The calibration workload's runs: (wall-clock, CPU) ns."""
    beside: dict[tuple[str | None, str], list[int]] = field(default_factory=dict)
    """By (variant, step), for each of its samples: the calibration run just before it
    (an index into `calibration`; the next one ran just after)."""

    @property
    def speed(self) -> Speed | None:
        return Speed.of([wall for wall, _ in self.calibration],
                        [cpu for _, cpu in self.calibration])

    def normalised(self, key: tuple[str | None, str], samples: Sequence[int]) -> float | None:
        """The step's time at the reference speed (figures.Stats.normalised_cpu) from its
        `samples` (ns, as kept: its CPU times): each over the mean
        CPU time of the calibration runs just before and after it, their median, times
        the reference. None without a calibration beside every sample."""
        import statistics

        beside, cpu = self.beside.get(key, []), [one for _, one in self.calibration]
        if not samples or len(beside) != len(samples) or min(cpu, default=0) <= 0:
            return None
        last = len(cpu) - 1
        ratios = [sample / ((cpu[before] + cpu[min(before + 1, last)]) / 2)
                  for sample, before in zip(samples, beside, strict=True)]
        return REFERENCE * statistics.median(ratios)


def lane_for(solution_class: type[Solution[Any]], check: DayResult) -> Lane:
    """One implementation of the day (its main class, or a variant: `check.variant`),
    timing what its checking run showed can be timed."""
    timeable = tuple(part.part for part in check.parts if part.status in _TIMEABLE)
    lane = partial(Lane, solution_class, variant=check.variant)
    if solution_class.solves_in_turn():
        # The generator gives part 2 only after part 1: time the parts up to the first
        # that cannot be timed.
        prefix = tuple(p for n, p in enumerate(sorted(timeable), 1) if p == n)
        return lane("in turn", prefix) if prefix else lane("parse")
    if solution_class.solves_both_at_once():
        both = bool(check.parts) and len(timeable) == len(check.parts)
        return lane("pair", timeable) if both else lane("parse")
    return lane("parts", timeable) if timeable else lane("parse")


def _cpu_ns() -> int:
    """CPU time of this process (all its threads) and of its children that have ended, in
    ns: what a step costs the machine, whatever else ran beside it."""
    if sys.platform == "win32":  # no getrusage: child processes' CPU time is not counted
        return process_time_ns()
    import resource

    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return process_time_ns() + round((used.ru_utime + used.ru_stime) * 1e9)


_SCHEDSTAT: dict[tuple[int, int], int | None] = {}
"""This thread's /proc/thread-self/schedstat, open, by (process, thread): a forked child
(--timeout) opens its own."""


def _ready_ns() -> int:
    """How long this thread has waited for a core while ready to run, in ns: Linux's
    schedstat (its second field), 0 where there is none. A step's CPU time and this
    together are the time it wanted a core; the rest of its wall time it waited on
    something else (figures.WAITING_SHARE), however busy the machine."""
    import os
    import threading

    key = (os.getpid(), threading.get_ident())
    if key not in _SCHEDSTAT:
        try:
            _SCHEDSTAT[key] = os.open("/proc/thread-self/schedstat", os.O_RDONLY)
        except OSError:
            _SCHEDSTAT[key] = None
    fd = _SCHEDSTAT[key]
    if fd is None:
        return 0
    try:
        return int(os.pread(fd, 128, 0).split()[1])
    except (OSError, ValueError, IndexError):
        return 0


def workload() -> int:
    """The fixed work: the same operations in the same order every time (about 1 ms)."""
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


def calibrate(timer: Callable[[], int], cpu_timer: Callable[[], int],
              work: Callable[[], object] = workload) -> tuple[int, int]:
    """Run the workload once: its wall-clock and CPU time in ns, by `timer` and
    `cpu_timer` (the bench's clocks: a test hands in fake ones, and a `work` that takes
    the time it chooses on them)."""
    cpu_start = cpu_timer()
    start = timer()
    work()
    wall = timer() - start
    return wall, cpu_timer() - cpu_start


@dataclass(frozen=True)
class Clocks:
    """What the bench reads time from, and how many runs a step may have: the real
    clocks by default."""

    clock: Callable[[], float] = time.monotonic
    """Seconds: keeps the budget."""
    timer: Callable[[], int] = perf_counter_ns
    """ns: times each run, the checking run's included."""
    cpu_timer: Callable[[], int] = _cpu_ns
    """ns: the CPU time of the long steps."""
    work: Callable[[], object] = workload
    """The calibration's fixed workload, run before each unit and after the last."""
    max_runs: int = MAX_RUNS
    ready_timer: Callable[[], int] = _ready_ns
    """ns: how long the thread has waited for a core, read with the CPU time."""
    settle: Callable[[], object] = gc.collect
    """Run before an input's checking run and timing: the garbage of what ran before is
    collected then, not in the middle of a timed run. A fake clock, on which no run's
    time depends on it, needs none (in a big process a collection is tens of ms)."""


REAL = Clocks()


class _Round:
    """Runs one lane's units, appending each run's times to the samples (and its CPU time
    too, for the steps in `cpu_steps`)."""

    def __init__(self, lane: Lane, run_input: RunInput, timing: Timing,
                 cpu_steps: frozenset[tuple[str | None, str]], clocks: Clocks) -> None:
        self.lane = lane
        self.max_runs = clocks.max_runs
        self.timer, self.cpu_timer, self.ready_timer = (clocks.timer, clocks.cpu_timer,
                                                        clocks.ready_timer)
        self.text, self.extra = run_input.text, run_input.extra
        self.timing = timing
        self.cpu_steps = frozenset(step for variant, step in cpu_steps
                                   if variant == lane.variant)
        self.keep = True
        self.step = ""
        """The step running now: the one to blame when a unit raises."""

    def _time(self, step: str, call: Callable[[Any], Any], argument: Any) -> Any:
        """`call(argument)`, timed: nothing else runs between the clock readings."""
        clock = self.timer
        with_cpu = step in self.cpu_steps
        self.step = step
        ready_start = self.ready_timer() if with_cpu else 0
        cpu_start = self.cpu_timer() if with_cpu else 0
        start = clock()
        value = call(argument)
        wall = clock() - start
        cpu = self.cpu_timer() - cpu_start if with_cpu else None
        ready = self.ready_timer() - ready_start if with_cpu else 0
        if self.keep:
            key = (self.lane.variant, step)
            found = self.timing.samples[key]
            if len(found) < self.max_runs:
                found.append(wall)
                self.timing.beside.setdefault(key, []).append(len(self.timing.calibration) - 1)
                if cpu is not None:
                    self.timing.cpu.setdefault(key, []).append(cpu)
                    self.timing.ready.setdefault(key, []).append(ready)
        return value

    def unit(self, unit: str) -> None:
        """Run one unit: a part on its own parse, or the parse and `solve` of the lane."""
        mode = self.lane.mode
        solution = self.lane.solution_class(extra=self.extra)
        data = self._time("parse", solution.parse, self.text)
        if mode == "parts":
            self._time(unit, solution.part_1 if unit == "part 1" else solution.part_2, data)
        elif mode == "pair":
            self._time(unit, solution.solve, data)
        elif mode == "in turn":
            answers = cast(Generator[Any, None, None], solution.solve(data))
            try:
                for part in range(1, max(self.lane.parts) + 1):
                    self._time(f"part {part}", next, answers)
            finally:
                answers.close()


def measure(
    lanes: Sequence[Lane], run_input: RunInput, expected: dict[tuple[str | None, str], float],
    deadline: float, grace: float, warm_until: float,
    cpu_steps: frozenset[tuple[str | None, str]] = frozenset(), where: str = "",
    watcher: Watcher = _no_watcher, progress: Progress = NO_WATCH, clocks: Clocks = REAL,
) -> Timing:
    """Time the lanes' units in rounds until `clocks.clock` would pass `deadline`
    (while fewer than MIN_RUNS rounds are kept: `deadline + grace`, or MIN_GRACE from
    now, whichever is later); rounds that fit
    before `warm_until` are a warm-up. `expected` holds each (variant, unit)'s seconds
    from the checking run, and then the slowest run seen: a unit starts only if that
    long still fits. A unit that does not fit ends the timing, unless fewer than MIN_RUNS
    rounds are kept: then it is left out while faster ones go on. The
    steps in `cpu_steps` have their CPU time recorded too. The calibration workload runs
    before each unit and after the last. No step gets more than `clocks.max_runs` runs."""
    timing = Timing({(lane.variant, step): [] for lane in lanes for step in lane.steps})
    try:
        _time_rounds(timing, lanes, run_input, expected, deadline, grace, warm_until,
                     cpu_steps, where, watcher, progress, clocks)
    finally:  # the last units' "after"
        timing.calibration.append(calibrate(clocks.timer, clocks.cpu_timer, clocks.work))
    return timing


def _time_rounds(
    timing: Timing, lanes: Sequence[Lane], run_input: RunInput,
    expected: dict[tuple[str | None, str], float], deadline: float, grace: float,
    warm_until: float, cpu_steps: frozenset[tuple[str | None, str]], where: str,
    watcher: Watcher, progress: Progress, clocks: Clocks,
) -> None:
    """`measure`'s rounds, filling `timing`."""
    clock, max_runs = clocks.clock, clocks.max_runs
    samples = timing.samples
    errors = timing.errors
    rounds = {lane.variant: _Round(lane, run_input, timing, cpu_steps, clocks)
              for lane in lanes}
    todo = [(lane, unit) for lane in lanes for unit in lane.units]
    kept = warm_ups = 0
    fastest: dict[tuple[str | None, str], float] = {}
    # Fast steps get MIN_RUNS runs even after a checking run that took the whole budget
    # (counted from here: a child under --timeout may take a while to start).
    grace_until = max(deadline + grace, clock() + MIN_GRACE)
    while todo:
        # A warm-up round only while one fits in the warm-up's share: the checking run has
        # warmed up a slow step already.
        round_seconds = sum(expected[(lane.variant, unit)] for lane, unit in todo)
        warming = (clock() + round_seconds <= warm_until
                   and warm_ups < max_runs * WARM_UP_SHARE)
        limit = grace_until if kept < MIN_RUNS else deadline
        # Lanes are weighed by their units' fastest runs: `expected` keeps the slowest, for
        # the budget, and one hiccup there would cut a fast lane's repeats.
        for lane, unit in _round_order(todo, {**expected, **fastest}):
            if (lane, unit) not in todo:  # left out earlier in this round
                continue
            key = (lane.variant, unit)
            if any(len(found) >= max_runs for (variant, _), found in samples.items()
                   if variant == lane.variant):  # a step of the lane has all its runs
                todo = [one for one in todo if one[0] is not lane]
                continue
            start = clock()
            if start + expected[key] > limit:
                if kept >= MIN_RUNS:
                    return
                todo.remove((lane, unit))  # too slow to fit: faster ones go on to MIN_RUNS
                continue
            watcher(where, unit if lane.variant is None else f"{unit}, variant {lane.variant}",
                    kept, expected[key])
            runner = rounds[lane.variant]
            runner.keep = not warming
            # Just before the unit, not counted in its times: its runs' "before".
            timing.calibration.append(calibrate(clocks.timer, clocks.cpu_timer, clocks.work))
            try:
                runner.unit(unit)
            except (KeyboardInterrupt, Terminated):
                raise
            except BaseException as error:  # the checking run passed, so this is rare: report it
                # A generator's parts run as one unit: blame the part that raised.
                blamed = (lane.variant, runner.step) if lane.mode == "in turn" else key
                errors[blamed] = f"while timing, {describe_error(error)}"
                todo.remove((lane, unit))
            took = clock() - start
            expected[key] = max(expected[key], took)
            fastest[key] = min(fastest.get(key, took), took)
            progress.beat()
        if len(lanes) > 1 and todo:  # each lane goes first in turn: no place is favoured
            first = todo[0][0]
            todo = [one for one in todo if one[0] is not first] + [
                one for one in todo if one[0] is first]
        if warming:
            warm_ups += 1
        else:
            kept += 1


LANE_REPEATS = 100
"""The most times a lane runs its units in one round (see _round_order)."""
LANE_SHARE = 0.25
"""What a faster lane's repeats may take of a round, against the slowest lane's time."""


def _round_order(todo: list[tuple[Lane, str]], expected: dict[tuple[str | None, str], float]
                 ) -> list[tuple[Lane, str]]:
    """One round: each lane's units in turn, a lane after another, a lane far faster than
    the slowest repeating its units for up to LANE_SHARE of the slowest lane's time (at
    most LANE_REPEATS times).

    Rounds are paced by the slowest lane, so a variant 20 times faster than the main
    implementation got only the main's few runs: 8-9 in 3 s at 30,000 hands of day 7,
    "rough", where its figure is the one the user came for. Repeating it in every round
    keeps the turns (a burst of load still falls on every lane alike), and the share
    keeps what it costs the main's own runs small (measured: see the closing note)."""
    lanes: dict[Lane, list[str]] = {}
    for lane, unit in todo:
        lanes.setdefault(lane, []).append(unit)
    seconds = {lane: sum(expected[(lane.variant, unit)] for unit in units)
               for lane, units in lanes.items()}
    slowest = max(seconds.values(), default=0.0)
    order = []
    for lane, units in lanes.items():
        repeats = 1 if seconds[lane] <= 0 else int(LANE_SHARE * slowest / seconds[lane])
        order += [(lane, unit) for _ in range(min(LANE_REPEATS, max(1, repeats)))
                  for unit in units]
    return order


def _checked_seconds(lane: Lane, check: DayResult) -> dict[tuple[str | None, str], float]:
    """Each unit's time in the checking run: the first estimate of how long it takes."""
    parse = check.parse_seconds or 0.0
    seconds = {part.part: part.seconds or 0.0 for part in check.parts}
    found: dict[tuple[str | None, str], float] = {}
    for unit in lane.units:
        if lane.mode == "parts":
            found[(lane.variant, unit)] = parse + seconds.get(int(unit.split()[-1]), 0.0)
        elif lane.mode == "in turn":
            found[(lane.variant, unit)] = parse + sum(seconds.get(p, 0.0) for p in lane.parts)
        elif lane.mode == "pair":
            found[(lane.variant, unit)] = parse + max(seconds.values(), default=0.0)
        else:
            found[(lane.variant, unit)] = parse
    return found


def _slowest_step(check: DayResult, timeout: float | None) -> float:
    """The checking run's slowest step (with its parse), timed or not: a part that timed
    out or failed there took its time too."""
    parse = check.parse_seconds or 0.0
    return parse + max((timeout or 0.0 if part.status is Status.TIMEOUT else part.seconds or 0.0
                        for part in check.parts), default=0.0)


def _from_check(step: str, check: DayResult) -> list[int]:
    """The checking run's time of `step`: its one sample when no timed run fitted."""
    if step == "parse":
        seconds = check.parse_seconds
    elif step == "parts 1+2":
        seconds = check.parts[0].seconds if check.parts else None
    else:
        seconds = next((p.seconds for p in check.parts if f"part {p.part}" == step), None)
    return [] if seconds is None else [round(seconds * 1e9)]


def _seconds(samples: list[int]) -> list[float]:
    return [ns / 1e9 for ns in samples]


def bench_input(
    solution_class: type[Solution[Any]], run_input: RunInput, title: str | None, budget: float,
    timeout: float | None = None, run: DayRunner | None = None, watcher: Watcher | None = None,
    variants: Sequence[type[Solution[Any]]] = (), clocks: Clocks = REAL,
) -> DayBench:
    """Check the day (and each of `variants` against it) on one input, then time each
    step that can be timed, all implementations together, within `budget` seconds from
    now by `clocks.clock` (see `Clocks`). The checking run is timed by `clocks.timer`
    too, unless `run` or a `timeout` (a child, on the real clock) says otherwise."""
    watcher = watcher or _no_watcher
    run = run or (Executor(timeout) if timeout else Executor(clock=clocks.timer))
    clock = clocks.clock
    clocks.settle()
    deadline = clock() + budget
    where = f"{solution_class.year} day {solution_class.day}" + (
        f" ({run_input.label})" if run_input.label else "")
    watcher(where, "checking the answers", 0, 0.0)
    check = run(solution_class, run_input, title)
    if check.error is not None or check.interrupted:
        return DayBench(check)  # Ctrl-C in the checking run: bench_days stops there
    checks = [(solution_class, check)]
    for variant in variants:
        watcher(where, f"checking variant {variant.variant}", 0, 0.0)
        found = run(variant, run_input, title)._replace(variant=variant.variant)
        if found.interrupted:
            return DayBench(check, variants=(found,))
        checks.append((variant, against_main(found, check)))
    timed = [(cls, one) for cls, one in checks if one.error is None]
    lanes = [lane_for(cls, one) for cls, one in timed]
    expected = {key: seconds for lane, (_, one) in zip(lanes, timed, strict=True)
                for key, seconds in _checked_seconds(lane, one).items()}
    grace = max(_slowest_step(one, timeout) for _, one in timed)
    warm_until = clock() + budget * WARM_UP_SHARE
    # A step long enough in any implementation has its CPU time recorded in all, so that
    # a variant is compared with the main by the same clock.
    long_steps = {step for lane, (_, one) in zip(lanes, timed, strict=True)
                  for step in lane.steps if (_from_check(step, one) or [0])[0] >= CPU_FROM * 1e9}
    cpu_steps = frozenset((lane.variant, step) for lane in lanes for step in lane.steps
                          if step in long_steps)
    task = partial(measure, lanes, run_input, expected, deadline, grace, warm_until, cpu_steps,
                   where, watcher, clocks=clocks)
    try:
        timing = task() if timeout is None else call_with_timeout(task, timeout)
    except (TimedOut, ChildFailed) as failure:
        reason = f"while timing, {failure}"
        timing = Timing({}, {(lane.variant, step): reason for lane in lanes
                             for step in lane.steps})
    speed = timing.speed
    steps = [step for lane, (_, one) in zip(lanes, timed, strict=True)
             for step in _steps(lane, one, timing, speed)]
    return DayBench(check, _versus_main(steps), tuple(one for _, one in checks[1:]), speed)


def _versus_main(steps: list[StepBench]) -> tuple[StepBench, ...]:
    """The steps, each variant's with its ratio to the main implementation's same step."""
    main = {step.step: step.stats for step in steps if step.variant is None}
    found = []
    for step in steps:
        theirs = main.get(step.step)
        if step.variant is not None and step.stats is not None and theirs is not None:
            step = replace(step, versus_main=ratio_to_main(step.stats, theirs))
        found.append(step)
    return tuple(found)


def _steps(lane: Lane, check: DayResult, timing: Timing, speed: Speed | None
           ) -> tuple[StepBench, ...]:
    """One implementation's steps, in order, each timed or saying why not, with its
    figures normalised by `speed`."""
    steps = []
    names = ["parse"]
    if lane.solution_class.solves_both_at_once() and not lane.solution_class.solves_in_turn():
        names.append("parts 1+2")
    else:
        names += [f"part {part.part}" for part in check.parts]
    failed = False
    for name in names:
        if name == "parse":
            parts: tuple[Any, ...] = ()
        elif name == "parts 1+2":
            parts = check.parts
        else:
            parts = tuple(p for p in check.parts if f"part {p.part}" == name)
        key = (lane.variant, name)
        if name not in lane.steps:
            steps.append(StepBench(name, parts=parts, variant=lane.variant))
            continue
        error = timing.errors.get(key)
        # After a yielding `solve` failed, its later parts never ran again: not timed.
        after_failure = failed and lane.mode == "in turn"
        found = timing.samples.get(key) or (
            [] if error or after_failure else _from_check(name, check))
        failed = failed or error is not None
        cpu, ready = timing.cpu.get(key), timing.ready.get(key)
        stats = Stats.of(_seconds(found), _seconds(cpu) if cpu else None,
                         _seconds(ready) if ready else None).at_speed(
            speed, timing.normalised(key, cpu) if cpu else None) if found else None
        steps.append(StepBench(name, stats, parts, error=error, variant=lane.variant))
    return tuple(steps)


def bench_days(
    request: RunRequest, budget: float = 1.0, timeout: float | None = None,
    watcher: Watcher | None = None, variants: bool = True, memory: bool = False,
    clocks: Clocks = REAL,
) -> BenchReport:
    """Bench every day asked for, on the inputs `aoc run` would use, with its variants
    unless `variants` is False; `budget` seconds a day by `clocks.clock`, shared between
    its inputs (and within an input, by all its implementations), and at most
    `clocks.max_runs` runs a step. With `memory`, each step's peak allocation too,
    measured after the timing (`with_peaks`)."""
    report = BenchReport(budget=budget)
    run = Executor(timeout)
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
                bench = bench_input(day.solution_class, one, day.title, share, timeout, run,
                                    watcher, others, clocks)
                if any(result.interrupted for result in (bench.result, *bench.variants)):
                    raise KeyboardInterrupt
                if memory:
                    classes = {cls.variant: cls for cls in (day.solution_class, *others)}
                    bench = with_peaks(bench, classes, one, timeout, report.notices)
                report.results.append(bench)
    except KeyboardInterrupt as stop:  # Ctrl-C, or SIGTERM/SIGHUP (errors.Terminated)
        # The input being timed has only part of its runs, some of them warm-up: left out.
        report.interrupted = True
        report.notices.append(f"Interrupted ({stop_name(stop)}){current}: the inputs benched "
                              "before it are shown; the rest did not run, and nothing is "
                              "saved or written.")
    report.notices += notes(report)
    return report


def with_peaks(bench: DayBench, classes: dict[str | None, type[Solution[Any]]],
               run_input: RunInput, timeout: float | None, notices: list[str]) -> DayBench:
    """`bench` with each step's peak allocation (`StepBench.peak_memory`), for the main
    implementation and each variant in `classes` (by variant name), measured after the
    timing (runner.peaks_of); a step not measured is said in `notices`."""
    peaks: dict[str | None, Peaks] = {}
    for result in (bench.result, *bench.variants):
        cls = classes.get(result.variant)
        if cls is None or result.error is not None:
            continue
        found, notice = peaks_of(cls, run_input, result, timeout)
        peaks[result.variant] = found
        if notice:
            notices.append(notice)
    steps = tuple(replace(step, peak_memory=peaks.get(step.variant, {}).get(step.step))
                  for step in bench.steps)
    return replace(bench, steps=steps)


def notes(report: BenchReport) -> list[str]:
    """Sentences about how far to trust the figures: too few runs, a busy machine, or one
    whose speed swung."""
    found = []
    for bench in report.results:
        result = bench.result
        where = f"{result.year} day {result.day}" + (f" ({result.label})" if result.label else "")
        rough = [f"{_named(step)} ({step.stats.runs})" for step in bench.steps
                 if step.stats is not None and step.stats.rough]
        failed = [step.step for step in bench.steps if step.error]
        if rough and failed:
            found.append(f"{where}: only {', '.join(rough)} run(s) were timed "
                         f"({' and '.join(failed)} failed while being timed), so the spread is "
                         "rough.")
        elif rough:
            found.append(f"{where}: only {', '.join(rough)} run(s) fitted the budget, so the "
                         "spread is rough (--budget gives more).")
        busy = [f"{_named(step)} ({(step.stats.median / step.stats.minimum - 1) * 100:.0f}%)"
                for step in bench.steps if step.stats is not None and step.stats.busy]
        if busy:
            found.append(f"{where}: the median is far above the minimum in {', '.join(busy)}: "
                         "the machine was busy, so the spread comes from it, not from the "
                         "solution; the minimum still holds.")
        speed = bench.speed
        if speed is not None and speed.swung:
            found.append(f"{where}: the machine's speed swung while timing (the calibration "
                         f"workload's best time moved {speed.swing:.2f}-fold between quarters of "
                         "the timing), so its figures compare less well than usual with others.")
    return found


def _named(step: StepBench) -> str:
    """The step as a sentence names it: "part 1", or "part 1 of variant fast"."""
    return step.step if step.variant is None else f"{step.step} of variant {step.variant}"
