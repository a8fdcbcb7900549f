"""`aoc run --watch`: the time from a save of the day's file to its new row on stdout.

Each commit named is checked out into a worktree of its own (under a temporary folder,
set up with `uv sync`), where a throwaway day, 2041 day 9 with one example, is written;
`python -m aoc2023 run 2041 9 --watch` runs in each, into a pipe, with no token (so each
pass runs the example). Then, round after round and commit after commit in turn, the day
is saved with a new answer and the time until a row showing that answer is read: the
watch's own wait for the save to settle, the fresh process of the pass, and the run.

    uv run python benchmarks/watch_latency.py [--saves 15] COMMIT [COMMIT ...]

Goal (issue 45): the median at most 0.25 s, and no commit slower than the first by much.
"""

from __future__ import annotations

import argparse
import os
import queue
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import IO

ROOT = Path(__file__).resolve().parents[1]
YEAR = 2041  # a year no checkout ships: the day is the benchmark's own
DAY = """from aoc2023.framework import Example, Solution


class Day09(Solution[str]):
    examples = [Example("abc", part_1={answer})]

    def part_1(self, text: str) -> int:
        return {answer}
"""


class Watch:
    """One `--watch` process in one checkout, its output read on a thread."""

    def __init__(self, checkout: Path, home: Path) -> None:
        self.day = checkout / f"aoc{YEAR}" / "day09.py"
        self.day.parent.mkdir(exist_ok=True)
        (self.day.parent / "__init__.py").write_text("")
        self.day.write_text(DAY.format(answer=1))
        env = {
            **os.environ,
            "AOCD_DIR": str(home / "data"),
            "AOCD_CONFIG_DIR": str(home / "config"),
            "AOC_SESSION": "",
            "COLUMNS": "100",
            "NO_COLOR": "1",
        }
        env.pop("PYTHONDONTWRITEBYTECODE", None)  # bytecode written, as for most users
        env.pop("VIRTUAL_ENV", None)
        self.process = subprocess.Popen(
            [
                str(checkout / ".venv" / "bin" / "python"),
                "-m",
                "aoc2023",
                "run",
                str(YEAR),
                "9",
                "--watch",
            ],
            cwd=checkout,
            env=env,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.lines: queue.Queue[str] = queue.Queue()
        assert self.process.stdout is not None
        threading.Thread(target=self._read, args=(self.process.stdout,), daemon=True).start()
        self.answer = 1
        self.wait_for("✔ 1", timeout=120)

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)

    def wait_for(self, text: str, timeout: float = 60) -> float:
        """When a line holding `text` was read (time.perf_counter())."""
        deadline = time.perf_counter() + timeout
        while (left := deadline - time.perf_counter()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            if text in line:
                return time.perf_counter()
        raise SystemExit(f"{self.day}: {text!r} not printed within {timeout} s")

    def save(self) -> float:
        """Seconds from saving a new answer to the row that shows it."""
        self.answer += 1
        saved = time.perf_counter()
        self.day.write_text(DAY.format(answer=self.answer))
        return self.wait_for(f"✔ {self.answer}") - saved

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()


def checkout(commit: str, into: Path) -> Path:
    folder = into / commit
    subprocess.run(
        ["git", "-C", str(ROOT), "worktree", "add", "--detach", "-q", str(folder), commit],
        check=True,
    )
    subprocess.run(
        ["uv", "sync", "-q", "--extra", "watch"],
        cwd=folder,
        check=True,
        env={k: v for k, v in os.environ.items() if k != "VIRTUAL_ENV"},
    )
    return folder


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("commits", nargs="+")
    parser.add_argument("--saves", type=int, default=15)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as temporary:
        base = Path(temporary)
        folders = [checkout(commit, base) for commit in args.commits]
        watches: list[Watch] = []
        try:
            watches = [Watch(folder, base / f"home-{i}") for i, folder in enumerate(folders)]
            times: list[list[float]] = [[] for _ in watches]
            for _ in range(args.saves):
                for each, watch in zip(times, watches, strict=True):
                    each.append(watch.save())
                    time.sleep(0.3)  # the other watch's pass is over before the next save
        finally:
            for watch in watches:
                watch.stop()
            for folder in folders:
                subprocess.run(
                    ["git", "-C", str(ROOT), "worktree", "remove", "--force", str(folder)],
                    check=False,
                )
    first = statistics.median(times[0])
    for commit, each in zip(args.commits, times, strict=True):
        median = statistics.median(each)
        print(
            f"{commit:>12}  median {median:.3f} s  (min {min(each):.3f}, "
            f"max {max(each):.3f})  x{median / first:.2f} of {args.commits[0]}"
        )


if __name__ == "__main__":
    sys.exit(main())
