"""The runner: parse and parts timed apart, failures kept to the part that failed,
whatever shape `solve`'s value has; a day's code that exits, prints, forks, leaves a
thread, closes the streams or changes the recursion limit cannot take the run or its
report down (the fork, the thread and the streams in a real process). And the sentence for
a part right on one account's input and wrong on another's (`aoc run --accounts`). Each
implementation of a day, variants too, on a fresh instance, and each parse with no other
parsed input alive (the variants: test_registry.py)."""

from __future__ import annotations

import functools
import json
import numbers
import os
import sys
from collections.abc import Callable, Iterator
from decimal import Decimal
from fractions import Fraction
from itertools import product
from pathlib import Path
from typing import Any, ClassVar, cast

import pytest
import test_registry
from conftest import AocdHome, temporary_year
from fake_clock import FakeClock
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import CHARACTERS, examples
from site_cli import aoc, aoc_in_process
from test_run import ACCOUNTS_YEAR

from aoc2023.framework import Example, InputError, Solution, registry
from aoc2023.framework.inputs import RunInput, example_inputs
from aoc2023.framework.registry import (
    REGISTRY,
    variants_of,
)
from aoc2023.framework.results import DayResult, PartResult, Status
from aoc2023.framework.runner import run_solution

CLOCK = FakeClock()
"""The runner's clock in these tests (`clock=CLOCK.ns`), moved only by the days' code:
what a step is timed at is exactly what it spent."""


