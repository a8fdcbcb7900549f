"""The calendar: puzzles unlock at midnight Eastern time, 25 days a year until 2024 and 12
from 2025, and the last day has no part 2. The clock is injected, never waited for."""

from __future__ import annotations

import json
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process
from site_cli import aoc_in_process as aoc
from test_leaderboard import BOARD, member

from aoc2023.framework import calendar, store
from aoc2023.framework.calendar import aoc_timezone, ensure_unlocked, unlock_time
from aoc2023.framework.commands import new as scaffold
from aoc2023.framework.errors import NoInputError, UsageError

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
    with (
        temporary_year(site, 2016, {"day25.py": DAY}),
        temporary_year(site, 2098, {"day01.py": DAY, "day12.py": DAY}),
    ):
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
    assert day["error"].startswith(
        "2098 day 1 is not unlocked yet: it unlocks at midnight Eastern time on December 1, 2098 ("
    )
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
    # A time no clock here shows (year 1, east of UTC: before datetime.min locally) is
    # shown as its text, as text that is no time is.
    assert calendar.clock_time("0001-01-01 00:00:00+14:00", now) == "0001-01-01 00:00:00+14:00"
    week_before = (now - timedelta(days=7)).astimezone()
    assert calendar.clock_time(now - timedelta(days=7), now) == (
        f"{week_before:%H:%M:%S} on {week_before.day} {week_before:%b %Y}"
    )
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


