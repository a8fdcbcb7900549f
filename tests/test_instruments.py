"""`aoc run --profile` (instruments.py): the functions where a day's time went, the day's
own by name."""

from __future__ import annotations

import subprocess
import sys

from conftest import AocdHome
from site_cli import aoc_in_process

from aoc2023.framework import Solution
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.instruments import Profiler
from aoc2023.framework.runner import Executor


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
    done = subprocess.run([sys.executable, "-c", code], env=aocd_home.env(),
                          capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "0 []", done.stdout + done.stderr
