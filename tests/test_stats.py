"""The records of aoc stats: a year's totals from its days."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from aoc2023.framework.commands.stats import DayStats, StarStats, YearStats

WHEN = datetime(2086, 12, 1, 5, 12, 34, tzinfo=UTC)


def test_a_year_adds_up_its_stars_first_tries_and_runtimes() -> None:
    browser = StarStats(1, WHEN, timedelta(minutes=12), None, None, earned=True)
    sent = StarStats(2, None, None, 2, False, earned=True)
    first = StarStats(1, WHEN, timedelta(hours=1), 0, True, earned=True)
    none = StarStats(2, None, None, None, None)
    year = YearStats(2086, (DayStats(2086, 1, None, (browser, sent), 0.5),
                            DayStats(2086, 2, "Two", (first, none), None)), ())
    assert year.stars == 3
    assert year.first_try_rate == 0.5
    assert year.total_runtime == 0.5
    empty = YearStats(2086, (DayStats(2086, 1, None, (none, none), None),), ("why",))
    assert (empty.stars, empty.first_try_rate, empty.total_runtime) == (0, None, None)
