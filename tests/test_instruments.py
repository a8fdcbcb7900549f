"""`aoc run --profile` (instruments.py): the functions where a day's time went, the day's
own by name."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import AocdHome, temporary_year
from fake_clock import cap_runs, capped
from site_cli import aoc_in_process

from aoc2023.framework import Solution, instruments
from aoc2023.framework.bench.figures import MIN_RUNS
from aoc2023.framework.bench.measure import bench_days
from aoc2023.framework.commands import bench as bench_view
from aoc2023.framework.commands.bench import bench_json
from aoc2023.framework.inputs import RunInput, RunRequest
from aoc2023.framework.instruments import Profiler
from aoc2023.framework.runner import Executor, step_peaks


def count_vowels_the_slow_way(text: str) -> int:
    return sum(1 for _ in range(200) for letter in text if letter in "aeiou")


class Vowels(Solution[str]):
    year, day = 2094, 1

    def part_1(self, text: str) -> int:
        return count_vowels_the_slow_way(text)

    def part_2(self, text: str) -> int:
        return self.part_1(text) * 2  # a part calling another: profiled once


def test_the_profile_names_the_days_own_functions_and_leaves_the_framework_out() -> None:
    profiler = Profiler()
    result = Executor(profiler=profiler)(Vowels, RunInput("advent of code", "file"))
    assert [p.answer for p in result.parts] == ["1000", "2000"]
    rows = profiler.top()
    names = [row.function for row in rows]
    assert "count_vowels_the_slow_way" in names
    assert {"part_1", "part_2"} <= set(names)
    assert "parse" not in names  # the framework's default parse: the harness, left out
    assert all("framework" not in row.location for row in rows)
    assert rows == sorted(rows, key=lambda row: row.own_seconds, reverse=True)
    slow = rows[names.index("count_vowels_the_slow_way")]
    assert slow.calls == 2 and slow.location.endswith(f"test_instruments.py:{_line_of_slow()}")


def _line_of_slow() -> int:
    return count_vowels_the_slow_way.__code__.co_firstlineno


def test_the_profile_of_a_day_run_under_a_timeout_comes_back_from_the_child() -> None:
    profiler = Profiler()
    Executor(10.0, profiler)(Vowels, RunInput("advent", "file"))
    assert "count_vowels_the_slow_way" in [row.function for row in profiler.top()]


def test_profiling_leaves_the_day_class_and_registry_alone() -> None:
    from aoc2023.framework.registry import REGISTRY

    Executor(profiler=Profiler())(Vowels, RunInput("a", "file"))
    assert REGISTRY[(2094, 1)] is Vowels
    assert not Vowels.solves_both_at_once()


def test_aoc_run_profile_prints_the_table_after_the_results() -> None:

    result = aoc_in_process("run", "2023", "7", "--example", "--profile")
    assert result.returncode == 0, result.stderr
    results, _, profile = result.stdout.partition("Profile:")
    assert "Camel Cards" in results
    assert "day07.py:" in profile and "Own time" in profile


def test_aoc_run_without_the_options_imports_neither_profiler_nor_multiprocessing(
    aocd_home: AocdHome,
) -> None:
    code = (
        "import sys\n"
        "from aoc2023.framework.cli import main\n"
        "code = main(['run', '2023', '7', '--example'])\n"
        "print(code, sorted({'cProfile', 'multiprocessing', 'statistics'} & set(sys.modules)))\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=aocd_home.env(),
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout + done.stderr


# ------------------------------------------------------------------------------------------------
# `--memory` of `aoc run` and `aoc bench`: each step's peak allocation, by tracemalloc, in
# a run of its own, in the table and the JSON, in this process or under --timeout.
#
# The days live in the throwaway year 2058: a day whose part 2 allocates a big list and
# whose part 1 does not, a `solve` that yields (the big list in part 1), a `solve` that
# returns both, and a day whose part 1 sleeps only while memory is traced (so only the
# measuring run outlasts --timeout). Day 7's variants are benched as shipped. Each bench
# times the fewest runs a fast step gets from any budget (`cap_runs`: MIN_RUNS a part): the
# peaks are measured in a run of their own, after the timing.

HEAD = (
    "from __future__ import annotations\n\nimport time\nimport tracemalloc\n"
    "from collections.abc import Iterator\n\nfrom aoc2023.framework import Solution\n"
)
BIG = 50_000
"""Items of the big list: at least 400 kB of pointers (with its ints, over a MiB), against
a few hundred bytes."""

DAYS = {
    "day01.py": HEAD
    + f"""

