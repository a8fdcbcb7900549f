"""The last measured runtime of each day on the user's own input: written by `aoc run`,
read by `aoc stats`.

A runtime is the day's parse and parts, as one run timed them (not a benchmark: that
is `aoc bench`, whose saved figures `aoc stats` falls back on). Only a run of the main
implementation on the user's puzzle input, with every part it ran answering, is kept:
an example, a file given with --input, another account's input, a part that failed or
was stopped would say nothing of the day's own time.

The file is `aoc-runtimes.json` in aocd's data folder, beside the listing cache: the
framework's own, outside any project's git. It is only a record: one that cannot be
read is a miss (rebuilt by the next run), one that cannot be written is skipped, and
neither ever fails a run. Every read-and-write goes through `_update`, under a lock,
so that two runs at once each keep their days.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Iterable
from contextlib import suppress
from datetime import datetime
from pathlib import Path
from typing import Any

from aoc2023.framework.aocd import paths
from aoc2023.framework.files import read_regular_text, write_atomically
from aoc2023.framework.results import DayResult, Status

_TIMED = {Status.CORRECT, Status.WRONG, Status.UNKNOWN}
"""The parts whose time is the part's own work: it returned an answer."""


def runtimes_file() -> Path:
    return paths.data_dir() / "aoc-runtimes.json"


def _key(year: int, day: int) -> str:
    return f"{year}/{day:02d}"


def runtime_of(result: DayResult) -> float | None:
    """The day's runtime (parse plus the parts written so far) when `result` is one to
    keep, else None."""
    written = [part for part in result.parts if part.status is not Status.NOT_IMPLEMENTED]
    if (result.source != "input" or result.variant is not None or result.account is not None
            or result.error is not None or result.parse_seconds is None or not written
            or any(part.status not in _TIMED or part.seconds is None for part in written)):
        return None
    parts = [part.seconds or 0.0 for part in written]
    if any(part.timed_with_other_part for part in written):
        parts = [max(parts)]  # solve(): both parts in one time, given to each
    return result.parse_seconds + sum(parts)


def _read(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(read_regular_text(path))
    except (OSError, ValueError, RecursionError):  # a miss: only a record
        return {}
    return data if isinstance(data, dict) else {}


def _update(change: Callable[[dict[str, Any]], None]) -> None:
    """Apply `change` to the record under its lock, and write it atomically; a folder
    that cannot be written skips it."""
    from filelock import FileLock

    path = runtimes_file()
    with suppress(OSError), FileLock(paths.lock_file(path.parent, path.name)):
        data = _read(path)
        change(data)
        write_atomically(path, json.dumps(data, indent=1, sort_keys=True))


def record(results: Iterable[DayResult], when: datetime) -> None:
    """Keep the runtime of each result that has one (`runtime_of`), measured at `when`."""
    found = {_key(r.year, r.day): {"seconds": seconds, "when": when.isoformat()}
             for r in results if (seconds := runtime_of(r)) is not None}
    if found:
        _update(lambda data: data.update(found))


def last_runtimes(year: int) -> dict[int, float]:
    """The last runtime kept for each day of `year`, in seconds."""
    found = {}
    for key, entry in _read(runtimes_file()).items():
        if not (isinstance(key, str) and key.startswith(f"{year}/") and isinstance(entry, dict)):
            continue
        seconds, day = entry.get("seconds"), key.partition("/")[2]
        if (isinstance(seconds, int | float) and not isinstance(seconds, bool)
                and math.isfinite(seconds) and seconds >= 0 and day.isdigit()):
            found[int(day)] = float(seconds)
    return found
