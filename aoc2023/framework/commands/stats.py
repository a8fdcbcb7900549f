"""`aoc stats`: each year's stars, when earned, attempts, first tries and runtimes, from the
site's page of times, the answers sent and the runtimes kept (docs/how-to/stats.md), as
tables, JSON or a calendar picture for the README; only the command prints or writes."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping, Sequence
from contextlib import suppress
from datetime import UTC, datetime, timedelta
from io import BytesIO
from pathlib import Path
from typing import IO, TYPE_CHECKING, Annotated, NamedTuple
from urllib.parse import quote

import typer

from aoc2023.framework import calendar, registry, store
from aoc2023.framework.aocd import local, paths
from aoc2023.framework.commands import view
from aoc2023.framework.commands.options import (
    YEARS_HELP,
    AsJson,
    Verbose,
    configure_logging,
    emit,
    fail,
    say,
)
from aoc2023.framework.commands.view import Cell, Column, format_duration
from aoc2023.framework.errors import AocError, UsageError
from aoc2023.framework.files import check_writable, write_atomically
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.project import project_root, require_project_root

if TYPE_CHECKING:
    from xml.etree.ElementTree import Element

    from aoc2023.framework.aocd import stars
    from aoc2023.framework.aocd.sent import Attempt

# Heavy imports where used, and NamedTuples: `aoc` imports every command's module.


class StarStats(NamedTuple):
    """One star: `earned` by the site's page or an accepted answer; `earned_at` tz-aware;
    `late`: over a day after the unlock, no more known; `attempts`: wrong answers before
    it, `first_try`: none. None: not known."""

    part: int
    earned_at: datetime | None
    since_unlock: timedelta | None
    attempts: int | None
    first_try: bool | None
    earned: bool = False
    late: bool = False


class DayStats(NamedTuple):
    """One day: a star per part; the runtime is parse plus parts."""

    year: int
    day: int
    title: str | None
    stars: tuple[StarStats, ...]
    runtime_seconds: float | None


class YearStats(NamedTuple):
    """Every day of a year, known or not, and one sentence per thing not known."""

    year: int
    days: tuple[DayStats, ...]
    unknown: tuple[str, ...]

    @property
    def stars(self) -> int:
        return sum(star.earned for day in self.days for star in day.stars)

    @property
    def first_tries(self) -> list[bool]:
        """Whether each star whose first try is known was earned at the first try."""
        return [s.first_try for day in self.days for s in day.stars if s.first_try is not None]

    @property
    def first_try_rate(self) -> float | None:
        """None when no star's first try is known."""
        known = self.first_tries
        return sum(known) / len(known) if known else None

    @property
    def total_runtime(self) -> float | None:
        """None when no day has one."""
        measured = [day.runtime_seconds for day in self.days if day.runtime_seconds is not None]
        return sum(measured) if measured else None


# Gathering.

PARTS = (1, 2)
"""Two stars a day: the last day's second is the final star (its part 2 on the page)."""


class Who(NamedTuple):
    """The session token and aocd's id of its owner (None: not known, `why` says why)."""

    token: str | None
    user_id: str | None
    why: str | None = None


def whose(token: str | None) -> Who:
    """The token's owner (aocd's memo, else a request); without a token, aocd's one user."""
    if token is not None:
        if (known := paths.cached_user_id(token)) is not None:  # a damaged memo: a failure
            return Who(token, known)
        from aoc2023.framework.aocd import client

        try:  # any failure of the request, its contact's too, is a sentence
            return Who(token, client.user_id(token))
        except AocError as error:
            return Who(token, None, f"{error} Whose records to show is not known.")

    if len(owners := set(paths.token_memo().values())) == 1:
        return Who(None, owners.pop())
    return Who(
        None,
        None,
        f"{local.no_token_sentence()}, and aocd's cache holds "
        f"{'no user' if not owners else 'several users'}: whose stars and answers to "
        f"show is not known ({aoc_command('token')} says how to set one).",
    )


