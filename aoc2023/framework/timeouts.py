"""A step in a child process, stopped once it runs `--timeout` seconds without news.

The runner's `Executor` runs itself here under a time limit. Each message from the
child (a step done, a heartbeat) restarts the parent's clock, so the limit is per step.
Forked on Linux, spawned elsewhere; multiprocessing is imported only once a child is needed.
"""

from __future__ import annotations

import os
import signal
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from aoc2023.framework.errors import ChildFailed, TimedOut, describe_error

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkContext, SpawnContext

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
