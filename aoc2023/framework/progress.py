"""Which step runs now, as plain data: the runner calls an `OnStep` as each day and part
starts, and a terminal view (cli/live.py) keeps the last one to say so while a step runs
long. A leaf: it imports nothing of the framework.

Under --timeout the parts run in child processes: the parent tells each part as its
child starts (both parts at once, for a day that solves them together).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

OnStep = Callable[[int, int, int | None], object]
"""`on_step(year, day, part)`: part is None while parsing, or while both parts run at once."""


class Step(NamedTuple):  # not a dataclass: this module is imported on every run
    year: int
    day: int
    part: int | None
    """None while parsing, or while both parts run at once."""
    since: float
    """When it started, on the clock of whoever keeps it."""
