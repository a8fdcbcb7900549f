"""`aoc new YEAR DAY`, with aocd pointed at the fake adventofcode.com on loopback when
there is one.

A day of an existing year is written into a throwaway year package in a project folder
of the test's own (`year_site`), by `aoc` in this process; the day's tests run as its
author runs them, in a pytest session of this process (pytester). What needs the project
itself (a new year's package is made beside the framework's, and runs at once; aocd's
runner; a limit on file sizes) runs in a process working on a temporary copy of the
project.
"""

from __future__ import annotations

import ast
import json
import os
import shutil
import socket
import subprocess
import sys
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest
import site_cli
from conftest import TOKEN, AocdHome, MypyCache, temporary_year
from fake_aoc import FakeAoC, point_aocd_at
from hypothesis import example, given
from hypothesis import strategies as st
from misbehaving_days import CHARACTERS, examples
from project_copy import PROJECT, copy_project, isolated
from site_cli import aoc_in_process
from test_registry import GOOD

from aoc2023.framework import Example
from aoc2023.framework.commands.new import (
    Target,
    answer_literal,
    example_literal,
    refuse_existing,
    render_day,
)
from aoc2023.framework.errors import UsageError

BIN = Path(sys.executable).parent

MIRAGE = "0 3 6 9 12 15\n1 3 6 10 15 21\n10 13 16 21 30 45\n"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return copy_project(tmp_path / "project")


def aoc(
    project: Path,
    home: AocdHome,
    *args: str,
    site: FakeAoC | None = None,
    wrapper: Sequence[str] = (),
) -> subprocess.CompletedProcess[str]:
    """`aoc ARGS` in a process working on `project`, against `site`; with no
    site, `python -m aoc2023 ARGS` as a user runs it in a checkout, which imports aocd only
    if the command needs it (none of these talks to the site: the network is blocked)."""
    if site is not None:
        return site_cli.aoc(site, home, *args, cwd=project, wrapper=wrapper)
    return subprocess.run(
        [*wrapper, sys.executable, "-m", "aoc2023", *args],
        cwd=project,
        env=isolated(home.env()),
        capture_output=True,
        text=True,
        timeout=120,
    )


YEAR = 2022
"""The year of `year_site`: one of 25 days, which this project does not hold. Its days 4
and 13 are not in the table of aocd's example parser, which reads their pages with its
default rules, as the stand-in site writes them."""


@pytest.fixture
def year_site(tmp_path: Path) -> Iterator[Path]:
    """A project of the test's own (the project's pyproject.toml, so its ruff and mypy
    settings) whose source folder holds an empty package for YEAR, importable here while
    the test lasts: `aoc new YEAR DAY` writes into it. The source folder is the working
    folder, so paths are shown as `aoc2022/dayNN.py`."""
    root = tmp_path / "own-project"
    (source := root / "source").mkdir(parents=True)
    shutil.copy(PROJECT / "pyproject.toml", root / "pyproject.toml")
    with temporary_year(source, YEAR, {}):
        yield source


def pytest_in(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch, year_site: Path, day_file: str
) -> str:
    """Test one day with pytest in `year_site`, as its author would (the plugin's tests): a
    pytest session of its own in this process (pytester), whose collection and report are
    the subject. What it imports is forgotten after it (pytester), as after a process."""
    monkeypatch.chdir(year_site)
    done = pytester.runpytest_inprocess("-q", "-rs", "-n", "0", "-p", "no:cacheprovider", day_file)
    out = done.stdout.str()
    assert done.ret == 0, out
    return out


