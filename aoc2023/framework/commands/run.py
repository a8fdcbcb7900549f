"""`aoc run`: run days, check their answers, send new ones safely, and show the run.

The command, the sending (`Sender`, over submit.py), part 2's example notices, and the
views: the table, the live table with its running line, --profile's table and the JSON.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from functools import partial
from pathlib import Path
from time import monotonic
from typing import IO, TYPE_CHECKING, Annotated, TextIO, TypedDict, Unpack

import typer

from aoc2023.framework import calendar, registry, store
from aoc2023.framework.aocd.paths import PuzzleCache
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
    days_asked,
    emit,
    fail,
    say,
)
from aoc2023.framework.commands.view import (
    NARROWEST_TEXT,
    NBSP,
    Cell,
    Column,
    TableWriter,
    cell_width,
    day_problems,
    fit_widths,
    fits,
    format_bytes,
    format_duration,
    part_cell,
    part_json,
    say_styled,
    show,
    smart_terminal,
    status_line,
    table_width,
    terminal_width,
    use_colour,
)
from aoc2023.framework.errors import AocError, UsageError
from aoc2023.framework.files import read_cached_text, write_atomically
from aoc2023.framework.output import give_back, reopened
from aoc2023.framework.results import (
    SUBMIT_FAILED,
    DayResult,
    ExitCode,
    PartResult,
    RunReport,
    Status,
    run_exit_code,
)

if TYPE_CHECKING:
    from aoc2023.framework.commands.terminal import TerminalPrompter
    from aoc2023.framework.inputs import RunInput, RunRequest
    from aoc2023.framework.instruments import Profiler
    from aoc2023.framework.runner import DayRunner, Executor
    from aoc2023.framework.submit import ExampleChecks


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
        bool,
        typer.Option(
            "--wait",
            help="Count down to the unlock of the days asked for, then fetch at once; and "
            "wait out the site's wait between answers (with a countdown), then send.",
        ),
    ] = False,
    resend: Annotated[
        bool,
        typer.Option(
            "--resend",
            help="Send again an answer whose earlier sending got no verdict (a lost reply); "
            "without it, such an answer counts as tried.",
        ),
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
    timeout: Annotated[
        float | None,
        typer.Option(
            "--timeout",
            metavar="SECONDS",
            help="Stop a part that runs longer (shown as timeout, exit 2).",
        ),
    ] = None,
    profile: Annotated[
        bool,
        typer.Option(
            "--profile",
            help="Profile the days: show the functions that took the most time of their own.",
        ),
    ] = False,
    variants: Annotated[
        bool,
        typer.Option(
            "--variants",
            help="Also run each day's variants (other "
            "implementations it declares), each checked against the main one.",
        ),
    ] = False,
    memory: Annotated[
        bool,
        typer.Option(
            "--memory",
            help="Also give each step's peak memory allocation, "
            "measured (by tracemalloc) in a run of its own after the timed one.",
        ),
    ] = False,
    memory_flame: Annotated[
        tuple[int, Path] | None,
        typer.Option(
            "--memory-flame",
            metavar="PART FILE",
            help="After the run, write memray's flame report of one part's allocations (one "
            "day; its first input) to FILE, an HTML page. Needs memray: the memray extra.",
        ),
    ] = None,
    watch: Annotated[
        bool,
        typer.Option(
            "--watch",
            help="Run the days' examples (or --input FILE), then again in a fresh process on "
            "each save of a .py file of the project or of the input, until Ctrl-C. Sends nothing.",
        ),
    ] = False,
    accounts: Annotated[
        str | None,
        typer.Option(
            "--accounts",
            metavar="NAMES",
            help="Run each day on the input of each account in aocd's tokens.json: "
            "all, or names joined by commas. A row per account; an answer is "
            "sent only when you confirm it (--yes: once per account).",
        ),
    ] = None,
) -> None:
    """Run days, time parse and each part, check the answers, and send new ones.

    Input comes from aocd's cache, else through aocd; with no session token set,
    the days' examples are run instead. A new answer on your input is sent only when
    it can be right (see the README); on a terminal you confirm it first. Exit code:
    0 when nothing is wrong, 1 when an answer is wrong, 2 when something could not run.
    """
    from aoc2023.framework.aocd.local import find_token
    from aoc2023.framework.inputs import RunRequest

    configure_logging(verbose=verbose)
    asked = days_asked(years, days, verbose=verbose)
    if watch and accounts is not None:
        why = "--watch runs the days' examples or --input FILE, not the accounts' inputs"
        fail(UsageError(f"{why}: leave out --accounts or --watch."), verbose=verbose)
    if watch:  # a fresh process each pass, sending nothing; Ctrl-C is exit 0
        from aoc2023.framework.commands import json_output
        from aoc2023.framework.watch import WatchRequest, watch_days

        watched = WatchRequest(
            asked.years,
            asked.spec,
            input_file,
            variants,
            as_json,
            verbose,
            timeout,
            profile,
            memory,
        )
        try:
            check_seconds("--timeout", timeout)  # said once, not at every pass
            with json_output.handed_over():  # --json: each pass prints its own document
                watch_days(watched, say)
        except Exception as error:
            fail(error, verbose=verbose)
        raise typer.Exit(ExitCode.OK)
    from aoc2023.framework.project import load_settings
    from aoc2023.framework.runner import Executor, tuned_to_one_input

    waits = wait and input_file is None and not example  # for the unlock, given a token
    if waits and (token := find_token()) is not None and asked.days:
        from aoc2023.framework.commands.terminal import wait_in_terminal

        wait_in_terminal(*max(asked.days), verbose=verbose, token=token)  # the last to unlock
    try:
        check_input_options(input_file, example=example, accounts=accounts, days=asked.days)
        settings = load_settings()  # on every run: a mistake there is said at once
        live = not as_json and smart_terminal(sys.stdout) and smart_terminal(sys.stderr)
        line = RunningLine(sys.stderr) if live else None
        on_step = line.step if line is not None else None
        check_seconds("--timeout", timeout)
        if profile or memory_flame is not None:  # nothing of them imported unless asked for
            from aoc2023.framework import instruments

        profiler = instruments.Profiler() if profile else None
        executor = Executor(timeout, profiler, [] if memory else None, on_step, settled)
        request = RunRequest(asked.days, input_file, example, variants, accounts, asked.notices)
        if memory_flame is not None:
            instruments.check_flame(request, *memory_flame)
        days_run = partial(_run_and_note, request, executor)
        # One sender for the run: Ctrl-C at a question is no to the days after too.
        send = Sender(
            Executor(timeout),
            sending=not no_submit and settings.submit,
            yes=yes or not settings.confirm,
            dry_run=dry_run,
            wait=wait,
            resend=resend,
        )
        streams = sys.stdin, sys.stdout, sys.stderr
        try:  # the days, and sending, which may run their examples
            if line is not None:
                outcome, unsent = run_live(line, days_run, send, memory=memory)
            else:
                outcome = send(days_run())
        finally:
            give_back(streams)  # open, though days' code closed them
        if input_file is None and not example and not outcome.interrupted:  # once all are in
            outcome.notices.extend(tuned_to_one_input(outcome.results))  # right for one account
            outcome.notices.extend(part_two_notices(outcome, find_token()))
        if outcome.interrupted and not as_json and "WATCHFILES_CHANGES" in os.environ:
            profiler = None  # a pass of --watch, stopped: it shows no more; the watch says why
        elif line is None:
            view = partial(show_table, outcome, verbose=verbose)
            emit(partial(run_json, outcome), outcome.notices, view, as_json=as_json)
        else:  # below the live table: the notices, the problems, what was not sent and why
            lines = [(notice, "yellow") for notice in outcome.notices]
            problems = day_problems(outcome.results, terminal_width(sys.stderr), verbose=verbose)
            lines += [(problem, "red") for problem in problems]
            say_styled([*lines, *submissions(unsent)], sys.stderr)
    except Exception as error:
        fail(error, verbose=verbose)
    if profiler is not None:
        show_profile(profiler, sys.stderr if as_json else sys.stdout)
    if memory_flame is not None and not outcome.interrupted:
        try:
            typer.echo(instruments.flame_report(request, *memory_flame), err=True)
        except Exception as error:
            fail(error, verbose=verbose)
    raise typer.Exit(
        run_exit_code(outcome.results, interrupted=outcome.interrupted, notices=outcome.notices)
    )


def settled(result: DayResult, run_input: RunInput) -> DayResult:
    """Each result once it has run (the executor's `then`): a last day's final star from
    aocd's cache, and answers on the user's input judged by the site's past verdicts."""
    result = calendar.with_known_final_star(result, run_input.expected.get(2))
    unknown = any(p.status is Status.UNKNOWN and p.answer is not None for p in result.parts)
    if run_input.source == "input" and result.variant is None and unknown:
        from aoc2023.framework.verdict import judged as by_the_site

        with contextlib.suppress(AocError):  # a damaged log or journal: sending meets it again
            return by_the_site(result)
    return result


def _run_and_note(
    request: RunRequest, executor: Executor, on_result: Callable[[DayResult], object] | None = None
) -> RunReport:
    """The days asked for, run, with --memory's notes (gathered while they ran) as notices;
    each day's runtime on the user's input is kept (runtimes.py, for aoc stats)."""
    from aoc2023.framework import runtimes
    from aoc2023.framework.inputs import days_to_run
    from aoc2023.framework.runner import run_days

    report = RunReport()
    with calendar.offering_wait("run"):  # a locked day's sentence names `aoc run --wait`
        report = run_days(
            days_to_run(request, report.notices), executor, on_result, report, executor.on_step
        )
    runtimes.record(report.results, datetime.now(UTC))
    report.notices.extend(executor.memory or [])
    return report


# Sending


class SendOptions(TypedDict):
    """submit.SubmitOptions' fields but `interactive`, which is found at each send."""

    yes: bool
    dry_run: bool
    wait: bool
    resend: bool


class Sender:
    """Sends a run's new answers, one for the whole run: its prompter keeps a no said by
    Ctrl-C for the days after, and each day's examples are checked at most once."""

    def __init__(
        self, examples_runner: DayRunner, *, sending: bool, **options: Unpack[SendOptions]
    ) -> None:
        """`sending`: False sends nothing (--no-submit, the settings)."""
        self.examples_runner, self.sending, self.options = examples_runner, sending, options
        self.kept: tuple[TerminalPrompter, ExampleChecks] | None = None  # at the first send

    def due(self, outcome: RunReport) -> bool:
        """Whether `outcome` holds a new answer or a final star to look at (not after Ctrl-C)."""
        mains = [r for r in outcome.results if r.source == "input" and r.variant is None]
        return self.sending and (
            outcome.may_send or (not outcome.stopped and any(map(calendar.final_star_due, mains)))
        )

    def __call__(self, outcome: RunReport) -> RunReport:
        """`outcome` with its new answers sent or told why not (submit.submit_new_answers)."""
        if not self.due(outcome):
            return outcome
        from aoc2023.framework import submit
        from aoc2023.framework.commands import terminal

        if self.kept is None:
            self.kept = terminal.TerminalPrompter(), submit.ExampleChecks(self.examples_runner)
        prompter, checks = self.kept
        give_back((sys.stdin, sys.stdout, sys.stderr))  # a day's code may have closed them
        interactive = sys.stdin.isatty() and sys.stderr.isatty()
        options = submit.SubmitOptions(**self.options, interactive=interactive)
        return submit.submit_new_answers(outcome, options, prompter, checks=checks)


# Part 2's example, once part 1 is in: the page is read once by aocd's example parser, and
# the notice kept beside aocd's cache for later runs (offered with --no-submit too).


def part_two_notices(report: RunReport, token: str | None) -> list[str]:
    """A notice per day run on the user's input that could declare part 2's example now:
    part 1 is in, part 2 not, and the day declares no example answer for part 2."""
    if token is None:
        return []
    notices = []
    for year, day in sorted({(r.year, r.day) for r in report.results if r.source == "input"}):
        if 2 not in calendar.puzzle_parts(year, day):
            continue
        cache = PuzzleCache.for_token(token, year, day)
        if cache is None or cache.known_answer(1) is None or cache.known_answer(2) is not None:
            continue
        try:
            examples = registry.load_day(year, day).examples
        except AocError:
            continue
        if any(example.expected(2) is not None for example in examples):
            continue
        path = store.part_two_example_file(cache)
        kept = None  # a damaged note is only a copy of what the page says: made again from it
        with contextlib.suppress(AocError):
            kept = read_cached_text(path, "aoc's note of part 2's example", "remove it")
        if kept:
            notices.append(kept)
            continue
        notice, keep = _part_two_offer(token, year, day)
        notices.append(notice)
        if keep:
            try:
                write_atomically(path, notice)
            except OSError as error:  # the run's results stand; the next run asks again
                notices.append(
                    f"aoc could not keep this note in {path} "
                    f"({error.strerror or error}): remove what is there."
                )
    return notices


def _part_two_offer(token: str, year: int, day: int) -> tuple[str, bool]:
    """The notice for one day, and whether it may be kept (not a failure to ask)."""
    from aoc2023.framework.aocd.pages import current_examples
    from aoc2023.framework.commands.new import example_call, example_literal
    from aoc2023.framework.launcher import aoc_command

    head = f"{year} day {day}: part 1 is in"
    try:
        page = current_examples(token, year, day)
    except AocError as error:
        return f"{head}, but part 2's example could not be read: {error}", False
    found = [example for example in page.examples if example.part_2 is not None]
    if not found and any(2 in example.drawn for example in page.examples):
        return (
            f"{head}; part 2's example answer is drawn on the page, "
            "which aocd's example parser cannot read as letters: add part_2=... with the "
            f"drawing (or its letters) to an example ({aoc_command('read', year, day)})."
        ), True
    if not found:
        return (
            f"{head}, and the day declares no example answer for "
            "part 2, but aocd's example parser finds none on the page: add part_2=... to "
            f"an example from the puzzle text ({aoc_command('read', year, day)})."
        ), True
    calls = "\n".join(
        example_call(example_literal(example.input), example, last_day=False) + ","
        for example in found
    )
    return (
        f"{head}; part 2's example, as aocd's example parser "
        "reads the page (check it), to paste into the day's examples:\n" + calls
    ), True


# The views: the table, the JSON, --profile's table


def show_table(report: RunReport, out: IO[str], err: IO[str], *, verbose: bool) -> None:
    """The notices, a row per day and input, the problems, and what was sent."""
    memory = any(result.peak_memory is not None for result in report.results)
    layouts = [_layout(report.results, narrow=stacked, memory=memory) for stacked in (False, True)]
    problems = day_problems(report.results, terminal_width(err), verbose=verbose)
    show("Advent of Code", layouts, report.notices, problems, out, err, after=submissions(report))


def run_json(report: RunReport) -> str:
    """`aoc run --json` (docs/reference/output.md): every result but its tracebacks."""
    results = [
        {
            **{name: value for name, value in result._asdict().items() if name != "traceback"},
            "parts": [part_json(part) for part in result.parts],
        }
        for result in report.results
    ]
    return json.dumps({"results": results, "notices": report.notices}, indent=2)


def submissions(report: RunReport) -> list[tuple[str, str]]:
    """What was sent and what the site said, or why nothing was sent; with a colour."""
    lines = []
    for result in report.results:
        for part in result.parts:
            if part.submit_note:
                failed = part.status is Status.WRONG or part.submitted == SUBMIT_FAILED
                style = "green" if part.submitted == "right" else "red" if failed else "yellow"
                whose = f" ({result.account})" if result.account else ""
                what = f"{result.year} day {result.day} part {part.part}{whose}"
                lines.append((f"{what}: {part.submit_note}", style))
    return lines


_COLUMNS = [
    Column("Day", "right"),
    Column("Title", kind="text"),
    Column("Input", kind="text"),
    Column("Parse", "right"),
    Column("Part 1"),
    Column("Time", "right", "words"),
    Column("Part 2"),
    Column("Time", "right", "words"),
]
_NARROW_COLUMNS = [Column("Day", kind="text"), Column("Part 1"), Column("Part 2")]
"""For a narrow terminal: the day's title, input and parse time in one cell, each part's
time under its answer."""
_MEMORY = Column("Peak memory", "right", "words")


def _layout(
    results: Iterable[DayResult], *, narrow: bool, memory: bool
) -> tuple[list[Column], list[list[Cell]]]:
    """The run table's columns and a row per result, `narrow` or wide, `memory`'s or not."""
    columns = [*(_NARROW_COLUMNS if narrow else _COLUMNS), *([_MEMORY] if memory else [])]
    return columns, [_cells(result, narrow=narrow, memory=memory) for result in results]


def _cells(result: DayResult, *, narrow: bool, memory: bool) -> list[Cell]:
    cells = _narrow_row(result) if narrow else _row(result)
    return [*cells, _memory_cell(result)] if memory else cells


def _together(text: str) -> str:
    """`text` kept on one line when a cell wraps (a duration: `12.5 ms`)."""
    return text.replace(" ", NBSP)


def _time_cell(part: PartResult | None) -> Cell:
    if part is None or part.seconds is None:
        return Cell("")
    suffix = " (1+2)" if part.timed_with_other_part else ""  # may go under it, when narrow
    return Cell(_together(format_duration(part.seconds)) + suffix)


def _part_cells(result: DayResult) -> tuple[Cell, Cell, Cell, Cell]:
    """Part 1's answer and time, then part 2's (on the last day, the final star)."""
    by_number = {part.part: part for part in result.parts}
    one, two = by_number.get(1), by_number.get(2)
    first = part_cell(one) if result.parts or not result.error else Cell("! error", "red")
    last_day = 2 not in calendar.puzzle_parts(result.year, result.day)
    second = _final_star_cell(two, result.source) if last_day else part_cell(two)
    return first, _time_cell(one), second, _time_cell(two)


def _final_star_cell(part: PartResult | None, source: str | None) -> Cell:
    """The last day's part 2: the final star, claimed rather than solved."""
    if part is None:
        return (
            Cell(f"☆{NBSP}final star", "yellow") if source == "input" else Cell("final star", "dim")
        )
    sent = f" [sent: {part.submitted}]" if part.submitted else ""
    mark, style = "☆", "yellow"
    if part.status is Status.CORRECT:
        mark, style = "★", "green"
    elif part.submitted == SUBMIT_FAILED:
        mark, style = "!", "red"
    return Cell(f"{mark}{NBSP}final star{sent}", style)


def _memory_cell(result: DayResult) -> Cell:
    """Each step's peak allocation, a line a step ("parse 1.20 MiB")."""
    return Cell(
        "\n".join(
            f"{step} {_together('⧖ stopped' if size is None else format_bytes(size))}"
            for step, size in (result.peak_memory or {}).items()
        )
    )


def _row(result: DayResult) -> list[Cell]:
    return [
        Cell(f"{result.year}/{result.day:02d}"),
        # A variant's row follows its day's: it names the variant where the title was.
        Cell(f"  variant {result.variant}", "dim") if result.variant else Cell(result.title or ""),
        Cell(result.label or result.source or ""),
        Cell(format_duration(result.parse_seconds)),
        *_part_cells(result),
    ]


def _narrow_row(result: DayResult) -> list[Cell]:
    day, name, source, parse, first, first_time, second, second_time = _row(result)
    where = f"({source.text})" if source.text else None
    head = " ".join(filter(None, [day.text, name.text.strip(), where]))
    return [
        Cell(head + (f"\nparse {_together(parse.text)}" if parse.text else "")),
        *(
            cell._replace(text=cell.text + (f"\n{_together(time.text)}" if time.text else ""))
            for cell, time in ((first, first_time), (second, second_time))
        ),
    ]


def show_profile(profiler: Profiler, out: IO[str]) -> None:
    """--profile's table after the run: the functions with the most time of their own
    (when narrow, each place under its name), and a word on the profiler's overhead."""
    rows = profiler.top()
    table: list[list[Cell]] = []
    for row in rows:
        calls = str(row.calls)
        if row.calls != row.primitive_calls:
            calls += f"/{row.primitive_calls}"
        times = [Cell(format_duration(took)) for took in (row.own_seconds, row.total_seconds)]
        where = Cell(row.location or "built-in", None if row.location else "dim")
        table.append([*times, Cell(calls), Cell(row.function, "bold"), where])
    stacked = [[*same, Cell(f"{name.text}\n{place.text}")] for *same, name, place in table]
    numbers = [Column("Own time", "right"), Column("Total", "right"), Column("Calls", "right")]
    wide = [*numbers, Column("Function", kind="text"), Column("Where", kind="text")]
    layouts = [(wide, table), ([*numbers, Column("Function, where", kind="text")], stacked)]
    title = f"Profile: the {len(rows)} functions with the most time of their own"
    overhead = [("(Times above include the profiler's own overhead.)", None)]
    print(file=out)
    show(title, layouts, (), (), out, out, after=overhead)  # all on `out`


# The live view, on a terminal (stdout and stderr, not --json): each day's row as soon as
# it is done, its questions below it, and a line saying what runs while a step takes long.

SHOW_AFTER = 0.5
"""Seconds a step runs before the line saying what runs appears."""
_TICK = 0.1
_FOR_THE_MAIN_THREAD = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}


