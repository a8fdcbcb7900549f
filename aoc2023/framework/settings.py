"""Project settings from the `[tool.aoc]` table of the nearest `pyproject.toml`.

    [tool.aoc]
    submit = true    # send new answers after a run (false: as if --no-submit)
    confirm = true   # ask on a terminal before sending (false: as if --yes)

Read on every `aoc run`, so that a mistake in them is said at once, not only on the day
an answer is first sent.
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from aoc2023.framework.errors import UsageError
from aoc2023.framework.project import find_pyproject


class Settings(NamedTuple):  # not a dataclass: 0.1 ms to create, against 0.7 ms
    submit: bool = True
    confirm: bool = True


def load_settings(start: Path | None = None) -> Settings:
    path = find_pyproject(start)
    if path is None:
        return Settings()
    import tomllib  # 2-3 ms: only when there is a file to read

    try:
        table = tomllib.loads(path.read_text(encoding="utf-8")).get("tool", {}).get("aoc", {})
    except (OSError, tomllib.TOMLDecodeError) as error:
        raise UsageError(f"Cannot read the [tool.aoc] settings in {path}: {error}") from error
    values = {}
    for key in ("submit", "confirm"):
        if key in table:
            if not isinstance(table[key], bool):
                raise UsageError(f"[tool.aoc] {key} in {path} must be true or false.")
            values[key] = table[key]
    unknown = sorted(set(table) - {"submit", "confirm"})
    if unknown:
        raise UsageError(f"Unknown [tool.aoc] setting(s) in {path}: {', '.join(unknown)}.")
    return Settings(**values)
