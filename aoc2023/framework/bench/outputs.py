"""The files `aoc bench` writes: the history, the README's table and charts, the pictures
(matplotlib, imported only to draw). `prepare` checks every path before any timing."""

from __future__ import annotations

import os
import platform
import re
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from aoc2023.framework import store
from aoc2023.framework.bench.figures import LONG_STEP, BenchReport, StepBench
from aoc2023.framework.bench.history import (
    Point,
    compare,
    load,
    machine,
    python_version,
    save_figures,
)
from aoc2023.framework.errors import DamagedFileError, UsageError
from aoc2023.framework.files import check_writable, read_regular, write_atomically
from aoc2023.framework.project import project_root, require_project_root
from aoc2023.framework.results import Status

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure


@dataclass(frozen=True)
class Outputs:
    """Absolute paths found before the timing, so that a day's `os.chdir` moves none
    (None: nothing to do)."""

    root: Path | None = None
    history: Path | None = None
    readme: Path | None = None
    plot: Path | None = None


def prepare(
    *, save: bool = False, readme: bool = False, plot: Path | None = None, years: Iterable[int] = ()
) -> Outputs:
    """The outputs asked for, each checked now (UsageError or DamagedFileError for the first),
    the README's charts of `years` too."""
    if plot is not None:
        require("--plot")
        if plot.suffix.lower() not in SUFFIXES:
            raise UsageError(f"--plot {plot}: the file must end in .svg, .png or .pdf.")
        if not plot.parent.is_dir():
            raise UsageError(f"--plot {plot}: there is no folder {plot.parent}.")
        plot = Path(os.path.abspath(plot))
        check_writable("--plot", plot)
    if not save and not readme:
        return Outputs(project_root(), plot=plot)  # resolved: absolute
    root = require_project_root()
    history, readme_file = store.history_file(root), root / "README.md"
    if save:
        load(history)
        check_writable("--save", history)
    if readme:
        check_readme(readme_file)
        for path in [readme_file, *(root / chart_name(year) for year in years if available())]:
            check_writable("--readme", path)
    return Outputs(root, history if save else None, readme_file if readme else None, plot)


def compared(report: BenchReport, outputs: Outputs) -> BenchReport:
    """The report compared with the history; unreadable: a notice, or raised if saved into."""
    if outputs.root is None:
        return report
    path = store.history_file(outputs.root)
    try:
        return compare(report, load(path), machine(), outputs.root, str(path))
    except DamagedFileError as error:
        if outputs.history is not None:
            raise
        report.notices.append(f"{error} Not compared.")
        return report


def save_and_publish(
    report: BenchReport, outputs: Outputs, done: list[str], *, duration: Callable[[float], str]
) -> None:
    """Save the figures and write the README table as `outputs` asks, dated now, each
    file's sentence added to `done` as it is written."""
    save, readme, now = outputs.history, outputs.readme, datetime.now(UTC)
    if not any(step.stats for bench in report.results for step in bench.steps):
        kept = ["nothing saved"] * bool(save) + ["README.md left as it was"] * bool(readme)
        if kept:
            done.append(f"Nothing was timed: {', and '.join(kept)}.")
        return
    if save is not None:
        saved = save_figures(save, report, now, machine(), outputs.root)
        done.append(f"Saved the figures of {saved} step{'s' * (saved != 1)} to {save}.")
    if readme is None:
        return
    with store.locked(readme):  # another bench's rows read and written back whole
        when, system = now.date().isoformat(), f"{platform.system()} {platform.machine()}"
        block = markdown_table(
            report, when, python_version(), system, current_block(readme), duration=duration
        )
        if available():  # each benched year's chart beside the README, under the table
            bars = day_bars(report)
            for year in sorted({bar.year for bar in bars}):
                title = f"Advent of Code {year}: best-of-runs times"
                chart = readme.parent / chart_name(year)
                bench_chart([bar for bar in bars if bar.year == year], report.budget, chart, title)
            links = [
                f"![{year}: each day's parse, part 1 and part 2]({chart_name(year)})"
                for year in sorted(rows_by_year(block))
                if (readme.parent / chart_name(year)).exists()
            ]
            block = "\n\n".join([block, *links])
        else:
            done.append(
                "The README has no chart: matplotlib is not installed (the plot extra: "
                f"{_INSTALL})."
            )
        added = f"{readme} had no {START} and {END} lines: added them, with the table, at its end."
        wrote = f"Wrote the table of best-of-runs times into {readme}."
        done.append(added if update_readme(readme, block) else wrote)


START = "<!-- aoc-bench:start -->"
END = "<!-- aoc-bench:end -->"


def _not_timed(step: StepBench | None) -> str:
    """A step with no figures: marked as the bench table marks a failure or a timeout."""
    if step is not None and (step.error or any(p.status is Status.ERROR for p in step.parts)):
        return "! error"
    if step is not None and any(p.status is Status.TIMEOUT for p in step.parts):
        return "⧖ timeout"
    return "-"


