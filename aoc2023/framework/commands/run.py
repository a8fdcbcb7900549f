"""`aoc run`: run days, check their answers, and send new ones safely."""

from __future__ import annotations

import contextlib
import sys
import time
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, NoReturn

import typer

from aoc2023.framework.commands.options import (
    AsJson,
    Days,
    InputFile,
    UseExamples,
    Verbose,
    Years,
    check_input_options,
    check_seconds,
    configure_logging,
    emit,
    fail,
    say,
)
from aoc2023.framework.errors import UsageError
from aoc2023.framework.results import ExitCode

if TYPE_CHECKING:
    from aoc2023.framework.inputs import RunInput, RunRequest
    from aoc2023.framework.instruments import Profiler
    from aoc2023.framework.results import DayResult, OnStep, RunReport
    from aoc2023.framework.runner import DayRunner, Executor
    from aoc2023.framework.submit import Candidate, ExampleChecks
    from aoc2023.framework.watch import WatchRequest


def run(
    years: Years,
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
        bool, typer.Option("--wait", help="Count down to the unlock of the days asked for, "
                           "then fetch at once; and wait out the site's wait between "
                           "answers (with a countdown), then send.")
    ] = False,
    resend: Annotated[
        bool, typer.Option("--resend", help="Send again an answer whose earlier sending got no "
                           "verdict (a lost reply); without it, such an answer counts as tried.")
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
    variants: Annotated[
        bool, typer.Option("--variants", help="Also run each day's variants (other "
                           "implementations it declares), each checked against the main one.")
    ] = False,
    memory: Annotated[
        bool, typer.Option("--memory", help="Also give each step's peak memory allocation, "
                           "measured (by tracemalloc) in a run of its own after the timed one.")
    ] = False,
    memory_flame: Annotated[
        tuple[int, Path] | None,
        typer.Option("--memory-flame", metavar="PART FILE",
                     help="After the run, write memray's flame report of one part's "
                     "allocations (one day; its first input) to FILE, an HTML page. Needs "
                     "memray: the memray extra."),
    ] = None,
    watch: Annotated[
        bool, typer.Option("--watch", help="Run the days' examples (or --input FILE), then "
                           "again in a fresh process on each save of a .py file of the "
                           "project or of the input, until Ctrl-C. Sends nothing.")
    ] = False,
    accounts: Annotated[
        str | None,
        typer.Option("--accounts", metavar="NAMES",
                     help="Run each day on the input of each account in aocd's tokens.json: "
                          "all, or names joined by commas. A row per account; an answer is "
                          "sent only when you confirm it (--yes: once per account)."),
    ] = None,
) -> None:
    """Run days, time parse and each part, check the answers, and send new ones.

    Input comes from aocd's cache, else through aocd; with no session token set,
    the days' examples are run instead. A new answer on your input is sent only when
    it can be right (see the README); on a terminal you confirm it first. Exit code:
    0 when nothing is wrong, 1 when an answer is wrong, 2 when something could not run.
    """
    from functools import partial

    from aoc2023.framework.commands.options import days_asked
    from aoc2023.framework.commands.view import smart_terminal
    from aoc2023.framework.inputs import RunRequest
    from aoc2023.framework.results import run_exit_code

    configure_logging(verbose)
    asked = days_asked(years, days, verbose)
    if watch and accounts is not None:
        fail(UsageError("--watch runs the days' examples or --input FILE, not the accounts' "
                        "inputs: leave out --accounts or --watch."), verbose)
    if watch:
        from aoc2023.framework.watch import WatchRequest

        # Each pass resolves DAYS again: a day added while watching is run.
        watch_run(WatchRequest(asked.years, asked.spec, input_file, variants),
                  as_json=as_json, verbose=verbose, timeout=timeout, profile=profile,
                  memory=memory)
    from aoc2023.framework.project import load_settings

    if wait and input_file is None and not example:  # wait for the unlock
        from aoc2023.framework.commands.terminal import wait_for_days

        wait_for_days(asked.days, verbose)
    executor = None
    try:
        check_input_options(input_file, example, accounts, asked.days)
        settings = load_settings()  # on every run: a mistake there is said at once
        if accounts is not None:
            redact_accounts(accounts)
        live_view = not as_json and smart_terminal(sys.stdout) and smart_terminal(sys.stderr)
        if live_view:
            from aoc2023.framework.cli.live import RunningLine, run_live

            line = RunningLine(sys.stderr)
        on_step = line.step if live_view else None
        memory_notes: list[str] = []
        executor = executor_for(timeout, profile=profile, on_step=on_step,
                                memory=memory_notes if memory else None, then=settled)
        request = RunRequest(asked.days, input_file, example, variants, accounts,
                             asked.notices)
        if memory_flame is not None:
            from aoc2023.framework import instruments

            instruments.check_flame(request, *memory_flame)
        days_run = partial(_run_and_note, request, executor, memory_notes, on_step=on_step)
        submitting = not no_submit and settings.submit
        # One sender for the run: live, each day is sent on its own, and Ctrl-C at a
        # question is still no to the answers of the days after; each day's examples
        # are checked once, under the run's time limit.
        send = Sender(yes=yes or not settings.confirm, dry_run=dry_run, wait=wait,
                      resend=resend, examples_runner=executor_for(timeout, profile=False))
        on_input = input_file is None and not example
        if live_view:
            with day_code_output():
                outcome = run_live(line, days_run, send if submitting else None, verbose,
                                        summary_notes if on_input else None, memory)
        else:
            with day_code_output():  # sending may run the days' examples
                outcome = days_run()
                if submitting:
                    outcome = send(outcome)
            if on_input and not outcome.interrupted:
                outcome.notices.extend(summary_notes(outcome))
            show_run(outcome, as_json, verbose)
    except Exception as error:
        fail(error, verbose)
    if executor is not None and executor.profiler is not None:
        show_profile(executor.profiler, sys.stderr if as_json else sys.stdout)
    if memory_flame is not None and not outcome.interrupted:
        try:
            typer.echo(instruments.flame_report(request, *memory_flame), err=True)
        except Exception as error:
            fail(error, verbose)
    raise typer.Exit(run_exit_code(outcome.results, outcome.interrupted, outcome.notices))


