"""`.ci/checks.py`, the lint and type checks of `.ci/run`, on a throwaway project: the
solver's days as their `[tool.aoc] checks` setting says, the framework strictly always.

The project is a tmp folder with this project's `pyproject.toml` (its ruff and mypy
rules), a year of untyped days in their author's style, and a year of typed days whose
example keeps its trailing spaces; the script runs there (its `main` in this process, its
ruff and mypy real processes, as .ci/run runs them).
"""

from __future__ import annotations

import importlib.util
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from conftest import MypyCache, write_year

ROOT = Path(__file__).parent.parent
CHECKS = ROOT / ".ci" / "checks.py"

PORTED = """import os, sys
from aoc2023.framework import Solution, Example
class Day01(Solution):
    examples = [Example("ab\\ncd", part_1=True)]
    def part_1(self, text):
        l = text.splitlines()
        if len(l) > 0:
            return True
        else:
            return False
"""
CRATES = '''from aoc2023.framework import Example, Solution

STACKS = """
    [D]~~~~
[N] [C]~~~~
[Z] [M] [P]
"""


class Day05(Solution[str]):
    examples = [Example(STACKS, part_1="NDP")]

    def part_1(self, text: str) -> str:
        return text
'''.replace("~", " ")  # the stacks' trailing spaces, kept out of this module's own lines
UNTYPED = "def helper(x):\n    return x\n"


def _script_main() -> Callable[[], int]:
    """The script's `main`, loaded from its file as `python .ci/checks.py` runs it: in this
    process, which has the script's imports already; its ruff and mypy are real processes."""
    spec = importlib.util.spec_from_file_location("ci_checks", CHECKS)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    main: Callable[[], int] = module.main
    return main


def checks(
    project: Path,
    setting: str | None,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
) -> tuple[int, str]:
    """The script's exit code and output (its commands' included) in `project`, whose mypy
    finds this project's framework (MYPYPATH: as a solver's project has it, beside the
    days), unless the project has an aoc2023/ of its own."""
    if (project / "aoc2023").exists():
        monkeypatch.delenv("MYPYPATH", raising=False)
    else:
        monkeypatch.setenv("MYPYPATH", str(ROOT))
    pyproject = without_tool_aoc((ROOT / "pyproject.toml").read_text())
    if setting is not None:
        pyproject += f'\n[tool.aoc]\nchecks = "{setting}"\n'
    (project / "pyproject.toml").write_text(pyproject)
    monkeypatch.chdir(project)
    capfd.readouterr()
    code = _script_main()()
    out, err = capfd.readouterr()
    return code, out + err


def without_tool_aoc(pyproject: str) -> str:
    """`pyproject` without its `[tool.aoc]` tables: the solver's own settings (a `checks`
    of theirs among them) are not the test's."""
    kept, ours = [], False
    for line in pyproject.splitlines(keepends=True):
        if line.startswith("["):
            ours = re.match(r"\[+tool\.aoc[.\]]", line) is not None
        if not ours:
            kept.append(line)
    return "".join(kept)


def test_the_solvers_tool_aoc_is_left_out_of_the_copy() -> None:
    solvers = (
        '[tool.ruff]\nx = 1\n[tool.aoc]\nchecks = "strict"\n[tool.aoc.days]\n'
        "2026 = 13\n[tool.mypy]\nstrict = true\n"
    )
    assert without_tool_aoc(solvers) == "[tool.ruff]\nx = 1\n[tool.mypy]\nstrict = true\n"


@pytest.mark.slow
def test_the_solvers_days_are_checked_as_their_setting_says(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capfd: pytest.CaptureFixture[str],
    mypy_cache: MypyCache,
) -> None:
    monkeypatch.setenv("MYPY_CACHE_DIR", str(cache := tmp_path / "mypy-cache"))
    write_year(tmp_path, 2041, {"day01.py": PORTED})
    write_year(tmp_path, 2042, {"day05.py": CRATES})

    code, out = checks(tmp_path, None, monkeypatch, capfd)  # the default: "off", tests only
    assert code == 0, out
    assert "checks = 'off': the solver's days (aoc2041, aoc2042) get their tests only" in out

    code, out = checks(tmp_path, "lint", monkeypatch, capfd)
    assert code == 1, out
    for error in ["F401", "E401", "E741", "SIM103"]:
        assert error in out, out
    assert "aoc2041/day01.py" in out and "aoc2042" not in out.split("\n", 1)[1], out
    assert "mypy" not in out.split("\n", 1)[1], out
    assert "W291" not in out, out  # the crate stacks' trailing spaces are the example's

    with mypy_cache.into(cache):
        code, out = checks(tmp_path, "strict", monkeypatch, capfd)
    assert code == 1, out
    assert "aoc2041/day01.py:5: error: Function is missing a type annotation" in out, out
    assert "aoc2042/day05.py" not in out, out

    # The framework's own modules are checked strictly whatever the setting: an untyped
    # helper there fails with "off"; one in a day of the solver's 2023 does not.
    (tmp_path / "aoc2023" / "framework").mkdir(parents=True)
    for name in ["aoc2023/__init__.py", "aoc2023/framework/__init__.py"]:
        (tmp_path / name).write_text("")
    (tmp_path / "aoc2023" / "framework" / "odd.py").write_text(UNTYPED)
    (tmp_path / "aoc2023" / "day01.py").write_text(UNTYPED)
    code, out = checks(tmp_path, "off", monkeypatch, capfd)
    assert code == 1, out
    assert "the solver's days (aoc2023/day01.py, aoc2041, aoc2042)" in out, out
    assert "aoc2023/framework/odd.py:1: error: Function is missing a type annotation" in out
    assert "aoc2023/day01.py:" not in out, out


def test_a_setting_checks_cannot_take_is_a_sentence(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capfd: pytest.CaptureFixture[str]
) -> None:
    code, out = checks(tmp_path, "loose", monkeypatch, capfd)
    assert code == 2, out
    assert out == (
        f'[tool.aoc] checks in {tmp_path / "pyproject.toml"} must be "strict", '
        '"lint" or "off", not \'loose\'.\n'
    )
