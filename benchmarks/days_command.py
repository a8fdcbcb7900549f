"""How long `uv run pytest --days` takes with 3 years of days, beside `-m example` and
`pytest aoc2023`.

A clone of the checkout (its own `uv sync`) gets two more years of synthetic days beside
2023's day 7 (synthetic_years.py's days, as `aoc new` writes them: `--days-per-year` each
of 2025 and 2026); then, round after round, so that the machine's swings fall on all
alike, each command is timed whole (uv, Python, pytest, the days):

- `uv run pytest -q --days`: every year's days, nothing of tests/;
- `uv run pytest -q -m example`: every year's examples, after collecting tests/ too;
- `uv run pytest -q aoc2023`: 2023's days alone.

    uv run python benchmarks/days_command.py [--runs 7] [--days-per-year 6] [CHECKOUT]

The clone is removed at the end. The summary gives each command's median and its ratio
to `--days`'s.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from synthetic_years import synthetic_day

from aoc2023.framework.commands import new as scaffold

PROJECT = Path(__file__).resolve().parents[1]
YEARS = (2025, 2026)
COMMANDS = {
    "--days": ["uv", "run", "pytest", "-q", "-p", "no:cacheprovider", "--days"],
    "-m example": ["uv", "run", "pytest", "-q", "-p", "no:cacheprovider", "-m", "example"],
    "aoc2023": ["uv", "run", "pytest", "-q", "-p", "no:cacheprovider", "aoc2023"],
}


def add_years(project: Path, days: int) -> None:
    for year in YEARS:
        folder = project / f"aoc{year}"
        folder.mkdir()
        (folder / "__init__.py").write_text(f'"""Advent of Code {year}."""\n')
        for day in range(1, days + 1):
            target = scaffold.Target(year, day, folder.name, folder / f"day{day:02d}.py")
            target.day_path.write_text(synthetic_day(target), encoding="utf-8")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkout", nargs="?", type=Path, default=PROJECT)
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--days-per-year", type=int, default=6)
    args = parser.parse_args()
    times: dict[str, list[float]] = {name: [] for name in COMMANDS}
    with tempfile.TemporaryDirectory() as folder:
        clone = Path(folder, "project")
        subprocess.run(["git", "clone", "-q", str(args.checkout), str(clone)], check=True)
        subprocess.run(["uv", "sync", "-q"], cwd=clone, check=True)
        add_years(clone, args.days_per_year)
        outputs = {}
        for name, command in COMMANDS.items():  # once untimed: compiles the bytecode
            done = subprocess.run(command, cwd=clone, capture_output=True, text=True)
            outputs[name] = done.stdout.strip().splitlines()[-1]
        for _ in range(args.runs):
            for name, command in COMMANDS.items():
                started = time.monotonic()
                subprocess.run(command, cwd=clone, capture_output=True)
                times[name].append(time.monotonic() - started)
    first = statistics.median(times["--days"])
    print(
        f"3 years (2023's day 7, {args.days_per_year} synthetic days of each of "
        f"{', '.join(map(str, YEARS))}), {args.runs} runs each, in turn:"
    )
    for name, command in COMMANDS.items():
        median = statistics.median(times[name])
        print(
            f"  pytest {' '.join(command[6:])}: median {median:.2f} s, "
            f"min {min(times[name]):.2f} s (x{median / first:.2f}): {outputs[name]}"
        )


if __name__ == "__main__":
    main()
