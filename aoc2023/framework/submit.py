"""Safe submission: send each new answer once, and only when it can be right. The rules, in
order, each part's note naming the one that kept it back: sendable; part 2 once part 1 is
solved, and not part 1's answer; not known wrong; not during the site's wait; the examples
pass; confirmed; then, under a per-user, per-puzzle lock, checked again and sent (why
each: docs/explanation/submission.md). The final star is claimed once every other star is
in. Nothing here prints: questions and countdowns go through the CLI's `Prompter`."""

from __future__ import annotations

from collections.abc import Callable
from contextlib import AbstractContextManager, suppress
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from functools import partial
from typing import Protocol

from aoc2023.framework import calendar, registry, store
from aoc2023.framework import verdict as answer_verdict
from aoc2023.framework.aocd import client, local, sent, stars
from aoc2023.framework.aocd.paths import PuzzleCache
from aoc2023.framework.aocd.sent import Verdict
from aoc2023.framework.errors import (
    AocError,
    DamagedFileError,
    NotSent,
    SentButNoReply,
    SiteError,
    describe_error,
    quoted,
    stop_name,
    unwritable_sentence,
)
from aoc2023.framework.files import write_atomically
from aoc2023.framework.inputs import example_inputs
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.results import SUBMIT_FAILED, DayResult, PartResult, RunReport, Status
from aoc2023.framework.runner import DayRunner, run_solution


@dataclass(frozen=True)
class SubmitOptions:
    dry_run: bool = False
    yes: bool = False
    wait: bool = False
    interactive: bool = False
    resend: bool = False
    """Send again an answer whose earlier sending got no verdict."""


@dataclass(frozen=True)
class Candidate:
    year: int
    day: int
    part: int
    answer: str
    unchecked: bool = False
    """No example with an answer for this part was run."""
    tried: str | None = None
    """What happened when this value was sent before with no verdict."""
    account: str | None = None
    """The account it is for (`--accounts`); None for the run's one token."""
    final_star: bool = False
    """The claim of the final star, not an answer of the user's."""

    @property
    def caveat(self) -> str:
        """What the user should know before sending, as a clause."""
        notes = ["no example checked this part"] if self.unchecked else []
        notes += [f"sent before with no verdict: {self.tried}"] if self.tried else []
        return f" ({'; '.join(notes)})" if notes else ""


class Prompter(Protocol):
    def confirm(self, candidate: Candidate) -> bool: ...

    def confirm_account(self, account: str) -> bool:
        """Whether to send `account`'s answers unasked (`--yes --accounts`); once an account."""

    def wait_until(self, until: datetime, why: str) -> None: ...

    def checking_example(
        self, year: int, day: int, part: int, label: str, number: int, count: int
    ) -> AbstractContextManager[object]:
        """Held while example `number` of `count` checks `part` before sending."""

    def wait_for_sender(self, what: str, done: Callable[[], bool], within: float) -> bool:
        """Poll `done()` up to `within` seconds while another run sends `what`; if it came."""


@dataclass(frozen=True)
class _Puzzle:
    """What sending to one puzzle needs: its cache, token, options, prompter, clock, checks."""

    cache: PuzzleCache
    token: str
    options: SubmitOptions
    prompter: Prompter
    now: Callable[[], datetime]
    checks: ExampleChecks

    @property
    def user_id(self) -> str:
        return self.cache.user_dir.name


