"""Saved benchmark figures (`aoc bench --save`) and the change against them.

The history is `benchmarks/history.json` in the project: the nearest folder from
the working folder upwards that has a `pyproject.toml` or an `.aocd_config/`, else
the source checkout this package runs from. Each save appends one entry: the date,
the Python, the machine, the budget, the git commit (bench/over_time.py), and for each
day, input, variant and step its figures (runs, median, minimum, quartiles and CPU
minimum, in seconds, and the normalised figures by wall clock and CPU time, in seconds
at the reference speed: figures.Stats.normalised; `variant` is null for the main
implementation, so that histories saved before variants still compare).
Timings only: never an input or an answer (an input is named by its source and label:
"input", "example 1", or for --input the file's resolved path: `input_name`).

A later `aoc bench` compares each step with the latest figures saved for the same
day, input, variant and step on the same machine (for a file saved before names were
resolved, under the name as typed: that is still read when nothing newer matches).
The verdict compares the new run's headline figure (figures.Headline: the minimum of
the runs, by CPU time for a long step, normalised by the machine's speed) with the
same figure saved; figures saved before normalising are compared raw with raw (and
by the wall minimum when they have no CPU time): "faster" or "slower" only when they are more
than TOLERANCE apart (and more than MIN_DIFFERENCE, the clock's own noise), else
"no change".
The minimum is the figure that moves least with the machine's load, and TOLERANCE is
calibrated from how far it moved between two whole `aoc bench` runs of the same code
under a bursty load (benchmarks/bench_repeatability.py; the figures are in
figures.TOLERANCE's docstring).
A step headlined by its CPU time (a long one), or with fewer than MIN_RUNS runs on
either side, moves more: it gets WIDE_TOLERANCE.
"""

from __future__ import annotations

import json
import platform
import subprocess
from dataclasses import replace
from datetime import datetime
from pathlib import Path
from typing import Any

from aoc2023.framework.bench.figures import (
    MIN_DIFFERENCE,
    TOLERANCE,
    WIDE_TOLERANCE,
    BenchReport,
    Change,
    DayBench,
    Headline,
    Stats,
    StepBench,
    Trend,
)
from aoc2023.framework.errors import HistoryError
from aoc2023.framework.files import write_atomically
from aoc2023.framework.project import project_root, require_project_root

HISTORY_FILE = Path("benchmarks", "history.json")
FORMAT = 1

Key = tuple[int, int, str, str, str, str]
"""(year, day, source, label, variant, step): which figures may be compared; the
variant is "" for the main implementation."""


def machine() -> str:
    """Which machine the figures are from: the system and a short hash of the host name,
    so that a committed history does not name the machine."""
    import hashlib

    host = hashlib.sha256(platform.node().encode()).hexdigest()[:8]
    return f"{platform.system()} {platform.machine()} #{host}"


def python_version() -> str:
    return f"{platform.python_implementation()} {platform.python_version()}"


def tolerance(new: Stats, old: Stats) -> float:
    """How far apart the two headline figures must be to call a change."""
    wide = new.rough or old.rough or new.long
    return WIDE_TOLERANCE if wide else TOLERANCE


def compared(new: Stats, old: Stats) -> Headline:
    """The figure to compare: the new headline, when the saved figures have it too; else
    its raw figure (figures saved before normalising: raw only against raw), else the
    wall minimum (saved with no CPU time)."""
    return next((name for name in (new.headline, new.raw_headline)
                 if new.figure(name) is not None and old.figure(name) is not None), "min")


def trend(new: Stats, old: Stats) -> Trend:
    """Faster or slower only when the compared figures are more than the tolerance
    apart."""
    name = compared(new, old)
    new_figure, old_figure = new.figure(name) or 0.0, old.figure(name) or 0.0
    if abs(new_figure - old_figure) <= MIN_DIFFERENCE:  # within the clock's own noise
        return "no change"
    allowed = 1 + tolerance(new, old)
    if new_figure * allowed < old_figure:
        return "faster"
    if new_figure > old_figure * allowed:
        return "slower"
    return "no change"


