"""The user's stars of a year, as the site counts them, for the final star (submit.py).

Read from the user's page of times (`/<year>/leaderboard/self`; aocd's own reader
refuses a year before December by the computer's clock), kept per user and year."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from datetime import timedelta
from pathlib import Path
from typing import Any, Generic, NamedTuple, TypeVar

from aoc2023.framework import calendar, store
from aoc2023.framework.aocd import client, local, paths
from aoc2023.framework.errors import DamagedFileError, SiteError, unwritable_sentence
from aoc2023.framework.files import check_keepable

KEPT_SECONDS = 15 * 60
"""How long a read of a page (this one, or a board) is used before the site is asked again."""

NO_STARS = "You haven't collected any stars"
_DAY = re.compile("0?[1-9]|[12][0-9]|3[01]")
"""A day's number as the page writes it."""


class Stars(NamedTuple):
    """The stars of one year, by day (0, 1 or 2), and when the site was asked."""

    year: int
    by_day: Mapping[int, int]
    fetched_at: float
    from_cache: bool = False

    @property
    def final_star_in(self) -> bool:
        return self.by_day.get(calendar.days_in_year(self.year), 0) >= 2

    def missing(self) -> list[tuple[int, int]]:
        """The stars still to win before the final star, as (day, part)."""
        return [
            (day, part)
            for day in range(1, calendar.days_in_year(self.year) + 1)
            for part in calendar.puzzle_parts(self.year, day)
            if self.by_day.get(day, 0) < part
        ]


def describe_missing(missing: list[tuple[int, int]]) -> str:
    """`3 stars are missing: days 2-4 (both parts), day 9 part 2`."""
    by_day = {day: tuple(part for other, part in missing if other == day) for day, _ in missing}
    groups: list[tuple[list[int], tuple[int, ...]]] = []  # runs of days missing the same
    for day, parts in sorted(by_day.items()):
        if groups and groups[-1][1] == parts and groups[-1][0][-1] == day - 1:
            groups[-1][0].append(day)
        else:
            groups.append(([day], parts))
    named = [
        f"{calendar.day_list(days)} " + ("(both parts)" if len(parts) == 2 else f"part {parts[0]}")
        for days, parts in groups
    ]
    count = len(missing)
    return f"{count} star{' is' if count == 1 else 's are'} missing: " + ", ".join(named)


Times = Mapping[int, tuple[str, str]]
"""Each day's part 1 and part 2 time columns, as `parse_times` reads them."""


def complete(year: int, times: Times) -> bool:
    """Every star of the year is in: the page cannot change."""
    last = calendar.days_in_year(year)
    return all(day in times and "-" not in times[day] for day in range(1, last + 1))


def _stars_of(times: Times) -> dict[int, int]:
    return {day: 1 if second == "-" else 2 for day, (_, second) in times.items()}


def since_unlock(field: str) -> timedelta | None:
    """A time column (`00:12:34`) as a duration; None for "-", ">24h" and anything the
    site does not write (a kept copy may say anything)."""
    if (found := re.fullmatch(r"([01]\d|2[0-3]):([0-5]\d):([0-5]\d)", field, re.ASCII)) is None:
        return None
    hours, minutes, seconds = map(int, found.groups())
    return timedelta(hours=hours, minutes=minutes, seconds=seconds)


