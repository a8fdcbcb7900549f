"""`aoc run YEAR DAY --watch`, for real: a subprocess on a copy of the project, files saved
while it runs, and Ctrl-C (SIGINT) to end it. Each pass runs in a fresh process, so these
tests also check what only a fresh process gets right: a saved helper module is read again.
The last tests check, in this process, the command and the filter the watch is built from."""

from __future__ import annotations

import os
import queue
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO

import pytest
import site_cli
from conftest import AocdHome, temporary_year
from project_copy import copy_project, isolated
from watchfiles import Change

from aoc2023.framework import watch
from aoc2023.framework.errors import UsageError
from aoc2023.framework.watch import (
    SaveFilter,
    WatchRequest,
    child_command,
    project_folder,
    watch_days,
)

DAY = """
from aoc2023.framework import Example, Solution

class Day09(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return {answer}
"""

DAY_WITH_HELPER = """
from aoc2023.framework import Example, Solution
from aoc2023.grid_helper import width

class Day09(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return width(text)
"""

HELPER = """
def width(text: str) -> int:
    return {answer}
"""

SLOW_DAY = """
import time

from aoc2023.framework import Example, Solution

class Day09(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        time.sleep(30)
        return len(text)
"""


class Output:
    """The lines a process prints, read on a thread so that waiting can time out."""

    def __init__(self, process: subprocess.Popen[str]) -> None:
        self.lines: queue.Queue[str] = queue.Queue()
        self.seen: list[str] = []
        assert process.stdout is not None
        threading.Thread(target=self._read, args=(process.stdout,), daemon=True).start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self.lines.put(line)

    def wait_for(self, text: str, timeout: float = 60.0) -> str:
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


@contextmanager
def watching(project: Path, aocd_home: AocdHome, *options: str) -> Iterator[Output]:
    """`aoc run 2023 9 --watch` in `project`, stdout and stderr in one stream; Ctrl-C (SIGINT)
    at the end of the block must stop it with exit 0, "Stopped watching." and no traceback."""
    env = isolated(aocd_home.env())
    # Bytecode written, as for most users, so that a stale __pycache__ would show.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    process = subprocess.Popen(
        [sys.executable, "-m", "aoc2023", "run", "2023", "9", "--watch", *options],
        cwd=project,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    try:
        output = Output(process)
        yield output
        process.send_signal(signal.SIGINT)
        assert process.wait(timeout=60) == 0
        output.wait_for("Stopped watching.")
        assert not any("Traceback" in line for line in output.seen), "".join(output.seen)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()


