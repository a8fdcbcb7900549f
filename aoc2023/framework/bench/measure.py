"""Measuring for `aoc bench`: how fast a day really is, from many runs rather than one.

Each step (parse, part 1, part 2) runs again and again after a warm-up, for its
share of the time budget (at least MIN_RUNS and at most MAX_RUNS times), and is
summed up by the median, the minimum and the interquartile range (the spread of
the middle half of the runs). Every run is timed on its own with perf_counter_ns.
Each part run gets a fresh instance of the day's class and a fresh parse, so a part
cannot speed up its next run by changing its input; those parses are the parse's
own samples.

Before timing, each input is run once as `aoc run` runs it: that checks the answers
and finds which parts can be timed at all (not those that fail or are not written).
With a time limit, that run and the timing both happen in a child process (see
timeouts.py), which times the runs itself.
"""

from __future__ import annotations

import gc
from functools import partial
from time import perf_counter_ns
from typing import Any

from aoc2023.framework.errors import ChildFailed, TimedOut
from aoc2023.framework.inputs import RunInput, RunRequest, days_to_run
from aoc2023.framework.results import BenchReport, DayBench, DayResult, Stats, Status, StepBench
from aoc2023.framework.runner import DayRunner, describe_error
from aoc2023.framework.solution import Solution
from aoc2023.framework.timeouts import NO_WATCH, Progress, call_with_timeout, day_runner

MIN_RUNS = 10
MAX_RUNS = 100_000
WARM_UP_SHARE = 0.1
"""The part of each step's budget spent running it untimed first."""

_TIMEABLE = frozenset({Status.CORRECT, Status.WRONG, Status.UNKNOWN})

BOTH = 0
"""The "part" that stands for `solve`, both parts at once."""


def measure(
    solution_class: type[Solution[Any]], run_input: RunInput, part: int | None, budget: float,
    progress: Progress = NO_WATCH,
) -> tuple[list[int], list[int]]:
    """Times in ns of the parse and of `part` run on it (1, 2, or BOTH for `solve`; None
    times the parse alone), over as many runs as fit `budget` seconds after a warm-up."""
    clock = perf_counter_ns
    text, extra = run_input.text, run_input.extra

    def once() -> tuple[int, int]:
        solution = solution_class(extra=extra)
        start = clock()
        data = solution.parse(text)
        parse_ns = clock() - start
        progress.beat()
        if part is None:
            return parse_ns, 0
        step = solution.part_1 if part == 1 else solution.part_2 if part == 2 else solution.solve
        start = clock()
        step(data)
        part_ns = clock() - start
        progress.beat()
        return parse_ns, part_ns

    warm_until = clock() + budget * WARM_UP_SHARE * 1e9
    runs = 0
    while runs < MAX_RUNS:
        once()
        runs += 1
        if clock() >= warm_until:
            break
    parse_times: list[int] = []
    part_times: list[int] = []
    until = clock() + budget * (1 - WARM_UP_SHARE) * 1e9
    while len(parse_times) < MAX_RUNS and (len(parse_times) < MIN_RUNS or clock() < until):
        parse_ns, part_ns = once()
        parse_times.append(parse_ns)
        if part is not None:
            part_times.append(part_ns)
    return parse_times, part_times


def _seconds(samples: list[int]) -> list[float]:
    return [ns / 1e9 for ns in samples]


def _measure(
    solution_class: type[Solution[Any]], run_input: RunInput, part: int | None, budget: float,
    timeout: float | None,
) -> tuple[list[int], list[int]]:
    gc.collect()  # start each step with no garbage of the one before to collect
    if timeout is None:
        return measure(solution_class, run_input, part, budget)
    return call_with_timeout(partial(measure, solution_class, run_input, part, budget), timeout)


def bench_input(
    solution_class: type[Solution[Any]], run_input: RunInput, title: str | None, budget: float,
    timeout: float | None = None, run: DayRunner | None = None,
) -> DayBench:
    """Check the day on one input, then time each step that can be timed."""
    check = (run or day_runner(timeout))(solution_class, run_input, title)
    if check.error is not None:
        return DayBench(check)
    together = solution_class.solves_both_at_once()
    timeable = [part for part in check.parts if part.status in _TIMEABLE]
    phases: list[int | None]
    if together:
        phases = [BOTH] if timeable and len(timeable) == len(check.parts) else [None]
    else:
        phases = [part.part for part in timeable] or [None]
    share = budget / len(phases)

    parse_samples: list[int] = []
    steps: dict[int, StepBench] = {}
    parse_error: str | None = None
    for phase in phases:
        name = "parse" if phase is None else "parts 1+2" if phase == BOTH else f"part {phase}"
        parts = check.parts if phase == BOTH else tuple(p for p in check.parts if p.part == phase)
        try:
            parse_ns, part_ns = _measure(solution_class, run_input, phase, share, timeout)
        except (TimedOut, ChildFailed) as failure:
            reason = f"while timing, {failure}"
        except Exception as error:
            reason = f"while timing, {describe_error(error)}"
        else:
            parse_samples += parse_ns
            if phase is not None:
                steps[phase] = StepBench(name, Stats.of(_seconds(part_ns)), parts)
            continue
        if phase is None:
            parse_error = reason
        else:
            steps[phase] = StepBench(name, parts=parts, error=reason)

    parse = StepBench("parse", Stats.of(_seconds(parse_samples)) if parse_samples else None,
                      error=parse_error)
    ordered = [parse]
    if together:
        ordered += [steps.get(BOTH) or StepBench("parts 1+2", parts=check.parts)]
    else:
        ordered += [steps.get(p.part) or StepBench(f"part {p.part}", parts=(p,))
                    for p in check.parts]
    return DayBench(check, tuple(ordered))


def bench_days(
    request: RunRequest, budget: float = 1.0, timeout: float | None = None
) -> BenchReport:
    """Bench every day asked for, on the inputs `aoc run` would use; `budget` seconds a
    day, shared between its inputs and its parts."""
    report = BenchReport(budget=budget)
    run = day_runner(timeout)
    for day in days_to_run(request, report.notices):
        if isinstance(day, DayResult):
            report.results.append(DayBench(day))
            continue
        share = budget / len(day.runs)
        for one in day.runs:
            report.results.append(
                bench_input(day.solution_class, one, day.title, share, timeout, run))
    return report