class Day01(Solution[list[int]]):
    def parse(self, text: str) -> list[int]:
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return sum(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return len(list(range({BIG}))) + sum(numbers)
""",
    "day02.py": HEAD
    + f"""

class Day02(Solution[str]):
    def solve(self, text: str) -> Iterator[int]:
        yield len(list(range({BIG})))
        yield len(text)
""",
    "day03.py": HEAD
    + """

class Day03(Solution[str]):
    def solve(self, text: str) -> tuple[int, int]:
        return len(text), text.count("1")
""",
    "day04.py": HEAD
    + """

class Day04(Solution[str]):
    def part_1(self, text: str) -> int:
        if tracemalloc.is_tracing():  # the measuring run only
            time.sleep(30)
        return len(text)
""",
}


@pytest.fixture
def year(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[int]:
    (tmp_path / "numbers.txt").write_text("3\n1\n4\n1\n5\n")
    monkeypatch.chdir(tmp_path)
    cap_runs(monkeypatch, max_runs=2 * MIN_RUNS)
    with temporary_year(tmp_path / "site", 2058, DAYS):
        yield 2058


def as_json(*args: str) -> dict[str, Any]:
    found = aoc_in_process(*args, "--json")
    assert found.returncode == 0, found.stderr
    data: dict[str, Any] = json.loads(found.stdout)
    return data


def test_run_gives_each_step_its_peak_and_a_big_list_shows(year: int) -> None:
    [result] = as_json("run", str(year), "1", "--input", "numbers.txt", "--memory")["results"]
    peaks = result["peak_memory"]
    assert set(peaks) == {"parse", "part 1", "part 2"}
    assert all(size > 0 for size in peaks.values())
    assert peaks["part 2"] > BIG * 8 > 100 * peaks["part 1"]


def test_run_without_memory_has_no_figures_and_no_column(year: int) -> None:
    [result] = as_json("run", str(year), "1", "--input", "numbers.txt")["results"]
    assert result["peak_memory"] is None
    table = aoc_in_process("run", str(year), "1", "--input", "numbers.txt")
    assert "Peak memory" not in table.stdout


def test_run_table_shows_the_peaks_in_a_column(year: int) -> None:
    found = aoc_in_process("run", str(year), "1", "--input", "numbers.txt", "--memory")
    assert found.returncode == 0, found.stderr
    assert "Peak memory" in found.stdout
    assert "MiB" in found.stdout  # part 2's list, auto-ranged


def test_bench_gives_each_step_its_peak_measured_in_the_child_under_timeout(
    year: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In the JSON and the table of one bench, under --timeout: measured in a child, as
    the timing is (`aoc bench --memory` passes `memory` on, and measures in this process
    without a time limit: test_day_7_and_its_variant_each_get_their_peaks)."""
    monkeypatch.setenv("COLUMNS", "200")
    report = bench_days(
        RunRequest(((year, 1),), Path("numbers.txt")),
        timeout=20.0,
        memory=True,
        clocks=capped(2 * MIN_RUNS),
    )
    [result] = json.loads(bench_json(report))["results"]
    peaks = {step["step"]: step["peak_memory"] for step in result["steps"]}
    assert all(size > 0 for size in peaks.values())
    assert peaks["part 2"] > BIG * 8 > 100 * peaks["part 1"] > 0
    table = io.StringIO()
    bench_view.render(report, table, io.StringIO(), verbose=False)
    assert "Peak memory" in table.getvalue() and "MiB" in table.getvalue()


def test_a_measuring_run_past_the_timeout_keeps_the_peaks_it_measured(year: int) -> None:
    """The parse was measured before part 1 ran past --timeout: its peak is kept, part 1
    shows as stopped (⧖; null in the JSON), and the run exits 2, as for a timeout."""
    found = aoc_in_process(
        "run", str(year), "4", "--input", "numbers.txt", "--memory", "--timeout", "0.5", "--json"
    )
    assert found.returncode == 2, found.stderr
    [result] = json.loads(found.stdout)["results"]
    assert result["parts"][0]["status"] == "unknown"  # the timed run was not traced
    assert set(result["peak_memory"]) == {"parse", "part 1"}
    assert result["peak_memory"]["parse"] >= 0 and result["peak_memory"]["part 1"] is None
    assert (
        f"{year} day 4: memory not measured: part 1 timed out: stopped after 0.5 s (--timeout)."
    ) in found.stderr
    assert "Traceback" not in found.stderr
    table = aoc_in_process(
        "run",
        str(year),
        "4",
        "--input",
        "numbers.txt",
        "--memory",
        "--timeout",
        "0.5",
        env=dict(os.environ, COLUMNS="200"),
    )
    assert table.returncode == 2, table.stderr
    assert "part 1 ⧖" in table.stdout and "parse " in table.stdout, table.stdout


def test_a_yielding_solve_and_a_pair_are_measured_as_they_run(year: int) -> None:
    from aoc2023.framework import registry

    text = RunInput("12131", "file")
    in_turn = step_peaks(registry.load_day(year, 2), text, (1, 2))
    assert set(in_turn) == {"parse", "part 1", "part 2"}
    assert in_turn["part 1"] > BIG * 8 > 100 * in_turn["part 2"]
    pair = step_peaks(registry.load_day(year, 3), text, (1, 2))
    assert set(pair) == {"parse", "parts 1+2"}


def test_day_7_and_its_variant_each_get_their_peaks(monkeypatch: pytest.MonkeyPatch) -> None:
    cap_runs(monkeypatch, max_runs=2 * MIN_RUNS)
    [result] = as_json("bench", "2023", "7", "--example", "--memory")["results"]
    steps = {(step["variant"], step["step"]): step["peak_memory"] for step in result["steps"]}
    assert {variant for variant, _ in steps} == {None, "fast"}
    assert all(size is not None and size > 0 for size in steps.values())


def test_memory_flame_writes_memrays_report_of_the_part(year: int, tmp_path: Path) -> None:
    found = aoc_in_process(
        "run", str(year), "1", "--input", "numbers.txt", "--memory-flame", "2", "flame.html"
    )
    assert found.returncode == 0, found.stderr
    assert (
        f"Wrote memray's flame report of {year} day 1 part 2 (numbers.txt) to flame.html."
        in found.stderr
    )
    page = (tmp_path / "flame.html").read_text()
    assert "part_2" in page and "part_1" not in page  # the part alone was tracked


@pytest.mark.parametrize("day, part", [(2, 2), (3, 1)])
def test_memory_flame_tracks_a_part_of_a_solve(
    year: int, tmp_path: Path, day: int, part: int
) -> None:
    """A yielding `solve` (its part 1 run first, untracked) and one returning the pair."""
    found = aoc_in_process(
        "run", str(year), str(day), "--input", "numbers.txt", "--memory-flame", str(part), "f.html"
    )
    assert found.returncode == 0, found.stderr
    assert f"report of {year} day {day} part {part} (numbers.txt) to f.html." in found.stderr
    assert "solve" in (tmp_path / "f.html").read_text()


def test_memory_flame_wants_one_day_and_memray(year: int, monkeypatch: pytest.MonkeyPatch) -> None:
    found = aoc_in_process("run", str(year), "1-2", "--memory-flame", "2", "f.html")
    assert found.returncode == 2
    assert "--memory-flame reports one part of one day" in found.stderr
    assert found.stdout == ""  # refused before the run
    found = aoc_in_process("run", str(year), "1", "--memory-flame", "3", "f.html")
    assert found.returncode == 2
    assert "the part is 1 or 2, not 3" in found.stderr
    monkeypatch.setattr(instruments, "memray_available", lambda: False)
    found = aoc_in_process("run", str(year), "1", "--memory-flame", "2", "f.html")
    assert found.returncode == 2
    assert "--memory-flame needs memray: install the memray extra" in found.stderr


def test_memory_flame_into_a_file_that_cannot_be_written_is_refused_before_the_run(
    year: int, tmp_path: Path
) -> None:
    """A folder in the report's place: one sentence naming the file, before the run."""
    (tmp_path / "flame.html").mkdir()
    found = aoc_in_process(
        "run", str(year), "1", "--input", "numbers.txt", "--memory-flame", "2", "flame.html"
    )
    assert found.returncode == 2
    assert found.stderr == (
        "Error: --memory-flame: flame.html cannot be written (it is a "
        "folder), so nothing was run.\n"
    )
    assert found.stdout == ""


REMOVES_THE_REPORTS_FOLDER = (
    HEAD
    + """
import shutil


class Day01(Solution[str]):
    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        shutil.rmtree("reports", ignore_errors=True)
        open("reports", "w").close()  # a file where the report's folder was
        return 2
"""
)


def test_memray_failing_to_write_the_report_is_one_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The report's folder, there when checked, is a file by the time the report is
    written (the part made it so): one sentence naming the file, no traceback."""
    (tmp_path / "reports").mkdir()
    (tmp_path / "in.txt").write_text("abc\n")
    monkeypatch.chdir(tmp_path)
    with temporary_year(tmp_path / "site", 2059, {"day01.py": REMOVES_THE_REPORTS_FOLDER}):
        found = aoc_in_process(
            "run", "2059", "1", "--input", "in.txt", "--memory-flame", "2", "reports/flame.html"
        )
    [sentence] = found.stderr.splitlines()
    assert found.returncode == 2, found.stderr
    assert sentence == (
        "Error: Could not write the flame report reports/flame.html (a file "
        "is in the place of one of its folders): nothing was written."
    ), sentence
    assert sentence.endswith(".") and "Traceback" not in sentence and 'File "' not in sentence
