"""Adversarial probes that broke a promise once, each kept as the rule it broke: a day's
code that changes process-wide state aoc itself relies on fails (or passes) alone, and
the report of the other days is whole. The years are throwaway packages (9085 on)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from conftest import temporary_year
from site_cli import aoc_in_process

GOOD = """
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
    "parse": GOOD.replace("    def part_1", "    def parse(self, text: str) -> str:\n"
                          "        lower_the_recursion_limit()\n"
                          "        return text\n\n    def part_1"),
    "part": GOOD.replace("        return len(text)",
                         "        lower_the_recursion_limit()\n"
                         "        return len(text)"),
}


@pytest.mark.parametrize("where", sorted(LOWERS_THE_RECURSION_LIMIT))
def test_a_step_that_lowers_the_recursion_limit_costs_no_report(
        tmp_path: Path, where: str) -> None:
    limit = sys.getrecursionlimit()
    with temporary_year(tmp_path / "site", 9085, {
            "day01.py": GOOD, "day02.py": LOWERS_THE_RECURSION_LIMIT[where]}):
        done = aoc_in_process("run", "9085", "--example", "--json")
    assert sys.getrecursionlimit() == limit
    assert done.returncode == 0, done.stdout + done.stderr
    document = json.loads(done.stdout)
    assert [(day["day"], [part["status"] for part in day["parts"]][:1])
            for day in document["results"]] == [(1, ["correct"]), (2, ["correct"])]


def test_a_raised_recursion_limit_is_kept_for_the_next_step(tmp_path: Path) -> None:
    raises_it = GOOD.replace("    def part_1", "    def parse(self, text: str) -> str:\n"
                             "        import sys\n        sys.setrecursionlimit(54321)\n"
                             "        return text\n\n    def part_1").replace(
        "        return len(text)",
        "        import sys\n        assert sys.getrecursionlimit() == 54321\n"
        "        return len(text)")
    limit = sys.getrecursionlimit()
    try:
        with temporary_year(tmp_path / "site", 9086, {"day01.py": raises_it}):
            done = aoc_in_process("run", "9086", "--example", "--json")
    finally:
        sys.setrecursionlimit(limit)
    assert done.returncode == 0, done.stdout + done.stderr
    [day] = json.loads(done.stdout)["results"]
    assert day["parts"][0]["status"] == "correct"
