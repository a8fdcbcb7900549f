"""Every request through aocd (aocd/client.py), against a fake adventofcode.com on loopback."""

from __future__ import annotations

import json
import math
import socket
from datetime import UTC, datetime
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from fake_clock import FakeClock
from site_cli import aoc_in_process

from aoc2023.framework.aocd import private

EXAMPLE = "32T3K 765\nT55J5 684\nKK677 28\nKTJJT 220\nQQQJA 483\n"


def run_json(*args: str) -> tuple[int, dict[str, Any], str]:
    result = aoc_in_process("run", "2023", "7", "--json", *args)
    payload = json.loads(result.stdout) if result.stdout.strip() else {}
    return result.returncode, payload, result.stderr


def test_a_cache_miss_is_fetched_once_then_read_from_the_cache(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE})
    for _ in range(2):
        code, payload, _ = run_json()
        assert code == 0
        [result] = payload["results"]
        assert result["source"] == "input"
        assert [p["answer"] for p in result["parts"]] == ["6440", "5905"]
        assert [p["status"] for p in result["parts"]] == ["unknown", "unknown"]
    assert len(fake_aoc.requests_for("/2023/day/7/input")) == 1
    assert (aocd_loaded.user_dir / "2023_07_input.txt").read_text() == EXAMPLE


def test_known_answers_mark_parts_correct_and_wrong(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.set_token()
    aocd_loaded.cache_input(2023, 7, EXAMPLE)
    aocd_loaded.cache_answer(2023, 7, 1, "6440")
    aocd_loaded.cache_answer(2023, 7, 2, "1234")
    code, payload, _ = run_json()
    [result] = payload["results"]
    part_1, part_2 = result["parts"]
    assert (part_1["status"], part_1["expected"]) == ("correct", "6440")
    assert (part_2["status"], part_2["answer"], part_2["expected"]) == ("wrong", "5905", "1234")
    assert code == 1
    assert fake_aoc.requests == []


def test_a_dead_token_is_one_sentence_and_exit_2(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={"another-token": EXAMPLE})
    result = aoc_in_process("run", "2023", "7")
    assert result.returncode == 2
    assert "refused the session token" in result.stderr
    assert "Traceback" not in (result.stdout + result.stderr)
    shown = result.stdout + result.stderr
    assert TOKEN not in shown and TOKEN[-4:] not in shown


def test_a_locked_puzzle_says_when_it_unlocks(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE},
                        locked=math.inf)
    code, payload, _ = run_json()
    assert code == 2
    [result] = payload["results"]
    assert "not available yet" in result["error"]


