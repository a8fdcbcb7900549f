"""How every command's output looks: durations, sizes, a part's mark, a box table fitted
to the terminal, a command's output in its order (`show`), the JSON pieces commands share.
Drawn here, not by rich, whose tables look otherwise than docs/reference/output.md shows
and cost a run more (`startup_tricks.py`). Widths are terminal columns (`cell_width`)."""

from __future__ import annotations

import json
import os
import textwrap
from collections.abc import Iterable, Sequence
from contextlib import suppress
from itertools import zip_longest
from typing import IO, TYPE_CHECKING, Any, Literal, NamedTuple

from aoc2023.framework.answers import pictures, side_by_side
from aoc2023.framework.output import printable
from aoc2023.framework.results import DayResult, PartResult, Status, day_place

if TYPE_CHECKING:
    from aoc2023.framework.aocd.client import PageExample

_ANSI = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33"}

ColumnKind = Literal["value", "words", "text"]
_SHRINK_ORDER: tuple[ColumnKind, ...] = ("text", "words", "value")
NBSP = "\u00a0"
"""Holds two words together when a cell wraps (`12.5 ms`); printed as a plain space."""
_JOINER = "\u200d"
NARROWEST_TEXT = 8
"""A text column is not wrapped narrower than this, unless its contents are."""


class Cell(NamedTuple):
    text: str
    style: str | None = None
    drawn: bool = False
    """Its lines are a drawing: each is shown whole, never wrapped."""


class Column(NamedTuple):
    heading: str
    align: Literal["left", "right"] = "left"
    kind: ColumnKind | None = None
    """How it gives up width: free text (`"text"`) wraps first, then answers (`"words"`),
    at spaces; values never wrap; last, free text breaks long words. Default: a
    right-aligned column holds values, a left-aligned one words."""

    @property
    def fit(self) -> ColumnKind:
        return self.kind or ("value" if self.align == "right" else "words")


def smart_terminal(stream: IO[str]) -> bool:
    """Whether `stream` is a terminal taking escape codes: not a file, a pipe, `TERM=dumb`."""
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty()) and os.environ.get("TERM") != "dumb"


def use_colour(stream: IO[str]) -> bool:
    """Colour for a smart terminal, unless NO_COLOR is set; FORCE_COLOR forces it."""
    if os.environ.get("NO_COLOR"):
        return False
    return bool(os.environ.get("FORCE_COLOR")) or smart_terminal(stream)


def terminal_width(stream: IO[str]) -> int | None:
    """How wide output to `stream` may be: `COLUMNS`, else its terminal's, else None (no limit)."""
    if (columns := os.environ.get("COLUMNS", "")).isdigit() and int(columns) > 0:
        return int(columns)
    with suppress(AttributeError, OSError, ValueError):
        if stream.isatty():
            return os.get_terminal_size(stream.fileno()).columns or None
    return None


ONE_COLUMN = frozenset(map(chr, range(0x20, 0x7F))) | frozenset("✔✘⧖⏹★☆µ…·─│┌┬┐├┼┤└┴┘" + NBSP)
"""Characters the framework writes itself, one column wide as rich measures them too:
text of these alone is measured by len(), so that rich is not imported for it."""


def _simple(text: str) -> bool:
    return text.isascii() or ONE_COLUMN.issuperset(text)


def cell_width(text: str) -> int:
    """How many terminal columns one line of `text` takes (len() counts characters)."""
    if _simple(text):
        return len(text)
    from rich.cells import cell_len

    return cell_len(text)


def cut(text: str, width: int, keep: Literal["start", "end"] = "start") -> str:
    """One line of `text` in at most `width` columns: whole, or its start (or its end)
    with "…" where the rest was."""
    if cell_width(text) <= width:
        return text
    if width <= 1:
        return "…"[:width]
    if _simple(text):
        return text[: width - 1] + "…" if keep == "start" else "…" + text[len(text) - width + 1 :]
    if keep == "start":
        from rich.cells import chop_cells

        return chop_cells(text, width - 1)[0] + "…"
    start = next(i for i in range(1, len(text) + 1) if cell_width(text[i:]) < width)
    return "…" + text[start:]


