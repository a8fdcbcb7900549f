"""A day's class attributes are checked once, as its class is defined (solution.py
`_check_declarations`): a bad one is that day's one sentence, and the year's other days
still run, list, bench and test. A generator of examples is read once, so `aoc run` and
the pytest plugin see the same examples."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import AocdHome, temporary_year
from site_cli import aoc_in_process

YEAR = 2061

HEAD = "from aoc2023.framework import Example, Solution\n\n"
BODY = ("    def part_1(self, text: str) -> int:\n"
        "        return len(text)\n")


def day(declarations: str) -> str:
    return f"{HEAD}class Day(Solution[str]):\n    {declarations}\n\n{BODY}"


GOOD = {
    "day01.py": day('examples = [Example("abc", part_1=3)]'),
    "day05.py": day('examples = (Example(t, part_1=len(t)) for t in ("a", "bb"))'),
    "day06.py": day('examples = (Example("abcd", part_1=4),)'),
    "day07.py": day("examples = None"),
}
"""Days whose declarations are taken (a generator read once, a tuple, None for none)."""
BAD = {
    "day02.py": (day('examples = Example("abc", part_1=3)'),
                 "Day's `examples` is one Example, not a list of them"),
    "day03.py": (day('examples = ["abc"]'), "Day's example 1 is str 'abc', not an Example"),
    "day04.py": (day('title = 4\n    examples = [Example("abc", part_1=3)]'),
                 "Day's `title` is int 4"),
    "day08.py": (day('examples = [Example(7, part_1=3)]'), "an Example's input is int 7"),
    "day09.py": (day('examples = 3'), "Day's `examples` is int 3, not a list of Examples"),
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
    assert sorted(results) == list(range(1, 10))
    for name, (_, sentence) in BAD.items():
        error = results[int(name[3:5])]["error"]
        assert f"Could not import aoc{YEAR}.day{name[3:5]}: " in error
        assert sentence in error, error
    for number, answers in ((1, ["3"]), (5, ["1", "2"]), (6, ["4"])):
        shown = [part["answer"] for result in every if result["day"] == number
                 for part in result["parts"]]
        assert shown == answers, every
    assert "unexpected" not in ran.stderr and "Traceback" not in ran.stderr

    listed = aoc_in_process("list", str(YEAR), "--json")
    assert listed.returncode == 2, listed.stderr
    rows = {row["day"]: row for row in json.loads(listed.stdout)["days"]}
    for name, (_, sentence) in BAD.items():
        assert sentence in rows[int(name[3:5])]["error"]
    assert [rows[number]["error"] for number in (1, 5, 6, 7)] == [None] * 4

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
        done = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:xdist",
                                            "-p", "no:hypothesispytest", "-rA")
    out = str(done.stdout)
    assert "Interrupted" not in out and "error during collection" not in out, out
    for name, (_, sentence) in BAD.items():
        assert f"FAILED aoc{YEAR}/{name}::{name[:-3]} import" in out, out
        assert sentence in out
    for passed in ("01 part 1 example 1", "05 part 1 example 1", "05 part 1 example 2",
                   "06 part 1 example 1"):
        assert f"PASSED aoc{YEAR}/day{passed[:2]}.py::{YEAR}/{passed}" in out, out
    assert f"{len(BAD)} failed, 4 passed" in out, out


def test_days_named_on_the_command_line_fail_by_name_and_the_good_one_is_tested(
    pytester: pytest.Pytester, aocd_loaded: AocdHome
) -> None:
    """`pytest aocYEAR/day02.py aocYEAR/day01.py`, as the README tests one day: pytest's
    own import of a file it is given would stop the session at the bad one."""
    (pytester.path / "pyproject.toml").write_text("[tool.pytest.ini_options]\n")
    with temporary_year(pytester.path, YEAR, FILES):
        done = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-p", "no:xdist",
                                            "-p", "no:hypothesispytest", "-rA",
                                            f"aoc{YEAR}/day02.py", f"aoc{YEAR}/day01.py")
    out = str(done.stdout)
    assert "Interrupted" not in out and "error during collection" not in out, out
    assert f"FAILED aoc{YEAR}/day02.py::day02 import" in out, out
    assert f"PASSED aoc{YEAR}/day01.py::{YEAR}/01 part 1 example 1" in out, out
    assert "1 failed, 1 passed" in out, out
