"""A private leaderboard's JSON, fetched through aocd's HTTP client and kept on disk.

The site asks that a private leaderboard be fetched no more than once every 15 minutes;
each board is kept, per user, beside aocd's cache of that user's puzzles
(`<aocd data>/<user id>/<year>_leaderboard_<id>.json`), and read from there while it is
younger than that. A board the site will not show (you are not a member, or it does
not exist) and a dead token are told apart by asking the site whose the token is.
A board tells how many days its year has (`num_days`), which the calendar then follows.
"""

from __future__ import annotations

import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeGuard

from aoc2023.framework import calendar, store
from aoc2023.framework.aocd import account, client, paths, session
from aoc2023.framework.errors import SiteError
from aoc2023.framework.site_data import Leaderboard, Member

KEPT_SECONDS = 15 * 60
"""How long a fetched board is shown before the site is asked again (the site's rule)."""


def _read_kept(path: Path) -> tuple[float, dict[str, Any]] | None:
    """The kept board and when it was fetched; None when missing or unreadable (it is
    only a copy: fetching again repairs it)."""
    kept: Any = store.read_json(path)
    try:
        fetched_at, board = float(kept["fetched_at"]), kept["board"]
    except (ValueError, KeyError, TypeError):
        return None
    return (fetched_at, board) if _is_board(board) else None


def _is_board(data: object) -> TypeGuard[dict[str, Any]]:
    """Whether `data` has the shape `parse` reads: members by id, each a mapping with a
    text name or none (a kept copy edited by hand, or by another version, may not)."""
    if not isinstance(data, dict) or not isinstance(data.get("members"), dict):
        return False
    return all(isinstance(member, dict) and isinstance(member.get("name"), str | None)
               and isinstance(member.get("completion_day_level") or {}, dict)
               for member in data["members"].values())


def _user_id(token: str) -> str:
    """aocd's id for the token's owner: from its memo, else one request (memoised)."""
    known = paths.cached_user_id(token)
    if known is not None:
        return known
    with client.asking("find whose the session token is"):
        return account.resolved_owner(token)


def _fetch(token: str, year: int, board_id: int) -> dict[str, Any]:
    import aocd.utils

    url = client.site_url(f"/{year}/leaderboard/private/view/{board_id}.json")
    with client.asking(f"fetch private leaderboard {board_id} of {year}"):
        response: Any = aocd.utils.http.get(url, token=token, redirect=False)
    if 300 <= response.status < 400:  # the site's answer to "not yours to see"
        if account.ask_owner(token) is None:
            session.forget_token_verdict()
            raise SiteError(client.dead_token_sentence())
        raise SiteError(
            f"adventofcode.com will not show private leaderboard {board_id} of {year} to you: "
            "you are not a member of it, or it does not exist (the id is the number at the "
            "end of the board's address, or in its join code before the dash).")
    if response.status != 200:
        raise SiteError(f"Could not fetch private leaderboard {board_id} of {year}: "
                        f"adventofcode.com answered HTTP {response.status}.")
    try:
        data = json.loads(response.data)
    except ValueError as error:
        raise SiteError(f"adventofcode.com sent private leaderboard {board_id} of {year} in a "
                        "form aoc does not know (not JSON).") from error
    if not _is_board(data):
        raise SiteError(f"adventofcode.com sent private leaderboard {board_id} of {year} in a "
                        "form aoc does not know (not members by id).")
    return data


def leaderboard(token: str, year: int, board_id: int) -> Leaderboard:
    """The board, from disk when fetched less than 15 minutes ago, else from the site."""
    calendar.check_year(year)
    path = store.leaderboard_file(_user_id(token), year, board_id)
    kept = _read_kept(path)
    now = time.time()
    if kept is not None and 0 <= now - kept[0] < KEPT_SECONDS:
        return parse(year, board_id, kept[1], kept[0], from_cache=True, now=now)
    data = _fetch(token, year, board_id)
    store.write_json(path, {"fetched_at": now, "board": data})
    notice = None
    if (count := _int(data.get("num_days"))) is not None:  # the site's count of the year's days
        notice = calendar.learn_days(year, count, f"private leaderboard {board_id}")
    board = parse(year, board_id, data, now, from_cache=False, now=now)
    return replace(board, notices=(notice,)) if notice else board


def _int(value: object) -> int | None:
    """A count or a score from the board's JSON; None for anything that is not one: a
    string such as "²" (which `isdigit` takes, and `int` refuses) or a number too long
    to be a score (`int` refuses those past 4,300 digits)."""
    text = str(value) if isinstance(value, int | str) and not isinstance(value, bool) else ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def _star_times(levels: dict[str, Any], day: int) -> tuple[int | None, int | None]:
    """When `day`'s part 1 and part 2 stars came (the site's `get_star_ts`), or None."""
    day_levels = levels.get(str(day))

    def at(part: str) -> int | None:
        level = day_levels.get(part) if isinstance(day_levels, dict) else None
        return _int(level.get("get_star_ts")) if isinstance(level, dict) else None

    return at("1"), at("2")


def _with_medals(members: list[Member], days: int) -> list[Member]:
    """Each member with its gold/silver/bronze count: per day, the members with both
    stars ordered by when they got the second; the first three places are medals, and
    members with the same time share a place (as in sport: 1, 1, 3)."""
    counts = [[0, 0, 0] for _ in members]
    for day in range(days):
        times = [member.star_times[day][1] for member in members]
        done = [time_ for time_ in times if time_ is not None]
        for count, time_ in zip(counts, times, strict=True):
            if time_ is not None and (place := sum(1 for other in done if other < time_)) < 3:
                count[place] += 1
    return [replace(member, medals=(count[0], count[1], count[2]))
            for member, count in zip(members, counts, strict=True)]


def parse(year: int, board_id: int, data: dict[str, Any], fetched_at: float,
          from_cache: bool, now: float) -> Leaderboard:
    """The site's JSON as plain data, ranked as the site ranks a board (local score).
    A value that is not a whole number is shown as 0 (stars: counted from the days) and
    named in `passed_over`."""
    days = calendar.days_in_year(year)
    members = []
    passed_over: list[str] = []

    def number(member: dict[str, Any], key: str, name: object, default: int = 0) -> int:
        value = _int(member.get(key, default))
        if value is None:
            passed_over.append(f"{key} of member {name}")
        return default if value is None else value

    for key, member in data["members"].items():
        if not isinstance(member, dict):
            passed_over.append(f"member {key}")
            continue
        levels = member.get("completion_day_level") or {}
        stars_by_day = tuple(
            min(2, len(day_levels)) if isinstance(day_levels := levels.get(str(day)) or {},
                                                  dict) else 0
            for day in range(1, days + 1))
        member_id = number(member, "id", key, _int(key) or 0)
        members.append(Member(
            id=member_id,
            name=member.get("name") or None,
            stars=number(member, "stars", member_id, sum(stars_by_day)),
            local_score=number(member, "local_score", member_id),
            global_score=(number(member, "global_score", member_id)
                          if member.get("global_score") is not None else None),
            days=stars_by_day,
            star_times=tuple(_star_times(levels if isinstance(levels, dict) else {}, day)
                             for day in range(1, days + 1)),
        ))
    members = _with_medals(members, days)
    members.sort(key=lambda m: (-m.local_score, -m.stars, m.id))
    owner = data.get("owner_id")
    return Leaderboard(year, board_id, _int(owner) if owner is not None else None,
                       tuple(members), fetched_at, from_cache, max(0.0, now - fetched_at),
                       tuple(passed_over))
