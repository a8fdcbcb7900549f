"""What reaches a terminal (output.py) in hostile and unusual environments (issue 25):
output in any encoding, and escape sequences from outside shown, not obeyed.

Each case gets the right result or one sentence, never a traceback. The locale is read
when a process starts, and tried in one; an encoding that PYTHONIOENCODING gives the
output streams is tried in this process, on streams in that encoding.
"""

from __future__ import annotations

import io
import os
import pty
import re
import subprocess
from pathlib import Path
from subprocess import CompletedProcess

import pytest
import site_cli
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC

from aoc2023.framework.commands.view import smart_terminal, use_colour
from aoc2023.framework.output import RedactingStream, Redactor

YEAR = 2063
SINCE_YEAR_UNLOCKED = 40 * 366 * 86400.0
"""A clock shift past YEAR's December (a real run fetches only what is unlocked)."""
DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3, part_2="3\u2603")]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> str:
        return f"{len(text)}\u2603"
"""


def year_env(tmp_path: Path, home: AocdHome, **settings: str) -> dict[str, str]:
    """`home`'s environment, with a year holding day 1 on the path and `settings`."""
    package = tmp_path / "site" / f"aoc{YEAR}"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    (package / "day01.py").write_text(DAY)
    env = home.env() | settings
    env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), env["PYTHONPATH"]])
    return env


def assert_clean(result: CompletedProcess[str]) -> None:
    for text in (result.stdout, result.stderr):
        assert "Traceback" not in text and "unexpected" not in text
        assert "Exception ignored" not in text


COMMANDS = (
    ["run", str(YEAR), "1", "--example"],
    ["list", str(YEAR)],
    ["bench", str(YEAR), "1", "--example", "--budget", "0.01"],
)


def assert_tables_in(encoding: str, args: list[str], result: CompletedProcess[str]) -> None:
    assert result.returncode == 0, (args, result.stderr)
    assert_clean(result)
    if args[0] != "list":
        assert "v 3" in result.stdout  # the mark, in ASCII where ✔ cannot be encoded
    if encoding in ("ascii", "latin-1"):
        assert "+-----" in result.stdout and "| " in result.stdout
    if args[0] == "run":
        assert "v 3?" in result.stdout  # an answer's other characters: one each


@pytest.mark.parametrize("encoding", ["ascii", "latin-1", "cp437"])
def test_run_list_and_bench_print_their_tables_in_any_encoding(
    tmp_path: Path, encoding: str
) -> None:
    """In this process, its output streams in `encoding` as PYTHONIOENCODING makes them."""
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY}):
        for args in COMMANDS:
            assert_tables_in(encoding, args, site_cli.aoc_in_process(*args, encoding=encoding))


def test_with_yes_what_was_sent_is_reported_in_ascii(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    token = aocd_loaded.set_token()
    aocd_loaded.cache_input(YEAR, 1, "abcd")
    fake_aoc.add_puzzle(YEAR, 1, "Test", inputs={token: "abcd"}, solutions=["4", "5☃"])
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY}):
        result = site_cli.aoc_in_process("run", str(YEAR), "1", "--yes", encoding="ascii")
    assert_clean(result)
    assert "v 4 [sent: right]" in result.stdout
    assert "x 4? (wrong) [sent: wrong]" in result.stdout  # judged, and said so
    assert [r.form["answer"] for r in fake_aoc.requests_for("/answer")] == ["4", "4☃"]
    assert result.returncode == 1


def test_a_redacting_stream_writes_what_its_stream_cannot_encode_as_stand_ins() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="ascii")
    redacting = RedactingStream(stream, Redactor("secret-token-1234"))
    redacting.write("✔ 6440 … ☃\nsecret-token-1234 ✘")
    redacting.flush()
    assert raw.getvalue().decode() == "v 6440 ... ?\n<token> x"


def test_flush_passes_over_a_stream_missing_or_closed(monkeypatch: pytest.MonkeyPatch) -> None:
    """`output.flush` before a stream is handed on: no console, or a stream closed."""
    from aoc2023.framework import output

    closed = io.StringIO()
    closed.close()
    monkeypatch.setattr("sys.stdout", None)
    monkeypatch.setattr("sys.stderr", closed)
    output.flush()  # raises nothing


HOSTILE = "\x1b[2J\x1b]0;owned\x07\x1b]8;;http://evil\x07link\x1b]8;;\x07\x1b[1A"
"""Clear the screen, set the title, an OSC 8 link, a cursor move up."""
SHOWN = "\\x1b[2J\\x1b]0;owned\\x07"