def run_live(
    line: RunningLine,
    run: Callable[[Callable[[DayResult], object]], RunReport],
    send: Sender,
    *,
    memory: bool,
) -> tuple[RunReport, RunReport]:
    """`run(on_result)` with each result shown as it comes and sent by `send` right after
    its row: the report of the results as sent, and one of those not sent (their notes,
    why not: verdict.py, are said below the table). Ctrl-C while sending stops the run, as
    Ctrl-C in a part does."""
    table = LiveTable(sys.stdout, terminal_width(sys.stdout), memory=memory)
    shown: list[DayResult] = []
    unsent: list[DayResult] = []

    def show(result: DayResult) -> None:
        table.row(result)
        if not send.due(RunReport([result])):
            shown.append(result)
            unsent.append(result)
            return
        table.close()  # the questions and notes come below the row
        sent = send(RunReport([result]))
        say_styled(submissions(sent), sys.stderr)
        shown.extend(sent.results)
        if sent.interrupted:
            raise KeyboardInterrupt  # `run` stops, saying so

    with line:  # which is kept out of the way while a row or a question is shown
        outcome = run(lambda result: line.paused(lambda: show(result)))
    for result in outcome.results[len(shown) :]:  # after Ctrl-C: what finished of its day
        table.row(result)
        shown.append(result)
    table.close()
    return RunReport(shown, outcome.notices, outcome.interrupted), RunReport(unsent)


