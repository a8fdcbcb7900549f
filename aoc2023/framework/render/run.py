"""The view of `aoc run`: a row per day and input, the problems, and what was sent."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import IO

from aoc2023.framework.calendar import puzzle_parts
from aoc2023.framework.commands.view import (
    NARROWEST_TEXT,
    NBSP,
    Cell,
    Column,
    Layout,
    TableWriter,
    choose_layout,
    drawn_wrong,
    fit_widths,
    fits,
    format_bytes,
    format_duration,
    paint,
    part_cell,
    show,
    table_width,
    terminal_width,
    use_colour,
    wrap_message,
)
from aoc2023.framework.results import SUBMIT_FAILED, DayResult, PartResult, RunReport, Status


def _time_cell(part: PartResult | None) -> Cell:
    if part is None or part.seconds is None:
        return Cell("")
    suffix = " (1+2)" if part.timed_with_other_part else ""  # may go under it, when narrow
    return Cell(_together(format_duration(part.seconds)) + suffix)


def problems(results: Iterable[DayResult], verbose: bool, width: int | None = None
             ) -> list[str]:
    """One sentence per failure, with its traceback when verbose; a drawing that differs
    from the expected one is shown beside it (stacked when `width` is too narrow)."""
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
            elif drawn_wrong(part):
                from aoc2023.framework.answers import side_by_side

                lines.append(f"{where} part {part.part}: the drawing differs from the "
                             f"expected one:\n"
                             f"{side_by_side(part.expected or '', part.drawing or '', width)}")
    return lines


def show_submissions(report: RunReport, err: IO[str]) -> None:
    """What was sent and what the site said, under a live table's row."""
    colour, width = use_colour(err), terminal_width(err)
    for line, style in submissions(report):
        print(paint(wrap_message(line, width), style, colour), file=err)


def submissions(report: RunReport) -> list[tuple[str, str]]:
    """What was sent and what the site said, or why nothing was sent; with a colour."""
    lines = []
    for result in report.results:
        for part in result.parts:
            if part.submit_note:
                style = ("green" if part.submitted == "right" else
                         "red" if part.status is Status.WRONG or part.submitted == SUBMIT_FAILED
                         else "yellow")
                whose = f" ({result.account})" if result.account else ""
                lines.append((f"{result.year} day {result.day} part {part.part}{whose}: "
                              f"{part.submit_note}", style))
    return lines


_COLUMNS = [
    Column("Day", "right"), Column("Title", kind="text"), Column("Input", kind="text"),
    Column("Parse", "right"),
    Column("Part 1"), Column("Time", "right", "words"), Column("Part 2"),
    Column("Time", "right", "words"),
]
_MEMORY = Column("Peak memory", "right", "words")
"""With --memory: each step's peak allocation, a line a step, as the last column."""
_NARROW_COLUMNS = [Column("Day", kind="text"), Column("Part 1"), Column("Part 2")]
"""For a terminal too narrow for the table above: the day, its title, input and parse
time in one cell, and each part's time under its answer."""


def _together(text: str) -> str:
    """`text` kept on one line when a cell wraps (a duration: `12.5 ms`)."""
    return text.replace(" ", NBSP)


def _part_cells(result: DayResult) -> tuple[Cell, Cell]:
    by_number = {part.part: part for part in result.parts}
    first = part_cell(by_number.get(1)) if result.parts or not result.error \
        else Cell("! error", "red")
    second = (part_cell(by_number.get(2)) if 2 in puzzle_parts(result.year, result.day)
              else _final_star_cell(by_number.get(2), result.source))
    return first, second


def _final_star_cell(part: PartResult | None, source: str | None) -> Cell:
    """The last day's part 2: the final star, claimed rather than solved; in when aocd's
    cache knows it is (calendar.with_known_final_star), looked at once part 1 is right
    when answers are sent (submit.py). Not in as far as is known, on the user's input;
    nothing to know of it on an example or a file."""
    if part is None:
        return Cell(f"☆{NBSP}final star", "yellow") if source == "input" \
            else Cell("final star", "dim")
    sent = f" [sent: {part.submitted}]" if part.submitted else ""
    if part.status is Status.CORRECT:
        return Cell(f"★{NBSP}final star{sent}", "green")
    if part.submitted == SUBMIT_FAILED:
        return Cell(f"!{NBSP}final star{sent}", "red")
    return Cell(f"☆{NBSP}final star{sent}", "yellow")