def load(path: Path) -> list[dict[str, Any]]:
    """The saved entries, oldest first; none when the file does not exist yet."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise HistoryError(f"Cannot read the benchmark history {path}: {error}.") from error
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise HistoryError(f"The benchmark history {path} is not in the expected format "
                           "(an object with a list of entries): fix or remove it.")
    return entries


def input_name(source: str | None, label: str | None, root: Path | None) -> str:
    """The input's name in the history: its label ("example 1"), and for a file given to
    --input its resolved path, so that `f.txt`, `./f.txt` and its absolute path are one
    history. Inside the project `root` the path is relative to it (posix), so that a
    committed history names no home folder and matches in another checkout."""
    if source != "file" or not label:
        return label or ""
    path = Path(label).resolve()
    if root is not None and path.is_relative_to(root.resolve()):
        return path.relative_to(root.resolve()).as_posix()
    return str(path)


def _key(bench: DayBench, step: StepBench, root: Path | None, typed: bool = False) -> Key:
    """The step's key; `typed`: with a file named as typed, the key saved before
    `input_name` resolved it."""
    result = bench.result
    label = (result.label or "") if typed else input_name(result.source, result.label, root)
    return (result.year, result.day, result.source or "", label, step.variant or "",
            step.step)


def _figure_key(figure: dict[str, Any]) -> Key:
    return (figure.get("year", 0), figure.get("day", 0), figure.get("source", ""),
            figure.get("label", ""), figure.get("variant") or "", figure.get("step", ""))


def latest_figures(entries: list[dict[str, Any]], on_machine: str) -> dict[Key, Change]:
    """For each key, the newest figures saved on `on_machine`, as a Change to fill in."""
    found: dict[Key, Change] = {}
    for entry in entries:  # oldest first: later entries overwrite earlier ones
        if entry.get("machine") != on_machine:
            continue
        for figure in entry.get("figures", []):
            saved = saved_stats(figure)
            if saved is None:
                continue
            found[_figure_key(figure)] = Change("no change", 1.0, "min", TOLERANCE, saved,
                                                str(entry.get("date", "")),
                                                str(entry.get("python", "")))
    return found


def saved_stats(figure: dict[str, Any]) -> Stats | None:
    """A step's figures as saved (`_figure`); None for a figure damaged by hand. Saved
    before normalising, a figure has no normalised ones: compared raw (`compared`)."""
    try:
        cpu_min, normalised, normalised_cpu = (
            None if figure.get(name) is None else float(figure[name])
            for name in ("cpu_min", "normalised", "normalised_cpu"))
        return Stats(int(figure["runs"]), float(figure["median"]), float(figure["min"]),
                     float(figure["q1"]), float(figure["q3"]), cpu_min,
                     normalised=normalised, normalised_cpu=normalised_cpu)
    except (KeyError, TypeError, ValueError):
        return None


def compare(report: BenchReport, entries: list[dict[str, Any]], on_machine: str,
            root: Path | None = None) -> BenchReport:
    """The report with each timed step's change against the latest saved figures; `root`
    is the project's, as for `input_name`."""
    baseline = latest_figures(entries, on_machine)
    results = []
    for bench in report.results:
        steps = []
        for step in bench.steps:
            old = (baseline.get(_key(bench, step, root))
                   or baseline.get(_key(bench, step, root, typed=True)))
            name = compared(step.stats, old.saved) if step.stats and old else "min"
            if step.stats is not None and old is not None and old.saved.figure(name):
                change = replace(old, trend=trend(step.stats, old.saved),
                                 ratio=(step.stats.figure(name) or 0.0)
                                 / (old.saved.figure(name) or 1.0),
                                 compared=name, tolerance=tolerance(step.stats, old.saved))
                step = replace(step, change=change)
            steps.append(step)
        results.append(replace(bench, steps=tuple(steps)))
    return replace(report, results=results)


def _figure(bench: DayBench, step: StepBench, stats: Stats, root: Path | None
            ) -> dict[str, Any]:
    year, day, source, label, variant, name = _key(bench, step, root)
    return {"year": year, "day": day, "source": source, "label": label,
            "variant": variant or None, "step": name,
            "runs": stats.runs, "median": stats.median, "min": stats.minimum,
            "q1": stats.q1, "q3": stats.q3, "cpu_min": stats.cpu_minimum,
            "normalised": stats.normalised, "normalised_cpu": stats.normalised_cpu}


