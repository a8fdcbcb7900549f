"""`aoc run YEAR DAY --watch`: run the day again every time its file is saved.

The day's module is imported afresh for each run (dropped from `sys.modules`, its
class from the registry and its stale bytecode from `__pycache__`), so what runs
is what was saved. Changes come from watchfiles (Rust `notify` underneath), which
groups the several events of one save into one run. A day that fails to import
or raises is reported like any other run, and the watch goes on until Ctrl-C.
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable, Iterable
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING

from aoc2023.framework import registry
from aoc2023.framework.errors import AocError, UsageError
from aoc2023.framework.solution import REGISTRY

if TYPE_CHECKING:
    from threading import Event

    from aoc2023.framework.inputs import RunRequest
    from aoc2023.framework.results import RunReport

Stat = tuple[int, int] | None


def day_files(year: int, days: Iterable[int]) -> dict[int, Path]:
    """Each day's module file, where it is or would be (a new file starts a run too)."""
    package = registry.year_package(year)
    spec = importlib.util.find_spec(package)
    folders = list(spec.submodule_search_locations or []) if spec else []
    if not folders:
        raise AocError(f"{package} is not a package folder: there is no day file to watch.")
    return {day: Path(folders[0]).resolve() / f"day{day:02d}.py" for day in days}


def forget_day(year: int, day: int, path: Path) -> None:
    """Make the next `registry.load_day` import the day's module from its source again."""
    sys.modules.pop(f"{registry.year_package(year)}.day{day:02d}", None)
    REGISTRY.pop((year, day), None)
    # Bytecode is trusted when the source's size and mtime (in whole seconds) match it:
    # two saves of one size within a second would run the first. Drop it.
    Path(importlib.util.cache_from_source(str(path))).unlink(missing_ok=True)
    importlib.invalidate_caches()


def _stat(path: Path) -> Stat:
    try:
        status = path.stat()
    except FileNotFoundError:
        return None
    return status.st_mtime_ns, status.st_size


def watch_days(
    request: RunRequest,
    show: Callable[[RunReport], None],
    say: Callable[[str], None],
    stop: Event | None = None,
) -> None:
    """Run `request`, then again after each save of one of its days' files, until Ctrl-C
    (or `stop` is set). `show` renders a run, `say` prints a line about the watch."""
    try:
        from watchfiles import watch
    except ImportError as error:
        raise UsageError(
            "--watch needs the watchfiles package: in this project, uv sync installs it "
            "(the dev group); elsewhere, pip install 'aoc2023[watch]'."
        ) from error

    from aoc2023.framework.runner import run_days

    files = day_files(request.year, registry.parse_days(request.days, request.year))
    watched = {str(path) for path in files.values()}

    def run() -> None:
        for day, path in files.items():
            forget_day(request.year, day, path)
        try:
            report = run_days(request)
        except AocError as error:
            say(f"Error: {error}")
            return
        show(report)

    def stats() -> dict[Path, Stat]:
        return {path: _stat(path) for path in files.values()}

    # Compared at every wake-up, the files' stats also catch a save made while the
    # watcher was starting, before it could see events.
    seen = stats()
    names = ", ".join(sorted(path.name for path in files.values()))
    try:
        run()
        say(f"Watching {names}: each save runs again. Ctrl-C stops.")
        for changes in watch(
            *{path.parent for path in files.values()},
            watch_filter=lambda _change, changed: changed in watched,
            recursive=False, stop_event=stop, yield_on_timeout=True, rust_timeout=1000,
        ):
            now = stats()
            if not changes and now == seen:
                continue
            seen = now
            saved = ", ".join(sorted({Path(changed).name for _, changed in changes})) or names
            say(f"--- {datetime.now():%H:%M:%S} {saved} saved: running again ---")
            run()
    except KeyboardInterrupt:
        pass
    say("Stopped watching.")
