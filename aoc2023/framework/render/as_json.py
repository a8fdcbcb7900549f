"""The JSON of `aoc bench`, `aoc leaderboard` and `aoc stats`, until each moves
into its module of commands/ (the other commands' JSON is there already): one object on
stdout (docs/reference/output.md), everything a person sees as plain values.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aoc2023.framework.bench.figures import (
    LONG_STEP,
    MIN_DIFFERENCE,
    REFERENCE,
    SWING,
    TOLERANCE,
    WIDE_TOLERANCE,
    BenchReport,
    Speed,
    Stats,
    StepBench,
)
from aoc2023.framework.commands.view import part_json
from aoc2023.framework.results import Leaderboard

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aoc2023.framework.stats import StarStats, YearStats


def _stats_json(stats: Stats | None) -> dict[str, Any]:
    """The raw figures as measured, named `raw_...`, and those at the reference speed
    (`normalised_...`, null when the machine's speed was not measured)."""
    names = ("raw_median", "raw_min", "raw_q1", "raw_q3", "raw_iqr", "raw_cpu_min",
             "raw_cpu_median", "normalised", "normalised_cpu")
    if stats is None:
        return {"runs": 0, **dict.fromkeys(names)}
    return {"runs": stats.runs, **dict(zip(names, (
        stats.median, stats.minimum, stats.q1, stats.q3, stats.iqr, stats.cpu_minimum,
        stats.cpu_median, stats.normalised, stats.normalised_cpu), strict=True))}


def _speed_json(speed: Speed | None) -> dict[str, Any] | None:
    if speed is None:
        return None
    return {"relative": speed.relative, "calibration_runs": speed.runs,
            "calibration_raw_min": speed.wall, "calibration_raw_cpu_min": speed.cpu,
            "swing": speed.swing,
            "swung": speed.swung}


def _step_json(step: StepBench) -> dict[str, Any]:
    stats = step.stats
    data: dict[str, Any] = {
        "step": step.step, "variant": step.variant, "versus_main": step.versus_main,
        "headline": stats.headline if stats else None, **_stats_json(stats),
        "rough": stats is not None and stats.rough, "busy": stats is not None and stats.busy,
        "waiting": stats is not None and stats.waiting,
        "error": step.error, "peak_memory": step.peak_memory,
    }
    data["answers"] = [{"part": p.part, "answer": p.answer, "status": str(p.status),
                        "expected": p.expected, "error": p.error, "drawing": p.drawing}
                       for p in step.parts]
    change = step.change
    data["change"] = None if change is None else {
        "verdict": change.trend, "compared": change.compared, "ratio": change.ratio,
        "tolerance": change.tolerance,
        "saved_on": change.saved_on,
        "saved_python": change.python, "saved": _stats_json(change.saved),
    }
    return data


def bench_json(report: BenchReport) -> str:
    results = []
    for bench in report.results:
        result = bench.result
        results.append({
            "year": result.year, "day": result.day, "title": result.title,
            "source": result.source, "label": result.label, "error": result.error,
            "speed": _speed_json(bench.speed),
            "steps": [_step_json(step) for step in bench.steps],
            "variants": [{"variant": one.variant, "error": one.error,
                          "answers": [part_json(part) for part in one.parts]}
                         for one in bench.variants],
        })
    return json.dumps({"budget": report.budget, "tolerance": TOLERANCE,
                       "wide_tolerance": WIDE_TOLERANCE, "min_difference": MIN_DIFFERENCE,
                       "long_step": LONG_STEP, "reference": REFERENCE, "swing": SWING,
                       "results": results,
                       "notices": report.notices}, indent=2)


def leaderboard_json(board: Leaderboard) -> str:
    """`aoc leaderboard --json`: the table's data, ranked, with how old it is."""
    from datetime import UTC, datetime

    members = [{"rank": rank, "id": member.id, "name": member.name,
                "shown_name": member.shown_name, "stars": member.stars,
                "local_score": member.local_score, "global_score": member.global_score,
                "days": list(member.days),
                "medals": dict(zip(("gold", "silver", "bronze"), member.medals, strict=True))}
               for rank, member in enumerate(board.members, start=1)]
    return json.dumps({
        "year": board.year, "id": board.board_id, "owner_id": board.owner_id,
        "fetched_at": datetime.fromtimestamp(board.fetched_at, UTC).isoformat(),
        "age_seconds": round(board.age_seconds, 1), "from_cache": board.from_cache,
        "view_key_end": board.view_key_end,
        "members": members, "passed_over": list(board.passed_over),
    }, indent=2)


def leaderboard_day_json(board: Leaderboard, day: int) -> str:
    """`aoc leaderboard --day N --json`: the day's members in the day's order, their star
    times (ISO, UTC) and the part 2 delta in seconds."""
    from datetime import UTC, datetime

    from aoc2023.framework.render.leaderboard import day_members, part_two_delta

    def moment(timestamp: int | None) -> str | None:
        return None if timestamp is None else datetime.fromtimestamp(timestamp, UTC).isoformat()

    members = [{"place": place, "id": member.id, "name": member.name,
                "shown_name": member.shown_name,
                "part1_at": moment(member.star_times[day - 1][0]),
                "part2_at": moment(member.star_times[day - 1][1]),
                "part2_delta_seconds": part_two_delta(member, day)}
               for place, member in enumerate(day_members(board, day), start=1)]
    return json.dumps({
        "year": board.year, "id": board.board_id, "day": day,
        "fetched_at": datetime.fromtimestamp(board.fetched_at, UTC).isoformat(),
        "age_seconds": round(board.age_seconds, 1), "from_cache": board.from_cache,
        "view_key_end": board.view_key_end, "members": members,
    }, indent=2)


def stats_json(years: Sequence[YearStats], written: Sequence[str] = ()) -> str:
    """`aoc stats --json`: each year's days and stars (times ISO, in the site's zone;
    durations in seconds), its totals, what is not known; and the files written."""
    def star(record: StarStats) -> dict[str, Any]:
        return {"part": record.part, "earned": record.earned,
                "earned_at": None if record.earned_at is None else record.earned_at.isoformat(),
                "since_unlock_seconds": None if record.since_unlock is None
                else record.since_unlock.total_seconds(),
                "over_a_day": record.late, "attempts": record.attempts,
                "first_try": record.first_try}

    def seconds(value: float | None) -> float | None:
        """To the nanosecond: a float's long tail of digits is noise."""
        return None if value is None else round(value, 9)

    return json.dumps({"years": [{
        "year": year.year, "stars": year.stars, "first_try_rate": year.first_try_rate,
        "total_runtime_seconds": seconds(year.total_runtime),
        "days": [{"day": day.day, "title": day.title,
                  "runtime_seconds": seconds(day.runtime_seconds),
                  "stars": [star(record) for record in day.stars]} for day in year.days],
        "unknown": list(year.unknown)} for year in years], "written": list(written)},
        indent=2)
