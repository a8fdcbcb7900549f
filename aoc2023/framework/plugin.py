"""aocd calling our days: `solve`, the entry point `aoc2023` in aocd's `adventofcode.user`
group, so that `Puzzle(2023, 7).solve_for("aoc2023")` and aocd's runner (`aoc -y 2023
-d 7`) solve them. aocd hands over the input text and takes the two answers back. Apart
from aocd/: it runs days, and imports no aocd (`aoc` handing its command line to aocd's
runner is `aocd.client.run_aocd_runner`).
"""

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
    """Both answers of `year` `day` on `data`; None for a part not written yet.

    A part 2 that fails (often one that needs the real input's shape, run by aocd's
    runner on an example) does not cost aocd part 1's answer: part 2 is None, and the
    reason is said on stderr. A failure before part 1 has an answer is raised.
    """
    extra = json.loads(os.environ.get("AOCD_EXTRA") or "{}")
    result = run_solution(registry.load_day(year, day), RunInput(data, "input", extra=extra))
    if result.error:
        raise PartFailed(f"{year} day {day}: {result.error}")
    answers: list[str | None] = []
    for part in result.parts:
        if part.status is Status.ERROR:
            reason = f"{year} day {day} part {part.part}: {part.error}"
            if part.part == 1:
                raise PartFailed(reason)
            print(f"Warning: {reason}", file=sys.stderr)
        answers.append(part.answer)
    return answers[0], answers[1]
