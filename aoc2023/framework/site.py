"""Talking to adventofcode.com about answers, through aocd.

aocd's `Puzzle._submit` sleeps and retries by itself when the site says to wait,
which would hide the wait from us; so we post through aocd's own HTTP client
(`aocd.utils.http`, with its user agent and rate limit) and record every reply
in aocd's own submission log and answer files, in aocd's format, so that aocd's
guards see every answer we sent. aocd is imported only here, only when needed.
"""

from __future__ import annotations

import json
from datetime import datetime
from typing import Any

from aoc2023.framework import config
from aoc2023.framework.cache import PuzzleCache
from aoc2023.framework.errors import AocError
from aoc2023.framework.fetch import AOC_TIMEZONE
from aoc2023.framework.files import write_atomically
from aoc2023.framework.verdict import read_log_entries


class SiteError(AocError):
    """adventofcode.com could not be asked, or refused us (one sentence)."""


class SentButNoReply(SiteError):
    """The answer went out, but no reply came back: it may have been judged."""


POST_CONNECT_TIMEOUT = 10.0
POST_READ_TIMEOUT = 30.0


def _dead_token() -> SiteError:
    return SiteError(
        "adventofcode.com refused the session token (it is dead or expired): put a fresh "
        f"one in $AOC_SESSION or {config.token_file()}."
    )


def _network_errors() -> tuple[type[BaseException], ...]:
    import urllib3.exceptions

    return (urllib3.exceptions.HTTPError, OSError)


def _puzzle(token: str, year: int, day: int) -> Any:
    import aocd.models

    return aocd.models.Puzzle(year, day, user=aocd.models.User(token))


def post_answer(token: str, year: int, day: int, part: int, answer: str) -> str:
    """Send one answer; return the text of the site's reply (its <article>)."""
    import aocd.utils
    import bs4
    import urllib3

    try:
        puzzle = _puzzle(token, year, day)
        # aocd's client waits forever by default; a stalled answer would hold the lock.
        aocd.utils.http.pool_manager.connection_pool_kw["timeout"] = urllib3.Timeout(
            connect=POST_CONNECT_TIMEOUT, read=POST_READ_TIMEOUT
        )
        response = aocd.utils.http.post(
            puzzle.submit_url, token=token, fields={"level": str(part), "answer": answer}
        )
    except urllib3.exceptions.ReadTimeoutError as error:
        raise SentButNoReply(
            f"Sent {answer}, but adventofcode.com did not reply within {POST_READ_TIMEOUT:.0f} s: "
            "look at the puzzle page to see whether it was taken."
        ) from error
    except _network_errors() as error:
        raise SiteError(
            f"Could not reach adventofcode.com to send the answer (no network?): "
            f"{type(error).__name__}."
        ) from error
    if response.status != 200:
        raise SiteError(f"adventofcode.com answered HTTP {response.status} to the answer; "
                        "nothing was recorded, try again later.")
    page = bs4.BeautifulSoup(response.data, "html.parser")
    if page(string="[Log In]"):
        raise _dead_token()
    if page.article is None:
        raise SiteError("adventofcode.com's reply to the answer had no message in it.")
    return str(page.article.get_text()).strip()


def refresh_known_answers(token: str, year: int, day: int) -> None:
    """Let aocd look at the puzzle page for parts already solved (by any means, the
    website included), caching their answers."""
    import aocd.exceptions

    try:
        puzzle = _puzzle(token, year, day)
        for name in ("answer_a", "answer_b"):
            getattr(puzzle, name, None)
    except aocd.exceptions.DeadTokenError as error:
        raise _dead_token() from error
    except aocd.exceptions.AocdError as error:
        message = f"Could not check {year} day {day} on adventofcode.com: {error}."
        raise SiteError(message) from error
    except _network_errors() as error:
        raise SiteError(
            f"Could not reach adventofcode.com to check {year} day {day} (no network?): "
            f"{type(error).__name__}."
        ) from error


def record_reply(cache: PuzzleCache, part: int, answer: str, message: str, right: bool) -> None:
    """Append the reply to aocd's submission log; remember a right answer as aocd does."""
    log = read_log_entries(cache.submissions_path)
    when = datetime.now(tz=AOC_TIMEZONE).isoformat(sep=" ")
    log.append({"part": "ab"[part - 1], "value": answer, "when": when, "message": message})
    write_atomically(cache.submissions_path, json.dumps(log, indent=2))
    if right:
        write_atomically(cache.answer_path(part), answer)
