"""Finding days: by module name, without a list, importing only what is run."""

from __future__ import annotations

import importlib
import json
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import ONE_DAY, edit, temporary_year
from site_cli import aoc_in_process

from aoc2023.framework import errors, registry
from aoc2023.framework.errors import UsageError
from aoc2023.framework.registry import REGISTRY

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


def test_running_one_day_imports_only_that_days_module(year_2098: Path) -> None:
    registry.load_day(2098, 1)
    assert "aoc2098.day01" in sys.modules
    assert "aoc2098.day02" not in sys.modules
    assert registry.available_days(2098) == [1, 2]
    assert "aoc2098.day02" not in sys.modules


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
    (year_2098 / "odd_name.py").write_text(textwrap.dedent("""
        from aoc2023.framework import Solution

        class Whatever(Solution[str]):
            year = 2098
            day = 9
    """))
    import aoc2098.odd_name  # type: ignore[import-not-found]  # noqa: F401

    assert REGISTRY[2098, 9].__name__ == "Whatever"
    with pytest.raises(TypeError, match="both `year` and `day`"):
        exec("from aoc2023.framework import Solution\nclass Half(Solution[str]):\n    day = 3\n",
             {"__name__": "not_a_day_module"})


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
    (package / "day03.py").write_text(DAY_TEMPLATE.replace("class Day(Solution[str]):",
                                                           "class Day(Solution[str]):\n"
                                                           "    year = 2097\n    day = 3"))
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
        (2098, 5): "Camel"}
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
    assert problems == ["Could not import aoc2098.scratch: ModuleNotFoundError: No module "
                        "named 'no_such_module_here'"]
    claims = r"aoc2098\.day01\.Day and aoc2098\.camel\.Camel both claim 2098 day 1"
    with pytest.raises(errors.DayLoadError, match=claims):
        registry.load_day(2098, 1)
    with pytest.raises(errors.DayLoadError, match=r"no solution yet.*aoc2098\.scratch"):
        registry.load_day(2098, 9)


VARIANT_BESIDE = '''
from aoc2023.framework import Solution
from aoc2055.day01 import Day


class Doubled(Solution[str], variant="doubled"):
    day = 1

    def part_1(self, text: str) -> int:
        return len(text) * 2 // 2
'''


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
    with (temporary_year(tmp_path / "site", 2055, files),
          pytest.raises(errors.DayLoadError, match=r"Could not import aoc2055\._day01_broken: "
                                                   r"ValueError: no")):
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
