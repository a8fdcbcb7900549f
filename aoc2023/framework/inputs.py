"""The inputs of a run: the days asked for, on which inputs, with which answers known, for
`aoc run` and `aoc bench`. What goes wrong with one day is that day's result: the others run."""

from __future__ import annotations

import traceback
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, NamedTuple

from aoc2023.framework import calendar, registry
from aoc2023.framework.aocd import local
from aoc2023.framework.aocd.paths import PuzzleCache, cached_title
from aoc2023.framework.errors import AocError, MissingDayError, NoInputError, NoSolutionsYet
from aoc2023.framework.files import read_regular_text, why_unreadable
from aoc2023.framework.results import DayResult, Source
from aoc2023.framework.solution import Solution

# RunRequest and DayInputs are NamedTuples (startup_tricks.py); RunInput is a dataclass:
# its default mappings must be fresh ones.


class RunRequest(NamedTuple):
    """What the command line asked for, resolved: the days, and where the input comes from."""

    days: tuple[tuple[int, int], ...]
    """The (year, day) pairs to run, in order; each may have no solution yet."""
    input_file: Path | None = None
    """A file for one day of one year."""
    example: bool = False
    variants: bool = False
    """Run each day's variants too, after its main implementation."""
    accounts: str | None = None
    """`--accounts`: `all`, or names from `tokens.json` joined by commas."""
    skipped: tuple[str, ...] = ()
    """The command line's notices of what YEARS DAYS left out, said first."""


@dataclass(frozen=True)
class RunInput:
    """One input to run a day on, with its known answers; its line ends `\n` (a lone `\r` too,
    as a file is read), the trailing ones removed."""

    text: str
    source: Source
    expected: Mapping[int, str | None] = field(default_factory=dict)
    parts: tuple[int, ...] = (1, 2)
    extra: Mapping[str, Any] = field(default_factory=dict)
    label: str | None = None
    account: str | None = None
    """The account whose input this is (`--accounts`)."""

    def __post_init__(self) -> None:
        text = self.text.replace("\r\n", "\n").replace("\r", "\n")
        object.__setattr__(self, "text", text.rstrip("\n"))


INPUT_LIMIT = 1 << 30
"""The most read of `--input FILE`, with room for inputs made to stress a solution."""


def example_inputs(solution_class: type[Solution[Any]]) -> list[RunInput]:
    runs = []
    for number, example in enumerate(solution_class.examples, start=1):
        expected = {part: example.expected(part) for part in (1, 2)}
        parts = tuple(part for part in (1, 2) if expected[part] is not None) or (1, 2)
        label = example.name or f"example {number}"
        runs.append(RunInput(example.input, "example", expected, parts, example.extra, label))
    return runs


class DayInputs(NamedTuple):
    """A day ready to run: its class, its title and the inputs to run it on."""

    solution_class: type[Solution[Any]]
    title: str | None
    runs: tuple[RunInput, ...]
    variants: tuple[type[Solution[Any]], ...] = ()
    """The day's variants to run after it on each input, when asked for."""


def _failed(
    error: AocError,
    year: int,
    day: int,
    account: str | None,
    title: str | None = None,
    source: Source | None = None,
) -> DayResult:
    """The result of a day that cannot run, while `error` is handled."""
    trace = traceback.format_exc()
    return DayResult(
        year, day, title, source, account, error=str(error), traceback=trace, account=account
    )


def _day_inputs(
    year: int,
    day: int,
    request: RunRequest,
    token: str | None,
    file_text: str | None,
    account: str | None = None,
) -> DayInputs | DayResult:
    solution_class = registry.load_day(year, day)
    source: Source = "file" if file_text is not None else "example" if token is None else "input"
    cache: PuzzleCache | None = None
    try:
        if file_text is not None:
            runs = [RunInput(file_text, "file", label=str(request.input_file))]
        elif token is None:
            if not (runs := example_inputs(solution_class)):
                raise NoInputError(f"{year} day {day} declares no examples to run.")
        else:  # the token owner's input, cached or fetched, with the answers the site confirmed
            cache = PuzzleCache.for_token(token, year, day)
            if (text := cache.read_input() if cache else None) is None:
                from aoc2023.framework.aocd.client import fetch_input  # the site's client: a miss

                text = fetch_input(year, day, token)
                cache = PuzzleCache.for_token(token, year, day)
            expected = {part: cache.known_answer(part) if cache else None for part in (1, 2)}
            runs = [RunInput(text, "input", expected, label=account, account=account)]
    except AocError as error:
        return _failed(error, year, day, account, solution_class.title, source)
    title = solution_class.title or cached_title(year, day, cache.user_dir if cache else None)
    has = calendar.puzzle_parts(year, day)  # the last day has no part 2
    runs = [replace(run, parts=tuple(p for p in run.parts if p in has) or has) for run in runs]
    variants = tuple(registry.variants_of(solution_class)) if request.variants else ()
    return DayInputs(solution_class, title, tuple(runs), variants)


def days_to_run(request: RunRequest, notices: list[str]) -> Iterator[DayInputs | DayResult]:
    """Each day asked for (once per account) with its inputs, or the result saying why it
    cannot run, lazily in order. Notices go to `notices`; a day with no solution is one,
    none with one is the error."""
    notices.extend(request.skipped)
    file_text, path = None, request.input_file
    if path:  # a regular file only: a FIFO or a device could read forever
        try:
            file_text = read_regular_text(path, INPUT_LIMIT)
        except (OSError, UnicodeDecodeError) as error:
            raise NoInputError(f"Input file {path} {why_unreadable(error)}.") from error
    tokens: dict[str | None, str | None]  # by account name; None: the run's one token
    if request.accounts is not None:  # `--accounts`: the accounts it names
        tokens = dict(local.account_tokens(request.accounts).items())
    else:
        token = None if request.example else local.find_token()
        if token is None and file_text is None and not request.example:
            notices.append(
                f"{local.no_token_sentence()}, so this ran the days' examples. To run on your "
                f"own input, {local.where_to_put_the_token()} (see the README)."
            )
        tokens = {None: token}

    missing: dict[int, list[MissingDayError]] = {}
    without_variants: dict[int, list[int]] = {}
    found = 0
    for year, day in request.days:
        item: DayInputs | DayResult
        for turn, (account, one_token) in enumerate(tokens.items()):
            try:
                item = _day_inputs(year, day, request, one_token, file_text, account)
            except MissingDayError as error:
                missing.setdefault(year, []).append(error)
                break
            except AocError as error:
                item = _failed(error, year, day, account)
            if turn == 0:  # a day is counted once, whatever the accounts
                found += 1
                if isinstance(item, DayInputs) and request.variants and not item.variants:
                    without_variants.setdefault(year, []).append(day)
            yield item
    if missing and not found:
        errors = [error for year_missing in missing.values() for error in year_missing]
        raise errors[0] if len(errors) == 1 else NoSolutionsYet(errors)
    for year, errors in missing.items():
        skipped = calendar.day_list(error.day for error in errors)
        hints = "".join(f" {error.hint}" for error in errors if error.hint)
        notices.append(f"No solution yet for {year} {skipped}: skipped.{hints}")
    for year, days in without_variants.items():
        notices.append(
            f"{year} {calendar.day_list(days)} declare{'s' if len(days) == 1 else ''} no "
            "variants: only the main implementation ran."
        )
