"""The bench history, `benchmarks/history.json` (`aoc bench --save`): appended to, compared
with on the same machine. Timings and the commit only, never an input or an answer; a
damaged entry or figure is skipped with a sentence naming it, never fatal."""

from __future__ import annotations

import json
import math
import platform
import subprocess
import sys
from contextlib import suppress
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
from aoc2023.framework.errors import DamagedFileError
from aoc2023.framework.files import parse_json, read_regular_text, write_atomically

FORMAT = 1

Key = tuple[int, int, str, str, str, str]
"""(year, day, source, label, variant or "", step): which figures may be compared."""


def machine() -> str:
    """The system and a short hash of the host name: a committed history names no host."""
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
    """The new headline if saved too, else its raw figure, else the wall minimum."""
    for name in (new.headline, new.raw_headline):
        if new.figure(name) is not None and old.figure(name) is not None:
            return name
    return "min"


def trend(new: Stats, old: Stats) -> Trend:
    """Faster or slower only past the tolerance."""
    name = compared(new, old)
    new_figure, old_figure = new.figure(name) or 0.0, old.figure(name) or 0.0
    if abs(new_figure - old_figure) <= MIN_DIFFERENCE:  # within the clock's own noise
        return "no change"
    if new_figure * (allowed := 1 + tolerance(new, old)) < old_figure:
        return "faster"
    return "slower" if new_figure > old_figure * allowed else "no change"


def load(path: Path) -> list[Any]:
    """The raw entries, oldest first (none without the file); DamagedFileError if unreadable."""
    try:
        data = parse_json(read_regular_text(path, 1 << 30))  # a FIFO: refused, not waited on
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        raise DamagedFileError(f"Cannot read the benchmark history {path}: {error}.") from error
    if not isinstance((entries := data.get("entries") if isinstance(data, dict) else None), list):
        raise DamagedFileError(
            f"The benchmark history {path} is not in the expected format "
            "(an object with a list of entries): fix or remove it."
        )
    return entries


def _key(bench: DayBench, step: StepBench, root: Path | None, *, typed: bool = False) -> Key:
    """The step's key; an --input file by its resolved path (one history however typed),
    relative to the project `root` when inside it (matches in another checkout) or, `typed`,
    as typed (saved so before)."""
    result = bench.result
    label = result.label or ""
    if result.source == "file" and label and not typed:
        path = Path(label).resolve()
        label = str(path)
        if root is not None and path.is_relative_to(root.resolve()):
            label = path.relative_to(root.resolve()).as_posix()
    return (result.year, result.day, result.source or "", label, step.variant or "", step.step)


@dataclass(frozen=True)
class SavedEntry:
    """One save, read back, with the figures that could be read, each by its key."""

    date: str
    python: str
    machine: str
    commit: str | None
    figures: tuple[tuple[Key, Stats], ...]


class _Damaged(Exception):
    """What is wrong with a saved entry or figure, in a few words."""


def saved_entries(
    raw: list[Any], source: str = "The benchmark history"
) -> tuple[list[SavedEntry], list[str]]:
    """The entries and figures of `raw` that can be read, oldest first, and a sentence
    for each skipped, naming its place in `source` and why."""
    entries, damaged = [], []
    for number, entry in enumerate(raw, start=1):
        try:
            if not isinstance(entry, dict):
                raise _Damaged("it is not an object")
            date, python = (_text(entry, name) or "" for name in ("date", "python"))
            machine, figures = _text(entry, "machine"), entry.get("figures", [])
            commit = entry.get("commit") if isinstance(entry.get("commit"), str) else None
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
                damaged.append(
                    f"{source}: figure {place} of entry {number}"
                    f"{f' (saved {date})' if date else ''} is damaged ({why}), so it is skipped."
                )
        entries.append(SavedEntry(date, python, machine, commit, tuple(read)))
    return entries, damaged


def _text(data: dict[str, Any], name: str) -> str | None:
    if (value := data.get(name)) is not None and not isinstance(value, str):
        raise _Damaged(f"its {name} is not text")
    return value


def _whole(data: dict[str, Any], name: str) -> int:
    if isinstance(value := data.get(name), bool) or not isinstance(value, int) or value < 1:
        raise _Damaged(f"its {name} is not a whole number above 0")
    return value


def _number(data: dict[str, Any], name: str, *, required: bool = True) -> float | None:
    """Seconds: finite and not negative."""
    if name not in data and required:
        raise _Damaged(f"it has no {name}")
    if (value := data.get(name)) is None and not required:
        return None
    if (
        isinstance(value, bool)
        or not isinstance(value, int | float)
        or not 0 <= value <= sys.float_info.max  # a huge int: no float
    ):
        raise _Damaged(f"its {name} is not a number of seconds")
    return float(value)


_SECONDS = {"median": "median", "min": "minimum", "q1": "q1", "q3": "q3"}
_MAYBE = {"cpu_min": "cpu_minimum", "normalised": "normalised", "normalised_cpu": "normalised_cpu"}
"""A saved figure's seconds by name in the file, each the `Stats` field it is (these: or null)."""


