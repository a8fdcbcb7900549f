"""A step in a child process, stopped once it runs `--timeout` seconds without news: each
message from the child (a step done, a heartbeat) restarts the parent's clock, so the limit
is per step. Forked on Linux, spawned elsewhere; multiprocessing imported when needed."""

from __future__ import annotations

import os
import signal
import sys
import time
import traceback
from collections.abc import Callable
from contextlib import suppress
from typing import TYPE_CHECKING, Any, Protocol, TypeVar, cast

from aoc2023.framework import output
from aoc2023.framework.errors import ChildFailed, TimedOut, describe_error

if TYPE_CHECKING:
    from multiprocessing.connection import Connection
    from multiprocessing.context import ForkContext, SpawnContext

T = TypeVar("T")

_BEAT_INTERVAL = 0.01
"""At most this often (or 1% of the limit) a child's heartbeat goes up the pipe."""


class Progress:
    """What code in a child calls to show it is still going (in this process: nothing)."""

    def __init__(
        self,
        sender: Connection | None = None,
        interval: float = 0.0,
        clock: Callable[[], float] = time.perf_counter,
    ) -> None:
        self._sender = sender
        self._interval = interval
        self._clock = clock
        self._last = clock()

    def beat(self) -> None:
        """A step is done; sent at most every `interval` seconds."""
        now = self._clock()
        if self._sender is not None and now - self._last >= self._interval:
            self._sender.send(("beat", None, None))
            self._last = now

    def report(self, label: str, value: object) -> None:
        """A named step is done (always sent): the parent keeps `value` under `label`."""
        if self._sender is not None:
            self._sender.send(("report", label, value))
            self._last = self._clock()


_SLICE = 0.25
"""The parent waits in slices this long, so a Ctrl-C just before a wait is acted on soon."""

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


def watch_child(
    messages: Messages,
    timeout: float,
    clock: Callable[[], float] = time.monotonic,
    reports: dict[str, object] | None = None,
) -> tuple[str, object]:
    """The child's last message, `("done", result)` or `("raised", why)`; TimedOut after
    `timeout` seconds without a message; EOFError when it ends without one. Reports go
    into `reports` as they come (kept on Ctrl-C)."""
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


def call_with_timeout(
    function: Callable[[Progress], T], timeout: float, reports: dict[str, object] | None = None
) -> T:
    """`function(progress)` in a child process: its result, TimedOut (`watch_child`), or
    ChildFailed when it raises; Ctrl-C stops the child and is raised. Its result must
    pickle, and under 'spawn' `function` too."""
    context = _context()
    receiver, sender = context.Pipe(duplex=False)
    interval = min(_BEAT_INTERVAL, timeout / 100)
    # not a daemon, so a part may start processes, stopped with it (its own process group)
    child = context.Process(target=_child_main, args=(function, sender, interval), daemon=False)
    output.flush()  # else a forked child flushes our buffered output
    kind = ""  # until the child's last message
    try:
        _start_with_signals_held(child)
        sender.close()
        kind, payload = watch_child(receiver, timeout, reports=reports)
    except EOFError:
        child.join()
        raise ChildFailed(
            f"the process running it ended before the step did (exit code "
            f"{child.exitcode}: os._exit, or a crash)"
        ) from None
    finally:
        sender.close()
        if child.pid is not None:  # started
            if kind:  # it finished
                child.join(1.0)
            if child.is_alive() and hasattr(os, "killpg"):  # with the processes it started
                with suppress(ProcessLookupError, PermissionError):
                    os.killpg(child.pid, signal.SIGKILL)
            if child.is_alive():
                child.kill()
            child.join()
        receiver.close()
    if kind == "raised":
        raise ChildFailed(*cast(tuple[str, str], payload))
    return cast(T, payload)


_HELD = frozenset({signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)})


def _start_with_signals_held(child: Any) -> None:
    """Start `child` with the signals that stop a run held back while it is forked: raised
    in an at-fork hook (logging's), Python would lose them."""
    if not hasattr(signal, "pthread_sigmask"):
        child.start()
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, _HELD)
    try:
        child.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


def _child_main(function: Callable[[Progress], Any], sender: Connection, interval: float) -> None:
    if hasattr(os, "setpgrp"):
        os.setpgrp()
    if hasattr(signal, "pthread_sigmask"):  # held back by the parent while it forked
        signal.pthread_sigmask(signal.SIG_UNBLOCK, _HELD)
    failed = ""  # what failed, when it was not the step
    try:
        result = function(Progress(sender, interval))
        failed = "its result could not be sent back: "
        sender.send(("done", None, result))
    except BaseException as error:  # SystemExit too: the part's error
        sender.send(("raised", None, (failed + describe_error(error), traceback.format_exc())))
