"""`aoc bench` stopped: by Ctrl-C and SIGTERM, and its progress line on a terminal.

Each test runs `aoc bench` on a throwaway year of its own, so none of them depends on
the days this project has, and `test_days_added` does not run them again. What needs
no process is checked in this one: no progress line on a stream that is not a terminal,
and the stops, where the stuck day stops `aoc` as the signal would (test_interrupt.py's
helpers). The line on a terminal is drawn by a process whose stderr is one.

The process keeps the real clocks: no test asserts a time. A budget of 1 s, far more
than a busy machine takes to check a fast day's answers, leaves time for the progress
line to show the runs kept so far. The Ctrl-C tests' budget of 0.3 s is one that the
stuck day's checking run must fit in under --timeout (a child's, on the real clock):
after a checking run that outlasts the budget (and its grace) no timing run starts, and
the day never gets stuck. Waits for a process are a generous 60 s.
"""

from __future__ import annotations

import fcntl
import os
import pty
import signal
import struct
import subprocess
import sys
import termios
from pathlib import Path

import pytest
from conftest import AocdHome, temporary_year
from fake_clock import cap_runs
from site_cli import aoc_in_process
from test_interrupt import CTRL_C, CTRL_C_TO_AOC, SIGTERM_HERE, ctrl_c_here, sigterm_for_aoc

import aoc2023
from aoc2023.framework.bench.figures import MIN_RUNS

SOURCE = str(Path(aoc2023.__file__).resolve().parents[1])
"""Where this aoc2023 is, for a process started in another folder."""


FAST_DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Done in time"
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
"""


def stderr_on_a_terminal(command: list[str], env: dict[str, str], cwd: Path | None = None,
                         columns: int | None = None,
                         ) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run `command` to its end with stderr on a pseudo-terminal (`columns` wide, when
    given) and stdout on a pipe: the process, and everything the terminal was shown."""
    controller, terminal = pty.openpty()
    if columns is not None:
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    try:
        done = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=terminal,
                              text=True, timeout=60, cwd=cwd)
        os.close(terminal)
        shown = b""
        while True:
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(controller)
    return done, shown.decode()


def test_no_progress_line_on_a_stream_that_is_no_terminal(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pipe, a file: in this process, a stream in memory, told apart from a terminal by
    the same test (isatty), with the fewest runs. The line on a terminal:
    test_the_progress_line_on_a_terminal_shows_the_runs_and_is_cleared_whole."""
    (tmp_path / "in.txt").write_text("abc\n")
    cap_runs(monkeypatch, max_runs=2 * MIN_RUNS)
    with temporary_year(tmp_path / "site", 2072, {"day01.py": FAST_DAY}):
        piped = aoc_in_process("bench", "2072", "1", "--input", str(tmp_path / "in.txt"))
    assert piped.returncode == 0, piped.stderr
    assert "runs so far" not in piped.stderr and "checking the answers" not in piped.stderr
    assert "Done in time" in piped.stdout and "part 1" in piped.stdout  # the table, piped


STUCK_WHEN_TIMED = """
import os
import signal
import time
from pathlib import Path
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Stuck"
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        # The checking run leaves a file: under --timeout the runs are in processes of
        # their own, and a busy machine may give the first of them the whole budget.
        checked = Path({checked!r})
        if {when}:
            {stop}
        checked.write_text("")
        return len(text)
"""
"""Day 5, stopped by `stop` in the checking run (`when` True) or, once it is checked, in
the timing (`when` checked.exists())."""


@pytest.mark.parametrize(("timeout", "stuck_in", "signum"), [
    ([], "the timing", signal.SIGINT), (["--timeout", "30"], "the timing", signal.SIGINT),
    ([], "the checking run", signal.SIGTERM)])
def test_ctrl_c_shows_the_days_done_saves_nothing_and_exits_130(
    aocd_home: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, timeout: list[str],
    stuck_in: str, signum: int
) -> None:
    """`aoc bench` in this process, stopped as the signal stops it where the stuck day
    runs (test_interrupt.py's helpers). Without --timeout the runs are `aoc`'s own, in
    its main thread: Ctrl-C there is Python's KeyboardInterrupt, which the day raises
    (CTRL_C). Under --timeout the timing runs in a child, which sends SIGINT to `aoc`
    waiting on it (CTRL_C_TO_AOC). And SIGTERM the same, but for its name and its exit
    code (128 + 15): the day sends it to this process (SIGTERM_HERE), where `aoc`'s handler
    raises errors.Terminated, a KeyboardInterrupt that every stage stops on as on Ctrl-C,
    so one case of it (in the checking run) stands for it in either stage. The fewest
    runs (`cap_runs`)."""
    project = tmp_path / "project"
    (project / "sub").mkdir(parents=True)  # where aoc runs: --save finds the project above
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    cap_runs(monkeypatch, max_runs=2 * MIN_RUNS)
    stop, when = ((SIGTERM_HERE, "True") if stuck_in == "the checking run"
                  else (CTRL_C_TO_AOC if timeout else CTRL_C, "checked.exists()"))
    stuck = STUCK_WHEN_TIMED.format(checked=str(tmp_path / "checked"), when=when, stop=stop)
    days_asked = "5" if stuck_in == "the checking run" else "4-5"  # nothing done yet
    with (temporary_year(tmp_path / "site", 2086, {"day04.py": FAST_DAY, "day05.py": stuck}),
          sigterm_for_aoc()):
        done = ctrl_c_here("bench", "2086", days_asked, "--example", "--budget", "0.3",
                           "--save", *timeout, cwd=project / "sub",
                           env=os.environ | {"COLUMNS": "120"})  # wide enough for the table
    assert done.returncode == 128 + signum, done.stderr
    assert "Traceback" not in done.stderr
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    assert f"Interrupted ({name}) during 2086 day 5" in done.stderr
    if days_asked == "4-5":
        assert "2086/04" in done.stdout and "Done in time" in done.stdout  # benched before
    assert "2086/05" not in done.stdout  # its figures are partial: not shown
    assert not (project / "benchmarks").exists()  # nor saved


def test_the_progress_line_on_a_terminal_shows_the_runs_and_is_cleared_whole(
    aocd_home: AocdHome, tmp_path: Path
) -> None:
    """In a process whose stderr is a terminal: the input and step, then the runs so far.
    Under --timeout, as here, this process draws the checking line and a forked child the
    runs; the parent, which clears the line, never saw how long the child drew it."""
    (tmp_path / "in.txt").write_text("abc\n")
    with temporary_year(tmp_path / "site", 2086, {"day06.py": FAST_DAY}):
        env = {k: v for k, v in aocd_home.env().items() if k not in ("COLUMNS", "LINES")}
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), SOURCE, env["PYTHONPATH"]])
        command = [sys.executable, "-m", "aoc2023", "bench", "2086", "6", "--input",
                   "in.txt", "--budget", "1", "--timeout", "30"]
        done, shown = stderr_on_a_terminal(command, env, cwd=tmp_path, columns=100)
    assert done.returncode == 0
    assert "2086 day 6 (in.txt): checking the answers" in shown
    assert "(in.txt): part 1, " in shown and "runs so far" in shown
    drawn = shown.split("\r")
    longest = max(len(text) for text in drawn if "runs so far" in text)
    assert longest > len("2086 day 6 (in.txt): checking the answers")  # the child's, longer
    cleared = [text for text in drawn if text and not text.strip(" ")]
    assert cleared and len(cleared[-1]) >= longest, drawn
