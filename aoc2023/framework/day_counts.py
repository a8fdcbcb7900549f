"""How many days a year has, where the calendar's rule is not the last word: the project's
`[tool.aoc] days` setting, and the count the site last showed.

The rule lives in calendar.py, and so does the sentence when the site differs from it;
this module keeps the counts that override it. The site's count is remembered in aocd's
data folder (`aoc-days.json`, written atomically under a lock) when a page aoc reads
anyway tells it (a private leaderboard's `num_days`), so no request is ever made for
it. The setting wins over the site: it is the user's word.

`known` is asked for every day of every year a command looks at, so its answer is kept
for the process (as settings are read once a run), for each working folder and data
folder, rather than found and read again each time: `forget` drops it, as `remember`
does, and as `aoc` called from code does before each command.
"""

from __future__ import annotations

import os
import re
from contextlib import suppress

from aoc2023.framework import store
from aoc2023.framework.files import read_regular
from aoc2023.framework.project import DECEMBER_DAYS, find_pyproject, load_settings

_DAYS_KEY = re.compile(rb"""\bdays["']?\s*[=.]""")
"""A key `days` in TOML, bare or quoted, alone or dotted (`aoc.days = `, `days.2026 = `)."""

_known: dict[tuple[str, str | None, str | None], dict[int, int]] = {}


def known() -> dict[int, int]:
    """Each year's number of days where it is not the rule's: the site's, remembered,
    and the project's setting over them. UsageError when the settings are wrong."""
    where = (os.getcwd(), os.environ.get("AOCD_DIR"), os.environ.get("HOME"))
    if (counts := _known.get(where)) is None:
        counts = _known[where] = remembered() | _set_days()
    return counts


def _set_days() -> dict[int, int]:
    """The project's `[tool.aoc] days`. Its file is parsed only when it has a key
    `days` at all: most have none, and a command that needs no other setting (`aoc
    list`, `aoc new`, a day's tests) would pay for importing tomllib."""
    path = find_pyproject()
    if path is None:
        return {}
    with suppress(OSError):  # unreadable: load_settings says so
        if not _DAYS_KEY.search(read_regular(path)):
            return {}
    return dict(load_settings(path.parent).days)


def forget() -> None:
    """Read the setting and the remembered counts anew at the next question."""
    _known.clear()


def remembered() -> dict[int, int]:
    """The counts the site showed; nothing when the file is missing or damaged (it is
    only a copy of what the site said: the next page that tells a count repairs it)."""
    data = store.read_json(store.day_counts_file(), limit=64 * 1024)
    if not isinstance(data, dict):
        return {}
    return {int(year): count for year, count in data.items()
            if isinstance(year, str) and year.isascii() and year.isdigit()
            and type(count) is int and 1 <= count <= DECEMBER_DAYS}


def remember(year: int, count: int) -> int | None:
    """Keep `count` as the number of days the site shows for `year`; the count it had
    before, if it had one."""
    path = store.day_counts_file()
    with store.locked(path):  # another aoc may learn a year
        counts = remembered()
        before = counts.get(year)
        if before != count:
            counts[year] = count
            store.write_json(path, {str(y): c for y, c in sorted(counts.items())}, indent=2)
    forget()
    return before