def save_figures(path: Path, report: BenchReport, when: datetime, on_machine: str,
                 root: Path | None = None) -> int:
    """Append this report's figures to the history; the number of steps saved. `root` is
    the project's, as for `input_name`. Read, appended to and written under a lock, so
    that runs saving at once all keep their figures."""
    from filelock import FileLock

    from aoc2023.framework.aocd.paths import lock_file

    figures = [_figure(bench, step, step.stats, root) for bench in report.results
               for step in bench.steps if step.stats is not None]
    if not figures:
        return 0
    commit = commit_of(root)  # outside the lock: it asks git
    try:
        with FileLock(lock_file(path.parent, path.name)):
            entries = load(path)
            entries.append({
                "date": when.isoformat(timespec="seconds"), "python": python_version(),
                "machine": on_machine, "budget": report.budget, "commit": commit,
                "figures": figures,
            })
            text = json.dumps({"format": FORMAT, "entries": entries}, indent=1) + "\n"
            write_atomically(path, text)
    except OSError as error:
        raise HistoryError(f"Cannot write the benchmark history {path}: {error}.") from error
    return len(figures)


GIT_SECONDS = 5.0
"""How long `git` may take to name the commit before the history is saved without it."""


def commit_of(root: Path | None) -> str | None:
    """The commit checked out in the project at `root` (its full hash, with "+" after it
    when tracked .py files have changed since), or None when it is not a git checkout or git
    is missing or slow."""
    if root is None:
        return None
    try:
        head = subprocess.run(["git", "-C", str(root), "rev-parse", "HEAD"], capture_output=True,
                              text=True, timeout=GIT_SECONDS, check=True).stdout.strip()
        # Only code counts: the history and the README change with every save.
        changed = subprocess.run(["git", "-C", str(root), "status", "--porcelain",
                                  "--untracked-files=no", "--", "*.py"], capture_output=True,
                                 text=True, timeout=GIT_SECONDS, check=True).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        return None
    return head + "+" * bool(changed) if head else None


def check_before(save: bool, readme: bool) -> None:
    """Refuse at once what would only fail after the timing: a history that cannot be
    read, a README that cannot take the table (missing, unreadable, or with its markers
    out of order)."""
    if save:
        load(require_project_root() / HISTORY_FILE)
    if readme:
        from aoc2023.framework.bench import readme_table

        readme_table.check_readme(require_project_root() / "README.md")


def _with_charts(report: BenchReport, block: str, folder: Path) -> tuple[str, list[str]]:
    """The README's block with each year's chart under the table (bench/plot.py), drawn
    beside the README; without matplotlib, the table alone and a sentence saying why."""
    from aoc2023.framework.bench import plot, readme_table

    if not plot.available():
        return block, ["The README has no chart: matplotlib is not installed (the plot "
                       "extra: `uv sync --extra plot` or `pip install 'aoc2023[plot]'`)."]
    links = plot.readme_charts(report, folder, sorted(readme_table.rows_by_year(block)))
    return "\n\n".join([block, *links]), []


def compare_save_publish(
    report: BenchReport, save: bool, readme: bool, now: datetime
) -> tuple[BenchReport, list[str]]:
    """Compare with the saved figures, then save them and write the README table when
    asked. Returns the compared report and one sentence per file written."""
    from aoc2023.framework.bench import readme_table

    done: list[str] = []
    root = project_root()
    on_machine = machine()
    if root is not None:
        try:
            report = compare(report, load(root / HISTORY_FILE), on_machine, root)
        except HistoryError as error:
            if save:
                raise
            report.notices.append(f"{error} Not compared.")
    if not any(step.stats for bench in report.results for step in bench.steps):
        # Figures of nothing would replace the README's table of a good run with an empty one.
        kept = ["nothing saved"] * save + ["README.md left as it was"] * readme
        if kept:
            done.append(f"Nothing was timed: {', and '.join(kept)}.")
        return report, done
    if save:
        root = require_project_root()
        saved = save_figures(root / HISTORY_FILE, report, now, on_machine, root)
        path = root / HISTORY_FILE
        done.append(f"Saved the figures of {saved} step{'s' * (saved != 1)} to {path}.")
    if readme:
        path = require_project_root() / "README.md"
        block = readme_table.markdown_table(report, now.date().isoformat(), python_version(),
                                            f"{platform.system()} {platform.machine()}",
                                            readme_table.current_block(path))
        block, chart_note = _with_charts(report, block, path.parent)
        done += chart_note
        if readme_table.update_readme(path, block):
            done.append(f"{path} had no {readme_table.START} and {readme_table.END} lines: "
                        "added them, with the table, at its end.")
        else:
            done.append(f"Wrote the table of best-of-runs times into {path}.")
    return report, done