class RunningLine:
    """A thread that keeps one line on `err` saying which step runs, once it has run
    SHOW_AFTER seconds, cleared before anything is printed (`paused`). `err` closed by a
    day's code is opened anew on fd 2 (`reopened`), as LiveTable's `out` is on fd 1."""

    def __init__(self, err: TextIO, clock: Callable[[], float] = monotonic) -> None:
        self.err = err
        self.clock = clock
        self.current: tuple[int, int, int | None, float] | None = None
        """The step running: its year, day and part, and when it started (on `clock`)."""
        self.width = terminal_width(err)  # a line that wraps cannot be rewritten in place
        self.lock = threading.Lock()
        self.shown = False
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="aoc-running-line", daemon=True)

    def __enter__(self) -> RunningLine:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()
        self._clear()  # the thread is done: no lock needed

    def _run(self) -> None:
        # Signals are for the main thread: one handed to this thread would leave the main
        # thread deaf to Ctrl-C where it waits (at a send question, say).
        signal.pthread_sigmask(signal.SIG_BLOCK, _FOR_THE_MAIN_THREAD)
        while not self.stop.wait(_TICK):
            with self.lock:
                # Under the lock: a step read before a row or question was shown is over.
                if self.current is None:
                    continue
                year, day, part, since = self.current
                if self.clock() - since < SHOW_AFTER:
                    continue
                what = f"part {part}" if part else "parse and parts"
                took = f"{self.clock() - since:.1f} s"
                line = f"running {year} day {day} {what} ({took})"
                if self.width is not None and cell_width(line) >= self.width:  # the time first
                    line = f"{year}/{day:02d} {what} {took}"
                self._write(status_line(line, self.width))
                self.shown = True

    def step(self, year: int, day: int, part: int | None) -> None:
        """A step starts: the run's `on_step` (runner.run_days, run_solution)."""
        self.current = year, day, part, self.clock()

    def _write(self, text: str) -> None:
        self.err = reopened(self.err, 2)  # a day's code may have closed it
        with contextlib.suppress(ValueError):  # or closes it now, from a part still running
            self.err.write(text)
            self.err.flush()

    def _clear(self) -> None:
        if self.shown:
            self._write("\r\x1b[2K")
            self.shown = False

    def paused(self, show: Callable[[], object]) -> None:
        """Run `show` (printing) with the line out of the way and kept away meanwhile."""
        with self.lock:
            self._clear()
            self.current = None  # nothing runs while a row or a question is shown
            show()
            self.current = None


