"""What the commands share: typer parameters, logging, `say`, the one place where an
error becomes a sentence and an exit code (`fail`) and output JSON or a view (`emit`),
and YEARS DAYS resolved once (`days_asked`), before anything runs: a bad day list is
said once, in one sentence, whatever the options then do with the days, and the flow
below is handed (year, day) pairs, never the command line's words.
"""

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
from aoc2023.framework.registry import parse_years
from aoc2023.framework.results import CouldNotRun, ExitCode

HELP_OPTIONS = ("-h", "--help")

Year = Annotated[int, typer.Argument(help="The year, e.g. 2023.")]
YEARS_HELP = "Years: 2023, 2015-2024, 2018,2019 or all (a range and all: the years with days)."
Years = Annotated[str, typer.Argument(help=YEARS_HELP, metavar="YEARS")]
Days = Annotated[
    str | None, typer.Argument(help="Days of each year: 7, 1-7 or 1,3,5. Default: every day "
                                  "each year has.")
]
InputFile = Annotated[
    Path | None, typer.Option("--input", help="Use this file as the input (one day only); "
                              "fetches nothing.")
]
UseExamples = Annotated[
    bool, typer.Option("--example", help="Use the days' own examples (and check them).")
]
AsJson = Annotated[bool, typer.Option(
    "--json", help="Print one JSON object on stdout, an error as {error, exit_code}.")]
Verbose = Annotated[
    bool, typer.Option("--verbose", "-v", help="Show tracebacks and debug logging.")
]

MAX_SECONDS = 86_400


def show_version(asked: bool) -> None:
    """`aoc --version`: this project's version and aocd's, read from their installed
    metadata (so only when asked)."""
    if not asked:
        return
    from importlib.metadata import PackageNotFoundError, version

    def of(name: str) -> str:
        try:
            return version(name)
        except PackageNotFoundError:
            return "not installed"

    typer.echo(f"aoc (aoc2023) {of('aoc2023')}, advent-of-code-data (aocd) "
               f"{of('advent-of-code-data')}")
    raise typer.Exit(ExitCode.OK)


def prose(doc: str) -> str:
    """A docstring as help text: each paragraph one line, for the help to wrap at the
    terminal's width (typer keeps a docstring's line breaks, which then break sentences)."""
    paragraphs = inspect.cleandoc(doc).split("\n\n")
    return "\n\n".join(" ".join(line.strip() for line in paragraph.splitlines())
                        for paragraph in paragraphs)


class _Command(TyperCommand):
    """Every command's usage as said to a user: a usage line in one bracket style (`aoc run
    [OPTIONS] YEAR [DAYS]`: typer writes required arguments in braces and lower case,
    `{year}`), and arguments beyond the command's said to be too many, naming what it
    takes (click says "Got unexpected extra argument(s)", of what a user typed)."""

    def collect_usage_pieces(self, ctx: Any) -> list[str]:  # typer's own click's Context
        return [_one_bracket_style(piece) for piece in super().collect_usage_pieces(ctx)]

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        allowed = ctx.allow_extra_args
        ctx.allow_extra_args = True  # click keeps what is left over, and says nothing
        try:
            left: list[str] = super().parse_args(ctx, args)
        finally:
            ctx.allow_extra_args = allowed
        if left and not allowed and not ctx.resilient_parsing:
            takes = " ".join(piece for piece in self.collect_usage_pieces(ctx)
                             if piece != "[OPTIONS]") or "no arguments"
            ctx.fail(f"Too many arguments: {', '.join(map(repr, left))} "
                     f"({ctx.command_path} takes {takes}).")
        return left


def _one_bracket_style(piece: str) -> str:
    if piece == "[OPTIONS]" or piece[:1] not in "[{":
        return piece
    name = piece.strip("[]{}").upper()
    return f"[{name}]" if piece.startswith("[") else name


