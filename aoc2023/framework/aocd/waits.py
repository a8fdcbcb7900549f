"""The wait the site imposes between answers, remembered across runs.

After a wrong answer adventofcode.com refuses answers for a while ("You gave an
answer too recently ... You have 4m 30s left to wait"). aocd only sleeps inside
one process; we record, per user, the time until which submitting is blocked,
in the aocd config folder, so that every later run honours it.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from aoc2023.framework import store
from aoc2023.framework.errors import DamagedFileError
from aoc2023.framework.files import read_string_map

MAX_WAIT = timedelta(hours=1)
"""Longer than the site ever asks to wait (minutes, after several wrong answers): a
recorded wait further ahead is a damaged file (a clock set wrong, a hand edit), not a
wait to obey for 400 days."""


_FIX = "remove it (a wait the site asked for is then forgotten: wait a minute first)"


def _damaged(reason: str) -> DamagedFileError:
    return DamagedFileError(f"The file of the site's waits {store.waits_file()} {reason}: {_FIX}.")


def _read() -> dict[str, str]:
    """The recorded waits. A damaged file is said, not taken as empty: taking it as empty
    would send answers during a wait the site asked for."""
    return read_string_map(store.waits_file(), "The file of the site's waits",
                           "a map of users to times", _FIX) or {}


def blocked_until(user_id: str, now: datetime) -> datetime | None:
    """When submitting becomes possible again for this user, if that is still to come."""
    text = _read().get(user_id)
    if text is None:
        return None
    try:
        until = datetime.fromisoformat(text)
    except ValueError as error:
        raise _damaged(f"holds {text!r}, which is not a time") from error
    if until.tzinfo is None:
        raise _damaged(f"holds {text!r}, a time without a time zone")
    if until > now + MAX_WAIT:
        raise _damaged(f"holds {text!r}, further ahead than the hour the site ever asks to "
                       "wait")
    return until if until > now else None


def record_wait(user_id: str, seconds: float, now: datetime) -> datetime:
    """Remember that this user may not submit for `seconds` from `now` (keeping any later
    time already recorded), MAX_WAIT at most. Written atomically: a crash never leaves
    half a file."""
    path = store.waits_file()
    with store.locked(path):  # runs on other days write it too
        until = now + min(timedelta(seconds=seconds), MAX_WAIT)
        earlier = blocked_until(user_id, now)
        if earlier is not None and earlier > until:
            until = earlier
        data = _read()
        data[user_id] = until.astimezone(UTC).isoformat()
        store.write_json(path, data, indent=2)
    return until
