"""Every request to adventofcode.com, made through aocd (imported only when asked), with a
time limit, the floor between requests and our User-Agent, its failures our errors, one
sentence each; `aoc token` and aocd's runner go through the same door."""

from __future__ import annotations

import os
import re
import sys
import time
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from contextlib import ExitStack, contextmanager, suppress
from dataclasses import dataclass, field, replace
from itertools import accumulate
from pathlib import Path
from typing import TYPE_CHECKING, Any

from aoc2023.framework import answers, calendar, output, store
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
from aoc2023.framework.project import checked_contact, load_settings
from aoc2023.framework.results import TokenReport

if TYPE_CHECKING:
    from aocd.models import Puzzle

CONNECT_TIMEOUT = 10.0
READ_TIMEOUT = 30.0
"""Seconds to wait for the site to accept a connection, and then for each reply."""

DEFAULT_FLOOR = 1.0
"""Seconds between two requests from any `aoc` process here; `AOC_REQUEST_FLOOR` changes it."""


@dataclass(frozen=True)
class PageExample:
    """One example as aocd's example parser read it from the puzzle page."""

    input: str
    part_1: str | None = None
    part_2: str | None = None
    extra: dict[str, object] = field(default_factory=dict)
    drawn: dict[int, str] = field(default_factory=dict)
    """Parts whose drawing did not read as letters, as the parser gave it (answer None)."""


def dead_token_sentence(detail: str = "", token: str | None = None) -> str:
    """The sentence for a token the site refuses, naming where `token` is kept."""
    why = f"{detail}; it is dead or expired" if detail else "it is dead or expired"
    return (
        f"adventofcode.com refused the session token ({why}): put a fresh one in "
        f"{local.token_home(token)}."
    )


CONTACT_VARIABLE = "AOC_USER_AGENT"
"""The user's contact, as elf and other tools read it; wins over `[tool.aoc] contact`."""


def contact() -> str | None:
    """`$AOC_USER_AGENT`, else `[tool.aoc] contact`, else None; UsageError if unsendable."""
    if value := os.environ.get(CONTACT_VARIABLE, "").strip():
        return checked_contact(value, f"${CONTACT_VARIABLE}")
    return load_settings().contact


def user_agent(who: str | None = None) -> str:
    """Our User-Agent, with the contact (`who`, else `contact()`) when set, escaped."""
    who = who if who is not None else contact()
    if who:  # escaped unless it nests in a header comment as it is (RFC 9110)
        depths = list(accumulate({"(": 1, ")": -1}.get(char, 0) for char in who))
        if "\\" in who or min(depths) < 0 or depths[-1] != 0:
            who = who.replace("\\", "\\\\").replace("(", "\\(").replace(")", "\\)")
    comment = f" (contact: {who})" if who else ""
    return f"aoc2023/{private.version('aoc2023')}{comment} advent-of-code-data/{private.version()}"


_sent_anonymously = False
"""Whether this process sent a request with no contact (for `contact_reminder`)."""

REMIND_EVERY = 24 * 3600.0


def contact_reminder(now: Callable[[], float] = time.time) -> str | None:
    """How to set a contact, once a day, when this process sent a request without one."""
    global _sent_anonymously
    if not _sent_anonymously:
        return None
    _sent_anonymously = False
    mark = store.contact_reminder_file()
    if 0 <= now() - (store.read_time(mark) or 0.0) < REMIND_EVERY:
        return None
    with suppress(OSError):
        store.write_time(mark, now())
    if not output.first_time(output.CONTACT):
        return None
    return (
        f"Note: adventofcode.com asks tools to say who is behind their requests, and "
        f'aoc sent yours with no contact: export {CONTACT_VARIABLE}="you@example.com" '
        '(an email or your repository\'s address), or set contact = "..." under '
        "[tool.aoc] in pyproject.toml (said once a day)."
    )


@contextmanager
def _set_for_block(
    mapping: MutableMapping[str, Any], settings: dict[str, object]
) -> Iterator[None]:
    """`settings` in `mapping` for the block, then put back, for aocd's other users here."""
    before = {name: mapping[name] for name in settings if name in mapping}
    mapping.update(settings)
    try:
        yield
    finally:
        for name in settings:
            mapping.pop(name, None)
        mapping.update(before)


def _keep_distance(
    now: Callable[[], float] = time.time, sleep: Callable[[float], None] = time.sleep
) -> None:
    """Wait `AOC_REQUEST_FLOOR` seconds since any `aoc` process's last request, then mark."""
    floor = DEFAULT_FLOOR
    with suppress(ValueError):
        floor = float(os.environ.get("AOC_REQUEST_FLOOR", DEFAULT_FLOOR))
    if floor <= 0:
        return
    mark = store.last_request_file()
    with store.locked(mark, said=False):  # the pace of requests: a wait of a second, routine
        if (wait := (store.read_time(mark) or 0.0) + floor - now()) > 0:
            sleep(min(wait, floor))
        store.write_time(mark, now())


