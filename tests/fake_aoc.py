"""A real HTTP server on loopback that answers as adventofcode.com does: puzzle inputs, puzzle
pages (with the parts solved, as the site shows them), answers judged, /settings and private
leaderboards (to their members' sessions, and to anyone with the board's view key). It
records every request (with its User-Agent), so tests see what aocd (and so `aoc`) asked
for. Tests point aocd at it with `point_aocd_at`.
"""

from __future__ import annotations

import json
import re
import threading
import time
from collections.abc import Callable, Sequence
from contextlib import suppress
from dataclasses import dataclass, field
from datetime import UTC, datetime
from html import escape
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, NamedTuple
from urllib.parse import parse_qsl

LOGGED_OUT_INPUT = "Puzzle inputs differ by user.  Please log in to get your puzzle input.\n"
LOCKED_INPUT = (
    "Please don't repeatedly request this endpoint before it unlocks! The calendar "
    "countdown is synchronized with the server time; the link will be enabled on the "
    "calendar the instant this puzzle becomes available.\n"
)

# Replies to an answer, as the site words them (inside the page's <article><p>).
RIGHT = (
    "That's the right answer!  You are one gold star closer to restoring snow operations."
    ' [<a href="/2023/day/7#part2">Continue to Part Two</a>]'
)
SECOND_STAR = (
    'That\'s the right answer!  You are <span class="day-success">one gold star</span> closer '
    "to restoring snow operations.</p><p>You have completed Day 7! You can <span "
    'class="share">[Share<span class="share-content">on\n  <a href="https://bsky.app/intent/'
    'compose?text=I+just+completed+%22Camel+Cards%22+%2D+Day+7+%2D+Advent+of+Code+2023" '
    'target="_blank">Bluesky</a>\n  <a href="https://twitter.com/intent/tweet?text=I+just+'
    "completed+%22Camel+Cards%22+%2D+Day+7+%2D+Advent+of+Code+2023&amp;url=https%3A%2F%2F"
    'adventofcode%2Ecom%2F2023%2Fday%2F7&amp;related=ericwastl&amp;hashtags=AdventOfCode" '
    'target="_blank">Twitter</a>\n  <a href="javascript:void(0);" onclick="var ms; '
    'ms=prompt(\'Mastodon Server?\',ms);" target="_blank">Mastodon</a\n></span>]</span> '
    'this victory or <a href="/2023">[Return to Your Advent Calendar]</a>.'
)
"""The reply to a day's second star, as the site sends it: two paragraphs (this closes the
first, inside the reply's <p>), the second with the share links and their line breaks."""
_WAIT = (
    "If you're stuck, make sure you're using the full input data; there are also some "
    'general tips on the <a href="/2023/about">about page</a>.  Please wait one minute '
    "before trying again."
)
WRONG = f"That's not the right answer.  {_WAIT}"
TOO_HIGH = f"That's not the right answer; your answer is too high.  {_WAIT}"
TOO_LOW = f"That's not the right answer; your answer is too low.  {_WAIT}"
_BACK = '[<a href="/2023/day/7">Return to Day 7</a>]'
WRONG_LEVEL = f"You don't seem to be solving the right level.  Did you already complete it? {_BACK}"


FINISHED = (
    "You use all your stars to finish the calendar.  Congratulations!  You've finished "
    "every puzzle in Advent of Code {year}!  I hope you had as much fun solving them as "
    "I had making them for you."
)
"""The reply to the final star (the last day's part 2), when every other star is in."""
NO_PERMISSION = "You don't have permission to view that private leaderboard."
"""The body of the site's HTTP 400 to a private leaderboard not yours to see (as
clechasseur/aoc_leaderbot's tests hold it since 2025)."""
NO_STARS = "<main><article><p>You haven't collected any stars... yet.</p></article></main>"


def last_day(year: int) -> int:
    """The site's last day of `year` (its own rule, not the framework's)."""
    return 25 if year < 2025 else 12


DEFAULT_TIMES = ("00:12:34", "01:02:03")
"""The page's time of each part of a day whose star has no time of its own."""


