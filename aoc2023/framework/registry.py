"""The days and variants defined, which file is which day's, the one guarded import of a
year's modules, and what each day declares, kept by file stamp for `aoc list`.

A `Solution` subclass registers itself as it is defined (`register`); a year is the package
`aoc{year}`, or one an installed package names in the `aoc.years` entry-point group;
`files_of` is the one rule mapping files to days (docs/how-to/write-a-day.md).
"""

from __future__ import annotations

import contextlib
import functools
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, NamedTuple, NoReturn

from aoc2023.framework import calendar, solution, store
from aoc2023.framework.errors import DayLoadError, MissingDayError, Terminated, UsageError
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.solution import DeclarationError, Solution

YEARS_GROUP = "aoc.years"
_LOOKS_LIKE_A_DAY = re.compile(r"day[\W_]*0*(\d{1,2})[a-z]?", re.IGNORECASE)
"""A name a day's author may mean as a day's (`day_07`, `Day07`, `day7a`), which the rule
skips: said in a hint, never skipped in silence."""
_YEAR_PACKAGE = re.compile(r"aoc(\d{4})")
_VARIANT_MODULE = re.compile(r"_day\d{2}_\w+(?<!_test)")
"""A module of a day's variants beside the day (`_day07_fast.py`): imported with the day's
own module; the underscore keeps the day's naming rule from reading it as a day. One
whose name ends `_test` (`_day07_test.py`) holds the day's own tests, pytest's to
collect (`*_test.py`), and is never imported by aoc."""
_VARIANT_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.-]*")

REGISTRY: dict[tuple[int, int], type[Solution[Any]]] = {}
"""Every day defined so far, by (year, day). Filled by subclassing `Solution`."""

VARIANTS: dict[tuple[int, int], dict[str, type[Solution[Any]]]] = {}
"""Every variant defined so far, by (year, day), then by name in the order declared."""

MAIN = "main"
"""The name the main implementation of a day goes by beside its variants."""


def register(cls: type[Solution[Any]], variant: str | None, year: int | None,
             day: int | None) -> None:
    """Register `cls` as its class is defined (`Solution.__init_subclass__`), under the year
    and day it sets, else those its module's name gives (`year`, `day`); a variant under
    the day it sets, else the day it subclasses. A TypeError, raised as the class is
    defined, fails its module alone (`import_module`)."""
    own = cls.__dict__
    if variant is not None:
        _register_variant(cls, variant, own.get("year", getattr(cls, "year", year)),
                          own.get("day", getattr(cls, "day", day)))
        return
    cls.variant = None
    year, day = own.get("year", year), own.get("day", day)
    if day is None and (year is None or "year" not in own):
        return  # a helper base class, or a class in a helper module: not a day itself
    if year is None or day is None:
        raise TypeError(f"{cls.__qualname__} must set both `year` and `day` (or neither)")
    cls.year, cls.day = int(year), int(day)
    _claim(REGISTRY, (cls.year, cls.day), cls, f"both claim {cls.year} day {cls.day}")


solution.registrar = register


def _register_variant(
    cls: type[Solution[Any]], name: str, year: int | None, day: int | None
) -> None:
    if not isinstance(name, str) or not _VARIANT_NAME.fullmatch(name) or name == MAIN:
        raise TypeError(f"{cls.__qualname__}: a variant's name is letters, digits, '-', '_' "
                        f"or '.' (and not {MAIN!r}), not {name!r}")
    if year is None or day is None:
        raise TypeError(f"{cls.__qualname__} is a variant of no day: subclass the day's class, "
                        "define it in the day's module, or set `year` and `day`")
    cls.year, cls.day, cls.variant = int(year), int(day), name
    _claim(VARIANTS.setdefault((cls.year, cls.day), {}), name, cls,
           f"are both variant {name!r} of {year} day {day}")


def _claim(table: dict[Any, type[Solution[Any]]], key: Any, cls: type[Solution[Any]],
           clash: str) -> None:
    """Put `cls` in `table` under `key`, unless another class is there already. The same
    class defined again (a module imported a second time, as pytest may) replaces it."""
    previous = table.get(key)
    if previous is not None and previous.__qualname__ != cls.__qualname__:
        raise TypeError(f"{cls.__module__}.{cls.__qualname__} and "
                        f"{previous.__module__}.{previous.__qualname__} {clash}")
    table[key] = cls


