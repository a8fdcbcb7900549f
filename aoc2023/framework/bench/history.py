"""The bench history, `benchmarks/history.json` in the project (`aoc bench --save`):
appended, never rewritten; compared with by every bench (the latest figures of the same
day, input, variant and step on the same machine: `compare`); a day's figures over time
(`day_series`, for --history). Timings and the commit only, never an input or an answer.
An entry or figure damaged by hand is skipped with a sentence naming it, never fatal.
"""

from __future__ import annotations

import json
import math
import platform
import subprocess
from dataclasses import dataclass, replace
from datetime import datetime
from pathlib import Path
from typing import Any

from aoc2023.framework import store
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
from aoc2023.framework.files import write_atomically, write_failed

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
    wide = new.rough or old.rough or new.long or new.waiting or old.waiting
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


def load(path: Path) -> list[Any]:
    """The saved entries, oldest first, as saved (any of them may be damaged by hand:
    `saved_entries` reads them); none when the file does not exist yet."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, UnicodeDecodeError, ValueError, RecursionError) as error:
        raise HistoryError(f"Cannot read the benchmark history {path}: {error}.") from error
    entries = data.get("entries") if isinstance(data, dict) else None
    if not isinstance(entries, list):
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


@dataclass(frozen=True)
class SavedFigure:
    """One step's figures as saved, read back."""

    key: Key
    stats: Stats


@dataclass(frozen=True)
class SavedEntry:
    """One save, read back: when, on which Python and machine, at which commit, and the
    figures that could be read."""

    date: str
    python: str
    machine: str
    commit: str | None
    figures: tuple[SavedFigure, ...]


class _Damaged(Exception):
    """What is wrong with a saved entry or figure, in a few words."""


def saved_entries(raw: list[Any], source: str = "The benchmark history"
                  ) -> tuple[list[SavedEntry], list[str]]:
    """The entries of `raw` (as `load` gives them) that can be read, oldest first, each
    with the figures of it that can be read; and a sentence for each entry or figure that
    cannot, naming it by its place in `source` (counting from 1) and saying why. Those
    are skipped: a hand edit gone wrong costs its own figures, never the others."""
    entries, damaged = [], []
    for number, entry in enumerate(raw, start=1):
        try:
            if not isinstance(entry, dict):
                raise _Damaged("it is not an object")
            date, python = _text(entry, "date"), _text(entry, "python")
            machine, commit = _optional_text(entry, "machine"), entry.get("commit")
            figures = entry.get("figures", [])
            if machine is None:
                raise _Damaged("it names no machine")
            if not isinstance(figures, list):
                raise _Damaged("its figures are not a list")
        except _Damaged as why:
            damaged.append(f"{source}: entry {number} is damaged ({why}), so it is skipped.")
            continue
        read = []
        for place, figure in enumerate(figures, start=1):
            try:
                read.append(_saved_figure(figure))
            except _Damaged as why:
                damaged.append(f"{source}: figure {place} of entry {number}"
                               f"{f' (saved {date})' if date else ''} is damaged ({why}), so "
                               "it is skipped.")
        entries.append(SavedEntry(date, python, machine,
                                  commit if isinstance(commit, str) else None, tuple(read)))
    return entries, damaged


def _text(data: dict[str, Any], name: str) -> str:
    """A field of text; "" when it is missing."""
    return _optional_text(data, name) or ""


def _optional_text(data: dict[str, Any], name: str) -> str | None:
    """A field of text, or None (missing, or saved as null)."""
    value = data.get(name)
    if value is not None and not isinstance(value, str):
        raise _Damaged(f"its {name} is not text")
    return value


def _number(data: dict[str, Any], name: str, required: bool = True) -> float | None:
    """A figure's time in seconds: a number, finite and not negative."""
    if name not in data and required:
        raise _Damaged(f"it has no {name}")
    value = data.get(name)
    if value is None and not required:
        return None
    if (isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value)
            or value < 0):
        raise _Damaged(f"its {name} is not a number of seconds")
    return float(value)


