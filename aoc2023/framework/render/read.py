"""The view of `aoc read`: the puzzle's Markdown, drawn for a terminal by rich.

rich costs about 106 ms to import (render/table.py): it is imported here only, and
this module only by `aoc read`, so no other command pays for it.
"""

from __future__ import annotations

from typing import IO


def render(markdown: str, out: IO[str]) -> None:
    from rich.console import Console
    from rich.markdown import Markdown

    Console(file=out, soft_wrap=False).print(Markdown(markdown, code_theme="ansi_dark"))
