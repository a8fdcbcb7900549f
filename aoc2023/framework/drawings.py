"""Answers drawn in letters: a part that returns capital letters drawn as pixels.

Some puzzles (2016 day 8, 2019 day 8, 2021 day 13, 2022 day 10...) answer with letters
drawn on a 6-row or 10-row grid. What a part returns is a *drawing*: several lines of
two kinds of pixel, in any characters (`#` and `.`, `#` and space, `█` and space). The
site wants the letters, so a drawing is read with aococr, which knows both of Advent of
Code's fonts (advent-of-code-ocr knows only the 6-row one). aococr skips what it cannot
read, so a reading is taken only when its glyphs account for every lit pixel: one
unknown glyph and the drawing stays a drawing, shown whole and never sent.

`judged` is the one home of what a drawn answer is: it turns a part's answer text into
the answer, the drawing and whether it matches what was expected. The runner asks it
only when the answer or the expected one has a line break, so neither this module nor
aococr is imported for the usual one-line answer. `side_by_side` is the one home of how
two drawings that differ are shown, in `aoc run`'s problems and in a test's failure.
"""

from __future__ import annotations

from dataclasses import dataclass
from textwrap import dedent

Pixels = tuple[tuple[bool, ...], ...]
"""A drawing's grid: True for a lit pixel."""

_UNLIT = " .·░_"
"""Characters taken for unlit pixels, the most likely first."""
_LIT = "#█▓@Xx*oO"
"""Characters taken for lit pixels."""
_FONT_HEIGHTS = (6, 10)


@dataclass(frozen=True)
class Judged:
    """A part's answer as the framework compares, shows and sends it."""

    answer: str | None
    """The letters when the answer is a drawing that reads; None when it does not."""
    drawing: str | None = None
    """The drawing as the part returned it, when it returned one."""
    matches: bool | None = None
    """Whether it is the expected answer; None when nothing was expected."""


def is_drawing(text: str) -> bool:
    """Several rows that are not blank, all of at most two kinds of character (pixels).
    A number with a line break after it (`12\n`) is one row: an answer, not a drawing."""
    rows = [line for line in text.split("\n") if line.strip()]
    return len(rows) > 1 and len(set(text) - {"\n", "\r"}) <= 2


def pixels(text: str) -> Pixels:
    """The lit pixels of a drawing, its rows padded to one width and its unlit margins
    dropped: trailing columns (a solution that draws with spaces often leaves them out),
    and leading columns and blank rows around it, which are no part of the picture."""
    rows = [line.rstrip("\r") for line in text.split("\n")]
    kinds = set("".join(rows))
    lit = _lit_character(kinds)
    width = max(len(row) for row in rows)
    grid = [[char == lit for char in row.ljust(width)] for row in rows]
    while grid and not any(grid[0]):
        grid = grid[1:]
    while grid and not any(grid[-1]):
        grid = grid[:-1]
    lit_rows = [row for row in grid if any(row)]
    start = min((row.index(True) for row in lit_rows), default=0)
    end = max((len(row) - row[::-1].index(True) for row in lit_rows), default=0)
    return tuple(tuple(row[start:end]) for row in grid)


def _lit_character(kinds: set[str]) -> str | None:
    """Which of the drawing's characters is a lit pixel: the one beside an unlit
    character (space, dot...), else a known lit one (`#`, `█`...), else, for two
    characters of neither kind, the first in sorted order (`read_letters` then tries
    the other way round too). None when every pixel is unlit."""
    if len(kinds) == 1:
        (only,) = kinds
        return None if only in _UNLIT else only
    for char in _UNLIT:
        if char in kinds:
            return next(iter(kinds - {char}))
    for char in _LIT:
        if char in kinds:
            return char
    return sorted(kinds)[0]


def read_letters(text: str) -> str | None:
    """The letters drawn in `text`, or None when it is not letters in one of Advent of
    Code's fonts (a height other than 6 or 10 rows, or any glyph that does not read)."""
    grid = pixels(text)
    while grid and not any(grid[0]):
        grid = grid[1:]
    while grid and not any(grid[-1]):
        grid = grid[:-1]
    if len(grid) not in _FONT_HEIGHTS or not grid[0]:
        return None
    letters = _read(grid)
    if letters is None and not set(text) & set(_UNLIT + _LIT):  # unknown characters:
        letters = _read(tuple(tuple(not pixel for pixel in row) for row in grid))
    return letters


