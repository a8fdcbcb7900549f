"""The view of `aoc bench`: a row per timed step, with the checking run's answers marked
as `aoc run` marks them."""

from __future__ import annotations

from typing import IO

from aoc2023.framework.render import run
from aoc2023.framework.render.common import format_duration, part_cell, show
from aoc2023.framework.render.table import Cell, Column
from aoc2023.framework.results import BenchReport, DayBench, Status, StepBench

_COLUMNS = [
    Column("Day", "right"), Column("Title"), Column("Input"), Column("Step"), Column("Answer"),
    Column("Runs", "right"), Column("Median", "right"), Column("Min", "right"),
    Column("Spread (IQR)", "right"), Column("Change"),
]
_TREND_STYLE = {"faster": "green", "slower": "red", "no change": "dim"}


def _answer_cell(step: StepBench) -> Cell:
    if not step.parts:
        return Cell("")
    cells = [part_cell(part) for part in step.parts]
    worst = next((c.style for c in cells if c.style == "red"), cells[0].style)
    return Cell(", ".join(cell.text for cell in cells), worst)


def _change_cell(step: StepBench) -> Cell:
    change = step.change
    if change is None:
        return Cell("")
    percent = (change.ratio - 1) * 100
    return Cell(f"{change.trend} ({percent:+.1f}%)", _TREND_STYLE[change.trend])


def _why_not_timed(step: StepBench) -> Cell:
    if step.error:
        return Cell("! error", "red")
    statuses = {part.status for part in step.parts}
    if Status.TIMEOUT in statuses:
        return Cell("not timed", "red")
    return Cell("not timed", "dim")


def _rows(bench: DayBench) -> list[list[Cell]]:
    result = bench.result
    day = [Cell(f"{result.year}/{result.day:02d}"), Cell(result.title or ""),
           Cell(result.label or result.source or "")]
    if not bench.steps:
        return [[*day, Cell(""), Cell("! error", "red"), *(Cell("") for _ in range(5))]]
    rows = []
    for index, step in enumerate(bench.steps):
        first = day if index == 0 else [Cell(""), Cell(""), Cell("")]
        stats = step.stats
        if stats is None:
            figures = [Cell(""), _why_not_timed(step), Cell(""), Cell("")]
        else:
            figures = [Cell(f"{stats.runs:,}"), Cell(format_duration(stats.median)),
                       Cell(format_duration(stats.minimum)), Cell(format_duration(stats.iqr))]
        rows.append([*first, Cell(step.step), _answer_cell(step), *figures, _change_cell(step)])
    return rows


def problems(report: BenchReport, verbose: bool) -> list[str]:
    """The checking runs' problems, then each step that failed while being timed."""
    lines = run.problems([bench.result for bench in report.results], verbose)
    for bench in report.results:
        result = bench.result
        where = f"{result.year} day {result.day}" + (f" ({result.label})" if result.label else "")
        lines += [f"{where} {step.step}: {step.error}" for step in bench.steps if step.error]
    return lines


def render(report: BenchReport, verbose: bool, out: IO[str], err: IO[str]) -> None:
    rows = [row for bench in report.results for row in _rows(bench)]
    title = f"Advent of Code benchmark ({report.budget:g} s a day)"
    show(title, _COLUMNS, rows, report.notices, problems(report, verbose), out, err)
