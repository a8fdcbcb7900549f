"""Fetching a puzzle input through aocd, when it is not cached yet.

aocd is the only thing that talks to adventofcode.com; this module imports it
only on a cache miss and turns what can go wrong into one sentence each.
"""

from __future__ import annotations

import re
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo

from aoc2023.framework import config
from aoc2023.framework.errors import NoInputError

AOC_TIMEZONE = ZoneInfo("America/New_York")


def unlock_time(year: int, day: int) -> datetime:
    """Puzzles unlock at midnight, Eastern time, on their day of December."""
    return datetime(year, 12, day, tzinfo=AOC_TIMEZONE)


def describe_wait(delta: timedelta) -> str:
    seconds = max(0, int(delta.total_seconds()))
    days, rest = divmod(seconds, 86400)
    hours, rest = divmod(rest, 3600)
    minutes, seconds = divmod(rest, 60)
    parts = [f"{days}d"] if days else []
    parts += [f"{hours}h"] if hours or days else []
    parts += [f"{minutes}m", f"{seconds}s"]
    return " ".join(parts)


def locked_message(year: int, day: int, now: datetime | None = None) -> str:
    now = now or datetime.now(tz=AOC_TIMEZONE)
    unlock = unlock_time(year, day)
    if now < unlock:
        return (
            f"{year} day {day} is not unlocked yet: it unlocks at midnight Eastern time on "
            f"December {day}, {year}, in {describe_wait(unlock - now)}."
        )
    return f"adventofcode.com says {year} day {day} is not available yet (HTTP 404)."


def ensure_unlocked(year: int, day: int, now: datetime | None = None) -> None:
    """Refuse, by the clock alone, a puzzle that has not unlocked yet: no request is sent."""
    now = now or datetime.now(tz=AOC_TIMEZONE)
    if now < unlock_time(year, day):
        raise NoInputError(locked_message(year, day, now))


def fetch_input(year: int, day: int, token: str) -> str:
    """The user's input for the puzzle, fetched and cached by aocd."""
    ensure_unlocked(year, day)
    import aocd.exceptions
    import aocd.models
    import urllib3.exceptions

    token_place = f"$AOC_SESSION or {config.token_file()}"
    try:
        puzzle = aocd.models.Puzzle(year, day, user=aocd.models.User(token))
        return puzzle.input_data
    except aocd.exceptions.PuzzleLockedError as error:
        raise NoInputError(locked_message(year, day)) from error
    except aocd.exceptions.DeadTokenError as error:
        raise NoInputError(
            f"adventofcode.com refused the session token (it is dead or expired): "
            f"put a fresh one in {token_place}."
        ) from error
    except urllib3.exceptions.HTTPError as error:
        raise NoInputError(
            f"Could not reach adventofcode.com to fetch {year} day {day} "
            f"(no network?): {type(error).__name__}."
        ) from error
    except aocd.exceptions.AocdError as error:
        status = re.match(r"HTTP (\d+)", str(error))
        if status and status[1] in {"400", "401", "403"}:
            raise NoInputError(
                f"adventofcode.com refused the session token for {year} day {day} "
                f"(HTTP {status[1]}; it is dead or expired): put a fresh one in {token_place}."
            ) from error
        raise NoInputError(
            f"Could not fetch {year} day {day} from adventofcode.com: {error}."
        ) from error
