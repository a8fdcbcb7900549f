"""Where `aoc stats`'s records come from: a year's `YearStats`, built from what the site
and the framework know, with one sentence per thing not known.

- When each star was earned: the site's page of the user's times (aocd/stars.py: read
  at most once per user and year in 15 minutes, kept for good once it shows every
  star), the day's unlock plus the time the page gives. With no token, or the site
  unreachable, the copy kept last, however old.
- Attempts and first tries: the replies recorded for each answer sent, in aocd's
  submission log and the framework's journal (an answer sent through aocd alone is in
  the first, one whose log could not be written in the second), a wrong value counted
  once. An accepted answer there, or cached by aocd, is a star in even without the
  site's page, and the log's time of it says when.
- Runtimes: the day's last run on the user's input (runtimes.py), else the latest
  figures the benchmark history saved for it (a best of runs).

Nothing here prints or exits: whatever cannot be read is said in `YearStats.unknown`.
"""

from __future__ import annotations

from contextlib import suppress
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path

from aoc2023.framework import calendar, runtimes, store
from aoc2023.framework.aocd import attempts, paths, session, stars
from aoc2023.framework.aocd.submissions import Verdict, read_log, read_verdict
from aoc2023.framework.errors import AocError
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.stats import DayStats, StarStats, YearStats

PARTS = (1, 2)
"""Every day has two stars: the last day's second is the final star, given when every
other star is in (the site's page shows it as that day's part 2)."""


@dataclass(frozen=True)
class Who:
    """Whose records: the session token (None: none set) and aocd's id of its owner
    (None: not known, and `why` says why)."""

    token: str | None
    user_id: str | None
    why: str | None = None

    @property
    def user_dir(self) -> Path | None:
        return None if self.user_id is None else paths.data_dir() / self.user_id


def whose(token: str | None) -> Who:
    """The user whose records to read: the token's owner (aocd's memo, else one request,
    memoised by aocd); with no token, the one user aocd's memo knows, if only one."""
    if token is not None:
        known = paths.cached_user_id(token)
        if known is not None:
            return Who(token, known)
        from aoc2023.framework.aocd import account, client

        try:
            with client.asking("find whose the session token is"):
                return Who(token, account.resolved_owner(token))
        except AocError as error:
            return Who(token, None, f"{error} Whose records to show is not known.")
    from aoc2023.framework.files import read_string_map

    memo = read_string_map(paths.token_memo_file(), "aocd's token memo",
                           "a map of tokens to user ids", "remove it, and aocd makes it again")
    owners = set((memo or {}).values())
    if len(owners) == 1:
        return Who(None, owners.pop())
    return Who(None, None, f"{session.no_token_sentence()}, and aocd's cache holds "
               f"{'no user' if not owners else 'several users'}: whose stars and answers to "
               f"show is not known ({aoc_command('token')} says how to set one).")


@dataclass
class _PartRecord:
    """What the records say of one part: the wrong values sent, whether a right one was,
    and when; answers sent whose reply never came."""

    wrong: set[str] = field(default_factory=set)
    right: bool = False
    right_at: datetime | None = None
    replied: bool = False
    unconfirmed: int = 0


def _when(text: str) -> datetime | None:
    """A log's time (ISO), tz-aware; a naive one is the computer's local time, as aocd
    writes it."""
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        return None
    return moment if moment.tzinfo is not None else moment.astimezone()


def _records(year: int, day: int, who: Who, journal: list[str] | None,
             unknown: list[str]) -> dict[int, _PartRecord]:
    """Each part's record from aocd's log and (unless `journal` is None: it could not
    be read) the framework's journal; what cannot be read goes into `unknown`."""
    found = {part: _PartRecord() for part in PARTS}
    if who.user_dir is None or who.user_id is None:
        return found
    replies: list[tuple[int, str, str, str]] = []
    cache = paths.PuzzleCache(year, day, who.user_dir)
    try:
        replies += [(p.part, p.value, p.message, p.when) for p in read_log(cache.submissions_path)]
    except AocError as error:
        unknown.append(f"{error} The attempts at {year} day {day} may be more than shown.")
    if journal is not None:
        try:
            sent = attempts.attempts(who.user_id, year, day)
        except AocError as error:
            journal.append(str(error))
            sent = []
        for attempt in sent:
            if attempt.message is not None:
                replies.append((attempt.part, attempt.value, attempt.message, attempt.when))
            elif attempt.part in found and not any(
                    part == attempt.part and value == attempt.value for part, value, *_ in replies):
                found[attempt.part].unconfirmed += 1
    for part, value, message, when in replies:
        record = found.get(part)
        if record is None:
            continue
        verdict = read_verdict(message)
        if verdict is Verdict.RIGHT:
            record.right, record.replied = True, True
            at = _when(when)
            if at is not None and (record.right_at is None or at < record.right_at):
                record.right_at = at
        elif verdict.is_wrong:
            record.wrong.add(value)
            record.replied = True
    for part, record in found.items():
        if record.right:
            continue
        with suppress(AocError):  # a damaged cached answer proves nothing
            record.right = cache.known_answer(part) is not None  # aocd saw it on the page
    return found


