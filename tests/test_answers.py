"""Answers drawn in letters (issue 12): read in both of Advent of Code's fonts, compared
as letters or pixel by pixel, sent as letters, and never sent when they do not read.

The day lives in the throwaway year 2073.
"""

from __future__ import annotations

import json
import os
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from fake_clock import cap_runs
from site_cli import aoc_in_process

from aoc2023.framework import answers
from aoc2023.framework.bench.figures import MIN_RUNS

ABC = """\
.##..###...##.
#..#.#..#.#..#
#..#.###..#...
####.#..#.#...
#..#.#..#.#..#
#..#.###...##."""

NOT_LETTERS = "####\n#..#\n####"


def spaces(drawing: str) -> str:
    """The drawing with unlit pixels as spaces, each row's trailing spaces dropped."""
    return "\n".join(row.replace(".", " ").rstrip() for row in drawing.split("\n"))


def test_the_six_row_font_reads_in_any_two_characters() -> None:
    for drawing in [
        ABC,
        spaces(ABC),
        spaces(ABC).replace("#", "█"),
        ABC.replace("#", "x").replace(".", "o"),
    ]:
        assert answers.read_letters(drawing) == "ABC", drawing


def test_the_ten_row_font_reads() -> None:
    from aococr.resources import read_resource  # type: ignore[import-untyped]

    font = dict(read_resource(fontsize=(10, 6)))
    drawn = "\n".join("".join(font["H"][row]) + ".." + "".join(font["Z"][row]) for row in range(10))
    assert answers.read_letters(spaces(drawn)) == "HZ"


def test_a_drawing_with_an_unknown_glyph_or_height_does_not_read() -> None:
    broken = "#" + ABC[1:]  # a pixel lit at the top left of the A
    assert answers.read_letters(broken) is None
    assert answers.read_letters(NOT_LETTERS) is None
    assert answers.read_letters(ABC + "\n#............") is None  # 7 rows


def test_a_number_is_not_a_drawing_and_every_drawing_shape_still_is() -> None:
    for number in ("12\n", "\n12\n", "7\r\n", "12\n\n"):
        assert not answers.is_drawing(number), repr(number)
    shapes = [
        ABC,
        spaces(ABC),
        spaces(ABC).replace("#", "█"),
        NOT_LETTERS,
        ABC + "\n",
        "\n" + spaces(NOT_LETTERS) + "\n ",
        ABC.replace("\n", "\r\n"),
        "\n".join("  " + row for row in spaces(NOT_LETTERS).split("\n")),
        textwrap.dedent("\n        ####\n        #..#\n        ####\n    "),
        "#..#\n....\n#..#\n.##.",
    ]
    for shape in shapes:
        assert answers.is_drawing(shape), repr(shape)


def test_drawings_compare_pixel_by_pixel_whatever_their_characters() -> None:
    assert answers.judged(spaces(NOT_LETTERS), NOT_LETTERS).matches is True
    assert answers.judged(spaces(NOT_LETTERS), "####\n#.##\n####").matches is False
    assert answers.judged(spaces(ABC), "ABC") == answers.Judged("ABC", spaces(ABC), True)
    assert answers.judged(NOT_LETTERS, "ABC").matches is None  # cannot be judged
    assert answers.judged("12", "12").matches is True


DAY = """
from aoc2023.framework import Example, Solution

ABC = {abc!r}
NOT_LETTERS = {not_letters!r}


class Day(Solution[str]):
    examples = [Example("example", part_1={example_1!r}, part_2={example_2!r})]

    def part_1(self, text: str) -> str:
        return {part_1}

    def part_2(self, text: str) -> str:
        return {part_2}
"""


def write_day(
    package: Path,
    part_1: str,
    part_2: str,
    example_1: str | None = None,
    example_2: str | None = None,
) -> None:
    (package / "day01.py").write_text(
        textwrap.dedent(
            DAY.format(
                abc=spaces(ABC),
                not_letters=spaces(NOT_LETTERS),
                part_1=part_1,
                part_2=part_2,
                example_1=example_1,
                example_2=example_2,
            )
        )
    )


