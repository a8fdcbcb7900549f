"""The `aoc` command (also `python -m aoc2023`): parse the command line, call down, render.

Errors we expect are caught here, once, and become one sentence on stderr and an
exit code; tracebacks are shown only with `--verbose`. When called with aocd's
runner options (`aoc -y 2023 -d 7 -s`), `aoc` hands over to aocd's own runner, so
it behaves the same whichever package's `aoc` script is installed.
"""

from __future__ import annotations

import logging
import sys
import traceback
from pathlib import Path
from typing import Annotated, NoReturn

import typer

from aoc2023.framework import config
from aoc2023.framework.errors import AocError, ExitCode

AOCD_RUNNER_FLAGS = frozenset({
    "-p", "--plugins", "-y", "--years", "-d", "--days", "-e", "--example", "-u", "--users",
    "-t", "--timeout", "-s", "--no-submit", "-r", "--reopen", "-q", "--quiet",
    "-v", "--verbose",
})
"""aocd's runner options: a command line starting with one of them goes to aocd's runner."""

app = typer.Typer(
    name="aoc",
    help=(
        "Run, check and time Advent of Code solutions.\n\n"
        "Called with aocd's runner options instead of a command (aoc -y 2023 -d 7 -s), "
        "aoc runs aocd's own runner."
    ),
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


@app.callback()
def _commands() -> None:
    """Run, check and time Advent of Code solutions."""


class _RedactToken(logging.Filter):
    """Keeps the session token out of every log line, whatever logs it."""

    def __init__(self, token: str | None) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self.token:
            message = record.getMessage()
            if self.token in message:
                record.msg, record.args = message.replace(self.token, "<token>"), ()
        return True


def configure_logging(verbose: bool) -> None:
    if verbose:
        logging.basicConfig(level=logging.DEBUG, format="%(levelname)s %(name)s: %(message)s")
        redact = _RedactToken(config.find_token())
        for handler in logging.getLogger().handlers:
            handler.addFilter(redact)
    else:
        # aocd logs server replies at ERROR level; our own sentence says what went wrong.
        logging.getLogger("aocd").setLevel(logging.CRITICAL + 1)


def fail(error: BaseException, verbose: bool) -> NoReturn:
    if verbose:
        traceback.print_exception(error, file=sys.stderr)
    if isinstance(error, AocError):
        typer.echo(f"Error: {error}", err=True)
        raise typer.Exit(error.exit_code)
    typer.echo(
        f"Error: unexpected {type(error).__name__}: {error} (run again with --verbose "
        "for the traceback).",
        err=True,
    )
    raise typer.Exit(ExitCode.COULD_NOT_RUN)


@app.command()
def run(
    year: Annotated[int, typer.Argument(help="The year, e.g. 2023.")],
    days: Annotated[
        str | None,
        typer.Argument(help="Days: 7, 1-7 or 1,3,5. Default: every day the year has."),
    ] = None,
    input_file: Annotated[
        Path | None,
        typer.Option("--input", help="Run on this file (one day only); fetches nothing."),
    ] = None,
    example: Annotated[
        bool, typer.Option("--example", help="Run the days' own examples and check them.")
    ] = False,
    as_json: Annotated[bool, typer.Option("--json", help="Print one JSON object.")] = False,
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Show tracebacks and debug logging.")
    ] = False,
) -> None:
    """Run days, time parse and each part, and check the answers.

    Input comes from aocd's cache, else through aocd; with no session token set,
    the days' examples are run instead. Exit code: 0 when nothing is wrong, 1 when
    an answer is wrong, 2 when something could not run.
    """
    from aoc2023.framework import report
    from aoc2023.framework.plan import RunRequest, run_days

    configure_logging(verbose)
    try:
        outcome = run_days(RunRequest(year, days, input_file, example))
    except Exception as error:
        fail(error, verbose)
    if as_json:
        typer.echo(report.to_json(outcome))
        for notice in outcome.notices:
            typer.echo(notice, err=True)
    else:
        report.render(outcome, verbose, sys.stdout, sys.stderr)
    raise typer.Exit(report.exit_code(outcome.results))


def run_aocd_runner(args: list[str]) -> int:
    import aocd.runner

    sys.argv = ["aoc", *args]
    try:
        aocd.runner.main()
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 1
    return 0


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    config.use_project_config_dir()
    if args and args[0] in AOCD_RUNNER_FLAGS:
        return run_aocd_runner(args)
    try:
        app(args=args, prog_name="aoc")
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
    return 0
