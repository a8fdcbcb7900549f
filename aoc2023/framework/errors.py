"""Every exception of the framework, and the sentences errors are said in. An `AocError`
is one sentence and an exit code, caught once in `cli`; the others carry an outcome
inside the framework, or (`Interrupted`) a stop from outside."""

from __future__ import annotations

import errno
import os
import signal
from collections.abc import Sequence
from pathlib import Path

from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.results import DayResult, ExitCode, Status


class AocError(Exception):
    """Base of every error we expect a user to meet; its message is the sentence shown."""

    exit_code: ExitCode = ExitCode.COULD_NOT_RUN


class UsageError(AocError):
    """The command line asks for something that cannot be done (bad day list, unknown year)."""


class MissingDayError(AocError):
    """A day asked for has no module yet; not a UsageError, as a run goes on without it.
    `hint`: a look-alike file to rename, said instead of `aoc new`."""

    def __init__(self, year: int, day: int, module_name: str, hint: str | None = None):
        self.year, self.day, self.hint = year, day, hint
        after = f". {hint}" if hint else f": {aoc_command('new', year, day)} writes it."
        super().__init__(f"{year} day {day} has no solution yet ({module_name}){after}")


class NoSolutionsYet(AocError):
    """None of the several days asked for has a module yet."""

    def __init__(self, missing: Sequence[MissingDayError]):
        years = " or ".join(dict.fromkeys(str(error.year) for error in missing))
        super().__init__(f"None of the days asked for has a solution yet in {years}.")


class NoInputError(AocError):
    """The puzzle input could not be had: no token, a dead token, a locked puzzle, no network."""


class NotAnInput(NoInputError):
    """adventofcode.com answered with no input (empty, a web page): its page may still be had."""


class StillLocked(NoInputError):
    """adventofcode.com holds the puzzle locked (HTTP 404), whatever this machine's clock says."""


class InputError(AocError):
    """A puzzle input the day cannot solve, raised by a day's `parse` (or a part) to be said
    in one sentence naming the line at fault when there is one, never as a traceback."""

    def __init__(self, reason: str, line_number: int | None = None, line: str | None = None):
        self.reason, self.line_number, self.line = reason, line_number, line
        if line_number is not None:
            reason = f"line {line_number}: {reason}" + ("" if line is None else f": {quoted(line)}")
        super().__init__(reason)


def quoted(line: str, most: int = 80) -> str:
    """A line as an error quotes it: `repr`, cut to about `most` characters with "…"."""
    shown, keep = repr(line), most
    while len(shown) > most:
        shown = repr(line[:keep]) + "…"
        keep -= 1
    return shown


class DayLoadError(AocError):
    """A day's module exists but could not be imported or defines no solution."""


class SiteError(AocError):
    """adventofcode.com could not be asked, or refused us (one sentence)."""


class SentButNoReply(SiteError):
    """The answer went out, but no verdict came back: it may have been judged."""

    def __init__(self, message: str, why: str) -> None:
        super().__init__(message)
        self.why = why  # what happened, in a few words (HTTP 502...)


class DamagedFileError(AocError):
    """A file the framework reads or keeps is damaged or cannot be written (aocd's submission
    log: nothing is sent until it is repaired; the benchmark history)."""


class WriteFailed(DamagedFileError, OSError):
    """A file (or a lock) aoc writes could not be written: one sentence naming it and why.
    An OSError too, so a caller skipping a lost copy's OSError skips it."""

    def __init__(self, sentence: str, error: OSError, path: Path) -> None:
        OSError.__init__(self, error.errno, why_unwritable(error), str(path))
        self.sentence = sentence

    def __str__(self) -> str:
        return self.sentence


class NotSent(Exception):
    """A submission rule kept an answer back; the message (the part's note) says which.
    `failed`: what was asked could not be done, not a rule or the user saying no."""

    def __init__(
        self,
        note: str,
        status: Status | None = None,
        expected: str | None = None,
        *,
        failed: bool = False,
        refused: str | None = None,
    ):
        super().__init__(note)
        self.status, self.expected, self.failed = status, expected, failed
        self.refused = refused  # the site's earlier verdict proving it wrong (verdict.known)


class TimedOut(Exception):
    """A child process let `timeout` seconds pass without progress, and was killed."""

    def __init__(self, timeout: float, reports: dict[str, object]) -> None:
        super().__init__(f"timed out: stopped after {timeout:g} s (--timeout)")
        self.timeout = timeout
        self.reports = reports  # what the child reported before it was stopped


