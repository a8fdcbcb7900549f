"""What a command asks of the terminal itself: a yes/no question that Ctrl-C always ends
at once (`ask_yes_no`), the countdown to a puzzle's unlock for `--wait`
(`wait_in_terminal`), and the sender's questions and waits (`TerminalPrompter`)."""

from __future__ import annotations

import os
import select
import sys
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext, suppress
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import typer

from aoc2023.framework import calendar
from aoc2023.framework.commands.options import fail
from aoc2023.framework.commands.view import cell_width, smart_terminal, status_line, terminal_width
from aoc2023.framework.errors import AocError, StillLocked, Terminated
from aoc2023.framework.output import printable
from aoc2023.framework.results import ExitCode

if TYPE_CHECKING:
    from aoc2023.framework.submit import Candidate

SLICE = 0.1
"""Seconds at most between Python's checks for Ctrl-C while the question waits."""


class _StatusLine:
    """A line on stderr rewritten in place on a terminal; elsewhere said once per `turn`.
    Either way printable (`output.printable`): a line may quote a day's answer."""

    def __init__(self) -> None:
        self.live = smart_terminal(sys.stderr)
        self.width = terminal_width(sys.stderr)
        self.turn = 0

    def show(self, live: str, plain: str, turn: int = 1) -> None:
        if self.live:
            sys.stderr.write(status_line(live, self.width))
            sys.stderr.flush()
        elif self.turn < turn:
            typer.echo(printable(plain), err=True)
        self.turn = turn

    def clear(self) -> None:
        if self.live:
            sys.stderr.write(status_line("", self.width))


def wait_in_terminal(
    year: int,
    day: int,
    *,
    verbose: bool,
    now: Callable[[], datetime] = lambda: calendar.current_time(),  # looked up when called
    sleep: Callable[[float], None] = time.sleep,
    token: str | None = None,
) -> None:
    """Count down to the unlock on stderr; with `token`, then fetch the input unless cached,
    waiting out a site still locked. Ctrl-C: exit 130, nothing fetched."""
    try:
        calendar.check_day(year, day)
    except Exception as error:
        fail(error, verbose=verbose)
    status = _StatusLine()
    when = calendar.clock_time(calendar.unlock_time(year, day), now())

    def tick(left: timedelta) -> None:
        line = f"{year} day {day} unlocks in {calendar.describe_wait(left)} ({when})"
        full = f"{line}. Ctrl-C stops waiting."  # whole sentences, or the first alone
        status.show(
            full if status.width is None or cell_width(full) < status.width else f"{line}.",
            f"Waiting: {line}, and {calendar.MARGIN_SECONDS:g} s more to be safe.",
        )

    try:
        if calendar.wait_for_unlock(year, day, tick, now, sleep):
            status.clear()
            typer.echo(f"{year} day {day} is unlocked.", err=True)
        if token is None or now() > calendar.unlock_time(year, day) + calendar.SITE_CHECK_WINDOW:
            return
        # Unlocked only just: the site's clock may be behind this one.
        from aoc2023.framework.aocd import client
        from aoc2023.framework.aocd.paths import PuzzleCache

        site_status = _StatusLine()  # its turns: the site's refusals
        poll = calendar.SITE_POLL_SECONDS

        def ask() -> None:
            cache = PuzzleCache.for_token(token, year, day)
            if cache is None or cache.read_input() is None:
                client.fetch_input(year, day, token)

        def site_tick(left: timedelta, refused: int) -> None:
            line = (
                f"adventofcode.com still holds {year} day {day} locked (this clock is ahead "
                "of the site's)"
            )
            site_status.show(
                f"{line}: asking again in {calendar.describe_wait(left)}. Ctrl-C stops waiting.",
                f"Waiting: {line}; asking again in {poll:g} s.",
                turn=refused,
            )

        try:
            calendar.wait_for_site(ask, site_tick, now, sleep)
        except StillLocked:
            site_status.clear()
            minutes = calendar.SITE_WAIT_SECONDS / 60
            locked = StillLocked(
                f"adventofcode.com still holds {year} day {day} locked after {minutes:g} minutes "
                f"of asking every {poll:g} s, though this machine's clock says it unlocked: "
                "nothing was fetched or written; check the clock and run the command again."
            )
            fail(locked, verbose=verbose)
        except AocError:
            pass  # the command fetches again, and says what went wrong
        if site_status.turn:
            site_status.clear()
            typer.echo(f"{year} day {day} is unlocked on adventofcode.com.", err=True)
    except KeyboardInterrupt:  # the countdown's line ended, nothing fetched: exit 130
        if status.live:
            sys.stderr.write("\n")
        typer.echo(f"Stopped waiting for {year} day {day}: nothing was fetched.", err=True)
        raise typer.Exit(ExitCode.INTERRUPTED) from None


