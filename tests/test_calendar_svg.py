"""The calendar picture: its tiles say what the stats say, its text is escaped, its
bytes are stable, the PNG is a PNG, and the README keeps one link between markers."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from datetime import UTC, datetime, timedelta
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import CHARACTERS, examples

from aoc2023.framework.bench.outputs import update_readme
from aoc2023.framework.commands.stats import (
    END,
    START,
    DayStats,
    StarStats,
    YearStats,
    calendar_picture,
    calendar_svg,
    format_since_unlock,
    readme_link,
)

SVG = "{http://www.w3.org/2000/svg}"
WHEN = datetime(2023, 12, 1, 5, 30, tzinfo=UTC)


def star(part: int, since: timedelta | None, earned: bool = True) -> StarStats:
    return StarStats(part, WHEN if earned else None, since if earned else None,
                     0 if earned else None, True if earned else None, earned=earned)


def year_of(year: int, days: int = 25, title: str | None = None) -> YearStats:
    return YearStats(year, tuple(
        DayStats(year, day, title, (star(1, timedelta(minutes=day)),
                                    star(2, timedelta(hours=day), earned=day % 3 != 0)),
                 day / 1000 if day % 2 else None)
        for day in range(1, days + 1)), ())


def tiles(svg: str) -> dict[tuple[int, int], ET.Element]:
    root = ET.fromstring(svg)
    return {(int(g.get("data-year", "")), int(g.get("data-day", ""))): g
            for g in root.iter(f"{SVG}g") if g.get("class") == "day"}


def text_of(group: ET.Element, cls: str) -> str:
    found = [t for t in group.iter(f"{SVG}text") if t.get("class") == cls]
    assert len(found) == 1
    return found[0].text or ""


def test_since_unlock_is_compact() -> None:
    assert format_since_unlock(timedelta(minutes=12, seconds=34)) == "12:34"
    assert format_since_unlock(timedelta(hours=3, minutes=5, seconds=59)) == "3h 05m"
    assert format_since_unlock(timedelta(days=2)) == ">24h"
    assert format_since_unlock(None) == ""


def test_a_tile_per_day_of_each_year() -> None:
    svg = calendar_svg([year_of(2023), year_of(2025, days=12)])
    found = tiles(svg)
    assert sum(1 for year, _ in found if year == 2023) == 25
    assert sum(1 for year, _ in found if year == 2025) == 12
    headings = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")
                if t.get("class") == "heading"]
    assert headings[0] == "2023 · 42 ★ · 100% first try · 169 ms total runtime"


_since = st.none() | st.timedeltas(min_value=timedelta(0), max_value=timedelta(days=3))
_star = st.tuples(st.booleans(), _since)


@st.composite
def years(draw: st.DrawFn) -> YearStats:
    year = draw(st.sampled_from([2015, 2023, 2025]))
    count = 12 if year >= 2025 else 25
    days = []
    for day in range(1, count + 1):
        parts = 1 if (year < 2025 and day == 25) or (year >= 2025 and day == 12) else 2
        stars = tuple(star(part, since, earned)
                      for part, (earned, since) in enumerate(draw(
                          st.lists(_star, min_size=parts, max_size=parts)), 1))
        runtime = draw(st.none() | st.floats(1e-9, 1e3))
        title = draw(st.none() | st.text(CHARACTERS, max_size=30))
        days.append(DayStats(year, day, title, stars, runtime))
    return YearStats(year, tuple(days), ())


@given(years())
@examples(8, wide=600)  # AOC_CONTRACTS=wide: 600, random
def test_tiles_match_the_stats(year: YearStats) -> None:
    found = tiles(calendar_svg([year]))
    assert len(found) == len(year.days)
    for day in year.days:
        group = found[(day.year, day.day)]
        kinds = [t.get("class") for t in group.iter(f"{SVG}tspan")]
        earned = [s for s in day.stars if s.earned_at is not None]
        if len(earned) == len(day.stars):
            assert kinds == ["star gold"] * len(day.stars)
        else:
            assert kinds.count("star silver") == len(earned)
            assert kinds.count("star empty") == len(day.stars) - len(earned)
        last = earned[-1].since_unlock if earned else None
        expected_time = "" if last is None else (
            ">24h" if last >= timedelta(days=1) else
            f"{int(last.total_seconds()) // 3600}h {int(last.total_seconds()) % 3600 // 60:02d}m"
            if last >= timedelta(hours=1) else
            f"{int(last.total_seconds()) // 60:02d}:{int(last.total_seconds()) % 60:02d}")
        assert text_of(group, "time") == expected_time
        runtime = text_of(group, "runtime")
        assert (runtime == "") == (day.runtime_seconds is None)
        if day.runtime_seconds is not None:
            assert runtime.split()[-1] in {"ns", "µs", "ms", "s"}


def test_hostile_titles_are_escaped() -> None:
    hostile = '<script>alert("x")</script> & \'quotes\' ]]>\x00'
    svg = calendar_svg([year_of(2023, title=hostile)])
    assert "<script>" not in svg
    root = ET.fromstring(svg)
    assert not list(root.iter("script")) and not list(root.iter(f"{SVG}script"))
    labels = [t.text or "" for t in root.iter(f"{SVG}title")]
    assert any(hostile.replace("\x00", "\ufffd") in label for label in labels)


def test_same_stats_same_bytes() -> None:
    assert calendar_svg([year_of(2023)]) == calendar_svg([year_of(2023)])


def test_svg_and_png_pictures() -> None:
    # Three days reach every kind of tile (gold stars; a silver and an empty one on day
    # 3), and matplotlib draws them far sooner than a whole year.
    small = [year_of(2023, days=3)]
    assert calendar_picture(small, png=False) == calendar_svg(small)
    png = calendar_picture(small, png=True)
    assert isinstance(png, bytes) and png.startswith(b"\x89PNG\r\n\x1a\n")


def test_readme_markers(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text("# Mine\n\nPlease keep this.\n", encoding="utf-8")

    def link(picture: Path) -> None:
        update_readme(readme, readme_link(readme, picture), START, END)

    link(tmp_path / "docs" / "calendar.svg")
    text = readme.read_text(encoding="utf-8")
    assert text.startswith("# Mine\n\nPlease keep this.\n\n" + START)
    assert "(docs/calendar.svg)" in text and text.endswith(END + "\n")
    link(tmp_path / "docs" / "calendar.svg")
    assert readme.read_text(encoding="utf-8") == text
    readme.write_text(text + "\nAfter.\n", encoding="utf-8")
    link(tmp_path / "calendar.svg")
    updated = readme.read_text(encoding="utf-8")
    assert updated.count(START) == 1 and "(calendar.svg)" in updated
    assert updated.endswith(END + "\n\nAfter.\n") and "docs/calendar.svg" not in updated


def contrast(one: str, other: str) -> float:
    """WCAG's contrast ratio of two `#rrggbb` colours."""
    def luminance(colour: str) -> float:
        channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
        r, g, b = (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4
                   for c in channels)
        return 0.2126 * r + 0.7152 * g + 0.0722 * b
    high, low = sorted((luminance(one), luminance(other)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_text_and_stars_stand_out_on_the_tile_in_both_themes() -> None:
    """Read from the picture's own style: text at least 4.5:1 against the tile, the stars
    (graphics) at least 3:1, on GitHub's light theme and in its dark media query."""
    style = next(ET.fromstring(calendar_svg([year_of(2023)])).iter(f"{SVG}style")).text or ""
    light, dark = style.split("@media (prefers-color-scheme: dark)")
    for theme in (light, dark):
        fills = {selector.strip(): colour
                 for selectors, colour in re.findall(r"([^{}]+)\{fill:(#[0-9a-f]{6})", theme)
                 for selector in selectors.split(",")}
        tile = fills[".tile"]
        for selector, least in (("text", 4.5), (".time", 4.5), (".runtime", 4.5),
                                (".gold", 3), (".silver", 3), (".empty", 3)):
            assert contrast(fills[selector], tile) >= least, (selector, fills[selector], tile)
