"""`aoc examples`: the examples aocd's parser reads on the page now, as the code `aoc new`
writes, or JSON."""

from __future__ import annotations

import json
from typing import IO, Annotated

import typer

from aoc2023.framework import calendar
from aoc2023.framework.commands.new import examples_block
from aoc2023.framework.commands.options import AsJson, Verbose, Year, configure_logging, emit, fail
from aoc2023.framework.commands.view import example_json
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.output import printable


def examples(
    year: Year,
    day: Annotated[int, typer.Argument(help="The day, e.g. 7.")],
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Show the examples aocd's example parser reads from the puzzle page, as code to paste.

    The page is aocd's cached copy, fetched when there is none and once more when a part
    was solved since (part 2's example appears once part 1 is solved). Check the answers:
    the parser guesses where they are.
    """
    from aoc2023.framework.aocd.client import required_token
    from aoc2023.framework.aocd.pages import current_examples

    configure_logging(verbose=verbose)
    try:
        calendar.check_day(year, day)  # a usage error before anything is looked up
        page = current_examples(required_token(), year, day)
    except Exception as error:
        fail(error, verbose=verbose)
    notices = []
    if page.refreshed:
        notices.append("Fetched the page again: a part was solved since it was cached.")
    if not page.examples:
        notices.append(
            f"aocd's example parser finds no example on the page of {year} day "
            f"{day}: paste it from the puzzle text ({aoc_command('read', year, day)})."
        )

    def to_code(out: IO[str], err: IO[str]) -> None:  # the page's text, from outside
        for notice in notices:
            print(printable(notice), file=err)
        if not page.examples:
            return
        count = len(page.examples)
        constants, body = examples_block(page.examples, last_day=day == calendar.days_in_year(year))
        titled = f" ({page.title})" if page.title else ""
        found = f"{count} example{'s' * (count > 1)} as aocd's example parser reads the page now"
        print(printable(f"# {year} day {day}{titled}: {found}. Check the answers.\n"), file=out)
        print(printable(constants), file=out)
        out.write(printable(body))

    def to_json() -> str:
        return json.dumps(
            {
                "year": year,
                "day": day,
                "title": page.title,
                "examples": [example_json(example) for example in page.examples],
                "notices": notices,
            },
            indent=2,
            default=str,
        )

    emit(to_json, notices, to_code, as_json=as_json)
