"""`aoc list [YEAR]`: days, titles, examples per part, and which answers are known."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from subprocess import CompletedProcess

import pytest
import site_cli
from conftest import AocdHome, temporary_year
from site_cli import aoc_in_process

from aoc2023.framework import store
from aoc2023.framework.aocd import paths
from aoc2023.framework.registry import registered_years

DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Made Up"
    examples = [Example("abc", part_1=3), Example("ab", part_1=2, part_2=4)]
"""


def aoc(*args: str) -> CompletedProcess[str]:
    return aoc_in_process(*args)


def day_7_row(output: str) -> str:
    [row] = [line for line in output.splitlines() if "2097/07" in line]
    return row


@pytest.fixture
def year_2097(tmp_path: Path) -> Iterator[Path]:
    """`aoc2097` with day 7 alone: what is listed never depends on the project's days."""
    with temporary_year(tmp_path / "site97", 2097, {"day07.py": DAY}) as package:
        yield package


@pytest.fixture
def year_2096(tmp_path: Path) -> Iterator[Path]:
    """`aoc2096`: 12 days a year from 2025 on, so day 12 is its last; day 2 is broken."""
    files = {"day01.py": DAY, "day02.py": "import no_such_module_here\n",
             "day12.py": DAY.replace(", part_2=4", "")}
    with temporary_year(tmp_path / "site", 2096, files) as package:
        yield package


def test_without_a_token_days_are_listed_and_no_answer_is_known(
    aocd_home: AocdHome, year_2097: Path
) -> None:
    result = aoc("list", "2097")
    assert result.returncode == 0, result.stderr
    assert "Made Up" in day_7_row(result.stdout)
    assert day_7_row(result.stdout).count("? unknown") == 2
    assert "No Advent of Code session token is set (looked in" in result.stderr


def test_cached_answers_are_known_and_nothing_is_fetched(
    aocd_home: AocdHome, year_2097: Path
) -> None:
    aocd_home.set_token()
    aocd_home.cache_answer(2097, 7, 1, "3")
    row = day_7_row(aoc("list").stdout)  # every year: 2097 among them
    assert "✔ known" in row and "? unknown" in row
    aocd_home.cache_answer(2097, 7, 2, "4")
    result = aoc("list", "2097", "--json")
    assert result.returncode == 0
    payload = json.loads(result.stdout)
    assert payload["days"] == [{
        "year": 2097, "day": 7, "title": "Made Up", "error": None,
        "parts": [{"part": 1, "examples": 2, "answer_known": True},
                  {"part": 2, "examples": 1, "answer_known": True}],
        "final_star": None,  # not the year's last day
    }]
    assert payload["notices"] == []


def test_listing_never_imports_aocd(aocd_home: AocdHome, year_2097: Path) -> None:
    """aocd is the only thing that talks to adventofcode.com: not importing it is proof."""
    aocd_home.set_token()
    aocd_home.cache_answer(2097, 7, 1, "3")
    code = (
        "import sys\n"
        "from aoc2023.framework.cli import main\n"
        "code = main(['list', '2097'])\n"
        "assert 'aocd' not in sys.modules, 'aocd was imported'\n"
        "sys.exit(code)\n"
    )
    env = aocd_home.env()
    env["PYTHONPATH"] = os.pathsep.join([str(year_2097.parent), env["PYTHONPATH"]])
    done = subprocess.run([sys.executable, "-c", code], env=env,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert "✔ known" in day_7_row(done.stdout)


def test_a_token_whose_user_aocd_does_not_know_yet_says_so(
    aocd_home: AocdHome, year_2097: Path
) -> None:
    aocd_home.set_token(user_id=None)
    result = aoc("list", "2097")
    assert result.returncode == 0
    assert "does not know yet whose session token this is" in result.stderr


def test_examples_per_part_the_last_day_and_a_broken_day(year_2096: Path) -> None:
    result = aoc("list", "2096")
    assert result.returncode == 2
    rows = {line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:-1]]
            for line in result.stdout.splitlines() if "2096/" in line}
    assert rows["2096/01"] == ["Made Up", "2", "1", "? unknown", "? unknown"], result.stderr
    assert rows["2096/12"] == ["Made Up", "2", "no part 2", "? unknown", "☆ final star"]
    assert rows["2096/02"][0] == "! could not load (below)"
    assert "2096 day 2: Could not import aoc2096.day02" in result.stderr
    assert 2096 in registered_years() and 2023 in registered_years()


def test_a_year_with_no_package_is_one_sentence() -> None:
    result = aoc("list", "2031")
    assert result.returncode == 2
    assert "No days for 2031" in result.stderr


# Each import of this day adds a line to the file named in AOC_TEST_IMPORTS.
COUNTED_DAY = """
import os

from aoc2023.framework import Example, Solution

with open(os.environ["AOC_TEST_IMPORTS"], "a") as imports:
    imports.write("imported\\n")


class Day(Solution[str]):
    title = "TITLE"
    examples = [Example("abc", part_1=3)]
"""


