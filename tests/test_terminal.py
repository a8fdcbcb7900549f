"""What a command asks of the terminal (commands/terminal.py): `--wait` on `aoc new` and
`aoc run`, a countdown to the unlock, then the fetch at once, never early; Ctrl-C during
the countdown stops cleanly. And the countdown of the site's wait between answers.

The waits are handed a clock that moves only when slept on (`FakeClock`), so that each
test sees every tick and every sleep, and what was fetched meanwhile, in no time; Ctrl-C
during a sleep is the KeyboardInterrupt Python raises out of it. `aoc new --wait` also
waits out the end of its margin on the real clock. There `aoc`'s clock is moved (the
only thing mocked: the tests cannot wait for December 2075), and the site's times are
read on it.

And the send question (`ask_yes_no`): the answers it takes, and Ctrl-C that comes just
before its wait begins still ends it at once. Python acts on a signal only between its
own steps. One that comes after the last check and before a blocking read or poll starts
is noted, and then left until that call returns: at a send question, until Enter; under
--timeout, until the child next reports (test_timeouts.py). Both were seen in the suite,
which presses Ctrl-C the instant the question shows or the part starts, about once in
twenty runs on a busy machine. `ctrl_c_missed_by_the_main_thread` makes that moment
certain: the signal goes to a helper thread, so Python notes it while the main thread's
read or poll carries on uninterrupted, exactly as when it came a moment too early. The
tests assert what ended the wait (not how long it took): the Ctrl-C, and not the answer
typed or the child's end that comes a minute later.

And the line that says a run waits for another run's verdict on the answer it sends.
"""

from __future__ import annotations

import io
import json
import math
import os
import pty
import re
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, redirect_stderr
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path

import pytest
import site_cli
import typer
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from fake_clock import FakeClock
from site_cli import aoc_in_process
from test_interrupt import ctrl_c_here

from aoc2023.framework import calendar
from aoc2023.framework.aocd.sent import SITE_WAIT
from aoc2023.framework.calendar import MARGIN_SECONDS, unlock_time, wait_for_unlock
from aoc2023.framework.commands import terminal
from aoc2023.framework.commands import terminal as cli_unlock
from aoc2023.framework.commands.terminal import TerminalPrompter, ask_yes_no

YEAR, DAY = 2075, 1
EXAMPLE = "1 2 3\n"
DAY_01 = """
from aoc2023.framework import Example, Solution

class Day01(Solution[str]):
    examples = [Example("1 2 3\\n", part_1=6)]

    def part_1(self, text: str) -> int:
        return sum(map(int, text.split()))
"""


def unlocking_in(site: FakeAoC, seconds: float) -> float:
    """Put 2075 day 1 on the site; the shift to pass to aoc to put its clock `seconds`
    before the unlock."""
    shift = unlock_time(YEAR, DAY).timestamp() - time.time() - seconds
    site.add_puzzle(
        YEAR,
        DAY,
        "Far Future",
        inputs={TOKEN: "4 5 6\n"},
        example=EXAMPLE,
        example_answers=("6", None),
    )
    return shift


def puzzle_requests(site: FakeAoC, shift: float = 0.0) -> list[float]:
    """When each request for the puzzle reached the site, by a clock shifted by `shift`."""
    return [r.at + shift for r in site.requests if r.path.startswith(f"/{YEAR}/day/{DAY}")]


class Terminal(io.StringIO):
    """Stands in for a terminal on stderr (the other thing mocked): what is written is kept."""

    def isatty(self) -> bool:
        return True


def terminal_on_stderr(monkeypatch: pytest.MonkeyPatch) -> Terminal:
    """sys.stderr as a terminal, for the rest of the test (set in the test itself: pytest
    sets sys.stderr again between a fixture and the test)."""
    screen = Terminal()
    monkeypatch.setattr(sys, "stderr", screen)
    return screen