def settled(result: DayResult, run_input: RunInput) -> DayResult:
    """The policy applied to each result of `aoc run` once it has run: a last day's result
    on the user's input gets its final star when aocd's cache knows it is in, and a result
    on the user's input is judged by what the site said of its answers before
    (verdict.py): one verdict, shown and exited by, in every mode (plain, --dry-run,
    --no-submit, live, --json), sent or not. Nothing more is read or imported for a result
    whose answers are all known."""
    from aoc2023.framework.calendar import with_known_final_star
    from aoc2023.framework.results import Status

    result = with_known_final_star(result, run_input.expected.get(2))
    if run_input.source != "input" or result.variant is not None or not any(
            part.status is Status.UNKNOWN and part.answer is not None
            for part in result.parts):
        return result
    from aoc2023.framework.errors import AocError
    from aoc2023.framework.verdict import judged as by_the_site

    try:
        token = _token_of(result.account)
        return result if token is None else by_the_site(result, token)
    except AocError:  # a damaged log or journal: sending meets it again, and says it
        return result


def _token_of(account: str | None) -> str | None:
    """The session token a result on the user's input ran with (`--accounts`: by name)."""
    if account is not None:
        from aoc2023.framework.aocd.token_list import account_tokens

        return account_tokens(account).get(account)
    from aoc2023.framework.aocd.session import find_token

    return find_token()


def redact_accounts(spec: str) -> None:
    """Keep the tokens of the accounts asked for out of all that is printed, as the
    run's own token is (output.py): a day or a library may print any of them."""
    from aoc2023.framework import output
    from aoc2023.framework.aocd.session import find_token
    from aoc2023.framework.aocd.token_list import account_tokens

    output.install(find_token(), *account_tokens(spec).values())


