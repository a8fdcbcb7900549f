"""Render run results: a table for people, JSON for programs, and the exit code.

Nothing here runs a day; it only shows the plain results the runner returned.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import asdict
from typing import IO, Any

from aoc2023.framework.errors import ExitCode
from aoc2023.framework.plan import RunReport
from aoc2023.framework.registry import puzzle_parts
from aoc2023.framework.runner import DayResult, PartResult, Status
from aoc2023.framework.table import Cell, Column, paint, render_table, use_colour

_UNITS = ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns"))

_MARKS = {
    Status.CORRECT: ("✔", "green"),
    Status.WRONG: ("✘", "red"),
    Status.UNKNOWN: ("?", "yellow"),
    Status.ERROR: ("!", "red"),
    Status.NOT_IMPLEMENTED: ("-", "dim"),
    Status.TIMEOUT: ("⧖", "red"),
}


def format_duration(seconds: float | None) -> str:
    """Auto-ranged, three significant figures: `812 ns`, `3.40 µs`, `12.5 ms`, `1.23 s`."""
    if seconds is None:
        return ""
    for scale, unit in _UNITS:
        if seconds >= scale or unit == "ns":
            value = seconds / scale
            digits = 0 if value >= 100 or unit == "ns" else 1 if value >= 10 else 2
            return f"{value:.{digits}f} {unit}"
    raise AssertionError("unreachable")


def exit_code(results: Iterable[DayResult]) -> ExitCode:
    """2 when anything could not run, else 1 when an answer is wrong, else 0."""
    code = ExitCode.OK
    for result in results:
        if result.error is not None:
            return ExitCode.COULD_NOT_RUN
        for part in result.parts:
            if part.status in (Status.ERROR, Status.TIMEOUT) or part.submitted == "error":
                return ExitCode.COULD_NOT_RUN
            if part.status is Status.WRONG:
                code = ExitCode.WRONG_ANSWER
    return code


def _part_json(part: PartResult) -> dict[str, Any]:
    data = asdict(part)
    data["status"] = str(part.status)
    data.pop("traceback")
    return data


def to_json(report: RunReport) -> str:
    results = []
    for result in report.results:
        data = asdict(result)
        data.pop("traceback")
        data["parts"] = [_part_json(part) for part in result.parts]
        results.append(data)
    return json.dumps({"results": results, "notices": report.notices}, indent=2)


def _part_cell(part: PartResult | None) -> Cell:
    if part is None:
        return Cell("")
    mark, style = _MARKS[part.status]
    if part.status is Status.NOT_IMPLEMENTED:
        return Cell(f"{mark} not implemented", style)
    if part.status in (Status.ERROR, Status.TIMEOUT):
        return Cell(f"{mark} {part.status}", style)
    text = f"{mark} {part.answer or ''}"
    if part.status is Status.WRONG:
        text += f" (expected {part.expected})" if part.expected else " (wrong)"
    if part.submitted:
        text += f" [sent: {part.submitted}]"
    return Cell(text, style)


def _time_cell(part: PartResult | None) -> Cell:
    if part is None or part.seconds is None:
        return Cell("")
    suffix = " (1+2)" if part.timed_with_other_part else ""
    return Cell(format_duration(part.seconds) + suffix)


def problems(report: RunReport, verbose: bool) -> list[str]:
    """One sentence per failure, with its traceback when verbose."""
    lines = []
    for result in report.results:
        where = f"{result.year} day {result.day}" + (f" ({result.label})" if result.label else "")
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
                         "red" if part.status is Status.WRONG or part.submitted == "error"
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
        Cell(result.title or ""),
        Cell(result.label or result.source or ""),
        Cell(format_duration(result.parse_seconds)),
        _part_cell(first) if result.parts or not result.error else Cell("! error", "red"),
        _time_cell(first),
        _part_cell(second) if 2 in puzzle_parts(result.year, result.day)
        else Cell("no part 2", "dim"),
        _time_cell(second),
    ]


def render(report: RunReport, verbose: bool, out: IO[str], err: IO[str]) -> None:
    colour_err = use_colour(err)
    for notice in report.notices:
        print(paint(notice, "yellow", colour_err), file=err)
    rows = [_row(result) for result in report.results]
    print(render_table("Advent of Code", _COLUMNS, rows, use_colour(out)), file=out)
    for line in problems(report, verbose):
        print(paint(line, "red", colour_err), file=err)
    for line, style in submissions(report):
        print(paint(line, style, colour_err), file=err)
