"""Find a day's `Solution` class without a registration list.

A year's days live in one package, usually one module per day (`dayNN.py`). The
package for a year is `aoc{year}` when it is importable; another installed package
can provide a year under any name by declaring it in the `aoc.years` entry-point
group (name: the year, value: the package).

Running one day imports only its `dayNN` module when there is one. A day may also
live in a module of any other name, so the year's other modules (helpers included,
which define no day and so are never taken for one) are imported when a day has no
`dayNN` module, and when the whole year is listed or run. Modules whose names start
with `_` (such as `__main__`) are never imported this way.
"""

from __future__ import annotations

import functools
import importlib
import importlib.util
import os
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aoc2023.framework import calendar
from aoc2023.framework.errors import DayLoadError, MissingDayError, UsageError
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.solution import REGISTRY, Solution

YEARS_GROUP = "aoc.years"
_DAY_MODULE = re.compile(r"day(\d{2})$")
_YEAR_PACKAGE = re.compile(r"aoc(\d{4})")


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
    every module of the standard library too (about 70 ms). Nothing is imported."""
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
    reading them imports `importlib.metadata` and every package's metadata (tens of ms),
    so `aoc list` keeps them in its cache (`listing_cache`)."""
    from importlib.metadata import entry_points

    return {int(entry.name) for entry in entry_points(group=YEARS_GROUP)
            if entry.name.isdigit()}


def registered_years(declared: Callable[[], set[int]] = entry_point_years) -> list[int]:
    """Years with a package: `aoc<year>` packages importable here, and the years named in
    the `aoc.years` entry-point group (as `declared` finds them). Nothing is imported."""
    years = package_years() | declared()
    return sorted(year for year in years if year >= calendar.FIRST_YEAR)


def day_of_module(name: str) -> int | None:
    """The day a module named `dayNN` holds (its last dotted part), else None."""
    match = _DAY_MODULE.fullmatch(name.rpartition(".")[2])
    return int(match[1]) if match else None


def module_files(package_name: str) -> dict[str, str]:
    """The package's public modules (`name.py`; `_private` ones left out), by name, with
    their files: one listing of each of its folders, the first folder winning. Cheaper
    than `pkgutil.iter_modules`, which inspects each entry (a year of 25 days is listed
    two or three times a command)."""
    package = importlib.import_module(package_name)
    files: dict[str, str] = {}
    for folder in reversed(getattr(package, "__path__", [])):
        try:
            names = os.listdir(folder)
        except OSError:
            continue
        folder = os.path.abspath(folder)
        for name in names:
            stem = name.removesuffix(".py")
            if name.endswith(".py") and stem.isidentifier() and not stem.startswith("_"):
                files[stem] = os.path.join(folder, name)
    return files


def _other_modules(package_name: str) -> list[str]:
    """The year package's modules that are not named `dayNN` (nor private)."""
    return [f"{package_name}.{name}" for name in module_files(package_name)
            if not _DAY_MODULE.fullmatch(name)]


def _import_other_modules(year: int, problems: list[str] | None) -> None:
    """Import the modules where days of any name may live; a module that fails to import
    is one sentence in `problems` (when given), and the others are still imported."""
    for name in _other_modules(year_package(year)):
        try:
            importlib.import_module(name)
        except Exception as error:
            if problems is not None:
                problems.append(f"Could not import {name}: {type(error).__name__}: {error}")


def available_days(year: int, problems: list[str] | None = None) -> list[int]:
    """The days of `year`: those with a `dayNN` module (found by file name, not imported)
    and those defined in the year's other modules (which are imported to find them)."""
    days = {int(match[1]) for name in module_files(year_package(year))
            if (match := _DAY_MODULE.fullmatch(name))}
    _import_other_modules(year, problems)
    days.update(day for each_year, day in REGISTRY if each_year == year)
    return sorted(days)


def day_module_files(year: int) -> dict[int, Path]:
    """The source file of each of the year's `dayNN` modules, by day: one listing of the
    package's folder (nothing imported but the year's package)."""
    return {int(match[1]): Path(path) for name, path in module_files(year_package(year)).items()
            if (match := _DAY_MODULE.fullmatch(name))}


def day_module_name(year: int, day: int) -> str:
    return f"{year_package(year)}.day{day:02d}"


def load_day(year: int, day: int) -> type[Solution[Any]]:
    """The class of `year` `day`: from its `dayNN` module, else from any other module."""
    module_name = day_module_name(year, day)
    try:
        importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name != module_name:
            raise DayLoadError(f"Could not import {module_name}: {error}") from error
        problems: list[str] = []
        if (year, day) not in REGISTRY:
            _import_other_modules(year, problems)
        if (year, day) not in REGISTRY:
            missing = MissingDayError(year, day, module_name)
            if problems:
                raise DayLoadError(f"{missing} {' '.join(problems)}") from error
            raise missing from error
    except Exception as error:
        raise DayLoadError(
            f"Could not import {module_name}: {type(error).__name__}: {error}"
        ) from error
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
    # package's entry points (tens of ms), which `aoc run 2023 7` does not need.
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


def parse_days(spec: str | None, year: int, problems: list[str] | None = None,
               clip: bool = False) -> list[int]:
    """Days from the command line: `7`, `1-7`, `1,3,5` (or a mix, `1-3,7`).

    No spec means every day of the year that has a module (modules that fail to import
    while looking are sentences in `problems`). `clip` (for several years, whose
    calendars differ: 2025 has 12 days) keeps of each range the days the year has,
    refusing only a list of which the year has none.
    """
    calendar.check_year(year)
    if spec is None:
        days_found = available_days(year, problems)
        if not days_found:
            raise UsageError(f"There are no days of {year} yet: add one with a dayNN.py module.")
        return days_found
    last = calendar.days_in_year(year)
    days: set[int] = set()
    for chunk in spec.split(","):
        match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", chunk)
        if match is None:
            raise UsageError(
                f"Bad day list {spec!r}: use a day (7), a range (1-7) or a list (1,3,5)."
            )
        first, end = int(match[1]), int(match[2] or match[1])
        if clip and 1 <= first <= last < end:
            end = last
        if clip and 1 <= last < first <= end:
            continue
        if not 1 <= first <= end <= last:
            # `aoc run 2019 2018`: a second year where the days go.
            hint = (f" For several years, join them: {year},{first}."
                    if match[2] is None and first >= calendar.FIRST_YEAR else "")
            raise UsageError(
                f"Bad day list {spec!r}: days of {year} run from 1 to {last}.{hint}")
        days.update(range(first, end + 1))
    if not days:
        raise UsageError(f"Bad day list {spec!r}: days of {year} run from 1 to {last}.")
    return sorted(days)
