"""The JSON of each command, for programs: one object on stdout (README: `--json`).

Tracebacks are left out (they are for `--verbose` on stderr); everything else a
person sees in the table is here, as plain values.
"""

from __future__ import annotations

import json
from dataclasses import asdict
from typing import TYPE_CHECKING, Any

from aoc2023.framework.bench.calibration import REFERENCE, SWING, Speed
from aoc2023.framework.bench.figures import (
    LONG_STEP,
    MIN_DIFFERENCE,
    TOLERANCE,
    WIDE_TOLERANCE,
    BenchReport,
    Stats,
    StepBench,
)
from aoc2023.framework.results import PartResult, RunReport, TokenReport

if TYPE_CHECKING:
    from collections.abc import Sequence

    from aoc2023.framework.aocd.client import PageExample
    from aoc2023.framework.aocd.puzzle_page import PageExamples
    from aoc2023.framework.listing import Listing
    from aoc2023.framework.scaffold import NewDay


def _part_json(part: PartResult) -> dict[str, Any]:
    data = part._asdict()
    data["status"] = str(part.status)
    data.pop("traceback")
    return data


def run_json(report: RunReport) -> str:
    results = []
    for result in report.results:
        data = result._asdict()
        data.pop("traceback")
        data["parts"] = [_part_json(part) for part in result.parts]
        results.append(data)
    return json.dumps({"results": results, "notices": report.notices}, indent=2)


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
                          "answers": [_part_json(part) for part in one.parts]}
                         for one in bench.variants],
        })
    return json.dumps({"budget": report.budget, "tolerance": TOLERANCE,
                       "wide_tolerance": WIDE_TOLERANCE, "min_difference": MIN_DIFFERENCE,
                       "long_step": LONG_STEP, "reference": REFERENCE, "swing": SWING,
                       "results": results,
                       "notices": report.notices}, indent=2)


def listing_json(listing: Listing) -> str:
    days: list[dict[str, Any]] = [asdict(day) for day in listing.days]
    return json.dumps({"days": days, "notices": listing.notices}, indent=2)


def _moment(timestamp: float | None) -> str | None:
    """A Unix time as an ISO time in UTC, as `fetched_at` is."""
    from datetime import UTC, datetime

    return None if timestamp is None else datetime.fromtimestamp(timestamp, UTC).isoformat()


def token_json(report: TokenReport) -> str:
    """`aoc token --json`: the view's facts; of the token, only its last 4 characters."""
    return json.dumps({
        "place": report.place, "token_end": report.last4, "cleaned": list(report.cleaned),
        "user_id": report.user_id, "user_id_cached": report.user_id_cached,
        "user_id_kept": report.user_id_kept, "accepted": report.accepted,
        "checked_at": _moment(report.checked_at), "requests": report.requests,
        "user_agent": report.user_agent, "contact": report.contact,
        "fix": report.fix, "problem": report.problem,
    }, indent=2)


def _example_json(example: PageExample) -> dict[str, Any]:
    """One example as aocd's example parser read it: the answers per part (null: none
    found, or drawn), what it gave for a drawn answer, and its extra parameters."""
    return {"input": example.input, "part_1": example.part_1, "part_2": example.part_2,
            "drawn": {f"part_{part}": text for part, text in sorted(example.drawn.items())},
            "extra": example.extra}


def new_json(created: NewDay, notices: Sequence[str]) -> str:
    """`aoc new --json`: the module written, and what was fetched for it."""
    target, info = created.target, created.info
    return json.dumps({
        "year": target.year, "day": target.day, "title": info.title,
        "path": str(target.day_path), "module": target.module,
        "input_cached": info.input_cached,
        "examples": [_example_json(example) for example in info.examples],
        "notices": list(notices),
    }, indent=2, default=str)


def read_json(year: int, day: int, title: str | None, markdown: str,
              answers: Sequence[tuple[int, str | None]], notices: Sequence[str]) -> str:
    """`aoc read --json`: the puzzle's text as `--markdown` prints it, and the answers
    aocd knows the site accepted, per part."""
    return json.dumps({
        "year": year, "day": day, "title": title, "markdown": markdown,
        "answers": [{"part": part, "answer": answer} for part, answer in answers],
        "notices": list(notices),
    }, indent=2)


def examples_json(year: int, day: int, page: PageExamples, notices: Sequence[str]) -> str:
    """`aoc examples --json`: the examples as aocd's example parser reads the page now."""
    return json.dumps({
        "year": year, "day": day, "title": page.title,
        "examples": [_example_json(example) for example in page.examples],
        "notices": list(notices),
    }, indent=2, default=str)
