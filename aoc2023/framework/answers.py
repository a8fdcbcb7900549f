"""An answer as the site takes it: the text a part's return value is compared, shown and
sent as, and answers drawn in letters (read with aococr). Apart from solution.py so that a
day's author reads the class, not the rules of what an answer is."""

from __future__ import annotations

import reprlib
import sys
from textwrap import dedent
from typing import NamedTuple


def answer_text(value: object) -> str:
    """The text an answer is compared, shown and sent as, coerced as aocd's `coerce` does
    (integral numbers, numpy's too, bytes; a str stripped, a drawing keeping its layout).
    TypeError for anything else; ValueError for an int too long to print."""
    if isinstance(value, bool):
        raise TypeError(f"an answer was a bool ({value}); give the answer itself")
    if isinstance(value, str):
        inner = value.strip("\r\n")
        return value.strip() if "\n" not in inner else inner
    try:
        text = _coerced(value)
    except Exception as error:  # the day's own object failing when asked; an int too long
        if isinstance(error, ValueError) and isinstance(value, int) and "digits" in str(error):
            raise
        text = None
    if text is None:
        raise TypeError(f"an answer was {described(value)}; give an int or a str")
    return answer_text(text)


def _coerced(value: object) -> str | None:
    """aocd's `coerce` without importing numpy (its numbers are `numbers` types)."""
    import numbers

    numpy = sys.modules.get("numpy")
    if numpy is not None and isinstance(value, numpy.ndarray) and value.size == 1:
        value = value.item()
    if isinstance(value, int):  # an int subclass prints itself, as in aocd
        return str(value)
    if isinstance(value, numbers.Integral):
        return str(int(value))
    if isinstance(value, numbers.Complex) and not isinstance(value, numbers.Rational):
        real = float(value.real)
        return str(int(real)) if value.imag == 0 and real.is_integer() else None
    decimal = sys.modules.get("decimal")
    if isinstance(value, numbers.Rational) or (
        decimal is not None and isinstance(value, decimal.Decimal)
    ):
        numerator, denominator = value.as_integer_ratio()  # type: ignore[union-attr]
        return str(numerator) if denominator == 1 else None
    return value.decode() if isinstance(value, bytes) else None


def described(value: object) -> str:
    """An object as one short phrase, its type and its repr, bounded whatever it is."""
    shown = reprlib.Repr()
    shown.maxlevel, shown.maxstring, shown.maxother = 3, 60, 60
    try:
        text = shown.repr(value)
    except Exception as error:
        text = f"(its repr raised {type(error).__name__})"
    if len(text) > 80:
        text = text[:79] + "…"
    return f"{type(value).__name__} {text}"


# Answers drawn in letters (2022 day 10...), in a 6-row or 10-row font, read by aococr.

Pixels = tuple[tuple[bool, ...], ...]
"""A drawing's grid: True for a lit pixel."""

_UNLIT = " .·░_"
"""Characters taken for unlit pixels, the most likely first."""
_LIT = "#█▓@Xx*oO"
"""Characters taken for lit pixels."""
_FONTS = {6: (6, 4), 10: (10, 6)}
"""aococr's font sizes (rows, columns) by height."""


class Judged(NamedTuple):
    """A part's answer as the framework compares, shows and sends it."""

    answer: str | None
    """The letters when the answer is a drawing that reads; None when it does not."""
    drawing: str | None = None
    """The drawing as the part returned it, when it returned one."""
    matches: bool | None = None
    """Whether it is the expected answer; None when nothing was expected."""


def is_drawing(text: str) -> bool:
    """Whether `text` is several rows that are not blank, of two kinds of character."""
    rows = [line for line in text.split("\n") if line.strip()]
    return len(rows) > 1 and len(set(text) - {"\n", "\r"}) <= 2