def submit_new_answers(
    report: RunReport,
    options: SubmitOptions,
    prompter: Prompter,
    now: Callable[[], datetime] = lambda: datetime.now(UTC),
    checks: ExampleChecks | None = None,
) -> RunReport:
    """The report, each candidate part sent or told why not (`submitted`, `submit_note`).
    Nothing is sent from a stopped report; Ctrl-C while sending returns it interrupted,
    with what was done. `checks` runs each day's examples once while kept."""
    if report.stopped:
        return report
    checks = checks or ExampleChecks()
    tokens = local.account_tokens("all") if any(r.account for r in report.results) else {}
    results = list(report.results)  # a variant's never sent: only the main implementation's
    for index, result in enumerate(report.results):
        parts = {part.part: part for part in result.parts}  # each as sent, or told why not
        try:
            token = tokens.get(result.account) if result.account else local.find_token()
            if token is not None and result.source == "input" and result.variant is None:
                cache = PuzzleCache.for_token(token, result.year, result.day)
                if cache is not None and not result.error:
                    puzzle = _Puzzle(cache, token, options, prompter, now, checks)
                    _submit_day(result, parts, puzzle)
                    results[index] = result._replace(parts=tuple(parts[n] for n in sorted(parts)))
        except KeyboardInterrupt as stop:
            notice = (
                f"Interrupted ({stop_name(stop)}) while sending "
                f"{result.year} day {result.day}'s answers: nothing more is sent."
            )
            results[index] = result._replace(parts=tuple(parts[n] for n in sorted(parts)))
            return RunReport(results, [*report.notices, notice], interrupted=True)
    return RunReport(results, report.notices)


def _submit_day(result: DayResult, parts: dict[int, PartResult], puzzle: _Puzzle) -> None:
    """Each of the day's `parts` sent or told why not, in place (the part Ctrl-C stops too)."""
    year, day = result.year, result.day
    for number, part in sorted(parts.items()):
        if part.status is Status.UNKNOWN and part.answer is None and part.drawing is not None:
            parts[number] = part._replace(
                submit_note=(
                    "not sent: the answer is a drawing of several lines that does not read "
                    "as letters (a glyph unknown, or not 6 or 10 rows high), so read it and "
                    f"submit it by hand on https://adventofcode.com/{year}/day/{day}"
                )
            )
        elif part.status is Status.UNKNOWN and part.answer is not None:
            candidate = Candidate(year, day, number, part.answer, account=result.account)
            try:
                parts[number] = _outcome(part, "not sent", partial(_submit_part, candidate, puzzle))
            except KeyboardInterrupt as stop:
                note = f"interrupted ({stop_name(stop)}) before a verdict"
                if (year, day) in puzzle.checks.interrupted:
                    note = f"not sent: the examples' check was interrupted ({stop_name(stop)})"
                parts[number] = part._replace(submit_note=note)
                raise
    if calendar.final_star_due(result._replace(parts=tuple(parts.values()))):  # as sent now
        claim = partial(_claim_final_star, result, puzzle)
        parts[2] = (
            PartResult(2, Status.CORRECT)
            if puzzle.cache.known_answer(2) is not None
            else _outcome(PartResult(2, Status.UNKNOWN), "final star", claim)
        )


def _outcome(part: PartResult, refused: str, send: Callable[[], tuple[Verdict, str]]) -> PartResult:
    """The part after `send`: its verdict, why not sent (after `refused`), or the failure."""
    try:
        verdict, note = send()
    except NotSent as refusal:
        return answer_verdict.kept_back(part, refusal, refused)
    except Exception as error:  # a SiteError, or anything else while sending
        message = str(error) if isinstance(error, AocError) else describe_error(error)
        if not message.startswith("Sent "):
            message = f"{refused}: {message}"
        return part._replace(submitted=SUBMIT_FAILED, submit_note=message)
    updated = part._replace(submitted=str(verdict), submit_note=note)
    if verdict is Verdict.RIGHT:
        return updated._replace(status=Status.CORRECT, expected=part.answer)
    return updated._replace(status=Status.WRONG) if verdict.is_wrong else updated


