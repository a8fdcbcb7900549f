"""Finding days: by module name, without a list, importing only what is run. A misbehaving
day or module fails alone: a `solve` that returns one answer, a module that exits or raises
anything but Ctrl-C at import, a year package that does not import, two modules claiming
one day, a file named like a day that the naming rule skips. Each is one sentence naming
it, no traceback without --verbose, and the other days run and show (in the throwaway
years 2091 to 2093; the pytest plugin, by the same rule: test_pytest_plugin.py).

Variants: other implementations of a day, declared beside it, registered beside the day
and not in its place; a bad declaration refused. Their days live in throwaway years
(`variants_year`, 2077: variants that agree, one that disagrees on a real input, and a
day that counts the parsed inputs alive; `wrong_year`, 2078: a variant wrong on the
example), which test_run.py (`aoc run --variants`), test_runner.py and test_testing.py
(checked against the examples) use too."""

from __future__ import annotations

import importlib
import json
import subprocess
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from conftest import ONE_DAY, AocdHome, edit, temporary_year
from fake_clock import cap_runs
from site_cli import aoc_in_process

from aoc2023.framework import Solution, errors, registry, store
from aoc2023.framework.bench.figures import MIN_RUNS
from aoc2023.framework.commands.new import Target, refuse_existing
from aoc2023.framework.errors import DayLoadError, UsageError
from aoc2023.framework.registry import (
    REGISTRY,
    Declared,
    ListingCache,
    package_stamp,
    stamp,
    variants_of,
)
from aoc2023.framework.results import ExitCode

DAY_TEMPLATE = ONE_DAY


@pytest.fixture
def year_2098(tmp_path: Path) -> Iterator[Path]:
    """A second year package, `aoc2098`, with days 1 and 2, importable for this test."""
    files = {"day01.py": DAY_TEMPLATE, "day02.py": DAY_TEMPLATE, "helpers.py": "X = 1\n"}
    with temporary_year(tmp_path / "site", 2098, files) as package:
        yield package


def test_subclassing_registers_the_day_from_its_module_name(year_2098: Path) -> None:
    cls = registry.load_day(2098, 2)
    assert (cls.year, cls.day) == (2098, 2)
    assert REGISTRY[2098, 2] is cls


INHERITED = {
    "day01.py": ONE_DAY.replace("class Day(", "class Day01(").replace(
        "    examples", "    title = 'One'\n    examples"
    )
    + "\n\nclass Fast(Day01, variant='fast'):\n    pass\n",
    "day02.py": "from aoc2091.day01 import Day01\n\nclass Day02(Day01):\n    pass\n",
    "day03.py": "from aoc2091.day01 import Day01\nfrom aoc2023.framework import Example\n\n"
    "class Day03(Day01):\n    title = 'Three'\n    examples = [Example('x', part_1=1)]\n",
}


def test_a_day_made_from_another_days_class_has_its_own_title_and_examples(
    tmp_path: Path,
) -> None:
    """Day 2 subclasses day 1 for its parse and parts: it showed day 1's title, and ran (and
    checked a send against) day 1's examples. A variant, of day 1 itself, keeps them."""
    with temporary_year(tmp_path / "site", 2091, INHERITED):
        one, two, three = (registry.load_day(2091, day) for day in (1, 2, 3))
        [fast] = variants_of(one)
    assert (one.title, two.title, three.title, fast.title) == ("One", None, "Three", "One")
    assert two.examples == () and fast.examples == one.examples and len(three.examples) == 1
    assert [example.input for example in one.examples] == ["abc"]


def test_running_one_day_imports_only_that_days_module(year_2098: Path) -> None:
    registry.load_day(2098, 1)
    assert "aoc2098.day01" in sys.modules
    assert "aoc2098.day02" not in sys.modules
    assert registry.available_days(2098) == [1, 2]
    assert "aoc2098.day02" not in sys.modules


def test_a_days_import_leaves_the_commands_modules_out() -> None:
    """`import aoc2023.framework` (what a day imports) reads no calendar nor store: their
    imports, aocd's paths and tempfile among them, are the commands' alone."""
    code = "import sys, aoc2023.framework; print(sorted(sys.modules))"
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert loaded.returncode == 0, loaded.stderr
    for module in ("calendar", "store", "aocd.paths"):
        assert f"'aoc2023.framework.{module}'" not in loaded.stdout, module


def add_module(package: Path, name: str, text: str) -> None:
    """Write a module into a package this process has already imported from. Python
    keeps each folder's listing until the folder's time of change moves, and a file
    written within the same tick (4 ms on many systems) leaves it as it was: its
    documented remedy is `importlib.invalidate_caches`. (A user's `aoc` is a new
    process each time; `aoc new` and watch mode invalidate or restart themselves.)"""
    (package / name).write_text(text)
    importlib.invalidate_caches()


