"""Part 2's example, once part 1 is in: what `aoc run` offers to paste.

Part 2's text, and so its example's answer, appears on the puzzle page only once part 1
is solved. After a run, for each day run on the user's input whose part 1 answer aocd
knows as accepted (sent by `aoc run`, or seen on the page), whose part 2 is not solved
yet and that declares no example answer for part 2, the page is brought up to date
(one request, the first time) and read by aocd's example parser; its part-2 answers
become a ready-to-paste `Example(...)`. Nothing here prints: the sentences are notices.
"""

from __future__ import annotations

from aoc2023.framework import calendar, registry
from aoc2023.framework.aocd.paths import PuzzleCache
from aoc2023.framework.errors import AocError
from aoc2023.framework.results import RunReport


def _wants_part_two_example(token: str, year: int, day: int) -> bool:
    if 2 not in calendar.puzzle_parts(year, day):
        return False
    cache = PuzzleCache.for_token(token, year, day)
    if cache is None or cache.known_answer(1) is None or cache.known_answer(2) is not None:
        return False  # part 1 not in yet, or part 2 done: no example wanted now
    try:
        solution_class = registry.load_day(year, day)
    except AocError:
        return False
    return all(example.expected(2) is None for example in solution_class.examples)


def part_two_notices(report: RunReport, token: str | None) -> list[str]:
    """A notice per day that could declare part 2's example now (see the module)."""
    if token is None:
        return []
    from aoc2023.framework.aocd.puzzle_page import current_examples
    from aoc2023.framework.scaffold import example_call, example_literal

    notices = []
    days = sorted({(r.year, r.day) for r in report.results if r.source == "input"})
    for year, day in days:
        if not _wants_part_two_example(token, year, day):
            continue
        try:
            page = current_examples(token, year, day)
        except AocError as error:
            notices.append(f"{year} day {day}: part 1 is in, but part 2's example could not "
                           f"be read: {error}")
            continue
        found = [example for example in page.examples if example.part_2 is not None]
        if not found:
            notices.append(f"{year} day {day}: part 1 is in, and the day declares no example "
                           "answer for part 2, but aocd's example parser finds none on the "
                           "page: add part_2=... to an example from the puzzle text "
                           f"(aoc read {year} {day}).")
            continue
        calls = "\n".join(example_call(example_literal(example.input), example, False) + ","
                          for example in found)
        notices.append(f"{year} day {day}: part 1 is in; part 2's example, as aocd's example "
                       "parser reads the page (check it), to paste into the day's examples:\n"
                       + calls)
    return notices