@pytest.mark.slow  # five processes
def test_a_listed_day_is_not_imported_again_until_its_file_changes(
        tmp_path: Path, aocd_home: AocdHome) -> None:
    """What a fresh `aoc list` imports: a day is imported once, then read from the cache
    while its file stays as it is; a change, or a day that stops importing, is seen."""
    imports = tmp_path / "imports.txt"
    env = aocd_home.env()
    env["AOC_TEST_IMPORTS"] = str(imports)
    site = tmp_path / "site"
    env["PYTHONPATH"] = os.pathsep.join([str(site), env["PYTHONPATH"]])

    def listed() -> tuple[int, str, str]:
        done = site_cli.aoc(None, aocd_home, "list", "2053", env=env)
        [row] = [line for line in done.stdout.splitlines() if "2053/01" in line] or [""]
        return done.returncode, row, done.stderr

    with temporary_year(site, 2053, {"day01.py": COUNTED_DAY.replace("TITLE", "Made Up")}):
        day = site / "aoc2053" / "day01.py"
        assert "Made Up" in listed()[1]
        code, row, _ = listed()
        assert (code, "Made Up" in row, imports.read_text()) == (0, True, "imported\n")
        # Of another size: Python's bytecode of a source changed within the same second
        # at the same size would be taken as current (it checks whole seconds and size).
        day.write_text(COUNTED_DAY.replace("TITLE", "Changed Title"))
        code, row, _ = listed()
        assert (code, "Changed Title" in row, imports.read_text().count("imported")) == (0, True, 2)
        day.write_text("import no_such_module_here\n" + COUNTED_DAY)
        for _ in range(2):  # a broken day is never cached: its reason is said each time
            code, row, errors = listed()
            assert code == 2 and "could not load" in row
            assert "Could not import aoc2053.day01" in errors


def test_the_token_memo_is_read_once_for_all_the_days(
        tmp_path: Path, aocd_home: AocdHome, monkeypatch: pytest.MonkeyPatch) -> None:
    reads: list[str] = []
    read_memo = paths.cached_user_id

    def counted(token: str) -> str | None:
        reads.append(token)
        return read_memo(token)

    monkeypatch.setattr(paths, "cached_user_id", counted)
    aocd_home.set_token()
    aocd_home.cache_answer(2052, 3, 1, "3")
    days = {f"day{day:02d}.py": DAY for day in (1, 2, 3)}
    with temporary_year(tmp_path / "site", 2052, days):
        result = aoc("list", "2052")
    assert result.returncode == 0, result.stderr
    [row] = [line for line in result.stdout.splitlines() if "2052/03" in line]
    assert "✔ known" in row
    assert len(reads) == 1


def test_a_year_declared_by_an_installed_package_is_listed_once_installed(
        tmp_path: Path) -> None:
    """The `aoc.years` entry points are cached by the stamps of the folders on the path:
    a package installed since (a dist-info added to one of them) is seen at once."""
    site = tmp_path / "site"
    with temporary_year(site, 2051, {"day01.py": DAY}):
        assert "2054/" not in aoc("list").stdout
        package = site / "my_days_2054"
        package.mkdir()
        (package / "__init__.py").write_text("")
        (package / "day04.py").write_text(DAY)
        dist = site / "my_days-1.0.dist-info"
        dist.mkdir()
        (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: my-days\nVersion: 1.0\n")
        (dist / "entry_points.txt").write_text("[aoc.years]\n2054 = my_days_2054\n")
        try:
            result = aoc("list")
        finally:
            for name in [name for name in sys.modules if name.startswith("my_days_2054")]:
                del sys.modules[name]
    assert "2054/04" in result.stdout and "Made Up" in result.stdout, result.stderr


HELPED_DAY = """
from aoc2023.framework import Example, Solution
from aoc2042.names import TITLE


class Day(Solution[str]):
    title = TITLE
    examples = [Example("abc", part_1=3)]
"""


@pytest.mark.slow  # three processes
def test_a_day_is_listed_anew_when_a_module_of_its_year_changes(
        tmp_path: Path, aocd_home: AocdHome) -> None:
    """A day's title or examples may come from a helper of its year: a change to the
    helper (its day file unchanged) is seen, and so is a helper that stops importing."""
    env = aocd_home.env()
    site = tmp_path / "site"
    env["PYTHONPATH"] = os.pathsep.join([str(site), env["PYTHONPATH"]])

    def listed() -> tuple[int, str]:
        done = site_cli.aoc(None, aocd_home, "list", "2042", env=env)
        [row] = [line for line in done.stdout.splitlines() if "2042/01" in line] or [""]
        return done.returncode, row

    with temporary_year(site, 2042, {"day01.py": HELPED_DAY,
                                     "names.py": "TITLE = 'First'\n"}) as package:
        assert "First" in listed()[1]
        (package / "names.py").write_text("TITLE = 'Second'\n")
        assert "Second" in listed()[1]
        (package / "names.py").write_text("import no_such_module_here\n")
        code, row = listed()
        assert code == 2 and "could not load" in row


@pytest.mark.parametrize("damage", ["not json", "[1, 2]", '{"version": 1, "days": [1]}', "fifo"])
def test_a_damaged_listing_cache_is_a_miss(
        tmp_path: Path, aocd_home: AocdHome, damage: str) -> None:
    """Not JSON, not the shape written, or a FIFO (which must not be waited on: in a
    process of its own, with a time limit): the days are imported, listed, and the cache
    is written anew."""
    cache = store.listing_cache_file()
    cache.parent.mkdir(parents=True, exist_ok=True)
    if damage == "fifo":
        os.mkfifo(cache)
    else:
        cache.write_text(damage)
    with temporary_year(tmp_path / "site", 2043, {"day01.py": DAY}):
        if damage == "fifo":
            result = site_cli.aoc(None, aocd_home, "list", "2043", timeout=60,
                                  env=aocd_home.env() | {"PYTHONPATH": os.pathsep.join(
                                      [str(tmp_path / "site"), aocd_home.env()["PYTHONPATH"]])})
        else:
            result = aoc("list", "2043")
    assert result.returncode == 0, result.stderr
    assert "Made Up" in result.stdout
    assert cache.is_file() and "2043" in cache.read_text()
