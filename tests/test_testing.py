"""`aoc2023.framework.testing`: the checks a day's tests rely on fail when they should.

A check that cannot fail would let every day's test pass, so each failure it exists
to catch (a wrong answer, a part that raises, an example that does not parse, a day
that does not import) is made here, in a throwaway year package, and must fail with
a message that says where and what. A part not written yet must not fail. Every variant
of a day is checked on the examples too, and a failure names it (the variants:
test_registry.py).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from operator import attrgetter
from pathlib import Path
from typing import Any

import pytest
import test_registry
from conftest import TOKEN, USER_ID, AocdHome, temporary_year

from aoc2023.framework import registry
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.solution import Solution
from aoc2023.framework.testing import Case, RealAocd, cases_of, check, check_examples

YEAR = 2088  # 12 days a year from 2025 on: day 12 is the last, with no part 2
HEAD = "from aoc2023.framework import Example, InputError, Solution\n\n"
FILES = {
    # Part 1 is the length of the text: "abc" gives 3, and this example says 4.
    "day01.py": HEAD
    + """
class Day(Solution[str]):
    examples = [Example("abc", part_1=4, part_2="ABC")]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> str:
        return text.upper()
""",
    # Part 2 raises; part 1 is right.
    "day02.py": HEAD
    + """
def divide(a: int, b: int) -> float:
    return a / b


