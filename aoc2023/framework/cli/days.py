"""YEARS DAYS, as `aoc run` and `aoc bench` take them, resolved once: the (year, day) pairs
asked for, and the notices of what was left out.

Every command that takes YEARS DAYS goes through `days_asked` before anything runs, so a
bad day list is said once, in one sentence, whatever its options then do with the days
(--wait, --input, --watch, --memory-flame, --history); the flow below (`inputs`, `runner`,
`bench`) is handed the pairs and never reads the command line's words. Whether a day asked
for has a solution is not decided here: that takes importing the year's modules (a day may
live in a module of any name), so it is found when the day is looked up
(`registry.load_day`, MissingDayError), and `aoc run 2023 8 --watch` starts before day 8
is written.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from aoc2023.framework import calendar, registry
from aoc2023.framework.cli.common import fail, years_asked
from aoc2023.framework.errors import DayLoadError, UsageError
from aoc2023.framework.results import CouldNotRun


class DaysAsked(NamedTuple):
    """What YEARS DAYS ask for, resolved."""

    years: tuple[int, ...]
    spec: str | None
    """DAYS as typed (None: every day each year has): what each pass of a watch, a process
    of its own, resolves again, so that a day added meanwhile is run."""
    days: tuple[tuple[int, int], ...]
    """The (year, day) pairs, year after year, each year's days in order."""
    notices: tuple[str, ...] = ()
    """What was left out: a year without those days, a module that failed to import while
    the days were listed; `CouldNotRun` for a year package that does not import."""


def days_asked(years_spec: str, spec: str | None, verbose: bool) -> DaysAsked:
    """YEARS and DAYS as the command line gave them, resolved (`resolve`), or the one
    sentence of what is wrong with them and exit 2."""
    years = years_asked(years_spec, verbose)
    try:
        return resolve(years, spec)
    except Exception as error:
        fail(error, verbose)


def resolve(years: Sequence[int], spec: str | None) -> DaysAsked:
    """The days `spec` names in each of `years`.

    Of several years, each gets the days it has (`aoc run 2015-2025 1-25`: 2025's 1-12);
    one that has none of them (`20`) or no days at all is skipped, in one notice, and a
    year package that does not import is skipped too (a `CouldNotRun` notice: exit 2). A
    year asked alone, or a day list no year has, is refused (UsageError); so is a year
    package that does not import when no other year has days (DayLoadError).
    """
    notices: list[str] = []
    asked: list[tuple[int, int]] = []
    refused: list[tuple[int, UsageError]] = []
    broken: list[DayLoadError] = []
    several = len(years) > 1
    for year in years:
        try:
            asked += [(year, day) for day in days_of(spec, year, notices, clip=several)]
        except UsageError as error:
            refused.append((year, error))
        except DayLoadError as error:  # a year package that does not import fails alone
            broken.append(error)
            notices.append(CouldNotRun(f"Could not run {year}: {error}"))
    if broken and not asked:
        raise broken[0]
    if refused and (not several or not asked):
        raise refused[0][1]
    if refused:
        skipped = ", ".join(str(year) for year, _ in refused)
        notices.append(f"No day(s) {spec} in {skipped}: skipped." if spec
                       else f"No days yet in {skipped}: skipped.")
    return DaysAsked(tuple(years), spec, tuple(asked), tuple(notices))


def days_of(spec: str | None, year: int, problems: list[str] | None = None,
            clip: bool = False) -> list[int]:
    """The days of `year` that `spec` names (`parse_days`); no spec, every day of the year
    that has a module (modules that fail to import while looking are sentences in
    `problems`), refused when it has none."""
    if spec is not None:
        return parse_days(spec, year, clip)
    calendar.check_year(year)
    found = registry.available_days(year, problems)
    if not found:
        raise UsageError(f"There are no days of {year} yet: add one with a dayNN.py module.")
    return found


def parse_days(spec: str, year: int, clip: bool = False) -> list[int]:
    """Days from the command line: `7`, `1-7`, `1,3,5` (or a mix, `1-3,7`), against the
    year's calendar, importing nothing. `clip` (for several years, whose calendars
    differ: 2025 has 12 days) keeps of each range the days the year has, refusing only a
    list of which the year has none."""
    calendar.check_year(year)
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
