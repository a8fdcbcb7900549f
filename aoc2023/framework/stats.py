"""What `aoc stats` knows of each day and star: the records the calendar picture draws.

The `stats` branch fills this module (reading the site's personal stats and the
framework's own records); these are the records it agreed to hand over.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class StarStats:
    """One star: when and how it was earned, each field None when not known."""

    part: int
    earned_at: datetime | None
    since_unlock: timedelta | None
    attempts: int | None
    first_try: bool | None


@dataclass(frozen=True)
class DayStats:
    """One day: its title, one StarStats per part it has, its last runtime."""

    year: int
    day: int
    title: str | None
    stars: tuple[StarStats, ...]
    runtime_seconds: float | None


@dataclass(frozen=True)
class YearStats:
    """One year: every day it has, known or not, and what could not be known."""

    year: int
    days: tuple[DayStats, ...]
    unknown: tuple[str, ...]

    @property
    def stars(self) -> int:
        """The stars earned."""
        return sum(1 for day in self.days for star in day.stars if star.earned_at is not None)

    @property
    def first_try_rate(self) -> float | None:
        """The share of known stars answered right first time; None when none is known."""
        known = [star.first_try for day in self.days for star in day.stars
                 if star.first_try is not None]
        return sum(known) / len(known) if known else None

    @property
    def total_runtime(self) -> float | None:
        """The days' runtimes added up; None when none is known."""
        times = [day.runtime_seconds for day in self.days if day.runtime_seconds is not None]
        return sum(times) if times else None
