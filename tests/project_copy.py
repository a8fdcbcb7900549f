"""A temporary copy of this project, for commands that write into it (aoc new, --watch)."""

from __future__ import annotations

import shutil
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def _ignore(folder: str, names: list[str]) -> set[str]:
    """The framework and day 7 only: days others add must not collide with a test's."""
    ignored = {name for name in names if name == "__pycache__"}
    if Path(folder).name == "aoc2023":
        ignored |= {n for n in names if n.startswith("day") and n.endswith(".py")} - {"day07.py"}
    return ignored


def copy_project(destination: Path) -> Path:
    """The package, pyproject.toml and an empty tests/ folder, at `destination`.

    Run from `destination` (as the working folder), `import aoc2023` finds the copy.
    """
    shutil.copytree(PROJECT / "aoc2023", destination / "aoc2023", ignore=_ignore)
    shutil.copy(PROJECT / "pyproject.toml", destination / "pyproject.toml")
    (destination / "tests").mkdir()
    return destination
