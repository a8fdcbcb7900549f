"""The view of `aoc list`: a row per day written, with its examples and known answers."""

from __future__ import annotations

from typing import IO

from aoc2023.framework.render.common import show
from aoc2023.framework.render.table import Cell, Column
from aoc2023.framework.results import DayListing, Listing, PartListing

_COLUMNS = [
    Column("Day", "right"), Column("Title", kind="text"), Column("Part 1 examples", "right"),
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


def problems(listing: Listing) -> list[str]:
    return [f"{day.year} day {day.day}: {day.error}" for day in listing.days if day.error]


def render(listing: Listing, out: IO[str], err: IO[str]) -> None:
    rows = [_row(day) for day in listing.days]
    show("Advent of Code: days", _COLUMNS, rows, listing.notices, problems(listing), out, err)
