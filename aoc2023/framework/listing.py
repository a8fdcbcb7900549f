"""`aoc list [YEARS]`: the days written so far, their examples, and which parts are solved.

"Solved" means aocd has cached the answer the site accepted, for the user of the
current session token; only local files are read, nothing is fetched. A day's
module is imported (to read its title and examples) only when the listing cache
(`registry.ListingCache`) has nothing for its file as it is now; a day that fails to import
is listed with the reason, so one broken day does not hide the others. aocd's token
memo is read once for all the days.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aoc2023.framework import calendar, registry
from aoc2023.framework.aocd import local, paths
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title
from aoc2023.framework.errors import AocError, DayLoadError
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.registry import Declared, ListingCache, package_stamp, stamp
from aoc2023.framework.results import CouldNotRun, ExitCode, could_not_run

# What `aoc list` finds; defined here, not beside the run's results, so that a run does
# not create these classes at import.


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
    final_star: bool | None = None
    """The last day of a year: whether its part 2, the final star, is known to be in (None
    on the other days)."""


@dataclass
class Listing:
    days: list[DayListing] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


def listing_exit_code(listing: Listing) -> ExitCode:
    """2 when a day or a year package could not be loaded, else 0."""
    broken = any(day.error for day in listing.days) or could_not_run(listing.notices)
    return ExitCode.COULD_NOT_RUN if broken else ExitCode.OK


def _declared(year: int, day: int, module: Path | None, package: list[Any],
              cache: ListingCache) -> Declared:
    """The day's title and examples per part: from the cache when its `dayNN` file
    (`module`) and its year package (as `package` stamps it) are unchanged, else from
    its class (imported; DayLoadError when it does not import)."""
    if module is not None:
        found = cache.get(module, year, day, package)
        if found is not None:
            return found
    module_stamp = stamp(module) if module is not None else None
    solution_class = registry.load_day(year, day)
    examples = solution_class.examples
    declared = Declared(year, day, solution_class.title, (
        sum(example.expected(1) is not None for example in examples),
        sum(example.expected(2) is not None for example in examples)))
    if module is not None and solution_class.__module__.rpartition(".")[2] == module.stem:
        cache.put(module, declared, module_stamp, package)
    return declared


def _files_in(folder: Path | None) -> frozenset[str]:
    """The names in the user's cache folder: one listing, where looking for each day's
    answer files would be two failed opens a day."""
    try:
        return frozenset(os.listdir(folder)) if folder is not None else frozenset()
    except OSError:  # no folder yet (nothing cached), or one that cannot be listed
        return frozenset()


def _list_day(year: int, day: int, module: Path | None, package: list[Any],
              user_dir: Path | None, user_files: frozenset[str],
              cache: ListingCache) -> DayListing:
    try:
        declared = _declared(year, day, module, package, cache)
    except AocError as error:
        return DayListing(year, day, None, error=str(error))
    puzzle = PuzzleCache(year, day, user_dir) if user_dir is not None else None
    parts = tuple(
        PartListing(part, declared.examples[part - 1],
                    puzzle is not None and puzzle.answer_path(part).name in user_files
                    and puzzle.known_answer(part) is not None)
        for part in calendar.puzzle_parts(year, day)
    )
    title = declared.title or cached_title(year, day, user_dir)
    final_star = None
    if day == calendar.days_in_year(year):
        final_star = puzzle is not None and puzzle.answer_path(2).name in user_files \
            and puzzle.known_answer(2) is not None
    return DayListing(year, day, title, parts, final_star=final_star)


def final_star_notice(day: DayListing, user_dir: Path) -> str | None:
    """For a last day whose part 1 is solved and whose final star is not in: which stars are
    still missing, as far as is known here (no request: `aoc run` asks the site)."""
    if day.final_star is not False or not any(p.part == 1 and p.answer_known for p in day.parts):
        return None
    from aoc2023.framework.aocd.stars import describe_missing, local_stars

    known = local_stars(user_dir, day.year)
    missing = known.missing()
    run = aoc_command("run", day.year, day.day)
    if not missing:
        return (f"{day.year}: every other star is in: {run} claims the "
                "final star.")
    if not known.fetched_at:  # never read from the site: aocd's cache alone proves little
        return (f"{day.year}: the final star (day {day.day} part 2) is not known to be in: "
                f"{run} reads your stars on the site, and claims it "
                "when every other star is in.")
    return (f"{day.year}: the final star (day {day.day} part 2) waits: "
            f"{describe_missing(missing)} (as far as aoc knows; {run} "
            "asks the site).")


def list_days(asked: Sequence[int] | None = None) -> Listing:
    """Every day that has a module, of the years `asked` (of every year with a package,
    without them). A package that does not import is an error when it is the one year
    asked for, and a notice among several (the other years are still listed)."""
    listing = Listing()
    for year in asked or ():
        calendar.check_year(year)
    cache = ListingCache.load()
    years = (list(asked) if asked is not None else
             registry.registered_years(lambda: cache.entry_point_years(
                 registry.entry_point_years)))
    token = local.find_token()
    user_id = paths.cached_user_id(token) if token is not None else None
    user_dir = paths.data_dir() / user_id if user_id is not None else None
    user_files = _files_in(user_dir)
    for each_year in years:
        try:
            files = registry.year_files(each_year)
            days = registry.available_days(each_year, listing.notices)
        except DayLoadError as error:  # a year package that does not import: said, go on
            if len(years) == 1 and asked is not None:
                raise
            listing.notices.append(CouldNotRun(f"Could not list {each_year}: {error}"))
            continue
        package = package_stamp(files.folders)
        for day in days:
            module = files.days.get(day)
            listing.days.append(_list_day(each_year, day, Path(module) if module else None, package,
                                          user_dir, user_files, cache))
    cache.save()
    if user_dir is not None:
        listing.notices.extend(filter(None, (final_star_notice(day, user_dir)
                                             for day in listing.days)))
    if token is None:
        listing.notices.append(
            f"{local.no_token_sentence()}, so no answer is known: put your session cookie "
            "in one of those files or export AOC_SESSION."
        )
    elif user_id is None:
        listing.notices.append(
            "aocd does not know yet whose session token this is, so no answer is known: "
            f"running a day on your input ({aoc_command('run', 'YEAR', 'DAY')}) teaches it."
        )
    if not listing.days:
        where = " or ".join(map(str, years)) if asked is not None else "any year"
        listing.notices.append(f"There are no days of {where} yet: add one with "
                                f"{aoc_command('new', 'YEAR', 'DAY')}.")
    return listing
