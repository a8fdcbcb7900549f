"""The view of `aoc stats`: a table per year (each day's stars, when each was earned,
the attempts before it, first tries and the runtime), the year's totals under it, and
what could not be known."""

from __future__ import annotations

from collections.abc import Sequence
from typing import IO

from aoc2023.framework.commands.view import (
    Cell,
    Column,
    choose_layout,
    format_duration,
    paint,
    render_table,
    terminal_width,
    use_colour,
    wrap_message,
)
from aoc2023.framework.render.calendar_svg import format_since_unlock
from aoc2023.framework.stats import DayStats, StarStats, YearStats


def star_cell(star: StarStats) -> Cell:
    """When the star came: the time from the unlock as the calendar writes it, and the
    moment (the site's zone, as the unlock), e.g. `12:34 (1 Dec 00:12)`; `>24h` when
    the site says only that; `in` when it is in at an unknown time; `-` when not in."""
    if not star.earned:
        return Cell("-", "dim")
    if star.earned_at is not None:
        moment = f"{star.earned_at.day} {star.earned_at:%b %H:%M}"
        return Cell(f"{format_since_unlock(star.since_unlock)} ({moment})")
    return Cell(">24h" if star.late else "in")


def _joined(values: Sequence[str]) -> str:
    return " / ".join(values) if any(value != "-" for value in values) else "-"


def attempts_text(day: DayStats) -> str:
    """The wrong answers sent before each star, part 1 / part 2; `-` where not known."""
    return _joined(["-" if star.attempts is None else str(star.attempts) for star in day.stars])


def first_try_text(day: DayStats) -> str:
    """Each star's first try, `yes` / `no`; `-` where not known or not earned."""
    return _joined(["-" if star.first_try is None else "yes" if star.first_try else "no"
                    for star in day.stars])


def totals_line(year: YearStats) -> str:
    """The year's stars, first-try rate and total runtime, in one sentence."""
    possible = sum(len(day.stars) for day in year.days)
    parts = [f"{year.year}: {year.stars} of {possible} stars"]
    known = [star.first_try for day in year.days for star in day.stars
             if star.first_try is not None]
    if year.first_try_rate is not None:
        parts.append(f"{year.first_try_rate:.0%} first try ({sum(known)} of {len(known)} "
                     "known)")
    else:
        parts.append("first tries not known")
    total = year.total_runtime
    measured = sum(day.runtime_seconds is not None for day in year.days)
    parts.append("no runtime known" if total is None else
                 f"{format_duration(total)} total runtime ({measured} "
                 f"day{'s' * (measured != 1)})")
    return ", ".join(parts) + "."


def _row(day: DayStats) -> list[Cell]:
    return [Cell(str(day.day)), Cell(day.title or "", None if day.title else "dim"),
            *(star_cell(star) for star in day.stars), Cell(attempts_text(day)),
            Cell(first_try_text(day)), Cell(format_duration(day.runtime_seconds) or "-")]


def render(years: Sequence[YearStats], out: IO[str]) -> None:
    """Each year's table, its totals, and under them what is not known, a sentence each,
    dimmed."""
    colour, width = use_colour(out), terminal_width(out)
    for number, year in enumerate(years):
        if number:
            print(file=out)
        columns = [Column("Day", "right"), Column("Title", kind="text"), Column("Part 1"),
                   Column("Part 2"), Column("Attempts"), Column("First try"),
                   Column("Runtime", "right")]
        rows = [_row(day) for day in year.days]
        # Narrower, the title goes (each day has its number), then the attempts (in
        # --json and the totals' first-try rate): the stars' times and runtime stay.
        layouts = [(columns, rows)] + [([columns[i] for i in kept], [[row[i] for i in kept]
                                                                      for row in rows])
                                       for kept in ((0, 2, 3, 4, 6), (0, 2, 3, 6))]
        chosen_columns, chosen = choose_layout(layouts, width)
        print(render_table(f"Stars of {year.year}", chosen_columns, chosen, colour, width),
              file=out)
        print(wrap_message(totals_line(year), width), file=out)
        for sentence in year.unknown:
            print(paint(wrap_message(f"Not known: {sentence}", width), "dim", colour),
                  file=out)
