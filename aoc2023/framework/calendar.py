"""The Advent of Code calendar: which years, days and parts exist, when each unlocks, and
waiting for it. One home, so that every command refuses the same things with the same
sentence. Nothing here prints: a wait's caller is told the time left."""

from __future__ import annotations

import itertools
import os
import re
from contextlib import contextmanager, suppress
from datetime import MAXYEAR, UTC, datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING

from aoc2023.framework import store
from aoc2023.framework.errors import NoInputError, StillLocked, UsageError
from aoc2023.framework.files import read_regular
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.results import PartResult, Status

if TYPE_CHECKING:
    from collections.abc import Callable, Iterable, Iterator
    from zoneinfo import ZoneInfo

    from aoc2023.framework.results import DayResult

FIRST_YEAR = 2015


@cache
def aoc_timezone() -> ZoneInfo:
    """US Eastern time, in which puzzles unlock (aocd uses the same zone)."""
    from zoneinfo import ZoneInfo

    return ZoneInfo("America/New_York")


def rule_days(year: int) -> int:
    """The rule: Advent of Code has 25 days a year until 2024, and 12 from 2025 on."""
    return 25 if year < 2025 else 12


def days_in_year(year: int) -> int:
    """The days `year` has: `[tool.aoc] days`, else the site's last count, else the rule
    (read once per process and folder, `_known`); UsageError for a bad setting."""
    where = (os.getcwd(), os.environ.get("AOCD_DIR"), os.environ.get("HOME"))
    if (counts := _known.get(where)) is None:
        counts = _known[where] = remembered_day_counts() | _set_days()
    return counts.get(year) or rule_days(year)


def final_star_due(result: DayResult) -> bool:
    """Whether `result` is its year's last day with part 1 right: the final star is due."""
    return result.day == days_in_year(result.year) and any(
        part.part == 1 and part.status is Status.CORRECT for part in result.parts
    )


def with_known_final_star(result: DayResult, known: str | None) -> DayResult:
    """`result` with its final star as part 2, `correct`, when `known` (aocd's record of
    the last day's part 2) says it is in; else as it was."""
    if (
        known is None
        or result.source != "input"
        or result.variant is not None
        or result.day != days_in_year(result.year)
        or any(part.part == 2 for part in result.parts)
    ):
        return result
    return result._replace(parts=(*result.parts, PartResult(2, Status.CORRECT)))


def learn_days(year: int, count: int | None, where: str) -> str | None:
    """Remember the site's `count` of days for `year` (`where`: the page; None: it gave
    none), under the lock; a notice if news."""
    from aoc2023.framework.project import DECEMBER_DAYS, load_settings

    if count is None or not 1 <= count <= DECEMBER_DAYS:
        return None
    path = store.day_counts_file()
    before = remembered_day_counts().get(year)
    with suppress(OSError), store.locked(path):  # a copy: the next page repairs it
        counts = remembered_day_counts()
        if (before := counts.get(year)) != count:
            counts[year] = count
            store.write_json(path, {str(y): c for y, c in sorted(counts.items())}, indent=2)
    forget_day_counts()
    if count == (had := rule_days(year) if before is None else before):
        return None
    shown = (
        f"adventofcode.com shows {year} with {count} days ({where}), where aoc's calendar had {had}"
    )
    if (setting := dict(load_settings().days).get(year)) is not None and setting != count:
        return f"{shown}; [tool.aoc] days sets {year} to {setting}, which aoc follows instead."
    return f"{shown}: aoc follows the site for {year} from now on."


def puzzle_parts(year: int, day: int) -> tuple[int, ...]:
    """The parts a puzzle has: the last day of a year has no part 2."""
    return (1,) if day == days_in_year(year) else (1, 2)


LAST_MOMENT = 253_402_214_399
"""9999-12-30 23:59:59 UTC, the last second any time zone can show: a time read past it
(or before the epoch) cannot be shown."""


def check_year(year: int) -> None:
    if year < FIRST_YEAR:
        raise UsageError(f"Advent of Code started in {FIRST_YEAR}; there is no {year}.")
    if year > MAXYEAR:
        raise UsageError(
            f"There is no year {year} in aoc's calendar: its years run from "
            f"{FIRST_YEAR} to {MAXYEAR}."
        )


def check_day(year: int, day: int) -> None:
    """Refuse a year before the first, or a day the year does not have."""
    check_year(year)
    last = days_in_year(year)
    if not 1 <= day <= last:
        raise UsageError(f"There is no {year} day {day}: days of {year} run from 1 to {last}.")


def day_list(days: Iterable[int]) -> str:
    """Days as every sentence names them: `day 4`, `days 2-11`, `days 1, 3-5`."""
    runs: list[tuple[int, int]] = []  # of consecutive days, (first, last)
    for day in sorted(set(days)):
        if runs and day == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], day)
        else:
            runs.append((day, day))
    named = ", ".join(str(first) if first == last else f"{first}-{last}" for first, last in runs)
    return f"day {named}" if len(runs) == 1 and runs[0][0] == runs[0][1] else f"days {named}"


def unlock_time(year: int, day: int) -> datetime:
    """Puzzles unlock at midnight, Eastern time, on their day of December."""
    return datetime(year, 12, day, tzinfo=aoc_timezone())


def current_time() -> datetime:
    return datetime.now(tz=aoc_timezone())


def describe_wait(delta: timedelta) -> str:
    """A wait as a person reads it: `2d 3h 4m 5s`, `4m 30s`."""
    seconds = max(0, int(delta.total_seconds()))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    return " ".join(
        [f"{days}d"] * bool(days)
        + [f"{hours}h"] * bool(hours or days)
        + [f"{minutes}m", f"{seconds}s"]
    )


