"""Each piece of advice is said once per screen: what one command prints (its view, its
notices, the lines after it) never gives the same advice twice. Whoever gives a piece of
advice asks `first_time` under the advice's one name, and says it only then; `cli/app.py`
starts every command line on a new screen (`new_screen`), `main` called from code too."""

from __future__ import annotations

CONTACT = "contact"
"""Name yourself to the site: $AOC_USER_AGENT or `[tool.aoc] contact` (aocd/client.py's
daily reminder, and `aoc token`'s view)."""

_said: set[str] = set()


def first_time(name: str) -> bool:
    """Whether the advice `name` is yet to be said on this screen; it counts as said from
    now on."""
    if name in _said:
        return False
    _said.add(name)
    return True


def new_screen() -> None:
    """A new command line: nothing has been said on it yet."""
    _said.clear()