class ExampleChecks:
    """The check before sending, kept for a run, run by `run`: a part's examples with an
    answer for it, once, that part only; a pass only when each gave it, never if stopped."""

    def __init__(self, run: DayRunner | None = None) -> None:
        self.run = run or run_solution
        self._done: dict[tuple[int, int, int], tuple[str | None, bool]] = {}
        self.interrupted: set[tuple[int, int]] = set()
        """The (year, day) whose check Ctrl-C cut short."""

    def check(self, year: int, day: int, part: int, prompter: Prompter) -> tuple[str | None, bool]:
        """Why `part`'s examples fail (None: they pass); whether one ran (none: sent, said so)."""
        if (year, day, part) in self._done:
            return self._done[year, day, part]
        failure: str | None = None
        try:
            solution_class = registry.load_day(year, day)
            runs = [
                replace(run_input, parts=(part,))
                for run_input in example_inputs(solution_class)
                if run_input.expected.get(part) is not None
            ]
            for number, run_input in enumerate(runs, start=1):
                label = run_input.label or f"example {number}"
                with prompter.checking_example(year, day, part, label, number, len(runs)):
                    result = self.run(solution_class, run_input, None)
                for done in result.parts:  # the first failure is said
                    if done.part == part and done.status is not Status.CORRECT and not failure:
                        why = result.error or done.error or done.status  # a parse's, first
                        if done.status is Status.WRONG:
                            why = f"it returned {done.answer}, expected {done.expected}"
                        failure = f"{run_input.label} failed: {why}"
        except KeyboardInterrupt:
            self.interrupted.add((year, day))
            raise
        self._done[year, day, part] = failure, bool(runs)
        return self._done[year, day, part]


def _check_rules(candidate: Candidate, cache: PuzzleCache, past: list[sent.Attempt]) -> None:
    """NotSent unless sendable, part 2 after part 1, and not known wrong."""
    answer, part = candidate.answer, candidate.part
    if not answer.strip() or answer == "None":
        raise NotSent(f"the answer is {'empty' if not answer.strip() else 'None'}")
    if "\n" in answer.strip():
        raise NotSent(
            f"the answer has several lines, so check it and submit it by hand on "
            f"https://adventofcode.com/{candidate.year}/day/{candidate.day}:\n{answer}"
        )
    if (found := answer_verdict.known(answer, part, cache, past)) is not None:
        raise found
    if part == 2:
        if (first := answer_verdict.known_answer(cache, 1, past)) is None:
            raise NotSent("part 1 is not solved yet")
        if answer == first:  # almost never right, but the site has not said so: unknown
            raise NotSent(
                f"{answer} is part 1's answer too, which is almost never part 2's: check part 2"
            )


def _after_sender(pending: sent.Attempt, puzzle: _Puzzle) -> sent.Attempt | None:
    """The part's unconfirmed attempt once no run is sending it (the sender holds the
    puzzle's lock until its reply is written). NotSent when a send's time runs out."""
    cache, user_id, part = puzzle.cache, puzzle.user_id, pending.part
    year, day = cache.year, cache.day
    found: list[sent.Attempt | None] = [pending]

    def done() -> bool:
        found[0] = sent.unconfirmed(user_id, year, day, part)
        if found[0] is None or found[0].why is not None:
            return True  # its outcome is written: no need to wait for the lock
        with store.locked(store.sending(cache), wait=False) as free:
            if free:  # no run is sending: read under the lock, where no run writes it
                found[0] = sent.unconfirmed(user_id, year, day, part)
            return free

    within = client.CONNECT_TIMEOUT + client.READ_TIMEOUT
    if done() or puzzle.prompter.wait_for_sender(
        f"{pending.value} for {year} day {day} part {part}", done, within
    ):
        return found[0]
    raise NotSent(
        f"another run is sending {pending.value} now (since "
        f"{calendar.clock_time(pending.when)}), and its verdict had not come after "
        f"{within:g} s of waiting: that run shows it, and so does the next one"
    )


def _tried(pending: sent.Attempt | None, answer: str) -> str | None:
    if pending is None or pending.value != answer:
        return None
    when = calendar.clock_time(pending.when)
    return f"sent at {when}, {pending.why or 'and no reply was recorded'}"


