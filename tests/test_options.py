"""YEARS DAYS resolved once, by the command line (commands/options.py): the day list's grammar, the
(year, day) pairs and the notices of what was skipped; and the flow below it, which runs
the pairs it is handed and finds a day with no solution only when it looks the day up."""

from __future__ import annotations

import json
import re
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ONE_DAY, AocdHome, temporary_year
from fake_clock import cap_runs
from site_cli import aoc_in_process

from aoc2023.framework import registry, watch
from aoc2023.framework.bench import outputs
from aoc2023.framework.bench.outputs import END, START
from aoc2023.framework.commands.options import days_of, parse_days, resolve
from aoc2023.framework.errors import DayLoadError, MissingDayError, NoSolutionsYet, UsageError
from aoc2023.framework.inputs import DayInputs, RunRequest, days_to_run
from aoc2023.framework.results import CouldNotRun


@pytest.fixture
def years(tmp_path: Path) -> Iterator[None]:
    """2017 (25 days) with days 3 and 20; 2051 (12 days) with day 1; 2052 with none; 2053,
    whose package does not import."""
    with (
        temporary_year(tmp_path / "s17", 2017, {"day03.py": ONE_DAY, "day20.py": ONE_DAY}),
        temporary_year(tmp_path / "s51", 2051, {"day01.py": ONE_DAY}),
        temporary_year(tmp_path / "s52", 2052, {}),
        temporary_year(tmp_path / "s53", 2053, {"__init__.py": "raise RuntimeError('no')"}),
    ):
        yield


def test_a_day_a_range_and_a_list(years: None) -> None:
    assert parse_days("7", 2023) == [7]
    assert parse_days("1-7", 2023) == [1, 2, 3, 4, 5, 6, 7]
    assert parse_days("1,3,5", 2023) == [1, 3, 5]
    assert parse_days(" 1-3 ,7", 2023) == [1, 2, 3, 7]
    assert parse_days("12", 2052) == [12]
    assert parse_days("10-25", 2051, clip=True) == [10, 11, 12]
    assert days_of(None, 2017) == [3, 20]  # no DAYS: the days the year has
    with pytest.raises(UsageError, match=r"^There are no days of 2052 yet: add one"):
        days_of(None, 2052)


