"""The `aoc` command line: the typer app, its commands (commands/), and `main`. A command
line that starts with an option other than -h/--help and --version (`-y 2023`...) is
handed to aocd's runner, so `aoc` behaves the same whichever package's script is installed.
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
from string import hexdigits
from typing import Annotated, Any

import typer
import typer.main

from aoc2023.framework import output, registry
from aoc2023.framework.aocd.local import (
    check_tokens_file,
    clean_environment_token,
    clean_token,
    find_token,
    saved_view_keys,
    token_read_anew,
    use_project_config_dir,
)
from aoc2023.framework.calendar import forget_day_counts
from aoc2023.framework.commands import bench, json_output, leaderboard, new, read, run, stats, token
from aoc2023.framework.commands import list as list_command
from aoc2023.framework.commands.options import HELP_OPTIONS, command_settings, show_version
from aoc2023.framework.errors import DamagedFileError, NoInputError, Terminated, sentence_of
from aoc2023.framework.results import ExitCode

COMMANDS: dict[str, Callable[..., None]] = {
    "run": run.run,
    "new": new.new,
    "list": list_command.list_days,
    "bench": bench.bench,
    "token": token.token,
    "leaderboard": leaderboard.leaderboard,
    "read": read.read,
    "examples": read.examples,
    "stats": stats.stats,
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
    output.install(*_secrets())  # again, for `app` run without `main` (CliRunner)


def make_app(names: Iterable[str] = COMMANDS) -> typer.Typer:
    """The typer app with the commands `names` (`main` builds only the one it is asked for:
    typer works out the parameters of every registered command each time it starts)."""
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
        made.command(name, **command_settings(COMMANDS[name]))(COMMANDS[name])
    return made


app = make_app()
"""Every command: what `aoc --help` lists, and what tests invoke."""


@cache
def _click_command(name: str | None) -> Any:  # typer's own click's Command
    """The click command of the app with the command `name` (None: `app`), made once per
    process rather than at each call of the app; it reads nothing of the environment."""
    return typer.main.get_command(make_app([name]) if name else app)


def _secrets() -> list[str | None]:
    """The token, and each token and token-shaped name (32 hex digits or more: a token pasted
    as a name) in aocd's token list, as far as they can be read: redacted before any log."""
    found: list[str | None] = []
    with suppress(DamagedFileError, NoInputError):
        found.append(find_token())
    with suppress(DamagedFileError):
        listed = check_tokens_file() or {}
        found += [name for name in listed if len(name) >= 32 and not name.strip(hexdigits)]
        for raw in listed.values():  # each on its own: one too long hides no other
            with suppress(NoInputError):
                found.append(clean_token(raw))
    return found


_SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name))
"""Unwound like an exception, so that `finally` blocks stop child processes (--timeout)."""


def main(argv: list[str] | None = None) -> int:
    """The `aoc` command. As the program (`argv` None), it exits once done even if a day's
    code left threads running. Called from code, it reads the environment, the token and
    the days anew, as a fresh process would, and leaves the process as it found it."""
    if argv is not None:
        forget_day_counts()
        with _as_found(), token_read_anew(), registry.days_forgotten():
            return _main(argv)
    # What is imported lives as long as the program: the garbage collector need not walk
    # it again (benchmarks/README.md). Not when called from code, which would leak it.
    gc.freeze()
    code = _main(sys.argv[1:], program=True)
    if any(not t.daemon for t in threading.enumerate() if t is not threading.main_thread()):
        output.flush()
        os._exit(code)
    return code


@contextmanager
def _as_found() -> Iterator[None]:
    """Puts back what `_main` changes: the environment, sys.stdout and sys.stderr (flushed),
    the signal handlers, and the log levels and handlers."""
    environ, streams = dict(os.environ), (sys.stdout, sys.stderr)
    handlers = [(signum, signal.getsignal(signum)) for signum in _SIGNALS]
    levels = {logger: logger.level for logger in (logging.getLogger(), logging.getLogger("aocd"))}
    log_handlers = list(logging.getLogger().handlers)
    try:
        yield
    finally:
        output.flush()
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
    output.install(*_secrets(), *saved_view_keys())
    stops: list[int] = []

    def terminate(signum: int, frame: object) -> None:
        """SIGTERM or SIGHUP: `Terminated` (Ctrl-C's path), and the exit code 128 + the
        first such signal, whatever caught the stop on the way (`exit_code`)."""
        stops.append(signum)
        raise Terminated(signum=signum)

    def exit_code(code: int) -> int:
        return 128 + stops[0] if stops else code

    for signum in _SIGNALS:
        signal.signal(signum, terminate)
    try:
        if json_output.asked(args):  # one document on stdout, whatever happens
            return json_output.one_document(
                lambda: exit_code(_command(args, standalone=False)), seal=program
            )
        return exit_code(_command(args, standalone=True))
    except SystemExit as exit_:
        code = exit_.code if isinstance(exit_.code, int) else 0 if exit_.code is None else 1
        return exit_code(code)
    except Terminated as stop:
        return exit_code(128 + stop.signum)  # the first signal's, as a second may come
    except OSError as error:  # typer's, but a closed pipe's: a view that could not be written
        return exit_code(json_output.say_error(*sentence_of(error)))
    finally:
        # After a command that went to the site with no contact in its User-Agent, the line
        # saying how to set one, once a day: last, on stderr (never in --json's document).
        if "aoc2023.framework.aocd.client" in sys.modules:  # else nothing was asked of it
            from aoc2023.framework.aocd.client import contact_reminder

            if (line := contact_reminder()) is not None:
                print(line, file=sys.stderr)


def _command(args: list[str], *, standalone: bool) -> int:
    """The command `args` name, or aocd's runner; its exit code. Not `standalone`, the
    command line's errors are raised (json_output.py says them), not shown by typer."""
    if args and args[0].startswith("-") and args[0] not in (*HELP_OPTIONS, "--version"):
        from aoc2023.framework.aocd.client import run_aocd_runner

        return run_aocd_runner(args)
    chosen = _click_command(args[0] if args and args[0] in COMMANDS else None)
    code = chosen.main(args=args, prog_name="aoc", standalone_mode=standalone)
    return code if isinstance(code, int) else ExitCode.OK
