"""The view of `aoc run`: a row per day and input, the problems, and what was sent."""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO

from aoc2023.framework.calendar import puzzle_parts
from aoc2023.framework.render.common import format_duration, part_cell, show
from aoc2023.framework.render.table import Cell, Column
from aoc2023.framework.results import SUBMIT_FAILED, DayResult, PartResult, RunReport, Status


def _time_cell(part: PartResult | None) -> Cell:
    if part is None or part.seconds is None:
        return Cell("")
    suffix = " (1+2)" if part.timed_with_other_part else ""
    return Cell(format_duration(part.seconds) + suffix)


def problems(results: Iterable[DayResult], verbose: bool) -> list[str]:
    """One sentence per failure, with its traceback when verbose."""
    lines = []
    for result in results:
        where = f"{result.year} day {result.day}" + (f" ({result.label})" if result.label else "")
        where += f", variant {result.variant}" if result.variant else ""
        if result.error:
            lines.append(f"{where}: {result.error}")
            if verbose and result.traceback:
                lines.append(result.traceback.rstrip())
        for part in result.parts:
            if part.status in (Status.ERROR, Status.TIMEOUT) and not result.error:
                lines.append(f"{where} part {part.part}: {part.error}")
                if verbose and part.traceback:
                    lines.append(part.traceback.rstrip())
    return lines


def submissions(report: RunReport) -> list[tuple[str, str]]:
    """What was sent and what the site said, or why nothing was sent; with a colour."""
    lines = []
    for result in report.results:
        for part in result.parts:
            if part.submit_note:
                style = ("green" if part.submitted == "right" else
                         "red" if part.status is Status.WRONG or part.submitted == SUBMIT_FAILED
                         else "yellow")
                lines.append((f"{result.year} day {result.day} part {part.part}: "
                              f"{part.submit_note}", style))
    return lines


_COLUMNS = [
    Column("Day", "right"), Column("Title"), Column("Input"), Column("Parse", "right"),
    Column("Part 1"), Column("Time", "right"), Column("Part 2"), Column("Time", "right"),
]


def _row(result: DayResult) -> list[Cell]:
    by_number = {part.part: part for part in result.parts}
    first, second = by_number.get(1), by_number.get(2)
    return [
        Cell(f"{result.year}/{result.day:02d}"),
        # A variant's row follows its day's: it names the variant where the title was.
        Cell(f"  variant {result.variant}", "dim") if result.variant else Cell(result.title or ""),
        Cell(result.label or result.source or ""),
        Cell(format_duration(result.parse_seconds)),
        part_cell(first) if result.parts or not result.error else Cell("! error", "red"),
        _time_cell(first),
        part_cell(second) if 2 in puzzle_parts(result.year, result.day)
        else Cell("no part 2", "dim"),
        _time_cell(second),
    ]


def render(report: RunReport, verbose: bool, out: IO[str], err: IO[str]) -> None:
    rows = [_row(result) for result in report.results]
    show("Advent of Code", _COLUMNS, rows, report.notices, problems(report.results, verbose),
         out, err, after=submissions(report))