def since_unlock(year: int, day: int, at: float) -> str:
    """The page's time column for a star won at `at` (epoch seconds): from the puzzle's
    unlock (midnight, UTC-5), `HH:MM:SS`, or `>24h` past a day (the site stops counting)."""
    seconds = int(at - datetime(year, 12, day, 5, tzinfo=UTC).timestamp())
    if not 0 <= seconds < 86400:
        return ">24h"
    return f"{seconds // 3600:02d}:{seconds % 3600 // 60:02d}:{seconds % 60:02d}"


def stars_page(
    year: int, stars: dict[int, int], times: dict[int, tuple[str, str]] | None = None
) -> str:
    """`/YEAR/leaderboard/self` as the site draws it: a line per day with a star, newest
    first, each part's time (`times`, else DEFAULT_TIMES), part 2's columns "-" until its
    star is in; a rank and a score beside each time in the years with a global
    leaderboard (before 2025)."""
    if not any(stars.values()):
        return NO_STARS
    ranked = year < 2025
    lines = []
    for day in sorted((d for d, n in stars.items() if n), reverse=True):
        one, two = (times or {}).get(day, DEFAULT_TIMES)
        first = f"{one:>8}   1234      0" if ranked else f"{one:>8}"
        second = (
            (f"{two:>8}   2345      0" if ranked else f"{two:>8}")
            if stars[day] > 1
            else ("       -      -      -" if ranked else "       -")
        )
        lines.append(f"{day:3}   {first}   {second}")
    columns = "    Time  Rank  Score" if ranked else "    Time"
    return (
        "<main><article><p>These are your personal leaderboard statistics.</p>\n<pre>"
        '      <span class="leaderboard-daydesc-first">-------Part 1--------</span>   '
        '<span class="leaderboard-daydesc-both">-------Part 2--------</span>\n'
        f'Day   <span class="leaderboard-daydesc-first">{columns}</span>   '
        f'<span class="leaderboard-daydesc-both">{columns}</span>\n'
        + "\n".join(lines)
        + "\n</pre></article></main>"
    )


def too_recently(left: str) -> str:
    """`left` as the site writes it: "30s", "3m 30s"."""
    return (
        "You gave an answer too recently; you have to wait after submitting an answer "
        f"before trying again.  You have {left} left to wait. {_BACK}"
    )


# Under a puzzle's page, by the number of parts solved, as aocd reads them.
_STARS = [
    "",
    '<p class="day-success">The first half of this puzzle is complete! It provides '
    "one gold star: *</p>",
    '<p class="day-success">Both parts of this puzzle are '
    "complete! They provide two gold stars: **</p>",
]


def point_aocd_at(url: str, assign: Callable[[object, str, object], None] = setattr) -> None:
    """aocd asks the server at `url` instead of adventofcode.com: its puzzles' address,
    and the one address it writes out whole (/settings, in `aocd.utils.get_owner`). It
    does not rate-limit either: the server does not mind, and tests must not sleep.
    `assign` sets each attribute (a test's `monkeypatch.setattr` puts them back)."""
    import aocd.models
    import aocd.utils

    from aoc2023.framework.aocd import private

    get = aocd.utils.http.get
    assign(aocd.models, "URL", url + "/{year}/day/{day}")
    assign(*private.where("http._max_t"), 0.0)
    assign(
        aocd.utils.http,
        "get",
        lambda address, *args, **kwargs: get(
            address.replace("https://adventofcode.com", url), *args, **kwargs
        ),
    )


