"""`aoc leaderboard YEAR ID` against the fake site's private leaderboard JSON."""

from __future__ import annotations

import json
import os
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, USER_ID, AocdHome
from fake_aoc import FakeAoC
from fake_clock import FakeClock
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import CHARACTERS, examples
from site_cli import aoc_in_process as aoc

BOARD = 424242


def member(
    member_id: int, name: str | None, local: int, days: dict[int, int], global_score: int | None = 0
) -> dict[str, Any]:
    """A member as the site's JSON has it: stars per day as completion_day_level."""
    levels = {
        str(day): {
            str(level): {"get_star_ts": 1701406800 + day, "star_index": 1}
            for level in range(1, stars + 1)
        }
        for day, stars in days.items()
    }
    data: dict[str, Any] = {
        "id": member_id,
        "name": name,
        "local_score": local,
        "stars": sum(days.values()),
        "last_star_ts": 1701406900,
        "completion_day_level": levels,
    }
    if global_score is not None:
        data["global_score"] = global_score
    return data


def board_2023() -> dict[str, Any]:
    return {
        "event": "2023",
        "owner_id": 1234567,
        "members": {
            "1234567": member(1234567, "tester", 40, {1: 2, 2: 2, 3: 1}, global_score=0),
            "99": member(99, None, 52, {1: 2, 2: 2, 3: 2, 25: 1}, global_score=12),
            "7": member(7, "quiet", 0, {}),
        },
    }


def board_2025() -> dict[str, Any]:
    """2025: 12 days, and no global score in the JSON at all."""
    return {
        "event": "2025",
        "owner_id": 1234567,
        "day1_ts": 1764565200,
        "num_days": 12,
        "members": {
            "1234567": member(1234567, "tester", 30, {1: 2, 12: 1}, global_score=None),
            "5": member(5, None, 31, {1: 2, 2: 2}, global_score=None),
        },
    }


