"""How output looks (commands/view.py): every table reads `COLUMNS` and fits within it
(issue 12), wrapping free text and never a number; long messages wrap at word boundaries.
Widths are display widths (a CJK character two, a combining or zero-width character none,
most emoji two), so a table's borders stay in line whatever its names and titles hold.

The days live in the throwaway year 2074.
"""

from __future__ import annotations

import io
import json
import os
import pty
import re
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Any

import pytest
from conftest import temporary_year
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import examples
from rich.cells import cell_len
from site_cli import aoc_in_process

from aoc2023.framework.commands.view import Cell, Column, fitted_table, use_colour, wrap_message

BIG = 123456789012345
DAY = """
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "A Rather Long Title For A Puzzle About Reindeer And Their Many Olympics"
    examples = [Example("example", part_1={big}, part_2={big}, name="the first example")]

    def part_1(self, text: str) -> int:
        return {big}

    def part_2(self, text: str) -> int:
        return sum(range({big} % 1000)) * 0 + {big}
"""


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
@pytest.mark.parametrize(
    "command",
    [["run", "2074", "--example"], ["list"], ["run", "2074", "1", "--example", "--profile"]],
)
def test_tables_fit_the_terminal_and_numbers_stay_whole(
    year_2074: None, columns: int, command: list[str]
) -> None:
    lines = lines_of(*command, columns=columns)
    assert lines and max(len(line) for line in lines) <= columns
    if command[0] == "run":
        text = "\n".join(lines)
        for day in (1,) if "--profile" in command else (1, 2, 3):
            assert text.count(str(BIG + day)) == 2  # both parts, each on one line


SMALL = """
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "Camel Cards"

    def part_1(self, text: str) -> int:
        return 6440

    def part_2(self, text: str) -> int:
        return 5905
"""


