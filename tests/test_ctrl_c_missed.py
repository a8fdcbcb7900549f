"""Ctrl-C that comes just before a wait begins still ends the wait at once.

Python acts on a signal only between its own steps. One that comes after the last check
and before a blocking read or poll starts is noted, and then left until that call
returns: at a send question, until Enter; under --timeout, until the child next reports.
Both were seen in the suite, which presses Ctrl-C the instant the question shows or the
part starts, about once in twenty runs on a busy machine.

The tests make that moment certain: the signal goes to a helper thread, so Python notes
it while the main thread's read or poll carries on uninterrupted, exactly as when it
came a moment too early. They assert what ended the wait (not how long it took): the
Ctrl-C, and not the answer typed or the child's end that comes a minute later.
"""

from __future__ import annotations

import io
import os
import pty
import signal
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import partial
from pathlib import Path

import pytest

from aoc2023.framework.commands.terminal import ask_yes_no
from aoc2023.framework.timeouts import Progress, call_with_timeout

TOO_LATE = 60.0
"""Seconds after which the blocked call is ended by other means: a wait deaf to Ctrl-C
would end only then."""


@contextmanager
def ctrl_c_missed_by_the_main_thread(
    waiting: Callable[[], bool], release: Callable[[], object]
) -> Iterator[threading.Event]:
    """SIGINT noted by Python without interrupting the main thread's system call, 0.3 s
    after `waiting()` says the main thread is where Ctrl-C must end the wait (so that
    a main thread slowed by a busy machine never gets it before, outside the code under
    test); `release` unblocks that call after TOO_LATE seconds if nothing else did, and
    sets the event yielded."""
    done = threading.Event()
    released = threading.Event()

    def helper() -> None:
        deadline = time.monotonic() + TOO_LATE
        while not waiting() and time.monotonic() < deadline:
            if done.wait(0.01):
                return
        time.sleep(0.3)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        if not done.wait(TOO_LATE):
            released.set()
            release()

    thread = threading.Thread(target=helper, daemon=True)
    thread.start()
    try:
        yield released
    finally:
        done.set()
        thread.join()


def test_the_send_question_ends_at_once() -> None:
    controller, follower = pty.openpty()
    err = io.StringIO()
    with (
        os.fdopen(follower, "r", closefd=True) as terminal_in,
        ctrl_c_missed_by_the_main_thread(
            lambda: "[y/N]" in err.getvalue(), partial(os.write, controller, b"y\n")
        ) as released,
    ):
        answer = ask_yes_no("Send 1?", err=err, inp=terminal_in)
    os.close(controller)
    assert answer is None  # declined, by the Ctrl-C
    assert not released.is_set(), "the question waited for Enter after Ctrl-C"


def _sleeps_then_marks(seconds: float, folder: Path, progress: Progress) -> None:
    (folder / "started").touch()
    time.sleep(seconds)
    (folder / "ended").write_text("the child ended by itself")


def test_a_wait_on_a_timed_child_ends_at_once(tmp_path: Path) -> None:
    ended = tmp_path / "ended"
    # Nothing releases this wait early: the child ends on its own after TOO_LATE s.
    with (
        ctrl_c_missed_by_the_main_thread((tmp_path / "started").exists, lambda: None),
        pytest.raises(KeyboardInterrupt),
    ):
        call_with_timeout(partial(_sleeps_then_marks, TOO_LATE, tmp_path), timeout=TOO_LATE * 2)
    assert not ended.exists(), "the wait on the child went on until the child ended"


def test_the_answers_a_question_takes() -> None:
    def asked(typed: str) -> tuple[bool | None, str]:
        err = io.StringIO()
        return ask_yes_no("Send 1?", err=err, inp=io.StringIO(typed)), err.getvalue()

    assert asked("y\n") == (True, "Send 1? [y/N]: ")
    assert asked(" YES \n")[0] is True
    assert asked("\n")[0] is False and asked("no\n")[0] is False
    assert asked("maybe\nn\n") == (False, "Send 1? [y/N]: Error: invalid input\nSend 1? [y/N]: ")
    assert asked("")[0] is None  # the end of input: declined, as Ctrl-C is
