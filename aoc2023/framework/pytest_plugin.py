"""A pytest plugin: plain `pytest` tests every day of every year package, with no test files.

Loaded through the `pytest11` entry point. Each module where days live (as the registry
finds them) is a test file whose tests are each part of each declared example, marked
`example` (`aoc2019/day09.py::2019/09 part 1 example 2`; `... example 2 variant fast`,
`... example crates` for a named one), and each part on the user's real input against the
accepted answer, marked `real_input`, from aocd's cache only (skipped, saying what to run,
without token, input or answer). Paths from `testpaths` gain the project's year packages;
`pytest --days` runs the days alone (tests/ neither collected nor imported). The checks
are `aoc2023.framework.testing`'s, public for explicit test files."""

from __future__ import annotations

import importlib.util
import os
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from aoc2023.framework import registry
from aoc2023.framework.errors import AocError, DayLoadError

if TYPE_CHECKING:
    from aoc2023.framework.testing import ExampleCase, RealAnswerCase, RealAocd

MARKERS = {
    "example": "a day's example, one part (the aoc2023 plugin)",
    "real_input": "a day's part on your own input, from aocd's cache (the aoc2023 plugin)",
}
_REAL_AOCD = pytest.StashKey["RealAocd"]()


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.getgroup("aoc", "Advent of Code days (the aoc2023 plugin)").addoption(
        "--days",
        action="store_true",
        default=False,
        help="run the days of every year package in the project (aoc2023/, aoc2026/, ...: "
        "their examples, your known answers and the test modules beside them) and "
        "nothing else; paths, if given, must be in a year package",
    )


@pytest.hookimpl(tryfirst=True)
def pytest_load_initial_conftests(early_config: pytest.Config, args: list[str]) -> None:
    """`--days`: the paths of the run become the project's year packages, before pytest
    reads `testpaths` or loads a conftest, so that `tests/` is neither collected nor
    imported. Paths the user gave are kept if each is in a year package (`--days aoc2026`
    is `aoc2026`); one outside them is a usage error (exit 4), not a silent narrowing."""
    namespace = early_config.known_args_namespace
    if not getattr(namespace, "days", False):
        return
    inside, _ = _days_folders(early_config)
    given = list(namespace.file_or_dir or [])
    if given:
        for arg in given:
            path = Path(early_config.invocation_params.dir, arg.partition("::")[0]).resolve()
            if not any(path.is_relative_to(folder) for folder in _year_folders(early_config)):
                raise pytest.UsageError(
                    f"--days runs the days of the year packages ({_listed(inside)}), and "
                    f"{arg} is in none of them: leave out the path or leave out --days."
                )
        return
    if not inside:
        raise pytest.UsageError(
            f"--days found no year package in {early_config.rootpath}: `aoc new YEAR DAY` "
            "starts one (aocYYYY/ beside pyproject.toml)."
        )
    folders = [str(folder) for folder in inside]
    args += folders
    namespace.file_or_dir = folders


def _days_folders(config: pytest.Config) -> tuple[list[Path], list[Path]]:
    """The year packages' folders inside the project (its rootdir) and outside it (a year
    of another installed distribution): `--days` tests the first, and names the second."""
    root = config.rootpath
    folders = sorted(_year_folders(config))
    return (
        [folder for folder in folders if folder.is_relative_to(root)],
        [folder for folder in folders if not folder.is_relative_to(root)],
    )


def _listed(folders: list[Path]) -> str:
    return ", ".join(f"{folder.name}/" for folder in folders) or "none in the project"


