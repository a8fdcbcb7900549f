"""What the site says back, when it is not what `aoc` expects: an answer's reply it cannot
read, and an input that is an HTML page. Against the loopback stand-in site, on a
throwaway year (2090) whose day 1 answers 1 and 2."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC, Puzzle
from site_cli import aoc_in_process

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

MAINTENANCE = ("<!DOCTYPE html>\n<html><head><title>Maintenance</title></head>"
               "<body>Advent of Code is down for maintenance.</body></html>\n")


def test_a_web_page_served_as_the_input_is_not_cached(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, puzzle: Puzzle
) -> None:
    puzzle.inputs[TOKEN] = MAINTENANCE
    code, day = run_day()
    assert day["error"] == (f"adventofcode.com sent a web page instead of the input of {YEAR} "
                            "day 1 (down for maintenance?), so it was not kept; try again later.")
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
    assert day["error"] == (f"aocd's cached input {cached} is a web page, not a puzzle input "
                            "(the site was down when it was fetched?): delete it, and the next "
                            "run fetches it again.")
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
    said = ("That's the right answer! You are one gold star closer to restoring snow "
            "operations. You have completed Day 7! You can [Share] this victory or "
            "[Return to Your Advent Calendar].")
    [line] = [line for line in done.stderr.splitlines() if "part 2: sent 2" in line]
    assert line.endswith(f": {said}"), line
    for shown in (done.stdout, done.stderr):
        assert "Twitter" not in shown and "Mastodon" not in shown and "Bluesky" not in shown
        assert "operations.You" not in shown and "[Shareon" not in shown
