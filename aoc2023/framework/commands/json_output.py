"""`--json`: stdout is one JSON document whatever happens (docs/reference/output.md).
Under `one_document` fd 1, `sys.stdout` and `sys.__stdout__` point at stderr, so whatever
else writes lands there; the command hands its document to `put`, an error to `said`."""

from __future__ import annotations

import json
import os
import signal
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any, TextIO

import typer

from aoc2023.framework import output
from aoc2023.framework.errors import Terminated, sentence_of
from aoc2023.framework.output import printable
from aoc2023.framework.results import ExitCode

FOR_PEOPLE = ("-h", "--help", "--version")
"""Asked for people even beside --json."""


class _Outcome:
    """What the command under `one_document` has made so far, and stdout as it was while
    it points at stderr (not a dataclass: startup_tricks.py)."""

    def __init__(self) -> None:
        self.document: str | None = None
        self.error: str | None = None
        self.handed_over = False
        self.take()

    def take(self) -> None:
        """Point file descriptor 1, `sys.stdout` and `sys.__stdout__` at stderr."""
        output.flush()
        self.stdout, self.dunder_stdout = sys.stdout, sys.__stdout__  # None: no console
        self.fd: int | None = None
        with suppress(OSError):  # fd 1 is not open (`aoc ... >&-`)
            self.fd = os.dup(1)
        if self.fd is not None:
            try:
                os.dup2(2, 1)
            except OSError:  # fd 2 is not open: fd 1 onto the null device
                null = os.open(os.devnull, os.O_WRONLY)
                os.dup2(null, 1)
                os.close(null)
        sys.stdout = sys.__stdout__ = sys.stderr  # type: ignore[misc, assignment]

    def give_back(self) -> None:
        """Stdout as it was taken, the file descriptor saved closed."""
        output.flush()
        if self.fd is not None:
            os.dup2(self.fd, 1)
            os.close(self.fd)
        sys.stdout, sys.__stdout__ = self.stdout, self.dunder_stdout  # type: ignore[misc]


_current: _Outcome | None = None


def asked(args: Sequence[str]) -> bool:
    """Whether the line asks for JSON: `--json` before any `--`, and nothing FOR_PEOPLE."""
    before = args[: args.index("--")] if "--" in args else args
    return "--json" in before and not any(name in before for name in FOR_PEOPLE)


def put(document: str) -> None:
    """The command's document: written at the end under `one_document`, else at once."""
    if _current is None:
        typer.echo(document)
    else:
        _current.document = document


def said(sentence: str) -> None:
    """The document's `error`, as on stderr; the first is kept (the cause)."""
    if _current is not None and _current.error is None:
        _current.error = sentence


@contextmanager
def handed_over() -> Iterator[None]:
    """Give stdout back to processes that print documents of their own (`aoc run --watch
    --json`); the command then adds none unless it fails."""
    if _current is None:
        yield
        return
    outcome = _current
    outcome.handed_over = True
    outcome.give_back()
    try:
        yield
    finally:
        outcome.take()


def one_document(command: Callable[[], int], *, seal: bool) -> int:
    """Run `command` (raising, `standalone_mode=False`) with stdout kept for one document;
    the exit code. `seal` (`aoc` the program): fd 1 stays on stderr and the document goes
    to the fd saved, so that a thread left running cannot write into it."""
    global _current
    _current = outcome = _Outcome()
    try:
        code = _invoke(command)
    finally:
        _current = None
        if not seal:  # whatever escaped, this process's stdout is its own again
            outcome.give_back()
    nothing_to_add = outcome.document is None and outcome.handed_over and code == ExitCode.OK
    document = None if nothing_to_add else _document(outcome, code)
    if not seal:
        return _write(document, sys.stdout) or code
    output.flush()
    if outcome.fd is None:
        return code
    out = open(outcome.fd, "w", encoding="utf-8", errors="replace")  # noqa: SIM115
    failed = _write(document, out)  # to the fd saved, then closed; stdout stays on stderr
    with suppress(OSError, ValueError):  # closing flushes what a failed write left: it fails
        out.close()
    return failed or code


def _invoke(command: Callable[[], int]) -> int:
    """`command`'s exit code, however it ends, its sentence said when there is one."""
    try:
        return command()
    except typer.TyperException as error:  # click's usage errors, each of which shows itself
        error.show()  # type: ignore[attr-defined]  # the usage line and sentence, as without --json
        said(printable(error.format_message()))
        return error.exit_code
    except typer.Exit as exit_:
        return exit_.exit_code
    except typer.Abort:
        return say_error("Aborted.", 1)
    except Terminated as stop:  # before KeyboardInterrupt: it is one
        return say_error(f"Stopped by {signal.Signals(stop.signum).name}.", 128 + stop.signum)
    except KeyboardInterrupt:
        return say_error("Interrupted by Ctrl-C.", ExitCode.INTERRUPTED)
    except SystemExit as exit_:
        if isinstance(exit_.code, str):
            return say_error(exit_.code, 1)
        return exit_.code if isinstance(exit_.code, int) else ExitCode.OK
    except Exception as error:
        return say_error(*sentence_of(error))


def say_error(sentence: str, code: int) -> int:
    """`code`, once `sentence` is said on stderr and as the document's `error` (`printable`)."""
    shown = printable(sentence)
    typer.echo(f"Error: {shown}", err=True)
    said(shown)
    return code


def _document(outcome: _Outcome, code: int) -> str:
    """The command's document, with `error` and `exit_code` if it failed; else those alone."""
    if outcome.error is None and outcome.document is not None:
        return outcome.document
    error = _unsaid(code) if outcome.error is None else outcome.error
    made: dict[str, Any] = {}
    if outcome.document is not None:
        with suppress(ValueError):
            loaded = json.loads(outcome.document)
            made = loaded if isinstance(loaded, dict) else {"document": loaded}
    return json.dumps({**made, "error": error, "exit_code": code}, indent=2)


def _unsaid(code: int) -> str:
    """The sentence of a command that ended saying nothing (Ctrl-C, as typer's exit 130)."""
    if code == ExitCode.INTERRUPTED:
        return "Interrupted by Ctrl-C before there was anything to report."
    if code - 128 in (getattr(signal, "SIGTERM", None), getattr(signal, "SIGHUP", None)):
        return f"Stopped by {signal.Signals(code - 128).name} before there was anything to report."
    return f"aoc ended with exit code {code} and no report; stderr says what it did."


def _write(document: str | None, stream: TextIO | None) -> int | None:
    """`document` (if any) on `stream`, redacted as the command's output; None, or 2 once
    the reason a write failed is said (a full disk: a reader gone has nothing to hear)."""
    try:
        if document is not None and stream is not None:
            out = output.wrapped(stream, *output.tokens_of(sys.stderr))
            out.write(document + "\n")
            out.flush()
    except (OSError, ValueError) as error:
        if isinstance(error, OSError) and not isinstance(error, BrokenPipeError):
            with suppress(OSError, ValueError):
                say_error(sentence_of(error)[0], ExitCode.COULD_NOT_RUN)
            return ExitCode.COULD_NOT_RUN
    return None
