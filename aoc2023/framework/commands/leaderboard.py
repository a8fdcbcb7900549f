"""`aoc leaderboard`: a private board (aocd/leaderboard.py) as a table of members, one
day's star times, or JSON, and how old the data is."""

from __future__ import annotations

import json
import sys
from datetime import UTC, datetime
from typing import IO, TYPE_CHECKING, Annotated

import typer

from aoc2023.framework import calendar, output
from aoc2023.framework.aocd import local
from aoc2023.framework.commands import json_output, view
from aoc2023.framework.commands.options import AsJson, Verbose, Year, configure_logging, fail, say
from aoc2023.framework.commands.view import Cell, Column
from aoc2023.framework.errors import AocError, NoInputError, UsageError

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aoc2023.framework.results import Leaderboard, Member


def leaderboard(
    year: Year,
    board_id: Annotated[
        int,
        typer.Argument(metavar="ID", help="The board's id: the number at the end of its address."),
    ],
    day: Annotated[
        int | None,
        typer.Option(
            "--day",
            min=1,
            max=25,
            help="One day: each member's part 1 and part 2 times "
            "(local time) and the time between them, from the same kept copy.",
        ),
    ] = None,
    view_key: Annotated[
        str | None,
        typer.Option(
            "--view-key",
            metavar="KEY",
            help="Read the board with its view key (from the "
            "board's read-only link; the link itself will do), with no session token.",
        ),
    ] = None,
    save_key: Annotated[
        bool,
        typer.Option(
            "--save-key",
            help="Keep the --view-key for this board, where the token is kept, "
            "once the site has taken it: later reads of the board use it.",
        ),
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Show a private leaderboard: rank, name, stars per day, stars, local score, medals.

    Read with the board's view key (--view-key, or the one kept for the board by
    --save-key) when there is one, else with your session token, through aocd's client;
    kept on disk for 15 minutes (the site's rule), whatever the form asked for; says how
    old the data shown is.
    """
    from aoc2023.framework.aocd.leaderboard import leaderboard as fetch_board

    try:
        given = None if view_key is None else local.clean_view_key(view_key)
        output.install(given)  # redacted before --verbose logs the address
        configure_logging(verbose=verbose)
        if save_key and given is None:
            raise UsageError("--save-key keeps the key given with --view-key KEY: give it one.")
        key = given if given is not None else local.saved_view_key(board_id)
        try:
            token = local.find_token()
        except AocError:
            if key is None:
                raise
            token = None  # the view key reads the board without it
        if key is None and token is None:
            raise NoInputError(
                f"{local.no_token_sentence()}, and no view key is kept for board {board_id}: give "
                "the board's view key with --view-key KEY, or log in to adventofcode.com, copy "
                "the cookie named session, and put it in one of those places."
            )
        board = fetch_board(
            token, year, board_id, view_key=key, kept_key=key is not None and given is None
        )
        if day is not None and day > calendar.days_in_year(year):  # known once fetched
            raise UsageError(
                f"{year} has no day {day}: its days are 1 to {calendar.days_in_year(year)}."
            )
        if save_key and given is not None:
            print(_kept(given, board), file=sys.stderr)
    except Exception as error:
        fail(error, verbose=verbose)
    if board.passed_over:
        named = ", ".join(board.passed_over[:5]) + (", ..." if len(board.passed_over) > 5 else "")
        say(
            f"Some of the board's values are not whole numbers and were passed over "
            f"(stars are counted from the days, scores shown as 0): {named}."
        )
    for notice in board.notices:
        say(f"Note: {notice}")
    if as_json:
        json_output.put(
            leaderboard_json(board) if day is None else leaderboard_day_json(board, day)
        )
    elif day is None:
        render(board, sys.stdout)
    else:
        render_day(board, day, sys.stdout)


def _kept(key: str, board: Leaderboard) -> str:
    """Keep `key` if the board shown was fetched with a key of its ending (else the site
    has not tried it, and asking now breaks the 15-minute rule); what became of it."""
    if board.view_key_end != key[-4:]:
        return (
            "Note: the view key was not kept: the board shown was fetched without it "
            "less than 15 minutes ago, so the site has not tried it yet; give "
            "--save-key again once the kept copy is older than that."
        )

    path = local.save_view_key(board.board_id, key)
    return (
        f"Kept the view key ending {key[-4:]} for board {board.board_id} in {path}: later "
        "reads of the board use it."
    )


_STAR = {2: "*", 1: "+", 0: "."}
"""Both stars, part 1 only, none: ASCII and uncoloured, to keep the columns straight."""


def strip(days: tuple[int, ...]) -> str:
    """Stars per day, in groups of five: `**+.. *....`."""
    return " ".join(
        "".join(_STAR[stars] for stars in days[start : start + 5])
        for start in range(0, len(days), 5)
    )


def describe_age(seconds: float) -> str:
    if (whole := int(seconds)) < 60:
        return f"{whole}s"
    minutes, rest = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes}m {rest:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m"


def age_line(board: Leaderboard) -> str:
    key = "" if board.view_key_end is None else f" with the view key ending {board.view_key_end}"
    how = (
        f"kept from an earlier fetch{key}; the site asks for one fetch in 15 minutes at most"
        if board.from_cache
        else f"fetched just now{key}; kept for 15 minutes"
    )
    return f"Data from {describe_age(board.age_seconds)} ago ({how})."


def _name(member: Member) -> Cell:
    return Cell(member.shown_name, None if member.name else "dim")


def _show(
    board: Leaderboard,
    title: str,
    columns: list[Column],
    rows: list[list[Cell]],
    narrow: Sequence[int],
    out: IO[str],
) -> None:
    """The table (only the columns `narrow` when it must be narrower), then the data's age."""
    narrower = ([columns[i] for i in narrow], [[row[i] for i in narrow] for row in rows])
    title = f"Private leaderboard {board.board_id}, {board.year}{title}"
    age = [(age_line(board), "dim")]  # under the table, on `out` too
    view.show(title, [(columns, rows), narrower], (), (), out, out, after=age)


def render(board: Leaderboard, out: IO[str]) -> None:
    with_global = any(member.global_score is not None for member in board.members)
    columns = [
        Column("Rank", "right"),
        Column("Name", kind="text"),
        Column("Days 1-" + str(len(board.members[0].days)) if board.members else "Days"),
        Column("Stars", "right"),
        Column("Score", "right"),
        Column("G/S/B", "right"),
        *([Column("Global", "right")] if with_global else []),
    ]
    rows = [
        [
            Cell(str(rank)),
            _name(member),
            Cell(strip(member.days)),
            Cell(str(member.stars)),
            Cell(str(member.local_score)),
            Cell("/".join(map(str, member.medals))),  # gold/silver/bronze: `2/0/1`
            *([Cell(str(member.global_score or 0))] if with_global else []),
        ]
        for rank, member in enumerate(board.members, start=1)
    ]
    # Narrower, the star count (the strip shows them), medals and global score go.
    _show(board, "", columns, rows, (0, 1, 2, 4), out)


def _clock(timestamp: int | None) -> str:
    return "-" if timestamp is None else calendar.clock_time(datetime.fromtimestamp(timestamp, UTC))


def day_members(board: Leaderboard, day: int) -> list[Member]:
    """The members with at least part 1 of `day`, in the day's order (`day_order`)."""
    return sorted(
        (member for member in board.members if member.star_times[day - 1] != (None, None)),
        key=lambda member: member.day_order(day),
    )


def part_two_delta(member: Member, day: int) -> int | None:
    """Seconds from part 1's star to part 2's; None without both."""
    first, second = member.star_times[day - 1]
    return None if first is None or second is None else second - first


def render_day(board: Leaderboard, day: int, out: IO[str]) -> None:
    """Each member's part 1 and 2 times (local) and the delta, in the day's order."""
    columns = [
        Column("Place", "right"),
        Column("Name", kind="text"),
        Column("Part 1"),
        Column("Part 2"),
        Column("Delta", "right"),
    ]
    rows = [
        [
            Cell(str(place)),
            _name(member),
            *(Cell(_clock(moment)) for moment in member.star_times[day - 1]),
            Cell("-" if (delta := part_two_delta(member, day)) is None else describe_age(delta)),
        ]
        for place, member in enumerate(day_members(board, day), start=1)
    ]
    # Narrower, part 1's time goes: it is part 2's less the delta.
    _show(board, f", day {day}", columns, rows, (0, 1, 3, 4), out)


def _iso(timestamp: float | None) -> str | None:
    return None if timestamp is None else datetime.fromtimestamp(timestamp, UTC).isoformat()


def _json(board: Leaderboard, head: dict[str, object], members: list[dict[str, object]]) -> str:
    """The board's JSON: `head` after its id, the data's age, the `members`, and for the
    whole board (no `day` in `head`) what was passed over."""
    passed_over = {} if "day" in head else {"passed_over": list(board.passed_over)}
    return json.dumps(
        {
            "year": board.year,
            "id": board.board_id,
            **head,
            "fetched_at": _iso(board.fetched_at),
            "age_seconds": round(board.age_seconds, 1),
            "from_cache": board.from_cache,
            "view_key_end": board.view_key_end,
            "members": members,
            **passed_over,
        },
        indent=2,
    )


def _member_json(member: Member) -> dict[str, object]:
    return {"id": member.id, "name": member.name, "shown_name": member.shown_name}


def leaderboard_json(board: Leaderboard) -> str:
    members: list[dict[str, object]] = [
        {
            "rank": rank,
            **_member_json(member),
            "stars": member.stars,
            "local_score": member.local_score,
            "global_score": member.global_score,
            "days": list(member.days),
            "medals": dict(zip(("gold", "silver", "bronze"), member.medals, strict=True)),
        }
        for rank, member in enumerate(board.members, start=1)
    ]
    return _json(board, {"owner_id": board.owner_id}, members)


def leaderboard_day_json(board: Leaderboard, day: int) -> str:
    """`aoc leaderboard --day N --json` (times ISO, UTC)."""
    members: list[dict[str, object]] = [
        {
            "place": place,
            **_member_json(member),
            "part1_at": _iso(member.star_times[day - 1][0]),
            "part2_at": _iso(member.star_times[day - 1][1]),
            "part2_delta_seconds": part_two_delta(member, day),
        }
        for place, member in enumerate(day_members(board, day), start=1)
    ]
    return _json(board, {"day": day}, members)
