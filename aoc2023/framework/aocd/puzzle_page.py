"""What `aoc new` wants from adventofcode.com: the input, the title and the examples.

All of it comes through aocd (see client.py): the input is fetched into aocd's
cache, the title and the examples come from the puzzle page, which aocd's example
parser reads (and aocd caches). What cannot be had is one sentence, never an
exception: a new day's files are written whatever the site says.
"""

from __future__ import annotations

from dataclasses import dataclass

from aoc2023.framework import calendar
from aoc2023.framework.aocd import client, local
from aoc2023.framework.aocd.client import PageExample
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title
from aoc2023.framework.errors import NoInputError, NotAnInput, StillLocked


@dataclass(frozen=True)
class PageExamples:
    """The examples aocd's example parser reads from the puzzle page as it is now."""

    title: str | None
    examples: tuple[PageExample, ...]
    refreshed: bool
    """Whether the page was fetched again, for a part solved since it was cached."""


def current_examples(token: str, year: int, day: int) -> PageExamples:
    """The page's examples, the page brought up to date first: fetched when aocd has
    none, and once more when a part was solved since it was cached (part 2's example
    appears on the page once part 1 is solved). SiteError, one sentence, on failure."""
    from typing import Any

    from aoc2023.framework.aocd.puzzle_text import bring_up_to_date

    calendar.check_day(year, day)
    calendar.ensure_unlocked(year, day)
    with client.asking_about(f"read the examples of {year} day {day}", year, day):
        puzzle: Any = client.puzzle(token, year, day)
        refreshed, _ = bring_up_to_date(puzzle, token, year, day)
        found = puzzle.examples
        title = str(puzzle.title)
    return PageExamples(title, client.page_examples(found, year, day), refreshed)


@dataclass(frozen=True)
class PuzzleInfo:
    """What could be had for a new day, and a sentence for each thing that could not."""

    title: str | None = None
    examples: tuple[PageExample, ...] = ()
    input_cached: bool = False
    problems: tuple[str, ...] = ()


def no_token_problem() -> str:
    return (
        f"{local.no_token_sentence()}, so nothing was fetched (your input, the puzzle's "
        "title and example): put your session cookie in one of those files or export "
        "AOC_SESSION."
    )


def gather(year: int, day: int, token: str | None) -> PuzzleInfo:
    """The input (fetched into aocd's cache), the title and the examples, as far as
    they can be had. The caller has already checked that the puzzle is unlocked."""
    cache = PuzzleCache.for_token(token, year, day) if token else None
    local_title = cached_title(year, day, cache.user_dir if cache else None)
    if token is None:
        return PuzzleInfo(title=local_title, problems=(no_token_problem(),))

    try:
        if cache is None or cache.read_input() is None:
            client.fetch_input(year, day, token)
    except StillLocked as error:
        raise StillLocked(f"{error} aoc new wrote nothing: run it again once the puzzle is "
                          "unlocked (--wait waits for it).") from error
    except NotAnInput as error:  # the site answers: its page may still be had
        missing: NotAnInput | None = error
    except NoInputError as error:
        # The page would fail the same way (the same token, the same network): one sentence.
        return PuzzleInfo(
            title=local_title,
            problems=(f"Fetched neither your input nor the puzzle's example: {error}",),
        )
    else:
        missing = None
    try:
        title, examples = client.read_page(year, day, token)
    except NoInputError as error:
        if missing is not None:
            return PuzzleInfo(title=local_title, problems=(
                f"Fetched neither your input nor the puzzle's example: {missing}",))
        return PuzzleInfo(
            title=local_title, input_cached=True,
            problems=(f"Fetched your input, but not the puzzle page (title, example): {error}",),
        )
    problems = () if examples else (
        "aocd's example parser found no example on the puzzle page: paste it in yourself.",
    )
    if missing is not None:
        problems = (f"Fetched the puzzle page, but not your input: {missing}", *problems)
    return PuzzleInfo(title, examples, input_cached=missing is None, problems=problems)

