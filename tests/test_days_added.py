"""The solver's repository never breaks the project's own tests.

A user's next step after the quick start is `aoc new 2023 8`, or `aoc new 2026 1`; they
may delete the shipped day 7, keep their token where the README says (and where aocd
does, and in the environment), and set `[tool.aoc]`. In a copy of the project (its tests
included), all of that is done, days are added as `aoc new` writes them (its template,
here in this process: test_new.py tests the command itself), and the suites that once
met the solver's days, token or settings run there.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from conftest import AocdHome
from project_copy import copy_project, copy_tests, isolated

from aoc2023.framework.commands.new import Target, render_day

# The suites that reach this project's own days (`aoc run` and `testing`) and once assumed
# some were missing; the days' own tests are the pytest plugin's, collected from the year
# packages. Suites whose tests make throwaway years of their own or reach no day
# (`test_registry.py`, `test_bench.py`, `test_list.py`, `test_runner.py`,
# `test_calendar.py`, ...) cannot meet the days added, and are not run again.
SUITES = ["test_run.py", "test_testing.py"]
# Nor can the tests of those suites that run a throwaway year of their own only, import
# one day by its module, or stop at the command line before any day is looked for; the
# costliest are left out by name (a name that no longer exists leaves nothing out, so a
# test renamed runs again).
LEFT_OUT = [
    "tests/test_run.py::test_an_answer_that_is_no_answer_fails_its_part_alone",
    "tests/test_run.py::test_arguments_beyond_a_command_s_are_said_to_be_too_many",
    "tests/test_run.py::test_bad_command_line_is_exit_2",
    "tests/test_run.py::test_a_day_that_closes_stdout_or_stderr_leaves_the_live_view_whole",
    "tests/test_run.py::test_main_called_from_code_reads_the_token_anew_and_leaves_"
    "the_process_as_found",
    "tests/test_testing.py::test_the_framework_imports_and_checks_without_pytest",
]
# Nor the tests those suites took in from files of their own (`aoc run`'s live output, its
# --accounts and --variants, variants checked on the examples): each runs a throwaway year
# of its own only, and did not run here before.
FOLDED_IN = {
    "test_run.py": [
        "test_each_row_shows_when_its_day_is_done_and_a_long_part_is_named",
        "test_a_row_that_does_not_fit_the_live_widths_heads_a_new_block",
        "test_live_rows_keep_the_form_the_width_chose",
        "test_output_that_is_not_a_terminal_is_the_table_at_the_end",
        "test_the_questions_come_after_each_days_row_and_ctrl_c_at_one_is_no_to_the_rest",
        "test_the_running_line_fits_a_narrow_terminal",
        "test_the_running_line_counts_the_parts_time_not_the_send_question",
        "test_the_running_line_leaves_ctrl_c_and_sigterm_to_the_main_thread",
        "test_a_row_per_account_and_the_answer_tuned_to_one_input_is_named",
        "test_named_accounts_and_the_table",
        "test_yes_asks_once_per_account",
        "test_no_accounts_token_is_printed_even_by_a_day",
        "test_a_missing_empty_or_damaged_token_list_is_one_sentence",
        "test_a_token_too_long_is_said_where_it_is_kept",
        "test_a_dead_account_is_said_in_its_row_naming_its_entry",
        "test_an_unknown_account_is_one_sentence_naming_the_known_ones",
        "test_an_account_whose_name_holds_a_comma_is_taken_whole",
        "test_accounts_with_another_input_is_refused",
        "test_the_live_table_on_a_terminal_names_each_accounts_row",
        "test_run_without_variants_runs_the_main_implementation_alone",
        "test_run_with_variants_runs_each_one_after_the_main",
        "test_variants_agree_on_a_real_input",
        "test_a_variant_that_disagrees_with_the_main_is_an_error_naming_both",
        "test_the_table_shows_a_row_per_variant_and_the_disagreement",
        "test_a_narrow_table_names_each_variant_too",
        "test_a_day_without_variants_says_so",
        "test_variants_run_under_a_time_limit_too",
    ],
    "test_testing.py": [
        "test_check_examples_checks_every_variant",
        "test_check_examples_names_the_variant_that_fails",
        "test_the_suites_example_cases_include_each_variant",
    ],
}
LEFT_OUT += [f"tests/{suite}::{test}" for suite, tests in FOLDED_IN.items() for test in tests]
SOLVERS_TOKEN = "53616c7465645f5f" + "5" * 80 + "beef"
"""The solver's own token, in each place it may live: no test may meet it."""
SHIPPED_DAY_7 = ("day07.py", "_camel_cards.py", "_day07_fast.py", "_day07_test.py")
SETTINGS = (
    '\n[tool.aoc]\nsubmit = true\nconfirm = false\ncontact = "solver@example.org"\n'
    "days = {2026 = 13}\n"
)