@contextmanager
def asking(
    doing: str,
    year: int | None = None,
    day: int | None = None,
    error_class: type[AocError] = SiteError,
    token: str | None = None,
) -> Iterator[None]:
    """The door of every request: failures become `error_class`, one sentence each.
    `doing` completes "Could not reach adventofcode.com to ..."; `year`, `day` and
    `token`, when known, name the locked puzzle or the dead token."""
    import aocd.exceptions
    import urllib3.exceptions

    started = time.time_ns()

    def before_each_request() -> None:  # noted only when one goes: a block may end first
        global _sent_anonymously
        _sent_anonymously = _sent_anonymously or who is None
        _keep_distance()  # looked up here: tests patch it

    try:
        who = contact()
        pool = private.get("http.pool_manager")  # aocd takes no User-Agent and no timeout
        agent = _set_for_block(pool.headers, {"User-Agent": user_agent(who)})
        timeout = urllib3.Timeout(connect=CONNECT_TIMEOUT, read=READ_TIMEOUT)
        floor = private.floored(before_each_request)
        with agent, floor, _set_for_block(pool.connection_pool_kw, {"timeout": timeout}):
            yield
    except aocd.exceptions.PuzzleLockedError as error:
        if year is None or day is None:
            raise error_class(f"Could not {doing}: adventofcode.com says it is locked.") from error
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
        if status and status[1] in {"400", "401", "403"}:  # the token refused
            local.forget_token_verdict()
            raise error_class(dead_token_sentence(f"HTTP {status[1]}", token)) from error
        raise error_class(f"Could not {doing} on adventofcode.com: {error}.") from error
    except OSError as error:  # aocd's own write of its cache (ours are WriteFailed)
        if isinstance(error, WriteFailed):
            raise
        left = paths.undo_cut_writes(started, year, day)  # what aocd's failed write cut short
        if error.filename and Path(error.filename).name.startswith("tmp") and year and day:
            named = Path(error.filename).parent / f"{year}_{day:02d}_input.txt"
            raise OSError(error.errno, error.strerror, str(named)) from error
        if error.filename or not left:
            raise
        raise WriteFailed(
            f"Could not write aocd's cache {left[0]} ({why_unwritable(error)}): nothing "
            "half-written was kept; make room, and the next run fetches it again.",
            error,
            left[0],
        ) from error
    finally:  # aocd may have written a token to its memo, however the block ended
        local.protect_token_files()


def site_url(path: str) -> str:
    """`path` on the site of `aocd.models.URL` (which the tests point at a stand-in)."""
    import aocd.models

    return aocd.models.URL.split("/{year}", 1)[0] + path


def _holdable(token: str) -> bool:
    """Whether a cookie can carry `token`: printable ASCII, no space (a cookie's is hex)."""
    return token.isascii() and token.isprintable() and " " not in token


def check_holdable(token: str) -> None:
    """NoInputError, naming where it is kept, for a token no cookie can carry."""
    if not _holdable(token):
        raise NoInputError(
            "The session token has a space, a line break or another character no cookie holds in "
            f"it: paste the cookie's value again into {local.token_home(token)}."
        )


def puzzle(token: str, year: int, day: int) -> Puzzle:
    """The one place an aocd `Puzzle` is built; NoInputError for a token with a space."""
    import aocd.models

    check_holdable(token)

    user = aocd.models.User(token)
    with suppress(OSError):  # token2id.json unwritable: the owner stays in aocd's memory
        owner(user)
    # a page cached at 0 bytes or cut short (a full disk: no `</main>`) is fetched again
    paths.drop_damaged(paths.page_files(year, day), "aocd's cached puzzle page", "</main>")
    return aocd.models.Puzzle(year, day, user=user)


def owner(user: Any) -> str:
    """aocd's `user.id`, memoised in token2id.json, which is put back if a write fails
    (then from aocd's memo in memory, if it has the token). aocd is handed the memo as
    aoc reads it: a damaged one is one sentence, and a byte-order mark is no text."""
    if private.token_owners_in_memory() is None:
        private.forget_token_owners(dict(paths.token_memo()))
    memo = paths.token_memo_file()
    before = None
    with suppress(OSError):
        before = memo.read_bytes()
    try:
        return str(user.id)
    except OSError:
        put_back(memo, before)
        if (found := (private.token_owners_in_memory() or {}).get(user.token)) is None:
            raise
        return str(found)


