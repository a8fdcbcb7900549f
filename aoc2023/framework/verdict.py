"""What is known of an answer on the user's input, decided in one place: right or wrong
against a known answer, certainly wrong (refused before, beyond a "too high"), else
unknown. `aoc run` and the sending rules (submit.py) ask it alike: one verdict."""

from __future__ import annotations

from aoc2023.framework.aocd import local, sent
from aoc2023.framework.aocd.paths import PuzzleCache
from aoc2023.framework.aocd.sent import Attempt, Verdict, known_to_be_wrong, read_log
from aoc2023.framework.errors import NotSent
from aoc2023.framework.results import SUBMIT_FAILED, DayResult, PartResult, Status


def past_replies(cache: PuzzleCache) -> list[Attempt]:
    """What the site said of earlier answers: aocd's log, and our journal's replies."""
    journal = sent.attempts(cache.user_dir.name, cache.year, cache.day)
    return read_log(cache.submissions_path) + [a for a in journal if a.message is not None]


def known_answer(cache: PuzzleCache, part: int, past: list[Attempt]) -> str | None:
    """The part's right answer: aocd's cache, else the last answer the site called right."""
    right = [entry.value for entry in past if entry.part == part and entry.verdict is Verdict.RIGHT]
    return cache.known_answer(part) or (right[-1] if right else None)


def known(answer: str, part: int, cache: PuzzleCache, past: list[Attempt]) -> NotSent | None:
    """What is known of `answer` for `part`, as the NotSent that keeps it back: CORRECT or
    WRONG, why, the right answer or the site's refusal; None: nothing, it may be right."""
    if (right := known_answer(cache, part, past)) is not None:
        status = Status.CORRECT if right == answer else Status.WRONG
        return NotSent(f"part {part} is already solved with {right}", status, right)
    if (proof := known_to_be_wrong(answer, part, past)) is None:
        return None
    reason, refused = proof
    return NotSent(f"it is certainly wrong: {reason}", Status.WRONG, refused=str(refused))


def judged(result: DayResult) -> DayResult:
    """`result`, on its account's input (the main implementation's: the caller checks),
    with each unknown part judged by `known`, and why it is not sent."""
    account = result.account
    token = local.find_token() if account is None else local.account_tokens(account).get(account)
    if token is None or (cache := PuzzleCache.for_token(token, result.year, result.day)) is None:
        return result
    past = past_replies(cache)
    parts = []
    for part in result.parts:
        found = None
        if part.status is Status.UNKNOWN and part.answer is not None:
            found = known(part.answer, part.part, cache, past)
        parts.append(part if found is None else kept_back(part, found))
    return result._replace(parts=tuple(parts))


def kept_back(part: PartResult, refusal: NotSent, refused: str = "not sent") -> PartResult:
    """`part` with why `refusal` kept it back (after `refused`) and what it says of it."""
    return part._replace(
        submit_note=f"{refused}: {refusal}",
        status=refusal.status or part.status,
        expected=refusal.expected or part.expected,
        refused=refusal.refused or part.refused,
        submitted=SUBMIT_FAILED if refusal.failed else part.submitted,
    )
