"""A time limit per step: `--timeout SECONDS` on `aoc run` and `aoc bench`.

Without a limit a day runs in this process, as `run_solution` runs it: no fork
costs anything. With one, each part (with its own parse) runs in a child process.
The child times its steps itself with perf_counter_ns, exactly as in-process, and
sends back plain results; the parent only watches the clock and kills a child that
is late. The child reports progress (the parse done, each part a yielding `solve`
yields, a benchmark run done) and each report restarts the clock, so the limit applies
to each step, not to the child's whole life: a part is stopped once it alone has run
for SECONDS.

The child is forked on Linux (cheap, and it has the day loaded already); elsewhere
it is spawned, which imports the day again. Nothing heavy is imported until a
child is needed, so `aoc run` without `--timeout` pays nothing for this module.
"""

from __future__ import annotations

import os
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from functools import partial
from time import perf_counter_ns
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from aoc2023.framework.errors import ChildFailed, Interrupted, TimedOut, signal_of, stop_name
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import DayResult, OnStep, PartResult, Status
from aoc2023.framework.runner import Clock, DayRunner, describe_error, run_solution
from aoc2023.framework.solution import Solution

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkContext, SpawnContext

    from aoc2023.framework.profiling import Profiler, RawStats

T = TypeVar("T")

_BEAT_INTERVAL = 0.01
"""At most this often (or 1% of the limit) a child's heartbeat goes up the pipe."""


class Progress:
    """What code in a child calls to show it is still going; each call restarts the
    parent's clock. In this process (no sender) the calls cost next to nothing.
    `clock` (seconds) spaces the heartbeats."""

    def __init__(self, sender: Connection | None = None, interval: float = 0.0,
                 clock: Callable[[], float] = time.perf_counter) -> None:
        self._sender = sender
        self._interval = interval
        self._clock = clock
        self._last = clock()

    def beat(self) -> None:
        """A step is done; sent at most every `interval` seconds."""
        if self._sender is None:
            return
        now = self._clock()
        if now - self._last >= self._interval:
            self._sender.send(("beat", None, None))
            self._last = now

    def report(self, label: str, value: object) -> None:
        """A named step is done (always sent): the parent keeps `value` under `label`."""
        if self._sender is not None:
            self._sender.send(("report", label, value))
            self._last = self._clock()


_SLICE = 0.25
"""The parent waits on the child in slices this long: Ctrl-C that comes just before a
wait begins (after Python's last check for signals) is acted on when the slice ends,
not when the child next reports, which may be `timeout` seconds away."""

NO_WATCH = Progress()
"""The progress of code that runs in this process: nobody is watching."""


def _context() -> ForkContext | SpawnContext:
    import multiprocessing

    if sys.platform.startswith("linux"):
        return multiprocessing.get_context("fork")
    return multiprocessing.get_context("spawn")


class Messages(Protocol):
    """Where the parent reads a child's messages: its end of their pipe."""

    def poll(self, timeout: float) -> bool: ...

    def recv(self) -> Any: ...


def watch_child(messages: Messages, timeout: float,
                clock: Callable[[], float] = time.monotonic,
                reports: dict[str, object] | None = None) -> tuple[str, object]:
    """The child's last message, `("done", result)` or `("raised", why)`, once it comes;
    TimedOut, with the reports so far, once `timeout` seconds pass on `clock` without a
    message. Each message (a report, a heartbeat) restarts the clock: the limit is per
    step. EOFError when the child ends without a last message. The reports are kept in
    `reports` as they come, so that a caller stopped by Ctrl-C still has them."""
    reports = {} if reports is None else reports
    deadline = clock() + timeout
    while True:
        if not messages.poll(min(_SLICE, max(0.0, deadline - clock()))):
            if clock() >= deadline:
                raise TimedOut(timeout, reports)
            continue
        kind, label, payload = messages.recv()
        if kind in ("done", "raised"):
            return kind, payload
        if kind == "report":
            reports[label] = payload
        deadline = clock() + timeout


