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
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from aoc2023.framework import config
from aoc2023.framework.errors import AocError, ExitCode

if TYPE_CHECKING:
    from datetime import datetime
    from typing import IO

    from aoc2023.framework.plan import DayRunner, RunReport, RunRequest
    from aoc2023.framework.profiling import Profiler
    from aoc2023.framework.submit import Candidate

# `aoc` has no options of its own but --help: a command line that starts with any other
# option (-y 2023, --years=2023, -sy 2023...) is one for aocd's runner.

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


# Parameters that several commands share.
Year = Annotated[int, typer.Argument(help="The year, e.g. 2023.")]
Days = Annotated[
    str | None, typer.Argument(help="Days: 7, 1-7 or 1,3,5. Default: every day the year has.")
]
InputFile = Annotated[
    Path | None, typer.Option("--input", help="Use this file as the input (one day only); "
                              "fetches nothing.")
]
UseExamples = Annotated[
    bool, typer.Option("--example", help="Use the days' own examples (and check them).")
]
AsJson = Annotated[bool, typer.Option("--json", help="Print one JSON object.")]
Verbose = Annotated[
    bool, typer.Option("--verbose", "-v", help="Show tracebacks and debug logging.")
]


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
    year: Year,
    days: Days = None,
    input_file: InputFile = None,
    example: UseExamples = False,
    no_submit: Annotated[
        bool, typer.Option("--no-submit", help="Send no answer to adventofcode.com.")
    ] = False,
    yes: Annotated[
        bool, typer.Option("--yes", "-y", help="Send new answers without asking first.")
    ] = False,
    dry_run: Annotated[
        bool, typer.Option("--dry-run", help="Show what would be sent; send nothing.")
    ] = False,
    wait: Annotated[
        bool, typer.Option("--wait", help="Wait out the site's wait (with a countdown), then send.")
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
    timeout: Annotated[
        float | None,
        typer.Option("--timeout", metavar="SECONDS",
                     help="Stop a part that runs longer (shown as timeout, exit 2)."),
    ] = None,
    profile: Annotated[
        bool, typer.Option("--profile", help="Profile the days: show the functions that "
                           "took the most time of their own.")
    ] = False,
    watch: Annotated[
        bool, typer.Option("--watch", help="Run again on each save of the day's file "
                           "(its examples, or --input FILE) until Ctrl-C.")
    ] = False,
) -> None:
    """Run days, time parse and each part, check the answers, and send new ones.

    Input comes from aocd's cache, else through aocd; with no session token set,
    the days' examples are run instead. A new answer on your input is sent only when
    it can be right (see the README); on a terminal you confirm it first. Exit code:
    0 when nothing is wrong, 1 when an answer is wrong, 2 when something could not run.
    """
    from aoc2023.framework import report
    from aoc2023.framework.plan import RunRequest, run_days

    configure_logging(verbose)
    if watch:
        watch_run(RunRequest(year, days, input_file=input_file, example=input_file is None),
                  as_json, verbose)
    profiler = None
    try:
        runner, profiler = day_runner_for(timeout, profile)
        outcome = run_days(RunRequest(year, days, input_file, example), runner)
        if not no_submit:
            outcome = submit_answers(outcome, yes=yes, dry_run=dry_run, wait=wait)
    except Exception as error:
        fail(error, verbose)
    show_run(outcome, as_json, verbose)
    if profiler is not None:
        show_profile(profiler, sys.stderr if as_json else sys.stdout)
    raise typer.Exit(report.exit_code(outcome.results))


def show_run(outcome: RunReport, as_json: bool, verbose: bool) -> None:
    """The JSON alone on stdout (notices on stderr), or the table for people."""
    from aoc2023.framework import report

    if as_json:
        typer.echo(report.to_json(outcome))
        for notice in outcome.notices:
            typer.echo(notice, err=True)
    else:
        report.render(outcome, verbose, sys.stdout, sys.stderr)


