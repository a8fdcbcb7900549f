"""What a day subclasses (solution.py), in the shapes puzzles come in, each day run through
everything a user runs it with: `aoc run --example`, `aoc list`, `check_examples` and the
aocd plugin.

The days live in throwaway years (2081, and 2082 as a second year): a grid with a
helper module beside it, examples whose parameters differ from the real input,
different examples per part, a yielding `solve` whose part 2 fails on the part-1-only
example, and a slow part. None needs a workaround in its own code.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import AocdHome, temporary_year
from site_cli import aoc_in_process

from aoc2023.framework import registry
from aoc2023.framework.plugin import solve
from aoc2023.framework.testing import check_examples

HEAD = "from __future__ import annotations\n\nfrom aoc2023.framework import Example, Solution\n"

DAYS = {
    "grid.py": '''
from aoc2023.framework import Solution

Grid = list[str]


class GridDay(Solution[Grid]):
    """A helper base class beside the days: it sets no day, so it is not one."""

    def parse(self, text: str) -> Grid:
        return text.splitlines()


def count(grid: Grid, mark: str) -> int:
    return sum(row.count(mark) for row in grid)
''',
    "day01.py": HEAD
    + """from aoc2081.grid import Grid, GridDay, count


class Day01(GridDay):
    examples = [Example("#.#\\n..#", part_1=3, part_2=3)]

    def part_1(self, grid: Grid) -> int:
        return count(grid, "#")

    def part_2(self, grid: Grid) -> int:
        return count(grid, ".")
