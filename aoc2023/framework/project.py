"""The user's project and its `[tool.aoc]` settings. The project is the nearest folder
upwards with a `pyproject.toml` (or an `.aocd_config/`): what `aoc` writes goes there
alone. launcher.py stays apart: errors.py imports it."""

from __future__ import annotations

import importlib.util
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

from aoc2023.framework.errors import UsageError
from aoc2023.framework.launcher import aoc_command

PROJECT_CONFIG_DIR_NAME = ".aocd_config"

SOURCE_CHECKOUT = Path(__file__).resolve().parents[2]
"""The folder this package's source sits in, where the token is also looked for."""
SITE_FOLDERS = frozenset({"site-packages", "dist-packages"})
"""Where installers put packages: the folders above one there are no project."""


def find_upwards(
    is_wanted: Callable[[Path], bool], start: Path | None = None, *, or_source: bool = True
) -> Path | None:
    """The first folder from `start` upwards that `is_wanted`, else (`or_source`) the checkout."""
    here = (start or Path.cwd()).resolve()
    folders = (here, *here.parents, *([SOURCE_CHECKOUT] if or_source else []))
    return next((folder for folder in folders if is_wanted(folder)), None)


def project_root() -> Path | None:
    """The project folder, from the working folder upwards; None outside any."""
    return find_upwards(
        lambda folder: (
            (folder / "pyproject.toml").is_file() or (folder / PROJECT_CONFIG_DIR_NAME).is_dir()
        ),
        or_source=False,
    )


def require_project_root() -> Path:
    """The project folder, for a file that belongs to it; UsageError outside any."""
    if (root := project_root()) is None:
        raise UsageError(
            f"No project folder here (one with a pyproject.toml or an {PROJECT_CONFIG_DIR_NAME}/ "
            f"folder, from {Path.cwd()} upwards), where the benchmark history and "
            f"README belong: run {aoc_command('bench')} from inside your project."
        )
    return root


def find_pyproject(start: Path | None = None) -> Path | None:
    """The nearest `pyproject.toml` upwards, never the source checkout's."""
    found = find_upwards(
        lambda folder: (folder / "pyproject.toml").is_file(), start, or_source=False
    )
    return found / "pyproject.toml" if found else None


def package_folders(package: str) -> list[Path]:
    """The folders of an importable package, found without importing it (none: a module)."""
    spec = importlib.util.find_spec(package)
    folders = spec.submodule_search_locations if spec else None
    return [Path(folder).resolve() for folder in folders or []]


def shown(path: Path) -> str:
    """A path as the user would type it: relative to the working folder when inside it."""
    here = Path.cwd().resolve()
    return str(path.relative_to(here) if path.is_relative_to(here) else path)


# --- the settings (docs/reference/configuration.md), read on every run -------------------

DECEMBER_DAYS = 31  # the most days a year can have


class Settings(NamedTuple):  # not a dataclass: benchmarks/README.md, startup_tricks.py
    submit: bool = True
    confirm: bool = True
    contact: str | None = None
    days: tuple[tuple[int, int], ...] = ()
    """(year, number of days) for each year `days` names."""
    checks: str = "off"
    """How `.ci/run` checks the solver's days; the framework is always strict."""


CHECKS = ("strict", "lint", "off")
"""ruff and `mypy --strict`, ruff only, or tests only (the default)."""


def load_settings(start: Path | None = None) -> Settings:
    if (path := find_pyproject(start)) is None:
        return Settings()
    import tomllib  # only when there is a file to read

    try:
        tool = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {})
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise UsageError(f"Cannot read the [tool.aoc] settings in {path}: {error}") from error
    table = tool.get("aoc", {}) if isinstance(tool, dict) else None
    if not isinstance(table, dict):  # `tool = 1`, `[tool]` `aoc = ""`
        raise UsageError(
            f"[tool.aoc] in {path} must be a table of settings, such as submit = true."
        )
    for key in ("submit", "confirm"):
        if key in table and not isinstance(table[key], bool):
            raise UsageError(f"[tool.aoc] {key} in {path} must be true or false.")
    if "contact" in table:
        table["contact"] = checked_contact(table["contact"], f"[tool.aoc] contact in {path}")
    if "days" in table:
        table["days"] = _days(table["days"], path)
    if "checks" in table and table["checks"] not in CHECKS:
        raise UsageError(
            f'[tool.aoc] checks in {path} must be "strict", "lint" or '
            f'"off", not {table["checks"]!r}.'
        )
    if unknown := sorted(set(table) - set(Settings._fields)):
        raise UsageError(f"Unknown [tool.aoc] setting(s) in {path}: {', '.join(unknown)}.")
    return Settings(**table)


def checked_contact(value: object, where: str) -> str | None:
    """A contact fit for an HTTP header, empty as None; else UsageError naming `where`."""
    if not isinstance(value, str):
        raise UsageError(f'{where} must be text, such as "you@example.com".')
    value = value.strip()
    if not all(" " <= char <= "~" for char in value):
        raise UsageError(
            f"{where} must be printable ASCII on one line (an HTTP header "
            'carries nothing else), such as "you@example.com".'
        )
    return value or None


def _days(table: object, path: Path) -> tuple[tuple[int, int], ...]:
    """`days = {2026 = 12}`: years (TOML keys are text) and their numbers of days."""
    shape = "a table of years and numbers of days, such as days = {2026 = 12}"
    if not isinstance(table, dict):
        raise UsageError(f"[tool.aoc] days in {path} must be {shape}.")
    for year, count in table.items():
        if not (year.isascii() and year.isdigit() and len(year) == 4):
            raise UsageError(
                f"[tool.aoc] days in {path} names {year!r}, which is not a year: "
                f"it must be {shape}."
            )
        if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= DECEMBER_DAYS:
            raise UsageError(
                f"[tool.aoc] days of {year} in {path} must be a whole number "
                f"from 1 to {DECEMBER_DAYS}, not {count!r}."
            )
    return tuple((int(year), count) for year, count in table.items())
