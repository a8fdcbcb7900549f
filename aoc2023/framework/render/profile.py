"""The view of `aoc run --profile`: the functions that took the most time of their own."""

from __future__ import annotations

from aoc2023.framework.commands.view import (
    Cell,
    Column,
    choose_layout,
    format_duration,
    render_table,
)
from aoc2023.framework.instruments import ProfileRow


def render_profile(rows: list[ProfileRow], colour: bool, width: int | None = None) -> str:
    """The table, with each function's place under its name when the terminal is narrow."""
    figures = [
        [
            Cell(format_duration(row.own_seconds)),
            Cell(format_duration(row.total_seconds)),
            Cell(str(row.calls) if row.calls == row.primitive_calls
                 else f"{row.calls}/{row.primitive_calls}"),
        ]
        for row in rows
    ]
    numbers = [Column("Own time", "right"), Column("Total", "right"), Column("Calls", "right")]
    wide = [*numbers, Column("Function", kind="text"), Column("Where", kind="text")]
    table = [[*cells, Cell(row.function, "bold"),
              Cell(row.location or "built-in", None if row.location else "dim")]
             for cells, row in zip(figures, rows, strict=True)]
    narrow = [*numbers, Column("Function, where", kind="text")]
    stacked = [[*cells, Cell(f"{row.function}\n{row.location or 'built-in'}")]
               for cells, row in zip(figures, rows, strict=True)]
    columns, chosen = choose_layout([(wide, table), (narrow, stacked)], width)
    title = f"Profile: the {len(rows)} functions with the most time of their own"
    return render_table(title, columns, chosen, colour, width)
