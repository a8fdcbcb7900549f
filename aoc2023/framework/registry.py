"""The days and variants defined, which file is which day's (`files_of`, the one rule:
docs/how-to/write-a-day.md), the one guarded import of a year's modules, and what each
day declares, kept by file stamp for `aoc list`. A year is the package `aoc{year}`, or
one named in the `aoc.years` entry-point group."""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator
from dataclasses import asdict, dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple, NoReturn

from aoc2023.framework import solution
from aoc2023.framework.errors import DayLoadError, MissingDayError, UsageError, describe_error
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.solution import DeclarationError, Solution

YEARS_GROUP = "aoc.years"
_LOOKS_LIKE_A_DAY = re.compile(r"day[\W_]*0*(\d{1,2})[a-z]?", re.IGNORECASE)
"""A name meant as a day's that the rule skips (`day_07`, `Day07`): said in a hint."""
_YEAR_PACKAGE = re.compile(r"aoc(\d{4})")
_DAY_MODULE = re.compile(r"day(\d{1,2})")
_VARIANT_MODULE = re.compile(r"_day\d{2}_\w+(?<!_test)")
"""A module of a day's variants (`_day07_fast.py`); `_day07_test.py` is pytest's alone."""
_VARIANT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

REGISTRY: dict[tuple[int, int], type[Solution[Any]]] = {}
"""Every day defined so far, by (year, day)."""

VARIANTS: dict[tuple[int, int], dict[str, type[Solution[Any]]]] = {}
"""Every variant defined so far, by (year, day), then by name in the order declared."""

MAIN = "main"
"""The name of a day's main implementation beside its variants."""


def register(cls: type[Solution[Any]], variant: str | None) -> None:
    """Register `cls` as it is defined, under the year and day it sets, else its module's
    name's; a variant, else under the day it subclasses. TypeError on a clash."""
    year, day = _named_by(cls.__module__)
    own = cls.__dict__
    if variant is not None:
        year, day = getattr(cls, "year", year), getattr(cls, "day", day)
        if not isinstance(variant, str) or not _VARIANT_NAME.fullmatch(variant) or variant == MAIN:
            raise TypeError(
                f"{cls.__qualname__}: a variant's name is letters, digits, '-', '_' "
                f"or '.' (and not {MAIN!r}), not {variant!r}"
            )
        if year is None or day is None:
            raise TypeError(
                f"{cls.__qualname__} is a variant of no day: subclass the day's class, "
                "define it in the day's module, or set `year` and `day`"
            )
        cls.year, cls.day, cls.variant = int(year), int(day), variant
        table = VARIANTS.setdefault((cls.year, cls.day), {})
        _claim(table, variant, cls, f"are both variant {variant!r} of {year} day {day}")
        return
    cls.variant = None
    year, day = own.get("year", year), own.get("day", day)
    if day is None and (year is None or "year" not in own):
        return  # a helper base class, or a class in a helper module: not a day itself
    if year is None or day is None:
        raise TypeError(f"{cls.__qualname__} must set both `year` and `day` (or neither)")
    cls.year, cls.day = int(year), int(day)
    _claim(REGISTRY, (cls.year, cls.day), cls, f"both claim {cls.year} day {cls.day}")
    if any(base in REGISTRY.values() for base in cls.__mro__[1:]):
        for name in {"title", "examples"} - own.keys():  # another day's declarations are its own
            setattr(cls, name, getattr(Solution, name))


solution.registrar = register


def _named_by(module: str) -> tuple[int | None, int | None]:
    """The year and day a module's name gives (`aoc2023.day07`); a year alone for another
    module of `aoc2023`, None where it gives none."""
    parent, _, stem = module.rpartition(".")
    in_a_year = _YEAR_PACKAGE.fullmatch(parent.rpartition(".")[2])
    day = day_of_module(stem) if in_a_year else None
    year = in_a_year if day is not None else _YEAR_PACKAGE.fullmatch(module.partition(".")[0])
    return (int(year[1]) if year else None), day


def _tables() -> list[dict[Any, type[Solution[Any]]]]:
    """The days' table, then each day's table of variants."""
    return [REGISTRY, *VARIANTS.values()]


