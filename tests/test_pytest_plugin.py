"""The pytest plugin, in a project of a user's: plain `pytest` tests its days, no test files.

The project is a throwaway folder outside this repository, with a year package and an
empty `tests/` (its pytest settings say `testpaths = ["tests"]`, as ours do). pytest runs
there in this process, by pytest's own `pytester` (`runpytest_inprocess`: a session of
its own, the modules it imported forgotten afterwards), and finds the plugin through its
entry point as a session in a process of its own does. What the plugin decides in a
process of its own (Ctrl-C in a day's example) is test_interrupt.py's.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import AocdHome, temporary_year
from site_cli import aoc_in_process
from test_registry import AT_IMPORT, GOOD

from aoc2023.framework import registry

HEAD = "from aoc2023.framework import Example, Solution\n\n\n"
DAYS = {
    # Example 1 is right, example 2 is wrong; part 2 is not written.
    "day01.py": HEAD
    + (
        "class Day01(Solution[str]):\n"
        "    examples = [Example('abc', part_1=3), Example('abcd', part_1=5)]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text)\n"
    ),
    "day02.py": HEAD
    + (
        "class Day02(Solution[str]):\n"
        "    examples = [Example('a b', part_1=2, part_2='A B')]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text.split())\n\n"
        "    def part_2(self, text: str) -> str:\n"
        "        return text.upper()\n"
    ),
    "day03.py": "raise ValueError('half written')\n",
    # A day in a module of another name, as the registry allows.
    "mirage.py": HEAD
    + (
        "class Mirage(Solution[str]):\n"
        "    day = 4\n"
        "    examples = [Example('xy', part_1=2)]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text)\n"
    ),
}


@pytest.fixture
def project(
    pytester: pytest.Pytester, aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> Iterator[pytest.Pytester]:
    """pytester's folder as the project, its year importable (and forgotten afterwards,
    days and modules), at 200 columns: `pytest_in` runs pytest there."""
    (pytester.path / "tests").mkdir()
    (pytester.path / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'
    )
    monkeypatch.setenv("COLUMNS", "200")
    with temporary_year(pytester.path, 2051, DAYS):
        yield pytester


def pytest_in(project: pytest.Pytester, *args: str) -> tuple[int, str]:
    """`pytest -rA ARGS` in the project, in this process: its exit code and output."""
    done = project.runpytest_inprocess(
        "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:hypothesispytest", "-rA", *args
    )
    return int(done.ret), str(done.stdout)


def test_plain_pytest_runs_every_example_and_your_input_by_name(
    project: pytest.Pytester, aocd_loaded: AocdHome
) -> None:
    code, out = pytest_in(project)
    assert code == 1, out
    assert "2 failed, 4 passed, 6 skipped" in out
    for passed in [
        "aoc2051/day01.py::2051/01 part 1 example 1",
        "aoc2051/day02.py::2051/02 part 2 example 1",
        "aoc2051/mirage.py::2051/04 part 1 example 1",
    ]:
        assert f"PASSED {passed}\n" in out
    assert (
        "FAILED aoc2051/day01.py::2051/01 part 1 example 2 - 2051 day 1, example 2, "
        "part 1: returned 4, expected 5\n"
    ) in out
    assert (
        "FAILED aoc2051/day03.py::day03 import - Failed: Could not import aoc2051.day03: "
        "ValueError: half written\n"
    ) in out
    assert "Traceback" not in out
    # The real input, part by part, with no token: skipped, saying what to run.
    token = aocd_loaded.config / "token"
    assert (
        f"SKIPPED [2] aoc2051/day01.py:1: no session token (looked in $AOC_SESSION and "
        f"{token}): put your session cookie in {token} (aoc token checks it)"
    ) in out

    # -q lowers the verbosity below 0: the failure is its sentence, with no ask for the
    # framework's traceback (-v is).
    _, examples = pytest_in(project, "-q", "-m", "example")
    assert "2 failed, 4 passed, 6 deselected" in examples, examples
    assert "\n2051 day 1, example 2, part 1: returned 4, expected 5\n" in examples
    assert "framework/testing.py" not in examples, examples
    _, one_day = pytest_in(project, "-k", "2051 and 02")
    assert "2 passed, 2 skipped, 8 deselected" in one_day, one_day

    # With a token, and the input and answers in aocd's cache: the real input is checked
    # against the accepted answers.
    aocd_loaded.set_token()
    aocd_loaded.cache_input(2051, 2, "p q r\n")
    aocd_loaded.cache_answer(2051, 2, 1, "3")
    aocd_loaded.cache_answer(2051, 2, 2, "p q")
    code, out = pytest_in(project, "-m", "real_input", "aoc2051/day02.py")
    assert code == 1, out
    assert "PASSED aoc2051/day02.py::2051/02 part 1 your input\n" in out
    assert (
        "FAILED aoc2051/day02.py::2051/02 part 2 your input - 2051 day 2, your input, "
        "part 2: returned 'P Q R', the accepted answer is 'p q'" in out
    )
    assert "1 failed, 1 passed, 2 deselected" in out


def _with_test_files(project: Path) -> None:
    for number in range(4):  # more than a few test files: the whole suite gets workers
        (project / "tests" / f"test_{number}.py").write_text(
            "import pytest\n\n@pytest.mark.slow\ndef test_it():\n    pass\n"
        )


class _Workers:
    """Reads the worker count pytest-xdist settled on for `-n auto`, once it asked."""

    chosen: object = None

    def pytest_collection_finish(self, session: pytest.Session) -> None:
        self.chosen = session.config.option.numprocesses


def test_a_run_of_days_tests_alone_starts_no_workers(project: pytest.Pytester) -> None:
    """The worker count `-n auto` resolves to, as pytest-xdist settles it in a session
    (collection only: no worker is started to find out), for paths all in a year package
    (a folder, a module) and for none; then, for what `-m` and `-k` select, pytest's own
    reading of a command line (in this process, as pytest-xdist would ask the plugin's
    hook): no workers when `-m` or `-k` can only select days' tests, one per core
    otherwise, for a project with more than a few test files."""
    _with_test_files(project.path)

    def workers(*args: str) -> object:
        seen = _Workers()
        done = project.runpytest_inprocess(
            "-p",
            "no:cacheprovider",
            "-p",
            "no:hypothesispytest",
            "--co",
            "-n",
            "auto",
            *args,
            plugins=[seen],
        )
        assert done.ret == 0, done.stdout
        return seen.chosen

    assert workers("aoc2051/", "aoc2051/mirage.py") == 0
    chosen = workers()
    assert isinstance(chosen, int) and chosen > 0, chosen

    for args, days_only in M_AND_K:
        config = project.parseconfig("-p", "no:cacheprovider", "-n", "auto", *args)
        chosen = config.hook.pytest_xdist_auto_num_workers(config=config)
        assert (chosen == 0) is days_only, (args, chosen)


M_AND_K = [
    (["-m", "example"], True),
    (["-m", "real_input and not slow"], True),
    (["-k", "2051/02 and part"], True),
    (["-k", "day01 or aoc2051"], True),
    (["-m", "example or slow"], False),
    (["-k", "2051 or test_1"], False),
]


SECOND_YEAR = {
    "day01.py": HEAD
    + (
        "class Day01(Solution[str]):\n"
        "    examples = [Example('ab', part_1=2, name='two letters'),\n"
        "                Example('abc', part_1=3)]\n\n"
        "    def part_1(self, text: str) -> int:\n"
        "        return len(text)\n"
    ),
    # A test module of the solver's own beside the days, for pytest's python collector.
    "test_helpers.py": (
        "def test_a_helper_of_the_year() -> None:\n    assert 'ab'.upper() == 'AB'\n"
    ),
}


def test_days_runs_every_years_days_in_one_process_and_not_tests(project: pytest.Pytester) -> None:
    """`--days`: both years' days and the test module beside them, in this process
    (`-n auto` settles on no workers), and nothing of `tests/`, whose conftest would stop
    the run if it were imported. The real aoc2023 is outside this project: named, not run."""
    _with_test_files(project.path)
    (project.path / "tests" / "conftest.py").write_text("raise SystemExit('imported tests/')\n")
    with temporary_year(project.path, 2052, SECOND_YEAR):
        seen = _Workers()
        done = project.runpytest_inprocess(
            "-p",
            "no:cacheprovider",
            "-p",
            "no:hypothesispytest",
            "-rA",
            "-n",
            "auto",
            "--days",
            plugins=[seen],
        )
        out = str(done.stdout)
        assert done.ret == 1, out
        assert seen.chosen == 0, seen.chosen
        assert "days: aoc2051/, aoc2052/\n" in out, out
        assert "days not tested, outside the project: " in out
        for passed in [
            "aoc2051/day02.py::2051/02 part 2 example 1",
            "aoc2052/day01.py::2052/01 part 1 example two letters",
            "aoc2052/day01.py::2052/01 part 1 example 2",
            "aoc2052/test_helpers.py::test_a_helper_of_the_year",
        ]:
            assert f"PASSED {passed}\n" in out, out
        assert "2 failed, 7 passed, 8 skipped" in out, out
        # No test of tests/ (whose model day 7 is a folder of aoc2023's, named as outside).
        assert not [row for row in out.splitlines() if "tests/" in row and "::" in row], out
        assert "2023/" not in out, out

        # -k, -m and a path in a year package narrow it, as without --days.
        _, year = pytest_in(project, "--days", "-k", "2052")
        assert "3 passed, 2 skipped, 12 deselected" in year, year
        _, examples = pytest_in(project, "--days", "-m", "example")
        assert "2 failed, 6 passed, 9 deselected" in examples, examples
        _, one = pytest_in(project, "--days", "aoc2052/test_helpers.py")
        assert "1 passed in" in one, one

        # A path outside the year packages is a mistake, said in a sentence.
        refused = project.runpytest_inprocess("--days", "tests")
        assert refused.ret == pytest.ExitCode.USAGE_ERROR, refused.stdout
        errors = str(refused.stderr)
        assert (
            "ERROR: --days runs the days of the year packages (aoc2051/, aoc2052/), and "
            "tests is in none of them: leave out the path or leave out --days."
        ) in errors


def test_days_with_year_packages_but_no_day_says_so(pytester: pytest.Pytester) -> None:
    (pytester.path / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'
    )
    with temporary_year(pytester.path, 2053, {}):
        code, out = pytest_in(pytester, "--days")
    assert code == pytest.ExitCode.NO_TESTS_COLLECTED, out
    assert "pytest --days found no day to test in aoc2053/: `aoc new YEAR DAY` writes one." in out


def test_an_examples_name_is_its_id_kept_unique() -> None:
    """A name shared (or another example's number) gets the number in front; a name is
    put on one line, without pytest's `::`; an example with no name keeps its number."""
    from aoc2023.framework.pytest_plugin import example_labels

    assert example_labels(["crates", None, "crates", " a::b\n c", "2"]) == [
        "1 crates",
        "2",
        "3 crates",
        "a:b c",
        "5 2",
    ]
    assert example_labels([None, "moves"]) == ["1", "moves"]


def test_a_days_own_tests_beside_it_run_once_and_are_no_day(
    project: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`_day02_test.py` beside day02.py (as aoc2023/_day07_test.py beside the shipped
    day): pytest's own collector runs it, once, in plain `pytest` (from `testpaths`, the
    year folder added) as in a run of the year; the plugin takes it for no file of days,
    and the registry for no day, variant or helper: `aoc run` and `aoc list` never import
    it."""

    (project.path / "aoc2051" / "_day02_test.py").write_text(
        "from aoc2051.day02 import Day02\n\n"
        "def test_the_day_shouts() -> None:\n"
        "    assert Day02().part_2('a b') == 'A B'\n"
    )
    files = registry.year_files(2051)
    assert all("_day02_test" not in path for paths in files.variants.values() for path in paths)
    assert "_day02_test" not in files.others
    aoc_in_process("list", "2051")
    assert "aoc2051._day02_test" not in sys.modules
    for args in [(), ("aoc2051",)]:
        _, out = pytest_in(project, *args)
        assert out.count("PASSED aoc2051/_day02_test.py::test_the_day_shouts") == 1, out
        assert "aoc2051/_day02_test.py::2051" not in out, out


def test_the_plugin_refuses_two_modules_and_names_a_look_alike(
    pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pytest session of its own, in this process (pytester): its collection is the
    subject, not a process."""
    (pytester.path / "tests").mkdir()
    pytester.makepyprojecttoml('[tool.pytest.ini_options]\ntestpaths = ["tests"]\n')
    files = {name: GOOD for name in ("day01.py", "day7.py", "day07.py", "day_09.py")}
    monkeypatch.setenv("COLUMNS", "300")
    with temporary_year(pytester.path, 2091, {**files, "helper.py": AT_IMPORT["sys.exit"]}):
        done = pytester.runpytest_inprocess("-p", "no:cacheprovider", "-rA", "-n", "0")
    out = done.stdout.str()
    assert done.ret == 1, out
    sentence = (
        "Two modules claim day 7, aoc2091/day07.py and aoc2091/day7.py: keep one "
        "(day07.py) and rename or delete the other."
    )
    for name in ("day07", "day7"):
        assert f"FAILED aoc2091/{name}.py::{name} import - Failed: {sentence}" in out
    assert (
        "FAILED aoc2091/helper.py::helper import - Failed: Could not import "
        "aoc2091.helper: it called sys.exit('helper says no') while being imported"
    ) in out
    assert "PASSED aoc2091/day01.py::2091/01 part 1 example 1" in out
    assert (
        "aoc2091/day_09.py looks like a day but is not named dayNN.py; rename it day09.py."
    ) in out
    assert "Traceback" not in out
