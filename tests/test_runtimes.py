"""The runtimes a run keeps (runtimes.py): each day's on the user's own input, the last
run's, for `aoc stats`; whatever a kept record holds, a runtime or a miss."""

from __future__ import annotations

import json
from datetime import datetime, timedelta
from typing import Any

import pytest
from conftest import AocdHome
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import examples

from aoc2023.framework import runtimes, store
from aoc2023.framework.results import DayResult, PartResult, Status


def result(
    source: str = "input", parts: tuple[Status, ...] = (Status.CORRECT,) * 2, **changes: Any
) -> DayResult:
    return DayResult(
        2025,
        1,
        None,
        source,  # type: ignore[arg-type]
        parse_seconds=0.5,
        parts=tuple(PartResult(n, status, seconds=1.0) for n, status in enumerate(parts, 1)),
        **changes,
    )


def test_a_run_keeps_the_runtime_of_days_on_the_users_own_input(aocd_home: AocdHome) -> None:
    assert runtimes.runtime_of(result()) == 2.5
    assert runtimes.runtime_of(result(parts=(Status.WRONG, Status.NOT_IMPLEMENTED))) == 1.5
    for other in (
        result("example"),
        result("file"),
        result(variant="fast"),
        result(account="work"),
        result(parts=(Status.CORRECT, Status.ERROR)),
        result(parts=(Status.NOT_IMPLEMENTED,) * 2),
        result(error="boom"),
    ):
        assert runtimes.runtime_of(other) is None, other
    when = datetime(2025, 12, 1, 5).astimezone()
    runtimes.record([result(), result("example")._replace(day=2)], when)
    assert runtimes.last_runtimes(2025) == {1: 2.5}
    runtimes.record([result(parts=(Status.CORRECT, Status.NOT_IMPLEMENTED))], when + timedelta(1))
    assert runtimes.last_runtimes(2025) == {1: 1.5}  # the last run's
    store.runtime_file(2025, 1).write_text("{damaged")
    assert runtimes.last_runtimes(2025) == {}  # a miss, then rewritten
    runtimes.record([result()], when)
    assert runtimes.last_runtimes(2025) == {1: 2.5}


RECORDS = st.one_of(
    st.binary(max_size=40),
    st.builds(
        lambda value: json.dumps({"seconds": value}).encode(),
        st.one_of(
            st.floats(), st.integers(-(2**1100), 2**1100), st.sampled_from([1e308, 1e9, "1", None])
        ),
    ),
)


@examples(10)
@given(st.lists(RECORDS, min_size=12, max_size=12))
def test_any_kept_runtimes_give_a_year_json_can_hold(
    aocd_home: AocdHome, records: list[bytes]
) -> None:
    """Whatever bytes the runtime records hold: each is a runtime or a miss, and the
    year's total stays a number JSON holds (no Infinity or NaN)."""
    from aoc2023.framework.commands.stats import BenchRuntimes, Who, stats_json, year_stats

    for day, record in enumerate(records, start=1):
        store.runtime_file(2025, day).parent.mkdir(parents=True, exist_ok=True)
        store.runtime_file(2025, day).write_bytes(record)
    found = runtimes.last_runtimes(2025)
    assert all(0 <= seconds <= runtimes.LONGEST for seconds in found.values())
    no_bench = BenchRuntimes({})
    stats = year_stats(2025, Who(None, None, "no token"), datetime.now().astimezone(), no_bench)
    json.loads(stats_json([stats]), parse_constant=lambda name: pytest.fail(name))