def test_without_a_token_the_day_is_written_and_never_overwritten(
    year_site: Path, aocd_home: AocdHome, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    done = aoc_in_process("new", str(YEAR), "4", cwd=year_site)
    assert done.returncode == 0, done.stderr
    day = year_site / "aoc2022" / "day04.py"
    assert "Wrote aoc2022/day04.py." in done.stdout
    assert "its tests: pytest aoc2022/day04.py" in done.stdout
    assert "No Advent of Code session token is set (looked in" in done.stderr
    assert "class Day04(Solution[list[str]]):" in day.read_text()
    # pytest's plugin needs no test file
    assert sorted(p.name for p in year_site.parent.rglob("*.py")) == ["__init__.py", "day04.py"]
    written = day.read_text()

    again = aoc_in_process("new", str(YEAR), "4", cwd=year_site)
    assert again.returncode == 2
    assert "aoc2022/day04.py already exists" in again.stderr
    assert "never overwrites" in again.stderr
    assert day.read_text() == written

    # Importable and runnable at once: no registration step.
    ran = aoc_in_process("run", str(YEAR), "4", "--example", cwd=year_site)
    assert ran.returncode == 0, ran.stderr
    assert ran.stdout.count("- not implemented") == 2
    # Its tests pass as the output says to run them; they say there was no answer to check.
    tested = pytest_in(pytester, monkeypatch, year_site, "aoc2022/day04.py")
    assert "2 skipped" in tested and "no session token" in tested
    assert "2022 day 4 declares no example answer yet" in tested


@pytest.mark.slow
def test_with_a_token_the_input_title_and_example_are_fetched_through_aocd(
    year_site: Path,
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    pytester: pytest.Pytester,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        YEAR,
        4,
        "Mirage Maintenance",
        inputs={TOKEN: "1 2 3\n"},
        example=MIRAGE,
        example_answers=("114", None),
    )
    done = aoc_in_process("new", str(YEAR), "4", cwd=year_site)
    assert done.returncode == 0, done.stderr
    assert "for 2022 day 4: Mirage Maintenance." in done.stdout
    assert "Your input is in aocd's cache." in done.stdout
    assert "1 example from the puzzle page" in done.stdout
    assert done.stderr == ""
    assert (aocd_loaded.user_dir / "2022_04_input.txt").read_text() == "1 2 3\n"
    assert len(fake_aoc.requests_for("/2022/day/4/input")) == 1
    assert len(fake_aoc.requests_for("/2022/day/4")) == 1  # the page, once

    day = year_site / "aoc2022" / "day04.py"
    source = day.read_text()
    assert source.startswith('"""2022 day 4: Mirage Maintenance.\n')
    assert '    title = "Mirage Maintenance"\n' in source
    assert f'EXAMPLE = """\n{MIRAGE}"""\n' in source
    assert "Example(EXAMPLE, part_1=114)," in source
    assert "Add part_2=... to an example once part 2 is unlocked." in source

    # The day's tests pass while the parts are not written: the example's part 1 and the
    # input (no answer yet) are skipped.
    tested = pytest_in(pytester, monkeypatch, year_site, "aoc2022/day04.py")
    assert "3 skipped" in tested and "warning" not in tested
    assert "2022 day 4 part 1 is not written yet" in tested

    # Write part 1 and the example checks it, without a request (the day is imported anew:
    # the session above forgot it). How a wrong part fails the
    # day's tests is the plugin's (test_pytest_plugin.py), as for any day.
    day.write_text(
        source.replace(
            "    def part_1(self, data: list[str]) -> int:\n        raise NotImplementedError\n",
            "    def part_1(self, data: list[str]) -> int:\n        return 114\n",
        )
    )
    requests = len(fake_aoc.requests)
    ran = aoc_in_process("run", str(YEAR), "4", "--example", cwd=year_site)
    assert ran.returncode == 0 and "Mirage Maintenance" in ran.stdout and "✔ 114" in ran.stdout
    assert len(fake_aoc.requests) == requests
    tested = pytest_in(pytester, monkeypatch, year_site, "aoc2022/day04.py")
    assert "1 passed, 2 skipped" in tested, tested


def test_once_part_1_is_solved_part_2s_example_answer_is_filled_in_too(
    year_site: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        YEAR,
        13,
        "Point of Incidence",
        inputs={TOKEN: "#.#\n"},
        answers=["405", "400"],
        example="#.#\n.#.\n",
        example_answers=("5", "4"),
    )
    done = aoc_in_process("new", str(YEAR), "13", cwd=year_site)
    assert done.returncode == 0, done.stderr
    source = (year_site / "aoc2022" / "day13.py").read_text()
    assert "Example(EXAMPLE, part_1=5, part_2=4)," in source


@pytest.mark.parametrize("failure", ["dead token", "no network", "no example"])
def test_what_cannot_be_fetched_is_one_sentence_and_the_day_is_written(
    year_site: Path,
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    failure: str,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    aocd_loaded.set_token()
    if failure == "dead token":
        fake_aoc.add_puzzle(YEAR, 4, "Mirage Maintenance", inputs={"another": "1\n"})
        expected = "refused the session token"
    elif failure == "no network":
        with socket.socket() as probe:  # a loopback port that nothing listens on
            probe.bind(("127.0.0.1", 0))
            point_aocd_at(f"http://127.0.0.1:{probe.getsockname()[1]}", monkeypatch.setattr)
        expected = "Could not reach adventofcode.com"
    else:
        fake_aoc.add_puzzle(YEAR, 4, "Mirage Maintenance", inputs={TOKEN: "1\n"})
        expected = "found no example on the puzzle page"
    done = aoc_in_process("new", str(YEAR), "4", cwd=year_site)
    assert done.returncode == 0, done.stderr
    assert expected in done.stderr
    assert len(done.stderr.strip().splitlines()) == 1
    assert "Traceback" not in done.stderr and TOKEN not in done.stderr
    assert (year_site / "aoc2022" / "day04.py").is_file()
    ran = aoc_in_process("run", str(YEAR), "4", "--example", cwd=year_site)
    assert ran.returncode == 0, ran.stderr


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["2022", "26"], "days of 2022 run from 1 to 25"),
        (["2025", "13"], "days of 2025 run from 1 to 12"),
        (["2014", "1"], "started in 2015"),
        (["2098", "1"], "2098 day 1 is not unlocked yet"),
        (["10000", "1"], "There is no year 10000 in aoc's calendar"),
    ],
)
def test_refusals_are_one_sentence_exit_2_and_write_nothing(
    tmp_path: Path, aocd_home: AocdHome, args: list[str], message: str
) -> None:
    """Each year has a package of its own in a project of the test's, where a day would go."""
    root = tmp_path / "own-project"
    (source := root / "source").mkdir(parents=True)
    (root / "pyproject.toml").write_text("[project]\nname = 'own'\n")
    with temporary_year(source, int(args[0]), {}) as package:
        done = aoc_in_process("new", *args, cwd=source)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert sorted(p.name for p in root.rglob("*") if p.is_file()) == [
        "__init__.py",
        "pyproject.toml",
    ]
    assert list(package.iterdir()) == [package / "__init__.py"]


