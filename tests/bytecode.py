"""Compiled bytecode for the `aoc` processes the tests start.

The suite starts about 220 Python processes (`aoc` itself, aocd's runner, a nested
pytest), all of which import the framework or pytest, and about 80 also aocd, which
brings in urllib3 (and bs4 with soupsieve, where they read a page). Where
`PYTHONDONTWRITEBYTECODE` is set (as on this project's CI machines, and in many
container images) and `uv sync` compiled nothing (its default), each of those
processes compiled every module it imported from source. Measured here, side by side:
`import aocd` took 0.41 s of CPU from source against 0.22 s from bytecode;
`aoc run --help` 0.45 s against 0.19 s; `aoc run 2023 7 --example` 0.18 s against
0.10 s (0.14 s with only the installed packages compiled).

So the session compiles the virtual environment's packages and the project's own
packages in place, as `pip install` does by default, in a process in the background:
a process started before it is done finds a module either compiled whole (each file
is written under a temporary name, then renamed) or not at all, and reads the source.
`__pycache__` is ignored by git. Code that tests write (a throwaway year, a copy of
the project) is left alone: `PYTHONDONTWRITEBYTECODE` keeps its meaning there, so a
test that rewrites a module never meets bytecode of its last version. (A copy of the
project takes the framework's bytecode along: see `project_copy`.)

Two other ways were measured and dropped:
- `PYTHONPYCACHEPREFIX` pointing at a folder of compiled bytecode: Python then looks
  for the standard library's bytecode there too, finds none, and compiles it from
  source: `import aocd` took 0.96 s.
- `uv sync --compile-bytecode` (or `compile-bytecode` under `[tool.uv]`): uv then
  re-checks the whole environment on every `uv run` and prints a line about it each
  time, a cost every `uv run aoc` would pay for the tests' sake.
"""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
from pathlib import Path

STARTED = "AOC_TESTS_BYTECODE"
"""Set once a session has started compiling: the pytest it starts (a nested suite on a
copy of the project) and the xdist workers leave it to that session."""


_NEVER_READ = r"[/\\]site-packages[/\\]mypyc?[/\\]"
"""Left out: mypy and mypyc, a third of the environment's source. mypyc compiled them,
and Python imports a compiled module (`.so`) in place of the `.py` beside it, so their
bytecode would almost never be read: the few modules of theirs left as source that a
`mypy` run imports compile in milliseconds. A fresh environment, compiled with and
without them in turn, 2 rounds: 5.9 and 6.1 s of CPU with, 3.7 and 4.9 s without."""


class Compiling:
    """The process compiling in the background, for one test session."""

    def __init__(self, project: Path) -> None:
        # The project's packages first: every `aoc` process imports them.
        packages = sorted(str(path) for path in project.glob("aoc[0-9][0-9][0-9][0-9]")
                          if path.is_dir())
        installed = sorted({sysconfig.get_paths()[kind] for kind in ("purelib", "platlib")})
        # In one process (`-j 1`): the cores are busy with the tests anyway, and a pool of
        # processes costs more than it saves. Measured in turn: where all is compiled
        # already (every run after the first), 0.65-0.83 s of CPU with `-j 0` against
        # 0.07-0.11 s (3 rounds); from nothing, 3.0-3.7 s against 2.1-3.2 s (2 rounds).
        self.process = subprocess.Popen(
            [sys.executable, "-m", "compileall", "-q", "-j", "1", "-x", _NEVER_READ,
             *packages, *installed],
            stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
            start_new_session=True,  # a Ctrl-C meant for the tests does not reach it
        )
        os.environ[STARTED] = "1"

    def close(self) -> None:
        """Wait for the compiling to end (it is quick once the suite is over): killed
        halfway, it would leave nothing wrong, only less compiled."""
        try:
            self.process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()


def start(project: Path) -> Compiling | None:
    """Compile for this session's processes, unless that is not needed: Python writes
    bytecode as usual, or another session (the one that started this one, or this one's
    controller when this is a pytest-xdist worker) does it."""
    if not sys.flags.dont_write_bytecode or os.environ.get(STARTED):
        return None
    return Compiling(project)
