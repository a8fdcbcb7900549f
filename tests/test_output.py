"""What reaches a terminal (output.py) in hostile and unusual environments (issue 25):
output in any encoding, and escape sequences from outside shown, not obeyed.

Each case gets the right result or one sentence, never a traceback. The locale is read
when a process starts, and tried in one; an encoding that PYTHONIOENCODING gives the
output streams is tried in this process, on streams in that encoding.

No output of any command, at any verbosity, holds the session token or a piece of it
(the `Redactor`). The token is marked (MARK), pasted the ways people paste it (a
`session=` prefix, quotes, a CRLF line end), and every command is run through its error
paths: a dead token, a token with a line break inside it, no network, a day that raises
with the token in its message, aocd's own runner. All output, `--verbose`'s log lines
too, is searched for any 8 characters of the token. The commands run in this process
(`site_cli.aoc_in_process`), but aocd's runner, which runs in one of its own, as the
program runs it.
"""

from __future__ import annotations

import io
import json
import logging
import os
import pty
import re
import subprocess
from pathlib import Path
from subprocess import CompletedProcess

import pytest
import site_cli
from conftest import DAY_7_EXAMPLE, TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from hypothesis import example, given
from hypothesis import strategies as st
from misbehaving_days import CHARACTERS, examples

from aoc2023.framework.commands.view import smart_terminal, use_colour
from aoc2023.framework.output import LONG, PIECE, RedactingStream, Redactor, ViewKey

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


HOSTILE = "\x1b[2J\x1b]0;owned\x07\x1b]8;;http://evil\x07link\x1b]8;;\x07\x1b[1A\u2028\u2029"
"""Clear the screen, set the title, an OSC 8 link, a cursor move up; Unicode's line and
paragraph separators, at which a reader of lines splits a row."""
RAW = re.compile("[\x1b\u2028\u2029]")
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
    assert not RAW.search(result.stdout + result.stderr)
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
        assert not RAW.search(result.stdout + result.stderr), args
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


@pytest.mark.parametrize("extra", [[], ["--profile"]])
def test_a_reader_gone_ends_the_run_as_it_ends_every_command(
    tmp_path: Path, aocd_home: AocdHome, extra: list[str]
) -> None:
    """`aoc run | head`: the reader of stdout gone before the table is written ends the
    run as typer ends every command whose output cannot be written, exit 1 and no
    sentence, not an "unexpected BrokenPipeError" (fail, options.py)."""
    process = subprocess.Popen(
        site_cli.aoc_argv(None, *COMMANDS[0], *extra),
        env=year_env(tmp_path, aocd_home),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert process.stdout is not None and process.stderr is not None
    process.stdout.close()  # before the process has started Python
    said = process.stderr.read()
    assert process.wait(timeout=120) == 1, said
    assert "Traceback" not in said and "unexpected" not in said, said
    assert "Exception ignored" not in said and "Error" not in said, said


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", [COMMANDS[0], COMMANDS[1], [*COMMANDS[1], "--json"]])
def test_output_to_a_full_disk_is_one_sentence_and_exit_2(
    tmp_path: Path, aocd_home: AocdHome, args: list[str]
) -> None:
    """stdout a file on a full disk (/dev/full): the view or the document cannot be
    written, which is said, not a traceback, an "unexpected OSError" or a silent exit 0."""
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            site_cli.aoc_argv(None, *args),
            env=year_env(tmp_path, aocd_home),
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=120,
        )
    assert done.returncode == 2, done.stderr
    assert done.stderr.endswith("Error: Could not write aoc's output (the disk is full).\n")
    assert "Traceback" not in done.stderr and "unexpected" not in done.stderr


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


MARK = "5e5510aa" + "0123456789abcdef" * 5 + "feedc0de"


PIECES = {MARK[i : i + 8] for i in range(len(MARK) - 7)}


RAISES_THE_TOKEN = """
import os

from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("x", part_1=1)]

    def part_1(self, text: str) -> int:
        raise ValueError("the token is " + os.environ.get("AOC_SESSION", ""))
"""


