"""A pytest plugin (entry point `pytest11`): plain `pytest` tests every day of every year
package. Each module of days is a test file: each part of each example, marked `example`
(`aoc2019/day09.py::2019/09 part 1 example 2`), and each part on the user's cached input,
marked `real_input`. Paths from `testpaths` gain the year packages; `pytest --days` runs
the days alone. The checks are `aoc2023.framework.testing`'s."""

from __future__ import annotations

import os
import re
from collections.abc import Callable, Iterable
from contextlib import suppress
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest

from aoc2023.framework import registry
from aoc2023.framework.errors import AocError
from aoc2023.framework.project import package_folders

if TYPE_CHECKING:
    from aoc2023.framework.testing import RealAocd

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
    """`--days`: the run's paths become the project's year packages, before pytest reads
    `testpaths` or a conftest; paths given must each be in one (else exit 4)."""
    if not getattr(namespace := early_config.known_args_namespace, "days", False):
        return
    inside = _days_folders(early_config)
    for arg in namespace.file_or_dir or []:
        if not _in_a_year(early_config, arg):
            raise pytest.UsageError(
                f"--days runs the days of the year packages ({_listed(inside)}), and "
                f"{arg} is in none of them: leave out the path or leave out --days."
            )
    if namespace.file_or_dir:
        return
    if not inside:
        raise pytest.UsageError(
            f"--days found no year package in {early_config.rootpath}: `aoc new YEAR DAY` "
            "starts one (aocYYYY/ beside pyproject.toml)."
        )
    folders = [str(folder) for folder in inside]
    args += folders
    namespace.file_or_dir = folders


def _days_folders(config: pytest.Config, *, inside: bool = True) -> list[Path]:
    """The year packages' folders inside the project (its rootdir), or outside it."""
    folders = _year_folders(config)
    return sorted(folder for folder in folders if folder.is_relative_to(config.rootpath) == inside)


def _path(config: pytest.Config, arg: str) -> Path:
    """The path of a command-line argument (`aoc2023/day07.py::test`)."""
    return Path(config.invocation_params.dir, arg.partition("::")[0])


def _in_a_year(config: pytest.Config, arg: str) -> bool:
    path = _path(config, arg).resolve()
    return any(path.is_relative_to(folder) for folder in _year_folders(config))


def _listed(folders: list[Path]) -> str:
    return ", ".join(f"{folder.name}/" for folder in folders) or "none in the project"


def pytest_report_header(config: pytest.Config) -> list[str]:
    if not config.option.days:
        return []
    lines = [f"days: {_listed(_days_folders(config))}"]
    if outside := _days_folders(config, inside=False):
        lines.append(
            "days not tested, outside the project: "
            + ", ".join(f"{folder} (pytest {folder} tests it)" for folder in outside)
        )
    return lines


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    """`--days` that finds year packages but no test in them says so (pytest exits 5)."""
    if (
        config.option.days
        and exitstatus == pytest.ExitCode.NO_TESTS_COLLECTED
        and not config.option.keyword
        and not config.option.markexpr
    ):
        terminalreporter.write_line(
            f"pytest --days found no day to test in {_listed(_days_folders(config))}: "
            "`aoc new YEAR DAY` writes one."
        )


def pytest_configure(config: pytest.Config) -> None:
    """Register the markers, and add the project's year packages to paths that came from
    `testpaths` (not to paths the user gave: `pytest tests/` means tests/ only)."""
    for name, description in MARKERS.items():
        config.addinivalue_line("markers", f"{name}: {description}")
    if config.args_source is pytest.Config.ArgsSource.TESTPATHS:
        given = [Path(config.rootpath, arg).resolve() for arg in config.args]
        config.args += [
            str(folder)
            for folder in _days_folders(config)
            if not any(folder.is_relative_to(path) for path in given)
        ]