def test_an_installed_package_outside_a_project_is_refused(
    aocd_home: AocdHome, tmp_path: Path
) -> None:
    site = tmp_path / "venv" / "lib" / "site-packages"
    with temporary_year(site, 2019, {}) as package:
        done = aoc_in_process("new", "2019", "1", cwd=tmp_path)
    assert done.returncode == 2
    assert "outside any project" in done.stderr
    assert list(package.iterdir()) == [package / "__init__.py"]


TITLES = st.text(CHARACTERS, min_size=1, max_size=240)
"""A puzzle's title as a hostile or wordy site may give it: any length, any character."""
HARD_TITLES = [
    "A" * 92,  # the title past the line length that failed E501
    "Word " * 40,
    'Say "hi" \\ and """ triple \'\'\' quotes ' * 4,
    "Über Größe: Ünïcödé ☃ 東京 😀 \u202e reversed " * 3,
    "\\N{SNOWMAN} \\x00 {braces} $dollar ${template} %s",
]
"""Titles each of which once broke, or would break, the module's lint or types."""


def check_title_module(source: str, title: str) -> None:
    """What ruff and mypy cannot see alone: the module compiles, its `title` reads back as
    the site's, its lines fit and end in no space, and it is ASCII (no ambiguous character
    for ruff's RUF001-003)."""
    tree = ast.parse(source)
    [assigned] = [
        node.value
        for node in ast.walk(tree)
        if isinstance(node, ast.Assign)
        and [getattr(t, "id", None) for t in node.targets] == ["title"]
    ]
    assert ast.literal_eval(assigned) == title
    assert source.isascii()
    for line in source.splitlines():
        assert len(line) <= 100 and line == line.rstrip(), line


