"""Every request to adventofcode.com, made through aocd: the only module that asks aocd to.

One `Puzzle` built in one place; each request with a time limit, the floor between
requests, our User-Agent (the user's contact, as the site asks of tools); aocd's and
urllib3's failures as our errors, one sentence each. Also `aoc token` (whose the token
is, asked of the site) and aocd's runner run through the same door. aocd is imported
inside the functions: a run that needs no request never pays for importing it."""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from contextlib import AbstractContextManager, ExitStack, contextmanager, suppress
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from aoc2023.framework import calendar, output, store
from aoc2023.framework.aocd import local, paths, private
from aoc2023.framework.errors import (
    AocError,
    NoInputError,
    NotAnInput,
    SentButNoReply,
    SiteError,
    StillLocked,
    WriteFailed,
    quoted,
    why_unwritable,
)
from aoc2023.framework.files import put_back
from aoc2023.framework.results import ExitCode, TokenReport

if TYPE_CHECKING:
    from aocd.models import Puzzle

CONNECT_TIMEOUT = 10.0
READ_TIMEOUT = 30.0
"""Seconds to wait for the site to accept a connection, and then for each reply."""

DEFAULT_FLOOR = 1.0
"""Seconds kept between two requests from any `aoc` process on this machine (aocd's own
throttle counts within one process only); `AOC_REQUEST_FLOOR` changes it."""

_REFUSED_STATUSES = {"400", "401", "403"}


@dataclass(frozen=True)
class PageExample:
    """One example as aocd's example parser read it from the puzzle page."""

    input: str
    part_1: str | None = None
    part_2: str | None = None
    extra: dict[str, object] = field(default_factory=dict)
    drawn: dict[int, str] = field(default_factory=dict)
    """Parts whose answer is drawn on the page and could not be had as letters, with
    what the parser gave in its place (a placeholder such as '□', or the drawing): such
    a part's answer above is None, for no placeholder must become an expected answer."""


def dead_token_sentence(detail: str = "", token: str | None = None) -> str:
    """What to do about a token the site refuses: the one sentence for it, naming where
    `token` is kept (an `--accounts` account's is in aocd's token list)."""
    why = f"{detail}; it is dead or expired" if detail else "it is dead or expired"
    return (f"adventofcode.com refused the session token ({why}): put a fresh one in "
            f"{local.token_home(token)}.")


CONTACT_VARIABLE = "AOC_USER_AGENT"
"""The variable elf and other tools read the user's contact from; it wins over the
project's `[tool.aoc] contact`."""

_DISTRIBUTION = "aoc2023"
_AOCD_DISTRIBUTION = "advent-of-code-data"


def contact() -> str | None:
    """Who is behind the requests (an email, a repository address, both): the value of
    `$AOC_USER_AGENT`, else `[tool.aoc] contact`; None when neither is set. UsageError,
    one sentence, when it cannot go into a header (a line break, say)."""
    from aoc2023.framework.project import checked_contact, load_settings

    if (value := os.environ.get(CONTACT_VARIABLE, "").strip()):
        return checked_contact(value, f"${CONTACT_VARIABLE}")
    return load_settings().contact


def user_agent(who: str | None = None) -> str:
    """The User-Agent of every request: the framework and its version, the user's
    contact (`who`, else `contact()`) as a comment, and aocd, which makes the request:
    `aoc2023/0.1.0 (contact: you@example.com) advent-of-code-data/2.2.0`. Without a
    contact, the two products alone. A contact's parentheses that do not pair up are
    escaped, so that the comment ends where it should (RFC 9110, section 5.6.5)."""
    who = who if who is not None else contact()
    comment = ""
    if who:
        if not _paired(who):
            who = who.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
        comment = f" (contact: {who})"
    return (f"{_DISTRIBUTION}/{_version_of(_DISTRIBUTION)}{comment} "
            f"{_AOCD_DISTRIBUTION}/{_version_of(_AOCD_DISTRIBUTION)}")