def _claim(
    table: dict[Any, type[Solution[Any]]], key: Any, cls: type[Solution[Any]], clash: str
) -> None:
    """Put `cls` in `table` under `key`; TypeError when a class of another name is there."""
    if (previous := table.get(key)) is not None and previous.__qualname__ != cls.__qualname__:
        raise TypeError(
            f"{cls.__module__}.{cls.__qualname__} and "
            f"{previous.__module__}.{previous.__qualname__} {clash}"
        )
    table[key] = cls


def variants_of(solution_class: type[Solution[Any]]) -> list[type[Solution[Any]]]:
    """The variants declared for the day of `solution_class`, in the order declared."""
    return list(VARIANTS.get((solution_class.year, solution_class.day), {}).values())


def year_package(year: int) -> str:
    if importlib.util.find_spec(conventional := f"aoc{year}") is not None:
        return conventional
    from importlib.metadata import entry_points

    for entry_point in entry_points(group=YEARS_GROUP, name=str(year)):
        return entry_point.value
    raise UsageError(
        f"No days for {year}: there is no package {conventional} and no installed package "
        f"names {year} in the '{YEARS_GROUP}' entry-point group."
    )


def package_years() -> set[int]:
    """Years with an `aoc<year>` package on the path, from one listing of each folder."""
    years = set()
    for entry in sys.path:  # "" is the working folder
        with contextlib.suppress(OSError):  # a zip file, a folder gone
            for name in os.listdir(entry or "."):
                match = _YEAR_PACKAGE.fullmatch(name)
                if match and os.path.isfile(os.path.join(entry, name, "__init__.py")):
                    years.add(int(match[1]))
    return years


def entry_point_years() -> set[int]:
    """The years in the `aoc.years` entry-point group (slow: `ListingCache` keeps them)."""
    from importlib.metadata import entry_points

    return {int(entry.name) for entry in entry_points(group=YEARS_GROUP) if entry.name.isdigit()}


def registered_years(declared: Callable[[], set[int]] = entry_point_years) -> list[int]:
    """Years with a package: `aoc<year>` ones, and those `declared` finds. No import."""
    from aoc2023.framework.calendar import FIRST_YEAR  # in here: a day's import skips it

    return sorted(year for year in package_years() | declared() if year >= FIRST_YEAR)


def day_of_module(stem: str) -> int | None:
    """The day of a module named `dayNN` or `dayN`, else None."""
    match = _DAY_MODULE.fullmatch(stem)
    return int(match[1]) if match else None


class YearFiles(NamedTuple):
    """A year package's modules as the naming rule maps them to days (paths as `str`)."""

    package: str
    folders: tuple[str, ...]  # the first wins where two hold one name
    days: dict[int, str]  # the file of each day one module claims by its name
    clashes: dict[int, tuple[str, ...]]  # the days several modules claim: refused
    others: dict[str, str]  # the other public modules' files, by name
    lookalikes: dict[str, int]  # files named like a day that the rule skips, with the day
    variants: dict[int, tuple[str, ...]]  # modules of a day's variants (`_day07_fast.py`)

    def module(self, path: str) -> str:
        return f"{self.package}.{os.path.basename(path).removesuffix('.py')}"

    def hints(self) -> dict[str, str]:
        """The sentence for each look-alike file defining no day nor variant once imported."""
        defined = {cls.__module__ for table in _tables() for cls in table.values()}
        return {
            path: f"{_shown(path)} looks like a day but is not named dayNN.py; "
            f"rename it day{day:02d}.py."
            for path, day in sorted(self.lookalikes.items())
            if self.module(path) not in defined
        }


def _shown(path: str) -> str:
    """`aoc2023/day07.py`."""
    folder, name = os.path.split(path)
    return f"{os.path.basename(folder)}/{name}"