def _submit_part(candidate: Candidate, puzzle: _Puzzle) -> tuple[Verdict, str]:
    cache, user_id, options = puzzle.cache, puzzle.user_id, puzzle.options
    year, day, part = candidate.year, candidate.day, candidate.part
    pending = sent.unconfirmed(user_id, year, day, part)
    if pending is not None and pending.why is None:  # no outcome: its sender may be alive
        pending = _after_sender(pending, puzzle)
    if pending is not None:  # the page first: it may show that the answer was taken
        client.refresh_known_answers(puzzle.token, year, day)
        if (known := cache.known_answer(part)) is not None:  # recorded as the page shows
            verdict = (
                f"{sent.RIGHT} (as the puzzle page shows)"
                if known == pending.value
                else f"{sent.WRONG} (the puzzle page shows {known})"
            )
            sent.record_reply(user_id, year, day, part, pending.value, verdict)
        pending = sent.unconfirmed(user_id, year, day, part)
    _check_rules(candidate, cache, answer_verdict.past_replies(cache))
    candidate = replace(candidate, tried=_tried(pending, candidate.answer))
    if candidate.tried and not options.resend and not options.interactive:
        raise NotSent(
            f"{candidate.answer} was {candidate.tried}: it may have been judged, so it counts "
            "as tried. Look at the puzzle page; --resend sends it again"
        )
    _check_wait(puzzle)
    failure, checked = puzzle.checks.check(year, day, part, puzzle.prompter)  # costly: last
    if failure:
        raise NotSent(f"the examples must pass first: {failure}")
    candidate = replace(candidate, unchecked=not checked)
    what = f"{candidate.answer} for {year} day {day} part {part}{candidate.caveat}"
    _confirm(candidate, what, puzzle)
    with store.locked(store.sending(cache)):  # beside the log and answers it guards
        client.refresh_known_answers(puzzle.token, year, day)
        _check_rules(candidate, cache, answer_verdict.past_replies(cache))
        again = sent.unconfirmed(user_id, year, day, part)
        if again != pending and _tried(again, candidate.answer):  # another run just sent it
            raise NotSent(f"another run sent {candidate.answer} just now, with no verdict yet")
        return _send_after_wait(candidate, puzzle)


def _check_wait(puzzle: _Puzzle) -> None:
    """NotSent while the site's wait runs, unless told to wait it out."""
    now, options = puzzle.now, puzzle.options
    blocked = sent.blocked_until(puzzle.user_id, now())
    if blocked is not None and not options.wait:  # --dry-run too: it would not send now
        raise NotSent(
            f"{sent.wait_reason(puzzle.user_id)} until {calendar.clock_time(blocked, now())} "
            f"({calendar.describe_wait(blocked - now())} from now); run again then, or use --wait"
        )


def _confirm(candidate: Candidate, what: str, puzzle: _Puzzle) -> None:
    """NotSent unless the user wants `what` sent (asked on a terminal, or --yes)."""
    options, prompter = puzzle.options, puzzle.prompter
    if options.dry_run:
        raise NotSent(f"dry run: would send {what}")
    yes = options.yes and not (candidate.tried and not options.resend)  # tried before: asked
    if candidate.account is None and yes:
        return
    elif not options.interactive:  # of one of several accounts: never sent unasked
        how = "--accounts sends only what you confirm on a terminal"
        if candidate.account is None:
            how = f"send it with {aoc_command('run', candidate.year, candidate.day, '--yes')}"
        raise NotSent(f"no terminal to confirm on: would send {what} ({how})")
    elif candidate.account is not None and yes:
        asked = prompter.confirm_account(candidate.account)
    else:
        asked = prompter.confirm(candidate)
    if not asked:
        raise NotSent("you said no")


