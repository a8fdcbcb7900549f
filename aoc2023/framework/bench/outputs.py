"""What `aoc bench` writes and compares with: settled before the timing, written after.

The files (the history that `--save` appends to and every bench compares with, the
README that `--readme` writes and the charts beside it, the chart of `--plot`) are
found once, by `prepare`, before any day's code runs and before anything is timed:

- each is named by an absolute path, so that a day whose part calls `os.chdir` moves
  neither where the figures are written nor which project's history they are
  compared with;
- each is shown to be writable (its folder takes a new file, as an atomic write
  makes one, and its disk has room: files.check_writable), so that a folder that
  cannot be written is one sentence and exit 2 at once, rather than an error after
  the whole timing. A file that still fails when written (a disk filled meanwhile) is
  its one sentence after the report, which is shown all the same (cli/bench.py).
"""

from __future__ import annotations

import os
import platform
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path

from aoc2023.framework import store
from aoc2023.framework.bench.figures import BenchReport
from aoc2023.framework.bench.history import (
    compare,
    load,
    machine,
    python_version,
    save_figures,
)
from aoc2023.framework.errors import HistoryError
from aoc2023.framework.files import check_writable
from aoc2023.framework.project import project_root, require_project_root


@dataclass(frozen=True)
class Outputs:
    """Absolute paths, found before the timing: None where there is nothing to do."""

    root: Path | None = None
    """The project folder, whose history the figures are compared with."""
    history: Path | None = None
    """The history to save the figures into (`--save`)."""
    readme: Path | None = None
    """The README to write the table into, the charts beside it (`--readme`)."""
    plot: Path | None = None
    """The chart to draw (`--plot FILE`)."""


def prepare(save: bool = False, readme: bool = False, plot: Path | None = None) -> Outputs:
    """The outputs asked for, each checked now: UsageError (or HistoryError) naming the
    first that could not be written, or whose file could not take what is written (a
    history that cannot be read, a README without room for the table, a chart of a kind
    not drawn)."""
    from aoc2023.framework.bench import readme_table

    drawn = None
    if plot is not None:
        from aoc2023.framework.bench import plot as drawing

        drawing.check_target("--plot", plot)
        drawn = Path(os.path.abspath(plot))
        check_writable("--plot", drawn)
    root = project_root()
    history = readme_file = None
    if save:
        root = require_project_root()
        history = store.history_file(root)
        load(history)
        check_writable("--save", history)
    if readme:
        root = require_project_root()
        readme_file = root / "README.md"
        readme_table.check_readme(readme_file)
        check_writable("--readme", readme_file)
    return Outputs(None if root is None else Path(os.path.abspath(root)), history,
                   readme_file, drawn)


def _with_charts(report: BenchReport, block: str, folder: Path) -> tuple[str, list[str]]:
    """The README's block with each year's chart under the table (bench/plot.py), drawn
    beside the README; without matplotlib, the table alone and a sentence saying why."""
    from aoc2023.framework.bench import plot, readme_table

    if not plot.available():
        return block, ["The README has no chart: matplotlib is not installed (the plot "
                       "extra: `uv sync --extra plot` or `pip install 'aoc2023[plot]'`)."]
    links = plot.readme_charts(report, folder, sorted(readme_table.rows_by_year(block)))
    return "\n\n".join([block, *links]), []


def compared(report: BenchReport, outputs: Outputs, save: bool = True) -> BenchReport:
    """The report compared with the figures saved in the project, if any. A history
    that cannot be read is a notice, or (when it is to be saved into) its sentence."""
    if outputs.root is None:
        return report
    path = store.history_file(outputs.root)
    try:
        return compare(report, load(path), machine(), outputs.root, str(path))
    except HistoryError as error:
        if save and outputs.history is not None:
            raise
        report.notices.append(f"{error} Not compared.")
        return report


def save_and_publish(report: BenchReport, outputs: Outputs, now: datetime, done: list[str],
                     write: bool = True) -> None:
    """Save the figures and write the README table, as `outputs` asks (unless not to
    `write`: after a Ctrl-C), each file's sentence appended to `done` as it is written,
    so that those written before one that fails are still said."""
    from aoc2023.framework.bench import readme_table

    on_machine = machine()
    save, readme = outputs.history if write else None, outputs.readme if write else None
    if not any(step.stats for bench in report.results for step in bench.steps):
        # Figures of nothing would replace the README's table of a good run with an empty one.
        kept = ["nothing saved"] * bool(save) + ["README.md left as it was"] * bool(readme)
        if kept:
            done.append(f"Nothing was timed: {', and '.join(kept)}.")
        return
    if save is not None:
        saved = save_figures(save, report, now, on_machine, outputs.root)
        done.append(f"Saved the figures of {saved} step{'s' * (saved != 1)} to {save}.")
    if readme is not None:
        block = readme_table.markdown_table(report, now.date().isoformat(), python_version(),
                                            f"{platform.system()} {platform.machine()}",
                                            readme_table.current_block(readme))
        block, chart_note = _with_charts(report, block, readme.parent)
        done += chart_note
        if readme_table.update_readme(readme, block):
            done.append(f"{readme} had no {readme_table.START} and {readme_table.END} "
                        "lines: added them, with the table, at its end.")
        else:
            done.append(f"Wrote the table of best-of-runs times into {readme}.")
