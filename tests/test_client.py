"""Every request through aocd (aocd/client.py), against a fake adventofcode.com on loopback.

An input that several runs of `aoc` need at once (processes of their own) is fetched once.

An input or a puzzle page that is empty (or only whitespace) is none: the site's empty
reply is not kept, run or sent, and an empty file in aocd's cache is removed, named and
fetched again (aocd/paths.py `drop_damaged`, called here), as is a page cut short or not
UTF-8 text; a folder in a page's place is one sentence. aocd's cache is in real files
(EMPTY_YEAR).
"""

from __future__ import annotations

import json
import math
import re
import socket
import subprocess
from collections.abc import Callable, Iterator
from datetime import UTC, datetime
from functools import partial
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
import test_submit
from conftest import CONTACT, TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC, Puzzle, Request
from fake_clock import FakeClock
from site_cli import aoc_in_process
from site_cli import aoc_in_process as aoc
from test_leaderboard import BOARD, board_2023
from test_submit import AT_ONCE_YEAR, ended, part_1, start

from aoc2023.framework import output, store
from aoc2023.framework.aocd import client, leaderboard, pages, private
from aoc2023.framework.errors import UsageError

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
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE}, locked=math.inf)
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


def test_no_network_is_one_sentence(aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch) -> None:
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
    private.get("Puzzle._request_puzzle_page")(aocd.models.Puzzle(2023, 7))
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
    code = (
        "import sys, aocd.models, aocd.utils\n"
        f"aocd.models.URL = {fake_aoc.url + '/{year}/day/{day}'!r}\n"
        "from aoc2023.framework.aocd.client import fetch_input\n"
        "print('ready', flush=True)\n"
        "sys.stdin.readline()\n"
        f"fetch_input(2023, int(sys.argv[1]), {TOKEN!r})\n"
        "print('asked', flush=True)\n"
    )
    other = subprocess.Popen(
        [sys.executable, "-c", code, "9"],
        env=aocd_loaded.env(),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
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
        f"/2023/day/{day}/input" for day in (8, 9, 10)
    ]
    assert all(later - earlier >= CROSS_FLOOR for earlier, later in pairwise(marks)), marks
    assert all(mark <= at for mark, at in zip(marks, arrived, strict=True)), (marks, arrived)


FLOOR_YEAR = 2058
FLOOR_DAY = """
from aoc2023.framework import Solution

class Day(Solution[str]):
    def part_1(self, text: str) -> int:
        return 1

    def part_2(self, text: str) -> int:
        return 2
"""


@pytest.mark.parametrize("path", ["input", "page", "answer", "leaderboard"])
def test_the_floor_holds_before_every_request_of_every_kind(
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    path: str,
) -> None:
    """Each request waits out the floor after the one before, counted on a clock that moves
    only when slept on: even two requests of one command, such as finding whose the token
    is (the settings page, first in each case) before the input, the page, the answer or
    the board, are a floor apart (they were not)."""
    from aoc2023.framework import calendar
    from aoc2023.framework.aocd import client

    monkeypatch.setenv("AOC_REQUEST_FLOOR", "1")
    clock = FakeClock(datetime.fromtimestamp(1000, UTC))
    monkeypatch.setattr(
        client, "_keep_distance", partial(client._keep_distance, clock.time, clock.sleep)
    )
    aocd_loaded.set_token(user_id=None)  # whose it is must be asked: /settings first
    fake_aoc.add_user(TOKEN)  # USER_ID: github.tester.1234567
    fake_aoc.add_puzzle(FLOOR_YEAR, 1, "Floor", inputs={TOKEN: "x"}, solutions=["1", "2"])
    fake_aoc.add_board(
        FLOOR_YEAR, 42, {"event": str(FLOOR_YEAR), "owner_id": 1, "members": {}}, viewers={TOKEN}
    )
    if path == "answer":
        aocd_loaded.cache_input(FLOOR_YEAR, 1, "x")
    command = {
        "input": ["run", str(FLOOR_YEAR), "1", "--no-submit"],
        "page": ["read", str(FLOOR_YEAR), "1"],
        "answer": ["run", str(FLOOR_YEAR), "1", "--yes"],
        "leaderboard": ["leaderboard", str(FLOOR_YEAR), "42"],
    }[path]
    shift = (calendar.unlock_time(FLOOR_YEAR, 1) - calendar.current_time()).total_seconds() + 60
    with temporary_year(tmp_path / "site", FLOOR_YEAR, {"day01.py": FLOOR_DAY}):
        done = aoc_in_process(*command, shift=shift)
    assert done.returncode in (0, 1), done.stderr
    asked = [request.path for request in fake_aoc.requests]
    assert len(asked) >= 2 and asked[0] == "/settings", asked
    if path == "answer":
        assert any(request.method == "POST" for request in fake_aoc.requests)
    assert clock.slept == [1.0] * (len(asked) - 1), asked