def test_a_board_as_a_table_then_kept_for_15_minutes(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aoc2023.framework import calendar

    clock = FakeClock(start=datetime(2023, 12, 20, 12, tzinfo=UTC))
    monkeypatch.setattr(calendar, "current_time", clock.datetime)
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert "Private leaderboard 424242, 2023" in lines[0]
    assert "Global" in lines[2] and "Days 1-25" in lines[2]
    rows = [line for line in lines if line.startswith("│ ") and "Rank" not in line]
    assert [row.split("│")[2].strip() for row in rows] == ["anonymous #99", "tester", "quiet"]
    assert "│ ***.. ..... ..... ..... ....+ │" in rows[0]
    assert "│ **+.. ..... ..... ..... ..... │" in rows[1]
    # Days 1 and 2 tie (both stars at the same second): a shared gold; day 3 is 99's alone.
    assert rows[0].split("│")[4:8] == ["     7 ", "    52 ", " 3/0/0 ", "     12 "]
    assert rows[1].split("│")[6] == " 2/0/0 "
    assert lines[-1] == "Data from 0s ago (fetched just now; kept for 15 minutes)."
    kept = aocd_loaded.data / USER_ID / f"2023_leaderboard_{BOARD}.json"
    assert kept.is_file()

    again = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert "kept from an earlier fetch" in again.stdout.splitlines()[-1]
    assert len(fake_aoc.requests_for(".json")) == 1

    # 16 minutes later, it is fetched again.
    assert json.loads(kept.read_text())["fetched_at"] == clock.time()
    clock.advance(16 * 60)
    late = aoc("leaderboard", "2023", str(BOARD), "--json", cwd=tmp_path)
    assert late.returncode == 0, late.stderr
    assert len(fake_aoc.requests_for(".json")) == 2
    shown = json.loads(late.stdout)
    assert shown["from_cache"] is False and shown["age_seconds"] == 0  # fetched now
    assert shown["fetched_at"] == "2023-12-20T12:16:00+00:00"
    assert json.loads(kept.read_text())["fetched_at"] == clock.time()
    assert [m["shown_name"] for m in shown["members"]] == ["anonymous #99", "tester", "quiet"]
    assert shown["members"][0] | {"days": None} == {
        "rank": 1,
        "id": 99,
        "name": None,
        "shown_name": "anonymous #99",
        "stars": 7,
        "local_score": 52,
        "global_score": 12,
        "days": None,
        "medals": {"gold": 3, "silver": 0, "bronze": 0},
    }
    assert len(shown["members"][0]["days"]) == 25
    # Every request for the board carried the session cookie.
    assert {r.token for r in fake_aoc.requests_for(".json")} == {TOKEN}


def test_the_2025_format_has_12_days_and_no_global_score(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_board(2025, BOARD, board_2025(), viewers={TOKEN})
    done = aoc("leaderboard", "2025", str(BOARD), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "Global" not in done.stdout
    assert "Days 1-12" in done.stdout
    assert "│ *.... ..... .+ │" in done.stdout
    shown = json.loads(aoc("leaderboard", "2025", str(BOARD), "--json", cwd=tmp_path).stdout)
    assert [len(m["days"]) for m in shown["members"]] == [12, 12]
    assert [m["global_score"] for m in shown["members"]] == [None, None]
    assert shown["from_cache"] is True


def test_a_board_you_cannot_see(fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={"someone else"})
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.startswith(
        "Error: adventofcode.com will not show private leaderboard "
        "424242 of 2023 to you: you are not a member of it"
    )
    assert done.stderr.count("\n") == 1


@pytest.mark.parametrize(("year", "refusal"), [(2025, 400), (2023, 400), (2023, 302)])
def test_a_board_not_yours_is_one_sentence_as_the_site_refuses_it(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, year: int, refusal: int
) -> None:
    """The site answers HTTP 400 since 2025 (for every year's board), a redirect before:
    both are "not a member, or no such board", and a dead token is told apart."""
    aocd_loaded.set_token()
    fake_aoc.board_refusal = refusal
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_board(
        year, BOARD, board_2025() if year >= 2025 else board_2023(), viewers={"someone else"}
    )
    for board in (BOARD, 999999):  # a board that exists, and one that does not
        done = aoc("leaderboard", str(year), str(board), cwd=tmp_path)
        assert done.returncode == 2, done.stderr
        assert done.stderr.startswith(
            f"Error: adventofcode.com will not show private leaderboard {board} of {year} "
            "to you: you are not a member of it, or it does not exist"
        ), done.stderr
        assert "HTTP" not in done.stderr and done.stderr.count("\n") == 1
    del fake_aoc.users[TOKEN]  # the site no longer takes the token
    done = aoc("leaderboard", str(year), str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: adventofcode.com refused the session token")
    assert done.stderr.count("\n") == 1


def test_a_dead_token(fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path) -> None:
    aocd_loaded.set_token()  # aocd knows whose it was; the site no longer takes it
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN + "x"})
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: adventofcode.com refused the session token")
    assert done.stderr.count("\n") == 1


def test_no_token(aocd_home: AocdHome, tmp_path: Path) -> None:
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: No Advent of Code session token is set")


def test_no_network(aocd_home: AocdHome, tmp_path: Path) -> None:
    aocd_home.set_token()
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith(
        "Error: Could not reach adventofcode.com to fetch private "
        "leaderboard 424242 of 2023 (no network?)"
    )
    assert "Traceback" not in done.stderr


KEPT_DAMAGED = [
    "{not json",
    json.dumps({"fetched_at": "{now}", "board": {"owner_id": 1, "members": []}}),  # a list
    json.dumps(
        {
            "fetched_at": "{now}",
            "board": {
                "owner_id": 1,
                "members": {
                    "1": {
                        "id": 1,
                        "name": 5,
                        "local_score": "x",
                        "stars": None,
                        "completion_day_level": {"1": []},
                    }
                },
            },
        }
    ),  # wrong types
]
"""Kept copies that are not JSON, or JSON but not a board (a hand edit, another
version), fetched at `{now}`."""


def test_a_damaged_kept_board_or_one_of_the_wrong_shape_is_fetched_again(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """Such a copy is only a copy: fetched again, never a traceback."""
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})
    kept = aocd_loaded.data / USER_ID / f"2023_leaderboard_{BOARD}.json"
    kept.parent.mkdir(parents=True)
    for fetched, damaged in enumerate(KEPT_DAMAGED, start=1):
        kept.write_text(damaged.replace('"{now}"', str(time.time())))
        os.utime(kept, (time.time(), time.time()))
        done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
        assert done.returncode == 0, (damaged, done.stderr)
        assert "Traceback" not in done.stderr
        assert "anonymous #99" in done.stdout
        assert json.loads(kept.read_text())["board"]["owner_id"] == 1234567
        assert len(fake_aoc.requests_for(f"/2023/leaderboard/private/view/{BOARD}.json")) == fetched


def long_named_board() -> dict[str, Any]:
    return {
        "event": "2023",
        "owner_id": 1234567,
        "members": {
            str(n): member(
                n,
                f"A member with a rather long display name, number {n}",
                50 - n,
                {day: 2 - day % 2 for day in range(1, 26 - n)},
            )
            for n in range(1, 5)
        },
    }


def test_the_table_fits_the_terminal(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """Like every table (issue 12): within COLUMNS, the names wrapped, the numbers whole.
    At 40 columns, too narrow for every column, the stars' count and the global score
    (both in --json) give way to the strip and the local score, which rank the board."""
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, long_named_board(), viewers={TOKEN})
    for columns in (120, 60):
        env = dict(os.environ, COLUMNS=str(columns))
        done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path, env=env)
        assert done.returncode == 0, done.stderr
        lines = done.stdout.splitlines()
        assert max(len(line) for line in lines[:-1]) <= columns, done.stdout
        rows = [line.split("│") for line in lines if line.startswith("│ ")][1:]
        assert [row[5].strip() for row in rows if row[1].strip()] == ["49", "48", "47", "46"]
        names = " ".join(row[2].strip() for row in rows)
        assert "number 1" in names and "rather" in names
    env = dict(os.environ, COLUMNS="40")
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert max(len(line) for line in lines) <= 40, done.stdout
    rows = [line.split("│") for line in lines if line.startswith("│ ")]
    assert [cell.strip() for cell in rows[0][1:-1]] == ["Rank", "Name", "Days 1-25", "Score"]
    assert [row[4].strip() for row in rows[1:] if row[1].strip()] == ["49", "48", "47", "46"]