def test_a_server_error_is_reported_not_raised(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> None:
    aocd_loaded.set_token()
    fake_aoc.failing = {"GET": 500, "POST": 500}
    result = aoc_in_process("run", "2023", "7")
    assert result.returncode == 2
    assert "HTTP 500" in result.stderr
    assert "Traceback" not in (result.stdout + result.stderr)


def test_no_network_is_one_sentence(
    aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    import aocd.models

    with socket.socket() as probe:  # a loopback port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(aocd.models, "URL", f"http://127.0.0.1:{port}/{{year}}/day/{{day}}")
    aocd_loaded.set_token()
    result = aoc_in_process("run", "2023", "7")
    assert result.returncode == 2
    assert "Could not reach adventofcode.com" in result.stderr
    assert "Traceback" not in (result.stdout + result.stderr)


def test_the_title_comes_from_a_cached_page_and_never_a_request(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    import aocd.models

    aocd_loaded.set_token()
    aocd_loaded.cache_input(2023, 7, EXAMPLE)
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE})
    private.refetch_puzzle_page(aocd.models.Puzzle(2023, 7))
    requests_before = len(fake_aoc.requests)
    from aoc2023.framework.aocd.paths import cached_title

    assert cached_title(2023, 7, aocd_loaded.user_dir) == "Camel Cards"
    run_json()
    assert len(fake_aoc.requests) == requests_before


def last_request_mark(home: AocdHome) -> float:
    """When the last request of any `aoc` process on this machine was made, by its mark."""
    return float((home.data / ".aoc-last-request").read_text())


def test_the_floor_between_requests_sleeps_what_is_left_of_it(
    aocd_home: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each request marks its time; the next one sleeps what is left of the floor after
    the mark, no more, and none once the floor has passed. A mark ahead of the clock
    (the clock was set back) costs one floor at most."""
    from aoc2023.framework.aocd.client import _keep_distance

    monkeypatch.setenv("AOC_REQUEST_FLOOR", "1.5")
    clock = FakeClock(datetime.fromtimestamp(1000, UTC))
    _keep_distance(clock.time, clock.sleep)  # no mark yet
    assert clock.slept == [] and last_request_mark(aocd_home) == 1000.0
    clock.advance(0.25)
    _keep_distance(clock.time, clock.sleep)
    assert clock.slept == [1.25] and last_request_mark(aocd_home) == 1001.5
    clock.advance(7)
    _keep_distance(clock.time, clock.sleep)
    assert clock.slept == [1.25] and last_request_mark(aocd_home) == 1008.5
    clock.advance(-100)
    _keep_distance(clock.time, clock.sleep)
    assert clock.slept == [1.25, 1.5] and last_request_mark(aocd_home) == 910.0


def test_the_floor_can_be_turned_off_and_a_bad_one_is_the_default(
    aocd_home: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aoc2023.framework.aocd.client import DEFAULT_FLOOR, _keep_distance

    assert DEFAULT_FLOOR == 1.0
    mark = aocd_home.data / ".aoc-last-request"
    for floor, slept in [("0", []), ("-1", []), ("soon", [0.5])]:
        mark.unlink(missing_ok=True)
        monkeypatch.setenv("AOC_REQUEST_FLOOR", floor)
        clock = FakeClock(datetime.fromtimestamp(1000, UTC))
        _keep_distance(clock.time, clock.sleep)
        clock.advance(0.5)
        _keep_distance(clock.time, clock.sleep)
        assert clock.slept == slept, floor
        assert mark.exists() == bool(slept), floor


CROSS_FLOOR = 0.3
"""The floor the cross-process test sets (AOC_REQUEST_FLOOR): each of its requests comes
at once after the one before (a few hundredths of a second), so that without the mark
between processes the floor would be broken."""


@pytest.mark.slow
def test_requests_from_separate_processes_keep_the_floor_apart(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    """aocd's throttle counts within one process; a loop of `aoc` runs is held to one
    request a floor (AOC_REQUEST_FLOOR, a second by default) by a mark beside the cache:
    each process marks its request a floor or more after the mark before, and its request
    reaches the site after its mark. Here this process asks, then another (started and
    ready beforehand, so that it asks the moment it is told this one has), then this one
    again as soon as the other says it has asked: each holds to the other's mark."""
    import subprocess
    import sys

    from aoc2023.framework.aocd.client import fetch_input

    aocd_loaded.set_token()
    monkeypatch.setenv("AOC_REQUEST_FLOOR", str(CROSS_FLOOR))
    for day in (8, 9, 10):
        fake_aoc.add_puzzle(2023, day, "Any", inputs={TOKEN: "1\n"})
    code = ("import sys, aocd.models, aocd.utils\n"
            f"aocd.models.URL = {fake_aoc.url + '/{year}/day/{day}'!r}\n"
            "from aoc2023.framework.aocd.client import fetch_input\n"
            "print('ready', flush=True)\n"
            "sys.stdin.readline()\n"
            f"fetch_input(2023, int(sys.argv[1]), {TOKEN!r})\n"
            "print('asked', flush=True)\n")
    other = subprocess.Popen([sys.executable, "-c", code, "9"], env=aocd_loaded.env(),
                             stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    try:
        assert other.stdin is not None and other.stdout is not None
        ready = other.stdout.readline()
        assert ready == "ready\n", other.communicate(timeout=120)[1]
        marks = []
        fetch_input(2023, 8, TOKEN)
        marks.append(last_request_mark(aocd_loaded))
        other.stdin.write("go\n")
        other.stdin.flush()
        asked = other.stdout.readline()
        marks.append(last_request_mark(aocd_loaded))
        fetch_input(2023, 10, TOKEN)
        marks.append(last_request_mark(aocd_loaded))
        _out, err = other.communicate(timeout=120)
        assert (asked, other.returncode) == ("asked\n", 0), err
    finally:
        if other.poll() is None:
            other.kill()
            other.communicate()
    arrived = [r.at for r in fake_aoc.requests if r.path.endswith("/input")]
    assert [r.path for r in fake_aoc.requests if r.path.endswith("/input")] == [
        f"/2023/day/{day}/input" for day in (8, 9, 10)]
    assert all(later - earlier >= CROSS_FLOOR for earlier, later in pairwise(marks)), marks
    assert all(mark <= at for mark, at in zip(marks, arrived, strict=True)), (marks, arrived)


FLOOR_YEAR = 2058
FLOOR_DAY = '''
from aoc2023.framework import Solution

class Day(Solution[str]):
    def part_1(self, text: str) -> int:
        return 1

    def part_2(self, text: str) -> int:
        return 2
'''


@pytest.mark.parametrize("path", ["input", "page", "answer", "leaderboard"])
def test_the_floor_holds_before_every_request_of_every_kind(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path, path: str
) -> None:
    """Each request waits out the floor after the one before, counted on a clock that moves
    only when slept on: even two requests of one command, such as finding whose the token
    is (the settings page, first in each case) before the input, the page, the answer or
    the board, are a floor apart (they were not)."""
    from aoc2023.framework import calendar
    from aoc2023.framework.aocd import client

    monkeypatch.setenv("AOC_REQUEST_FLOOR", "1")
    clock = FakeClock(datetime.fromtimestamp(1000, UTC))
    monkeypatch.setattr(client, "_keep_distance",
                        partial(client._keep_distance, clock.time, clock.sleep))
    aocd_loaded.set_token(user_id=None)  # whose it is must be asked: /settings first
    fake_aoc.add_user(TOKEN)  # USER_ID: github.tester.1234567
    fake_aoc.add_puzzle(FLOOR_YEAR, 1, "Floor", inputs={TOKEN: "x"}, solutions=["1", "2"])
    fake_aoc.add_board(FLOOR_YEAR, 42, {"event": str(FLOOR_YEAR), "owner_id": 1,
                                         "members": {}}, viewers={TOKEN})
    if path == "answer":
        aocd_loaded.cache_input(FLOOR_YEAR, 1, "x")
    command = {"input": ["run", str(FLOOR_YEAR), "1", "--no-submit"],
               "page": ["read", str(FLOOR_YEAR), "1"],
               "answer": ["run", str(FLOOR_YEAR), "1", "--yes"],
               "leaderboard": ["leaderboard", str(FLOOR_YEAR), "42"]}[path]
    shift = (calendar.unlock_time(FLOOR_YEAR, 1) - calendar.current_time()).total_seconds() + 60
    with temporary_year(tmp_path / "site", FLOOR_YEAR, {"day01.py": FLOOR_DAY}):
        done = aoc_in_process(*command, shift=shift)
    assert done.returncode in (0, 1), done.stderr
    asked = [request.path for request in fake_aoc.requests]
    assert len(asked) >= 2 and asked[0] == "/settings", asked
    if path == "answer":
        assert any(request.method == "POST" for request in fake_aoc.requests)
    assert clock.slept == [1.0] * (len(asked) - 1), asked