def readable_help(app: typer.Typer) -> None:
    """Every command of `app` with its help as prose and its usage said as `_Command` says it.

    Its summary, in a list of commands, is the help's whole first paragraph: click cuts a
    summary it makes at 45 characters ("Run days, time parse and each part, check..."),
    which is what typer's `utils docs` writes into docs/reference/cli.md."""
    for command in app.registered_commands:
        if command.help is None and command.callback is not None and command.callback.__doc__:
            command.help = prose(command.callback.__doc__)
        if command.short_help is None and command.help:
            command.short_help = command.help.split("\n\n")[0]
        command.cls = _Command


def configure_logging(verbose: bool) -> None:
    if verbose:
        # Log lines go to sys.stderr, where the token is redacted (output.py).
        logging.basicConfig(level=logging.DEBUG, format="%(levelname)s %(name)s: %(message)s")
    else:
        # aocd logs server replies at ERROR level; our own sentence says what went wrong.
        logging.getLogger("aocd").setLevel(logging.CRITICAL + 1)


def say(line: str, *, err: bool = False, nl: bool = True) -> None:
    """A command's own line of prose, which may quote text from outside (a title, a name,
    the site's reply): written `printable` (output.py), as every table cell and
    error sentence is, so that what the site sent is shown, never obeyed."""
    typer.echo(printable(line), err=err, nl=nl)


def fail(error: Exception, verbose: bool) -> NoReturn:
    """Print the error as one sentence (and its traceback when verbose), and exit; under
    --json, the sentence is also the document's `error` (json_output.py)."""
    if verbose:
        traceback.print_exception(error, file=sys.stderr)
    sentence, code = sentence_of(error)
    typer.echo(f"Error: {printable(sentence)}", err=True)
    json_output.said(printable(sentence))
    raise typer.Exit(code)


def years_asked(spec: str, verbose: bool) -> tuple[int, ...]:
    """The YEARS argument as years (registry.parse_years), or its one sentence and exit 2."""
    try:
        return tuple(parse_years(spec))
    except Exception as error:
        fail(error, verbose)


def check_input_options(input_file: Path | None, example: bool,
                        accounts: str | None = None,
                        days: Sequence[tuple[int, int]] = ()) -> None:
    """The command line's rules on where the input comes from (UsageError): one place at
    most; a file (`--input FILE`) for one day (`days`: the (year, day) pairs YEARS DAYS
    resolved to, `days_asked`: of several years, only one may have the day); and
    `--accounts` only on the accounts' own inputs, where every account would otherwise
    run the same text."""
    if input_file is not None and example:
        raise UsageError("--input and --example cannot be used together.")
    if input_file is not None and len(days) != 1:
        raise UsageError("--input FILE runs one day: name exactly one year and one day.")
    other = "--input FILE" if input_file is not None else "--example" if example else None
    if accounts is not None and other is not None:
        raise UsageError(f"--accounts runs each account's own input, so it cannot be used "
                         f"with {other}, which gives every account the same one.")


def check_seconds(option: str, value: float | None) -> None:
    """A time option must be a positive number of seconds, at most a day."""
    if value is not None and not 0 < value <= MAX_SECONDS:
        raise UsageError(f"{option} must be a number of seconds above 0 and at most "
                         f"{MAX_SECONDS:,} (a day), not {value:g}.")


def emit(
    as_json: bool,
    to_json: Callable[[], str],
    notices: Sequence[str],
    render: Callable[[IO[str], IO[str]], None],
) -> None:
    """The JSON alone on stdout (notices on stderr), or the view for people, on the
    streams themselves (a view fits and colours the terminal it is written to): each
    view writes text from outside `printable`, as the tables' cells are and `say` writes."""
    if as_json:
        json_output.put(to_json())
        for notice in notices:
            say(notice, err=True)
    else:
        render(sys.stdout, sys.stderr)


