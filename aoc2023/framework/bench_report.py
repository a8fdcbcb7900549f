"""Render `aoc bench` results: a table for people, JSON for programs, the exit code.

The answers of the checking run are marked as `aoc run` marks them; the exit code
follows the same rule, and a step that could not be timed counts as not run.
"""

from __future__ import annotations

import json
from typing import IO, Any

from aoc2023.framework import report as run_report
from aoc2023.framework.bench import BenchReport, DayBench, Stats, StepBench
from aoc2023.framework.errors import ExitCode
from aoc2023.framework.plan import RunReport
from aoc2023.framework.report import format_duration
from aoc2023.framework.runner import Status
from aoc2023.framework.table import Cell, Column, paint, render_table, use_colour

_COLUMNS = [
    Column("Day", "right"), Column("Title"), Column("Input"), Column("Step"), Column("Answer"),
    Column("Runs", "right"), Column("Median", "right"), Column("Min", "right"),
    Column("Spread (IQR)", "right"), Column("Change"),
]
_VERDICT_STYLE = {"faster": "green", "slower": "red", "no change": "dim"}


def exit_code(report: BenchReport) -> ExitCode:
    code = run_report.exit_code(bench.result for bench in report.results)
    if any(step.error for bench in report.results for step in bench.steps):
        return ExitCode.COULD_NOT_RUN
    return code


def _stats_json(stats: Stats | None) -> dict[str, Any]:
    if stats is None:
        return {"runs": 0, "median": None, "min": None, "q1": None, "q3": None, "iqr": None}
    return {"runs": stats.runs, "median": stats.median, "min": stats.minimum,
            "q1": stats.q1, "q3": stats.q3, "iqr": stats.iqr}


def _step_json(step: StepBench) -> dict[str, Any]:
    data: dict[str, Any] = {"step": step.step, **_stats_json(step.stats), "error": step.error}
    data["answers"] = [{"part": p.part, "answer": p.answer, "status": str(p.status),
                        "expected": p.expected, "error": p.error} for p in step.parts]
    change = step.change
    data["change"] = None if change is None else {
        "verdict": change.verdict, "ratio": change.ratio, "saved_on": change.saved_on,
        "saved_python": change.python, "saved": _stats_json(change.saved),
    }
    return data


def to_json(report: BenchReport) -> str:
    results = []
    for bench in report.results:
        result = bench.result
        results.append({
            "year": result.year, "day": result.day, "title": result.title,
            "source": result.source, "label": result.label, "error": result.error,
            "steps": [_step_json(step) for step in bench.steps],
        })
    return json.dumps({"budget": report.budget, "results": results, "notices": report.notices},
                      indent=2)


def _answer_cell(step: StepBench) -> Cell:
    if not step.parts:
        return Cell("")
    cells = [run_report._part_cell(part) for part in step.parts]
    worst = next((c.style for c in cells if c.style == "red"), cells[0].style)
    return Cell(", ".join(cell.text for cell in cells), worst)


def _change_cell(step: StepBench) -> Cell:
    change = step.change
    if change is None:
        return Cell("")
    percent = (change.ratio - 1) * 100
    return Cell(f"{change.verdict} ({percent:+.1f}%)", _VERDICT_STYLE[change.verdict])


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
    lines = run_report.problems(RunReport([bench.result for bench in report.results]), verbose)
    for bench in report.results:
        result = bench.result
        where = f"{result.year} day {result.day}" + (f" ({result.label})" if result.label else "")
        lines += [f"{where} {step.step}: {step.error}" for step in bench.steps if step.error]
    return lines


def render(report: BenchReport, verbose: bool, out: IO[str], err: IO[str]) -> None:
    colour_err = use_colour(err)
    for notice in report.notices:
        print(paint(notice, "yellow", colour_err), file=err)
    rows = [row for bench in report.results for row in _rows(bench)]
    title = f"Advent of Code benchmark ({report.budget:g} s a day)"
    print(render_table(title, _COLUMNS, rows, use_colour(out)), file=out)
    for line in problems(report, verbose):
        print(paint(line, "red", colour_err), file=err)
