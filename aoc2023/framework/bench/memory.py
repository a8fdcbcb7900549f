"""`--memory` of `aoc run` and `aoc bench`: each step's peak allocation, by tracemalloc.

Tracing every allocation slows Python several times over, so the peaks come from a run
of their own, after the timed ones: no figure of time is ever taken under tracing. The
run is the runner's: parse, then each part on a fresh parse (the parse's allocations
are not the part's), or a `solve` that yields, part after part, or one that returns
both ("parts 1+2"). A step's peak is the most memory allocated at once while it ran,
above what was allocated when it started: what the step itself needed, the objects it
returned included. A step that raises has no figure (its error is the checking run's
to report).

Under `--timeout` the run happens in a child process, as the timed ones do, stopped
after the limit without news: the steps measured before keep their peaks, the step
stopped is None (shown ⧖), and a notice says so, the run's exit code then 2 as for any
timeout (`CouldNotRun`).
"""

from __future__ import annotations

import tracemalloc
from collections.abc import Callable, Generator, Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import partial
from typing import Any, cast

from aoc2023.framework.bench.figures import DayBench
from aoc2023.framework.errors import ChildFailed, Interrupted, Terminated, TimedOut, signal_of
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import CouldNotRun, DayResult, Status
from aoc2023.framework.runner import DayRunner
from aoc2023.framework.solution import Solution
from aoc2023.framework.timeouts import NO_WATCH, Progress, call_with_timeout

Peaks = dict[str, int | None]
"""Peak bytes by step ("parse", "part 1", "part 2" or "parts 1+2"); None for the step a
measuring run under `--timeout` was stopped in (shown ⧖)."""

_SOLVED = frozenset({Status.CORRECT, Status.WRONG, Status.UNKNOWN})


class _Tracer:
    """Measures steps one after another under one tracemalloc session."""

    def __init__(self, peaks: dict[str, int], progress: Progress) -> None:
        self.peaks = peaks
        self.progress = progress

    def step(self, name: str, call: Callable[[], Any]) -> Any:
        """`call()`, its peak recorded under `name`; an exception passes through."""
        tracemalloc.reset_peak()
        start = tracemalloc.get_traced_memory()[0]
        value = call()
        peak = self.peaks[name] = max(0, tracemalloc.get_traced_memory()[1] - start)
        self.progress.report(f"{_PEAK}{name}", peak)  # kept by the parent if stopped later
        return value


_PEAK = "peak "
"""The label a step's peak is reported under from a child (`Progress.report`)."""


@contextmanager
def _tracing() -> Iterator[None]:
    started = not tracemalloc.is_tracing()
    if started:
        tracemalloc.start()
    try:
        yield
    finally:
        if started:
            tracemalloc.stop()


def step_peaks(solution_class: type[Solution[Any]], run_input: RunInput,
               parts: tuple[int, ...], progress: Progress = NO_WATCH) -> dict[str, int]:
    """Each step's peak allocation in bytes, for the parse and the `parts` that the
    checking run solved (see the module docstring)."""
    peaks: dict[str, int] = {}
    tracer = _Tracer(peaks, progress)
    text = run_input.text
    with _tracing():
        try:
            solution = solution_class(extra=run_input.extra)
            data = tracer.step("parse", partial(solution.parse, text))
            if not parts:
                return peaks
            if solution_class.solves_in_turn():
                answers = cast(Generator[Any, None, None], solution.solve(data))
                try:
                    for part in range(1, max(parts) + 1):
                        tracer.step(f"part {part}", partial(next, answers))
                finally:
                    answers.close()
            elif solution_class.solves_both_at_once():
                tracer.step("parts 1+2", partial(solution.solve, data))
            else:
                for part in parts:
                    del data  # one parsed input alive at a time, as in the runner
                    solution = solution_class(extra=run_input.extra)
                    data = solution.parse(text)
                    method = solution.part_1 if part == 1 else solution.part_2
                    tracer.step(f"part {part}", partial(method, data))
        except (KeyboardInterrupt, Terminated):
            raise
        except BaseException:  # the checking run reports the error; the steps before it stand
            pass
    return peaks


def solved_parts(result: DayResult) -> tuple[int, ...]:
    """The parts a run solved (right, wrong or unknown): the ones worth measuring."""
    return tuple(part.part for part in result.parts if part.status in _SOLVED)


def peaks_of(solution_class: type[Solution[Any]], run_input: RunInput, result: DayResult,
             timeout: float | None) -> tuple[Peaks, str | None]:
    """The peaks of the steps `result` (the checking run) solved, and a sentence when
    some could not be measured; under `timeout`, measured in a child process."""
    if result.error is not None and result.parse_seconds is None:
        return {}, None
    parts = solved_parts(result)
    task = partial(step_peaks, solution_class, run_input, parts)
    if timeout is None:
        return dict(task()), None
    reports: dict[str, object] = {}
    try:
        return dict(call_with_timeout(task, timeout, reports)), None
    except (TimedOut, ChildFailed) as failure:
        where = f"{solution_class.year} day {solution_class.day}" + (
            f", variant {solution_class.variant}" if solution_class.variant else "")
        # The steps measured before the child was stopped keep their peaks.
        peaks: Peaks = {label.removeprefix(_PEAK): cast(int, peak)
                        for label, peak in reports.items() if label.startswith(_PEAK)}
        stopped = next((step for step in _steps(solution_class, parts) if step not in peaks),
                       None)
        if not isinstance(failure, TimedOut) or stopped is None:
            return peaks, f"{where}: memory not measured: {failure}."
        peaks[stopped] = None
        # A step stopped by --timeout is a timeout, as in the timed run: exit 2.
        return peaks, CouldNotRun(f"{where}: memory not measured: {stopped} {failure}.")


def _steps(solution_class: type[Solution[Any]], parts: tuple[int, ...]) -> list[str]:
    """The steps `step_peaks` measures, in order."""
    if not parts:
        return ["parse"]
    if solution_class.solves_in_turn():
        return ["parse", *(f"part {part}" for part in range(1, max(parts) + 1))]
    if solution_class.solves_both_at_once():
        return ["parse", "parts 1+2"]
    return ["parse", *(f"part {part}" for part in parts)]


def measuring_runner(run: DayRunner, timeout: float | None, notices: list[str]) -> DayRunner:
    """`run`, each result then given its steps' peaks (`DayResult.peak_memory`), measured
    apart from the timed run; a step not measured is said in `notices`. Ctrl-C while
    measuring raises `Interrupted` with the result of the run before it, which finished."""
    def measured(cls: type[Solution[Any]], run_input: RunInput, title: str | None
                 ) -> DayResult:
        result = run(cls, run_input, title)
        try:
            peaks, notice = peaks_of(cls, run_input, result, timeout)
        except KeyboardInterrupt as stop:
            raise Interrupted(result, signal_of(stop)) from None
        if notice:
            notices.append(notice)
        return result._replace(peak_memory=peaks)

    return measured


def with_peaks(bench: DayBench, classes: dict[str | None, type[Solution[Any]]],
               run_input: RunInput, timeout: float | None, notices: list[str]) -> DayBench:
    """`bench` with each step's peak allocation (`StepBench.peak_memory`), for the main
    implementation and each variant in `classes` (by variant name), measured after the
    timing."""
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