class DaysAsked(NamedTuple):
    """What YEARS DAYS ask for, resolved."""

    years: tuple[int, ...]
    spec: str | None
    """DAYS as typed (None: every day each year has): what each pass of a watch, a process
    of its own, resolves again, so that a day added meanwhile is run."""
    days: tuple[tuple[int, int], ...]
    """The (year, day) pairs, year after year, each year's days in order."""
    notices: tuple[str, ...] = ()
    """What was left out: a year without those days, a module that failed to import while
    the days were listed; `CouldNotRun` for a year package that does not import."""


def days_asked(years_spec: str, spec: str | None, verbose: bool) -> DaysAsked:
    """YEARS and DAYS as the command line gave them, resolved (`resolve`), or the one
    sentence of what is wrong with them and exit 2. Whether a day has a solution is not
    decided here: that takes importing the year's modules (a day may live in a module of
    any name), so it is found when the day is looked up (`registry.load_day`), and `aoc
    run 2023 8 --watch` starts before day 8 is written."""
    years = years_asked(years_spec, verbose)
    try:
        return resolve(years, spec)
    except Exception as error:
        fail(error, verbose)


def resolve(years: Sequence[int], spec: str | None) -> DaysAsked:
    """The days `spec` names in each of `years`.

    Of several years, each gets the days it has (`aoc run 2015-2025 1-25`: 2025's 1-12);
    one that has none of them (`20`) or no days at all is skipped, in one notice, and a
    year package that does not import is skipped too (a `CouldNotRun` notice: exit 2). A
    year asked alone, or a day list no year has, is refused (UsageError); so is a year
    package that does not import when no other year has days (DayLoadError).
    """
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
        except DayLoadError as error:  # a year package that does not import fails alone
            broken.append(error)
            notices.append(CouldNotRun(f"Could not run {year}: {error}"))
    if broken and not asked:
        raise broken[0]
    if refused and (not several or not asked):
        raise refused[0][1]
    if refused:
        skipped = ", ".join(str(year) for year, _ in refused)
        notices.append(f"No day(s) {spec} in {skipped}: skipped." if spec
                       else f"No days yet in {skipped}: skipped.")
    return DaysAsked(tuple(years), spec, tuple(asked), tuple(notices))


def days_of(spec: str | None, year: int, problems: list[str] | None = None, *,
            clip: bool = False) -> list[int]:
    """The days of `year` that `spec` names (`parse_days`); no spec, every day of the year
    that has a module (modules that fail to import while looking are sentences in
    `problems`), refused when it has none."""
    if spec is not None:
        return parse_days(spec, year, clip=clip)
    calendar.check_year(year)
    found = registry.available_days(year, problems)
    if not found:
        raise UsageError(f"There are no days of {year} yet: add one with a dayNN.py module.")
    return found


def parse_days(spec: str, year: int, *, clip: bool = False) -> list[int]:
    """Days from the command line: `7`, `1-7`, `1,3,5` (or a mix, `1-3,7`), against the
    year's calendar, importing nothing. `clip` (for several years, whose calendars
    differ: 2025 has 12 days) keeps of each range the days the year has, refusing only a
    list of which the year has none."""
    calendar.check_year(year)
    last = calendar.days_in_year(year)
    days: set[int] = set()
    for chunk in spec.split(","):
        match = re.fullmatch(r"\s*(\d+)\s*(?:-\s*(\d+)\s*)?", chunk)
        if match is None:
            raise UsageError(
                f"Bad day list {spec!r}: use a day (7), a range (1-7) or a list (1,3,5)."
            )
        first, end = int(match[1]), int(match[2] or match[1])
        if clip and 1 <= first <= last < end:
            end = last
        if clip and 1 <= last < first <= end:
            continue
        if not 1 <= first <= end <= last:
            # `aoc run 2019 2018`: a second year where the days go.
            hint = (f" For several years, join them: {year},{first}."
                    if match[2] is None and first >= calendar.FIRST_YEAR else "")
            raise UsageError(
                f"Bad day list {spec!r}: days of {year} run from 1 to {last}.{hint}")
        days.update(range(first, end + 1))
    if not days:
        raise UsageError(f"Bad day list {spec!r}: days of {year} run from 1 to {last}.")
    return sorted(days)