def summary_notes(outcome: RunReport) -> list[str]:
    """What the run's results say once all are in: a part right for one account and wrong
    for another, and part 2's examples to paste."""
    from aoc2023.framework.runner import tuned_to_one_input

    return tuned_to_one_input(outcome.results) + part_two_notes(outcome)


def _run_and_note(request: RunRequest, runner: DayRunner, notes: list[str],
                  on_result: Callable[[DayResult], object] | None = None,
                  on_step: OnStep | None = None) -> RunReport:
    """The days asked for (inputs), run (runner), with the sentences gathered while they
    ran (--memory's) as notices; each day's runtime on the user's input is kept
    (runtimes.py)."""
    from aoc2023.framework import calendar, runtimes
    from aoc2023.framework.inputs import days_to_run
    from aoc2023.framework.results import RunReport
    from aoc2023.framework.runner import run_days

    report = RunReport()
    with calendar.offering_wait("run"):  # a locked day's sentence names `aoc run --wait`
        report = run_days(days_to_run(request, report.notices), runner, on_result, report,
                          on_step)
    runtimes.record(report.results, datetime.now(UTC))  # for aoc stats
    report.notices.extend(notes)
    return report


def part_two_notes(outcome: RunReport) -> list[str]:
    """Part 2's example to paste, for days whose part 1 is in (see part_two.py)."""
    from aoc2023.framework.aocd.session import find_token
    from aoc2023.framework.part_two import part_two_notices

    return part_two_notices(outcome, find_token())


@contextmanager
def day_code_output() -> Iterator[None]:
    """Keep the report's streams whole whatever the days' code does with them: a day that
    closes sys.stdout or sys.stderr gets them back, open, afterwards. (Under --json, what
    a day writes goes to stderr at every level: json_output.py.)"""
    streams = sys.stdout, sys.stderr
    try:
        yield
    finally:
        sys.stdout, sys.stderr = (_reopened(stream, fd) for stream, fd in zip(streams, (1, 2),
                                                                             strict=True))


def _reopened(stream: IO[str], fd: int) -> IO[str]:
    """`stream`, or a new one on the same file descriptor when a day closed it."""
    if not stream.closed:
        return stream
    fresh = open(fd, "w", encoding="utf-8", errors="replace", closefd=False)  # noqa: SIM115
    from aoc2023.framework import output

    return output.wrapped(fresh, *output.tokens_of(stream))


def show_run(outcome: RunReport, as_json: bool, verbose: bool) -> None:
    """The report as JSON or as the table; each view is imported only when it is shown."""

    def to_json() -> str:
        from aoc2023.framework.render.as_json import run_json

        return run_json(outcome)

    def to_table(out: IO[str], err: IO[str]) -> None:
        from aoc2023.framework.render import run as run_view

        run_view.render(outcome, verbose, out, err)

    emit(as_json, to_json, outcome.notices, to_table)


