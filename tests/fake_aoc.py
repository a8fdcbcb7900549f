"""A real HTTP server on loopback that answers as adventofcode.com does.

It serves puzzle inputs, puzzle pages (with the answers of solved parts, as the
site shows them) and records every request, so tests can see what aocd (and so
`aoc`) asked for. Tests point aocd at it with `point_aocd_at`.
"""

from __future__ import annotations

import re
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

LOGGED_OUT_INPUT = "Puzzle inputs differ by user.  Please log in to get your puzzle input.\n"
LOCKED_INPUT = (
    "Please don't repeatedly request this endpoint before it unlocks! "
    "The calendar countdown is synchronized with the server time; "
    "the link will be enabled on the calendar the instant this puzzle becomes available.\n"
)


# Replies to an answer, as the site words them (inside the page's <article><p>).
RIGHT = ("That's the right answer!  You are one gold star closer to restoring snow operations."
         ' [<a href="/2023/day/7#part2">Continue to Part Two</a>]')
_STUCK = ("If you're stuck, make sure you're using the full input data; there are also some "
          'general tips on the <a href="/2023/about">about page</a>.  ')
WRONG = f"That's not the right answer.  {_STUCK}Please wait one minute before trying again."
TOO_HIGH = ("That's not the right answer; your answer is too high.  "
            f"{_STUCK}Please wait one minute before trying again.")
TOO_LOW = ("That's not the right answer; your answer is too low.  "
           f"{_STUCK}Please wait one minute before trying again.")
WRONG_LEVEL = ("You don't seem to be solving the right level.  Did you already complete it? "
               '[<a href="/2023/day/7">Return to Day 7</a>]')


def too_recently(left: str) -> str:
    """`left` as the site writes it: "30s", "3m 30s"."""
    return ("You gave an answer too recently; you have to wait after submitting an answer "
            f"before trying again.  You have {left} left to wait. "
            '[<a href="/2023/day/7">Return to Day 7</a>]')


LOGGED_OUT_PAGE = None


def answer_page(reply: str | None) -> str:
    if reply is None:  # what the site shows a POST with a dead session: a login link
        body = '<header><div><a href="/2023/auth/login">[Log In]</a></div></header><main></main>'
    else:
        body = f"<main><article><p>{reply}</p></article></main>"
    return f"<!DOCTYPE html><html><head><title>Day 7 - Advent of Code</title></head>" \
           f"<body>{body}</body></html>"


def point_aocd_at(url: str, assign: Callable[[object, str, object], None] = setattr) -> None:
    """aocd asks the server at `url` instead of adventofcode.com: its puzzles' address,
    and the one address it writes out whole (/settings, in `aocd.utils.get_owner`). It
    does not rate-limit either: the server does not mind, and tests must not sleep.
    `assign` sets each attribute (a test's `monkeypatch.setattr` puts them back)."""
    import aocd.models
    import aocd.utils

    get = aocd.utils.http.get
    assign(aocd.models, "URL", url + "/{year}/day/{day}")
    assign(aocd.utils.http, "_max_t", 0.0)
    assign(aocd.utils.http, "get", lambda address, *args, **kwargs: get(
        address.replace("https://adventofcode.com", url), *args, **kwargs))


class _QuietServer(ThreadingHTTPServer):
    """A client that gives up (a test's short timeout) is not an error of the server."""

    def handle_error(self, request: object, client_address: object) -> None:
        import sys

        if not isinstance(sys.exc_info()[1], ConnectionError):
            super().handle_error(request, client_address)  # type: ignore[arg-type]


@dataclass
class Puzzle:
    title: str
    inputs: dict[str, str] = field(default_factory=dict)  # token -> input
    answers: list[str] = field(default_factory=list)  # correct answers of solved parts
    locked: bool = False
    unlocks_at: float | None = None  # by the site's clock (FakeAoC.now); None: `locked` says
    locked_for: int = 0  # requests still answered as locked (a site whose clock is behind)
    solutions: list[str] = field(default_factory=list)  # the right answers, for POSTs
    replies: list[str] = field(default_factory=list)  # queued replies to the next POSTs
    example: str | None = None  # the example input shown in the prose, if any
    example_answers: tuple[str | None, str | None] = (None, None)  # its answers, per part
    # A user's own right answers and solved parts, by token, for a test of several
    # accounts; a token not here shares `solutions` and `answers` above.
    solutions_of: dict[str, list[str]] = field(default_factory=dict)
    answers_of: dict[str, list[str]] = field(default_factory=dict)

    def answers_for(self, token: str | None) -> list[str]:
        return self.answers_of.get(token or "", self.answers)

    def solutions_for(self, token: str | None) -> list[str]:
        return self.solutions_of.get(token or "", self.solutions)


