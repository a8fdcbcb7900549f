"""Where aocd's runner and our days meet, in both directions.

`solve` is the aocd plugin, the entry point `aoc2023` in aocd's `adventofcode.user`
group: with it, `Puzzle(2023, 7).solve_for("aoc2023")` and aocd's own runner
(`aoc -y 2023 -d 7`) solve our days. aocd hands over the input text and expects the
two answers back. `run_aocd_runner` is the other way: `aoc` given aocd's runner
options hands the command line to aocd's runner, whose requests carry our User-Agent.
"""

from __future__ import annotations

import json
import os
import sys

from aoc2023.framework import registry
from aoc2023.framework.errors import AocError, PartFailed
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import ExitCode, Status
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


def run_aocd_runner(args: list[str]) -> int:
    """aocd's own runner on `args` (`-y 2023 -d 7 -s`); its exit code. A damaged token
    list (which aocd's runner would fail on with a traceback) is one sentence first. Its
    requests go through the one door every request of `aoc` does (`client.asking`): our
    User-Agent, the floor between requests, a time limit, and a failure (a dead token, a
    locked puzzle, no network), which aocd's runner would raise, is one sentence."""
    import aocd.runner

    from aoc2023.framework.aocd import private
    from aoc2023.framework.aocd.client import asking, contact
    from aoc2023.framework.aocd.local import check_tokens_file, tokens_file

    try:
        check_tokens_file()
        contact()  # a contact that cannot be sent is said here, not in the middle of a run
    except AocError as error:
        print(f"Error: {error}", file=sys.stderr)
        return int(error.exit_code)

    from aoc2023.framework.aocd.local import find_token, no_token_sentence

    load_users = private.runner_users_loader()
    if find_token() is None and not tokens_file().is_file():
        # aocd's runner reads its users before its options, and fails with a traceback
        if not {"-h", "--help"} & set(args):
            print(f"Error: {no_token_sentence()}: aocd's runner needs your session token.",
                  file=sys.stderr)
            return int(ExitCode.COULD_NOT_RUN)
        private.set_runner_users_loader(dict)  # its help needs none
    argv, sys.argv = sys.argv, ["aoc", *args]
    try:
        with asking("run aocd's runner"):
            aocd.runner.main()
    except AocError as error:
        print(f"Error: {error}", file=sys.stderr)
        return int(error.exit_code)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 1
    finally:  # as found, for a caller that goes on (main called from code)
        sys.argv = argv
        private.set_runner_users_loader(load_users)
    return 0
