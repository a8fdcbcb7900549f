"""The inputs of a run: which days, on which inputs, with which answers known.

`aoc run YEAR DAYS` and `aoc bench` take their days from here. Days are found
through the registry; inputs come from a file, the day's own examples, aocd's
cache, or (on a cache miss) aocd itself. What goes wrong with one day is recorded
in that day's result, so the other days still run.
"""

from __future__ import annotations

import traceback
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from aoc2023.framework import calendar, registry
from aoc2023.framework.aocd import paths
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title
from aoc2023.framework.errors import AocError, MissingDayError, NoInputError, UsageError
from aoc2023.framework.results import DayResult, Source
from aoc2023.framework.solution import Solution, variants_of

# RunRequest and DayInputs are NamedTuples, not dataclasses: this module is imported on
# every run, and a NamedTuple class costs 0.1 ms to create against 0.6-0.9 ms for a
# frozen dataclass. RunInput stays a dataclass: its empty mappings by default must be
# new ones (NamedTuple defaults are shared), and it is pickled for --timeout's child.


class RunRequest(NamedTuple):
    """What the command line asked for: years, the days of each, and where the input
    comes from."""

    years: tuple[int, ...]
    days: str | None = None
    input_file: Path | None = None
    example: bool = False
    variants: bool = False
    """Run each day's variants too (`aoc run --variants`), after its main implementation."""


@dataclass(frozen=True)
class RunInput:
    """One input to run a day on, with what is known of its answers.

    Its text is cleaned here, whatever its source (an example, a file, aocd's cache or
    a fetch), by aocd's own rule for its input data and its examples: the trailing line
    ends are removed, nothing else. So a day sees the same text from an example as from
    the same text in a file."""

    text: str
    source: Source
    expected: Mapping[int, str | None] = field(default_factory=dict)
    parts: tuple[int, ...] = (1, 2)
    extra: Mapping[str, Any] = field(default_factory=dict)
    label: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", self.text.rstrip("\r\n"))


def no_token_notice() -> str:
    return (
        f"{paths.no_token_sentence()}, so this ran the days' examples. To run on your own "
        "input, put your session cookie in one of those files or export AOC_SESSION "
        "(see the README)."
    )


