"""What was sent to the site and what it said: our journal of attempts, aocd's log of replies,
the site's wait. An attempt is written down before it is sent: one whose reply was lost
stays unconfirmed, counted as tried (docs/explanation/submission.md)."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from enum import StrEnum
from pathlib import Path
from typing import Any, TypeGuard

from aoc2023.framework import calendar, store
from aoc2023.framework.aocd.paths import PuzzleCache
from aoc2023.framework.errors import DamagedFileError
from aoc2023.framework.files import parse_json, read_regular_text, read_string_map, write_atomically


class Verdict(StrEnum):
    """What the site said of an answer sent to it."""

    RIGHT = "right"
    WRONG = "wrong"
    TOO_HIGH = "too high"
    TOO_LOW = "too low"
    WAIT = "wait"
    WRONG_LEVEL = "wrong level"
    UNKNOWN = "unknown"
    """A reply we cannot read: it proves nothing either way."""

    @property
    def is_wrong(self) -> bool:
        return self in {Verdict.WRONG, Verdict.TOO_HIGH, Verdict.TOO_LOW}


RIGHT = "That's the right answer"
WRONG = "That's not the right answer"
TOO_RECENT = "You gave an answer too recently"
WRONG_LEVEL = "You don't seem to be solving the right level"
FINISHED = "You've finished every puzzle"
"""In the reply that gives the final star (the last day's part 2): its "right answer"."""
_LEFT_TO_WAIT = re.compile(r"You have (?:(\d+)m )?(\d+)s left to wait")
_PLEASE_WAIT = re.compile(r"[Pp]lease wait (one|\d+) minutes? before trying again")


def read_verdict(message: str) -> Verdict:
    if FINISHED in message:
        return Verdict.RIGHT
    if message.startswith(WRONG):  # "...; your answer is too high."
        bounds = (Verdict.TOO_HIGH, Verdict.TOO_LOW)
        return next((b for b in bounds if f"your answer is {b}" in message), Verdict.WRONG)
    starts = {RIGHT: Verdict.RIGHT, TOO_RECENT: Verdict.WAIT, WRONG_LEVEL: Verdict.WRONG_LEVEL}
    return next((v for s, v in starts.items() if message.startswith(s)), Verdict.UNKNOWN)


def wait_seconds(message: str) -> int | None:
    """How long the site asks us to wait before the next answer, if it says."""
    if left := _LEFT_TO_WAIT.search(message):
        return int(left[1] or 0) * 60 + int(left[2])
    if please := _PLEASE_WAIT.search(message):
        return 60 * (1 if please[1] == "one" else int(please[1]))
    return None


@dataclass(frozen=True)
class Attempt:
    """An answer sent for a part: from aocd's log, or from our journal (aoc's own)."""

    part: int
    value: str
    when: str
    message: str | None = None
    """The site's reply, once recorded; None while unconfirmed."""
    why: str | None = None
    """What is known of an unconfirmed attempt (HTTP 502...)."""

    @property
    def verdict(self) -> Verdict:
        return Verdict.UNKNOWN if self.message is None else read_verdict(self.message)


def _unusable(said: str) -> DamagedFileError:
    """A journal or log that cannot be taken as it is: sending waits for it."""
    return DamagedFileError(f"{said}: nothing is sent until it is repaired or removed.")


def _read_json(path: Path, missing: object, what: str) -> Any:
    """`path`'s JSON, `missing` when there is no file; DamagedFileError naming `what` else."""
    try:
        return parse_json(read_regular_text(path))
    except FileNotFoundError:
        return missing
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or error
        raise _unusable(f"{what} {path} cannot be read ({why})") from error


def _entries(value: object, *texts: str) -> TypeGuard[list[dict[str, Any]]]:
    """Whether `value` is a list of objects, their fields `texts` text or null, as a log's
    or a journal's entries must be: else read past, they would fail a reply's record."""
    return isinstance(value, list) and all(
        isinstance(e, dict) and all(isinstance(e.get(t), str | None) for t in texts) for e in value
    )


def read_log_entries(path: Path) -> list[dict[str, Any]]:
    """aocd's submission log as on disk, [] when there is none; DamagedFileError when
    it is not a list of entries (sending on would ignore, and rewriting lose, its replies)."""
    if not _entries(entries := _read_json(path, [], "aocd's submission log")):
        raise _unusable(f"aocd's submission log {path} is not a list of replies")
    return entries


def read_log(path: Path) -> list[Attempt]:
    """aocd's submission log for one puzzle, entries aocd could not have written left out."""
    past = []
    for entry in read_log_entries(path):
        with suppress(KeyError):
            part = {"a": 1, "b": 2}[entry["part"]]
            value = str(entry["value"]).strip()
            past.append(Attempt(part, value, str(entry["when"]), str(entry["message"])))
    return past


def known_to_be_wrong(value: str, part: int, past: list[Attempt]) -> tuple[str, Verdict] | None:
    """Why past refusals prove `value` wrong for `part` (aocd's guard's rules: the same
    refused, beyond a bound or at it in another spelling, `0150`), and the site's verdict;
    or None (a bound past int()'s 4,300 digits bounds nothing). Right: verdict.known."""
    number = None
    with suppress(ValueError):
        number = int(value)
    for entry in past:
        if entry.part != part or not entry.verdict.is_wrong:
            continue  # a wait, the wrong level, a reply not understood prove nothing
        verdict, when = entry.verdict, calendar.clock_time(entry.when)
        if entry.value == value:
            return f"{value} was already sent for part {part} ({when}): {verdict}", verdict
        bound = None
        with suppress(ValueError):
            bound = int(entry.value) if re.fullmatch("-?[0-9]+", entry.value) else None
        if bound is not None and verdict is not Verdict.WRONG:
            high = verdict is Verdict.TOO_HIGH
            if number is None or (number >= bound if high else number <= bound):
                beyond = "lower" if high else "higher"
                return f"{entry.value} was {verdict} ({when}), and {value} is not {beyond}", verdict
    return None


def log_reply(cache: PuzzleCache, part: int, answer: str, message: str, *, right: bool) -> None:
    """Append the reply to aocd's submission log; remember a right answer as aocd does."""
    log = read_log_entries(cache.submissions_path)
    when = calendar.current_time().isoformat(sep=" ")
    log.append({"part": "ab"[part - 1], "value": answer, "when": when, "message": message})
    write_atomically(cache.submissions_path, json.dumps(log, indent=2))
    if right:
        write_atomically(cache.answer_path(part), answer)


def _read_journal() -> dict[str, Any]:
    path = store.journal_file()
    data = _read_json(path, {}, "The record of sent answers")
    if not isinstance(data, dict) or not all(
        isinstance(puzzles, dict) and all(_entries(e, "message", "why") for e in puzzles.values())
        for puzzles in data.values()
    ):  # users, each with a list of attempts per puzzle
        raise _unusable(f"The record of sent answers {path} is not in the expected format")
    return data


def attempts(user_id: str, year: int, day: int) -> list[Attempt]:
    """The attempts recorded for one user and puzzle, oldest first."""
    found = []
    for entry in _read_journal().get(user_id, {}).get(f"{year}/{day:02d}", []):
        with suppress(KeyError, TypeError, ValueError, OverflowError):  # not ours: kept on disk
            part, value, when = int(entry["part"]), str(entry["value"]), str(entry["when"])
            found.append(Attempt(part, value, when, entry.get("message"), entry.get("why")))
    return found


def unconfirmed(user_id: str, year: int, day: int, part: int) -> Attempt | None:
    """The latest attempt at `part` still waiting for its reply, if any."""
    found = reversed(attempts(user_id, year, day))
    return next((one for one in found if one.part == part and one.message is None), None)


@contextmanager
def _journal_of(user_id: str, year: int, day: int) -> Iterator[list[dict[str, Any]]]:
    """The puzzle's list of attempts, under the journal's lock; written back unless it raises."""
    path = store.journal_file()
    with store.locked(path):
        data = _read_journal()
        yield data.setdefault(user_id, {}).setdefault(f"{year}/{day:02d}", [])
        store.write_json(path, data, indent=2)


def record_attempt(user_id: str, year: int, day: int, part: int, value: str) -> None:
    """Write down, before sending, that `value` is about to be sent for `part`, now."""
    when = calendar.current_time().isoformat(sep=" ")
    with _journal_of(user_id, year, day) as entries:
        entries.append({"part": part, "value": value, "when": when, "message": None})


def _latest(entries: list[dict[str, Any]], part: int, value: str) -> dict[str, Any] | None:
    """The latest unconfirmed attempt at `part` with `value`, if any."""
    wanted = (part, value, None)
    found = [e for e in entries if (e.get("part"), e.get("value"), e.get("message")) == wanted]
    return found[-1] if found else None


def record_reply(user_id: str, year: int, day: int, part: int, value: str, message: str) -> None:
    """Record the site's reply to the unconfirmed attempt at `part` with `value`."""
    with _journal_of(user_id, year, day) as entries:
        if (entry := _latest(entries, part, value)) is None:
            entry = {"part": part, "value": value, "when": ""}
            entries.append(entry)
        entry["message"] = message
        entry.pop("why", None)


def record_no_reply(user_id: str, year: int, day: int, part: int, value: str, why: str) -> None:
    """Record why an attempt's reply never came; it stays unconfirmed."""
    with _journal_of(user_id, year, day) as entries:
        if (entry := _latest(entries, part, value)) is not None:
            entry["why"] = why


def forget(user_id: str, year: int, day: int, part: int, value: str) -> None:
    """Drop an attempt that certainly never reached the site."""
    with _journal_of(user_id, year, day) as entries:
        if (entry := _latest(entries, part, value)) is not None:
            entries.remove(entry)


MAX_WAIT = timedelta(hours=1)
"""Longer than the site ever asks: a wait further ahead is a damaged file."""

_WAITS = "The file of the site's waits"
_WAITS_FIX = "remove it (a wait the site asked for is then forgotten: wait a minute first)"


def _damaged_wait(text: str, reason: str) -> DamagedFileError:
    return DamagedFileError(
        f"{_WAITS} {store.waits_file()} holds {text!r}, {reason}: {_WAITS_FIX}."
    )


def _read_waits() -> dict[str, str]:
    """The recorded waits; a damaged file is said, not taken as empty (no wait)."""
    return read_string_map(store.waits_file(), _WAITS, "a map of users to times", _WAITS_FIX) or {}


def blocked_until(user_id: str, now: datetime) -> datetime | None:
    """When submitting becomes possible again for this user, if that is still to come."""
    if (text := _read_waits().get(user_id)) is None:
        return None
    try:
        until = datetime.fromisoformat(text)
    except ValueError as error:
        raise _damaged_wait(text, "which is not a time") from error
    if until.tzinfo is None:
        raise _damaged_wait(text, "a time without a time zone")
    if until > now + MAX_WAIT:
        raise _damaged_wait(text, "further ahead than the hour the site ever asks to wait")
    return until if until > now else None


SITE_WAIT = "the site asked to wait"
NO_REPLY_WAIT = "the last answer sent has no verdict yet, so aoc waits as after a wrong answer"
"""Who set a wait: the site, or aoc itself for a send with no verdict (kept as `<user> why`):
recorded as each answer goes, so that a run killed while it waits keeps it too."""


def record_wait(user_id: str, seconds: float, now: datetime, why: str = SITE_WAIT) -> datetime:
    """Record that this user may not submit for `seconds` (MAX_WAIT at most), and why. A
    later wait stays, with its own reason, but for aoc's own, which the site's word ends."""
    path = store.waits_file()
    with store.locked(path):  # runs on other days write it too
        until, data = now + min(timedelta(seconds=seconds), MAX_WAIT), _read_waits()
        ours = data.get(f"{user_id} why") == NO_REPLY_WAIT and why == SITE_WAIT
        if (kept := blocked_until(user_id, now)) is not None and kept >= until and not ours:
            return kept
        data[user_id], data[f"{user_id} why"] = until.astimezone(UTC).isoformat(), why
        store.write_json(path, data, indent=2)
    return until


def wait_reason(user_id: str) -> str:
    """Why this user's recorded wait was set (a hand-edited reason reads as the site's)."""
    return NO_REPLY_WAIT if _read_waits().get(f"{user_id} why") == NO_REPLY_WAIT else SITE_WAIT