class ChildFailed(Exception):
    """The function raised in a child process (or the child died); the message says how."""

    def __init__(self, message: str, child_traceback: str | None = None) -> None:
        super().__init__(message)
        self.child_traceback = child_traceback


class PartFailed(Exception):
    """A part raised: aocd's runner, which calls our plugin, shows this for the day."""


class Interrupted(KeyboardInterrupt):
    """A stop from outside (`signum`) stopped a day; `result` is what finished, or None.
    A KeyboardInterrupt, so that pytest and aocd's runner stop as on Ctrl-C."""

    def __init__(self, result: DayResult | None = None, signum: int = signal.SIGINT) -> None:
        super().__init__()
        self.result, self.signum = result, signum


class Terminated(Interrupted):
    """SIGTERM or SIGHUP: an `Interrupted`, to take Ctrl-C's one path; exit 128 + `signum`."""


def signal_of(stop: BaseException | None) -> int:
    """The signal behind a stop from outside: SIGINT for a plain Ctrl-C."""
    return stop.signum if isinstance(stop, Interrupted) else signal.SIGINT


def stop_name(stop: BaseException | None) -> str:
    """The stop's name: "Ctrl-C", or its signal's."""
    signum = signal_of(stop)
    return "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name


def describe_error(error: BaseException) -> str:
    """A day's error (or a child's) in one line."""
    if isinstance(error, InputError):
        return f"bad input: {error}"
    if isinstance(error, SystemExit):
        return f"the day's code called sys.exit({error.code!r})"
    if isinstance(error, KeyboardInterrupt):
        return f"interrupted ({stop_name(error)})"
    try:
        return f"{type(error).__name__}: {error}" if str(error) else type(error).__name__
    except Exception:  # a day's own exception class may fail to say itself
        return f"{type(error).__name__}, whose message could not be made (its __str__ raised)"


_WHY = {
    errno.ENOSPC: "the disk is full",
    errno.EDQUOT: "the disk quota is used up",
    errno.EROFS: "it is on a read-only file system",
    **dict.fromkeys((errno.EACCES, errno.EPERM), "permission denied"),
    errno.EISDIR: "a folder is in its place",
    **dict.fromkeys((errno.ENOTDIR, errno.EEXIST), "a file is in the place of one of its folders"),
}
"""Why a write failed, in our words; EEXIST only ever comes from making its folders."""


def why_unwritable(error: OSError) -> str:
    """Why a file could not be written, in our words ("the disk is full")."""
    own = error.strerror and error.errno and error.strerror != os.strerror(error.errno)
    if own or isinstance(error, WriteFailed):
        return str(error.strerror)
    return _WHY.get(error.errno or 0) or (error.strerror or str(error)).rstrip(".")


_FULL = {errno.ENOSPC, errno.EDQUOT}  # a full disk's: with no file named, on aoc's output
_UNWRITABLE = {errno.EROFS, errno.EACCES, errno.EPERM, errno.ENOTDIR, *_FULL}
"""What a folder that cannot take a file (read-only, not ours, full, not a folder) raises."""


def unwritable_sentence(error: BaseException) -> str | None:
    """The sentence for a file (aocd's too) its folder would not take; else None."""
    if isinstance(error, WriteFailed):
        return str(error)
    if not isinstance(error, OSError) or error.errno not in _UNWRITABLE or not error.filename:
        return None
    folder = Path(error.filename).parent
    return (
        f"Could not use {error.filename} ({why_unwritable(error)}): {folder} must be a "
        "folder you can write to, for aocd's cache and aoc's records; make it one, or "
        "set AOCD_DIR (and AOCD_CONFIG_DIR) to one that is."
    )


def sentence_of(error: Exception) -> tuple[str, ExitCode]:
    """The sentence and exit code a command's error is shown with (else "unexpected")."""
    if isinstance(error, AocError):
        return str(error), error.exit_code
    if isinstance(error, OSError) and error.errno in _FULL and not error.filename:
        return f"Could not write aoc's output ({why_unwritable(error)}).", ExitCode.COULD_NOT_RUN
    sentence = unwritable_sentence(error) or (
        f"unexpected {type(error).__name__}: {error} (run again with --verbose for the traceback)."
    )
    return sentence, ExitCode.COULD_NOT_RUN