def test_a_missing_day_and_a_broken_day_are_one_sentence(year_2098: Path) -> None:
    with pytest.raises(errors.MissingDayError, match="2098 day 3 has no solution yet"):
        registry.load_day(2098, 3)
    add_module(year_2098, "day04.py", "import no_such_module_here\n")
    with pytest.raises(errors.DayLoadError, match="No module named 'no_such_module_here'"):
        registry.load_day(2098, 4)
    add_module(year_2098, "day05.py", "def broken(:\n")
    with pytest.raises(errors.DayLoadError, match="SyntaxError"):
        registry.load_day(2098, 5)
    add_module(year_2098, "day06.py", "X = 1\n")
    with pytest.raises(errors.DayLoadError, match="defines no Solution"):
        registry.load_day(2098, 6)


def test_a_class_can_say_its_own_year_and_day(year_2098: Path) -> None:
    (year_2098 / "odd_name.py").write_text(
        textwrap.dedent("""
        from aoc2023.framework import Solution

        class Whatever(Solution[str]):
            year = 2098
            day = 9
    """)
    )
    import aoc2098.odd_name  # type: ignore[import-not-found]  # noqa: F401

    assert REGISTRY[2098, 9].__name__ == "Whatever"
    with pytest.raises(TypeError, match="both `year` and `day`"):
        exec(
            "from aoc2023.framework import Solution\nclass Half(Solution[str]):\n    day = 3\n",
            {"__name__": "not_a_day_module"},
        )


def test_two_classes_claiming_one_day_is_an_error(year_2098: Path) -> None:
    (year_2098 / "day07.py").write_text(DAY_TEMPLATE + "\nclass Again(Solution[str]):\n    pass\n")
    with pytest.raises(errors.DayLoadError, match="both claim 2098 day 7"):
        registry.load_day(2098, 7)