@dataclass
class Puzzle:
    title: str
    inputs: dict[str, str]  # token -> input; a token not here is logged out
    solutions: dict[str, list[str]]  # token -> the right answers, per part
    answers: dict[str, list[str]]  # token -> the answers of the parts solved
    locked: float = 0  # requests still answered as locked (math.inf: all)
    replies: list[str] = field(default_factory=list)  # queued replies to the next answers
    example: str | None = None  # the example input shown in part 1's prose, if any
    example_answers: tuple[str | None, str | None] = (None, None)  # its answers, per part
    last: bool = False  # the year's last day: part 2 is the final star, with no answer shown
    times: dict[str, list[str]] = field(default_factory=dict)  # token -> each star's page time

    def judge(self, level: int, answer: str, token: str) -> str:
        """The site's reply to an answer: a queued reply if any, else the real rules."""
        if self.replies:
            return self.replies.pop(0)
        solved = self.answers.setdefault(token, [])
        if level != len(solved) + 1:
            return WRONG_LEVEL
        right = self.solutions[token][level - 1]
        if answer == right:
            solved.append(answer)
            return RIGHT if level == 1 else SECOND_STAR
        if answer.isdigit() and right.isdigit():
            return TOO_HIGH if int(answer) > int(right) else TOO_LOW
        return WRONG

    def page(self, year: int, day: int, token: str | None, stars_needed: int = 0) -> str:
        """The page as `token` sees it: part two's text once part one is solved, each solved
        part's answer after its text, the example's input in `<pre><code>` and its answer
        in `<code><em>` at the end of a part's text (where aocd's example parser looks), and
        the title aocd needs to see before it keeps a page. On the year's last day with
        part 1 solved, the paragraph about the stars for the final one, outside the
        articles as the site puts it: `stars_needed` more, or (0) the link that gives it."""
        solved = self.answers.get(token, []) if token in self.inputs else []
        texts = [
            f"<h2>--- Day {day}: {self.title} ---</h2><p>Some prose.</p>",
            '<h2 id="part2">--- Part Two ---</h2><p>Part two\'s prose.</p>',
        ]
        body = ""
        for part, prose in enumerate(texts[: len(solved) + 1]):
            if part == 0 and self.example is not None:
                prose += f"<p>For example:</p>\n<pre><code>{escape(self.example)}</code></pre>\n"
            if (example_answer := self.example_answers[part]) is not None:
                prose += (
                    f"<p>In this example, the <code>total</code> is "
                    f"<code><em>{escape(example_answer)}</em></code>.</p>"
                )
            body += f'<article class="day-desc">{prose}</article>'
            if part < len(solved) and not (self.last and part == 1):
                body += f"<p>Your puzzle answer was <code>{solved[part]}</code>.</p>"
        if self.last and len(solved) == 1:
            body += last_day_stars(day, stars_needed)
        return (
            f"<html><head><title>Day {day} - Advent of Code {year}</title></head><body>"
            f"<main>{body}{_STARS[len(solved)]}</main></body></html>"
        )


def last_day_stars(day: int, needed: int) -> str:
    """The last day's paragraph about the final star, under part 2's article (in <main>,
    outside the articles): the stars still `needed` ("You need 4 more.", the site's words
    in 2016), or, with none needed, the site's form whose link posts part 2; then the input
    link the site keeps."""
    if needed:
        stars = (
            f"<p>You don't have enough stars to finish decorating, though.  You need "
            f"{needed} more.</p>"
        )
    else:
        stars = (
            f'<form method="post" action="{day}/answer"><input type="hidden" '
            'name="level" value="2"/><input type="hidden" name="answer" value="0"/>'
            '<p>You have enough stars to <a href="javascript:void(0);" '
            'onclick="this.parentNode.parentNode.submit();">[Finish Decorating]</a>.'
            "</p></form>"
        )
    return (
        f'{stars}\n<p>Although it hasn\'t changed, you can still <a href="{day}/input" '
        'target="_blank">get your puzzle input</a>.</p>'
    )


class Request(NamedTuple):
    method: str
    path: str
    token: str | None
    form: dict[str, str]
    at: float  # time.time() when it arrived
    user_agent: str | None = None  # its User-Agent header
    query: str = ""  # what followed the path's `?`, as sent


Reply = tuple[int, str, dict[str, str]]  # status, body, headers
HTML = {"Content-Type": "text/html"}
NOT_FOUND: Reply = (404, "404 Not Found", {})