def _when(text: str) -> datetime | None:
    """A log's ISO time, tz-aware (naive: local time, as aocd writes it)."""
    with suppress(ValueError):
        moment = datetime.fromisoformat(text)
        return moment if moment.tzinfo is not None else moment.astimezone()
    return None


def _replies(cache: paths.PuzzleCache, unknown: list[str]) -> list[Attempt]:
    """The replies to the answers sent (aocd's log, and aoc's journal); gaps, and sends
    never replied to, in `unknown`."""
    from aoc2023.framework.aocd.sent import attempts, read_log

    year, day = cache.year, cache.day
    replies: list[Attempt] = []
    try:
        replies += read_log(cache.submissions_path)
    except AocError as error:
        unknown.append(f"{error} The attempts at {year} day {day} may be more than shown.")
    try:
        sent = attempts(cache.user_dir.name, year, day)
    except AocError as error:  # the journal of every day: said once
        if (said := f"{error} The attempts of {year} may be more than shown.") not in unknown:
            unknown.append(said)
        return replies
    never_replied = set()
    for attempt in sent:
        if attempt.message is not None:
            replies.append(attempt)
        elif all((one.part, one.value) != (attempt.part, attempt.value) for one in replies):
            never_replied.add(attempt.part)
    unknown += [
        f"The site's reply to an answer sent for {year} day {day} part {part} never "
        "came: its attempts may be one more."
        for part in sorted(never_replied & set(PARTS))
    ]
    return replies


def _star(
    unlock: datetime,
    part: int,
    site_time: str | None,
    replies: list[Attempt],
    cache: paths.PuzzleCache | None,
) -> StarStats:
    """One star from the site's time column (None: page not known), the replies to the
    answers sent, and aocd's cached answer (None: whose is not known)."""
    from aoc2023.framework.aocd import stars
    from aoc2023.framework.aocd.sent import Verdict

    ours = [reply for reply in replies if reply.part == part]
    wrong = {reply.value for reply in ours if reply.verdict.is_wrong}
    rights = [_when(reply.when) for reply in ours if reply.verdict is Verdict.RIGHT]
    if not (earned := bool(rights) or site_time not in (None, "-")) and cache is not None:
        with suppress(AocError):  # a damaged cached answer proves nothing
            earned = cache.known_answer(part) is not None
    right_at = min(filter(None, rights), default=None)
    since = stars.since_unlock(site_time or "-")
    earned_at = None if since is None else unlock + since
    if since is None and right_at is not None and right_at >= unlock:
        earned_at, since = right_at.astimezone(unlock.tzinfo), right_at - unlock
    late = since is None and site_time == ">24h"  # on the page: earned
    attempts = len(wrong) if rights or wrong else None
    # A wrong answer is logged only when replied to, and an accepted one earns the star.
    first_try = False if earned and wrong else True if rights else None
    return StarStats(part, earned_at, since, attempts, first_try, earned=earned, late=late)


def _site_times(
    year: int, who: Who, now: datetime, unknown: list[str]
) -> stars.Kept[stars.Times] | None:
    """The site's page of times, as stars.py allows; what is not known into `unknown`."""
    from aoc2023.framework.aocd import stars

    if who.user_id is None:
        return None
    failed = None
    if who.token is not None:
        try:
            return stars.times_page(who.token, who.user_id, year, now.timestamp())
        except AocError as error:
            failed = error
    if (kept := stars.kept_times(who.user_id, year)) is None:
        said = f"When the stars of {year} were earned is not known"
        why = "no session token is set, and no copy of the site's page of your times is kept"
    elif failed or not stars.complete(year, kept.value):
        read = calendar.clock_time(datetime.fromtimestamp(kept.fetched_at, UTC), now)
        said = f"The site's times of {year} are as read {read}"
        why = "no session token is set to read them again, so newer stars may be missing"
    else:
        return kept
    unknown.append(f"{failed} {said}." if failed else f"{said}: {why}.")
    return kept


def _days_named(days: list[int]) -> str:
    return ("day " if len(days) == 1 else "days ") + ", ".join(map(str, days))


