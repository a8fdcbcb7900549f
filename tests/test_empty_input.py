"""An input or a puzzle page that is empty (or only whitespace) is none: the site's empty
reply is not kept, run or sent, and an empty file in aocd's cache is removed, named and
fetched again (aocd/paths.py `drop_empty`, aocd/client.py). Against the stand-in site on
loopback, with aocd's cache in real files."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process

YEAR, DAY = 2016, 3
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
    with temporary_year(tmp_path / "site", YEAR, {"day03.py": DAY_MODULE}):
        yield fake_aoc


def posts(site: FakeAoC) -> list[object]:
    return [request for request in site.requests if request.method == "POST"]


@pytest.mark.parametrize("reply", ["", " \n\n", "\n"])
def test_an_empty_reply_is_not_kept_run_or_sent_and_the_next_run_fetches_again(
    year: FakeAoC, aocd_loaded: AocdHome, reply: str
) -> None:
    year.add_puzzle(YEAR, DAY, "Squares", inputs={TOKEN: reply}, solutions=["5", "5"])
    cached = aocd_loaded.user_dir / f"{YEAR}_{DAY:02d}_input.txt"
    for _ in range(2):
        result = aoc_in_process("run", str(YEAR), str(DAY), "--yes", "--json")
        assert result.returncode == 2, result.stderr
        [day] = json.loads(result.stdout)["results"]
        assert "adventofcode.com sent an empty input for 2016 day 3" in day["error"]
        assert "the next run fetches it again" in day["error"]
        assert day["parts"] == []
        assert not cached.exists()
        assert posts(year) == []
    assert len(year.requests_for(f"/{YEAR}/day/{DAY}/input")) == 2
    year.puzzles[(YEAR, DAY)].inputs[TOKEN] = "hello"
    result = aoc_in_process("run", str(YEAR), str(DAY), "--yes", "--json")
    assert result.returncode == 0, result.stderr
    assert cached.read_text() == "hello"
    assert posts(year)  # sent once the input is one


@pytest.mark.parametrize("cached_text", ["", "  \n", "\n\n"])
def test_an_empty_cached_input_is_named_removed_and_fetched_again(
    year: FakeAoC, aocd_loaded: AocdHome, cached_text: str
) -> None:
    year.add_puzzle(YEAR, DAY, "Squares", inputs={TOKEN: "hello"}, solutions=["5", "5"])
    cached = aocd_loaded.cache_input(YEAR, DAY, cached_text)
    result = aoc_in_process("run", str(YEAR), str(DAY), "--no-submit", "--json")
    assert result.returncode == 0, result.stderr
    assert f"aocd's cached input {cached} was empty (damaged)" in result.stderr
    [day] = json.loads(result.stdout)["results"]
    assert [part["answer"] for part in day["parts"]] == ["5", "5"]
    assert cached.read_text() == "hello"
    assert len(year.requests_for(f"/{YEAR}/day/{DAY}/input")) == 1


def test_an_empty_cached_input_of_an_unknown_owner_is_fetched_again(
    year: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """The owner not memoised, aocd itself would read its cached file: the rule is kept
    on that path too (client.fetch_input)."""
    year.add_user(TOKEN, login="tester")
    year.add_puzzle(YEAR, DAY, "Squares", inputs={TOKEN: "hello"}, solutions=["5", "5"])
    cached = aocd_loaded.cache_input(YEAR, DAY, "")
    (aocd_loaded.config / "token2id.json").unlink()
    result = aoc_in_process("run", str(YEAR), str(DAY), "--no-submit", "--json")
    assert result.returncode == 0, result.stderr
    assert "was empty (damaged)" in result.stderr
    assert cached.read_text() == "hello"


def test_a_cached_page_of_0_bytes_is_named_and_fetched_again_by_read_and_examples(
    year: FakeAoC, aocd_loaded: AocdHome
) -> None:
    year.add_puzzle(
        YEAR,
        DAY,
        "Squares",
        inputs={TOKEN: "hello"},
        solutions=["5", "5"],
        example="abc",
        example_answers=("3", None),
    )
    aocd_loaded.cache_input(YEAR, DAY, "hello")
    page = aocd_loaded.user_dir / f"{YEAR}_{DAY:02d}_prose.1.html"
    logged_out = aocd_loaded.data / "prose" / f"{YEAR}_{DAY:02d}_prose.0.html"
    for command in ("read", "examples"):
        for damaged in (page, logged_out):
            damaged.parent.mkdir(parents=True, exist_ok=True)
            damaged.write_text("")
        result = aoc_in_process(command, str(YEAR), str(DAY))
        assert result.returncode == 0, result.stderr
        for damaged in (page, logged_out):
            assert f"aocd's cached puzzle page {damaged} was empty (damaged)" in result.stderr
        assert "Squares" in result.stdout
        assert "heading not found" not in result.stderr


def test_new_writes_the_title_and_example_over_a_page_of_0_bytes(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        YEAR,
        DAY,
        "Squares",
        inputs={TOKEN: "hello"},
        solutions=["5", "5"],
        example="abc",
        example_answers=("3", None),
    )
    page = aocd_loaded.data / "prose" / f"{YEAR}_{DAY:02d}_prose.0.html"
    page.parent.mkdir(parents=True)
    page.write_text("")
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    with temporary_year(tmp_path / "source", YEAR, {}) as package:
        result = aoc_in_process("new", str(YEAR), str(DAY), cwd=package.parent)
        assert result.returncode == 0, result.stderr
        assert f"aocd's cached puzzle page {page} was empty (damaged)" in result.stderr
        written = (package / f"day{DAY:02d}.py").read_text()
    assert "Squares" in written
    assert "abc" in written


def test_new_writes_the_title_and_example_when_the_input_is_empty(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """The site that sent an empty input still serves the page: only the input is missing."""
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        YEAR,
        DAY,
        "Squares",
        inputs={TOKEN: ""},
        solutions=["5", "5"],
        example="abc",
        example_answers=("3", None),
    )
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'x'\n")
    with temporary_year(tmp_path / "source", YEAR, {}) as package:
        result = aoc_in_process("new", str(YEAR), str(DAY), "--json", cwd=package.parent)
        assert result.returncode == 0, result.stderr
        written = (package / f"day{DAY:02d}.py").read_text()
    assert "Squares" in written
    assert "abc" in written
    report = json.loads(result.stdout)
    assert report["title"] == "Squares"
    assert report["input_cached"] is False
    assert any("sent an empty input" in notice for notice in report["notices"])
    assert not (aocd_loaded.user_dir / f"{YEAR}_{DAY:02d}_input.txt").exists()