class FakeAoC:
    """The site, serving from construction until `stop()` (then its address refuses, as
    with no network)."""

    def __init__(self) -> None:
        self.puzzles: dict[tuple[int, int], Puzzle] = {}
        self.users: dict[str, tuple[int, str]] = {}  # token -> (user id, github login)
        # (year, id) -> the board's JSON, the tokens of its members, its view key if any
        self.boards: dict[tuple[int, int], tuple[dict[str, object], set[str], str | None]] = {}
        self.requests: list[Request] = []
        # How a private leaderboard is refused: 400 (the site since 2025, every year's
        # board alike), or 302 (a redirect, as it did before).
        self.board_refusal = 400
        self.failing: dict[str, int] = {}  # method -> the HTTP status every such request gets
        # After an answer is judged, `reply_delay` seconds, then what becomes of the reply:
        # None (it is sent), "drop" (the connection is closed), "502" (an HTTP error),
        # "302" (a redirect to the same address, where a client that follows it posts again).
        self.after_judging: str | None = None
        self.reply_delay = 0.0
        # Set, an answer's reply (once judged) is held until the test sets the event: a run
        # whose reply has not come yet, for as long as the test needs (a minute at most).
        self.hold_replies: threading.Event | None = None
        # A request to a path here is answered only once its test holds (of the requests
        # recorded, checked as each arrives and every 10 ms), or its seconds later: a
        # barrier for runs started at once, say.
        self.holds: dict[str, tuple[Callable[[list[Request]], bool], float]] = {}
        # A puzzle page asked before any other is answered only once another page is asked,
        # or `hold_first_page` seconds later: two runs asking at once then read it alike.
        self.hold_first_page = 0.0
        self.clock: Callable[[], float] = time.time  # the site's clock: when a star is won
        self._arrived = threading.Condition()  # notified as each request is recorded
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), lambda *args: _Handler(self, *args))
        # serve_forever sees stop()'s shutdown between two polls (every 0.5 s by default):
        # every 5 ms, stop() waits 2-3 ms at most, in each of the ~250 tests with the site.
        threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.005}, daemon=True
        ).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self._server.server_port}"

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    def add_puzzle(
        self,
        year: int,
        day: int,
        title: str,
        inputs: dict[str, str] | None = None,
        solutions: Sequence[str] = (),
        answers: Sequence[str] = (),
        **kwargs: Any,
    ) -> Puzzle:
        """`solutions` and `answers` are every token's in `inputs` alike (a test of several
        accounts sets each one's on the puzzle returned); `kwargs` are Puzzle's."""
        inputs = inputs or {}
        kwargs.setdefault("last", day == last_day(year))
        puzzle = Puzzle(
            title,
            inputs,
            {token: list(solutions) for token in inputs},
            {token: list(answers) for token in inputs},
            **kwargs,
        )
        self.puzzles[year, day] = puzzle
        return puzzle

    def add_user(self, token: str, user_id: int = 1234567, login: str = "tester") -> None:
        self.users[token] = (user_id, login)

    def add_board(
        self,
        year: int,
        board_id: int,
        data: dict[str, object],
        viewers: set[str],
        view_key: str | None = None,
    ) -> None:
        """A private leaderboard: its JSON as the site serves it, to the tokens of `viewers`
        and, with no cookie needed, to a request with `?view_key=` its `view_key`."""
        self.boards[year, board_id] = (data, viewers, view_key)

    def requests_for(self, suffix: str) -> list[Request]:
        return [r for r in self.requests if r.path.endswith(suffix)]

    def wait_for(self, seen: Callable[[list[Request]], bool], timeout: float = 60) -> bool:
        """Until `seen(requests)` holds, checked as each request arrives: True, or False
        once `timeout` seconds have passed."""
        with self._arrived:
            return self._arrived.wait_for(lambda: seen(self.requests), timeout)

    def _pages_asked(self) -> int:
        return sum(
            1
            for r in self.requests
            if r.method == "GET" and re.fullmatch(r"/\d{4}/day/\d+", r.path)
        )

    def respond(
        self,
        method: str,
        path: str,
        token: str | None,
        form: dict[str, str],
        user_agent: str | None = None,
        query: str = "",
    ) -> Reply | None:
        """The reply to a request, recorded first (None: the connection is dropped)."""
        with self._arrived:
            self.requests.append(Request(method, path, token, form, time.time(), user_agent, query))
            self._arrived.notify_all()
        if path in self.holds:
            held, seconds = self.holds[path]
            until = time.monotonic() + seconds
            with self._arrived:
                while not held(self.requests) and (left := until - time.monotonic()) > 0:
                    self._arrived.wait(min(left, 0.01))
        if method in self.failing:
            return self.failing[method], "Internal Server Error", {}
        if path == "/settings":
            return self._settings(token)
        if board := re.fullmatch(r"/(\d{4})/leaderboard/private/view/(\d+)\.json", path):
            data, viewers, key = self.boards.get((int(board[1]), int(board[2])), ({}, set(), None))
            given = dict(parse_qsl(query)).get("view_key")
            if token not in viewers and (key is None or given != key):
                # whoever may not see it (no session of a member, no right key): HTTP 400
                # and a sentence since 2025, a redirect to the private leaderboards' page
                # before (`board_refusal`)
                if self.board_refusal == 400:
                    return 400, NO_PERMISSION, {"Content-Type": "text/plain"}
                return 302, "", {"Location": f"/{board[1]}/leaderboard/private"}
            return 200, json.dumps(data), {"Content-Type": "application/json"}
        if stats := re.fullmatch(r"/(\d{4})/leaderboard/self", path):
            if token not in self.users:  # a dead session is sent to the global board
                return 302, "", {"Location": f"/{stats[1]}/leaderboard"}
            year = int(stats[1])
            return 200, stars_page(year, self.stars(year, token), self.times(year, token)), HTML
        match = re.fullmatch(r"/(\d{4})/day/(\d+)(/input|/answer)?", path)
        puzzle = self.puzzles.get((int(match[1]), int(match[2]))) if match else None
        if match is None or puzzle is None or (method == "POST") != (match[3] == "/answer"):
            return NOT_FOUND
        if method == "POST":
            return self._answer(puzzle, path, token, form)
        if puzzle.locked > 0:
            puzzle.locked -= 1
            return (404, LOCKED_INPUT, {}) if match[3] else NOT_FOUND
        if not match[3]:
            if self.hold_first_page:
                with self._arrived:
                    if self._pages_asked() == 1:
                        self._arrived.wait_for(
                            lambda: self._pages_asked() > 1, self.hold_first_page
                        )
            year, day = int(match[1]), int(match[2])
            return 200, puzzle.page(year, day, token, self._stars_needed(year, token)), HTML
        if token not in puzzle.inputs:
            return 400, LOGGED_OUT_INPUT, {}
        return 200, puzzle.inputs[token], {}

    def stars(self, year: int, token: str | None) -> dict[int, int]:
        """The stars `token` has won in `year`, by day: a star a part solved."""
        return {
            day: min(2, len(puzzle.answers.get(token or "", [])))
            for (each_year, day), puzzle in self.puzzles.items()
            if each_year == year
        }

    def times(self, year: int, token: str | None) -> dict[int, tuple[str, str]]:
        """Each day's part times on `token`'s page: each star's own, else DEFAULT_TIMES."""
        found = {}
        for (each_year, day), puzzle in self.puzzles.items():
            own = puzzle.times.get(token or "", [])
            if each_year == year:
                found[day] = (
                    own[0] if own else DEFAULT_TIMES[0],
                    own[1] if len(own) > 1 else DEFAULT_TIMES[1],
                )
        return found

    def earn_in_browser(self, year: int, day: int, token: str, *times: str) -> None:
        """`token` wins the day's first `len(times)` stars in the browser, at those page
        times ("00:05:00", ">24h"): known to the site only (nothing of it in aocd's cache)."""
        puzzle = self.puzzles[year, day]
        puzzle.answers[token] = [*puzzle.solutions[token], "the final star"][: len(times)]
        puzzle.times[token] = list(times)

    def _stars_needed(self, year: int, token: str | None) -> int:
        """The stars `token` still needs before the final one: every other star of the
        year, less those won (0 once all are in)."""
        stars = self.stars(year, token)
        won = sum(count for day, count in stars.items() if day != last_day(year))
        return max(0, 2 * (last_day(year) - 1) - won)

    def _final_star(self, year: int, puzzle: Puzzle, token: str) -> str:
        """The last day's part 2: the final star, given (to any answer) when every other
        star of the year is in; else, or once given, not the level to solve."""
        solved = puzzle.answers.setdefault(token, [])
        others = sum(self.stars(year, token).values()) - len(solved)
        if len(solved) != 1 or others != 2 * (last_day(year) - 1):
            return WRONG_LEVEL
        solved.append("the final star")
        return FINISHED.format(year=year)

    def _settings(self, token: str | None) -> Reply:
        """/settings as aocd's `get_owner` reads it: the owner proof code and the "Link
        to" span naming the login; a dead session is sent to the front page."""
        if token not in self.users:
            return 302, "", {"Location": "/"}
        user_id, login = self.users[token]
        return (
            200,
            (
                f"<main><article><p>Your ownerproof code is <code>ownerproof-{user_id}-"
                f'1700000000-abcdef</code></p><span><input type="radio"/>Link to '
                f"https://github.com/{login}</span></article></main>"
            ),
            HTML,
        )

    def _answer(
        self, puzzle: Puzzle, path: str, token: str | None, form: dict[str, str]
    ) -> Reply | None:
        if token not in puzzle.inputs:  # a dead session: a login link, no article
            return 200, '<header><a href="/2023/auth/login">[Log In]</a></header>', HTML
        year, day = int(path.split("/")[1]), int(path.split("/")[3])
        solved = len(puzzle.answers.get(token, []))
        if puzzle.last and form.get("level") == "2" and not puzzle.replies:
            reply = self._final_star(year, puzzle, token)
        else:
            reply = puzzle.judge(int(form.get("level", 0)), form.get("answer", ""), token)
        if len(puzzle.answers.get(token, [])) > solved:  # a star won now, on the site's clock
            own = puzzle.times.setdefault(token, [])
            own[len(own) :] = DEFAULT_TIMES[len(own) : solved]  # stars won before had those
            own[solved:] = [since_unlock(year, day, self.clock())]
        if self.hold_replies is not None:
            self.hold_replies.wait(60)
        time.sleep(self.reply_delay)  # judged already: a reply that comes late
        return {
            None: (200, f"<main><article><p>{reply}</p></article></main>", HTML),
            "drop": None,
            "502": (502, "Bad Gateway", {}),
            "302": (302, "", {"Location": path}),
        }[self.after_judging]


class _Handler(BaseHTTPRequestHandler):
    """HTTP in and out; `FakeAoC.respond` decides."""

    def __init__(self, site: FakeAoC, *args: Any) -> None:
        self.site = site
        super().__init__(*args)  # handles the request

    def do_GET(self) -> None:
        form = dict(parse_qsl(self.rfile.read(int(self.headers["Content-Length"] or 0)).decode()))
        cookie = re.search(r"session=([^;\s]+)", self.headers["Cookie"] or "")
        path, _, query = self.path.partition("?")
        reply = self.site.respond(
            self.command, path, cookie and cookie[1], form, self.headers["User-Agent"], query
        )
        if reply is None:  # no reply at all: the line goes dead (HTTP/1.0 closes it)
            return
        status, body, headers = reply
        with suppress(ConnectionError):  # a client that gave up (a test's short timeout)
            self.send_response(status)
            for name, value in (headers | {"Content-Length": str(len(body.encode()))}).items():
                self.send_header(name, value)
            self.end_headers()
            self.wfile.write(body.encode())

    do_POST = do_GET

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: tests read `FakeAoC.requests` instead."""
