"""A temporary copy of this project, for commands that write into it (aoc new, --watch).

A copy holds the framework and, as its 2023 day 7, the tests' own copy of it
(tests/model_day_7/), never the solver's days, so that the days a user adds, changes or
deletes never meet a test's; its processes must run with `isolated(env)`, which hides
the original project (on every process's path through the editable install) from them.
"""

from __future__ import annotations

import os
import re
import shutil
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
HIDE = "AOC_TESTS_HIDE_FOLDERS"
_USERS_TEST = re.compile(r"test_(?:\d{4}_)?day\d\d\.py")
_KEPT = frozenset({"__init__.py", "__main__.py", "framework"})
MODEL_DAY_7 = PROJECT / "tests" / "model_day_7"
MODEL_DAYS = "AOC_TESTS_MODEL_DAYS"
"""The variable naming the model day's folder, put ahead of aoc2023's own in each test
process (tests/netblock/sitecustomize.py); a copy holds the model day itself instead."""
SOURCE_CHECKOUT = "AOC_TESTS_SOURCE_CHECKOUT"
"""The variable naming the folder each test process takes for the source checkout, where
`aoc` looks for a token last: a folder of the test's own, with none. A copy is its own
checkout."""


def isolated(env: dict[str, str]) -> dict[str, str]:
    """`env` for a process working on a copy: the original project's folder is hidden
    from its path (tests/netblock/sitecustomize.py does it), so only the copy's year
    packages are found, and nothing is ever written into the original.

    Nor does it write bytecode: tests rewrite a copy's day within the same second and at
    the same size (`return 113`, then `return 114`), and bytecode is checked against the
    source's size and time of change in whole seconds, so a process could run the day
    as it was. (`test_watch` writes it on purpose.)"""
    folders = [folder for folder in env.get(HIDE, "").split(os.pathsep) if folder]
    return {
        name: value for name, value in env.items() if name not in (MODEL_DAYS, SOURCE_CHECKOUT)
    } | {HIDE: os.pathsep.join([*folders, str(PROJECT)]), "PYTHONDONTWRITEBYTECODE": "1"}


def copy_tests(destination: Path) -> None:
    """The project's own tests, without the tests of days a user added (`aoc new`), with
    their finished bytecode (pytest's, of the test modules, too), as `copy_project`
    keeps the framework's: checked against each source's size and time of change, which
    the copy keeps, so a session there reads what this one compiled."""

    def ignore(folder: str, names: list[str]) -> set[str]:
        if Path(folder).name == "__pycache__":
            return {name for name in names if not name.endswith(".pyc")}
        return {name for name in names if _USERS_TEST.fullmatch(name)}

    shutil.rmtree(destination / "tests", ignore_errors=True)
    shutil.copytree(PROJECT / "tests", destination / "tests", ignore=ignore)


def _ignore(folder: str, names: list[str]) -> set[str]:
    """The framework only (days others add, in modules of any name, must not collide
    with a test's; `copy_project` copies the model day in). Their bytecode comes
    along, so that a copy's processes do not compile the framework again: it is
    checked against each source's time of change, which the copy keeps, so a module a
    test rewrites is read from its source. Only finished bytecode: a file another
    process is writing may be gone by then."""
    if Path(folder) == PROJECT / "aoc2023":
        return set(names) - _KEPT - {"__pycache__"}
    if Path(folder).name == "__pycache__":
        return {name for name in names if not name.endswith(".pyc")}
    return set()


_TABLE = re.compile(r"^\[\[?\s*([^\]]+?)\s*\]", re.MULTILINE)


def _without_settings(pyproject: str) -> str:
    """The project's pyproject.toml without the solver's `[tool.aoc]` settings (a test
    that wants some writes its own)."""
    starts = [(match.start(), match[1]) for match in _TABLE.finditer(pyproject)]
    kept, ends = [], [start for start, _ in starts[1:]] + [len(pyproject)]
    kept.append(pyproject[: starts[0][0]] if starts else pyproject)
    for (start, name), end in zip(starts, ends, strict=True):
        if name != "tool.aoc" and not name.startswith("tool.aoc."):
            kept.append(pyproject[start:end])
    return "".join(kept)


def copy_project(destination: Path) -> Path:
    """The package (the framework and the model day), pyproject.toml (without
    `[tool.aoc]`) and an empty tests/ folder, at `destination`.

    Run from `destination` (as the working folder), `import aoc2023` finds the copy.
    """
    shutil.copytree(PROJECT / "aoc2023", destination / "aoc2023", ignore=_ignore)
    for model in MODEL_DAY_7.glob("*.py"):
        shutil.copy2(model, destination / "aoc2023" / model.name)
    (destination / "pyproject.toml").write_text(
        _without_settings((PROJECT / "pyproject.toml").read_text())
    )
    (destination / "tests").mkdir()
    return destination