def year_stats(year: int, who: Who, now: datetime, bench: BenchRuntimes) -> YearStats:
    """The year's stats at tz-aware `now`; `bench`: for days `aoc run` has no runtime of."""
    from aoc2023.framework import runtimes

    unknown = [who.why] if who.why is not None else []
    page = _site_times(year, who, now, unknown)
    run_times = runtimes.last_runtimes(year)
    user_dir = None if who.user_id is None else paths.data_dir() / who.user_id
    days = []
    for day in range(1, calendar.days_in_year(year) + 1):
        cache = None if user_dir is None else paths.PuzzleCache(year, day, user_dir)
        replies = [] if cache is None else _replies(cache, unknown)
        times = (None, None) if page is None else page.value.get(day, ("-", "-"))
        unlock = calendar.unlock_time(year, day)
        day_stars = tuple(_star(unlock, part, times[part - 1], replies, cache) for part in PARTS)
        runtime = run_times.get(day, bench.by_day.get((year, day)))
        title = paths.cached_title(year, day, user_dir)
        days.append(DayStats(year, day, title, day_stars, runtime))
    no_attempts = [d.day for d in days if any(s.earned and s.attempts is None for s in d.stars)]
    earned = [d for d in days if any(s.earned for s in d.stars)]
    no_runtime = [d.day for d in earned if d.runtime_seconds is None]
    if no_attempts:
        unknown.append(
            f"The attempts before the stars of {year} {_days_named(no_attempts)} are not known: "
            "they were earned outside aoc (in the browser), or before it kept records."
        )
    if bench.unreadable and any(day.runtime_seconds is None for day in days):
        unknown.append(bench.unreadable)
    if no_runtime:
        unknown.append(
            f"No runtime is known for {year} {_days_named(no_runtime)}: "
            f"{aoc_command('run', str(year))} keeps each day's last runtime on your input."
        )
    return YearStats(year, tuple(days), tuple(unknown))


class BenchRuntimes(NamedTuple):
    """The latest runtime per (year, day); `unreadable`: why none, if the history is unreadable."""

    by_day: Mapping[tuple[int, int], float]
    unreadable: str | None = None


def saved_bench_runtimes(root: Path | None) -> BenchRuntimes:
    """The history's latest best-of-runs time of each day on the user's input (main)."""
    if root is None:
        return BenchRuntimes({})
    from aoc2023.framework import runtimes
    from aoc2023.framework.bench.history import load, saved_entries

    try:
        raw = load(store.history_file(root))
    except AocError as error:
        return BenchRuntimes({}, f"{error} Its runtimes are not used.")
    found: dict[tuple[int, int], float] = {}
    for entry in saved_entries(raw)[0]:  # oldest first
        steps: dict[tuple[int, int], dict[str, float]] = {}
        for (year, day, source, label, variant, step), saved in entry.figures:
            if source == "input" and not label and not variant:
                steps.setdefault((year, day), {})[step] = saved.minimum
        for key, by_step in steps.items():
            if (total := sum(by_step.values())) <= runtimes.LONGEST:
                found[key] = total
    return BenchRuntimes(found)


# The table and the JSON.


def star_cell(star: StarStats) -> Cell:
    """`12:34 (1 Dec 00:12)` (from the unlock, and the moment in the site's zone); `>24h`,
    `in` at an unknown time, `-` when not in."""
    if not star.earned:
        return Cell("-", "dim")
    if star.earned_at is not None:
        moment = f"{star.earned_at.day} {star.earned_at:%b %H:%M}"
        return Cell(f"{format_since_unlock(star.since_unlock)} ({moment})")
    return Cell(">24h" if star.late else "in")


def _per_star(values: list[str]) -> Cell:
    """Each star's value (`-`: not known), `1 / 0`, `yes / no`; `-` when none is known."""
    return Cell(" / ".join(values) if any(value != "-" for value in values) else "-")