# ------------------------------------------------------------------------------------------------
# Every request names the user behind it, as adventofcode.com asks of tools: our User-Agent,
# with the contact from $AOC_USER_AGENT or [tool.aoc] contact, on each kind of request the
# stand-in site sees; `aoc token` shows it; without a contact, one line a day says how.

AGENT = re.compile(r"aoc2023/\S+ \(contact: (.*)\) advent-of-code-data/\d\S*")
BARE = re.compile(r"aoc2023/\S+ advent-of-code-data/\d\S*")


def test_aocd_sends_the_headers_of_its_pool_manager() -> None:
    """The one aocd private name the User-Agent relies on (client.asking): aocd's
    client sends the headers of its pool manager (private.py), its fixed USER_AGENT among
    them."""
    import aocd.utils

    headers = private.get("http.pool_manager").headers
    assert headers["User-Agent"] == aocd.utils.USER_AGENT
    with client.asking("check the headers"):
        assert AGENT.fullmatch(private.get("http.pool_manager").headers["User-Agent"])
    assert headers["User-Agent"] == aocd.utils.USER_AGENT  # aocd's own again, after


def test_every_kind_of_request_names_the_contact(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token(user_id=None)
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", {TOKEN: "32T3K 765\n"}, solutions=["6440"])
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})

    assert client.check_token().accepted  # the settings page
    assert client.fetch_input(2023, 7, TOKEN).strip() == "32T3K 765"
    assert pages.current_examples(TOKEN, 2023, 7, new=True).title == "Camel Cards"
    assert "right answer" in client.post_answer(TOKEN, 2023, 7, 1, "6440")
    leaderboard.leaderboard(TOKEN, 2023, BOARD)

    kinds = {
        ("GET", "/settings"),
        ("GET", "/2023/day/7/input"),
        ("GET", "/2023/day/7"),
        ("POST", "/2023/day/7/answer"),
        ("GET", f"/2023/leaderboard/private/view/{BOARD}.json"),
    }
    assert {(r.method, r.path) for r in fake_aoc.requests} == kinds
    for request in fake_aoc.requests:
        assert request.user_agent is not None, request
        match = AGENT.fullmatch(request.user_agent)
        assert match and match[1] == CONTACT, request


def test_the_contact_comes_from_the_variable_else_the_project(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.aoc]\ncontact = "github.com/me/aoc"\n')
    monkeypatch.chdir(tmp_path)
    assert client.contact() == CONTACT  # $AOC_USER_AGENT wins
    monkeypatch.delenv("AOC_USER_AGENT")
    assert client.contact() == "github.com/me/aoc"
    assert client.user_agent().startswith("aoc2023/")
    assert "(contact: github.com/me/aoc) advent-of-code-data/" in client.user_agent()
    (tmp_path / "pyproject.toml").write_text("[tool.aoc]\n")
    assert client.contact() is None
    assert BARE.fullmatch(client.user_agent())


