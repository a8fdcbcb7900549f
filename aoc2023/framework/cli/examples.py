"""`aoc examples`: the puzzle's examples as aocd's example parser reads the page now."""

from __future__ import annotations

from typing import Annotated

import typer

from aoc2023.framework.cli.common import Verbose, Year, configure_logging, fail, say
from aoc2023.framework.launcher import aoc_command


def examples(
    year: Year,
    day: Annotated[int, typer.Argument(help="The day, e.g. 7.")],
    verbose: Verbose = False,
) -> None:
    """Show the examples aocd's example parser reads from the puzzle page, as code to paste.

    The page is aocd's cached copy, fetched when there is none and once more when a part
    was solved since (part 2's example appears once part 1 is solved). Check the answers:
    the parser guesses where they are.
    """
    from aoc2023.framework import calendar
    from aoc2023.framework.aocd.account import no_token_error
    from aoc2023.framework.aocd.puzzle_page import current_examples
    from aoc2023.framework.aocd.session import find_token
    from aoc2023.framework.scaffold import examples_block

    configure_logging(verbose)
    try:
        token = find_token()
        if token is None:
            raise no_token_error()
        page = current_examples(token, year, day)
    except Exception as error:
        fail(error, verbose)
    if page.refreshed:
        typer.echo("Fetched the page again: a part was solved since it was cached.", err=True)
    if not page.examples:
        typer.echo(f"aocd's example parser finds no example on the page of {year} day {day}: "
                   f"paste it from the puzzle text ({aoc_command('read', year, day)}).", err=True)
        return
    count = len(page.examples)
    constants, body = examples_block(page.examples, day == calendar.days_in_year(year))
    say(f"# {year} day {day}" + (f" ({page.title})" if page.title else "")
               + f": {count} example{'s' * (count > 1)} as aocd's example parser reads the "
               "page now. Check the answers.\n")
    say(constants)  # source whose literals are escaped already (scaffold.py): unchanged here
    say(body, nl=False)