def totals_line(year: YearStats) -> str:
    possible = sum(len(day.stars) for day in year.days)
    known, rate, total = year.first_tries, year.first_try_rate, year.total_runtime
    measured = sum(day.runtime_seconds is not None for day in year.days)
    tries = "first tries not known"
    if rate is not None:
        tries = f"{rate:.0%} first try ({sum(known)} of {len(known)} known)"
    runtime = "no runtime known"
    if total is not None:
        runtime = f"{format_duration(total)} total runtime ({measured} day{'s' * (measured != 1)})"
    return f"{year.year}: {year.stars} of {possible} stars, {tries}, {runtime}."


def _row(day: DayStats) -> list[Cell]:
    return [
        Cell(str(day.day)),
        Cell(day.title or "", None if day.title else "dim"),
        *(star_cell(star) for star in day.stars),
        _per_star(["-" if star.attempts is None else str(star.attempts) for star in day.stars]),
        _per_star([{None: "-", True: "yes", False: "no"}[star.first_try] for star in day.stars]),
        Cell(format_duration(day.runtime_seconds) or "-"),
    ]


def render(years: Sequence[YearStats], out: IO[str]) -> None:
    """Each year's table, its totals, and what is not known, dimmed."""
    columns = [
        Column("Day", "right"),
        Column("Title", kind="text"),
        *(Column(name) for name in ("Part 1", "Part 2", "Attempts", "First try")),
        Column("Runtime", "right"),
    ]
    for number, year in enumerate(years):
        if number:
            print(file=out)
        rows = [_row(day) for day in year.days]
        # Narrower, the title goes, then the attempts: the times and runtime stay.
        layouts = [(columns, rows)] + [
            ([columns[i] for i in kept], [[row[i] for i in kept] for row in rows])
            for kept in ((0, 2, 3, 4, 6), (0, 2, 3, 6))
        ]
        notes = [(f"Not known: {sentence}", "dim") for sentence in year.unknown]
        after = [(totals_line(year), None), *notes]  # on `out`, under the table
        view.show(f"Stars of {year.year}", layouts, (), (), out, out, after=after)


def stats_json(years: Sequence[YearStats], written: Sequence[str] = ()) -> str:
    """`aoc stats --json` (times ISO in the site's zone, durations in seconds)."""

    def star(record: StarStats) -> dict[str, object]:
        since = record.since_unlock
        return {
            "part": record.part,
            "earned": record.earned,
            "earned_at": None if record.earned_at is None else record.earned_at.isoformat(),
            "since_unlock_seconds": None if since is None else since.total_seconds(),
            "over_a_day": record.late,
            "attempts": record.attempts,
            "first_try": record.first_try,
        }

    def seconds(value: float | None) -> float | None:
        """To the nanosecond: a float's long tail of digits is noise."""
        return None if value is None else round(value, 9)

    return json.dumps(
        {
            "years": [
                {
                    "year": year.year,
                    "stars": year.stars,
                    "first_try_rate": year.first_try_rate,
                    "total_runtime_seconds": seconds(year.total_runtime),
                    "days": [
                        {
                            "day": day.day,
                            "title": day.title,
                            "runtime_seconds": seconds(day.runtime_seconds),
                            "stars": [star(record) for record in day.stars],
                        }
                        for day in year.days
                    ],
                    "unknown": list(year.unknown),
                }
                for year in years
            ],
            "written": list(written),
        },
        indent=2,
    )


# The calendar picture (--svg): ElementTree escapes every text (titles come from the
# site); no date or random ids (the same stats, the same bytes); one <style>, light and dark.

START = "<!-- aoc-calendar:start -->"
END = "<!-- aoc-calendar:end -->"

COLUMNS = 5
TILE_W, TILE_H, GAP, MARGIN, HEADING = 140, 66, 8, 16, 34
WIDTH = 2 * MARGIN + COLUMNS * TILE_W + (COLUMNS - 1) * GAP
FONT = "-apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif"