def _star(year: int, day: int, part: int, site_time: str | None,
          record: _PartRecord) -> StarStats:
    """One star from the site's time column (None: the page is not known) and the
    records."""
    unlock = calendar.unlock_time(year, day)
    on_site = site_time is not None and site_time != "-"
    earned = on_site or record.right
    since = stars.since_unlock(site_time) if on_site and site_time else None
    earned_at = None if since is None else unlock + since
    if earned_at is None and earned and record.right_at is not None \
            and record.right_at >= unlock:
        earned_at, since = record.right_at, record.right_at - unlock
    late = earned and since is None and site_time == ">24h"
    attempts_ = len(record.wrong) if record.replied else None
    first_try = None
    if earned and record.right and record.replied:
        first_try = not record.wrong
    elif earned and record.wrong:
        first_try = False
    return StarStats(part, earned_at, since, attempts_, first_try, earned=earned, late=late)


def _site_times(year: int, who: Who, now: datetime,
                unknown: list[str]) -> stars.TimesPage | None:
    """The site's page of times, as stars.py allows it to be read; what is not known
    goes into `unknown`."""
    if who.user_id is None:
        return None
    if who.token is None:
        kept = stars.kept_times(who.user_id, year)
        if kept is None:
            unknown.append(f"When the stars of {year} were earned is not known: no session "
                           "token is set, and no copy of the site's page of your times is "
                           "kept.")
        elif not kept.complete:
            unknown.append(f"The site's times of {year} are as read "
                           f"{calendar.clock_time(_moment(kept.fetched_at), now)}: no session "
                           "token is set to read them again, so newer stars may be missing.")
        return kept
    try:
        return stars.times_page(who.token, who.user_id, year, now.timestamp())
    except AocError as error:
        kept = stars.kept_times(who.user_id, year)
        if kept is None:
            unknown.append(f"{error} When the stars of {year} were earned is not known.")
        else:
            unknown.append(f"{error} The site's times of {year} are as read "
                           f"{calendar.clock_time(_moment(kept.fetched_at), now)}.")
        return kept


def _moment(timestamp: float) -> datetime:
    return datetime.fromtimestamp(timestamp, calendar.aoc_timezone())


def _days_named(days: list[int]) -> str:
    return ("day " if len(days) == 1 else "days ") + ", ".join(map(str, days))


def year_stats(year: int, who: Who, now: datetime,
               bench: BenchRuntimes | None = None) -> YearStats:
    """The year's stats, at `now` (tz-aware: the clock is the caller's). `bench`: the
    benchmark history's runtimes, for days `aoc run` has not timed (read once for all
    years: `saved_bench_runtimes`)."""
    bench = bench or BenchRuntimes()
    unknown: list[str] = []
    if who.why is not None:
        unknown.append(who.why)
    page = _site_times(year, who, now, unknown)
    journal: list[str] | None = []
    run_times = runtimes.last_runtimes(year)
    days, no_attempts, no_runtime = [], [], []
    for day in range(1, calendar.days_in_year(year) + 1):
        records = _records(year, day, who, journal, unknown)
        if journal:  # the journal cannot be read: said once, and not read again
            unknown.append(f"{journal[0]} The attempts of {year} may be more than shown.")
            journal = None
        day_times = None if page is None else page.times.get(day, ("-", "-"))
        day_stars = tuple(_star(year, day, part, None if day_times is None
                                else day_times[part - 1], records[part]) for part in PARTS)
        for part, record in records.items():
            if record.unconfirmed:
                unknown.append(f"The site's reply to an answer sent for {year} day {day} "
                               f"part {part} never came: its attempts may be one more.")
        if any(star.earned and star.attempts is None for star in day_stars):
            no_attempts.append(day)
        runtime = run_times.get(day)
        if runtime is None:
            runtime = bench.by_day.get((year, day))
        if runtime is None and any(star.earned for star in day_stars):
            no_runtime.append(day)
        title = paths.cached_title(year, day, who.user_dir)
        days.append(DayStats(year, day, title, day_stars, runtime))
    if no_attempts:
        unknown.append(f"The attempts before the stars of {year} {_days_named(no_attempts)} "
                       "are not known: they were earned outside aoc (in the browser), or "
                       "before it kept records.")
    if bench.unreadable and any(day.runtime_seconds is None for day in days):
        unknown.append(bench.unreadable)
    if no_runtime:
        unknown.append(f"No runtime is known for {year} {_days_named(no_runtime)}: "
                       f"{aoc_command('run', str(year))} keeps each day's last runtime on "
                       "your input.")
    return YearStats(year, tuple(days), tuple(unknown))


@dataclass(frozen=True)
class BenchRuntimes:
    """The benchmark history's latest runtime per (year, day); `unreadable`, the sentence
    saying why there are none, when the history cannot be read."""

    by_day: dict[tuple[int, int], float] = field(default_factory=dict)
    unreadable: str | None = None


def saved_bench_runtimes(root: Path | None) -> BenchRuntimes:
    """The latest best-of-runs time (parse plus parts) the project's benchmark history
    saved for each day on the user's own input, main implementation."""
    if root is None:
        return BenchRuntimes()
    from aoc2023.framework.bench.history import load, saved_entries

    try:
        raw = load(store.history_file(root))
    except AocError as error:
        return BenchRuntimes(unreadable=f"{error} Its runtimes are not used.")
    found: dict[tuple[int, int], float] = {}
    for entry in saved_entries(raw)[0]:  # oldest first: a later save replaces a day's
        steps: dict[tuple[int, int], dict[str, float]] = {}
        for figure in entry.figures:
            year, day, source, label, variant, step = figure.key
            if source == "input" and not label and not variant:
                steps.setdefault((year, day), {})[step] = figure.stats.minimum
        found.update({key: total for key, by_step in steps.items()
                      if (total := sum(by_step.values())) <= runtimes.LONGEST})
    return BenchRuntimes(found)