class TerminalPrompter:
    """Asks before sending and shows the countdown of a wait, on the terminal."""

    def __init__(self) -> None:
        self.stopped = False

    def confirm(self, candidate: Candidate) -> bool:
        """Ctrl-C or the end of input at the question means no, to this and the rest."""
        if self.stopped:
            return False
        try:
            return typer.confirm(
                f"Send {candidate.answer} as the answer to {candidate.year} day "
                f"{candidate.day} part {candidate.part}?",
                default=False,
                err=True,
            )
        except typer.Abort:
            self.stopped = True
            typer.echo("", err=True)
            return False

    def wait_until(self, until: datetime) -> None:
        import time
        from datetime import UTC
        from datetime import datetime as clock

        from aoc2023.framework.fetch import describe_wait

        while (left := until - clock.now(UTC)).total_seconds() > 0:
            sys.stderr.write(f"\rThe site asked to wait: {describe_wait(left)} left...   ")
            sys.stderr.flush()
            time.sleep(min(1.0, left.total_seconds()))
        sys.stderr.write("\r" + " " * 60 + "\r")


def submit_answers(outcome: RunReport, yes: bool, dry_run: bool, wait: bool) -> RunReport:
    """Send the run's new answers, under the project's [tool.aoc] settings."""
    from aoc2023.framework import submit
    from aoc2023.framework.settings import load_settings

    if not submit.has_candidates(outcome):
        return outcome
    settings = load_settings()
    if not settings.submit:
        return outcome
    options = submit.SubmitOptions(
        dry_run=dry_run,
        yes=yes or not settings.confirm,
        wait=wait,
        interactive=sys.stdin.isatty() and sys.stderr.isatty(),
    )
    return submit.submit_new_answers(outcome, options, TerminalPrompter())


def watch_run(request: RunRequest, as_json: bool, verbose: bool) -> NoReturn:
    """`aoc run --watch`: run, then again on each save of the day's file; Ctrl-C is exit 0."""
    from aoc2023.framework.watch import watch_days

    def show(outcome: RunReport) -> None:
        show_run(outcome, as_json, verbose)
        sys.stdout.flush()  # a pipe is block-buffered: show each run as it ends
        sys.stderr.flush()

    try:
        watch_days(request, show, lambda line: typer.echo(line, err=True))
    except Exception as error:
        fail(error, verbose)
    raise typer.Exit(ExitCode.OK)


@app.command()
def new(
    year: Year,
    day: Annotated[int, typer.Argument(help="The day, e.g. 8.")],
    verbose: Annotated[
        bool, typer.Option("--verbose", "-v", help="Show tracebacks and debug logging.")
    ] = False,
) -> None:
    """Start a day: write its module (dayNN.py) and its test file from a template.

    With a session token, also fetches your input into aocd's cache, and the
    puzzle's title and example into the template. Never overwrites a file (exit 2);
    refuses a puzzle that is not unlocked yet.
    """
    from aoc2023.framework.scaffold import new_day, shown

    configure_logging(verbose)
    try:
        created = new_day(year, day, config.find_token())
    except Exception as error:
        fail(error, verbose)
    target, info = created.target, created.info
    typer.echo(f"Wrote {shown(target.day_path)} and {shown(target.test_path)}"
               + (f" for {year} day {day}: {info.title}." if info.title else "."))
    if info.input_cached:
        typer.echo("Your input is in aocd's cache.")
    if info.examples:
        count = len(info.examples)
        typer.echo(f"The example block holds {count} example{'s' * (count > 1)} from the "
                   "puzzle page, read by aocd's example parser: check the answers.")
    for problem in info.problems:
        typer.echo(f"Note: {problem}", err=True)
    typer.echo(f"Next: aoc run {year} {day} --example")


