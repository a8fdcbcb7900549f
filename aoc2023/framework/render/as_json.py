"""The JSON of `aoc run`, until it moves into its module of commands/ (the other commands'
JSON is there already): one object on stdout (docs/reference/output.md), everything a
person sees as plain values.
"""

from __future__ import annotations

import json

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

