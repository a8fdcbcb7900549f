"""`aoc stats --svg FILE`: a calendar picture of the stars, one tile per day, by year.

Each tile shows the day, its stars (gold when all its parts are earned, silver for the
ones earned so far, empty otherwise), the time the site counts from the unlock to the
last star earned, and the day's last runtime where known. The SVG is built with
ElementTree, so every text (puzzle titles come from the site) is escaped; it has no
date and no random ids, so the same stats draw the same bytes and a README's picture
changes only when they do. One `<style>` gives colours for GitHub's light and dark
themes (`prefers-color-scheme`), with a generic font stack and nothing fetched.
A `.png` target is drawn with matplotlib (the plot extra) from the same layout.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from urllib.parse import quote

from aoc2023.framework.bench import outputs
from aoc2023.framework.bench.outputs import update_readme as _update_block
from aoc2023.framework.commands.view import format_duration
from aoc2023.framework.files import write_atomically
from aoc2023.framework.stats import DayStats, YearStats

START = "<!-- aoc-calendar:start -->"
END = "<!-- aoc-calendar:end -->"

COLUMNS = 5
TILE_W, TILE_H, GAP, MARGIN, HEADING = 140, 66, 8, 16, 34
WIDTH = 2 * MARGIN + COLUMNS * TILE_W + (COLUMNS - 1) * GAP
FONT = "-apple-system, 'Segoe UI', 'Noto Sans', Helvetica, Arial, sans-serif"

# Light values first, then dark: GitHub's own palette (primer), contrast on the tile
# >= 4.5:1 for text and >= 3:1 for the stars (WCAG's rule for graphics) in both.
_LIGHT = {"bg": "#ffffff", "tile": "#f6f8fa", "line": "#d0d7de", "text": "#1f2328",
          "muted": "#59636e", "gold": "#9a6700", "silver": "#59636e", "empty": "#818b98"}
_DARK = {"bg": "#0d1117", "tile": "#161b22", "line": "#3d444d", "text": "#f0f6fc",
         "muted": "#9198a1", "gold": "#e3b341", "silver": "#b7bdc8", "empty": "#656c76"}


def _css(colours: dict[str, str]) -> str:
    c = colours
    return (f".bg{{fill:{c['bg']}}}.tile{{fill:{c['tile']};stroke:{c['line']}}}"
            f"text{{fill:{c['text']}}}.muted,.time,.runtime{{fill:{c['muted']}}}"
            f".gold{{fill:{c['gold']}}}.silver{{fill:{c['silver']}}}.empty{{fill:{c['empty']}}}")


STYLE = (f"text{{font-family:{FONT};font-size:13px}}.day-number{{font-weight:600;"
         "font-size:15px}.heading{font-weight:600;font-size:16px}.star{font-size:16px}"
         f"{_css(_LIGHT)}@media (prefers-color-scheme: dark){{{_css(_DARK)}}}")


def format_since_unlock(since: timedelta | None) -> str:
    """Compact: `12:34` under an hour, `3h 05m` under a day, `>24h` beyond; "" unknown."""
    if since is None:
        return ""
    seconds = max(0, int(since.total_seconds()))
    if seconds >= 24 * 3600:
        return ">24h"
    if seconds >= 3600:
        return f"{seconds // 3600}h {seconds % 3600 // 60:02d}m"
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def star_kinds(day: DayStats) -> list[str]:
    """One of gold, silver or empty per part: gold when every part is earned."""
    earned = [star.earned for star in day.stars]
    if earned and all(earned):
        return ["gold"] * len(earned)
    return ["silver" if got else "empty" for got in earned]


def time_text(day: DayStats) -> str:
    """The site's time from unlock to the last star earned ("" when not known)."""
    earned = [star for star in day.stars if star.earned]
    if not earned:
        return ""
    return ">24h" if earned[-1].late else format_since_unlock(earned[-1].since_unlock)


def heading_text(year: YearStats) -> str:
    """The year, its stars, first-try rate and total runtime, those known."""
    parts = [str(year.year), f"{year.stars} ★"]
    if year.first_try_rate is not None:
        parts.append(f"{year.first_try_rate:.0%} first try")
    if year.total_runtime is not None:
        parts.append(f"{format_duration(year.total_runtime)} total runtime")
    return " · ".join(parts)


@dataclass(frozen=True)
class _Tile:
    x: float
    y: float
    day: DayStats


