"""`aoc stats` (commands/stats.py) against the stand-in site: stars earned in the browser
(known only to the site) beside those `aoc` sent, with attempts, first tries and runtimes;
its --json, its calendar picture; no token; and no more requests than the site's rule
allows.

The commands run in this process (`aoc_in_process`), their clock moved to December 2025
(`shift`); the site's clock, which times the stars it gives, is the test's own.
"""

from __future__ import annotations

import json
import os
import re
import time
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, USER_ID, AocdHome, edit, temporary_year
from fake_aoc import HTML, FakeAoC, Reply
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import CHARACTERS, examples
from site_cli import aoc_in_process
from test_stars import page_of_times

from aoc2023.framework import store
from aoc2023.framework.aocd import stars
from aoc2023.framework.bench.outputs import update_readme
from aoc2023.framework.calendar import unlock_time
from aoc2023.framework.commands.stats import (
    END,
    START,
    DayStats,
    StarStats,
    YearStats,
    calendar_png,
    calendar_svg,
    format_since_unlock,
    readme_link,
)
from aoc2023.framework.commands.view import format_duration

SVG = "{http://www.w3.org/2000/svg}"
UNLOCK = unlock_time(2025, 1).timestamp()
SHIFT = UNLOCK + 3600 - time.time()
"""The commands' clock: an hour after 2025 day 1 unlocked."""
A_YEAR_ON = 366 * 86400
"""From there to an hour after 2026 day 1 unlocked: the stats of 2026 are read from then
(before its first unlock, a year's page is not asked for)."""

DAY_1 = """
from aoc2023.framework import Example, Solution

class Day01(Solution[list[int]]):
    examples = [Example("5", part_1=5, part_2=50)]

    def parse(self, text: str) -> list[int]:
        return [int(word) for word in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return {part_1}

    def part_2(self, numbers: list[int]) -> int:
        return 10 * sum(numbers)
"""
WRONG, RIGHT = (
    DAY_1.replace("{part_1}", "max(numbers)"),
    DAY_1.replace("{part_1}", "sum(numbers)"),
)
DAY_1_2026 = WRONG.replace("Day01", "Day01Of2026")


def aoc(*args: str, cwd: Path, after: float = 0.0) -> Any:
    """`aoc ARGS` in this process, `after` seconds past the commands' clock."""
    return aoc_in_process(*args, cwd=cwd, shift=SHIFT + after)


@pytest.fixture
def work(tmp_path: Path) -> Iterator[Path]:
    """A project folder (`.aocd_config/` marks it) with 2025 and 2026 packages on the path:
    2025 holds day 1 (its part 1 wrong at first), 2026 a day 1 of its own."""
    site = tmp_path / "site"
    with (
        temporary_year(site / "a", 2025, {"day01.py": WRONG}),
        temporary_year(site / "b", 2026, {"day01.py": DAY_1_2026}),
    ):
        project = tmp_path / "work"
        (project / ".aocd_config").mkdir(parents=True)
        yield project


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    """2025 and 2026 of 12 days; the token's user has earned 2025 day 2 in the browser
    (part 1 five minutes after the unlock, part 2 more than a day after) and 2026 day 1's
    part 1 (an hour after); 2025 day 1 is open, to be sent by `aoc`."""
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    for year in (2025, 2026):
        for day in range(1, 13):
            fake_aoc.add_puzzle(
                year, day, f"Puzzle {year}-{day}", inputs={TOKEN: "1 2 3\n"}, solutions=["6", "60"]
            )
    fake_aoc.earn_in_browser(2025, 2, TOKEN, "00:05:00", ">24h")
    fake_aoc.earn_in_browser(2026, 1, TOKEN, "01:00:00")
    return fake_aoc


def stats_requests(site: FakeAoC, year: int) -> int:
    return len(site.requests_for(f"/{year}/leaderboard/self"))


