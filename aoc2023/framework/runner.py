"""The executor: runs a day's steps (parse, part 1, part 2; or `solve`), each timed on its
own, in this process or, with a time limit, in a child (timeouts.py). It prints nothing
and raises nothing a day can cause: every outcome comes back as data (results.py)."""

from __future__ import annotations

import inspect
import os
import traceback
from collections.abc import Callable, Iterable, Sequence
from contextlib import closing
from dataclasses import dataclass, replace
from functools import partial
from time import perf_counter_ns
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from aoc2023.framework import answers
from aoc2023.framework.errors import (
    ChildFailed,
    Interrupted,
    TimedOut,
    describe_error,
    quoted,
    signal_of,
    stop_name,
)
from aoc2023.framework.inputs import DayInputs, RunInput
from aoc2023.framework.registry import recursion_limit_kept
from aoc2023.framework.results import CouldNotRun, DayResult, OnStep, PartResult, RunReport, Status
from aoc2023.framework.solution import Solution, day_steps, parsed_anew, steps_of

if TYPE_CHECKING:
    from aoc2023.framework.instruments import Profiler, RawStats, Tracer
    from aoc2023.framework.timeouts import Progress

DayRunner = Callable[[type[Solution[Any]], RunInput, str | None], DayResult]
"""Runs one day on one input: an `Executor`, or `run_solution` itself."""


class _Outcome(NamedTuple):  # not a dataclass: benchmarks/README.md, startup_tricks.py
    value: Any = None
    seconds: float = 0.0
    error: BaseException | None = None
    traceback: str | None = None


Clock = Callable[[], int]
"""What steps are timed by: nanoseconds, as `time.perf_counter_ns` counts them."""


class _Timer:
    """Times each step of one day on `clock`, under `instruments` (told as each step starts
    and stops, or fails: `start(step)`, `stop(step, failed=...)`), keeping a Ctrl-C."""

    def __init__(self, clock: Clock, instruments: Sequence[Profiler | Tracer] = ()) -> None:
        self.clock = clock
        self.instruments = instruments
        self.stop: BaseException | None = None

    def __call__(self, step: str, function: Callable[[], Any]) -> _Outcome:
        """`function()`, named `step` to the instruments."""
        pid = os.getpid()
        error: BaseException | None = None
        start = self.clock()
        try:
            with recursion_limit_kept():
                value = self._instrumented(step, function) if self.instruments else function()
        except BaseException as caught:  # sys.exit() too; Ctrl-C then stops the run
            error = caught
        if os.getpid() != pid:  # a copy of this process the part forked: end it here,
            os._exit(0)  # before it runs the rest of `aoc`
        seconds = (self.clock() - start) / 1e9
        if error is None:
            return _Outcome(value=value, seconds=seconds)
        if isinstance(error, KeyboardInterrupt):
            self.stop = error
        trace = "".join(traceback.format_exception(error))
        return _Outcome(seconds=seconds, error=error, traceback=trace)

    def _instrumented(self, step: str, function: Callable[[], Any]) -> Any:
        for instrument in self.instruments:
            instrument.start(step)
        failed = True
        try:
            value = function()
            failed = False
            return value
        finally:  # stopped before the framework's own work goes on
            for instrument in reversed(self.instruments):
                instrument.stop(step, failed=failed)


def _not_written(error: BaseException | None, method: Callable[..., Any]) -> bool:
    """Whether `error` is a NotImplementedError raised by `method` itself (or one it
    overrides), as a stub does: raised by code it calls, it is an error."""
    if not isinstance(error, NotImplementedError) or error.__traceback__ is None:
        return False
    *_, (innermost, _) = traceback.walk_tb(error.__traceback__)
    name = getattr(method, "__name__", "")
    codes = {
        getattr(inspect.unwrap(vars(cls)[name]), "__code__", None)
        for cls in type(getattr(method, "__self__", None)).__mro__  # its owner's class and bases
        if callable(vars(cls).get(name))
    }
    return innermost.f_code in codes


