"""`aoc stats`: your stars, when each was earned, the attempts before it, first tries and
runtimes, per year; as a calendar picture too."""

from __future__ import annotations

import os
from pathlib import Path
from typing import IO, Annotated

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
from aoc2023.framework.errors import UsageError

CALENDAR_NEXT_TO_README = "aoc-calendar.svg"
"""The picture --readme links to when --svg names none: beside the README."""


def _targets(svg: Path | None, readme: bool) -> tuple[Path | None, Path | None]:
    """The picture and the README to write, absolute, each checked before any work (as
    `aoc bench` checks its files): UsageError naming the first that could not be."""
    from aoc2023.framework.bench import plot, readme_table
    from aoc2023.framework.files import check_writable

    then = "so nothing was read"
    readme_file = None
    if readme:
        from aoc2023.framework.project import require_project_root

        readme_file = Path(os.path.abspath(require_project_root() / "README.md"))
        readme_table.check_readme(readme_file)
        check_writable("--readme", readme_file, then=then)
        if svg is None:
            svg = readme_file.parent / CALENDAR_NEXT_TO_README
    picture = None
    if svg is not None:
        if svg.suffix.lower() not in (".svg", ".png"):
            raise UsageError(f"--svg {svg}: the file must end in .svg, or .png for a PNG.")
        if svg.suffix.lower() == ".png":
            plot.require("--svg FILE.png")
        picture = Path(os.path.abspath(svg))
        check_writable("--svg", picture, then=then)
    return picture, readme_file


def stats(
    years: Annotated[str, typer.Argument(help=YEARS_HELP,
                                         metavar="[YEARS]")] = "all",
    svg: Annotated[Path | None, typer.Option(
        "--svg", metavar="FILE", help="Draw the calendar, a tile per day with its stars, "
        "the time taken and the runtime, into FILE: an SVG for GitHub's light and dark "
        "themes, or a PNG when FILE ends in .png (needs matplotlib: the plot extra).")] = None,
    readme: Annotated[bool, typer.Option(
        "--readme", help="Keep a link to the calendar in the project's README.md, between "
        "the aoc-calendar marker comments (added at its end the first time); the picture "
        f"is --svg's, else {CALENDAR_NEXT_TO_README} beside the README.")] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Show your stars of each year: when each was earned, attempts, first tries, runtimes.

    When each star was earned is read from the site's page of your times (at most once
    per year in 15 minutes, and never again once it shows every star of the year); the
    wrong answers sent before it from the records of answers sent (aocd's and aoc's); the
    runtime from the day's last aoc run on your input, else the benchmark history. With
    no session token, or the site unreachable, it shows what is kept and says what it
    could not know. Exit code: 0 when shown, 2 when it could not be (a bad year or file).
    """
    from aoc2023.framework import calendar
    from aoc2023.framework.aocd.session import find_token
    from aoc2023.framework.commands import stats as stats_source
    from aoc2023.framework.project import project_root

    configure_logging(verbose)
    chosen = years_asked(years, verbose)
    done: list[str] = []
    try:
        picture, readme_file = _targets(svg, readme)
        who = stats_source.whose(find_token())
        now = calendar.current_time()
        bench = stats_source.saved_bench_runtimes(project_root())
        found = [stats_source.year_stats(year, who, now, bench) for year in chosen]
    except Exception as error:
        fail(error, verbose)
    # The stats are made: a file that fails now is said after them, which are shown.
    written: list[Path] = []
    late: Exception | None = None
    try:
        if picture is not None:
            from aoc2023.framework.render.calendar_svg import update_readme, write_svg

            write_svg(picture, found)
            written.append(picture)
            done.append(f"Drew the calendar into {picture}.")
            if readme_file is not None:
                changed = update_readme(readme_file, picture)
                written.append(readme_file)
                done.append(f"{readme_file} links to it, between the aoc-calendar markers"
                            f"{'' if changed else ' (as it did already)'}.")
    except Exception as error:
        late = error

    def to_json() -> str:
        from aoc2023.framework.render.as_json import stats_json

        return stats_json(found, [str(path) for path in written])

    def to_table(out: IO[str], err: IO[str]) -> None:
        from aoc2023.framework.render.stats import render

        render(found, out)

    emit(as_json, to_json, done, to_table)
    if not as_json:
        for line in done:
            typer.echo(line, err=True)
    if late is not None:
        fail(late, verbose)
