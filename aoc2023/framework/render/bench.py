"""The view of `aoc bench`: a row per timed step, with the checking run's answers marked
as `aoc run` marks them, and the progress line shown on a terminal while it times.

Each column is one clock, named in its heading: the fastest run, the median
and the spread by the wall clock, then the median by CPU time (for long steps), all
in time at the reference speed (bench/measure.py), which the title gives with the
machine's own. The verdicts compare the CPU median of a long step (normalised run by
run: figures.Stats.normalised_cpu) and the fastest wall-clock time of the others (the
title is two short lines; the method is in docs/how-to/benchmarks.md); that figure is
bold. A day's
variants follow its main implementation, each named where the title was (as `aoc run`
does), with each step's ratio to the main's same step in "Vs main". A step that was
mostly waiting (figures.WAITING_SHARE) is shown as measured, its fastest time marked
WAITING_MARK, and the title says what the mark means."""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Sequence
from typing import IO, Any

from aoc2023.framework.bench.figures import (
    BenchReport,
    DayBench,
    Stats,
    StepBench,
)
from aoc2023.framework.commands.view import (
    NBSP,
    Cell,
    Column,
    cell_width,
    cut,
    day_problems,
    fit_widths,
    format_bytes,
    format_duration,
    pad,
    part_cell,
    show,
    table_width,
    terminal_width,
)
from aoc2023.framework.results import Status

_COLUMNS = [
    Column("Day", "right"), Column("Title"), Column("Input"), Column("Step"), Column("Answer"),
    Column("Runs", "right"), Column("Fastest\n(wall)", "right"), Column("Median\n(wall)", "right"),
    Column("Spread\n(wall)", "right"), Column("Median\n(CPU)", "right"), Column("Change"),
    Column("Vs main", "right"),
    Column("Peak memory", "right"),
]
WAITING_MARK = "*"
"""After the fastest time of a step that was mostly waiting: shown as measured."""
WAITING_LEGEND = f"{WAITING_MARK}: mostly waiting, so as measured here."
"""The caption's word on the mark (why: docs/how-to/benchmarks.md, and WAITING_SHARE)."""
_EMPTY = len(_COLUMNS) - 5
"""The cells after the step's name of a row without figures."""
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
    raw = "" if change.compared.startswith("normalised") else ", raw"  # saved before
    return Cell(f"{change.trend} ({percent:+.1f}%{raw})", _TREND_STYLE[change.trend])


def _figures(stats: Stats) -> tuple[Cell, Cell, Cell, Cell]:
    """Fastest, median and spread by the wall clock, and the median by CPU time, at the
    reference speed when it was measured (else raw, and marked when the step waited); the
    headline bold (the CPU median at the reference speed is its normalised figure, taken
    run by run)."""
    wall = stats.scale or 1.0
    cpu = stats.normalised_cpu if stats.normalised_cpu is not None else stats.cpu_median
    fastest = format_duration(stats.minimum * wall) + (
        f"{NBSP}{WAITING_MARK}" if stats.waiting else "")
    return (Cell(fastest, "" if stats.long else "bold"),
            Cell(format_duration(stats.median * wall), "yellow" if stats.busy else ""),
            Cell(format_duration(stats.iqr * wall), "dim"),
            Cell(format_duration(cpu) if cpu is not None else "", "bold" if stats.long else "dim"))


def _why_not_timed(step: StepBench) -> Cell:
    if step.error:
        return Cell("! error", "red")
    statuses = {part.status for part in step.parts}
    if Status.TIMEOUT in statuses:
        return Cell("not timed", "red")
    return Cell("not timed", "dim")


def _versus_main_cell(step: StepBench) -> Cell:
    if step.versus_main is None:
        return Cell("")
    ratio = step.versus_main
    # Three significant figures: a variant 20 times faster is 0.0512x, not 0.05x.
    text = f"{ratio:.3g}x" if ratio < 100 else f"{ratio:,.0f}x"
    return Cell(text, "green" if ratio < 1 else "red" if ratio > 1 else "")