def _judge(
    part: int, outcome: _Outcome, expected: str | None, *, shared: bool, method: Callable[..., Any]
) -> PartResult:
    failed = PartResult(  # an error until the answer is judged
        part, Status.ERROR, expected=expected, seconds=outcome.seconds, timed_with_other_part=shared
    )
    if _not_written(outcome.error, method):
        return failed._replace(status=Status.NOT_IMPLEMENTED)
    if isinstance(outcome.error, KeyboardInterrupt):
        return failed._replace(status=Status.INTERRUPTED, error=describe_error(outcome.error))
    if outcome.error is not None:
        return failed._replace(error=describe_error(outcome.error), traceback=outcome.traceback)
    if outcome.value is None:
        return failed._replace(error="returned None: a part must return its answer")
    try:
        answer = answers.answer_text(outcome.value)
    except (TypeError, ValueError) as error:  # ValueError: an int too long to print
        return failed._replace(error=str(error))
    verdict = answers.judged(answer, expected)
    status = {True: Status.CORRECT, False: Status.WRONG, None: Status.UNKNOWN}[verdict.matches]
    judged = failed._replace(answer=verdict.answer, drawing=verdict.drawing)
    if verdict.matches is None and expected is not None:  # neither right nor wrong
        return judged._replace(
            error=(
                f"cannot judge: the drawing does not read as letters, and the expected "
                f"{quoted(expected)} is not a drawing: give the expected drawing itself"
            )
        )
    return judged._replace(status=status)


def run_solution(
    solution_class: type[Solution[Any]],
    run_input: RunInput,
    title: str | None = None,
    report: Callable[[str, object], object] | None = None,
    clock: Clock = perf_counter_ns,
    on_step: OnStep | None = None,
    instruments: Sequence[Profiler | Tracer] = (),
) -> DayResult:
    """Parse and solve `run_input`, each part on its own fresh parse (one alive at a time),
    so a part that mutates its input cannot change the other's; Ctrl-C raises `Interrupted`
    with the result so far. `report` is told "parsed" and each "part N" a `solve` yields,
    `on_step` each part's start; each step is timed on `clock`, under `instruments`."""
    timed = _Timer(clock, instruments)

    def finished(**fields: Any) -> DayResult:
        if (result := _day_result(solution_class, run_input, title, **fields)).interrupted:
            raise Interrupted(result, signal_of(timed.stop))
        return result

    fresh = partial(parsed_anew, solution_class, run_input.text, run_input.extra)
    expected = run_input.expected
    parsed = timed("parse", fresh)
    parse_seconds = parsed.seconds
    if parsed.error is not None:  # a failed parse has no parse time
        parts = tuple(_not_run(p, expected.get(p), "parse", parsed.error) for p in run_input.parts)
        why = f"parse failed: {describe_error(parsed.error)}"
        return finished(parts=parts, error=why, traceback=parsed.traceback)
    if report is not None:
        report("parsed", parse_seconds)
    solution = parsed.value[0]
    if solution_class.solves_in_turn():
        parts = _solve_in_turn(solution, parsed.value[1], run_input, timed, report, on_step)
        return finished(parse_seconds=parse_seconds, parts=parts)
    if solution_class.solves_both_at_once() and run_input.parts:  # none: the parse alone (--memory)
        pair = _pair_of(timed("parts 1+2", partial(solution.solve, parsed.value[1])))
        results = tuple(
            _judge(p, pair[p - 1], expected.get(p), shared=True, method=solution.solve)
            for p in run_input.parts
        )
        return finished(parse_seconds=parse_seconds, parts=results)

    results_list: list[PartResult] = []
    for index, part in enumerate(run_input.parts):
        if on_step is not None:
            on_step(solution_class.year, solution_class.day, part)
        if index:  # each part its own instance and its own parse, as under --timeout
            parsed = timed("parse", fresh)
        unparsed = parsed.error is not None
        solution = solution if unparsed else parsed.value[0]
        method = solution.part_1 if part == 1 else solution.part_2
        outcome = parsed if unparsed else timed(f"part {part}", partial(method, parsed.value[1]))
        parsed = _Outcome()  # let go before the next parse
        judged = _judge(part, outcome, expected.get(part), shared=False, method=method)
        results_list.append(judged._replace(seconds=None) if unparsed else judged)
        if isinstance(outcome.error, KeyboardInterrupt):  # Ctrl-C: the parts after it do not run
            later = run_input.parts[index + 1 :]
            results_list += [_not_run(p, expected.get(p), "the run", outcome.error) for p in later]
            break
    return finished(parse_seconds=parse_seconds, parts=tuple(results_list))


def _day_result(
    solution_class: type[Solution[Any]], run_input: RunInput, title: str | None, **fields: Any
) -> DayResult:
    return DayResult(
        solution_class.year,
        solution_class.day,
        title,
        run_input.source,
        run_input.label,
        variant=solution_class.variant,
        account=run_input.account,
        **fields,
    )


