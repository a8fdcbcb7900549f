"""`--wait` on `aoc new` and `aoc run`: a countdown to the unlock, then the fetch at once,
never early; Ctrl-C during the countdown stops cleanly.

The site's clock and `aoc`'s are both moved (the only thing mocked: the tests cannot
wait for December 2075) so that 2075 day 1 unlocks a few seconds after the test starts.
"""

from __future__ import annotations

import signal
import subprocess
import time
from datetime import datetime
from pathlib import Path

import pytest
from conftest import TOKEN, AocdHome
from fake_aoc import FakeAoC
from project_copy import copy_project
from site_cli import aoc, popen

from aoc2023.framework.calendar import unlock_time
from aoc2023.framework.unlock import MARGIN_SECONDS

YEAR, DAY = 2075, 1
EXAMPLE = "1 2 3\n"
DAY_01 = '''
from aoc2023.framework import Example, Solution

class Day01(Solution[str]):
    examples = [Example("1 2 3\\n", part_1=6)]

    def part_1(self, text: str) -> int:
        return sum(map(int, text.split()))
'''


def unlocking_in(site: FakeAoC, seconds: float) -> float:
    """Put both clocks `seconds` before the unlock of 2075 day 1; the shift to pass to aoc."""
    unlock = unlock_time(YEAR, DAY).timestamp()
    shift = unlock - time.time() - seconds
    site.clock_offset = shift
    site.add_puzzle(YEAR, DAY, "Far Future", inputs={TOKEN: "4 5 6\n"}, example=EXAMPLE,
                    example_answers=("6", None), unlocks_at=unlock)
    return shift


def puzzle_requests(site: FakeAoC) -> list[float]:
    return [r.site_at for r in site.requests if r.path.startswith(f"/{YEAR}/day/{DAY}")]


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


@pytest.mark.slow(waits=True)
def test_new_waits_then_fetches_at_once_and_never_early(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, project: Path
) -> None:
    aocd_loaded.set_token()
    shift = unlocking_in(fake_aoc, 3)
    done = aoc(fake_aoc, aocd_loaded, "new", str(YEAR), str(DAY), "--wait", cwd=project,
               shift=shift)
    assert done.returncode == 0, done.stderr
    assert f"Waiting: {YEAR} day {DAY} unlocks in 0m " in done.stderr
    assert f"{YEAR} day {DAY} is unlocked." in done.stderr
    unlock = unlock_time(YEAR, DAY).timestamp()
    times = puzzle_requests(fake_aoc)
    assert times, "nothing was fetched"
    assert min(times) >= unlock + MARGIN_SECONDS - 0.5  # never early (clocks agree here)
    assert min(times) < unlock + MARGIN_SECONDS + 30  # and at once (a loaded machine is slow)
    source = (project / "aoc2075" / "day01.py").read_text()
    assert 'title = "Far Future"' in source and "part_1=6" in source
    assert (aocd_loaded.user_dir / "2075_01_input.txt").read_text() == "4 5 6\n"


def test_new_without_wait_refuses_a_locked_day(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, project: Path
) -> None:
    aocd_loaded.set_token()
    shift = unlocking_in(fake_aoc, 600)
    done = aoc(fake_aoc, aocd_loaded, "new", str(YEAR), str(DAY), cwd=project, shift=shift)
    assert done.returncode == 2
    assert "is not unlocked yet" in done.stderr and ", in 9m " in done.stderr
    assert fake_aoc.requests == []


def test_ctrl_c_during_the_countdown_stops_cleanly(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, project: Path
) -> None:
    aocd_loaded.set_token()
    shift = unlocking_in(fake_aoc, 120)
    process = popen(fake_aoc, aocd_loaded, "new", str(YEAR), str(DAY), "--wait",
                    cwd=project, shift=shift)
    deadline = time.monotonic() + 60
    assert process.stderr is not None
    first = process.stderr.readline()  # the countdown has started
    assert "Waiting:" in first and time.monotonic() < deadline
    process.send_signal(signal.SIGINT)
    _, rest = process.communicate(timeout=60)
    assert process.returncode == 130
    assert f"Stopped waiting for {YEAR} day {DAY}: nothing was fetched." in rest
    assert "Traceback" not in rest
    assert fake_aoc.requests == []
    assert not (project / "aoc2075" / "day01.py").exists()


