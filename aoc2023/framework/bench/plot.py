"""`aoc bench --plot`, `--history --plot` and the README's chart: pictures of the figures.

matplotlib is an optional extra (`aoc2023[plot]`): it is large, and only these options
need it, so it is imported here alone and only when a picture is drawn; without it the
options say how to install it (`require`). Drawing uses a bare `Figure` (no pyplot, no
display: the file's suffix picks the SVG, PNG or PDF writer) and keeps text as text in
an SVG (`svg.fonttype` 'none'), so that the days' labels can be read, searched and
checked in the file.

A day's bar stacks its steps' headline figures (figures.Headline: the figure the
verdicts and the README use), main implementation only, as the README table does; the
y axis is logarithmic (days differ by orders of magnitude) and the line across is the
bench's budget a day: a day whose bar comes near it gets few runs.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from aoc2023.framework.bench.figures import BenchReport
from aoc2023.framework.errors import UsageError

if TYPE_CHECKING:
    from matplotlib.axes import Axes
    from matplotlib.figure import Figure

SUFFIXES = (".svg", ".png", ".pdf")
STEPS = ("parse", "part 1", "part 2", "parts 1+2")
_COLOURS = {"parse": "#8da0cb", "part 1": "#66c2a5", "part 2": "#fc8d62",
            "parts 1+2": "#e78ac3"}


def available() -> bool:
    """Whether matplotlib is installed (found without importing it)."""
    from importlib.util import find_spec

    return find_spec("matplotlib") is not None


def require(option: str) -> None:
    """UsageError (exit 2) at once, before any timing, when `option` cannot draw."""
    if not available():
        raise UsageError(f"{option} needs matplotlib: install the plot extra, e.g. "
                         "`uv sync --extra plot` or `pip install 'aoc2023[plot]'`.")


def check_target(option: str, path: Path) -> None:
    """The file to draw into must be named for a format we write, in a folder that
    exists: said before any timing rather than after it."""
    require(option)
    if path.suffix.lower() not in SUFFIXES:
        raise UsageError(f"{option} {path}: the file must end in .svg, .png or .pdf.")
    if not path.parent.is_dir():
        raise UsageError(f"{option} {path}: there is no folder {path.parent}.")


@dataclass(frozen=True)
class DayBar:
    """One day on one input: its label ("2023/07", with the input when a day has more
    than one) and each step's headline seconds."""

    year: int
    label: str
    seconds: dict[str, float]


def day_bars(report: BenchReport) -> list[DayBar]:
    """The report's timed days, main implementation only, in the report's order."""
    inputs: dict[tuple[int, int], int] = {}
    for bench in report.results:
        key = (bench.result.year, bench.result.day)
        inputs[key] = inputs.get(key, 0) + 1
    bars = []
    for bench in report.results:
        result = bench.result
        seconds = {step.step: step.stats.headline_seconds for step in bench.steps
                   if step.variant is None and step.stats is not None}
        if not seconds:
            continue
        label = f"{result.year}/{result.day:02d}"
        if inputs[(result.year, result.day)] > 1:
            label += f" ({result.label or result.source})"
        bars.append(DayBar(result.year, label, seconds))
    return bars


def _figure(width: float) -> tuple[Figure, Axes]:
    from matplotlib.figure import Figure

    figure = Figure(figsize=(width, 4.8), layout="constrained")
    return figure, figure.add_subplot()


def _save(figure: Figure, path: Path) -> None:
    """The chart drawn in memory, then written whole (files.write_atomically)."""
    import io

    import matplotlib

    from aoc2023.framework.files import write_atomically

    kind = path.suffix.lower().lstrip(".") or "svg"
    drawn = io.BytesIO()
    # No date and fixed ids in an SVG: the same figures draw the same file (a README's
    # chart changes only when its figures do).
    with matplotlib.rc_context({"svg.fonttype": "none", "svg.hashsalt": "aoc"}):
        figure.savefig(drawn, format=kind, metadata={"Date": None} if kind == "svg" else None)
    write_atomically(path, drawn.getvalue(), what="the chart")


def bench_chart(bars: list[DayBar], budget: float, path: Path, title: str) -> None:
    """Each day's steps stacked, on a log scale, with the budget line, into `path`."""
    figure, axes = _figure(max(6.4, 0.45 * len(bars) + 2))
    positions = range(len(bars))
    bottoms = [0.0] * len(bars)
    for step in STEPS:
        heights = [bar.seconds.get(step, 0.0) for bar in bars]
        if not any(heights):
            continue
        axes.bar(positions, heights, bottom=bottoms, label=step, color=_COLOURS[step])
        bottoms = [low + high for low, high in zip(bottoms, heights, strict=True)]
    axes.axhline(budget, color="#b22222", linestyle="--",
                 label=f"budget ({budget:g} s a day)")
    axes.set_yscale("log")
    # From below the least step: a log scale has no 0 for the lowest segment to stand on.
    least = min((value for bar in bars for value in bar.seconds.values() if value > 0),
                default=budget)
    axes.set_ylim(bottom=least / 3)
    axes.set_xlim(-1, max(len(bars), 3))
    axes.set_xticks(list(positions), [bar.label for bar in bars],
                    rotation=90 if len(bars) > 12 else 0)
    axes.set_ylabel("seconds (best of runs)")
    axes.set_title(title)
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    _save(figure, path)


@dataclass(frozen=True)
class Point:
    """One saved bench of a step: when, at which commit (None when not recorded), and
    its headline seconds."""

    date: str
    commit: str | None
    seconds: float


def history_chart(series: dict[str, list[Point]], path: Path, title: str) -> None:
    """Each series (a step, on one input) over the saved benches, oldest first, on a log
    scale; each bench whose commit differs from the one before is marked with a line and
    the commit's short hash."""
    runs = sorted({(point.date, point.commit) for points in series.values()
                   for point in points})
    where = {run: index for index, run in enumerate(runs)}
    figure, axes = _figure(max(6.4, 0.5 * len(runs) + 2))
    for name, points in series.items():
        axes.plot([where[(p.date, p.commit)] for p in points], [p.seconds for p in points],
                  marker="o", label=name)
    axes.set_yscale("log")
    before: str | None = None
    for index, (_, commit) in enumerate(runs):
        if commit is not None and commit != before:
            axes.axvline(index, color="#999999", linewidth=0.8, linestyle=":")
            axes.annotate(commit[:8], (index, 1.0), xycoords=("data", "axes fraction"),
                          rotation=90, va="top", ha="right", fontsize="x-small")
        before = commit
    axes.set_xticks(range(len(runs)), [date[:10] for date, _ in runs],
                    rotation=45 if len(runs) > 4 else 0, ha="right" if len(runs) > 4 else "center")
    axes.set_ylabel("seconds (headline figure)")
    axes.set_title(title)
    axes.legend(loc="upper left", bbox_to_anchor=(1.0, 1.0), fontsize="small")
    _save(figure, path)


def readme_charts(report: BenchReport, folder: Path, years: list[int]) -> list[str]:
    """Draw each benched year's chart as `aoc-bench-YEAR.svg` in `folder` (the README's),
    and return the Markdown that shows the charts of `years` found there."""
    bars = day_bars(report)
    for year in sorted({bar.year for bar in bars}):
        bench_chart([bar for bar in bars if bar.year == year], report.budget,
                    folder / chart_name(year), f"Advent of Code {year}: best-of-runs times")
    return [f"![{year}: each day's parse, part 1 and part 2]({chart_name(year)})"
            for year in years if (folder / chart_name(year)).exists()]


def chart_name(year: int) -> str:
    return f"aoc-bench-{year}.svg"