def clock_time(moment: datetime | str, now: datetime | None = None) -> str:
    """A moment (or ISO text, as aocd's log writes it) as every sentence names it: local
    `22:13:59`, and `on 26 Nov 2026` when not today; text that is no time as it is."""
    try:
        at = datetime.fromisoformat(moment.strip()) if isinstance(moment, str) else moment
        local = at.astimezone()
    except (ValueError, OverflowError):  # text that is no time, or none a clock shows
        return str(moment)
    today = (now or datetime.now(UTC)).astimezone().date()
    shown = f"{local:%H:%M:%S}"
    return shown if local.date() == today else f"{shown} on {local.day} {local:%b %Y}"


_wait_command: list[str | None] = [None]
"""The command whose --wait a locked day's sentence names (a global: one command at a time)."""


@contextmanager
def offering_wait(command: str) -> Iterator[None]:
    """Within the block, a locked day's sentence names `aoc COMMAND YEAR DAY --wait`."""
    before, _wait_command[0] = _wait_command[0], command
    try:
        yield
    finally:
        _wait_command[0] = before


def locked_message(year: int, day: int, now: datetime | None = None) -> str:
    """Why the puzzle cannot be had: locked by the clock (when, how to wait), or by the site."""
    now = now or current_time()
    if now < (unlock := unlock_time(year, day)):
        sentence = (
            f"{year} day {day} is not unlocked yet: it unlocks at midnight Eastern time on "
            f"December {day}, {year} ({clock_time(unlock, now)}, your time), in "
            f"{describe_wait(unlock - now)}."
        )
        if (command := _wait_command[0]) is not None:
            sentence += f" {aoc_command(command, year, day, '--wait')} waits for it."
        return sentence
    return f"adventofcode.com says {year} day {day} is not available yet (HTTP 404)."


def ensure_unlocked(year: int, day: int, now: datetime | None = None) -> None:
    """NoInputError, by the clock alone, for a puzzle not unlocked yet."""
    if (now := now or current_time()) < unlock_time(year, day):
        raise NoInputError(locked_message(year, day, now))


# --- a year's days beyond the rule: the site's count, learnt from pages read anyway ------
# Kept per process for each working and data folder: asked for every day a command sees.

_DAYS_KEY = re.compile(rb"""\bdays["']?\s*[=.]""")
"""A TOML key `days`, bare or quoted, alone or dotted."""

_known: dict[tuple[str, str | None, str | None], dict[int, int]] = {}


def _set_days() -> dict[int, int]:
    """`[tool.aoc] days`, parsed only if a key `days` is there (tomllib's import is slow)."""
    from aoc2023.framework.project import find_pyproject, load_settings

    if (path := find_pyproject()) is None:
        return {}
    with suppress(OSError):  # unreadable: load_settings says so
        if not _DAYS_KEY.search(read_regular(path)):
            return {}
    return dict(load_settings(path.parent).days)


def forget_day_counts() -> None:
    """Read the setting and the remembered counts anew at the next question."""
    _known.clear()


def remembered_day_counts() -> dict[int, int]:
    """The counts the site showed; none when the file is missing or damaged (a copy)."""
    from aoc2023.framework.project import DECEMBER_DAYS

    if not isinstance((data := store.read_json(store.day_counts_file(), limit=64 * 1024)), dict):
        return {}
    return {
        int(year): count
        for year, count in data.items()
        if year.isascii()  # a JSON key: a str
        and year.isdigit()
        and type(count) is int
        and 1 <= count <= DECEMBER_DAYS
    }


# --- waiting for an unlock (`--wait`) -----------------------------------------------------
# Not aocd's `blocker`: it prints to stdout, reads `datetime.now` itself, and has no margin.

MARGIN_SECONDS = 2.0
"""Waited past the unlock, for a clock a little fast."""


def wait_for_unlock(
    year: int,
    day: int,
    tick: Callable[[timedelta], None],
    now: Callable[[], datetime],
    sleep: Callable[[float], None],
) -> bool:
    """Sleep until the puzzle unlocks (and the margin), `tick`ing each second; whether
    there was a wait."""
    unlock = unlock_time(year, day) + timedelta(seconds=MARGIN_SECONDS)
    waited = False
    while (left := unlock - now()).total_seconds() > 0:
        waited = True
        tick(left)
        sleep(min(left.total_seconds(), left.total_seconds() % 1 or 1.0))  # whole seconds
    return waited


SITE_POLL_SECONDS = 10.0
SITE_WAIT_SECONDS = 300.0
"""A clock ahead of the site's: the site is asked again politely, for 5 minutes at most
(a clock further off needs fixing)."""
SITE_CHECK_WINDOW = timedelta(hours=1)
"""Past an hour after the unlock, a locked reply is no clock's fault."""


def wait_for_site(
    ask: Callable[[], None],
    tick: Callable[[timedelta, int], None],
    now: Callable[[], datetime],
    sleep: Callable[[float], None],
) -> None:
    """Call `ask` every SITE_POLL_SECONDS until it stops raising StillLocked, raised after
    SITE_WAIT_SECONDS; `tick` given the time to the next ask and the refusals."""
    give_up = now() + timedelta(seconds=SITE_WAIT_SECONDS)
    for refused in itertools.count(1):
        try:
            ask()
            return
        except StillLocked:
            if (next_ask := now() + timedelta(seconds=SITE_POLL_SECONDS)) > give_up:
                raise
        while (left := next_ask - now()).total_seconds() > 0:
            tick(left, refused)
            sleep(min(1.0, left.total_seconds()))
