"""Every answer `aoc` sends, written down before it is sent, and its reply after.

A reply can be lost after the site has judged the answer: the process killed while
waiting, the connection dropped, an HTTP error, aocd's log not writable. Without a
record, the next run would send the same (perhaps wrong) answer again, wasting a
guess and lengthening the site's wait. So the attempt is recorded durably first
(part, value, time), and its reply once it comes; an attempt with no reply recorded
is *unconfirmed*, and the value counts as already tried (see submit.py).

The journal is `aoc-attempts.json` in aocd's config folder (beside the wait file),
not in aocd's per-user cache folder, so that a cache folder that cannot be written
cannot lose a reply: the journal keeps it, and aocd's log gets it when it can.
Writes are atomic and serialised with a file lock.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from aoc2023.framework import store
from aoc2023.framework.errors import DamagedFileError
from aoc2023.framework.files import read_regular_text


@dataclass(frozen=True)
class Attempt:
    part: int
    value: str
    when: str
    message: str | None = None
    """The site's reply, once recorded; None while unconfirmed."""
    why: str | None = None
    """What is known of an unconfirmed attempt (no reply within 30 s, HTTP 502...)."""

    @property
    def unconfirmed(self) -> bool:
        return self.message is None


def _key(year: int, day: int) -> str:
    return f"{year}/{day:02d}"


def _read() -> dict[str, Any]:
    path = store.journal_file()
    try:
        data = json.loads(read_regular_text(path))
    except FileNotFoundError:
        return {}
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or error
        raise DamagedFileError(f"The record of sent answers {path} cannot be read ({why}): "
                               "nothing is sent until it is repaired or removed.") from error
    if not isinstance(data, dict) or not all(
            isinstance(puzzles, dict) and all(isinstance(e, list) for e in puzzles.values())
            for puzzles in data.values()):  # users, each with a list of attempts per puzzle
        raise DamagedFileError(f"The record of sent answers {path} is not in the expected "
                               "format: nothing is sent until it is repaired or removed.")
    return data


def attempts(user_id: str, year: int, day: int) -> list[Attempt]:
    """The attempts recorded for one user and puzzle, oldest first."""
    found = []
    for entry in _read().get(user_id, {}).get(_key(year, day), []):
        try:
            found.append(Attempt(int(entry["part"]), str(entry["value"]), str(entry["when"]),
                                 entry.get("message"), entry.get("why")))
        except (KeyError, TypeError, ValueError):
            continue  # not ours to interpret: passed over, and kept on disk
    return found


def unconfirmed(user_id: str, year: int, day: int, part: int) -> Attempt | None:
    """The latest attempt at `part` still waiting for its reply, if any."""
    waiting = [a for a in attempts(user_id, year, day) if a.part == part and a.unconfirmed]
    return waiting[-1] if waiting else None


def _update(user_id: str, year: int, day: int, change: Any) -> None:
    """Apply `change(entries)` to the puzzle's list, under the journal's lock."""
    path = store.journal_file()
    with store.locked(path):
        data = _read()
        entries = data.setdefault(user_id, {}).setdefault(_key(year, day), [])
        change(entries)
        store.write_json(path, data, indent=2)


def record_attempt(user_id: str, year: int, day: int, part: int, value: str, when: str) -> None:
    """Write down, before sending, that `value` is about to be sent for `part`."""
    _update(user_id, year, day, lambda entries: entries.append(
        {"part": part, "value": value, "when": when, "message": None}))


def _latest(entries: list[dict[str, Any]], part: int, value: str) -> dict[str, Any] | None:
    for entry in reversed(entries):
        if entry.get("part") == part and entry.get("value") == value \
                and entry.get("message") is None:
            found: dict[str, Any] = entry
            return found
    return None


def record_reply(user_id: str, year: int, day: int, part: int, value: str, message: str) -> None:
    """The site's reply to the unconfirmed attempt at `part` with `value`."""
    def change(entries: list[dict[str, Any]]) -> None:
        entry = _latest(entries, part, value)
        if entry is None:
            entry = {"part": part, "value": value, "when": ""}
            entries.append(entry)
        entry["message"] = message
        entry.pop("why", None)

    _update(user_id, year, day, change)


def record_no_reply(user_id: str, year: int, day: int, part: int, value: str, why: str) -> None:
    """What is known of an attempt whose reply never came: it stays unconfirmed."""
    def change(entries: list[dict[str, Any]]) -> None:
        entry = _latest(entries, part, value)
        if entry is not None:
            entry["why"] = why

    _update(user_id, year, day, change)


def forget(user_id: str, year: int, day: int, part: int, value: str) -> None:
    """The attempt certainly never reached the site (the connection was refused, the
    site did not know the token): it is no attempt at all."""
    def change(entries: list[dict[str, Any]]) -> None:
        entry = _latest(entries, part, value)
        if entry is not None:
            entries.remove(entry)

    _update(user_id, year, day, change)