@pytest.mark.parametrize(
    ("given", "sent"),
    [
        ("github.com/me/aoc by me@example.com", "github.com/me/aoc by me@example.com"),
        ("me@example.com (Alex)", "me@example.com (Alex)"),  # a comment nests inside one
        ("me@example.com :)", "me@example.com :\\)"),  # unpaired: escaped, the comment still ends
        ("a\\b", "a\\\\b"),
    ],
)
def test_the_contact_is_a_comment_that_ends_where_it_should(given: str, sent: str) -> None:
    match = AGENT.fullmatch(client.user_agent(given))
    assert match and match[1] == sent


@pytest.mark.parametrize("value", ["me@example.com\r\nX-Injected: 1", "café@example.com"])
def test_a_contact_a_header_cannot_carry_is_one_sentence_and_nothing_is_sent(
    value: str,
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    monkeypatch.setenv("AOC_USER_AGENT", value)
    done = aoc("token", "--recheck", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: $AOC_USER_AGENT must be printable ASCII on one line")
    assert "Traceback" not in done.stderr
    assert fake_aoc.requests == []


def test_a_contact_setting_that_is_not_text_is_said(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.aoc]\ncontact = 5\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("AOC_USER_AGENT")
    with pytest.raises(UsageError, match=r"\[tool.aoc\] contact in .* must be text"):
        client.contact()


def test_aoc_token_shows_what_is_sent_and_the_contact_passes_redaction(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    sent = fake_aoc.requests[-1].user_agent
    assert sent is not None and CONTACT in sent
    assert f"Sent:   User-Agent: {sent}\n" in done.stdout  # whole, as the site saw it
    assert TOKEN[-8:] not in done.stdout + done.stderr + sent
    assert "names no contact" not in done.stdout
    assert "Note:" not in done.stderr


def test_without_a_contact_one_line_a_day_says_how_to_set_it(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AOC_USER_AGENT")
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})

    first = aoc("leaderboard", "2023", str(BOARD), "--json", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    json.loads(first.stdout)  # one document: the line is on stderr
    notes = [line for line in first.stderr.splitlines() if "AOC_USER_AGENT" in line]
    assert len(notes) == 1 and notes[0].startswith("Note: adventofcode.com asks tools"), (
        first.stderr
    )
    assert "contact" in notes[0] and "[tool.aoc]" in notes[0]
    assert BARE.fullmatch(fake_aoc.requests[-1].user_agent or "")

    # The same day: said no more, whether a request is sent or not.
    (aocd_loaded.data / "github.tester.1234567" / f"2023_leaderboard_{BOARD}.json").unlink()
    again = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert len(fake_aoc.requests_for(".json")) == 2
    assert "AOC_USER_AGENT" not in again.stderr

    # A day later, once more.
    mark = store.contact_reminder_file()
    mark.write_text(repr(float(mark.read_text()) - client.REMIND_EVERY - 1))
    (aocd_loaded.data / "github.tester.1234567" / f"2023_leaderboard_{BOARD}.json").unlink()
    later = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert later.returncode == 0, later.stderr
    assert later.stderr.count("AOC_USER_AGENT") == 1
    assert "AOC_USER_AGENT" not in later.stdout


def test_no_line_when_nothing_went_to_the_site(
    aocd_home: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AOC_USER_AGENT")
    done = aoc("list", "2023", cwd=tmp_path)
    assert "AOC_USER_AGENT" not in done.stderr
    assert not store.contact_reminder_file().exists()


def test_no_line_when_a_block_ends_before_its_request(
    aocd_home: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A run stopped while it waited for a lock, before any request, was told that aoc
    had sent its requests with no contact."""
    monkeypatch.delenv("AOC_USER_AGENT")
    with pytest.raises(KeyboardInterrupt), client.asking("fetch 2023 day 7"):
        raise KeyboardInterrupt
    assert client.contact_reminder() is None


def test_the_reminder_comes_from_a_clock_it_is_handed(aocd_home: AocdHome) -> None:
    """Each call as a command of its own would make it (a new screen each)."""
    monkey_now = [1_000_000.0]
    output.new_screen()
    client._sent_anonymously = True
    assert client.contact_reminder(lambda: monkey_now[0]) is not None
    output.new_screen()
    client._sent_anonymously = True
    monkey_now[0] += client.REMIND_EVERY - 1
    assert client.contact_reminder(lambda: monkey_now[0]) is None
    output.new_screen()
    client._sent_anonymously = True
    monkey_now[0] += 2
    assert client.contact_reminder(lambda: monkey_now[0]) is not None
    output.new_screen()
    assert client.contact_reminder(lambda: monkey_now[0]) is None  # nothing sent since


def test_the_reminder_is_not_said_twice_on_one_screen(aocd_home: AocdHome) -> None:
    """Due again (a day later) in the same command: the advice is said once per screen."""
    monkey_now = [1_000_000.0]
    output.new_screen()
    client._sent_anonymously = True
    assert client.contact_reminder(lambda: monkey_now[0]) is not None
    monkey_now[0] += client.REMIND_EVERY + 1
    client._sent_anonymously = True
    assert client.contact_reminder(lambda: monkey_now[0]) is None


def test_aoc_token_without_a_contact_says_how_to_set_one_once(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The view's line under the User-Agent is the advice; the day's reminder, due (it was
    never said), is not said again after it, and counts as said for the day."""
    monkeypatch.delenv("AOC_USER_AGENT")
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    done = aoc("token", "--recheck", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert BARE.fullmatch(fake_aoc.requests[-1].user_agent or "")  # sent with no contact
    screen = done.stdout + done.stderr
    assert screen.count("AOC_USER_AGENT") == 1, screen
    assert "names no contact of yours" in done.stdout
    assert store.read_time(store.contact_reminder_file()) is not None  # the day's, said


# ------------------------------------------------------------------------------------------------
# What the site says back, when it is not what `aoc` expects: an answer's reply it cannot
# read, and an input that is an HTML page. Against the loopback stand-in site, on a
# throwaway year (2090) whose day 1 answers 1 and 2.

YEAR = 2090
DAY_1 = """
from aoc2023.framework import Solution

class Day(Solution[str]):
    def part_1(self, text: str) -> int:
        return 1

    def part_2(self, text: str) -> int:
        return 2
"""
THANKS = "Thanks! Your answer has been recorded."


@pytest.fixture
def puzzle(fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path) -> Iterator[Puzzle]:
    """Day 1 of the throwaway year, with the user's token set; its input not cached."""
    aocd_loaded.set_token()
    found = fake_aoc.add_puzzle(YEAR, 1, "Test", inputs={TOKEN: "input"}, solutions=["1", "2"])
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY_1}):
        yield found


def run(*args: str) -> tuple[int, list[dict[str, Any]]]:
    code, day = run_day(*args)
    return code, day["parts"]


def run_day(*args: str) -> tuple[int, dict[str, Any]]:
    """`aoc run YEAR 1 --json ARGS`, on a clock at the year's first unlock (for a fetch)."""
    from aoc2023.framework import calendar

    shift = (calendar.unlock_time(YEAR, 1) - calendar.current_time()).total_seconds() + 60
    done = aoc_in_process("run", str(YEAR), "1", "--json", *args, shift=shift)
    [day] = json.loads(done.stdout)["results"]
    return done.returncode, day


def posts(site: FakeAoC) -> list[tuple[str, str]]:
    return [(r.form["level"], r.form["answer"]) for r in site.requests if r.method == "POST"]


def page_reads(site: FakeAoC) -> int:
    return len([r for r in site.requests_for(f"/{YEAR}/day/1") if r.method == "GET"])


# --- a reply that cannot be read -----------------------------------------------------------


def test_an_unreadable_reply_is_unknown_and_the_next_run_asks_the_page(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, puzzle: Puzzle
) -> None:
    aocd_loaded.cache_input(YEAR, 1, "input")
    puzzle.replies.append(THANKS)
    code, (part_1, _) = run("--yes")
    assert (part_1["submitted"], part_1["status"], code) == ("unknown", "unknown", 0)
    assert "not understood" in part_1["submit_note"] and THANKS in part_1["submit_note"]
    puzzle.answers[TOKEN].append("1")  # the site took it: its puzzle page shows part 1 solved
    reads = page_reads(fake_aoc)
    code, (part_1, _) = run("--yes")
    assert page_reads(fake_aoc) > reads
    assert (part_1["status"], part_1["expected"], code) == ("correct", "1", 0)
    assert [p for p in posts(fake_aoc) if p[0] == "1"] == [("1", "1")]


def test_an_unreadable_reply_is_never_sent_again_blindly(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, puzzle: Puzzle
) -> None:
    aocd_loaded.cache_input(YEAR, 1, "input")
    puzzle.replies.append(THANKS)
    run("--yes")
    for _ in range(2):  # the page shows part 1 unsolved: not wrong, not sent, not hidden
        code, (part_1, _) = run("--yes")
        note = part_1["submit_note"]
        assert "1 was sent at" in note and "not understood" in note, note
        assert "--resend" in note and "certainly wrong" not in note
        assert (part_1["status"], code) == ("unknown", 0)
    assert posts(fake_aoc) == [("1", "1")]


# --- the known answers, fetched once --------------------------------------------------------


@pytest.mark.parametrize("solved", [[], ["1"], ["1", "2"]])
def test_the_known_answers_are_read_from_one_fetch_of_the_page(
    fake_aoc: FakeAoC, puzzle: Puzzle, solved: list[str]
) -> None:
    from aoc2023.framework.aocd import client
    from aoc2023.framework.aocd.paths import PuzzleCache

    puzzle.answers[TOKEN].extend(solved)
    client.refresh_known_answers(TOKEN, YEAR, 1)
    assert page_reads(fake_aoc) == 1
    cache = PuzzleCache.for_token(TOKEN, YEAR, 1)
    assert cache is not None
    assert [cache.known_answer(part) for part in (1, 2)] == [*solved, None, None][:2]


def test_sending_both_parts_reads_the_page_once_before_each(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, puzzle: Puzzle
) -> None:
    aocd_loaded.cache_input(YEAR, 1, "input")
    code, parts = run("--yes")
    assert [p["submitted"] for p in parts] == ["right", "right"] and code == 0
    assert page_reads(fake_aoc) == 2


# --- an input that is a web page ------------------------------------------------------------

MAINTENANCE = (
    "<!DOCTYPE html>\n<html><head><title>Maintenance</title></head>"
    "<body>Advent of Code is down for maintenance.</body></html>\n"
)


def test_a_web_page_served_as_the_input_is_not_cached(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, puzzle: Puzzle
) -> None:
    puzzle.inputs[TOKEN] = MAINTENANCE
    code, day = run_day()
    assert day["error"] == (
        f"adventofcode.com sent a web page instead of the input of {YEAR} "
        "day 1 (down for maintenance?), so it was not kept; try again later."
    )
    assert code == 2
    assert not (aocd_loaded.user_dir / f"{YEAR}_01_input.txt").exists()
    puzzle.inputs[TOKEN] = "input"  # the site is back: the next run fetches the input
    code, day = run_day()
    assert [p["answer"] for p in day["parts"]] == ["1", "2"] and code == 0
    assert len(fake_aoc.requests_for(f"/{YEAR}/day/1/input")) == 2


def test_a_cached_web_page_names_the_file_to_delete(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, puzzle: Puzzle
) -> None:
    cached = aocd_loaded.cache_input(YEAR, 1, MAINTENANCE)
    code, day = run_day()
    assert day["error"] == (
        f"aocd's cached input {cached} is a web page, not a puzzle input "
        "(the site was down when it was fetched?): delete it, and the next "
        "run fetches it again."
    )
    assert code == 2 and fake_aoc.requests == []


# --- a redirect in reply to an answer ------------------------------------------------------


def test_a_redirect_after_an_answer_is_not_followed_and_counts_as_unknown(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, puzzle: Puzzle
) -> None:
    """A 302 to an answer's POST: following it would post the answer again (urllib3 keeps
    the method and body on a 302), so it is an unknown outcome, as a lost reply is."""
    aocd_loaded.cache_input(YEAR, 1, "input")
    fake_aoc.after_judging = "302"
    code, (part_1, _) = run("--yes")
    assert posts(fake_aoc) == [("1", "1")]
    assert (part_1["submitted"], part_1["status"], code) == ("error", "unknown", 2)
    assert part_1["submit_note"].startswith("Sent 1, but adventofcode.com answered with a ")
    assert "counts as tried" in part_1["submit_note"]
    assert "redirect (HTTP 302 to '/2090/day/1/answer')" in part_1["submit_note"]
    assert "it was not followed" in part_1["submit_note"]
    fake_aoc.after_judging = None
    run("--yes")
    assert posts(fake_aoc) == [("1", "1")]  # counted as tried: never sent again


# --- the reply to a day's second star -------------------------------------------------------


def test_the_second_star_s_reply_is_one_line_of_plain_text(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, puzzle: Puzzle
) -> None:
    """The site's reply to part 2 carries share links and line breaks in its second
    paragraph: the verdict shows it as one clean line."""
    from aoc2023.framework import calendar

    aocd_loaded.cache_input(YEAR, 1, "input")
    shift = (calendar.unlock_time(YEAR, 1) - calendar.current_time()).total_seconds() + 60
    done = aoc_in_process("run", str(YEAR), "1", "--yes", shift=shift)
    assert done.returncode == 0, done.stderr
    said = (
        "That's the right answer! You are one gold star closer to restoring snow "
        "operations. You have completed Day 7! You can [Share] this victory or "
        "[Return to Your Advent Calendar]."
    )
    [line] = [line for line in done.stderr.splitlines() if "part 2: sent 2" in line]
    assert line.endswith(f": {said}"), line
    for shown in (done.stdout, done.stderr):
        assert "Twitter" not in shown and "Mastodon" not in shown and "Bluesky" not in shown
        assert "operations.You" not in shown and "[Shareon" not in shown


year_env = test_submit.year_env
"""test_submit.py's fixture (bound, not imported, so that a test may name it)."""


def asked(
    path: str, times: int, seconds: float = 1.0
) -> tuple[Callable[[list[Request]], bool], float]:
    """A hold (`FakeAoC.holds`) until `path` has been asked `times` times, or `seconds`."""
    return lambda requests: sum(r.path == path for r in requests) >= times, seconds


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
    the token is (aocd's memo is empty), answered once both have asked (however long the
    second takes to start on a busy machine), so that the two go for the input together;
    and the first to ask for it is answered once the other has, or once the other waits
    on a timer (the lock's), or 1 s later. Each fetched it (two GETs); now the first
    fetches, and the other finds it cached."""
    aocd_loaded.set_token(user_id=None)
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_puzzle(AT_ONCE_YEAR, 1, "Any", inputs={TOKEN: "abcd"}, solutions=["4"])
    runs: list[subprocess.Popen[str]] = []
    another, _ = asked(f"/{AT_ONCE_YEAR}/day/1/input", 2)
    fake_aoc.holds = {
        "/settings": asked("/settings", 2, 30.0),  # a run slow to start is waited for
        f"/{AT_ONCE_YEAR}/day/1/input": (
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
    assert len(fake_aoc.requests_for(f"/{AT_ONCE_YEAR}/day/1/input")) == 1


EMPTY_YEAR, EMPTY_DAY = 2016, 3
"""A year of the past, so the puzzle is unlocked by the clock (the project's own 2016,
if any, is hidden while the test lasts)."""


DAY_MODULE = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("ab", part_1=2, part_2=2)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        return len(text)
"""


@pytest.fixture
def year(tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> Iterator[FakeAoC]:
    aocd_loaded.set_token()
    with temporary_year(tmp_path / "site", EMPTY_YEAR, {"day03.py": DAY_MODULE}):
        yield fake_aoc


@pytest.mark.parametrize("reply", ["", " \n\n", "\n"])
def test_an_empty_reply_is_not_kept_run_or_sent_and_the_next_run_fetches_again(
    year: FakeAoC, aocd_loaded: AocdHome, reply: str
) -> None:
    year.add_puzzle(EMPTY_YEAR, EMPTY_DAY, "Squares", inputs={TOKEN: reply}, solutions=["5", "5"])
    cached = aocd_loaded.user_dir / f"{EMPTY_YEAR}_{EMPTY_DAY:02d}_input.txt"
    for _ in range(2):
        result = aoc_in_process("run", str(EMPTY_YEAR), str(EMPTY_DAY), "--yes", "--json")
        assert result.returncode == 2, result.stderr
        [day] = json.loads(result.stdout)["results"]
        assert "adventofcode.com sent an empty input for 2016 day 3" in day["error"]
        assert "the next run fetches it again" in day["error"]
        assert day["parts"] == []
        assert not cached.exists()
        assert posts(year) == []
    assert len(year.requests_for(f"/{EMPTY_YEAR}/day/{EMPTY_DAY}/input")) == 2
    year.puzzles[(EMPTY_YEAR, EMPTY_DAY)].inputs[TOKEN] = "hello"
    result = aoc_in_process("run", str(EMPTY_YEAR), str(EMPTY_DAY), "--yes", "--json")
    assert result.returncode == 0, result.stderr
    assert cached.read_text() == "hello"
    assert posts(year)  # sent once the input is one


@pytest.mark.parametrize("cached_text", ["", "  \n", "\n\n"])
def test_an_empty_cached_input_is_named_removed_and_fetched_again(
    year: FakeAoC, aocd_loaded: AocdHome, cached_text: str
) -> None:
    year.add_puzzle(EMPTY_YEAR, EMPTY_DAY, "Squares", inputs={TOKEN: "hello"}, solutions=["5", "5"])
    cached = aocd_loaded.cache_input(EMPTY_YEAR, EMPTY_DAY, cached_text)
    result = aoc_in_process("run", str(EMPTY_YEAR), str(EMPTY_DAY), "--no-submit", "--json")
    assert result.returncode == 0, result.stderr
    assert f"aocd's cached input {cached} was empty (damaged)" in result.stderr
    [day] = json.loads(result.stdout)["results"]
    assert [part["answer"] for part in day["parts"]] == ["5", "5"]
    assert cached.read_text() == "hello"
    assert len(year.requests_for(f"/{EMPTY_YEAR}/day/{EMPTY_DAY}/input")) == 1


def test_an_empty_cached_input_of_an_unknown_owner_is_fetched_again(
    year: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """The owner not memoised, aocd itself would read its cached file: the rule is kept
    on that path too (client.fetch_input)."""
    year.add_user(TOKEN, login="tester")
    year.add_puzzle(EMPTY_YEAR, EMPTY_DAY, "Squares", inputs={TOKEN: "hello"}, solutions=["5", "5"])
    cached = aocd_loaded.cache_input(EMPTY_YEAR, EMPTY_DAY, "")
    (aocd_loaded.config / "token2id.json").unlink()
    result = aoc_in_process("run", str(EMPTY_YEAR), str(EMPTY_DAY), "--no-submit", "--json")
    assert result.returncode == 0, result.stderr
    assert "was empty (damaged)" in result.stderr
    assert cached.read_text() == "hello"


@pytest.mark.parametrize(
    ("damage", "said"),
    [
        (b"", "empty"),
        (b"<main><article><h2>--- Day", "cut short"),
        (b"\xe9t\xe9", "not UTF-8 text"),
    ],
)
def test_a_damaged_cached_page_is_named_and_fetched_again_by_read_and_examples(
    year: FakeAoC, aocd_loaded: AocdHome, damage: bytes, said: str
) -> None:
    """A page cut short printed nothing under `aoc read` (exit 0), and "heading not found"
    under `aoc examples`; one not UTF-8 text ended in "unexpected UnicodeDecodeError"."""
    year.add_puzzle(
        EMPTY_YEAR,
        EMPTY_DAY,
        "Squares",
        inputs={TOKEN: "hello"},
        solutions=["5", "5"],
        example="abc",
        example_answers=("3", None),
    )
    aocd_loaded.cache_input(EMPTY_YEAR, EMPTY_DAY, "hello")
    page = aocd_loaded.user_dir / f"{EMPTY_YEAR}_{EMPTY_DAY:02d}_prose.1.html"
    logged_out = aocd_loaded.data / "prose" / f"{EMPTY_YEAR}_{EMPTY_DAY:02d}_prose.0.html"
    for command in ("read", "examples"):
        for damaged in (page, logged_out):
            damaged.parent.mkdir(parents=True, exist_ok=True)
            damaged.write_bytes(damage)
        result = aoc_in_process(command, str(EMPTY_YEAR), str(EMPTY_DAY))
        assert result.returncode == 0, result.stderr
        for damaged in (page, logged_out):
            assert f"aocd's cached puzzle page {damaged} was {said} (damaged)" in result.stderr
        assert "Squares" in result.stdout
        assert "heading not found" not in result.stderr


def test_a_folder_in_place_of_a_cached_page_is_one_sentence(
    year: FakeAoC, aocd_loaded: AocdHome
) -> None:
    year.add_puzzle(EMPTY_YEAR, EMPTY_DAY, "Squares", inputs={TOKEN: "hello"}, solutions=["5"])
    page = aocd_loaded.data / "prose" / f"{EMPTY_YEAR}_{EMPTY_DAY:02d}_prose.0.html"
    page.mkdir(parents=True)
    result = aoc_in_process("read", str(EMPTY_YEAR), str(EMPTY_DAY))
    assert result.returncode == 2
    assert result.stderr == (
        f"Error: aocd's cached puzzle page {page} is a folder, not a file: remove it, and the "
        "next run fetches it again.\n"
    )


def test_new_writes_the_title_and_example_over_a_page_of_0_bytes(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        EMPTY_YEAR,
        EMPTY_DAY,
        "Squares",
        inputs={TOKEN: "hello"},
        solutions=["5", "5"],
        example="abc",
        example_answers=("3", None),
    )
    page = aocd_loaded.data / "prose" / f"{EMPTY_YEAR}_{EMPTY_DAY:02d}_prose.0.html"
    page.parent.mkdir(parents=True)
    page.write_text("")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    with temporary_year(tmp_path / "source", EMPTY_YEAR, {}) as package:
        result = aoc_in_process("new", str(EMPTY_YEAR), str(EMPTY_DAY), cwd=package.parent)
        assert result.returncode == 0, result.stderr
        assert f"aocd's cached puzzle page {page} was empty (damaged)" in result.stderr
        written = (package / f"day{EMPTY_DAY:02d}.py").read_text()
    assert "Squares" in written
    assert "abc" in written


def test_new_writes_the_title_and_example_when_the_input_is_empty(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """The site that sent an empty input still serves the page: only the input is missing."""
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        EMPTY_YEAR,
        EMPTY_DAY,
        "Squares",
        inputs={TOKEN: ""},
        solutions=["5", "5"],
        example="abc",
        example_answers=("3", None),
    )
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    with temporary_year(tmp_path / "source", EMPTY_YEAR, {}) as package:
        result = aoc_in_process(
            "new", str(EMPTY_YEAR), str(EMPTY_DAY), "--json", cwd=package.parent
        )
        assert result.returncode == 0, result.stderr
        written = (package / f"day{EMPTY_DAY:02d}.py").read_text()
    assert "Squares" in written
    assert "abc" in written
    report = json.loads(result.stdout)
    assert report["title"] == "Squares"
    assert report["input_cached"] is False
    assert any("sent an empty input" in notice for notice in report["notices"])
    assert not (aocd_loaded.user_dir / f"{EMPTY_YEAR}_{EMPTY_DAY:02d}_input.txt").exists()
