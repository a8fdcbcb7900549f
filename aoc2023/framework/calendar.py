"""The Advent of Code calendar: which years, days and parts exist, and when each unlocks.

One home for these rules, so that the registry, the fetch, `aoc new` and `aoc list`
all refuse the same things with the same sentence. A year's number of days follows a
rule (`rule_days`), which the project's settings and the site itself can override
(`days_in_year`, day_counts.py). The time zone is loaded only when a time is asked
for: zoneinfo costs a run that needs no clock several milliseconds.
"""

from __future__ import annotations

from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from functools import cache
from typing import TYPE_CHECKING

from aoc2023.framework.errors import NoInputError, UsageError

if TYPE_CHECKING:
    from collections.abc import Iterable, Iterator
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
    """The days `year` has: the project's `[tool.aoc] days` for it, else what the site
    last showed (day_counts.py), else the rule, so that a year whose count changes
    needs no new release of aoc."""
    from aoc2023.framework import day_counts

    return day_counts.known().get(year) or rule_days(year)


def final_star_due(result: DayResult) -> bool:
    """Whether `result` is its year's last day with part 1 right: that day's part 2 is then
    the final star, looked at when answers are sent (submit.py)."""
    from aoc2023.framework.results import Status

    return result.day == days_in_year(result.year) and any(
        part.part == 1 and part.status is Status.CORRECT for part in result.parts)


def with_known_final_star(result: DayResult, known: str | None) -> DayResult:
    """`result` with its final star as part 2, `correct`, when `known` (aocd's record of
    the last day's part 2 for the input's owner) says it is in, and as it was otherwise:
    a run shows what is known of the star whether it sends answers or not (the claim
    itself is submit.py's)."""
    from aoc2023.framework.results import PartResult, Status

    if (known is None or result.source != "input" or result.variant is not None
            or result.day != days_in_year(result.year)
            or any(part.part == 2 for part in result.parts)):
        return result
    return result._replace(parts=(*result.parts, PartResult(2, Status.CORRECT)))


def learn_days(year: int, count: int, where: str) -> str | None:
    """The site shows `year` with `count` days (`where`: the page that tells it, "private
    leaderboard 424242"): remember it and follow it from now on. The notice to show when
    that is news: a count other than the rule's, or than the one remembered before."""
    from aoc2023.framework import day_counts
    from aoc2023.framework.project import DECEMBER_DAYS, load_settings

    if not 1 <= count <= DECEMBER_DAYS:
        return None
    before = day_counts.remember(year, count)
    had = rule_days(year) if before is None else before
    if count == had:
        return None
    shown = (f"adventofcode.com shows {year} with {count} days ({where}), where aoc's "
             f"calendar had {had}")
    setting = dict(load_settings().days).get(year)
    if setting is not None and setting != count:
        return f"{shown}; [tool.aoc] days sets {year} to {setting}, which aoc follows instead."
    return f"{shown}: aoc follows the site for {year} from now on."


def puzzle_parts(year: int, day: int) -> tuple[int, ...]:
    """The parts a puzzle has: the last day of a year has no part 2."""
    return (1,) if day == days_in_year(year) else (1, 2)


LAST_YEAR = 9999
"""The last year a date can have (`datetime.MAXYEAR`): the calendar cannot reach further."""
LAST_MOMENT = 253_402_214_399
"""The last second (since the epoch) shown in any time zone, 9999-12-30 23:59:59 UTC, a
day short of the last a datetime can hold: a time read from a page or a kept file past
it (or before the epoch) cannot be shown."""


def check_year(year: int) -> None:
    if year < FIRST_YEAR:
        raise UsageError(f"Advent of Code started in {FIRST_YEAR}; there is no {year}.")
    if year > LAST_YEAR:
        raise UsageError(f"There is no year {year} in aoc's calendar: its years run from "
                         f"{FIRST_YEAR} to {LAST_YEAR}.")


def check_day(year: int, day: int) -> None:
    """Refuse a year before the first, or a day the year does not have."""
    check_year(year)
    last = days_in_year(year)
    if not 1 <= day <= last:
        raise UsageError(f"There is no {year} day {day}: days of {year} run from 1 to {last}.")


def day_runs(days: Iterable[int]) -> list[tuple[int, int]]:
    """`days` in order as runs of consecutive days, each (first, last): 2, 3, 4, 7 is
    (2, 4), (7, 7)."""
    runs: list[tuple[int, int]] = []
    for day in sorted(set(days)):
        if runs and day == runs[-1][1] + 1:
            runs[-1] = (runs[-1][0], day)
        else:
            runs.append((day, day))
    return runs


def day_list(days: Iterable[int]) -> str:
    """Days as a sentence names them, consecutive ones as a range: `day 4`, `days 2-11`,
    `days 1, 3-5`. Every sentence that lists days says them so."""
    runs = day_runs(days)
    named = ", ".join(str(first) if first == last else f"{first}-{last}"
                      for first, last in runs)
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
    parts = [f"{days}d"] if days else []
    parts += [f"{hours}h"] if hours or days else []
    parts += [f"{minutes}m", f"{seconds}s"]
    return " ".join(parts)


def clock_time(moment: datetime | str, now: datetime | None = None) -> str:
    """A moment as every wait, unlock and past reply names it: local time, to the second
    (`22:13:59`), with the date when it is not today (`22:13:59 on 26 Nov 2026`). A moment
    as aocd's log writes it (ISO text, in the site's time zone) is read first; text that
    is no time is shown as it is."""
    if isinstance(moment, str):
        try:
            at = datetime.fromisoformat(moment.strip())
        except ValueError:
            return moment
    else:
        at = moment
    local = at.astimezone()
    today = (now or datetime.now(UTC)).astimezone().date()
    shown = f"{local:%H:%M:%S}"
    return shown if local.date() == today else f"{shown} on {local.day} {local:%b %Y}"


_wait_command: list[str | None] = [None]
"""The command whose --wait a locked day's sentence names, in `offering_wait`'s block (a
plain global: `aoc` runs one command at a time; contextvars would cost its import)."""


@contextmanager
def offering_wait(command: str) -> Iterator[None]:
    """Within the block, a locked day's sentence names `aoc COMMAND YEAR DAY --wait`: for
    the commands that have --wait (`aoc run`, `aoc new`), run without it."""
    before, _wait_command[0] = _wait_command[0], command
    try:
        yield
    finally:
        _wait_command[0] = before


def locked_message(year: int, day: int, now: datetime | None = None) -> str:
    """Why the puzzle cannot be had: not unlocked yet by the clock (when, Eastern and
    local time, and how to wait for it where the command can), or the site says so."""
    now = now or current_time()
    unlock = unlock_time(year, day)
    if now < unlock:
        sentence = (
            f"{year} day {day} is not unlocked yet: it unlocks at midnight Eastern time on "
            f"December {day}, {year} ({clock_time(unlock, now)}, your time), in "
            f"{describe_wait(unlock - now)}."
        )
        command = _wait_command[0]
        if command is not None:
            from aoc2023.framework.launcher import aoc_command

            sentence += f" {aoc_command(command, year, day, '--wait')} waits for it."
        return sentence
    return f"adventofcode.com says {year} day {day} is not available yet (HTTP 404)."


def ensure_unlocked(year: int, day: int, now: datetime | None = None) -> None:
    """Refuse, by the clock alone, a puzzle that has not unlocked yet: no request is sent."""
    now = now or current_time()
    if now < unlock_time(year, day):
        raise NoInputError(locked_message(year, day, now))
