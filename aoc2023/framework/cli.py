"""The `aoc` command line: the typer app, with each command registered from its module
(commands/), and `main`. `aoc` has no
options of its own but -h/--help and --version: a command line that starts with any other
option (`-y 2023`, `-sy 2023`...) is one for aocd's runner and is handed to it, so `aoc`
behaves the same whichever package's `aoc` script is installed.
"""

from __future__ import annotations

import gc
import logging
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from functools import cache
from typing import Annotated, Any, Protocol

import typer
import typer.main

from aoc2023.framework import output, registry
from aoc2023.framework.aocd.local import (
    clean_environment_token,
    find_token,
    saved_view_keys,
    token_read_anew,
    use_project_config_dir,
)
from aoc2023.framework.calendar import forget_day_counts
from aoc2023.framework.commands import bench, json_output, new, run
from aoc2023.framework.commands import examples as examples_command
from aoc2023.framework.commands import leaderboard as leaderboard_command
from aoc2023.framework.commands import list as list_command
from aoc2023.framework.commands import read as read_command
from aoc2023.framework.commands import stats as stats_command
from aoc2023.framework.commands import token as token_command
from aoc2023.framework.commands.options import HELP_OPTIONS, readable_help, show_version
from aoc2023.framework.errors import DamagedFileError, NoInputError, Terminated
from aoc2023.framework.results import ExitCode

COMMANDS: dict[str, Callable[..., None]] = {
    "run": run.run,
    "new": new.new,
    "list": list_command.list_days,
    "bench": bench.bench,
    "token": token_command.token,
    "leaderboard": leaderboard_command.leaderboard,
    "read": read_command.read,
    "examples": examples_command.examples,
    "stats": stats_command.stats,
}


def _commands(
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            is_eager=True,
            callback=show_version,
            help="Show the versions of aoc and of aocd, and exit.",
        ),
    ] = False,
) -> None:
    """Run, check and time Advent of Code solutions."""
    output.install(_token_to_redact())  # again, for `app` run without `main` (CliRunner)


def make_app(names: Iterable[str] = COMMANDS) -> typer.Typer:
    """The typer app with the commands `names`.

    Typer works out the parameters of every registered command each time it starts, so
    `main` builds only the command it is asked for when the command line names one
    (benchmarks/README.md, `startup_tricks.py`).
    """
    made = typer.Typer(
        name="aoc",
        help=(
            "Run, check and time Advent of Code solutions.\n\n"
            "Called with aocd's runner options instead of a command (aoc -y 2023 -d 7 -s), "
            "aoc runs aocd's own runner; aoc -y 2023 -h shows its help."
        ),
        no_args_is_help=True,
        context_settings={"help_option_names": list(HELP_OPTIONS)},
        add_completion=False,
        pretty_exceptions_enable=False,
    )
    made.callback()(_commands)  # also keeps a one-command app a group: `aoc run ...`
    for name in names:
        made.command(name)(COMMANDS[name])
    readable_help(made)  # after every command is registered
    return made


app = make_app()
"""Every command: what `aoc --help` lists, and what tests invoke."""


class _ClickCommand(Protocol):
    def main(self, *, args: list[str], prog_name: str, standalone_mode: bool) -> Any: ...


@cache
def _click_command(name: str | None) -> _ClickCommand:
    """The click command typer makes of the app with the command `name` (None: `app`),
    made once per process. Typer makes it again each time its app is called, working out
    every parameter anew, which was most of the cost of `main` called from code again
    and again; what it makes reads nothing of the environment, which click's `main` reads
    on each call (typer.main.get_command: typer's documented way to its click command)."""
    return typer.main.get_command(make_app([name]) if name else app)


def _token_to_redact() -> str | None:
    """The token; None when the token file cannot be read, or the token is too long to
    be one: nothing of it can be printed then, and a command that needs the token says
    why it cannot have it (`aoc --version` needs none)."""
    try:
        return find_token()
    except (DamagedFileError, NoInputError):  # unreadable, or no token at all (too long)
        return None