def ask_yes_no(question: str) -> bool | None:
    """`question [y/N]: ` on stderr until y, yes, n, no or empty (no), as click's `confirm`;
    None (declined: no, to it and what follows) on Ctrl-C or the end of stdin. Not
    `input()`, whose one blocking read could miss a Ctrl-C: a terminal is waited on in slices."""
    tty = False
    with suppress(AttributeError, OSError, ValueError):  # a test's text buffer
        tty = os.name != "nt" and os.isatty(sys.stdin.fileno())
    try:
        while True:
            sys.stderr.write(f"{printable(question)} [y/N]: ")
            sys.stderr.flush()
            # in line mode one read is one line: nothing left in Python's buffer unseen by select
            while tty and not select.select([sys.stdin.fileno()], [], [], SLICE)[0]:
                pass
            line = sys.stdin.readline()  # "" at the end of stdin
            if not line:
                return None
            if (answer := line.strip().lower()) in ("y", "yes"):
                return True
            if answer in ("", "n", "no"):
                return False
            sys.stderr.write("Error: invalid input\n")
    except Terminated:
        raise  # SIGTERM, SIGHUP: not an answer, a stop
    except KeyboardInterrupt:
        return None


class TerminalPrompter:
    """submit.py's Prompter on the terminal: asks before sending, and shows the site's wait,
    another run's sending awaited, and the examples checked before a send."""

    def __init__(
        self,
        now: Callable[[], datetime] = lambda: datetime.now(UTC),
        sleep: Callable[[float], None] = time.sleep,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.stopped = False
        self.accounts: dict[str, bool] = {}
        self.now, self.sleep, self.clock = now, sleep, clock

    def confirm(self, candidate: Candidate) -> bool:
        """Ctrl-C or the end of input at the question means no, to this and the rest."""
        whose = f" for {candidate.account}" if candidate.account else ""
        if candidate.final_star:
            return self._ask(
                f"Claim the final star of {candidate.year}{whose} (day "
                f"{candidate.day} part 2: every other star is in)?"
            )
        again = " again" if candidate.tried else ""
        return self._ask(
            f"Send {candidate.answer}{again} as the answer to {candidate.year} "
            f"day {candidate.day} part {candidate.part}{whose}{candidate.caveat}?"
        )

    def confirm_account(self, account: str) -> bool:
        """Asked once per account, the reply kept; Ctrl-C means no, as in `confirm`."""
        if account not in self.accounts and not self.stopped:
            self.accounts[account] = self._ask(
                f"Send the new answers of account {account} (--yes: asked once per account)?"
            )
        return not self.stopped and self.accounts[account]

    def _ask(self, question: str) -> bool:
        if self.stopped:
            return False
        if (answer := ask_yes_no(question)) is None:
            self.stopped = True
            typer.echo("", err=True)
        return bool(answer)

    def checking_example(
        self, year: int, day: int, part: int, label: str, number: int, count: int
    ) -> AbstractContextManager[object]:
        """On a terminal, a line saying which example runs and for how long (rich's
        progress, on `clock`), gone once it is done; elsewhere one line per part."""
        if not smart_terminal(sys.stderr):
            if number == 1:
                typer.echo(
                    f"checking {year}/{day:02d} part {part}'s examples before sending...", err=True
                )
            return nullcontext()
        from rich.console import Console
        from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

        progress = Progress(
            SpinnerColumn(),
            TextColumn("{task.description}", markup=False),
            TimeElapsedColumn(),
            console=Console(file=sys.stderr, highlight=False),
            transient=True,
            get_time=self.clock,
        )
        what = f"{year}/{day:02d} part {part} before sending: {label} ({number} of {count})"
        progress.add_task(f"checking {what}", total=None)
        return progress

    def wait_until(self, until: datetime, why: str) -> None:
        """Sleep until `until`, saying `why`: a countdown on a terminal, else one line."""
        status = _StatusLine()
        while (left := until - self.now()).total_seconds() > 0:
            wait = calendar.describe_wait(left)
            status.show(
                f"{why[0].upper()}{why[1:]}: {wait} left. Ctrl-C stops.",
                f"Waiting {wait}, until {calendar.clock_time(until, self.now())}: {why}.",
            )
            self.sleep(min(1.0, left.total_seconds()))
        status.clear()

    def wait_for_sender(self, what: str, done: Callable[[], bool], within: float) -> bool:
        """Poll `done` a few times a second until it holds, at most `within` seconds on
        `clock`, saying what is awaited: whether it did."""
        status = _StatusLine()
        until = self.clock() + within
        shown = ""
        while not (came := done()) and (left := until - self.clock()) > 0:
            line = (
                f"Another run is sending {what}: waiting for its verdict, {left:.0f} s "
                "at most. Ctrl-C stops."
            )
            if line != shown:  # a second has gone
                status.show(
                    line,
                    f"Waiting: another run is sending {what}; waiting for its verdict "
                    f"({within:g} s at most).",
                )
                shown = line
            self.sleep(min(0.1, left))
        status.clear()
        return came
