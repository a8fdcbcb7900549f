"""`aoc list`: the days written so far, from local files only."""

from __future__ import annotations

from typing import Annotated

import typer

from aoc2023.framework.cli.common import (
    YEARS_HELP,
    AsJson,
    Verbose,
    configure_logging,
    emit,
    fail,
    years_asked,
)


def list_days(
    years: Annotated[
        str | None, typer.Argument(help=f"{YEARS_HELP} Default: all.", metavar="YEARS")
    ] = None,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """List the days written so far: title, examples per part, and which parts are solved.

    A part is solved when aocd has cached the answer the site accepted for your session
    token. Reads local files only; fetches nothing.
    """
    from aoc2023.framework import listing
    from aoc2023.framework.listing import listing_exit_code
    from aoc2023.framework.render import as_json as json_view
    from aoc2023.framework.render import listing as listing_view

    configure_logging(verbose)
    asked = years_asked(years, verbose) if years is not None else None
    try:
        found = listing.list_days(asked)
    except Exception as error:
        fail(error, verbose)
    emit(as_json, lambda: json_view.listing_json(found), found.notices,
         lambda out, err: listing_view.render(found, out, err))
    raise typer.Exit(listing_exit_code(found))