def fetch_input(year: int, day: int, token: str) -> str:
    """The user's input, fetched and cached by aocd under a lock per user and puzzle;
    a locked puzzle refused before any request, an empty one not kept (NotAnInput)."""
    calendar.ensure_unlocked(year, day)
    with ExitStack() as held:
        with asking(f"fetch {year} day {day}", year, day, NoInputError, token):
            found = puzzle(token, year, day)
            cache = paths.PuzzleCache(year, day, found.input_data_path.parent)
            held.enter_context(store.locked(store.fetching(cache)))
            paths.drop_damaged([found.input_data_path], "aocd's cached input")
            text = str(found.input_data)
        empty = not text.strip()
        if not empty and not paths.looks_like_html(text):
            return text
        kept = ""  # an empty input or a web page: removed from aocd's cache, NotAnInput
        try:
            found.input_data_path.unlink(missing_ok=True)
        except OSError as error:
            kept = (
                f"; it could not be removed from {found.input_data_path} "
                f"({error.strerror or error}): delete that file"
            )
        if empty:
            raise NotAnInput(
                f"adventofcode.com sent an empty input for {year} day {day} (overloaded?), "
                f"so it was not kept and nothing ran on it{kept}; the next run fetches it again."
            )
        raise NotAnInput(
            f"adventofcode.com sent a web page instead of the input of {year} day {day} "
            f"(down for maintenance?), so it was not kept{kept}; try again later."
        )


def page_examples(found: Iterable[Any], year: int, day: int) -> tuple[PageExample, ...]:
    """aocd's `Example`s as ours, a drawn answer as its letters, else left out."""
    placeholders = _placeholders(year, day)
    examples = []
    for example in found:
        given = {1: example.answer_a, 2: example.answer_b}
        answers = {part: _declarable(text, placeholders) for part, text in given.items()}
        drawn = {p: text for p, text in given.items() if text is not None and answers[p] is None}
        extra = dict(example.extra or {})
        examples.append(PageExample(example.input_data, answers[1], answers[2], extra, drawn))
    return tuple(examples)


def _declarable(given: str | None, placeholders: frozenset[str]) -> str | None:
    """The parser's answer, a drawing as its letters; None for a placeholder or no letters."""
    if given is None or given in placeholders:
        return None
    if "\n" in given:
        return answers.read_letters(given) if answers.is_drawing(given) else None
    return given if any(char.isalnum() for char in given) else None


def _placeholders(year: int, day: int) -> frozenset[str]:
    """The digitless answers in the parser's table for the puzzle: drawn answers."""
    import ast
    import json
    from importlib import resources

    try:
        text = (resources.files("aocd_example_parser") / "examples.json").read_text("utf-8")
        locators = json.loads(text).get(f"{year}/{day:02d}", [])
        given = [
            locator.get(key) or "None" for locator in locators for key in ("answer_a", "answer_b")
        ]
    except (ModuleNotFoundError, OSError, ValueError, AttributeError):
        return frozenset()  # another parser, or another layout of its table: symbols only
    values = []
    for literal in given:
        with suppress(ValueError, SyntaxError):  # a locator into the page, not a value
            values.append(ast.literal_eval(literal))
    return frozenset(v for v in values if isinstance(v, str) and not any(c.isdigit() for c in v))


def refresh_known_answers(token: str, year: int, day: int) -> None:
    """Let aocd cache the answers of parts already solved, from one fetch at most."""
    with asking(f"check {year} day {day}", year, day):
        found = puzzle(token, year, day)
        for part in ("a", "b"):
            if not getattr(found, f"answer_{part}_path").is_file():
                getattr(found, f"answer_{part}", None)  # unsolved: AttributeError
                break


def post_answer(token: str, year: int, day: int, part: int, answer: str) -> str:
    """Send one answer; the site's reply. Not aocd's submit, which hides a wait by
    sleeping. SentButNoReply when it may have been judged; SiteError when it was not."""
    import aocd.utils
    import bs4
    import urllib3.exceptions

    def no_verdict(why: str) -> SentButNoReply:
        return SentButNoReply(
            f"Sent {answer}, but {why}: it may have been judged, so it counts as tried; look at "
            "the puzzle page to see whether it was taken (the next run does too).",
            why,
        )

    with asking("send the answer", year, day, token=token):
        url = puzzle(token, year, day).submit_url
        try:  # a redirect is the reply: urllib3 would POST it again there, even another host
            pool = private.get("http.pool_manager").connection_pool_kw
            retries = urllib3.Retry(3, redirect=0, raise_on_redirect=False)
            with _set_for_block(pool, {"retries": retries}):
                response: Any = aocd.utils.http.post(
                    url, token=token, fields={"level": str(part), "answer": answer}
                )
        except urllib3.exceptions.ReadTimeoutError as error:
            raise no_verdict(f"adventofcode.com did not reply within {READ_TIMEOUT:g} s") from error
        except urllib3.exceptions.ProtocolError as error:  # after connecting: it went out
            raise no_verdict("the connection dropped before the reply") from error
    if 300 <= response.status < 400:
        where = quoted(str(response.headers.get("Location", "nowhere")))
        raise no_verdict(
            f"adventofcode.com answered with a redirect (HTTP {response.status} "
            f"to {where}), not a verdict, and it was not followed"
        )
    if response.status != 200:
        raise no_verdict(f"adventofcode.com answered HTTP {response.status}, not a verdict")
    page = bs4.BeautifulSoup(response.data, "html.parser")
    if page(string="[Log In]"):
        raise SiteError(dead_token_sentence(token=token))
    if page.article is None:
        raise no_verdict("adventofcode.com's reply had no message in it")
    for links in page.article.select(".share-content"):  # the reply as one line, "[Share]"
        links.decompose()
    paragraphs = page.article.find_all("p") or [page.article]
    return " ".join(
        text for paragraph in paragraphs if (text := " ".join(str(paragraph.get_text()).split()))
    )