def _pair_of(both: _Outcome) -> tuple[_Outcome, _Outcome]:
    """Each part's outcome from that of a `solve` that returns the pair, else its error."""
    value = both.value
    if both.error is not None:
        return both, both
    if isinstance(value, tuple | list) and len(value) == 2:
        return both._replace(value=value[0]), both._replace(value=value[1])
    shape = "None" if value is None else f"a {type(value).__name__}"
    if isinstance(value, tuple | list):
        shape += f" of {len(value)}"
    wrong = TypeError(
        f"solve() returned {shape}, not a pair: return (part 1's answer, part 2's), or "
        "yield part 1's answer, then part 2's"
    )
    return (_Outcome(seconds=both.seconds, error=wrong),) * 2


def _not_run(part: int, expected: str | None, what: str, cause: BaseException | None) -> PartResult:
    """A part not run because `what` (the parse, part 1...) failed or was interrupted."""
    if isinstance(cause, KeyboardInterrupt):
        status, why = Status.INTERRUPTED, f"interrupted ({stop_name(cause)})"
    else:
        status, why = Status.ERROR, f"{what} failed"
    return PartResult(part, status, expected=expected, error=f"not run: {why}")


def _solve_in_turn(
    solution: Solution[Any],
    data: Any,
    run_input: RunInput,
    timed: _Timer,
    report: Callable[[str, object], object] | None = None,
    on_step: OnStep | None = None,
) -> tuple[PartResult, ...]:
    """Run a `solve` that yields each part's answer, each timed from the previous yield,
    no further than the last part asked for; each part judged and reported as yielded."""
    results: dict[int, PartResult] = {}
    expected, judge = run_input.expected, partial(_judge, shared=False, method=solution.solve)
    with closing(day_steps(solution, data, run_input.parts)) as steps:
        for part, (step, function, answers) in enumerate(steps, 1):
            if on_step is not None:
                on_step(type(solution).year, type(solution).day, part)
            outcome = timed(step, partial(function, answers))
            if isinstance(outcome.error, StopIteration):
                stopped = TypeError(f"solve() stopped before it yielded part {part}'s answer")
                outcome = _Outcome(seconds=outcome.seconds, error=stopped)
            results[part] = judge(part, outcome, expected.get(part))
            if report is not None:
                report(step, results[part])
            if outcome.error is not None:  # the generator cannot go on
                for later in range(part + 1, 3):
                    results[later] = _not_run(later, expected.get(later), step, outcome.error)
                break
            if part == 2:  # a third answer is an error; the tail is profiled, not re-measured
                after = timed(step, partial(next, answers))
                third = after.error or TypeError(
                    "solve() yielded more than two answers: yield part 1's answer, then part 2's"
                )
                if not isinstance(third, StopIteration):
                    late = _Outcome(seconds=outcome.seconds, error=third, traceback=after.traceback)
                    results[2] = judge(2, late, expected.get(2))
    return tuple(results[part] for part in run_input.parts)


def against_main(variant: DayResult, main: DayResult) -> DayResult:
    """A variant's result, each answer differing from the main's an error naming both."""
    answers = {part.part: part.answer for part in main.parts if part.answer is not None}
    parts = []
    for part in variant.parts:
        theirs = answers.get(part.part)
        if part.answer is not None and theirs not in (None, part.answer):
            known = f" (the known answer is {part.expected})" if part.expected else ""
            error = (
                f"variant {variant.variant!r} gave {part.answer}, but the main implementation "
                f"gave {theirs}{known}"
            )
            part = part._replace(status=Status.ERROR, error=error)
        parts.append(part)
    return variant._replace(parts=tuple(parts))


def tuned_to_one_input(results: Iterable[DayResult]) -> list[str]:
    """A sentence for each part right on one account's input and wrong on another's."""
    right: dict[tuple[int, int, int], list[str]] = {}
    wrong: dict[tuple[int, int, int], list[str]] = {}
    for result in results:
        if result.account is None or result.variant is not None:
            continue
        for part in result.parts:
            key = (result.year, result.day, part.part)
            if part.status is Status.CORRECT:
                right.setdefault(key, []).append(result.account)
            elif part.status is Status.WRONG:
                known = "which the site said is wrong"
                if part.expected is not None:
                    known = f"the right answer is {part.expected}"
                wrong.setdefault(key, []).append(f"{result.account} (gave {part.answer}, {known})")
    return [
        f"{year} day {day} part {part} is right for {', '.join(right[year, day, part])} "
        f"but wrong for {', '.join(failed)}: the solution may be tuned to one input."
        for (year, day, part), failed in sorted(wrong.items())
        if (year, day, part) in right
    ]


