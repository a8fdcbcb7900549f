"""`aoc new`: start a day from a template, with what can be fetched for it."""

from __future__ import annotations

from typing import IO, Annotated

import typer

from aoc2023.framework.cli.common import AsJson, Verbose, Year, configure_logging, emit, fail
from aoc2023.framework.output import printable


def new(
    year: Year,
    day: Annotated[int, typer.Argument(help="The day, e.g. 8.")],
    wait: Annotated[
        bool, typer.Option("--wait", help="Count down to the puzzle's unlock (midnight US "
                           "Eastern), then fetch at once. Ctrl-C stops.")
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Start a day: write its module (dayNN.py) from a template.

    With a session token, also fetches your input into aocd's cache, and the
    puzzle's title and example into the template. Never overwrites a file (exit 2);
    refuses a puzzle that is not unlocked yet, unless told to --wait for it. No test
    file is needed: pytest tests the day's examples (`pytest aoc2023/day08.py`).
    """
    from aoc2023.framework.aocd.local import find_token
    from aoc2023.framework.launcher import aoc_command, pytest_command
    from aoc2023.framework.project import shown
    from aoc2023.framework.scaffold import new_day

    configure_logging(verbose)
    if wait:
        from aoc2023.framework.cli.unlock import wait_in_terminal
        from aoc2023.framework.scaffold import find_target, refuse_existing

        try:  # say now, not after the wait, that the files exist already
            refuse_existing(find_target(year, day))
        except Exception as error:
            fail(error, verbose)
        wait_in_terminal(year, day, verbose, token=find_token())
    try:
        from aoc2023.framework.calendar import offering_wait

        with offering_wait("new"):  # a locked day's sentence names `aoc new --wait`
            created = new_day(year, day, find_token())
    except Exception as error:
        fail(error, verbose)
    target, info = created.target, created.info
    notices = [f"Note: {problem}" for problem in info.problems]

    def to_json() -> str:
        from aoc2023.framework.render.as_json import new_json

        return new_json(created, info.problems)

    def to_text(out: IO[str], err: IO[str]) -> None:  # the title and notices from outside
        print(printable(f"Wrote {shown(target.day_path)}"
                        + (f" for {year} day {day}: {info.title}." if info.title else ".")),
              file=out)
        if info.input_cached:
            print("Your input is in aocd's cache.", file=out)
        if info.examples:
            count = len(info.examples)
            print(f"The example block holds {count} example{'s' * (count > 1)} from the "
                  "puzzle page, read by aocd's example parser: check the answers.", file=out)
        for notice in notices:
            print(printable(notice), file=err)
        print(f"Next: {aoc_command('run', year, day, '--example')}; its tests: "
              f"{pytest_command(shown(target.day_path))}", file=out)

    emit(as_json, to_json, notices, to_text)