class Implementation(NamedTuple):
    """One way a day is solved: its main class or one of its variants, by name.

    What `aoc run --variants` runs and what a benchmark times side by side; `steps`
    gives its parse and parts as plain callables, for code that times them itself.
    """

    name: str
    solution_class: type[Solution[Any]]

    def steps(self, extra: Mapping[str, Any] | None = None) -> dict[str, Callable[[Any], Any]]:
        """The steps, bound to a fresh instance: "parse" (text to parsed input), then
        "part 1" and "part 2" (parsed input to answer), or "parts 1+2" (to `solve`'s
        pair or generator) for a day that solves both at once."""
        solution = self.solution_class(extra=extra)
        if self.solution_class.solves_both_at_once():
            return {"parse": solution.parse, "parts 1+2": solution.solve}
        return {"parse": solution.parse, "part 1": solution.part_1, "part 2": solution.part_2}


def variants_of(solution_class: type[Solution[Any]]) -> list[type[Solution[Any]]]:
    """The variants declared for the day of `solution_class`, in the order declared."""
    key = (solution_class.year, solution_class.day)
    return list(VARIANTS.get(key, {}).values())


def implementations(solution_class: type[Solution[Any]]) -> list[Implementation]:
    """The day's main implementation (named `MAIN`), then each of its variants."""
    return [Implementation(MAIN, solution_class)] + [
        Implementation(variant.variant or MAIN, variant) for variant in variants_of(solution_class)
    ]




def year_package(year: int) -> str:
    conventional = f"aoc{year}"
    if importlib.util.find_spec(conventional) is not None:
        return conventional
    from importlib.metadata import entry_points

    for entry_point in entry_points(group=YEARS_GROUP, name=str(year)):
        return entry_point.value
    raise UsageError(
        f"No days for {year}: there is no package {conventional} and no installed package "
        f"names {year} in the '{YEARS_GROUP}' entry-point group."
    )


def package_years() -> set[int]:
    """Years with an `aoc<year>` package (a folder with an `__init__.py`) in a folder on
    the path: one listing of each folder, where `pkgutil.iter_modules` would inspect
    every module of the standard library too (benchmarks/README.md, `startup_tricks.py`).
    Nothing is imported."""
    years = set()
    for entry in sys.path:
        folder = entry or "."
        try:
            names = os.listdir(folder)
        except OSError:  # a zip file, a folder gone: no year package there
            continue
        for name in names:
            match = _YEAR_PACKAGE.fullmatch(name)
            if match and os.path.isfile(os.path.join(folder, name, "__init__.py")):
                years.add(int(match[1]))
    return years


def entry_point_years() -> set[int]:
    """The years named in the `aoc.years` entry-point group of the installed packages:
    reading them imports `importlib.metadata` and every package's metadata, so `aoc list`
    keeps them in its cache (`ListingCache`; benchmarks/README.md, `startup_tricks.py`)."""
    from importlib.metadata import entry_points

    return {int(entry.name) for entry in entry_points(group=YEARS_GROUP)
            if entry.name.isdigit()}


def registered_years(declared: Callable[[], set[int]] = entry_point_years) -> list[int]:
    """Years with a package: `aoc<year>` packages importable here, and the years named in
    the `aoc.years` entry-point group (as `declared` finds them). Nothing is imported."""
    years = package_years() | declared()
    return sorted(year for year in years if year >= calendar.FIRST_YEAR)


def day_of_module(name: str) -> int | None:
    """The day a module named `dayNN` (or `dayN`) holds (its last dotted part), else None:
    the naming rule, as `Solution` reads a day from its module's name. (String tests, not
    a regular expression: a year's every file passes here each time a day is loaded.)"""
    stem = name.rpartition(".")[2]
    number = stem[3:]
    if stem.startswith("day") and 1 <= len(number) <= 2 and number.isdecimal():
        return int(number)
    return None