def files_of(package: str, folders: Iterable[str | Path]) -> YearFiles:
    """The one mapping of a year package's files to days, from one listing. No import."""
    absolute = tuple(os.path.abspath(folder) for folder in folders)
    found: dict[str, str] = {}  # each module's file, the first folder's
    lookalikes: dict[str, int] = {}
    for folder in reversed(absolute):
        with contextlib.suppress(OSError):
            for name in os.listdir(folder):
                stem, path = name.removesuffix(".py"), os.path.join(folder, name)
                if not name.endswith(".py"):
                    continue
                looks = _LOOKS_LIKE_A_DAY.fullmatch(stem)
                if stem.isidentifier():
                    found[stem] = path
                elif looks and not stem.startswith("_"):  # no import reaches it, in any folder
                    lookalikes[path] = int(looks[1])
    claims: dict[int, list[str]] = {}
    variants: dict[int, list[str]] = {}
    others: dict[str, str] = {}
    for stem, path in sorted(found.items()):
        if _VARIANT_MODULE.fullmatch(stem):
            variants.setdefault(int(stem[4:6]), []).append(path)
        elif (day := day_of_module(stem)) is not None:
            claims.setdefault(day, []).append(path)
        elif not stem.startswith("_"):
            others[stem] = path
            if looks := _LOOKS_LIKE_A_DAY.fullmatch(stem):
                lookalikes[path] = int(looks[1])
    return YearFiles(
        package,
        absolute,
        days={day: paths[0] for day, paths in claims.items() if len(paths) == 1},
        clashes={day: tuple(paths) for day, paths in claims.items() if len(paths) > 1},
        others=others,
        lookalikes=lookalikes,
        variants={day: tuple(paths) for day, paths in variants.items()},
    )


def year_files(year: int) -> YearFiles:
    """The year's package imported (else DayLoadError), its files mapped to days."""
    package_name = year_package(year)
    _year_packages.add(package_name)
    package = import_module(package_name, f"the year package {package_name}")
    return files_of(package_name, getattr(package, "__path__", []))


_FRAMEWORK = __name__.rpartition(".")[0]
_year_packages: set[str] = set()
"""The year packages this process mapped, whose modules `days_forgotten` may drop."""


def _of_a_year(name: str) -> bool:
    """Whether module `name` is of a year package (the framework, inside aoc2023, is not)."""
    dotted = f"{name}."  # `a.b.` starts with `a.` and `a.b.`, not with `a.bc.`
    return not dotted.startswith(f"{_FRAMEWORK}.") and any(
        dotted.startswith(f"{package}.") for package in _year_packages
    )


@contextlib.contextmanager
def days_forgotten() -> Iterator[None]:
    """On the way out, forget the year packages' modules the block imported and the days
    it registered, so the next import reads the files anew (`aoc` called from code)."""
    before = set(sys.modules)
    registered = dict(REGISTRY)
    variants = {key: dict(by_name) for key, by_name in VARIANTS.items()}
    try:
        yield
    finally:
        for name in sorted((m for m in sys.modules.keys() - before if _of_a_year(m)), reverse=True):
            module = sys.modules.pop(name)
            parent, _, child = name.rpartition(".")
            # `from package import child` reads the package's attribute before sys.modules
            if getattr(sys.modules.get(parent), child, None) is module:
                delattr(sys.modules[parent], child)
        REGISTRY.clear()
        REGISTRY.update(registered)
        VARIANTS.clear()
        VARIANTS.update(variants)


def import_module(name: str, what: str | None = None) -> ModuleType:
    """Import `name`, of a year package: whatever it raises but Ctrl-C and SIGTERM (even
    `sys.exit()`) is a DayLoadError naming `what` or it, the days it registered forgotten."""
    try:
        with recursion_limit_kept(), _no_command_line():
            return importlib.import_module(name)
    except KeyboardInterrupt:  # SIGTERM's and SIGHUP's `Terminated` too: it is one
        raise
    except BaseException as error:  # a module's own failure, whatever it is
        for table in _tables():
            for key, cls in list(table.items()):
                if f"{cls.__module__}.".startswith(f"{name}."):
                    del table[key]
        raise DayLoadError(f"Could not import {what or name}: {_why(error)}") from error


@contextlib.contextmanager
def recursion_limit_kept() -> Iterator[None]:
    """A recursion limit a day's code lowered goes back up on the way out, for aoc's own
    code after it; one it raised is kept (a later step may count on it)."""
    depth = sys.getrecursionlimit()
    try:
        yield
    finally:
        if sys.getrecursionlimit() < depth:
            sys.setrecursionlimit(depth)


class _ParserExit(SystemExit):
    """argparse refusing a command line while a module is imported; its code is the sentence."""


@contextlib.contextmanager
def _no_command_line() -> Iterator[None]:
    """Import as a script with no arguments (aoc's own are not the module's); an argparse
    parser that still refuses prints nothing, `import_module`'s sentence says it."""
    import argparse

    def refuse(self: argparse.ArgumentParser, message: str) -> NoReturn:
        raise _ParserExit(
            f"its argparse parser refused the command line while it was imported ({self.prog}: "
            f"error: {message}), as a module of a year is imported with no arguments"
        )

    argv, error = sys.argv, argparse.ArgumentParser.error
    sys.argv = argv[:1]
    argparse.ArgumentParser.error = refuse  # type: ignore[method-assign]
    try:
        yield
    finally:
        sys.argv = argv
        argparse.ArgumentParser.error = error  # type: ignore[method-assign]