_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Unwound like an exception, so that `finally` blocks stop child processes (--timeout) on
the way out instead of leaving them running."""


class _Terminating:
    """The handler of SIGTERM and SIGHUP: raises `Terminated`, which takes Ctrl-C's one
    path (what finished is kept and shown, nothing is sent), and remembers the signal:
    the command's exit code is then 128 + the signal, whatever caught the stop on the way
    (typer, like a run, says 130 for a KeyboardInterrupt)."""

    def __init__(self) -> None:
        self.signum: int | None = None

    def __call__(self, signum: int, frame: object) -> None:
        if self.signum is None:
            self.signum = signum
        raise Terminated(signum)

    def exit_code(self, code: int) -> int:
        return code if self.signum is None else 128 + self.signum


def main(argv: list[str] | None = None) -> int:
    """The `aoc` command. Called as the program (`argv` None), it also exits once its work
    is done even if a day's code left threads running. Called from code (`argv` given), it
    reads the environment, the token and the days' files anew, as a fresh process would,
    and leaves the process as it found it, so that it can be called again."""
    if argv is not None:
        forget_day_counts()  # the settings and the days remembered, read anew too
        with _as_found(), token_read_anew(), registry.days_forgotten():
            return _main(argv)
    # What the program has imported so far (typer, the framework: tens of thousands of
    # objects) lives as long as it does: the cyclic garbage collector need not walk it
    # again, at each collection during the run nor at exit (benchmarks/README.md,
    # `startup_tricks.py`). Not when called from other code (tests), whose objects so
    # frozen would never be freed.
    gc.freeze()
    code = _main(sys.argv[1:], program=True)
    if any(not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(code)
    return code


@contextmanager
def _as_found() -> Iterator[None]:
    """Puts back what `_main` changes in the process: the environment (the token cleaned,
    the project's config folder), the redacting sys.stdout and sys.stderr (flushed), the
    signal handlers, and the log levels and handlers (--verbose)."""
    environ, streams = dict(os.environ), (sys.stdout, sys.stderr)
    handlers = [(signum, signal.getsignal(signum)) for signum in _SIGNALS]
    levels = {logger: logger.level for logger in (logging.getLogger(), logging.getLogger("aocd"))}
    log_handlers = list(logging.getLogger().handlers)
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stderr.flush()
        sys.stdout, sys.stderr = streams
        os.environ.clear()
        os.environ.update(environ)
        for signum, handler in handlers:
            signal.signal(signum, handler)
        logging.getLogger().handlers = log_handlers
        for logger, level in levels.items():
            logger.setLevel(level)


def _main(args: list[str], *, program: bool = False) -> int:
    output.new_screen()
    use_project_config_dir()
    output.install_stand_ins()
    with suppress(DamagedFileError, NoInputError):  # said by the command needing the token
        clean_environment_token()
    output.install(_token_to_redact(), *saved_view_keys())
    terminating = _Terminating()
    for signum in _SIGNALS:
        signal.signal(signum, terminating)
    try:
        if json_output.asked(args):  # one document on stdout, whatever happens
            return json_output.one_document(
                lambda: terminating.exit_code(_command(args, standalone=False)), seal=program
            )
        return terminating.exit_code(_command(args, standalone=True))
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
        return terminating.exit_code(code)
    except Terminated as stop:
        return 128 + stop.signum
    finally:
        _remind_of_contact()


def _remind_of_contact() -> None:
    """After a command that went to the site with no contact in its User-Agent, the line
    saying how to set one, once a day (`client.contact_reminder`): last, and on stderr,
    so that it never holds a run up nor enters `--json`'s document."""
    if "aoc2023.framework.aocd.client" not in sys.modules:  # nothing was asked of the site
        return
    from aoc2023.framework.aocd.client import contact_reminder

    if (line := contact_reminder()) is not None:
        print(line, file=sys.stderr)


def _command(args: list[str], *, standalone: bool) -> int:
    """The command `args` name, or aocd's runner; its exit code. `standalone`: the
    command line's errors are shown by typer and end in SystemExit, as typer does;
    without, they are raised (json_output.py says them)."""
    if args and args[0].startswith("-") and args[0] not in (*HELP_OPTIONS, "--version"):
        from aoc2023.framework.aocd.client import run_aocd_runner

        return run_aocd_runner(args)
    chosen = _click_command(args[0] if args and args[0] in COMMANDS else None)
    code = chosen.main(args=args, prog_name="aoc", standalone_mode=standalone)
    return code if isinstance(code, int) else ExitCode.OK
