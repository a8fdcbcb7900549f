"""`aoc` against the stand-in site (tests/fake_aoc.py), in a process of its own (`aoc`,
`popen`, `command`) or, much cheaper, in this one (`aoc_in_process`), with the clock
(`calendar.current_time`) moved by `shift` seconds. A test whose subject belongs to a
process (the environment read at start-up, the installed script, signals, the log lines of
--verbose, which pytest's logging holds here) starts one; several commands that need a
process but not one each share one (`aoc_runs`, or `several` for a process the test
starts itself, on a terminal say).
"""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from collections.abc import Callable, Mapping, Sequence
from contextlib import chdir, nullcontext, redirect_stderr, redirect_stdout
from datetime import timedelta
from pathlib import Path
from typing import TextIO
from unittest import mock

from conftest import TESTS, AocdHome
from fake_aoc import FakeAoC
from project_copy import isolated

_STARTS = """
import sys
from datetime import timedelta

sys.path.append(sys.argv[3])
from aoc2023.framework import calendar
from aoc2023.framework.cli import main

if sys.argv[1]:  # else aocd is left unimported, as a process starts: main imports it
    from fake_aoc import point_aocd_at

    point_aocd_at(sys.argv[1])
now, shift = calendar.current_time, timedelta(seconds=float(sys.argv[2]))
calendar.current_time = lambda: now() + shift
"""
"""How a process of `aoc` against the site at argv[1] ("": none) starts: the tests'
folder argv[3] on its path, aocd pointed at the site, the clock moved by argv[2] s."""

CLI = _STARTS + """
sys.argv = ["aoc", *sys.argv[4:]]
sys.exit(main())  # as the program is run
"""


def command(site: FakeAoC | str | None, *args: str, shift: float = 0.0) -> list[str]:
    """`aoc ARGS` against `site` (or a site's address; None: one where nothing listens)."""
    url = site.url if isinstance(site, FakeAoC) else site or "http://127.0.0.1:9"
    return [sys.executable, "-c", CLI, url, repr(shift), str(TESTS), *args]


def _env(env: dict[str, str], cwd: Path | None) -> dict[str, str]:
    """A copy of the project (a folder with a pyproject.toml) hides the original."""
    return isolated(env) if cwd is not None and (cwd / "pyproject.toml").exists() else env


def aoc(site: FakeAoC | str | None, home: AocdHome, *args: str, cwd: Path | None = None,
        env: dict[str, str] | None = None, shift: float = 0.0, encoding: str | None = None,
        timeout: float = 120, wrapper: Sequence[str] = ()) -> subprocess.CompletedProcess[str]:
    """`command` run to its end under `wrapper`, its output read in `encoding` (default:
    the locale's)."""
    return subprocess.run([*wrapper, *command(site, *args, shift=shift)], cwd=cwd,
                          env=_env(env or home.env(), cwd), capture_output=True, text=True,
                          encoding=encoding, timeout=timeout)


def popen(site: FakeAoC, home: AocdHome, *args: str, cwd: Path | None = None,
          shift: float = 0.0) -> subprocess.Popen[str]:
    return subprocess.Popen(command(site, *args, shift=shift), cwd=cwd, env=_env(home.env(), cwd),
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


_ENV_READ_AT_IMPORT = ("AOCD_DIR", "AOCD_CONFIG_DIR", "PYTHONPATH", "AOC_TESTS_HIDE_FOLDERS")


def _capture(encoding: str | None) -> tuple[TextIO, Callable[[], str]]:
    """A stream to write to, and what was written to it."""
    if encoding is None:
        text = io.StringIO()
        return text, text.getvalue
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding)

    def written() -> str:
        stream.flush()
        return raw.getvalue().decode(encoding)
    return stream, written


class Screen(io.StringIO):
    """A terminal, as far as the command can tell (`isatty`), keeping what is written to
    it; as stdin, holding what is typed."""

    def isatty(self) -> bool:
        return True


def aoc_in_process(*args: str, cwd: Path | None = None, env: dict[str, str] | None = None,
                   shift: float = 0.0, encoding: str | None = None, typed: str | None = None
                   ) -> subprocess.CompletedProcess[str]:
    """`aoc ARGS` in this process as a fresh process would run it (`main` called from code
    reads the environment anew and leaves the process as it found it), against the site
    aocd is pointed at (the `fake_aoc` fixture's, else one the network block refuses), in
    `env` (default: the test's) and `cwd`, its output captured. An `env` or `cwd` that
    changes what a process reads at start-up is a ValueError: it needs `aoc`. `sys.argv` is
    the command line's, as in the process (a module that parses it at import sees that).
    With `encoding`, stdout and stderr take only what it encodes, as `PYTHONIOENCODING`
    makes them in a process (a locale, read at start-up, needs `aoc`). With `typed`, stdin,
    stdout and stderr are a terminal's (`Screen`: the live table, the questions before
    sending), stdin holding `typed`; a real terminal needs `aoc` on a pseudo-terminal."""
    from aoc2023.framework import calendar
    from aoc2023.framework.cli import main

    env = _env(dict(os.environ) if env is None else env, cwd)
    if changed := [name for name in _ENV_READ_AT_IMPORT if env.get(name) != os.environ.get(name)]:
        raise ValueError(f"aoc {' '.join(args)} changes {changed}, read when a process starts "
                         "(as working on a copy of the project does): use site_cli.aoc")
    if typed is None:
        (out, out_text), (err, err_text) = _capture(encoding), _capture(encoding)
    else:
        out, err = Screen(), Screen()
        out_text, err_text = out.getvalue, err.getvalue
    now = calendar.current_time
    with (mock.patch.dict(os.environ, env, clear=True), chdir(cwd or os.curdir),
          mock.patch.object(calendar, "current_time", lambda: now() + timedelta(seconds=shift)),
          mock.patch.object(sys, "argv", ["aoc", *args]),
          nullcontext() if typed is None else mock.patch.object(sys, "stdin", Screen(typed)),
          redirect_stdout(out), redirect_stderr(err)):
        code = main(list(args))
    return subprocess.CompletedProcess(["aoc", *args], code, out_text(), err_text())


