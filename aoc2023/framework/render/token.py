"""The view of `aoc token`: a few labelled lines, never the token (its last 4 characters)."""

from __future__ import annotations

import time
from typing import IO

from aoc2023.framework import output
from aoc2023.framework.render.table import cell_width, paint, terminal_width, use_colour, wrap
from aoc2023.framework.results import TokenReport


def _ago(when: float) -> str:
    seconds = max(0, int(time.time() - when))
    if seconds < 5:
        return "just now"
    minutes, seconds = divmod(seconds, 60)
    return f"{minutes}m {seconds}s ago" if minutes else f"{seconds}s ago"


def lines(report: TokenReport) -> list[tuple[str, str | None]]:
    """(text, style) for each line of the report; the advice to name yourself to the site
    only when this screen has not given it yet (output.py)."""
    found = f"…{report.last4}, from {report.place}"
    out: list[tuple[str, str | None]] = [(f"Token:  {found}", None)]
    if report.cleaned:
        out.append((f"        pasted with {' and '.join(report.cleaned)}: aoc takes "
                    f"{'them' if len(report.cleaned) > 1 else 'it'} off, so it works as it is",
                    "dim"))
    if report.user_id is None:
        why = ("the site was not asked" if report.requests == 0
               else "the site refused the token" if report.accepted is False
               else "the site could not be asked")
        out.append((f"Owner:  unknown ({why})", "yellow"))
    else:
        how = ("aocd's memo, token2id.json" if report.user_id_cached
               else "from the site, now in aocd's memo" if report.user_id_kept
               else "from the site; aocd's memo, token2id.json, could not be written")
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
            out.append(("        names no contact of yours, as the site asks: export "
                        'AOC_USER_AGENT="you@example.com", or set contact under [tool.aoc] '
                        "in pyproject.toml", "yellow"))
    return out


_INDENT = " " * 8
"""Under the labels (`Token:  `): where a line goes on when it wraps."""


def render(report: TokenReport, out: IO[str]) -> None:
    colour, width = use_colour(out), terminal_width(out)
    for text, style in lines(report):
        if width is not None and cell_width(text) > width:  # at words, under its label
            text = "\n".join(wrap(text, width, indent=_INDENT))
        print(paint(text, style, colour), file=out)
