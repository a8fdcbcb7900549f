"""Runs of `aoc` at once, against the stand-in site: a run that finds another sending the
same answer waits for its verdict (or says that the other is sending it now), and an
input several runs need at once is fetched once.

The run that sends, and the runs that fetch, are processes of their own (what is shared
is across processes: the journal, the locks, aocd's cache); the run that finds another
sending runs in this process, with the clock of its wait handed in.
"""

from __future__ import annotations

import json
import subprocess
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import redirect_stderr
from functools import partial
from pathlib import Path

import pytest
import site_cli
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC, Request
from fake_clock import FakeClock

from aoc2023.framework.commands import terminal

YEAR = 2079
SHIFT = 60 * 366 * 86400.0
"""A clock shift past YEAR's December (a run fetches only what is unlocked)."""
DAY = """
from aoc2023.framework import Solution

class Day(Solution[str]):
    def part_1(self, text: str) -> int:
        return len(text)
"""


@pytest.fixture
def year_env(tmp_path: Path, aocd_loaded: AocdHome) -> Iterator[dict[str, str]]:
    """YEAR's day 1 (part 1: the input's length) here and on the path of the processes
    started with the environment given."""
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY}):
        env = aocd_loaded.env()
        env["PYTHONPATH"] = f"{tmp_path / 'site'}:{env['PYTHONPATH']}"
        yield env


def start(site: FakeAoC, env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        site_cli.aoc_argv(site, "run", str(YEAR), "1", *args, shift=SHIFT),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def ended(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def part_1(stdout: str) -> dict[str, object]:
    found: dict[str, object] = json.loads(stdout)["results"][0]["parts"][0]
    return found


def posts(site: FakeAoC) -> list[tuple[str, str]]:
    return [(r.form["level"], r.form["answer"]) for r in site.requests if r.method == "POST"]


def here(
    monkeypatch: pytest.MonkeyPatch, sleep: Callable[[float], None], clock: Callable[[], float]
) -> subprocess.CompletedProcess[str]:
    """`aoc run YEAR 1 --yes --json` in this process, its wait for another run on `clock`
    and `sleep`."""
    monkeypatch.setattr(
        terminal, "TerminalPrompter", partial(terminal.TerminalPrompter, sleep=sleep, clock=clock)
    )
    return site_cli.aoc_in_process("run", str(YEAR), "1", "--yes", "--json", shift=SHIFT)


@pytest.mark.slow
def test_a_run_that_finds_another_sending_waits_for_its_verdict_or_says_so(
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    year_env: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sends 4 and the site holds its reply. B, meanwhile, finds 4 written down with no
    reply: it said "the run that sent it stopped first" while A was alive. Now B waits:
    on a clock that runs out, it says another run is sending 4 now; on one that does not,
    it waits until A has its verdict (the site's hold released from B's wait), and shows
    it. One POST in all."""
    aocd_loaded.set_token()
    aocd_loaded.cache_input(YEAR, 1, "abcd")
    fake_aoc.add_puzzle(YEAR, 1, "Any", inputs={TOKEN: "abcd"}, solutions=["5"])
    fake_aoc.hold_replies = release = threading.Event()
    sender = start(fake_aoc, year_env, "--yes", "--json")
    try:
        if not fake_aoc.wait_for(lambda requests: any(r.method == "POST" for r in requests)):
            sender.kill()
            raise AssertionError(f"A sent nothing: {sender.communicate()}")
        clock = FakeClock()
        gave_up = here(monkeypatch, clock.sleep, clock.monotonic)
        assert gave_up.returncode == 0, gave_up.stderr
        note = str(part_1(gave_up.stdout)["submit_note"])
        assert "another run is sending 4 now" in note, note
        assert "stopped" not in note and part_1(gave_up.stdout)["status"] == "unknown"
        assert f"another run is sending 4 for {YEAR} day 1 part 1" in gave_up.stderr
        assert sum(clock.slept) == pytest.approx(40)  # the time limit of a send

        def releasing(seconds: float) -> None:
            release.set()  # the site replies to A while B waits
            time.sleep(seconds)

        waited = here(monkeypatch, releasing, time.monotonic)
        sent = ended(sender)
    finally:
        release.set()
        if sender.poll() is None:
            sender.kill()
            sender.communicate()
    assert release.is_set() and f"another run is sending 4 for {YEAR}" in waited.stderr
    assert waited.returncode == 1, waited.stdout + waited.stderr
    assert part_1(waited.stdout)["status"] == "wrong"
    note = str(part_1(waited.stdout)["submit_note"])
    assert "4 was already sent for part 1" in note and "too low" in note, note
    code, out, err = sent
    assert code == 1, err
    assert part_1(out)["submitted"] == "too low"
    assert posts(fake_aoc) == [("1", "4")]


def asked(path: str, times: int) -> tuple[Callable[[list[Request]], bool], float]:
    """A hold (`FakeAoC.holds`) until `path` has been asked `times` times, or 1 s."""
    return lambda requests: sum(r.path == path for r in requests) >= times, 1.0


def asleep(process: subprocess.Popen[str]) -> bool:
    """Whether `process` sleeps on a timer (Linux's /proc tells), as a run does between its
    tries at a lock another run holds: filelock tries again every 50 ms."""
    try:
        return Path(f"/proc/{process.pid}/wchan").read_text() == "hrtimer_nanosleep"
    except OSError:
        return False


@pytest.mark.slow
def test_two_runs_at_once_fetch_an_input_once(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, year_env: dict[str, str]
) -> None:
    """Two runs started together on an input not cached. Each first asks the site whose
    the token is (aocd's memo is empty), answered once both have asked, so that the two
    go for the input together; and the first to ask for it is answered once the other
    has, or once the other waits on a timer (the lock's), or 1 s later. Each fetched it
    (two GETs); now the first fetches, and the other finds it cached."""
    aocd_loaded.set_token(user_id=None)
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_puzzle(YEAR, 1, "Any", inputs={TOKEN: "abcd"}, solutions=["4"])
    runs: list[subprocess.Popen[str]] = []
    another, _ = asked(f"/{YEAR}/day/1/input", 2)
    fake_aoc.holds = {
        "/settings": asked("/settings", 2),
        f"/{YEAR}/day/1/input": (
            lambda requests: another(requests) or any(map(asleep, runs)),
            1.0,
        ),
    }
    runs += [start(fake_aoc, year_env, "--no-submit", "--json") for _ in range(2)]
    try:
        done = [ended(run) for run in runs]
    finally:
        for run in runs:
            if run.poll() is None:
                run.kill()
                run.communicate()
    for code, out, err in done:
        assert code == 0, err
        assert part_1(out)["answer"] == "4"
    assert len(fake_aoc.requests_for("/settings")) == 2  # the two went for the input at once
    assert len(fake_aoc.requests_for(f"/{YEAR}/day/1/input")) == 1


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
