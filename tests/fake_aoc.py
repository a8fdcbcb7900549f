"""A real HTTP server on loopback that answers as adventofcode.com does.

It serves puzzle inputs, puzzle pages (with the answers of solved parts, as the
site shows them) and records every request, so tests can see what aocd (and so
`aoc`) asked for. Tests point aocd at it through `aocd.models.URL`.
"""

from __future__ import annotations

import re
import threading
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs

LOGGED_OUT_INPUT = "Puzzle inputs differ by user.  Please log in to get your puzzle input.\n"
LOCKED_INPUT = (
    "Please don't repeatedly request this endpoint before it unlocks! "
    "The calendar countdown is synchronized with the server time; "
    "the link will be enabled on the calendar the instant this puzzle becomes available.\n"
)


@dataclass
class Puzzle:
    title: str
    inputs: dict[str, str] = field(default_factory=dict)  # token -> input
    answers: list[str] = field(default_factory=list)  # correct answers of solved parts
    locked: bool = False


@dataclass
class Request:
    method: str
    path: str
    token: str | None
    form: dict[str, str]


class FakeAoC:
    def __init__(self) -> None:
        self.puzzles: dict[tuple[int, int], Puzzle] = {}
        self.requests: list[Request] = []
        self.fail_with: int | None = None
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), self._handler())
        self._thread = threading.Thread(target=self._server.serve_forever, daemon=True)

    @property
    def url(self) -> str:
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    @property
    def puzzle_url_template(self) -> str:
        """What `aocd.models.URL` is set to so that aocd talks to this server."""
        return self.url + "/{year}/day/{day}"

    def add_puzzle(self, year: int, day: int, title: str, **kwargs: object) -> Puzzle:
        puzzle = Puzzle(title, **kwargs)  # type: ignore[arg-type]
        self.puzzles[year, day] = puzzle
        return puzzle

    def requests_for(self, suffix: str) -> list[Request]:
        return [r for r in self.requests if r.path.endswith(suffix)]

    def start(self) -> FakeAoC:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._server.shutdown()
        self._server.server_close()

    # --- pages, as the site writes them -------------------------------------------------

    def puzzle_page(self, year: int, day: int, puzzle: Puzzle, logged_in: bool) -> str:
        answers = puzzle.answers if logged_in else []
        body = [f'<article class="day-desc"><h2>--- Day {day}: {puzzle.title} ---</h2>'
                "<p>Some prose.</p></article>"]
        if answers:
            body.append(f"<p>Your puzzle answer was <code>{answers[0]}</code>.</p>")
        if len(answers) >= 2:
            body.append('<article class="day-desc"><h2 id="part2">--- Part Two ---</h2></article>')
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
                fake.requests.append(Request("GET", self.path, token, {}))
                if fake.fail_with is not None:
                    self._send(fake.fail_with, "Internal Server Error")
                    return
                match = re.fullmatch(r"/(\d{4})/day/(\d+)(/input)?", self.path)
                puzzle = fake.puzzles.get((int(match[1]), int(match[2]))) if match else None
                if match is None or puzzle is None:
                    self._send(404, "404 Not Found")
                elif match[3]:
                    if puzzle.locked:
                        self._send(404, LOCKED_INPUT)
                    elif token not in puzzle.inputs:
                        self._send(400, LOGGED_OUT_INPUT)
                    else:
                        self._send(200, puzzle.inputs[token])
                elif puzzle.locked:
                    self._send(404, "404 Not Found")
                else:
                    page = fake.puzzle_page(int(match[1]), int(match[2]), puzzle,
                                            logged_in=token in puzzle.inputs)
                    self._send(200, page, "text/html")

            def do_POST(self) -> None:
                length = int(self.headers.get("Content-Length", 0))
                form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode()).items()}
                fake.requests.append(Request("POST", self.path, self._token(), form))
                self._send(404, "404 Not Found")

        return Handler