class Mutating(Solution[list[int]]):
    year, day = 2099, 1
    parse_calls = 0

    def parse(self, text: str) -> list[int]:
        type(self).parse_calls += 1
        CLOCK.work(1)
        return [int(x) for x in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        CLOCK.work(2)
        total = sum(numbers)
        numbers.clear()  # a careless part that empties its input
        return total

    def part_2(self, numbers: list[int]) -> int:
        CLOCK.work(4)
        return max(numbers)


class Failing(Solution[str]):
    year, day = 2099, 2

    def part_1(self, text: str) -> int:
        return 1 // 0

    def part_2(self, text: str) -> str:
        return text.upper()


class Unfinished(Solution[str]):
    year, day = 2099, 3

    def part_1(self, text: str) -> int:
        return len(text)


class BadParse(Solution[int]):
    year, day = 2099, 4

    def parse(self, text: str) -> int:
        raise InputError("not a number", 1, text)


class Together(Solution[str]):
    year, day = 2099, 5
    examples: ClassVar = [Example("ab", part_1=2, extra={"factor": 10})]

    def solve(self, text: str) -> tuple[int, int]:
        return len(text), len(text) * int(self.extra.get("factor", 1))


class InTurn(Solution[str]):
    """A `solve` that yields: part 2 needs the real input's shape (here, a digit)."""

    year, day = 2099, 17
    examples: ClassVar = [Example("ab", part_1=2)]
    part_2_runs = 0

    def solve(self, text: str) -> Iterator[int]:
        CLOCK.work(1)
        yield len(text)
        type(self).part_2_runs += 1
        CLOCK.work(2)  # part 2's own work, which must not count in part 1's time
        yield int(text[-1]) * len(text)


class StopsEarly(Solution[str]):
    year, day = 2099, 18

    def solve(self, text: str) -> Iterator[int]:
        yield 1 // len(text)


class Returns(Solution[Any]):
    year, day = 2099, 6

    def part_1(self, text: str) -> Any:
        return None

    def part_2(self, text: str) -> Any:
        return 3.0


def test_each_part_gets_its_own_parse_and_parse_is_timed_apart() -> None:
    Mutating.parse_calls = 0
    result = run_solution(Mutating, RunInput("3 1 2", "file"), clock=CLOCK.ns)
    assert [p.answer for p in result.parts] == ["6", "3"]
    assert Mutating.parse_calls == 2
    # Each part's time is its own work alone: neither parse is in it.
    assert (result.parse_seconds, [p.seconds for p in result.parts]) == (1.0, [2.0, 4.0])


class TakesExtra(Solution[str]):
    """Part 1 takes its parameter out of `self.extra`, as `dict.pop` lets it."""

    year, day = 2099, 9

    def part_1(self, text: str) -> int:
        return cast(dict[str, int], self.extra).pop("n", 100)

    def part_2(self, text: str) -> int:
        return int(self.extra.get("n", 100))


def test_each_part_has_its_own_copy_of_the_examples_extra() -> None:
    """Both were handed the Example's own dict: part 2 saw 100, and so would the next run."""
    extra = {"n": 2}
    result = run_solution(TakesExtra, RunInput("ab", "example", extra=extra))
    assert [p.answer for p in result.parts] == ["2", "2"] and extra == {"n": 2}


def test_each_part_is_told_to_on_step_as_it_starts() -> None:
    """What a terminal's running line reads: the runner tells it, no module global."""
    told: list[tuple[int, int, int | None]] = []
    run_solution(Mutating, RunInput("3 1 2", "file"), on_step=lambda *step: told.append(step))
    run_solution(InTurn, RunInput("abc", "file"), on_step=lambda *step: told.append(step))
    assert told == [
        (2099, 1, 1),
        (2099, 1, 2),
        (InTurn.year, InTurn.day, 1),
        (InTurn.year, InTurn.day, 2),
    ]


def test_steps_are_timed_on_the_real_clock_by_default() -> None:
    result = run_solution(Mutating, RunInput("3 1 2", "file"))
    assert result.parse_seconds is not None and result.parse_seconds > 0
    assert all(p.seconds is not None and p.seconds > 0 for p in result.parts)


def test_an_exception_in_one_part_leaves_the_other_part_running() -> None:
    result = run_solution(Failing, RunInput("abc", "input", {2: "ABC"}))
    part_1, part_2 = result.parts
    assert part_1.status is Status.ERROR
    assert part_1.error == "ZeroDivisionError: integer division or modulo by zero"
    assert part_1.traceback and "1 // 0" in part_1.traceback
    assert (part_2.status, part_2.answer) == (Status.CORRECT, "ABC")


def test_statuses_correct_wrong_unknown_and_not_implemented() -> None:
    result = run_solution(Unfinished, RunInput("abc", "input", {1: "4"}))
    assert (result.parts[0].status, result.parts[0].expected) == (Status.WRONG, "4")
    assert result.parts[1].status is Status.NOT_IMPLEMENTED
    result = run_solution(Unfinished, RunInput("abc", "input", {1: "3"}))
    assert result.parts[0].status is Status.CORRECT
    result = run_solution(Unfinished, RunInput("abc", "input"))
    assert result.parts[0].status is Status.UNKNOWN


def test_a_parse_error_is_reported_for_the_day_with_the_line() -> None:
    result = run_solution(BadParse, RunInput("x1", "file"))
    assert result.error == "parse failed: bad input: line 1: not a number: 'x1'"
    assert all(p.status is Status.ERROR for p in result.parts)


def test_solve_gives_both_answers_timed_together_and_sees_extra() -> None:
    result = run_solution(Together, RunInput("abc", "example", extra={"factor": 10}))
    assert [p.answer for p in result.parts] == ["3", "30"]
    assert all(p.timed_with_other_part for p in result.parts)
    assert result.parts[0].seconds == result.parts[1].seconds


def test_a_yielding_solve_times_each_part_from_the_previous_yield() -> None:
    result = run_solution(InTurn, RunInput("ab3", "input", {1: "3"}), clock=CLOCK.ns)
    part_1, part_2 = result.parts
    assert (part_1.status, part_1.answer, part_2.answer) == (Status.CORRECT, "3", "9")
    assert not part_1.timed_with_other_part and not part_2.timed_with_other_part
    assert (part_1.seconds, part_2.seconds) == (1.0, 2.0)


class YieldsThree(Solution[str]):
    year, day = 2099, 21

    def solve(self, text: str) -> Iterator[int]:
        yield 1
        CLOCK.work(2)
        yield 2
        yield 3


def traced(solve: Callable[[Any, str], Iterator[int]]) -> Callable[[Any, str], Iterator[int]]:
    """A decorator as a day may write one: what it wraps still yields."""

    @functools.wraps(solve)
    def wrapper(self: Any, text: str) -> Iterator[int]:
        return solve(self, text)

    return wrapper


class DecoratedInTurn(Solution[str]):
    year, day = 2099, 22

    @traced
    def solve(self, text: str) -> Iterator[int]:
        yield len(text)
        yield 2 * len(text)


def test_a_decorated_yielding_solve_still_gives_its_answers_in_turn() -> None:
    """It was refused: "solve() returned a generator, not a pair: ... or yield"."""
    result = run_solution(DecoratedInTurn, RunInput("ab", "input"))
    assert [(p.status, p.answer) for p in result.parts] == [
        (Status.UNKNOWN, "2"),
        (Status.UNKNOWN, "4"),
    ]
    assert not any(p.timed_with_other_part for p in result.parts)


class SolvesBoth(Solution[str]):
    year, day = 2099, 23

    def solve(self, text: str) -> Iterator[int]:
        yield len(text)
        yield 2 * len(text)


class OwnPartOne(SolvesBoth, variant="own-part-1"):
    def part_1(self, text: str) -> int:
        return 99


def test_a_variants_own_part_runs_though_its_day_solves_both_at_once() -> None:
    """The variant's part 1 never ran (solve won), so --variants and bench compared the day
    with itself. The nearest class that defines solve or a part decides."""
    assert SolvesBoth.solves_both_at_once() and not OwnPartOne.solves_both_at_once()
    result = run_solution(OwnPartOne, RunInput("ab", "input"))
    assert [(p.status, p.answer) for p in result.parts] == [
        (Status.UNKNOWN, "99"),
        (Status.NOT_IMPLEMENTED, None),
    ]


def test_a_third_answer_is_part_2s_error_and_keeps_part_2s_time() -> None:
    result = run_solution(YieldsThree, RunInput("ab", "input"), clock=CLOCK.ns)
    part_2 = result.parts[1]
    assert (part_2.status, part_2.seconds) == (Status.ERROR, 2.0)
    assert part_2.error == (
        "TypeError: solve() yielded more than two answers: yield part 1's answer, then part 2's"
    )


def test_an_example_for_part_1_alone_never_runs_part_2s_code() -> None:
    InTurn.part_2_runs = 0
    [example] = example_inputs(InTurn)
    result = run_solution(InTurn, example)
    assert [(p.part, p.status) for p in result.parts] == [(1, Status.CORRECT)]
    assert InTurn.part_2_runs == 0


def test_a_yielding_solve_that_fails_or_stops_early_is_that_parts_error() -> None:
    result = run_solution(StopsEarly, RunInput("ab", "input"))
    assert (result.parts[0].answer, result.parts[1].status) == ("0", Status.ERROR)
    assert result.parts[1].error == "TypeError: solve() stopped before it yielded part 2's answer"
    result = run_solution(StopsEarly, RunInput("", "input"))
    assert result.parts[0].error == "ZeroDivisionError: integer division or modulo by zero"
    assert result.parts[1].error == "not run: part 1 failed"


def test_answers_are_coerced_as_aocd_does_and_none_is_an_error() -> None:
    result = run_solution(Returns, RunInput("", "file"))
    assert result.parts[0].status is Status.ERROR
    assert "returned None" in (result.parts[0].error or "")
    assert result.parts[1].answer == "3"


def test_only_the_requested_parts_run() -> None:
    result = run_solution(Failing, RunInput("abc", "example", {2: "ABC"}, parts=(2,)))
    assert [p.part for p in result.parts] == [2]


def test_parsing_helpers() -> None:
    from aoc2023.framework import ints, lines, numbered_lines

    assert ints("x=-3, y=4\n12") == [-3, 4, 12]
    # A range's dash is no sign (2022 day 4, 2020 day 2); one after anything else is.
    assert ints("2-4,6-8\n1-3 a: -5 x-7 (-9)") == [2, 4, 6, 8, 1, 3, -5, -7, -9]
    assert ints("٣ 12") == [12]  # int() would take other scripts' digits: inputs are ASCII
    assert lines("a\r\nb  \n\n\n") == ["a", "b  "]  # a line's own spaces are kept
    assert lines("123 \n*   +  ") == ["123 ", "*   +  "]
    assert numbered_lines("a\nb\n") == [(1, "a"), (2, "b")]


class Whitespace(Solution[str]):
    year, day = 2099, 7

    def part_1(self, text: str) -> str:
        return " 41\n"

    def part_2(self, text: str) -> int:
        return 10**5000  # too long for str(): an error of this part, not of the run


def test_answers_lose_surrounding_whitespace_and_a_huge_int_is_the_parts_error() -> None:
    result = run_solution(Whitespace, RunInput("", "input", {1: "41"}))
    assert (result.parts[0].answer, result.parts[0].status) == ("41", Status.CORRECT)
    assert result.parts[1].status is Status.ERROR
    from aoc2023.framework.answers import answer_text

    assert answer_text("\n.#.\n#.#\n") == ".#.\n#.#"  # a drawn answer keeps its layout


class SharesState(Solution[str]):
    year, day = 2099, 8

    def part_1(self, text: str) -> int:
        self.total = 42
        return 1

    def part_2(self, text: str) -> int:
        return self.total


def test_each_part_has_its_own_instance_as_under_timeout_and_bench() -> None:
    result = run_solution(SharesState, RunInput("", "file"))
    assert result.parts[1].status is Status.ERROR
    assert "AttributeError" in (result.parts[1].error or "")


def test_an_example_with_a_value_that_cannot_be_an_answer_fails_where_it_is_written() -> None:

    with pytest.raises(TypeError, match="bool"):
        Example("x", part_1=True)


def _unknown_opcode(code: int) -> int:
    raise NotImplementedError(f"unknown opcode {code}")


class HalfWritten(Solution[str]):
    """Part 1 meets a NotImplementedError in code it calls; part 2 is not written."""

    year, day = 2099, 19

    def part_1(self, text: str) -> int:
        return _unknown_opcode(99)


class YieldsThenStub(Solution[str]):
    """A yielding solve whose part 2 is still the stub, or meets an unknown opcode."""

    year, day = 2099, 20

    def solve(self, text: str) -> Iterator[int]:
        yield len(text)
        if text == "stub":
            raise NotImplementedError
        yield _unknown_opcode(7)


def test_not_implemented_means_the_day_did_not_write_the_part() -> None:
    written, unwritten = run_solution(HalfWritten, RunInput("abc", "input")).parts
    assert (written.status, written.error) == (
        Status.ERROR,
        "NotImplementedError: unknown opcode 99",
    )
    assert written.traceback is not None and "_unknown_opcode" in written.traceback
    assert (unwritten.status, unwritten.error) == (Status.NOT_IMPLEMENTED, None)
    stub = run_solution(YieldsThenStub, RunInput("stub", "input")).parts
    assert [p.status for p in stub] == [Status.UNKNOWN, Status.NOT_IMPLEMENTED]
    failed = run_solution(YieldsThenStub, RunInput("opcode", "input")).parts
    assert [(p.status, p.error) for p in failed] == [
        (Status.UNKNOWN, None),
        (Status.ERROR, "NotImplementedError: unknown opcode 7"),
    ]


class StandInInt64:
    """A stand-in for numpy.int64 (numpy may not be installed): numpy registers its
    integers as `numbers.Integral`, which is how they are recognised without numpy."""

    def __init__(self, value: int) -> None:
        self.value = value

    def __int__(self) -> int:
        return self.value

    def __index__(self) -> int:
        return self.value


numbers.Integral.register(StandInInt64)


class PrintsBadly(int):
    def __str__(self) -> str:
        raise RuntimeError("no str")

    def __repr__(self) -> str:
        raise RuntimeError("no repr")


def _nested(depth: int) -> list[Any]:
    top: list[Any] = []
    inner = top
    for _ in range(depth):
        inner.append([])
        inner = inner[0]
    return top


def test_answers_are_coerced_as_aocd_coerces_them_and_anything_else_is_one_sentence() -> None:
    from aoc2023.framework.answers import answer_text

    coerced: list[object] = [
        StandInInt64(5),
        Decimal(5),
        Decimal("5.00"),
        Fraction(10, 2),
        5.0,
        complex(5, 0),
        b"5",
    ]
    for value in coerced:
        assert answer_text(value) == "5", value
    refused_values: list[tuple[object, str]] = [
        (Decimal("5.5"), "Decimal Decimal('5.5')"),
        ([1] * 3_000_000, "list [1, 1, 1, 1, 1, 1, ...]"),
        (_nested(100_000), "list [[[[...]]]]"),
        (PrintsBadly(3), "PrintsBadly <PrintsBadly instance at 0x"),
    ]
    for value, shown in refused_values:
        with pytest.raises(TypeError) as refused:
            answer_text(value)
        assert str(refused.value).startswith(f"an answer was {shown}"), refused.value
        assert len(str(refused.value)) < 130 and str(refused.value).endswith(
            "; give an int or a str"
        )


@pytest.mark.numpy
def test_a_real_numpy_integer_is_an_answer() -> None:
    numpy = pytest.importorskip("numpy")
    from aoc2023.framework.answers import answer_text

    assert answer_text(numpy.int64(5)) == "5"
    assert answer_text(numpy.array([7])) == "7"


# --- a day's code cannot take the run down (a throwaway year, 2066) -------------------------

HEAD = "import os, sys, threading, time\nfrom aoc2023.framework import Example, Solution\n"


def day(part_1: str, part_2: str = "return 2") -> str:
    return (
        HEAD
        + f"""
class Day(Solution[str]):
    examples = [Example("x", part_1=1, part_2=2)]

    def part_1(self, text: str) -> int:
        {part_1}

    def part_2(self, text: str) -> int:
        {part_2}
"""
    )


def year(tmp_path: Path, **days: str) -> Path:
    package = tmp_path / "site" / "aoc2066"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for name, source in days.items():
        (package / f"{name}.py").write_text(source)
    return tmp_path / "site"


def env(home: AocdHome, site: Path) -> dict[str, str]:
    environment = home.env()
    environment["PYTHONPATH"] = f"{site}{os.pathsep}{environment['PYTHONPATH']}"
    return environment


def test_sys_exit_in_a_part_is_that_parts_error_and_the_run_goes_on(tmp_path: Path) -> None:
    days = {"day01.py": day("sys.exit(3)"), "day02.py": day("raise SystemExit")}
    with temporary_year(tmp_path / "site", 2066, days):
        done = aoc_in_process("run", "2066", "--example", "--json")
    assert done.returncode == 2, done.stderr
    results = json.loads(done.stdout)["results"]
    assert [(r["day"], [p["status"] for p in r["parts"]]) for r in results] == [
        (1, ["error", "correct"]),
        (2, ["error", "correct"]),
    ]
    assert results[0]["parts"][0]["error"] == "the day's code called sys.exit(3)"


def test_under_json_what_a_part_prints_goes_to_stderr(tmp_path: Path) -> None:
    with temporary_year(tmp_path / "site", 2066, {"day01.py": day("print('chatty'); return 1")}):
        done = aoc_in_process("run", "2066", "1", "--example", "--json")
    assert json.loads(done.stdout)["results"][0]["parts"][0]["status"] == "correct"
    assert "chatty" in done.stderr


def test_a_part_that_forks_leaves_a_thread_or_closes_stdout_cannot_upset_the_report(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """One process, three days: day 1's part forks (the report is not printed twice), day
    2's leaves a thread running (aoc exits all the same), day 3's closes stdout and stderr
    (the report is whole, and no traceback); and day 3 benched, in a process of its own."""
    site = year(
        tmp_path,
        day01=day("os.fork(); return 1"),
        day02=day("threading.Thread(target=time.sleep, args=(600,)).start(); return 1"),
        day03=day("sys.stdout.close(); sys.stderr.close(); return 1"),
    )
    # Had aoc waited for the thread, it would have run past this limit (TimeoutExpired).
    done = aoc(None, aocd_home, "run", "2066", "--example", env=env(aocd_home, site), timeout=120)
    assert done.returncode == 0, done.stderr
    assert done.stdout.count("Advent of Code") == 1
    rows = [line for line in done.stdout.splitlines() if "2066/0" in line]
    assert [row.split("│")[1].strip() for row in rows] == ["2066/01", "2066/02", "2066/03"]
    assert all("✔ 1" in row for row in rows), done.stdout
    assert "Traceback" not in done.stderr
    bench = ["bench", "2066", "3", "--example", "--budget", "0.01"]
    benched = aoc(None, aocd_home, *bench, env=env(aocd_home, site), timeout=120)
    assert benched.returncode == 0, benched.stderr
    assert "2066/03" in benched.stdout and "Traceback" not in benched.stderr


def test_a_part_that_closes_the_stream_below_the_redaction_cannot_upset_the_report(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """With a token, sys.stdout redacts and writes to sys.__stdout__: a part that closed
    that one ended the run in "unexpected ValueError: I/O operation on closed file", with
    no row for any day."""
    aocd_home.set_token()
    site = year(tmp_path, day01=day("sys.__stdout__.close(); sys.__stderr__.close(); return 1"))
    (site / "aoc2066" / "day02.py").write_text(day("return 1"))
    done = aoc(None, aocd_home, "run", "2066", "--example", env=env(aocd_home, site), timeout=120)
    assert done.returncode == 0, done.stderr
    rows = [line for line in done.stdout.splitlines() if "2066/0" in line]
    assert len(rows) == 2 and all("✔ 1" in row for row in rows), done.stdout + done.stderr


# --- a day's code that changes what aoc relies on: the recursion limit (9085 on) -----------

LETTERS_DAY = """
import sys

from aoc2023.framework import Example, Solution


def lower_the_recursion_limit() -> None:
    limit = 10
    while True:  # as low as it goes here: a few frames deeper than this one
        try:
            sys.setrecursionlimit(limit)
            return
        except RecursionError:
            limit += 1

class Day(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
"""

LOWERS_THE_RECURSION_LIMIT = {
    "parse": LETTERS_DAY.replace(
        "    def part_1",
        "    def parse(self, text: str) -> str:\n"
        "        lower_the_recursion_limit()\n"
        "        return text\n\n    def part_1",
    ),
    "part": LETTERS_DAY.replace(
        "        return len(text)", "        lower_the_recursion_limit()\n        return len(text)"
    ),
}


@pytest.mark.parametrize("where", sorted(LOWERS_THE_RECURSION_LIMIT))
def test_a_step_that_lowers_the_recursion_limit_costs_no_report(tmp_path: Path, where: str) -> None:
    limit = sys.getrecursionlimit()
    with temporary_year(
        tmp_path / "site",
        9085,
        {"day01.py": LETTERS_DAY, "day02.py": LOWERS_THE_RECURSION_LIMIT[where]},
    ):
        done = aoc_in_process("run", "9085", "--example", "--json")
    assert sys.getrecursionlimit() == limit
    assert done.returncode == 0, done.stdout + done.stderr
    document = json.loads(done.stdout)
    assert [
        (day["day"], [part["status"] for part in day["parts"]][:1]) for day in document["results"]
    ] == [(1, ["correct"]), (2, ["correct"])]


def test_a_raised_recursion_limit_is_kept_for_the_next_step(tmp_path: Path) -> None:
    raises_it = LETTERS_DAY.replace(
        "    def part_1",
        "    def parse(self, text: str) -> str:\n"
        "        import sys\n        sys.setrecursionlimit(54321)\n"
        "        return text\n\n    def part_1",
    ).replace(
        "        return len(text)",
        "        import sys\n        assert sys.getrecursionlimit() == 54321\n"
        "        return len(text)",
    )
    limit = sys.getrecursionlimit()
    try:
        with temporary_year(tmp_path / "site", 9086, {"day01.py": raises_it}):
            done = aoc_in_process("run", "9086", "--example", "--json")
    finally:
        sys.setrecursionlimit(limit)
    assert done.returncode == 0, done.stdout + done.stderr
    [day] = json.loads(done.stdout)["results"]
    assert day["parts"][0]["status"] == "correct"


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
    st.none(),
    st.text(CHARACTERS),
    st.integers(),
    st.booleans(),
    st.dictionaries(st.text(CHARACTERS, max_size=3), st.integers(), max_size=3),
    st.lists(st.integers(), max_size=5).filter(lambda values: len(values) != 2),
    st.lists(st.integers(), max_size=5).filter(lambda values: len(values) != 2).map(tuple),
    st.lists(st.integers(), max_size=5).map(iter),
    st.sets(st.integers(), min_size=2, max_size=2),
)


@examples(10)
@given(returned=NOT_A_PAIR)
def test_a_solve_that_returns_anything_but_a_pair_fails_its_parts_in_one_sentence(
    returned: Any,
) -> None:
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
            result = run_solution(
                _solving(list(range(10, 10 + count)), yields=True),
                RunInput("x", "example", parts=parts),
            )
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
                    count,
                    parts,
                )


def test_the_sentence_of_an_answer_tuned_to_one_input_says_what_is_known() -> None:
    """Wrong by a known right answer, or by the site's reply alone (no right answer known):
    each is said as such, never "known None"."""
    from aoc2023.framework.results import DayResult, PartResult, Status
    from aoc2023.framework.runner import tuned_to_one_input

    def ran(account: str, *parts: PartResult) -> DayResult:
        return DayResult(ACCOUNTS_YEAR, 1, None, None, account=account, parts=parts)

    said = tuned_to_one_input(
        [
            ran("alice", PartResult(1, Status.CORRECT, "10"), PartResult(2, Status.CORRECT, "3")),
            ran(
                "bob",
                PartResult(1, Status.WRONG, "9", expected="11"),
                PartResult(2, Status.WRONG, "4025"),
            ),
        ]
    )
    assert said == [
        f"{ACCOUNTS_YEAR} day 1 part 1 is right for alice but wrong for bob (gave 9, the right "
        "answer is 11): the solution may be tuned to one input.",
        f"{ACCOUNTS_YEAR} day 1 part 2 is right for alice but wrong for bob (gave 4025, which "
        "the site said is wrong): the solution may be tuned to one input.",
    ]


variants_year = test_registry.variants_year
"""test_registry.py's fixture (bound, not imported, so that a test may name it)."""


def test_each_implementation_solves_on_a_fresh_instance(variants_year: int) -> None:
    main = registry.load_day(variants_year, 1)
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


def test_each_parse_finds_no_other_parsed_input_alive(variants_year: int) -> None:
    """Part 2's fresh parse, and each variant's, come after the one before is let go."""
    result = aoc_in_process("run", str(variants_year), "3", "--example", "--variants", "--json")
    assert result.returncode == 0, result.stderr
    days = json.loads(result.stdout)["results"]
    assert [[p["answer"] for p in day["parts"]] for day in days] == [["0", "0"], ["0", "0"]]