class TerminalPrompter:
    """Asks before sending, and shows the countdown of a wait and the examples checked
    before a send, on the terminal. The clocks (aware times, and the seconds an example's
    line counts) and the sleep of the wait are parameters, for the tests."""

    def __init__(
        self, now: Callable[[], datetime] = lambda: datetime.now(UTC),
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stopped = False
        self.accounts: dict[str, bool] = {}
        self.now = now
        self.sleep = sleep
        self.clock = clock

    def confirm(self, candidate: Candidate) -> bool:
        """Ctrl-C or the end of input at the question means no, to this and the rest."""
        if self.stopped:
            return False
        from aoc2023.framework.commands.terminal import Declined, ask_yes_no

        try:
            again = " again" if candidate.tried else ""
            whose = f" for {candidate.account}" if candidate.account else ""
            if candidate.final_star:
                return ask_yes_no(f"Claim the final star of {candidate.year}{whose} (day "
                                  f"{candidate.day} part 2: every other star is in)?")
            return ask_yes_no(
                f"Send {candidate.answer}{again} as the answer to {candidate.year} day "
                f"{candidate.day} part {candidate.part}{whose}{candidate.caveat}?")
        except Declined:
            self.stopped = True
            typer.echo("", err=True)
            return False

    def confirm_account(self, account: str) -> bool:
        """Asked once per account, the reply kept; Ctrl-C means no, as in `confirm`."""
        if self.stopped:
            return False
        if account not in self.accounts:
            from aoc2023.framework.commands.terminal import Declined, ask_yes_no

            try:
                self.accounts[account] = ask_yes_no(
                    f"Send the new answers of account {account} (--yes: asked once per "
                    "account)?")
            except Declined:
                self.stopped = True
                typer.echo("", err=True)
                return False
        return self.accounts[account]

    def checking_example(self, year: int, day: int, part: int, label: str, number: int,
                         count: int) -> AbstractContextManager[object]:
        """On a terminal, a line saying which example runs and for how long (rich's
        progress, on `clock`), gone once it is done; elsewhere one line per part."""
        from aoc2023.framework.commands.view import smart_terminal

        if not smart_terminal(sys.stderr):
            if number == 1:
                typer.echo(f"checking {year}/{day:02d} part {part}'s examples before "
                           "sending...", err=True)
            return contextlib.nullcontext()
        return _example_line(f"checking {year}/{day:02d} part {part} before sending: "
                             f"{label} ({number} of {count})", self.clock)

    def wait_until(self, until: datetime) -> None:
        """Sleep until `until`: on a terminal a countdown rewritten each second, then
        cleared; elsewhere (a file, a pipe) one line, with no codes for a terminal."""
        from aoc2023.framework.calendar import clock_time, describe_wait
        from aoc2023.framework.commands.view import smart_terminal, status_line, terminal_width

        live = smart_terminal(sys.stderr)
        width = terminal_width(sys.stderr)
        said = False
        while (left := until - self.now()).total_seconds() > 0:
            if live:
                sys.stderr.write(status_line(
                    f"The site asked to wait: {describe_wait(left)} left. Ctrl-C stops.",
                    width))
                sys.stderr.flush()
            elif not said:
                typer.echo(f"Waiting: the site asked to wait {describe_wait(left)}, until "
                           f"{clock_time(until, self.now())}.", err=True)
                said = True
            self.sleep(min(1.0, left.total_seconds()))
        if live:
            sys.stderr.write(status_line("", width))


    def wait_for_sender(self, what: str, done: Callable[[], bool], within: float) -> bool:
        """Poll `done` a few times a second until it holds, at most `within` seconds on
        `clock`: whether it did. On a terminal a line saying what is awaited, then
        cleared; elsewhere one line."""
        from aoc2023.framework.commands.view import smart_terminal, status_line, terminal_width
        from aoc2023.framework.output import printable

        live = smart_terminal(sys.stderr)
        width = terminal_width(sys.stderr)
        until = self.clock() + within
        shown = ""
        came = True
        while not done():
            if (left := until - self.clock()) <= 0:
                came = False
                break
            line = (f"Another run is sending {what}: waiting for its verdict, {left:.0f} s "
                    "at most. Ctrl-C stops." if live else
                    f"Waiting: another run is sending {what}; waiting for its verdict "
                    f"({within:g} s at most).")
            if line != shown and (live or not shown):
                sys.stderr.write(status_line(line, width) if live else printable(line) + "\n")
                sys.stderr.flush()
                shown = line
            self.sleep(min(0.1, left))
        if live:
            sys.stderr.write(status_line("", width))
        return came


@contextlib.contextmanager
def _example_line(what: str, clock: Callable[[], float]) -> Iterator[None]:
    from rich.console import Console
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    console = Console(file=sys.stderr, highlight=False)
    with Progress(SpinnerColumn(), TextColumn("{task.description}", markup=False),
                  TimeElapsedColumn(), console=console, transient=True,
                  get_time=clock) as progress:
        progress.add_task(what, total=None)
        yield


class Sender:
    """Sends a run's new answers (the project's [tool.aoc] settings already applied), one
    for the whole run: its prompter keeps a no said by Ctrl-C for the days after, and
    each day's examples are checked at most once, by `examples_runner` (the run's time
    limit). submit.py is imported only when there is an answer to send."""

    def __init__(self, yes: bool, dry_run: bool, wait: bool, resend: bool = False,
                 prompter: TerminalPrompter | None = None,
                 examples_runner: DayRunner | None = None) -> None:
        self.yes, self.dry_run, self.wait, self.resend = yes, dry_run, wait, resend
        self.prompter = prompter or TerminalPrompter()
        self.examples_runner = examples_runner
        self.checks: ExampleChecks | None = None

    @staticmethod
    def due(outcome: RunReport) -> bool:
        """Whether `outcome` holds anything to send: a new answer, or a final star to look
        at; never once Ctrl-C stopped it."""
        return outcome.may_send or final_star_due(outcome)

    def __call__(self, outcome: RunReport) -> RunReport:
        """`outcome` with its new answers sent or told why not; interrupted if Ctrl-C
        stopped the sending (see `submit.submit_new_answers`)."""
        if not self.due(outcome):
            return outcome
        from aoc2023.framework import submit

        if self.checks is None:
            self.checks = submit.ExampleChecks(self.examples_runner)
        options = submit.SubmitOptions(
            dry_run=self.dry_run,
            yes=self.yes,
            wait=self.wait,
            interactive=sys.stdin.isatty() and sys.stderr.isatty(),
            resend=self.resend,
        )
        return submit.submit_new_answers(outcome, options, self.prompter, checks=self.checks)


def final_star_due(outcome: RunReport) -> bool:
    """Whether a last day's part 1 is right on the user's input: its part 2, the final star,
    is then looked at (see submit.py)."""
    from aoc2023.framework import calendar

    return not outcome.stopped and any(
        result.source == "input" and result.variant is None and calendar.final_star_due(result)
        for result in outcome.results)


def watch_run(
    request: WatchRequest, *, as_json: bool, verbose: bool, timeout: float | None, profile: bool,
    memory: bool = False,
) -> NoReturn:
    """`aoc run --watch`: run, then again in a fresh process on each save; Ctrl-C is exit 0.

    The options that shape a run are passed on to each pass; the submission options are
    not (a watch never sends). A bad --timeout is said once here, not at every pass.
    """
    from aoc2023.framework.commands import json_output
    from aoc2023.framework.watch import watch_days

    try:
        check_seconds("--timeout", timeout)
        with json_output.handed_over():  # --json: each pass prints its own document
            watch_days(request, lambda line: say(line, err=True),
                       as_json=as_json, verbose=verbose, timeout=timeout, profile=profile,
                       memory=memory)
    except Exception as error:
        fail(error, verbose)
    raise typer.Exit(ExitCode.OK)


def executor_for(timeout: float | None, *, profile: bool, on_step: OnStep | None = None,
                 memory: list[str] | None = None,
                 then: Callable[[DayResult, RunInput], DayResult] | None = None) -> Executor:
    """How `aoc run` runs a day, from its options (runner.Executor). Nothing of the time
    limit or the profiler is imported when neither is asked for."""
    from aoc2023.framework.runner import Executor

    check_seconds("--timeout", timeout)
    profiler = None
    if profile:
        from aoc2023.framework.instruments import Profiler

        profiler = Profiler()
    return Executor(timeout, profiler, memory, on_step, then)


def show_profile(profiler: Profiler, out: IO[str]) -> None:
    from aoc2023.framework.commands.view import terminal_width, use_colour, wrap_message
    from aoc2023.framework.render.profile import render_profile

    width = terminal_width(out)
    print(file=out)
    print(render_profile(profiler.top(), use_colour(out), width), file=out)
    print(wrap_message("(Times above include the profiler's own overhead.)", width), file=out)