def pytest_report_header(config: pytest.Config) -> list[str]:
    if not config.option.days:
        return []
    inside, outside = _days_folders(config)
    lines = [f"days: {_listed(inside)}"]
    if outside:
        lines.append(
            "days not tested, outside the project: "
            + ", ".join(f"{folder} (pytest {folder} tests it)" for folder in outside)
        )
    return lines


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """`--days` that finds year packages but no test in them says so in a sentence (pytest
    ends with exit 5, "no tests collected", as for any empty run)."""
    if (
        config.option.days
        and exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED
        and not config.option.keyword
        and not config.option.markexpr
    ):
        terminalreporter.write_line(
            f"pytest --days found no day to test in {_listed(_days_folders(config)[0])}: "
            "`aoc new YEAR DAY` writes one."
        )


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers, and add the project's year packages to paths that came from
    `testpaths` (not to paths the user gave: `pytest tests/` means tests/ only), so that a
    project's `testpaths = ["tests"]` needs no setting for the years `aoc new` adds."""
    for name, description in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {description}")
    if config.args_source is pytest.Config.ArgsSource.TESTPATHS:
        root = config.rootpath
        given = [Path(root, arg).resolve() for arg in config.args]
        config.args += [
            str(folder)
            for folder in sorted(_year_folders(config))
            if folder.is_relative_to(root)
            and not any(folder.is_relative_to(path) for path in given)
        ]


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook, when it is installed
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: no workers for a run of days' tests alone, nor for a few test files,
    whose tests take less time than starting workers (each of which collects the whole
    selection again); otherwise one per core: each worker collects and imports anew, which
    costs more than the waits a second worker per core would fill. The one place the
    number is decided (what it saves: benchmarks/README.md, `startup_tricks.py`)."""
    if selects_days_only(config) or _test_files(config) <= FEW_FILES:
        return 0
    return os.cpu_count() or 1


FEW_FILES = 3


def selects_days_only(config: pytest.Config) -> bool:
    """Whether the run can only select days' tests: its paths are all in year packages
    (`pytest aoc2023/`), or `-m` cannot match a test without this plugin's markers
    (`-m example`, `-m real_input`), or `-k` cannot match a test whose names hold none of
    a day's (`-k 2023`, `-k "2023/07 and part"`, `-k day07`: a year, `aocYYYY`,
    `YYYY/DD`, `dayNN`). A wrong guess costs time, never a test: it only sets workers."""
    paths = [
        Path(config.invocation_params.dir, arg.partition("::")[0]).resolve() for arg in config.args
    ]
    if paths and all(
        any(path.is_relative_to(folder) for folder in _year_folders(config)) for path in paths
    ):
        return True
    marks, keywords = config.option.markexpr, config.option.keyword
    if marks and not _may_match(marks, lambda name: False if name in MARKERS else None):
        return True
    return bool(keywords) and not _may_match(
        keywords, lambda name: False if _DAY_WORD.fullmatch(name) else None
    )


_DAY_WORD = re.compile(r"(aoc)?\d{4}(/\d{1,2})?|day\d{1,2}", re.IGNORECASE)


def _may_match(expression: str, fixed: Callable[[str], bool | None]) -> bool:
    """Whether pytest's `-m`/`-k` `expression` is true for some test, given the words
    `fixed` decides for it (None: free): both values of each free word it asks about
    (2^n tries, a handful). One pytest cannot read may match (pytest says why); read by
    pytest's own grammar (pytest_private.py): without it, workers as before."""
    from aoc2023.framework import pytest_private

    try:
        evaluate = pytest_private.compile_expression(expression)
    except Exception:
        return True

    def search(assigned: dict[str, bool]) -> bool:
        free: list[str] = []

        def matcher(name: str, /, **kwargs: object) -> bool:
            known = fixed(name)
            if known is not None:
                return known
            if name not in assigned:
                free.append(name)
            return assigned.get(name, False)

        if evaluate(matcher):
            return True
        return bool(free) and (
            search({**assigned, free[0]: False}) or search({**assigned, free[0]: True})
        )

    return search({})


def _test_files(config: pytest.Config) -> int:
    """How many test files the paths of the run hold (`test_*.py`)."""
    files = 0
    for arg in config.args:
        path = Path(config.invocation_params.dir, arg.partition("::")[0])
        files += sum(1 for _ in path.rglob("test_*.py")) if path.is_dir() else 1
    return files