def run_days(
    days: Iterable[DayInputs | DayResult],
    run: DayRunner = run_solution,
    on_result: Callable[[DayResult], object] | None = None,
    report: RunReport | None = None,
    on_step: OnStep | None = None,
) -> RunReport:
    """Run each day of `days` (`inputs.days_to_run`'s, read lazily) into `report`;
    `on_result` told of each result, `on_step` of each day's start. Ctrl-C stops the run,
    keeping what finished; the day it stopped is not given to `on_result` (which sends)."""
    report = RunReport() if report is None else report
    current: tuple[int, int] | None = None

    def keep(result: DayResult) -> None:
        report.results.append(result)
        if on_result is not None:
            on_result(result)

    try:
        for day in days:
            if isinstance(day, DayResult):
                keep(day)
                continue
            current = (day.solution_class.year, day.solution_class.day)
            for one in day.runs:
                if on_step is not None:
                    on_step(*current, None)
                main = run(day.solution_class, one, day.title)
                keep(main)
                for variant in day.variants:  # each checked against the main implementation
                    found = run(variant, one, day.title)._replace(variant=variant.variant)
                    keep(against_main(found, main))
    except KeyboardInterrupt as stop:
        if isinstance(stop, Interrupted) and stop.result is not None:
            report.results.append(stop.result)
        report.interrupted = True
        where = f" during {current[0]} day {current[1]}" if current else ""
        report.notices.append(
            f"Interrupted ({stop_name(stop)}){where}: what finished is "
            "shown; the rest did not run, and nothing is sent after it."
        )
    return report


@dataclass(frozen=True)
class Executor:
    """How `aoc run` and `aoc bench` run a day on one input, from their options: `timeout`
    (each part in a child), `profiler`, `memory` (its notices; peaks from a run after
    the timed one), `on_step`, then `then(result, run_input)`, the caller's policy."""

    timeout: float | None = None
    profiler: Profiler | None = None
    memory: list[str] | None = None
    on_step: OnStep | None = None
    then: Callable[[DayResult, RunInput], DayResult] | None = None
    clock: Clock = perf_counter_ns

    def __call__(
        self, solution_class: type[Solution[Any]], run_input: RunInput, title: str | None = None
    ) -> DayResult:
        if self.timeout is not None:
            result = _in_children(self, solution_class, run_input, title, self.timeout)
        else:
            result = run_solution(
                solution_class,
                run_input,
                title,
                clock=self.clock,
                on_step=self.on_step,
                instruments=() if self.profiler is None else (self.profiler,),
            )
        if self.memory is not None:
            try:
                peaks = peaks_of(solution_class, run_input, result, self.timeout, self.memory)
            except KeyboardInterrupt as stop:  # the timed run finished: it is kept
                raise Interrupted(result, signal_of(stop)) from None
            result = result._replace(peak_memory=peaks)
        return result if self.then is None else self.then(result, run_input)


def _in_child(
    solution_class: type[Solution[Any]],
    run_input: RunInput,
    title: str | None,
    progress: Progress,
    *,
    clock: Clock,
    profile: bool,
) -> tuple[DayResult, RawStats | None]:
    """The child's run: `run_solution`, its reports sent up; the profile's figures back."""
    from aoc2023.framework.instruments import Profiler

    profilers = (Profiler(),) if profile else ()
    result = run_solution(
        solution_class, run_input, title, progress.report, clock, instruments=profilers
    )
    return result, profilers[0].raw() if profilers else None