# GitHub's palette (primer), light and dark: on the tile, text >= 4.5:1 and stars >= 3:1 (WCAG).
_PALETTE = {
    "bg": ("#ffffff", "#0d1117"),
    "tile": ("#f6f8fa", "#161b22"),
    "line": ("#d0d7de", "#3d444d"),
    "text": ("#1f2328", "#f0f6fc"),
    "muted": ("#59636e", "#9198a1"),
    "gold": ("#9a6700", "#e3b341"),
    "silver": ("#59636e", "#b7bdc8"),
    "empty": ("#818b98", "#656c76"),
}
_LIGHT = {name: light for name, (light, _) in _PALETTE.items()}


def _css(shade: int) -> str:
    c = {name: pair[shade] for name, pair in _PALETTE.items()}
    return (
        f".bg{{fill:{c['bg']}}}.tile{{fill:{c['tile']};stroke:{c['line']}}}"
        f"text{{fill:{c['text']}}}.muted,.time,.runtime{{fill:{c['muted']}}}"
        f".gold{{fill:{c['gold']}}}.silver{{fill:{c['silver']}}}.empty{{fill:{c['empty']}}}"
    )


STYLE = (
    f"text{{font-family:{FONT};font-size:13px}}.day-number{{font-weight:600;"
    "font-size:15px}.heading{font-weight:600;font-size:16px}.star{font-size:16px}"
    f"{_css(0)}@media (prefers-color-scheme: dark){{{_css(1)}}}"
)


def format_since_unlock(since: timedelta | None) -> str:
    """`12:34` under an hour, `3h 05m` under a day, `>24h` beyond; "" unknown."""
    if since is None:
        return ""
    if (seconds := max(0, int(since.total_seconds()))) >= 24 * 3600:
        return ">24h"
    if seconds >= 3600:
        return f"{seconds // 3600}h {seconds % 3600 // 60:02d}m"
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


_MARK = {"gold": "★", "silver": "★", "empty": "☆"}


def star_kinds(day: DayStats) -> list[str]:
    """Gold, silver or empty per part: gold when every part is earned."""
    earned = [star.earned for star in day.stars]
    return ["gold" if all(earned) else "silver" if got else "empty" for got in earned]


def time_text(day: DayStats) -> str:
    """From unlock to the last star earned ("" when not known)."""
    if not (earned := [star for star in day.stars if star.earned]):
        return ""
    return ">24h" if earned[-1].late else format_since_unlock(earned[-1].since_unlock)


def heading_text(year: YearStats) -> str:
    """`2023 · 40 ★ · 90% first try · 1.20 s total runtime`, the parts known."""
    parts = [str(year.year), f"{year.stars} ★"]
    if year.first_try_rate is not None:
        parts.append(f"{year.first_try_rate:.0%} first try")
    if year.total_runtime is not None:
        parts.append(f"{format_duration(year.total_runtime)} total runtime")
    return " · ".join(parts)


