"""`aoc bench`: time each step of days over many runs, and compare with saved figures."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated, NoReturn

import typer

from aoc2023.framework import store
from aoc2023.framework.commands import json_output
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
)
from aoc2023.framework.errors import UsageError
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.results import ExitCode

if TYPE_CHECKING:
    from aoc2023.framework.bench.figures import BenchReport
    from aoc2023.framework.commands.options import DaysAsked


def bench(
    years: Years,
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
        bool, typer.Option("--readme", help="Write the best-of-runs times (each step's "
                           "headline figure) into README.md, between the aoc-bench "
                           "marker comments.")
    ] = False,
    variants: Annotated[
        bool, typer.Option("--variants/--no-variants",
                           help="Time each day's variants beside its main implementation, "
                           "each checked against it (on by default).")
    ] = True,
    memory: Annotated[
        bool, typer.Option("--memory", help="Also give each step's peak memory allocation, "
                           "measured (by tracemalloc) in a run of its own after the timing.")
    ] = False,
    plot: Annotated[
        Path | None, typer.Option("--plot", metavar="FILE",
                                  help="Draw each day's parse, part 1 and part 2 times, "
                                  "stacked, on a log scale with the budget line, into FILE "
                                  "(.svg, .png or .pdf; needs matplotlib: the plot extra). "
                                  "With --history, draw the day's saved figures instead.")
    ] = None,
    show_history: Annotated[
        bool, typer.Option("--history", help="Time nothing: show one day's figures saved "
                           "by --save on this machine, over time, as a sparkline a step "
                           "(and with --plot, as a chart with the commits marked).")
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Time parse, part 1 and part 2 over many runs: minimum, median and spread.

    The steps run in turn, round after round, after a warm-up, until the budget is spent
    (at most 100,000 runs; fewer than 10 only for slow steps), each part on a fresh
    parse. The minimum is the headline, scaled to a reference speed by a calibration
    workload timed beside the steps, so that the machine's own speed does not move it
    (for steps of 1 ms or more, the median CPU time, each run against the workload's
    runs beside it); a step that mostly waits (on the CPU for under half of its time,
    its wait for a core left out, in a typical run) is shown as measured, marked *.
    Compared with the figures last saved on this machine, a change is called faster or
    slower only when they are more than 10% apart (25% for CPU times and steps of under
    10 runs). A day's variants are timed in the same rounds, within the same budget,
    each shown with its ratio to the main implementation; a variant whose answer differs
    from the main's is an error (exit 2). Inputs are chosen as for aoc run. Exit code as
    for aoc run.
    """
    import sys
    from datetime import UTC, datetime

    from aoc2023.framework.bench import outputs
    from aoc2023.framework.bench.figures import bench_exit_code
    from aoc2023.framework.bench.measure import bench_days
    from aoc2023.framework.commands.options import days_asked
    from aoc2023.framework.commands.view import format_duration, smart_terminal
    from aoc2023.framework.inputs import RunRequest
    from aoc2023.framework.render import as_json as json_view
    from aoc2023.framework.render import bench as bench_view

    configure_logging(verbose)
    asked = days_asked(years, days, verbose)
    if show_history:
        history_of_day(asked, plot, as_json, verbose)
    try:
        check_input_options(input_file, example, days=asked.days)
        check_seconds("--budget", budget)
        check_seconds("--timeout", timeout)
        # Before any day's code runs (it may chdir) and anything is timed.
        written = outputs.prepare(save=save, readme=readme, plot=plot)
        progress = bench_view.ProgressLine(sys.stderr) if smart_terminal(sys.stderr) else None
        try:
            request = RunRequest(asked.days, input_file, example, skipped=asked.notices)
            outcome = bench_days(request, budget, timeout, progress, variants, memory)
        finally:
            if progress is not None:
                progress.clear()
    except Exception as error:
        fail(error, verbose)
    # The timing is done: a file that fails now is said after the report, which is kept.
    stopped = outcome.interrupted  # Ctrl-C: figures of some days only, kept out of files
    done: list[str] = []
    late: Exception | None = None
    try:
        outcome = outputs.compared(outcome, written, save=not stopped)
        outputs.save_and_publish(outcome, written, datetime.now(UTC), done, write=not stopped,
                                 duration=format_duration)
        if written.plot is not None and plot is not None and not stopped:
            done.append(draw_chart(outcome, written.plot, plot))
    except Exception as error:
        late = error
    emit(as_json, lambda: json_view.bench_json(outcome), outcome.notices,
         lambda out, err: bench_view.render(outcome, verbose, out, err))
    for line in done:
        typer.echo(line, err=True)
    if late is not None:
        fail(late, verbose)
    raise typer.Exit(bench_exit_code(outcome))


def draw_chart(outcome: BenchReport, path: Path, typed: Path) -> str:
    """`--plot FILE`: the days' chart drawn into `path` (`typed` as the user typed it);
    the sentence that says so."""
    from aoc2023.framework.bench import outputs

    bars = outputs.day_bars(outcome)
    if not bars:
        return f"Nothing was timed: no chart drawn into {typed}."
    years = sorted({bar.year for bar in bars})
    span = f"{years[0]}" if len(years) == 1 else f"{years[0]}-{years[-1]}"
    outputs.bench_chart(bars, outcome.budget, path,
                        f"Advent of Code {span}: best-of-runs times")
    return f"Drew the chart of {len(bars)} day{'s' * (len(bars) != 1)} into {typed}."


def history_of_day(asked: DaysAsked, plot: Path | None, as_json: bool,
                   verbose: bool) -> NoReturn:
    """`--history`: one day's saved figures over time, as text (or JSON) and, with --plot,
    as a chart. Times nothing. A damaged entry of the history is skipped with a notice."""
    import json
    import sys

    from aoc2023.framework.bench import history, outputs
    from aoc2023.framework.commands.view import paint, terminal_width, use_colour, wrap_message
    from aoc2023.framework.project import require_project_root
    from aoc2023.framework.render.sparkline import history_lines

    try:
        if len(asked.years) != 1 or asked.spec is None or len(asked.days) != 1:
            raise UsageError("--history shows one day: give one year and one day, e.g. "
                             f"{aoc_command('bench', 2023, 7, '--history')}.")
        [(year, day)] = asked.days
        chart = outputs.prepare(plot=plot).plot
        path = store.history_file(require_project_root())
        entries, notices = history.saved_entries(history.load(path), str(path))
        series = history.day_series(entries, history.machine(), year, day)
        colour = use_colour(sys.stderr)
        for notice in notices:
            typer.echo(paint(wrap_message(notice, terminal_width(sys.stderr)), "yellow", colour),
                       err=True)
        if not series:
            save = aoc_command("bench", year, day, "--save")
            raise UsageError(f"{path} has no figures of {year} day {day} saved on this "
                             f"machine: save some with {save}.")
        title = f"{year} day {day}: headline figures saved on this machine, oldest first"
        if chart is not None:
            outputs.history_chart(series, chart, title)
    except Exception as error:
        fail(error, verbose)
    if as_json:
        json_output.put(json.dumps({"year": year, "day": day, "series": [
            {"name": name, "points": [point.__dict__ for point in points]}
            for name, points in series.items()], "notices": notices}, indent=2))
    else:
        for line in history_lines(title, series, sys.stdout.encoding):
            typer.echo(line)
    if plot is not None:
        typer.echo(f"Drew the chart of {year} day {day} into {plot}.", err=True)
    raise typer.Exit(ExitCode.OK)
