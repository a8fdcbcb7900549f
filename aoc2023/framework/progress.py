"""What is running now: the runner says which day and part it starts, and a terminal
view (cli/live.py) reads it to say so while a step runs long. A leaf: it imports
nothing of the framework, and costs a function call a step when nobody reads it.

Under --timeout the parts run in a child process, whose steps are not seen here: the
day is, from `run_days`.
"""

from __future__ import annotations

from collections.abc import Callable
from time import monotonic
from typing import NamedTuple


class Step(NamedTuple):  # not a dataclass: this module is imported on every run
    year: int
    day: int
    part: int | None
    """None while parsing, or while both parts run at once."""
    since: float
    """`time.monotonic()` when it started."""


_current: Step | None = None


def started(year: int, day: int, part: int | None = None,
            clock: Callable[[], float] = monotonic) -> None:
    """`clock` is the one the view reads the step's time on (a test's fake one)."""
    global _current
    _current = Step(year, day, part, clock())


def finished() -> None:
    global _current
    _current = None


def current() -> Step | None:
    return _current
