"""Several years in one command: `aoc run`, `aoc bench` and `aoc list` take a year, a range,
a list or `all` (registry.parse_years), and the days apply to each year. The years here
are two throwaway ones, 2068 and 2069, with one small day each."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import temporary_year
from fake_clock import cap_runs
from site_cli import aoc_in_process

from aoc2023.framework import registry
from aoc2023.framework.bench import outputs
from aoc2023.framework.bench.outputs import END, START
from aoc2023.framework.errors import UsageError

DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Year {year}"
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
"""


@pytest.fixture
def two_years(tmp_path: Path) -> Iterator[tuple[int, int]]:
    """2068 with day 1, and 2069 with day 2."""
    with (temporary_year(tmp_path / "site68", 2068, {"day01.py": DAY.format(year=2068)}),
          temporary_year(tmp_path / "site69", 2069, {"day02.py": DAY.format(year=2069)})):
        yield 2068, 2069


def results_of(*args: str) -> list[tuple[int, int]]:
    result = aoc_in_process(*args, "--json")
    assert result.returncode == 0, result.stderr
    return [(day["year"], day["day"]) for day in json.loads(result.stdout)["results"]]


def test_a_year_a_range_a_list_and_all(two_years: tuple[int, int]) -> None:
    assert registry.parse_years("2068") == [2068]
    assert registry.parse_years("2069,2068") == [2068, 2069]
    assert registry.parse_years(" 2060-2069 ") == [2068, 2069]  # a range: years with days
    assert registry.parse_years("2031,2068-2068") == [2031, 2068]  # a year alone: as asked
    assert {2068, 2069} <= set(registry.parse_years("all"))
    assert {2068, 2069} <= set(registry.parse_years("ALL"))


@pytest.mark.parametrize(
    ("spec", "message"),
    [("x", "Bad year list 'x': use a year (2023), a range (2015-2024)"),
     ("2068,", "Bad year list"), ("23", "Bad year list"), ("2069-2068", "runs backwards"),
     ("2014", "started in 2015"), ("2040-2049", "No year from 2040 to 2049 has days yet.")],
)
def test_bad_year_lists_are_refused(spec: str, message: str) -> None:
    with pytest.raises(UsageError, match=re.escape(message)):
        registry.parse_years(spec)


def test_run_takes_several_years_and_their_days(two_years: tuple[int, int]) -> None:
    assert results_of("run", "2068-2069", "--example") == [(2068, 1), (2069, 2)]
    assert results_of("run", "2069,2068", "--example") == [(2068, 1), (2069, 2)]
    # The days apply to each year: 2069 has no day 1, which is said and skipped.
    result = aoc_in_process("run", "2068,2069", "1", "--example")
    assert result.returncode == 0, result.stderr
    assert "2068/01" in result.stdout and "2069" not in result.stdout.replace("2068", "")
    assert "No solution yet for 2069 day 1: skipped." in result.stderr


def test_of_several_years_those_without_such_days_are_skipped(tmp_path: Path) -> None:
    """`aoc run 2015-2025 20` failed on 2025 (12 days); 2051 and 2052 play 2025 here."""
    with (temporary_year(tmp_path / "s17", 2017, {"day20.py": DAY.format(year=2017)}),
          temporary_year(tmp_path / "s51", 2051, {"day01.py": DAY.format(year=2051)}),
          temporary_year(tmp_path / "s52", 2052, {})):
        result = aoc_in_process("run", "2017,2051-2052", "20", "--example")
        assert result.returncode == 0, result.stderr
        assert "2017/20" in result.stdout
        assert result.stderr.strip() == "No day(s) 20 in 2051, 2052: skipped."
        result = aoc_in_process("run", "2051-2052", "--example")  # 2052 has no day at all
        assert result.returncode == 0, result.stderr
        assert result.stderr.strip() == "No days yet in 2052: skipped."
        alone = aoc_in_process("run", "2051", "20", "--example")  # named alone: refused
        assert alone.returncode == 2
        assert "days of 2051 run from 1 to 12" in alone.stderr
        assert "Traceback" not in alone.stderr
        none = aoc_in_process("run", "2051-2052", "20", "--example")  # no year has them
        assert none.returncode == 2 and "days of 2051 run from 1 to 12" in none.stderr
        # A range runs, in each year, the days that year has: 2051's 1-12 of 1-20.
        ranged = aoc_in_process("run", "2017,2051", "1,12-20", "--example")
        assert ranged.returncode == 0, ranged.stderr
        assert "2017/20" in ranged.stdout and "2051/01" in ranged.stdout
        assert "No day(s) 1,12-20 in 2051" not in ranged.stderr


@pytest.mark.parametrize("command", ["run", "bench", "list"])
def test_a_bad_year_list_is_one_sentence_and_exit_2(command: str) -> None:
    result = aoc_in_process(command, "2019-x")
    assert result.returncode == 2
    assert result.stderr.strip().splitlines() == [
        "Error: Bad year list '2019-x': use a year (2023), a range (2015-2024), a list "
        "(2018,2019) or all."]


def test_input_file_needs_exactly_one_year_and_day(
    two_years: tuple[int, int], tmp_path: Path
) -> None:
    (tmp_path / "in.txt").write_text("abcd\n")
    result = aoc_in_process("run", "2068,2069", "--input", str(tmp_path / "in.txt"))
    assert result.returncode == 2
    assert "name exactly one year and one day" in result.stderr


def test_list_takes_several_years(two_years: tuple[int, int]) -> None:
    result = aoc_in_process("list", "2068-2069", "--json")
    assert result.returncode == 0, result.stderr
    days = [(day["year"], day["day"]) for day in json.loads(result.stdout)["days"]]
    assert days == [(2068, 1), (2069, 2)]


def test_bench_takes_several_years_and_the_readme_table_keeps_every_years_rows(
    two_years: tuple[int, int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap_runs(monkeypatch, max_runs=1)  # the rows are the subject, not the figures
    # The charts beside the table are test_bench_plot's: drawing one costs more than the
    # rest of this test, matplotlib's import most of it.
    monkeypatch.setattr(outputs, "available", lambda: False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    readme = tmp_path / "README.md"
    readme.write_text(f"# Mine\n{START}\n| 7 | a row from before, of no year |\n{END}\n")

    def rows() -> list[str]:
        table = readme.read_text().split(START)[1].split(END)[0]
        return [line.split(" | ")[0] for line in table.splitlines() if line.startswith("| 20")
                or line.startswith("| **20")]

    # Both years in one command (which days are benched is a subject too), then one of
    # them again: it replaces its own rows and keeps the other year's.
    assert results_of("bench", "2069,2068", "--example", "--budget", "0.05", "--readme") == [
        (2068, 1), (2069, 2)]
    assert rows() == ["| 2068/01", "| **2068**", "| 2069/02", "| **2069**"]
    result = aoc_in_process("bench", "2068", "--example", "--budget", "0.05", "--readme")
    assert result.returncode == 0, result.stderr
    assert rows() == ["| 2068/01", "| **2068**", "| 2069/02", "| **2069**"]
    assert "of no year" not in readme.read_text()