def pixels(text: str) -> Pixels:
    """The lit pixels of a drawing, rows padded to one width, unlit margins dropped."""
    rows = [line.rstrip("\r") for line in text.split("\n")]
    lit = _lit_character(set("".join(rows)))
    width = max(len(row) for row in rows)
    grid = [[char == lit for char in row.ljust(width)] for row in rows]
    if not (lit_rows := [y for y, row in enumerate(grid) if any(row)]):
        return ()
    start = min(grid[y].index(True) for y in lit_rows)
    end = width - min(grid[y][::-1].index(True) for y in lit_rows)
    return tuple(tuple(row[start:end]) for row in grid[lit_rows[0] : lit_rows[-1] + 1])


def _lit_character(kinds: set[str]) -> str | None:
    """The drawing's lit character: the one beside a known unlit one, else a known lit
    one, else the first sorted (`read_letters` tries the other too); None: all unlit."""
    if (unlit := next((char for char in _UNLIT if char in kinds), None)) is not None:
        return next(iter(kinds - {unlit}), None)
    return next((char for char in _LIT if char in kinds), sorted(kinds)[0])


def read_letters(text: str) -> str | None:
    """The letters drawn in `text`, or None when any glyph does not read."""
    grid = pixels(text)
    if len(grid) not in _FONTS or not grid[0]:
        return None
    letters = _read(grid)
    if letters is None and not set(text) & set(_UNLIT + _LIT):  # unknown characters:
        letters = _read(tuple(tuple(not pixel for pixel in row) for row in grid))
    return letters


def _read(grid: Pixels) -> str | None:
    from aococr import aococr  # type: ignore[import-untyped]  # only for drawings
    from aococr.resources import read_resource  # type: ignore[import-untyped]

    data = [["#" if pixel else "." for pixel in row] for row in grid]
    font = _FONTS[len(grid)]
    letters: str = aococr(data, pixel_on_off_values=("#", "."), fontsize=font)
    # taken only when its glyphs account for every lit pixel
    glyphs = dict(read_resource(fontsize=font))
    read_pixels = sum(row.count("#") for letter in letters for row in glyphs[letter])
    return letters if letters and read_pixels == sum(row.count(True) for row in grid) else None


def judged(text: str, expected: str | None) -> Judged:
    """`text` (from `answer_text`) against `expected`: a drawing that reads as its letters;
    one that does not pixel by pixel, and against letters not at all (None)."""
    drawn = dedent(text)  # the code's indentation, not the drawing's
    if not is_drawing(drawn):
        return Judged(text, None, None if expected is None else text == expected)
    letters = read_letters(drawn)
    if expected is None:
        return Judged(letters, text)
    if is_drawing(dedent(expected)):
        return Judged(letters, text, pixels(drawn) == pixels(dedent(expected)))
    return Judged(letters, text, None if letters is None else letters == expected)


def pictures(drawing: str | None, expected: str | None) -> bool:
    """Whether a wrong answer is shown as two pictures: both are drawings."""
    return drawing is not None and expected is not None and is_drawing(dedent(expected))


_DIFFERENCE_KEY = "+ lit, - unlit: pixels that differ from the expected"


def side_by_side(expected: str, got: str, width: int | None = None) -> str:
    """Two drawings side by side (stacked past `width`), got's differing pixels `+`/`-`."""
    want, have = pixels(dedent(expected)), pixels(dedent(got))
    height = max(len(want), len(have))
    columns = max((len(row) for row in want + have), default=0)
    left, drawn = (  # padded with unlit pixels to one size
        ["".join("#" if pixel else "." for pixel in row).ljust(columns, ".") for row in grid]
        + ["." * columns] * (height - len(grid))
        for grid in (want, have)
    )
    right = [
        "".join(
            mark if mark == wanted else "+" if mark == "#" else "-"
            for mark, wanted in zip(row, wanted_row, strict=True)
        )
        for row, wanted_row in zip(drawn, left, strict=True)
    ]
    gap = max(columns, len("expected")) + 2
    if width is not None and gap + columns > width:
        return "\n".join(["expected:", *left, "got:", *right, _DIFFERENCE_KEY])
    lines = [a.ljust(gap) + b for a, b in zip(left, right, strict=True)]
    return "\n".join(["expected".ljust(gap) + "got", *lines, _DIFFERENCE_KEY])
