"""The calendar: puzzles unlock at midnight Eastern time, 25 days a year until 2024 and 12
from 2025, and the last day has no part 2. The clock is injected, never waited for."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process

from aoc2023.framework import calendar
from aoc2023.framework.calendar import aoc_timezone, ensure_unlocked, unlock_time
from aoc2023.framework.commands import new as scaffold
from aoc2023.framework.errors import NoInputError

DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3, part_2=99)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        return 99
"""


@pytest.fixture
def far_years(tmp_path: Path) -> Iterator[None]:
    """`aoc2016` (25 days a year: any project's own is hidden meanwhile) with day 25;
    `aoc2098` (12 days a year, all locked still) with days 1 and 12."""
    site = tmp_path / "site"
    with (temporary_year(site, 2016, {"day25.py": DAY}),
          temporary_year(site, 2098, {"day01.py": DAY, "day12.py": DAY})):
        yield


@pytest.fixture
def in_tokyo(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """This process's local time is Tokyo's (UTC+9, no summer time) inside the test."""
    import time

    monkeypatch.setenv("TZ", "Asia/Tokyo")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def test_a_puzzle_unlocks_at_midnight_eastern_time(in_tokyo: None) -> None:
    unlock = unlock_time(2023, 8)
    assert unlock == datetime(2023, 12, 8, 5, 0, tzinfo=UTC)  # EST is UTC-5
    ensure_unlocked(2023, 8, now=unlock)
    ensure_unlocked(2023, 8, now=unlock + timedelta(days=400))
    with pytest.raises(NoInputError) as caught:
        ensure_unlocked(2023, 8, now=unlock - timedelta(hours=1, minutes=2, seconds=3))
    assert str(caught.value) == (
        "2023 day 8 is not unlocked yet: it unlocks at midnight Eastern time on "
        "December 8, 2023 (14:00:00, your time), in 1h 2m 3s."
    )
    with pytest.raises(NoInputError) as caught:  # the day before, in Tokyo
        ensure_unlocked(2023, 8, now=unlock - timedelta(hours=15))
    assert "(14:00:00 on 8 Dec 2023, your time), in 15h 0m 0s." in str(caught.value)
    with pytest.raises(NoInputError, match=r"in 2d 0h 0m 1s\.$"):
        ensure_unlocked(2023, 8, now=unlock - timedelta(days=2, seconds=1))


def test_days_a_year_and_the_last_days_parts() -> None:
    assert [calendar.days_in_year(year) for year in (2015, 2024, 2025, 2030)] == [25, 25, 12, 12]
    assert calendar.puzzle_parts(2023, 24) == (1, 2)
    assert calendar.puzzle_parts(2023, 25) == (1,)
    assert calendar.puzzle_parts(2025, 12) == (1,)
    assert calendar.puzzle_parts(2025, 11) == (1, 2)


def test_a_locked_puzzle_is_refused_before_any_request(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, far_years: None
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2098, 1, "Far Away", inputs={TOKEN: "abc\n"})
    result = aoc_in_process("run", "2098", "1", "--json")
    assert result.returncode == 2
    [day] = json.loads(result.stdout)["results"]
    assert day["error"].startswith("2098 day 1 is not unlocked yet: it unlocks at midnight "
                                   "Eastern time on December 1, 2098 (")
    assert day["error"].endswith(" aoc run 2098 1 --wait waits for it."), day["error"]
    assert fake_aoc.requests == []
    # Its examples need nothing from the site, so they still run.
    assert aoc_in_process("run", "2098", "1", "--example").returncode == 0


def test_aoc_new_refuses_a_locked_puzzle_before_anything_else(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def must_not_be_reached(year: int, day: int) -> None:
        raise AssertionError("aoc new went on to look for where to write")

    monkeypatch.setattr(scaffold, "find_target", must_not_be_reached)
    before = datetime(2023, 12, 9, 23, 59, 30, tzinfo=aoc_timezone())
    with pytest.raises(NoInputError, match=r"2023 day 10 is not unlocked yet: .* in 0m 30s\.$"):
        scaffold.new_day(2023, 10, token=None, now=before)


@pytest.mark.parametrize(("year", "day"), [(2016, 25), (2098, 12)])
def test_the_last_day_runs_part_1_only(far_years: None, year: int, day: int) -> None:
    result = aoc_in_process("run", str(year), str(day), "--example", "--json")
    assert result.returncode == 0, result.stderr
    [run] = json.loads(result.stdout)["results"]
    assert [(p["part"], p["status"]) for p in run["parts"]] == [(1, "correct")]
    table = aoc_in_process("run", str(year), str(day), "--example")
    assert table.returncode == 0
    [row] = [line for line in table.stdout.splitlines() if f"{year}/{day}" in line]
    # Part 2 of the last day is the final star, claimed rather than solved: on the
    # examples, nothing is known of it.
    assert "✔ 3" in row and "final star" in row and "★" not in row and "☆" not in row
    assert "no part 2" not in table.stdout


def test_a_day_before_the_last_still_has_part_2(far_years: None) -> None:
    result = aoc_in_process("run", "2098", "1", "--example", "--json")
    [run] = json.loads(result.stdout)["results"]
    assert [p["part"] for p in run["parts"]] == [1, 2]


def test_a_moment_is_shown_one_way_local_to_the_second() -> None:
    """Every wait, unlock and past reply: local time, whole seconds, the date when it is
    not today; aocd's log text (the site's zone, microseconds) is read first."""
    now = datetime(2026, 11, 26, 22, 0, 0, 250000, tzinfo=UTC)
    later = now + timedelta(minutes=13, seconds=59, microseconds=500000)
    local = later.astimezone()
    assert calendar.clock_time(later, now) == f"{local:%H:%M:%S}"
    assert "." not in calendar.clock_time(later, now)
    from_log = later.astimezone(aoc_timezone()).isoformat(sep=" ")  # as aocd writes `when`
    assert "-05:00" in from_log and "." in from_log
    assert calendar.clock_time(from_log, now) == calendar.clock_time(later, now)
    week_before = (now - timedelta(days=7)).astimezone()
    assert calendar.clock_time(now - timedelta(days=7), now) == (
        f"{week_before:%H:%M:%S} on {week_before.day} {week_before:%b %Y}")
    assert calendar.clock_time("not a time", now) == "not a time"


def test_a_locked_day_names_wait_only_for_the_commands_that_have_it(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, far_years: None, in_tokyo: None
) -> None:
    """`aoc run` and `aoc new` have --wait, and their sentence names it, with the local
    time of the unlock; `aoc read` and `aoc examples` have not, and theirs does not."""
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2098, 1, "Far Away", inputs={TOKEN: "abc\n"})
    for command, wait in (("run", True), ("new", True), ("read", False), ("examples", False)):
        done = aoc_in_process(command, "2098", "1")
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        said = " ".join((done.stdout + done.stderr).split())
        assert "(14:00:00 on 1 Dec 2098, your time)" in said, (command, said)
        assert (f"aoc {command} 2098 1 --wait waits for it." in said) is wait, (command, said)
    assert fake_aoc.requests == []
