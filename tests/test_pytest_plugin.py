"""The pytest plugin, in a project of a user's: plain `pytest` tests its days, no test files.

The project is a throwaway folder outside this repository, with a year package and an
empty `tests/` (its pytest settings say `testpaths = ["tests"]`, as ours do). pytest
runs in a process of its own there, and finds the plugin through its entry point; what
the plugin makes of a command line alone (the workers for `-m` and `-k`) is read in this
process, by pytest's own `pytester`.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import AocdHome

HEAD = "from aoc2023.framework import Example, Solution\n\n\n"
DAYS = {
    # Example 1 is right, example 2 is wrong; part 2 is not written.
    "day01.py": HEAD + (
        "class Day01(Solution[str]):\n"
        "    examples = [Example('abc', part_1=3), Example('abcd', part_1=5)]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text)\n"),
    "day02.py": HEAD + (
        "class Day02(Solution[str]):\n"
        "    examples = [Example('a b', part_1=2, part_2='A B')]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text.split())\n\n"
        "    def part_2(self, text: str) -> str:\n"
        "        return text.upper()\n"),
    "day03.py": "raise ValueError('half written')\n",
    # A day in a module of another name, as the registry allows.
    "mirage.py": HEAD + (
        "class Mirage(Solution[str]):\n"
        "    day = 4\n"
        "    examples = [Example('xy', part_1=2)]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text)\n"),
}


@pytest.fixture
def project(tmp_path: Path) -> Path:
    project = tmp_path / "project"
    (project / "aoc2051").mkdir(parents=True)
    (project / "tests").mkdir()
    (project / "pyproject.toml").write_text('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    (project / "aoc2051" / "__init__.py").write_text("")
    for name, source in DAYS.items():
        (project / "aoc2051" / name).write_text(source)
    return project


def pytest_in(project: Path, home: AocdHome, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider", "-rA",
                           *args], cwd=project, env=home.env() | {"COLUMNS": "200"},
                          capture_output=True, text=True, timeout=120)


@pytest.mark.slow
def test_plain_pytest_runs_every_example_by_name(project: Path, aocd_home: AocdHome) -> None:
    done = pytest_in(project, aocd_home)
    assert done.returncode == 1, done.stdout
    assert "2 failed, 4 passed, 6 skipped" in done.stdout
    for passed in ["aoc2051/day01.py::2051/01 part 1 example 1",
                   "aoc2051/day02.py::2051/02 part 2 example 1",
                   "aoc2051/mirage.py::2051/04 part 1 example 1"]:
        assert f"PASSED {passed}\n" in done.stdout
    assert ("FAILED aoc2051/day01.py::2051/01 part 1 example 2 - 2051 day 1, example 2, "
            "part 1: returned 4, expected 5\n") in done.stdout
    assert ("FAILED aoc2051/day03.py::day03 import - Failed: Could not import aoc2051.day03: "
            "ValueError: half written\n") in done.stdout
    assert "Traceback" not in done.stdout
    # The real input, part by part, with no token: skipped, saying what to run.
    token = aocd_home.config / "token"
    assert (f"SKIPPED [2] aoc2051/day01.py:1: no session token (looked in $AOC_SESSION and "
            f"{token}): put your session cookie in {token} (aoc token checks it)"
            ) in done.stdout

    examples = pytest_in(project, aocd_home, "-m", "example")
    assert "2 failed, 4 passed, 6 deselected" in examples.stdout, examples.stdout
    one_day = pytest_in(project, aocd_home, "-k", "2051 and 02")
    assert "2 passed, 2 skipped, 8 deselected" in one_day.stdout, one_day.stdout


@pytest.mark.slow
def test_the_real_input_is_checked_against_the_cached_answer(
    project: Path, aocd_home: AocdHome
) -> None:
    aocd_home.set_token()
    aocd_home.cache_input(2051, 2, "p q r\n")
    aocd_home.cache_answer(2051, 2, 1, "3")
    aocd_home.cache_answer(2051, 2, 2, "p q")
    done = pytest_in(project, aocd_home, "-m", "real_input", "aoc2051/day02.py")
    assert done.returncode == 1, done.stdout
    assert "PASSED aoc2051/day02.py::2051/02 part 1 your input\n" in done.stdout
    assert "FAILED aoc2051/day02.py::2051/02 part 2 your input - 2051 day 2, your input, " \
        "part 2: returned 'P Q R', the accepted answer is 'p q'" in done.stdout
    assert "1 failed, 1 passed, 2 deselected" in done.stdout


@pytest.mark.slow
def test_a_quiet_run_says_the_failure_in_its_sentence(project: Path, aocd_home: AocdHome) -> None:
    """-q lowers the verbosity below 0: no ask for the framework's traceback (-v is)."""
    done = pytest_in(project, aocd_home, "-q", "aoc2051/day01.py")
    assert done.returncode == 1, done.stdout
    assert "\n2051 day 1, example 2, part 1: returned 4, expected 5\n" in done.stdout
    assert "check_example" not in done.stdout, done.stdout