class YearFiles(NamedTuple):
    """A year package's modules as the one naming rule maps them to days (`year_files`):
    what `aoc run`, `aoc list`, `aoc new` and the pytest plugin all go by. Files are
    absolute paths as strings: a year is mapped at each day loaded, and a `Path` for
    each of its files would cost ten times the listing."""

    package: str
    folders: tuple[str, ...]
    """The package's folders, the first winning where two hold one name."""
    days: dict[int, str]
    """The file of each day that one module claims by its name (`day07.py`, `day7.py`)."""
    clashes: dict[int, tuple[str, ...]]
    """The days that two or more modules claim by name: refused, naming them all."""
    others: dict[str, str]
    """The other public modules' files, by name: where days of any name (and helpers)
    live."""
    lookalikes: dict[str, int]
    """Files named like a day that the rule skips (`day_07.py`, `Day07.py`), with the day."""
    variants: dict[int, tuple[str, ...]]
    """Modules of a day's variants beside it (`_day07_fast.py`), imported with the day's."""

    def module(self, path: str) -> str:
        return f"{self.package}.{_stem(path)}"

    def clash(self, day: int) -> str | None:
        """The sentence refusing `day` when several modules claim it, else None."""
        files = self.clashes.get(day)
        if files is None:
            return None
        shown = ", ".join(map(_shown, files[:-1])) + f" and {_shown(files[-1])}"
        return (f"Two modules claim day {day}, {shown}: keep one (day{day:02d}.py) and "
                "rename or delete the other.")

    def hint_for(self, path: str) -> str:
        """The sentence naming a file of `lookalikes`: it looks like a day but is none."""
        day = self.lookalikes[path]
        return (f"{_shown(path)} looks like a day but is not named dayNN.py; "
                f"rename it day{day:02d}.py.")

    def unused_lookalikes(self) -> list[str]:
        """The look-alike files that define no day once imported (a file that sets its
        `day` itself, or holds a variant, is a day's after all)."""
        if not self.lookalikes:
            return []
        defined = {cls.__module__ for cls in REGISTRY.values()}
        defined.update(cls.__module__ for by_name in VARIANTS.values()
                       for cls in by_name.values())
        return [path for path in sorted(self.lookalikes) if self.module(path) not in defined]


def _stem(path: str) -> str:
    return os.path.basename(path).removesuffix(".py")


def _shown(path: str) -> str:
    """A file of a year package as a sentence names it: `aoc2023/day07.py`."""
    folder, name = os.path.split(path)
    return f"{os.path.basename(folder)}/{name}"


def files_of(package: str, folders: Iterable[str | Path]) -> YearFiles:
    """The one mapping of a year package's files (in `folders`, the first folder winning,
    as imports go) to days. Nothing is imported: one listing of each folder."""
    absolute = tuple(os.path.abspath(folder) for folder in folders)
    modules: dict[str, str] = {}
    lookalikes: dict[str, int] = {}
    variants: dict[str, str] = {}
    for folder in reversed(absolute):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        for name in names:
            stem = name.removesuffix(".py")
            if name.endswith(".py") and _VARIANT_MODULE.fullmatch(stem):
                variants[stem] = os.path.join(folder, name)
            if not name.endswith(".py") or stem.startswith("_"):
                continue
            path = os.path.join(folder, name)
            if stem.isidentifier():
                modules[stem] = path
            if (stem[:3].lower() == "day" and day_of_module(stem) is None
                    and (looks := _LOOKS_LIKE_A_DAY.fullmatch(stem))):
                lookalikes[path] = int(looks[1])
    claims: dict[int, list[str]] = {}
    others: dict[str, str] = {}
    for stem, path in sorted(modules.items()):
        day = day_of_module(stem)
        if day is None:
            others[stem] = path
        else:
            claims.setdefault(day, []).append(path)
    return YearFiles(
        package, absolute,
        days={day: paths[0] for day, paths in claims.items() if len(paths) == 1},
        clashes={day: tuple(paths) for day, paths in claims.items() if len(paths) > 1},
        others=others,
        lookalikes={path: day for path, day in lookalikes.items()
                    if not _stem(path).isidentifier() or modules.get(_stem(path)) == path},
        variants=_by_day(variants),
    )


def _by_day(variants: dict[str, str]) -> dict[int, tuple[str, ...]]:
    days: dict[int, list[str]] = {}
    for stem, path in sorted(variants.items()):
        days.setdefault(int(stem[4:6]), []).append(path)
    return {day: tuple(paths) for day, paths in days.items()}


def year_files(year: int) -> YearFiles:
    """The year's package, imported (DayLoadError, naming it, when it does not import),
    and its files mapped to days (`files_of`)."""
    package_name = year_package(year)
    _year_packages.add(package_name)
    package = import_module(package_name, f"the year package {package_name}")
    return files_of(package_name, getattr(package, "__path__", []))