def send_day_1(site: FakeAoC, work: Path) -> None:
    """`aoc run 2025 1 --yes`: part 1 wrong; then, the day fixed and the site's wait
    served, part 1 right at 00:12:34 and part 2 at 00:16:40, on the site's clock."""
    won = iter([UNLOCK + 754, UNLOCK + 1000])
    site.clock = lambda: next(won)
    first = aoc("run", "2025", "1", "--yes", cwd=work)
    assert first.returncode == 1, first.stdout + first.stderr
    edit(work.parent / "site" / "a" / "aoc2025" / "day01.py", RIGHT)
    store.waits_file().unlink()  # the minute's wait served (sending keeps the real clock)
    second = aoc("run", "2025", "1", "--yes", cwd=work, after=120)
    assert second.returncode == 0, second.stdout + second.stderr
    assert [r.form["answer"] for r in site.requests_for("/2025/day/1/answer")] == ["3", "6", "60"]


def save_bench_figures(work: Path) -> None:
    """The benchmark history's best-of-runs times of 2025 day 2: 1 + 2 + 3 ms."""
    figures = [
        {
            "year": 2025,
            "day": 2,
            "source": "input",
            "label": "",
            "variant": None,
            "step": step,
            "runs": 10,
            "median": seconds,
            "min": seconds,
            "q1": seconds,
            "q3": seconds,
        }
        for step, seconds in (("parse", 0.001), ("part 1", 0.002), ("part 2", 0.003))
    ]
    (work / "benchmarks").mkdir()
    (work / "benchmarks" / "history.json").write_text(
        json.dumps(
            {
                "entries": [
                    {
                        "date": "2025-12-02",
                        "python": "CPython 3.11",
                        "machine": "Linux x86_64 #0",
                        "figures": figures,
                    }
                ]
            }
        )
    )


def text_of(tile: ET.Element, cls: str) -> str:
    return next(t.text or "" for t in tile.iter(f"{SVG}text") if t.get("class") == cls)


def by_day(document: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(year["year"], day["day"]): day for year in document["years"] for day in year["days"]}


def test_stars_from_the_browser_beside_those_aoc_sent(
    site: FakeAoC, work: Path, tmp_path: Path
) -> None:
    send_day_1(site, work)
    save_bench_figures(work)
    done = aoc("stats", "2025-2026", "--json", cwd=work, after=A_YEAR_ON + 300)
    assert done.returncode == 0, done.stderr
    document = json.loads(done.stdout)
    days = by_day(document)
    assert len(days) == 24
    sent, browser, other_year = days[2025, 1], days[2025, 2], days[2026, 1]
    # Sent by aoc: the site's times, the wrong answer before part 1, part 2 first time.
    assert [
        (s["earned"], s["since_unlock_seconds"], s["attempts"], s["first_try"])
        for s in sent["stars"]
    ] == [(True, 754, 1, False), (True, 1000, 0, True)]
    assert datetime.fromisoformat(sent["stars"][0]["earned_at"]).timestamp() == UNLOCK + 754
    assert sent["runtime_seconds"] is not None and sent["runtime_seconds"] > 0
    # Earned in the browser: the site's times alone, no attempts known; the bench's runtime.
    assert [
        (s["earned"], s["since_unlock_seconds"], s["over_a_day"], s["attempts"], s["first_try"])
        for s in browser["stars"]
    ] == [(True, 300, False, None, None), (True, None, True, None, None)]
    assert browser["runtime_seconds"] == pytest.approx(0.006)
    assert [s["earned"] for s in other_year["stars"]] == [True, False]
    assert other_year["runtime_seconds"] is None
    years = {year["year"]: year for year in document["years"]}
    assert (years[2025]["stars"], years[2025]["first_try_rate"]) == (4, 0.5)
    assert years[2025]["total_runtime_seconds"] == pytest.approx(sent["runtime_seconds"] + 0.006)
    assert (years[2026]["stars"], years[2026]["first_try_rate"]) == (1, None)
    assert any("2025 day 2" in s and "attempts" in s.lower() for s in years[2025]["unknown"])
    assert any("No runtime is known for 2026 day 1" in s for s in years[2026]["unknown"])
    assert stats_requests(site, 2025) == stats_requests(site, 2026) == 1

    # The table: the same figures, for people.
    table = aoc("stats", "2025", cwd=work, after=A_YEAR_ON + 360)
    assert table.returncode == 0, table.stderr
    rows = {
        cells[0]: cells
        for line in table.stdout.splitlines()
        if (cells := [c.strip() for c in line.split("│")[1:-1]]) and cells[0].isdigit()
    }
    assert rows["1"][2:6] == ["12:34 (1 Dec 00:12)", "16:40 (1 Dec 00:16)", "1 / 0", "no / yes"]
    assert "2025: 4 of 24 stars, 50% first try (1 of 2 known)" in table.stdout
    assert "Not known:" in table.stdout

    # The calendar: a tile per day, its stars, times and runtime as the stats say.
    picture = tmp_path / "calendar.svg"
    drawn = aoc("stats", "2025-2026", "--svg", str(picture), cwd=work, after=A_YEAR_ON + 420)
    assert drawn.returncode == 0, drawn.stderr
    root = ET.parse(picture).getroot()
    tiles = {
        (int(g.get("data-year", "")), int(g.get("data-day", ""))): g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "day"
    }
    assert set(tiles) == set(days)
    for key, day in days.items():
        kinds = [t.get("class") for t in tiles[key].iter(f"{SVG}tspan")]
        earned = sum(s["earned"] for s in day["stars"])
        assert kinds.count("star gold") == (2 if earned == 2 else 0), key
        assert kinds.count("star silver") == (earned if earned < 2 else 0), key
        assert text_of(tiles[key], "runtime") == format_duration(day["runtime_seconds"]), key
    assert tuple(text_of(tiles[key], "time") for key in ((2025, 1), (2025, 2), (2026, 1))) == (
        "16:40",
        ">24h",
        "1h 00m",
    )
    # Every form within the 15 minutes read the one kept page of each year.
    assert stats_requests(site, 2025) == stats_requests(site, 2026) == 1


