"""Each day's last runtime on the user's own input: written by `aoc run`, read by `aoc
stats`. One file a day, replaced whole, so two runs at once need no lock (filelock's
import would cost every run). Only a record: a failure to read or write fails no run."""

from __future__ import annotations

from collections.abc import Iterable
from contextlib import suppress
from datetime import datetime
from typing import Any

from aoc2023.framework import store
from aoc2023.framework.project import DECEMBER_DAYS
from aoc2023.framework.results import DayResult, Status

LONGEST = 1e9
"""The longest runtime taken, in seconds: a year's total must not overflow to infinity."""

_TIMED = {Status.CORRECT, Status.WRONG, Status.UNKNOWN}
"""The parts that returned an answer: their time is their own work."""


def runtime_of(result: DayResult) -> float | None:
    """The day's runtime (parse and parts) when `result` is one to keep, else None."""
    written = [part for part in result.parts if part.status is not Status.NOT_IMPLEMENTED]
    if (
        result.source != "input"
        or result.variant is not None
        or result.account is not None
        or result.error is not None
        or result.parse_seconds is None
        or not written
        or any(part.status not in _TIMED or part.seconds is None for part in written)
    ):
        return None
    parts = [part.seconds or 0.0 for part in written]
    if any(part.timed_with_other_part for part in written):
        parts = [max(parts)]  # solve(): both parts in one time, given to each
    return result.parse_seconds + sum(parts)


def record(results: Iterable[DayResult], when: datetime) -> None:
    """Keep the runtime of each result that has one (`runtime_of`), measured at `when`;
    a folder that cannot be written skips it."""
    for result in results:
        if (seconds := runtime_of(result)) is not None:
            path = store.runtime_file(result.year, result.day)
            with suppress(OSError):
                store.write_json(path, {"seconds": seconds, "when": when.isoformat()})


def last_runtimes(year: int) -> dict[int, float]:
    """The last runtime kept for each day of `year`, in seconds; an unreadable record is a miss."""
    found = {}
    for day in range(1, DECEMBER_DAYS + 1):
        kept = store.read_json(store.runtime_file(year, day))
        seconds: Any = kept.get("seconds") if isinstance(kept, dict) else None
        if type(seconds) in (int, float) and 0 <= seconds <= LONGEST:  # not NaN, nor a bool
            found[day] = float(seconds)
    return found