def example_prose(puzzle: Puzzle, part: int) -> str:
    """A part's example as the site writes it: the input in `<pre><code>` (part 1 only),
    the answer in `<code><em>` at the end, which is where aocd's example parser looks."""
    from html import escape

    if puzzle.example is None:
        return ""
    prose = ""
    if part == 1:
        prose = f"<p>For example:</p>\n<pre><code>{escape(puzzle.example)}</code></pre>\n"
    answer = puzzle.example_answers[part - 1]
    if answer is not None:
        prose += (f"<p>In this example, the <code>total</code> is "
                  f"<code><em>{escape(answer)}</em></code>.</p>")
    return prose


@dataclass
class Board:
    """A private leaderboard: its JSON as the site serves it, and who may see it."""

    data: dict[str, object]
    viewers: set[str] = field(default_factory=set)  # tokens of its members


def settings_page(user_id: int, username: str) -> str:
    """The site's /settings page as aocd's `get_owner` reads it: the owner proof code and
    the "Link to" span naming the login."""
    return ("<!DOCTYPE html><html><body><main><article>"
            f"<p>Your ownerproof code is <code>ownerproof-{user_id}-1700000000-abcdef</code></p>"
            f'<span><input type="radio"/>Link to https://github.com/{username}</span>'
            "</article></main></body></html>")


@dataclass
class Request:
    method: str
    path: str
    token: str | None
    form: dict[str, str]
    at: float = field(default_factory=time.monotonic)
    site_at: float = 0.0  # by the site's clock (FakeAoC.now)


