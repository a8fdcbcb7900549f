"""A year's number of days: the calendar's rule, a `[tool.aoc] days` setting over it, and
the count a page aoc reads anyway shows (a private leaderboard's `num_days`), remembered
and followed, with a notice when it differs."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, AocdHome
from fake_aoc import FakeAoC
from site_cli import aoc_in_process as aoc
from test_leaderboard import BOARD, member

from aoc2023.framework import calendar, store
from aoc2023.framework.errors import UsageError


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
    return {"event": "2026", "owner_id": 1234567, "num_days": num_days, "members": {
        "1234567": member(1234567, "tester", 30, {1: 2, 13: 1}, global_score=None)}}


def test_the_rule_without_a_setting_or_a_count_from_the_site(project: Path) -> None:
    assert [calendar.days_in_year(year) for year in (2015, 2024, 2025, 2026)] == [25, 25, 12, 12]
    assert calendar.puzzle_parts(2026, 12) == (1,)
    assert calendar.puzzle_parts(2026, 11) == (1, 2)
    with pytest.raises(UsageError, match="days of 2026 run from 1 to 12"):
        calendar.check_day(2026, 13)


@pytest.mark.parametrize("setting", ["[tool.aoc]\ndays = {2026 = 13}",
                                     "[tool.aoc]\ndays.2026 = 13",
                                     "[tool]\naoc = { 'days' = { 2026 = 13 } }"])
def test_a_setting_overrides_a_years_count(project: Path, setting: str) -> None:
    (project / "pyproject.toml").write_text(setting + "\n")
    calendar.forget_day_counts()
    assert calendar.days_in_year(2026) == 13
    assert calendar.days_in_year(2025) == 12  # other years keep the rule
    assert calendar.puzzle_parts(2026, 12) == (1, 2)
    assert calendar.puzzle_parts(2026, 13) == (1,)
    calendar.check_day(2026, 13)


@pytest.mark.parametrize(("table", "said"), [
    ("{2026 = 0}", r"days of 2026 in .* must be a whole number from 1 to 31, not 0"),
    ("{2026 = true}", r"days of 2026 .* not True"),
    ("{next = 12}", r"names 'next', which is not a year"),
    ("12", r"must be a table of years and numbers of days, such as days = \{2026 = 12\}"),
])
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
    assert (f"Note: adventofcode.com shows 2026 with 13 days (private leaderboard {BOARD}), "
            "where aoc's calendar had 12: aoc follows the site for 2026 from now on.\n"
            ) in done.stderr
    assert "Days 1-13" in done.stdout  # the star on day 13 is shown, not cut off
    assert [(r.method, r.path) for r in fake_aoc.requests] == [
        ("GET", f"/2026/leaderboard/private/view/{BOARD}.json")]  # nothing asked for it
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
        "calendar had 11: aoc follows the site for 2025 from now on.")
    assert calendar.learn_days(2025, 40, "private leaderboard 1") is None  # not a December
    assert calendar.days_in_year(2025) == 12


def test_the_setting_wins_over_the_site_and_the_notice_says_so(
    project: Path, aocd_home: AocdHome
) -> None:
    set_days(project, "{2026 = 12}")
    assert calendar.learn_days(2026, 14, "private leaderboard 1") == (
        "adventofcode.com shows 2026 with 14 days (private leaderboard 1), where aoc's "
        "calendar had 12; [tool.aoc] days sets 2026 to 12, which aoc follows instead.")
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
