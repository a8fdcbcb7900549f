"""`aoc leaderboard`: a private leaderboard, fetched at most once every 15 minutes."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from aoc2023.framework import calendar
from aoc2023.framework.cli.common import AsJson, Verbose, Year, configure_logging, fail
from aoc2023.framework.errors import UsageError


def leaderboard(
    year: Year,
    board_id: Annotated[int, typer.Argument(
        metavar="ID", help="The board's id: the number at the end of its address.")],
    day: Annotated[int | None, typer.Option(
        "--day", min=1, max=25, help="One day: each member's part 1 and part 2 times "
        "(local time) and the time between them, from the same kept copy.")] = None,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Show a private leaderboard: rank, name, stars per day, stars, local score, medals.

    Fetched with your session token through aocd's client, and kept on disk for 15
    minutes (the site's rule); says how old the data shown is.
    """
    from aoc2023.framework.aocd.account import no_token_error
    from aoc2023.framework.aocd.leaderboard import leaderboard as fetch_board
    from aoc2023.framework.aocd.session import find_token

    configure_logging(verbose)
    try:
        token = find_token()
        if token is None:
            raise no_token_error()
        board = fetch_board(token, year, board_id)
        if day is not None and day > calendar.days_in_year(year):  # known once fetched
            raise UsageError(f"{year} has no day {day}: its days are 1 to "
                             f"{calendar.days_in_year(year)}.")
    except Exception as error:
        fail(error, verbose)
    if board.passed_over:
        named = ", ".join(board.passed_over[:5]) + (", ..." if len(board.passed_over) > 5 else "")
        print(f"Some of the board's values are not whole numbers and were passed over "
              f"(stars are counted from the days, scores shown as 0): {named}.", file=sys.stderr)
    for notice in board.notices:
        print(f"Note: {notice}", file=sys.stderr)
    if as_json:
        from aoc2023.framework.cli import json_output
        from aoc2023.framework.render.as_json import leaderboard_day_json, leaderboard_json

        json_output.put(leaderboard_json(board) if day is None
                        else leaderboard_day_json(board, day))
    else:
        from aoc2023.framework.render.leaderboard import render, render_day

        if day is None:
            render(board, sys.stdout)
        else:
            render_day(board, day, sys.stdout)
