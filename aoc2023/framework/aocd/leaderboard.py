"""A private leaderboard's JSON, fetched through aocd's HTTP client and kept on disk.

The site asks that a board be fetched at most once in 15 minutes, so every read first
looks for a younger copy (per user, or per board for a view key)."""

from __future__ import annotations

from contextlib import suppress
from dataclasses import replace
from pathlib import Path
from typing import Any, TypeGuard
from urllib.parse import quote

from aoc2023.framework import calendar, store
from aoc2023.framework.aocd import client, local, paths
from aoc2023.framework.aocd.stars import Kept, keeping, read_kept
from aoc2023.framework.errors import AocError, SiteError
from aoc2023.framework.files import check_keepable, parse_json
from aoc2023.framework.results import Leaderboard, Member


def _kept_board(kept: Any) -> tuple[dict[str, Any], str | None]:
    """A kept copy's board and the last 4 characters of the view key it was read with
    (None: the token); ValueError for one `parse` cannot read (fetching repairs it)."""
    board, end = kept["board"], kept.get("view_key_end")
    if not _is_board(board):
        raise ValueError("not a board")
    return board, end[-4:] if isinstance(end, str) and end else None


def _is_board(data: object) -> TypeGuard[dict[str, Any]]:
    """Whether `data` has the shape `parse` reads (a copy edited by hand may not)."""
    if not isinstance(data, dict) or not isinstance(data.get("members"), dict):
        return False
    return all(
        isinstance(member, dict)
        and isinstance(member.get("name"), str | None)
        and isinstance(member.get("completion_day_level") or {}, dict)
        for member in data["members"].values()
    )


def _fetch(
    year: int, board_id: int, token: str | None, view_key: str | None, *, kept: bool
) -> dict[str, Any]:
    """The board read with `view_key` and no cookie, else with `token`; a refused key or
    token is one sentence (`kept`: the key is the kept one, which it says how to replace)."""
    import aocd.utils

    query = "" if view_key is None else f"?view_key={quote(view_key, safe='')}"
    url = client.site_url(f"/{year}/leaderboard/private/view/{board_id}.json{query}")
    cookie = token if view_key is None else None  # a view key is read with no cookie
    with client.asking(f"fetch private leaderboard {board_id} of {year}"):
        response: Any = aocd.utils.http.get(url, redirect=False, token=cookie)
    status = response.status
    if view_key is not None and (why := _key_refused(status, response.data)) is not None:
        fix = (
            f"it is the key kept in {store.view_keys_file()}: give the board's new one with "
            "--view-key KEY --save-key, or remove it there to read the board with your "
            "session token"
            if kept
            else "check it against the board's read-only link (a "
            "key is for one board, and its owner may make a new one)"
        )
        raise SiteError(  # a key is a secret as the token is: named by its last 4
            f"The view key for board {board_id} (the view key ending {view_key[-4:]}) "
            f"was not accepted for {year}: {why}; {fix}."
        )
    # the site's "not yours to see" (400 since 2025, a redirect before), or a dead token
    if token is not None and view_key is None and (status == 400 or 300 <= status < 400):
        if client.ask_owner(token) is None:
            local.forget_token_verdict()
            raise SiteError(client.dead_token_sentence())
        raise SiteError(
            f"adventofcode.com will not show private leaderboard {board_id} of {year} to you: "
            "you are not a member of it, or it does not exist (the id is the number at the "
            "end of the board's address, or in its join code before the dash)."
        )
    if status != 200:
        raise SiteError(
            f"Could not fetch private leaderboard {board_id} of {year}: "
            f"adventofcode.com answered HTTP {status}."
        )
    return _board_of(response.data, year, board_id)


def _key_refused(status: int, body: bytes) -> str | None:
    """Why the site's reply to a view key says it refused the key, or None."""
    if 300 <= status < 400:
        return f"adventofcode.com answered with a redirect (HTTP {status}), not the board"
    if 400 <= status < 500:
        return f"adventofcode.com answered HTTP {status}"
    if status == 200 and paths.looks_like_html(body.decode("utf-8", "replace")):
        return "adventofcode.com answered with a web page, not the board's JSON"
    return None


def _board_of(body: bytes, year: int, board_id: int) -> dict[str, Any]:
    sent = f"adventofcode.com sent private leaderboard {board_id} of {year} in a form aoc"
    try:
        data = parse_json(body)
    except ValueError as error:
        raise SiteError(f"{sent} does not know (not JSON).") from error
    if not _is_board(data):
        raise SiteError(f"{sent} does not know (not members by id).")
    return data


def _fresh(paths_: list[Path], now: float) -> Kept[tuple[dict[str, Any], str | None]] | None:
    """The newest kept copy younger than 15 minutes, if any."""
    copies = [read_kept(path, _kept_board) for path in paths_]
    kept = [copy for copy in copies if copy is not None and copy.young(now)]
    return max(kept, key=lambda copy: copy.fetched_at, default=None)


