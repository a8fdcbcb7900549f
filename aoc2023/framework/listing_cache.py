"""What each day's module declares for `aoc list` (its title, its examples per part),
kept between runs by the module file's stamp, so that listing need not import it.

Why a cache and not a reading of the source (ast): parsing a day's source costs a
quarter of importing it with bytecode kept, half or more without, and a hundred times
a `stat` (measured on the 250 days of benchmarks/many_days.py), so a static reading
would still grow with the days; it would also see only what is written literally (not
examples built by code), and would list as sound a day whose imports fail. A stamp
(modification time in nanoseconds, and size) costs one `stat`, and the cache holds
exactly what the import gave. A day is imported again whenever its file changes, or
any other file under its year package, private helpers, sub-packages (linked ones
too) and data files included (`package_stamp`: a helper it imports, or a file it
reads, may hold its title or examples, or stop importing); a day that fails to import
is never cached, so it is imported (and its reason said) each time.

The years that installed packages declare in the `aoc.years` entry-point group are
kept the same way, by the stamps of the folders on the path: reading them imports
`importlib.metadata` and every package's metadata, tens of milliseconds.

The file is one JSON object in aocd's data folder (`store.listing_cache_file`), outside
any project's git, keyed by each module's absolute path. Our own cache: one that
cannot be read as the shape written (damaged, of another shape, a folder, unreadable)
is a miss, rebuilt on the next write; one that cannot be written is skipped.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterable
from contextlib import suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aoc2023.framework import store

_VERSION = 1
_ENTRY_POINTS = "entry points"
"""The key of the entry-point years, among the modules' absolute paths."""
_PATHS_KEPT = 8
"""How many sets of folders on the path have their entry-point years kept."""


@dataclass(frozen=True)
class Declared:
    """A day's title (None: none in the class) and how many examples give parts 1 and 2."""

    year: int
    day: int
    title: str | None
    examples: tuple[int, int]


def stamp(path: Path) -> list[int] | None:
    """The file's modification time (ns) and size; None when it cannot be read."""
    try:
        status = os.stat(path)
    except OSError:
        return None
    return [status.st_mtime_ns, status.st_size]


def package_stamp(folders: Iterable[str | Path]) -> list[Any]:
    """The stamps of every file under a year package's `folders`, taken once a listing:
    whatever a day may read at import from its year, Python or not (sub-packages, private
    helpers like `_common.py`, examples kept in a text file), folders linked into it
    included (each walked once: a link back up is no loop). Bytecode folders and hidden
    ones are left out."""
    files: list[str] = []
    seen: set[str] = set()
    for folder in folders:
        for root, dirs, names in os.walk(folder, followlinks=True):
            real = os.path.realpath(root)
            if real in seen:
                dirs[:] = []
                continue
            seen.add(real)
            dirs[:] = sorted(name for name in dirs
                             if name != "__pycache__" and not name.startswith("."))
            files += [os.path.join(root, name) for name in names
                      if not name.startswith(".") and not name.endswith((".pyc", ".pyo"))]
    return [[file, stamp(Path(file))] for file in sorted(files)]


def _parse(raw: Any, year: int, day: int) -> Declared | None:
    """An entry as written by `ListingCache.save`, for `year` `day`; None if it is not."""
    try:
        title, examples = raw["title"], tuple(raw["examples"])
        if (raw["year"], raw["day"]) != (year, day) or len(examples) != 2:
            return None
        if (title is None or isinstance(title, str)) and all(
                isinstance(n, int) for n in examples):
            return Declared(year, day, title, (examples[0], examples[1]))
    except (KeyError, TypeError):
        pass
    return None


class ListingCache:
    """The cache, read once per command (`load`), looked up and filled by day, written
    once at the end (`save`) when anything was added."""

    def __init__(self, path: Path, entries: dict[str, Any]) -> None:
        self.path = path
        self._entries = entries
        self._changed = False

    @classmethod
    def load(cls) -> ListingCache:
        path = store.listing_cache_file()
        data = store.read_json(path)
        valid = isinstance(data, dict) and data.get("version") == _VERSION
        entries = data.get("days") if isinstance(data, dict) and valid else None
        return cls(path, entries if isinstance(entries, dict) else {})

    def get(self, module: Path, year: int, day: int, package: list[Any]) -> Declared | None:
        """What `module` declared, when its stamp, and its year package's, are the ones
        they had then."""
        raw = self._entries.get(str(module))
        if (not isinstance(raw, dict) or raw.get("stamp") != stamp(module)
                or raw.get("package") != package):
            return None
        return _parse(raw, year, day)

    def put(self, module: Path, declared: Declared, module_stamp: list[int] | None,
            package: list[Any]) -> None:
        """Remember `declared` for `module` as it was at `module_stamp`, its package at
        `package` (both taken before the import, so a change made during it is seen
        next time)."""
        if module_stamp is None:
            return
        self._entries[str(module)] = {"stamp": module_stamp, "package": package,
                                      "year": declared.year,
                                      "day": declared.day, "title": declared.title,
                                      "examples": list(declared.examples)}
        self._changed = True

    def entry_point_years(self, find: Callable[[], set[int]]) -> set[int]:
        """The years of the `aoc.years` entry points, as `find` gave them while the
        folders on the path were as they are now (installing or removing a package
        adds or removes a folder in one of them, and so changes its stamp). Kept for
        each set of folders: `aoc`, `python -m` and pytest each start with their own."""
        folders = sorted({os.path.abspath(entry or ".") for entry in sys.path})
        stamps = [stamp(Path(folder)) for folder in folders]
        kept = self._entries.get(_ENTRY_POINTS)
        by_path = kept if isinstance(kept, dict) else {}
        key = "\n".join(folders)
        found = by_path.get(key)
        if isinstance(found, dict) and found.get("stamps") == stamps:
            years = found.get("years")
            if isinstance(years, list) and all(isinstance(year, int) for year in years):
                return set(years)
        declared = find()
        by_path = {other: value for other, value in by_path.items()
                   if isinstance(value, dict) and other != key}
        by_path = dict(list(by_path.items())[-(_PATHS_KEPT - 1):])
        self._entries[_ENTRY_POINTS] = {**by_path, key: {"stamps": stamps,
                                                         "years": sorted(declared)}}
        self._changed = True
        return declared

    def save(self) -> None:
        """Write the cache when it changed; entries of modules gone are dropped."""
        if not self._changed:
            return
        kept = {name: entry for name, entry in self._entries.items()
                if name == _ENTRY_POINTS or os.path.exists(name)}
        with suppress(OSError):  # a read-only folder: the days are imported again next time
            store.write_json(self.path, {"version": _VERSION, "days": kept})
