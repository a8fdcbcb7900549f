"""`aoc bench`: the command, and its views: the table (wide, or narrow on a narrow
terminal), the progress line while it times, `--history`'s sparklines, and the JSON.
Timing, figures, the history and the files written are bench/'s pipeline. Every `aoc`
command imports this module to register `bench`: bench/ is imported only once it is used."""

from __future__ import annotations

import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from itertools import compress
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, Any, NoReturn

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
    days_asked,
    emit,
    fail,
)
from aoc2023.framework.commands.view import (
    NBSP,
    Cell,
    Column,
    cell_width,
    cut,
    day_problems,
    fit_widths,
    format_bytes,
    format_duration,
    pad,
    part_cell,
    part_json,
    say_styled,
    show,
    smart_terminal,
    terminal_width,
)
from aoc2023.framework.errors import UsageError, stop_name
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.output import encodable, give_back
from aoc2023.framework.results import ExitCode, Status, day_place

if TYPE_CHECKING:
    from aoc2023.framework.bench.figures import BenchReport, DayBench, Stats, StepBench
    from aoc2023.framework.bench.history import Point
    from aoc2023.framework.commands.options import DaysAsked


def bench(
    years: Years,
    days: Days = None,
    input_file: InputFile = None,
    example: UseExamples = False,
    budget: Annotated[
        float,
        typer.Option(
            "--budget", metavar="SECONDS", help="Time to spend on each day, shared by its steps."
        ),
    ] = 1.0,
    timeout: Annotated[
        float | None,
        typer.Option(
            "--timeout",
            metavar="SECONDS",
            help="Stop a part whose run takes longer (shown as timeout, exit 2).",
        ),
    ] = None,
    save: Annotated[
        bool, typer.Option("--save", help="Save the figures to benchmarks/history.json.")
    ] = False,
    readme: Annotated[
        bool,
        typer.Option(
            "--readme",
            help="Write the best-of-runs times (each step's headline figure) into README.md, "
            "between the aoc-bench marker comments.",
        ),
    ] = False,
    variants: Annotated[
        bool,
        typer.Option(
            "--variants/--no-variants",
            help="Time each day's variants beside its main implementation, each checked against "
            "it (on by default).",
        ),
    ] = True,
    memory: Annotated[
        bool,
        typer.Option(
            "--memory",
            help="Also give each step's peak memory allocation, measured (by tracemalloc) in a "
            "run of its own after the timing.",
        ),
    ] = False,
    plot: Annotated[
        Path | None,
        typer.Option(
            "--plot",
            metavar="FILE",
            help="Draw each day's parse, part 1 and part 2 times, stacked, on a log scale with "
            "the budget line, into FILE (.svg, .png or .pdf; needs matplotlib: the plot extra). "
            "With --history, draw the day's saved figures instead.",
        ),
    ] = None,
    show_history: Annotated[
        bool,
        typer.Option(
            "--history",
            help="Time nothing: show one day's figures saved by --save on this machine, over "
            "time, as a sparkline a step (and with --plot, as a chart with the commits marked).",
        ),
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
    from aoc2023.framework.bench import outputs
    from aoc2023.framework.bench.figures import bench_exit_code
    from aoc2023.framework.bench.measure import bench_days
    from aoc2023.framework.inputs import RunRequest

    configure_logging(verbose=verbose)
    asked = days_asked(years, days, verbose=verbose)
    if show_history:
        history_of_day(asked, plot, as_json=as_json, verbose=verbose)
    try:
        check_input_options(input_file, example=example, days=asked.days)
        check_seconds("--budget", budget)
        check_seconds("--timeout", timeout)
        # Before any day's code runs (it may chdir) and anything is timed.
        written = outputs.prepare(save=save, readme=readme, plot=plot, years=asked.years)
        progress = ProgressLine(sys.stderr if smart_terminal(sys.stderr) else None)
        streams = sys.stdin, sys.stdout, sys.stderr
        try:
            request = RunRequest(asked.days, input_file, example, skipped=asked.notices)
            outcome = bench_days(
                request, budget, timeout=timeout, watcher=progress, variants=variants, memory=memory
            )
        finally:
            give_back(streams)  # open, though days' code closed them
            progress.clear()
    except Exception as error:
        fail(error, verbose=verbose)
    # The timing is done: a file that fails now is said after the report, which is kept.
    if outcome.interrupted:  # Ctrl-C: figures of some days only, kept out of files
        written = outputs.Outputs(root=written.root)
    done: list[str] = []
    late: Exception | None = None
    try:
        outcome = outputs.compared(outcome, written)
        outputs.save_and_publish(outcome, written, done, duration=format_duration)
        if written.plot is not None and plot is not None:
            done.append(draw_chart(outcome, written.plot, plot))
    except KeyboardInterrupt as stop:  # the report is still shown, then what was written
        said = f"Interrupted ({stop_name(stop)}) while writing: only the files said written were."
        outcome.notices.append(said)
        outcome.interrupted = True
    except Exception as error:
        late = error
    emit(
        lambda: bench_json(outcome),
        outcome.notices,
        lambda out, err: render(outcome, out, err, verbose=verbose),
        as_json=as_json,
    )
    for line in done:
        typer.echo(line, err=True)
    if late is not None:
        fail(late, verbose=verbose)
    raise typer.Exit(bench_exit_code(outcome))


def draw_chart(outcome: BenchReport, path: Path, typed: Path) -> str:
    """`--plot FILE`: the days' chart drawn into `path` (`typed` as the user typed it);
    the sentence that says so."""
    from aoc2023.framework.bench import outputs

    if not (bars := outputs.day_bars(outcome)):
        return f"Nothing was timed: no chart drawn into {typed}."
    years = sorted({bar.year for bar in bars})
    span = f"{years[0]}" if len(years) == 1 else f"{years[0]}-{years[-1]}"
    outputs.bench_chart(bars, outcome.budget, path, f"Advent of Code {span}: best-of-runs times")
    return f"Drew the chart of {len(bars)} day{'s' * (len(bars) != 1)} into {typed}."


def history_of_day(
    asked: DaysAsked, plot: Path | None, *, as_json: bool, verbose: bool
) -> NoReturn:
    """`--history`: one day's saved figures over time, as text (or JSON) and, with --plot,
    as a chart. Times nothing. A damaged entry of the history is skipped with a notice."""
    from aoc2023.framework.bench import history, outputs
    from aoc2023.framework.project import require_project_root

    try:
        if len(asked.years) != 1 or asked.spec is None or len(asked.days) != 1:
            raise UsageError(
                "--history shows one day: give one year and one day, e.g. "
                f"{aoc_command('bench', 2023, 7, '--history')}."
            )
        [(year, day)] = asked.days
        chart = outputs.prepare(plot=plot).plot
        path = store.history_file(require_project_root())
        entries, notices = history.saved_entries(history.load(path), str(path))
        series = history.day_series(entries, history.machine(), year, day)
        say_styled([(notice, "yellow") for notice in notices], sys.stderr)
        if not series:
            raise UsageError(
                f"{path} has no figures of {year} day {day} saved on this machine: save some "
                f"with {aoc_command('bench', year, day, '--save')}."
            )
        title = f"{year} day {day}: headline figures saved on this machine, oldest first"
        if chart is not None:
            outputs.history_chart(series, chart, title)
    except Exception as error:
        fail(error, verbose=verbose)
    if as_json:
        listed = [
            {"name": name, "points": [point.__dict__ for point in points]}
            for name, points in series.items()
        ]
        document = {"year": year, "day": day, "series": listed, "notices": notices}
        json_output.put(json.dumps(document, indent=2))
    else:
        for line in history_lines(title, series, sys.stdout.encoding):
            typer.echo(line)
    if plot is not None:
        typer.echo(f"Drew the chart of {year} day {day} into {plot}.", err=True)
    raise typer.Exit(ExitCode.OK)


# --- the table ---------------------------------------------------------------------------


def render(report: BenchReport, out: IO[str], err: IO[str], *, verbose: bool) -> None:
    """The table (the narrow one when the wide one does not fit): a row per timed step,
    a day's variants after its main implementation; then the problems."""
    steps = [step for bench in report.results for step in bench.steps]
    title = f"Advent of Code benchmark, {report.budget:g} s a day\n{_speed(report)}"
    if any(step.stats is not None and step.stats.waiting for step in steps):
        title += f" {WAITING_LEGEND}"
    every = [
        Column("Day", "right"),
        Column("Title"),
        Column("Input"),
        Column("Step"),
        Column("Answer"),
        Column("Runs", "right"),
        Column("Fastest\n(wall)", "right"),
        Column("Median\n(wall)", "right"),
        Column("Spread\n(wall)", "right"),
        Column("Median\n(CPU)", "right"),
        Column("Change"),
        Column("Vs main", "right"),
        Column("Peak memory", "right"),
    ]
    shown = [True] * (len(every) - 2) + [  # the last two only when a row has a figure there
        any(bench.variants for bench in report.results) or any(step.variant for step in steps),
        any(step.peak_memory is not None for step in steps),
    ]
    columns = list(compress(every, shown))
    rows = [list(compress(row, shown)) for bench in report.results for row in _rows(bench)]
    narrow = [
        Column("Step", kind="text"),
        Column("Fastest\n(wall),\nmedian\n(CPU)", "right"),
        Column("Median\n(spread)\n(wall)", "right"),
        Column("Change"),
    ]
    narrow_rows = [row for bench in report.results for row in _narrow_rows(bench)]
    # The checking runs' problems, then each step that failed while being timed.
    runs = [one for bench in report.results for one in (bench.result, *bench.variants)]
    found = day_problems(runs, terminal_width(err), verbose=verbose) + [
        f"{day_place(bench.result.year, bench.result.day, bench.result.label, step.variant)} "
        f"{step.step}: {step.error}"
        for bench in report.results
        for step in bench.steps
        if step.error
    ]
    # The wide table only if, fitted with words whole, its titles stay readable.
    titles = fit_widths(columns, rows, terminal_width(out), whole_words=True)[1]
    readable = min(_TITLE_AT_LEAST, max((cell_width(row[1].text) for row in rows), default=0))
    wide = [(columns, rows)] if titles >= readable else []
    show(title, [*wide, (narrow, narrow_rows)], report.notices, found, out, err)


WAITING_MARK = "*"
"""After the fastest time of a step that was mostly waiting (figures.WAITING_SHARE)."""
WAITING_LEGEND = f"{WAITING_MARK}: mostly waiting, so as measured here."
_TREND_STYLE = {"faster": "green", "slower": "red", "no change": "dim"}
_TITLE_AT_LEAST = 20
"""The narrowest the wide table's titles may wrap to (their own width, if narrower)."""


def _speed(report: BenchReport) -> str:
    """The machine's measured speed, in a sentence."""
    found = [bench.speed.relative for bench in report.results if bench.speed is not None]
    if not found:
        return "Times as measured here (this machine's speed was not)."
    low, high = min(found), max(found)
    speed = f"{low:.2f}x" if f"{low:.2f}" == f"{high:.2f}" else f"{low:.2f}-{high:.2f}x"
    return f"Times as on the reference machine (this one runs at {speed} its speed)."


def _answer_cell(step: StepBench) -> Cell:
    cells = [part_cell(part) for part in step.parts]
    worst = next((c.style for c in cells if c.style == "red"), cells[0].style if cells else None)
    return Cell(", ".join(cell.text for cell in cells), worst)


def _change_cell(step: StepBench) -> Cell:
    if (change := step.change) is None:
        return Cell("")
    raw = "" if change.compared.startswith("normalised") else ", raw"  # saved before
    return Cell(f"{change.trend} ({change.ratio - 1:+.1%}{raw})", _TREND_STYLE[change.trend])


def _figures(stats: Stats) -> tuple[Cell, Cell, Cell, Cell]:
    """Fastest, median and spread by the wall clock, and the median by CPU time, at the
    reference speed when it was measured; the headline bold."""
    wall = stats.scale or 1.0
    cpu = stats.normalised_cpu if stats.normalised_cpu is not None else stats.cpu_median
    fastest = format_duration(stats.minimum * wall) + f"{NBSP}{WAITING_MARK}" * stats.waiting
    return (
        Cell(fastest, "" if stats.long else "bold"),
        Cell(format_duration(stats.median * wall), "yellow" if stats.busy else ""),
        Cell(format_duration(stats.iqr * wall), "dim"),
        Cell(format_duration(cpu), "bold" if stats.long else "dim"),
    )


def _why_not_timed(step: StepBench) -> Cell:
    if step.error:
        return Cell("! error", "red")
    timed_out = any(part.status == Status.TIMEOUT for part in step.parts)
    return Cell("not timed", "red" if timed_out else "dim")


def _versus_main_cell(step: StepBench) -> Cell:
    if step.versus_main is None:
        return Cell("")
    ratio = step.versus_main
    # Three significant figures: a variant 20 times faster is 0.0512x, not 0.05x.
    text = f"{ratio:.3g}x" if ratio < 100 else f"{ratio:,.0f}x"
    return Cell(text, "green" if ratio < 1 else "red" if ratio > 1 else "")


def _variant_label(variant: str | None) -> Cell:
    return Cell(f"  variant {variant}", "dim")


def _rows(bench: DayBench) -> list[list[Cell]]:
    result, blank = bench.result, Cell("")
    day = [
        Cell(f"{result.year}/{result.day:02d}"),
        Cell(result.title or ""),
        Cell(result.label or result.source or ""),
    ]
    failed = [blank, Cell("! error", "red"), *[blank] * 8]  # after the day's: 13 cells
    rows = [] if bench.steps else [[*day, *failed]]
    shown: set[str | None] = set()
    for index, step in enumerate(bench.steps):
        first = day if index == 0 else [blank] * 3
        if step.variant is not None and step.variant not in shown:
            first = [blank, _variant_label(step.variant), blank]
        shown.add(step.variant)
        if (stats := step.stats) is None:
            figures = [blank, _why_not_timed(step), blank, blank, blank]
        else:
            runs = f"{stats.runs:,}" + " (rough)" * stats.rough
            figures = [Cell(runs, "yellow" if stats.rough else None), *_figures(stats)]
        name = Cell(step.step.replace(" ", NBSP))
        after = [_change_cell(step), _versus_main_cell(step), Cell(format_bytes(step.peak_memory))]
        rows.append([*first, name, _answer_cell(step), *figures, *after])
    rows += [
        [blank, _variant_label(one.variant), blank, *failed]
        for one in bench.variants
        if one.error is not None
    ]
    return rows


def _narrow_rows(bench: DayBench) -> list[list[Cell]]:
    empty = [Cell("")] * 3  # under the narrow table's figures
    result = bench.result
    day = " ".join(filter(None, [f"{result.year}/{result.day:02d}", result.title]))
    source = result.label or result.source
    day += f"\n({source})" if source else ""
    rows = [[Cell(day, "bold") if bench.steps else Cell(day + "\n! error", "red"), *empty]]
    shown: set[str | None] = {None}
    for step in bench.steps:
        if step.variant not in shown:  # a variant's steps under a row naming it
            shown.add(step.variant)
            rows.append([_variant_label(step.variant), *empty])
        stats, answer = step.stats, _answer_cell(step)
        name, style = step.step, answer.style
        if stats is None:
            why = _why_not_timed(step)
            why = why._replace(text=why.text.replace("not timed", "not\ntimed"))
            figures = [why, Cell(""), _change_cell(step)]
        else:
            runs = f"{stats.runs:,}{NBSP}run{'s' if stats.runs != 1 else ''}"
            name += f" ({runs}, rough)" if stats.rough else f" ({runs})"
            style = style if style == "red" or not stats.rough else "yellow"
            fastest, median, spread, cpu = _figures(stats)
            peak = "" if step.peak_memory is None else f"peak {format_bytes(step.peak_memory)}"
            change, versus = _change_cell(step), _versus_main_cell(step)
            if versus.text:  # the ratio to the main implementation, under the change
                both = "\n".join(filter(None, [change.text, f"{versus.text} main"]))
                change = Cell(both, change.style or versus.style)
            times = "\n".join(filter(None, [fastest.text, cpu.text, peak]))
            typical = Cell(f"{median.text}\n({spread.text})", median.style)
            figures = [Cell(times, fastest.style or cpu.style), typical, change]
        text = name + (f"\n{answer.text}" if answer.text else "")
        rows.append([Cell(text.replace(" runs", f"{NBSP}runs"), style), *figures])
    rows += [
        [Cell(f"{_variant_label(one.variant).text.strip()}\n! error", "red"), *empty]
        for one in bench.variants
        if one.error is not None
    ]
    return rows


# --- while it times, and --history -------------------------------------------------------


class ProgressLine:
    """`aoc bench`'s progress on a terminal, redrawn in place at most every INTERVAL
    seconds (at once before a longer run). Without a stream (not a terminal, or in a
    `--timeout` child that is spawned, not forked: `__getstate__`), it shows nothing."""

    INTERVAL = 0.1

    def __init__(self, stream: IO[str] | None, clock: Callable[[], float] = time.monotonic) -> None:
        self.stream: IO[str] | None = stream
        self.clock = clock
        self._last = -math.inf  # the first call draws
        self._width = 0

    def __call__(self, where: str, step: str, runs: int, expected: float) -> None:
        if self.stream is None:  # before the clock: called between every two runs
            return
        if (now := self.clock()) - self._last < self.INTERVAL and expected < self.INTERVAL:
            return
        self._last = now
        line = f"{where}: {step}" + (f", {runs:,} run{'s' * (runs != 1)} so far" if runs else "")
        width = terminal_width(self.stream)
        if width is not None:  # a wrapped line would not redraw in place
            line = cut(line, width - 1, keep="end")  # the step and runs stay in view
        self.stream.write("\r" + pad(line, self._width))
        self.stream.flush()
        self._width = cell_width(line)

    def clear(self) -> None:
        """Blank the line, as wide as the terminal: a --timeout child may have drawn it longer."""
        if self.stream is not None and self._width:
            width = terminal_width(self.stream)
            self.stream.write("\r" + " " * (width - 1 if width else self._width) + "\r")
            self.stream.flush()
            self._width = 0

    def __getstate__(self) -> dict[str, Any]:
        return {**self.__dict__, "stream": None}


BLOCKS = "▁▂▃▄▅▆▇█"
ASCII = "_.,-=+*#"
"""The sparkline's levels on a stream that cannot encode BLOCKS."""


def sparkline(values: Sequence[float], ramp: str = BLOCKS) -> str:
    """One character a value, from the lowest level to the highest (all alike: the middle)."""
    low, high = min(values, default=0.0), max(values, default=0.0)
    if high <= low:
        return ramp[len(ramp) // 2] * len(values)
    return "".join(ramp[round((value - low) / (high - low) * (len(ramp) - 1))] for value in values)


def history_lines(title: str, series: dict[str, list[Point]], encoding: str | None) -> list[str]:
    """`--history` in the terminal: the title, a line a series (its sparkline, first and
    latest figures), then the commits the saves span."""
    ramp = BLOCKS if encodable(BLOCKS, encoding) == BLOCKS else ASCII
    width = max((cell_width(name) for name in series), default=0)
    lines = [title]
    for name, points in series.items():
        values = [point.seconds for point in points]
        lines.append(
            f"  {pad(name, width)}  {sparkline(values, ramp)}  {format_duration(values[0])} -> "
            f"{format_duration(values[-1])} ({len(values)} save{'s' * (len(values) != 1)})"
        )
    commits = dict.fromkeys(  # in order, once each
        point.commit[:8] for points in series.values() for point in points if point.commit
    )
    if commits:
        lines.append(f"  commits: {' '.join(commits)}")
    return lines


# --- the JSON ----------------------------------------------------------------------------


def bench_json(report: BenchReport) -> str:
    """`aoc bench --json` (docs/reference/output.md)."""
    from aoc2023.framework.bench import figures

    results = [
        {
            **{name: getattr(bench.result, name) for name in _DAY_JSON},
            "speed": None
            if bench.speed is None
            else {
                "relative": bench.speed.relative,
                "calibration_runs": bench.speed.runs,
                "calibration_raw_min": bench.speed.wall,
                "calibration_raw_cpu_min": bench.speed.cpu,
                "swing": bench.speed.swing,
                "swung": bench.speed.swung,
            },
            "steps": [_step_json(step) for step in bench.steps],
            "variants": [
                {
                    "variant": one.variant,
                    "error": one.error,
                    "answers": [part_json(part) for part in one.parts],
                }
                for one in bench.variants
            ],
        }
        for bench in report.results
    ]
    document = {
        "budget": report.budget,
        "tolerance": figures.TOLERANCE,
        "wide_tolerance": figures.WIDE_TOLERANCE,
        "min_difference": figures.MIN_DIFFERENCE,
        "long_step": figures.LONG_STEP,
        "reference": figures.REFERENCE,
        "swing": figures.SWING,
        "results": results,
        "notices": report.notices,
    }
    return json.dumps(document, indent=2)


def _stats_json(stats: Stats | None) -> dict[str, Any]:
    """The figures as measured (`raw_...`) and at the reference speed (`normalised_...`)."""
    figures = {
        name: getattr(stats, field) if stats else None for name, field in _STATS_JSON.items()
    }
    return {"runs": stats.runs if stats else 0, **figures}


_STATS_JSON = {
    "raw_median": "median",
    "raw_min": "minimum",
    "raw_q1": "q1",
    "raw_q3": "q3",
    "raw_iqr": "iqr",
    "raw_cpu_min": "cpu_minimum",
    "raw_cpu_median": "cpu_median",
    "normalised": "normalised",
    "normalised_cpu": "normalised_cpu",
}
"""Each JSON name, and the `Stats` field it is."""
_DAY_JSON = ("year", "day", "title", "source", "label", "error")
"""The fields of a day's checking run (`DayResult`) in the JSON."""
_ANSWER_JSON = ("part", "answer", "status", "expected", "error", "drawing")
"""The fields of a step's `PartResult`s in the JSON (`status` a StrEnum: its value)."""


def _step_json(step: StepBench) -> dict[str, Any]:
    stats, change = step.stats, step.change
    return {
        "step": step.step,
        "variant": step.variant,
        "versus_main": step.versus_main,
        "headline": stats.headline if stats else None,
        **_stats_json(stats),
        **{name: bool(stats and getattr(stats, name)) for name in ("rough", "busy", "waiting")},
        "error": step.error,
        "peak_memory": step.peak_memory,
        "answers": [{name: getattr(p, name) for name in _ANSWER_JSON} for p in step.parts],
        "change": None
        if change is None
        else {
            "verdict": change.trend,
            "compared": change.compared,
            "ratio": change.ratio,
            "tolerance": change.tolerance,
            "saved_on": change.saved_on,
            "saved_python": change.python,
            "saved": _stats_json(change.saved),
        },
    }