def _memory_cell(result: DayResult) -> Cell:
    """Each step's peak allocation, a line a step ("parse 1.20 MiB")."""
    peaks = result.peak_memory or {}
    return Cell("\n".join(f"{step} {_together('⧖ stopped' if size is None else format_bytes(size))}"
                          for step, size in peaks.items()))


def _row(result: DayResult) -> list[Cell]:
    by_number = {part.part: part for part in result.parts}
    first, second = _part_cells(result)
    return [
        Cell(f"{result.year}/{result.day:02d}"),
        # A variant's row follows its day's: it names the variant where the title was.
        Cell(f"  variant {result.variant}", "dim") if result.variant else Cell(result.title or ""),
        Cell(result.label or result.source or ""),
        Cell(format_duration(result.parse_seconds)),
        first, _time_cell(by_number.get(1)), second, _time_cell(by_number.get(2)),
    ]


def _narrow_row(result: DayResult) -> list[Cell]:
    by_number = {part.part: part for part in result.parts}
    source = result.label or result.source
    name = f"variant {result.variant}" if result.variant else result.title  # as in _row
    day = " ".join(filter(None, [f"{result.year}/{result.day:02d}", name,
                                 f"({source})" if source else None]))
    parse = format_duration(result.parse_seconds)
    cells = [Cell(day + (f"\nparse {_together(parse)}" if parse else ""))]
    for cell, number in zip(_part_cells(result), (1, 2), strict=True):
        time = _time_cell(by_number.get(number)).text
        cells.append(Cell(cell.text + (f"\n{_together(time)}" if time else ""), cell.style,
                          cell.drawn))
    return cells


def layout(results: Sequence[DayResult], width: int | None, memory: bool = False) -> Layout:
    """The columns and rows of `results`: the wide table when it fits `width`, else the
    narrow one; with `memory` (--memory), each ends with the steps' peak allocations."""
    if not memory:
        return choose_layout([(_COLUMNS, [_row(result) for result in results]),
                              (_NARROW_COLUMNS, [_narrow_row(result) for result in results])],
                             width)
    return choose_layout(
        [([*_COLUMNS, _MEMORY], [[*_row(r), _memory_cell(r)] for r in results]),
         ([*_NARROW_COLUMNS, _MEMORY], [[*_narrow_row(r), _memory_cell(r)] for r in results])],
        width)


def _with_memory(results: Sequence[DayResult]) -> bool:
    return any(result.peak_memory is not None for result in results)


def render(report: RunReport, verbose: bool, out: IO[str], err: IO[str]) -> None:
    columns, rows = layout(report.results, terminal_width(out), _with_memory(report.results))
    show("Advent of Code", columns, rows, report.notices,
         problems(report.results, verbose, terminal_width(err)), out, err,
         after=submissions(report))


_TYPICAL = DayResult(
    2023, 24, "A Puzzle Title Of Four Words", "input", None, 0.0125, parts=tuple(
        PartResult(part, Status.CORRECT, "1234567890123456", 0.0125)  # "12.5 ms": widest
        for part in (1, 2)),
)
"""A row like the ones to come, its answers as long as Advent of Code's longest (16
digits): a live table's form is chosen for it, and keeps room for it where the terminal
has that room."""


def live_narrow(width: int | None, memory: bool = False) -> bool:
    """Whether a live table on a terminal `width` columns wide is the narrow one: chosen
    once for the whole run, from the width alone (a typical row's answers and times must
    fit the wide one, with room for a title wrapped to NARROWEST_TEXT), since rows shown
    cannot be redrawn in another form."""
    if width is None:
        return False
    typical = _TYPICAL._replace(peak_memory=dict.fromkeys(("parse", "part 1", "part 2"),
                                                          2**30) if memory else None)
    columns, rows = ([*_COLUMNS, _MEMORY], [[*_row(typical), _memory_cell(typical)]]) \
        if memory else (_COLUMNS, [_row(typical)])
    natural = fit_widths(columns, rows, None)
    needed = sum(min(size, NARROWEST_TEXT) if column.fit == "text" else size
                 for column, size in zip(columns, natural, strict=True))
    return needed + 3 * len(columns) + 1 > width


