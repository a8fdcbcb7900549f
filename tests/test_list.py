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
from conftest import AocdHome, edit, temporary_year
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
    files = {
        "day01.py": DAY,
        "day02.py": "import no_such_module_here\n",
        "day12.py": DAY.replace(", part_2=4", ""),
    }
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
    assert payload["days"] == [
        {
            "year": 2097,
            "day": 7,
            "title": "Made Up",
            "error": None,
            "parts": [
                {"part": 1, "examples": 2, "answer_known": True},
                {"part": 2, "examples": 1, "answer_known": True},
            ],
            "final_star": None,  # not the year's last day
        }
    ]
    assert payload["notices"] == []


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
    rows = {
        line.split("│")[1].strip(): [c.strip() for c in line.split("│")[2:-1]]
        for line in result.stdout.splitlines()
        if "2096/" in line
    }
    assert rows["2096/01"] == ["Made Up", "2", "1", "? unknown", "? unknown"], result.stderr
    assert rows["2096/12"] == ["Made Up", "2", "no part 2", "? unknown", "☆ final star"]
    assert rows["2096/02"][0] == "! could not load (below)"
    assert "2096 day 2: Could not import aoc2096.day02" in result.stderr
    assert 2096 in registered_years() and 2023 in registered_years()


def test_a_year_with_no_package_is_one_sentence() -> None:
    result = aoc("list", "2031")
    assert result.returncode == 2
    assert "No days for 2031" in result.stderr


LIST_IN_A_PROCESS = """
import sys

from aoc2023.framework.cli import main

code = main(["list", *sys.argv[1:]])
assert "aocd" not in sys.modules, "aocd was imported"
sys.exit(code)
"""


