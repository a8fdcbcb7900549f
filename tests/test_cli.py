"""Help that reads well, `aoc -h` and `aoc --version` (issue 12), in this process: help
wraps at the terminal's width with no break inside a sentence, the usage line has one
bracket style, and aocd's runner and its help stay reachable. (The installed script,
which hands our command line to us: test_scripts.py.)"""

from __future__ import annotations

import os
import subprocess
from collections.abc import Mapping
from importlib.metadata import version
from itertools import pairwise

import pytest
from conftest import AocdHome
from site_cli import aoc_in_process


def terminal(env: Mapping[str, str], columns: int) -> dict[str, str]:
    return {**env, "COLUMNS": str(columns), "NO_COLOR": "1", "TERM": "dumb"}


def in_process(*args: str, columns: int = 100) -> subprocess.CompletedProcess[str]:
    return aoc_in_process(*args, env=terminal(os.environ, columns))


def test_version_names_this_project_and_aocd() -> None:
    done = in_process("--version")
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == (
        f"aoc (aoc2023) {version('aoc2023')}, advent-of-code-data "
        f"(aocd) {version('advent-of-code-data')}"
    )


def test_aocds_runner_and_its_help_stay_reachable_without_a_token() -> None:
    """`aoc`'s reading of the command line (through the installed script too:
    test_fresh_install.test_aocd_installed_first_then_the_project_as_a_wheel_then_aocd_again)."""
    helped = in_process("-y", "2023", "-h")
    assert helped.returncode == 0 and "AoC runner" in helped.stdout, helped.stderr
    ran = in_process("-y", "2023", "-d", "7")
    assert ran.returncode == 2 and "Traceback" not in ran.stderr
    assert ran.stderr.startswith("Error: No Advent of Code session token is set")


def prose_lines(help_text: str) -> list[str]:
    """The lines of the help's text above its boxes of arguments and options."""
    lines = []
    for line in help_text.splitlines():
        if line.lstrip().startswith("╭"):
            break
        lines.append(line.rstrip())
    return lines


@pytest.mark.parametrize("command", [[], ["run"], ["new"], ["list"], ["bench"]])
def test_help_has_no_break_inside_a_sentence_and_one_bracket_style(
    aocd_home: AocdHome, command: list[str]
) -> None:
    for columns in (60, 100):
        done = in_process(*command, "--help", columns=columns)
        assert done.returncode == 0, done.stderr
        lines = prose_lines(done.stdout)
        usage = next(line for line in lines if "Usage:" in line)
        assert "{" not in usage and "}" not in usage
        for line, after in pairwise(lines):
            if line.strip() and after.strip():  # a line broken early: the next word would fit
                assert len(line) + 1 + len(after.split()[0]) > columns - 2, (line, after)
        assert max(len(line) for line in done.stdout.splitlines()) <= columns
    if command in ([], ["run"]):
        # `-h` is the app's help, not aocd's runner's (`aoc`'s reading of the command
        # line; that the installed script, aocd's, hands it to us: test_scripts.py).
        short = in_process(*command, "-h", columns=100)
        assert short.returncode == 0 and short.stdout == done.stdout
    if not command:
        assert "Commands" in done.stdout
        assert "aoc -y 2023 -h" in done.stdout  # how to reach aocd's runner's help
