"""The view of `aoc run --profile`: the functions that took the most time of their own."""

from __future__ import annotations

from aoc2023.framework.render.common import format_duration
from aoc2023.framework.render.table import Cell, Column, render_table
from aoc2023.framework.results import ProfileRow


def render_profile(rows: list[ProfileRow], colour: bool, width: int | None = None) -> str:
    columns = [Column("Own time", "right"), Column("Total", "right"), Column("Calls", "right"),
               Column("Function", kind="text"), Column("Where", kind="text")]
    table = [
        [
            Cell(format_duration(row.own_seconds)),
            Cell(format_duration(row.total_seconds)),
            Cell(str(row.calls) if row.calls == row.primitive_calls
                 else f"{row.calls}/{row.primitive_calls}"),
            Cell(row.function, "bold"),
            Cell(row.location or "built-in", None if row.location else "dim"),
        ]
        for row in rows
    ]
    title = f"Profile: the {len(rows)} functions with the most time of their own"
    return render_table(title, columns, table, colour, width)