def call_with_timeout(function: Callable[[Progress], T], timeout: float,
                      reports: dict[str, object] | None = None) -> T:
    """`function(progress)` in a child process; its result, or TimedOut once `timeout`
    seconds pass with no progress from it, or ChildFailed when it raises. What the child
    reports is kept in `reports` as it comes (see `watch_child`). Ctrl-C stops the child
    and is raised again.

    Under 'spawn' `function` must pickle (a `functools.partial` of a module-level
    function does); what it returns must pickle in any case.
    """
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    interval = min(_BEAT_INTERVAL, timeout / 100)
    # Not a daemon, so that a part may start processes of its own; its own process group,
    # so that a late part is stopped together with whatever it started.
    child = context.Process(target=_child_main, args=(function, sender, interval), daemon=False)
    for stream in (sys.stdout, sys.stderr):  # else a forked child flushes our buffered output
        if stream is not None:
            stream.flush()
    finished = False
    try:
        with _signals_held():
            child.start()
        sender.close()
        kind, payload = watch_child(receiver, timeout, reports=reports)
        finished = True
    except EOFError:
        child.join()
        raise ChildFailed(
            f"the process running it ended before the step did (exit code "
            f"{child.exitcode}: os._exit, or a crash)"
        ) from None
    finally:
        sender.close()
        if child.pid is not None:  # started
            if finished:
                child.join(1.0)
            if child.is_alive():
                _kill_group(child)
            child.join()
        receiver.close()
    if kind == "raised":
        raise ChildFailed(*cast(tuple[str, str], payload))
    return cast(T, payload)


