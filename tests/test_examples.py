"""Every registered day's examples, and its real answers when aocd has them cached.

The cases are made at collection time by `aoc2023.framework.testing` from the
registry: every day module of every year package is imported, and each (day, part,
example) with an expected answer is one test, so a regression in any old day fails
the suite by name (`2023-day07-part1-example1`). A day that no longer imports is one
failing case.

The real answers come from the user's own aocd cache, not the empty per-test one
that conftest sets up: the environment is read when this module is imported,
before any test isolates it. Only local files are read; nothing is ever fetched.
A part is skipped, with the reason, when there is no token, input or answer.
"""

from __future__ import annotations

from operator import attrgetter
from pathlib import Path

import pytest
from conftest import TOKEN, USER_ID, AocdHome

from aoc2023.framework.inputs import RunInput
from aoc2023.framework.testing import (
    ExampleCase,
    ImportFailure,
    RealAnswerCase,
    RealAocd,
    check_example,
    check_real_answer,
    example_cases,
    real_answer_cases,
)

PROJECT = Path(__file__).resolve().parents[1]

EXAMPLE_CASES = example_cases()
REAL_CASES = real_answer_cases(PROJECT)
"""Read at import, before conftest's autouse fixture points the environment elsewhere."""


@pytest.mark.parametrize("case", EXAMPLE_CASES, ids=attrgetter("id"))
def test_example(case: ExampleCase | ImportFailure) -> None:
    check_example(case)


@pytest.mark.parametrize("case", REAL_CASES, ids=attrgetter("id"))
def test_real_answer(case: RealAnswerCase) -> None:
    check_real_answer(case)


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
