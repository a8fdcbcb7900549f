"""Widths are display widths: every table measures a cell in terminal columns (a CJK
character two, a combining or zero-width character none, most emoji two), so that it fits
`COLUMNS` and its borders stay in line whatever the names and titles hold."""

from __future__ import annotations

import io
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import examples
from rich.cells import cell_len

BOARD = 424242
BORDERS = frozenset("│┌┬┐├┼┤└┴┘")
WIDE_AND_ODD = ["山", "田", "太", "郎", "김", "민", "준", "한", "국", "ア", "ｱ",  # CJK, half-width
                "\u0301", "\u0308", "\u200b", "\u200d", "\ufe0f", "\u2060",  # combining, zero
                "👍", "🏽", "😀", "👨", "🎄", "⭐",  # emoji, a skin tone, joined by U+200D
                "a", "Z", "é", " ", "-"]
NAMES = st.text(st.sampled_from(WIDE_AND_ODD), min_size=1, max_size=24)


def _board(names: list[str]) -> dict[str, Any]:
    members = {}
    for number, name in enumerate(names, start=1):
        levels = {str(day): {"1": {"get_star_ts": 1701406800 + day * 100 + number}}
                  for day in range(1, 1 + number % 25)}
        members[str(number)] = {"id": number, "name": name, "local_score": 10 * number,
                                "stars": len(levels), "global_score": number,
                                "completion_day_level": levels}
    return {"event": "2023", "owner_id": 1, "members": members}


def _borders(line: str) -> list[int]:
    """The columns (as shown: the width of all before it) at which `line` has a border."""
    return [cell_len(line[:at]) for at, character in enumerate(line) if character in BORDERS]


def assert_fits(text: str, width: int) -> None:
    """Every line of `text` at most `width` columns; each block of the table's lines (from
    a top rule to its bottom one) one width, with its borders in its top rule's columns."""
    lines = text.splitlines()
    assert all(cell_len(line) <= width for line in lines), [
        (cell_len(line), line) for line in lines if cell_len(line) > width]
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
        names: list[str], width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    assert_fits(_rendered(names, width, monkeypatch), width)


@examples(15)
@given(titles=st.lists(NAMES, min_size=1, max_size=4), width=st.sampled_from([50, 80]))
def test_any_titles_keep_the_run_table_within_columns_and_its_borders_in_line(
        titles: list[str], width: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """`aoc run`'s table, whole and live (its rows fitted as they come), with titles and
    answers of any characters."""
    from aoc2023.framework.commands import run as run_view
    from aoc2023.framework.results import DayResult, PartResult, RunReport, Status

    monkeypatch.setenv("COLUMNS", str(width))
    results = [DayResult(2040, day, title, "input", parse_seconds=0.001, parts=(
        PartResult(1, Status.CORRECT, title.replace(" ", "")[:10] or "1", 0.002),
        PartResult(2, Status.UNKNOWN, "42", 0.003)))
        for day, title in enumerate(titles, start=1)]
    out, err = io.StringIO(), io.StringIO()
    run_view.show_table(RunReport(results), out, err, verbose=False)
    assert_fits(out.getvalue(), width)
    live = io.StringIO()
    table = run_view.LiveTable(live, width)
    for result in results:
        table.row(result)
    table.close()
    assert_fits(live.getvalue(), width)
