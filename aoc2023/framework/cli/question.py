"""A yes/no question on the terminal that Ctrl-C always ends at once.

`input()`, and click's `confirm` built on it, block in one read of the terminal, and
Python acts on a signal only between its own steps. Ctrl-C that comes after Python's
last check and before the read starts (the instant the question shows, say, while the
terminal's reader runs instead of this process) is noted and then left waiting until
Enter ends the read: a run deaf to Ctrl-C at the question. Seen in the tests, which
press Ctrl-C as soon as the question shows, about once in twenty runs on a busy machine.

So the answer is awaited in short `select` slices: a Ctrl-C missed by one slice is
acted on when the slice ends, within `SLICE` seconds. The terminal stays in its usual
line mode, so typing and erasing work as with `input()`.
"""

from __future__ import annotations

import os
import select
import sys
from typing import IO

from aoc2023.framework.errors import Terminated

SLICE = 0.1
"""Seconds at most between Python's checks for Ctrl-C while the question waits."""


class Declined(Exception):
    """Ctrl-C or the end of input at the question: no, to it and to what follows."""


def ask_yes_no(question: str, err: IO[str] | None = None, inp: IO[str] | None = None) -> bool:
    """`question [y/N]: ` on `err` until the answer is y, yes, n, no or empty (no), as
    click's `confirm` asks; Declined on Ctrl-C or the end of input."""
    err = err or sys.stderr
    inp = inp or sys.stdin
    try:
        while True:
            err.write(f"{question} [y/N]: ")
            err.flush()
            line = _read_line(inp)
            if not line:
                raise Declined
            answer = line.strip().lower()
            if answer in ("y", "yes"):
                return True
            if answer in ("", "n", "no"):
                return False
            err.write("Error: invalid input\n")
    except Terminated:
        raise  # SIGTERM, SIGHUP: not an answer, a stop
    except KeyboardInterrupt:
        raise Declined from None


def _read_line(inp: IO[str]) -> str:
    """One line of `inp` ("" at its end), waiting in slices where the wait can be sliced:
    a terminal (in line mode one read returns one whole line, so nothing is left in
    Python's buffer that `select` would not see) on a system with `select` on files."""
    try:
        fd = inp.fileno()
    except (AttributeError, OSError, ValueError):  # not a file: a test's text buffer
        return inp.readline()
    if os.name == "nt" or not os.isatty(fd):
        return inp.readline()
    while not select.select([fd], [], [], SLICE)[0]:
        pass
    return inp.readline()
