"""Whole `aoc bench 2023 7 --json` processes run back to back, each a fresh process as a
user starts it, on a generated input (never kept) or on the day's examples, beside a
bursty load or not: what bench_repeatability.py and normalised_spread.py compare."""

from __future__ import annotations

import json
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager, nullcontext
from pathlib import Path
from typing import Any

from busy_machine import Load
from cli_latency import generated_input


@contextmanager
def day_7_input(example: bool, hands: int) -> Iterator[Path | None]:
    """A file of `hands` generated hands, removed afterwards; None for the examples."""
    if example:
        yield None
        return
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        path.write_text(generated_input(hands))
        yield path


def bench_day_7(python: str, path: Path | None, budget: float) -> dict[str, Any]:
    """One `aoc bench` process's day, from its JSON (on the examples when `path` is None).
    From a folder of no project: `python -m` puts the working folder first on the path,
    and a project's own aoc2023 would then shadow the one `python` has installed."""
    on = ["--example"] if path is None else ["--input", str(path)]
    done = subprocess.run(
        [python, "-m", "aoc2023", "bench", "2023", "7", *on, "--budget", str(budget), "--json"],
        capture_output=True,
        text=True,
        cwd=tempfile.gettempdir(),
    )
    if done.returncode != 0:
        raise SystemExit(f"aoc bench failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    [day] = json.loads(done.stdout)["results"]
    return dict(day)


def back_to_back(
    python: str, path: Path | None, budget: float, runs: int, load: Load | None
) -> list[dict[str, Any]]:
    """`runs` days from `aoc bench` processes in a row, all beside `load` (None: none)."""
    with load or nullcontext():
        return [bench_day_7(python, path, budget) for _ in range(runs)]
