"""YEARS DAYS resolved once, by the command line (commands/options.py): the day list's grammar, the
(year, day) pairs and the notices of what was skipped; and the flow below it, which runs
the pairs it is handed and finds a day with no solution only when it looks the day up."""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ONE_DAY, AocdHome, temporary_year
from site_cli import aoc_in_process

from aoc2023.framework import registry, watch
from aoc2023.framework.commands.options import days_of, parse_days, resolve
from aoc2023.framework.errors import DayLoadError, MissingDayError, NoSolutionsYet, UsageError
from aoc2023.framework.inputs import DayInputs, RunRequest, days_to_run
from aoc2023.framework.results import CouldNotRun


@pytest.fixture
def years(tmp_path: Path) -> Iterator[None]:
    """2017 (25 days) with days 3 and 20; 2051 (12 days) with day 1; 2052 with none; 2053,
    whose package does not import."""
    with (temporary_year(tmp_path / "s17", 2017, {"day03.py": ONE_DAY, "day20.py": ONE_DAY}),
          temporary_year(tmp_path / "s51", 2051, {"day01.py": ONE_DAY}),
          temporary_year(tmp_path / "s52", 2052, {}),
          temporary_year(tmp_path / "s53", 2053, {"__init__.py": "raise RuntimeError('no')"})):
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
    [("0", 2023, "run from 1 to 25"), ("26", 2023, "run from 1 to 25"),
     ("13", 2025, "run from 1 to 12"), ("7-3", 2023, "run from 1 to 25"),
     ("x", 2023, "Bad day list"), ("1,,2", 2023, "Bad day list"),
     ("7", 2014, "started in 2015"),
     ("2018", 2019, r"run from 1 to 25\. For several years, join them: 2019,2018\.")],
)
def test_bad_day_lists_are_refused(spec: str, year: int, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_days(spec, year)


def test_several_years_resolve_to_pairs_and_what_was_skipped(years: None) -> None:
    asked = resolve((2017, 2051, 2052), "1-3,20")
    assert asked.years == (2017, 2051, 2052) and asked.spec == "1-3,20"
    assert asked.days == ((2017, 1), (2017, 2), (2017, 3), (2017, 20),
                          (2051, 1), (2051, 2), (2051, 3),
                          (2052, 1), (2052, 2), (2052, 3))  # a day's module: looked up later
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
    assert [(day.solution_class.year, day.solution_class.day) for day in days
            if isinstance(day, DayInputs)] == [(year, 7)]
    assert notices == ["said first", f"No solution yet for {year} day 30: skipped."]
    with pytest.raises(MissingDayError, match=rf"^{year} day 8 has no solution yet") as one:
        list(days_to_run(RunRequest(((year, 8),), example=True), []))
    with pytest.raises(NoSolutionsYet,
                       match=rf"^None of the days asked for has a solution yet in {year}\.$"
                       ) as several:
        list(days_to_run(RunRequest(((year, 8), (year, 9)), example=True), []))
    assert not isinstance(one.value, UsageError) and not isinstance(several.value, UsageError)


BROKEN_HELPER = """
from pathlib import Path

with Path({record!r}).open("a") as record:
    record.write("listed\\n")
raise RuntimeError("a helper that does not import")
"""


def test_a_multi_year_run_resolves_its_days_once(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """`aoc run 2016,2017 --wait` on the user's input: the days of each year are listed once
    (each listing imports the year's other modules: here a helper that records it and
    fails), though the wait and the run both need them; the helper's failure is said once
    a year."""
    record = tmp_path / "listings.txt"
    files = {"day01.py": ONE_DAY, "helper.py": BROKEN_HELPER.format(record=str(record))}
    aocd_home.set_token()
    for year in (2016, 2017):
        aocd_home.cache_input(year, 1, "abcd")
    with (temporary_year(tmp_path / "s16", 2016, files),
          temporary_year(tmp_path / "s17", 2017, files)):
        result = aoc_in_process("run", "2016,2017", "--wait", "--no-submit", "--json")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    assert [(day["year"], day["day"], day["parts"][0]["answer"]) for day in payload["results"]
            ] == [(2016, 1, "4"), (2017, 1, "4")]
    assert record.read_text().splitlines() == ["listed", "listed"]
    said = [notice for notice in payload["notices"] if "helper that does not import" in notice]
    assert [notice.split(":")[0] for notice in said] == [
        "Could not import aoc2016.helper", "Could not import aoc2017.helper"]


def test_each_pass_of_a_watch_resolves_the_days_again(
    year_with_day_7: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aoc run YEAR --watch` checks DAYS once, then hands the watch the command line's
    words, not the days found then: each pass (a process of its own) lists them again, so
    a day added while watching is run. The watch itself (a process that waits for saves)
    is test_watch's; here its passes' command line is run in this process."""
    year = year_with_day_7
    handed: list[watch.WatchRequest] = []
    monkeypatch.setattr(watch, "watch_days",
                        lambda request, say, **options: handed.append(request))
    assert aoc_in_process("run", str(year), "--watch").returncode == 0
    assert handed == [watch.WatchRequest((year,), None, None, False)]
    refused = aoc_in_process("run", str(year), "30", "--watch")  # said once, before watching
    assert refused.returncode == 2 and "Bad day list '30'" in refused.stderr
    assert len(handed) == 1

    package = Path(registry.year_files(year).folders[0])
    (package / "day08.py").write_text(ONE_DAY)  # added while watching
    command = shlex.split(watch.child_command(handed[0], as_json=True, verbose=False,
                                              timeout=None, profile=False))
    assert command[3:5] == ["run", str(year)]
    result = aoc_in_process(*command[3:])
    assert result.returncode == 0, result.stderr
    assert [(day["year"], day["day"]) for day in json.loads(result.stdout)["results"]] == [
        (year, 7), (year, 8)]