def _why(error: BaseException) -> str:
    if isinstance(error, DeclarationError | _ParserExit):  # its sentence says what went wrong
        return str(error)
    if isinstance(error, SystemExit):
        return f"it called sys.exit({error.code!r}) while being imported"
    return describe_error(error)


def _import_other_modules(files: YearFiles) -> list[str]:
    """Import the other modules (days of any name): a sentence for each that fails."""
    problems = []
    for stem in files.others:
        try:
            import_module(f"{files.package}.{stem}")
        except DayLoadError as error:
            problems.append(str(error))
    return problems


def available_days(year: int, problems: list[str] | None = None) -> list[int]:
    """The days of `year`: claimed by a file's name (clashes too) or defined in its other
    modules. A failed import, and a look-alike defining none, are sentences in `problems`."""
    files = year_files(year)
    failed = _import_other_modules(files)
    if problems is not None:
        problems += [*failed, *files.hints().values()]
    return sorted({*files.days, *files.clashes, *(d for y, d in REGISTRY if y == year)})


def load_day(year: int, day: int) -> type[Solution[Any]]:
    """The class of `year` `day`, from the module its name gives it, else any other.
    DayLoadError (MissingDayError) naming the module, or the two that claim the day, or
    the module or class claiming a day its year does not have (`day32.py`, `day = 99`)."""
    from aoc2023.framework.calendar import days_in_year  # in here: a day's import skips it

    files = year_files(year)
    if (clashing := files.clashes.get(day)) is not None:
        shown = ", ".join(map(_shown, clashing[:-1])) + f" and {_shown(clashing[-1])}"
        raise DayLoadError(
            f"Two modules claim day {day}, {shown}: keep one (day{day:02d}.py) and "
            "rename or delete the other."
        )
    path = files.days.get(day)
    module_name = files.module(path or f"day{day:02d}")
    if path is not None:
        import_module(module_name)
        for variant in files.variants.get(day, ()):
            import_module(files.module(variant))
    elif (year, day) not in REGISTRY:
        problems = _import_other_modules(files)
        if (year, day) not in REGISTRY:
            hints = [hint for path, hint in files.hints().items() if files.lookalikes[path] == day]
            missing = MissingDayError(year, day, module_name, " ".join(hints) or None)
            if problems:
                raise DayLoadError(f"{missing} {' '.join(problems)}")
            raise missing
    if (solution := REGISTRY.get((year, day))) is None:
        raise DayLoadError(f"{module_name} defines no Solution subclass for {year} day {day}.")
    if day not in range(1, (last := days_in_year(year)) + 1):
        what = _shown(files.days[day]) if day in files.days else f"a class of {files.package}"
        raise DayLoadError(
            f"{what} claims day {day}, but the days of {year} run from 1 to {last}: "
            "rename it or set its `day`, or remove it."
        )
    return solution


def parse_years(spec: str) -> list[int]:
    """Years from `2023`, `2015-2024`, `2018,2019` (or a mix), or `all`. A year alone is
    taken as asked; a range and `all` cover the registered years in them (none: refused)."""
    from aoc2023.framework import calendar

    text = spec.strip().lower()
    registered = functools.cache(registered_years)  # slow: read for `all` and ranges only
    if text == "all":
        if not registered():
            raise UsageError(
                "There are no years with days yet: add a day with "
                f"{aoc_command('new', 'YEAR', 'DAY')}."
            )
        return registered()
    years: set[int] = set()
    for chunk in text.split(","):
        if (match := re.fullmatch(r"\s*(\d{4})\s*(?:-\s*(\d{4})\s*)?", chunk)) is None:
            raise UsageError(
                f"Bad year list {spec!r}: use a year (2023), a range (2015-2024), "
                "a list (2018,2019) or all."
            )
        first, end = int(match[1]), int(match[2] or match[1])
        calendar.check_year(first)
        if end < first:
            raise UsageError(f"Bad year list {spec!r}: the range {first}-{end} runs backwards.")
        covered = [year for year in registered() if first <= year <= end] if match[2] else [first]
        if not covered:
            raise UsageError(f"No year from {first} to {end} has days yet.")
        years.update(covered)
    return sorted(years)


