"""Part 2's example, once part 1 is in: what `aoc run` offers to paste. For a day run on
the user's input whose part 1 is accepted, part 2 unsolved and without an example answer,
the page is brought up to date once and read by aocd's example parser; the offer is kept
beside aocd's cache, so later runs neither import aocd nor read the page. Nothing here
prints: the sentences are notices."""

from __future__ import annotations

from aoc2023.framework import calendar, registry, store
from aoc2023.framework.aocd.paths import PuzzleCache
from aoc2023.framework.errors import AocError
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.results import RunReport


def _wanting_cache(token: str, year: int, day: int) -> PuzzleCache | None:
    """The day's cache when it wants part 2's example now (see the module), else None."""
    if 2 not in calendar.puzzle_parts(year, day):
        return None
    cache = PuzzleCache.for_token(token, year, day)
    if cache is None or cache.known_answer(1) is None or cache.known_answer(2) is not None:
        return None  # part 1 not in yet, or part 2 done: no example wanted now
    try:
        solution_class = registry.load_day(year, day)
    except AocError:
        return None
    declared = any(example.expected(2) is not None for example in solution_class.examples)
    return None if declared else cache


def _offer(token: str, year: int, day: int) -> tuple[str, bool]:
    """The notice for one day, and whether it may be kept (not a failure to ask)."""
    from aoc2023.framework.aocd.pages import current_examples
    from aoc2023.framework.commands.new import example_call, example_literal

    try:
        page = current_examples(token, year, day)
    except AocError as error:
        return (f"{year} day {day}: part 1 is in, but part 2's example could not be read: "
                f"{error}"), False
    found = [example for example in page.examples if example.part_2 is not None]
    drawn = [example.drawn[2] for example in page.examples if 2 in example.drawn]
    if not found and drawn:
        return (f"{year} day {day}: part 1 is in; part 2's example answer is drawn on the page, "
                "which aocd's example parser cannot read as letters: add part_2=... with the "
                f"drawing (or its letters) to an example ({aoc_command('read', year, day)})."), True
    if not found:
        return (f"{year} day {day}: part 1 is in, and the day declares no example answer for "
                "part 2, but aocd's example parser finds none on the page: add part_2=... to "
                f"an example from the puzzle text ({aoc_command('read', year, day)})."), True
    calls = "\n".join(example_call(example_literal(example.input), example, False) + ","
                      for example in found)
    return (f"{year} day {day}: part 1 is in; part 2's example, as aocd's example parser "
            "reads the page (check it), to paste into the day's examples:\n" + calls), True


def part_two_notices(report: RunReport, token: str | None) -> list[str]:
    """A notice per day that could declare part 2's example now (see the module)."""
    if token is None:
        return []
    from aoc2023.framework.files import read_cached_text
    notices = []
    days = sorted({(r.year, r.day) for r in report.results if r.source == "input"})
    for year, day in days:
        cache = _wanting_cache(token, year, day)
        if cache is None:
            continue
        path = store.part_two_example_file(cache)
        try:
            kept = read_cached_text(path, "aoc's note of part 2's example", "remove it")
        except AocError:
            kept = None  # only a copy of what the page says: made again from the page
        if kept:
            notices.append(kept)
            continue
        notice, keep = _offer(token, year, day)
        notices.append(notice)
        if keep:
            from aoc2023.framework.files import write_atomically  # tempfile: on a write only

            try:
                write_atomically(path, notice)
            except OSError as error:  # the run's results stand; the next run asks again
                notices.append(f"aoc could not keep this note in {path} "
                               f"({error.strerror or error}): remove what is there.")
    return notices
