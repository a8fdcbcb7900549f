"""A small text table with box-drawing borders and optional colour.

`aoc run` draws its results with this rather than rich. Measured side by side in one
run (15 fresh processes each, medians): importing rich and rendering a 25-row table
took 150 ms, 106 ms of it the import; importing this module and rendering the same
table added 3 ms to the framework's own import. That is more than all the rest of a
run on a cached input (see benchmarks/cli_latency.py). typer still uses rich, for
`--help` only.
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from typing import IO, Literal

_ANSI = {"bold": "1", "dim": "2", "red": "31", "green": "32", "yellow": "33"}


@dataclass(frozen=True)
class Cell:
    text: str
    style: str | None = None


@dataclass(frozen=True)
class Column:
    heading: str
    align: Literal["left", "right"] = "left"


def use_colour(stream: IO[str]) -> bool:
    """Colour for a terminal, unless NO_COLOR is set; FORCE_COLOR forces it."""
    if os.environ.get("NO_COLOR"):
        return False
    if os.environ.get("FORCE_COLOR"):
        return True
    isatty = getattr(stream, "isatty", None)
    return bool(isatty and isatty())


def paint(text: str, style: str | None, colour: bool) -> str:
    if not colour or not style:
        return text
    codes = ";".join(_ANSI[word] for word in style.split())
    return f"\x1b[{codes}m{text}\x1b[0m"


def render_table(
    title: str, columns: Sequence[Column], rows: Sequence[Sequence[Cell]], colour: bool
) -> str:
    widths = [len(column.heading) for column in columns]
    for row in rows:
        for index, cell in enumerate(row):
            widths[index] = max(widths[index], len(cell.text))

    def line(cells: Sequence[Cell]) -> str:
        padded = []
        for column, width, cell in zip(columns, widths, cells, strict=True):
            text = cell.text.rjust(width) if column.align == "right" else cell.text.ljust(width)
            padded.append(" " + paint(text, cell.style, colour) + " ")
        return "│" + "│".join(padded) + "│"

    def rule(left: str, middle: str, right: str) -> str:
        return left + middle.join("─" * (width + 2) for width in widths) + right

    heading = [Cell(column.heading, "bold") for column in columns]
    out = [paint(title.center(sum(widths) + 3 * len(widths) + 1).rstrip(), "bold", colour)]
    out += [rule("┌", "┬", "┐"), line(heading), rule("├", "┼", "┤")]
    out += [line(row) for row in rows]
    out.append(rule("└", "┴", "┘"))
    return "\n".join(out)