def read_input_file(path: Path) -> str:
    """The text of `--input FILE`, which must be a regular file: a FIFO would wait for a
    writer for good, and a device (/dev/zero) would be read without end."""
    import stat

    try:
        mode = path.stat().st_mode
    except FileNotFoundError as error:
        raise NoInputError(f"Input file {path} does not exist.") from error
    except OSError as error:
        raise NoInputError(f"Cannot read input file {path}: {error.strerror or error}.") \
            from error
    if stat.S_ISDIR(mode):
        raise NoInputError(f"Input file {path} is a folder, not a file.")
    if not stat.S_ISREG(mode):
        kind = ("a named pipe (FIFO)" if stat.S_ISFIFO(mode) else
                "a device" if stat.S_ISCHR(mode) or stat.S_ISBLK(mode) else
                "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
        raise NoInputError(f"Input file {path} is {kind}: give a regular file.")
    try:
        return path.read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise NoInputError(f"Input file {path} is not UTF-8 text.") from error
    except OSError as error:
        raise NoInputError(f"Cannot read input file {path}: {error.strerror or error}.") \
            from error


def example_inputs(solution_class: type[Solution[Any]]) -> list[RunInput]:
    runs = []
    for number, example in enumerate(solution_class.examples, start=1):
        expected = {part: example.expected(part) for part in (1, 2)}
        parts = tuple(part for part in (1, 2) if expected[part] is not None) or (1, 2)
        label = example.name or f"example {number}"
        runs.append(RunInput(example.input, "example", expected, parts, example.extra, label))
    return runs


def puzzle_input(year: int, day: int, token: str) -> tuple[RunInput, PuzzleCache | None]:
    cache = PuzzleCache.for_token(token, year, day)
    text = cache.read_input() if cache else None
    if text is None:
        from aoc2023.framework.aocd.client import fetch_input  # the site's client: a miss only

        text = fetch_input(year, day, token)
        cache = PuzzleCache.for_token(token, year, day)
    expected = {part: cache.known_answer(part) if cache else None for part in (1, 2)}
    return RunInput(text, "input", expected), cache


def _runs_for(
    solution_class: type[Solution[Any]], request: RunRequest, token: str | None,
    file_text: str | None,
) -> tuple[list[RunInput], PuzzleCache | None]:
    if file_text is not None:
        return [RunInput(file_text, "file", label=str(request.input_file))], None
    if token is None:
        runs = example_inputs(solution_class)
        if not runs:
            year, day = solution_class.year, solution_class.day
            raise NoInputError(f"{year} day {day} declares no examples to run.")
        return runs, None
    run_input, cache = puzzle_input(solution_class.year, solution_class.day, token)
    return [run_input], cache


class DayInputs(NamedTuple):
    """A day ready to run: its class, its title and the inputs to run it on."""

    solution_class: type[Solution[Any]]
    title: str | None
    runs: tuple[RunInput, ...]
    variants: tuple[type[Solution[Any]], ...] = ()
    """The day's variants to run after it on each input (when the request asks for them)."""


def _day_inputs(
    year: int, day: int, request: RunRequest, token: str | None, file_text: str | None
) -> DayInputs | DayResult:
    solution_class = registry.load_day(year, day)
    source: Source = "file" if file_text is not None else "example" if token is None else "input"
    try:
        runs, cache = _runs_for(solution_class, request, token, file_text)
    except AocError as error:
        return DayResult(year, day, solution_class.title, source, error=str(error),
                         traceback=traceback.format_exc())
    title = solution_class.title or cached_title(year, day, cache.user_dir if cache else None)
    # The last day of a year has no part 2: run part 1 only (JSON lists part 1 alone).
    has = calendar.puzzle_parts(year, day)
    runs = [replace(run, parts=tuple(p for p in run.parts if p in has) or has)
            for run in runs]
    variants = tuple(variants_of(solution_class)) if request.variants else ()
    return DayInputs(solution_class, title, tuple(runs), variants)


def days_to_run(request: RunRequest, notices: list[str]) -> Iterator[DayInputs | DayResult]:
    """Each day asked for with its inputs, or the result saying why it cannot run.

    `aoc run` and `aoc bench` both take their days from here, one at a time (a day's
    input is fetched only once the day before it is done), year after year: the days
    apply to each year. Notices go to `notices`. Of several years, one that has no such
    days (`aoc run 2015-2025 20`: 2025 has 12) or none at all is skipped, in one notice;
    a year asked alone, or a day list no year has, is refused.
    """
    asked: list[tuple[int, int]] = []
    refused: list[tuple[int, UsageError]] = []
    for year in request.years:
        try:
            asked += [(year, day) for day in registry.parse_days(request.days, year, notices)]
        except UsageError as error:
            refused.append((year, error))
    if refused and (len(request.years) == 1 or not asked):
        raise refused[0][1]
    if refused:
        years = ", ".join(str(year) for year, _ in refused)
        notices.append(f"No day(s) {request.days} in {years}: skipped." if request.days
                       else f"No days yet in {years}: skipped.")
    if request.input_file is not None and len(asked) != 1:
        raise UsageError("--input FILE runs one day: name exactly one year and one day.")
    if request.input_file is not None and request.example:
        raise UsageError("--input and --example cannot be used together.")
    file_text = read_input_file(request.input_file) if request.input_file else None
    token = None if request.example else paths.find_token()
    if token is None and file_text is None and not request.example:
        notices.append(no_token_notice())

    missing: dict[int, list[MissingDayError]] = {}
    without_variants: dict[int, list[int]] = {}
    found = 0
    for year, day in asked:
        item: DayInputs | DayResult
        try:
            item = _day_inputs(year, day, request, token, file_text)
        except MissingDayError as error:
            missing.setdefault(year, []).append(error)
            continue
        except AocError as error:
            item = DayResult(year, day, None, None, error=str(error),
                             traceback=traceback.format_exc())
        found += 1
        if isinstance(item, DayInputs) and request.variants and not item.variants:
            without_variants.setdefault(year, []).append(day)
        yield item
    if missing and not found:
        errors = [error for year_missing in missing.values() for error in year_missing]
        if len(errors) == 1:
            raise errors[0]
        where = " or ".join(map(str, missing))
        raise UsageError(f"None of the days asked for has a solution yet in {where}.")
    for year, errors in missing.items():
        skipped = ", ".join(str(error.day) for error in errors)
        notices.append(f"No solution yet for {year} day(s) {skipped}: skipped.")
    for year, days in without_variants.items():
        listed = ", ".join(map(str, days))
        notices.append(f"{year} day(s) {listed} declare no variants: "
                       "only the main implementation ran.")