@cache
def _version_of(name: str) -> str:
    """The installed version of the distribution `name` (read once: a search of the
    path's distributions)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(name)
    except PackageNotFoundError:
        return "unknown"


def _paired(text: str) -> bool:
    """Whether every parenthesis in `text` is closed, in order, and nothing is escaped:
    then it nests inside a comment as it is."""
    depth = 0
    for char in text:
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth < 0 or char == "\\":
            return False
    return depth == 0


_sent_anonymously = False
"""Whether this process sent a request with no contact in its User-Agent (for
`contact_reminder`)."""

REMIND_EVERY = 24 * 3600.0
"""Seconds between two reminders to set a contact."""


def contact_reminder(now: Callable[[], float] = time.time) -> str | None:
    """The one line saying how to set a contact, when this process sent a request
    without one and no `aoc` said it in the last day; None otherwise, and when this
    screen gave the advice already (`aoc token`'s view: output.py), which counts as the
    day's. The time it was last said is kept in aocd's config folder; a folder that
    cannot be written means the line comes again next time, which is better than never."""
    global _sent_anonymously
    if not _sent_anonymously:
        return None
    _sent_anonymously = False
    mark = store.contact_reminder_file()
    last = store.read_time(mark) or 0.0
    if 0 <= now() - last < REMIND_EVERY:
        return None
    with suppress(OSError):
        store.write_time(mark, now())
    if not output.first_time(output.CONTACT):
        return None
    return (f"Note: adventofcode.com asks tools to say who is behind their requests, and "
            f"aoc sent yours with no contact: export {CONTACT_VARIABLE}=\"you@example.com\" "
            "(an email or your repository's address), or set contact = \"...\" under "
            "[tool.aoc] in pyproject.toml (said once a day).")


def _set_for_block(mapping: MutableMapping[str, Any],
                   settings: dict[str, object]) -> Iterator[None]:
    """`settings` in `mapping` for the block, and what was there before put back after,
    so that other users of aocd in this process keep aocd's own behaviour."""
    missing = object()
    before = {name: mapping.get(name, missing) for name in settings}
    mapping.update(settings)
    try:
        yield
    finally:
        for name, value in before.items():
            if value is missing:
                mapping.pop(name, None)
            else:
                mapping[name] = value


@contextmanager
def _pool_defaults(**settings: object) -> Iterator[None]:
    """`settings` as defaults of every request aocd makes inside the block.

    aocd's client takes no timeout and no redirect rule, and `Puzzle`'s properties make
    their requests inside aocd, so the only place these can go is the defaults of aocd's
    connection pool manager, for the block.
    """
    yield from _set_for_block(private.pool_manager().connection_pool_kw, settings)


@contextmanager
def identified() -> Iterator[None]:
    """Every request aocd makes inside the block carries our User-Agent (`user_agent`).

    aocd has no setting for it: its client sends the headers of its pool manager, where
    aocd put its fixed `USER_AGENT` on import, so ours goes there for the block
    (private.py).
    """
    global _sent_anonymously
    who = contact()
    _sent_anonymously = _sent_anonymously or who is None
    # urllib3 types it as a Mapping; it is the dict the pool manager was made with
    headers = cast("MutableMapping[str, Any]", private.pool_manager().headers)
    yield from _set_for_block(headers, {"User-Agent": user_agent(who)})


def _time_limit() -> AbstractContextManager[None]:
    """A time limit on every request aocd makes inside the block."""
    import urllib3

    return _pool_defaults(timeout=urllib3.Timeout(connect=CONNECT_TIMEOUT, read=READ_TIMEOUT))


def _no_redirects() -> AbstractContextManager[None]:
    """Redirects are not followed inside the block, but returned as the reply: urllib3
    would send an answer's POST again to wherever a 302 points, even another host."""
    import urllib3

    return _pool_defaults(retries=urllib3.Retry(3, redirect=0, raise_on_redirect=False))


def _keep_distance(
    now: Callable[[], float] = time.time, sleep: Callable[[float], None] = time.sleep
) -> None:
    """Wait, if need be, until `AOC_REQUEST_FLOOR` seconds have passed since the last
    request any `aoc` process made, then mark this one: a loop of `aoc` runs cannot
    hammer adventofcode.com. The mark is a file beside aocd's cache, under a lock, and
    `now` is the wall clock (seconds since the epoch), the one clock processes share."""
    try:
        floor = float(os.environ.get("AOC_REQUEST_FLOOR", DEFAULT_FLOOR))
    except ValueError:
        floor = DEFAULT_FLOOR
    if floor <= 0:
        return
    mark = store.last_request_file()
    with store.locked(mark):
        wait = (store.read_time(mark) or 0.0) + floor - now()
        if wait > 0:
            sleep(min(wait, floor))
        store.write_time(mark, now())


@contextmanager
def _floor_every_request() -> Iterator[None]:
    """Keep the floor (`_keep_distance`) before each request aocd makes inside the block,
    not once per block: a block may make several (the token's owner, then the input; an
    old page, then its fresh copy). It goes in through aocd's own rate limiter, which
    aocd's client calls before every request; looked up when called, so that a test can
    hand `_keep_distance` its clock."""
    if private.floored_limiter(lambda: _keep_distance()) is None:  # an outer block floors
        yield
        return
    try:
        yield
    finally:
        private.unfloor()


@contextmanager
def _asking(
    doing: str, year: int | None, day: int | None, error_class: type[AocError] = NoInputError,
    token: str | None = None,
) -> Iterator[None]:
    """Run a request with a time limit; its failures become `error_class`, one sentence
    each. `doing` completes "Could not reach adventofcode.com to ...": `fetch 2023 day 7`.
    `year` and `day` name the puzzle asked for, if any (for the sentence of a locked one);
    `token`, the token used, if known (for the sentence of a dead one)."""
    import aocd.exceptions
    import urllib3.exceptions

    started = time.time_ns()
    try:
        with identified(), _floor_every_request(), _time_limit():
            yield
        local.protect_token_files()
    except aocd.exceptions.PuzzleLockedError as error:
        if year is None or day is None:
            raise error_class(f"Could not {doing}: adventofcode.com says it is locked.") \
                from error
        locked = StillLocked if error_class is NoInputError else error_class
        raise locked(calendar.locked_message(year, day)) from error
    except aocd.exceptions.DeadTokenError as error:
        local.forget_token_verdict()
        raise error_class(dead_token_sentence(token=token)) from error
    except (urllib3.exceptions.HTTPError, ConnectionError, TimeoutError) as error:
        raise error_class(
            f"Could not reach adventofcode.com to {doing} (no network?): {type(error).__name__}."
        ) from error
    except aocd.exceptions.AocdError as error:
        status = re.match(r"HTTP (\d+)", str(error))
        if status and status[1] in _REFUSED_STATUSES:
            local.forget_token_verdict()
            raise error_class(dead_token_sentence(f"HTTP {status[1]}", token)) from error
        raise error_class(f"Could not {doing} on adventofcode.com: {error}.") from error
    except OSError as error:  # aocd's own write of its cache (ours are WriteFailed)
        if isinstance(error, WriteFailed):
            raise
        raise _cache_not_written(error, started, year, day) from error


def _cache_not_written(error: OSError, started: int, year: int | None,
                       day: int | None) -> OSError:
    """A write of aocd's that failed (a full disk, a read-only folder): what it left cut
    short removed (`paths.undo_cut_writes`), and the error, named as a file we write
    is (`WriteFailed`) when aocd's did not name it (its folder's sentence then:
    `errors.unwritable_sentence`)."""
    left = paths.undo_cut_writes(started, year, day)
    if error.filename and Path(error.filename).name.startswith("tmp") and year and day:
        # aocd's temporary file for an input, of a random name: the input named instead
        named = Path(error.filename).parent / f"{year}_{day:02d}_input.txt"
        return OSError(error.errno, error.strerror, str(named))
    if error.filename or not left:
        return error
    why = why_unwritable(error)
    return WriteFailed(
        f"Could not write aocd's cache {left[0]} ({why}): nothing half-written was kept; "
        "make room, and the next run fetches it again.", error, why, left[0])


def site_url(path: str) -> str:
    """An address on adventofcode.com, on the same site aocd's puzzle address names
    (`aocd.models.URL`, which the tests point at the stand-in site)."""
    import aocd.models

    return aocd.models.URL.split("/{year}", 1)[0] + path


def asking(doing: str, error_class: type[AocError] = SiteError) -> AbstractContextManager[None]:
    """`_asking` for a request about no puzzle in particular (the token, a leaderboard)."""
    return _asking(doing, None, None, error_class)


def asking_about(doing: str, year: int, day: int) -> AbstractContextManager[None]:
    """`_asking` for a request about one puzzle, for the aocd boundary's other modules."""
    return _asking(doing, year, day, SiteError)


def puzzle(token: str, year: int, day: int) -> Puzzle:
    """aocd's `Puzzle` for the user whose token this is (see `_puzzle`)."""
    return _puzzle(token, year, day)


def _puzzle(token: str, year: int, day: int) -> Puzzle:
    """The one place an aocd `Puzzle` is built: for the user whose token this is."""
    import aocd.models

    if any(char.isspace() or not char.isprintable() for char in token):
        raise NoInputError(
            "The session token has a space, a line break or another unprintable character "
            "inside it: paste the cookie's value again into $AOC_SESSION or "
            f"{local.token_file()}."
        )

    user = aocd.models.User(token)
    # aocd resolves the owner and memoises it in token2id.json; when that file cannot be
    # written (a read-only folder, a full disk), the owner stays in aocd's memo in memory:
    # carry on.
    with suppress(OSError):
        owner(user)
    # A page aocd cached at 0 bytes (a full disk) is no page: aocd would read it as the
    # page (no title, no example); removed here, it is fetched again. (aocd never caches
    # a page the site sends empty: it keeps only pages that name Advent of Code.)
    paths.drop_empty(paths.page_files(year, day), "aocd's cached puzzle page")
    return aocd.models.Puzzle(year, day, user=user)


def owner(user: Any) -> str:
    """aocd's `user.id`: the token's owner, which aocd memoises in token2id.json. aocd
    rewrites that file in place, so a full disk cut it (and every later run found it
    not JSON): when the write fails, the memo is put back as it was, and the OSError
    raised."""
    memo = paths.token_memo_file()
    try:
        before: bytes | None = memo.read_bytes()
    except OSError:
        before = None
    try:
        return str(user.id)
    except OSError:
        put_back(memo, before)
        raise


def fetch_input(year: int, day: int, token: str) -> str:
    """The user's input for the puzzle, fetched and cached by aocd. A puzzle that is not
    unlocked yet by the clock is refused before any request. An input that is empty or
    only whitespace is no input (`paths.is_empty_text`): a cached one is removed and
    fetched again; a fetched one is not kept, and is a NoInputError.

    "Cached? else fetch and cache" is done under a lock per user and puzzle
    (`store.fetching`), so that runs needing the input at once fetch it once: the first
    fetches, the others wait their turn and find it cached."""
    calendar.ensure_unlocked(year, day)
    with ExitStack() as held:
        with _asking(f"fetch {year} day {day}", year, day, token=token):
            puzzle = _puzzle(token, year, day)
            held.enter_context(store.locked(store.fetching(paths.PuzzleCache(
                year, day, puzzle.input_data_path.parent))))
            paths.drop_empty([puzzle.input_data_path], "aocd's cached input")
            text = str(puzzle.input_data)
        _refuse_no_input(puzzle, text, year, day)
    return text


def _refuse_no_input(puzzle: Puzzle, text: str, year: int, day: int) -> None:
    """NoInputError when `text`, just fetched (or read from aocd's cache), is empty or a
    web page: removed from aocd's cache first, so that the next run fetches it again."""
    empty = paths.is_empty_text(text)
    if empty or paths.looks_like_html(text):  # aocd has cached it: it must not pass for one
        kept = ""
        try:
            puzzle.input_data_path.unlink(missing_ok=True)
        except OSError as error:
            kept = (f"; it could not be removed from {puzzle.input_data_path} "
                    f"({error.strerror or error}): delete that file")
        if empty:
            raise NotAnInput(
                f"adventofcode.com sent an empty input for {year} day {day} (overloaded?), "
                f"so it was not kept and nothing ran on it{kept}; the next run fetches it "
                "again.")
        raise NotAnInput(
            f"adventofcode.com sent a web page instead of the input of {year} day {day} "
            f"(down for maintenance?), so it was not kept{kept}; try again later.")


def read_page(year: int, day: int, token: str) -> tuple[str, tuple[PageExample, ...]]:
    """The puzzle's title and its examples, as aocd's example parser reads the page."""
    with _asking(f"read the page of {year} day {day}", year, day):
        puzzle = _puzzle(token, year, day)
        # `examples` first: it fetches the page once and caches it, and says nothing
        # when that fails; `title` then reads the cached page, or fails with the reason.
        found = puzzle.examples
        title = str(puzzle.title)
    return title, page_examples(found, year, day)


def page_examples(found: Iterable[Any], year: int, day: int) -> tuple[PageExample, ...]:
    """aocd's `Example`s as our plain data, each answer as a day can declare it: a drawn
    answer as its letters when they read, else left out (`PageExample.drawn`)."""
    placeholders = _placeholders(year, day)
    examples = []
    for example in found:
        answers: dict[int, str | None] = {}
        drawn: dict[int, str] = {}
        for part, given in ((1, example.answer_a), (2, example.answer_b)):
            answers[part] = _declarable(given, placeholders)
            if given is not None and answers[part] is None:
                drawn[part] = given
        examples.append(PageExample(example.input_data, answers[1], answers[2],
                                    dict(example.extra or {}), drawn))
    return tuple(examples)


def _declarable(given: str | None, placeholders: frozenset[str]) -> str | None:
    """An answer from aocd's example parser, or None when it stands for a drawn answer it
    cannot give: a placeholder (a symbol such as '□', or a word the parser's own table
    puts in for a drawing, such as 'CRT' for 2022 day 10), or a drawing whose letters do
    not read. A drawing that reads is its letters."""
    if given is None or given in placeholders:
        return None
    if "\n" in given:
        from aoc2023.framework import answers

        return answers.read_letters(given) if answers.is_drawing(given) else None
    return given if any(char.isalnum() for char in given) else None


def _placeholders(year: int, day: int) -> frozenset[str]:
    """The answers aocd's example parser writes in for the puzzle rather than reads from
    its page (its table, `examples.json`) that hold no digit: those stand for answers
    drawn in pixels, which no locator can take from the page ('0,3' is an answer)."""
    import ast
    import json
    from importlib import resources

    try:
        table = json.loads((resources.files("aocd_example_parser") / "examples.json")
                           .read_text(encoding="utf-8"))
        locators = table.get(f"{year}/{day:02d}", [])
        found = set()
        for locator in locators:
            for key in ("answer_a", "answer_b"):
                try:
                    value = ast.literal_eval(locator.get(key) or "None")
                except (ValueError, SyntaxError):
                    continue  # a locator into the page, not a value
                if isinstance(value, str) and not any(char.isdigit() for char in value):
                    found.add(value)
        return frozenset(found)
    except (ModuleNotFoundError, OSError, ValueError, AttributeError):
        return frozenset()  # another parser, or another layout of its table: symbols only


def refresh_known_answers(token: str, year: int, day: int) -> None:
    """Let aocd look at the puzzle page for parts already solved (by any means, the
    website included), caching their answers.

    The page is fetched once at most: aocd fetches it for each part whose answer it has
    not cached, and one reading caches every answer the page shows, so a second would
    only break the floor between requests (`_keep_distance`)."""
    with _asking(f"check {year} day {day}", year, day, SiteError):
        puzzle = _puzzle(token, year, day)
        for part in ("a", "b"):
            if not getattr(puzzle, f"answer_{part}_path").is_file():
                getattr(puzzle, f"answer_{part}", None)  # unsolved: AttributeError
                break


def post_answer(token: str, year: int, day: int, part: int, answer: str) -> str:
    """Send one answer; return the text of the site's reply (its <article>). Posted
    through aocd's HTTP client, not `Puzzle.answer_a = ...`: aocd's submit sleeps and
    retries by itself when the site says to wait, which would hide the wait from us.

    SentButNoReply when the answer may have reached the site but no verdict came back
    (no reply in time, the connection dropped, an HTTP error, a reply with no message):
    the site may have judged it. SiteError when it certainly was not judged (no
    connection, a token the site does not know).
    """
    import aocd.utils
    import bs4
    import urllib3.exceptions

    def no_verdict(why: str) -> SentButNoReply:
        return SentButNoReply(f"Sent {answer}, but {why}: it may have been judged, so it "
                              "counts as tried; look at the puzzle page to see whether it was "
                              "taken (the next run does too).", why)

    with _asking("send the answer", year, day, SiteError, token):
        url = _puzzle(token, year, day).submit_url
        try:
            with _no_redirects():
                response: Any = aocd.utils.http.post(
                    url, token=token, fields={"level": str(part), "answer": answer})
        except urllib3.exceptions.ReadTimeoutError as error:
            raise no_verdict(f"adventofcode.com did not reply within {READ_TIMEOUT:g} s") \
                from error
        except urllib3.exceptions.ProtocolError as error:  # after connecting: it went out
            raise no_verdict("the connection dropped before the reply") from error
    if 300 <= response.status < 400:
        where = quoted(str(response.headers.get("Location", "nowhere")))
        raise no_verdict(f"adventofcode.com answered with a redirect (HTTP {response.status} "
                         f"to {where}), not a verdict, and it was not followed")
    if response.status != 200:
        raise no_verdict(f"adventofcode.com answered HTTP {response.status}, not a verdict")
    page = bs4.BeautifulSoup(response.data, "html.parser")
    if page(string="[Log In]"):
        raise SiteError(dead_token_sentence(token=token))
    if page.article is None:
        raise no_verdict("adventofcode.com's reply had no message in it")
    return reply_text(page.article)


def reply_text(article: Any) -> str:
    """The reply's <article> (a bs4 Tag) as one line of plain text: its paragraphs joined
    by a space, each run of whitespace one space, and without the share links the site
    puts in the reply to a day's second star ("[Share on Bluesky Twitter Mastodon]"
    becomes "[Share]", as a browser shows it before the pointer is on it)."""
    for links in article.select(".share-content"):
        links.decompose()
    paragraphs = article.find_all("p") or [article]
    return " ".join(text for paragraph in paragraphs
                    if (text := " ".join(str(paragraph.get_text()).split())))


# --- aoc token: whose the token is, and whether the site takes it ---------------------
# The owner is aocd's `User.id` for the token (memoised in its `token2id.json`): asking it
# is a request to the site's settings page, which also proves the token alive; none when
# the site took the token less than VERDICT_KEPT ago (`local.token_accepted_at`).


def no_token_error() -> NoInputError:
    return NoInputError(f"{local.no_token_sentence()}: log in to adventofcode.com, copy the "
                        "cookie named session, and put it in one of those places.")


def _refused_fix(place: str) -> str:
    return (f"adventofcode.com refused the token (it is expired, or was logged out): log in "
            f"again, copy the cookie named session, and replace the token in {place}.")


def check_token(*, recheck: bool = False) -> TokenReport:
    """The report on the token `aoc` uses. NoInputError when there is none at all."""
    source = local.token_source()
    if source is None:
        raise no_token_error()
    token = source.token
    who = contact()
    report = TokenReport(place=source.place, last4=token[-4:], cleaned=source.cleaned,
                         user_agent=user_agent(who), contact=who)
    if any(char.isspace() or not char.isprintable() for char in token):
        return replace(report, fix=(
            "The token has a space, a line break or another unprintable character inside "
            f"it: paste the cookie's value again into {source.place}."))
    known_id = paths.cached_user_id(token)
    accepted_at = None if recheck else local.token_accepted_at(token)
    if known_id is not None and accepted_at is not None:
        return replace(report, user_id=known_id, user_id_cached=True, accepted=True,
                     checked_at=accepted_at)
    try:
        owner = ask_owner(token, resolve=known_id is None)
    except SiteError as error:
        return replace(report, user_id=known_id, user_id_cached=known_id is not None,
                     requests=1, problem=str(error))
    if owner is None:
        local.forget_token_verdict()
        return replace(report, user_id=known_id, user_id_cached=known_id is not None,
                     accepted=False, checked_at=time.time(), requests=1,
                     fix=_refused_fix(source.place))
    now = time.time()
    with suppress(OSError):  # a folder that cannot be written: asked again next time
        local.remember_token_accepted(token, now)
    return replace(report, user_id=known_id or owner, user_id_cached=known_id is not None,
                 user_id_kept=paths.cached_user_id(token) is not None,
                 accepted=True, checked_at=now, requests=1)


def ask_owner(token: str, *, resolve: bool = False) -> str | None:
    """The token's owner as the site's settings page says (one request), or None when
    the site refuses the token. `resolve`: through aocd's `User.id`, which memoises it."""
    import aocd.exceptions
    import aocd.utils

    with asking("check the session token", SiteError):
        try:
            if resolve:
                return resolved_owner(token)
            return str(aocd.utils.get_owner(token))
        except aocd.exceptions.DeadTokenError:
            return None


def resolved_owner(token: str) -> str:
    """aocd's `User.id`, which memoises the owner in `token2id.json` (`owner`). When that
    file cannot be written (a read-only folder, a full disk), the owner found is still
    this process's: aocd put it in its memo in memory before it tried to write."""
    import aocd.models

    try:
        return owner(aocd.models.User(token))
    except OSError:
        found = (private.token_owners_in_memory() or {}).get(token)
        if found is None:
            raise
        return str(found)


# --- aocd's runner, handed aoc's command line (aoc -y 2023 -d 7) ------------------------


def run_aocd_runner(args: list[str]) -> int:
    """aocd's own runner on `args` (`-y 2023 -d 7 -s`); its exit code. A damaged token
    list (which aocd's runner would fail on with a traceback) is one sentence first. Its
    requests go through the one door every request of `aoc` does (`asking`): our
    User-Agent, the floor between requests, a time limit, and a failure (a dead token, a
    locked puzzle, no network), which aocd's runner would raise, is one sentence."""
    import aocd.runner

    try:
        local.check_tokens_file()
        contact()  # a contact that cannot be sent is said here, not in the middle of a run
    except AocError as error:
        print(f"Error: {error}", file=sys.stderr)
        return int(error.exit_code)

    load_users = private.runner_users_loader()
    if local.find_token() is None and not local.tokens_file().is_file():
        # aocd's runner reads its users before its options, and fails with a traceback
        if not {"-h", "--help"} & set(args):
            print(f"Error: {local.no_token_sentence()}: aocd's runner needs your session token.",
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
