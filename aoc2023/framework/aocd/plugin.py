"""The aocd plugin: the entry point `aoc2023` in aocd's `adventofcode.user` group.

With it, `Puzzle(2023, 7).solve_for("aoc2023")` and aocd's own runner
(`aoc -y 2023 -d 7`) solve our days. aocd hands over the input text and expects
the two answers back.
"""

from __future__ import annotations

import json
import os

from aoc2023.framework import registry
from aoc2023.framework.errors import PartFailed
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import Status
from aoc2023.framework.runner import run_solution


def solve(year: int, day: int, data: str) -> tuple[str | None, str | None]:
    """Both answers of `year` `day` on `data`; None for a part not written yet."""
    extra = json.loads(os.environ.get("AOCD_EXTRA") or "{}")
    result = run_solution(registry.load_day(year, day), RunInput(data, "input", extra=extra))
    if result.error:
        raise PartFailed(f"{year} day {day}: {result.error}")
    answers: list[str | None] = []
    for part in result.parts:
        if part.status is Status.ERROR:
            raise PartFailed(f"{year} day {day} part {part.part}: {part.error}")
        answers.append(part.answer)
    return answers[0], answers[1]