def test_the_page_is_read_once_in_15_minutes_and_a_complete_year_never_again(
    site: FakeAoC, tmp_path: Path
) -> None:
    for day in range(1, 13):
        site.earn_in_browser(2025, day, TOKEN, "00:01:00", "00:02:00")  # every star of 2025
    for after in (0, 60, 14 * 60):
        done = aoc("stats", "2025,2026", "--json", cwd=tmp_path, after=A_YEAR_ON + after)
        assert done.returncode == 0, done.stderr
    assert stats_requests(site, 2025) == stats_requests(site, 2026) == 1
    for after in (16 * 60, 40 * 60, 400 * 86400):
        done = aoc("stats", "2025,2026", "--json", cwd=tmp_path, after=A_YEAR_ON + after)
        assert done.returncode == 0, done.stderr
    assert stats_requests(site, 2025) == 1  # complete: kept for good
    assert stats_requests(site, 2026) == 4  # not complete: read again after 15 minutes
    assert json.loads(done.stdout)["years"][0]["stars"] == 24


def test_with_no_token_it_shows_what_is_kept_and_says_what_it_cannot_know(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    done = aoc("stats", "2025", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (aocd_loaded.config / "token").unlink()
    later = aoc("stats", "2025", "--json", cwd=tmp_path, after=3600)
    assert later.returncode == 0, later.stderr
    assert "Traceback" not in later.stderr
    year = json.loads(later.stdout)["years"][0]
    assert year["stars"] == 2  # 2025 day 2, from the kept page
    assert any("no session token is set" in s for s in year["unknown"]), year["unknown"]
    assert stats_requests(site, 2025) == 1
    table = aoc("stats", "2025", cwd=tmp_path, after=3600)
    assert table.returncode == 0 and "no session token is set" in table.stdout

    # And with nothing kept at all: every star unknown, said, still exit 0.
    (aocd_loaded.config / "token2id.json").unlink()
    bare = aoc("stats", "2025", "--json", cwd=tmp_path, after=3600)
    assert bare.returncode == 0, bare.stderr
    year = json.loads(bare.stdout)["years"][0]
    assert year["stars"] == 0
    assert any("No Advent of Code session token is set" in s for s in year["unknown"])


def test_the_site_unreachable_is_a_sentence_and_the_kept_page(
    site: FakeAoC, tmp_path: Path
) -> None:
    assert aoc("stats", "2025", "--json", cwd=tmp_path).returncode == 0
    site.failing["GET"] = 500
    done = aoc("stats", "2025", "--json", cwd=tmp_path, after=3600)
    assert done.returncode == 0, done.stderr
    year = json.loads(done.stdout)["years"][0]
    assert year["stars"] == 2
    assert any("HTTP 500" in s and "as read" in s for s in year["unknown"]), year["unknown"]


def test_whose_the_token_is_unknown_is_a_sentence_and_a_damaged_memo_a_failure(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    memo = aocd_loaded.config / "token2id.json"
    memo.unlink(missing_ok=True)
    site.failing["GET"] = 500
    done = aoc("stats", "2025", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    year = json.loads(done.stdout)["years"][0]
    assert any(s.endswith("Whose records to show is not known.") for s in year["unknown"])
    memo.write_text("not json")
    damaged = aoc("stats", "2025", cwd=tmp_path)
    assert damaged.returncode == 2 and "token memo" in damaged.stderr, damaged.stderr


def test_a_contact_that_cannot_be_sent_is_a_sentence_whether_the_owner_is_kept_or_not(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The request for whose the token is fails on a $AOC_USER_AGENT no header carries, as
    the request for the page of stars does: a sentence in the stats, still exit 0."""
    monkeypatch.setenv("AOC_USER_AGENT", "me\tyou")
    for memo in ("kept", "gone"):
        if memo == "gone":
            (aocd_loaded.config / "token2id.json").unlink()
        done = aoc("stats", "2025", "--json", cwd=tmp_path)
        assert done.returncode == 0, (memo, done.stderr)
        [unknown] = json.loads(done.stdout)["years"][0]["unknown"]
        assert unknown.startswith("$AOC_USER_AGENT must be printable ASCII"), (memo, unknown)
    assert "Whose records to show is not known." in unknown
    assert not site.requests_for("/2025/leaderboard/self")


def test_a_star_timed_by_an_accepted_answer_is_in_the_sites_zone(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    # No page of times can be read, so 2025 day 1's part 1 is timed by aocd's log of the
    # answer it took, written in UTC (aocd's own log is in local time): shown as the
    # site's clock reads it, as the page's times are.
    site.failing["GET"] = 500
    accepted = unlock_time(2025, 1) + timedelta(minutes=12, seconds=34)
    entry = {"part": "a", "value": "6", "when": accepted.astimezone(UTC).isoformat()}
    log = [entry | {"message": "That's the right answer!"}]
    aocd_loaded.user_dir.mkdir(parents=True)
    (aocd_loaded.user_dir / "2025_01_post.json").write_text(json.dumps(log))
    done = aoc("stats", "2025", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    star = json.loads(done.stdout)["years"][0]["days"][0]["stars"][0]
    assert (star["since_unlock_seconds"], star["earned_at"]) == (754, accepted.isoformat())
    table = aoc("stats", "2025", cwd=tmp_path)
    assert "12:34 (1 Dec 00:12)" in table.stdout, table.stdout


def test_a_damaged_kept_page_is_a_miss(site: FakeAoC, tmp_path: Path) -> None:
    kept = store.stars_file(USER_ID, 2025)
    kept.parent.mkdir(parents=True, exist_ok=True)
    for damage in ("{not json", '{"fetched_at": "x", "times": []}', "[1, 2]"):
        kept.write_text(damage)
        done = aoc("stats", "2025", "--json", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        assert json.loads(done.stdout)["years"][0]["stars"] == 2
    assert stats_requests(site, 2025) == 3
    assert stars.kept_times(USER_ID, 2025) is not None  # repaired by the read


ODD_TABLES = [
    "3   00:00:0\u00b2   00:02:00",
    "9" * 5000 + "  00:01:00  -",
    "3   99999999999999:00:00   00:02:00",
]


def test_a_page_the_site_should_not_send_is_a_table_still(
    site: FakeAoC, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    original = site.respond
    table = ODD_TABLES[0]

    def odd_page(method: str, path: str, *args: Any, **kwargs: Any) -> Reply | None:
        if path == "/2025/leaderboard/self":
            original(method, path, *args, **kwargs)  # recorded, as any request
            return 200, page_of_times([table]), HTML
        return original(method, path, *args, **kwargs)

    monkeypatch.setattr(site, "respond", odd_page)
    for fetched, table in enumerate(ODD_TABLES, start=1):
        store.stars_file(USER_ID, 2025).unlink(missing_ok=True)  # each page fetched anew
        for args in (("--json",), ()):
            done = aoc("stats", "2025", *args, cwd=tmp_path)
            assert done.returncode == 0, (table[:40], done.stdout + done.stderr)
            assert "unexpected" not in done.stdout + done.stderr
        assert stats_requests(site, 2025) == fetched  # the table read from the kept copy


def test_a_kept_page_read_at_no_moment_is_a_miss(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    kept = store.stars_file(USER_ID, 2025)
    kept.parent.mkdir(parents=True, exist_ok=True)
    (aocd_loaded.config / "token").unlink()  # so the kept copy's moment is said
    for fetched_at in ["NaN", "1e300", "-1", '"soon"']:
        kept.write_text(
            f'{{"fetched_at": {fetched_at}, "days": {{"2": 1}}, '
            '"times": {"2": ["00:05:00", "-"]}}'
        )
        done = aoc("stats", "2025", "--json", cwd=tmp_path)
        assert done.returncode == 0, (fetched_at, done.stdout + done.stderr)
        year = json.loads(done.stdout)["years"][0]
        assert year["stars"] == 0, fetched_at
        assert any("no copy of the site's page" in s for s in year["unknown"]), year["unknown"]


def test_a_page_that_could_not_be_kept_is_not_asked_for(site: FakeAoC, tmp_path: Path) -> None:
    """Else every run would ask again, past the site's rule."""
    kept = store.stars_file(USER_ID, 2025)
    kept.mkdir(parents=True)
    for after in (0, 60):
        done = aoc("stats", "2025", "--json", cwd=tmp_path, after=after)
        assert done.returncode == 0, done.stderr
        year = json.loads(done.stdout)["years"][0]
        assert any(
            "could not be kept (the site asks that it be read at most once in 15 "
            f"minutes): {kept} cannot be written (a folder is in its place)." in s
            for s in year["unknown"]
        ), year
    assert stats_requests(site, 2025) == 0


def test_a_year_not_begun_is_not_asked_for(site: FakeAoC, tmp_path: Path) -> None:
    done = aoc("stats", "2026", "--json", cwd=tmp_path, after=-60 * 86400)
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout)["years"][0]["stars"] == 0
    assert stats_requests(site, 2026) == 0


def test_bad_targets_are_said_before_any_request(site: FakeAoC, tmp_path: Path) -> None:
    wrong = aoc("stats", "2025", "--svg", str(tmp_path / "calendar.txt"), cwd=tmp_path)
    assert wrong.returncode == 2 and ".svg" in wrong.stderr, wrong.stderr
    (tmp_path / "a folder.svg").mkdir()
    folder = aoc("stats", "2025", "--svg", str(tmp_path / "a folder.svg"), cwd=tmp_path)
    assert folder.returncode == 2 and "cannot be written" in folder.stderr, folder.stderr
    as_json = aoc("stats", "2025", "--svg", str(tmp_path / "a folder.svg"), "--json", cwd=tmp_path)
    assert as_json.returncode == 2
    assert set(json.loads(as_json.stdout)) == {"error", "exit_code"}
    assert stats_requests(site, 2025) == 0


@pytest.mark.numpy
def test_a_picture_ending_in_png_is_a_png(site: FakeAoC, tmp_path: Path) -> None:
    done = aoc("stats", "2025", "--svg", str(tmp_path / "calendar.PNG"), cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "calendar.PNG").read_bytes().startswith(b"\x89PNG\r\n\x1a\n")


def test_a_picture_named_with_escapes_is_said_escaped_with_and_without_json(
    site: FakeAoC, tmp_path: Path
) -> None:
    """The "Drew the calendar into ..." line names the user's path: shown, never obeyed."""
    name = "cal\x1b]0;owned\x07.svg"
    for json_option in ((), ("--json",)):
        done = aoc("stats", "2025", "--svg", name, *json_option, cwd=tmp_path)
        assert done.returncode == 0, done.stderr
        [line] = done.stderr.splitlines()  # the path as the command resolved it
        assert line.startswith("Drew the calendar into "), done.stderr
        assert line.endswith("/cal\\x1b]0;owned\\x07.svg."), done.stderr
        assert "\x1b" not in done.stderr and "\x07" not in done.stderr
        assert (tmp_path / name).is_file()


def test_the_readme_keeps_a_link_to_the_calendar(site: FakeAoC, tmp_path: Path) -> None:
    (tmp_path / ".aocd_config").mkdir()
    readme = tmp_path / "README.md"
    readme.write_text("# My solutions\n")
    for _ in range(2):
        done = aoc("stats", "2025", "--readme", cwd=tmp_path)
        assert done.returncode == 0, done.stderr
    text = readme.read_text()
    assert text.count("<!-- aoc-calendar:start -->") == 1
    assert "](aoc-calendar.svg)" in text
    ET.parse(tmp_path / "aoc-calendar.svg")


def test_readme_is_checked_for_the_calendars_markers(site: FakeAoC, tmp_path: Path) -> None:
    """Not aoc bench's: those may be anything; misplaced calendar markers fail first."""
    (tmp_path / ".aocd_config").mkdir()
    readme = tmp_path / "README.md"
    bench = "<!-- aoc-bench:end -->\n<!-- aoc-bench:start -->\n"
    readme.write_text(f"# Mine\n{bench}")
    done = aoc("stats", "2025", "--readme", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert readme.read_text().startswith(f"# Mine\n{bench}\n{START}\n![")
    (tmp_path / "aoc-calendar.svg").unlink()
    readme.write_text(f"# Mine\n{END}\n{START}\n")
    misplaced = aoc("stats", "2025", "--readme", cwd=tmp_path)
    assert misplaced.returncode == 2 and f"lines {START} and {END}" in misplaced.stderr
    assert readme.read_text() == f"# Mine\n{END}\n{START}\n"
    assert not (tmp_path / "aoc-calendar.svg").exists()
    assert stats_requests(site, 2025) == 1


def test_a_damaged_bench_history_is_a_sentence(site: FakeAoC, tmp_path: Path) -> None:
    (tmp_path / ".aocd_config").mkdir()
    (tmp_path / "benchmarks").mkdir()
    (tmp_path / "benchmarks" / "history.json").write_text("{damaged")
    done = aoc("stats", "2025", "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    unknown = json.loads(done.stdout)["years"][0]["unknown"]
    assert any("benchmark history" in s and "not used" in s for s in unknown), unknown


@pytest.mark.parametrize("columns", [60, 40])
def test_the_table_on_a_plain_terminal(site: FakeAoC, tmp_path: Path, columns: int) -> None:
    """TERM=dumb, NO_COLOR and CI, 60 or 40 columns: no colour codes, and the table fits
    (at 40, without the attempts: the stars' times and the runtime stay)."""
    plain = dict(os.environ, TERM="dumb", NO_COLOR="1", CI="true", COLUMNS=str(columns))
    done = aoc_in_process("stats", "2025", cwd=tmp_path, env=plain, shift=SHIFT)
    assert done.returncode == 0, done.stderr
    assert "\x1b[" not in done.stdout
    assert "2025: 2 of 24 stars" in done.stdout
    assert all(len(line) <= columns for line in done.stdout.splitlines()), done.stdout
    assert "Runtime" in done.stdout and "05:00" in done.stdout


# ------------------------------------------------------------------------------------------------
# The records of aoc stats: a year's totals from its days.

WHEN = datetime(2086, 12, 1, 5, 12, 34, tzinfo=UTC)


def test_a_year_adds_up_its_stars_first_tries_and_runtimes() -> None:
    browser = StarStats(1, WHEN, timedelta(minutes=12), None, None, earned=True)
    sent = StarStats(2, None, None, 2, False, earned=True)
    first = StarStats(1, WHEN, timedelta(hours=1), 0, True, earned=True)
    none = StarStats(2, None, None, None, None)
    year = YearStats(
        2086,
        (
            DayStats(2086, 1, None, (browser, sent), 0.5),
            DayStats(2086, 2, "Two", (first, none), None),
        ),
        (),
    )
    assert year.stars == 3
    assert year.first_try_rate == 0.5
    assert year.total_runtime == 0.5
    empty = YearStats(2086, (DayStats(2086, 1, None, (none, none), None),), ("why",))
    assert (empty.stars, empty.first_try_rate, empty.total_runtime) == (0, None, None)


# ------------------------------------------------------------------------------------------------
# The calendar picture: its tiles say what the stats say, its text is escaped, its
# bytes are stable, the PNG is a PNG, and the README keeps one link between markers.

TILE_TIME = datetime(2023, 12, 1, 5, 30, tzinfo=UTC)


def star(part: int, since: timedelta | None, earned: bool = True) -> StarStats:
    return StarStats(
        part,
        TILE_TIME if earned else None,
        since if earned else None,
        0 if earned else None,
        True if earned else None,
        earned=earned,
    )


def year_of(year: int, days: int = 25, title: str | None = None) -> YearStats:
    return YearStats(
        year,
        tuple(
            DayStats(
                year,
                day,
                title,
                (
                    star(1, timedelta(minutes=day)),
                    star(2, timedelta(hours=day), earned=day % 3 != 0),
                ),
                day / 1000 if day % 2 else None,
            )
            for day in range(1, days + 1)
        ),
        (),
    )


def tiles(svg: str) -> dict[tuple[int, int], ET.Element]:
    root = ET.fromstring(svg)
    return {
        (int(g.get("data-year", "")), int(g.get("data-day", ""))): g
        for g in root.iter(f"{SVG}g")
        if g.get("class") == "day"
    }


def tile_text(group: ET.Element, cls: str) -> str:
    found = [t for t in group.iter(f"{SVG}text") if t.get("class") == cls]
    assert len(found) == 1
    return found[0].text or ""


def test_since_unlock_is_compact() -> None:
    assert format_since_unlock(timedelta(minutes=12, seconds=34)) == "12:34"
    assert format_since_unlock(timedelta(hours=3, minutes=5, seconds=59)) == "3h 05m"
    assert format_since_unlock(timedelta(days=2)) == ">24h"
    assert format_since_unlock(None) == ""


def test_a_tile_per_day_of_each_year() -> None:
    svg = calendar_svg([year_of(2023), year_of(2025, days=12)])
    found = tiles(svg)
    assert sum(1 for year, _ in found if year == 2023) == 25
    assert sum(1 for year, _ in found if year == 2025) == 12
    headings = [
        t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("class") == "heading"
    ]
    assert headings[0] == "2023 · 42 ★ · 100% first try · 169 ms total runtime"


_since = st.none() | st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=3))
_star = st.tuples(st.booleans(), _since)


@st.composite
def years(draw: st.DrawFn) -> YearStats:
    year = draw(st.sampled_from([2015, 2023, 2025]))
    count = 12 if year >= 2025 else 25
    days = []
    for day in range(1, count + 1):
        parts = 1 if (year < 2025 and day == 25) or (year >= 2025 and day == 12) else 2
        stars = tuple(
            star(part, since, earned)
            for part, (earned, since) in enumerate(
                draw(st.lists(_star, min_size=parts, max_size=parts)), 1
            )
        )
        runtime = draw(st.none() | st.floats(1e-9, 1e3))
        title = draw(st.none() | st.text(CHARACTERS, max_size=30))
        days.append(DayStats(year, day, title, stars, runtime))
    return YearStats(year, tuple(days), ())


@given(years())
@examples(8, wide=600)  # AOC_CONTRACTS=wide: 600, random
def test_tiles_match_the_stats(year: YearStats) -> None:
    found = tiles(calendar_svg([year]))
    assert len(found) == len(year.days)
    for day in year.days:
        group = found[(day.year, day.day)]
        kinds = [t.get("class") for t in group.iter(f"{SVG}tspan")]
        earned = [s for s in day.stars if s.earned_at is not None]
        if len(earned) == len(day.stars):
            assert kinds == ["star gold"] * len(day.stars)
        else:
            assert kinds.count("star silver") == len(earned)
            assert kinds.count("star empty") == len(day.stars) - len(earned)
        last = earned[-1].since_unlock if earned else None
        expected_time = (
            ""
            if last is None
            else (
                ">24h"
                if last >= timedelta(days=1)
                else f"{int(last.total_seconds()) // 3600}h "
                f"{int(last.total_seconds()) % 3600 // 60:02d}m"
                if last >= timedelta(hours=1)
                else f"{int(last.total_seconds()) // 60:02d}:{int(last.total_seconds()) % 60:02d}"
            )
        )
        assert tile_text(group, "time") == expected_time
        runtime = tile_text(group, "runtime")
        assert (runtime == "") == (day.runtime_seconds is None)
        if day.runtime_seconds is not None:
            assert runtime.split()[-1] in {"ns", "µs", "ms", "s"}


def test_hostile_titles_are_escaped() -> None:
    hostile = "<script>alert(\"x\")</script> & 'quotes' ]]>\x00"
    svg = calendar_svg([year_of(2023, title=hostile)])
    assert "<script>" not in svg
    root = ET.fromstring(svg)
    assert not list(root.iter("script")) and not list(root.iter(f"{SVG}script"))
    labels = [t.text or "" for t in root.iter(f"{SVG}title")]
    assert any(hostile.replace("\x00", "\ufffd") in label for label in labels)


def test_same_stats_same_bytes() -> None:
    assert calendar_svg([year_of(2023)]) == calendar_svg([year_of(2023)])


@pytest.mark.numpy
def test_the_png_picture() -> None:
    # Three days reach every kind of tile (gold stars; a silver and an empty one on day
    # 3), and matplotlib draws them far sooner than a whole year.
    small = [year_of(2023, days=3)]
    png = calendar_png(small)
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG\r\n\x1a\n")


def test_readme_markers(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# Mine\n\nPlease keep this.\n", encoding="utf-8")

    def link(picture: Path) -> None:
        update_readme(readme, readme_link(readme, picture), START, END)

    link(tmp_path / "docs" / "calendar.svg")
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("# Mine\n\nPlease keep this.\n\n" + START)
    assert "(docs/calendar.svg)" in text and text.endswith(END + "\n")
    link(tmp_path / "docs" / "calendar.svg")
    assert readme.read_text(encoding="utf-8") == text
    readme.write_text(text + "\nAfter.\n", encoding="utf-8")
    link(tmp_path / "calendar.svg")
    updated = readme.read_text(encoding="utf-8")
    assert updated.count(START) == 1 and "(calendar.svg)" in updated
    assert updated.endswith(END + "\n\nAfter.\n") and "docs/calendar.svg" not in updated


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two `#rrggbb` colours."""

    def luminance(colour: str) -> float:
        channels = [int(colour[i : i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b

    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_text_and_stars_stand_out_on_the_tile_in_both_themes() -> None:
    """Read from the picture's own style: text at least 4.5:1 against the tile, the stars
    (graphics) at least 3:1, on GitHub's light theme and in its dark media query."""
    style = next(ET.fromstring(calendar_svg([year_of(2023)])).iter(f"{SVG}style")).text or ""
    light, dark = style.split("@media (prefers-color-scheme: dark)")
    for theme in (light, dark):
        fills = {
            selector.strip(): colour
            for selectors, colour in re.findall(r"([^{}]+)\{fill:(#[0-9a-f]{6})", theme)
            for selector in selectors.split(",")
        }
        tile = fills[".tile"]
        for selector, least in (
            ("text", 4.5),
            (".time", 4.5),
            (".runtime", 4.5),
            (".gold", 3),
            (".silver", 3),
            (".empty", 3),
        ):
            assert contrast(fills[selector], tile) >= least, (selector, fills[selector], tile)