@pytest.mark.slow(waits=True)
def test_run_waits_for_the_unlock_then_runs_on_the_input(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, project: Path
) -> None:
    aocd_loaded.set_token()
    (project / "aoc2075").mkdir()
    (project / "aoc2075" / "__init__.py").write_text("")
    (project / "aoc2075" / "day01.py").write_text(DAY_01)
    shift = unlocking_in(fake_aoc, 3)
    started = datetime.now()
    done = aoc(fake_aoc, aocd_loaded, "run", str(YEAR), str(DAY), "--wait", "--no-submit",
               "--json", cwd=project, shift=shift)
    assert done.returncode == 0, done.stderr
    assert (datetime.now() - started).total_seconds() >= 3
    assert '"answer": "15"' in done.stdout
    unlock = unlock_time(YEAR, DAY).timestamp()
    assert min(puzzle_requests(fake_aoc)) >= unlock + MARGIN_SECONDS - 0.5


def test_the_wait_ends_the_margin_past_the_unlock_and_not_before(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """With a clock that moves only when slept on: the wait ends at the unlock plus the
    margin, never before, ticking whole seconds; a puzzle already open is not waited on."""
    from datetime import timedelta

    from aoc2023.framework import calendar, unlock

    now = [unlock_time(YEAR, DAY) - timedelta(seconds=3.5)]
    monkeypatch.setattr(calendar, "current_time", lambda: now[0])
    monkeypatch.setattr(unlock.time, "sleep",  # type: ignore[attr-defined]
                        lambda seconds: now.__setitem__(0, now[0] + timedelta(seconds=seconds)))
    ticks: list[float] = []
    assert unlock.wait_for_unlock(YEAR, DAY, lambda left: ticks.append(left.total_seconds()))
    assert now[0] == unlock_time(YEAR, DAY) + timedelta(seconds=MARGIN_SECONDS)
    assert ticks == [5.5, 5.0, 4.0, 3.0, 2.0, 1.0]
    assert not unlock.wait_for_unlock(YEAR, DAY, lambda left: ticks.append(0))
    assert len(ticks) == 6


@pytest.mark.slow(waits=True)
def test_the_countdown_on_a_narrow_terminal_stays_on_one_line(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, project: Path
) -> None:
    """On a real pseudo-terminal of 60 columns, each tick rewrites one line that fits: a
    line wider than the terminal wraps, and `\\r` then rewrites only its last part, so the
    screen would fill with countdowns (issue 12: output fits the terminal)."""
    import os
    import pty
    import re
    import select
    import sys

    from site_cli import CLI, _env

    aocd_loaded.set_token()
    year = 2080
    (project / f"aoc{year}").mkdir()
    (project / f"aoc{year}" / "__init__.py").write_text("")
    (project / f"aoc{year}" / "day01.py").write_text(DAY_01)
    shift = unlock_time(year, 1).timestamp() - time.time() - 600
    controller, terminal = pty.openpty()
    env = _env(aocd_loaded, project, None) | {"COLUMNS": "60"}
    process = subprocess.Popen(
        [sys.executable, "-c", CLI, fake_aoc.url, repr(shift), "run", str(year), "1",
         "--wait"], cwd=project, env=env, stdin=terminal, stdout=terminal, stderr=terminal)
    os.close(terminal)
    screen = ""
    deadline = time.monotonic() + 60
    while screen.count("unlocks in") < 3 and time.monotonic() < deadline:
        if select.select([controller], [], [], 0.1)[0]:
            screen += os.read(controller, 4096).decode(errors="replace")
    process.send_signal(signal.SIGINT)
    try:
        while select.select([controller], [], [], 5)[0]:
            chunk = os.read(controller, 4096)
            if not chunk:
                break
            screen += chunk.decode(errors="replace")
    except OSError:
        pass
    os.close(controller)
    assert process.wait(timeout=60) == 130
    assert screen.count("unlocks in") >= 3, screen
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", screen)
    assert all(len(piece) < 60 for piece in re.split(r"[\r\n]", plain)), plain
    assert "Stopped waiting for 2080 day 1: nothing was fetched." in plain


@pytest.mark.slow(waits=True)
def test_the_wait_between_answers_fits_a_narrow_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The countdown `aoc run --wait` shows when the site asks to wait before the next
    answer: each tick rewrites one line that fits the terminal, then clears it."""
    from datetime import UTC, timedelta

    from aoc2023.framework.cli.run import TerminalPrompter

    monkeypatch.setenv("COLUMNS", "30")
    TerminalPrompter().wait_until(datetime.now(UTC) + timedelta(seconds=1.2))
    err = capsys.readouterr().err
    ticks = err.split("\r\x1b[2K")
    assert len(ticks) >= 3 and ticks[-1] == "", repr(err)  # ticks, then cleared
    assert all(len(tick) < 30 for tick in ticks), repr(err)
    assert ticks[1].startswith("The site asked to wait")