@pytest.mark.parametrize(
    ("spec", "year", "message"),
    [
        ("0", 2023, "run from 1 to 25"),
        ("26", 2023, "run from 1 to 25"),
        ("13", 2025, "run from 1 to 12"),
        ("7-3", 2023, "run from 1 to 25"),
        ("x", 2023, "Bad day list"),
        ("1,,2", 2023, "Bad day list"),
        ("7", 2014, "started in 2015"),
        ("2018", 2019, r"run from 1 to 25\. For several years, join them: 2019,2018\."),
    ],
)
def test_bad_day_lists_are_refused(spec: str, year: int, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_days(spec, year)


def test_several_years_resolve_to_pairs_and_what_was_skipped(years: None) -> None:
    asked = resolve((2017, 2051, 2052), "1-3,20")
    assert asked.years == (2017, 2051, 2052) and asked.spec == "1-3,20"
    assert asked.days == (
        (2017, 1),
        (2017, 2),
        (2017, 3),
        (2017, 20),
        (2051, 1),
        (2051, 2),
        (2051, 3),
        (2052, 1),
        (2052, 2),
        (2052, 3),
    )  # a day's module: looked up later
    assert asked.notices == ()
    assert resolve((2017, 2051, 2052), "20").notices == ("No day(s) 20 in 2051, 2052: skipped.",)
    every = resolve((2017, 2051, 2052), None)
    assert every.days == ((2017, 3), (2017, 20), (2051, 1))
    assert every.notices == ("No days yet in 2052: skipped.",)
    with pytest.raises(UsageError, match=r"^Bad day list '20': days of 2051 run from 1 to 12"):
        resolve((2051, 2052), "20")  # no year has them
    with pytest.raises(UsageError, match=r"^Bad day list '20': days of 2051 run from 1 to 12"):
        resolve((2051,), "20")  # a year named alone is not clipped


def test_a_year_package_that_does_not_import_is_skipped_unless_alone(years: None) -> None:
    asked = resolve((2017, 2053), None)
    assert asked.days == ((2017, 3), (2017, 20))
    [notice] = asked.notices
    assert isinstance(notice, CouldNotRun)  # the command's exit code is then 2
    assert notice.startswith("Could not run 2053: Could not import the year package aoc2053")
    with pytest.raises(DayLoadError, match="RuntimeError: no"):
        resolve((2053,), None)


def test_the_flow_runs_the_pairs_it_is_given_and_finds_missing_days_by_looking(
    year_with_day_7: int,
) -> None:
    """`days_to_run` takes the pairs as given, parsing nothing (day 30 is no day of the
    calendar: it is looked up, and has no module), says the command line's notices first,
    and raises no UsageError: a day with no solution is found as it is looked up."""
    year = year_with_day_7
    notices: list[str] = []
    request = RunRequest(((year, 30), (year, 7)), example=True, skipped=("said first",))
    days = list(days_to_run(request, notices))
    assert [
        (day.solution_class.year, day.solution_class.day)
        for day in days
        if isinstance(day, DayInputs)
    ] == [(year, 7)]
    assert notices == ["said first", f"No solution yet for {year} day 30: skipped."]
    with pytest.raises(MissingDayError, match=rf"^{year} day 8 has no solution yet") as one:
        list(days_to_run(RunRequest(((year, 8),), example=True), []))
    with pytest.raises(
        NoSolutionsYet, match=rf"^None of the days asked for has a solution yet in {year}\.$"
    ) as several:
        list(days_to_run(RunRequest(((year, 8), (year, 9)), example=True), []))
    assert not isinstance(one.value, UsageError) and not isinstance(several.value, UsageError)


BROKEN_HELPER = """
from pathlib import Path

with Path({record!r}).open("a") as record:
    record.write("listed\\n")
raise RuntimeError("a helper that does not import")
"""


def test_a_multi_year_run_resolves_its_days_once(tmp_path: Path, aocd_home: AocdHome) -> None:
    """`aoc run 2016,2017 --wait` on the user's input: the days of each year are listed once
    (each listing imports the year's other modules: here a helper that records it and
    fails), though the wait and the run both need them; the helper's failure is said once
    a year."""
    record = tmp_path / "listings.txt"
    files = {"day01.py": ONE_DAY, "helper.py": BROKEN_HELPER.format(record=str(record))}
    aocd_home.set_token()
    for year in (2016, 2017):
        aocd_home.cache_input(year, 1, "abcd")
    with (
        temporary_year(tmp_path / "s16", 2016, files),
        temporary_year(tmp_path / "s17", 2017, files),
    ):
        result = aoc_in_process("run", "2016,2017", "--wait", "--no-submit", "--json")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [(day["year"], day["day"], day["parts"][0]["answer"]) for day in payload["results"]] == [
        (2016, 1, "4"),
        (2017, 1, "4"),
    ]
    assert record.read_text().splitlines() == ["listed", "listed"]
    said = [notice for notice in payload["notices"] if "helper that does not import" in notice]
    assert [notice.split(":")[0] for notice in said] == [
        "Could not import aoc2016.helper",
        "Could not import aoc2017.helper",
    ]


def test_each_pass_of_a_watch_resolves_the_days_again(
    year_with_day_7: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aoc run YEAR --watch` checks DAYS once, then hands the watch the command line's
    words, not the days found then: each pass (a process of its own) lists them again, so
    a day added while watching is run. The watch itself (a process that waits for saves)
    is test_watch's; here its passes' command line is run in this process."""
    year = year_with_day_7
    handed: list[watch.WatchRequest] = []
    monkeypatch.setattr(watch, "watch_days", lambda request, say: handed.append(request))
    assert aoc_in_process("run", str(year), "--watch").returncode == 0
    assert handed == [watch.WatchRequest((year,), None, None, False)]
    refused = aoc_in_process("run", str(year), "30", "--watch")  # said once, before watching
    assert refused.returncode == 2 and "Bad day list '30'" in refused.stderr
    assert len(handed) == 1

    package = Path(registry.year_files(year).folders[0])
    (package / "day08.py").write_text(ONE_DAY)  # added while watching
    command = shlex.split(watch.child_command(handed[0]._replace(as_json=True)))
    assert command[3:5] == ["run", str(year)]
    result = aoc_in_process(*command[3:])
    assert result.returncode == 0, result.stderr
    assert [(day["year"], day["day"]) for day in json.loads(result.stdout)["results"]] == [
        (year, 7),
        (year, 8),
    ]


# ------------------------------------------------------------------------------------------------
# Several years in one command: `aoc run`, `aoc bench` and `aoc list` take a year, a range,
# a list or `all` (registry.parse_years), and the days apply to each year. The years here
# are two throwaway ones, 2068 and 2069, with one small day each.

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
    with (
        temporary_year(tmp_path / "site68", 2068, {"day01.py": DAY.format(year=2068)}),
        temporary_year(tmp_path / "site69", 2069, {"day02.py": DAY.format(year=2069)}),
    ):
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
    [
        ("x", "Bad year list 'x': use a year (2023), a range (2015-2024)"),
        ("2068,", "Bad year list"),
        ("23", "Bad year list"),
        ("2069-2068", "runs backwards"),
        ("2014", "started in 2015"),
        ("2040-2049", "No year from 2040 to 2049 has days yet."),
    ],
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
    with (
        temporary_year(tmp_path / "s17", 2017, {"day20.py": DAY.format(year=2017)}),
        temporary_year(tmp_path / "s51", 2051, {"day01.py": DAY.format(year=2051)}),
        temporary_year(tmp_path / "s52", 2052, {}),
    ):
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
        "(2018,2019) or all."
    ]


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
    # The charts beside the table are test_bench_outputs': drawing one costs more than the
    # rest of this test, matplotlib's import most of it.
    monkeypatch.setattr(outputs, "available", lambda: False)
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    readme = tmp_path / "README.md"
    readme.write_text(f"# Mine\n{START}\n| 7 | a row from before, of no year |\n{END}\n")

    def rows() -> list[str]:
        table = readme.read_text().split(START)[1].split(END)[0]
        return [
            line.split(" | ")[0]
            for line in table.splitlines()
            if line.startswith("| 20") or line.startswith("| **20")
        ]

    # Both years in one command (which days are benched is a subject too), then one of
    # them again: it replaces its own rows and keeps the other year's.
    assert results_of("bench", "2069,2068", "--example", "--budget", "0.05", "--readme") == [
        (2068, 1),
        (2069, 2),
    ]
    assert rows() == ["| 2068/01", "| **2068**", "| 2069/02", "| **2069**"]
    result = aoc_in_process("bench", "2068", "--example", "--budget", "0.05", "--readme")
    assert result.returncode == 0, result.stderr
    assert rows() == ["| 2068/01", "| **2068**", "| 2069/02", "| **2069**"]
    assert "of no year" not in readme.read_text()
