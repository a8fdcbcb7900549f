"""What the commands share: typer parameters, logging, errors said and exited by (`fail`),
JSON or a view (`emit`), and YEARS DAYS resolved into (year, day) pairs (`days_asked`)."""

from __future__ import annotations

import inspect
import logging
import re
import sys
import traceback
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, Annotated, Any, NamedTuple, NoReturn

import typer
from typer.core import TyperCommand

from aoc2023.framework import calendar, registry
from aoc2023.framework.commands import json_output
from aoc2023.framework.errors import DayLoadError, UsageError, sentence_of
from aoc2023.framework.output import printable
from aoc2023.framework.results import CouldNotRun, ExitCode

HELP_OPTIONS = ("-h", "--help")

Year = Annotated[int, typer.Argument(help="The year, e.g. 2023.")]
YEARS_HELP = "Years: 2023, 2015-2024, 2018,2019 or all (a range and all: the years with days)."
Years = Annotated[str, typer.Argument(help=YEARS_HELP, metavar="YEARS")]
Days = Annotated[
    str | None,
    typer.Argument(help="Days of each year: 7, 1-7 or 1,3,5. Default: every day each year has."),
]
InputFile = Annotated[
    Path | None,
    typer.Option("--input", help="Use this file as the input (one day only); fetches nothing."),
]
UseExamples = Annotated[
    bool, typer.Option("--example", help="Use the days' own examples (and check them).")
]
AsJson = Annotated[
    bool,
    typer.Option("--json", help="Print one JSON object on stdout, an error as {error, exit_code}."),
]
Verbose = Annotated[
    bool, typer.Option("--verbose", "-v", help="Show tracebacks and debug logging.")
]

MAX_SECONDS = 86_400


def show_version(asked: bool) -> None:
    """`aoc --version`: ours and aocd's, from their metadata (read only when asked)."""
    if not asked:
        return
    from aoc2023.framework.aocd.private import version

    ours, aocd = (version(name, "not installed") for name in ("aoc2023", "advent-of-code-data"))
    typer.echo(f"aoc (aoc2023) {ours}, advent-of-code-data (aocd) {aocd}")
    raise typer.Exit(ExitCode.OK)


class _Command(TyperCommand):
    """Usage in one bracket style (`aoc run [OPTIONS] YEAR [DAYS]`), and extra arguments
    said to be too many, naming what the command takes."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:  # typer's own click's Context
        return [_one_bracket_style(piece) for piece in super().collect_usage_pieces(ctx)]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        ctx.allow_extra_args = True  # click keeps what is left over (no command takes any)
        left: list[str] = super().parse_args(ctx, args)
        if left and not ctx.resilient_parsing:
            takes = (
                " ".join(piece for piece in self.collect_usage_pieces(ctx) if piece != "[OPTIONS]")
                or "no arguments"
            )
            ctx.fail(
                f"Too many arguments: {', '.join(map(repr, left))} "
                f"({ctx.command_path} takes {takes})."
            )
        return left


def _one_bracket_style(piece: str) -> str:
    if piece == "[OPTIONS]" or piece[:1] not in "[{":
        return piece
    name = piece.strip("[]{}").upper()
    return f"[{name}]" if piece.startswith("[") else name


def command_settings(command: Callable[..., None]) -> dict[str, Any]:
    """How `app.command` registers `command`: its docstring as help, a paragraph a line, its
    summary the whole first paragraph (click cuts its own at 45 characters), `_Command`'s usage."""
    paragraphs = inspect.cleandoc(command.__doc__ or "").split("\n\n")
    lines = [" ".join(map(str.strip, paragraph.splitlines())) for paragraph in paragraphs]
    return {"cls": _Command, "help": "\n\n".join(lines), "short_help": lines[0]}


def configure_logging(*, verbose: bool) -> None:
    if verbose:
        # To sys.stderr, where the token is redacted (output.py).
        logging.basicConfig(level=logging.DEBUG, format="%(levelname)s %(name)s: %(message)s")
    else:
        # aocd logs server replies at ERROR level; our own sentence says what went wrong.
        logging.getLogger("aocd").setLevel(logging.CRITICAL + 1)


def say(line: str) -> None:
    """A command's line of prose on stderr, `printable`: outside text is shown, never obeyed."""
    typer.echo(printable(line), err=True)


def fail(error: Exception, *, verbose: bool) -> NoReturn:
    """Say the error in one sentence (traceback if verbose; --json's `error`), and exit.
    Not a reader of the output gone (`aoc run | head`): typer ends every command so."""
    if isinstance(error, BrokenPipeError):
        raise error
    if verbose:
        traceback.print_exception(error, file=sys.stderr)
    raise typer.Exit(json_output.say_error(*sentence_of(error)))


