"""Variants: other implementations of a day, declared beside it, checked against its
examples and against its main implementation, and run by `aoc run --variants`.

The days live in throwaway years: 2077 (variants that agree, one that disagrees on a
real input, and a day that counts the parsed inputs alive) and 2078 (a variant wrong on
the example, and declarations that must be refused).
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from subprocess import CompletedProcess
from typing import Any

import pytest
from conftest import temporary_year
from site_cli import aoc_in_process

from aoc2023.framework import Solution, registry
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.registry import variants_of
from aoc2023.framework.results import DayResult, PartResult, RunReport, Status
from aoc2023.framework.runner import run_solution
from aoc2023.framework.testing import Case, cases_of, check, check_examples
from aoc2023.framework.watch import WatchRequest, child_command

HEAD = "from __future__ import annotations\n\nfrom aoc2023.framework import Example, Solution\n"

YEAR = {
    "day01.py": HEAD
    + '''

class Day01(Solution[list[int]]):
    """Sum of the numbers, and of their squares."""

    title = "Numbers"
    examples = [Example("1\\n2\\n3", part_1=6, part_2=14)]

    def parse(self, text: str) -> list[int]:
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return sum(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return sum(n * n for n in numbers)


class Day01Squares(Day01, variant="squares"):
    """Inherits the parse and part 1; a part 2 of its own."""

    def part_2(self, numbers: list[int]) -> int:
        return sum(map(pow, numbers, [2] * len(numbers)))


class Packed(Solution[bytes], variant="packed"):
    """Parses into another shape: a variant of day 1 by its module, not by inheritance."""

    def parse(self, text: str) -> bytes:
        return bytes(int(line) for line in text.split())

    def part_1(self, packed: bytes) -> int:
        return sum(packed)

    def part_2(self, packed: bytes) -> int:
        return sum(b * b for b in packed)
''',
    "day02.py": HEAD
    + '''

class Day02(Solution[list[str]]):
    examples = [Example("a\\nbb", part_1=3, part_2=2)]

    def parse(self, text: str) -> list[str]:
        return text.split()

    def part_1(self, words: list[str]) -> int:
        return sum(map(len, words))

    def part_2(self, words: list[str]) -> int:
        return len(words)


class Day02Sloppy(Day02, variant="sloppy"):
    """Right on the example, off by one on anything longer: only the main catches it."""

    def part_1(self, words: list[str]) -> int:
        return sum(map(len, words)) + (len(words) > 2)
''',
    "day04.py": HEAD
    + """