def as_the_solver_has_it(project: Path, env: dict[str, str], home: Path) -> dict[str, str]:
    """The copy with the shipped day 7 deleted and `[tool.aoc]` set, and an environment
    with the solver's token in each place (the project's `.aocd_config/`, aocd's own
    folder in HOME, `AOC_SESSION`) and their contact."""
    for name in SHIPPED_DAY_7:
        (project / "aoc2023" / name).unlink(missing_ok=True)
    with (project / "pyproject.toml").open("a") as pyproject:
        pyproject.write(SETTINGS)
    for folder in (project / ".aocd_config", home / ".config" / "aocd"):
        folder.mkdir(parents=True)
        (folder / "token").write_text(SOLVERS_TOKEN + "\n")
    solvers = {
        name: value for name, value in env.items() if name not in ("AOCD_DIR", "AOCD_CONFIG_DIR")
    }
    return solvers | {
        "HOME": str(home),
        "AOC_SESSION": SOLVERS_TOKEN,
        "AOC_USER_AGENT": "solver@example.org",
    }


def add_day(project: Path, year: int, day: int) -> None:
    """The day's module as `aoc new` writes it without a token, and its year's package."""
    package = project / f"aoc{year}"
    if not (package / "__init__.py").exists():
        package.mkdir()
        (package / "__init__.py").write_text(f'"""Advent of Code {year}."""\n')
    target = Target(year, day, package.name, package / f"day{day:02d}.py")
    target.day_path.write_text(render_day(target, None, ()))


@pytest.mark.slow
def test_the_suite_stays_green_when_days_are_added(tmp_path: Path, aocd_home: AocdHome) -> None:
    project = copy_project(tmp_path / "project")
    copy_tests(project)
    test_files = sorted((project / "tests").iterdir())
    env = as_the_solver_has_it(project, isolated(aocd_home.env()), tmp_path / "home")
    for year, day in [(2023, 6), (2023, 8), (2023, 25), (2024, 1), (2025, 12), (2026, 1)]:
        add_day(project, year, day)
    (project / "aoc2023" / "camel_again.py").write_text(  # a day in a module of any name
        "from aoc2023.framework import Example, Solution\n\n"
        "class Mirage(Solution[str]):\n    day = 9\n"
        "    examples = [Example('1 2', part_1=2)]\n\n"
        "    def part_1(self, text: str) -> int:\n        return len(text.split())\n"
    )
    # -v: each test's id and outcome, on a line of its own. Without hypothesis's and
    # anyio's plugins: these suites generate no cases and run no async test, and the
    # plugins import all of hypothesis (at a session's end) and asyncio. Its tmp folders
    # in this test's: at its end pytest removes the old ones of other sessions in its root,
    # which on a machine shared with other work once took 21 s.
    tests = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-v",
            "-n",
            "0",
            "-p",
            "no:cacheprovider",
            "-p",
            "no:hypothesispytest",
            "-p",
            "no:anyio",
            "-x",
            "-rf",
            "--basetemp",
            str(tmp_path / "t"),
            *(arg for test in LEFT_OUT for arg in ("--deselect", test)),
            *(f"tests/{suite}" for suite in SUITES),
            "aoc2023",
            "aoc2024",
            "aoc2025",
            "aoc2026",
        ],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert tests.returncode == 0, tests.stdout[-3000:]
    assert " passed" in tests.stdout and " failed" not in tests.stdout
    # The added days are found, in any module name and in another year: their examples
    # are tests of their own, and so is the real input (skipped here: no token).
    assert "aoc2023/camel_again.py::2023/09 part 1 example 1 PASSED" in tests.stdout
    assert "aoc2024/day01.py::2024/01 part 1 your input SKIPPED" in tests.stdout
    assert "aoc2025/day12.py::2025/12 part 1 your input SKIPPED" in tests.stdout
    assert "aoc2026/day01.py::2026/01 part 1 your input SKIPPED" in tests.stdout
    # Each example runs once, and no test file was written for the days added.
    assert tests.stdout.count("::2023/09 part 1 example 1 PASSED") == 1
    assert "aoc2023/day07.py" not in tests.stdout
    assert sorted((project / "tests").iterdir()) == test_files
