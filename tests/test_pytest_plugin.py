"""The pytest plugin, in a project of a user's: plain `pytest` tests its days, no test files.

The project is a throwaway folder outside this repository, with a year package and an
empty `tests/` (its pytest settings say `testpaths = ["tests"]`, as ours do). pytest
runs in a process of its own there, and finds the plugin through its entry point.
"""

from __future__ import annotations

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
    assert ("SKIPPED [2] aoc2051/day01.py:1: no session token (AOC_SESSION or "
            f"{aocd_home.config / 'token'}); run aoc run 2051 1") in done.stdout

    examples = pytest_in(project, aocd_home, "-m", "example")
    assert "2 failed, 4 passed, 6 deselected" in examples.stdout, examples.stdout
    one_day = pytest_in(project, aocd_home, "-k", "2051 and 02")
    assert "2 passed, 2 skipped, 8 deselected" in one_day.stdout, one_day.stdout
    # One day's tests start no workers, even when the project asks xdist for `-n auto`.
    one_file = pytest_in(project, aocd_home, "-n", "auto", "aoc2051/mirage.py")
    assert "1 passed, 2 skipped in" in one_file.stdout, one_file.stdout
    assert "workers" not in one_file.stdout


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
