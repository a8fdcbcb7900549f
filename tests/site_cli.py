"""`aoc` against the stand-in site (tests/fake_aoc.py), with the clock
(`calendar.current_time`) moved by `shift` seconds, in one of two ways: `aoc_in_process`,
in this process (the cheap default), or `aoc`, in a process of its own, for a subject
that belongs to a process (the environment or locale read at start-up, signals, a real
terminal, what is written at exit, the log lines pytest's logging holds here). `aoc`
takes one command or several (one process for all); `aoc_argv` is its command line, for
a test that starts the process itself (on a pseudo-terminal, say).
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
from typing import TextIO, overload
from unittest import mock

from conftest import TESTS, AocdHome
from fake_aoc import FakeAoC
from project_copy import isolated

_ENV_READ_AT_IMPORT = ("AOCD_DIR", "AOCD_CONFIG_DIR", "PYTHONPATH", "AOC_TESTS_HIDE_FOLDERS")


def _env(env: dict[str, str], cwd: Path | None) -> dict[str, str]:
    """A copy of the project (a folder with a pyproject.toml) hides the original."""
    return isolated(env) if cwd is not None and (cwd / "pyproject.toml").exists() else env


# --- in this process ---------------------------------------------------------------------


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


def aoc_in_process(
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    shift: float = 0.0,
    encoding: str | None = None,
    typed: str | None = None,
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
        raise ValueError(
            f"aoc {' '.join(args)} changes {changed}, read when a process starts "
            "(as working on a copy of the project does): use site_cli.aoc"
        )
    if typed is None:
        (out, out_text), (err, err_text) = _capture(encoding), _capture(encoding)
    else:
        out, err = Screen(), Screen()
        out_text, err_text = out.getvalue, err.getvalue
    now = calendar.current_time
    with (
        mock.patch.dict(os.environ, env, clear=True),
        chdir(cwd or os.curdir),
        mock.patch.object(calendar, "current_time", lambda: now() + timedelta(seconds=shift)),
        mock.patch.object(sys, "argv", ["aoc", *args]),
        nullcontext() if typed is None else mock.patch.object(sys, "stdin", Screen(typed)),
        redirect_stdout(out),
        redirect_stderr(err),
    ):
        code = main(list(args))
    return subprocess.CompletedProcess(["aoc", *args], code, out_text(), err_text())


# --- in a process of its own ---------------------------------------------------------------

Command = list[str] | tuple[str, ...]
"""One command's arguments, among several given to `aoc`."""

_CHILD = r"""
import json
import os
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
if not sys.argv[4]:
    sys.argv = ["aoc", *sys.argv[5:]]
    sys.exit(main())  # as the program is run
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
"""A process of `aoc` against the site at argv[1] ("": none, and the network block
refuses any other), the tests' folder argv[3] on its path, the clock moved by argv[2] s.
argv[4] empty: the command argv[5:] as the program runs it. Else, argv[4] a JSON list
of commands, each through `main` called from code (which reads the environment, the
token and the days anew, as a fresh process does) after its files are written (text) or
removed (None); ASCII's record separator ends each one's output, with its exit code
between two on stdout."""


def _several(given: Sequence[str | Command]) -> list[Command] | None:
    """The commands given, or None for one command's arguments (strings)."""
    several = [arg for arg in given if not isinstance(arg, str)]
    if several and len(several) != len(given):
        raise TypeError("aoc takes one command's arguments, or several commands, not both")
    return several or None


