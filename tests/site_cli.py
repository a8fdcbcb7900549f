"""`aoc` talking to the fake adventofcode.com (tests/fake_aoc.py): in a real process
(`aoc`, `popen`), or in this one (`aoc_in_process`).

In a process, aocd is pointed at the fake site as the `fake_aoc` fixture points it in
the tests' own (its puzzles' address, and /settings). A clock shift, when given, moves
the framework's clock (`calendar.current_time`), the one part that cannot be real:
the tests cannot wait for December 2075.

Which to use: a test whose subject is what a command says and does (its report, its
requests, its files) runs it in this process, which is much cheaper; a test whose
subject belongs to a process (the environment as read at start-up, an exit code through
the installed script, signals, what reaches the terminal when it dies) starts one.
"""

from __future__ import annotations

import io
import logging
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, redirect_stderr, redirect_stdout
from datetime import timedelta
from pathlib import Path

import pytest
from conftest import TESTS, AocdHome
from fake_aoc import FakeAoC
from project_copy import isolated

CLI = """
import sys
from datetime import timedelta

url, shift, tests = sys.argv[1], float(sys.argv[2]), sys.argv[3]
sys.path.append(tests)
from fake_aoc import point_aocd_at

point_aocd_at(url)
if shift:
    from aoc2023.framework import calendar
    _now = calendar.current_time
    calendar.current_time = lambda: _now() + timedelta(seconds=shift)
from aoc2023.framework.cli import main
sys.argv = ["aoc", *sys.argv[4:]]
sys.exit(main())  # as the program is run: what main does only then is done here too
"""


def _env(home: AocdHome, cwd: Path | None, env: dict[str, str] | None) -> dict[str, str]:
    """A copy of the project (a folder with a pyproject.toml) hides the original."""
    env = env or home.env()
    return isolated(env) if cwd is not None and (cwd / "pyproject.toml").exists() else env


def command(site: FakeAoC | str | None, *args: str, shift: float = 0.0) -> list[str]:
    """The command line of `aoc ARGS` against `site` (as `aoc` takes it)."""
    url = site.url if isinstance(site, FakeAoC) else site or "http://127.0.0.1:9"
    return [sys.executable, "-c", CLI, url, repr(shift), str(TESTS), *args]


def aoc(site: FakeAoC | str | None, home: AocdHome, *args: str, cwd: Path | None = None,
        env: dict[str, str] | None = None, shift: float = 0.0, encoding: str | None = None,
        timeout: float = 120, wrapper: Sequence[str] = ()) -> subprocess.CompletedProcess[str]:
    """Run `aoc ARGS` against `site` (or a site's address; None: an address where nothing
    listens); its output is read in `encoding` (default: the locale's); `wrapper` is a
    command it runs under."""
    return subprocess.run([*wrapper, *command(site, *args, shift=shift)], cwd=cwd,
                          env=_env(home, cwd, env), capture_output=True, text=True,
                          encoding=encoding, timeout=timeout)


def popen(site: FakeAoC, home: AocdHome, *args: str, cwd: Path | None = None,
          shift: float = 0.0) -> subprocess.Popen[str]:
    return subprocess.Popen(command(site, *args, shift=shift), cwd=cwd, env=_env(home, cwd, None),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


_ENV_READ_AT_IMPORT = ("AOCD_DIR", "AOCD_CONFIG_DIR", "PYTHONPATH", "AOC_TESTS_HIDE_FOLDERS")
"""Read once, when a process starts or imports aocd: an `env` that changes them needs a
process of its own (`aoc`)."""


def aoc_in_process(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
                   shift: float = 0.0) -> subprocess.CompletedProcess[str]:
    """`aoc ARGS` in this process, as a fresh process would run it: the same code from
    `main` on, against the site aocd is pointed at (the `fake_aoc` fixture's; without it,
    a real address that the network block refuses), with `env` as the environment
    (default: the test's) and `cwd` as the working folder, stdout and stderr captured
    (not a terminal). What a process keeps between commands (aocd's memo of token
    owners, the signal handlers `main` sets, the token found in the environment,
    `sys.argv`, aocd's runner's loader of tokens) is put back afterwards. `--verbose`
    shows its tracebacks here, but not its log lines (`logging.basicConfig` does nothing
    where pytest has set up logging): a test of what the log shows needs a process."""
    from aoc2023.framework.cli import main

    env = env if env is not None else dict(os.environ)
    changed = [name for name in _ENV_READ_AT_IMPORT if env.get(name) != os.environ.get(name)]
    if changed or (cwd is not None and (cwd / "pyproject.toml").exists()):
        raise ValueError(f"this command needs a process of its own (it changes {changed} "
                         "or works on a copy of the project): use site_cli.aoc")
    out, err = io.StringIO(), io.StringIO()
    with _as_a_fresh_process(env, cwd, shift), redirect_stdout(out), redirect_stderr(err):
        try:
            code = main(list(args))
        finally:
            sys.stdout.flush()  # the redacting streams main puts around these
            sys.stderr.flush()
    return subprocess.CompletedProcess(["aoc", *args], code, out.getvalue(), err.getvalue())


@contextmanager
def _as_a_fresh_process(env: dict[str, str], cwd: Path | None,
                        shift: float) -> Iterator[None]:
    import aocd.models
    import aocd.runner

    from aoc2023.framework import calendar
    from aoc2023.framework.aocd import paths

    handlers = {signum: signal.getsignal(signum) for signum in (signal.SIGTERM, signal.SIGHUP)}
    aocd_log_level = logging.getLogger("aocd").level
    environment = dict(os.environ)
    with pytest.MonkeyPatch.context() as patch:
        try:
            os.environ.clear()
            os.environ.update(env)
            if cwd is not None:
                patch.chdir(cwd)
            # aocd's runner (through `aoc -y ...`) sets these two: they are put back after.
            patch.setattr(sys, "argv", list(sys.argv))
            patch.setattr(aocd.runner, "_load_users", vars(aocd.runner)["_load_users"])
            patch.setattr(aocd.models.User, "_token2id", None)
            patch.setattr(paths, "_environment_as_pasted", None)
            patch.setattr(paths, "_exported_from_file", None)
            if shift:
                now = calendar.current_time
                patch.setattr(calendar, "current_time",
                              lambda: now() + timedelta(seconds=shift))
            yield
        finally:
            for signum, handler in handlers.items():
                signal.signal(signum, handler)
            logging.getLogger("aocd").setLevel(aocd_log_level)
            os.environ.clear()
            os.environ.update(environment)
