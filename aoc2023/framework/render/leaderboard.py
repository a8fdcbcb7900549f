"""The view of `aoc leaderboard`: rank, name, a strip of stars per day, stars and scores,
and how old the data shown is."""

from __future__ import annotations

from typing import IO

from aoc2023.framework.commands.view import (
    Cell,
    Column,
    choose_layout,
    paint,
    render_table,
    terminal_width,
    use_colour,
    wrap_message,
)
from aoc2023.framework.results import Leaderboard, Member

_STAR = {2: "*", 1: "+", 0: "."}
"""A day in the strip: both stars, part 1 only, none (ASCII, so that any terminal and
font keeps the columns straight; uncoloured, as the table measures plain text)."""


def strip(days: tuple[int, ...]) -> str:
    """Stars per day, in groups of five: `**+.. *....`."""
    return " ".join("".join(_STAR[stars] for stars in days[start:start + 5])
                    for start in range(0, len(days), 5))


def describe_age(seconds: float) -> str:
    whole = int(seconds)
    if whole < 60:
        return f"{whole}s"
    minutes, rest = divmod(whole, 60)
    if minutes < 60:
        return f"{minutes}m {rest:02d}s"
    hours, minutes = divmod(minutes, 60)
    return f"{hours}h {minutes:02d}m"


def age_line(board: Leaderboard) -> str:
    key = "" if board.view_key_end is None else f" with the view key ending {board.view_key_end}"
    how = (f"kept from an earlier fetch{key}; the site asks for one fetch in 15 minutes at most"
           if board.from_cache else f"fetched just now{key}; kept for 15 minutes")
    return f"Data from {describe_age(board.age_seconds)} ago ({how})."


def medals(counts: tuple[int, int, int]) -> str:
    """Gold/silver/bronze days as `G/S/B` counts, e.g. `2/0/1`."""
    return "/".join(str(count) for count in counts)


def _row(rank: int, member: Member, with_global: bool) -> list[Cell]:
    cells = [Cell(str(rank)), Cell(member.shown_name, None if member.name else "dim"),
             Cell(strip(member.days)), Cell(str(member.stars)),
             Cell(str(member.local_score)), Cell(medals(member.medals))]
    if with_global:
        cells.append(Cell(str(member.global_score or 0)))
    return cells


def render(board: Leaderboard, out: IO[str]) -> None:
    colour = use_colour(out)
    width = terminal_width(out)  # fitted like every table: names wrap, numbers stay whole
    with_global = any(member.global_score is not None for member in board.members)
    days = Column("Days 1-" + str(len(board.members[0].days)) if board.members else "Days")
    rank_column, name = Column("Rank", "right"), Column("Name", kind="text")
    columns = [rank_column, name, days, Column("Stars", "right"), Column("Score", "right"),
               Column("G/S/B", "right")]
    if with_global:
        columns.append(Column("Global", "right"))
    rows = [_row(rank, member, with_global)
            for rank, member in enumerate(board.members, start=1)]
    # Too narrow for all: the count of stars (the strip shows them), the medals and the
    # global score give way; --json has them all.
    narrow = [[row[0], row[1], row[2], row[4]] for row in rows]
    chosen_columns, chosen = choose_layout(
        [(columns, rows), ([rank_column, name, days, Column("Score", "right")], narrow)], width)
    print(render_table(f"Private leaderboard {board.board_id}, {board.year}", chosen_columns,
                       chosen, colour, width), file=out)
    print(paint(wrap_message(age_line(board), width), "dim", colour), file=out)


def _moment(timestamp: int | None) -> str:
    from datetime import UTC, datetime

    from aoc2023.framework.calendar import clock_time

    return "-" if timestamp is None else clock_time(datetime.fromtimestamp(timestamp, UTC))


def day_members(board: Leaderboard, day: int) -> list[Member]:
    """The members with at least part 1 of `day`, in the day's order (`day_order`)."""
    return sorted((member for member in board.members if member.star_times[day - 1][0]
                   is not None or member.star_times[day - 1][1] is not None),
                  key=lambda member: member.day_order(day))


def part_two_delta(member: Member, day: int) -> int | None:
    """Seconds from part 1's star to part 2's; None without both."""
    first, second = member.star_times[day - 1]
    return None if first is None or second is None else second - first


def render_day(board: Leaderboard, day: int, out: IO[str]) -> None:
    """One day: each member's part 1 and part 2 times (local clock time, whole seconds)
    and the part 2 delta, both stars first by the second star's time."""
    colour = use_colour(out)
    width = terminal_width(out)
    columns = [Column("Place", "right"), Column("Name", kind="text"), Column("Part 1"),
               Column("Part 2"), Column("Delta", "right")]
    rows = []
    for place, member in enumerate(day_members(board, day), start=1):
        first, second = member.star_times[day - 1]
        delta = part_two_delta(member, day)
        rows.append([Cell(str(place)), Cell(member.shown_name, None if member.name else "dim"),
                     Cell(_moment(first)), Cell(_moment(second)),
                     Cell("-" if delta is None else describe_age(delta))])
    narrow = [0, 1, 3, 4]  # part 1's time is part 2's less the delta
    chosen_columns, chosen = choose_layout(
        [(columns, rows), ([columns[i] for i in narrow], [[row[i] for i in narrow]
                                                           for row in rows])], width)
    print(render_table(f"Private leaderboard {board.board_id}, {board.year}, day {day}",
                       chosen_columns, chosen, colour, width), file=out)
    print(paint(wrap_message(age_line(board), width), "dim", colour), file=out)