def leaderboard(
    token: str | None,
    year: int,
    board_id: int,
    view_key: str | None = None,
    *,
    kept_key: bool = False,
) -> Leaderboard:
    """The board, from a copy younger than 15 minutes (fetched by key or by `token`'s
    owner), else from the site with `view_key`, else `token`. `kept_key`: the key is
    the kept one, which a refusal says how to replace."""
    calendar.check_year(year)
    path, user_id = store.shared_leaderboard_file(year, board_id), None
    if token is not None:
        with suppress(AocError):  # a damaged memo: said when a read needs it
            user_id = paths.cached_user_id(token)
    mine = [] if user_id is None else [store.leaderboard_file(user_id, year, board_id)]
    moment = calendar.current_time().timestamp()
    if (kept := _fresh([path, *mine], moment)) is None and token is not None and view_key is None:
        path = store.leaderboard_file(user_id or client.user_id(token), year, board_id)
        kept = _fresh([path], moment)  # the owner was unknown till now
    if kept is not None:
        shown, end = kept.value
        return parse(
            year, board_id, shown, kept.fetched_at, from_cache=True, now=moment, view_key_end=end
        )
    what = f"Private leaderboard {board_id} of {year} "
    with keeping(path, f"{what}was not fetched, as it ", "a board"):
        check_keepable(path)  # before the request: the site's rule
    data = _fetch(year, board_id, token, view_key, kept=kept_key)
    end = None if view_key is None else view_key[-4:]
    moment = calendar.current_time().timestamp()
    with keeping(path, f"{what}was fetched, but ", "a board"):
        store.write_json(path, {"fetched_at": moment, "board": data, "view_key_end": end})
    count = _int(data.get("num_days"))  # the site's count of the year's days
    notice = calendar.learn_days(year, count, f"private leaderboard {board_id}")
    board = parse(year, board_id, data, moment, from_cache=False, now=moment, view_key_end=end)
    return replace(board, notices=(notice,)) if notice else board


def _int(value: object) -> int | None:
    """A count or a score from the board's JSON; None for anything else ("²", which
    `isdigit` takes, or too many digits for `int`)."""
    text = str(value) if isinstance(value, int | str) and not isinstance(value, bool) else ""
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


def _star_at(day_levels: dict[str, Any], part: str) -> int | None:
    """When a day's star for `part` came (the site's `get_star_ts`), or None."""
    level = day_levels.get(part)
    moment = _int(level.get("get_star_ts")) if isinstance(level, dict) else None
    return moment if moment is not None and moment <= calendar.LAST_MOMENT else None


def _with_medals(members: list[Member], days: int) -> list[Member]:
    """Each member with its gold/silver/bronze count: the first three to a day's second
    star, a tie sharing a place (1, 1, 3)."""
    counts = [[0, 0, 0] for _ in members]
    for day in range(days):
        times = [member.star_times[day][1] for member in members]
        done = sorted(time_ for time_ in times if time_ is not None)[:3]  # those who medal
        for count, time_ in zip(counts, times, strict=True):
            if time_ is not None and (place := sum(1 for other in done if other < time_)) < 3:
                count[place] += 1
    return [
        replace(member, medals=(count[0], count[1], count[2]))
        for member, count in zip(members, counts, strict=True)
    ]


def parse(
    year: int,
    board_id: int,
    data: dict[str, Any],
    fetched_at: float,
    *,
    from_cache: bool,
    now: float,
    view_key_end: str | None = None,
) -> Leaderboard:
    """The site's JSON (of the shape `_is_board` checks) ranked by local score; a bad
    number is 0, named in `passed_over`."""
    days = calendar.days_in_year(year)
    members = []
    passed_over: list[str] = []

    def number(member: dict[str, Any], key: str, name: object, default: int = 0) -> int:
        if (value := _int(member.get(key, default))) is None:
            passed_over.append(f"{key} of member {name}")
        return default if value is None else value

    for key, member in data["members"].items():
        levels = member.get("completion_day_level") or {}
        by_day = [
            found if isinstance(found := levels.get(str(day)), dict) else {}
            for day in range(1, days + 1)
        ]
        stars_by_day = tuple(min(2, len(day_levels)) for day_levels in by_day)
        member_id = number(member, "id", key, _int(key) or 0)
        members.append(
            Member(
                id=member_id,
                name=member.get("name") or None,
                stars=number(member, "stars", member_id, sum(stars_by_day)),
                local_score=number(member, "local_score", member_id),
                global_score=(
                    number(member, "global_score", member_id)
                    if member.get("global_score") is not None
                    else None
                ),
                days=stars_by_day,
                star_times=tuple((_star_at(found, "1"), _star_at(found, "2")) for found in by_day),
            )
        )
    members = sorted(_with_medals(members, days), key=lambda m: (-m.local_score, -m.stars, m.id))
    return Leaderboard(
        year,
        board_id,
        _int(data.get("owner_id")),
        tuple(members),
        fetched_at,
        from_cache,
        max(0.0, now - fetched_at),
        tuple(passed_over),
        view_key_end=view_key_end,
    )
