"""The view of `aoc read`: the puzzle's Markdown, drawn for a terminal by rich.

rich costs about 106 ms to import (render/table.py): it is imported here only, and
this module only by `aoc read`, so no other command pays for it.
"""

from __future__ import annotations

from typing import IO

from aoc2023.framework.render.table import smart_terminal, terminal_width


def render(markdown: str, out: IO[str]) -> None:
    """Drawn as rich draws it on a terminal; elsewhere (a pipe, a file) with no line
    padded with spaces to the width, which rich does to fill a block's background."""
    from rich.console import Console
    from rich.markdown import Markdown

    page = Markdown(markdown, code_theme="ansi_dark")
    width = terminal_width(out)  # rich reads the width of the process's own terminal
    if smart_terminal(out):
        Console(file=out, soft_wrap=False, width=width).print(page)
        return
    console = Console(file=out, soft_wrap=False, width=width)
    with console.capture() as capture:
        console.print(page)
    out.write("\n".join(line.rstrip(" ") for line in capture.get().split("\n")))
