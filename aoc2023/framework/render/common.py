"""What every view shares: how a duration and a part's answer are shown, and the order
in which a command's output appears (notices, the table, then the problems)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from aoc2023.framework.render.table import (
    NBSP,
    Cell,
    Column,
    Layout,
    choose_layout,
    paint,
    render_table,
    terminal_width,
    use_colour,
    wrap_message,
)
from aoc2023.framework.results import PartResult, Status

_UNITS = ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns"))

_MARKS = {
    Status.CORRECT: ("✔", "green"),
    Status.WRONG: ("✘", "red"),
    Status.UNKNOWN: ("?", "yellow"),
    Status.ERROR: ("!", "red"),
    Status.NOT_IMPLEMENTED: ("-", "dim"),
    Status.TIMEOUT: ("⧖", "red"),
    Status.INTERRUPTED: ("⏹", "red"),
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


def format_bytes(size: int | None) -> str:
    """A memory size, auto-ranged in powers of 1,024 as tracemalloc counts: `512 B`,
    `3.40 KiB`, `12.5 MiB`, three significant figures as durations have."""
    if size is None:
        return ""
    value, unit = float(size), "B"
    for bigger in ("KiB", "MiB", "GiB"):
        if value < 1024:
            break
        value, unit = value / 1024, bigger
    if unit == "B":
        return f"{size} B"
    digits = 0 if value >= 100 else 1 if value >= 10 else 2
    return f"{value:.{digits}f} {unit}"


def part_cell(part: PartResult | None) -> Cell:
    """A part's answer with its mark (✔ ✘ ? ! - ⧖), as every table shows it."""
    if part is None:
        return Cell("")
    mark, style = _MARKS[part.status]
    if part.drawing is not None and part.answer is None:
        return _drawing_cell(part, mark, style)
    if part.status is Status.NOT_IMPLEMENTED:
        return Cell(f"{mark} not implemented", style)
    if part.status in (Status.ERROR, Status.TIMEOUT, Status.INTERRUPTED):
        return Cell(f"{mark} {part.status}", style)
    text = f"{mark}{NBSP}{part.answer or ''}"  # the mark stays with its answer
    if drawn_wrong(part):
        text += " (expected: the drawing below)"
    elif part.status is Status.WRONG:
        text += (f" ({part.refused})" if part.refused else
                 f" (expected {part.expected})" if part.expected else " (wrong)")
    if part.submitted:
        text += f" [sent: {part.submitted}]"
    return Cell(text, style)


def drawn_wrong(part: PartResult) -> bool:
    """A wrong drawing whose expected answer is a drawing too: shown as two pictures side
    by side under the table (answers.side_by_side), not in its cell."""
    if part.status is not Status.WRONG or part.drawing is None:
        return False
    from aoc2023.framework.answers import pictures

    return pictures(part.drawing, part.expected)


def _drawing_cell(part: PartResult, mark: str, style: str) -> Cell:
    """A drawing whose letters do not read, shown whole under its mark (the note under
    the table says why it is not sent; a wrong one is shown beside the expected one
    there too)."""
    text = f"{mark} drawing:\n{part.drawing}"
    if drawn_wrong(part):
        text += "\nexpected: see below"
    elif part.status is Status.WRONG and part.expected:
        text += f"\nexpected:\n{part.expected}"
    return Cell(text, style, drawn=True)


def show(
    title: str,
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell]],
    notices: Sequence[str],
    problems: Sequence[str],
    out: IO[str],
    err: IO[str],
    after: Sequence[tuple[str, str]] = (),
    narrow: Layout | None = None,
) -> None:
    """A command's output for people: notices (yellow, stderr), the table (stdout), the
    problems (red, stderr), then any further `(line, style)` lines (stderr). The table
    is `narrow` (other columns, the same facts) when the terminal is too narrow for it."""
    colour_err, width_err = use_colour(err), terminal_width(err)
    for notice in notices:
        print(paint(wrap_message(notice, width_err), "yellow", colour_err), file=err)
    width = terminal_width(out)
    columns, rows = choose_layout([(columns, rows), *([narrow] if narrow else [])], width)
    print(render_table(title, columns, rows, use_colour(out), width), file=out)
    for line in problems:
        print(paint(wrap_message(line, width_err), "red", colour_err), file=err)
    for line, style in after:
        print(paint(wrap_message(line, width_err), style, colour_err), file=err)