_TYPICAL = DayResult(
    2023,
    24,
    "A Puzzle Title Of Four Words",
    "input",
    parse_seconds=0.0125,
    parts=tuple(
        PartResult(part, Status.CORRECT, "1234567890123456", 0.0125)  # "12.5 ms": widest
        for part in (1, 2)
    ),
    peak_memory=dict.fromkeys(("parse", "part 1", "part 2"), 2**30),
)
"""A row with answers as long as Advent of Code's longest: the live table keeps room for it."""


def live_narrow(width: int | None, *, memory: bool = False) -> bool:
    """Whether a live table `width` columns wide is the narrow one (the wide one cannot fit
    a typical row): chosen once for the run, as rows shown cannot be redrawn."""
    if width is None:
        return False
    columns, typical = _layout([_TYPICAL], narrow=False, memory=memory)
    needed = [
        min(size, NARROWEST_TEXT) if column.fit == "text" else size
        for column, size in zip(columns, fit_widths(columns, typical, None), strict=True)
    ]
    return table_width(needed) > width


class LiveTable:
    """The run table on a terminal, a row as soon as each day is done, in the form
    `live_narrow` chose. A row that does not fit the block's widths ends it, and a new
    block is headed, fitted to every row so far; one too wide for the terminal turns the
    rest of the run narrow."""

    def __init__(self, out: TextIO, width: int | None, *, memory: bool = False) -> None:
        self.out, self.width, self.colour, self.memory = out, width, use_colour(out), memory
        self.results: list[DayResult] = []
        self.writer: TableWriter | None = None
        self.narrow = live_narrow(width, memory=memory)

    def _cells(self, result: DayResult) -> list[Cell]:
        return _cells(result, narrow=self.narrow, memory=self.memory)

    def _open(self) -> TableWriter:
        """A block's title (the first only) and headings, fitted to the rows so far."""
        if not self.narrow and self.width is not None:  # an answer too long for the wide form?
            wide = _layout(self.results, narrow=False, memory=self.memory)
            self.narrow = table_width(fit_widths(*wide, self.width)) > self.width
        columns, rows = _layout(self.results, narrow=self.narrow, memory=self.memory)
        # Room for a typical row's answers and times, where the terminal has it.
        typical = [
            Cell("") if column.fit == "text" else cell
            for column, cell in zip(columns, self._cells(_TYPICAL), strict=True)
        ]
        widths = fit_widths(columns, [*rows, typical], self.width)
        if self.width is not None and table_width(widths) > self.width:
            widths = fit_widths(columns, rows, self.width)  # no room for it: the rows'
        writer = TableWriter("Advent of Code", columns, widths, colour=self.colour)
        head = writer.head()  # the title above the run's first row only
        self._print(head if len(self.results) == 1 else head.split("\n", 1)[1])
        return writer

    def row(self, result: DayResult) -> None:
        self.results.append(result)
        writer = self.writer
        if writer is not None and not fits(writer.columns, writer.widths, self._cells(result)):
            self.close()
        if self.writer is None:
            self.writer = self._open()  # which may turn the table narrow: the cells again
        self._print(self.writer.row(self._cells(result)))

    def close(self) -> None:
        """The block's last line, before anything else is shown (a question, a note)."""
        if self.writer is not None:
            self._print(self.writer.foot())
            self.writer = None

    def _print(self, text: str) -> None:
        self.out = reopened(self.out, 1)  # a day's code may have closed it
        print(text, file=self.out, flush=True)
