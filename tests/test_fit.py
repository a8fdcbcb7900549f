"""Output that fits the terminal (issue 12): every table reads `COLUMNS` and fits within
it, wrapping free text and never a number; long messages wrap at word boundaries.

The days live in the throwaway year 2074.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import temporary_year
from site_cli import aoc_in_process

from aoc2023.framework.commands.view import Cell, Column, render_table, wrap_message

BIG = 123456789012345
DAY = '''
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "A Rather Long Title For A Puzzle About Reindeer And Their Many Olympics"
    examples = [Example("example", part_1={big}, part_2={big}, name="the first example")]

    def part_1(self, text: str) -> int:
        return {big}

    def part_2(self, text: str) -> int:
        return sum(range({big} % 1000)) * 0 + {big}
'''


@pytest.fixture
def year_2074(tmp_path: Path) -> Iterator[None]:
    days = {f"day{day:02d}.py": DAY.format(big=BIG + day) for day in (1, 2, 3)}
    with temporary_year(tmp_path / "site", 2074, days):
        yield


def lines_of(*args: str, columns: int) -> list[str]:
    result = aoc_in_process(*args, env=dict(os.environ, COLUMNS=str(columns)))
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


@pytest.mark.parametrize("columns", [60, 120])
@pytest.mark.parametrize("command", [["run", "2074", "--example"], ["list"],
                                     ["run", "2074", "1", "--example", "--profile"]])
def test_tables_fit_the_terminal_and_numbers_stay_whole(
    year_2074: None, columns: int, command: list[str]
) -> None:
    lines = lines_of(*command, columns=columns)
    assert lines and max(len(line) for line in lines) <= columns
    if command[0] == "run":
        text = "\n".join(lines)
        for day in (1,) if "--profile" in command else (1, 2, 3):
            assert text.count(str(BIG + day)) == 2  # both parts, each on one line


def test_at_120_columns_the_run_table_has_a_row_a_day_and_a_column_each(
    year_2074: None
) -> None:
    lines = lines_of("run", "2074", "--example", columns=120)
    # the Parse column is as wide as its widest time, which a busy machine makes longer
    assert re.search(r"│ +Parse │", lines[2]), lines[2]
    assert len([line for line in lines if str(BIG + 1) in line]) == 1


def test_the_json_is_the_same_whatever_the_width(year_2074: None) -> None:
    def parts(columns: int) -> list[object]:
        text = "\n".join(lines_of("run", "2074", "--example", "--json", columns=columns))
        return [(p["answer"], p["status"]) for r in json.loads(text)["results"]
                for p in r["parts"]]

    assert parts(40) == parts(200) == [(str(BIG + d), "correct") for d in (1, 1, 2, 2, 3, 3)]


def test_a_multi_line_cell_is_drawn_inside_its_cell() -> None:
    table = render_table("T", [Column("A"), Column("B", "right")],
                         [[Cell("one\ntwo\nthree", drawn=True), Cell("9")]], colour=False)
    assert table.splitlines()[4:8] == ["│ one   │ 9 │", "│ two   │   │", "│ three │   │",
                                       "└───────┴───┘"]


def test_free_text_wraps_first_and_values_never_break() -> None:
    columns = [Column("Title", kind="text"), Column("Answer"), Column("Time", "right")]
    rows = [[Cell("a title of many words"), Cell("✔ 1234567890 [sent: right]"),
             Cell("12.5 ms")]]
    table = render_table("T", columns, rows, colour=False, width=40)
    assert max(len(line) for line in table.splitlines()) <= 40
    assert "1234567890" in table and "12.5 ms" in table


def test_long_messages_wrap_at_word_boundaries() -> None:
    message = ("2074 day 1 part 1: sent 1234567890: That's the right answer! You are one "
               "gold star closer.")
    wrapped = wrap_message(message, 30).splitlines()
    assert max(len(line) for line in wrapped) <= 30
    assert " ".join(wrapped) == message
    assert wrap_message("a\n" + "#" * 40, 30) == "a\n" + "#" * 40  # its lines, words whole
    assert wrap_message(message, None) == message


def test_a_title_wider_than_its_table_wraps_over_it() -> None:
    """`aoc run --profile`'s title is wider than its table at 50 columns."""
    title = "Profile: the 4 functions with the most time of their own"
    table = render_table(title, [Column("Own", "right"), Column("Function", kind="text")],
                         [[Cell("761 ns"), Cell("part_1 in site/aoc2080/day01.py:7")]],
                         colour=False, width=30)
    lines = table.splitlines()
    assert max(len(line) for line in lines) <= 30, table
    heading = lines[:lines.index(next(line for line in lines if line.startswith("┌")))]
    assert " ".join(line.strip() for line in heading) == title


MIRAGE = '''
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "Mirage Maintenance"
    examples = [Example("example", part_1=1234567891, part_2=9876543211)]

    def part_1(self, text: str) -> int:
        return 1234567890

    def part_2(self, text: str) -> int:
        return 9876543210
'''


def test_a_title_keeps_its_words_whole_while_the_answers_can_wrap(tmp_path: Path) -> None:
    """At 100 columns the answers (`✘ 1234567890 (expected 1234567891)`) wrap at their
    spaces rather than break the title mid-word (`Mirage M` / `aintenan` / `ce`)."""
    with temporary_year(tmp_path / "site", 2053, {"day09.py": MIRAGE}):
        result = aoc_in_process("run", "2053", "--example",
                                env=dict(os.environ, COLUMNS="100"))
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert any("│ Parse │" in line.replace("   Parse", " Parse") for line in lines)  # wide
    assert "Maintenance" in result.stdout and "1234567890" in result.stdout, result.stdout