@pytest.fixture
def year_2073(tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> Iterator[Path]:
    aocd_loaded.set_token()
    aocd_loaded.cache_input(2073, 1, "input")
    fake_aoc.add_puzzle(2073, 1, "Letters", inputs={TOKEN: "input"}, solutions=["ABC", "XY"])
    with temporary_year(tmp_path / "site", 2073, {}) as package:
        yield package


def run_parts(*args: str, site: FakeAoC | None = None) -> tuple[int, list[dict[str, object]]]:
    result = aoc_in_process("run", "2073", "1", "--json", *args)
    return result.returncode, json.loads(result.stdout)["results"][0]["parts"]


def posts(site: FakeAoC) -> list[tuple[str, str]]:
    return [(r.form["level"], r.form["answer"]) for r in site.requests if r.method == "POST"]


def test_drawn_letters_cached_as_the_right_answer_are_correct(
    year_2073: Path, aocd_loaded: AocdHome, fake_aoc: FakeAoC
) -> None:
    aocd_loaded.cache_answer(2073, 1, 1, "ABC")
    write_day(year_2073, "ABC", "NOT_LETTERS")
    code, parts = run_parts("--no-submit")
    assert (parts[0]["status"], parts[0]["answer"], parts[0]["drawing"]) == (
        "correct",
        "ABC",
        spaces(ABC),
    )
    assert code == 0


def test_a_drawing_with_spaces_is_correct_against_an_example_with_dots(
    year_2073: Path,
) -> None:
    write_day(year_2073, "ABC", "NOT_LETTERS", example_1=ABC, example_2=NOT_LETTERS)
    code, parts = run_parts("--example")
    assert [(p["status"], p["answer"]) for p in parts] == [("correct", "ABC"), ("correct", None)]
    assert parts[1]["drawing"] == spaces(NOT_LETTERS)
    assert code == 0


def test_a_drawing_one_pixel_off_the_example_is_wrong(year_2073: Path) -> None:
    write_day(year_2073, "ABC", "NOT_LETTERS", example_2="####\n#.##\n####")
    code, parts = run_parts("--example")
    assert (parts[-1]["status"], code) == ("wrong", 1)


def test_drawn_letters_are_sent_as_letters_and_a_drawing_that_does_not_read_never(
    year_2073: Path, fake_aoc: FakeAoC
) -> None:
    write_day(year_2073, "ABC", "NOT_LETTERS")
    code, parts = run_parts("--yes")
    assert posts(fake_aoc) == [("1", "ABC")]
    assert (parts[0]["submitted"], parts[0]["status"]) == ("right", "correct")
    assert parts[1]["status"] == "unknown" and parts[1]["submitted"] is None
    assert "does not read as letters" in str(parts[1]["submit_note"])
    assert code == 0


def test_a_drawing_is_shown_whole_in_the_table(year_2073: Path) -> None:
    write_day(year_2073, "ABC", "NOT_LETTERS")
    result = aoc_in_process("run", "2073", "1", "--no-submit", env=dict(os.environ, COLUMNS="120"))
    assert "ABC" in result.stdout
    for row in spaces(NOT_LETTERS).split("\n"):
        assert row in result.stdout
    widths = {len(line) for line in result.stdout.splitlines()[1:] if line.strip()}
    assert max(widths) <= 120


def test_a_days_test_names_the_drawing_that_did_not_match(year_2073: Path) -> None:
    from aoc2023.framework import registry
    from aoc2023.framework.testing import check_examples

    write_day(year_2073, "ABC", "NOT_LETTERS", example_2="####\n#.##\n####")
    with pytest.raises(AssertionError, match="the drawing differs from the expected one"):
        check_examples(registry.load_day(2073, 1))


def test_margins_are_not_pixels_of_the_drawing() -> None:
    """A drawing compares the same with blank columns at its left or blank rows around it,
    and an expected drawing written indented in a triple-quoted string compares as
    written (its indentation is the code's, not the drawing's)."""
    margin = "\n".join("  " + row for row in spaces(NOT_LETTERS).split("\n"))
    assert answers.judged(margin, NOT_LETTERS).matches is True
    assert answers.judged("\n" + spaces(NOT_LETTERS) + "\n ", NOT_LETTERS).matches is True
    indented = "\n        ####\n        #..#\n        ####\n    "
    assert answers.judged(spaces(NOT_LETTERS), indented.strip("\r\n")).matches is True
    assert (
        answers.judged(spaces(NOT_LETTERS), "\n        ####\n        #.##\n        ####").matches
        is False
    )
    gap = "#..#\n....\n#..#\n.##."  # a blank row inside the drawing is part of it
    assert answers.judged(spaces(gap), gap).matches is True
    assert answers.judged(spaces(gap), gap.replace("\n....", "")).matches is False


INDENTED_DAY = '''
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    examples = [Example("example", part_1="""
        .##..###...##.
        #..#.#..#.#..#
        #..#.###..#...
        ####.#..#.#...
        #..#.#..#.#..#
        #..#.###...##.
        """)]

    def part_1(self, text: str) -> str:
        return {abc!r}
'''


def test_an_indented_expected_drawing_in_a_day_passes(tmp_path: Path) -> None:
    with temporary_year(
        tmp_path / "site", 2080, {"day01.py": INDENTED_DAY.format(abc=spaces(ABC))}
    ):
        result = aoc_in_process("run", "2080", "1", "--example", "--json")
    parts = json.loads(result.stdout)["results"][0]["parts"]
    assert (parts[0]["status"], parts[0]["answer"]) == ("correct", "ABC"), parts
    assert result.returncode == 0


SQUARE_FOR_A_PLACEHOLDER = """
from aoc2023.framework import Example, Solution

class Day01(Solution[str]):
    examples = [Example("x", part_2="\\u25a1")]  # as aoc new once pasted aocd's placeholder

    def part_2(self, text: str) -> str:
        return "#####\\n#...#\\n#...#\\n#...#\\n#####"
"""


def test_aoc_run_and_the_tests_agree_on_an_expected_answer_they_cannot_judge(
    tmp_path: Path,
) -> None:
    """A drawing that does not read, against expected letters or a placeholder: neither
    right nor wrong, so both fail it, with one sentence."""
    from aoc2023.framework import registry
    from aoc2023.framework.testing import check_examples

    sentence = (
        "cannot judge: the drawing does not read as letters, and the expected "
        "'\u25a1' is not a drawing: give the expected drawing itself"
    )
    with temporary_year(tmp_path / "site", 2065, {"day01.py": SQUARE_FOR_A_PLACEHOLDER}):
        run = aoc_in_process("run", "2065", "1", "--example", "--json")
        table = aoc_in_process("run", "2065", "1", "--example")
        with pytest.raises(AssertionError) as failed:
            check_examples(registry.load_day(2065, 1))
    assert run.returncode == table.returncode == 2, run.stderr
    [part] = json.loads(run.stdout)["results"][0]["parts"]
    assert (part["status"], part["error"]) == ("error", sentence)
    assert f"2065 day 1 (example 1) part 2: {sentence}" in table.stderr
    assert f"part 2 failed: {sentence}" in str(failed.value)


ONE_PIXEL_OFF_DAY = '''
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    examples = [Example("example", part_1="""
        ####
        #..#
        ####
        """)]

    def part_1(self, text: str) -> str:
        return "####\\n# ##\\n####"
'''

SIDE_BY_SIDE = """\
expected  got
####      ####
#..#      #.+#
####      ####
+ lit, - unlit: pixels that differ from the expected"""


def test_a_drawing_that_differs_is_shown_beside_the_expected_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 26: `aoc run`'s problems and a day's test both show the two pictures side
    by side, got's differing pixel marked and the expected's indentation gone (stacked
    on a terminal too narrow for both, in `aoc bench`'s problems too)."""
    from aoc2023.framework import registry
    from aoc2023.framework.testing import Case, check, check_examples

    cap_runs(monkeypatch, max_runs=MIN_RUNS)  # the bench's problems are the subject
    with temporary_year(tmp_path / "site", 2083, {"day01.py": ONE_PIXEL_OFF_DAY}):
        wide = aoc_in_process("run", "2083", "1", "--example", env=dict(os.environ, COLUMNS="80"))
        narrow = aoc_in_process("run", "2083", "1", "--example", env=dict(os.environ, COLUMNS="12"))
        narrow_bench = aoc_in_process(
            "bench",
            "2083",
            "1",
            "--example",
            "--budget",
            "0.01",
            env=dict(os.environ, COLUMNS="12"),
        )
        with pytest.raises(AssertionError) as day_test:
            check_examples(registry.load_day(2083, 1))
        with pytest.raises(AssertionError) as suite_case:
            check(Case(2083, 1, 1, 1))
    heading = "2083 day 1 (example 1) part 1: the drawing differs from the expected one:\n"
    assert heading + SIDE_BY_SIDE in wide.stderr, wide.stderr
    assert "expected: see below" in wide.stdout
    assert "        ####" not in wide.stdout + wide.stderr
    assert wide.returncode == 1
    assert "expected:\n####\n#..#\n####\ngot:\n####\n#.+#\n####\n" in narrow.stderr
    assert "expected:\n####\n#..#\n####\ngot:\n####\n#.+#\n####\n" in narrow_bench.stderr
    indented = "\n".join("    " + line for line in SIDE_BY_SIDE.split("\n"))
    failure = "2083 day 1, example 1, part 1: the drawing differs from the expected one:\n"
    assert failure + indented in str(day_test.value)
    assert str(suite_case.value) == failure + SIDE_BY_SIDE