def _in_children(
    executor: Executor,
    solution_class: type[Solution[Any]],
    run_input: RunInput,
    title: str | None,
    timeout: float,
) -> DayResult:
    """`run_solution` with each part and its parse in a child stopped after `timeout`
    seconds without news (one child for `solve`), timed in the child; parts reported
    before a late one are kept. Ctrl-C raises `Interrupted` as `run_solution` does."""
    from aoc2023.framework.timeouts import call_with_timeout

    profiler, on_step, expected = executor.profiler, executor.on_step, run_input.expected
    together = solution_class.solves_both_at_once()  # one child: the parts share their work
    shared_time = together and not solution_class.solves_in_turn()
    groups = [run_input.parts] if together else [(part,) for part in run_input.parts]
    day = _day_result(solution_class, run_input, title)  # what the children gave so far
    in_child = partial(_in_child, clock=executor.clock, profile=profiler is not None)

    def unfinished(left: tuple[int, ...], status: Status, reason: str) -> tuple[PartResult, ...]:
        """`day`'s parts, then each of `left` as this group's child reported it, else `status`."""
        unrun = partial(PartResult, status=status, error=reason, timed_with_other_part=shared_time)
        return day.parts + tuple(
            cast(PartResult, reports.get(f"part {p}") or unrun(p, expected=expected.get(p)))
            for p in left
        )

    for index, group in enumerate(groups):
        if on_step is not None:  # each child is one part, or both parts at once
            on_step(solution_class.year, solution_class.day, group[0] if len(group) == 1 else None)
        task = partial(in_child, solution_class, replace(run_input, parts=group), title)
        reports: dict[str, object] = {}  # a TimedOut's reports too
        try:
            result, raw = call_with_timeout(task, timeout, reports)
        except (KeyboardInterrupt, TimedOut) as stop:
            left = run_input.parts[index:]  # this group's parts and the later groups'
            if day.parse_seconds is None:
                day = day._replace(parse_seconds=cast("float | None", reports.get("parsed")))
            if isinstance(stop, KeyboardInterrupt):
                parts = unfinished(left, Status.INTERRUPTED, describe_error(stop))
                raise Interrupted(day._replace(parts=parts), signal_of(stop)) from None
            if "parsed" not in reports:  # the parse itself ran out of time: no part can run
                error = f"parse timed out: stopped after {timeout:g} s (--timeout)"
                parts = unfinished(left, Status.TIMEOUT, "not run: parse timed out")
                day = day._replace(error=error, parts=parts)
                break
            day = day._replace(parts=unfinished(group, Status.TIMEOUT, str(stop)))
        except ChildFailed as failure:
            why, trace = str(failure), failure.child_traceback
            failed = (
                PartResult(p, Status.ERROR, expected=expected.get(p), error=why, traceback=trace)
                for p in group
            )
            day = day._replace(parts=day.parts + tuple(failed))
        else:
            if profiler is not None and raw is not None:
                profiler.add(raw)
            if day.error is None and result.error is not None:
                day = day._replace(error=result.error, traceback=result.traceback)
            parse_seconds = result.parse_seconds if day.parse_seconds is None else day.parse_seconds
            day = day._replace(parse_seconds=parse_seconds, parts=day.parts + result.parts)
    return day


def step_peaks(
    solution_class: type[Solution[Any]],
    run_input: RunInput,
    parts: tuple[int, ...],
    progress: Progress | None = None,
) -> dict[str, int]:
    """`--memory`: each step's peak allocation in bytes, for the parse and `parts`, from
    a run of their own under tracemalloc (too slow to time); none for a step that raises."""
    from aoc2023.framework.instruments import Tracer
    from aoc2023.framework.timeouts import NO_WATCH

    with Tracer(progress or NO_WATCH) as tracer:
        run_solution(solution_class, replace(run_input, parts=parts), instruments=(tracer,))
    return tracer.peaks


def solved_parts(result: DayResult) -> tuple[int, ...]:
    """The parts a run solved (right, wrong or unknown): the ones worth measuring."""
    solved = {Status.CORRECT, Status.WRONG, Status.UNKNOWN}
    return tuple(part.part for part in result.parts if part.status in solved)


def peaks_of(
    solution_class: type[Solution[Any]],
    run_input: RunInput,
    result: DayResult,
    timeout: float | None,
    notices: list[str],
) -> dict[str, int | None]:
    """The peaks in bytes of the steps `result` solved, a sentence in `notices` for those not
    measured (under `timeout`, in a child: the stopped step None, the sentence a `CouldNotRun`)."""
    if result.error is not None and result.parse_seconds is None:
        return {}
    parts = solved_parts(result)
    task = partial(step_peaks, solution_class, run_input, parts)
    if timeout is None:
        return dict(task())
    from aoc2023.framework.results import day_place
    from aoc2023.framework.timeouts import call_with_timeout

    peaks: dict[str, Any] = {}  # the child's only reports: each step's peak as it is measured
    try:
        return dict(call_with_timeout(task, timeout, peaks))
    except (TimedOut, ChildFailed) as failure:
        where = day_place(solution_class.year, solution_class.day, variant=solution_class.variant)
        stopped = next((s for s in steps_of(solution_class, parts) if s not in peaks), None)
        if isinstance(failure, TimedOut) and stopped is not None:
            peaks[stopped] = None
            notices.append(CouldNotRun(f"{where}: memory not measured: {stopped} {failure}."))
        else:
            notices.append(f"{where}: memory not measured: {failure}.")
        return peaks