def _variant_label(variant: str | None) -> Cell:
    return Cell(f"  variant {variant}", "dim")


def _rows(bench: DayBench) -> list[list[Cell]]:
    result = bench.result
    day = [Cell(f"{result.year}/{result.day:02d}"), Cell(result.title or ""),
           Cell(result.label or result.source or "")]
    if not bench.steps:
        return [[*day, Cell(""), Cell("! error", "red"), *(Cell("") for _ in range(_EMPTY))]]
    rows = []
    shown: set[str | None] = set()
    for index, step in enumerate(bench.steps):
        first = day if index == 0 else [Cell(""), Cell(""), Cell("")]
        if step.variant is not None and step.variant not in shown:
            first = [Cell(""), _variant_label(step.variant), Cell("")]
        shown.add(step.variant)
        stats = step.stats
        if stats is None:
            figures = [Cell(""), _why_not_timed(step), Cell(""), Cell(""), Cell("")]
        else:
            runs = Cell(f"{stats.runs:,} (rough)", "yellow") if stats.rough else Cell(
                f"{stats.runs:,}")
            figures = [runs, *_figures(stats)]
        rows.append([*first, Cell(step.step.replace(" ", NBSP)), _answer_cell(step), *figures,
                     _change_cell(step), _versus_main_cell(step),
                     Cell(format_bytes(step.peak_memory))])
    rows += [[Cell(""), _variant_label(one.variant), Cell(""), Cell(""), Cell("! error", "red"),
              *(Cell("") for _ in range(_EMPTY))] for one in bench.variants
             if one.error is not None]
    return rows


_NARROW_COLUMNS = [
    Column("Step", kind="text"), Column("Fastest\n(wall),\nmedian\n(CPU)", "right"),
    Column("Median\n(spread)\n(wall)", "right"), Column("Change"),
]
"""For a terminal too narrow for the table above: a row naming the day (title and input),
then a row a step, its run count and answer under its name, the median CPU time under
the fastest wall-clock time, the spread under the median."""
_NARROW_EMPTY = [Cell("") for _ in _NARROW_COLUMNS[1:]]


def _narrow_rows(bench: DayBench) -> list[list[Cell]]:
    result = bench.result
    day = " ".join(filter(None, [f"{result.year}/{result.day:02d}", result.title]))
    source = result.label or result.source
    day += f"\n({source})" if source else ""
    if not bench.steps:
        return [[Cell(day + "\n! error", "red"), *_NARROW_EMPTY]]
    rows = [[Cell(day, "bold"), *_NARROW_EMPTY]]
    shown: set[str | None] = {None}
    for step in bench.steps:
        if step.variant not in shown:  # a variant's steps under a row naming it
            shown.add(step.variant)
            rows.append([_variant_label(step.variant), *_NARROW_EMPTY])
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
            fastest, median, spread, cpu = _figures(stats)
            median = Cell(f"{median.text}\n({spread.text})", median.style)
            fastest = Cell("\n".join(filter(None, [fastest.text, cpu.text])), fastest.style
                           or cpu.style)
            change, versus = _change_cell(step), _versus_main_cell(step)
            if versus.text:  # the ratio to the main implementation, under the change
                change = Cell("\n".join(filter(None, [change.text, f"{versus.text} main"])),
                              change.style or versus.style)
            if step.peak_memory is not None:  # under the fastest time
                fastest = Cell(f"{fastest.text}\npeak {format_bytes(step.peak_memory)}",
                               fastest.style)
            figures = [fastest, median, change]
        text = name + (f"\n{answer.text}" if answer.text else "")
        rows.append([Cell(text.replace(" runs", f"{NBSP}runs"), style), *figures])
    rows += [[Cell(f"{_variant_label(one.variant).text.strip()}\n! error", "red"),
              *_NARROW_EMPTY] for one in bench.variants if one.error is not None]
    return rows