def _send_after_wait(candidate: Candidate, puzzle: _Puzzle) -> tuple[Verdict, str]:
    """Under the lock: the site's wait kept or waited out, then `_send` (twice at most)."""
    now, wait = puzzle.now, puzzle.options.wait
    for attempt in range(2):
        if (blocked := sent.blocked_until(puzzle.user_id, now())) is not None:
            why = sent.wait_reason(puzzle.user_id)
            if not wait:
                raise NotSent(f"{why} until {calendar.clock_time(blocked, now())}")
            puzzle.prompter.wait_until(blocked, why)
        verdict, note, seconds = _send(candidate, puzzle)
        if verdict is not Verdict.WAIT or not wait or attempt == 1 or not seconds:
            break
    return verdict, note


FINAL_STAR_ANSWER = "0"
"""What the site's own button for the final star posts as the last day's part 2."""


def _claim_final_star(result: DayResult, puzzle: _Puzzle) -> tuple[Verdict, str]:
    """The final star, claimed once every other is in; else NotSent (CORRECT if it is in)."""
    cache, token, now = puzzle.cache, puzzle.token, puzzle.now
    year, day, user_id = result.year, result.day, puzzle.user_id
    pending = sent.unconfirmed(user_id, year, day, 2)  # a claim whose reply was lost
    found = stars.year_stars(
        token, cache.user_dir, year, fresh=pending is not None, now=now().timestamp()
    )
    if found.final_star_in:
        _record_final_star(puzzle, pending)
        raise NotSent("in already, as your stars on adventofcode.com show", Status.CORRECT)
    if missing := found.missing():
        when = ""
        if found.from_cache:
            fetched = datetime.fromtimestamp(found.fetched_at, UTC)
            when = f" (as the site showed at {calendar.clock_time(fetched, now())})"
        raise NotSent(f"not claimed yet: {stars.describe_missing(missing)}{when}")
    candidate = Candidate(year, day, 2, FINAL_STAR_ANSWER, account=result.account, final_star=True)
    what = f"a claim of the final star of {year} (day {day} part 2)"
    _check_wait(puzzle)
    _confirm(candidate, what, puzzle)
    with store.locked(store.sending(cache)):  # beside the log and answers it guards
        if cache.known_answer(2) is not None:
            raise NotSent("claimed just now by another run", Status.CORRECT)
        verdict, note = _send_after_wait(candidate, puzzle)
    if verdict is not Verdict.WRONG_LEVEL:
        return verdict, note
    # not the level to solve: claimed on the site, or a star is missing after all
    found = stars.year_stars(token, cache.user_dir, year, fresh=True, now=now().timestamp())
    if found.final_star_in:
        _record_final_star(puzzle, None)
        raise NotSent(
            "in already (claimed on adventofcode.com), as your stars there show", Status.CORRECT
        )
    if missing := found.missing():
        raise NotSent(f"refused by the site: {stars.describe_missing(missing)}")
    raise NotSent(f"{note}; yet your stars on adventofcode.com show every other star in")


def _record_final_star(puzzle: _Puzzle, pending: sent.Attempt | None) -> None:
    """Record the final star as an accepted answer, settling an unconfirmed claim."""
    cache = puzzle.cache
    try:
        if pending is not None:
            message = f"{sent.FINISHED} (as your stars on adventofcode.com show)"
            sent.record_reply(puzzle.user_id, cache.year, cache.day, 2, pending.value, message)
        write_atomically(cache.answer_path(2), FINAL_STAR_ANSWER)
    except OSError as error:
        raise NotSent(
            "in already, as your stars on adventofcode.com show, but aoc could not write it down "
            f"({unwritable_sentence(error) or error}): the next run reads your stars again",
            Status.CORRECT,
        ) from error