def _read(grid: Pixels) -> str | None:
    from aococr import aococr  # type: ignore[import-untyped]  # ~20 ms: only for drawings
    from aococr.resources import read_resource  # type: ignore[import-untyped]

    height = len(grid)
    data = [["#" if pixel else "." for pixel in row] for row in grid]
    font: tuple[int, int] = next(size for size in ((6, 4), (10, 6)) if size[0] == height)
    letters: str = aococr(data, pixel_on_off_values=("#", "."), fontsize=font)
    glyphs = dict(read_resource(fontsize=font))
    read_pixels = sum(row.count("#") for letter in letters for row in glyphs[letter])
    lit = sum(row.count(True) for row in grid)
    return letters if letters and read_pixels == lit else None


def judged(text: str, expected: str | None) -> Judged:
    """`text` (a part's answer, as `solution.answer_text` gives it) against `expected`.

    A drawing that reads is its letters, compared as any answer; one that does not is
    compared pixel by pixel with an expected drawing, and with expected letters it
    cannot be judged (None)."""
    # Indentation is the code's, not the drawing's: an expected drawing is often written
    # indented in a triple-quoted string (`dedent` drops only what every line shares).
    drawn = dedent(text)
    expected_drawn = None if expected is None else dedent(expected)
    if not is_drawing(drawn):
        return Judged(text, None, None if expected is None else text == expected)
    letters = read_letters(drawn)
    if expected_drawn is None:
        return Judged(letters, text)
    if is_drawing(expected_drawn):
        return Judged(letters, text, pixels(drawn) == pixels(expected_drawn))
    return Judged(letters, text, None if letters is None else letters == expected)


def pictures(drawing: str | None, expected: str | None) -> bool:
    """Whether a wrong answer is shown as two pictures (`side_by_side`): the part drew
    one, and the expected answer is a drawing too (not letters)."""
    return drawing is not None and expected is not None and is_drawing(shape(expected))


_DIFFERENCE_KEY = "+ lit, - unlit: pixels that differ from the expected"


def side_by_side(expected: str, got: str, width: int | None = None) -> str:
    """Two drawings that differ, shown as pictures: expected beside got, each as its
    pixels (`#` lit, `.` unlit, margins and the code's indentation dropped), with got's
    differing pixels drawn `+` (lit, expected unlit) or `-` (unlit, expected lit).

    A one-line repr of each hides which pixel is wrong. The two are stacked instead when
    side by side they are wider than `width` (None: no limit), as a message is wrapped."""
    want, have = pixels(shape(expected)), pixels(shape(got))
    height = max(len(want), len(have))
    columns = max((len(row) for row in want + have), default=0)
    want_rows = [_row(want, y, columns) for y in range(height)]
    have_rows = [_row(have, y, columns) for y in range(height)]
    left = ["".join("#" if pixel else "." for pixel in row) for row in want_rows]
    right = ["".join(("#" if pixel else ".") if pixel == wanted else ("+" if pixel else "-")
                     for pixel, wanted in zip(row, wanted_row, strict=True))
             for row, wanted_row in zip(have_rows, want_rows, strict=True)]
    gap = max(columns, len("expected")) + 2
    if width is not None and gap + columns > width:
        return "\n".join(["expected:", *left, "got:", *right, _DIFFERENCE_KEY])
    pairs = zip(left, right, strict=True)
    lines = ["expected".ljust(gap) + "got", *(a.ljust(gap) + b for a, b in pairs)]
    return "\n".join([*lines, _DIFFERENCE_KEY])


def shape(text: str) -> str:
    """A drawing without the code's indentation (an expected drawing is often written
    indented in a triple-quoted string: `dedent` drops only what every line shares)."""
    return dedent(text).strip("\n")


def _row(grid: Pixels, y: int, columns: int) -> tuple[bool, ...]:
    """Row `y` of `grid` padded with unlit pixels to `columns` (unlit below its end)."""
    row = grid[y] if y < len(grid) else ()
    return row + (False,) * (columns - len(row))