def test_escape_sequences_in_an_answer_and_a_reply_are_shown_not_obeyed(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    source = f"""
from aoc2023.framework import Solution

class Day(Solution[str]):
    def part_1(self, text: str) -> str:
        return {HOSTILE!r}
"""
    aocd_loaded.set_token()
    aocd_loaded.cache_input(2064, 1, "input")
    fake_aoc.add_puzzle(
        2064,
        1,
        "Test",
        inputs={TOKEN: "input"},
        solutions=["1"],
        replies=[f"That's not the right answer. {HOSTILE}"],
    )
    with temporary_year(tmp_path / "site", 2064, {"day01.py": source}):
        result = site_cli.aoc_in_process("run", "2064", "1", "--yes")
    assert "\x1b" not in result.stdout + result.stderr
    assert SHOWN in result.stdout  # the answer, in the table
    assert f"That's not the right answer. {SHOWN}" in result.stderr  # the site's reply


def test_escape_sequences_in_a_member_name_and_a_page_are_shown_not_obeyed(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_board(
        2023,
        4242,
        {
            "event": "2023",
            "owner_id": 1,
            "members": {
                "1": {
                    "id": 1,
                    "name": f"eve{HOSTILE}",
                    "local_score": 1,
                    "stars": 0,
                    "last_star_ts": 0,
                    "completion_day_level": {},
                }
            },
        },
        viewers={TOKEN},
    )
    fake_aoc.add_puzzle(
        2023, 7, "Camel Cards", inputs={TOKEN: "x\n"}, example=f"32T3K 765\n{HOSTILE}\nT55J5 684\n"
    )
    for args in (
        ["leaderboard", "2023", "4242"],
        ["read", "2023", "7"],
        ["read", "2023", "7", "--markdown"],
    ):
        result = site_cli.aoc_in_process(*args, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "\x1b" not in result.stdout + result.stderr, args
        assert SHOWN in result.stdout.replace("\n", "").replace("│", "").replace(" ", ""), args


def test_read_into_a_pipe_pads_no_line(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        2023, 7, "Camel Cards", inputs={TOKEN: "x\n"}, example="32T3K 765\nT55J5 684\n"
    )
    result = site_cli.aoc_in_process(
        "read", "2023", "7", cwd=tmp_path, env=dict(os.environ, COLUMNS="100")
    )
    assert result.returncode == 0, result.stderr
    assert "32T3K 765" in result.stdout and "Day 7: Camel Cards" in result.stdout
    assert [line for line in result.stdout.splitlines() if line.endswith(" ")] == []


def test_on_a_dumb_terminal_in_a_c_locale_the_tables_are_ascii_without_escape_codes(
    tmp_path: Path, aocd_home: AocdHome, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The terminal and the locale are read when a process starts, and so is what it
    writes at its exit: one process on a terminal that says it is dumb, in the C locale,
    each command run in it as a fresh process would run it (site_cli.aoc_argv): its tables
    in ASCII, with their marks, and not one escape code. (What a terminal's type decides,
    in this process first.)"""
    for name in ("NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    controller, terminal = pty.openpty()
    with os.fdopen(terminal, "w") as stream, os.fdopen(controller, "rb"):
        monkeypatch.setenv("TERM", "xterm")
        assert use_colour(stream) and smart_terminal(stream)
        monkeypatch.setenv("TERM", "dumb")
        assert not use_colour(stream) and not smart_terminal(stream)

    env = year_env(
        tmp_path,
        aocd_home,
        TERM="dumb",
        LC_ALL="C",
        PYTHONCOERCECLOCALE="0",
        PYTHONUTF8="0",
        PYTHONIOENCODING="",
    )
    controller, terminal = pty.openpty()
    process = subprocess.Popen(
        site_cli.aoc_argv(None, *COMMANDS),
        env=env,
        stdin=terminal,
        stdout=terminal,
        stderr=terminal,
    )
    os.close(terminal)
    screen = b""
    with os.fdopen(controller, "rb", buffering=0) as reader:
        while True:
            try:
                chunk = reader.read(4096)
            except OSError:  # the terminal closed: the process has ended
                break
            if not chunk:
                break
            screen += chunk
    assert process.wait(timeout=120) == 0, screen
    assert screen.isascii() and b"\x1b" not in screen, screen
    # Each command's output (stdout and stderr, as the terminal shows them) ends with its
    # exit code between two separators on stdout, then one on stderr.
    *ran, at_exit = re.split("\x1e(-?\\d+)\x1e([^\x1e]*)\x1e", screen.decode())
    assert len(ran) == 3 * len(COMMANDS), screen
    for number, args in enumerate(COMMANDS):
        output, code, rest = ran[3 * number : 3 * number + 3]
        if number == len(COMMANDS) - 1:
            rest += at_exit
        assert_tables_in("ascii", args, CompletedProcess(args, int(code), output + rest, ""))
