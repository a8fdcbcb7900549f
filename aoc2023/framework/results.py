"""The plain data that crosses the pipeline's arrows: what a run produces, and the exit
codes it leads to. A bench's figures are in `bench/figures.py`, a listing's in
`listing.py` and a profile's rows in `profiling.py`, each beside its producer: building
their classes costs at import, and a run has no use for those. A part's and a day's
results are NamedTuples, not frozen dataclasses, for the same reason: every run builds
these two classes, and a NamedTuple class costs 0.1 ms to create against 1.0-1.6 ms.

Producers (runner, timeouts, submit, bench, listing, profiling) build these and
renderers (`render/`) and the CLI read them; neither knows the other. This module is a
leaf: it imports nothing of the framework, so anything may import it without a cycle.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from enum import IntEnum, StrEnum
from typing import Literal, NamedTuple

Source = Literal["input", "example", "file"]
"""Where a run's input came from: the user's puzzle input, a day's example, or --input."""


class ExitCode(IntEnum):
    """The exit codes of `aoc`, as documented in the README."""

    OK = 0
    WRONG_ANSWER = 1
    COULD_NOT_RUN = 2
    INTERRUPTED = 130
    """Ctrl-C (128 + SIGINT), as shells report it."""


class Status(StrEnum):
    """What became of one part on one input."""

    CORRECT = "correct"
    WRONG = "wrong"
    UNKNOWN = "unknown"
    ERROR = "error"
    NOT_IMPLEMENTED = "not implemented"
    TIMEOUT = "timeout"
    INTERRUPTED = "interrupted"


SUBMIT_FAILED = "error"
"""`PartResult.submitted` when the answer could not be sent (network, HTTP error, token)."""


class PartResult(NamedTuple):
    part: int
    status: Status
    answer: str | None = None
    """The answer as shown, compared and sent: for a drawing, its letters (None when the
    drawing does not read as letters)."""
    seconds: float | None = None
    expected: str | None = None
    error: str | None = None
    traceback: str | None = None
    timed_with_other_part: bool = False
    submitted: str | None = None
    """The site's verdict on the answer sent by this run (see submit.py), or SUBMIT_FAILED."""
    submit_note: str | None = None
    """What was sent and what the site said, or why nothing was sent."""
    drawing: str | None = None
    """The part's answer as it drew it, when it drew letters in pixels (answers.py)."""
    refused: str | None = None
    """The site's earlier verdict that proves the answer wrong (`wrong`, `too high`, `too
    low`: verdict.py), whether or not this run sends anything."""


class DayResult(NamedTuple):
    """One day run on one input: its parse time and its parts, or why it could not run."""

    year: int
    day: int
    title: str | None
    source: Source | None
    label: str | None = None
    parse_seconds: float | None = None
    parts: tuple[PartResult, ...] = ()
    error: str | None = None
    traceback: str | None = None
    variant: str | None = None
    """Which variant of the day ran (see registry.py); None for its main implementation."""
    account: str | None = None
    """Whose input it ran on, by its name in aocd's `tokens.json` (`aoc run --accounts`);
    None for the one token of a plain run. Never the token itself."""
    peak_memory: dict[str, int | None] | None = None
    """With --memory: each step's peak allocation in bytes, by step ("parse", "part 1"...),
    measured in a run of its own (bench/memory.py)."""

    @property
    def interrupted(self) -> bool:
        """Ctrl-C stopped this day: a part of it is marked interrupted."""
        return any(part.status is Status.INTERRUPTED for part in self.parts)


@dataclass
class RunReport:
    """What `aoc run` shows: a result per day and input, and notices for the user."""

    results: list[DayResult] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    interrupted: bool = False
    """Ctrl-C stopped the run: what finished is in `results`, the rest did not run."""

    @property
    def stopped(self) -> bool:
        """Ctrl-C stopped the run or one of its days: nothing is sent from it."""
        return self.interrupted or any(result.interrupted for result in self.results)

    @property
    def may_send(self) -> bool:
        """Whether any answer on the user's own input is still unknown, in a run Ctrl-C did
        not stop: only then is the submission machinery (aocd's client, the journal, the
        calendar) imported at all, and nothing is sent otherwise (submit.py)."""
        return not self.stopped and any(
            result.source == "input" and result.variant is None
            and part.status is Status.UNKNOWN
            for result in self.results
            for part in result.parts
        )


class CouldNotRun(str):
    """A notice that something asked for could not run and has no row of its own (a year
    package that does not import): shown among the notices like any other, and the
    command's exit code is then 2 (`run_exit_code`, and the bench's and listing's)."""


def could_not_run(notices: Iterable[str]) -> bool:
    return any(isinstance(notice, CouldNotRun) for notice in notices)


def run_exit_code(results: Iterable[DayResult], interrupted: bool = False,
                  notices: Iterable[str] = ()) -> ExitCode:
    """130 after Ctrl-C, 2 when anything could not run (a day's error, or a `CouldNotRun`
    notice), else 1 when an answer is wrong, else 0."""
    if interrupted:
        return ExitCode.INTERRUPTED
    if could_not_run(notices):
        return ExitCode.COULD_NOT_RUN
    code = ExitCode.OK
    for result in results:
        if result.error is not None:
            return ExitCode.COULD_NOT_RUN
        for part in result.parts:
            if part.status in (Status.ERROR, Status.TIMEOUT) or part.submitted == SUBMIT_FAILED:
                return ExitCode.COULD_NOT_RUN
            if part.status is Status.WRONG:
                code = ExitCode.WRONG_ANSWER
    return code