class Day(Solution[str]):
    examples = [Example("abc", part_1=3, part_2=1)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        return int(divide(len(text), 0))
""",
    # The example does not parse.
    "day03.py": HEAD
    + """
class Day(Solution[int]):
    examples = [Example("x", part_1=1)]

    def parse(self, text: str) -> int:
        raise InputError("not a number", 1, text)

    def part_1(self, number: int) -> int:
        return number
""",
    # Part 1 right on both examples (one named), part 2 not written yet.
    "day04.py": HEAD
    + """
class Day(Solution[str]):
    examples = [Example("abc", part_1=3, part_2=9), Example("ab", part_1=2, name="short")]

    def part_1(self, text: str) -> int:
        return len(text)
""",
    # No example declares an answer.
    "day05.py": HEAD
    + """
class Day(Solution[str]):
    examples = [Example("abc")]

    def part_1(self, text: str) -> int:
        raise ValueError("never run: there is nothing to compare with")
""",
    "day06.py": "import no_such_module_here\n",
    # Two examples wrong at once, one named: both are reported, in one message.
    "day07.py": HEAD
    + """
class Day(Solution[str]):
    examples = [Example("abc", part_1=1), Example("ab", part_1=1, name="short")]

    def part_1(self, text: str) -> int:
        return len(text)
""",
    # Part 1 meets a NotImplementedError in code it calls: an error, not "not written";
    # part 2 is the stub `aoc new` writes, raised by the part itself: not written yet.
    "day08.py": HEAD
    + """
def run_program(program: list[int]) -> int:
    raise NotImplementedError(f"unknown opcode {program[0]}")


class Day(Solution[str]):
    examples = [Example("99", part_1=99, part_2=1)]

    def part_1(self, text: str) -> int:
        return run_program([int(text)])

    def part_2(self, text: str) -> int:
        raise NotImplementedError
""",
    # The last day has no part 2: an answer declared for it is not checked.
    "day12.py": HEAD
    + """
class Day(Solution[str]):
    examples = [Example("abc", part_1=3, part_2=0)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        raise AssertionError("the last day has no part 2")
""",
}


@pytest.fixture
def year(tmp_path: Path) -> Iterator[Path]:
    with temporary_year(tmp_path / "site", YEAR, FILES) as package:
        yield package


def day(number: int) -> type[Solution[Any]]:
    return registry.load_day(YEAR, number)


def failure_of(number: int) -> str:
    """check_examples' message for a day that must fail."""
    with pytest.raises(AssertionError) as raised:
        check_examples(day(number))
    return str(raised.value)


# --- check_examples ----------------------------------------------------------------------


def test_a_wrong_answer_fails_naming_the_example_part_answer_and_expected(year: Path) -> None:
    message = failure_of(1)
    assert message.splitlines() == [
        "Day's examples: 1 failure",
        "  2088 day 1, example 1, part 1: returned 3, expected 4",
    ]  # part 2 is right, so it is not listed


def test_a_part_that_raises_fails_with_the_error_and_its_traceback(year: Path) -> None:
    message = failure_of(2)
    assert message.splitlines()[:2] == [
        "Day's examples: 1 failure",
        "  2088 day 2, example 1, part 2 raised ZeroDivisionError: division by zero",
    ]
    assert "2088 day 2, example 1, part 2:\nTraceback (most recent call last):" in message
    assert "in divide" in message  # the day's own code, where it raised


def test_an_example_that_does_not_parse_fails(year: Path) -> None:
    message = failure_of(3)
    assert "  2088 day 3, example 1: parse failed: bad input: line 1: not a number" in message
    assert "Traceback" in message and "InputError" in message


def test_every_failure_is_in_the_one_message(year: Path) -> None:
    assert failure_of(7).splitlines() == [
        "Day's examples: 2 failures",
        "  2088 day 7, example 1, part 1: returned 3, expected 1",
        "  2088 day 7, example 2 (short), part 1: returned 2, expected 1",
    ]


def test_right_answers_and_parts_not_written_yet_pass(year: Path) -> None:
    check_examples(day(4))  # part 1 right on both examples, part 2 NotImplementedError
    check_examples(day(12))  # the last day: its part 2 is never run
    check_examples(registry.load_day(2023, 7))


def example_cases(year: int = YEAR) -> list[Case]:
    """The year's cases as the pytest plugin makes them: each day that imports, its own."""
    return [
        case
        for day in sorted(registry.year_files(year).days)
        if day != 6  # it does not import: the plugin's own tests say so
        for case in cases_of(registry.load_day(year, day))
    ]


def test_a_not_implemented_error_from_code_a_part_calls_fails(year: Path) -> None:
    """Only a part the day has not written is skipped: the stub `raise
    NotImplementedError` in the part itself, or the base class's own part."""
    assert failure_of(8).splitlines()[1] == (
        "  2088 day 8, example 1, part 1 raised NotImplementedError: unknown opcode 99"
    )
    cases = {case.id: case for case in example_cases()}
    with pytest.raises(AssertionError, match="part 1 raised NotImplementedError: unknown"):
        check(cases["2088-day08-part1-example1"])
    with pytest.raises(pytest.skip.Exception, match="2088 day 8 part 2 is not written yet"):
        check(cases["2088-day08-part2-example1"])


def test_a_day_with_no_example_answer_passes_with_a_warning(year: Path) -> None:
    with pytest.warns(UserWarning, match="checked nothing"):
        check_examples(day(5))


# --- the suite's parametrised cases ----------------------------------------------------------


def test_the_cases_cover_every_day_part_and_example_with_an_answer(year: Path) -> None:
    ids = [case.id for case in example_cases() if case.year == YEAR]
    assert ids == [
        "2088-day01-part1-example1",
        "2088-day01-part2-example1",
        "2088-day02-part1-example1",
        "2088-day02-part2-example1",
        "2088-day03-part1-example1",
        "2088-day04-part1-example1",
        "2088-day04-part1-example2",
        "2088-day04-part2-example1",
        "2088-day07-part1-example1",
        "2088-day07-part1-example2",
        "2088-day08-part1-example1",
        "2088-day08-part2-example1",
        "2088-day12-part1-example1",
    ]


def test_each_case_passes_fails_or_skips_as_its_part_does(year: Path) -> None:
    cases = {case.id: case for case in example_cases()}
    check(cases["2088-day01-part2-example1"])
    check(cases["2088-day04-part1-example2"])
    with pytest.raises(AssertionError, match="part 1: returned 3, expected 4"):
        check(cases["2088-day01-part1-example1"])
    with pytest.raises(AssertionError, match="part 2 raised ZeroDivisionError"):
        check(cases["2088-day02-part2-example1"])
    with pytest.raises(AssertionError, match="parse failed: bad input"):
        check(cases["2088-day03-part1-example1"])
    with pytest.raises(AssertionError, match=r"example 2 \(short\), part 1: returned 2"):
        check(cases["2088-day07-part1-example2"])
    with pytest.raises(pytest.skip.Exception, match="2088 day 4 part 2 is not written yet"):
        check(cases["2088-day04-part2-example1"])
    assert isinstance(cases["2088-day01-part1-example1"], Case)


def test_real_answers_are_checked_against_the_users_cache(
    year: Path, aocd_home: AocdHome, tmp_path: Path
) -> None:
    env = {"AOCD_DIR": str(aocd_home.data), "AOCD_CONFIG_DIR": str(aocd_home.config)}
    aocd_home.set_token()
    aocd = RealAocd.from_environment(env, tmp_path)
    cases = {
        case.id: case
        for day in sorted(registry.year_files(YEAR).days)
        if day != 6
        for case in cases_of(registry.load_day(YEAR, day), aocd)
    }
    # Every part of every day that imports; the last day has no part 2.
    assert sorted(cases) == [
        f"2088-day{d:02d}-part{p}-input" for d in (1, 2, 3, 4, 5, 7, 8) for p in (1, 2)
    ] + ["2088-day12-part1-input"]
    case = cases["2088-day01-part1-input"]
    assert isinstance(case, Case) and case.aocd is aocd and TOKEN not in repr(case)
    with pytest.raises(pytest.skip.Exception, match="no accepted answer cached"):
        check(case)
    aocd_home.cache_input(YEAR, 1, "abcde\n")
    aocd_home.cache_answer(YEAR, 1, 1, "6")
    with pytest.raises(
        AssertionError, match="2088 day 1, your input, part 1: returned 5, the accepted answer is 6"
    ):
        check(case)
    aocd_home.cache_answer(YEAR, 1, 1, "5")
    check(case)
    aocd_home.cache_input(YEAR, 4, "abc\n")
    aocd_home.cache_answer(YEAR, 4, 2, "1")
    with pytest.raises(pytest.skip.Exception, match="not written yet"):
        check(cases["2088-day04-part2-input"])


def test_the_names_the_checks_had_before_still_work(year: Path, tmp_path: Path) -> None:
    """A project's explicit test files written with the earlier names keep passing."""
    from aoc2023.framework import testing

    day = registry.load_day(YEAR, 1)
    aocd = RealAocd(None, tmp_path, tmp_path)
    assert testing.example_cases_of(day) == cases_of(day)
    assert testing.real_answer_cases_of(day, aocd) == cases_of(day, aocd)
    assert testing.check_example is testing.check_real_answer is check
    assert testing.ExampleCase(YEAR, 1, 1, 1) == cases_of(day)[0]
    real = testing.RealAnswerCase(YEAR, 1, 1, aocd)
    assert (real.number, real.aocd, real.id) == (0, aocd, f"{YEAR}-day01-part1-input")


def test_the_ids_are_what_the_suite_parametrises_with() -> None:
    case = Case(2023, 7, 1, 1)
    assert attrgetter("id")(case) == "2023-day07-part1-example1"


def test_the_framework_imports_and_checks_without_pytest(aocd_home: AocdHome) -> None:
    """pytest is a dev dependency: the testing module must not need it to import."""
    code = (
        "import sys\n"
        "sys.modules['pytest'] = None  # any `import pytest` now fails\n"
        "from aoc2023.framework.testing import check_examples\n"
        "from aoc2023.day07 import Day07\n"
        "check_examples(Day07)\n"
        "print('ok')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        env=aocd_home.env(),
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout == "ok\n"


def test_the_real_cache_is_read_as_aoc_reads_it(aocd_home: AocdHome, tmp_path: Path) -> None:
    env = {"AOCD_DIR": str(aocd_home.data), "AOCD_CONFIG_DIR": str(aocd_home.config)}
    real = RealAocd.from_environment(env, tmp_path)
    token = aocd_home.config / "token"
    # Where it looked, in order, and what to do: the token file, and the command to check it.
    assert str(real.real_input(2023, 7, 1)) == (
        f"no session token (looked in $AOC_SESSION and {token}): put your session cookie in "
        f"{token} (aoc token checks it)"
    )
    aocd_home.set_token(user_id=None)
    real = RealAocd.from_environment(env, tmp_path)
    assert real.token == TOKEN
    assert "whose token" in str(real.real_input(2023, 7, 1))
    aocd_home.set_token()
    assert "no accepted answer" in str(real.real_input(2023, 7, 1))
    aocd_home.cache_answer(2023, 7, 1, "6440")
    assert "no input" in str(real.real_input(2023, 7, 1))
    aocd_home.cache_input(2023, 7, "32T3K 765\n")
    run = real.real_input(2023, 7, 1)
    assert isinstance(run, RunInput)
    assert (run.text, run.expected, run.parts) == ("32T3K 765", {1: "6440"}, (1,))
    # With no AOCD_CONFIG_DIR, the project's .aocd_config/ is the config folder, as for `aoc`.
    project_config = tmp_path / "project" / ".aocd_config"
    project_config.mkdir(parents=True)
    (project_config / "token").write_text(f"{'9' * 96}\n")
    real = RealAocd.from_environment({"AOCD_DIR": str(aocd_home.data)}, tmp_path / "project")
    assert (real.config_dir, real.token) == (project_config.resolve(), "9" * 96)
    assert USER_ID not in str(real.real_input(2023, 7, 1))


def test_with_no_token_the_skip_names_every_place_in_order(tmp_path: Path) -> None:
    """As `aoc` looks: the environment, the project's `.aocd_config/token`, aocd's own
    file; the fix names the project's file, the README's first place."""
    project = tmp_path / "project"
    (project / ".aocd_config").mkdir(parents=True)
    env = {"AOCD_DIR": str(tmp_path / "aocd")}
    real = RealAocd.from_environment(env, project)
    own = project / ".aocd_config" / "token"
    assert str(real.real_input(2023, 7, 1)) == (
        f"no session token (looked in $AOC_SESSION, {own} and {tmp_path / 'aocd' / 'token'}): "
        f"put your session cookie in {own} (aoc token checks it)"
    )


variants_year = test_registry.variants_year
wrong_year = test_registry.wrong_year
"""test_registry.py's fixtures (bound, not imported, so that a test may name them)."""


def test_check_examples_checks_every_variant(variants_year: int) -> None:
    for day in (1, 2, 3):
        check_examples(registry.load_day(variants_year, day))


def test_check_examples_names_the_variant_that_fails(wrong_year: int) -> None:
    with pytest.raises(AssertionError) as failed:
        check_examples(registry.load_day(wrong_year, 1))
    message = str(failed.value)
    assert "1 failure" in message
    assert "2078 day 1, example 1, variant wrong, part 1: returned 4, expected 3" in message


def test_the_suites_example_cases_include_each_variant(wrong_year: int) -> None:
    cases = cases_of(registry.load_day(wrong_year, 1))
    assert [c.id for c in cases] == [
        "2078-day01-part1-example1",
        "2078-day01-part1-example1-wrong",
        "2078-day01-part2-example1",
        "2078-day01-part2-example1-wrong",
    ]
    check(Case(wrong_year, 1, 2, 1, "wrong"))
    with pytest.raises(AssertionError, match="variant wrong, part 1: returned 4, expected 3"):
        check(Case(wrong_year, 1, 1, 1, "wrong"))
