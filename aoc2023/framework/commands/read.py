"""`aoc read`: the puzzle in the terminal or as Markdown: the command, its view (by rich,
which only this module imports) and its JSON."""

from __future__ import annotations

import json
from typing import IO, Annotated

import typer

from aoc2023.framework import calendar
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title
from aoc2023.framework.commands.options import AsJson, Verbose, Year, configure_logging, emit, fail
from aoc2023.framework.commands.view import smart_terminal, terminal_width
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.output import printable


def read(
    year: Year,
    day: Annotated[int, typer.Argument(help="The day, e.g. 7.")],
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print Markdown (for a pipe or a file).")
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Show the puzzle: headings, emphasis, and the examples as code blocks.

    Reads the page aocd has cached, fetching it through aocd when there is none, and
    once more when a part was solved since it was cached (so part 2 appears). Writes
    nothing into the project.
    """
    from aoc2023.framework.aocd.client import required_token
    from aoc2023.framework.aocd.pages import puzzle_text

    configure_logging(verbose=verbose)
    try:
        calendar.check_day(year, day)  # a usage error before anything is looked up
        token = required_token()
        text = puzzle_text(token, year, day)
    except Exception as error:
        fail(error, verbose=verbose)
    notices = []
    if text.still_short:
        notices.append(
            "Note: fetched the page again for a part solved since it was cached, "
            "but the site still shows it unsolved: is the session token dead? "
            f"({aoc_command('token')} checks it)"
        )
    elif text.refreshed:
        notices.append("Fetched the page again: a part was solved since it was cached.")
    shown = printable(text.markdown)

    def to_json() -> str:  # the text as --markdown prints it, and the answers aocd cached
        cache = PuzzleCache.for_token(token, year, day)
        answers = [
            {"part": part, "answer": cache.known_answer(part) if cache else None}
            for part in calendar.puzzle_parts(year, day)
        ]
        return json.dumps(
            {
                "year": year,
                "day": day,
                "title": cached_title(year, day, cache.user_dir if cache else None),
                "markdown": shown,
                "answers": answers,
                "notices": notices,
            },
            indent=2,
        )

    def to_view(out: IO[str], err: IO[str]) -> None:
        for notice in notices:
            print(notice, file=err)
        if markdown:
            out.write(shown)
        else:
            render(shown, out)

    emit(to_json, notices, to_view, as_json=as_json)


def render(markdown: str, out: IO[str]) -> None:
    """As rich draws it; off a terminal, without rich's padding of lines to the width."""
    from rich.console import Console
    from rich.markdown import Markdown

    page = Markdown(markdown, code_theme="ansi_dark")
    console = Console(file=out, soft_wrap=False, width=terminal_width(out))
    if smart_terminal(out):
        console.print(page)
        return
    with console.capture() as capture:
        console.print(page)
    out.write("\n".join(line.rstrip(" ") for line in capture.get().split("\n")))
