"""`aoc bench --history` in the terminal: a line of text per step, its saved figures as a
sparkline (▁▂▃▄▅▆▇█), oldest first, with the first and latest figures beside it.

A stream that cannot encode the blocks (ASCII, latin-1: output.py) gets an
ASCII ramp of eight levels instead, so that the line keeps its shape rather than
turning into question marks.
"""

from __future__ import annotations

from collections.abc import Sequence

from aoc2023.framework.bench.history import Point
from aoc2023.framework.commands.view import cell_width, format_duration, pad

BLOCKS = "▁▂▃▄▅▆▇█"
ASCII = "_.,-=+*#"


def ramp_for(encoding: str | None) -> str:
    """The blocks, when a stream in `encoding` can write them; else the ASCII ramp."""
    if not encoding:
        return BLOCKS
    try:
        BLOCKS.encode(encoding)
    except (UnicodeEncodeError, LookupError):
        return ASCII
    return BLOCKS


def sparkline(values: Sequence[float], ramp: str = BLOCKS) -> str:
    """One character a value, from the lowest level for the least to the highest for the
    most (all alike: the middle level)."""
    low, high = min(values, default=0.0), max(values, default=0.0)
    if high <= low:
        return ramp[len(ramp) // 2] * len(values)
    top = len(ramp) - 1
    return "".join(ramp[round((value - low) / (high - low) * top)] for value in values)


def history_lines(title: str, series: dict[str, list[Point]], encoding: str | None
                  ) -> list[str]:
    """The title, then a line a series: its name, sparkline, first and latest figures,
    and how many saves it spans; then the commits the saves span."""
    ramp = ramp_for(encoding)
    width = max((cell_width(name) for name in series), default=0)
    lines = [title]
    for name, points in series.items():
        values = [point.seconds for point in points]
        lines.append(f"  {pad(name, width)}  {sparkline(values, ramp)}  "
                     f"{format_duration(values[0])} -> {format_duration(values[-1])} "
                     f"({len(values)} save{'s' * (len(values) != 1)})")
    commits = list(dict.fromkeys(point.commit[:8] for points in series.values()
                                 for point in points if point.commit))
    if commits:
        lines.append(f"  commits: {' '.join(commits)}")
    return lines
