"""How long a solver waits for one day's tests: `uv run pytest aocYYYY/dayNN.py`.

In each checkout given (default: this one), `uv run aoc new YEAR DAY` writes a day, as
on a December morning; then `uv run pytest -q aocYYYY/dayNN.py` (the pytest plugin's
tests; `tests/test_dayNN.py` in a checkout whose `aoc new` still writes one) is
timed, whole (uv, Python, pytest, the day), in every checkout in turn, round after
round, so that the machine's swings fall on all alike. The files written are removed
at the end, whatever happens. The day must be free in every checkout.

    uv run python benchmarks/day_test_latency.py [--runs 10] [--year 2023 --day 9]
        [CHECKOUT ...]

Give another checkout (say, a worktree of main before a change, with its own `uv sync`)
to compare: the summary gives each one's median and its ratio to the first.
Goal (issue 23): under 1.5 s once the environment exists.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import time
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def written_files(checkout: Path, year: int, day: int) -> list[Path]:
    """The day's module, and the test file an older `aoc new` writes beside it."""
    package, test = f"aoc{year}", f"test_day{day:02d}.py"
    if year != 2023:
        test = f"test_{year}_day{day:02d}.py"
    return [checkout / package / f"day{day:02d}.py", checkout / "tests" / test]


def day_tests(checkout: Path, files: list[Path]) -> str:
    """What to give pytest for the day: its test file where one was written, else the day."""
    return str(next(path for path in reversed(files) if path.exists()).relative_to(checkout))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("checkouts", nargs="*", type=Path, default=[PROJECT])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument("--year", type=int, default=2023)
    parser.add_argument("--day", type=int, default=9)
    args = parser.parse_args()
    checkouts = [path.resolve() for path in args.checkouts]
    files = {checkout: written_files(checkout, args.year, args.day) for checkout in checkouts}
    taken = [str(path) for paths in files.values() for path in paths if path.exists()]
    if taken:
        parser.error(f"the day is not free: {', '.join(taken)}")
    times: dict[Path, list[float]] = {checkout: [] for checkout in checkouts}
    try:
        for checkout in checkouts:
            subprocess.run(
                ["uv", "run", "aoc", "new", str(args.year), str(args.day)],
                cwd=checkout,
                check=True,
                capture_output=True,
            )
            test = day_tests(checkout, files[checkout])
            # Once untimed: the first run after a change compiles what changed.
            subprocess.run(
                ["uv", "run", "pytest", "-q", str(test)],
                cwd=checkout,
                check=True,
                capture_output=True,
            )
        for _ in range(args.runs):
            for checkout in checkouts:
                test = day_tests(checkout, files[checkout])
                started = time.monotonic()
                done = subprocess.run(
                    ["uv", "run", "pytest", "-q", str(test)],
                    cwd=checkout,
                    capture_output=True,
                    text=True,
                )
                times[checkout].append(time.monotonic() - started)
                if done.returncode != 0:
                    raise SystemExit(f"{checkout}: the tests failed:\n{done.stdout[-2000:]}")
    finally:
        for paths in files.values():
            for path in paths:
                path.unlink(missing_ok=True)
    first = statistics.median(times[checkouts[0]])
    print(
        f"`uv run pytest -q` on {args.year} day {args.day}'s tests, {args.runs} runs each, in turn:"
    )
    for checkout in checkouts:
        median = statistics.median(times[checkout])
        print(
            f"  {checkout}: median {median:.2f} s, min {min(times[checkout]):.2f} s, "
            f"max {max(times[checkout]):.2f} s (x{median / first:.2f})"
        )


if __name__ == "__main__":
    main()
