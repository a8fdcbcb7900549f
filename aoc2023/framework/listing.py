"""`aoc list [YEAR]`: the days written so far, their examples, and which parts are solved.

"Solved" means aocd has cached the answer the site accepted, for the user of the
current session token; only local files are read, nothing is fetched. Each day's
module is imported (to read its examples), and a day that fails to import is
listed with the reason, so one broken day does not hide the others.
"""

from __future__ import annotations

from aoc2023.framework import calendar, registry
from aoc2023.framework.aocd import paths
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title
from aoc2023.framework.errors import AocError
from aoc2023.framework.results import DayListing, Listing, PartListing


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
        for part in calendar.puzzle_parts(year, day)
    )
    title = solution_class.title or cached_title(year, day, cache.user_dir if cache else None)
    return DayListing(year, day, title, parts)


def list_days(year: int | None = None) -> Listing:
    """Every day of `year` that has a module (of every year with a package, without one)."""
    listing = Listing()
    if year is not None:
        calendar.check_year(year)
    years = [year] if year is not None else registry.registered_years()
    token = paths.find_token()
    for each_year in years:
        try:
            days = registry.available_days(each_year, listing.notices)
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
            f"{paths.no_token_sentence()}, so no answer is known: put your session cookie "
            "in one of those files or export AOC_SESSION."
        )
    elif paths.cached_user_id(token) is None:
        listing.notices.append(
            "aocd does not know yet whose session token this is, so no answer is known: "
            "running a day on your input (aoc run) teaches it."
        )
    if not listing.days:
        where = f"{year}" if year is not None else "any year"
        listing.notices.append(f"There are no days of {where} yet: add one with aoc new.")
    return listing
