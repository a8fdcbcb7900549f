"""`aoc leaderboard`: a private leaderboard, fetched at most once every 15 minutes."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from aoc2023.framework import calendar
from aoc2023.framework.cli.common import AsJson, Verbose, Year, configure_logging, fail, say
from aoc2023.framework.errors import NoInputError, UsageError

if TYPE_CHECKING:
    from aoc2023.framework.results import Leaderboard


def leaderboard(
    year: Year,
    board_id: Annotated[int, typer.Argument(
        metavar="ID", help="The board's id: the number at the end of its address.")],
    day: Annotated[int | None, typer.Option(
        "--day", min=1, max=25, help="One day: each member's part 1 and part 2 times "
        "(local time) and the time between them, from the same kept copy.")] = None,
    view_key: Annotated[str | None, typer.Option(
        "--view-key", metavar="KEY", help="Read the board with its view key (from the "
        "board's read-only link; the link itself will do), with no session token.")] = None,
    save_key: Annotated[bool, typer.Option(
        "--save-key", help="Keep the --view-key for this board, where the token is kept, "
        "once the site has taken it: later reads of the board use it.")] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Show a private leaderboard: rank, name, stars per day, stars, local score, medals.

    Read with the board's view key (--view-key, or the one kept for the board by
    --save-key) when there is one, else with your session token, through aocd's client;
    kept on disk for 15 minutes (the site's rule), whatever the form asked for; says how
    old the data shown is.
    """
    from aoc2023.framework import output
    from aoc2023.framework.aocd import view_keys
    from aoc2023.framework.aocd.leaderboard import leaderboard as fetch_board
    from aoc2023.framework.aocd.session import no_token_sentence

    try:
        given = None if view_key is None else view_keys.clean(view_key)
    except Exception as error:
        fail(error, verbose)
    output.install(given)  # before anything could show it: --verbose logs the address
    configure_logging(verbose)  # (its handler writes to the stream installed now)
    try:
        if save_key and given is None:
            raise UsageError("--save-key keeps the key given with --view-key KEY: give it one.")
        key = given if given is not None else view_keys.saved(board_id)
        token = _token(needed=key is None)
        if key is None and token is None:
            raise NoInputError(
                f"{no_token_sentence()}, and no view key is kept for board {board_id}: give "
                "the board's view key with --view-key KEY, or log in to adventofcode.com, copy "
                "the cookie named session, and put it in one of those places.")
        board = fetch_board(token, year, board_id, view_key=key,
                            kept_key=key is not None and given is None)
        if day is not None and day > calendar.days_in_year(year):  # known once fetched
            raise UsageError(f"{year} has no day {day}: its days are 1 to "
                             f"{calendar.days_in_year(year)}.")
        if save_key and given is not None:
            print(_kept(given, board), file=sys.stderr)
    except Exception as error:
        fail(error, verbose)
    if board.passed_over:
        named = ", ".join(board.passed_over[:5]) + (", ..." if len(board.passed_over) > 5 else "")
        say(f"Some of the board's values are not whole numbers and were passed over "
            f"(stars are counted from the days, scores shown as 0): {named}.", err=True)
    for notice in board.notices:
        say(f"Note: {notice}", err=True)
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


def _kept(key: str, board: Leaderboard) -> str:
    """Keep `key` for the board when the site has taken it: the board was fetched with it
    just now, or the copy shown was fetched with a key of the same ending (a copy fetched
    otherwise has not tried the key, and asking again would break the site's rule).
    What became of it, as a sentence."""
    if board.view_key_end != key[-4:]:
        return ("Note: the view key was not kept: the board shown was fetched without it "
                "less than 15 minutes ago, so the site has not tried it yet; give "
                "--save-key again once the kept copy is older than that.")
    from aoc2023.framework.aocd import view_keys

    path = view_keys.save(board.board_id, key)
    return (f"Kept the view key ending {key[-4:]} for board {board.board_id} in {path}: later "
            "reads of the board use it.")


def _token(needed: bool) -> str | None:
    """The session token. A board read with a view key sends none, and looks with the
    token only for a copy its owner fetched: a token file that cannot be read is then no
    reason to fail."""
    from aoc2023.framework.aocd.session import find_token
    from aoc2023.framework.errors import AocError

    if needed:
        return find_token()
    try:
        return find_token()
    except AocError:
        return None
