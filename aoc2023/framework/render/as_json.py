"""The JSON of `aoc run`, `aoc leaderboard` and `aoc stats`, until each moves
into its module of commands/ (the other commands' JSON is there already): one object on
stdout (docs/reference/output.md), everything a person sees as plain values.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

from aoc2023.framework.commands.view import part_json
from aoc2023.framework.results import Leaderboard, RunReport

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aoc2023.framework.stats import StarStats, YearStats


def run_json(report: RunReport) -> str:
    results = []
    for result in report.results:
        data = result._asdict()
        data.pop("traceback")
        data["parts"] = [part_json(part) for part in result.parts]
        results.append(data)
    return json.dumps({"results": results, "notices": report.notices}, indent=2)


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
