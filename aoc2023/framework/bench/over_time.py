"""`aoc bench YEAR DAY --history`: one day's saved figures over time, and the commit each
was saved at.

Read from the bench history (bench/history.py), from the entries saved on this machine
only: figures from another machine are not comparable. Each series is one step of the
day's main implementation on one input, its points the headline figure
(figures.Headline, as the verdicts use) of each save that holds it, oldest first.
`--save` records the project's commit (`history.commit_of`) with each entry, so that a change
in the figures can be traced to the change in the code.
"""

from __future__ import annotations

from aoc2023.framework.bench.history import SavedEntry
from aoc2023.framework.bench.plot import Point


def day_series(entries: list[SavedEntry], on_machine: str, year: int, day: int
               ) -> dict[str, list[Point]]:
    """Each step's points, by series name ("part 1", or "part 1 (hands.txt)" when the
    day was saved on more than one input), in the order saved (history.saved_entries:
    damaged entries and figures are left out)."""
    found: dict[tuple[str, str], list[Point]] = {}
    for entry in entries:
        if entry.machine != on_machine:
            continue
        for figure in entry.figures:
            figure_year, figure_day, source, label, variant, step = figure.key
            if (figure_year, figure_day) != (year, day) or variant:
                continue
            found.setdefault((label or source, step), []).append(
                Point(entry.date, entry.commit, figure.stats.headline_seconds))
    inputs = {label for label, _ in found}
    return {(step if len(inputs) == 1 else f"{step} ({label})"): points
            for (label, step), points in found.items()}
