"""aocd calling our days: `solve`, the entry point `aoc2023` in aocd's `adventofcode.user`
group, for `Puzzle.solve_for("aoc2023")` and aocd's runner. Apart from aocd/: it runs
days, and imports no aocd."""

from __future__ import annotations

import json
import os
import sys

from aoc2023.framework import registry
from aoc2023.framework.errors import PartFailed
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import Status
from aoc2023.framework.runner import run_solution


def solve(year: int, day: int, data: str) -> tuple[str | None, str | None]:
    """Both answers of `year` `day` on `data`; None for a part not written yet. A part 2
    that fails is None, said on stderr, so part 1's answer is kept; PartFailed otherwise."""
    extra = json.loads(os.environ.get("AOCD_EXTRA") or "{}")
    result = run_solution(registry.load_day(year, day), RunInput(data, "input", extra=extra))
    if result.error:
        raise PartFailed(f"{year} day {day}: {result.error}")
    for part in result.parts:
        if part.status is Status.ERROR:
            reason = f"{year} day {day} part {part.part}: {part.error}"
            if part.part == 1:
                raise PartFailed(reason)
            print(f"Warning: {reason}", file=sys.stderr)
    return result.parts[0].answer, result.parts[1].answer
