"""2023 day 7 through the framework: the example, variants, a file's line ends and bad
input as `aoc run` shows them, on the tests' own copy of the day (tests/model_day_7/,
in place of the solver's for every test: conftest.model_day_7). Camel Cards itself is
tested beside the shipped day, in aoc2023/_day07_test.py.
"""

from __future__ import annotations

import json
from pathlib import Path
from subprocess import CompletedProcess

from conftest import DAY_7_EXAMPLE, AocdHome
from site_cli import aoc_in_process

from aoc2023.framework.registry import variants_of

EXAMPLE = DAY_7_EXAMPLE
TOLERATED = {
    "no trailing newline": EXAMPLE.rstrip("\n"),
    "trailing space, CRLF": EXAMPLE.replace("\n", " \r\n"),
    "blank CRLF lines at the end": EXAMPLE.replace("\n", "\r\n") + " \r\n\t\r\n",
}
# (id, input, line number, the line as shown, what the message says): a bad line after a
# good one, a blank line (quoted as ''), and no line at all.
THROUGH_THE_CLI = [
    ("four cards", "32T3K 765\n32T3 684\n", 2, "32T3 684", "exactly 5 cards"),
    ("blank line between hands", "32T3K 765\n\nT55J5 684", 2, "", "blank line"),
    ("empty input", "", 1, "", "empty"),
]
# A line at fault, and the inputs that are empty once aocd's cache has them.
CACHED = [
    ("extra field", "32T3K 765\nT55J5 684 1", 2, "T55J5 684 1"),
    ("empty input", "", 1, ""),
    ("only blank lines", "\n\n", 1, ""),
]


def aoc(*args: str) -> CompletedProcess[str]:
    return aoc_in_process(*args)


def run_file(tmp_path: Path, text: str, *options: str) -> CompletedProcess[str]:
    path = tmp_path / "hands.txt"
    path.write_bytes(text.encode())
    return aoc("run", "2023", "7", "--input", str(path), *options)


def test_the_fast_variant_is_declared_beside_the_day() -> None:
    from aoc2023._day07_fast import Day07Fast
    from aoc2023.day07 import Day07

    assert Day07.__module__ == "aoc2023.day07"
    assert Day07.variant is None
    assert variants_of(Day07) == [Day07Fast] and Day07Fast.variant == "fast"


def test_the_example_through_the_cli() -> None:
    result = aoc("run", "2023", "7", "--example", "--json", "--variants")
    assert result.returncode == 0, result.stderr
    days = json.loads(result.stdout)["results"]
    assert [day["variant"] for day in days] == [None, "fast"]
    for day in days:
        assert [(p["answer"], p["status"]) for p in day["parts"]] == [
            ("6440", "correct"),
            ("5905", "correct"),
        ]


def test_tolerated_variants_through_the_cli(tmp_path: Path) -> None:
    """Line ends of both kinds, trailing spaces and blank lines, as a file read by `aoc`
    has them."""
    for name, text in TOLERATED.items():
        result = run_file(tmp_path, text, "--json", "--variants")
        assert result.returncode == 0, (name, result.stderr)
        days = json.loads(result.stdout)["results"]
        assert [[p["answer"] for p in day["parts"]] for day in days] == [["6440", "5905"]] * 2


def test_bad_input_through_the_cli_is_one_sentence_and_exit_2(tmp_path: Path) -> None:
    """One sentence per implementation run (both, with --variants), and the day's JSON
    error naming the line (the main one alone, without)."""
    for name, text, number, line, reason in THROUGH_THE_CLI:
        result = run_file(tmp_path, text, "--variants")
        assert result.returncode == 2, (name, result.stderr)
        assert "Traceback" not in (result.stdout + result.stderr), name
        messages = [row for row in result.stderr.splitlines() if "bad input" in row]
        assert len(messages) == 2, name  # one sentence per implementation
        for message in messages:
            assert f"line {number}: " in message and reason in message, name
            assert message.endswith(repr(line)), name
        as_json = run_file(tmp_path, text, "--json")
        assert as_json.returncode == 2, name
        [day] = json.loads(as_json.stdout)["results"]
        assert f"line {number}: " in day["error"], name
        assert day["error"].endswith(repr(line)), name


def test_bad_input_with_verbose_shows_the_traceback(tmp_path: Path) -> None:
    result = run_file(tmp_path, "32T3K 765\n32T3 684\n", "--verbose")
    assert result.returncode == 2
    assert "Traceback" in result.stderr and "InputError" in result.stderr
    assert "line 2: " in result.stderr


def test_bad_cached_input_through_aoc_run_is_refused_alike(aocd_home: AocdHome) -> None:
    aocd_home.set_token()
    for name, text, number, line in CACHED:
        cached = aocd_home.cache_input(2023, 7, text)
        result = aoc("run", "2023", "7")
        assert result.returncode == 2, (name, result.stderr)
        assert "Traceback" not in (result.stdout + result.stderr), name
        if not text.strip():  # none: named, removed and fetched again (no network here)
            assert f"aocd's cached input {cached} was empty (damaged)" in result.stderr
            assert not cached.exists(), name
            continue
        [message] = [row for row in result.stderr.splitlines() if "bad input" in row]
        assert f"line {number}: " in message and message.endswith(repr(line)), name


def test_both_implementations_give_the_known_answers_on_a_cached_input(
    aocd_home: AocdHome,
) -> None:
    aocd_home.cache_solved_day_7()
    result = aoc("run", "2023", "7", "--variants", "--json")
    assert result.returncode == 0, result.stderr
    days = json.loads(result.stdout)["results"]
    assert [(day["source"], day["variant"]) for day in days] == [("input", None), ("input", "fast")]
    for day in days:
        assert [p["status"] for p in day["parts"]] == ["correct", "correct"]
        assert [p["submitted"] for p in day["parts"]] == [None, None]