class Day04(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
""",
    "day03.py": HEAD
    + '''
import weakref


class Parsed:
    """A parsed input that knows how many other parsed inputs were alive at its birth."""

    def __init__(self, alive: int) -> None:
        self.alive = alive


LIVE: list[weakref.ref[Parsed]] = []


class Day03(Solution[Parsed]):
    examples = [Example("x", part_1=0, part_2=0)]

    def parse(self, text: str) -> Parsed:
        parsed = Parsed(sum(ref() is not None for ref in LIVE))
        LIVE.append(weakref.ref(parsed))
        return parsed

    def part_1(self, parsed: Parsed) -> int:
        return parsed.alive

    def part_2(self, parsed: Parsed) -> int:
        return parsed.alive


class Day03Again(Day03, variant="again"):
    pass
''',
}

WRONG_ON_EXAMPLE = (
    HEAD
    + """

class Day01(Solution[str]):
    examples = [Example("abc", part_1=3, part_2=1)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        return 1


class Day01Wrong(Day01, variant="wrong"):
    def part_1(self, text: str) -> int:
        return len(text) + 1
"""
)


@pytest.fixture
def year(tmp_path: Path) -> Iterator[int]:
    with temporary_year(tmp_path / "site", 2077, YEAR):
        yield 2077


@pytest.fixture
def wrong_year(tmp_path: Path) -> Iterator[int]:
    with temporary_year(tmp_path / "wrong-site", 2078, {"day01.py": WRONG_ON_EXAMPLE}):
        yield 2078


def aoc(*args: str) -> CompletedProcess[str]:
    return aoc_in_process(*args)


def input_file(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "input.txt"
    path.write_text(text)
    return path


# --- Declaring variants -----------------------------------------------------------------


def test_variants_register_beside_the_day_not_in_its_place(year: int) -> None:
    main = registry.load_day(year, 1)
    assert main.__name__ == "Day01" and main.variant is None
    assert [(v.__name__, v.variant) for v in variants_of(main)] == [
        ("Day01Squares", "squares"),
        ("Packed", "packed"),
    ]
    assert all((v.year, v.day) == (year, 1) for v in variants_of(main))


def test_each_implementation_solves_on_a_fresh_instance(year: int) -> None:
    main = registry.load_day(year, 1)
    for implementation in [main, *variants_of(main)]:
        result = run_solution(implementation, RunInput("1\n2\n3", "input"))
        assert [(p.part, p.answer) for p in result.parts] == [(1, "6"), (2, "14")]
        assert result.variant == implementation.variant


def test_a_day_that_solves_both_at_once_runs_both_parts_in_one_step() -> None:
    class Both(Solution[str]):
        year, day = 2078, 20

        def solve(self, text: str) -> tuple[int, int]:
            return len(text), 0

    try:
        result = run_solution(Both, RunInput("abc", "input"))
        assert [(p.part, p.answer) for p in result.parts] == [(1, "3"), (2, "0")]
    finally:
        from aoc2023.framework.registry import REGISTRY

        del REGISTRY[(2078, 20)]


@pytest.mark.parametrize("name", ["", "main", "two words", "-dash", 7])
def test_a_bad_variant_name_is_refused(name: object, year: int) -> None:
    main = registry.load_day(year, 1)
    with pytest.raises(TypeError, match="a variant's name"):
        type("Bad", (main,), {}, variant=name)


def test_two_variants_of_one_name_are_refused_naming_both(year: int) -> None:
    main = registry.load_day(year, 1)
    with pytest.raises(TypeError, match=r"Other and .*Day01Squares are both variant 'squares'"):
        type("Other", (main,), {}, variant="squares")


def test_a_variant_belongs_to_the_day_it_subclasses_wherever_it_is(year: int) -> None:
    main = registry.load_day(year, 1)
    elsewhere: type[Solution[Any]] = type(
        "Elsewhere", (main,), {"__module__": "aoc2077.day09"}, variant="elsewhere"
    )
    assert (elsewhere.year, elsewhere.day) == (year, 1)
    assert variants_of(main)[-1] is elsewhere


def test_a_variant_of_no_day_is_refused() -> None:
    with pytest.raises(TypeError, match="a variant of no day"):
        type("Loose", (Solution,), {"__module__": "helpers"}, variant="fast")


# --- Checked on the examples -------------------------------------------------------------


def test_check_examples_checks_every_variant(year: int) -> None:
    for day in (1, 2, 3):
        check_examples(registry.load_day(year, day))


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


# --- aoc run --variants ------------------------------------------------------------------


def test_run_without_variants_runs_the_main_implementation_alone(year: int) -> None:
    result = aoc("run", str(year), "1", "--example", "--json")
    assert result.returncode == 0, result.stderr
    assert [day["variant"] for day in json.loads(result.stdout)["results"]] == [None]


def test_run_with_variants_runs_each_one_after_the_main(year: int) -> None:
    result = aoc("run", str(year), "1", "--example", "--variants", "--json")
    assert result.returncode == 0, result.stderr
    days = json.loads(result.stdout)["results"]
    assert [day["variant"] for day in days] == [None, "squares", "packed"]
    for day in days:
        assert [(p["answer"], p["status"]) for p in day["parts"]] == [
            ("6", "correct"),
            ("14", "correct"),
        ]


def test_variants_agree_on_a_real_input(year: int, tmp_path: Path) -> None:
    path = input_file(tmp_path, "\n".join(map(str, range(1, 101))))
    result = aoc("run", str(year), "1", "--input", str(path), "--variants", "--json")
    assert result.returncode == 0, result.stderr
    days = json.loads(result.stdout)["results"]
    assert {tuple(p["answer"] for p in day["parts"]) for day in days} == {("5050", "338350")}


def test_a_variant_that_disagrees_with_the_main_is_an_error_naming_both(
    year: int, tmp_path: Path
) -> None:
    path = input_file(tmp_path, "a\nbb\nccc")
    result = aoc("run", str(year), "2", "--input", str(path), "--variants", "--json")
    assert result.returncode == 2, result.stderr
    main, sloppy = json.loads(result.stdout)["results"]
    assert [p["status"] for p in main["parts"]] == ["unknown", "unknown"]
    assert [p["status"] for p in sloppy["parts"]] == ["error", "unknown"]
    assert sloppy["parts"][0]["error"] == (
        "variant 'sloppy' gave 7, but the main implementation gave 6"
    )


def test_the_table_shows_a_row_per_variant_and_the_disagreement(year: int, tmp_path: Path) -> None:
    path = input_file(tmp_path, "a\nbb\nccc")
    result = aoc("run", str(year), "2", "--input", str(path), "--variants")
    assert result.returncode == 2
    rows = [row for row in result.stdout.splitlines() if "2077/02" in row]
    assert len(rows) == 2 and "variant sloppy" in rows[1] and "variant" not in rows[0]
    assert (
        "2077 day 2 (" + str(path) + "), variant sloppy part 1: variant 'sloppy' gave 7, "
        "but the main implementation gave 6"
    ) in result.stderr


def test_a_narrow_table_names_each_variant_too(year: int) -> None:
    result = aoc_in_process(
        "run", str(year), "1", "--example", "--variants", env=dict(os.environ, COLUMNS="40")
    )
    assert result.returncode == 0, result.stderr
    assert "Part 1" in result.stdout and "Title" not in result.stdout  # the narrow table
    first_column = " ".join(
        line.split("│")[1].strip() for line in result.stdout.splitlines() if line.startswith("│")
    )
    assert "variant squares" in first_column and "variant packed" in first_column


def test_a_day_without_variants_says_so(year: int) -> None:
    result = aoc("run", str(year), "1,4", "--example", "--variants", "--json")
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout)
    assert [(d["day"], d["variant"]) for d in report["results"]] == [
        (1, None),
        (1, "squares"),
        (1, "packed"),
        (4, None),
    ]
    assert report["notices"] == [
        "2077 day 4 declares no variants: only the main implementation ran."
    ]


def test_variants_run_under_a_time_limit_too(year: int, tmp_path: Path) -> None:
    path = input_file(tmp_path, "a\nbb\nccc")
    result = aoc(
        "run", str(year), "2", "--input", str(path), "--variants", "--timeout", "20", "--json"
    )
    assert result.returncode == 2, result.stderr
    main, sloppy = json.loads(result.stdout)["results"]
    assert (main["variant"], sloppy["variant"]) == (None, "sloppy")
    assert "gave 7, but the main implementation gave 6" in sloppy["parts"][0]["error"]


def test_a_watch_passes_variants_on() -> None:
    command = child_command(WatchRequest((2077,), "1", variants=True))
    assert command.endswith(" --variants")


def test_a_variants_answer_is_never_sent() -> None:
    unknown = (PartResult(1, Status.UNKNOWN, answer="6"),)
    variant = DayResult(2077, 1, None, "input", parts=unknown, variant="fast")
    assert not RunReport([variant]).may_send
    assert RunReport([DayResult(2077, 1, None, "input", parts=unknown)]).may_send


# --- One parsed input alive at a time -------------------------------------------------------


def test_each_parse_finds_no_other_parsed_input_alive(year: int) -> None:
    """Part 2's fresh parse, and each variant's, come after the one before is let go."""
    result = aoc("run", str(year), "3", "--example", "--variants", "--json")
    assert result.returncode == 0, result.stderr
    days = json.loads(result.stdout)["results"]
    assert [[p["answer"] for p in day["parts"]] for day in days] == [["0", "0"], ["0", "0"]]
