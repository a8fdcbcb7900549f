"""A misbehaving day or module fails alone: a `solve` of any shape, a module that exits
or raises anything but Ctrl-C at import, a year package that does not import, two modules
claiming one day, a file named like a day that the naming rule skips. Each is one
sentence naming it, no traceback without --verbose, and the other days run and show.

The years here are throwaway packages (2048, 2091 to 2093) in temporary folders."""

from __future__ import annotations

import json
from collections.abc import Iterator
from itertools import product
from pathlib import Path
from typing import Any

import pytest
from conftest import temporary_year
from fake_clock import cap_runs
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import CHARACTERS, examples
from site_cli import aoc_in_process

from aoc2023.framework import registry
from aoc2023.framework.bench.figures import MIN_RUNS
from aoc2023.framework.commands.new import Target, refuse_existing
from aoc2023.framework.errors import DayLoadError, FileExistsRefusal
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.registry import REGISTRY
from aoc2023.framework.results import ExitCode, Status
from aoc2023.framework.runner import run_solution
from aoc2023.framework.solution import Solution

GOOD = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Good Day"
    examples = [Example("abc", part_1=3, part_2=3)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        return len(text)
"""

LONE_ANSWER = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1="2=-1=0")]

    def solve(self, text: str):
        return "2=-1=0"
"""


def no_traceback(text: str) -> bool:
    return "Traceback" not in text and "unexpected" not in text


# --- solve's value, whatever its shape ----------------------------------------------------

def _solving(returned: Any, yields: bool) -> type[Solution[str]]:
    """A day whose `solve` returns `returned`, or yields each of its values."""
    class Returns(Solution[str]):
        year, day = 2048, 1

        def solve(self, data: str) -> Any:
            return returned

    class Yields(Solution[str]):
        year, day = 2048, 2

        def solve(self, data: str) -> Iterator[Any]:
            yield from returned

    return Yields if yields else Returns


NOT_A_PAIR = st.one_of(
    st.none(), st.text(CHARACTERS), st.integers(), st.booleans(),
    st.dictionaries(st.text(CHARACTERS, max_size=3), st.integers(), max_size=3),
    st.lists(st.integers(), max_size=5).filter(lambda values: len(values) != 2),
    st.lists(st.integers(), max_size=5).filter(lambda values: len(values) != 2).map(tuple),
    st.lists(st.integers(), max_size=5).map(iter),
    st.sets(st.integers(), min_size=2, max_size=2),
)


@examples(10)
@given(returned=NOT_A_PAIR)
def test_a_solve_that_returns_anything_but_a_pair_fails_its_parts_in_one_sentence(
        returned: Any) -> None:
    try:
        result = run_solution(_solving(returned, yields=False), RunInput("x", "example"))
    finally:
        REGISTRY.pop((2048, 1), None)
        REGISTRY.pop((2048, 2), None)
    assert [part.status for part in result.parts] == [Status.ERROR, Status.ERROR]
    for part in result.parts:
        assert part.error is not None and "\n" not in part.error
        assert "not a pair" in part.error


def test_a_solve_that_yields_other_than_two_answers_fails_in_one_sentence() -> None:
    for count, parts in product([0, 1, 3, 4], [(1, 2), (1,)]):
        try:
            result = run_solution(_solving(list(range(10, 10 + count)), yields=True),
                                  RunInput("x", "example", parts=parts))
        finally:
            REGISTRY.pop((2048, 1), None)
            REGISTRY.pop((2048, 2), None)
        by_part = {part.part: part for part in result.parts}
        assert set(by_part) == set(parts), (count, parts)
        # The parts it did yield for stand; the first it did not (or a third answer) fails.
        failing = 1 if count == 0 else 2 if count == 1 or parts == (1, 2) else None
        for number, part in by_part.items():
            if number == failing:
                assert part.status is Status.ERROR and part.error and "\n" not in part.error
            elif failing is not None and number > failing:
                assert part.status is Status.ERROR and part.error == "not run: part 1 failed"
            else:
                assert part.status is Status.UNKNOWN and part.answer == str(9 + number), (
                    count, parts)


def test_a_lone_answer_from_solve_costs_no_other_day(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    cap_runs(monkeypatch, max_runs=MIN_RUNS)  # which days bench is the subject, not figures
    with temporary_year(tmp_path / "site", 2091, {"day01.py": GOOD, "day02.py": LONE_ANSWER}):
        table = aoc_in_process("run", "2091", "--example")
        as_json = aoc_in_process("run", "2091", "--example", "--json")
        bench = aoc_in_process("bench", "2091", "--example", "--budget", "0.01", "--json")
    assert table.returncode == as_json.returncode == bench.returncode == 2
    assert "2091/01" in table.stdout and "Good Day" in table.stdout
    assert ("2091 day 2 (example 1) part 1: TypeError: solve() returned a str, not a pair"
            in table.stderr)
    assert no_traceback(table.stderr + table.stdout)
    results = json.loads(as_json.stdout)["results"]
    assert [(day["day"], [part["status"] for part in day["parts"]]) for day in results] == [
        (1, ["correct", "correct"]), (2, ["error"])]
    benched = json.loads(bench.stdout)["results"]
    assert [(day["year"], day["day"]) for day in benched] == [(2091, 1), (2091, 2)]
    assert "solve() returned a str, not a pair" in bench.stdout
    assert no_traceback(bench.stderr)


# --- what a module raises at import ------------------------------------------------------

AT_IMPORT = {
    "sys.exit": "import sys\nsys.exit('helper says no')\n",
    "argparse": "import argparse\nargparse.ArgumentParser().parse_args(['--example'])\n",
    "argparse of its own": "import argparse\nparser = argparse.ArgumentParser()\n"
                           "parser.add_argument('input_file')\nparser.parse_args()\n",
    "BaseException": "class Odd(BaseException):\n    pass\n\nraise Odd('odd')\n",
    "GeneratorExit": "raise GeneratorExit\n",
    "ValueError": "raise ValueError('half written')\n",
}


HELPERS = {f"helper_{number}.py": AT_IMPORT[raised] for number, raised in enumerate(AT_IMPORT)}
"""A helper module for each way to exit or raise at import, side by side in one year."""


def test_a_helper_that_exits_or_raises_at_import_fails_alone(tmp_path: Path) -> None:
    """Each helper fails alone: one sentence each, beside the other helpers' and the day's
    row, whatever the ones imported before it did. A helper's argparse sees no arguments
    (aoc's own are not its): a parser that declares none passes, one that needs one is
    refused in aoc's sentence, with no usage text of its own."""
    plain = {"helper_plain.py": "import argparse\nargparse.ArgumentParser().parse_args()\n"}
    with temporary_year(tmp_path / "site", 2092, {"day01.py": GOOD, **HELPERS, **plain}):
        ran = aoc_in_process("run", "2092", "--example")
        listed = aoc_in_process("list", "2092")
        as_json = aoc_in_process("run", "2092", "--example", "--json")
    document = json.loads(as_json.stdout)
    assert [day["day"] for day in document["results"]] == [1]
    for done in ran, listed:
        assert "2092/01" in done.stdout and "Good Day" in done.stdout, done.stderr
        assert no_traceback(done.stdout + done.stderr)
        # A module no day needs is a notice: the exit code is the days' own.
        assert done.returncode == 0, done.stderr
    for helper, raised in zip(HELPERS, AT_IMPORT, strict=True):
        module = f"aoc2092.{helper.removesuffix('.py')}"
        for done in ran, listed:
            [sentence] = [line for line in done.stderr.splitlines() if module in line]
            assert sentence.startswith(f"Could not import {module}: "), (raised, sentence)
        assert any(f"Could not import {module}" in notice
                   for notice in document["notices"]), raised
    for done in ran, listed, as_json:
        assert "usage:" not in done.stderr and "helper_plain" not in done.stderr
    assert ("its argparse parser refused the command line while it was imported (aoc: error: "
            "the following arguments are required: input_file)") in ran.stderr


def test_a_day_that_exits_at_import_is_its_own_row(tmp_path: Path) -> None:
    """Day 2 exits (sys.exit), day 3 raises a BaseException: each is a row of its own."""
    with temporary_year(tmp_path / "site", 2092, {"day01.py": GOOD,
                                                  "day02.py": AT_IMPORT["sys.exit"],
                                                  "day03.py": AT_IMPORT["BaseException"]}):
        ran = aoc_in_process("run", "2092", "--example")
        listed = aoc_in_process("list", "2092")
        verbose = aoc_in_process("run", "2092", "--example", "--verbose")
    for done in ran, listed:
        assert done.returncode == 2
        assert "Good Day" in done.stdout and "2092/02" in done.stdout
        assert "2092/03" in done.stdout
        for day in (2, 3):
            assert f"2092 day {day}: Could not import aoc2092.day0{day}: " in done.stderr
        assert no_traceback(done.stdout + done.stderr)
    assert "Traceback" in verbose.stderr


def test_a_day_that_fails_at_import_leaves_no_day_registered(tmp_path: Path) -> None:
    half = GOOD + "\nraise SystemExit(3)\n"
    with temporary_year(tmp_path / "site", 2092, {"odd_name.py": half.replace(
            "title =", "day = 5\n    title =")}):
        problems: list[str] = []
        assert registry.available_days(2092, problems) == []
        assert problems == ["Could not import aoc2092.odd_name: it called sys.exit(3) "
                            "while being imported"]
        assert (2092, 5) not in REGISTRY
        with pytest.raises(DayLoadError, match=r"day 5 has no solution yet .* sys\.exit\(3\)"):
            registry.load_day(2092, 5)


def test_ctrl_c_at_import_still_stops_the_command(tmp_path: Path) -> None:
    """A KeyboardInterrupt raised by a module's import (no signal: the exception alone is
    the subject) stops `run` and `list` with 130; one that escaped `main` would reach
    this test instead, and fail it."""
    with temporary_year(tmp_path / "site", 2092, {"day01.py": GOOD,
                                                  "helper.py": "raise KeyboardInterrupt\n"}):
        for args in (["run", "2092", "--example"], ["list", "2092"]):
            try:
                done = aoc_in_process(*args)
            except KeyboardInterrupt:
                pytest.fail(f"aoc {' '.join(args)}: the KeyboardInterrupt escaped main")
            assert done.returncode == 130, done.stderr
            assert "Traceback" not in done.stderr


# --- a year package that does not import -------------------------------------------------

@pytest.fixture
def broken_year_and_a_good_one(tmp_path: Path) -> Iterator[None]:
    with (temporary_year(tmp_path / "s1", 2091, {"day01.py": GOOD}) as broken,
          temporary_year(tmp_path / "s2", 2093, {"day01.py": GOOD})):
        (broken / "__init__.py").write_text("import no_such_module_here\n")
        yield


def test_a_year_package_that_does_not_import_fails_alone(
        broken_year_and_a_good_one: None, monkeypatch: pytest.MonkeyPatch) -> None:
    cap_runs(monkeypatch, max_runs=MIN_RUNS)  # which days bench is the subject, not figures
    for command, args in {"run": ["run", "2091,2093", "--example"],
                          "bench": ["bench", "2091,2093", "--example", "--budget", "0.01"],
                          "list": ["list", "2091,2093"]}.items():
        done = aoc_in_process(*args, "--json")
        # The good year still shows.
        assert done.returncode == ExitCode.COULD_NOT_RUN, (command, done.stderr)
        document = json.loads(done.stdout)
        rows = document["days" if command == "list" else "results"]
        assert [(row["year"], row["day"]) for row in rows] == [(2093, 1)]
        [notice] = [notice for notice in document["notices"] if "2091" in notice]
        assert notice == ("Could not {} 2091: Could not import the year package aoc2091: "
                          "ModuleNotFoundError: No module named 'no_such_module_here'").format(
            "list" if command == "list" else "run")
        assert no_traceback(done.stderr)
    # Named alone, the broken year is one sentence too.
    for args in (["run", "2091", "--example"], ["list", "2091"], ["run", "2091", "1"]):
        done = aoc_in_process(*args)
        assert done.returncode == 2
        assert "Could not import the year package aoc2091: ModuleNotFoundError" in done.stderr
        assert no_traceback(done.stderr)


# --- the naming rule: two modules for one day, and names it skips ------------------------

def test_two_modules_claiming_one_day_are_refused_naming_both(tmp_path: Path) -> None:
    with temporary_year(tmp_path / "site", 2091, {"day01.py": GOOD, "day7.py": GOOD,
                                                  "day07.py": GOOD}) as package:
        ran = aoc_in_process("run", "2091", "--example")
        one = aoc_in_process("run", "2091", "7", "--example")
        listed = aoc_in_process("list", "2091")
        with pytest.raises(FileExistsRefusal, match=r"day07\.py already exists"):
            refuse_existing(Target(2091, 7, "aoc2091", package / "day07.py"))
    sentence = ("Two modules claim day 7, aoc2091/day07.py and aoc2091/day7.py: keep one "
                "(day07.py) and rename or delete the other.")
    for done in ran, one, listed:
        assert done.returncode == 2
        assert f"2091 day 7: {sentence}" in done.stderr, done.stderr
        assert no_traceback(done.stderr)
    for done in ran, listed:
        assert "2091/01" in done.stdout and "Good Day" in done.stdout


def test_aoc_new_writes_no_second_module_for_a_day(tmp_path: Path) -> None:
    package = tmp_path / "aoc2091"
    package.mkdir()
    (package / "day7.py").write_text(GOOD)
    with pytest.raises(FileExistsRefusal, match=r"2091 day 7 is already in .*aoc2091/day7\.py"):
        refuse_existing(Target(2091, 7, "aoc2091", package / "day07.py"))
    refuse_existing(Target(2091, 8, "aoc2091", package / "day08.py"))  # another day: fine


def test_a_day_in_a_one_digit_module_runs_as_that_day(tmp_path: Path) -> None:
    with temporary_year(tmp_path / "site", 2091, {"day7.py": GOOD}):
        assert registry.load_day(2091, 7).__module__ == "aoc2091.day7"
        done = aoc_in_process("run", "2091", "7", "--example")
    assert done.returncode == 0, done.stderr


def test_a_file_named_like_a_day_is_one_the_naming_rule_skips(tmp_path: Path) -> None:
    for name in ["day_07.py", "Day07.py", "day7a.py", "DAY-07.py", "day007.py"]:
        with temporary_year(tmp_path / name, 2091, {"day01.py": GOOD, name: GOOD}):
            problems: list[str] = []
            assert registry.available_days(2091, problems) == [1], name
        assert problems == [f"aoc2091/{name} looks like a day but is not named dayNN.py; "
                            "rename it day07.py."]


def test_a_file_named_like_a_day_is_named_in_a_hint(tmp_path: Path) -> None:
    """Every command that looks for days gives the hint (any look-alike: the one above)."""
    name = "Day07.py"
    with temporary_year(tmp_path / "site", 2091, {"day01.py": GOOD, name: GOOD}):
        ran = aoc_in_process("run", "2091", "--example")
        listed = aoc_in_process("list", "2091")
        missing = aoc_in_process("run", "2091", "7", "--example")
        among_others = aoc_in_process("run", "2091", "1,7", "--example")
    hint = f"aoc2091/{name} looks like a day but is not named dayNN.py; rename it day07.py."
    for done in ran, listed:
        assert done.returncode == 0, done.stderr
        assert hint in done.stderr
        assert "2091/01" in done.stdout
    assert missing.returncode == 2
    assert f"2091 day 7 has no solution yet (aoc2091.day07). {hint}" in missing.stderr
    assert among_others.returncode == 0, among_others.stderr
    assert f"No solution yet for 2091 day 7: skipped. {hint}" in among_others.stderr


def test_a_look_alike_that_is_a_day_after_all_gets_no_hint(tmp_path: Path) -> None:
    with temporary_year(tmp_path / "site", 2091, {
            "day_07.py": GOOD.replace("title =", "day = 7\n    title =")}):
        problems: list[str] = []
        assert registry.available_days(2091, problems) == [7]
        assert problems == []


# --- the pytest plugin goes by the same rule ---------------------------------------------

def test_the_plugin_refuses_two_modules_and_names_a_look_alike(
        pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch) -> None:
    """A pytest session of its own, in this process (pytester): its collection is the
    subject, not a process."""
    (pytester.path / "tests").mkdir()
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    files = {name: GOOD for name in ("day01.py", "day7.py", "day07.py", "day_09.py")}
    monkeypatch.setenv("COLUMNS", "300")
    with temporary_year(pytester.path, 2091, {**files, "helper.py": AT_IMPORT["sys.exit"]}):
        done = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-rA", "-n", "0")
    out = done.stdout.str()
    assert done.ret == 1, out
    sentence = ("Two modules claim day 7, aoc2091/day07.py and aoc2091/day7.py: keep one "
                "(day07.py) and rename or delete the other.")
    for name in ("day07", "day7"):
        assert f"FAILED aoc2091/{name}.py::{name} import - Failed: {sentence}" in out
    assert ("FAILED aoc2091/helper.py::helper import - Failed: Could not import "
            "aoc2091.helper: it called sys.exit('helper says no') while being imported") in out
    assert "PASSED aoc2091/day01.py::2091/01 part 1 example 1" in out
    assert ("aoc2091/day_09.py looks like a day but is not named dayNN.py; "
            "rename it day09.py.") in out
    assert "Traceback" not in out


def test_the_registry_refuses_the_day_and_names_both(tmp_path: Path) -> None:
    with temporary_year(tmp_path / "site", 2091, {"day7.py": GOOD, "day07.py": GOOD}):
        assert registry.available_days(2091) == [7]
        with pytest.raises(DayLoadError, match="Two modules claim day 7"):
            registry.load_day(2091, 7)
