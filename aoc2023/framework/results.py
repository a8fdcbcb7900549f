"""The plain data that crosses the pipeline: a run's results and exit codes, the steps it
tells of, what the site says about you (`aoc token`, `aoc leaderboard`). A leaf module;
what a run defines is a NamedTuple, not a dataclass (`startup_tricks.py`)."""

from __future__ import annotations

from collections.abc import Callable, Iterable
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
    """As shown, compared and sent: for a drawing, its letters (None: they do not read)."""
    seconds: float | None = None
    expected: str | None = None
    error: str | None = None
    traceback: str | None = None
    timed_with_other_part: bool = False
    submitted: str | None = None
    """The site's verdict on the answer this run sent (submit.py), or SUBMIT_FAILED."""
    submit_note: str | None = None
    """What was sent and what the site said, or why nothing was sent."""
    drawing: str | None = None
    """The answer as drawn, when it drew letters in pixels (answers.py)."""
    refused: str | None = None
    """The site's earlier verdict proving the answer wrong (`too high`...: verdict.py)."""


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
    """Which variant of the day ran (registry.py); None for its main implementation."""
    account: str | None = None
    """Whose input, by its name in aocd's `tokens.json` (`--accounts`); never the token."""
    peak_memory: dict[str, int | None] | None = None
    """With --memory: each step's peak allocation in bytes (runner.step_peaks)."""

    @property
    def interrupted(self) -> bool:
        """Ctrl-C stopped this day: a part of it is marked interrupted."""
        return any(part.status is Status.INTERRUPTED for part in self.parts)


def day_place(year: int, day: int, label: str | None = None, variant: str | None = None) -> str:
    """A day's run in a sentence: `2023 day 7 (input.txt), variant fast`."""
    labelled = f"{year} day {day}" + (f" ({label})" if label else "")
    return labelled + (f", variant {variant}" if variant else "")


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
        """Whether an answer on the user's own input is still unknown, in a run Ctrl-C did
        not stop: only then is the submission machinery imported (submit.py)."""
        return not self.stopped and any(
            result.source == "input" and result.variant is None and part.status is Status.UNKNOWN
            for result in self.results
            for part in result.parts
        )


class CouldNotRun(str):
    """A notice that something asked for could not run and has no row (a year package
    that does not import): the command's exit code is then 2."""


def could_not_run(notices: Iterable[str]) -> bool:
    return any(isinstance(notice, CouldNotRun) for notice in notices)


def run_exit_code(
    results: Iterable[DayResult], *, interrupted: bool = False, notices: Iterable[str] = ()
) -> ExitCode:
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


OnStep = Callable[[int, int, int | None], object]
"""`on_step(year, day, part)`: part is None while parsing, or while both parts run at once."""


@dataclass(frozen=True)
class TokenReport:
    """Where the token was found, whose it is and whether the site takes it; never the
    token itself, only its last four characters."""

    place: str
    """`$AOC_SESSION` or the file's path."""
    last4: str
    cleaned: tuple[str, ...] = ()
    """What was taken off the pasted value (a `session=` prefix, whitespace, quotes)."""
    user_id: str | None = None
    """aocd's id for the token's owner (`github.name.123`), from its memo or the site."""
    user_id_cached: bool = False
    """The id came from aocd's memo (`token2id.json`), without a request."""
    user_id_kept: bool = True
    """aocd's memo holds the id now (not when it could not be written)."""
    accepted: bool | None = None
    """Whether the site takes the token; None when it could not be asked."""
    checked_at: float | None = None
    """When the site last said so (a Unix time); a recent verdict is not asked again."""
    requests: int = 0
    user_agent: str = ""
    contact: str | None = None
    """The user's contact the User-Agent names ($AOC_USER_AGENT or [tool.aoc] contact)."""
    fix: str | None = None
    """What to do, when the token cannot work as it is."""
    problem: str | None = None
    """Why the site could not be asked (no network...), when it could not."""


@dataclass(frozen=True)
class Member:
    id: int
    name: str | None
    stars: int
    local_score: int
    global_score: int | None
    """None from 2025 on: the site has no global leaderboard any more."""
    days: tuple[int, ...]
    """Stars per day (0, 1 or 2), day 1 first, as many as the year has days."""
    star_times: tuple[tuple[int | None, int | None], ...] = ()
    """When each day's part 1 and part 2 star came (Unix seconds; None: not yet)."""
    medals: tuple[int, int, int] = (0, 0, 0)
    """Days this member was 1st, 2nd, 3rd to get both stars; a tie shares the place."""

    @property
    def shown_name(self) -> str:
        return self.name or f"anonymous #{self.id}"

    def day_order(self, day: int) -> tuple[float, float, int]:
        """The sort key on `day`: by the second star's time, then the first's, then id."""
        first, second = self.star_times[day - 1]
        never = float("inf")
        return (never if second is None else second, never if first is None else first, self.id)


@dataclass(frozen=True)
class Leaderboard:
    year: int
    board_id: int
    owner_id: int | None
    members: tuple[Member, ...]
    """Ranked: by local score, then stars, then id (the site's own order)."""
    fetched_at: float
    """When this data came from the site (a Unix time)."""
    from_cache: bool
    age_seconds: float
    passed_over: tuple[str, ...] = ()
    """The values that are not whole numbers, shown as 0 ("stars of member 99")."""
    notices: tuple[str, ...] = ()
    """News the board told (a year's number of days other than the calendar had)."""
    view_key_end: str | None = None
    """The last 4 characters of the view key it was read with; None: the token."""
