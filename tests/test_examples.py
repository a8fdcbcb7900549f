"""Every registered day's examples, and its real answers when aocd has them cached.

The cases are made at collection time from the registry: every day module of
every year package is imported, and each (day, part, example) with an expected
answer is one test, so a regression in any old day fails the suite by name
(`2023-day07-part1-example1`). A day that no longer imports is one failing case.

The real answers come from the user's own aocd cache, not the empty per-test one
that conftest sets up: the environment is read when this module is imported,
before any test isolates it. Only local files are read; nothing is ever fetched.
A part is skipped, with the reason, when there is no token, input or answer.
"""

from __future__ import annotations

import dataclasses
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, USER_ID, AocdHome

from aoc2023.framework import registry
from aoc2023.framework.aocd.paths import PuzzleCache, find_project_config_dir
from aoc2023.framework.calendar import puzzle_parts
from aoc2023.framework.errors import AocError
from aoc2023.framework.inputs import RunInput, example_inputs
from aoc2023.framework.results import DayResult, Status
from aoc2023.framework.runner import run_solution

PROJECT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class RealAocd:
    """Where the user's own aocd keeps things, found as `aoc` finds them."""

    token: str | None
    data_dir: Path
    config_dir: Path

    @classmethod
    def from_environment(cls, env: Mapping[str, str], project: Path) -> RealAocd:
        data = Path(env.get("AOCD_DIR", Path("~", ".config", "aocd"))).expanduser()
        if "AOCD_CONFIG_DIR" in env:
            config = Path(env["AOCD_CONFIG_DIR"]).expanduser()
        else:  # `aoc` uses the project's .aocd_config/ when the variable is unset
            config = find_project_config_dir(project) or data
        token = env.get("AOC_SESSION") or None
        if token is None:
            try:
                words = (config / "token").read_text(encoding="utf-8").split()
            except (FileNotFoundError, NotADirectoryError):
                words = []
            token = words[0] if words else None
        return cls(token, data, config)

    def real_input(self, year: int, day: int, part: int) -> RunInput | str:
        """The cached input with the part's accepted answer, or why there is none."""
        if self.token is None:
            return f"no session token (AOC_SESSION or {self.config_dir / 'token'})"
        try:
            memo = json.loads((self.config_dir / "token2id.json").read_text(encoding="utf-8"))
        except (FileNotFoundError, NotADirectoryError, ValueError):
            memo = {}
        user_id = memo.get(self.token) if isinstance(memo, dict) else None
        if not isinstance(user_id, str):
            return "aocd has not recorded whose token this is yet (run a day with aoc run)"
        cache = PuzzleCache(year, day, self.data_dir / user_id)
        answer = cache.known_answer(part)
        if answer is None:
            return f"aocd has no accepted answer cached for {year} day {day} part {part}"
        text = cache.read_input()
        if text is None:
            return f"aocd has no input cached for {year} day {day}"
        return RunInput(text, "input", {part: answer}, (part,))


REAL = RealAocd.from_environment(dict(os.environ), PROJECT)
"""Read at import, before conftest's autouse fixture points the environment elsewhere."""


def _cases() -> tuple[list[Any], list[Any]]:
    examples, real = [], []
    for year in registry.registered_years():
        for day in registry.available_days(year):
            name = f"{year}-day{day:02d}"
            try:
                solution_class = registry.load_day(year, day)
            except AocError as error:
                examples.append(pytest.param(year, day, 0, 0, str(error), id=f"{name}-import"))
                continue
            for part in puzzle_parts(year, day):
                for number, example in enumerate(solution_class.examples, start=1):
                    if example.expected(part) is not None:
                        examples.append(pytest.param(
                            year, day, part, number, None, id=f"{name}-part{part}-example{number}"
                        ))
                real.append(pytest.param(year, day, part, id=f"{name}-part{part}-input"))
    return examples, real


EXAMPLE_CASES, REAL_CASES = _cases()


def assert_correct(result: DayResult, expected_is: str) -> None:
    """The one part run gave its expected answer (skipped while the part is not written)."""
    [outcome] = result.parts
    if outcome.status is Status.NOT_IMPLEMENTED:
        pytest.skip(f"{result.year} day {result.day} part {outcome.part} is not written yet")
    assert result.error is None, result.error
    assert outcome.status is Status.CORRECT, (
        outcome.error or f"gave {outcome.answer}, {expected_is} {outcome.expected}"
    )


@pytest.mark.parametrize(("year", "day", "part", "number", "import_error"), EXAMPLE_CASES)
def test_example(year: int, day: int, part: int, number: int, import_error: str | None) -> None:
    if import_error is not None:
        pytest.fail(import_error, pytrace=False)
    solution_class = registry.load_day(year, day)
    run = dataclasses.replace(example_inputs(solution_class)[number - 1], parts=(part,))
    assert_correct(run_solution(solution_class, run), "the example expects")


@pytest.mark.parametrize(("year", "day", "part"), REAL_CASES)
def test_real_answer(year: int, day: int, part: int) -> None:
    run = REAL.real_input(year, day, part)
    if isinstance(run, str):
        pytest.skip(run)
    solution_class = registry.load_day(year, day)
    assert_correct(run_solution(solution_class, run), "the accepted answer is")


def test_day_7s_example_is_found_for_both_parts() -> None:
    ids = [case.id for case in EXAMPLE_CASES]
    assert {"2023-day07-part1-example1", "2023-day07-part2-example1"} <= set(ids)
    assert {"2023-day07-part1-input", "2023-day07-part2-input"} <= {c.id for c in REAL_CASES}


def test_the_real_cache_is_read_as_aoc_reads_it(aocd_home: AocdHome, tmp_path: Path) -> None:
    env = {"AOCD_DIR": str(aocd_home.data), "AOCD_CONFIG_DIR": str(aocd_home.config)}
    real = RealAocd.from_environment(env, tmp_path)
    assert "no session token" in str(real.real_input(2023, 7, 1))
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
    (project_config / "token").write_text("project-token\n")
    real = RealAocd.from_environment({"AOCD_DIR": str(aocd_home.data)}, tmp_path / "project")
    assert (real.config_dir, real.token) == (project_config.resolve(), "project-token")
    assert USER_ID not in str(real.real_input(2023, 7, 1))