def listed_in_a_process(
    home: AocdHome, site: Path, *args: str, env: dict[str, str] | None = None
) -> CompletedProcess[str]:
    """`aoc list ARGS` in a fresh process, with `site` first on its path, which fails if
    it imports aocd: aocd is the only thing that talks to adventofcode.com, and listing
    reads only local files (not importing aocd is the proof)."""
    env = dict(env or home.env())
    env["PYTHONPATH"] = os.pathsep.join([str(site), env["PYTHONPATH"]])
    return subprocess.run(
        [sys.executable, "-c", LIST_IN_A_PROCESS, *args],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


# Each import of this day adds a line to the file named in AOC_TEST_IMPORTS. Its title
# comes from the day file itself, a public helper, a private one and a sub-package's.
COUNTED_DAY = """
import os

from aoc2023.framework import Example, Solution
from aoc2053 import _common, names
from aoc2053.sub import helper

with open(os.environ["AOC_TEST_IMPORTS"], "a") as imports:
    imports.write("imported\\n")


class Day(Solution[str]):
    title = " ".join(["PREFIX", names.WORD, _common.WORD, helper.WORD])
    examples = [Example("abc", part_1=3)]
"""


@pytest.mark.slow  # four processes
def test_a_fresh_listing_imports_a_day_again_only_when_a_file_of_its_year_changes(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """What a fresh `aoc list` imports: a day is imported once (the cache a FIFO at first:
    a miss, never waited on), then read from the cache while the files of its year stay
    as they are; a change to a private helper or a sub-package's module, the day file
    unchanged, is seen (the year's files are stamped as one, the day file among them),
    and so is a helper that stops importing, which is never cached: its reason is said
    each time. Which files of the year are watched, one by one: test_registry.py."""
    aocd_home.set_token()
    aocd_home.cache_answer(2053, 1, 1, "3")
    imports = tmp_path / "imports.txt"
    env = aocd_home.env() | {"AOC_TEST_IMPORTS": str(imports)}
    site = tmp_path / "site"

    def listed() -> tuple[int, str, str]:
        done = listed_in_a_process(aocd_home, site, "2053", env=env)
        [row] = [line for line in done.stdout.splitlines() if "2053/01" in line] or [""]
        return done.returncode, row, done.stderr

    def imported() -> int:
        return imports.read_text().count("imported") if imports.exists() else 0

    files = {
        "day01.py": COUNTED_DAY.replace("PREFIX", "Made"),
        "names.py": "WORD = 'Up'\n",
        "_common.py": "WORD = 'And'\n",
    }
    with temporary_year(site, 2053, files) as package:
        (package / "sub").mkdir()
        (package / "sub" / "__init__.py").write_text("")
        (package / "sub" / "helper.py").write_text("WORD = 'Down'\n")
        # A cache that is a FIFO (never waited on: the process has a time limit) is a
        # miss: imported, and the cache written anew; then read from it.
        cache = store.listing_cache_file()
        cache.parent.mkdir(parents=True, exist_ok=True)
        os.mkfifo(cache)
        for _ in range(2):
            code, row, errors = listed()
            assert (code, "Made Up And Down" in row, imported()) == (0, True, 1), errors
            assert "✔ known" in row
            assert cache.is_file() and "2053" in cache.read_text()
        # `edit`: a save of the same size within the same second would leave the old
        # bytecode current (Python checks the whole-second mtime and the size).
        # A private helper and a sub-package's module, the day file unchanged (each alone
        # is a miss: test_registry.py).
        edit(package / "_common.py", "WORD = 'Then'\n")
        edit(package / "sub" / "helper.py", "WORD = 'Over'\n")
        code, row, _ = listed()
        assert (code, "Made Up Then Over" in row, imported()) == (0, True, 2)
        # Never cached: two listings on one process (`main` called from code, reading the
        # cache anew each time; an import that failed leaves nothing behind to reuse).
        edit(package / "names.py", "import no_such_module_here\n")
        env["PYTHONPATH"] = os.pathsep.join([str(site), env["PYTHONPATH"]])
        for done in site_cli.aoc(None, aocd_home, ["list", "2053"], ["list", "2053"], env=env):
            [row] = [line for line in done.stdout.splitlines() if "2053/01" in line]
            assert done.returncode == 2 and "could not load" in row, done.stderr
            assert "Could not import aoc2053.day01" in done.stderr


def test_the_token_memo_is_read_once_for_all_the_days(
    tmp_path: Path, aocd_home: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
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


def test_a_year_declared_by_an_installed_package_is_listed_once_installed(tmp_path: Path) -> None:
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


@pytest.mark.parametrize("damage", ["not json", "[1, 2]", '{"version": 1, "days": [1]}'])
def test_a_damaged_listing_cache_is_a_miss(
    tmp_path: Path, aocd_home: AocdHome, damage: str
) -> None:
    """Not JSON or not the shape written (a FIFO, which must not be waited on, in a
    process with a time limit: test_a_fresh_listing_imports_...): the days are imported,
    listed, and the cache is written anew."""
    cache = store.listing_cache_file()
    cache.parent.mkdir(parents=True, exist_ok=True)
    cache.write_text(damage)
    with temporary_year(tmp_path / "site", 2043, {"day01.py": DAY}):
        result = aoc("list", "2043")
    assert result.returncode == 0, result.stderr
    assert "Made Up" in result.stdout
    assert cache.is_file() and "2043" in cache.read_text()


def test_edit_leaves_no_stale_bytecode(tmp_path: Path) -> None:
    """The harness's `edit`, which tests that rewrite a module use: rewritten at the same
    size (within the same second, as a test does it), the module the next process
    imports is the new one, not the old one from its .pyc (each run in a process that
    writes bytecode, as CI's do)."""
    env = {name: value for name, value in os.environ.items() if name != "PYTHONDONTWRITEBYTECODE"}
    module = tmp_path / "edited.py"
    module.write_text("X = 1\n")
    for text in ("X = 1\n", "X = 2\n", "X = 3\n"):
        edit(module, text)
        shown = subprocess.run(
            [sys.executable, "-c", "import edited; print(edited.X)"],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=60,
        ).stdout.strip()
        assert shown == text.removeprefix("X = ").strip()
