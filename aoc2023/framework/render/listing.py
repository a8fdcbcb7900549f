"""The view of `aoc list`: a row per day written, with its examples and known answers."""

from __future__ import annotations

from typing import IO

from aoc2023.framework.listing import DayListing, Listing, PartListing
from aoc2023.framework.render.common import show
from aoc2023.framework.render.table import Cell, Column

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


def _final_star_cell(day: DayListing) -> Cell | None:
    """The last day's part 2, the final star: claimed, or not yet; None on other days."""
    if day.final_star is None:
        return None
    return Cell("★ final star", "green") if day.final_star else Cell("☆ final star", "yellow")


def _row(day: DayListing) -> list[Cell]:
    name = Cell(f"{day.year}/{day.day:02d}")
    if day.error:
        return [name, Cell("! could not load (below)", "red"), *[Cell("")] * 4]
    by_number: dict[int, PartListing] = {part.part: part for part in day.parts}
    first, second = by_number.get(1), by_number.get(2)
    return [name, Cell(day.title or ""), _examples_cell(first), _examples_cell(second),
            _answer_cell(first), _final_star_cell(day) or _answer_cell(second)]


_NARROW_COLUMNS = [Column("Day", kind="text"), Column("Part 1"), Column("Part 2")]
"""For a narrow terminal: the title beside the day, a part's examples above its answer."""


def _narrow_row(day: DayListing) -> list[Cell]:
    name = f"{day.year}/{day.day:02d}"
    if day.error:
        return [Cell(name), Cell("! could not load (below)", "red"), Cell("")]
    by_number: dict[int, PartListing] = {part.part: part for part in day.parts}
    cells = [Cell(f"{name} {day.title}" if day.title else name)]
    for number in (1, 2):
        examples, answer = _examples_cell(by_number.get(number)), _answer_cell(
            by_number.get(number))
        if number == 2 and (star := _final_star_cell(day)) is not None:
            answer = star
        if number not in by_number:
            cells.append(answer)
            continue
        count = by_number[number].examples
        said = f"{count} example{'s' if count != 1 else ''}" if count else "no examples"
        cells.append(Cell(f"{said}\n{answer.text}", answer.style or examples.style))
    return cells


def problems(listing: Listing) -> list[str]:
    return [f"{day.year} day {day.day}: {day.error}" for day in listing.days if day.error]


def render(listing: Listing, out: IO[str], err: IO[str]) -> None:
    rows = [_row(day) for day in listing.days]
    show("Advent of Code: days", _COLUMNS, rows, listing.notices, problems(listing), out, err,
         narrow=(_NARROW_COLUMNS, [_narrow_row(day) for day in listing.days]))
