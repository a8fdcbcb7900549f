"""How the user launched `aoc`, so that every hint names a command that works when pasted
(`aoc` is not on the path under `uv run`): every hint builds it with `aoc_command` or
`pytest_command`. Apart from project.py because errors.py imports it."""

from __future__ import annotations

import os
import shlex
import sys
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import NamedTuple


class Launcher(NamedTuple):
    """The words before `aoc`'s arguments, and before pytest's, as the user would type them."""

    aoc: tuple[str, ...]
    pytest: tuple[str, ...]


def launcher(
    environ: Mapping[str, str] = os.environ,
    argv: Sequence[str] = sys.orig_argv,
    prefix: str = sys.prefix,
    cwd: Path | None = None,
) -> Launcher:
    """This process's launcher, from its environment, `sys.orig_argv`, `sys.prefix` and
    the working folder: `uv run aoc` (`--project PATH` from outside), `python -m aoc2023`,
    or `aoc`, each with its pytest."""
    uv = _uv_run(environ, Path(prefix), cwd or Path.cwd())
    if (python := _python(argv)) is not None:
        interpreter = ("python",) if uv else (python,)
        return Launcher((*uv, *interpreter, "-m", "aoc2023"), (*uv, *interpreter, "-m", "pytest"))
    if uv:
        return Launcher((*uv, "aoc"), (*uv, "pytest"))
    if Path(prefix, "uv-receipt.toml").is_file():
        return Launcher(("aoc",), ("uv", "run", "pytest"))
    return Launcher(("aoc",), ("pytest",))


def _uv_run(environ: Mapping[str, str], prefix: Path, cwd: Path) -> tuple[str, ...]:
    """`uv run` (`--project` from elsewhere) when uv started this process here, else ()."""
    venv = environ.get("VIRTUAL_ENV")
    if "UV" not in environ or not venv or not _same(Path(venv), prefix):
        return ()
    project = Path(venv).resolve().parent
    if not (project / "pyproject.toml").is_file() or cwd.resolve().is_relative_to(project):
        return ("uv", "run")
    return ("uv", "run", "--project", str(project))


def _same(one: Path, other: Path) -> bool:
    try:
        return one.resolve() == other.resolve()
    except OSError:
        return False


def _python(argv: Sequence[str]) -> str | None:
    """The interpreter as typed for `python3 -m aoc2023 ...`; None for anything else."""
    for position, word in enumerate(argv[1:], start=1):
        if word == "-c" or not word.startswith("-"):
            return None
        if word.startswith("-m"):
            module = word[2:] or (argv[position + 1] if position + 1 < len(argv) else "")
            return argv[0] if module == "aoc2023" else None
    return None


def aoc_command(*args: object) -> str:
    """`aoc` with `args`, as the user launched it: `uv run aoc run 2023 7`."""
    return shlex.join([*launcher().aoc, *map(str, args)])


def pytest_command(*args: object) -> str:
    """The project's pytest with `args`: `uv run pytest aoc2023/day01.py`."""
    return shlex.join([*launcher().pytest, *map(str, args)])
