"""The JSON of `aoc run` and `aoc bench`, until each moves
into its module of commands/ (the other commands' JSON is there already): one object on
stdout (docs/reference/output.md), everything a person sees as plain values.
"""

from __future__ import annotations

import json
from typing import Any

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
from aoc2023.framework.results import RunReport


def run_json(report: RunReport) -> str:
    results = []
    for result in report.results:
        data = result._asdict()
        data.pop("traceback")
        data["parts"] = [part_json(part) for part in result.parts]
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
                          "answers": [part_json(part) for part in one.parts]}
                         for one in bench.variants],
        })
    return json.dumps({"budget": report.budget, "tolerance": TOLERANCE,
                       "wide_tolerance": WIDE_TOLERANCE, "min_difference": MIN_DIFFERENCE,
                       "long_step": LONG_STEP, "reference": REFERENCE, "swing": SWING,
                       "results": results,
                       "notices": report.notices}, indent=2)