@pytest.hookimpl(optionalhook=True)  # pytest-xdist's hook, when it is installed
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto`: no workers for days' tests alone, nor for a few test files (starting
    workers takes longer); otherwise one per core (benchmarks/README.md)."""
    if selects_days_only(config):
        return 0
    paths = [_path(config, arg) for arg in config.args]
    files = sum(len(list(path.rglob("test_*.py"))) if path.is_dir() else 1 for path in paths)
    return (os.cpu_count() or 1) if files > 3 else 0  # a few files: no workers


def selects_days_only(config: pytest.Config) -> bool:
    """Whether the run can only select days' tests: its paths are all in year packages,
    or `-m` cannot match a test without this plugin's markers, or `-k` cannot match one
    without a day's word (`2023`, `aoc2023`, `2023/07`, `day07`). It only sets workers."""
    if config.args and all(_in_a_year(config, arg) for arg in config.args):
        return True
    marks, keywords = config.option.markexpr, config.option.keyword
    if marks and not _may_match(marks, MARKERS.__contains__):
        return True
    return bool(keywords) and not _may_match(keywords, _DAY_WORD.fullmatch)


_DAY_WORD = re.compile(r"(aoc)?\d{4}(/\d{1,2})?|day\d{1,2}", re.IGNORECASE)


def _may_match(expression: str, false: Callable[[str], object]) -> bool:
    """Whether pytest's `-m`/`-k` `expression` is true for some test, given the words
    `false` holds false (the others free, both values tried). One pytest cannot read may
    match."""
    from aoc2023.framework import pytest_private

    try:
        evaluate = pytest_private.compile_expression(expression)
    except Exception:
        return True

    def search(assigned: dict[str, bool]) -> bool:
        free: list[str] = []

        def matcher(name: str, /, **kwargs: object) -> bool:
            if false(name):
                return False
            if name not in assigned:
                free.append(name)
            return assigned.get(name, False)

        return evaluate(matcher) or any(
            search({**assigned, name: value}) for name in free[:1] for value in (False, True)
        )

    return search({})


def _real_aocd(config: pytest.Config) -> RealAocd:
    """Where aocd keeps the user's files, read once, at collection: before any test's
    fixtures point the environment elsewhere."""
    if _REAL_AOCD not in config.stash:
        from aoc2023.framework.testing import RealAocd

        config.stash[_REAL_AOCD] = RealAocd.from_environment(
            dict(os.environ), config.invocation_params.dir
        )
    return config.stash[_REAL_AOCD]


_YEAR_FOLDERS = pytest.StashKey[dict[Path, tuple[int, str]]]()


def _year_folders(config: pytest.Config) -> dict[Path, tuple[int, str]]:
    """Each registered year's package folder, with its year and package name: found once
    a session (kept in its config: a process may hold several, as with pytester)."""
    if _YEAR_FOLDERS not in config.stash:
        folders = {}
        for year in registry.registered_years():
            with suppress(Exception):  # a year that cannot be found is `aoc list`'s to report
                package = registry.year_package(year)
                folders.update(dict.fromkeys(package_folders(package), (year, package)))
        config.stash[_YEAR_FOLDERS] = folders
    return config.stash[_YEAR_FOLDERS]


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
    if _year_of(file_path, parent.config) is None:
        return None
    return DayFile.from_parent(parent, path=file_path)


@pytest.hookimpl(tryfirst=True)
def pytest_pycollect_makemodule(
    module_path: Path, parent: pytest.Collector
) -> pytest.Module | None:
    """A day's module named on the command line is no pytest test module (its import would
    stop the session): its DayFile tests it. One matching `python_files` stays pytest's."""
    if _year_of(module_path, parent.config) is None or any(
        module_path.match(pattern) for pattern in parent.config.getini("python_files")
    ):
        return None
    return _NoTests.from_parent(parent, path=module_path)


class _NoTests(pytest.Module):
    """A day's module as pytest's python plugin sees it: no tests, and not imported."""

    def collect(self) -> list[pytest.Item | pytest.Collector]:
        return []


class DayFile(pytest.File):
    """A year package's module: the days it defines, each example and the real input."""

    def collect(self) -> Iterable[pytest.Item]:
        from aoc2023.framework.testing import cases_of, check

        year, package = _year_folders(self.config)[self.path.parent.resolve()]
        module = f"{package}.{self.path.stem}"
        try:  # through the registry's one rule of which file is which day's
            files = registry.year_files(year)
            day = registry.day_of_module(self.path.stem)
            if day is not None:  # a day two modules claim: load_day raises the clash
                registry.load_day(year, day)
            elif self.path.stem.isidentifier():
                registry.import_module(module)
        except AocError as error:  # a day that does not import fails by name
            fail = partial(pytest.fail, str(error), pytrace=False)
            yield ImportFailed.from_parent(self, name=f"{self.path.stem} import", check=fail)
            return
        hints = {os.path.realpath(file): hint for file, hint in files.hints().items()}
        if (hint := hints.get(os.path.realpath(self.path))) is not None:
            self.warn(pytest.PytestWarning(hint))
        for (of_year, _), solution in sorted(registry.REGISTRY.items()):
            if of_year != year or solution.__module__ != module:
                continue
            if not (cases := cases_of(solution)):
                self.warn(
                    pytest.PytestWarning(
                        f"{solution.year} day {solution.day} declares no example answer yet: "
                        "add part_1=... (and part_2=...) to its examples."
                    )
                )
            labels = example_labels([example.name for example in solution.examples])
            for case in [*cases, *cases_of(solution, _real_aocd(self.config))]:
                what = f"example {labels[case.number - 1]}" if case.aocd is None else "your input"
                name = f"{case.year}/{case.day:02d} part {case.part} {what}"
                name += f" variant {case.variant}" if case.variant else ""
                item = ExampleItem if case.aocd is None else RealInputItem
                yield item.from_parent(self, name=name, check=partial(check, case))


def example_labels(names: list[str | None]) -> list[str]:
    """What each of a day's examples is called in its tests' ids: its `name` (on one line,
    without `::`), else its number from 1; one another label shares gets its number in front."""
    labels = [
        " ".join((name or "").split()).replace("::", ":") or str(number)
        for number, name in enumerate(names, start=1)
    ]
    return [
        f"{number} {label}" if names[number - 1] and labels.count(label) > 1 else label
        for number, label in enumerate(labels, start=1)
    ]


class _DayItem(pytest.Item):
    """A check from `testing`: its failure is the sentence it raises (a traceback through
    the framework is for -v), and a skip is reported at the day's file."""

    marker = "example"

    def __init__(self, *, check: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.check = check
        self.add_marker(self.marker)

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
    """One part of one example of a day, by one of its implementations."""


class RealInputItem(_DayItem):
    """One part of a day on the user's cached input, against the accepted answer."""

    marker = "real_input"


class ImportFailed(_DayItem):
    """A module of days that does not import: one failing test, marked `example` so that
    `-m example` meets it too."""
