"""The files `aoc` keeps for itself, each named by one function here, and read, written and
locked alike. A copy that cannot be read is a miss; a record (the journal, the waits) that
cannot be read is one sentence, as taking it as empty would break its promise.
tests/test_layout.py fails when another module names a file of ours or locks on its own."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

from aoc2023.framework.aocd import paths
from aoc2023.framework.errors import WriteFailed, why_unwritable
from aoc2023.framework.files import LIMIT, parse_json, read_regular_text, write_atomically
from aoc2023.framework.output import printable


def journal_file() -> Path:
    """The write-ahead journal of answers sent (aocd/sent.py), apart from aocd's cache: a
    cache that cannot be written loses no reply."""
    return paths.config_dir() / "aoc-attempts.json"


def waits_file() -> Path:
    """Per user, until when the site refuses answers (aocd/sent.py)."""
    return paths.config_dir() / "aoc-submit-wait.json"


def token_verdicts_file() -> Path:
    """When the site last took each token, under a hash of it (aocd/local.py)."""
    return paths.config_dir() / "aoc-token-checks.json"


def view_keys_file() -> Path:
    """The private boards' view keys the user kept, by board id (aocd/local.py)."""
    return paths.config_dir() / "aoc-view-keys.json"


def contact_reminder_file() -> Path:
    """When aoc last said how to set a contact (aocd/client.py)."""
    return paths.config_dir() / "aoc-contact-reminded"


def day_counts_file() -> Path:
    """Each year's number of days as the site last showed it (calendar.py)."""
    return paths.data_dir() / "aoc-days.json"


def listing_cache_file() -> Path:
    """What each day's module declares, for aoc list (registry.py), shared by checkouts."""
    return paths.data_dir() / "aoc-listing-cache.json"


def last_request_file() -> Path:
    """When any aoc last made a request, for AOC_REQUEST_FLOOR (aocd/client.py)."""
    return paths.data_dir() / ".aoc-last-request"


def runtime_file(year: int, day: int) -> Path:
    """The day's last runtime measured by `aoc run`, one file a day (runtimes.py)."""
    return paths.data_dir() / "aoc-runtimes" / f"{year}_{day:02d}.json"


def shared_leaderboard_file(year: int, board_id: int) -> Path:
    """A private board as last read with its view key, per board (aocd/leaderboard.py)."""
    return paths.data_dir() / "leaderboards" / f"{year}_{board_id}.json"


def stars_file(user_id: str, year: int) -> Path:
    """The user's page of stars of `year`, kept (aocd/stars.py)."""
    return paths.data_dir() / user_id / f"{year}_stars.json"


def leaderboard_file(user_id: str, year: int, board_id: int) -> Path:
    """A private board as the user last fetched it (aocd/leaderboard.py)."""
    return paths.data_dir() / user_id / f"{year}_leaderboard_{board_id}.json"


def part_two_example_file(cache: paths.PuzzleCache) -> Path:
    """What `aoc run` last offered as part 2's example (commands/run.py)."""
    return cache.user_dir / f"{cache.year}_{cache.day:02d}_aoc_part2_example.txt"


def sending(cache: paths.PuzzleCache) -> Path:
    """The name locked while an answer to the puzzle is sent (submit.py)."""
    return cache.user_dir.parent / f"{cache.user_dir.name}_{cache.year}_{cache.day:02d}_submit"


def fetching(cache: paths.PuzzleCache) -> Path:
    """The name locked while the puzzle's input is looked up or fetched (aocd/client.py)."""
    return cache.user_dir.parent / f"{cache.user_dir.name}_{cache.year}_{cache.day:02d}_input"


def history_file(root: Path) -> Path:
    """The figures `aoc bench --save` keeps, in the project at `root` (bench/history.py)."""
    return root / "benchmarks" / "history.json"


LOCKS_DIR_NAME = ".aoc-locks"


def lock_file(path: Path) -> Path:
    """`.aoc-locks/<name>.lock` beside `path`, its folder made. Never removed: removed
    while one waits, a third could lock a new file of the same name."""
    locks = path.parent / LOCKS_DIR_NAME
    locks.mkdir(parents=True, exist_ok=True)
    return locks / f"{path.name}.lock"


@contextmanager
def locked(path: Path, *, wait: bool = True, said: bool = True) -> Iterator[bool]:
    """Within, no other process or thread is within `locked(path)` (True); else WriteFailed.
    Not `wait`: at once False, nothing held, while another process is within it; else the
    wait is `said` on stderr, once. A process that ends, even by a crash, lets go of its locks."""
    from filelock import FileLock, Timeout  # imported by the commands that write, only

    try:
        held = (lock := FileLock(lock_file(path))).acquire(timeout=0)
    except Timeout:  # an OSError too
        if not wait:
            yield False
            return
        if said:
            print(printable(f"Waiting for another aoc, which is using {path}..."), file=sys.stderr)
        held = lock.acquire()
    except OSError as error:
        locks = path.parent / LOCKS_DIR_NAME
        folder = Path(error.filename).parent if error.filename else path.parent  # to fix
        raise WriteFailed(
            f"Could not take the lock of {path} in {locks} ({why_unwritable(error)}): "
            f"{folder} must be a folder you can write to.",
            error,
            locks,
        ) from error
    with held:  # released on the way out
        yield True


def read_json(path: Path, limit: int = LIMIT) -> object:
    """A copy's JSON; None (a miss) when it is missing or cannot be read as JSON."""
    with suppress(OSError, ValueError):
        return parse_json(read_regular_text(path, limit))
    return None


def write_json(path: Path, data: object, indent: int | None = None) -> None:
    """`data` as JSON in `path`, whole or not at all; a new file its owner's alone."""
    write_atomically(path, json.dumps(data, indent=indent), private=True)


def read_time(path: Path) -> float | None:
    """A time (seconds since the epoch) kept alone in a file; None when missing or damaged."""
    with suppress(OSError, ValueError):
        return float(read_regular_text(path, limit=64))
    return None


def write_time(path: Path, when: float) -> None:
    write_atomically(path, repr(when), private=True)
