"""Finding the user's project folder: where `aoc` keeps files that belong to the project.

The project is the nearest folder from the working folder upwards that has a
`pyproject.toml` (or an `.aocd_config/`). Its files are the `[tool.aoc]` settings
(settings.py), the benchmark history and README table (bench/), and aocd's config
folder `.aocd_config/` (aocd/session.py). Only the token is also looked for beside the
source checkout this package runs from, so that an editable install finds it from
any folder; what `aoc` writes goes to the working folder's project alone, never to
the one it happens to be installed from.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from aoc2023.framework.errors import UsageError
from aoc2023.framework.launcher import aoc_command

PROJECT_CONFIG_DIR_NAME = ".aocd_config"

SOURCE_CHECKOUT = Path(__file__).resolve().parents[2]
"""The folder this package's source sits in (the project, for a checkout or editable install)."""


def find_upwards(
    is_wanted: Callable[[Path], bool], start: Path | None = None, or_source: bool = True
) -> Path | None:
    """The first folder from `start` (the working folder) upwards that `is_wanted`,
    else (with `or_source`) the source checkout if it is wanted."""
    here = (start or Path.cwd()).resolve()
    for folder in (*(here, *here.parents), *([SOURCE_CHECKOUT] if or_source else [])):
        if is_wanted(folder):
            return folder
    return None


def project_root(start: Path | None = None) -> Path | None:
    """The project folder, upwards from the working folder (`start`); None outside any."""
    return find_upwards(
        lambda folder: (folder / "pyproject.toml").is_file()
        or (folder / PROJECT_CONFIG_DIR_NAME).is_dir(),
        start, or_source=False,
    )


def require_project_root() -> Path:
    """The project folder, for a file that belongs to it (the benchmark history, the README
    table); one sentence outside any project."""
    root = project_root()
    if root is None:
        raise UsageError(
            f"No project folder here (one with a pyproject.toml or an {PROJECT_CONFIG_DIR_NAME}/ "
            f"folder, from {Path.cwd()} upwards), where the benchmark history and "
            f"README belong: run {aoc_command('bench')} from inside your project.")
    return root


def find_pyproject(start: Path | None = None) -> Path | None:
    """The nearest `pyproject.toml` from the working folder upwards (never the source
    checkout's: settings belong to the project the user is in)."""
    found = find_upwards(lambda folder: (folder / "pyproject.toml").is_file(), start,
                         or_source=False)
    return found / "pyproject.toml" if found else None


def shown(path: Path) -> str:
    """A path as the user would type it: relative to the working folder when inside it."""
    try:
        return str(path.relative_to(Path.cwd().resolve()))
    except ValueError:
        return str(path)