_YEAR_ROW = re.compile(r"\| (?:(\d{4})/\d+|\*\*(\d{4})\*\*) \|")
"""A day's row (`| 2023/07 |`) or a year's total (`| **2023** |`)."""


def rows_by_year(table: str) -> dict[int, list[str]]:
    """An earlier table's rows by year, in order."""
    rows: dict[int, list[str]] = {}
    for line in table.splitlines():
        if match := _YEAR_ROW.match(line):
            rows.setdefault(int(match[1] or match[2]), []).append(line)
    return rows


def markdown_table(
    report: BenchReport,
    when: str,
    python: str,
    system: str,
    previous: str = "",
    *,
    duration: Callable[[float], str],
) -> str:
    """Each day's headline figures and total, a total row per year; the years of `report`
    replace theirs in `previous`."""
    rows: dict[int, list[str]] = {}
    totals: defaultdict[int, float] = defaultdict(float)
    for bench in report.results:
        steps = {step.step: step for step in bench.steps if step.variant is None}
        seconds = {name: step.stats.headline_seconds for name, step in steps.items() if step.stats}
        if "parse" not in seconds:
            continue
        total = sum(seconds.values())  # the parse and the parts (or both at once) timed
        if "parts 1+2" in seconds:
            cells = [duration(seconds["parts 1+2"]) + " (1+2)", "(with part 1)"]
        elif "parts 1+2" in steps:
            cells = [_not_timed(steps["parts 1+2"]), "-"]
        else:
            cells = [
                duration(seconds[name]) if name in seconds else _not_timed(steps.get(name))
                for name in ("part 1", "part 2")
            ]
        result = bench.result
        totals[result.year] += total
        rows.setdefault(result.year, []).append(
            f"| {result.year}/{result.day:02d} | {result.title or ''} | "
            f"{result.label or result.source or ''} | "
            f"{duration(seconds['parse'])} | {cells[0]} | {cells[1]} | {duration(total)} |"
        )
    for year, total in totals.items():
        rows[year].append(
            f"| **{year}** | **Total** (benched on {when}, {python}, {system}) | | | | | "
            f"**{duration(total)}** |"
        )
    rows = rows_by_year(previous) | rows
    return "\n".join(
        [
            "| Day | Puzzle | Input | Parse | Part 1 | Part 2 | Total |",
            "| ---: | :--- | :--- | ---: | ---: | ---: | ---: |",
            *(line for year in sorted(rows) for line in rows[year]),
            "",
            "Best-of-runs times from `aoc bench`: the fastest of each step's runs, by CPU time "
            f"for steps of {duration(LONG_STEP)} or more, else by the wall clock, scaled to "
            "the reference speed (`aoc bench` measures the machine's own); a day's total is its "
            "parse and its parts. Each year's total row says when, and on what, it was benched.",
        ]
    )


def _marker_lines(text: str, marker: str) -> list[re.Match[str]]:
    """Where `marker` stands on a line of its own."""
    return list(re.finditer(rf"^[ \t]*{re.escape(marker)}[ \t]*(?=\r?$)", text, re.MULTILINE))


def insert_block(text: str, block: str, start: str = START, end: str = END) -> tuple[str, bool]:
    """`text` with `block` between the marker lines, and whether they were added (at the
    end); UsageError if misplaced."""
    newline = "\r\n" if "\r\n" in text else "\n"
    body = block.replace("\n", newline)
    starts, ends = _marker_lines(text, start), _marker_lines(text, end)
    if not starts and not ends:
        before = text if not text or text.endswith(newline) else text + newline
        gap = newline if before else ""
        return f"{before}{gap}{start}{newline}{body}{newline}{end}{newline}", True
    if len(starts) != 1 or len(ends) != 1 or ends[0].start() < starts[0].end():
        raise UsageError(
            f"The README must have the lines {start} and {end} once each, in "
            "that order (or neither, to have them added at the end)."
        )
    return f"{text[: starts[0].end()]}{newline}{body}{newline}{text[ends[0].start() :]}", False


def _read(path: Path) -> str:
    try:
        return read_regular(path, 1 << 30).decode("utf-8")  # its line ends as they are
    except FileNotFoundError as error:
        raise UsageError(f"There is no {path} to write into.") from error
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"Cannot read {path}: {error}.") from error


def check_readme(path: Path, start: str = START, end: str = END) -> None:
    """UsageError now if the README could not take the block between these markers."""
    insert_block(_read(path), "", start, end)


def current_block(path: Path) -> str:
    """What the README holds between its markers ("" without them)."""
    text = _read(path)
    starts, ends = _marker_lines(text, START), _marker_lines(text, END)
    return text[starts[0].end() : ends[0].start()] if len(starts) == len(ends) == 1 else ""


def update_readme(path: Path, block: str, start: str = START, end: str = END) -> bool:
    """`insert_block` into the README, rewritten only if changed; True if markers were added."""
    text = _read(path)
    new_text, added = insert_block(text, block, start, end)
    if new_text != text:
        write_atomically(path, new_text, what="the README")
    return added