def test_counts_that_are_not_whole_numbers_are_passed_over(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """A star count of "²" (a digit to `isdigit`, not to `int`) and a 5,000-digit score
    (past `int`'s limit): the board is shown, with the stars counted from the days, and
    what was passed over is said."""
    aocd_loaded.set_token()
    data = board_2023()
    data["members"]["99"]["stars"] = "\u00b2"
    data["members"]["7"]["local_score"] = "9" * 5000
    fake_aoc.add_board(2023, BOARD, data, viewers={TOKEN})
    done = aoc("leaderboard", "2023", str(BOARD), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    members = {m["id"]: m for m in shown["members"]}
    assert members[99]["stars"] == 7 and members[7]["local_score"] == 0
    assert shown["passed_over"] == ["stars of member 99", "local_score of member 7"]
    assert done.stderr == (
        "Some of the board's values are not whole numbers and were passed over (stars are "
        "counted from the days, scores shown as 0): stars of member 99, local_score of "
        "member 7.\n"
    )
    table = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)  # from the kept copy
    assert table.returncode == 0 and "stars of member 99" in table.stderr


def _gold_board(times: list[dict[int, int]]) -> dict[str, Any]:
    """A board whose member i got both stars of day d at times[i][d] (seconds)."""
    members = {}
    for index, days in enumerate(times, start=1):
        levels = {
            str(day): {
                "1": {"get_star_ts": at - 1, "star_index": 1},
                "2": {"get_star_ts": at, "star_index": 2},
            }
            for day, at in days.items()
        }
        members[str(index)] = {
            "id": index,
            "name": f"m{index}",
            "local_score": 0,
            "stars": 2 * len(days),
            "completion_day_level": levels,
        }
    return {"event": "2023", "owner_id": 1, "members": members}


def test_medals_are_counted_per_day_by_second_star_time(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    # day 1: m3 first, m1 second, m2 third, m4 none; day 2: m4 then m2; day 3: m1 and
    # m2 tie for first, m3 third (not second).
    fake_aoc.add_board(
        2023,
        BOARD,
        _gold_board([{1: 200, 3: 50}, {1: 300, 2: 90, 3: 50}, {1: 100, 3: 60}, {1: 400, 2: 80}]),
        viewers={TOKEN},
    )
    done = aoc("leaderboard", "2023", str(BOARD), "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    medals = {m["name"]: m["medals"] for m in json.loads(done.stdout)["members"]}
    assert medals == {
        "m1": {"gold": 1, "silver": 1, "bronze": 0},
        "m2": {"gold": 1, "silver": 1, "bronze": 1},
        "m3": {"gold": 1, "silver": 0, "bronze": 1},
        "m4": {"gold": 1, "silver": 0, "bronze": 0},
    }
    table = aoc(
        "leaderboard", "2023", str(BOARD), cwd=tmp_path, env=dict(os.environ, COLUMNS="200")
    )
    assert "G/S/B" in table.stdout and "1/1/1" in table.stdout


@examples(10)
@given(st.lists(st.dictionaries(st.integers(1, 25), st.integers(1, 10)), max_size=6))
def test_medal_counts_agree_with_a_plain_count(times: list[dict[int, int]]) -> None:
    """Per day, a place is what counting the members who were faster gives."""
    from aoc2023.framework.aocd.leaderboard import parse

    board = parse(2023, BOARD, _gold_board(times), 0.0, from_cache=False, now=0.0)
    for member in board.members:
        expected = [0, 0, 0]
        mine = times[member.id - 1]
        for day, at in mine.items():
            place = sum(1 for other in times if day in other and other[day] < at)
            if place < 3:
                expected[place] += 1
        assert member.medals == tuple(expected)
    # Every day with someone done gives exactly one gold place (perhaps shared).
    days_done = {day for days in times for day in days}
    assert sum(member.medals[0] for member in board.members) >= len(days_done)


def test_one_day_shows_part_two_deltas_from_the_kept_copy(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """--day: the day's members, both stars first by the second star's time, each part 2
    delta as part 2's time less part 1's (every form reads the one kept copy:
    test_leaderboard_view_key.py)."""
    aocd_loaded.set_token()
    start = 1701406800  # 2023-12-01 05:00 UTC
    board = _gold_board([{1: start + 3600}, {1: start + 600}, {}])
    # m1: part 1 at +3599 (1s before part 2, as _gold_board writes it); m2 likewise at
    # +599; m3: part 1 only at +100.
    board["members"]["1"]["completion_day_level"]["1"]["1"]["get_star_ts"] = start + 60
    board["members"]["3"]["completion_day_level"] = {"1": {"1": {"get_star_ts": start + 100}}}
    fake_aoc.add_board(2023, BOARD, board, viewers={TOKEN})
    done = aoc("leaderboard", "2023", str(BOARD), "--day", "1", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert [(m["name"], m["part2_delta_seconds"]) for m in shown["members"]] == [
        ("m2", 1),
        ("m1", 3540),
        ("m3", None),
    ]
    assert shown["members"][1]["part1_at"] == "2023-12-01T05:01:00+00:00"
    table = aoc(
        "leaderboard",
        "2023",
        str(BOARD),
        "--day",
        "1",
        cwd=tmp_path,
        env=dict(os.environ, COLUMNS="120"),
    )
    assert table.returncode == 0, table.stderr
    rows = [line.split("│") for line in table.stdout.splitlines() if line.startswith("│ ")][1:]
    assert [(row[2].strip(), row[5].strip()) for row in rows] == [
        ("m2", "1s"),
        ("m1", "59m 00s"),
        ("m3", "-"),
    ]
    assert "day 1" in table.stdout.splitlines()[0]
    assert len(fake_aoc.requests_for(".json")) == 1  # the table read the kept copy
    wrong = aoc("leaderboard", "2023", str(BOARD), "--day", "26", cwd=tmp_path)
    assert wrong.returncode == 2 and "--day" in wrong.stderr, wrong.stderr
    assert "Traceback" not in wrong.stderr


JSON_SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.floats(allow_nan=False),
    st.integers(-(2**70), 2**70),
    st.sampled_from([10**17, 2**63, -1, "12"]),
    st.text(CHARACTERS, max_size=8),
)
ANY_JSON = st.recursive(
    JSON_SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=3),
        st.dictionaries(st.text(CHARACTERS, max_size=3), inner, max_size=3),
    ),
    max_leaves=8,
)
DAY_KEYS = st.sampled_from(["0", "1", "2", "3", "12", "25", "26", "x", "01"])
MOMENTS = st.one_of(st.integers(-10, 10**18), st.sampled_from([10**17, 1701406800]), JSON_SCALARS)
LEVELS = st.dictionaries(
    DAY_KEYS,
    st.one_of(
        st.dictionaries(
            st.sampled_from(["1", "2", "3"]),
            st.fixed_dictionaries({"get_star_ts": MOMENTS}),
            max_size=3,
        ),
        ANY_JSON,
    ),
    max_size=4,
)
MEMBER = st.fixed_dictionaries(
    {
        "name": st.one_of(st.none(), st.text(CHARACTERS, max_size=10)),
        "completion_day_level": LEVELS,
    },
    optional={"id": ANY_JSON, "stars": ANY_JSON, "local_score": ANY_JSON, "global_score": ANY_JSON},
)
BOARDS = st.one_of(
    st.fixed_dictionaries(
        {
            "members": st.dictionaries(
                st.text(CHARACTERS, max_size=4), st.one_of(MEMBER, ANY_JSON), max_size=4
            )
        },
        optional={"owner_id": ANY_JSON, "num_days": ANY_JSON, "event": ANY_JSON},
    ),
    ANY_JSON,
)


@examples(20)
@given(BOARDS, st.sampled_from([2023, 2025]))
def test_any_board_the_site_sends_is_shown_or_refused_in_one_sentence(
    data: object, year: int
) -> None:
    """Whatever JSON comes as a board: a SiteError, or a board every view shows (the
    table, each day, and their JSON) without raising."""
    import io

    from aoc2023.framework.aocd.leaderboard import _board_of, parse
    from aoc2023.framework.calendar import days_in_year
    from aoc2023.framework.commands.leaderboard import (
        leaderboard_day_json,
        leaderboard_json,
        render,
        render_day,
    )
    from aoc2023.framework.errors import SiteError

    try:
        board_data = _board_of(json.dumps(data).encode(), year, BOARD)
    except SiteError:
        return
    board = parse(year, BOARD, board_data, 1.7e9, from_cache=True, now=1.7e9 + 60)
    render(board, io.StringIO())
    json.loads(leaderboard_json(board))
    for day in range(1, days_in_year(year) + 1):
        render_day(board, day, io.StringIO())
        json.loads(leaderboard_day_json(board, day))


def test_a_board_nested_too_deeply_is_a_sentence_and_a_kept_one_a_miss(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})
    kept = aocd_loaded.user_dir / f"2023_leaderboard_{BOARD}.json"
    kept.parent.mkdir(parents=True)
    kept.write_text(f'{{"fetched_at": {time.time()}, "board": ' + "[" * 100_000)
    done = aoc("leaderboard", "2023", str(BOARD), "--json", cwd=tmp_path)  # a miss: fetched
    assert done.returncode == 0, done.stdout + done.stderr
    original = fake_aoc.respond
    monkeypatch.setattr(
        fake_aoc,
        "respond",
        lambda *args, **kwargs: original(*args, **kwargs) and (200, "[" * 100_000, {}),
    )
    kept.unlink()
    deep = aoc("leaderboard", "2023", str(BOARD), "--json", cwd=tmp_path)
    assert deep.returncode == 2
    assert json.loads(deep.stdout)["error"] == (
        f"adventofcode.com sent private leaderboard {BOARD} of 2023 in a form aoc does not "
        "know (not JSON)."
    )


def test_a_kept_board_read_at_no_moment_is_a_miss(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """A time past what a float holds (OverflowError), or past what a datetime shows."""
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})
    kept = aocd_loaded.user_dir / f"2023_leaderboard_{BOARD}.json"
    kept.parent.mkdir(parents=True)
    for moment in ("1" + "0" * 400, "253402214400"):
        kept.write_text(f'{{"fetched_at": {moment}, "board": {json.dumps(board_2023())}}}')
        done = aoc("leaderboard", "2023", str(BOARD), "--json", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["from_cache"] is False
    assert len(fake_aoc.requests_for(f"/{BOARD}.json")) == 2


def test_a_board_that_could_not_be_kept_is_not_fetched(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """Else each read would ask the site again, past its rule of once in 15 minutes."""
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})
    kept = aocd_loaded.user_dir / f"2023_leaderboard_{BOARD}.json"
    kept.mkdir(parents=True)
    for args in ((), ("--json",)):
        done = aoc("leaderboard", "2023", str(BOARD), *args, cwd=tmp_path)
        assert done.returncode == 2
        assert (
            f"Error: Private leaderboard {BOARD} of 2023 was not fetched, as it could not "
            "be kept (the site asks that a board be read at most once in 15 minutes): "
            f"{kept} cannot be written (a folder is in its place).\n"
        ) in done.stderr, done.stderr
    assert fake_aoc.requests_for(f"/{BOARD}.json") == []


def test_one_day_at_40_columns_keeps_part_two_and_the_delta(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})
    env = dict(os.environ, TERM="dumb", NO_COLOR="1", CI="true", COLUMNS="40")
    done = aoc("leaderboard", "2023", str(BOARD), "--day", "3", cwd=tmp_path, env=env)
    assert done.returncode == 0, done.stderr
    assert max(len(line) for line in done.stdout.splitlines()) <= 40, done.stdout
    header = next(line for line in done.stdout.splitlines() if "Place" in line)
    assert [cell.strip() for cell in header.split("│")[1:-1]] == [
        "Place",
        "Name",
        "Part 2",
        "Delta",
    ]