def _saved_figure(figure: object) -> tuple[Key, Stats]:
    """A figure as `_figure` saves it, read back."""
    if not isinstance(figure, dict):
        raise _Damaged("it is not an object")
    year, day, runs = (_whole(figure, name) for name in ("year", "day", "runs"))
    source, label, step = (_text(figure, name) or "" for name in ("source", "label", "step"))
    variant = _text(figure, "variant")
    if not isinstance((waiting := figure.get("waiting", False)), bool):
        raise _Damaged("its waiting is not true or false")
    median, minimum, q1, q3 = (_number(figure, name) or 0.0 for name in _SECONDS)
    cpu_min, normalised, normalised_cpu = (_number(figure, name, required=False) for name in _MAYBE)
    stats = Stats(  # None: no CPU median is saved
        runs, median, minimum, q1, q3, cpu_min, None, normalised, normalised_cpu, waiting=waiting
    )
    return (year, day, source, label, variant or "", step), stats


def compare(
    report: BenchReport,
    raw: list[Any],
    on_machine: str,
    root: Path | None = None,
    source: str = "The benchmark history",
) -> BenchReport:
    """The report with each step's change against the latest in `raw`, a notice per damaged one."""
    entries, damaged = saved_entries(raw, source)
    here = [entry for entry in entries if entry.machine == on_machine]  # oldest first
    latest = {key: (stats, entry) for entry in here for key, stats in entry.figures}

    def changed(bench: DayBench, step: StepBench) -> StepBench:
        new, keys = step.stats, (_key(bench, step, root), _key(bench, step, root, typed=True))
        saved = next((latest[key] for key in keys if key in latest), None)
        if new is None or saved is None:
            return step
        old, entry = saved
        name = compared(new, old)
        old_figure = old.figure(name) or 0.0
        ratio = (new.figure(name) or 0.0) / old_figure if old_figure else math.inf
        if not math.isfinite(ratio):  # a saved figure of 0, or too small to compare with
            return step
        allowed = tolerance(new, old)
        change = Change(trend(new, old), ratio, name, allowed, old, entry.date, entry.python)
        return replace(step, change=change)

    results = [
        replace(bench, steps=tuple(changed(bench, step) for step in bench.steps))
        for bench in report.results
    ]
    return replace(report, results=results, notices=[*report.notices, *damaged])


def _figure(bench: DayBench, step: StepBench, stats: Stats, root: Path | None) -> dict[str, Any]:
    names = ("year", "day", "source", "label", "variant", "step")
    key = dict(zip(names, _key(bench, step, root), strict=True))
    return {
        **key,
        "variant": key["variant"] or None,
        "runs": stats.runs,
        **{name: getattr(stats, field) for name, field in (_SECONDS | _MAYBE).items()},
        "waiting": stats.waiting,
    }


def save_figures(
    path: Path, report: BenchReport, when: datetime, on_machine: str, root: Path | None = None
) -> int:
    """Append the report's figures under a lock (runs at once all keep theirs); steps saved."""
    steps = [(bench, step) for bench in report.results for step in bench.steps]
    figures = [_figure(bench, step, step.stats, root) for bench, step in steps if step.stats]
    entry = {
        "date": when.isoformat(timespec="seconds"),
        "python": python_version(),
        "machine": on_machine,
        "budget": report.budget,
        "commit": commit_of(root),  # outside the lock: it asks git
        "figures": figures,
    }
    with store.locked(path):  # WriteFailed, if it cannot be written
        text = json.dumps({"format": FORMAT, "entries": [*load(path), entry]}, indent=1) + "\n"
        write_atomically(path, text, what="the benchmark history")
    return len(figures)


GIT_SECONDS = 5.0


def commit_of(root: Path | None) -> str | None:
    """The full hash checked out at `root`, "+" when tracked .py files changed (code only:
    each save changes the history and README); None without git or a checkout, or if slow."""
    if root is None:
        return None

    def git(*arguments: str) -> str:
        return subprocess.run(
            ["git", "-C", str(root), *arguments],
            capture_output=True,
            text=True,
            timeout=GIT_SECONDS,
            check=True,
        ).stdout.strip()

    with suppress(OSError, subprocess.SubprocessError):
        head = git("rev-parse", "HEAD")
        changed = git("status", "--porcelain", "--untracked-files=no", "--", "*.py")
        return head + "+" * bool(changed) if head else None
    return None


@dataclass(frozen=True)
class Point:
    """One saved bench of a step: when, at which commit, its headline seconds."""

    date: str
    commit: str | None
    seconds: float


def day_series(
    entries: list[SavedEntry], on_machine: str, year: int, day: int
) -> dict[str, list[Point]]:
    """Each step's points in the order saved, by name ("part 1", or "part 1 (hands.txt)"
    when the day was saved on several inputs); main implementation only."""
    found: dict[tuple[str, str], list[Point]] = {}
    for entry in entries:
        if entry.machine != on_machine:
            continue
        for (figure_year, figure_day, source, label, variant, step), stats in entry.figures:
            if (figure_year, figure_day) != (year, day) or variant:
                continue
            found.setdefault((label or source, step), []).append(
                Point(entry.date, entry.commit, stats.headline_seconds)
            )
    inputs = {label for label, _ in found}
    return {
        (step if len(inputs) == 1 else f"{step} ({label})"): points
        for (label, step), points in found.items()
    }