def _real_aocd(config: pytest.Config) -> RealAocd:
    """Where aocd keeps the user's files, read once, at collection: before any test's
    fixtures point the environment elsewhere (as this project's conftest does)."""
    if _REAL_AOCD not in config.stash:
        from aoc2023.framework.testing import RealAocd

        config.stash[_REAL_AOCD] = RealAocd.from_environment(
            dict(os.environ), config.invocation_params.dir
        )
    return config.stash[_REAL_AOCD]


_YEAR_FOLDERS = pytest.StashKey[dict[Path, tuple[int, str]]]()


def _year_folders(config: pytest.Config) -> dict[Path, tuple[int, str]]:
    """Each registered year's package folder, with its year and package name: found once
    a session (kept in its config, not the process: a process may hold several sessions,
    as pytest's own pytester does, and a year may be added between them)."""
    if _YEAR_FOLDERS not in config.stash:
        config.stash[_YEAR_FOLDERS] = _find_year_folders()
    return config.stash[_YEAR_FOLDERS]


def _find_year_folders() -> dict[Path, tuple[int, str]]:
    folders = {}
    for year in registry.registered_years():
        try:
            package = registry.year_package(year)
            spec = importlib.util.find_spec(package)
        except Exception:  # a year that cannot be found is `aoc list`'s to report
            continue
        for location in (spec.submodule_search_locations or []) if spec else []:
            folders[Path(location).resolve()] = (year, package)
    return folders


def _year_of(file_path: Path, config: pytest.Config) -> tuple[int, str] | None:
    """The year and package of a public module of a year package, else None."""
    if (
        file_path.suffix != ".py"
        or file_path.name.startswith("_")
        or not (file_path.parent / "__init__.py").is_file()
    ):
        return None  # decided without the registry, for the many files that are no day's
    return _year_folders(config).get(file_path.parent.resolve())


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> DayFile | None:
    """A public module of a year package is a file of days to test."""
    found = _year_of(file_path, parent.config)
    if found is None:
        return None
    year, package = found
    return DayFile.from_parent(
        parent, path=file_path, year=year, module=f"{package}.{file_path.stem}"
    )


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(
    module_path: Path, parent: pytest.Collector
) -> pytest.Module | None:
    """A day's module named on the command line is not also pytest's own test module: its
    DayFile tests it (and fails by name when it cannot be imported), where pytest's import
    of it would stop the session with a collection error. A test module by pytest's own
    `python_files` (a year's `test_helpers.py`) stays pytest's."""
    if _year_of(module_path, parent.config) is None or any(
        module_path.match(pattern) for pattern in parent.config.getini("python_files")
    ):
        return None
    return _NoTests.from_parent(parent, path=module_path)


class _NoTests(pytest.Module):
    """A day's module as pytest's python plugin sees it: no test functions of its own (a
    day's own tests live in `_dayNN_test.py`), and not imported here."""

    def collect(self) -> list[pytest.Item | pytest.Collector]:
        return []