SEVERAL = _STARTS + r"""
import json
import os

started_in = os.getcwd()
for args, settings, cwd, writes in json.loads(sys.argv[4]):
    for path, text in writes.items():
        if text is None:
            os.remove(path)
        else:
            with open(path, "w", encoding="utf-8") as file:
                file.write(text)
    os.chdir(cwd or started_in)
    environ = dict(os.environ)
    os.environ.update(settings)
    sys.argv = ["aoc", *args]
    code = main(args)
    os.environ.clear()
    os.environ.update(environ)
    print(f"\x1e{code}\x1e", end="", flush=True)
    print("\x1e", end="", file=sys.stderr, flush=True)
"""
"""Each command through `main` called from code, which reads the environment, the token
and the days anew, as a fresh process does, after its files are written (text) or removed
(None); ASCII's record separator ends each one's output, with its exit code on stdout."""


def several(site: FakeAoC | None, *commands: Sequence[str],
            settings: Sequence[Mapping[str, str]] = (), cwds: Sequence[Path | None] = (),
            writes: Sequence[Mapping[Path, str | None]] = (), shift: float = 0.0) -> list[str]:
    """The command line of `aoc_runs`' one process (its arguments alike), for a process
    wired otherwise: on a terminal, where each command's output ends at its exit code
    between two record separators on stdout, then one on stderr."""
    settings = list(settings) or [{}] * len(commands)
    folders = [str(folder or "") for folder in cwds or [None] * len(commands)]
    files = [{str(path): text for path, text in each.items()}
             for each in writes or [{}] * len(commands)]
    if changed := [name for each in settings for name in each if name in _ENV_READ_AT_IMPORT]:
        raise ValueError(f"settings change {changed}, read when a process starts")
    url = "" if site is None else site.url
    runs = json.dumps([[list(args), dict(each), folder, written] for args, each, folder, written
                       in zip(commands, settings, folders, files, strict=True)])
    return [sys.executable, "-c", SEVERAL, url, repr(shift), str(TESTS), runs]


def aoc_runs(site: FakeAoC | None, home: AocdHome, *commands: Sequence[str],
             settings: Sequence[Mapping[str, str]] = (), env: dict[str, str] | None = None,
             cwd: Path | None = None, cwds: Sequence[Path | None] = (),
             writes: Sequence[Mapping[Path, str | None]] = (), shift: float = 0.0,
             encoding: str | None = None, timeout: float = 120, wrapper: Sequence[str] = ()
             ) -> list[subprocess.CompletedProcess[str]]:
    """`aoc` run on each of `commands` in turn, in ONE process of its own (as `aoc`
    starts it: `env`, `cwd`, `wrapper`, `encoding` as there), each command with the
    variables of its `settings` set on top (a token, say; none read at start-up), in its
    folder of `cwds` (default: `cwd`), after the files of its `writes` are written (or,
    None, removed): a day saved between two runs, say. For what needs a process but not
    one per command: a locale, a read-only folder, a time limit against a hang. What the
    process writes at its exit goes to the last one."""
    done = subprocess.run(
        [*wrapper, *several(site, *commands, settings=settings, cwds=cwds, writes=writes,
                            shift=shift)],
        cwd=cwd, env=_env(env or home.env(), cwd), capture_output=True, text=True,
        encoding=encoding, timeout=timeout)
    outs, errs = re.split("\x1e(-?\\d+)\x1e", done.stdout), done.stderr.split("\x1e")
    if done.returncode != 0 or len(outs) != 2 * len(commands) + 1 \
            or len(errs) != len(commands) + 1:
        raise AssertionError(f"aoc_runs ended early ({done.returncode}):\n"
                             f"{done.stdout}\n{done.stderr}")
    ran = [subprocess.CompletedProcess(["aoc", *args], int(outs[2 * i + 1]), outs[2 * i],
                                       errs[i]) for i, args in enumerate(commands)]
    ran[-1].stdout += outs[-1]
    ran[-1].stderr += errs[-1]
    return ran


class SaysYes:
    """A prompter (submit.py's Prompter) for tests of the sending rules: yes to every
    question; keeps each example the check before a send says it runs, as (year, day,
    part, label, number, count); no wait, and no other run sending."""

    def __init__(self) -> None:
        self.checked: list[tuple[int, int, int, str, int, int]] = []

    def confirm(self, candidate: object) -> bool:
        return True

    def confirm_account(self, account: str) -> bool:
        return True

    def wait_until(self, until: object) -> None:
        raise AssertionError("no wait in this test")

    def wait_for_sender(self, what: str, done: object, within: float) -> bool:
        raise AssertionError("no other run sends in this test")

    def checking_example(self, year: int, day: int, part: int, label: str, number: int,
                         count: int) -> nullcontext[None]:
        self.checked.append((year, day, part, label, number, count))
        return nullcontext()
