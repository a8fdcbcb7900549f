"""What adventofcode.com's reply to an answer means, and aocd's record of past replies.

The site answers a submission with a short page; this module reads it into a
`Verdict`, and reads and appends to aocd's own submission log
(`<user>/<year>_<day>_post.json`, written by aocd and by us in aocd's format), so
that aocd's guards see every answer we sent and we know which answers are already
known to be wrong, or out of a known "too high" / "too low" bound.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Any

from aoc2023.framework import calendar
from aoc2023.framework.aocd.paths import PuzzleCache
from aoc2023.framework.errors import DamagedLogError
from aoc2023.framework.files import read_regular_text, write_atomically


class Verdict(StrEnum):
    """What the site said of an answer sent to it."""

    RIGHT = "right"
    WRONG = "wrong"
    TOO_HIGH = "too high"
    TOO_LOW = "too low"
    WAIT = "wait"
    WRONG_LEVEL = "wrong level"
    UNKNOWN = "unknown"
    """A reply we cannot read ("Thanks! Your answer has been recorded."): it proves
    nothing either way, so only the puzzle page can say what became of the answer."""

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
    if message.startswith(RIGHT) or FINISHED in message:
        return Verdict.RIGHT
    if message.startswith(WRONG):
        if "your answer is too high" in message:
            return Verdict.TOO_HIGH
        if "your answer is too low" in message:
            return Verdict.TOO_LOW
        return Verdict.WRONG
    if message.startswith(TOO_RECENT):
        return Verdict.WAIT
    if message.startswith(WRONG_LEVEL):
        return Verdict.WRONG_LEVEL
    return Verdict.UNKNOWN


def wait_seconds(message: str) -> int | None:
    """How long the site asks us to wait before the next answer, if it says."""
    left = _LEFT_TO_WAIT.search(message)
    if left:
        return int(left[1] or 0) * 60 + int(left[2])
    please = _PLEASE_WAIT.search(message)
    if please:
        return 60 * (1 if please[1] == "one" else int(please[1]))
    return None


@dataclass(frozen=True)
class PastSubmission:
    part: int
    value: str
    message: str
    when: str

    @property
    def verdict(self) -> Verdict:
        return read_verdict(self.message)


def read_log_entries(path: Path) -> list[dict[str, Any]]:
    """aocd's submission log as it is on disk: [] when there is none yet.

    A log that exists but is not a list of entries is refused rather than taken as
    empty: sending on would ignore every reply it holds, and rewriting it would lose them.
    """
    try:
        entries = json.loads(read_regular_text(path))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        why = getattr(error, "strerror", None) or error
        raise DamagedLogError(f"aocd's submission log {path} cannot be read ({why}): "
                              "nothing is sent until it is repaired or removed.") from error
    if not isinstance(entries, list) or not all(isinstance(e, dict) for e in entries):
        raise DamagedLogError(f"aocd's submission log {path} is not a list of replies: "
                              "nothing is sent until it is repaired or removed.")
    return entries


def read_log(path: Path) -> list[PastSubmission]:
    """aocd's submission log for one puzzle (entries aocd could not have written are
    passed over)."""
    past = []
    for entry in read_log_entries(path):
        try:
            part = {"a": 1, "b": 2}[entry["part"]]
            value = str(entry["value"]).strip()
            past.append(PastSubmission(part, value, str(entry["message"]), str(entry["when"])))
        except KeyError:
            continue
    return past


_PROVE_NOTHING = {Verdict.WAIT, Verdict.WRONG_LEVEL, Verdict.UNKNOWN}


class Proof(str):
    """Why a value is known to be wrong, in a clause; `verdict` is the site's word that
    proves it (`wrong`, `too high`, `too low`)."""

    verdict: str

    def __new__(cls, text: str, verdict: str) -> Proof:
        proof = super().__new__(cls, text)
        proof.verdict = verdict
        return proof


def known_to_be_wrong(value: str, part: int, past: list[PastSubmission]) -> Proof | None:
    """Why the site's past replies prove `value` wrong for `part`, or None.

    The same rules as aocd's own guard: a different value than the one accepted,
    the same value already refused, or a value beyond a "too high" / "too low".
    A reply we could not read proves nothing (the journal keeps that attempt unconfirmed,
    so it is not sent again blindly: see submit.py).
    """
    try:
        number: int | None = int(value)
    except ValueError:
        number = None
    for entry in past:
        if entry.part != part or entry.verdict in _PROVE_NOTHING:
            continue
        verdict, when = entry.verdict, calendar.clock_time(entry.when)
        if verdict is Verdict.RIGHT and value != entry.value:
            return Proof(f"the site already accepted {entry.value} for part {part}", "wrong")
        if entry.value == value:
            return Proof(f"{value} was already sent for part {part} ({when}): {verdict}",
                         str(verdict))
        bound = int(entry.value) if entry.value.lstrip("-").isdigit() else None
        if verdict is Verdict.TOO_HIGH and bound is not None and (number is None or number > bound):
            return Proof(f"{entry.value} was too high ({when}), and {value} is higher",
                         "too high")
        if verdict is Verdict.TOO_LOW and bound is not None and (number is None or number < bound):
            return Proof(f"{entry.value} was too low ({when}), and {value} is lower", "too low")
    return None


def record_reply(cache: PuzzleCache, part: int, answer: str, message: str, right: bool) -> None:
    """Append the reply to aocd's submission log; remember a right answer as aocd does."""
    log = read_log_entries(cache.submissions_path)
    when = calendar.current_time().isoformat(sep=" ")
    log.append({"part": "ab"[part - 1], "value": answer, "when": when, "message": message})
    write_atomically(cache.submissions_path, json.dumps(log, indent=2))
    if right:
        write_atomically(cache.answer_path(part), answer)