def test_watch_runs_again_on_each_save_and_ctrl_c_ends_it(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """Each save runs the day again as saved: the day itself (a save mid-edit: reported,
    and the watch goes on; then the day as saved, not as it last ran), and a module the
    day imports, the day unchanged (re-importing the day in one long-lived process kept
    the helper's old code), even saved as the bytecode cached for it would pass for
    current. And the options that shape a run are passed on to each pass: a watch of a
    slow day under --timeout, started first so that its wait overlaps this one, shows the
    part stopped."""
    slow = copy_project(tmp_path / "slow")
    (slow / "aoc2023" / "day09.py").write_text(SLOW_DAY)
    project = copy_project(tmp_path / "project")
    day = project / "aoc2023" / "day09.py"
    day.write_text(DAY.format(answer="len(text)"))
    helper = project / "aoc2023" / "grid_helper.py"
    helper.write_text(HELPER.format(answer="len(text) + 9"))
    with (
        watching(slow, aocd_home, "--timeout", "0.2") as timed,
        watching(project, aocd_home) as output,
    ):
        output.wait_for("Watching .py files under ./")  # said before the first run starts
        output.wait_for("✔ 3")  # the first run: examples, though no --example was given

        day.write_text("def broken(:\n")  # a save mid-edit: reported, and the watch goes on
        output.wait_for("day09.py saved: running again")
        output.wait_for("Could not import aoc2023.day09")
        day.write_text(DAY_WITH_HELPER)
        output.wait_for("✘ 12 (expected 3)")  # the day as saved, imported afresh

        # The helper saved, the day unchanged: at the same size and within the same second
        # (the mtime put back to make it certain), so that it matches the bytecode the last
        # run cached: that must not be what runs.
        seen = helper.stat()
        helper.write_text(HELPER.format(answer="len(text) * 3"))
        os.utime(helper, ns=(seen.st_atime_ns, seen.st_mtime_ns))
        output.wait_for("grid_helper.py saved: running again")
        output.wait_for("✘ 9 (expected 3)")
        timed.wait_for("⧖")


def test_the_child_command_asks_for_what_the_user_asked_and_never_submits() -> None:
    example = child_command(
        watch.WatchRequest(
            (2023,), "1-3", as_json=True, verbose=True, timeout=2.5, profile=True, memory=True
        )
    )
    assert shlex.split(example) == [
        sys.executable,
        "-m",
        "aoc2023",
        "run",
        "2023",
        "1-3",
        "--example",
        "--json",
        "--verbose",
        "--timeout",
        "2.5",
        "--profile",
        "--memory",
    ]
    odd = Path("my inputs/it's day 9.txt")
    on_file = child_command(watch.WatchRequest((2023,), None, input_file=odd))
    assert shlex.split(on_file) == [
        sys.executable,
        "-m",
        "aoc2023",
        "run",
        "2023",
        "--input",
        str(odd),
    ]


def test_the_filter_admits_python_saves_and_the_input_file_only(tmp_path: Path) -> None:
    project = tmp_path / "project"
    inputs = tmp_path / "inputs"
    admits = SaveFilter(code_folders=[project], input_file=inputs / "day09.txt")
    assert admits(Change.modified, str(project / "aoc2023" / "day09.py"))
    assert admits(Change.added, str(project / "lib" / "grid.py"))
    assert admits(Change.modified, str(inputs / "day09.txt"))
    assert not admits(Change.modified, str(project / "README.md"))
    assert not admits(Change.modified, str(project / ".venv" / "lib" / "site.py"))
    assert not admits(Change.modified, str(project / "aoc2023" / "__pycache__" / "x.py"))
    assert not admits(Change.modified, str(inputs / "day10.txt"))
    assert not admits(Change.modified, str(inputs / "notes.py"))  # not code of the project


def test_a_package_installed_in_a_venv_still_counts_its_saves(tmp_path: Path) -> None:
    """watchfiles ignores .venv anywhere in a path: only the part below the watched folder
    may decide."""
    package = tmp_path / ".venv" / "lib" / "python3.11" / "site-packages" / "aoc2023"
    admits = SaveFilter(code_folders=[package])
    assert admits(Change.modified, str(package / "day09.py"))
    assert not admits(Change.modified, str(package / "__pycache__" / "day09.py"))


@pytest.mark.parametrize("site", ["site-packages", "dist-packages"])
def test_an_installed_year_package_is_watched_alone(tmp_path: Path, site: str) -> None:
    (tmp_path / "pyproject.toml").write_text("")
    package = tmp_path / "lib" / site / "aoc2023"
    package.mkdir(parents=True)
    assert project_folder(package) == package


def test_a_checkout_is_watched_from_its_pyproject(tmp_path: Path) -> None:
    (tmp_path / "checkout" / "pyproject.toml").parent.mkdir()
    (tmp_path / "checkout" / "pyproject.toml").write_text("")
    assert project_folder(tmp_path / "checkout" / "src" / "aoc2023") == tmp_path / "checkout"
    loose = tmp_path / "loose" / "aoc2023"  # no pyproject.toml above it
    assert project_folder(loose) == loose


def test_without_watchfiles_the_watch_says_how_to_install_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setitem(sys.modules, "watchfiles", None)  # what an import finds missing
    with pytest.raises(UsageError, match=r"pip install 'aoc2023\[watch\]'"):
        watch_days(watch.WatchRequest((2023,), "7"), say=lambda line: None)


def test_a_watch_passes_variants_on() -> None:
    command = child_command(WatchRequest((2077,), "1", variants=True))
    assert command.endswith(" --variants")


STOPPED_DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3, part_2=3)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        raise KeyboardInterrupt  # as watchfiles' SIGINT does, when a save comes
"""


@pytest.mark.parametrize("mode", [(), ("--profile",), ("terminal",)])
def test_a_pass_a_save_stops_shows_no_more_and_the_watch_says_why(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, mode: tuple[str, ...]
) -> None:
    """watchfiles stops a pass with SIGINT when a save comes, and sets WATCHFILES_CHANGES in
    every pass's environment. The pass said "Interrupted (Ctrl-C)", then a second table,
    under the watch's "saved: running again", though no one pressed Ctrl-C. It ends with
    no more output now (130, which the watch passes over): a terminal keeps the rows drawn
    as they ran. Outside a watch, the sentence stays."""
    args = ["run", "9031", "1", "--example", *[m for m in mode if m != "terminal"]]
    typed = "" if mode == ("terminal",) else None
    with temporary_year(tmp_path, 9031, {"day01.py": STOPPED_DAY}):
        alone = site_cli.aoc_in_process(*args, typed=typed)
        monkeypatch.setenv("WATCHFILES_CHANGES", "[]")
        stopped = site_cli.aoc_in_process(*args, typed=typed)
    assert alone.returncode == stopped.returncode == 130
    assert "Interrupted (Ctrl-C) during 9031 day 1" in alone.stdout + alone.stderr
    assert stopped.stderr == "" and ("⏹ interrupted" in stopped.stdout) == (typed is not None)
    assert typed is not None or stopped.stdout == "", stopped
