"""What `aoc new` wants from adventofcode.com: the input, the title and the examples.

All of it comes through aocd: the input through `fetch.fetch_input` (cached by
aocd), the title from `Puzzle.title` and the examples from `Puzzle.examples`,
which runs aocd's example parser on the puzzle page (cached by aocd too). What
cannot be had is one sentence, never an exception: a new day's files are written
whatever the site says.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from aoc2023.framework import config
from aoc2023.framework.cache import PuzzleCache, cached_title
from aoc2023.framework.errors import NoInputError


@dataclass(frozen=True)
class PageExample:
    """One example as aocd's example parser read it from the puzzle page."""

    input: str
    part_1: str | None = None
    part_2: str | None = None
    extra: dict[str, object] = field(default_factory=dict)


@dataclass(frozen=True)
class PuzzleInfo:
    """What could be had for a new day, and a sentence for each thing that could not."""

    title: str | None = None
    examples: tuple[PageExample, ...] = ()
    input_cached: bool = False
    problems: tuple[str, ...] = ()


def no_token_problem() -> str:
    return (
        "No session token is set, so nothing was fetched (your input, the puzzle's title and "
        f"example): put your session cookie in {config.token_file()} or export AOC_SESSION."
    )


def gather(year: int, day: int, token: str | None) -> PuzzleInfo:
    """The input (fetched into aocd's cache), the title and the examples, as far as
    they can be had. The caller has already checked that the puzzle is unlocked."""
    cache = PuzzleCache.for_token(token, year, day) if token else None
    local_title = cached_title(year, day, cache.user_dir if cache else None)
    if token is None:
        return PuzzleInfo(title=local_title, problems=(no_token_problem(),))

    from aoc2023.framework.fetch import fetch_input

    try:
        if cache is None or cache.read_input() is None:
            fetch_input(year, day, token)
    except NoInputError as error:
        # The page would fail the same way (the same token, the same network): one sentence.
        return PuzzleInfo(
            title=local_title,
            problems=(f"Fetched neither your input nor the puzzle's example: {error}",),
        )
    try:
        title, examples = _read_page(year, day, token)
    except NoInputError as error:
        return PuzzleInfo(
            title=local_title, input_cached=True,
            problems=(f"Fetched your input, but not the puzzle page (title, example): {error}",),
        )
    problems = () if examples else (
        "aocd's example parser found no example on the puzzle page: paste it in yourself.",
    )
    return PuzzleInfo(title, examples, input_cached=True, problems=problems)


def _read_page(year: int, day: int, token: str) -> tuple[str, tuple[PageExample, ...]]:
    import aocd.exceptions
    import aocd.models
    import urllib3.exceptions

    try:
        puzzle = aocd.models.Puzzle(year, day, user=aocd.models.User(token))
        # `examples` first: it fetches the page once and caches it, and says nothing
        # when that fails; `title` then reads the cached page, or fails with the reason.
        found = puzzle.examples
        title = puzzle.title
    except urllib3.exceptions.HTTPError as error:
        raise NoInputError(
            f"could not reach adventofcode.com (no network?): {type(error).__name__}."
        ) from error
    except aocd.exceptions.AocdError as error:
        raise NoInputError(f"adventofcode.com did not give the page: {error}.") from error
    examples = tuple(
        PageExample(example.input_data, example.answer_a, example.answer_b,
                    dict(example.extra or {}))
        for example in found
    )
    return title, examples
