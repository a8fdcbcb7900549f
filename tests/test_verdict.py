"""One verdict: what is known of an answer (right, refused, too high or too low, unknown)
is decided in one place (verdict.py), and every mode of `aoc run` shows and exits by it.

A throwaway year's day 1 answers 4 on the user's input, and aocd's cache holds the site's
reply to an earlier 4: "too low" (or a 5 that was too low). Before, plain `aoc run` and
`--dry-run` showed ✘ and exited 1, while `--no-submit` showed `? 4` and exited 0, its
table beside the line saying that 4 is certainly wrong.
"""

from __future__ import annotations

import json
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path

import fake_aoc
import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process

YEAR = 2097
DAY = textwrap.dedent("""
    from aoc2023.framework import Example, Solution


    class Day(Solution[str]):
        examples = [Example("1 2", part_1=3)]

        def part_1(self, text: str) -> int:
            return sum(map(int, text.split()))
""")
MODES = {
    "plain": [],
    "--dry-run": ["--dry-run"],
    "--no-submit": ["--no-submit"],
    "--yes": ["--yes"],
    "live": ["--no-submit"],  # on a terminal: the live table
    "live, asked": [],
}


@pytest.fixture
def refused_4(fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path) -> Iterator[AocdHome]:
    aocd_loaded.set_token()
    aocd_loaded.cache_input(YEAR, 1, "1 3")
    fake_aoc.add_puzzle(YEAR, 1, "Sums", inputs={TOKEN: "1 3"}, solutions=["5", "9"])
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY}):
        yield aocd_loaded


def _log(home: AocdHome, value: str) -> None:
    home.user_dir.mkdir(parents=True, exist_ok=True)
    (home.user_dir / f"{YEAR}_01_post.json").write_text(
        json.dumps(
            [
                {
                    "part": "a",
                    "value": value,
                    "when": f"{YEAR}-12-01 00:10:00-05:00",
                    "message": fake_aoc.TOO_LOW,
                }
            ]
        )
    )


@pytest.mark.parametrize("earlier", ["4", "5"])  # the same value, or a bound below it
@pytest.mark.parametrize("mode", list(MODES))
def test_an_answer_the_site_refused_is_wrong_in_every_mode(
    refused_4: AocdHome, fake_aoc: FakeAoC, mode: str, earlier: str
) -> None:
    _log(refused_4, earlier)
    done = aoc_in_process(
        "run", str(YEAR), "1", *MODES[mode], typed="" if mode.startswith("live") else None
    )
    assert done.returncode == 1, (done.stdout, done.stderr)
    assert re.search(r"✘ 4 \(too low\)", done.stdout), done.stdout
    assert "? 4" not in done.stdout
    screen = done.stdout + done.stderr
    assert "certainly wrong" in screen and f"{earlier} was" in screen, screen
    assert [r for r in fake_aoc.requests if r.method == "POST"] == []
    as_json = aoc_in_process("run", str(YEAR), "1", "--json", *MODES[mode])
    assert as_json.returncode == 1
    [part] = json.loads(as_json.stdout)["results"][0]["parts"][:1]
    assert (part["status"], part["refused"], part["submitted"]) == ("wrong", "too low", None)
    assert "certainly wrong" in part["submit_note"]


def test_the_examples_are_judged_by_their_own_answers(refused_4: AocdHome) -> None:
    """--example: the input's replies say nothing of an example's answer."""
    _log(refused_4, "3")
    done = aoc_in_process("run", str(YEAR), "1", "--example")
    assert done.returncode == 0, done.stderr
    assert "✔ 3" in done.stdout and "too low" not in done.stdout + done.stderr


def test_an_answer_nothing_is_known_of_stays_unknown(refused_4: AocdHome) -> None:
    _log(refused_4, "3")  # 3 was too low: 4 may be right
    done = aoc_in_process("run", str(YEAR), "1", "--no-submit")
    assert done.returncode == 0, done.stderr
    assert "? 4" in done.stdout