SUFFIXES = (".svg", ".png", ".pdf")
_INSTALL = "`uv sync --extra plot` or `pip install 'aoc2023[plot]'`"
_COLOURS = {"parse": "#8da0cb", "part 1": "#66c2a5", "part 2": "#fc8d62", "parts 1+2": "#e78ac3"}


def available() -> bool:
    """Whether matplotlib is installed, without importing it."""
    from importlib.util import find_spec

    return find_spec("matplotlib") is not None


def require(option: str) -> None:
    """UsageError before any timing when `option` cannot draw."""
    if not available():
        raise UsageError(f"{option} needs matplotlib: install the plot extra, e.g. {_INSTALL}.")


@dataclass(frozen=True)
class DayBar:
    """One day on one input: its label and each step's seconds."""

    year: int
    label: str
    seconds: dict[str, float]


def day_bars(report: BenchReport) -> list[DayBar]:
    """The report's timed days, main implementation only, in order."""
    inputs = Counter((bench.result.year, bench.result.day) for bench in report.results)
    bars = []
    for bench in report.results:
        result = bench.result
        main = {step.step: step.stats for step in bench.steps if step.variant is None}
        seconds = {name: stats.headline_seconds for name, stats in main.items() if stats}
        if not seconds:
            continue
        label = f"{result.year}/{result.day:02d}"
        if inputs[(result.year, result.day)] > 1:
            label += f" ({result.label or result.source})"
        bars.append(DayBar(result.year, label, seconds))
    return bars


def _figure(width: float) -> tuple[Figure, Axes]:
    import matplotlib
    from matplotlib.figure import Figure

    matplotlib.rcParams["text.parse_math"] = False  # a `$` in a name is text, never math
    figure = Figure(figsize=(width, 4.8), layout="constrained")
    return figure, figure.add_subplot()


def _save(figure: Figure, axes: Axes, label: str, title: str, path: Path) -> None:
    """Labelled, titled, with the legend beside; drawn in memory, then written whole."""
    import io

    import matplotlib

    axes.set_ylabel(label)
    axes.set_title(title)
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    kind = path.suffix.lower().lstrip(".") or "svg"
    drawn = io.BytesIO()
    # No date and fixed ids in an SVG: the same figures draw the same file.
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "aoc"}):
        figure.savefig(drawn, format=kind, metadata={"Date": None} if kind == "svg" else None)
    write_atomically(path, drawn.getvalue(), what="the chart")


def bench_chart(bars: list[DayBar], budget: float, path: Path, title: str) -> None:
    """Each day's steps stacked, on a log scale, with the budget line, into `path`."""
    figure, axes = _figure(max(6.4, 0.45 * len(bars) + 2))
    positions = range(len(bars))
    bottoms = [0.0] * len(bars)
    for step, colour in _COLOURS.items():  # stacked in this order
        if not any(heights := [bar.seconds.get(step, 0.0) for bar in bars]):
            continue
        axes.bar(positions, heights, bottom=bottoms, label=step, color=colour)
        bottoms = [low + high for low, high in zip(bottoms, heights, strict=True)]
    axes.axhline(budget, color="#b22222", linestyle="--", label=f"budget ({budget:g} s a day)")
    axes.set_yscale("log")
    # A log scale has no 0 for the lowest segment to stand on.
    least = min(
        (value for bar in bars for value in bar.seconds.values() if value > 0), default=budget
    )
    axes.set_ylim(bottom=least / 3)
    axes.set_xlim(-1, max(len(bars), 3))
    axes.set_xticks(
        list(positions), [bar.label for bar in bars], rotation=90 if len(bars) > 12 else 0
    )
    _save(figure, axes, "seconds (best of runs)", title, path)


def history_chart(series: dict[str, list[Point]], path: Path, title: str) -> None:
    """Each series over the saved benches on a log scale, each change of commit marked."""
    saves = {(point.date, point.commit) for points in series.values() for point in points}
    runs = sorted(saves, key=lambda run: (run[0], run[1] is not None, run[1] or ""))
    where = {run: index for index, run in enumerate(runs)}
    figure, axes = _figure(max(6.4, 0.5 * len(runs) + 2))
    for name, points in series.items():
        places = [where[(p.date, p.commit)] for p in points]
        axes.plot(places, [p.seconds for p in points], marker="o", label=name)
    axes.set_yscale("log")
    before: str | None = None
    for index, (_, commit) in enumerate(runs):
        if commit is not None and commit != before:
            axes.axvline(index, color="#999999", linewidth=0.8, linestyle=":")
            axes.annotate(
                commit[:8],
                (index, 1.0),
                xycoords=("data", "axes fraction"),
                rotation=90,
                va="top",
                ha="right",
                fontsize="x-small",
            )
        before = commit
    tilted = len(runs) > 4
    dates = [date[:10] for date, _ in runs]
    axes.set_xticks(
        range(len(runs)), dates, rotation=45 if tilted else 0, ha="right" if tilted else "center"
    )
    _save(figure, axes, "seconds (headline figure)", title, path)


def chart_name(year: int) -> str:
    return f"aoc-bench-{year}.svg"
