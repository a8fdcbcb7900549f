"""Part 2's example once part 1 is in: `aoc run` offers it as a ready-to-paste
`Example(...)`, and `aoc examples` shows what aocd's example parser reads from the page."""

from __future__ import annotations

import json
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process

from aoc2023.framework.calendar import unlock_time

YEAR, DAY = 2076, 5
DAY_05 = """
from aoc2023.framework import Example, Solution

class Day05(Solution[str]):
    examples = [Example("1 2 3\\n", part_1=6)]

    def part_1(self, text: str) -> int:
        return sum(map(int, text.split()))

    def part_2(self, text: str) -> int:
        return 10 * sum(map(int, text.split()))
"""


def a_day_after(year: int) -> float:
    """The clock shift to a day after `year`'s day 5 unlocked (the one thing mocked)."""
    return unlock_time(year, DAY).timestamp() + 86400 - time.time()


def aoc_here(*args: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    """`aoc` in this process (see `site_cli`), where 2076 is a throwaway year."""
    return aoc_in_process(*args, cwd=cwd, shift=a_day_after(YEAR))


@pytest.fixture
def year(tmp_path: Path) -> Iterator[Path]:
    """2076 as a throwaway year of this process, and a working folder outside any project."""
    with temporary_year(tmp_path / "site", YEAR, {"day05.py": DAY_05}):
        (tmp_path / "work").mkdir()
        yield tmp_path / "work"


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        YEAR,
        DAY,
        "Sums",
        inputs={TOKEN: "4 5 6\n"},
        example="1 2 3",
        example_answers=("6", "60"),
        solutions=["15", "150"],
    )
    return fake_aoc


def test_run_offers_part_2s_example_once_part_1_is_accepted(
    site: FakeAoC, aocd_loaded: AocdHome, year: Path
) -> None:
    done = aoc_here("run", str(YEAR), str(DAY), "--yes", "--json", cwd=year)
    assert done.returncode == 0, done.stderr
    notices = json.loads(done.stdout)["notices"]
    # Part 1 went in; part 2 (150) too, as it may: it is the right answer on the fake.
    assert not any("part 2's example" in notice for notice in notices), notices


def test_run_offers_it_after_part_1_and_not_after_part_2(
    site: FakeAoC, aocd_loaded: AocdHome, year: Path, tmp_path: Path
) -> None:
    site.puzzles[YEAR, DAY].solutions[TOKEN] = ["15", "151"]  # part 2 wrong: only part 1 is in
    done = aoc_here("run", str(YEAR), str(DAY), "--yes", "--json", cwd=year)
    assert done.returncode == 1, done.stderr  # part 2's answer was wrong
    notices = json.loads(done.stdout)["notices"]
    offered = [n for n in notices if "part 2's example" in n]
    assert offered == [
        f"{YEAR} day {DAY}: part 1 is in; part 2's example, as aocd's example parser reads "
        "the page (check it), to paste into the day's examples:\n"
        'Example("""\n1 2 3\n""", part_1=6, part_2=60),'
    ], notices

    # The next run repeats it from the note kept beside aocd's cache: no request.
    before = len(site.requests)
    repeat = aoc_here("run", str(YEAR), str(DAY), "--no-submit", "--json", cwd=year)
    assert offered[0] in json.loads(repeat.stdout)["notices"]
    assert len(site.requests) == before

    # Declared in the day (the day as written since: a package of the year imported anew,
    # hiding the one above): not offered again, and no request for it.
    declared = DAY_05.replace("part_1=6)", "part_1=6, part_2=60)")
    with temporary_year(tmp_path / "site-declared", YEAR, {"day05.py": declared}):
        before = len(site.requests)
        again = aoc_here("run", str(YEAR), str(DAY), "--no-submit", "--json", cwd=year)
    assert again.returncode == 1, again.stderr  # part 2's answer the site refused: wrong
    assert not any("part 2's example" in n for n in json.loads(again.stdout)["notices"])
    assert len(site.requests) == before


def test_no_part_2_answer_on_the_page_is_said(
    site: FakeAoC, aocd_loaded: AocdHome, year: Path
) -> None:
    site.puzzles[YEAR, DAY].example_answers = ("6", None)
    site.puzzles[YEAR, DAY].answers[TOKEN].append("15")
    aocd_loaded.cache_answer(YEAR, DAY, 1, "15")
    done = aoc_here("run", str(YEAR), str(DAY), "--no-submit", cwd=year)
    assert "aocd's example parser finds none on the page" in done.stderr, done.stderr
    assert f"(aoc read {YEAR} {DAY})" in done.stderr


def test_examples_shows_what_the_parser_reads_now(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    before = aoc_here("examples", str(YEAR), str(DAY), cwd=tmp_path)
    assert before.returncode == 0, before.stderr
    assert before.stdout == (
        f"# {YEAR} day {DAY} (Sums): 1 example as aocd's example parser reads the page now. "
        "Check the answers.\n\n"
        'EXAMPLE = """\n1 2 3\n"""\n\n'
        "    # The example's answers as aocd's example parser read them from the puzzle page: "
        "check them.\n"
        "    # Add part_2=... to an example once part 2 is unlocked.\n"
        "    examples = [\n"
        "        Example(EXAMPLE, part_1=6),\n"
        "    ]\n"
    )
    site.puzzles[YEAR, DAY].answers[TOKEN].append("15")
    aocd_loaded.cache_answer(YEAR, DAY, 1, "15")
    after = aoc_here("examples", str(YEAR), str(DAY), cwd=tmp_path)
    assert after.returncode == 0, after.stderr
    assert "Fetched the page again" in after.stderr
    assert "        Example(EXAMPLE, part_1=6, part_2=60),\n" in after.stdout
    pages = site.requests_for(f"/{YEAR}/day/{DAY}")
    assert len(pages) == 2


def test_examples_failures_are_one_sentence(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    no_token = aoc_here("examples", str(YEAR), str(DAY), cwd=tmp_path)
    assert no_token.returncode == 2
    assert no_token.stderr.startswith("Error: No Advent of Code session token is set")
    aocd_loaded.set_token()
    fake_aoc.stop()  # the site's address now refuses, as with no network
    no_network = aoc_here("examples", "2023", "7", cwd=tmp_path)
    assert no_network.returncode == 2
    assert no_network.stderr.startswith("Error: Could not reach adventofcode.com")
    assert no_network.stderr.count("\n") == 1


def test_a_damaged_note_neither_hides_the_run_nor_fails_it(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """The note of part 2's example is only a copy of what the page says: a damaged one
    is made again from the page, and the run's table and exit code stand."""
    year = 2079
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        year,
        DAY,
        "Sums",
        inputs={TOKEN: "4 5 6\n"},
        example="1 2 3",
        example_answers=("6", "60"),
        solutions=["15", "150"],
        answers=["15"],
    )
    aocd_loaded.cache_input(year, DAY, "4 5 6\n")
    aocd_loaded.cache_answer(year, DAY, 1, "15")
    note = aocd_loaded.user_dir / f"{year}_{DAY:02d}_aoc_part2_example.txt"
    note.write_bytes(b"\xff\xfe\x00 not text")
    with temporary_year(tmp_path / "site", year, {"day05.py": DAY_05}):
        done = aoc_in_process(
            "run", str(year), str(DAY), "--no-submit", cwd=tmp_path, shift=a_day_after(year)
        )
    assert done.returncode == 0, done.stderr
    assert "✔ 15" in done.stdout, done.stdout  # the table is shown
    assert "part_2=60" in done.stderr and "Traceback" not in done.stderr
    assert "part_2=60" in note.read_text(encoding="utf-8")  # made again