@pytest.mark.parametrize("option", ["--profile", "--memory"])
def test_at_40_columns_the_option_tables_fit_breaking_free_text_and_headings(
    tmp_path: Path, option: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Narrower than their stacked forms with every word whole: free text and headings
    break where they must, the answers and figures in their own columns stay whole."""
    (tmp_path / "in.txt").write_text("abc\n")
    monkeypatch.chdir(tmp_path)
    with temporary_year(tmp_path / "site", 2075, {"day01.py": SMALL}):
        lines = lines_of("run", "2075", "1", "--input", "in.txt", option, columns=40)
    assert_fits("\n".join(lines), 40)
    assert "? 6440" in "\n".join(lines) and "? 5905" in "\n".join(lines)


def test_at_120_columns_the_run_table_has_a_row_a_day_and_a_column_each(year_2074: None) -> None:
    lines = lines_of("run", "2074", "--example", columns=120)
    # the Parse column is as wide as its widest time, which a busy machine makes longer
    assert re.search(r"│ +Parse │", lines[2]), lines[2]
    assert len([line for line in lines if str(BIG + 1) in line]) == 1


def test_the_json_is_the_same_whatever_the_width(year_2074: None) -> None:
    def parts(columns: int) -> list[object]:
        text = "\n".join(lines_of("run", "2074", "--example", "--json", columns=columns))
        return [(p["answer"], p["status"]) for r in json.loads(text)["results"] for p in r["parts"]]

    assert parts(40) == parts(200) == [(str(BIG + d), "correct") for d in (1, 1, 2, 2, 3, 3)]


def test_a_multi_line_cell_is_drawn_inside_its_cell() -> None:
    columns = [Column("A"), Column("B", "right")]
    table = fitted_table(
        "T", [(columns, [[Cell("one\ntwo\nthree", drawn=True), Cell("9")]])], colour=False
    )
    assert table.splitlines()[4:8] == [
        "│ one   │ 9 │",
        "│ two   │   │",
        "│ three │   │",
        "└───────┴───┘",
    ]


def test_free_text_wraps_first_and_values_never_break() -> None:
    columns = [Column("Title", kind="text"), Column("Answer"), Column("Time", "right")]
    rows = [[Cell("a title of many words"), Cell("✔ 1234567890 [sent: right]"), Cell("12.5 ms")]]
    table = fitted_table("T", [(columns, rows)], colour=False, width=40)
    assert max(len(line) for line in table.splitlines()) <= 40
    assert "1234567890" in table and "12.5 ms" in table


def test_long_messages_wrap_at_word_boundaries() -> None:
    message = (
        "2074 day 1 part 1: sent 1234567890: That's the right answer! You are one gold star closer."
    )
    wrapped = wrap_message(message, 30).splitlines()
    assert max(len(line) for line in wrapped) <= 30
    assert " ".join(wrapped) == message
    assert wrap_message("a\n" + "#" * 40, 30) == "a\n" + "#" * 40  # its lines, words whole
    assert wrap_message(message, None) == message


def test_a_title_wider_than_its_table_wraps_over_it() -> None:
    """`aoc run --profile`'s title is wider than its table at 50 columns."""
    title = "Profile: the 4 functions with the most time of their own"
    columns = [Column("Own", "right"), Column("Function", kind="text")]
    rows = [[Cell("761 ns"), Cell("part_1 in site/aoc2080/day01.py:7")]]
    table = fitted_table(title, [(columns, rows)], colour=False, width=30)
    lines = table.splitlines()
    assert max(len(line) for line in lines) <= 30, table
    heading = lines[: lines.index(next(line for line in lines if line.startswith("┌")))]
    assert " ".join(line.strip() for line in heading) == title


MIRAGE = """
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "Mirage Maintenance"
    examples = [Example("example", part_1=1234567891, part_2=9876543211)]

    def part_1(self, text: str) -> int:
        return 1234567890

    def part_2(self, text: str) -> int:
        return 9876543210
"""


def test_a_title_keeps_its_words_whole_while_the_answers_can_wrap(tmp_path: Path) -> None:
    """At 100 columns the answers (`✘ 1234567890 (expected 1234567891)`) wrap at their
    spaces rather than break the title mid-word (`Mirage M` / `aintenan` / `ce`)."""
    with temporary_year(tmp_path / "site", 2053, {"day09.py": MIRAGE}):
        result = aoc_in_process("run", "2053", "--example", env=dict(os.environ, COLUMNS="100"))
    assert result.returncode == 1, result.stderr
    lines = result.stdout.splitlines()
    assert max(len(line) for line in lines) <= 100
    assert any("│ Parse │" in line.replace("   Parse", " Parse") for line in lines)  # wide
    assert "Maintenance" in result.stdout and "1234567890" in result.stdout, result.stdout


BOARD = 424242
BORDERS = frozenset("│┌┬┐├┼┤└┴┘")
WIDE_AND_ODD = [
    "山",
    "田",
    "太",
    "郎",
    "김",
    "민",
    "준",
    "한",
    "국",
    "ア",
    "ｱ",  # CJK, half-width
    "\u0301",
    "\u0308",
    "\u200b",
    "\u200d",
    "\ufe0f",
    "\u2060",  # combining, zero
    "👍",
    "🏽",
    "😀",
    "👨",
    "🎄",
    "⭐",  # emoji, a skin tone, joined by U+200D
    "a",
    "Z",
    "é",
    " ",
    "-",
    "\t",  # a terminal moves it to its next tab stop
]
NAMES = st.text(st.sampled_from(WIDE_AND_ODD), min_size=1, max_size=24)


def _board(names: list[str]) -> dict[str, Any]:
    members = {}
    for number, name in enumerate(names, start=1):
        levels = {
            str(day): {"1": {"get_star_ts": 1701406800 + day * 100 + number}}
            for day in range(1, 1 + number % 25)
        }
        members[str(number)] = {
            "id": number,
            "name": name,
            "local_score": 10 * number,
            "stars": len(levels),
            "global_score": number,
            "completion_day_level": levels,
        }
    return {"event": "2023", "owner_id": 1, "members": members}


def _borders(line: str) -> list[int]:
    """The columns (as shown: the width of all before it) at which `line` has a border."""
    return [cell_len(line[:at]) for at, character in enumerate(line) if character in BORDERS]


def assert_fits(text: str, width: int) -> None:
    """Every line of `text` at most `width` columns, with no tab; each block of the table's
    lines (from a top rule to its bottom one) one width, with its borders in its top rule's
    columns."""
    lines = text.splitlines()
    assert "\t" not in text, text  # no width counts the columns a tab moves by
    assert all(cell_len(line) <= width for line in lines), [
        (cell_len(line), line) for line in lines if cell_len(line) > width
    ]
    blocks: list[list[str]] = []  # a live table may head a new block (┌) after a row
    for line in lines:
        if line.startswith("┌"):
            blocks.append([])
        if line[:1] in BORDERS:
            blocks[-1].append(line)
    assert blocks, text
    for block in blocks:
        assert len({cell_len(line) for line in block}) == 1, text
        top = _borders(block[0])
        for line in block:
            assert _borders(line) == top, (line, text)


def test_the_framework_s_own_marks_are_one_column_as_rich_measures_them() -> None:
    """table.ONE_COLUMN is measured by len(): rich must agree on each of its characters."""
    from aoc2023.framework.commands.view import ONE_COLUMN

    assert {character for character in ONE_COLUMN if cell_len(character) != 1} == set()


def test_cell_width_counts_columns_not_characters() -> None:
    from aoc2023.framework.commands.view import cell_width, cut, pad, wrap

    assert cell_width("山田太郎") == 8
    assert cell_width("e\u0301") == 1
    assert cell_width("a\u200bb") == 2
    assert cell_width("✔\u00a012") == 4
    assert cell_len(pad("한국", 6, "right")) == 6
    assert cut("山田太郎", 5) == "山田…" and cell_len(cut("山田太郎", 5)) == 5
    assert cut("ab山田太郎", 5, keep="end") == "…太郎"
    assert wrap("山田 太郎 김민준", 6) == ["山田", "太郎", "김민준"]
    assert all(cell_len(piece) <= 3 for piece in wrap("山田太郎", 3, break_long_words=True))


def _rendered(names: list[str], width: int, monkeypatch: pytest.MonkeyPatch) -> str:
    from aoc2023.framework.aocd.leaderboard import parse
    from aoc2023.framework.commands.leaderboard import render

    monkeypatch.setenv("COLUMNS", str(width))
    board = parse(2023, BOARD, _board(names), 1.7e9, from_cache=True, now=1.7e9 + 60)
    out = io.StringIO()
    render(board, out)
    return out.getvalue()


def test_a_japanese_and_a_korean_name_fit_80_columns(monkeypatch: pytest.MonkeyPatch) -> None:
    """Before: these rows were 84 to 90 columns wide at COLUMNS=80."""
    names = ["山田太郎山田太郎山田太郎", "김민준김민준김민준김민준", "tester"]
    assert_fits(_rendered(names, 80, monkeypatch), 80)


@examples(15)
@given(names=st.lists(NAMES, min_size=1, max_size=5), width=st.sampled_from([60, 80, 100]))
def test_any_names_keep_a_leaderboard_within_columns_and_its_borders_in_line(
    names: list[str], width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert_fits(_rendered(names, width, monkeypatch), width)


@examples(15)
@given(titles=st.lists(NAMES, min_size=1, max_size=4), width=st.sampled_from([50, 80]))
def test_any_titles_keep_the_run_table_within_columns_and_its_borders_in_line(
    titles: list[str], width: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`aoc run`'s table, whole and live (its rows fitted as they come), with titles and
    answers of any characters."""
    from aoc2023.framework.commands import run as run_view
    from aoc2023.framework.results import DayResult, PartResult, RunReport, Status

    monkeypatch.setenv("COLUMNS", str(width))
    results = [
        DayResult(
            2040,
            day,
            title,
            "input",
            parse_seconds=0.001,
            parts=(
                PartResult(1, Status.CORRECT, title.replace(" ", "")[:10] or "1", 0.002),
                PartResult(2, Status.UNKNOWN, "42", 0.003),
            ),
        )
        for day, title in enumerate(titles, start=1)
    ]
    out, err = io.StringIO(), io.StringIO()
    run_view.show_table(RunReport(results), out, err, verbose=False)
    assert_fits(out.getvalue(), width)
    live = io.StringIO()
    table = run_view.LiveTable(live, width)
    for result in results:
        table.row(result)
    table.close()
    assert_fits(live.getvalue(), width)


def test_a_view_for_people_is_fitted_and_coloured_to_the_terminal_it_is_written_to(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A command's view (commands/options.py `emit`) is written to the terminal itself: its width
    (no COLUMNS exported, as a shell leaves it) and colour are the terminal's, and the
    colour reaches it as escape codes, not as text (text from outside is made printable
    before it is painted)."""
    import fcntl
    import struct
    import sys
    import termios

    from aoc2023.framework.commands.options import emit
    from aoc2023.framework.commands.view import paint, terminal_width

    for name in ("COLUMNS", "NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm")
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 60, 0, 0))
    seen: list[tuple[int | None, bool]] = []

    def view(out: IO[str], err: IO[str]) -> None:
        seen.append((terminal_width(out), use_colour(err)))
        print(paint("\x1b]0;title\x07 bold", "bold", colour=use_colour(out)), file=out, flush=True)

    with os.fdopen(terminal, "w") as stream, os.fdopen(controller, "rb", buffering=0) as screen:
        monkeypatch.setattr(sys, "stdout", stream)
        monkeypatch.setattr(sys, "stderr", stream)
        emit(lambda: "{}", [], view, as_json=False)
        shown = screen.read(10000).decode()
    assert seen == [(60, True)]
    assert shown.startswith("\x1b[1m\\x1b]0;title\\x07 bold\x1b[0m"), repr(shown)
