"""Fetching through aocd, against a fake adventofcode.com on loopback."""

from __future__ import annotations

import json
import socket
from itertools import pairwise
from typing import Any

import pytest
from conftest import TOKEN, AocdHome
from fake_aoc import FakeAoC
from typer.testing import CliRunner

from aoc2023.framework.cli import app

EXAMPLE = "32T3K 765\nT55J5 684\nKK677 28\nKTJJT 220\nQQQJA 483\n"


def run_json(*args: str) -> tuple[int, dict[str, Any], str]:
    result = CliRunner().invoke(app, ["run", "2023", "7", "--json", *args])
    payload = json.loads(result.stdout) if result.stdout.strip() else {}
    return result.exit_code, payload, result.stderr


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
    result = CliRunner().invoke(app, ["run", "2023", "7"])
    assert result.exit_code == 2
    assert "refused the session token" in result.stderr
    assert "Traceback" not in result.output
    assert TOKEN not in result.output and TOKEN[-4:] not in result.output


def test_a_locked_puzzle_says_when_it_unlocks(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE}, locked=True)
    code, payload, _ = run_json()
    assert code == 2
    [result] = payload["results"]
    assert "not available yet" in result["error"]


def test_a_server_error_is_reported_not_raised(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> None:
    aocd_loaded.set_token()
    fake_aoc.fail_with = 500
    result = CliRunner().invoke(app, ["run", "2023", "7"])
    assert result.exit_code == 2
    assert "HTTP 500" in result.stderr
    assert "Traceback" not in result.output


def test_no_network_is_one_sentence(
    aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    import aocd.models

    with socket.socket() as probe:  # a loopback port that nothing listens on
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(aocd.models, "URL", f"http://127.0.0.1:{port}/{{year}}/day/{{day}}")
    aocd_loaded.set_token()
    result = CliRunner().invoke(app, ["run", "2023", "7"])
    assert result.exit_code == 2
    assert "Could not reach adventofcode.com" in result.stderr
    assert "Traceback" not in result.output


def test_verbose_shows_the_traceback_but_never_the_token(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={"another-token": EXAMPLE})
    result = CliRunner().invoke(app, ["run", "2023", "7", "--verbose"])
    assert result.exit_code == 2
    assert "Traceback" in result.output
    assert TOKEN not in result.output


def test_the_title_comes_from_a_cached_page_and_never_a_request(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    import aocd.models

    aocd_loaded.set_token()
    aocd_loaded.cache_input(2023, 7, EXAMPLE)
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE})
    aocd.models.Puzzle(2023, 7)._request_puzzle_page()  # type: ignore[no-untyped-call]
    requests_before = len(fake_aoc.requests)
    from aoc2023.framework.aocd.paths import cached_title

    assert cached_title(2023, 7, aocd_loaded.user_dir) == "Camel Cards"
    run_json()
    assert len(fake_aoc.requests) == requests_before


@pytest.mark.slow(waits=True)
def test_requests_from_separate_processes_keep_a_second_apart(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """aocd's throttle counts within one process; a loop of `aoc` runs is held to one
    request a second (AOC_REQUEST_FLOOR) by a mark beside the cache."""
    import subprocess
    import sys

    aocd_loaded.set_token()
    for day in (8, 9, 10):
        fake_aoc.add_puzzle(2023, day, "Any", inputs={TOKEN: "1\n"})
    code = ("import sys, aocd.models, aocd.utils\n"
            f"aocd.models.URL = {fake_aoc.puzzle_url_template!r}\n"
            "from aoc2023.framework.aocd.client import fetch_input\n"
            f"fetch_input(2023, int(sys.argv[1]), {TOKEN!r})\n")
    env = aocd_loaded.env() | {"AOC_REQUEST_FLOOR": "1"}
    for day_asked in ("8", "9", "10"):
        done = subprocess.run([sys.executable, "-c", code, day_asked], env=env, capture_output=True,
                              text=True, timeout=60)
        assert done.returncode == 0, done.stderr
    times = [r.at for r in fake_aoc.requests if r.path.endswith("/input")]
    assert len(times) == 3
    assert all(later - earlier >= 0.95 for earlier, later in pairwise(times)), times