def parse_times(html: bytes | str) -> dict[int, tuple[str, str]] | None:
    """Each day's part 1 and part 2 time columns as written ("00:12:34", ">24h", "-" for
    no star); None when it is not that page. Ranks and scores (none from 2025) left out."""
    import bs4

    page = bs4.BeautifulSoup(html, "html.parser")
    if page.article is None or page.article.pre is None:
        return {} if NO_STARS in page.get_text() else None
    return {  # a day, then its part 1 columns, then as many of part 2
        int(fields[0]): (fields[1], fields[1 + len(fields) // 2])
        for fields in map(str.split, page.article.pre.get_text().splitlines())
        if len(fields) >= 3 and len(fields) % 2 == 1 and _DAY.fullmatch(fields[0])
    }


def _fetch(token: str, year: int, path: Path, now: float) -> dict[int, tuple[str, str]]:
    """The page's times, read from the site and kept at `path` (its stars too) as of `now`."""
    import aocd.utils

    url = client.site_url(f"/{year}/leaderboard/self")
    with client.asking(f"read your stars of {year}"):
        response: Any = aocd.utils.http.get(url, token=token, redirect=False)
    if 300 <= response.status < 400:  # the site sends a dead session elsewhere
        local.forget_token_verdict()
        raise SiteError(client.dead_token_sentence(token=token))
    if response.status != 200:
        raise SiteError(
            f"Could not read your stars of {year}: adventofcode.com answered "
            f"HTTP {response.status}."
        )
    if (times := parse_times(response.data)) is None:
        raise SiteError(
            f"adventofcode.com sent the page of your stars of {year} in a form "
            "aoc does not know (no table of days)."
        )
    with suppress(OSError):  # only a copy: the next run asks again
        store.write_json(path, {"fetched_at": now, "days": _stars_of(times), "times": times})
    return times


# Kept copies of the site's pages, this one's and leaderboard.py's boards (the site's rule).

T = TypeVar("T")


class Kept(NamedTuple, Generic[T]):
    """A page kept on disk: when it was read, and what was read from the copy."""

    fetched_at: float
    value: T

    def young(self, now: float) -> bool:
        """Read less than 15 minutes before `now` (a copy from the future is not)."""
        return 0 <= now - self.fetched_at < KEPT_SECONDS


def read_kept(path: Path, read: Callable[[Any], T]) -> Kept[T] | None:
    """The copy at `path`, `read` from its JSON; None when missing, read at no moment a
    datetime can hold, or unreadable (`read` raising ValueError, KeyError, TypeError...)."""
    kept: Any = store.read_json(path)
    with suppress(ValueError, KeyError, TypeError, AttributeError, OverflowError):
        moment = float(kept["fetched_at"])
        return Kept(moment, read(kept)) if 0 <= moment <= calendar.LAST_MOMENT else None
    return None


@contextmanager
def keeping(path: Path, what: str, it: str = "it") -> Iterator[None]:
    """An OSError within as one sentence: `what`, to "could not be kept", then why, with
    the folder to fix (`it`: as the site's rule names the page)."""
    try:
        yield
    except OSError as error:
        why = unwritable_sentence(error) or f"{path} cannot be written ({error.strerror or error})."
        raise DamagedFileError(
            f"{what}could not be kept (the site asks that {it} be read at most once in 15 "
            f"minutes): {why}"
        ) from error


def _kept_days(kept: Any) -> dict[int, int]:
    return {int(day): min(2, int(count)) for day, count in kept["days"].items()}


def _kept_times(kept: Any) -> Times:
    return {int(day): (str(first), str(second)) for day, (first, second) in kept["times"].items()}


def kept_times(user_id: str, year: int) -> Kept[Times] | None:
    """The page's times as last kept, however old; None when none is readable. No request."""
    return read_kept(store.stars_file(user_id, year), _kept_times)


def times_page(token: str, user_id: str, year: int, now: float) -> Kept[Times]:
    """The page's times: kept when complete or younger than 15 minutes, else read and
    kept (none before the unlock). SiteError when the site cannot be asked."""
    if now < calendar.unlock_time(year, 1).timestamp():
        return Kept(now, {})
    path = store.stars_file(user_id, year)
    kept = kept_times(user_id, year)
    if kept is not None and (complete(year, kept.value) or kept.young(now)):
        return kept
    with keeping(path, f"The site's page of your stars of {year} was not read, as it "):
        check_keepable(path)  # before the request
    return Kept(now, _fetch(token, year, path, now))


def _known_locally(user_dir: Path, year: int) -> dict[int, int]:
    """The stars aocd's cache shows (part 2's answer proves part 1's)."""
    found = {}
    for day in range(1, calendar.days_in_year(year) + 1):
        cache = paths.PuzzleCache(year, day, user_dir)
        found[day] = next((part for part in (2, 1) if cache.known_answer(part) is not None), 0)
    return found


def local_stars(user_dir: Path, year: int) -> Stars:
    """What is known here, with no request: the kept page, and aocd's cached answers."""
    fetched_at, by_day = read_kept(store.stars_file(user_dir.name, year), _kept_days) or (0.0, {})
    return Stars(year, _merged(by_day, _known_locally(user_dir, year)), fetched_at, True)


def _merged(*counts: Mapping[int, int]) -> dict[int, int]:
    return {day: max(count.get(day, 0) for count in counts) for day in set().union(*counts)}


def year_stars(token: str, user_dir: Path, year: int, *, fresh: bool, now: float) -> Stars:
    """The year's stars: what is known here when it shows all before the final one, else the site's
    page (kept 15 minutes) with aocd's answers since. `fresh`: the site's page alone, read now."""
    here = _known_locally(user_dir, year)
    path = store.stars_file(user_dir.name, year)
    kept = None if fresh else read_kept(path, _kept_days)
    if kept is not None and kept.young(now):
        return Stars(year, _merged(kept.value, here), kept.fetched_at, from_cache=True)
    if not fresh and not Stars(year, here, now).missing():
        return Stars(year, here, now, from_cache=True)
    times = _fetch(token, year, path, now)
    return Stars(year, _merged(_stars_of(times), {} if fresh else here), now)
