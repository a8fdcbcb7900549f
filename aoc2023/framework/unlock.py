"""Waiting for a puzzle to unlock (`aoc new --wait`, `aoc run --wait`).

aocd has `aocd.utils.blocker`, which this does instead of, for three reasons: blocker
writes its countdown to stdout (ours is on stderr, so stdout stays the command's
output), it reads the clock through `datetime.now` itself (ours goes through
`calendar.current_time`, the one clock the tests can move), and it returns the instant
the local clock reaches midnight, when a clock a little fast would make the first
request early; this waits a safety margin past it. Nothing here prints: the caller is
given the time left at each tick.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import datetime, timedelta

from aoc2023.framework import calendar

MARGIN_SECONDS = 2.0
"""Kept past the unlock by this machine's clock, so that a clock a second or so fast
does not send the first request before the site has unlocked the puzzle."""


def time_to_unlock(year: int, day: int, now: datetime) -> timedelta:
    """How long from `now` until the puzzle may be asked for (the margin included);
    <= 0 when it may."""
    unlock = calendar.unlock_time(year, day) + timedelta(seconds=MARGIN_SECONDS)
    return unlock - now


def wait_for_unlock(
    year: int, day: int, tick: Callable[[timedelta], None],
    now: Callable[[], datetime] = lambda: calendar.current_time(),  # looked up when called
    sleep: Callable[[float], None] = time.sleep,
) -> bool:
    """Sleep until the puzzle unlocks (and the margin has passed) by the clock `now`,
    calling `tick` with the time left about once a second. Whether there was anything to
    wait for. The clock and the sleep are parameters so that a test can hand in a clock
    that moves only when slept on."""
    waited = False
    while (left := time_to_unlock(year, day, now())).total_seconds() > 0:
        waited = True
        tick(left)
        # Wake on the second boundary of the countdown, so that it shows whole seconds.
        sleep(min(left.total_seconds(), left.total_seconds() % 1 or 1.0))
    return waited


SITE_POLL_SECONDS = 10.0
SITE_WAIT_SECONDS = 300.0
"""When this machine's clock is ahead of the site's, the site still holds the puzzle
locked after our unlock: it is asked again every 10 s (polite: the site asks not to
hammer a locked endpoint), for 5 minutes at most (a clock further off needs fixing,
not waiting out)."""
SITE_CHECK_WINDOW = timedelta(hours=1)
"""The site is asked before a `--wait` ends only up to an hour past the unlock by this
clock: later than that, a locked reply is no clock's fault."""


def wait_for_site(
    ask: Callable[[], None], tick: Callable[[timedelta, int], None],
    now: Callable[[], datetime] = lambda: calendar.current_time(),
    sleep: Callable[[float], None] = time.sleep,
) -> None:
    """Call `ask` until it stops raising StillLocked: every SITE_POLL_SECONDS, for
    SITE_WAIT_SECONDS at most (then the last StillLocked is raised). `tick` is given the
    time to the next ask and how many asks the site refused, once a second."""
    from aoc2023.framework.errors import StillLocked

    give_up = now() + timedelta(seconds=SITE_WAIT_SECONDS)
    refused = 0
    while True:
        try:
            ask()
            return
        except StillLocked:
            refused += 1
            next_ask = now() + timedelta(seconds=SITE_POLL_SECONDS)
            if next_ask > give_up:
                raise
        while (left := next_ask - now()).total_seconds() > 0:
            tick(left, refused)
            sleep(min(1.0, left.total_seconds()))