def _layout(
    years: Sequence[YearStats],
) -> tuple[list[tuple[float, YearStats]], list[tuple[int, int, DayStats]], int]:
    """Each year's heading place, each tile's (x, y, day), and the picture's height."""
    headings, tiles, y = [], [], MARGIN
    for year in years:
        headings.append((float(y), year))
        y += HEADING
        for index, day in enumerate(year.days):
            row, column = divmod(index, COLUMNS)
            tiles.append((MARGIN + column * (TILE_W + GAP), y + row * (TILE_H + GAP), day))
        y += -(-len(year.days) // COLUMNS) * (TILE_H + GAP) - GAP + MARGIN  # rows rounded up
    return headings, tiles, max(y, 2 * MARGIN)


_NOT_XML = "[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]"
"""What XML 1.0 cannot hold even escaped, as a title could (compiled on first use: slow)."""


def _clean(text: str) -> str:
    return re.sub(_NOT_XML, "\ufffd", text)


def _tile_label(day: DayStats) -> str:
    label = f"{day.year} day {day.day}"
    if day.title:
        label += f": {day.title}"
    label += f", {sum(star.earned for star in day.stars)} of {len(day.stars)} stars"
    if time := time_text(day):
        label += f", {time} from unlock"
    if day.runtime_seconds is not None:
        label += f", runs in {format_duration(day.runtime_seconds)}"
    return label


def calendar_svg(years: Sequence[YearStats]) -> str:
    """The calendar as an SVG document, deterministic."""
    import xml.etree.ElementTree as ET

    def write(
        parent: Element, x: float, y: float, text: str, cls: str, *, anchor: str = "start"
    ) -> Element:
        element = ET.SubElement(parent, "text", {"x": f"{x:g}", "y": f"{y:g}", "class": cls})
        if anchor != "start":
            element.set("text-anchor", anchor)
        element.text = _clean(text)
        return element

    headings, tiles, height = _layout(years)
    title = "Advent of Code calendar: " + (", ".join(heading_text(y) for y in years) or "no years")
    svg = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": str(WIDTH),
            "height": str(height),
            "viewBox": f"0 0 {WIDTH} {height}",
            "role": "img",
            "aria-labelledby": "calendar-title",
        },
    )
    ET.SubElement(svg, "title", {"id": "calendar-title"}).text = title
    ET.SubElement(svg, "style").text = STYLE
    ET.SubElement(svg, "rect", {"class": "bg", "width": "100%", "height": "100%", "rx": "8"})
    for y, year in headings:
        write(svg, MARGIN, y + 20, heading_text(year), "heading").set("data-year", str(year.year))
    for x, y, day in tiles:
        label = _tile_label(day)
        group = ET.SubElement(
            svg,
            "g",
            {
                "class": "day",
                "data-year": str(day.year),
                "data-day": str(day.day),
                "transform": f"translate({x:g} {y:g})",
                "aria-label": _clean(label),
            },
        )
        ET.SubElement(group, "title").text = _clean(label)
        ET.SubElement(
            group, "rect", {"class": "tile", "width": str(TILE_W), "height": str(TILE_H), "rx": "6"}
        )
        write(group, 10, 22, str(day.day), "day-number")
        stars = write(group, TILE_W - 10, 22, "", "stars", anchor="end")
        for kind in star_kinds(day):
            ET.SubElement(stars, "tspan", {"class": f"star {kind}"}).text = _MARK[kind]
        write(group, 10, TILE_H - 12, time_text(day), "time")
        runtime = format_duration(day.runtime_seconds)
        write(group, TILE_W - 10, TILE_H - 12, runtime, "runtime", anchor="end")
    ET.indent(svg, space="  ")
    return ET.tostring(svg, encoding="unicode") + "\n"


def calendar_png(years: Sequence[YearStats]) -> bytes:
    """The calendar as a PNG (needs the plot extra): the SVG's tiles by matplotlib, light
    colours, twice the size."""
    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch

    headings, tiles, height = _layout(years)
    dpi = 100  # a pixel is 72 / dpi points: the PNG's text the size of the SVG's
    figure = Figure(figsize=(WIDTH / dpi, height / dpi), dpi=dpi)
    axes = figure.add_axes((0, 0, 1, 1), xlim=(0, WIDTH), ylim=(height, 0))
    axes.axis("off")

    def write(x: float, y: float, text: str, colour: str, size: int, **style: str) -> None:
        font = {"family": "sans-serif", "size": size * 72 / dpi}
        axes.text(x, y, text, color=_LIGHT[colour], fontdict=font, **style)

    for y, year in headings:
        write(MARGIN, y + 20, heading_text(year), "text", 16, fontweight="bold")
    for x, y, day in tiles:
        tile = FancyBboxPatch((x, y), TILE_W, TILE_H, boxstyle="round,pad=0,rounding_size=6")
        tile.set(facecolor=_LIGHT["tile"], edgecolor=_LIGHT["line"])
        axes.add_patch(tile)
        write(x + 10, y + 22, str(day.day), "text", 15, fontweight="bold")
        for place, kind in enumerate(reversed(star_kinds(day))):  # 16 apart, from the right
            write(x + TILE_W - 10 - 16 * place, y + 22, _MARK[kind], kind, 16, ha="right")
        write(x + 10, y + TILE_H - 12, time_text(day), "muted", 13)
        runtime = format_duration(day.runtime_seconds)
        write(x + TILE_W - 10, y + TILE_H - 12, runtime, "muted", 13, ha="right")
    buffer = BytesIO()
    figure.savefig(
        buffer, format="png", dpi=2 * dpi, facecolor=_LIGHT["bg"], metadata={"Software": None}
    )
    return buffer.getvalue()