def _send(candidate: Candidate, puzzle: _Puzzle) -> tuple[Verdict, str, int | None]:
    """Write the attempt down, send it, record the reply; the verdict, a note, the wait."""
    user_id, now = puzzle.user_id, puzzle.now
    year, day, part, answer = candidate.year, candidate.day, candidate.part, candidate.answer
    try:
        sent.record_attempt(user_id, year, day, part, answer)
    except OSError as error:
        why = unwritable_sentence(error) or str(error)
        raise NotSent(
            f"the attempt could not be written down before sending it, so it was not sent: {why}",
            failed=True,
        ) from error
    _record_wait(user_id, 60, now(), sent.NO_REPLY_WAIT)  # until the site's word comes
    try:
        message = client.post_answer(puzzle.token, year, day, part, answer)
    except SentButNoReply as lost:
        with suppress(OSError):
            sent.record_no_reply(user_id, year, day, part, answer, lost.why)
        _record_wait(user_id, 60, now(), sent.NO_REPLY_WAIT)  # as after a wrong answer
        raise
    except SiteError:  # it never reached a judge: no attempt at all, and no wait
        with suppress(OSError):
            sent.forget(user_id, year, day, part, answer)
        _record_wait(user_id, 0, now())
        raise
    verdict = sent.read_verdict(message)
    seconds = sent.wait_seconds(message)
    aside = ""
    try:  # the reply is recorded before anything else can fail
        if verdict is Verdict.UNKNOWN:  # no verdict: unconfirmed, for the page to settle
            why = f"and the site's reply was not understood: {quoted(message)}"
            sent.record_no_reply(user_id, year, day, part, answer, why)
        else:
            sent.record_reply(user_id, year, day, part, answer, message)
    except OSError as error:
        aside = f" (our record of it could not be written: {error})"
    try:  # aocd's own guards read aocd's log
        sent.log_reply(puzzle.cache, part, answer, message, right=verdict is Verdict.RIGHT)
    except OSError as error:  # the reply kept in the journal, unless it failed too
        kept = "" if aside else f"; the reply is kept in {store.journal_file().name}"
        aside += f" (aocd's log could not be written: {error.strerror or error}{kept})"
    if seconds is not None or verdict is not Verdict.UNKNOWN:  # the site's wait, or none
        aside += _record_wait(user_id, seconds or 0, now())
    return verdict, _describe_reply(verdict, message, candidate, puzzle) + aside, seconds


def _record_wait(user_id: str, seconds: float, now: datetime, why: str = sent.SITE_WAIT) -> str:
    """Record a wait; a failure only a clause, so the verdict still gets through."""
    try:
        sent.record_wait(user_id, seconds, now, why)
    except (OSError, DamagedFileError) as error:
        if not seconds:  # no wait to tell of: aoc's own minute, if kept, is the safe side
            return ""
        reason = error.strerror if isinstance(error, OSError) and error.strerror else error
        wait = calendar.describe_wait(timedelta(seconds=seconds))
        return (
            f" (the site's wait of {wait} could not be recorded in {store.waits_file()}: "
            f"{reason}; wait that long before sending another answer)"
        )
    return ""


def _describe_reply(verdict: Verdict, message: str, candidate: Candidate, puzzle: _Puzzle) -> str:
    done = f"sent {candidate.answer}{candidate.caveat}"
    if candidate.final_star:
        done = "claimed the final star"
    if verdict is Verdict.WAIT:
        return f"{done}, not judged: the site asked to wait: {message}"
    if verdict is Verdict.UNKNOWN:
        return (
            f"{done}, but the site's reply was not understood ({quoted(message)}): it may "
            "have been judged; the next run reads the puzzle page to see whether it was "
            "taken, and does not send it again"
        )
    if verdict is not Verdict.WRONG_LEVEL:
        return f"{done}: {message}"
    if candidate.final_star:  # what the page of stars says is the caller's
        return f"{done}, not judged: the site says it is not the level to solve"
    said = f"{done}, not judged: the site says part {candidate.part} is not the level to solve"
    try:
        client.refresh_known_answers(puzzle.token, candidate.year, candidate.day)
    except SiteError as error:
        return f"{said}; and what it knows could not be refreshed: {error}"
    known = [f"part {p}: {answer}" for p in (1, 2) if (answer := puzzle.cache.known_answer(p))]
    return f"{said}; the site shows " + ", ".join(known) if known else said
