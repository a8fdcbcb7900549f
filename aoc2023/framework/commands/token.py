"""`aoc token`: where the session token is, whose, and whether the site takes it: the
command, its view and its JSON, never showing more of the token than its last 4."""

from __future__ import annotations

import json
import time
from dataclasses import asdict
from datetime import UTC, datetime
from typing import IO, TYPE_CHECKING, Annotated

import typer

from aoc2023.framework import output
from aoc2023.framework.commands.options import AsJson, Verbose, configure_logging, emit, fail
from aoc2023.framework.commands.view import say_styled
from aoc2023.framework.errors import NoInputError, SiteError

if TYPE_CHECKING:
    from aoc2023.framework.results import TokenReport


def token(
    recheck: Annotated[
        bool,
        typer.Option(
            "--recheck", help="Ask the site even if it took the token less than 15 minutes ago."
        ),
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

    configure_logging(verbose=verbose)
    try:
        report = check_token(recheck=recheck)
    except Exception as error:
        fail(error, verbose=verbose)

    # Under --json, the error below is added to the document (json_output.py).
    emit(lambda: token_json(report), (), lambda out, err: render(report, out), as_json=as_json)
    if report.fix is not None:
        fail(NoInputError(report.fix), verbose=False)
    if report.problem is not None:
        fail(SiteError(report.problem), verbose=False)


def _ago(when: float) -> str:
    if (seconds := max(0, int(time.time() - when))) < 5:
        return "just now"
    minutes, seconds = divmod(seconds, 60)
    return f"{minutes}m {seconds}s ago" if minutes else f"{seconds}s ago"


def render(report: TokenReport, stream: IO[str]) -> None:
    """A line a fact, wrapped under `Token:  `; the advice to name a contact once a screen."""
    out: list[tuple[str, str | None]] = [(f"Token:  …{report.last4}, from {report.place}", None)]
    if report.cleaned:
        them = "them" if len(report.cleaned) > 1 else "it"
        pasted = f"        pasted with {' and '.join(report.cleaned)}: aoc takes {them} off"
        out.append((f"{pasted}, so it works as it is", "dim"))
    if report.user_id is None:
        why = (
            "the site was not asked"
            if report.requests == 0
            else "the site refused the token"
            if report.accepted is False
            else "the site could not be asked"
        )
        out.append((f"Owner:  unknown ({why})", "yellow"))
    else:
        how = (
            "aocd's memo, token2id.json"
            if report.user_id_cached
            else "from the site, now in aocd's memo"
            if report.user_id_kept
            else "from the site; aocd's memo, token2id.json, could not be written"
        )
        out.append((f"Owner:  {report.user_id} ({how})", None))
    asked = f"{report.requests} request" + ("s" if report.requests != 1 else "")
    if report.accepted is True:
        when = _ago(report.checked_at) if report.checked_at is not None else "now"
        out.append((f"Site:   ✔ accepted ({when}; {asked})", "green"))
    elif report.accepted is False:
        out.append((f"Site:   ✘ refused ({asked})", "red"))
    elif report.requests == 0:
        out.append(("Site:   ? not asked: the token cannot be sent as it is", "yellow"))
    else:
        out.append((f"Site:   ? could not be asked ({asked})", "yellow"))
    if report.user_agent:
        out.append((f"Sent:   User-Agent: {report.user_agent}", None))
        if report.contact is None and output.first_time(output.CONTACT):
            advice = (
                "        names no contact of yours, as the site asks: export "
                'AOC_USER_AGENT="you@example.com", or set contact under [tool.aoc] '
                "in pyproject.toml"
            )
            out.append((advice, "yellow"))
    say_styled(out, stream, indent=" " * 8)


def token_json(report: TokenReport) -> str:
    """The report's fields in their order, the token's end as `token_end`, times ISO."""
    data = asdict(report)
    data = {"place": data.pop("place"), "token_end": data.pop("last4"), **data}
    if report.checked_at is not None:
        data["checked_at"] = datetime.fromtimestamp(report.checked_at, UTC).isoformat()
    return json.dumps(data, indent=2)
