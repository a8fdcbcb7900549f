"""What a command asks of the terminal itself: a yes/no question that Ctrl-C always ends
at once (`ask_yes_no`), and the countdown to a puzzle's unlock for `--wait`
(`wait_in_terminal`), which with a token ends only once the site has unlocked it too."""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta
from typing import IO, NoReturn

import typer

from aoc2023.framework import calendar
from aoc2023.framework.commands.options import fail
from aoc2023.framework.errors import Terminated
from aoc2023.framework.results import ExitCode

SLICE = 0.1
"""Seconds at most between Python's checks for Ctrl-C while the question waits."""


class Declined(Exception):
    """Ctrl-C or the end of input at the question: no, to it and to what follows."""


def wait_in_terminal(
    year: int, day: int, *, verbose: bool,
    now: Callable[[], datetime] = lambda: calendar.current_time(),  # looked up when called
    sleep: Callable[[float], None] = time.sleep,
    token: str | None = None,
) -> None:
    """Count down to the unlock on stderr (a live line on a terminal, else one line); with
    `token`, then fetch the input unless cached, waiting out a site still locked. Ctrl-C:
    exit 130, nothing fetched."""
    from aoc2023.framework.calendar import MARGIN_SECONDS, wait_for_unlock

    try:
        calendar.check_day(year, day)
    except Exception as error:
        fail(error, verbose)
    from aoc2023.framework.commands.view import (
        cell_width,
        smart_terminal,
        status_line,
        terminal_width,
    )

    live = smart_terminal(sys.stderr)
    width = terminal_width(sys.stderr)
    said = False
    when = calendar.clock_time(calendar.unlock_time(year, day), now())

    def tick(left: timedelta) -> None:
        nonlocal said
        line = f"{year} day {day} unlocks in {calendar.describe_wait(left)} ({when})"
        if live:
            full = f"{line}. Ctrl-C stops waiting."  # whole sentences, or the first alone
            sys.stderr.write(status_line(
                full if width is None or cell_width(full) < width else f"{line}.", width))
            sys.stderr.flush()
        elif not said:
            typer.echo(f"Waiting: {line}, and {MARGIN_SECONDS:g} s more to be safe.", err=True)
        said = True

    try:
        waited = wait_for_unlock(year, day, tick, now, sleep)
    except KeyboardInterrupt:
        _stopped(year, day, live=live)
    if waited:
        if live:
            sys.stderr.write(status_line("", width))
        typer.echo(f"{year} day {day} is unlocked.", err=True)
    if token is not None:
        _wait_for_site(year, day, token, now, sleep, verbose=verbose)


def _stopped(year: int, day: int, *, live: bool) -> NoReturn:
    """Ctrl-C while waiting: end the countdown's line, say so, exit 130."""
    if live:
        sys.stderr.write("\n")
    typer.echo(f"Stopped waiting for {year} day {day}: nothing was fetched.", err=True)
    raise typer.Exit(ExitCode.INTERRUPTED) from None


def _wait_for_site(
    year: int, day: int, token: str,
    now: Callable[[], datetime], sleep: Callable[[float], None], *, verbose: bool,
) -> None:
    """Fetch the input (unless cached) once the site unlocks the puzzle; any other failure
    is left to the command, which meets it again."""
    from aoc2023.framework.aocd import client
    from aoc2023.framework.aocd.paths import PuzzleCache
    from aoc2023.framework.calendar import (
        SITE_CHECK_WINDOW,
        SITE_POLL_SECONDS,
        SITE_WAIT_SECONDS,
        wait_for_site,
    )
    from aoc2023.framework.commands.view import smart_terminal, status_line, terminal_width
    from aoc2023.framework.errors import AocError, StillLocked

    if now() > calendar.unlock_time(year, day) + SITE_CHECK_WINDOW:
        return
    live = smart_terminal(sys.stderr)
    width = terminal_width(sys.stderr)
    said = 0

    def ask() -> None:
        cache = PuzzleCache.for_token(token, year, day)
        if cache is None or cache.read_input() is None:
            client.fetch_input(year, day, token)

    def tick(left: timedelta, refused: int) -> None:
        nonlocal said
        line = (f"adventofcode.com still holds {year} day {day} locked (this clock is ahead "
                "of the site's)")
        if live:
            sys.stderr.write(status_line(f"{line}: asking again in {calendar.describe_wait(left)}"
                                         ". Ctrl-C stops waiting.", width))
            sys.stderr.flush()
        elif said < refused:
            typer.echo(f"Waiting: {line}; asking again in {SITE_POLL_SECONDS:g} s.", err=True)
        said = refused

    try:
        wait_for_site(ask, tick, now, sleep)
    except KeyboardInterrupt:
        _stopped(year, day, live=live)
    except StillLocked:
        if live:
            sys.stderr.write(status_line("", width))
        minutes = SITE_WAIT_SECONDS / 60
        fail(StillLocked(
            f"adventofcode.com still holds {year} day {day} locked after {minutes:g} minutes of "
            f"asking every {SITE_POLL_SECONDS:g} s, though this machine's clock says it "
            "unlocked: nothing was fetched or written; check the clock and run the command "
            "again."), verbose)
    except AocError:
        pass  # the command fetches again, and says what went wrong
    if live and said:
        sys.stderr.write(status_line("", width))
    if said:
        typer.echo(f"{year} day {day} is unlocked on adventofcode.com.", err=True)


def wait_for_days(asked: Sequence[tuple[int, int]], verbose: bool) -> None:
    """`aoc run --wait`: until every (year, day) asked is unlocked; no wait without a token."""
    from aoc2023.framework.aocd.local import find_token

    token = find_token()
    if token is None:
        return
    from aoc2023.framework.calendar import SITE_CHECK_WINDOW

    # Not unlocked yet, or only just (the site's clock may be behind).
    recent = [(year, day) for year, day in asked
              if calendar.current_time() < calendar.unlock_time(year, day) + SITE_CHECK_WINDOW]
    if recent:
        wait_in_terminal(*max(recent), verbose=verbose, token=token)


def ask_yes_no(question: str, err: IO[str] | None = None, inp: IO[str] | None = None) -> bool:
    """`question [y/N]: ` on `err` until y, yes, n, no or empty (no), as click's `confirm`;
    Declined on Ctrl-C or the end of input. Not `input()`: a Ctrl-C just before its one
    blocking read would wait for Enter; `select` slices (`SLICE`) instead, in line mode."""
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
    """One line of `inp` ("" at its end), waited for in slices on a terminal (in line mode
    one read is one line: nothing left in Python's buffer unseen by `select`)."""
    try:
        fd = inp.fileno()
    except (AttributeError, OSError, ValueError):  # a test's text buffer
        return inp.readline()
    if os.name == "nt" or not os.isatty(fd):
        return inp.readline()
    while not select.select([fd], [], [], SLICE)[0]:
        pass
    return inp.readline()