_FRAMEWORK = __name__.rpartition(".")[0]
_year_packages: set[str] = set()
"""The year packages this process has mapped (`year_files`): whose modules
`days_forgotten` may drop."""


def _of_a_year(name: str) -> bool:
    """Whether module `name` is a year package's, or one of its modules (the framework's
    own, which live in the package of 2023, are not)."""
    if name == _FRAMEWORK or name.startswith(_FRAMEWORK + "."):
        return False
    return any(name == package or name.startswith(package + ".") for package in _year_packages)


@contextlib.contextmanager
def days_forgotten() -> Iterator[None]:
    """On the way out, forget what the block imported of the year packages (days, helpers,
    sub-packages) and the days it registered, so that the next import reads the files as
    they are saved then, as a fresh process would: for `aoc` called from code again and
    again. What was imported before the block stays as it was."""
    before = set(sys.modules)
    registered = dict(REGISTRY)
    variants = {key: dict(by_name) for key, by_name in VARIANTS.items()}
    try:
        yield
    finally:
        for name in sorted((m for m in list(sys.modules) if m not in before and _of_a_year(m)),
                           reverse=True):
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
    """Import `name`, a year package or one of its modules: whatever its code raises but
    Ctrl-C and SIGTERM (`sys.exit()`, argparse meeting aoc's own arguments included) is
    a DayLoadError naming it (`what`, else the module), so that it fails alone. The days
    it registered before failing are forgotten with it."""
    try:
        with recursion_limit_kept(), _no_command_line():
            return importlib.import_module(name)
    except (KeyboardInterrupt, Terminated):
        raise
    except BaseException as error:  # a module's own failure, whatever it is
        _forget(name)
        raise DayLoadError(f"Could not import {what or name}: {_why(error)}") from error


@contextlib.contextmanager
def recursion_limit_kept() -> Iterator[None]:
    """Run a day's code (an import, a step) so that it cannot lower the recursion limit
    under aoc's own code after it (the rest of the run, the report): a limit the code
    lowered goes back up on the way out. One it raised is kept, as days that recurse
    deep raise it in one step and count on it in the next."""
    depth = sys.getrecursionlimit()
    try:
        yield
    finally:
        if sys.getrecursionlimit() < depth:
            sys.setrecursionlimit(depth)


class _ParserExit(SystemExit):
    """argparse refusing a command line while a module is imported (its message, unsaid)."""


@contextlib.contextmanager
def _no_command_line() -> Iterator[None]:
    """Import a module as a script started with no arguments: `sys.argv` holds only the
    program's name, since aoc's own arguments (`2016 --example`) are not the module's; and
    an argparse parser that still refuses (a required argument) exits without printing
    its usage, so that the sentence `import_module` makes is the one said."""
    import argparse

    def refuse(self: argparse.ArgumentParser, message: str) -> NoReturn:
        raise _ParserExit(f"{self.prog}: error: {message}")

    argv, error = sys.argv, argparse.ArgumentParser.error
    sys.argv = argv[:1]
    argparse.ArgumentParser.error = refuse  # type: ignore[method-assign]
    try:
        yield
    finally:
        sys.argv = argv
        argparse.ArgumentParser.error = error  # type: ignore[method-assign]


def _why(error: BaseException) -> str:
    if isinstance(error, DeclarationError):  # its sentence names the class and attribute
        return str(error)
    if isinstance(error, _ParserExit):
        return (f"its argparse parser refused the command line while it was imported "
                f"({error.code}), as a module of a year is imported with no arguments")
    if isinstance(error, SystemExit):
        return f"it called sys.exit({error.code!r}) while being imported"
    return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__


def _forget(name: str) -> None:
    """Drop the days and variants that a module which failed to import registered."""
    def of_it(cls: type[Solution[Any]]) -> bool:
        return cls.__module__ == name or cls.__module__.startswith(name + ".")

    for key in [key for key, cls in REGISTRY.items() if of_it(cls)]:
        del REGISTRY[key]
    for by_name in VARIANTS.values():
        for variant in [variant for variant, cls in by_name.items() if of_it(cls)]:
            del by_name[variant]


def _import_other_modules(files: YearFiles, problems: list[str] | None) -> None:
    """Import the modules where days of any name may live; a module that fails to import
    is one sentence in `problems` (when given), and the others are still imported."""
    for stem in files.others:
        try:
            import_module(f"{files.package}.{stem}")
        except DayLoadError as error:
            if problems is not None:
                problems.append(str(error))


