"""`aoc` in a real process, talking to the fake adventofcode.com (tests/fake_aoc.py).

aocd is pointed at the fake site the way the other tests do it (`aocd.models.URL`), and
the one address aocd writes out whole (`https://adventofcode.com/settings`, in
`aocd.utils.get_owner`) is sent to the fake site too. A clock shift, when given, moves
the framework's clock (`calendar.current_time`), the one part that cannot be real:
the tests cannot wait for December 2075.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from conftest import AocdHome
from fake_aoc import FakeAoC
from project_copy import isolated

CLI = """
import sys
from datetime import timedelta

from sitecustomize import when_imported  # tests/netblock, on every test process's path

url, shift = sys.argv[1], float(sys.argv[2])


def point_models(models):
    models.URL = url + "/{year}/day/{day}"


def point_utils(utils):
    utils.http._max_t = 0.0  # the fake site does not rate-limit
    get = utils.http.get
    utils.http.get = lambda address, *args, **kwargs: get(
        address.replace("https://adventofcode.com", url), *args, **kwargs)


# Each aocd module is pointed at the site as it is imported: aocd (0.2-0.4 s of CPU)
# is imported only if the command needs it, as in `aoc` itself.
when_imported("aocd.models", point_models)
when_imported("aocd.utils", point_utils)
if shift:
    from aoc2023.framework import calendar
    _now = calendar.current_time
    calendar.current_time = lambda: _now() + timedelta(seconds=shift)
from aoc2023.framework.cli import main
sys.exit(main(sys.argv[3:]))
"""


def _env(home: AocdHome, cwd: Path | None, env: dict[str, str] | None) -> dict[str, str]:
    """A copy of the project (a folder with a pyproject.toml) hides the original."""
    env = env or home.env()
    return isolated(env) if cwd is not None and (cwd / "pyproject.toml").exists() else env


def aoc(site: FakeAoC | None, home: AocdHome, *args: str, cwd: Path | None = None,
        env: dict[str, str] | None = None, shift: float = 0.0,
        ) -> subprocess.CompletedProcess[str]:
    """Run `aoc ARGS` against `site` (None: an address where nothing listens)."""
    url = site.url if site is not None else "http://127.0.0.1:9"
    return subprocess.run([sys.executable, "-c", CLI, url, repr(shift), *args], cwd=cwd,
                          env=_env(home, cwd, env), capture_output=True, text=True,
                          timeout=120)


def popen(site: FakeAoC, home: AocdHome, *args: str, cwd: Path | None = None,
          shift: float = 0.0) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", CLI, site.url, repr(shift), *args],
                            cwd=cwd, env=_env(home, cwd, None), stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)
