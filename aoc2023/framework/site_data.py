"""What the site tells about you rather than about a puzzle: the state of your session
token (`aoc token`) and a private leaderboard (`aoc leaderboard`).

Plain data, built in `aocd/` and read by `render/` and `cli/`; like `results.py`, a
leaf that imports nothing of the framework, so anything may import it.
"""

from __future__ import annotations

from dataclasses import dataclass

# --- aoc token ---------------------------------------------------------------------------


@dataclass(frozen=True)
class TokenReport:
    """Where the token was found, whose it is and whether the site takes it. The token
    itself is never held here: only its last four characters."""

    place: str
    """`$AOC_SESSION` or the file's path."""
    last4: str
    cleaned: tuple[str, ...] = ()
    """What was taken off the pasted value (a `session=` prefix, whitespace, quotes)."""
    user_id: str | None = None
    """aocd's id for the token's owner (`github.name.123`), from its memo or the site."""
    user_id_cached: bool = False
    """Whether the id came from aocd's memo (`token2id.json`), without a request."""
    user_id_kept: bool = True
    """Whether aocd's memo holds the id now: not when it could not be written (read-only)."""
    accepted: bool | None = None
    """Whether the site takes the token; None when it could not be asked."""
    checked_at: float | None = None
    """When the site last said so (a Unix time); a recent verdict is not asked again."""
    requests: int = 0
    """How many requests this check made (0 when everything was known already)."""
    fix: str | None = None
    """What to do, when the token cannot work as it is."""
    problem: str | None = None
    """Why the site could not be asked (no network...), when it could not."""
    user_agent: str = ""
    """The User-Agent every request to the site carries, whole."""
    contact: str | None = None
    """The user's contact it names ($AOC_USER_AGENT or [tool.aoc] contact); None: none."""


# --- aoc leaderboard ---------------------------------------------------------------------


@dataclass(frozen=True)
class Member:
    id: int
    name: str | None
    stars: int
    local_score: int
    global_score: int | None
    """None from 2025 on: the site has no global leaderboard any more."""
    days: tuple[int, ...]
    """Stars per day (0, 1 or 2), day 1 first, as many as the year has days."""
    star_times: tuple[tuple[int | None, int | None], ...] = ()
    """When each day's part 1 and part 2 star came (Unix seconds; None: not yet, or not
    a whole number), day 1 first."""
    medals: tuple[int, int, int] = (0, 0, 0)
    """Days this member was 1st, 2nd, 3rd on the board to get both stars (gold, silver,
    bronze), by the site's second-star times; ties in time share the better place."""

    @property
    def shown_name(self) -> str:
        return self.name or f"anonymous #{self.id}"

    def day_order(self, day: int) -> tuple[float, float, int]:
        """Where the member stands on `day` (1-based): both stars first, by the second
        star's time, then part 1 only by its time; ties by id."""
        first, second = self.star_times[day - 1]
        never = float("inf")
        return (never if second is None else second, never if first is None else first,
                self.id)


@dataclass(frozen=True)
class Leaderboard:
    year: int
    board_id: int
    owner_id: int | None
    members: tuple[Member, ...]
    """Ranked: by local score, then stars, then id (the site's own order)."""
    fetched_at: float
    """When this data came from the site (a Unix time): it is cached for 15 minutes."""
    from_cache: bool
    age_seconds: float
    passed_over: tuple[str, ...] = ()
    """The values in the site's data that are not whole numbers, shown as 0 ("stars of
    member 99"): said on stderr, so a damaged board is never shown as if whole."""
    notices: tuple[str, ...] = ()
    """What the board told that is news, said on stderr: a year's number of days other
    than the calendar had."""
    view_key_end: str | None = None
    """The last 4 characters of the view key the board was read with (the most of a key
    ever shown); None when it was read with the session token."""
