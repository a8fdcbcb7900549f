"""`aoc list [YEAR]`: the days written so far, their examples, and which parts are solved.

"Solved" means aocd has cached the answer the site accepted, for the user of the
current session token; only local files are read, nothing is fetched. Each day's
module is imported (to read its examples), and a day that fails to import is
listed with the reason, so one broken day does not hide the others.
"""

from __future__ import annotations

import json
import pkgutil
import re
from dataclasses import asdict, dataclass, field
from typing import Any

from aoc2023.framework import config, registry
from aoc2023.framework.cache import PuzzleCache, cached_title
from aoc2023.framework.errors import AocError, ExitCode, UsageError
from aoc2023.framework.table import Cell, Column, render_table

_YEAR_PACKAGE = re.compile(r"aoc(\d{4})")


@dataclass(frozen=True)
class PartListing:
    part: int
    examples: int
    """How many of the day's examples declare an answer for this part."""
    answer_known: bool
    """Whether aocd has cached the answer the site accepted, for the current user."""


@dataclass(frozen=True)
class DayListing:
    year: int
    day: int
    title: str | None
    parts: tuple[PartListing, ...] = ()
    error: str | None = None


@dataclass
class Listing:
    days: list[DayListing] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


def registered_years() -> list[int]:
    """Years with a package: `aoc<year>` packages importable here, and the years named in
    the `aoc.years` entry-point group. Nothing is imported."""
    from importlib.metadata import entry_points

    years = {int(entry.name) for entry in entry_points(group=registry.YEARS_GROUP)
             if entry.name.isdigit()}
    for module in pkgutil.iter_modules():
        match = _YEAR_PACKAGE.fullmatch(module.name)
        if match and module.ispkg:
            years.add(int(match[1]))
    return sorted(year for year in years if year >= registry.FIRST_YEAR)


def _list_day(year: int, day: int, token: str | None) -> DayListing:
    try:
        solution_class = registry.load_day(year, day)
    except AocError as error:
        return DayListing(year, day, None, error=str(error))
    cache = PuzzleCache.for_token(token, year, day) if token else None
    parts = tuple(
        PartListing(
            part,
            sum(example.expected(part) is not None for example in solution_class.examples),
            cache is not None and cache.known_answer(part) is not None,
        )
        for part in registry.puzzle_parts(year, day)
    )
    title = solution_class.title or cached_title(year, day, cache.user_dir if cache else None)
    return DayListing(year, day, title, parts)


def list_days(year: int | None = None) -> Listing:
    """Every day of `year` that has a module (of every year with a package, without one)."""
    listing = Listing()
    if year is not None and year < registry.FIRST_YEAR:
        raise UsageError(f"Advent of Code started in {registry.FIRST_YEAR}; there is no {year}.")
    years = [year] if year is not None else registered_years()
    token = config.find_token()
    for each_year in years:
        try:
            days = registry.available_days(each_year)
        except AocError:
            raise
        except Exception as error:  # a year's package that does not import: say so, go on
            if year is not None:
                raise
            listing.notices.append(f"Could not list {each_year}: {type(error).__name__}: {error}")
            continue
        for day in days:
            listing.days.append(_list_day(each_year, day, token))
    if token is None:
        listing.notices.append(
            "No session token is set, so no answer is known: put your session cookie in "
            f"{config.token_file()} or export AOC_SESSION."
        )
    elif config.cached_user_id(token) is None:
        listing.notices.append(
            "aocd does not know yet whose session token this is, so no answer is known: "
            "running a day on your input (aoc run) teaches it."
        )
    if not listing.days:
        where = f"{year}" if year is not None else "any year"
        listing.notices.append(f"There are no days of {where} yet: add one with aoc new.")
    return listing


def exit_code(listing: Listing) -> ExitCode:
    """2 when a day could not be loaded, else 0."""
    broken = any(day.error for day in listing.days)
    return ExitCode.COULD_NOT_RUN if broken else ExitCode.OK


def to_json(listing: Listing) -> str:
    days: list[dict[str, Any]] = [asdict(day) for day in listing.days]
    return json.dumps({"days": days, "notices": listing.notices}, indent=2)


_COLUMNS = [
    Column("Day", "right"), Column("Title"), Column("Part 1 examples", "right"),
    Column("Part 2 examples", "right"), Column("Part 1 answer"), Column("Part 2 answer"),
]


def _examples_cell(part: PartListing | None) -> Cell:
    if part is None:
        return Cell("no part 2", "dim")
    return Cell(str(part.examples)) if part.examples else Cell("none", "yellow")


def _answer_cell(part: PartListing | None) -> Cell:
    if part is None:
        return Cell("no part 2", "dim")
    return Cell("✔ known", "green") if part.answer_known else Cell("? unknown", "yellow")


def _row(day: DayListing) -> list[Cell]:
    name = Cell(f"{day.year}/{day.day:02d}")
    if day.error:
        return [name, Cell("! could not load (below)", "red"), *[Cell("")] * 4]
    by_number: dict[int, PartListing] = {part.part: part for part in day.parts}
    first, second = by_number.get(1), by_number.get(2)
    return [name, Cell(day.title or ""), _examples_cell(first), _examples_cell(second),
            _answer_cell(first), _answer_cell(second)]


def render(listing: Listing, colour: bool) -> str:
    return render_table("Advent of Code: days", _COLUMNS, [_row(d) for d in listing.days], colour)


def problems(listing: Listing) -> list[str]:
    return [f"{day.year} day {day.day}: {day.error}" for day in listing.days if day.error]