_HELD = frozenset({signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)})
"""The signals that stop a run (Ctrl-C, SIGTERM, SIGHUP), held back while a child starts."""


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold back Ctrl-C, SIGTERM and SIGHUP while a child is forked, and act on them just
    after. Python runs the at-fork hooks of the modules that registered one (logging's)
    in the parent after a fork, and ignores what they raise: a Ctrl-C that came during
    the fork would be raised there, and lost."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _kill_group(child: Any) -> None:
    if hasattr(os, "killpg"):
        try:
            os.killpg(child.pid, signal.SIGKILL)
            return
        except (ProcessLookupError, PermissionError):
            pass
    child.kill()


def _child_main(function: Callable[[Progress], Any], sender: Connection, interval: float) -> None:
    if hasattr(os, "setpgrp"):
        os.setpgrp()
    if hasattr(signal, "pthread_sigmask"):  # held back by the parent while it forked
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    try:
        result = function(Progress(sender, interval))
    except BaseException as error:  # even SystemExit: the parent reports it as the part's error
        sender.send(("raised", None, (describe_error(error), traceback.format_exc())))
        return
    try:
        sender.send(("done", None, result))
    except Exception as error:
        reason = f"its result could not be sent back: {describe_error(error)}"
        sender.send(("raised", None, (reason, traceback.format_exc())))


def _run_in_child(
    solution_class: type[Solution[Any]], run_input: RunInput, title: str | None, profile: bool,
    clock: Clock, progress: Progress,
) -> tuple[DayResult, RawStats | None]:
    def run(cls: type[Solution[Any]]) -> DayResult:
        return run_solution(cls, run_input, title, progress.report, clock)

    if not profile:
        return run(solution_class), None
    from aoc2023.framework.profiling import Profiler

    profiler = Profiler()
    result = profiler.call(solution_class, run)
    return result, profiler.raw()


def run_with_timeout(
    solution_class: type[Solution[Any]], run_input: RunInput, title: str | None,
    timeout: float, profiler: Profiler | None = None, clock: Clock = perf_counter_ns,
    on_step: OnStep | None = None,
) -> DayResult:
    """`run_solution`, with each part and its parse in a child stopped after `timeout`
    seconds (one child for a day that solves both parts at once). The child times the
    steps on `clock`, as `run_solution` does: the parent's wait is in no step's time.
    A `solve` that yields reports each part as it is yielded: the limit counts each
    part's own time, and a part done before a later one runs late is kept.

    Ctrl-C in the parent stops the child and raises `Interrupted` with the parts that
    finished (in earlier children, or reported by this one), as `run_solution` does."""
    together = solution_class.solves_both_at_once()  # one child: the parts share their work
    shared_time = together and not solution_class.solves_in_turn()
    groups = [run_input.parts] if together else [(part,) for part in run_input.parts]
    parse_seconds: float | None = None
    error: str | None = None
    error_traceback: str | None = None
    parts: list[PartResult] = []

    def so_far() -> DayResult:
        return DayResult(
            solution_class.year, solution_class.day, title, run_input.source, run_input.label,
            parse_seconds, tuple(parts), error, error_traceback, account=run_input.account,
            variant=solution_class.variant,
        )

    for index, group in enumerate(groups):
        if on_step is not None:  # each child is one part, or both parts at once
            on_step(solution_class.year, solution_class.day, group[0] if len(group) == 1
                    else None)
        task = partial(_run_in_child, solution_class, replace(run_input, parts=group), title,
                       profiler is not None, clock)
        reports: dict[str, object] = {}
        try:
            result, raw = call_with_timeout(task, timeout, reports)
        except KeyboardInterrupt as stop:
            seconds = reports.get("parsed")
            if parse_seconds is None and seconds is not None:
                parse_seconds = cast(float, seconds)
            parts += [cast(PartResult, reports[f"part {p}"]) if f"part {p}" in reports
                      else _interrupted(run_input, p, shared_time, stop)
                      for group_left in groups[index:] for p in group_left]
            raise Interrupted(so_far(), signal_of(stop)) from None
        except TimedOut as late:
            seconds = late.reports.get("parsed")
            if seconds is None:  # the parse itself ran out of time: no part can run
                error = f"parse timed out: stopped after {timeout:g} s (--timeout)"
                parts += [_timed_out(run_input, p, "not run: parse timed out", shared_time)
                          for group_left in groups[index:] for p in group_left]
                break
            parse_seconds = cast(float, seconds) if parse_seconds is None else parse_seconds
            # A yielding `solve` reports each part as it comes: those done are kept.
            parts += [cast(PartResult, late.reports[f"part {p}"]) if f"part {p}" in late.reports
                      else _timed_out(run_input, p, str(late), shared_time) for p in group]
            continue
        except ChildFailed as failure:
            parts += [PartResult(p, Status.ERROR, expected=run_input.expected.get(p),
                                 error=str(failure), traceback=failure.child_traceback)
                      for p in group]
            continue
        if profiler is not None and raw is not None:
            profiler.add(raw)
        parse_seconds = result.parse_seconds if parse_seconds is None else parse_seconds
        if error is None and result.error is not None:
            error, error_traceback = result.error, result.traceback
        parts += result.parts
    return so_far()


def _interrupted(run_input: RunInput, part: int, together: bool, stop: BaseException
                 ) -> PartResult:
    return PartResult(part, Status.INTERRUPTED, expected=run_input.expected.get(part),
                      error=f"interrupted ({stop_name(stop)})", timed_with_other_part=together)


def _timed_out(run_input: RunInput, part: int, reason: str, together: bool) -> PartResult:
    return PartResult(part, Status.TIMEOUT, expected=run_input.expected.get(part), error=reason,
                      timed_with_other_part=together)


def day_runner(timeout: float | None, profiler: Profiler | None = None,
               on_step: OnStep | None = None) -> DayRunner:
    """How to run a day on one input: plain `run_solution`, under a time limit (in a
    child), and/or under `profiler`; each part's start is told to `on_step` (with a time
    limit, as its child starts)."""
    if timeout is not None:
        def limited(cls: type[Solution[Any]], run_input: RunInput, title: str | None) -> DayResult:
            return run_with_timeout(cls, run_input, title, timeout, profiler,
                                    on_step=on_step)

        return limited
    if profiler is not None:
        def profiled(cls: type[Solution[Any]], run_input: RunInput, title: str | None) -> DayResult:
            return profiler.call(cls, lambda profiled: run_solution(
                profiled, run_input, title, on_step=on_step))

        return profiled
    return run_solution if on_step is None else partial(run_solution, on_step=on_step)