# ------------------------------------------------------------------------------------------------
# A year's number of days: the calendar's rule, a `[tool.aoc] days` setting over it, and
# the count a page aoc reads anyway shows (a private leaderboard's `num_days`), remembered
# and followed, with a notice when it differs.


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """An empty project folder, the working folder, with nothing remembered."""
    folder = tmp_path / "project"
    folder.mkdir()
    (folder / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    monkeypatch.chdir(folder)
    calendar.forget_day_counts()
    return folder


def set_days(project: Path, table: str) -> None:
    (project / "pyproject.toml").write_text(f"[tool.aoc]\ndays = {table}\n")
    calendar.forget_day_counts()  # as a new command would read it


def board_2026(num_days: int) -> dict[str, Any]:
    return {
        "event": "2026",
        "owner_id": 1234567,
        "num_days": num_days,
        "members": {"1234567": member(1234567, "tester", 30, {1: 2, 13: 1}, global_score=None)},
    }


def test_the_rule_without_a_setting_or_a_count_from_the_site(project: Path) -> None:
    assert [calendar.days_in_year(year) for year in (2015, 2024, 2025, 2026)] == [25, 25, 12, 12]
    assert calendar.puzzle_parts(2026, 12) == (1,)
    assert calendar.puzzle_parts(2026, 11) == (1, 2)
    with pytest.raises(UsageError, match="days of 2026 run from 1 to 12"):
        calendar.check_day(2026, 13)


@pytest.mark.parametrize(
    "setting",
    [
        "[tool.aoc]\ndays = {2026 = 13}",
        "[tool.aoc]\ndays.2026 = 13",
        "[tool]\naoc = { 'days' = { 2026 = 13 } }",
    ],
)
def test_a_setting_overrides_a_years_count(project: Path, setting: str) -> None:
    (project / "pyproject.toml").write_text(setting + "\n")
    calendar.forget_day_counts()
    assert calendar.days_in_year(2026) == 13
    assert calendar.days_in_year(2025) == 12  # other years keep the rule
    assert calendar.puzzle_parts(2026, 12) == (1, 2)
    assert calendar.puzzle_parts(2026, 13) == (1,)
    calendar.check_day(2026, 13)


@pytest.mark.parametrize(
    ("table", "said"),
    [
        ("{2026 = 0}", r"days of 2026 in .* must be a whole number from 1 to 31, not 0"),
        ("{2026 = true}", r"days of 2026 .* not True"),
        ("{next = 12}", r"names 'next', which is not a year"),
        ("12", r"must be a table of years and numbers of days, such as days = \{2026 = 12\}"),
    ],
)
def test_a_wrong_days_setting_is_one_sentence(project: Path, table: str, said: str) -> None:
    set_days(project, table)
    with pytest.raises(UsageError, match=said):
        calendar.days_in_year(2026)


def test_a_count_the_site_shows_is_remembered_followed_and_noticed(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, project: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_board(2026, BOARD, board_2026(13), viewers={TOKEN})
    done = aoc("leaderboard", "2026", str(BOARD))  # in the project
    assert done.returncode == 0, done.stderr
    assert (
        f"Note: adventofcode.com shows 2026 with 13 days (private leaderboard {BOARD}), "
        "where aoc's calendar had 12: aoc follows the site for 2026 from now on.\n"
    ) in done.stderr
    assert "Days 1-13" in done.stdout  # the star on day 13 is shown, not cut off
    assert [(r.method, r.path) for r in fake_aoc.requests] == [
        ("GET", f"/2026/leaderboard/private/view/{BOARD}.json")
    ]  # nothing asked for it
    assert json.loads(store.day_counts_file().read_text()) == {"2026": 13}

    calendar.forget_day_counts()  # a later command
    assert calendar.days_in_year(2026) == 13
    assert calendar.puzzle_parts(2026, 12) == (1, 2)
    assert calendar.days_in_year(2027) == 12

    # Fetched again (the copy is old): known already, so no notice.
    aocd_loaded.user_dir.joinpath(f"2026_leaderboard_{BOARD}.json").unlink()
    again = aoc("leaderboard", "2026", str(BOARD))  # in the project
    assert again.returncode == 0, again.stderr
    assert "Note:" not in again.stderr
    assert len(fake_aoc.requests) == 2

    # A new count, under --json: the notice on stderr, the document alone on stdout.
    fake_aoc.add_board(2026, BOARD, board_2026(14), viewers={TOKEN})
    aocd_loaded.user_dir.joinpath(f"2026_leaderboard_{BOARD}.json").unlink()
    changed = aoc("leaderboard", "2026", str(BOARD), "--json")  # in the project
    assert changed.returncode == 0, changed.stderr
    assert [len(m["days"]) for m in json.loads(changed.stdout)["members"]] == [14]
    assert "Note: adventofcode.com shows 2026 with 14 days" in changed.stderr
    assert "where aoc's calendar had 13" in changed.stderr


def test_the_site_agreeing_with_the_rule_is_no_news(project: Path, aocd_home: AocdHome) -> None:
    assert calendar.learn_days(2025, 12, "private leaderboard 1") is None
    assert calendar.days_in_year(2025) == 12
    assert calendar.learn_days(2025, 11, "private leaderboard 1") is not None
    assert calendar.learn_days(2025, 12, "private leaderboard 1") == (
        "adventofcode.com shows 2025 with 12 days (private leaderboard 1), where aoc's "
        "calendar had 11: aoc follows the site for 2025 from now on."
    )
    assert calendar.learn_days(2025, 40, "private leaderboard 1") is None  # not a December
    assert calendar.days_in_year(2025) == 12


def test_the_setting_wins_over_the_site_and_the_notice_says_so(
    project: Path, aocd_home: AocdHome
) -> None:
    set_days(project, "{2026 = 12}")
    assert calendar.learn_days(2026, 14, "private leaderboard 1") == (
        "adventofcode.com shows 2026 with 14 days (private leaderboard 1), where aoc's "
        "calendar had 12; [tool.aoc] days sets 2026 to 12, which aoc follows instead."
    )
    assert calendar.days_in_year(2026) == 12
    assert calendar.remembered_day_counts() == {2026: 14}


def test_a_damaged_file_of_counts_is_passed_over(project: Path, aocd_home: AocdHome) -> None:
    for text in ("{not json", '["2026", 13]', '{"2026": "13", "2027": 99, "x": 3}'):
        store.day_counts_file().write_text(text)
        calendar.forget_day_counts()
        assert calendar.days_in_year(2026) == 12, text
        assert calendar.days_in_year(2027) == 12, text
    assert calendar.learn_days(2026, 13, "private leaderboard 1") is not None  # repaired
    assert json.loads(store.day_counts_file().read_text()) == {"2026": 13}
