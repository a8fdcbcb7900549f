"""The countdown to a puzzle's unlock, on the terminal, for `aoc new --wait` and
`aoc run --wait`; Ctrl-C stops it cleanly (exit 130, nothing fetched)."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

import typer

from aoc2023.framework import calendar
from aoc2023.framework.cli.common import fail
from aoc2023.framework.results import ExitCode


def wait_in_terminal(
    year: int, day: int, verbose: bool,
    now: Callable[[], datetime] = lambda: calendar.current_time(),  # looked up when called
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Count down to the unlock of `year` `day` on stderr, then return at once: a line
    rewritten each second on a terminal, else one line said once. The clock and the
    sleep are `wait_for_unlock`'s."""
    from aoc2023.framework.unlock import MARGIN_SECONDS, wait_for_unlock

    try:
        calendar.check_day(year, day)
    except Exception as error:
        fail(error, verbose)
    from aoc2023.framework.render.table import smart_terminal, status_line, terminal_width

    live = smart_terminal(sys.stderr)
    width = terminal_width(sys.stderr)
    said = False
    local = calendar.unlock_time(year, day).astimezone()
    when = local.strftime("%H:%M:%S %Z on %d %b")

    def tick(left: timedelta) -> None:
        nonlocal said
        line = f"{year} day {day} unlocks in {calendar.describe_wait(left)} ({when})"
        if live:
            full = f"{line}; Ctrl-C stops..."
            sys.stderr.write(status_line(full if width is None or len(full) < width else line,
                                         width))
            sys.stderr.flush()
        elif not said:
            typer.echo(f"Waiting: {line}, and {MARGIN_SECONDS:g} s more to be safe.", err=True)
        said = True

    try:
        waited = wait_for_unlock(year, day, tick, now, sleep)
    except KeyboardInterrupt:
        if live:
            sys.stderr.write("\n")
        typer.echo(f"Stopped waiting for {year} day {day}: nothing was fetched.", err=True)
        raise typer.Exit(ExitCode.INTERRUPTED) from None
    if waited:
        if live:
            sys.stderr.write(status_line("", width))
        typer.echo(f"{year} day {day} is unlocked.", err=True)


def wait_for_days(years: Sequence[int], days: str | None, verbose: bool) -> None:
    """`aoc run --wait`: wait until every day asked for, of every year asked for, is
    unlocked (the last of them).
    With no token, the days' examples run, and there is nothing to wait for."""
    from aoc2023.framework import registry
    from aoc2023.framework.aocd.paths import find_token

    if find_token() is None:
        return
    try:
        asked = [(year, day) for year in years for day in registry.parse_days(days, year, [])]
    except Exception as error:
        fail(error, verbose)
    locked = [(year, day) for year, day in asked
              if calendar.current_time() < calendar.unlock_time(year, day)]
    if locked:
        wait_in_terminal(*max(locked), verbose)
