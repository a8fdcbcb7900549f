"""Errors a user can cause, each with one clear sentence and an exit code.

They are raised anywhere below the CLI and caught once in `cli`, which prints the
sentence (the traceback only with `--verbose`) and exits with `exit_code`.
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """The exit codes of `aoc`, as documented in the README."""

    OK = 0
    WRONG_ANSWER = 1
    COULD_NOT_RUN = 2


class AocError(Exception):
    """Base of every error we expect a user to meet; its message is the sentence shown."""

    exit_code: ExitCode = ExitCode.COULD_NOT_RUN


class UsageError(AocError):
    """The command line asks for something that cannot be done (bad day list, unknown year)."""


class NoInputError(AocError):
    """The puzzle input could not be had: no token, a dead token, a locked puzzle, no network."""


class NoTokenError(NoInputError):
    """No Advent of Code session token is configured."""


class InputError(AocError):
    """A puzzle input the day cannot solve, with the line at fault when there is one.

    Days raise it from `parse` (or a part) so that a broken input is reported as one
    sentence naming the line, never as a traceback.
    """

    def __init__(self, reason: str, line_number: int | None = None, line: str | None = None):
        self.reason = reason
        self.line_number = line_number
        self.line = line
        if line_number is None:
            message = reason
        elif line is None:
            message = f"line {line_number}: {reason}"
        else:
            message = f"line {line_number}: {reason}: {line!r}"
        super().__init__(message)