class DayFile(pytest.File):
    """A year package's module: the days it defines, each example and the real input."""

    def __init__(self, *, year: int, module: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.year, self.module = year, module

    def collect(self) -> Iterable[pytest.Item]:
        from aoc2023.framework.testing import example_cases_of, real_answer_cases_of

        try:  # through the registry's one rule of which file is which day's
            files = registry.year_files(self.year)
            path = os.path.realpath(self.path)
            day = next(
                (day for day, file in files.days.items() if os.path.realpath(file) == path), None
            )
            clashing = next(
                (
                    day
                    for day, clash in files.clashes.items()
                    if path in map(os.path.realpath, clash)
                ),
                None,
            )
            if clashing is not None:
                raise DayLoadError(files.clash(clashing) or "")
            if day is not None:
                registry.load_day(self.year, day)
            elif self.path.stem.isidentifier():
                registry.import_module(self.module)
        except AocError as error:  # a day that does not import fails by name
            yield ImportFailed.from_parent(self, name=f"{self.path.stem} import", reason=str(error))
            return
        hint = next(
            (
                files.hint_for(file)
                for file in files.unused_lookalikes()
                if os.path.realpath(file) == path
            ),
            None,
        )
        if hint is not None:
            self.warn(pytest.PytestWarning(hint))
        days = [
            solution
            for (year, _), solution in sorted(registry.REGISTRY.items())
            if year == self.year and solution.__module__ == self.module
        ]
        for solution in days:
            cases = example_cases_of(solution)
            if not cases:
                self.warn(
                    pytest.PytestWarning(
                        f"{solution.year} day {solution.day} declares no example answer yet: "
                        "add part_1=... (and part_2=...) to its examples."
                    )
                )
            labels = example_labels([example.name for example in solution.examples])
            for case in cases:
                yield ExampleItem.from_parent(
                    self, name=_name(case, f"example {labels[case.number - 1]}"), case=case
                )
            for real in real_answer_cases_of(solution, _real_aocd(self.config)):
                yield RealInputItem.from_parent(self, name=_name(real, "your input"), case=real)


def example_labels(names: list[str | None]) -> list[str]:
    """What each of a day's examples is called in its tests' ids: its `name` (on one line,
    without pytest's `::`), else its number from 1. A name two examples share (or that is
    another's number) gets its number in front, so that ids stay unique; a name keeps its
    id when examples are added or moved."""
    labels = [
        " ".join((name or "").split()).replace("::", ":") or str(number)
        for number, name in enumerate(names, start=1)
    ]
    return [
        f"{number} {label}" if names[number - 1] and labels.count(label) > 1 else label
        for number, label in enumerate(labels, start=1)
    ]


def _name(case: ExampleCase | RealAnswerCase, what: str) -> str:
    """`2019/09 part 1 example 2`, as the puzzle reads (`... example crates` for an example
    named so); a variant's ends `variant fast`."""
    name = f"{case.year}/{case.day:02d} part {case.part} {what}"
    return name + (f" variant {case.variant}" if case.variant else "")


class _DayItem(pytest.Item):
    """A check from `testing`: its failure is the sentence it raises (with the day's own
    traceback in it when the day raised), not a traceback through the framework (that
    is for -v; -q, verbosity -1, is no ask for it); a skip is reported at the day's
    file, not in the framework."""

    def check(self) -> None:
        raise NotImplementedError

    def runtest(self) -> None:
        try:
            self.check()
        except pytest.skip.Exception as skipped:
            raise pytest.skip.Exception(skipped.msg, _use_item_location=True) from None

    def repr_failure(
        self, excinfo: pytest.ExceptionInfo[BaseException], style: Any = None
    ) -> str | Any:
        if isinstance(excinfo.value, AssertionError) and self.config.get_verbosity() <= 0:
            return str(excinfo.value)
        return super().repr_failure(excinfo, style)

    def reportinfo(self) -> tuple[Path, int, str]:
        return self.path, 0, self.name


class ExampleItem(_DayItem):
    def __init__(self, *, case: ExampleCase, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.add_marker("example")

    def check(self) -> None:
        from aoc2023.framework.testing import check_example

        check_example(self.case)


class RealInputItem(_DayItem):
    def __init__(self, *, case: RealAnswerCase, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.case = case
        self.add_marker("real_input")

    def check(self) -> None:
        from aoc2023.framework.testing import check_real_answer

        check_real_answer(self.case)


class ImportFailed(_DayItem):
    """A module of days that does not import: one failing test, so that it cannot go
    unnoticed, marked `example` so that `-m example` meets it too."""

    def __init__(self, *, reason: str, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.reason = reason
        self.add_marker("example")

    def check(self) -> None:
        pytest.fail(self.reason, pytrace=False)