REPORT_WORKERS = (
    "def pytest_report_header(config):\n"
    "    return f'workers chosen: {config.option.numprocesses}'\n")


def _with_test_files(project: Path) -> None:
    for number in range(4):  # more than a few test files: the whole suite gets workers
        (project / "tests" / f"test_{number}.py").write_text(
            "import pytest\n\n@pytest.mark.slow\ndef test_it():\n    pass\n")


@pytest.mark.slow
def test_a_run_of_days_tests_alone_starts_no_workers(
    project: Path, aocd_home: AocdHome, tmp_path: Path
) -> None:
    """The worker count `-n auto` resolves to, as the header of a nested run shows it
    (collection only: no worker is started to find out): pytest-xdist asks the plugin.
    Paths in a year package (a folder, a module) need the project's year packages found
    at start-up; what `-m` and `-k` select is
    test_what_m_and_k_can_select_decides_the_workers's."""
    _with_test_files(project)
    (tmp_path / "plugins").mkdir()
    (tmp_path / "plugins" / "report_workers.py").write_text(REPORT_WORKERS)
    env = aocd_home.env()
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "plugins"), env["PYTHONPATH"]])

    def workers(*args: str) -> int:
        done = subprocess.run([sys.executable, "-m", "pytest", "-p", "no:cacheprovider",
                               "-p", "no:hypothesispytest", "-p", "report_workers", "--co",
                               "-n", "auto", *args],
                              cwd=project, env=env, capture_output=True, text=True,
                              timeout=120)
        found = re.search(r"^workers chosen: (\d+)$", done.stdout, re.MULTILINE)
        assert found, done.stdout + done.stderr
        return int(found[1])

    assert workers("aoc2051/", "aoc2051/mirage.py") == 0
    assert workers() > 0


@pytest.mark.parametrize(("args", "days_only"), [
    (["-m", "example"], True),
    (["-m", "real_input and not slow"], True),
    (["-k", "2051/02 and part"], True),
    (["-k", "day01 or aoc2051"], True),
    (["-m", "example or slow"], False),
    (["-k", "2051 or test_1"], False),
])
def test_what_m_and_k_can_select_decides_the_workers(
    pytester: pytest.Pytester, args: list[str], days_only: bool
) -> None:
    """pytest's own reading of a command line (in this process, as pytest-xdist would
    ask the plugin's hook): no workers when `-m` or `-k` can only select days' tests,
    two per core otherwise, for a project with more than a few test files."""
    (pytester.path / "pyproject.toml").write_text('[tool.pytest.ini_options]\n'
                                                  'testpaths = ["tests"]\n')
    (pytester.path / "tests").mkdir()
    _with_test_files(pytester.path)
    config = pytester.parseconfig("-p", "no:cacheprovider", "-n", "auto", *args)
    chosen = config.hook.pytest_xdist_auto_num_workers(config=config)
    assert (chosen == 0) is days_only, chosen
