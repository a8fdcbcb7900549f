"""Private leaderboards' view keys: read-only keys a board's owner shares, kept per board.

A board's owner can make a read-only link to it (`.../private/view/ID?view_key=KEY`);
with its key the site serves the board's JSON with no session cookie. `aoc leaderboard
YEAR ID --view-key KEY --save-key` keeps the key where the token is (aocd's config
folder, in `aoc-view-keys.json`: board id to key), readable by its owner alone, so that
later reads of the board need neither the option nor a token. A key is a secret as the
token is: every key in use is redacted from all output (`output.ViewKey`), and a key
is named by its last 4 characters at most (`ending`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from aoc2023.framework import store
from aoc2023.framework.errors import AocError, UsageError
from aoc2023.framework.files import read_string_map
from aoc2023.framework.output import ViewKey

_KEY = re.compile(r"[A-Za-z0-9_-]{6,128}")
"""What a view key can be: the site's are 8 hexadecimal digits; six characters at least,
for a shorter "key" would have its every occurrence in the output redacted."""

_PASTED = re.compile(r"(?:^|[?&])view_key=([^&#\s]*)")

_FIX = 'fix it (a map of board ids to keys, {"424242": "..."}) or remove it'


def keys_file() -> Path:
    return store.view_keys_file()


def clean(raw: str) -> ViewKey:
    """The key as a person pastes it: the key alone, `view_key=KEY`, or the whole
    read-only link. UsageError (one sentence, naming no part of it) for anything else."""
    text = raw.strip().strip("\"'").strip()
    if (pasted := _PASTED.search(text)) is not None:
        text = pasted[1]
    if not _KEY.fullmatch(text):
        raise UsageError(
            "--view-key takes a private leaderboard's view key: the letters and digits after "
            "view_key= in the board's read-only link (or the whole link), which this is not.")
    return ViewKey(text)


def ending(key: str) -> str:
    """A key as it may be shown: its last 4 characters, 'the view key ending ed22'."""
    return f"the view key ending {key[-4:]}"


def _read() -> dict[str, str]:
    """The kept keys, by board id; DamagedFileError (one sentence) for a damaged file."""
    return read_string_map(keys_file(), "aoc's view key file",
                                 "a map of board ids to view keys", _FIX) or {}


def _update(change: Callable[[dict[str, str]], None]) -> None:
    """Read, `change` and write back the kept keys, under a lock, in one step: the file is
    written whole (never half a file) and, as `mkstemp` makes it, readable by its owner
    alone, like the token."""
    path = keys_file()
    try:
        with store.locked(path):
            keys = _read()
            change(keys)
            store.write_json(path, keys, indent=2)
    except OSError as error:
        from aoc2023.framework.errors import DamagedFileError

        raise DamagedFileError(f"Could not write the view key to {path} "
                               f"({error.strerror or error}).") from error


def saved(board_id: int) -> ViewKey | None:
    """The key kept for the board, if any."""
    key = _read().get(str(board_id))
    return ViewKey(key) if key else None


def all_saved() -> tuple[ViewKey, ...]:
    """Every kept key, for redaction from the start of a command; none when the file is
    missing or damaged (the command that reads a key says that)."""
    try:
        return tuple(ViewKey(key) for key in _read().values() if key)
    except AocError:
        return ()


def save(board_id: int, key: str) -> Path:
    """Keep `key` for the board (replacing any kept before); the file it is in."""
    def put(keys: dict[str, str]) -> None:
        keys[str(board_id)] = str(key)

    _update(put)
    return keys_file()