def no_token_error() -> NoInputError:
    return NoInputError(
        f"{local.no_token_sentence()}: log in to adventofcode.com, copy the "
        "cookie named session, and put it in one of those places."
    )


def required_token() -> str:
    """The session token, or `no_token_error` when none is set: for a command that needs it."""
    if (token := local.find_token()) is None:
        raise no_token_error()
    return token


def check_token(*, recheck: bool = False) -> TokenReport:
    """The report on the token `aoc` uses; NoInputError when there is none."""
    if (source := local.token_source()) is None:
        raise no_token_error()
    token = source.token
    who = contact()
    report = TokenReport(
        source.place, token[-4:], source.cleaned, user_agent=user_agent(who), contact=who
    )
    if not _holdable(token):
        fix = "The token has a space, a line break or another character no cookie holds in it"
        return replace(report, fix=f"{fix}: paste the cookie's value again into {source.place}.")
    known_id = paths.cached_user_id(token)
    report = replace(report, user_id=known_id, user_id_cached=known_id is not None)
    accepted_at = None if recheck else local.token_accepted_at(token)
    if known_id is not None and accepted_at is not None:
        return replace(report, accepted=True, checked_at=accepted_at)
    report = replace(report, requests=1)
    try:
        owner = ask_owner(token, resolve=known_id is None)
    except SiteError as error:
        return replace(report, problem=str(error))
    if owner is None:
        local.forget_token_verdict()
        fix = (
            "adventofcode.com refused the token (it is expired, or was logged out): log in "
            f"again, copy the cookie named session, and replace the token in {source.place}."
        )
        return replace(report, accepted=False, checked_at=time.time(), fix=fix)
    now = time.time()
    with suppress(OSError):  # a folder that cannot be written: asked again next time
        local.remember_token_accepted(token, now)
    kept = paths.cached_user_id(token) is not None
    return replace(
        report, user_id=known_id or owner, accepted=True, checked_at=now, user_id_kept=kept
    )


def ask_owner(token: str, *, resolve: bool = False) -> str | None:
    """The token's owner (one request), or None when refused; `resolve`: memoised."""
    import aocd.exceptions
    import aocd.models
    import aocd.utils

    with asking("check the session token"), suppress(aocd.exceptions.DeadTokenError):
        return owner(aocd.models.User(token)) if resolve else str(aocd.utils.get_owner(token))
    return None


def user_id(token: str) -> str:
    """aocd's id for the token's owner: from its memo, else one request (memoised)."""
    import aocd.models

    if (known := paths.cached_user_id(token)) is not None:
        return known
    with asking("find whose the session token is"):
        return owner(aocd.models.User(token))


def run_aocd_runner(args: list[str]) -> int:
    """aocd's own runner on `args` (`-y 2023 -d 7 -s`); its exit code. Its requests go
    through `asking`, and what it would fail on with a traceback is one sentence."""
    import aocd.runner

    load_users, argv = private.get("_load_users"), sys.argv
    try:
        local.check_tokens_file()
        contact()  # a contact that cannot be sent is said here, not in the middle of a run
        if (token := local.find_token()) is not None:
            check_holdable(token)  # aocd's runner builds its own puzzles
        elif not local.tokens_file().is_file():
            if not {"-h", "--help"} & set(args):  # it reads its users before its options
                raise NoInputError(  # said below, as every other error of ours
                    f"{local.no_token_sentence()}: aocd's runner needs your session token."
                )
            private.put("_load_users", dict)  # its help needs none
        sys.argv = ["aoc", *args]
        with asking("run aocd's runner"):
            aocd.runner.main()
    except AocError as error:
        print(f"Error: {error}", file=sys.stderr)
        return int(error.exit_code)
    except SystemExit as exit_:
        return exit_.code if isinstance(exit_.code, int) else 1
    finally:  # as found, for a caller that goes on (main called from code)
        sys.argv = argv
        private.put("_load_users", load_users)
