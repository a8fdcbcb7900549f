"""What a day's tests import: `check_examples(DayNN)`, and the cases the pytest plugin
makes per day, part and example or per day and part of the real input (`cases_of`,
checked by `check`). Variants are checked alike. pytest is imported only to skip or fail
a case."""

from __future__ import annotations

import dataclasses
import re
import warnings
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from aoc2023.framework import Example, Solution, registry
from aoc2023.framework.answers import pictures, side_by_side
from aoc2023.framework.aocd.local import config_and_token, listed, token_places
from aoc2023.framework.aocd.paths import PuzzleCache, cached_user_id, data_dir
from aoc2023.framework.calendar import puzzle_parts
from aoc2023.framework.errors import DamagedFileError, Interrupted
from aoc2023.framework.inputs import RunInput, example_inputs
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.results import DayResult, Status
from aoc2023.framework.runner import run_solution

__all__ = [
    "Case",
    "ExampleCase",
    "RealAnswerCase",
    "RealAocd",
    "cases_of",
    "check",
    "check_example",
    "check_examples",
    "check_real_answer",
    "example_cases_of",
    "real_answer_cases_of",
]

_WHOLE_NUMBER = re.compile(r"-?[0-9]+")


def check_examples(solution_class: type[Solution[Any]]) -> None:
    """Run each part of each example that has an answer for it, by the day's class and each
    of its variants: one AssertionError lists every failure (a wrong answer, a part that
    raised, an example that does not parse), then the tracebacks. A part not written yet is
    no failure; a day that declares no answer at all passes with a warning."""
    year, day = solution_class.year, solution_class.day
    parts = puzzle_parts(year, day)
    failures: list[str] = []
    tracebacks: list[str] = []
    for number, run in enumerate(example_inputs(solution_class), start=1):
        wanted = tuple(p for p in run.parts if p in parts and run.expected.get(p) is not None)
        if not wanted:
            continue
        for implementation in _implementations(solution_class).values():
            result = _run(implementation, dataclasses.replace(run, parts=wanted))
            where = _where(year, day, _example_name(number, run.label), result.variant)
            failures += _failures(result, where, "expected")
            found = [(where, result.traceback)]
            found += [(f"{where}, part {part.part}", part.traceback) for part in result.parts]
            tracebacks += [f"{place}:\n{text}" for place, text in found if text]
    if not cases_of(solution_class):  # no example has an answer for a part
        warnings.warn(
            f"{solution_class.__qualname__} declares no example answer yet, so check_examples "
            "checked nothing: add part_1=... (and part_2=...) to its examples.",
            stacklevel=2,
        )
    if failures:
        count = f"{len(failures)} failure" + ("s" if len(failures) > 1 else "")
        message = f"{solution_class.__qualname__}'s examples: {count}\n"
        message += "".join(
            f"  {failure}\n".replace("\n", "\n    ").rstrip(" ") for failure in failures
        )
        message += "".join(f"\n{traceback}" for traceback in tracebacks)
        raise AssertionError(message.rstrip("\n"))


@dataclasses.dataclass(frozen=True)
class RealAocd:
    """Where the user's aocd keeps things, found as `aoc` finds them: a real-answer test
    reads these local files only."""

    token: str | None = dataclasses.field(repr=False)  # never shown in a test report
    data_dir: Path
    config_dir: Path
    token_places: tuple[str, ...] = ()
    """Where the token was looked for, in order (`local.token_places`)."""

    @classmethod
    def from_environment(cls, env: Mapping[str, str], project: Path) -> RealAocd:
        config, token = config_and_token(env, project)
        return cls(token, data_dir(env), config, tuple(token_places(project, env)))

    def real_input(self, year: int, day: int, part: int) -> RunInput | str:
        """The cached input with the part's accepted answer, or why not and what to run."""
        then = f"; run {aoc_command('run', year, day)}"
        if self.token is None:
            places = list(self.token_places) or ["$AOC_SESSION", str(self.config_dir / "token")]
            files = [place for place in places if not place.startswith("$")]
            return (
                f"no session token (looked in {listed(places)}): put your session cookie "
                f"in {files[0]} ({aoc_command('token')} checks it)"
            )
        try:
            user_id = cached_user_id(self.token, self.config_dir)
        except DamagedFileError:  # `aoc token` says what is wrong
            user_id = None
        if user_id is None:
            return f"aocd has not recorded whose token this is yet{then}"
        cache = PuzzleCache(year, day, self.data_dir / user_id)
        if (answer := cache.known_answer(part)) is None:
            return f"aocd has no accepted answer cached for {year} day {day} part {part}{then}"
        if (text := cache.read_input()) is None:
            return f"aocd has no input cached for {year} day {day}{then}"
        return RunInput(text, "input", {part: answer}, (part,))


