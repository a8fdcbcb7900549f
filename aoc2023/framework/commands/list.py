"""`aoc list [YEARS]`: the days written, their examples, and which parts aocd knows solved.
Local files only; a day is imported only when the listing cache has nothing for its file
as it is now. The command, its records, gathering, view and JSON."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import IO, Annotated, Any, NamedTuple

import typer

from aoc2023.framework import calendar, registry
from aoc2023.framework.aocd import local, paths
from aoc2023.framework.commands.options import (
    YEARS_HELP,
    AsJson,
    Verbose,
    configure_logging,
    emit,
    fail,
)
from aoc2023.framework.commands.view import Cell, Column, show
from aoc2023.framework.errors import AocError, DayLoadError
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.registry import Declared, ListingCache, package_stamp, parse_years, stamp
from aoc2023.framework.results import CouldNotRun, ExitCode, could_not_run


def list_days(
    years: Annotated[
        str | None, typer.Argument(help=f"{YEARS_HELP} Default: all.", metavar="YEARS")
    ] = None,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """List the days written so far: title, examples per part, and which parts are solved.

    A part is solved when aocd has cached the answer the site accepted for your session
    token. Reads local files only; fetches nothing.
    """
    configure_logging(verbose=verbose)
    try:
        found = gather(parse_years(years) if years is not None else None)
    except Exception as error:
        fail(error, verbose=verbose)
    emit(partial(listing_json, found), found.notices, partial(render, found), as_json=as_json)
    broken = any(day.error for day in found.days) or could_not_run(found.notices)
    raise typer.Exit(ExitCode.COULD_NOT_RUN if broken else ExitCode.OK)


# NamedTuples, not dataclasses: every command imports this module (startup_tricks.py).
class PartListing(NamedTuple):
    part: int
    examples: int
    """How many of the day's examples declare an answer for this part."""
    answer_known: bool
    """aocd has the answer the site accepted cached, for the current user."""


class DayListing(NamedTuple):
    year: int
    day: int
    title: str | None
    parts: tuple[PartListing, ...] = ()
    error: str | None = None
    final_star: bool | None = None
    """On a year's last day, whether the final star is known to be in."""


class Listing(NamedTuple):
    days: list[DayListing]
    notices: list[str]


def _list_day(
    year: int,
    day: int,
    found: str | None,
    package: list[Any],
    user_dir: Path | None,
    user_files: frozenset[str],
    cache: ListingCache,
) -> DayListing:
    """The day's title and examples per part, cached while its module (`found`) is
    unchanged, else imported; and which parts aocd knows solved."""
    module = Path(found) if found else None
    try:
        declared = cache.get(module, year, day, package) if module is not None else None
        if declared is None:
            module_stamp = stamp(module) if module is not None else None
            solution_class = registry.load_day(year, day)
            examples = solution_class.examples
            first, second = (sum(e.expected(part) is not None for e in examples) for part in (1, 2))
            declared = Declared(year, day, solution_class.title, (first, second))
            if module is not None and solution_class.__module__.rpartition(".")[2] == module.stem:
                cache.put(module, declared, module_stamp, package)
    except AocError as error:
        return DayListing(year, day, None, error=str(error))
    puzzle = paths.PuzzleCache(year, day, user_dir) if user_dir is not None else None

    def known(part: int) -> bool:
        return (
            puzzle is not None
            and puzzle.answer_path(part).name in user_files
            and puzzle.known_answer(part) is not None
        )

    parts = tuple(
        PartListing(part, declared.examples[part - 1], known(part))
        for part in calendar.puzzle_parts(year, day)
    )
    title = declared.title or paths.cached_title(year, day, user_dir)
    final_star = known(2) if day == calendar.days_in_year(year) else None
    return DayListing(year, day, title, parts, final_star=final_star)


def final_star_notice(day: DayListing, user_dir: Path) -> str | None:
    """On a last day with part 1 solved and the final star not in: which stars are still
    missing, as known here (no request)."""
    if day.final_star is not False or not any(p.part == 1 and p.answer_known for p in day.parts):
        return None
    from aoc2023.framework.aocd.stars import describe_missing, local_stars

    known = local_stars(user_dir, day.year)
    missing = known.missing()
    run = aoc_command("run", day.year, day.day)
    if not missing:
        return f"{day.year}: every other star is in: {run} claims the final star."
    if not known.fetched_at:  # aocd's cache alone proves little
        return (
            f"{day.year}: the final star (day {day.day} part 2) is not known to be in: "
            f"{run} reads your stars on the site, and claims it when every other star is in."
        )
    return (
        f"{day.year}: the final star (day {day.day} part 2) waits: "
        f"{describe_missing(missing)} (as far as aoc knows; {run} asks the site)."
    )


