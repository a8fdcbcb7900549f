"""`aoc read` and `aoc examples`: the puzzle in the terminal (by rich, which only this module
imports) or as Markdown, or the examples aocd's parser reads on its page as the code `aoc new`
writes; and each command's JSON."""

from __future__ import annotations

from collections.abc import Callable
from typing import IO, Annotated, TypeVar

import typer

from aoc2023.framework import calendar
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title
from aoc2023.framework.commands.new import examples_block
from aoc2023.framework.commands.options import AsJson, Verbose, Year, configure_logging, emit, fail
from aoc2023.framework.commands.view import example_json, page_json, smart_terminal, terminal_width
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.output import printable

Day = Annotated[int, typer.Argument(help="The day, e.g. 7.")]
REFETCHED = "Fetched the page again: a part was solved since it was cached."
_Page = TypeVar("_Page")


def _fetched(
    year: int, day: int, fetch: Callable[[str, int, int], _Page], *, verbose: bool
) -> tuple[str, _Page]:
    """The token and `fetch(token, year, day)`, or `fail`."""
    from aoc2023.framework.aocd.client import required_token

    configure_logging(verbose=verbose)
    try:
        calendar.check_day(year, day)  # a usage error before anything is looked up
        token = required_token()
        return token, fetch(token, year, day)
    except Exception as error:
        fail(error, verbose=verbose)


def read(
    year: Year,
    day: Day,
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
    from aoc2023.framework.aocd.pages import puzzle_text

    token, text = _fetched(year, day, puzzle_text, verbose=verbose)
    notices = []
    if text.still_short:
        notices.append(
            "Note: fetched the page again for a part solved since it was cached, "
            "but the site still shows it unsolved: is the session token dead? "
            f"({aoc_command('token')} checks it)"
        )
    elif text.refreshed:
        notices.append(REFETCHED)
    shown = printable(text.markdown)

    def to_json() -> str:  # the text as --markdown prints it, and the answers aocd cached
        cache = PuzzleCache.for_token(token, year, day)
        answers = [
            {"part": part, "answer": cache.known_answer(part) if cache else None}
            for part in calendar.puzzle_parts(year, day)
        ]
        title = cached_title(year, day, cache.user_dir if cache else None)
        return page_json(year, day, title, notices, markdown=shown, answers=answers)

    def to_view(out: IO[str], err: IO[str]) -> None:
        for notice in notices:
            print(printable(notice), file=err)
        if markdown:
            out.write(shown)
        else:
            render(shown, out)

    emit(to_json, notices, to_view, as_json=as_json)


def examples(year: Year, day: Day, as_json: AsJson = False, verbose: Verbose = False) -> None:
    """Show the examples aocd's example parser reads from the puzzle page, as code to paste.

    The page is aocd's cached copy, fetched when there is none and once more when a part
    was solved since (part 2's example appears once part 1 is solved). Check the answers:
    the parser guesses where they are.
    """
    from aoc2023.framework.aocd.pages import current_examples

    _, page = _fetched(year, day, current_examples, verbose=verbose)
    notices = []
    if page.refreshed:
        notices.append(REFETCHED)
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
        found = [example_json(example) for example in page.examples]
        return page_json(year, day, page.title, notices, examples=found)

    emit(to_json, notices, to_code, as_json=as_json)


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
