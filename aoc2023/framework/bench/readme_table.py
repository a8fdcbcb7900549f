"""`aoc bench --readme`: the days' best-of-runs times as a table in the project's README.md.

The times are each step's headline figure (figures.Headline: the minimum of the runs,
by CPU time for a long step, at the reference speed: calibration.py), the one that
moves least with the machine's load and speed, so the table does not change with them.

The table goes between two marker lines, START and END, each on a line of its own
(a mention of them inside a line of prose is not a marker); everything outside
them is left as it was, byte for byte. A README without the markers gets them (with the
table) at its end, once; markers that are out of order or doubled are refused
rather than guessed at. Each year's rows (its days, `2023/07`, and its total row, which
says when it was benched) are those of its last bench run: a run replaces the rows of
the years it benched and keeps the other years' rows as they were, so benching one
year at a time builds the table of all. Rows without a year (from before) are dropped.
The table lists main implementations only: it says how fast the days are solved, and
a variant is an experiment beside that (`aoc bench` shows each variant's ratio to it).
"""

from __future__ import annotations

import re
from pathlib import Path

from aoc2023.framework.bench.figures import LONG_STEP, BenchReport, StepBench
from aoc2023.framework.commands.view import format_duration
from aoc2023.framework.errors import UsageError
from aoc2023.framework.files import write_atomically
from aoc2023.framework.results import Status

START = "<!-- aoc-bench:start -->"
END = "<!-- aoc-bench:end -->"


def _not_timed(step: StepBench | None) -> str:
    """The cell of a step with no figures: a part that failed or timed out is marked as
    the bench table marks it, so that it is not taken for one not written yet (and a
    day's total that leaves it out, for a fast day)."""
    if step is not None and (step.error or any(p.status is Status.ERROR for p in step.parts)):
        return "! error"
    if step is not None and any(p.status is Status.TIMEOUT for p in step.parts):
        return "⧖ timeout"
    return "-"


_YEAR_ROW = re.compile(r"\| (?:(\d{4})/\d+|\*\*(\d{4})\*\*) \|")
"""A row of the table that belongs to a year: a day's (`| 2023/07 |`) or the year's total
(`| **2023** |`)."""


def rows_by_year(table: str) -> dict[int, list[str]]:
    """The rows of an earlier table, by year, in their order (other lines are left out)."""
    rows: dict[int, list[str]] = {}
    for line in table.splitlines():
        if match := _YEAR_ROW.match(line):
            rows.setdefault(int(match[1] or match[2]), []).append(line)
    return rows


def markdown_table(
    report: BenchReport, when: str, python: str, system: str, previous: str = ""
) -> str:
    """Day, puzzle, input, the headline figure of each step, and each day's total (its
    parse and its parts), with a total row per year; the years of `report` replace
    theirs in the `previous` table, whose other years' rows are kept."""
    rows = rows_by_year(previous)
    benched = _year_rows(report, f"benched on {when}, {python}, {system}")
    rows = {**{year: lines for year, lines in rows.items() if year not in benched}, **benched}
    lines = [
        "| Day | Puzzle | Input | Parse | Part 1 | Part 2 | Total |",
        "| ---: | :--- | :--- | ---: | ---: | ---: | ---: |",
    ]
    for year in sorted(rows):
        lines += rows[year]
    lines += [
        "",
        "Best-of-runs times from `aoc bench`: the fastest of each step's runs, by CPU time "
        f"for steps of {format_duration(LONG_STEP)} or more, else by the wall clock, scaled to "
        "the reference speed (`aoc bench` measures the machine's own); a day's total is its "
        "parse and its parts. Each year's total row says when, and on what, it was benched.",
    ]
    return "\n".join(lines)


def _year_rows(report: BenchReport, benched: str) -> dict[int, list[str]]:
    """The rows of each year of `report`: its days, then its total."""
    rows: dict[int, list[str]] = {}
    totals: dict[int, float] = {}
    for bench in report.results:
        steps = {step.step: step for step in bench.steps if step.variant is None}
        parse = steps.get("parse")
        if parse is None or parse.stats is None:
            continue
        total = parse.stats.headline_seconds
        cells = []
        both = steps.get("parts 1+2")
        if both is not None:
            if both.stats is None:
                cells = [_not_timed(both), "-"]
            else:
                cells = [format_duration(both.stats.headline_seconds) + " (1+2)", "(with part 1)"]
                total += both.stats.headline_seconds
        else:
            for name in ("part 1", "part 2"):
                step = steps.get(name)
                stats = step.stats if step is not None else None
                cells.append(format_duration(stats.headline_seconds) if stats else _not_timed(step))
                total += stats.headline_seconds if stats else 0.0
        result = bench.result
        totals[result.year] = totals.get(result.year, 0.0) + total
        rows.setdefault(result.year, []).append(
            f"| {result.year}/{result.day:02d} | {result.title or ''} | "
            f"{result.label or result.source or ''} | "
            f"{format_duration(parse.stats.headline_seconds)} | {cells[0]} | {cells[1]} | "
            f"{format_duration(total)} |"
        )
    for year, total in totals.items():
        rows[year].append(f"| **{year}** | **Total** ({benched}) | | | | | "
                          f"**{format_duration(total)}** |")
    return rows


def _marker_lines(text: str, marker: str) -> list[re.Match[str]]:
    """Where `marker` stands on a line of its own (a mention inside prose is not one)."""
    return list(re.finditer(rf"^[ \t]*{re.escape(marker)}[ \t]*(?=\r?$)", text, re.MULTILINE))


def insert_block(text: str, block: str, start: str = START, end: str = END) -> tuple[str, bool]:
    """`text` with `block` between the marker lines `start` and `end`, and whether the
    markers had to be added (at the end). Nothing outside the markers changes. Every
    block the framework keeps in a README (the bench table, the calendar) goes through
    here, each with its own pair of markers."""
    newline = "\r\n" if "\r\n" in text else "\n"
    body = block.replace("\n", newline)
    starts, ends = _marker_lines(text, start), _marker_lines(text, end)
    if not starts and not ends:
        before = text if not text or text.endswith(newline) else text + newline
        gap = newline if before else ""
        return f"{before}{gap}{start}{newline}{body}{newline}{end}{newline}", True
    if len(starts) != 1 or len(ends) != 1 or ends[0].start() < starts[0].end():
        raise UsageError(f"The README must have the lines {start} and {end} once each, in "
                         "that order (or neither, to have them added at the end).")
    return f"{text[:starts[0].end()]}{newline}{body}{newline}{text[ends[0].start():]}", False


def _read(path: Path) -> str:
    try:
        return path.read_bytes().decode("utf-8")
    except FileNotFoundError as error:
        raise UsageError(f"There is no {path} to write into.") from error
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"Cannot read {path}: {error}.") from error


def check_readme(path: Path) -> None:
    """Raise UsageError now if the README at `path` could not take the table, rather than
    after the whole benchmark has run."""
    insert_block(_read(path), "")


def current_block(path: Path) -> str:
    """What the README at `path` holds between its markers now ("" without them)."""
    text = _read(path)
    starts, ends = _marker_lines(text, START), _marker_lines(text, END)
    return text[starts[0].end():ends[0].start()] if len(starts) == len(ends) == 1 else ""


def update_readme(path: Path, block: str, start: str = START, end: str = END) -> bool:
    """Write `block` into the README at `path` between `start` and `end`; True when the
    markers were added. An unchanged README is not rewritten."""
    text = _read(path)
    new_text, added = insert_block(text, block, start, end)
    if new_text == text:
        return added
    write_atomically(path, new_text, what="the README")
    return added
