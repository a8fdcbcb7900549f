"""Project settings from the `[tool.aoc]` table of the nearest `pyproject.toml`.

    [tool.aoc]
    submit = true                 # send new answers after a run (false: as if --no-submit)
    confirm = true                # ask on a terminal before sending (false: as if --yes)
    contact = "you@example.com"   # who is behind the requests, in their User-Agent
    days = {2026 = 12}            # a year's number of days, over the calendar's rule
    checks = "off"                # .ci/run on your year packages: "strict", "lint" or "off"

Read on every `aoc run`, so that a mistake in them is said at once, not only on the day
an answer is first sent.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from aoc2023.framework.errors import UsageError
from aoc2023.framework.project import find_pyproject

DECEMBER_DAYS = 31
"""The most days a year's calendar can have: puzzles unlock on days of December."""


class Settings(NamedTuple):  # not a dataclass: 0.1 ms to create, against 0.7 ms
    submit: bool = True
    confirm: bool = True
    contact: str | None = None
    days: tuple[tuple[int, int], ...] = ()
    """(year, number of days) for each year `days` names."""
    checks: str = "off"
    """How `.ci/run` checks the solver's days (CHECKS); the framework is always strict."""


CHECKS = ("strict", "lint", "off")
"""`strict`: the project's ruff rules and `mypy --strict`; `lint`: ruff only; `off`: none
(their tests only). `off` by default: a solver's days, typed or not, in their own style,
keep `.ci/run` green; the framework's house rules are the framework's."""
_KNOWN = ("submit", "confirm", "contact", "days", "checks")


def load_settings(start: Path | None = None) -> Settings:
    path = find_pyproject(start)
    if path is None:
        return Settings()
    import tomllib  # 2-3 ms: only when there is a file to read

    try:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("aoc", {})
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise UsageError(f"Cannot read the [tool.aoc] settings in {path}: {error}") from error
    values: dict[str, object] = {}
    for key in ("submit", "confirm"):
        if key in table:
            if not isinstance(table[key], bool):
                raise UsageError(f"[tool.aoc] {key} in {path} must be true or false.")
            values[key] = table[key]
    if "contact" in table:
        values["contact"] = checked_contact(table["contact"], f"[tool.aoc] contact in {path}")
    if "days" in table:
        values["days"] = _days(table["days"], path)
    if "checks" in table:
        if table["checks"] not in CHECKS:
            raise UsageError(f"[tool.aoc] checks in {path} must be \"strict\", \"lint\" or "
                             f"\"off\", not {table['checks']!r}.")
        values["checks"] = table["checks"]
    unknown = sorted(set(table) - set(_KNOWN))
    if unknown:
        raise UsageError(f"Unknown [tool.aoc] setting(s) in {path}: {', '.join(unknown)}.")
    return Settings(**values)  # type: ignore[arg-type]


def checked_contact(value: object, where: str) -> str | None:
    """A contact as it can go into an HTTP header: text on one line, printable ASCII (a
    header carries no line break, and other characters reach the site garbled). Empty is
    none. `where` names the setting or variable it came from, for the sentence."""
    if not isinstance(value, str):
        raise UsageError(f"{where} must be text, such as \"you@example.com\".")
    value = value.strip()
    if not all(" " <= char <= "~" for char in value):
        raise UsageError(f"{where} must be printable ASCII on one line (an HTTP header "
                         "carries nothing else), such as \"you@example.com\".")
    return value or None


def _days(table: object, path: Path) -> tuple[tuple[int, int], ...]:
    """`days = {2026 = 12}`: years (TOML keys are text) and their numbers of days."""
    shape = "a table of years and numbers of days, such as days = {2026 = 12}"
    if not isinstance(table, dict):
        raise UsageError(f"[tool.aoc] days in {path} must be {shape}.")
    pairs = []
    for year, count in table.items():
        if not (year.isascii() and year.isdigit() and len(year) == 4):
            raise UsageError(f"[tool.aoc] days in {path} names {year!r}, which is not a year: "
                             f"it must be {shape}.")
        if isinstance(count, bool) or not isinstance(count, int) \
                or not 1 <= count <= DECEMBER_DAYS:
            raise UsageError(f"[tool.aoc] days of {year} in {path} must be a whole number "
                             f"from 1 to {DECEMBER_DAYS}, not {count!r}.")
        pairs.append((int(year), count))
    return tuple(pairs)
