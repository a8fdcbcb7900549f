"""`aoc read`: the puzzle as text in the terminal, or as Markdown."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from aoc2023.framework.cli.common import Verbose, Year, configure_logging, fail
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.render.printable import printable


def read(
    year: Year,
    day: Annotated[int, typer.Argument(help="The day, e.g. 7.")],
    markdown: Annotated[
        bool, typer.Option("--markdown", help="Print Markdown (for a pipe or a file).")
    ] = False,
    verbose: Verbose = False,
) -> None:
    """Show the puzzle: headings, emphasis, and the examples as code blocks.

    Reads the page aocd has cached, fetching it through aocd when there is none, and
    once more when a part was solved since it was cached (so part 2 appears). Writes
    nothing into the project.
    """
    from aoc2023.framework.aocd.account import no_token_error
    from aoc2023.framework.aocd.puzzle_text import puzzle_text
    from aoc2023.framework.aocd.session import find_token

    configure_logging(verbose)
    try:
        token = find_token()
        if token is None:
            raise no_token_error()
        text = puzzle_text(token, year, day)
    except Exception as error:
        fail(error, verbose)
    if text.still_short:
        typer.echo("Note: fetched the page again for a part solved since it was cached, but "
                   "the site still shows it unsolved: is the session token dead? "
                   f"({aoc_command('token')} checks it)", err=True)
    elif text.refreshed:
        typer.echo("Fetched the page again: a part was solved since it was cached.", err=True)
    if markdown:
        sys.stdout.write(printable(text.markdown))
    else:
        from aoc2023.framework.render.read import render

        render(printable(text.markdown), sys.stdout)