def _layout(years: Sequence[YearStats]) -> tuple[list[tuple[float, YearStats]], list[_Tile], int]:
    """Where each year's heading and each tile goes, and the picture's height."""
    headings, tiles, y = [], [], MARGIN
    for year in years:
        headings.append((float(y), year))
        y += HEADING
        for index, day in enumerate(year.days):
            row, column = divmod(index, COLUMNS)
            tiles.append(_Tile(MARGIN + column * (TILE_W + GAP), y + row * (TILE_H + GAP), day))
        rows = -(-len(year.days) // COLUMNS)
        y += rows * (TILE_H + GAP) - GAP + MARGIN
    return headings, tiles, max(y, 2 * MARGIN)


_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")
"""Characters XML 1.0 cannot hold even escaped (control characters, lone surrogates):
a title from a page could carry one, and the SVG must still parse."""


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


def _text(parent: ET.Element, x: float, y: float, text: str, cls: str,
          anchor: str = "start") -> ET.Element:
    element = ET.SubElement(parent, "text", {"x": f"{x:g}", "y": f"{y:g}", "class": cls})
    if anchor != "start":
        element.set("text-anchor", anchor)
    element.text = _clean(text)
    return element


def _tile_label(day: DayStats) -> str:
    kinds = star_kinds(day)
    label = f"{day.year} day {day.day}"
    if day.title:
        label += f": {day.title}"
    label += f", {kinds.count('gold') + kinds.count('silver')} of {len(kinds)} stars"
    if time := time_text(day):
        label += f", {time} from unlock"
    if day.runtime_seconds is not None:
        label += f", runs in {format_duration(day.runtime_seconds)}"
    return label


def calendar_svg(years: Sequence[YearStats]) -> str:
    """The calendar of `years` as an SVG document (text, deterministic)."""
    headings, tiles, height = _layout(years)
    title = "Advent of Code calendar: " + (", ".join(heading_text(y) for y in years) or "no years")
    svg = ET.Element("svg", {
        "xmlns": "http://www.w3.org/2000/svg", "width": str(WIDTH), "height": str(height),
        "viewBox": f"0 0 {WIDTH} {height}", "role": "img", "aria-labelledby": "calendar-title"})
    ET.SubElement(svg, "title", {"id": "calendar-title"}).text = title
    ET.SubElement(svg, "style").text = STYLE
    ET.SubElement(svg, "rect", {"class": "bg", "width": "100%", "height": "100%", "rx": "8"})
    for y, year in headings:
        _text(svg, MARGIN, y + 20, heading_text(year), "heading").set("data-year", str(year.year))
    for tile in tiles:
        day = tile.day
        label = _tile_label(day)
        group = ET.SubElement(svg, "g", {
            "class": "day", "data-year": str(day.year), "data-day": str(day.day),
            "transform": f"translate({tile.x:g} {tile.y:g})", "aria-label": _clean(label)})
        ET.SubElement(group, "title").text = _clean(label)
        ET.SubElement(group, "rect", {"class": "tile", "width": str(TILE_W),
                                      "height": str(TILE_H), "rx": "6"})
        _text(group, 10, 22, str(day.day), "day-number")
        stars = _text(group, TILE_W - 10, 22, "", "stars", "end")
        for kind in star_kinds(day):
            ET.SubElement(stars, "tspan", {"class": f"star {kind}"}).text = (
                "☆" if kind == "empty" else "★")
        _text(group, 10, TILE_H - 12, time_text(day), "time")
        _text(group, TILE_W - 10, TILE_H - 12, format_duration(day.runtime_seconds),
              "runtime", "end")
    ET.indent(svg, space="  ")
    return ET.tostring(svg, encoding="unicode") + "\n"


_PT = 72 / 100
"""Points per pixel at the PNG's 100 dpi: its text the size of the SVG's."""


def _png(years: Sequence[YearStats]) -> bytes:
    """The same tiles drawn by matplotlib, in the light colours, at twice the size."""
    from io import BytesIO

    from matplotlib.figure import Figure
    from matplotlib.patches import FancyBboxPatch

    headings, tiles, height = _layout(years)
    dpi = 100
    figure = Figure(figsize=(WIDTH / dpi, height / dpi), dpi=dpi)
    axes = figure.add_axes((0, 0, 1, 1))
    axes.set_xlim(0, WIDTH)
    axes.set_ylim(height, 0)
    axes.axis("off")
    c = _LIGHT
    figure.set_facecolor(c["bg"])
    font = {"family": "sans-serif"}
    for y, year in headings:
        axes.text(MARGIN, y + 20, heading_text(year), color=c["text"], fontsize=16 * _PT,
                  fontweight="bold", fontdict=font)
    for tile in tiles:
        day, x, y = tile.day, tile.x, tile.y
        axes.add_patch(FancyBboxPatch((x, y), TILE_W, TILE_H,
                                      boxstyle="round,pad=0,rounding_size=6",
                                      facecolor=c["tile"], edgecolor=c["line"]))
        axes.text(x + 10, y + 22, str(day.day), color=c["text"], fontsize=15 * _PT,
                  fontweight="bold", fontdict=font)
        right = x + TILE_W - 10
        for kind in reversed(star_kinds(day)):
            axes.text(right, y + 22, "☆" if kind == "empty" else "★", color=c[kind],
                      fontsize=16 * _PT, ha="right", fontdict=font)
            right -= 16
        axes.text(x + 10, y + TILE_H - 12, time_text(day), color=c["muted"], fontsize=13 * _PT,
                  fontdict=font)
        axes.text(x + TILE_W - 10, y + TILE_H - 12, format_duration(day.runtime_seconds),
                  color=c["muted"], fontsize=13 * _PT, ha="right", fontdict=font)
    buffer = BytesIO()
    figure.savefig(buffer, format="png", dpi=2 * dpi, facecolor=c["bg"],
                   metadata={"Software": None})
    return buffer.getvalue()


def write_svg(path: Path, years: Sequence[YearStats]) -> None:
    """Write the calendar to `path` atomically: a PNG (needs the plot extra) when it ends
    in `.png`, else the SVG."""
    if path.suffix.lower() == ".png":
        outputs.require("--svg")
        content: str | bytes = _png(years)
    else:
        content = calendar_svg(years)
    write_atomically(path, content, what="the calendar")


def update_readme(readme: Path, svg_path: Path) -> bool:
    """Keep an image link to `svg_path` (relative to the README's folder where it can
    be) between the calendar's markers in `readme`; whether the README changed."""
    try:
        target = svg_path.resolve().relative_to(readme.resolve().parent).as_posix()
    except ValueError:
        target = svg_path.as_posix()
    block = f"![Advent of Code calendar: stars, times and runtimes]({quote(target)})"
    before = readme.read_bytes() if readme.is_file() else None
    _update_block(readme, block, START, END)
    return readme.read_bytes() != before