@app.command("list")
def list_days(
    year: Annotated[
        int | None, typer.Argument(help="The year, e.g. 2023. Default: every year with days.")
    ] = None,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """List the days written so far: title, examples per part, and which parts are solved.

    A part is solved when aocd has cached the answer the site accepted for your session
    token. Reads local files only; fetches nothing.
    """
    from aoc2023.framework import listing
    from aoc2023.framework.table import paint, use_colour

    configure_logging(verbose)
    try:
        found = listing.list_days(year)
    except Exception as error:
        fail(error, verbose)
    if as_json:
        typer.echo(listing.to_json(found))
    else:
        typer.echo(listing.render(found, use_colour(sys.stdout)))
    colour_err = use_colour(sys.stderr)
    for notice in found.notices:
        typer.echo(paint(notice, "yellow", colour_err), err=True)
    for problem in listing.problems(found):
        typer.echo(paint(problem, "red", colour_err), err=True)
    raise typer.Exit(listing.exit_code(found))


MAX_SECONDS = 86_400


def _positive(option: str, value: float | None) -> None:
    from aoc2023.framework.errors import UsageError

    if value is not None and not 0 < value <= MAX_SECONDS:
        raise UsageError(f"{option} must be a number of seconds above 0 and at most "
                         f"{MAX_SECONDS:,} (a day), not {value:g}.")


def day_runner_for(timeout: float | None, profile: bool) -> tuple[DayRunner, Profiler | None]:
    """How `aoc run` runs a day: in this process unless there is a time limit; profiled
    when asked. Nothing of either is imported when neither is asked for."""
    from aoc2023.framework.runner import run_solution

    _positive("--timeout", timeout)
    if timeout is None and not profile:
        return run_solution, None
    from aoc2023.framework.profiling import Profiler
    from aoc2023.framework.timeouts import day_runner

    profiler = Profiler() if profile else None
    return day_runner(timeout, profiler), profiler


def show_profile(profiler: Profiler, out: IO[str]) -> None:
    from aoc2023.framework.profiling import render_profile
    from aoc2023.framework.table import use_colour

    print(file=out)
    print(render_profile(profiler.top(), use_colour(out)), file=out)
    print("(Times above include the profiler's own overhead.)", file=out)


@app.command()
def bench(
    year: Year,
    days: Days = None,
    input_file: InputFile = None,
    example: UseExamples = False,
    budget: Annotated[
        float, typer.Option("--budget", metavar="SECONDS",
                            help="Time to spend on each day, shared by its steps.")
    ] = 1.0,
    timeout: Annotated[
        float | None,
        typer.Option("--timeout", metavar="SECONDS",
                     help="Stop a part whose run takes longer (shown as timeout, exit 2)."),
    ] = None,
    save: Annotated[
        bool, typer.Option("--save", help="Save the figures to benchmarks/history.json.")
    ] = False,
    readme: Annotated[
        bool, typer.Option("--readme", help="Write the median times into README.md, "
                           "between the aoc-bench marker comments.")
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Time parse, part 1 and part 2 over many runs: median, minimum and spread.

    Each step is repeated after a warm-up for its share of the budget (10 to 100,000
    runs), each part on a fresh parse. Compared with the figures last saved on this
    machine, a change is called faster or slower only when beyond the noise of both.
    Inputs are chosen as for aoc run. Exit code as for aoc run.
    """
    from datetime import UTC, datetime

    from aoc2023.framework import bench_report, history
    from aoc2023.framework.bench import bench_days
    from aoc2023.framework.plan import RunRequest

    configure_logging(verbose)
    try:
        _positive("--budget", budget)
        _positive("--timeout", timeout)
        outcome = bench_days(RunRequest(year, days, input_file, example), budget, timeout)
        outcome, done = history.compare_save_publish(outcome, save, readme, datetime.now(UTC))
    except Exception as error:
        fail(error, verbose)
    if as_json:
        typer.echo(bench_report.to_json(outcome))
        for notice in outcome.notices:
            typer.echo(notice, err=True)
    else:
        bench_report.render(outcome, verbose, sys.stdout, sys.stderr)
    for line in done:
        typer.echo(line, err=True)
    raise typer.Exit(bench_report.exit_code(outcome))


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
    if args and args[0].startswith("-") and args[0] != "--help":
        return run_aocd_runner(args)
    try:
        app(args=args, prog_name="aoc")
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
    return 0