@given(title=TITLES)
@examples(30, wide=1000)
def test_a_title_of_any_length_and_characters_makes_a_module_that_fits(title: str) -> None:
    target = Target(YEAR, 3, "aoc2022", Path("aoc2022/day03.py"))
    check_title_module(render_day(target, title, ()), title)


for _hard in HARD_TITLES:  # each hard title is an explicit example of the test above
    test_a_title_of_any_length_and_characters_makes_a_module_that_fits = example(title=_hard)(
        test_a_title_of_any_length_and_characters_makes_a_module_that_fits
    )


@pytest.mark.slow
@given(titles=st.lists(TITLES, min_size=6, max_size=6))
@examples(1, wide=10)
def test_the_generated_files_pass_ruff_and_mypy_strict(
    year_site: Path,
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    mypy_cache: MypyCache,
    titles: list[str],
) -> None:
    """Days whose pages aocd's example parser reads with its default rules (no entry in its
    table), and days of hard and drawn titles (written as `aoc new` writes them), all in
    one ruff and one mypy call. The project's own ruff and mypy settings (`year_site` has
    its pyproject.toml); a new year's package file is checked in
    test_a_new_year_is_one_command_written_whole_and_runs_at_once."""
    for written in (year_site / "aoc2022").glob("day*.py"):  # the last example's
        written.unlink()
    titled = []
    for number, title in enumerate([*HARD_TITLES, *titles], start=1):
        target = Target(YEAR, number, "aoc2022", year_site / "aoc2022" / f"day{number:02d}.py")
        source = render_day(target, title, ())
        check_title_module(source, title)
        target.day_path.write_text(source, encoding="utf-8")
        titled.append(f"source/aoc2022/day{number:02d}.py")
    aocd_loaded.set_token()
    grid = ".|...\\....\n|.-.\\.....\n" + "x " * 60 + "\n"  # backslashes, a long line
    fake_aoc.add_puzzle(
        YEAR, 16, "Lens Library", inputs={TOKEN: "1\n"}, example=grid, example_answers=("46", None)
    )
    fake_aoc.add_puzzle(
        YEAR,
        20,
        "Lavaduct Lagoon",
        inputs={TOKEN: "1\n"},
        answers=["1", "2"],
        example='say """hi"""\n',
        example_answers=("CMZ", "7"),
    )
    for plain in (22, 25):  # no example on their pages
        fake_aoc.add_puzzle(YEAR, plain, "Plain", inputs={TOKEN: "1\n"})
    days = ("16", "20", "22", "25")  # examples, odd examples, none, the last day
    for day in days:
        done = aoc_in_process("new", str(YEAR), day, cwd=year_site)
        assert done.returncode == 0, done.stderr
    assert 'part_1="CMZ", part_2=7' in (year_site / "aoc2022" / "day20.py").read_text()
    assert "def part_2" not in (year_site / "aoc2022" / "day25.py").read_text()
    files = [f"source/aoc2022/day{d}.py" for d in days] + titled
    root = year_site.parent
    ruff = subprocess.run(
        [str(BIN / "ruff"), "check", "--no-cache", *files],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ruff.returncode == 0, ruff.stdout
    with mypy_cache.into(root / ".mypy_cache") as cache:  # the generated files in full
        mypy = subprocess.run(
            [str(BIN / "mypy"), "--strict", "--cache-dir", str(cache), *files],
            cwd=root,
            capture_output=True,
            text=True,
            timeout=300,
            env=os.environ | {"MYPYPATH": str(PROJECT)},  # the framework's source, as there
        )
    assert mypy.returncode == 0, mypy.stdout
    ran = aoc_in_process("run", str(YEAR), ",".join(days), "--example", "--json", cwd=year_site)
    assert ran.returncode == 0, ran.stderr
    assert '"status": "error"' not in ran.stdout


@pytest.mark.slow
def test_a_new_year_is_one_command_written_whole_and_runs_at_once(
    project: Path, year_site: Path, aocd_home: AocdHome
) -> None:
    """A disk that fills (a file-size limit: writes past it fail as on a full disk) while a
    new year's `__init__.py` is written: no cut `__init__.py`, which would stop the year
    importing and be kept by the next `aoc new`; while a day of a year that has its package
    is written: no half-written day. One sentence each, on one process under the limit.
    Once fixed, `aoc new` makes the year's package beside the framework that runs (the
    copy's: nothing is written into this project), and the year is listed and runs at
    once; and the day is written."""
    if shutil.which("prlimit") is None:
        pytest.skip("needs prlimit (util-linux) to limit the size of a file")
    day = year_site / "aoc2022" / "day02.py"
    fulls = site_cli.aoc(  # each file is longer than the limit
        None,
        aocd_home,
        ["new", "2025", "1"],
        ["new", str(YEAR), "2"],
        cwd=project,
        cwds=[project, year_site],
        wrapper=["prlimit", "--fsize=20"],
    )
    for full in fulls:
        assert full.returncode == 2, full.stdout + full.stderr
        assert "wrote nothing" in full.stderr and "unexpected" not in full.stderr
    assert "Could not write aoc2025/__init__.py" in fulls[0].stderr, fulls[0].stderr
    assert "Could not write aoc2022/day02.py" in fulls[1].stderr, fulls[1].stderr
    assert not (project / "aoc2025" / "__init__.py").exists()
    assert not day.exists() and not list(year_site.rglob("*.tmp"))
    again = aoc_in_process("new", str(YEAR), "2", cwd=year_site)
    assert again.returncode == 0, again.stdout + again.stderr
    assert "class " in day.read_text()

    # Then, on one process (each command as a fresh one runs it), the year made, listed and
    # run, and a second day added to the package, which is kept as it is.
    done, listed, ran, again = site_cli.aoc(
        None,
        aocd_home,
        ["new", "2025", "1"],
        ["list", "--json"],
        ["run", "2025", "1", "--example"],
        ["new", "2025", "2"],
        cwd=project,
    )
    assert done.returncode == 0, done.stderr
    assert "Wrote aoc2025/day01.py." in done.stdout
    assert [(d["year"], d["day"]) for d in json.loads(listed.stdout)["days"]] == [
        (2023, 7),
        (2025, 1),
    ]
    assert ran.returncode == 0, ran.stderr
    assert "not implemented" in ran.stdout
    assert again.returncode == 0, again.stderr
    assert "Wrote aoc2025/day02.py." in again.stdout
    # As the first `aoc new` wrote it, whole; the second kept it.
    assert (
        project / "aoc2025" / "__init__.py"
    ).read_text() == '"""Advent of Code 2025: one module per day (dayNN.py)."""\n'
    ruff = subprocess.run(
        [str(BIN / "ruff"), "check", "--no-cache", "aoc2025"],
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ruff.returncode == 0, ruff.stdout


@given(st.text(CHARACTERS))
@example("")
@example("a \"\"\" b \\ c\r\nd \n\t\x00\u2603'''")
@examples(50, wide=2000)
def test_an_example_reads_back_exactly_whatever_it_holds(text: str) -> None:
    literal = example_literal(text)
    assert Example(ast.literal_eval(literal)).input == text + "\n"


def test_an_example_is_a_plain_block_when_it_can_be() -> None:
    assert example_literal("1 2\n3 4") == '"""\n1 2\n3 4\n"""'
    assert example_literal("a\\b") == 'r"""\na\\b\n"""'
    assert example_literal('a """ b').startswith("(\n")
    assert example_literal("trailing \nspace").startswith("(\n")
    assert [answer_literal(a) for a in ("114", "-3", "007", "CMZ")] == [
        "114",
        "-3",
        '"007"',
        '"CMZ"',
    ]


def test_extra_parameters_go_by_aocds_names_through_aoc_new_and_aocds_runner(
    project: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """2023 day 11: aocd's example parser says its example uses `expansion_factor` 100
    (the real input: a million). `aoc new` writes that into the example, and aocd's
    runner, in its example mode, hands it to the day through `AOCD_EXTRA`."""
    aocd_loaded.set_token()
    (aocd_loaded.config / "tokens.json").write_text(json.dumps({"default": TOKEN}))
    fake_aoc.add_puzzle(
        2023,
        11,
        "Cosmic Expansion",
        inputs={TOKEN: "#..\n...\n"},
        example="#.\n.#\n",
        example_answers=("200", None),
    )
    done = aoc(project, aocd_loaded, "new", "2023", "11", site=fake_aoc)
    assert done.returncode == 0, done.stderr
    day = project / "aoc2023" / "day11.py"
    source = day.read_text()
    assert "Example(EXAMPLE, part_1=200, extra={'expansion_factor': 100})," in source
    day.write_text(
        source.replace(
            "    def part_1(self, data: list[str]) -> int:\n        raise NotImplementedError",
            "    def part_1(self, data: list[str]) -> int:\n"
            "        return len(data) * int(self.extra.get('expansion_factor', 1_000_000))",
        )
    )
    ours, theirs = site_cli.aoc(  # one process: each reads the day anew
        fake_aoc,
        aocd_loaded,
        ["run", "2023", "11", "--example", "--json"],
        ["-y", "2023", "-d", "11", "-e", "-p", "aoc2023"],
        cwd=project,
    )
    assert '"answer": "200"' in ours.stdout and '"status": "correct"' in ours.stdout
    assert theirs.returncode == 0, theirs.stdout + theirs.stderr
    assert "part a: 200" in theirs.stdout, theirs.stdout


@pytest.mark.slow
def test_no_placeholder_for_a_drawn_answer_becomes_an_expected_answer(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """aocd's example parser gives '□' for 2021 day 13's drawn part 2 (from its own table),
    and reads whatever symbol a page shows where the answer goes (2021 day 1 has no entry
    in its table): neither is pasted."""
    aocd_loaded.set_token()
    root = tmp_path / "own-project"
    (source := root / "source").mkdir(parents=True)
    shutil.copy(PROJECT / "pyproject.toml", root / "pyproject.toml")
    fake_aoc.add_puzzle(
        2021,
        13,
        "Transparent Origami",
        inputs={TOKEN: "6,10\n"},
        answers=["17"],
        example="6,10\n0,14\n",
        example_answers=("17", "O"),
    )
    fake_aoc.add_puzzle(
        2021,
        1,
        "Drawn",
        inputs={TOKEN: "x\n"},
        answers=["3"],
        example="abc\n",
        example_answers=("3", "\u25a1"),
    )
    with temporary_year(source, 2021, {}) as package:
        for day in (13, 1):
            done = aoc_in_process("new", "2021", str(day), cwd=source)
            assert done.returncode == 0, done.stderr
    origami = (package / "day13.py").read_text()
    drawn = (package / "day01.py").read_text()
    for text in (origami, drawn):
        assert "part_1=17" in origami and "part_1=3" in drawn
        assert "part_2=" not in text.split("examples = [")[1].split("]")[0].replace(
            "add part_2=...", ""
        )
        assert (
            "# EXAMPLE's part 2 answer is drawn on the page; the parser gave '\\u25a1' "
            "in its place:\n" in text
        )
        assert "Add part_2=... to an example once part 2 is unlocked." not in text
    checked = subprocess.run(
        [str(BIN / "ruff"), "check", "--no-cache", "source/aoc2021"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert checked.returncode == 0, checked.stdout


def test_aoc_new_writes_no_second_module_for_a_day(tmp_path: Path) -> None:
    package = tmp_path / "aoc2091"
    package.mkdir()
    (package / "day7.py").write_text(GOOD)
    with pytest.raises(UsageError, match=r"2091 day 7 is already in .*aoc2091/day7\.py"):
        refuse_existing(Target(2091, 7, "aoc2091", package / "day07.py"))
    refuse_existing(Target(2091, 8, "aoc2091", package / "day08.py"))  # another day: fine