def aoc(token: str, *args: str) -> subprocess.CompletedProcess[str]:
    """`aoc ARGS` in this process with the token in AOC_SESSION, against the site aocd is
    pointed at (the `fake_aoc` fixture's, if any)."""
    return site_cli.aoc_in_process(*args, env=dict(os.environ) | {"AOC_SESSION": token})


def as_outside_pytest(monkeypatch: pytest.MonkeyPatch) -> None:
    """The root logger without a handler, as outside pytest, for the rest of the test (set
    in the test itself: pytest gives it one again between a fixture and the test).
    --verbose then gives it one on the command's (redacted) stderr, as in a process of its
    own, and the log lines are searched with the rest."""
    monkeypatch.setattr(logging.getLogger(), "handlers", [])


def assert_no_piece(done: subprocess.CompletedProcess[str]) -> None:
    output = done.stdout + done.stderr
    leaked = sorted(piece for piece in PIECES if piece in output)
    assert not leaked, f"{leaked[:3]} in:\n{output}"


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    """Day 7 on the fake site for MARK; aocd knows whose MARK and "dead" + MARK are."""
    aocd_loaded.set_token("dead" + MARK)
    aocd_loaded.set_token(MARK)
    fake_aoc.add_puzzle(
        2023, 7, "Camel Cards", inputs={MARK: DAY_7_EXAMPLE}, solutions=["6440", "5905"]
    )
    return fake_aoc


RUN_WITH_THE_PASTE = ["run", "2023", "7", "--json", "--no-submit"]


def assert_ran_with_the_paste(done: subprocess.CompletedProcess[str]) -> None:
    assert done.returncode == 0, done.stderr
    assert '"source": "input"' in done.stdout
    assert_no_piece(done)


@pytest.mark.parametrize(
    "pasted",
    [f"session={MARK}\r\n", f' "{MARK}" ', f"SESSION={MARK}\n"],
    ids=["prefix-crlf", "quotes", "upper-prefix"],
)
def test_a_token_pasted_with_a_prefix_quotes_or_crlf_works_and_never_shows(
    site: FakeAoC, pasted: str
) -> None:
    """With --verbose's log lines: test_verbose_output_never_shows_the_token."""
    assert_ran_with_the_paste(aoc(pasted, *RUN_WITH_THE_PASTE))


ERROR_PATHS = [
    ("dead" + MARK, ["run", "2023", "7"], "refused the session token"),
    (MARK[:40] + "\n" + MARK[40:], ["run", "2023", "7"], "a line break"),
    ("dead" + MARK, ["bench", "2023", "7", "--budget", "0.05"], "refused the session token"),
    ("dead" + MARK, ["list"], ""),
]
"""A token, the command, and what it says of the token on stderr."""


def assert_said(done: subprocess.CompletedProcess[str], said: str) -> None:
    assert said in done.stderr, (done.args, done.stderr)
    if said:
        assert done.returncode == 2 and "unexpected" not in done.stderr, done.args
    assert_no_piece(done)


def test_error_paths_never_show_the_token(site: FakeAoC) -> None:
    for token, args, said in ERROR_PATHS:
        assert_said(aoc(token, *args), said)