def readme_link(readme: Path, picture: Path) -> str:
    """The image link to `picture`, relative to the README's folder where it can be."""
    target = picture.as_posix()
    with suppress(ValueError):
        target = picture.resolve().relative_to(readme.resolve().parent).as_posix()
    return f"![Advent of Code calendar: stars, times and runtimes]({quote(target)})"


CALENDAR_NEXT_TO_README = "aoc-calendar.svg"
"""--readme's picture, beside the README, when --svg names none."""


def _targets(svg: Path | None, *, readme: bool) -> tuple[Path | None, Path | None]:
    """The picture and README to write, absolute, checked before any work (UsageError)."""
    from aoc2023.framework.bench import outputs

    then = "so nothing was read"
    readme_file = None
    if readme:
        readme_file = Path(os.path.abspath(require_project_root() / "README.md"))
        outputs.check_readme(readme_file, START, END)
        check_writable("--readme", readme_file, then=then)
        if svg is None:
            svg = readme_file.parent / CALENDAR_NEXT_TO_README
    picture = None
    if svg is not None:
        if svg.suffix.lower() not in (".svg", ".png"):
            raise UsageError(f"--svg {svg}: the file must end in .svg, or .png for a PNG.")
        if svg.suffix.lower() == ".png":
            outputs.require("--svg FILE.png")
        picture = Path(os.path.abspath(svg))
        check_writable("--svg", picture, then=then)
    return picture, readme_file


def stats(
    years: Annotated[str, typer.Argument(help=YEARS_HELP, metavar="[YEARS]")] = "all",
    svg: Annotated[
        Path | None,
        typer.Option(
            "--svg",
            metavar="FILE",
            help="Draw the calendar, a tile per day with its stars, "
            "the time taken and the runtime, into FILE: an SVG for GitHub's light and dark "
            "themes, or a PNG when FILE ends in .png (needs matplotlib: the plot extra).",
        ),
    ] = None,
    readme: Annotated[
        bool,
        typer.Option(
            "--readme",
            help="Keep a link to the calendar in the project's README.md, between "
            "the aoc-calendar marker comments (added at its end the first time); the picture "
            f"is --svg's, else {CALENDAR_NEXT_TO_README} beside the README.",
        ),
    ] = False,
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
    configure_logging(verbose=verbose)
    done: list[str] = []
    try:
        chosen = registry.parse_years(years)
        picture, readme_file = _targets(svg, readme=readme)
        who = whose(local.find_token())
        now = calendar.current_time()
        bench = saved_bench_runtimes(project_root())
        found = [year_stats(year, who, now, bench) for year in chosen]
    except Exception as error:
        fail(error, verbose=verbose)
    # A file that fails now is said after the stats, which are shown.
    written: list[Path] = []
    late: Exception | None = None
    try:
        if picture is not None:
            from aoc2023.framework.bench.outputs import update_readme

            draw = calendar_png if picture.suffix.lower() == ".png" else calendar_svg
            write_atomically(picture, draw(found), what="the calendar")
            written.append(picture)
            done.append(f"Drew the calendar into {picture}.")
            if readme_file is not None:
                before = readme_file.read_bytes() if readme_file.is_file() else None
                update_readme(readme_file, readme_link(readme_file, picture), START, END)
                changed = readme_file.read_bytes() != before
                written.append(readme_file)
                done.append(
                    f"{readme_file} links to it, between the aoc-calendar markers"
                    f"{'' if changed else ' (as it did already)'}."
                )
    except Exception as error:
        late = error

    def to_table(out: IO[str], err: IO[str]) -> None:
        render(found, out)
        for line in done:
            say(line)  # a path of the user's, shown not obeyed, as under --json

    emit(lambda: stats_json(found, list(map(str, written))), done, to_table, as_json=as_json)
    if late is not None:
        fail(late, verbose=verbose)