def pad(text: str, width: int, align: Literal["left", "right", "center"] = "left") -> str:
    """`text` padded with spaces to `width` columns (as str.ljust, rjust, center)."""
    room = max(0, width - cell_width(text))
    before = {"left": 0, "right": room, "center": room // 2}[align]
    return " " * before + text + " " * (room - before)


def wrap(line: str, width: int, *, break_long_words: bool = False, indent: str = "") -> list[str]:
    """One line wrapped at spaces into lines of at most `width` columns, each after the
    first led by `indent`; a wider word is broken only with `break_long_words`."""
    width = max(1 + len(indent), width)
    if _simple(line):
        return textwrap.wrap(
            line,
            width,
            break_long_words=break_long_words,
            break_on_hyphens=False,
            subsequent_indent=indent,
        ) or [""]
    lines: list[str] = []
    current, used = "", 0
    for word in filter(None, line.split(" ")):
        size = cell_width(word)
        if current and used + 1 + size <= width:
            current, used = f"{current} {word}", used + 1 + size
            continue
        if current:
            lines.append(current)
        lead = indent if lines else ""
        current, used = lead + word, len(lead) + size
        if used > width and break_long_words:
            from rich.cells import chop_cells

            *whole, last = chop_cells(word, width - len(indent))
            for piece in whole:
                lines.append((indent if lines else lead) + piece)
            current = (indent if lines else lead) + last
            used = cell_width(current)
    if current:
        lines.append(current)
    return lines or [""]


def status_line(text: str, width: int | None) -> str:
    """`text` as a line rewritten in place (`\r`, a countdown): cleared first, and cut to
    one less than `width`, since a line that wraps cannot be rewritten by `\r`."""
    text = printable(text)
    if width is not None:
        text = cut(text, max(0, width - 1))
    return "\r\x1b[2K" + text


def paint(text: str, style: str | None, *, colour: bool) -> str:
    """`text`, printable, in `style` when `colour`."""
    text = printable(text)
    if not colour or not style:
        return text
    return f"\x1b[{';'.join(_ANSI[word] for word in style.split())}m{text}\x1b[0m"


def wrap_message(text: str, width: int | None, indent: str = "") -> str:
    """A long message (a notice, the site's reply) wrapped at spaces to `width`, `indent`
    leading each line it adds; its own line breaks kept, a word wider than `width` whole."""
    text = printable(text)
    if width is None:
        return text
    return "\n".join(
        line
        if cell_width(line) <= width or " " not in line.strip()
        else "\n".join(wrap(line, width, indent=indent))
        for line in text.split("\n")
    )


def _shown(text: str) -> str:
    """A cell's or title's text as drawn: printable, a tab as `\\t` (no width counts its stop)."""
    return printable(text).replace("\t", "\\t")


def _lines(cell: Cell, width: int, kind: ColumnKind) -> list[str]:
    out: list[str] = []
    for line in _shown(cell.text).split("\n"):
        if cell_width(line) <= width or kind == "value" or cell.drawn:
            out.append(line)
        else:
            out += wrap(line, width, break_long_words=kind == "text")
    return out


def _words(text: str) -> list[str]:
    """Where textwrap may break: at spaces and line breaks (a no-break space holds)."""
    return text.replace("\n", " ").split(" ")


def _natural(column: Column, cells: Sequence[Cell]) -> tuple[int, int, int, int]:
    """A column's width as wide as its contents, the narrowest it may be with every word
    whole, the narrowest once free text may break its words, and, when nothing else fits,
    once its heading's words break too (2 columns: a wide character's)."""
    texts = [_shown(cell.text) for cell in cells]
    lines = [line for text in [*texts, column.heading] for line in text.split("\n")]
    heading = [cell_width(word) for word in _words(column.heading)]
    words = [  # a value's lines, and a drawing's, are not broken at spaces
        word
        for cell, text in zip(cells, texts, strict=True)
        for word in (text.split("\n") if cell.drawn or column.fit == "value" else _words(text))
    ]
    widest = max(map(cell_width, lines))
    whole = max([*heading, *map(cell_width, words)])
    if column.fit == "text":
        return widest, whole, min(widest, max(NARROWEST_TEXT, *heading)), min(widest, 2)
    return widest, whole, whole, whole


def fit_widths(
    columns: Sequence[Column],
    rows: Sequence[Sequence[Cell]],
    width: int | None,
    *,
    whole_words: bool = False,
) -> list[int]:
    """Each column's width: as wide as its contents, or narrower, kind by kind and the
    widest first, until the table fits `width`; every column gives up what it can with
    its words whole before free text breaks a word."""
    natural = [_natural(column, [row[i] for row in rows]) for i, column in enumerate(columns)]
    widths = [widest for widest, *_ in natural]
    if width is None:
        return widths
    for limit in (1,) if whole_words else (1, 2, 3):  # the narrowest with words whole, then not
        for kind in _SHRINK_ORDER:
            while table_width(widths) > width and (
                shrinkable := [
                    i
                    for i, column in enumerate(columns)
                    if column.fit == kind and widths[i] > natural[i][limit]
                ]
            ):
                widths[max(shrinkable, key=lambda i: widths[i])] -= 1  # the widest
    return widths


def table_width(widths: Sequence[int]) -> int:
    """How wide a table of columns `widths` wide is, with its borders and padding."""
    return sum(widths) + 3 * len(widths) + 1


def fits(columns: Sequence[Column], widths: Sequence[int], cells: Sequence[Cell]) -> bool:
    """Whether a row shows in `widths` with every word whole but those of free text, which
    wrap and break as they must (a live table's next row)."""
    return all(
        column.fit == "text" or _natural(column, [cell])[1] <= width
        for column, width, cell in zip(columns, widths, cells, strict=True)
    )


Layout = tuple[Sequence[Column], Sequence[Sequence[Cell]]]
"""A table's columns and rows: a view may offer a narrower layout of the same facts."""


class TableWriter(NamedTuple):
    """A table drawn a row at a time, its widths fixed up front; a title wider than the
    table or the terminal (`width`; None: no limit) wraps to the narrower."""

    title: str
    columns: Sequence[Column]
    widths: Sequence[int]
    colour: bool
    width: int | None = None

    def rule(self, left: str, middle: str, right: str) -> str:
        return left + middle.join("─" * (width + 2) for width in self.widths) + right

    def head(self) -> str:
        total = table_width(self.widths)
        lines = _shown(self.title).split("\n")
        if self.width is not None:
            lines = _lines(Cell(self.title), min(total, self.width), "text")
        title = "\n".join(pad(line, total, "center").rstrip() for line in lines)
        return "\n".join(
            [
                paint(title, "bold", colour=self.colour),
                self.rule("┌", "┬", "┐"),
                self.row([Cell(column.heading, "bold") for column in self.columns], headings=True),
                self.rule("├", "┼", "┤"),
            ]
        )

    def row(self, cells: Sequence[Cell], *, headings: bool = False) -> str:
        """A row, each cell's lines wrapped to its column (a heading's words break only
        where its column is narrower than one of them)."""
        wrapped = [
            _lines(cell, width, "text" if headings else column.fit)
            for column, width, cell in zip(self.columns, self.widths, cells, strict=True)
        ]
        out = []
        for texts in zip_longest(*wrapped, fillvalue=""):  # a line of each cell, top down
            padded = []
            for column, width, cell, text in zip(
                self.columns, self.widths, cells, texts, strict=True
            ):
                # A joiner at a line's end joins nothing of the cell's: the padding after
                # it would be taken into its character, and the border moved.
                text = pad(text.replace(NBSP, " ").rstrip(_JOINER), width, column.align)
                padded.append(" " + paint(text, cell.style, colour=self.colour) + " ")
            out.append("│" + "│".join(padded) + "│")
        return "\n".join(out)

    def foot(self) -> str:
        return self.rule("└", "┴", "┘")


def fitted_table(
    title: str, layouts: Sequence[Layout], *, colour: bool, width: int | None = None
) -> str:
    """The whole table, in the first of `layouts` that fits `width` (None: as wide as its
    contents) without breaking a word, else in the last (the narrowest, which may then
    break words of free text to fit)."""
    for columns, rows in layouts:  # none fits: the last
        whole = fit_widths(columns, rows, width, whole_words=True)
        if width is None or table_width(whole) <= width:
            break
    widths = fit_widths(columns, rows, width)
    writer = TableWriter(title, columns, widths, colour=colour, width=width)
    return "\n".join([writer.head(), *(writer.row(row) for row in rows), writer.foot()])


_MARKS = {
    Status.CORRECT: ("✔", "green"),
    Status.WRONG: ("✘", "red"),
    Status.UNKNOWN: ("?", "yellow"),
    Status.ERROR: ("!", "red"),
    Status.NOT_IMPLEMENTED: ("-", "dim"),
    Status.TIMEOUT: ("⧖", "red"),
    Status.INTERRUPTED: ("⏹", "red"),
}
_SECONDS = ((1.0, "s"), (1e-3, "ms"), (1e-6, "µs"), (1e-9, "ns"))
_BYTES = ((1024.0**3, "GiB"), (1024.0**2, "MiB"), (1024.0, "KiB"), (1, "B"))


def format_duration(seconds: float | None) -> str:
    """Auto-ranged, three significant figures: `812 ns`, `3.40 µs`, `12.5 ms`, `1.23 s`."""
    return "" if seconds is None else _ranged(seconds, _SECONDS)


def format_bytes(size: int | None) -> str:
    """A memory size in powers of 1,024, as tracemalloc counts: `512 B`, `3.40 KiB`."""
    return "" if size is None else _ranged(size, _BYTES)


def _ranged(value: float, units: tuple[tuple[float, str], ...]) -> str:
    """In the largest unit it makes 1 of, to three figures; the smallest unit whole."""
    *larger, (smallest, name) = units
    for scale, unit in larger:
        if value >= scale:
            scaled = value / scale
            digits = 0 if scaled >= 100 else 1 if scaled >= 10 else 2
            return f"{scaled:.{digits}f} {unit}"
    return f"{value / smallest:.0f} {name}"


def part_cell(part: PartResult | None) -> Cell:
    """A part's answer with its mark (✔ ✘ ? ! - ⧖), as every table shows it."""
    if part is None:
        return Cell("")
    mark, style = _MARKS[part.status]
    if part.drawing is not None and part.answer is None:  # letters that do not read
        text = f"{mark} drawing:\n{part.drawing}"
        if drawn_wrong(part):
            text += "\nexpected: see below"
        elif part.status is Status.WRONG and part.expected:
            text += f"\nexpected:\n{part.expected}"
        return Cell(text, style, drawn=True)
    if part.status in (Status.NOT_IMPLEMENTED, Status.ERROR, Status.TIMEOUT, Status.INTERRUPTED):
        return Cell(f"{mark} {part.status}", style)
    text = f"{mark}{NBSP}{part.answer or ''}"  # the mark stays with its answer
    if drawn_wrong(part):
        text += " (expected: the drawing below)"
    elif part.status is Status.WRONG:
        why = part.refused or (f"expected {part.expected}" if part.expected else "wrong")
        text += f" ({why})"
    if part.submitted:
        text += f" [sent: {part.submitted}]"
    return Cell(text, style)


def drawn_wrong(part: PartResult) -> bool:
    """A wrong drawing whose expected answer is a drawing too: shown as two pictures side
    by side under the table (answers.side_by_side), not in its cell."""
    return part.status is Status.WRONG and pictures(part.drawing, part.expected)


def day_problems(
    results: Iterable[DayResult], width: int | None = None, *, verbose: bool
) -> list[str]:
    """One sentence per failure of a day's run, with its traceback when verbose; a drawing
    that differs from the expected one is shown beside it (stacked when too narrow)."""
    lines = []
    for result in results:
        where = day_place(result.year, result.day, result.label, result.variant)
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
                lines.append(
                    f"{where} part {part.part}: the drawing differs from the expected one:\n"
                    f"{side_by_side(part.expected or '', part.drawing or '', width)}"
                )
    return lines


def show(
    title: str,
    layouts: Sequence[Layout],
    notices: Sequence[str],
    problems: Sequence[str],
    out: IO[str],
    err: IO[str],
    *,
    after: Sequence[tuple[str, str | None]] = (),
) -> None:
    """A command's output for people: notices (yellow, stderr), the table (stdout) in the
    first of `layouts` that fits, the problems (red, stderr), then `after`'s lines (stderr)."""
    say_styled([(notice, "yellow") for notice in notices], err)
    print(fitted_table(title, layouts, colour=use_colour(out), width=terminal_width(out)), file=out)
    say_styled([*((problem, "red") for problem in problems), *after], err)


def say_styled(lines: Iterable[tuple[str, str | None]], out: IO[str], indent: str = "") -> None:
    """`(line, style)` lines, wrapped (`wrap_message`) and painted for `out`."""
    colour, width = use_colour(out), terminal_width(out)
    for line, style in lines:
        print(paint(wrap_message(line, width, indent), style, colour=colour), file=out)


def part_json(part: PartResult) -> dict[str, Any]:
    """A part's result as every command's JSON has it: all but its traceback."""
    data = part._asdict() | {"status": str(part.status)}
    del data["traceback"]
    return data


def example_json(example: PageExample) -> dict[str, Any]:
    """One example as aocd's parser read it: answers per part, drawn ones, extra."""
    return {
        "input": example.input,
        "part_1": example.part_1,
        "part_2": example.part_2,
        "drawn": {f"part_{part}": text for part, text in sorted(example.drawn.items())},
        "extra": example.extra,
    }


def page_json(year: int, day: int, title: str | None, notices: list[str], **fields: Any) -> str:
    """A day's JSON (`aoc read`, `examples`, `new`): the day, its title, `fields`, the notices."""
    document = {"year": year, "day": day, "title": title, **fields, "notices": notices}
    return json.dumps(document, indent=2, default=str)