def gather(asked: Sequence[int] | None) -> Listing:
    """Every day with a module of the years `asked` (checked; None: all). A package that does
    not import is an error when it is the one year asked, else a notice."""
    listing = Listing([], [])
    cache = ListingCache.load()
    years = list(asked) if asked is not None else registry.registered_years(cache.entry_point_years)
    token = local.find_token()
    user_id = paths.cached_user_id(token) if token is not None else None
    user_dir = paths.data_dir() / user_id if user_id is not None else None
    try:  # the names in the user's cache folder: one listing, not two failed opens a day
        user_files = frozenset(os.listdir(user_dir)) if user_dir is not None else frozenset()
    except OSError:  # none yet, or unlistable
        user_files = frozenset()
    for year in years:
        try:
            files = registry.year_files(year)
            days = registry.available_days(year, listing.notices)
        except DayLoadError as error:
            if len(years) == 1 and asked is not None:
                raise
            listing.notices.append(CouldNotRun(f"Could not list {year}: {error}"))
            continue
        package = package_stamp(files.folders)
        for day in days:
            listing.days.append(
                _list_day(year, day, files.days.get(day), package, user_dir, user_files, cache)
            )
    cache.save()
    if user_dir is not None:
        listing.notices.extend(
            filter(None, (final_star_notice(day, user_dir) for day in listing.days))
        )
    if token is None:
        listing.notices.append(
            f"{local.no_token_sentence()}, so no answer is known: {local.where_to_put_the_token()}."
        )
    elif user_id is None:
        listing.notices.append(
            "aocd does not know yet whose session token this is, so no answer is known: "
            f"running a day on your input ({aoc_command('run', 'YEAR', 'DAY')}) teaches it."
        )
    if not listing.days:
        where = " or ".join(map(str, years)) if asked is not None else "any year"
        listing.notices.append(
            f"There are no days of {where} yet: add one with {aoc_command('new', 'YEAR', 'DAY')}."
        )
    return listing


def _rows(day: DayListing) -> tuple[list[Cell], list[Cell]]:
    """The day's row in the table, and in the narrow one: the title beside the day, a
    part's examples above its answer (on a year's last day, the final star for part 2)."""
    name = f"{day.year}/{day.day:02d}"
    if day.error:
        failed = Cell("! could not load (below)", "red")
        return [Cell(name), failed, *[Cell("")] * 4], [Cell(name), failed, Cell("")]
    examples, answers, stacked = [], [], []
    for part in day.parts:
        answer = Cell("✔ known", "green") if part.answer_known else Cell("? unknown", "yellow")
        count = part.examples
        examples.append(Cell(str(count)) if count else Cell("none", "yellow"))
        answers.append(answer)
        said = f"{count} example{'s' if count != 1 else ''}" if count else "no examples"
        stacked.append(Cell(f"{said}\n{answer.text}", answer.style))
    if day.final_star is not None:
        star = Cell("★ final star", "green") if day.final_star else Cell("☆ final star", "yellow")
        examples.append(Cell("no part 2", "dim"))
        answers.append(star)
        stacked.append(star)
    titled = f"{name} {day.title}" if day.title else name
    return [Cell(name), Cell(day.title or ""), *examples, *answers], [Cell(titled), *stacked]


def render(listing: Listing, out: IO[str], err: IO[str]) -> None:
    columns = [
        Column("Day", "right"),
        Column("Title", kind="text"),
        *(Column(f"Part {part} examples", "right") for part in (1, 2)),
        *(Column(f"Part {part} answer") for part in (1, 2)),
    ]
    narrow = [Column("Day", kind="text"), Column("Part 1"), Column("Part 2")]
    rows = [_rows(day) for day in listing.days]
    show(
        "Advent of Code: days",
        [(columns, [wide for wide, _ in rows]), (narrow, [stacked for _, stacked in rows])],
        listing.notices,
        [f"{day.year} day {day.day}: {day.error}" for day in listing.days if day.error],
        out,
        err,
    )


def listing_json(listing: Listing) -> str:
    days = [
        {**day._asdict(), "parts": [part._asdict() for part in day.parts]} for day in listing.days
    ]
    return json.dumps({"days": days, "notices": listing.notices}, indent=2)
