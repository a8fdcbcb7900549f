"""Lint and types, as .ci/run checks them, for the project in the working folder.

The framework (aoc2023/framework/, aoc2023's own modules), the shipped day (2023 day 7)
and tests/ are held to the project's ruff rules, ruff's format and `mypy --strict`, always. The
solver's days (every other module of a year package) are checked as `[tool.aoc] checks`
says: "strict" (both), "lint" (ruff only) or "off" (neither: their tests are their
check), "off" by default. Prints each command, runs it, exits 1 if one failed.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from aoc2023.framework.errors import AocError
from aoc2023.framework.project import load_settings

FRAMEWORK = [
    "aoc2023/__init__.py",
    "aoc2023/__main__.py",
    "aoc2023/framework",
    "aoc2023/day07.py",
    "aoc2023/_camel_cards.py",
    "aoc2023/_day07_fast.py",
    "aoc2023/_day07_test.py",
    "tests",
]
"""Held to the strict checks whatever the setting (those present: day 7 may be deleted)."""
YEAR = re.compile(r"aoc\d{4}")


def plan(project: Path, checks: str) -> tuple[list[str], list[str], list[str]]:
    """(strict paths, the solver's paths, paths ruff leaves out), relative to `project`."""
    strict = [path for path in FRAMEWORK if (project / path).exists()]
    solver = []
    for package in sorted(project.iterdir()):
        if not (YEAR.fullmatch(package.name) and (package / "__init__.py").is_file()):
            continue
        if package.name != "aoc2023":
            solver.append(package.name)
            continue
        for module in sorted(package.rglob("*.py")):
            path = module.relative_to(project).as_posix()
            if not any(path == kept or path.startswith(kept + "/") for kept in strict):
                solver.append(path)
    return strict, solver, solver if checks == "off" else []


def main() -> int:
    project = Path.cwd()
    try:
        checks = load_settings(project).checks
    except AocError as error:
        print(error, file=sys.stderr)
        return 2
    strict, solver, unlinted = plan(project, checks)
    print(
        f"[tool.aoc] checks = {checks!r}: the solver's days "
        f"({', '.join(solver) or 'none'}) get "
        + {"strict": "ruff and mypy --strict", "lint": "ruff", "off": "their tests only"}[checks]
    )
    ruff = [sys.executable, "-m", "ruff", "check", "."]
    for path in unlinted:
        ruff += ["--extend-exclude", path]
    # The framework's own code is in ruff's format; the solver's days are in theirs.
    formatted = [path for path in [*strict, "benchmarks", ".ci"] if (project / path).exists()]
    commands = [ruff]
    if formatted:  # none given would check every file, the solver's too
        commands.append([sys.executable, "-m", "ruff", "format", "--check", "--quiet", *formatted])
    typed = strict + (solver if checks == "strict" else [])
    if typed:
        commands.append([sys.executable, "-m", "mypy", "--strict", *typed])
    failed = False
    for command in commands:
        print("+", " ".join(["ruff" if "ruff" in command else "mypy", *command[3:]]), flush=True)
        failed |= subprocess.run(command, cwd=project).returncode != 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