class FakeAoC:
    def __init__(self) -> None:
        self.puzzles: dict[tuple[int, int], Puzzle] = {}
        self.requests: list[Request] = []
        self.fail_with: int | None = None
        self.fail_posts_with: int | None = None  # an HTTP status for answers only
        self.post_delay = 0.0  # seconds before replying to an answer (for races)
        # What happens to the reply after an answer is judged: None (it is sent), "drop"
        # (the connection is closed), "502" (an HTTP error), "302" (a redirect to the same
        # address, where a client that follows it posts again); `reply_delay` seconds first.
        self.after_judging: str | None = None
        self.reply_delay = 0.0
        self.users: dict[str, tuple[int, str]] = {}  # token -> (user id, github login)
        self.boards: dict[tuple[int, int], Board] = {}
        # The site's clock, as an offset from this machine's: a puzzle with `unlocks_at`
        # set is locked until then by this clock (tests shift it to put an unlock near).
        self.clock_offset = 0.0
        self._server = _QuietServer(("127.0.0.1", 0), self._handler())
        # serve_forever checks for shutdown every poll_interval (0.5 s by default): each
        # test's stop() waited that long, about 18 s over the suite.
        self._thread = threading.Thread(
            target=self._server.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        host = host.decode() if isinstance(host, bytes) else host
        return f"http://{host}:{port}"

    def add_puzzle(self, year: int, day: int, title: str, **kwargs: object) -> Puzzle:
        puzzle = Puzzle(title, **kwargs)  # type: ignore[arg-type]
        self.puzzles[year, day] = puzzle
        return puzzle

    def now(self) -> float:
        return time.time() + self.clock_offset

    def add_user(self, token: str, user_id: int = 1234567, login: str = "tester") -> None:
        self.users[token] = (user_id, login)

    def add_board(self, year: int, board_id: int, data: dict[str, object],
                  viewers: set[str]) -> Board:
        board = Board(data, viewers)
        self.boards[year, board_id] = board
        return board

    def requests_for(self, suffix: str) -> list[Request]:
        return [r for r in self.requests if r.path.endswith(suffix)]

    def start(self) -> FakeAoC:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    # --- pages, as the site writes them -------------------------------------------------

    def puzzle_page(self, year: int, day: int, puzzle: Puzzle, token: str | None) -> str:
        answers = puzzle.answers_for(token) if token in puzzle.inputs else []
        body = [f'<article class="day-desc"><h2>--- Day {day}: {puzzle.title} ---</h2>'
                f"<p>Some prose.</p>{example_prose(puzzle, 1)}</article>"]
        if answers:  # part 2's text appears once part 1 is solved, as on the site
            body.append(f"<p>Your puzzle answer was <code>{answers[0]}</code>.</p>")
            body.append('<article class="day-desc"><h2 id="part2">--- Part Two ---</h2>'
                        f"<p>Part two's prose.</p>{example_prose(puzzle, 2)}</article>")
        if len(answers) >= 2:
            body.append(f"<p>Your puzzle answer was <code>{answers[1]}</code>.</p>")
            body.append('<p class="day-success">Both parts of this puzzle are complete! '
                        "They provide two gold stars: **</p>")
        elif answers:
            body.append('<p class="day-success">The first half of this puzzle is complete! '
                        "It provides one gold star: *</p>")
        return (
            f"<!DOCTYPE html><html><head><title>Day {day} - Advent of Code {year}</title></head>"
            f"<body><main>{''.join(body)}</main></body></html>"
        )

    def judge(self, puzzle: Puzzle, level: int, answer: str, token: str | None = None) -> str:
        """The site's reply to an answer: a queued reply if any, else the real rules."""
        if puzzle.replies:
            return puzzle.replies.pop(0)
        answers = puzzle.answers_for(token)
        if level != len(answers) + 1:
            return WRONG_LEVEL
        right = puzzle.solutions_for(token)[level - 1]
        if answer == right:
            answers.append(answer)
            return RIGHT
        if answer.isdigit() and right.isdigit():
            return TOO_HIGH if int(answer) > int(right) else TOO_LOW
        return WRONG

    def _handler(self) -> type[BaseHTTPRequestHandler]:
        fake = self

        class Handler(BaseHTTPRequestHandler):
            def log_message(self, format: str, *args: object) -> None:
                pass

            def _token(self) -> str | None:
                match = re.search(r"session=([^;\s]+)", self.headers.get("Cookie", ""))
                return match[1] if match else None

            def _send(self, status: int, body: str, content_type: str = "text/plain") -> None:
                data = body.encode()
                self.send_response(status)
                self.send_header("Content-Type", content_type)
                self.send_header("Content-Length", str(len(data)))
                self.end_headers()
                self.wfile.write(data)

            def do_GET(self) -> None:
                token = self._token()
                fake.requests.append(Request("GET", self.path, token, {}, site_at=fake.now()))
                if fake.fail_with is not None:
                    self._send(fake.fail_with, "Internal Server Error")
                    return
                if self._other_page(token):
                    return
                match = re.fullmatch(r"/(\d{4})/day/(\d+)(/input)?", self.path)
                puzzle = fake.puzzles.get((int(match[1]), int(match[2]))) if match else None
                if puzzle is not None and puzzle.unlocks_at is not None:
                    puzzle.locked = fake.now() < puzzle.unlocks_at
                locked = puzzle is not None and (puzzle.locked or puzzle.locked_for > 0)
                if puzzle is not None and puzzle.locked_for > 0:
                    puzzle.locked_for -= 1
                if match is None or puzzle is None:
                    self._send(404, "404 Not Found")
                elif match[3]:
                    if locked:
                        self._send(404, LOCKED_INPUT)
                    elif token not in puzzle.inputs:
                        self._send(400, LOGGED_OUT_INPUT)
                    else:
                        self._send(200, puzzle.inputs[token])
                elif locked:
                    self._send(404, "404 Not Found")
                else:
                    page = fake.puzzle_page(int(match[1]), int(match[2]), puzzle, token)
                    self._send(200, page, "text/html")

            def _redirect(self, to: str) -> None:
                self.send_response(302)
                self.send_header("Location", to)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def _other_page(self, token: str | None) -> bool:
                """/settings and the private leaderboards' JSON; False for other paths."""
                if self.path == "/settings":
                    if token in fake.users:
                        self._send(200, settings_page(*fake.users[token]), "text/html")
                    else:  # the site sends a dead session to its front page
                        self._redirect("/")
                    return True
                match = re.fullmatch(r"/(\d{4})/leaderboard/private/view/(\d+)\.json",
                                     self.path)
                if match is None:
                    return False
                board = fake.boards.get((int(match[1]), int(match[2])))
                if board is None or token not in board.viewers:
                    self._redirect(f"/{match[1]}/leaderboard/private")
                else:
                    import json

                    self._send(200, json.dumps(board.data), "application/json")
                return True

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                token = self._token()
                fake.requests.append(Request("POST", self.path, token, form))
                time.sleep(fake.post_delay)
                failure = fake.fail_posts_with or fake.fail_with
                if failure is not None:
                    self._send(failure, "Internal Server Error")
                    return
                match = re.fullmatch(r"/(\d{4})/day/(\d+)/answer", self.path)
                puzzle = fake.puzzles.get((int(match[1]), int(match[2]))) if match else None
                if match is None or puzzle is None:
                    self._send(404, "404 Not Found")
                elif token not in puzzle.inputs:
                    self._send(200, answer_page(LOGGED_OUT_PAGE), "text/html")
                else:
                    reply = fake.judge(puzzle, int(form.get("level", 0)), form.get("answer", ""),
                                       token)
                    time.sleep(fake.reply_delay)  # judged already: a reply that comes late
                    if fake.after_judging == "drop":
                        self.close_connection = True  # no reply at all: the line goes dead
                    elif fake.after_judging == "502":
                        self._send(502, "Bad Gateway")
                    elif fake.after_judging == "302":
                        self._redirect(self.path)
                    else:
                        self._send(200, answer_page(reply), "text/html")

        return Handler
