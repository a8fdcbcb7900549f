"""`aoc list [YEAR]`: days, titles, examples per part, and which answers are known."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from conftest import AocdHome, temporary_year
from site_cli import aoc_in_process

from aoc2023.framework.registry import registered_years

DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Made Up"
    examples = [Example("abc", part_1=3), Example("ab", part_1=2, part_2=4)]
"""


def aoc(*args: str) -> CompletedProcess[str]:
    return aoc_in_process(*args)


def day_7_row(output: str) -> str:
    [row] = [line for line in output.splitlines() if "2023/07" in line]
    return row


@pytest.fixture
def year_2096(tmp_path: Path) -> Iterator[Path]:
    """`aoc2096`: 12 days a year from 2025 on, so day 12 is its last; day 2 is broken."""
    files = {"day01.py": DAY, "day02.py": "import no_such_module_here\n",
             "day12.py": DAY.replace(", part_2=4", "")}
    with temporary_year(tmp_path / "site", 2096, files) as package:
        yield package


def test_without_a_token_days_are_listed_and_no_answer_is_known(aocd_home: AocdHome) -> None:
    result = aoc("list", "2023")
    assert result.returncode == 0, result.stderr
    assert "Camel Cards" in day_7_row(result.stdout)
    assert day_7_row(result.stdout).count("? unknown") == 2
    assert "No Advent of Code session token is set (looked in" in result.stderr


def test_cached_answers_are_known_and_nothing_is_fetched(aocd_home: AocdHome) -> None:
    aocd_home.set_token()
    aocd_home.cache_answer(2023, 7, 1, "6440")
    row = day_7_row(aoc("list").stdout)  # every year: 2023 among them
    assert "✔ known" in row and "? unknown" in row
    aocd_home.cache_answer(2023, 7, 2, "5905")
    result = aoc("list", "2023", "--json")
    assert result.returncode == 0
    payload = json.loads(result.stdout)
    [day_7] = [day for day in payload["days"] if day["day"] == 7]
    assert day_7 == {
        "year": 2023, "day": 7, "title": "Camel Cards", "error": None,
        "parts": [{"part": 1, "examples": 1, "answer_known": True},
                  {"part": 2, "examples": 1, "answer_known": True}],
    }
    assert payload["notices"] == []


def test_listing_never_imports_aocd(aocd_home: AocdHome) -> None:
    """aocd is the only thing that talks to adventofcode.com: not importing it is proof."""
    aocd_home.set_token()
    aocd_home.cache_answer(2023, 7, 1, "6440")
    code = (
        "import sys\n"
        "from aoc2023.framework.cli import main\n"
        "code = main(['list', '2023'])\n"
        "assert 'aocd' not in sys.modules, 'aocd was imported'\n"
        "sys.exit(code)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], env=aocd_home.env(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "✔ known" in day_7_row(done.stdout)


def test_a_token_whose_user_aocd_does_not_know_yet_says_so(aocd_home: AocdHome) -> None:
    aocd_home.set_token(user_id=None)
    result = aoc("list", "2023")
    assert result.returncode == 0
    assert "does not know yet whose session token this is" in result.stderr


def test_examples_per_part_the_last_day_and_a_broken_day(year_2096: Path) -> None:
    result = aoc("list", "2096")
    assert result.returncode == 2
    rows = {line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:-1]]
            for line in result.stdout.splitlines() if "2096/" in line}
    assert rows["2096/01"] == ["Made Up", "2", "1", "? unknown", "? unknown"], result.stderr
    assert rows["2096/12"] == ["Made Up", "2", "no part 2", "? unknown", "no part 2"]
    assert rows["2096/02"][0] == "! could not load (below)"
    assert "2096 day 2: Could not import aoc2096.day02" in result.stderr
    assert 2096 in registered_years() and 2023 in registered_years()


def test_a_year_with_no_package_is_one_sentence() -> None:
    result = aoc("list", "2031")
    assert result.returncode == 2
    assert "No days for 2031" in result.stderr