def _saved_figure(figure: object) -> SavedFigure:
    """A figure as `_figure` saves it, read back; _Damaged when it cannot be."""
    if not isinstance(figure, dict):
        raise _Damaged("it is not an object")
    year, day, runs = figure.get("year"), figure.get("day"), figure.get("runs")
    for name, value in (("year", year), ("day", day), ("runs", runs)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 1:
            raise _Damaged(f"its {name} is not a whole number above 0")
    source, label, step = (_text(figure, name) for name in ("source", "label", "step"))
    variant = _optional_text(figure, "variant")
    waiting = figure.get("waiting", False)
    if not isinstance(waiting, bool):
        raise _Damaged("its waiting is not true or false")
    median, minimum, q1, q3 = (_number(figure, name) or 0.0
                               for name in ("median", "min", "q1", "q3"))
    cpu_min, normalised, normalised_cpu = (
        _number(figure, name, required=False)
        for name in ("cpu_min", "normalised", "normalised_cpu"))
    assert isinstance(year, int) and isinstance(day, int) and isinstance(runs, int)
    return SavedFigure(
        (year, day, source, label, variant or "", step),
        Stats(runs, median, minimum, q1, q3, cpu_min, normalised=normalised,
              normalised_cpu=normalised_cpu, waiting=waiting))


def latest_figures(entries: list[SavedEntry], on_machine: str) -> dict[Key, Change]:
    """For each key, the newest figures saved on `on_machine`, as a Change to fill in."""
    found: dict[Key, Change] = {}
    for entry in entries:  # oldest first: later entries overwrite earlier ones
        if entry.machine != on_machine:
            continue
        for figure in entry.figures:
            found[figure.key] = Change("no change", 1.0, "min", TOLERANCE, figure.stats,
                                       entry.date, entry.python)
    return found


def compare(report: BenchReport, raw: list[Any], on_machine: str,
            root: Path | None = None, source: str = "The benchmark history") -> BenchReport:
    """The report with each timed step's change against the latest saved figures in
    `raw` (as `load` gives them, from `source`), and a notice for each damaged entry or
    figure skipped (`saved_entries`); `root` is the project's, as for `input_name`."""
    entries, damaged = saved_entries(raw, source)
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
    return replace(report, results=results, notices=[*report.notices, *damaged])


def _figure(bench: DayBench, step: StepBench, stats: Stats, root: Path | None
            ) -> dict[str, Any]:
    year, day, source, label, variant, name = _key(bench, step, root)
    return {"year": year, "day": day, "source": source, "label": label,
            "variant": variant or None, "step": name,
            "runs": stats.runs, "median": stats.median, "min": stats.minimum,
            "q1": stats.q1, "q3": stats.q3, "cpu_min": stats.cpu_minimum,
            "normalised": stats.normalised, "normalised_cpu": stats.normalised_cpu,
            "waiting": stats.waiting}


def save_figures(path: Path, report: BenchReport, when: datetime, on_machine: str,
                 root: Path | None = None) -> int:
    """Append this report's figures to the history; the number of steps saved. `root` is
    the project's, as for `input_name`. Read, appended to and written under a lock, so
    that runs saving at once all keep their figures."""
    figures = [_figure(bench, step, step.stats, root) for bench in report.results
               for step in bench.steps if step.stats is not None]
    if not figures:
        return 0
    commit = commit_of(root)  # outside the lock: it asks git
    try:
        with store.locked(path):
            entries = load(path)
            entries.append({
                "date": when.isoformat(timespec="seconds"), "python": python_version(),
                "machine": on_machine, "budget": report.budget, "commit": commit,
                "figures": figures,
            })
            text = json.dumps({"format": FORMAT, "entries": entries}, indent=1) + "\n"
            write_atomically(path, text, what="the benchmark history")
    except OSError as error:
        raise write_failed(path, error, "the benchmark history") from error
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


@dataclass(frozen=True)
class Point:
    """One saved bench of a step: when, at which commit (None when not recorded), and
    its headline seconds."""

    date: str
    commit: str | None
    seconds: float


def day_series(entries: list[SavedEntry], on_machine: str, year: int, day: int
               ) -> dict[str, list[Point]]:
    """Each step's points, by series name ("part 1", or "part 1 (hands.txt)" when the
    day was saved on more than one input), in the order saved (saved_entries:
    damaged entries and figures are left out)."""
    found: dict[tuple[str, str], list[Point]] = {}
    for entry in entries:
        if entry.machine != on_machine:
            continue
        for figure in entry.figures:
            figure_year, figure_day, source, label, variant, step = figure.key
            if (figure_year, figure_day) != (year, day) or variant:
                continue
            found.setdefault((label or source, step), []).append(
                Point(entry.date, entry.commit, figure.stats.headline_seconds))
    inputs = {label for label, _ in found}
    return {(step if len(inputs) == 1 else f"{step} ({label})"): points
            for (label, step), points in found.items()}
