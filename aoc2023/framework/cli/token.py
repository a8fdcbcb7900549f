"""`aoc token`: where the session token is, whose it is, and whether the site takes it."""

from __future__ import annotations

from typing import Annotated

import typer

from aoc2023.framework.cli.common import AsJson, Verbose, configure_logging, emit, fail


def token(
    recheck: Annotated[
        bool, typer.Option("--recheck", help="Ask the site even if it took the token less "
                           "than 15 minutes ago.")
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Show where the session token was found, whose it is, and whether the site takes it.

    Also shows the User-Agent every request carries, with your contact from
    $AOC_USER_AGENT or the contact setting in pyproject.toml, as the site asks of tools.
    Never shows the token, only its last 4 characters. One request to the site at most
    (none when it took the token less than 15 minutes ago). Exit 2 when there is no
    token, the site refuses it, or the site cannot be reached.
    """
    from aoc2023.framework.aocd.client import check_token
    from aoc2023.framework.errors import NoInputError, SiteError
    from aoc2023.framework.render.token import render

    configure_logging(verbose)
    try:
        report = check_token(recheck=recheck)
    except Exception as error:
        fail(error, verbose)

    def to_json() -> str:
        from aoc2023.framework.render.as_json import token_json

        return token_json(report)

    # Under --json, the error below is added to the document (json_output.py).
    emit(as_json, to_json, (), lambda out, err: render(report, out))
    if report.fix is not None:
        fail(NoInputError(report.fix), verbose=False)
    if report.problem is not None:
        fail(SiteError(report.problem), verbose=False)