def test_another_package_adds_a_year_through_the_entry_point_group(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real installed distribution (a dist-info in a folder on the path) naming its
    package in the `aoc.years` group, with a package name that is not `aoc<year>`."""
    site = tmp_path / "site2"
    package = site / "my_solutions_2097"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "day03.py").write_text(
        DAY_TEMPLATE.replace(
            "class Day(Solution[str]):", "class Day(Solution[str]):\n    year = 2097\n    day = 3"
        )
    )
    dist = site / "my_solutions-1.0.dist-info"
    dist.mkdir()
    (dist / "METADATA").write_text("Metadata-Version: 2.1\nName: my-solutions\nVersion: 1.0\n")
    (dist / "entry_points.txt").write_text("[aoc.years]\n2097 = my_solutions_2097\n")
    monkeypatch.syspath_prepend(site)
    done = aoc_in_process("run", "2097", "3", "--example", "--json")
    # and `aoc` called from code leaves nothing of the package or its day to other tests
    assert "my_solutions_2097" not in sys.modules and (2097, 3) not in REGISTRY
    assert done.returncode == 0, done.stderr
    assert '"status": "correct"' in done.stdout
    with pytest.raises(UsageError, match=r"aoc\.years"):
        registry.year_package(2096)


CAMEL = """
from aoc2023.framework import Example, Solution
from aoc2098.grid import GridDay

class Camel(GridDay):
    day = 5
    examples = [Example("ab\\ncd", part_1=4)]

    def part_1(self, grid: list[str]) -> int:
        return sum(map(len, grid))
"""

GRID_HELPER = """
from aoc2023.framework import Solution

class GridDay(Solution[list[str]]):
    '''A helper base class beside the days: it sets no day, so it is not one.'''

    def parse(self, text: str) -> list[str]:
        return text.splitlines()
"""


def test_a_day_in_a_module_of_any_name_is_found_and_helpers_are_not_days(
    year_2098: Path,
) -> None:
    (year_2098 / "camel.py").write_text(CAMEL)
    (year_2098 / "grid.py").write_text(GRID_HELPER)
    (year_2098 / "__main__.py").write_text("raise SystemExit('never imported')\n")
    cls = registry.load_day(2098, 5)
    assert (cls.__name__, cls.year, cls.day) == ("Camel", 2098, 5)
    assert registry.available_days(2098) == [1, 2, 5]
    # The helper's base class and the helper module define no day; dayNN modules not run
    # are not imported.
    assert {key: cls.__name__ for key, cls in REGISTRY.items() if key[0] == 2098} == {
        (2098, 5): "Camel"
    }
    assert "aoc2098.__main__" not in sys.modules

    ran = aoc_in_process("run", "2098", "5", "--example", "--json")
    assert ran.returncode == 0, ran.stderr
    assert '"status": "correct"' in ran.stdout
    listed = aoc_in_process("list", "2098", "--json")
    assert [day["day"] for day in json.loads(listed.stdout)["days"]] == [1, 2, 5]


def test_two_modules_claiming_one_day_name_both_and_a_broken_module_is_said(
    year_2098: Path,
) -> None:
    (year_2098 / "grid.py").write_text(GRID_HELPER)
    (year_2098 / "camel.py").write_text(CAMEL.replace("day = 5", "day = 1"))
    (year_2098 / "scratch.py").write_text("import no_such_module_here\n")
    problems: list[str] = []
    assert registry.available_days(2098, problems) == [1, 2]
    assert problems == [
        "Could not import aoc2098.scratch: ModuleNotFoundError: No module "
        "named 'no_such_module_here'"
    ]
    claims = r"aoc2098\.day01\.Day and aoc2098\.camel\.Camel both claim 2098 day 1"
    with pytest.raises(errors.DayLoadError, match=claims):
        registry.load_day(2098, 1)
    with pytest.raises(errors.DayLoadError, match=r"no solution yet.*aoc2098\.scratch"):
        registry.load_day(2098, 9)


def test_a_day_its_year_does_not_have_fails_alone_and_asks_the_site_nothing(
    year_2098: Path,
) -> None:
    """`day00.py`, `day26.py`, a class whose `day` is 99: each its day's one sentence in
    `aoc run` and `aoc list` alike (an unlock time was computed for them: "unexpected
    ValueError", and the run lost), the good days run."""
    (year_2098 / "day00.py").write_text(DAY_TEMPLATE)
    (year_2098 / "day26.py").write_text(DAY_TEMPLATE)
    (year_2098 / "grid.py").write_text(GRID_HELPER)
    (year_2098 / "camel.py").write_text(CAMEL.replace("day = 5", "day = 99"))
    ran = aoc_in_process("run", "2098", "--example", "--json")
    listed = aoc_in_process("list", "2098", "--json")
    assert ran.returncode == listed.returncode == 2, ran.stderr + listed.stderr
    results = {r["day"]: r for r in json.loads(ran.stdout)["results"]}
    assert [day for day, r in results.items() if r["error"] is None] == [1, 2]
    days = {day["day"]: day for day in json.loads(listed.stdout)["days"]}
    assert set(days) == set(results) == {0, 1, 2, 26, 99}
    for day, file in (
        (0, "aoc2098/day00.py"),
        (26, "aoc2098/day26.py"),
        (99, "a class of aoc2098"),
    ):
        said = f"{file} claims day {day}, but the days of 2098 run from 1 to 12: rename it"
        assert results[day]["error"].startswith(said), results[day]
        assert str(days[day]["error"]).startswith(said), days[day]


VARIANT_BESIDE = """
from aoc2023.framework import Solution
from aoc2055.day01 import Day


class Doubled(Solution[str], variant="doubled"):
    day = 1

    def part_1(self, text: str) -> int:
        return len(text) * 2 // 2
"""


def test_a_days_variants_beside_it_come_with_the_day(tmp_path: Path) -> None:
    """`_day01_NAME.py` holds day 1's variants: imported with day01.py, no day by name."""
    from aoc2023.framework.registry import VARIANTS, variants_of

    files = {"day01.py": ONE_DAY, "_day01_doubled.py": VARIANT_BESIDE}
    with temporary_year(tmp_path / "site", 2055, files):
        day = registry.load_day(2055, 1)
        assert [variant.variant for variant in variants_of(day)] == ["doubled"]
        assert registry.available_days(2055) == [1]
        assert registry.year_files(2055).variants[1][0].endswith("_day01_doubled.py")
    assert (2055, 1) not in VARIANTS


def test_a_variant_module_that_fails_fails_its_day_naming_it(tmp_path: Path) -> None:
    files = {"day01.py": ONE_DAY, "_day01_broken.py": "raise ValueError('no')\n"}
    with (
        temporary_year(tmp_path / "site", 2055, files),
        pytest.raises(
            errors.DayLoadError,
            match=r"Could not import aoc2055\._day01_broken: "
            r"ValueError: no",
        ),
    ):
        registry.load_day(2055, 1)


USES_A_HELPER = """
from aoc2023.framework import Example, Solution
from aoc2094 import names

class Day(Solution[str]):
    title = names.WORD
    examples = [Example("x", part_1="Up")]

    def part_1(self, text: str) -> str:
        return names.WORD
"""

OF_ANY_NAME = """
from aoc2023.framework import Solution

class Mirage(Solution[str]):
    day = 5

    def part_1(self, text: str) -> int:
        return len(text)
"""


def test_aoc_called_from_code_again_reads_the_year_as_saved_then(tmp_path: Path) -> None:
    """`aoc` called from code again and again (a script, a notebook, these tests) sees the
    days and their helpers as a fresh process would: as they are saved at each call. What
    one call imported of the year is not what the next one runs; a day of any name whose
    module is gone is gone, and a helper that no longer imports fails its day."""
    files = {"day01.py": USES_A_HELPER, "names.py": "WORD = 'Up'\n", "more.py": OF_ANY_NAME}
    with temporary_year(tmp_path / "site", 2094, files) as package:
        # The year package itself imported before, as the framework's own aoc2023 always is.
        importlib.import_module("aoc2094")

        def listed() -> dict[int, str | None]:
            done = aoc_in_process("list", "2094", "--json")
            assert done.returncode == 0, done.stderr
            return {day["day"]: day["title"] for day in json.loads(done.stdout)["days"]}

        assert listed() == {1: "Up", 5: None}
        edit(package / "names.py", "WORD = 'Down'\n")
        (package / "more.py").unlink()
        assert listed() == {1: "Down"}
        ran = aoc_in_process("run", "2094", "1", "--example", "--json")
        [part_1] = json.loads(ran.stdout)["results"][0]["parts"]
        assert (part_1["status"], part_1["answer"]) == ("wrong", "Down"), ran.stderr
        edit(package / "names.py", "import no_such_module_here\n")
        broken = aoc_in_process("list", "2094")
        assert broken.returncode == 2 and "Could not import aoc2094.day01" in broken.stderr
        # And the process is left as it was found: the year's modules and days are not
        # kept by any call.
        assert not [name for name in sys.modules if name.startswith("aoc2094.")]
        assert not [key for key in REGISTRY if key[0] == 2094]


GOOD = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Good Day"
    examples = [Example("abc", part_1=3, part_2=3)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        return len(text)
"""

LONE_ANSWER = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1="2=-1=0")]

    def solve(self, text: str):
        return "2=-1=0"
"""


def no_traceback(text: str) -> bool:
    return "Traceback" not in text and "unexpected" not in text


# --- a day that fails costs no other day -------------------------------------------------


def test_a_lone_answer_from_solve_costs_no_other_day(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap_runs(monkeypatch, max_runs=MIN_RUNS)  # which days bench is the subject, not figures
    with temporary_year(tmp_path / "site", 2091, {"day01.py": GOOD, "day02.py": LONE_ANSWER}):
        table = aoc_in_process("run", "2091", "--example")
        as_json = aoc_in_process("run", "2091", "--example", "--json")
        bench = aoc_in_process("bench", "2091", "--example", "--budget", "0.01", "--json")
    assert table.returncode == as_json.returncode == bench.returncode == 2
    assert "2091/01" in table.stdout and "Good Day" in table.stdout
    assert (
        "2091 day 2 (example 1) part 1: TypeError: solve() returned a str, not a pair"
        in table.stderr
    )
    assert no_traceback(table.stderr + table.stdout)
    results = json.loads(as_json.stdout)["results"]
    assert [(day["day"], [part["status"] for part in day["parts"]]) for day in results] == [
        (1, ["correct", "correct"]),
        (2, ["error"]),
    ]
    benched = json.loads(bench.stdout)["results"]
    assert [(day["year"], day["day"]) for day in benched] == [(2091, 1), (2091, 2)]
    assert "solve() returned a str, not a pair" in bench.stdout
    assert no_traceback(bench.stderr)


# --- what a module raises at import ------------------------------------------------------

AT_IMPORT = {
    "sys.exit": "import sys\nsys.exit('helper says no')\n",
    "argparse": "import argparse\nargparse.ArgumentParser().parse_args(['--example'])\n",
    "argparse of its own": "import argparse\nparser = argparse.ArgumentParser()\n"
    "parser.add_argument('input_file')\nparser.parse_args()\n",
    "BaseException": "class Odd(BaseException):\n    pass\n\nraise Odd('odd')\n",
    "GeneratorExit": "raise GeneratorExit\n",
    "ValueError": "raise ValueError('half written')\n",
    "an error that cannot say itself": "class Mute(Exception):\n    def __str__(self) -> str:\n"
    "        return str(self.line)  # never set\n\nraise Mute\n",
}


HELPERS = {f"helper_{number}.py": AT_IMPORT[raised] for number, raised in enumerate(AT_IMPORT)}
"""A helper module for each way to exit or raise at import, side by side in one year."""


def test_a_helper_that_exits_or_raises_at_import_fails_alone(tmp_path: Path) -> None:
    """Each helper fails alone: one sentence each, beside the other helpers' and the day's
    row, whatever the ones imported before it did. A helper's argparse sees no arguments
    (aoc's own are not its): a parser that declares none passes, one that needs one is
    refused in aoc's sentence, with no usage text of its own."""
    plain = {"helper_plain.py": "import argparse\nargparse.ArgumentParser().parse_args()\n"}
    with temporary_year(tmp_path / "site", 2092, {"day01.py": GOOD, **HELPERS, **plain}):
        ran = aoc_in_process("run", "2092", "--example")
        listed = aoc_in_process("list", "2092")
        as_json = aoc_in_process("run", "2092", "--example", "--json")
    document = json.loads(as_json.stdout)
    assert [day["day"] for day in document["results"]] == [1]
    for done in ran, listed:
        assert "2092/01" in done.stdout and "Good Day" in done.stdout, done.stderr
        assert no_traceback(done.stdout + done.stderr)
        # A module no day needs is a notice: the exit code is the days' own.
        assert done.returncode == 0, done.stderr
    for helper, raised in zip(HELPERS, AT_IMPORT, strict=True):
        module = f"aoc2092.{helper.removesuffix('.py')}"
        for done in ran, listed:
            [sentence] = [line for line in done.stderr.splitlines() if module in line]
            assert sentence.startswith(f"Could not import {module}: "), (raised, sentence)
        assert any(f"Could not import {module}" in notice for notice in document["notices"]), raised
    for done in ran, listed, as_json:
        assert "usage:" not in done.stderr and "helper_plain" not in done.stderr
    assert (
        "its argparse parser refused the command line while it was imported (aoc: error: "
        "the following arguments are required: input_file)"
    ) in ran.stderr


def test_a_day_that_exits_at_import_is_its_own_row(tmp_path: Path) -> None:
    """Day 2 exits (sys.exit), day 3 raises a BaseException: each is a row of its own."""
    with temporary_year(
        tmp_path / "site",
        2092,
        {
            "day01.py": GOOD,
            "day02.py": AT_IMPORT["sys.exit"],
            "day03.py": AT_IMPORT["BaseException"],
        },
    ):
        ran = aoc_in_process("run", "2092", "--example")
        listed = aoc_in_process("list", "2092")
        verbose = aoc_in_process("run", "2092", "--example", "--verbose")
    for done in ran, listed:
        assert done.returncode == 2
        assert "Good Day" in done.stdout and "2092/02" in done.stdout
        assert "2092/03" in done.stdout
        for day in (2, 3):
            assert f"2092 day {day}: Could not import aoc2092.day0{day}: " in done.stderr
        assert no_traceback(done.stdout + done.stderr)
    assert "Traceback" in verbose.stderr


def test_a_day_that_fails_at_import_leaves_no_day_registered(tmp_path: Path) -> None:
    half = GOOD + "\nraise SystemExit(3)\n"
    with temporary_year(
        tmp_path / "site", 2092, {"odd_name.py": half.replace("title =", "day = 5\n    title =")}
    ):
        problems: list[str] = []
        assert registry.available_days(2092, problems) == []
        assert problems == [
            "Could not import aoc2092.odd_name: it called sys.exit(3) while being imported"
        ]
        assert (2092, 5) not in REGISTRY
        with pytest.raises(DayLoadError, match=r"day 5 has no solution yet .* sys\.exit\(3\)"):
            registry.load_day(2092, 5)


def test_ctrl_c_at_import_still_stops_the_command(tmp_path: Path) -> None:
    """A KeyboardInterrupt raised by a module's import (no signal: the exception alone is
    the subject) stops `run` and `list` with 130; one that escaped `main` would reach
    this test instead, and fail it."""
    with temporary_year(
        tmp_path / "site", 2092, {"day01.py": GOOD, "helper.py": "raise KeyboardInterrupt\n"}
    ):
        for args in (["run", "2092", "--example"], ["list", "2092"]):
            try:
                done = aoc_in_process(*args)
            except KeyboardInterrupt:
                pytest.fail(f"aoc {' '.join(args)}: the KeyboardInterrupt escaped main")
            assert done.returncode == 130, done.stderr
            assert "Traceback" not in done.stderr


# --- a year package that does not import -------------------------------------------------


@pytest.fixture
def broken_year_and_a_good_one(tmp_path: Path) -> Iterator[None]:
    with (
        temporary_year(tmp_path / "s1", 2091, {"day01.py": GOOD}) as broken,
        temporary_year(tmp_path / "s2", 2093, {"day01.py": GOOD}),
    ):
        (broken / "__init__.py").write_text("import no_such_module_here\n")
        yield


def test_a_year_package_that_does_not_import_fails_alone(
    broken_year_and_a_good_one: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    cap_runs(monkeypatch, max_runs=MIN_RUNS)  # which days bench is the subject, not figures
    for command, args in {
        "run": ["run", "2091,2093", "--example"],
        "bench": ["bench", "2091,2093", "--example", "--budget", "0.01"],
        "list": ["list", "2091,2093"],
    }.items():
        done = aoc_in_process(*args, "--json")
        # The good year still shows.
        assert done.returncode == ExitCode.COULD_NOT_RUN, (command, done.stderr)
        document = json.loads(done.stdout)
        rows = document["days" if command == "list" else "results"]
        assert [(row["year"], row["day"]) for row in rows] == [(2093, 1)]
        [notice] = [notice for notice in document["notices"] if "2091" in notice]
        assert notice == (
            "Could not {} 2091: Could not import the year package aoc2091: "
            "ModuleNotFoundError: No module named 'no_such_module_here'"
        ).format("list" if command == "list" else "run")
        assert no_traceback(done.stderr)
    # Named alone, the broken year is one sentence too.
    for args in (["run", "2091", "--example"], ["list", "2091"], ["run", "2091", "1"]):
        done = aoc_in_process(*args)
        assert done.returncode == 2
        assert "Could not import the year package aoc2091: ModuleNotFoundError" in done.stderr
        assert no_traceback(done.stderr)


# --- the naming rule: two modules for one day, and names it skips ------------------------


def test_two_modules_claiming_one_day_are_refused_naming_both(tmp_path: Path) -> None:
    with temporary_year(
        tmp_path / "site", 2091, {"day01.py": GOOD, "day7.py": GOOD, "day07.py": GOOD}
    ) as package:
        ran = aoc_in_process("run", "2091", "--example")
        one = aoc_in_process("run", "2091", "7", "--example")
        listed = aoc_in_process("list", "2091")
        with pytest.raises(UsageError, match=r"day07\.py already exists"):
            refuse_existing(Target(2091, 7, "aoc2091", package / "day07.py"))
    sentence = (
        "Two modules claim day 7, aoc2091/day07.py and aoc2091/day7.py: keep one "
        "(day07.py) and rename or delete the other."
    )
    for done in ran, one, listed:
        assert done.returncode == 2
        assert f"2091 day 7: {sentence}" in done.stderr, done.stderr
        assert no_traceback(done.stderr)
    for done in ran, listed:
        assert "2091/01" in done.stdout and "Good Day" in done.stdout


def test_a_day_in_a_one_digit_module_runs_as_that_day(tmp_path: Path) -> None:
    with temporary_year(tmp_path / "site", 2091, {"day7.py": GOOD}):
        assert registry.load_day(2091, 7).__module__ == "aoc2091.day7"
        done = aoc_in_process("run", "2091", "7", "--example")
    assert done.returncode == 0, done.stderr


def test_a_file_named_like_a_day_is_one_the_naming_rule_skips(tmp_path: Path) -> None:
    for name in ["day_07.py", "Day07.py", "day7a.py", "DAY-07.py", "day007.py"]:
        with temporary_year(tmp_path / name, 2091, {"day01.py": GOOD, name: GOOD}):
            problems: list[str] = []
            assert registry.available_days(2091, problems) == [1], name
        assert problems == [
            f"aoc2091/{name} looks like a day but is not named dayNN.py; rename it day07.py."
        ]


def test_a_file_named_like_a_day_is_named_in_a_hint(tmp_path: Path) -> None:
    """Every command that looks for days gives the hint (any look-alike: the one above)."""
    name = "Day07.py"
    with temporary_year(tmp_path / "site", 2091, {"day01.py": GOOD, name: GOOD}):
        ran = aoc_in_process("run", "2091", "--example")
        listed = aoc_in_process("list", "2091")
        missing = aoc_in_process("run", "2091", "7", "--example")
        among_others = aoc_in_process("run", "2091", "1,7", "--example")
    hint = f"aoc2091/{name} looks like a day but is not named dayNN.py; rename it day07.py."
    for done in ran, listed:
        assert done.returncode == 0, done.stderr
        assert hint in done.stderr
        assert "2091/01" in done.stdout
    assert missing.returncode == 2
    assert f"2091 day 7 has no solution yet (aoc2091.day07). {hint}" in missing.stderr
    assert among_others.returncode == 0, among_others.stderr
    assert f"No solution yet for 2091 day 7: skipped. {hint}" in among_others.stderr


def test_a_look_alike_that_is_a_day_after_all_gets_no_hint(tmp_path: Path) -> None:
    with temporary_year(
        tmp_path / "site", 2091, {"day_07.py": GOOD.replace("title =", "day = 7\n    title =")}
    ):
        problems: list[str] = []
        assert registry.available_days(2091, problems) == [7]
        assert problems == []


def test_the_registry_refuses_the_day_and_names_both(tmp_path: Path) -> None:
    with temporary_year(tmp_path / "site", 2091, {"day7.py": GOOD, "day07.py": GOOD}):
        assert registry.available_days(2091) == [7]
        with pytest.raises(DayLoadError, match="Two modules claim day 7"):
            registry.load_day(2091, 7)


# ------------------------------------------------------------------------------------------------
# The listing cache (`registry.ListingCache`): it watches every file of the year package,
# private helpers, sub-packages (linked ones too) and data files included, and a cache
# file of any shape it cannot use is a miss, never an error. The year is a throwaway one, 2090.
# What fresh `aoc list` processes import as those files change: test_list.py.

DAY = """
from aoc2023.framework import Example, Solution
from aoc2090._common import TITLE


class Day(Solution[str]):
    title = TITLE
    examples = [Example("abc", part_1=3)]
"""

SUB_DAY = DAY.replace("aoc2090._common", "aoc2090.sub.helper")


@pytest.fixture
def year_2090(tmp_path: Path) -> Iterator[Path]:
    files = {"day01.py": DAY, "_common.py": "TITLE = 'First'\n"}
    with temporary_year(tmp_path / "site", 2090, files) as package:
        (package / "sub").mkdir()
        (package / "sub" / "__init__.py").write_text("")
        (package / "sub" / "helper.py").write_text("TITLE = 'First'\n")
        yield package


def _rewrite(path: Path) -> None:
    """Another text, of another size (as an edit would), so that its stamp moves."""
    path.write_text(path.read_text() + "# edited\n")


@pytest.mark.parametrize(
    "helper", ["_common.py", "sub/helper.py", "sub/__init__.py", "__init__.py"]
)
def test_a_change_to_any_file_of_the_year_package_is_a_miss(year_2090: Path, helper: str) -> None:
    day = year_2090 / "day01.py"
    cache = ListingCache(Path("unused"), {})
    declared = Declared(2090, 1, "First", (1, 0))
    cache.put(day, declared, stamp(day), package_stamp([year_2090]))
    assert cache.get(day, 2090, 1, package_stamp([year_2090])) == declared
    _rewrite(year_2090 / helper)
    assert cache.get(day, 2090, 1, package_stamp([year_2090])) is None


def test_an_entry_whose_counts_cannot_be_counts_is_a_miss(year_2090: Path) -> None:
    """Stamps that still match are not enough: examples counted below 0 (the file edited)
    are not shown as a day's, which is imported again."""
    day = year_2090 / "day01.py"
    cache = ListingCache(Path("unused"), {})
    cache.put(day, Declared(2090, 1, "First", (1, 0)), stamp(day), package_stamp([year_2090]))
    cache._entries[str(day)]["examples"] = [1, -5]
    assert cache.get(day, 2090, 1, package_stamp([year_2090])) is None


def test_a_data_file_or_a_linked_sub_package_of_the_year_is_watched(
    year_2090: Path, tmp_path: Path
) -> None:
    """A day may read its examples from a text file beside it, or import from a folder
    linked into its year: a change to either is a miss too."""
    (year_2090 / "examples").mkdir()
    (year_2090 / "examples" / "day01.txt").write_text("abc\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "__init__.py").write_text("")
    (elsewhere / "names.py").write_text("TITLE = 'First'\n")
    (year_2090 / "linked").symlink_to(elsewhere, target_is_directory=True)
    (year_2090 / "sub" / "up").symlink_to(year_2090, target_is_directory=True)  # a loop
    for changed in (year_2090 / "examples" / "day01.txt", elsewhere / "names.py"):
        before = package_stamp([year_2090])
        _rewrite(changed)
        assert package_stamp([year_2090]) != before, changed


def test_bytecode_and_hidden_folders_are_not_watched(year_2090: Path) -> None:
    before = package_stamp([year_2090])
    for folder in ("__pycache__", ".mypy_cache"):
        (year_2090 / folder).mkdir(exist_ok=True)
        (year_2090 / folder / "x.py").write_text("")
    assert package_stamp([year_2090]) == before
    assert [Path(file).relative_to(year_2090).as_posix() for file, _ in before] == [
        "__init__.py",
        "_common.py",
        "day01.py",
        "sub/__init__.py",
        "sub/helper.py",
    ]


def _deep(cache: Path) -> None:
    cache.write_text("[" * 200_000 + "]" * 200_000)


def _deep_inside(cache: Path) -> None:
    cache.write_text('{"version": 1, "days": ' + '{"a": ' * 50_000 + "1" + "}" * 50_001)


def _folder(cache: Path) -> None:
    cache.mkdir()
    (cache / "inside").write_text("{}")


def _unreadable(cache: Path) -> None:
    cache.write_text('{"version": 1, "days": {}}')
    cache.chmod(0)


def _text(text: str | bytes) -> Callable[[Path], None]:
    def write(cache: Path) -> None:
        if isinstance(text, bytes):
            cache.write_bytes(text)
        else:
            cache.write_text(text)

    return write


DAMAGE: dict[str, Callable[[Path], None]] = {
    "nested deep": _deep,
    "nested deep inside": _deep_inside,
    "truncated": _text('{"version": 1, "days": {"/x/day01.py": {"stamp": [1, '),
    "binary": _text(b"\xff\xfe\x00\x01\x80garbage\x00"),
    "empty": _text(""),
    "a list": _text("[1, 2]"),
    "a string": _text('"cache"'),
    "version of another type": _text('{"version": "1", "days": {}}'),
    "days of another type": _text('{"version": 1, "days": [1, 2]}'),
    "entries of another type": _text('{"version": 1, "days": {"entry points": 3, "/x": null}}'),
    "a folder": _folder,
    "unreadable": _unreadable,
}


@pytest.mark.parametrize("damage", DAMAGE)
def test_a_cache_of_any_shape_is_a_miss(year_2090: Path, aocd_home: AocdHome, damage: str) -> None:
    cache = store.listing_cache_file()
    cache.parent.mkdir(parents=True, exist_ok=True)
    DAMAGE[damage](cache)
    try:
        assert (
            ListingCache.load().get(year_2090 / "day01.py", 2090, 1, package_stamp([year_2090]))
            is None
        )
        listed = aoc_in_process("list", "2090")
        again = aoc_in_process("list", "2090")
    finally:
        if not cache.is_dir():
            cache.chmod(0o600)
    for done in listed, again:
        assert done.returncode == 0, done.stderr
        assert "2090/01" in done.stdout and "First" in done.stdout
        assert "Traceback" not in done.stderr and "unexpected" not in done.stderr


OTHER_TYPES = [5, "ab", None, [1, "x"], {"a": 1}, [[[[]]]]]


FIELDS = ["title", "examples", "year", "day", "stamp", "package"]


def test_an_entry_whose_fields_have_other_types_is_a_miss(
    year_2090: Path, aocd_home: AocdHome
) -> None:
    """An entry for the day's own file, as written, but with one field replaced by a value
    of each other type in turn: the cache never gives it (`ListingCache.get`, the one
    door `aoc list` reads an entry through), and the day is imported again and listed
    as it is, never as the entry says (one listing a field)."""
    assert aoc_in_process("list", "2090").returncode == 0
    cache = store.listing_cache_file()
    written = cache.read_text()
    day = year_2090 / "day01.py"
    for field in FIELDS:
        data = json.loads(written)
        entry = data["days"][str(day)]
        entry["title"] = "From The Cache"
        cache.write_text(json.dumps(data))
        if field == FIELDS[0]:
            assert "From The Cache" in aoc_in_process("list", "2090").stdout  # it is read
        # A title may be None or a str.
        values = [
            v for v in OTHER_TYPES if field != "title" or not (v is None or isinstance(v, str))
        ]
        for value in values:
            entry[field] = value
            cache.write_text(json.dumps(data))
            assert ListingCache.load().get(day, 2090, 1, package_stamp([year_2090])) is None, (
                field,
                value,
            )
        done = aoc_in_process("list", "2090")  # the last value of the field is still there
        assert done.returncode == 0, (field, done.stderr)
        assert "First" in done.stdout and "From The Cache" not in done.stdout, field


# --- variants, declared beside their day -------------------------------------------------


HEAD = "from __future__ import annotations\n\nfrom aoc2023.framework import Example, Solution\n"


VARIANT_DAYS = {
    "day01.py": HEAD
    + '''

class Day01(Solution[list[int]]):
    """Sum of the numbers, and of their squares."""

    title = "Numbers"
    examples = [Example("1\\n2\\n3", part_1=6, part_2=14)]

    def parse(self, text: str) -> list[int]:
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return sum(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return sum(n * n for n in numbers)


class Day01Squares(Day01, variant="squares"):
    """Inherits the parse and part 1; a part 2 of its own."""

    def part_2(self, numbers: list[int]) -> int:
        return sum(map(pow, numbers, [2] * len(numbers)))


class Packed(Solution[bytes], variant="packed"):
    """Parses into another shape: a variant of day 1 by its module, not by inheritance."""

    def parse(self, text: str) -> bytes:
        return bytes(int(line) for line in text.split())

    def part_1(self, packed: bytes) -> int:
        return sum(packed)

    def part_2(self, packed: bytes) -> int:
        return sum(b * b for b in packed)
''',
    "day02.py": HEAD
    + '''

class Day02(Solution[list[str]]):
    examples = [Example("a\\nbb", part_1=3, part_2=2)]

    def parse(self, text: str) -> list[str]:
        return text.split()

    def part_1(self, words: list[str]) -> int:
        return sum(map(len, words))

    def part_2(self, words: list[str]) -> int:
        return len(words)


class Day02Sloppy(Day02, variant="sloppy"):
    """Right on the example, off by one on anything longer: only the main catches it."""

    def part_1(self, words: list[str]) -> int:
        return sum(map(len, words)) + (len(words) > 2)
''',
    "day04.py": HEAD
    + """

class Day04(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
""",
    "day03.py": HEAD
    + '''
import weakref


class Parsed:
    """A parsed input that knows how many other parsed inputs were alive at its birth."""

    def __init__(self, alive: int) -> None:
        self.alive = alive


LIVE: list[weakref.ref[Parsed]] = []


class Day03(Solution[Parsed]):
    examples = [Example("x", part_1=0, part_2=0)]

    def parse(self, text: str) -> Parsed:
        parsed = Parsed(sum(ref() is not None for ref in LIVE))
        LIVE.append(weakref.ref(parsed))
        return parsed

    def part_1(self, parsed: Parsed) -> int:
        return parsed.alive

    def part_2(self, parsed: Parsed) -> int:
        return parsed.alive


class Day03Again(Day03, variant="again"):
    pass
''',
}


WRONG_ON_EXAMPLE = (
    HEAD
    + """

class Day01(Solution[str]):
    examples = [Example("abc", part_1=3, part_2=1)]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        return 1


class Day01Wrong(Day01, variant="wrong"):
    def part_1(self, text: str) -> int:
        return len(text) + 1
"""
)


@pytest.fixture
def variants_year(tmp_path: Path) -> Iterator[int]:
    with temporary_year(tmp_path / "site", 2077, VARIANT_DAYS):
        yield 2077


@pytest.fixture
def wrong_year(tmp_path: Path) -> Iterator[int]:
    with temporary_year(tmp_path / "wrong-site", 2078, {"day01.py": WRONG_ON_EXAMPLE}):
        yield 2078


def test_variants_register_beside_the_day_not_in_its_place(variants_year: int) -> None:
    main = registry.load_day(variants_year, 1)
    assert main.__name__ == "Day01" and main.variant is None
    assert [(v.__name__, v.variant) for v in variants_of(main)] == [
        ("Day01Squares", "squares"),
        ("Packed", "packed"),
    ]
    assert all((v.year, v.day) == (variants_year, 1) for v in variants_of(main))


@pytest.mark.parametrize("name", ["", "main", "two words", "-dash", 7])
def test_a_bad_variant_name_is_refused(name: object, variants_year: int) -> None:
    main = registry.load_day(variants_year, 1)
    with pytest.raises(TypeError, match="a variant's name"):
        type("Bad", (main,), {}, variant=name)


def test_two_variants_of_one_name_are_refused_naming_both(variants_year: int) -> None:
    main = registry.load_day(variants_year, 1)
    with pytest.raises(TypeError, match=r"Other and .*Day01Squares are both variant 'squares'"):
        type("Other", (main,), {}, variant="squares")


def test_a_variant_belongs_to_the_day_it_subclasses_wherever_it_is(variants_year: int) -> None:
    main = registry.load_day(variants_year, 1)
    elsewhere: type[Solution[Any]] = type(
        "Elsewhere", (main,), {"__module__": "aoc2077.day09"}, variant="elsewhere"
    )
    assert (elsewhere.year, elsewhere.day) == (variants_year, 1)
    assert variants_of(main)[-1] is elsewhere


def test_a_variant_of_no_day_is_refused() -> None:
    with pytest.raises(TypeError, match="a variant of no day"):
        type("Loose", (Solution,), {"__module__": "helpers"}, variant="fast")