def problems(report: BenchReport, verbose: bool, width: int | None = None) -> list[str]:
    """The checking runs' problems (fitted to `width`, as the run's are), then each step
    that failed while being timed."""
    lines = day_problems([one for bench in report.results
                          for one in (bench.result, *bench.variants)], width, verbose=verbose)
    for bench in report.results:
        result = bench.result
        where = f"{result.year} day {result.day}" + (f" ({result.label})" if result.label else "")
        lines += [f"{where}{f', variant {step.variant}' if step.variant else ''} {step.step}: "
                  f"{step.error}" for step in bench.steps if step.error]
    return lines


def render(report: BenchReport, verbose: bool, out: IO[str], err: IO[str]) -> None:
    rows = [row for bench in report.results for row in _rows(bench)]
    # Two short lines; what each figure is and how it is compared: the how-to.
    title = f"Advent of Code benchmark, {report.budget:g} s a day\n{_speed(report)}"
    if any(step.stats is not None and step.stats.waiting
           for bench in report.results for step in bench.steps):
        title += f" {WAITING_LEGEND}"
    shown = [True] * (len(_COLUMNS) - 2) + [
        any(bench.variants or any(step.variant for step in bench.steps)  # "Vs main"
            for bench in report.results),
        any(step.peak_memory is not None for bench in report.results for step in bench.steps),
    ]
    columns: Sequence[Column] = [column for column, keep in zip(_COLUMNS, shown, strict=True)
                                 if keep]
    rows = [[cell for cell, keep in zip(row, shown, strict=True) if keep] for row in rows]
    if not _wide_fits(columns, rows, terminal_width(out)):
        columns, rows = _NARROW_COLUMNS, [row for b in report.results for row in _narrow_rows(b)]
    show(title, columns, rows, report.notices, problems(report, verbose, terminal_width(err)),
         out, err)


def _speed(report: BenchReport) -> str:
    """The machine's measured speed, in a sentence (times are at the reference speed)."""
    found = [bench.speed.relative for bench in report.results if bench.speed is not None]
    if not found:
        return "Times as measured here (this machine's speed was not)."
    low, high = min(found), max(found)
    speed = f"{low:.2f}x" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f}-{high:.2f}x"
    return f"Times as on the reference machine (this one runs at {speed} its speed)."


_TITLE_AT_LEAST = 20
"""The wide table's titles may wrap to this width (or their own, if narrower), no less:
narrower, a title takes a line a word, and the narrow table reads better."""


def _wide_fits(columns: Sequence[Column], rows: Sequence[Sequence[Cell]], width: int | None
               ) -> bool:
    """Whether the wide table fits `width` with no word broken and its titles readable."""
    if width is None:
        return True
    if table_width(columns, rows, width, whole_words=True) > width:
        return False
    title = fit_widths(columns, rows, width, whole_words=True)[1]
    return title >= min(_TITLE_AT_LEAST,
                        max((cell_width(row[1].text) for row in rows), default=0))


class ProgressLine:
    """`aoc bench`'s progress on a terminal: which input and step, and the runs so far,
    redrawn in place on one line at most every INTERVAL seconds (at once before a run
    expected to take longer), and cleared by `clear`.

    Under `--timeout` the timing runs in a forked child, which inherits the terminal;
    where the child is spawned instead, the line is not pickled along (`__getstate__`)
    and the child shows nothing. `clock` (seconds) paces the redraws."""

    INTERVAL = 0.1

    def __init__(self, stream: IO[str], clock: Callable[[], float] = time.monotonic) -> None:
        self.stream: IO[str] | None = stream
        self.clock = clock
        self._last = -math.inf  # the first call draws
        self._width = 0

    def __call__(self, where: str, step: str, runs: int, expected: float) -> None:
        now = self.clock()
        if self.stream is None or (now - self._last < self.INTERVAL
                                   and expected < self.INTERVAL):
            return
        self._last = now
        line = f"{where}: {step}" + (f", {runs:,} run{'s' * (runs != 1)} so far" if runs else "")
        width = terminal_width(self.stream)
        if width is not None:  # a wrapped line would not redraw in place
            line = cut(line, width - 1, keep="end")  # the step and runs stay in view
        self.stream.write("\r" + pad(line, self._width))
        self.stream.flush()
        self._width = cell_width(line)

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
