"""Find a day's `Solution` class without a registration list.

A year's days live in one package, one module per day (`dayNN.py`). The package
for a year is `aoc{year}` when it is importable; another installed package can
provide a year under any name by declaring it in the `aoc.years` entry-point
group (name: the year, value: the package). Running one day imports only that
day's module; listing a year imports nothing but the package.
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from typing import Any

from aoc2023.framework import calendar
from aoc2023.framework.errors import DayLoadError, MissingDayError, UsageError
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


def registered_years() -> list[int]:
    """Years with a package: `aoc<year>` packages importable here, and the years named in
    the `aoc.years` entry-point group. Nothing is imported."""
    from importlib.metadata import entry_points

    years = {int(entry.name) for entry in entry_points(group=YEARS_GROUP)
             if entry.name.isdigit()}
    for module in pkgutil.iter_modules():
        match = _YEAR_PACKAGE.fullmatch(module.name)
        if match and module.ispkg:
            years.add(int(match[1]))
    return sorted(year for year in years if year >= calendar.FIRST_YEAR)


def available_days(year: int) -> list[int]:
    """The days of `year` that have a module, found by file name (nothing is imported)."""
    package = importlib.import_module(year_package(year))
    days = []
    for module in pkgutil.iter_modules(getattr(package, "__path__", [])):
        match = _DAY_MODULE.fullmatch(module.name)
        if match:
            days.append(int(match[1]))
    return sorted(days)


def load_day(year: int, day: int) -> type[Solution[Any]]:
    """Import the one module of `year` `day` and return the class it registered."""
    module_name = f"{year_package(year)}.day{day:02d}"
    try:
        importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name == module_name:
            raise MissingDayError(year, day, module_name) from error
        raise DayLoadError(f"Could not import {module_name}: {error}") from error
    except Exception as error:
        raise DayLoadError(
            f"Could not import {module_name}: {type(error).__name__}: {error}"
        ) from error
    solution = REGISTRY.get((year, day))
    if solution is None:
        raise DayLoadError(f"{module_name} defines no Solution subclass for {year} day {day}.")
    return solution


def parse_days(spec: str | None, year: int) -> list[int]:
    """Days from the command line: `7`, `1-7`, `1,3,5` (or a mix, `1-3,7`).

    No spec means every day of the year that has a module.
    """
    calendar.check_year(year)
    if spec is None:
        days_found = available_days(year)
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
        if not 1 <= first <= end <= last:
            raise UsageError(f"Bad day list {spec!r}: days of {year} run from 1 to {last}.")
        days.update(range(first, end + 1))
    return sorted(days)