def test_verbose_output_never_shows_the_token(
    site: FakeAoC, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--verbose's log lines and tracebacks: each error path, and a pasted token (it is
    cleaned before anything is logged, so the lines are alike whatever the paste)."""
    as_outside_pytest(monkeypatch)
    for token, args, said in ERROR_PATHS:
        done = aoc(token, *args, "--verbose")
        assert_said(done, said)
        if said:  # an error: --verbose shows its traceback
            assert "Traceback (most recent call last)" in done.stderr, done.stderr
        if "refused" in said:  # it asked the site: the requests' log lines are there
            assert "DEBUG urllib3" in done.stderr, done.stderr
    pasted = aoc(f"session={MARK}\r\n", *RUN_WITH_THE_PASTE, "--verbose")
    assert_ran_with_the_paste(pasted)
    assert "DEBUG urllib3" in pasted.stderr and "/2023/day/7/input" in pasted.stderr


def test_aocds_runner_never_shows_the_token(site: FakeAoC, aocd_loaded: AocdHome) -> None:
    """As the program runs it, to its end, which aocd's runner may reach with a traceback
    of its own (it is printed through the redacting stderr), and with its log lines (`-v`,
    its spelling of --verbose): what it prints without them, it prints with them."""
    done = site_cli.aoc(
        site,
        aocd_loaded,
        "-y",
        "2023",
        "-d",
        "7",
        "-s",
        "-p",
        "aoc2023",
        "-v",
        env=aocd_loaded.env() | {"AOC_SESSION": "dead" + MARK},
    )
    assert "getting data year=2023 day=7" in done.stderr  # its log lines, to the refusal
    assert_no_piece(done)


def test_no_network_and_a_day_raising_with_the_token_never_show_it(
    aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real site, unreachable (the network is blocked in tests), and a day raising
    with the token, quiet, under --json, with --verbose's log lines and traceback, and
    in --timeout's child."""
    as_outside_pytest(monkeypatch)
    unreached = aoc(MARK, "run", "2023", "7", "--verbose")
    assert "Could not reach adventofcode.com" in unreached.stderr
    assert "Traceback" in unreached.stderr  # --verbose's, searched too
    assert_no_piece(unreached)
    example = ["run", "2084", "1", "--example"]
    with temporary_year(tmp_path / "site", 2084, {"day01.py": RAISES_THE_TOKEN}):
        raised = [
            aoc(MARK, *example, *flags)
            for flags in ([], ["--json"], ["--verbose"], ["--timeout", "5", "--verbose"])
        ]
    for done in raised:
        assert done.returncode == 2 and "the token is <token>" in done.stdout + done.stderr
        assert_no_piece(done)


@given(st.floats(allow_nan=False) | st.integers(-(10**30), 10**30))
@example(0.30000000000000004)
@example(10**30)
@example(1e-300)
@examples(50, wide=2000)
def test_a_numbers_digits_are_never_taken_for_a_piece_of_the_token(number: float) -> None:
    """The tests' token holds 80 zeros: a float's `00000000` (`0.30000000000000004`) is
    inside its digits, not a piece of the token, and stays (`LONG` zeros in a row, as a
    large whole number has, are redacted)."""
    redact = Redactor(TOKEN)
    for text in (repr(number), json.dumps({"seconds": number}), f"took {number}s\n"):
        if "0" * LONG not in text:
            assert redact(text) == text


@given(
    st.text(CHARACTERS),
    st.integers(0, len(TOKEN) - LONG),
    st.integers(LONG, len(TOKEN)),
    st.text(CHARACTERS),
)
@example("session=", 0, len(TOKEN), "\n")
@example("%3D", len(TOKEN) - LONG, LONG, "0")
@example("a", 16, LONG, "cafe")
@examples(50, wide=2000)
def test_a_long_piece_of_the_token_is_redacted_wherever_it_is(
    before: str, start: int, size: int, after: str
) -> None:
    """Glued to hexadecimal digits too (`%3D` + token): LONG characters in a row never
    match by chance."""
    output = Redactor(TOKEN)(before + TOKEN[start : start + size] + after)
    assert not [i for i in range(len(TOKEN) - LONG + 1) if TOKEN[i : i + LONG] in output]


def test_a_short_piece_of_the_token_standing_apart_is_redacted() -> None:
    """Every piece of every size from PIECE to LONG - 1."""
    redact = Redactor(MARK)
    for size in range(PIECE, LONG):
        for start in range(len(MARK) - size + 1):
            piece = MARK[start : start + size]
            for text in (piece, f"session={piece}\n", f"'{piece}' x", f"{piece}zz"):
                assert piece not in redact(text), (piece, text)


def test_a_whole_view_key_is_redacted_wherever_it_is() -> None:
    """A view key is shorter than LONG: whole, it goes even glued to hex (`%3D`)."""
    redact = Redactor(ViewKey("7f3a9c2e"))
    assert redact("view_key%3D7f3a9c2e0") == "view_key%3D<view key>0"