""",
    "day02.py": HEAD
    + '''

class Day02(Solution[str]):
    """Steps: 6 in the example, 64 in the real input (aocd's name: n_steps)."""

    examples = [Example("abc", part_1=18, extra={"n_steps": 6})]

    def part_1(self, text: str) -> int:
        return len(text) * int(self.extra.get("n_steps", 64))
''',
    "day03.py": HEAD
    + '''

class Day03(Solution[str]):
    """Each part has an example of its own, as 2023 day 1 has."""

    examples = [Example("1abc2", part_1=12), Example("two1nine", part_2=29)]

    def part_1(self, text: str) -> int:
        digits = [c for c in text if c.isdigit()]
        return int(digits[0] + digits[-1])

    def part_2(self, text: str) -> int:
        words = {"one": "1", "two": "2", "nine": "9"}
        for word, digit in words.items():
            text = text.replace(word, word + digit + word)
        return self.part_1(text)
''',
    "day04.py": HEAD
    + '''from collections.abc import Iterator


class Day04(Solution[list[int]]):
    """Part 2 relies on the real input's shape (a 0 that the example lacks)."""

    examples = [Example("3 4 5", part_1=12)]

    def parse(self, text: str) -> list[int]:
        return [int(n) for n in text.split()]

    def solve(self, numbers: list[int]) -> Iterator[int]:
        yield sum(numbers)
        yield numbers.index(0)  # ValueError on the example: never asked for there
''',
    "day05.py": HEAD
    + """import time


class Day05(Solution[str]):
    examples = [Example("x", part_1=1)]

    def part_1(self, text: str) -> int:
        time.sleep(0.1)  # a slow part: longer than the --timeout it is run under
        return len(text)
""",
}

REAL = {
    1: ("#..\n.##", "3", "3"),
    2: ("ab", "128", None),
    3: ("7xone9", "79", "79"),
    4: ("2 0 7", "9", "1"),
    5: ("yy", "2", None),
}

SECOND_YEAR = {
    "day01.py": HEAD
    + """

class Day01(Solution[str]):
    examples = [Example("(()", part_1=1)]

    def part_1(self, text: str) -> int:
        return text.count("(") - text.count(")")
"""
}


@pytest.fixture
def years(tmp_path: Path) -> Iterator[None]:
    with (
        temporary_year(tmp_path / "a", 2081, DAYS),
        temporary_year(tmp_path / "b", 2082, SECOND_YEAR),
    ):
        yield


def test_every_shape_runs_on_its_examples(years: None) -> None:
    result = aoc_in_process("run", "2081", "--example", "--json")
    assert result.returncode == 0, result.stderr
    runs = json.loads(result.stdout)["results"]
    found = {(run["day"], part["part"]): part["status"] for run in runs for part in run["parts"]}
    assert found == {
        (1, 1): "correct",
        (1, 2): "correct",
        (2, 1): "correct",
        (3, 1): "correct",
        (3, 2): "correct",
        (4, 1): "correct",
        (5, 1): "correct",
    }
    slow = next(run for run in runs if run["day"] == 5)["parts"][0]
    assert slow["seconds"] >= 0.1
    late = aoc_in_process("run", "2081", "5", "--example", "--timeout", "0.05")
    assert late.returncode == 2 and "⧖ timeout" in late.stdout


def test_every_shape_is_listed_with_its_examples_and_the_helper_is_not(years: None) -> None:
    listed = json.loads(aoc_in_process("list", "--json").stdout)["days"]
    ours = {
        (day["year"], day["day"]): [p["examples"] for p in day["parts"]]
        for day in listed
        if day["year"] in (2081, 2082)
    }
    assert ours == {
        (2081, 1): [1, 1],
        (2081, 2): [1, 0],
        (2081, 3): [1, 1],
        (2081, 4): [1, 0],
        (2081, 5): [1, 0],
        (2082, 1): [1, 0],
    }


def test_every_shape_passes_its_own_examples_test(years: None) -> None:
    for year in (2081, 2082):
        for day in registry.available_days(year):
            check_examples(registry.load_day(year, day))


def test_every_shape_answers_through_the_aocd_plugin(
    years: None, capsys: pytest.CaptureFixture[str]
) -> None:
    for day, (text, part_1, part_2) in REAL.items():
        assert solve(2081, day, text) == (part_1, part_2), day
    assert solve(2082, 1, "(((") == ("3", None)
    # On day 4's example, part 2 fails: aocd still gets part 1, and is told why not part 2.
    assert solve(2081, 4, "3 4 5") == ("12", None)
    assert "2081 day 4 part 2: ValueError" in capsys.readouterr().err


# ------------------------------------------------------------------------------------------------
# A day's class attributes are checked once, as its class is defined (solution.py
# `_check_declarations`): a bad one is that day's one sentence, and the year's other days
# still run, list, bench and test. A generator of examples is read once, so `aoc run` and
# the pytest plugin see the same examples.

YEAR = 2061

DECLARING = "from aoc2023.framework import Example, Solution\n\n"
BODY = "    def part_1(self, text: str) -> int:\n        return len(text)\n"


def day(declarations: str) -> str:
    return f"{DECLARING}class Day(Solution[str]):\n    {declarations}\n\n{BODY}"


GOOD = {
    "day01.py": day('examples = [Example("abc", part_1=3)]'),
    "day05.py": day('examples = (Example(t, part_1=len(t)) for t in ("a", "bb"))'),
    "day06.py": day('examples = (Example("abcd", part_1=4),)'),
    "day07.py": day("examples = None"),
    "day10.py": DECLARING.replace("\n\n", "\nfrom functools import partialmethod\n\n")
    + "class Day(Solution[str]):\n    examples = [Example('ab', part_1=2, part_2=4)]\n\n"
    + "    def _times(self, text: str, n: int) -> int:\n        return n * len(text)\n\n"
    + "    part_1 = partialmethod(_times, n=1)\n    part_2 = partialmethod(_times, n=2)\n",
}
"""Days whose declarations are taken (a generator read once, a tuple, None for none; parts
that are partialmethods, which make methods as functions do)."""
BAD = {
    "day02.py": (
        day('examples = Example("abc", part_1=3)'),
        "Day's `examples` is one Example, not a list of them",
    ),
    "day03.py": (day('examples = ["abc"]'), "Day's example 1 is str 'abc', not an Example"),
    "day04.py": (
        day('title = 4\n    examples = [Example("abc", part_1=3)]'),
        "Day's `title` is int 4",
    ),
    "day08.py": (day("examples = [Example(7, part_1=3)]"), "an Example's input is int 7"),
    "day09.py": (day("examples = 3"), "Day's `examples` is int 3, not a list of Examples"),
    "day11.py": (day("part_2 = 5"), "Day's `part_2` is int 5: give a method"),
    "day12.py": (day("part_2 = property(len)"), "Day's `part_2` is property"),
}


FILES = {**GOOD, **{name: text for name, (text, _) in BAD.items()}}


@pytest.fixture
def year(tmp_path: Path, aocd_loaded: AocdHome) -> Iterator[Path]:
    with temporary_year(tmp_path, YEAR, FILES) as package:
        yield package


def test_a_bad_declaration_is_its_days_sentence_and_the_others_run_list_and_bench(
    year: Path,
) -> None:
    ran = aoc_in_process("run", str(YEAR), "--example", "--json")
    assert ran.returncode == 2, ran.stderr
    every = json.loads(ran.stdout)["results"]
    results = {result["day"]: result for result in every}
    assert sorted(results) == list(range(1, 13))
    for name, (_, sentence) in BAD.items():
        error = results[int(name[3:5])]["error"]
        assert f"Could not import aoc{YEAR}.day{name[3:5]}: " in error
        assert sentence in error, error
    for number, answers in ((1, ["3"]), (5, ["1", "2"]), (6, ["4"]), (10, ["2", "4"])):
        shown = [
            part["answer"]
            for result in every
            if result["day"] == number
            for part in result["parts"]
        ]
        assert shown == answers, every
    assert "unexpected" not in ran.stderr and "Traceback" not in ran.stderr

    listed = aoc_in_process("list", str(YEAR), "--json")
    assert listed.returncode == 2, listed.stderr
    rows = {row["day"]: row for row in json.loads(listed.stdout)["days"]}
    for name, (_, sentence) in BAD.items():
        assert sentence in rows[int(name[3:5])]["error"]
    assert [rows[number]["error"] for number in (1, 5, 6, 7, 10)] == [None] * 5

    bench = aoc_in_process("bench", str(YEAR), "--example", "--json", "--budget", "0.01")
    assert bench.returncode == 2, bench.stderr
    assert "unexpected" not in bench.stderr
    report = json.loads(bench.stdout)
    text = json.dumps(report)
    for _, sentence in BAD.values():
        assert sentence in text, sentence
    assert "unexpected" not in text


def test_the_plugin_tests_the_good_days_and_fails_each_bad_one_by_name(
    pytester: pytest.Pytester, aocd_loaded: AocdHome
) -> None:
    (pytester.path / "pyproject.toml").write_text("[tool.pytest.ini_options]\n")
    with temporary_year(pytester.path, YEAR, FILES):
        done = pytester.runpytest_inprocess(
            "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:hypothesispytest", "-rA"
        )
    out = str(done.stdout)
    assert "Interrupted" not in out and "error during collection" not in out, out
    for name, (_, sentence) in BAD.items():
        assert f"FAILED aoc{YEAR}/{name}::{name[:-3]} import" in out, out
        assert sentence in out
    for passed in (
        "01 part 1 example 1",
        "05 part 1 example 1",
        "05 part 1 example 2",
        "06 part 1 example 1",
        "10 part 1 example 1",
        "10 part 2 example 1",
    ):
        assert f"PASSED aoc{YEAR}/day{passed[:2]}.py::{YEAR}/{passed}" in out, out
    assert f"{len(BAD)} failed, 6 passed" in out, out


def test_days_named_on_the_command_line_fail_by_name_and_the_good_one_is_tested(
    pytester: pytest.Pytester, aocd_loaded: AocdHome
) -> None:
    """`pytest aocYEAR/day02.py aocYEAR/day01.py`, as the README tests one day: pytest's
    own import of a file it is given would stop the session at the bad one."""
    (pytester.path / "pyproject.toml").write_text("[tool.pytest.ini_options]\n")
    with temporary_year(pytester.path, YEAR, FILES):
        done = pytester.runpytest_inprocess(
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "-p",
            "no:hypothesispytest",
            "-rA",
            f"aoc{YEAR}/day02.py",
            f"aoc{YEAR}/day01.py",
        )
    out = str(done.stdout)
    assert "Interrupted" not in out and "error during collection" not in out, out
    assert f"FAILED aoc{YEAR}/day02.py::day02 import" in out, out
    assert f"PASSED aoc{YEAR}/day01.py::{YEAR}/01 part 1 example 1" in out, out
    assert "1 failed, 1 passed" in out, out