def frames(screen: str) -> list[str]:
    """The lines a countdown wrote in place, each cleared first (`status_line`)."""
    return screen.split("\r\x1b[2K")


@pytest.fixture
def own_project(tmp_path: Path) -> Iterator[Path]:
    """2075's package, empty, in a project of the test's own (where `aoc new` writes the
    day), importable in this process."""
    (tmp_path / "own-project" / "source").mkdir(parents=True)
    (tmp_path / "own-project" / "pyproject.toml").write_text("[project]\nname = 'own'\n")
    with temporary_year(tmp_path / "own-project" / "source", YEAR, {}) as package:
        yield package


def countdown_on_a_fake_clock(
    fake_aoc: FakeAoC, monkeypatch: pytest.MonkeyPatch, ctrl_c_at: int | None = None
) -> tuple[FakeClock, list[int]]:
    """The countdown handed a fake clock 3.5 s before the unlock; and, for each of its
    sleeps, the number of puzzle requests made before it (none may be early). Its sleep
    number `ctrl_c_at` raises KeyboardInterrupt, as Ctrl-C during a sleep does."""
    clock = FakeClock(unlock_time(YEAR, DAY) - timedelta(seconds=3.5))
    fetched_while_waiting: list[int] = []

    def sleep(seconds: float) -> None:
        fetched_while_waiting.append(len(puzzle_requests(fake_aoc)))
        if len(fetched_while_waiting) == ctrl_c_at:
            raise KeyboardInterrupt
        clock.sleep(seconds)

    monkeypatch.setattr(calendar, "current_time", clock.datetime)
    monkeypatch.setattr(
        cli_unlock,
        "wait_in_terminal",
        partial(cli_unlock.wait_in_terminal, now=clock.datetime, sleep=sleep),
    )
    return clock, fetched_while_waiting