class LiveTable:
    """The run table on a terminal, a row as soon as each day is done. Its form (wide or
    stacked) is chosen once, from the terminal's width (`live_narrow`), and every row
    keeps it; its widths are fitted to the rows shown so far, answers and times given
    room for a typical row's where the terminal has it, and titles wrap in theirs. A row
    whose answer cannot show whole in them ends the block, and a new one is headed, in
    the same form, fitted to every row so far (as after a question, which also ends the
    block); only an answer that the wide form cannot show whole on the terminal at all
    (longer than a typical row's by far) turns the rest of the run to the narrow one."""

    def __init__(self, out: IO[str], width: int | None, memory: bool = False) -> None:
        self.out, self.width, self.colour = out, width, use_colour(out)
        self.memory = memory
        self.results: list[DayResult] = []
        self.writer: TableWriter | None = None
        self.narrow = live_narrow(width, memory)
        self.titled = False

    def _cells(self, result: DayResult) -> list[Cell]:
        cells = _narrow_row(result) if self.narrow else _row(result)
        return [*cells, _memory_cell(result)] if self.memory else cells

    def _columns(self) -> list[Column]:
        columns = _NARROW_COLUMNS if self.narrow else _COLUMNS
        return [*columns, _MEMORY] if self.memory else list(columns)

    def _open(self) -> TableWriter:
        """A block's title (the first only) and headings, fitted to the rows so far."""
        columns = self._columns()
        rows = [self._cells(result) for result in self.results]
        if (not self.narrow and self.width is not None
                and table_width(columns, rows, self.width) > self.width):
            self.narrow = True  # an answer too long for the wide form on this terminal
            columns = self._columns()
            rows = [self._cells(result) for result in self.results]
        # Room for a typical row's answers and times, where the terminal has it, before
        # the titles': a longer answer to come then fits without a new block of headings.
        typical = [Cell("") if column.fit == "text" else cell for column, cell in zip(
            columns, self._cells(_TYPICAL._replace(peak_memory=dict.fromkeys(
                ("parse", "part 1", "part 2"), 2**30))), strict=True)]
        widths = fit_widths(columns, [*rows, typical], self.width)
        if self.width is not None and sum(widths) + 3 * len(widths) + 1 > self.width:
            widths = fit_widths(columns, rows, self.width)  # no room for it: the rows'
        writer = TableWriter("Advent of Code", columns, widths, self.colour)
        head = writer.head()
        print(head if not self.titled else head.split("\n", 1)[1], file=self.out, flush=True)
        self.titled = True
        return writer

    def row(self, result: DayResult) -> None:
        self.results.append(result)
        if self.writer is not None and not fits(
                self.writer.columns, self.writer.widths, self._cells(result)):
            self.close()
        if self.writer is None:
            self.writer = self._open()
        print(self.writer.row(self._cells(result)), file=self.out, flush=True)

    def close(self) -> None:
        """The block's last line, before anything else is shown (a question, a note)."""
        if self.writer is not None:
            print(self.writer.foot(), file=self.out, flush=True)
            self.writer = None


def render_after_live(report: RunReport, verbose: bool, err: IO[str],
                      unsent: RunReport | None = None) -> None:
    """What follows a live table: the notices, the problems, and the notes of `unsent`,
    the results nothing was sent for (why not: a verdict already known); what was sent
    is shown under each day's row, as it is sent."""
    colour, width = use_colour(err), terminal_width(err)
    lines = [(notice, "yellow") for notice in report.notices]
    lines += [(line, "red") for line in problems(report.results, verbose, width)]
    lines += submissions(unsent) if unsent is not None else []
    for line, style in lines:
        print(paint(wrap_message(line, width), style, colour), file=err)