def check_input_options(
    input_file: Path | None,
    *,
    example: bool,
    accounts: str | None = None,
    days: Sequence[tuple[int, int]] = (),
) -> None:
    """UsageError unless the input comes from one place at most, `--input FILE` for one
    of `days`, and `--accounts` with neither (it runs each account's own input)."""
    if input_file is not None and example:
        raise UsageError("--input and --example cannot be used together.")
    if input_file is not None and len(days) != 1:
        raise UsageError("--input FILE runs one day: name exactly one year and one day.")
    other = "--input FILE" if input_file is not None else "--example" if example else None
    if accounts is not None and other is not None:
        raise UsageError(
            f"--accounts runs each account's own input, so it cannot be used "
            f"with {other}, which gives every account the same one."
        )


def check_seconds(option: str, value: float | None) -> None:
    """UsageError unless `value` is a positive number of seconds, at most a day."""
    if value is not None and not 0 < value <= MAX_SECONDS:
        raise UsageError(
            f"{option} must be a number of seconds above 0 and at most "
            f"{MAX_SECONDS:,} (a day), not {value:g}."
        )


def emit(
    to_json: Callable[[], str],
    notices: Sequence[str],
    render: Callable[[IO[str], IO[str]], None],
    *,
    as_json: bool,
) -> None:
    """The JSON alone on stdout (notices on stderr), or the view on the streams themselves
    (to fit and colour their terminal)."""
    if as_json:
        json_output.put(to_json())
        for notice in notices:
            say(notice)
    else:
        render(sys.stdout, sys.stderr)


class DaysAsked(NamedTuple):
    """What YEARS DAYS ask for, resolved."""

    years: tuple[int, ...]
    spec: str | None
    """DAYS as typed (None: all), resolved again by each pass of a watch."""
    days: tuple[tuple[int, int], ...]
    notices: tuple[str, ...] = ()


def days_asked(years_spec: str, spec: str | None, *, verbose: bool) -> DaysAsked:
    """YEARS DAYS `resolve`d, or `fail`; days are not loaded (`--watch` may start before
    a day is written)."""
    try:
        return resolve(tuple(registry.parse_years(years_spec)), spec)
    except Exception as error:
        fail(error, verbose=verbose)


def resolve(years: Sequence[int], spec: str | None) -> DaysAsked:
    """The days `spec` names in each of `years`: of several, one with none (or not
    importing) is skipped in a notice. UsageError for a year asked alone or days no year
    has; DayLoadError when no other year has days."""
    notices: list[str] = []
    asked: list[tuple[int, int]] = []
    refused: list[tuple[int, UsageError]] = []
    broken: list[DayLoadError] = []
    several = len(years) > 1
    for year in years:
        try:
            asked += [(year, day) for day in days_of(spec, year, notices, clip=several)]
        except UsageError as error:
            refused.append((year, error))
        except DayLoadError as error:  # fails its year alone
            broken.append(error)
            notices.append(CouldNotRun(f"Could not run {year}: {error}"))
    if broken and not asked:
        raise broken[0]
    if refused and (not several or not asked):
        raise refused[0][1]
    if refused:
        skipped = ", ".join(str(year) for year, _ in refused)
        what = f"day(s) {spec}" if spec else "days yet"
        notices.append(f"No {what} in {skipped}: skipped.")
    return DaysAsked(tuple(years), spec, tuple(asked), tuple(notices))


def days_of(
    spec: str | None, year: int, problems: list[str] | None = None, *, clip: bool = False
) -> list[int]:
    """The days of `year` `spec` names, else every day with a module (UsageError if none)."""
    if spec is not None:
        return parse_days(spec, year, clip=clip)
    calendar.check_year(year)
    if not (found := registry.available_days(year, problems)):
        raise UsageError(f"There are no days of {year} yet: add one with a dayNN.py module.")
    return found


def parse_days(spec: str, year: int, *, clip: bool = False) -> list[int]:
    """Days from `7`, `1-7`, `1,3,5` or a mix, by the year's calendar, importing nothing;
    `clip` (several years) keeps the days the year has, refusing only a list of none."""
    calendar.check_year(year)
    last = calendar.days_in_year(year)
    days: set[int] = set()
    for chunk in spec.split(","):
        if (match := re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", chunk)) is None:
            raise UsageError(
                f"Bad day list {spec!r}: use a day (7), a range (1-7) or a list (1,3,5)."
            )
        first, end = int(match[1]), int(match[2] or match[1])
        if not (1 <= first <= end and (clip or end <= last)):
            hint = (
                f" For several years, join them: {year},{first}."
                if match[2] is None and first >= calendar.FIRST_YEAR
                else ""
            )
            raise UsageError(f"Bad day list {spec!r}: days of {year} run from 1 to {last}.{hint}")
        days.update(range(first, min(end, last) + 1))  # clipped: none past the last
    if not days:
        raise UsageError(f"Bad day list {spec!r}: days of {year} run from 1 to {last}.")
    return sorted(days)