def available_days(year: int, problems: list[str] | None = None) -> list[int]:
    """The days of `year`: those a module claims by name (found by file name, not
    imported; several modules claiming one day included, so that the day is shown and
    refused) and those defined in the year's other modules (imported to find them).
    A module that fails to import, and a file named like a day that defines none, are
    each one sentence in `problems`."""
    files = year_files(year)
    _import_other_modules(files, problems)
    if problems is not None:
        problems.extend(map(files.hint_for, files.unused_lookalikes()))
    days = {*files.days, *files.clashes}
    days.update(day for each_year, day in REGISTRY if each_year == year)
    return sorted(days)


def day_module_name(year: int, day: int) -> str:
    return f"{year_package(year)}.day{day:02d}"


def load_day(year: int, day: int) -> type[Solution[Any]]:
    """The class of `year` `day`: from the module its name gives it, else from any other
    module. A day that two modules claim is refused, naming both; any failure of its
    module (or of its year package) is a DayLoadError naming it."""
    files = year_files(year)
    clash = files.clash(day)
    if clash is not None:
        raise DayLoadError(clash)
    path = files.days.get(day)
    module_name = files.module(path) if path is not None else day_module_name(year, day)
    if path is not None:
        import_module(module_name)
        for variant in files.variants.get(day, ()):
            import_module(files.module(variant))
    elif (year, day) not in REGISTRY:
        problems: list[str] = []
        _import_other_modules(files, problems)
        if (year, day) not in REGISTRY:
            hints = [files.hint_for(path) for path in files.unused_lookalikes()
                     if files.lookalikes[path] == day]
            missing = MissingDayError(year, day, module_name, " ".join(hints) or None)
            if problems:
                raise DayLoadError(f"{missing} {' '.join(problems)}")
            raise missing
    solution = REGISTRY.get((year, day))
    if solution is None:
        raise DayLoadError(f"{module_name} defines no Solution subclass for {year} day {day}.")
    return solution


def parse_years(spec: str) -> list[int]:
    """Years from the command line: `2023`, `2015-2024`, `2018,2019` (or a mix), or `all`.

    A year named alone is taken as asked (one with no package is refused when it runs,
    as before); a range and `all` cover the registered years within them, since a range
    says "whichever of these I have", and it is refused when it covers none.
    """
    text = spec.strip().lower()
    # Read only for `all` and a range: finding the registered years reads every installed
    # package's entry points, which `aoc run 2023 7` does not need (benchmarks/README.md,
    # `startup_tricks.py`).
    registered = functools.cache(registered_years)
    if text == "all":
        if not registered():
            raise UsageError("There are no years with days yet: add a day with "
                             f"{aoc_command('new', 'YEAR', 'DAY')}.")
        return registered()
    years: set[int] = set()
    for chunk in text.split(","):
        match = re.fullmatch(r"\s*(\d{4})\s*(?:-\s*(\d{4})\s*)?", chunk)
        if match is None:
            raise UsageError(f"Bad year list {spec!r}: use a year (2023), a range (2015-2024), "
                             "a list (2018,2019) or all.")
        first, end = int(match[1]), int(match[2] or match[1])
        calendar.check_year(first)
        if end < first:
            raise UsageError(f"Bad year list {spec!r}: the range {first}-{end} runs backwards.")
        if match[2] is None:
            years.add(first)
            continue
        covered = [year for year in registered() if first <= year <= end]
        if not covered:
            raise UsageError(f"No year from {first} to {end} has days yet.")
        years.update(covered)
    return sorted(years)


# --- what each day declares, kept for aoc list ------------------------------------------
# Kept by the stamp (mtime in ns, size) of the day's file and of every file under its
# year package (`package_stamp`), so that `aoc list` imports only the days that changed; a
# day that fails to import is never kept. The entry-point years are kept by the stamps of
# the folders on the path. One JSON file (`store.listing_cache_file`), keyed by each
# module's absolute path; one that cannot be read is a miss, one that cannot be written
# is skipped. Why a cache and not a reading of the source: docs/explanation/cache.md.

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
        with contextlib.suppress(OSError):  # a read-only folder: days imported again next time
            store.write_json(self.path, {"version": _VERSION, "days": kept})