def aoc_argv(
    site: FakeAoC | None,
    *commands: str | Command,
    shift: float = 0.0,
    settings: Sequence[Mapping[str, str]] = (),
    cwds: Sequence[Path | None] = (),
    writes: Sequence[Mapping[Path, str | None]] = (),
) -> list[str]:
    """The command line of `aoc`'s process (its arguments alike), for a test that starts
    it itself. Several commands on a terminal: each one's output ends at its exit code
    between two record separators on stdout, then one on stderr."""
    url = "" if site is None else site.url
    start = [sys.executable, "-c", _CHILD, url, repr(shift), str(TESTS)]
    if (several := _several(commands)) is None:
        if settings or cwds or writes:
            raise TypeError("settings, cwds and writes are for several commands")
        return [*start, "", *map(str, commands)]
    settings = list(settings) or [{}] * len(several)
    folders = [str(folder or "") for folder in cwds or [None] * len(several)]
    files = [
        {str(path): text for path, text in each.items()} for each in writes or [{}] * len(several)
    ]
    if changed := [name for each in settings for name in each if name in _ENV_READ_AT_IMPORT]:
        raise ValueError(f"settings change {changed}, read when a process starts")
    runs = json.dumps(
        [
            [list(args), dict(each), folder, written]
            for args, each, folder, written in zip(several, settings, folders, files, strict=True)
        ]
    )
    return [*start, runs]


@overload
def aoc(
    site: FakeAoC | None,
    home: AocdHome,
    *args: str,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    shift: float = 0.0,
    encoding: str | None = None,
    timeout: float = 120,
    wrapper: Sequence[str] = (),
) -> subprocess.CompletedProcess[str]: ...


@overload
def aoc(
    site: FakeAoC | None,
    home: AocdHome,
    *commands: Command,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    shift: float = 0.0,
    encoding: str | None = None,
    timeout: float = 120,
    wrapper: Sequence[str] = (),
    settings: Sequence[Mapping[str, str]] = (),
    cwds: Sequence[Path | None] = (),
    writes: Sequence[Mapping[Path, str | None]] = (),
) -> list[subprocess.CompletedProcess[str]]: ...


def aoc(
    site: FakeAoC | None,
    home: AocdHome,
    *commands: str | Command,
    cwd: Path | None = None,
    env: dict[str, str] | None = None,
    shift: float = 0.0,
    encoding: str | None = None,
    timeout: float = 120,
    wrapper: Sequence[str] = (),
    settings: Sequence[Mapping[str, str]] = (),
    cwds: Sequence[Path | None] = (),
    writes: Sequence[Mapping[Path, str | None]] = (),
) -> subprocess.CompletedProcess[str] | list[subprocess.CompletedProcess[str]]:
    """`aoc ARGS` run to its end in a process of its own, in `env` (default: `home`'s)
    and `cwd`, under `wrapper` (a limit, a read-only folder), its output read in
    `encoding` (default: the locale's); against `site` (None: none, the network blocked).
    Given several commands (lists), ONE process runs them in turn and a result comes back
    for each: each with the variables of its `settings` set on top (none read at
    start-up), in its folder of `cwds` (default: `cwd`), after the files of its `writes`
    are written (or, None, removed). What the process writes at its exit goes to the last."""
    done = subprocess.run(
        [
            *wrapper,
            *aoc_argv(site, *commands, shift=shift, settings=settings, cwds=cwds, writes=writes),
        ],
        cwd=cwd,
        env=_env(env or home.env(), cwd),
        capture_output=True,
        text=True,
        encoding=encoding,
        timeout=timeout,
    )
    if (several := _several(commands)) is None:
        return done
    outs, errs = re.split("\x1e(-?\\d+)\x1e", done.stdout), done.stderr.split("\x1e")
    if done.returncode != 0 or len(outs) != 2 * len(several) + 1 or len(errs) != len(several) + 1:
        raise AssertionError(
            f"aoc's process ended early ({done.returncode}):\n{done.stdout}\n{done.stderr}"
        )
    ran = [
        subprocess.CompletedProcess(["aoc", *args], int(outs[2 * i + 1]), outs[2 * i], errs[i])
        for i, args in enumerate(several)
    ]
    ran[-1].stdout += outs[-1]
    ran[-1].stderr += errs[-1]
    return ran


# --- for tests of the sending rules -----------------------------------------------------


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

    def wait_until(self, until: object, why: str) -> None:
        raise AssertionError("no wait in this test")

    def wait_for_sender(self, what: str, done: object, within: float) -> bool:
        raise AssertionError("no other run sends in this test")

    def checking_example(
        self, year: int, day: int, part: int, label: str, number: int, count: int
    ) -> nullcontext[None]:
        self.checked.append((year, day, part, label, number, count))
        return nullcontext()
