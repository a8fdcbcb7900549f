"""The view of `aoc bench`: a row per timed step, with the checking run's answers marked
as `aoc run` marks them, and the progress line shown on a terminal while it times.

The headline figure (the minimum; by CPU time, marked "CPU", for a long step) comes
first; the median and the spread beside it show how noisy the run was."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import IO, Any

from aoc2023.framework.render import run
from aoc2023.framework.render.common import format_duration, part_cell, show
from aoc2023.framework.render.table import (
    NBSP,
    Cell,
    Column,
    fit_widths,
    table_width,
    terminal_width,
)
from aoc2023.framework.results import (
    LONG_STEP,
    TOLERANCE,
    WIDE_TOLERANCE,
    BenchReport,
    DayBench,
    Status,
    StepBench,
)

_COLUMNS = [
    Column("Day", "right"), Column("Title"), Column("Input"), Column("Step"), Column("Answer"),
    Column("Runs", "right"), Column("Min", "right"), Column("Median", "right"),
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
            runs = Cell(f"{stats.runs:,} (rough)", "yellow") if stats.rough else Cell(
                f"{stats.runs:,}")
            median = Cell(format_duration(stats.median), "yellow" if stats.busy else "")
            best = format_duration(stats.headline_seconds)
            best_cell = Cell(f"{best} CPU") if stats.headline == "cpu_min" else Cell(best)
            figures = [runs, best_cell, median,
                       Cell(format_duration(stats.iqr), "dim")]
        rows.append([*first, Cell(step.step.replace(" ", NBSP)), _answer_cell(step), *figures,
                     _change_cell(step)])
    return rows


_NARROW_COLUMNS = [
    Column("Step"), Column("Min", "right"), Column("Median (IQR)", "right"), Column("Change"),
]
"""For a terminal too narrow for the table above: a row naming the day (title and input),
then a row a step, its run count and answer under its name, the spread under the median,
a CPU headline's mark under the minimum."""


def _narrow_rows(bench: DayBench) -> list[list[Cell]]:
    result = bench.result
    day = " ".join(filter(None, [f"{result.year}/{result.day:02d}", result.title]))
    source = result.label or result.source
    day += f"\n({source})" if source else ""
    if not bench.steps:
        return [[Cell(day + "\n! error", "red"), Cell(""), Cell(""), Cell("")]]
    rows = [[Cell(day, "bold"), Cell(""), Cell(""), Cell("")]]
    for step in bench.steps:
        stats, answer = step.stats, _answer_cell(step)
        name = step.step
        style = answer.style
        if stats is None:
            why = _why_not_timed(step)
            figures = [Cell(why.text.replace("not timed", "not\ntimed"), why.style), Cell(""),
                       _change_cell(step)]
        else:
            runs = f"{stats.runs:,}{NBSP}run{'s' if stats.runs != 1 else ''}"
            name += f" ({runs}, rough)" if stats.rough else f" ({runs})"
            style = style if style == "red" or not stats.rough else "yellow"
            best = format_duration(stats.headline_seconds)
            spread = f"{format_duration(stats.median)}\n({format_duration(stats.iqr)})"
            figures = [Cell(best + ("\nCPU" if stats.headline == "cpu_min" else "")),
                       Cell(spread, "yellow" if stats.busy else ""), _change_cell(step)]
        text = name + (f"\n{answer.text}" if answer.text else "")
        rows.append([Cell(text.replace(" runs", f"{NBSP}runs"), style), *figures])
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
    title = (f"Advent of Code benchmark ({report.budget:g} s a day; headline: the minimum, "
             f"by CPU time from {format_duration(LONG_STEP)}; changes beyond ±{TOLERANCE:.0%}, "
             f"±{WIDE_TOLERANCE:.0%} for CPU times and under 10 runs)")
    columns: Sequence[Column] = _COLUMNS
    if not _wide_fits(rows, terminal_width(out)):
        columns, rows = _NARROW_COLUMNS, [row for b in report.results for row in _narrow_rows(b)]
    show(title, columns, rows, report.notices, problems(report, verbose), out, err)


_TITLE_AT_LEAST = 20
"""The wide table's titles may wrap to this width (or their own, if narrower), no less:
narrower, a title takes a line a word, and the narrow table reads better."""


def _wide_fits(rows: Sequence[Sequence[Cell]], width: int | None) -> bool:
    """Whether the wide table fits `width` with no word broken and its titles readable."""
    if width is None:
        return True
    if table_width(_COLUMNS, rows, width, whole_words=True) > width:
        return False
    title = fit_widths(_COLUMNS, rows, width, whole_words=True)[1]
    return title >= min(_TITLE_AT_LEAST, max((len(row[1].text) for row in rows), default=0))


class ProgressLine:
    """`aoc bench`'s progress on a terminal: which input and step, and the runs so far,
    redrawn in place on one line at most every INTERVAL seconds (at once before a run
    expected to take longer), and cleared by `clear`.

    Under `--timeout` the timing runs in a forked child, which inherits the terminal;
    where the child is spawned instead, the line is not pickled along (`__getstate__`)
    and the child shows nothing."""

    INTERVAL = 0.1

    def __init__(self, stream: IO[str]) -> None:
        self.stream: IO[str] | None = stream
        self._last = 0.0
        self._width = 0

    def __call__(self, where: str, step: str, runs: int, expected: float) -> None:
        now = time.monotonic()
        if self.stream is None or (now - self._last < self.INTERVAL
                                   and expected < self.INTERVAL):
            return
        self._last = now
        line = f"{where}: {step}" + (f", {runs:,} run{'s' * (runs != 1)} so far" if runs else "")
        width = terminal_width(self.stream)
        if width is not None and len(line) >= width:  # a wrapped line would not redraw in place
            line = "…" + line[len(line) - width + 2:]  # the step and runs stay in view
        self.stream.write("\r" + line.ljust(self._width))
        self.stream.flush()
        self._width = len(line)

    def clear(self) -> None:
        """Blank the line: as wide as the terminal allows, since a --timeout child may have
        drawn it longer than this process knows."""
        if self.stream is not None and self._width:
            width = terminal_width(self.stream)
            self.stream.write("\r" + " " * (width - 1 if width else self._width) + "\r")
            self.stream.flush()
            self._width = 0

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "stream": None}