@dataclasses.dataclass(frozen=True)
class Case:
    """One part of one day by one implementation, a test of its own: on the day's example
    `number`, or (with `aocd`) on the user's cached input against the accepted answer."""

    year: int
    day: int
    part: int
    number: int = 0
    """The example's place in the day's `examples`, from 1; 0 on the user's input."""
    variant: str | None = None
    """The variant checked; None for the day's main implementation."""
    aocd: RealAocd | None = None

    @property
    def id(self) -> str:
        what = f"example{self.number}" if self.aocd is None else "input"
        case = f"{self.year}-day{self.day:02d}-part{self.part}-{what}"
        return case + (f"-{self.variant}" if self.variant else "")


def cases_of(solution_class: type[Solution[Any]], aocd: RealAocd | None = None) -> list[Case]:
    """One case per part, example with an answer for it and implementation of the day;
    with `aocd`, one per part and implementation on the user's input there instead."""
    year, day = solution_class.year, solution_class.day
    examples: list[tuple[int, Example | None]] = [(0, None)]
    if aocd is None:
        examples = list(enumerate(solution_class.examples, start=1))
    return [
        Case(year, day, part, number, variant, aocd)
        for part in puzzle_parts(year, day)
        for number, example in examples
        if example is None or example.expected(part) is not None
        for variant in _implementations(solution_class)
    ]


def check(case: Case) -> None:
    """Fail unless the case's part gives its expected answer; skip one not written yet and,
    saying why, one on the user's input without a token, the input or the answer."""
    import pytest

    if case.aocd is None:
        solution_class = registry.load_day(case.year, case.day)
        example = example_inputs(solution_class)[case.number - 1]
        run = dataclasses.replace(example, parts=(case.part,))
        what, expected_is = _example_name(case.number, example.label), "expected"
    else:
        if isinstance((found := case.aocd.real_input(case.year, case.day, case.part)), str):
            pytest.skip(found)
        solution_class = registry.load_day(case.year, case.day)
        run, what, expected_is = found, "your input", "the accepted answer is"
    if (implementation := _implementations(solution_class).get(case.variant)) is None:
        raise AssertionError(
            f"{solution_class.__qualname__} has no variant {case.variant!r} any more"
        )
    result = _run(implementation, run)
    [outcome] = result.parts
    if outcome.status is Status.NOT_IMPLEMENTED:
        pytest.skip(f"{case.year} day {case.day} part {case.part} is not written yet")
    if result.error is not None or outcome.status is not Status.CORRECT:  # raised: `python -O`
        where = _where(case.year, case.day, what, case.variant)
        raise AssertionError(_failures(result, where, expected_is)[0])


ExampleCase = Case
"""The names the cases and checks had before each was one (a project's explicit tests)."""


class RealAnswerCase(Case):
    """A case on the user's input in `aocd`, built as before it was one `Case`."""

    def __init__(
        self, year: int, day: int, part: int, aocd: RealAocd, variant: str | None = None
    ) -> None:
        super().__init__(year, day, part, 0, variant, aocd)


check_example = check_real_answer = check
example_cases_of = real_answer_cases_of = cases_of


def _run(solution_class: type[Solution[Any]], run: RunInput) -> DayResult:
    """`run_solution`; Ctrl-C in the day's code is a KeyboardInterrupt again, so that
    pytest stops the session."""
    try:
        return run_solution(solution_class, run)
    except Interrupted:
        raise KeyboardInterrupt from None


def _failures(result: DayResult, where: str, expected_is: str) -> list[str]:
    """One line per failure in `result`; a part not written yet is none."""
    if result.error is not None:
        return [f"{where}: {result.error}"]
    failures = []
    for part in result.parts:
        if part.status in {Status.CORRECT, Status.NOT_IMPLEMENTED}:
            continue
        if part.status is Status.WRONG and pictures(part.drawing, part.expected):
            drawings = side_by_side(part.expected or "", part.drawing or "")
            what = f": the drawing differs from the expected one:\n{drawings}"
        elif part.status is Status.WRONG:
            returned = part.answer if part.answer is not None else part.drawing  # unread
            what = f": returned {_shown(returned)}, {expected_is} {_shown(part.expected)}"
        elif part.error is not None:
            what = f" {'raised' if part.traceback else 'failed:'} {part.error}"
        else:  # no expected answer: not a pass either
            what = f": {part.status}, returned {_shown(part.answer)}"
        failures.append(f"{where}, part {part.part}{what}")
    return failures


def _where(year: int, day: int, what: str, variant: str | None) -> str:
    """`2023 day 7, example 1`, and `, variant fast` for a variant's failure."""
    return f"{year} day {day}, {what}" + (f", variant {variant}" if variant else "")


def _implementations(solution_class: type[Solution[Any]]) -> dict[str | None, type[Solution[Any]]]:
    """The day's class and its variants', by the variant's name (None: the day's own)."""
    return {cls.variant: cls for cls in [solution_class, *registry.variants_of(solution_class)]}


def _example_name(number: int, label: str | None) -> str:
    """`example 2`, or `example 2 (small grid)` for an example given a name."""
    plain = f"example {number}"
    return plain if label in {None, plain} else f"{plain} ({label})"


def _shown(answer: str | None) -> str:
    """An answer as the message shows it: a number as it is, anything else quoted."""
    return answer if answer is not None and _WHOLE_NUMBER.fullmatch(answer) else repr(answer)
