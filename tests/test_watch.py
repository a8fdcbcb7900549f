"""`aoc run YEAR DAY --watch`, for real: a subprocess on a copy of the project, a day file
saved while it runs, and Ctrl-C (SIGINT) to end it."""

from __future__ import annotations

import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

from conftest import AocdHome
from project_copy import copy_project, isolated

DAY = """
from aoc2023.framework import Example, Solution

class Day09(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return {answer}
"""


class Output:
    """The lines a process prints, read on a thread so that waiting can time out."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        assert process.stdout is not None
        stream = process.stdout
        threading.Thread(target=lambda: [self.lines.put(line) for line in stream],
                         daemon=True).start()

    def wait_for(self, text: str, timeout: float = 30.0) -> str:
        deadline = time.monotonic() + timeout
        while (left := deadline - time.monotonic()) > 0:
            try:
                line = self.lines.get(timeout=left)
            except queue.Empty:
                break
            self.seen.append(line)
            if text in line:
                return line
        raise AssertionError(f"{text!r} not printed within {timeout} s:\n{''.join(self.seen)}")


def test_watch_runs_again_on_each_save_and_ctrl_c_ends_it(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    project = copy_project(tmp_path / "project")
    day = project / "aoc2023" / "day09.py"
    day.write_text(DAY.format(answer="len(text)"))
    process = subprocess.Popen(
        [sys.executable, "-m", "aoc2023", "run", "2023", "9", "--watch"],
        cwd=project, env=isolated(aocd_home.env()), stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, text=True,
    )
    try:
        output = Output(process)
        output.wait_for("✔ 3")  # the first run: examples, though no --example was given
        output.wait_for("Watching day09.py")

        day.write_text(DAY.format(answer="len(text) + 1"))
        output.wait_for("day09.py saved: running again")
        output.wait_for("✘ 4 (expected 3)")  # the module was imported afresh

        day.write_text("def broken(:\n")  # a save mid-edit: reported, and the watch goes on
        output.wait_for("Could not import aoc2023.day09")
        day.write_text(DAY.format(answer="len(text)"))
        output.wait_for("✔ 3")

        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=30) == 0
        output.wait_for("Stopped watching.")
        assert not any("Traceback" in line for line in output.seen)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
