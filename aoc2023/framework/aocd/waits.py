"""The wait the site imposes between answers, remembered across runs.

After a wrong answer adventofcode.com refuses answers for a while ("You gave an
answer too recently ... You have 4m 30s left to wait"). aocd only sleeps inside
one process; we record, per user, the time until which submitting is blocked,
in the aocd config folder, so that every later run honours it.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from pathlib import Path

from aoc2023.framework.aocd import paths
from aoc2023.framework.files import write_atomically


def wait_file() -> Path:
    return paths.config_dir() / "aoc-submit-wait.json"


def _read() -> dict[str, str]:
    try:
        data = json.loads(wait_file().read_text(encoding="utf-8"))
    except (FileNotFoundError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


def blocked_until(user_id: str, now: datetime) -> datetime | None:
    """When submitting becomes possible again for this user, if that is still to come."""
    text = _read().get(user_id)
    if not isinstance(text, str):
        return None
    try:
        until = datetime.fromisoformat(text)
    except ValueError:
        return None
    return until if until > now else None


def record_wait(user_id: str, seconds: float, now: datetime) -> datetime:
    """Remember that this user may not submit for `seconds` from `now` (keeping any later
    time already recorded). Written atomically: a crash never leaves half a file."""
    from filelock import FileLock

    path = wait_file()
    path.parent.mkdir(parents=True, exist_ok=True)
    with FileLock(path.with_name(path.name + ".lock")):  # runs on other days write it too
        until = now + timedelta(seconds=seconds)
        earlier = blocked_until(user_id, now)
        if earlier is not None and earlier > until:
            until = earlier
        data = _read()
        data[user_id] = until.astimezone(UTC).isoformat()
        write_atomically(path, json.dumps(data, indent=2))
    return until