def test_new_waits_for_the_unlock_then_fetches_at_once_and_never_early(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, own_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aoc new --wait` with its countdown handed the fake clock: it sleeps until the
    unlock plus the margin, fetching nothing meanwhile, then fetches without another
    sleep and writes the day with what was fetched; the wait is said once (stderr is no
    terminal). Without the wait, a locked day is refused (the test below)."""
    aocd_loaded.set_token()
    unlocking_in(fake_aoc, 0)
    clock, fetched_while_waiting = countdown_on_a_fake_clock(fake_aoc, monkeypatch)
    done = aoc_in_process("new", str(YEAR), str(DAY), "--wait", cwd=own_project.parent)
    assert done.returncode == 0, done.stderr
    assert clock.slept == [0.5, 1.0, 1.0, 1.0, 1.0, 1.0]  # to whole seconds, then by seconds
    assert fetched_while_waiting == [0] * 6  # never early
    assert clock.datetime() == unlock_time(YEAR, DAY) + timedelta(seconds=MARGIN_SECONDS)
    assert puzzle_requests(fake_aoc), "nothing was fetched"  # at once: no sleep after
    source = (own_project / "day01.py").read_text()
    assert 'title = "Far Future"' in source and "part_1=6" in source
    assert (aocd_loaded.user_dir / "2075_01_input.txt").read_text() == "4 5 6\n"
    assert done.stderr.count("Waiting: ") == 1
    assert f"Waiting: {YEAR} day {DAY} unlocks in 0m 5s (" in done.stderr


def test_new_wait_json_counts_down_on_stderr_and_prints_one_document(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, own_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aoc new --wait --json` on a terminal: the countdown rewrites its line on stderr,
    and stdout is the one document, which names the module written."""
    aocd_loaded.set_token()
    unlocking_in(fake_aoc, 0)
    countdown_on_a_fake_clock(fake_aoc, monkeypatch)
    done = aoc_in_process(
        "new", str(YEAR), str(DAY), "--wait", "--json", cwd=own_project.parent, typed=""
    )
    assert done.returncode == 0, done.stderr
    assert len(frames(done.stderr)) > 2, done.stderr  # rewritten in place, on stderr
    assert f"{YEAR} day {DAY} unlocks in" in done.stderr
    document = json.loads(done.stdout)  # whole: nothing of the countdown
    assert document["path"] == str(own_project / "day01.py")
    assert document["title"] == "Far Future" and document["input_cached"] is True


REAL_SECONDS = 0.5
"""How long before the margin ends the real-clock run starts: far more than `aoc new`
takes to reach its wait in this process, so that a request sent without waiting would
come early; the countdown itself is the fake clock's test's."""


@pytest.mark.slow
def test_new_waits_out_the_margin_on_the_real_clock(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, own_project: Path
) -> None:
    """With no clock handed in (the real one, moved to 2075, and real sleeps), the first
    request reaches the site at the unlock plus the margin or after, by aoc's clock,
    and the day is written."""
    aocd_loaded.set_token()
    shift = unlocking_in(fake_aoc, REAL_SECONDS - MARGIN_SECONDS)
    done = aoc_in_process("new", str(YEAR), str(DAY), "--wait", cwd=own_project.parent, shift=shift)
    assert done.returncode == 0, done.stderr
    times = puzzle_requests(fake_aoc, shift)  # by aoc's clock
    assert times, "nothing was fetched"
    # Never early (a shift is rounded to the microsecond).
    assert min(times) >= unlock_time(YEAR, DAY).timestamp() + MARGIN_SECONDS - 0.001
    assert "part_1=6" in (own_project / "day01.py").read_text()


def test_new_without_wait_refuses_a_locked_day(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, own_project: Path
) -> None:
    aocd_loaded.set_token()
    shift = unlocking_in(fake_aoc, 600)
    done = aoc_in_process("new", str(YEAR), str(DAY), cwd=own_project.parent, shift=shift)
    assert done.returncode == 2
    assert "is not unlocked yet" in done.stderr and ", in 9m " in done.stderr
    assert fake_aoc.requests == []
    assert list(own_project.iterdir()) == [own_project / "__init__.py"]


def test_ctrl_c_during_the_countdown_stops_cleanly(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, own_project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aoc new --wait`, Ctrl-C while the countdown sleeps (in `aoc`'s main thread, where
    Python raises KeyboardInterrupt out of the sleep: here the third sleep raises it):
    exit 130, said in one sentence, nothing fetched and nothing written."""
    aocd_loaded.set_token()
    unlocking_in(fake_aoc, 0)
    clock, fetched_while_waiting = countdown_on_a_fake_clock(fake_aoc, monkeypatch, ctrl_c_at=3)
    done = ctrl_c_here("new", str(YEAR), str(DAY), "--wait", cwd=own_project.parent)
    assert done.returncode == 130, done.stderr
    assert "Waiting:" in done.stderr and len(clock.slept) == 2  # the countdown had started
    assert f"Stopped waiting for {YEAR} day {DAY}: nothing was fetched." in done.stderr
    assert "Traceback" not in done.stderr
    assert fake_aoc.requests == [] and fetched_while_waiting == [0] * 3
    assert list(own_project.iterdir()) == [own_project / "__init__.py"]


def test_run_waits_for_the_unlock_then_fetches_at_once_and_runs_on_the_input(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aoc run --wait` with its countdown handed the fake clock: it sleeps until the
    unlock plus the margin, fetching nothing meanwhile, then fetches without another
    sleep, runs the day on the input, and says the wait once (stderr is no terminal)."""
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(YEAR, DAY, "Far Future", inputs={TOKEN: "4 5 6\n"})
    clock, fetched_while_waiting = countdown_on_a_fake_clock(fake_aoc, monkeypatch)
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY_01}):
        done = aoc_in_process("run", str(YEAR), str(DAY), "--wait", "--no-submit", "--json")
    assert done.returncode == 0, done.stderr
    assert clock.slept == [0.5, 1.0, 1.0, 1.0, 1.0, 1.0]  # to whole seconds, then by seconds
    assert fetched_while_waiting == [0] * 6  # never early
    assert clock.datetime() == unlock_time(YEAR, DAY) + timedelta(seconds=MARGIN_SECONDS)
    assert len(puzzle_requests(fake_aoc)) == 1  # fetched at once: no sleep after the last
    assert '"answer": "15"' in done.stdout
    assert done.stderr.count("Waiting: ") == 1
    assert f"Waiting: {YEAR} day {DAY} unlocks in 0m 5s (" in done.stderr
    assert f"{YEAR} day {DAY} is unlocked." in done.stderr
    assert "\x1b" not in done.stderr


def test_the_wait_ends_the_margin_past_the_unlock_and_not_before() -> None:
    """With a clock that moves only when slept on: the wait ends at the unlock plus the
    margin, never before, ticking whole seconds; a puzzle already open is not waited on."""
    clock = FakeClock(unlock_time(YEAR, DAY) - timedelta(seconds=3.5))
    ticks: list[float] = []
    assert wait_for_unlock(
        YEAR, DAY, lambda left: ticks.append(left.total_seconds()), clock.datetime, clock.sleep
    )
    assert clock.datetime() == unlock_time(YEAR, DAY) + timedelta(seconds=MARGIN_SECONDS)
    assert ticks == [5.5, 5.0, 4.0, 3.0, 2.0, 1.0]
    assert sum(clock.slept) == 5.5
    assert not wait_for_unlock(YEAR, DAY, lambda left: ticks.append(0), clock.datetime, clock.sleep)
    assert len(ticks) == 6 and len(clock.slept) == 6


def test_the_countdown_on_a_narrow_terminal_stays_on_one_line(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a terminal of 60 columns, each tick rewrites one line that fits: a line wider
    than the terminal wraps, and `\\r` then rewrites only its last part, so the screen
    would fill with countdowns (issue 12: output fits the terminal). Ctrl-C (here at the
    fourth sleep) ends the line and says that nothing was fetched: exit 130."""
    monkeypatch.setenv("COLUMNS", "60")
    terminal = terminal_on_stderr(monkeypatch)
    year = 2080
    clock = FakeClock(unlock_time(year, 1) - timedelta(seconds=600))

    def sleep(seconds: float) -> None:
        if len(clock.slept) == 3:
            raise KeyboardInterrupt
        clock.sleep(seconds)

    with pytest.raises(typer.Exit) as stopped:
        cli_unlock.wait_in_terminal(year, 1, verbose=False, now=clock.datetime, sleep=sleep)
    assert stopped.value.exit_code == 130
    screen = terminal.getvalue()
    shown = frames(screen)
    assert shown[0] == ""
    lefts = [re.match(rf"{year} day 1 unlocks in (\d+m \d+s) \(", line) for line in shown[1:]]
    assert [left[1] for left in lefts if left] == ["10m 2s", "10m 1s", "10m 0s", "9m 59s"]
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", screen)
    assert all(len(piece) < 60 for piece in re.split(r"[\r\n]", plain)), plain
    assert plain.endswith(f"\nStopped waiting for {year} day 1: nothing was fetched.\n")


@pytest.mark.parametrize("columns", ["100", "60"])
def test_the_countdown_line_is_whole_sentences(
    monkeypatch: pytest.MonkeyPatch, columns: str
) -> None:
    """It ends "Ctrl-C stops waiting." where the terminal has room, else at the unlock's
    sentence: never in "stops...", which reads as cut off."""
    monkeypatch.setenv("COLUMNS", columns)
    terminal = terminal_on_stderr(monkeypatch)
    clock = FakeClock(unlock_time(2080, 1) - timedelta(seconds=600))

    def sleep(seconds: float) -> None:
        if len(clock.slept) == 2:
            raise KeyboardInterrupt
        clock.sleep(seconds)

    with pytest.raises(typer.Exit):
        cli_unlock.wait_in_terminal(2080, 1, verbose=False, now=clock.datetime, sleep=sleep)
    ticks = [
        re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", tick).split("\n")[0]
        for tick in frames(terminal.getvalue())[1:]
    ]
    assert ticks and all(
        re.fullmatch(
            r"2080 day 1 unlocks in \d+m \d+s \([^)]*\)\."
            + (r" Ctrl-C stops waiting\." if columns == "100" else ""),
            tick,
        )
        for tick in ticks
    ), ticks


def test_the_wait_between_answers_fits_a_narrow_terminal(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The countdown `aoc run --wait` shows when the site asks to wait before the next
    answer: each tick rewrites one line that fits the terminal, then it is cleared; the
    sleeps add up to the wait, and it ends at the time asked for."""
    monkeypatch.setenv("COLUMNS", "30")
    terminal = terminal_on_stderr(monkeypatch)
    clock = FakeClock(datetime(2023, 12, 7, 5, 0, tzinfo=UTC))
    until = clock.datetime() + timedelta(seconds=2.5)
    TerminalPrompter(clock.datetime, clock.sleep).wait_until(until, SITE_WAIT)
    ticks = frames(terminal.getvalue())
    assert len(ticks) == 5 and ticks[0] == ticks[-1] == "", ticks  # 3 ticks, then cleared
    assert all(tick.startswith("The site asked to wait") for tick in ticks[1:-1]), ticks
    assert all(len(tick) < 30 for tick in ticks), ticks
    assert clock.slept == [1.0, 1.0, 0.5] and clock.datetime() == until


def test_the_wait_between_answers_off_a_terminal_is_one_line_said_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """To a file or a pipe the wait is said once, in plain words: no codes that only a
    terminal reads, no line per second."""
    clock = FakeClock(datetime(2023, 12, 7, 5, 0, tzinfo=UTC))
    until = clock.datetime() + timedelta(seconds=90)
    TerminalPrompter(clock.datetime, clock.sleep).wait_until(until, SITE_WAIT)
    err = capsys.readouterr().err
    assert err == f"Waiting 1m 30s, until {until.astimezone():%H:%M:%S}: the site asked to wait.\n"
    assert clock.slept == [1.0] * 90 and clock.datetime() == until


# --- a site whose clock is behind this machine's (issue 25) ---------------------------------

BEHIND_YEAR = 2057


@pytest.fixture
def behind(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> Iterator[tuple[Path, FakeClock]]:
    """A year package in a project of its own (so that `aoc new` writes there), this
    machine's clock 5 s past the unlock of its day 1 (the margin passed) and the waits
    handed that clock: the project folder and the clock."""
    aocd_loaded.set_token()
    site = tmp_path / "site"
    site.mkdir()
    (site / "pyproject.toml").write_text("[project]\nname = 'site'\n")
    clock = FakeClock(unlock_time(BEHIND_YEAR, 1) + timedelta(seconds=5))
    monkeypatch.setattr(calendar, "current_time", clock.datetime)
    monkeypatch.setattr(
        cli_unlock,
        "wait_in_terminal",
        partial(cli_unlock.wait_in_terminal, now=clock.datetime, sleep=clock.sleep),
    )
    with temporary_year(site, BEHIND_YEAR, {}):
        yield site, clock


def site_holds(site: FakeAoC, requests: int | None) -> None:
    """2057 day 1 on the site, answered as locked for `requests` requests (None: for good)."""
    site.add_puzzle(
        BEHIND_YEAR,
        1,
        "Behind",
        inputs={TOKEN: "4 5 6\n"},
        example=EXAMPLE,
        example_answers=("6", None),
        locked=requests or math.inf,
    )


def input_requests(site: FakeAoC) -> int:
    return len(site.requests_for(f"/{BEHIND_YEAR}/day/1/input"))


def test_new_wait_asks_again_while_the_site_holds_the_day_locked(
    fake_aoc: FakeAoC, behind: tuple[Path, FakeClock]
) -> None:
    """This clock says the day is open, the site still says locked: `aoc new --wait` asks
    again every 10 s, saying so once a time off a terminal, and writes the day with its
    example once the site opens it (it used to give up at once and write no example)."""
    project, clock = behind
    site_holds(fake_aoc, 3)
    done = aoc_in_process("new", str(BEHIND_YEAR), "1", "--wait")
    assert done.returncode == 0, done.stderr
    assert input_requests(fake_aoc) == 4
    assert sum(clock.slept) == 30 and set(clock.slept) == {1.0}
    assert done.stderr.count(f"still holds {BEHIND_YEAR} day 1 locked") == 3
    assert f"{BEHIND_YEAR} day 1 is unlocked on adventofcode.com." in done.stderr
    assert "part_1=6" in (project / f"aoc{BEHIND_YEAR}" / "day01.py").read_text()


def test_new_wait_gives_up_after_five_minutes_and_writes_nothing(
    fake_aoc: FakeAoC, behind: tuple[Path, FakeClock]
) -> None:
    project, clock = behind
    site_holds(fake_aoc, None)
    done = aoc_in_process("new", str(BEHIND_YEAR), "1", "--wait")
    assert done.returncode == 2
    assert input_requests(fake_aoc) == 31 and sum(clock.slept) == 300
    error = done.stderr.splitlines()[-1]
    assert error.startswith(
        f"Error: adventofcode.com still holds {BEHIND_YEAR} day 1 locked after 5 minutes"
    ), done.stderr
    assert not (project / f"aoc{BEHIND_YEAR}" / "day01.py").exists()


def test_new_on_a_day_the_site_holds_locked_writes_nothing_so_it_can_run_again(
    fake_aoc: FakeAoC, behind: tuple[Path, FakeClock]
) -> None:
    """Without --wait, one request, then nothing written (it used to write the day without
    its example, and then refuse to write it again)."""
    project, _ = behind
    site_holds(fake_aoc, 1)
    day = project / f"aoc{BEHIND_YEAR}" / "day01.py"
    done = aoc_in_process("new", str(BEHIND_YEAR), "1")
    assert done.returncode == 2
    assert "not available yet" in done.stderr and "aoc new wrote nothing" in done.stderr
    assert not day.exists() and input_requests(fake_aoc) == 1
    again = aoc_in_process("new", str(BEHIND_YEAR), "1")
    assert again.returncode == 0, again.stderr
    assert "part_1=6" in day.read_text()


def test_run_wait_asks_again_while_the_site_holds_the_day_locked(
    fake_aoc: FakeAoC, behind: tuple[Path, FakeClock], monkeypatch: pytest.MonkeyPatch
) -> None:
    """On a terminal: a countdown to the next ask, rewritten each second, then cleared."""
    project, clock = behind
    (project / f"aoc{BEHIND_YEAR}" / "day01.py").write_text(DAY_01)
    site_holds(fake_aoc, 2)
    screen = terminal_on_stderr(monkeypatch)
    cli_unlock.wait_in_terminal(BEHIND_YEAR, 1, verbose=False, token=TOKEN)
    assert input_requests(fake_aoc) == 3 and sum(clock.slept) == 20
    shown = frames(screen.getvalue())
    asking = [line for line in shown if "asking again in" in line]
    assert len(asking) == 20 and "asking again in 0m 10s" in asking[0]
    assert shown[-1].endswith(f"{BEHIND_YEAR} day 1 is unlocked on adventofcode.com.\n")
    done = aoc_in_process("run", str(BEHIND_YEAR), "1", "--no-submit", "--json")
    assert '"answer": "15"' in done.stdout and input_requests(fake_aoc) == 3


TOO_LATE = 60.0
"""Seconds after which the blocked call is ended by other means: a wait deaf to Ctrl-C
would end only then."""


@contextmanager
def ctrl_c_missed_by_the_main_thread(
    waiting: Callable[[], bool], release: Callable[[], object]
) -> Iterator[threading.Event]:
    """SIGINT noted by Python without interrupting the main thread's system call, 0.3 s
    after `waiting()` says the main thread is where Ctrl-C must end the wait (so that
    a main thread slowed by a busy machine never gets it before, outside the code under
    test); `release` unblocks that call after TOO_LATE seconds if nothing else did, and
    sets the event yielded."""
    done = threading.Event()
    released = threading.Event()

    def helper() -> None:
        deadline = time.monotonic() + TOO_LATE
        while not waiting() and time.monotonic() < deadline:
            if done.wait(0.01):
                return
        time.sleep(0.3)
        signal.pthread_kill(threading.get_ident(), signal.SIGINT)
        if not done.wait(TOO_LATE):
            released.set()
            release()

    thread = threading.Thread(target=helper, daemon=True)
    thread.start()
    try:
        yield released
    finally:
        done.set()
        thread.join()


def test_the_send_question_ends_at_once(monkeypatch: pytest.MonkeyPatch) -> None:
    controller, follower = pty.openpty()
    err = io.StringIO()
    monkeypatch.setattr(sys, "stderr", err)
    with (
        os.fdopen(follower, "r", closefd=True) as terminal_in,
        ctrl_c_missed_by_the_main_thread(
            lambda: "[y/N]" in err.getvalue(), partial(os.write, controller, b"y\n")
        ) as released,
    ):
        monkeypatch.setattr(sys, "stdin", terminal_in)
        answer = ask_yes_no("Send 1?")
    os.close(controller)
    assert answer is None  # declined, by the Ctrl-C
    assert not released.is_set(), "the question waited for Enter after Ctrl-C"


def test_the_answers_a_question_takes(monkeypatch: pytest.MonkeyPatch) -> None:
    def asked(typed: str) -> tuple[bool | None, str]:
        monkeypatch.setattr(sys, "stderr", err := io.StringIO())
        monkeypatch.setattr(sys, "stdin", io.StringIO(typed))
        return ask_yes_no("Send 1?"), err.getvalue()

    assert asked("y\n") == (True, "Send 1? [y/N]: ")
    assert asked(" YES \n")[0] is True
    assert asked("\n")[0] is False and asked("no\n")[0] is False
    assert asked("maybe\nn\n") == (False, "Send 1? [y/N]: Error: invalid input\nSend 1? [y/N]: ")
    assert asked("")[0] is None  # the end of input: declined, as Ctrl-C is
    # An answer or an account's name is text from outside: shown, never obeyed.
    monkeypatch.setattr(sys, "stderr", err := io.StringIO())
    monkeypatch.setattr(sys, "stdin", io.StringIO("n\n"))
    assert ask_yes_no("Send \x1b]0;x\x07\u202e1?") is False
    assert err.getvalue() == "Send \\x1b]0;x\\x07\\u202e1? [y/N]: "


@pytest.mark.parametrize("polls", [3, None])
def test_the_wait_for_another_run_says_what_it_waits_for_on_a_terminal(polls: int | None) -> None:
    """On a terminal, a line rewritten in place names the answer awaited and the seconds
    left, and is cleared at the end; the wait ends when the other run is done (after
    `polls` looks), or when the time given runs out (None: never done)."""
    clock = FakeClock()
    looked = []

    def done() -> bool:
        looked.append(clock.monotonic())
        return polls is not None and len(looked) > polls

    screen = site_cli.Screen()
    with redirect_stderr(screen):
        came = terminal.TerminalPrompter(sleep=clock.sleep, clock=clock.monotonic).wait_for_sender(
            "4 for 2079 day 1 part 1", done, 2.0
        )
    assert came is (polls is not None)
    assert len(looked) == (polls + 1 if polls is not None else 21)  # every 0.1 s, for 2 s
    shown = screen.getvalue()
    assert "Another run is sending 4 for 2079 day 1 part 1: waiting for its verdict, 2 s" in shown
    assert shown.endswith("\r\x1b[2K")  # cleared