# --- what each day declares, kept for aoc list by the stamps of its file and its year
# package's, so that only changed days import (docs/explanation/cache.md).

_VERSION = 1
_ENTRY_POINTS = "entry points"
"""The key of the entry-point years, among the modules' paths."""
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
    with contextlib.suppress(OSError):
        status = os.stat(path)
        return [status.st_mtime_ns, status.st_size]
    return None


def package_stamp(folders: Iterable[str | Path]) -> list[Any]:
    """The stamps of every file under a year package's `folders` (whatever a day may read
    at import), links followed once; bytecode and hidden files left out."""
    files: list[str] = []
    seen: set[str] = set()
    for folder in folders:
        for root, dirs, names in os.walk(folder, followlinks=True):
            if (real := os.path.realpath(root)) in seen:
                dirs[:] = []
                continue
            seen.add(real)
            dirs[:] = sorted(
                name for name in dirs if name != "__pycache__" and not name.startswith(".")
            )
            files += [
                os.path.join(root, name)
                for name in names
                if not name.startswith(".") and not name.endswith((".pyc", ".pyo"))
            ]
    return [[file, stamp(Path(file))] for file in sorted(files)]


class ListingCache:
    """The cache, read once per command, filled by day, written once at the end."""

    def __init__(self, path: Path, entries: dict[str, Any]) -> None:
        self.path = path
        self._entries = entries
        self._changed = False

    @classmethod
    def load(cls) -> ListingCache:
        from aoc2023.framework import store

        path = store.listing_cache_file()
        data = store.read_json(path)
        valid = isinstance(data, dict) and data.get("version") == _VERSION
        entries = data.get("days") if isinstance(data, dict) and valid else None
        return cls(path, entries if isinstance(entries, dict) else {})

    def get(self, module: Path, year: int, day: int, package: list[Any]) -> Declared | None:
        """What `module` declared, when its stamp and its package's are unchanged."""
        raw: Any = self._entries.get(str(module))
        with contextlib.suppress(KeyError, TypeError, ValueError):  # none, or of another shape
            title, (first, second) = raw["title"], raw["examples"]
            kept = raw["stamp"], raw["package"], raw["year"], raw["day"]
            if (
                kept == (stamp(module), package, year, day)
                and isinstance(title, str | None)
                and all(isinstance(n, int) and n >= 0 for n in (first, second))
            ):
                return Declared(year, day, title, (first, second))
        return None

    def put(
        self, module: Path, declared: Declared, module_stamp: list[int] | None, package: list[Any]
    ) -> None:
        """Remember `declared` for `module` at stamps taken before its import."""
        if module_stamp is None:
            return
        self._entries[str(module)] = {"stamp": module_stamp, "package": package, **asdict(declared)}
        self._changed = True

    def entry_point_years(self) -> set[int]:
        """The `aoc.years` entry points' years, kept by the stamps of the folders on the
        path (an install changes one); per set of folders (`aoc`, pytest have theirs)."""
        folders = sorted({os.path.abspath(entry or ".") for entry in sys.path})
        stamps = [stamp(Path(folder)) for folder in folders]
        key = "\n".join(folders)
        kept = self._entries.get(_ENTRY_POINTS)
        kept = kept.items() if isinstance(kept, dict) else ()
        by_path = {other: value for other, value in kept if isinstance(value, dict)}
        found = by_path.pop(key, {})
        years = found.get("years") if found.get("stamps") == stamps else None
        if isinstance(years, list) and all(isinstance(year, int) for year in years):
            return set(years)
        fresh = entry_point_years()
        others = dict(list(by_path.items())[-(_PATHS_KEPT - 1) :])
        self._entries[_ENTRY_POINTS] = {**others, key: {"stamps": stamps, "years": sorted(fresh)}}
        self._changed = True
        return fresh

    def save(self) -> None:
        """Write the cache when it changed; entries of modules gone are dropped."""
        if not self._changed:
            return
        kept = {
            name: entry
            for name, entry in self._entries.items()
            if name == _ENTRY_POINTS or os.path.exists(name)
        }
        from aoc2023.framework import store

        with contextlib.suppress(OSError):  # read-only: imported again next time
            store.write_json(self.path, {"version": _VERSION, "days": kept})
