"""The user's record, day by day: when each star was earned, the wrong answers sent
before it, and the last measured runtime. Plain frozen records, so views (the table,
JSON, the calendar picture) draw from one shape and nothing here prints."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime, timedelta


@dataclass(frozen=True)
class StarStats:
    """One star: `earned`, whether it is in (the site's page says so, or the records
    hold its accepted answer); earned_at, when it was earned (tz-aware), None when not
    earned or unknown; `late`, in more than a day after the unlock (the site's page says
    ">24h", and no more); attempts counts the wrong answers sent before it, first_try
    whether there were none (None: not known, or not earned)."""

    part: int
    earned_at: datetime | None
    since_unlock: timedelta | None
    attempts: int | None
    first_try: bool | None
    earned: bool = False
    late: bool = False


@dataclass(frozen=True)
class DayStats:
    """One day: a star record per part the day has; runtime is parse plus parts."""

    year: int
    day: int
    title: str | None
    stars: tuple[StarStats, ...]
    runtime_seconds: float | None


@dataclass(frozen=True)
class YearStats:
    """Every day of a year, known or not, and one sentence per thing not known."""

    year: int
    days: tuple[DayStats, ...]
    unknown: tuple[str, ...]

    @property
    def stars(self) -> int:
        """Stars in, by the site's page or an accepted answer in the records."""
        return sum(star.earned for day in self.days for star in day.stars)

    @property
    def first_try_rate(self) -> float | None:
        """First-try answers among the stars whose first try is known; None if none."""
        known = [star.first_try for day in self.days for star in day.stars
                 if star.first_try is not None]
        return sum(known) / len(known) if known else None

    @property
    def total_runtime(self) -> float | None:
        """The sum of the measured runtimes; None when no day has one."""
        measured = [day.runtime_seconds for day in self.days
                    if day.runtime_seconds is not None]
        return sum(measured) if measured else None
