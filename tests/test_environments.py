"""Hostile and unusual environments (issue 25): output in any encoding, and escape
sequences from outside.

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
from typing import IO

import pytest
import site_cli
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from read_only import read_only

from aoc2023.framework.commands.view import smart_terminal, use_colour
from aoc2023.framework.output import RedactingStream, Redactor

YEAR = 2063
SINCE_YEAR_UNLOCKED = 40 * 366 * 86400.0
"""A clock shift past YEAR's December (a real run fetches only what is unlocked)."""
DAY = '''
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3, part_2="3\u2603")]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> str:
        return f"{len(text)}\u2603"
'''


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


COMMANDS = (["run", str(YEAR), "1", "--example"], ["list", str(YEAR)],
            ["bench", str(YEAR), "1", "--example", "--budget", "0.01"])


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
    fake_aoc.add_puzzle(2064, 1, "Test", inputs={TOKEN: "input"}, solutions=["1"],
                        replies=[f"That's not the right answer. {HOSTILE}"])
    with temporary_year(tmp_path / "site", 2064, {"day01.py": source}):
        result = site_cli.aoc_in_process("run", "2064", "1", "--yes")
    assert "\x1b" not in result.stdout + result.stderr
    assert SHOWN in result.stdout  # the answer, in the table
    assert f"That's not the right answer. {SHOWN}" in result.stderr  # the site's reply


def test_escape_sequences_in_a_member_name_and_a_page_are_shown_not_obeyed(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, 4242, {"event": "2023", "owner_id": 1, "members": {"1": {
        "id": 1, "name": f"eve{HOSTILE}", "local_score": 1, "stars": 0, "last_star_ts": 0,
        "completion_day_level": {}}}}, viewers={TOKEN})
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: "x\n"},
                        example=f"32T3K 765\n{HOSTILE}\nT55J5 684\n")
    for args in (["leaderboard", "2023", "4242"], ["read", "2023", "7"],
                 ["read", "2023", "7", "--markdown"]):
        result = site_cli.aoc_in_process(*args, cwd=tmp_path)
        assert result.returncode == 0, result.stderr
        assert "\x1b" not in result.stdout + result.stderr, args
        assert SHOWN in result.stdout.replace("\n", "").replace("│", "").replace(" ", ""), args


def test_read_into_a_pipe_pads_no_line(fake_aoc: FakeAoC, aocd_loaded: AocdHome,
                                       tmp_path: Path) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: "x\n"},
                        example="32T3K 765\nT55J5 684\n")
    result = site_cli.aoc_in_process("read", "2023", "7", cwd=tmp_path,
                                     env=dict(os.environ, COLUMNS="100"))
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

    env = year_env(tmp_path, aocd_home, TERM="dumb", LC_ALL="C", PYTHONCOERCECLOCALE="0",
                   PYTHONUTF8="0", PYTHONIOENCODING="")
    controller, terminal = pty.openpty()
    process = subprocess.Popen(site_cli.aoc_argv(None, *COMMANDS), env=env, stdin=terminal,
                               stdout=terminal, stderr=terminal)
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
        output, code, rest = ran[3 * number:3 * number + 3]
        if number == len(COMMANDS) - 1:
            rest += at_exit
        assert_tables_in("ascii", args, CompletedProcess(args, int(code), output + rest, ""))



def test_a_view_for_people_is_fitted_and_coloured_to_the_terminal_it_is_written_to(
    monkeypatch: pytest.MonkeyPatch
) -> None:
    """A command's view (commands/options.py `emit`) is written to the terminal itself: its width
    (no COLUMNS exported, as a shell leaves it) and colour are the terminal's, and the
    colour reaches it as escape codes, not as text (text from outside is made printable
    before it is painted)."""
    import fcntl
    import struct
    import sys
    import termios

    from aoc2023.framework.commands.options import emit
    from aoc2023.framework.commands.view import paint, terminal_width

    for name in ("COLUMNS", "NO_COLOR", "FORCE_COLOR"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("TERM", "xterm")
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 60, 0, 0))
    seen: list[tuple[int | None, bool]] = []

    def view(out: IO[str], err: IO[str]) -> None:
        seen.append((terminal_width(out), use_colour(err)))
        print(paint("\x1b]0;title\x07 bold", "bold", colour=use_colour(out)), file=out, flush=True)

    with os.fdopen(terminal, "w") as stream, os.fdopen(controller, "rb", buffering=0) as screen:
        monkeypatch.setattr(sys, "stdout", stream)
        monkeypatch.setattr(sys, "stderr", stream)
        emit(lambda: "{}", [], view, as_json=False)
        shown = screen.read(10000).decode()
    assert seen == [(60, True)]
    assert shown.startswith("\x1b[1m\\x1b]0;title\\x07 bold\x1b[0m"), repr(shown)

# --- what is found where a file should be (item 4) -----------------------------------------

def refused(result: CompletedProcess[str], path: Path, why: str) -> None:
    """One sentence naming `path` and why it cannot be read; exit 2."""
    assert result.returncode == 2, (path, result.stdout, result.stderr)
    assert f"{path} cannot be read ({why}" in result.stderr, result.stderr
    for text in ("Traceback", "unexpected", "MemoryError"):
        assert text not in result.stderr


def test_a_fifo_or_a_device_where_a_file_should_be_hangs_nothing(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """A hang fails the test at the time limit instead of blocking it: a FIFO or a device
    is tried in a process; a token file too large, which cannot hang, in this one. Each
    process holds several, a command each: a command meets its own before any other (the
    token file is not read when $AOC_SESSION holds the token; a day's own files are read
    before the record of sent answers, and that before the record of waits). No site
    answers: each file is read before anything is asked of it (a send would fail
    otherwise)."""
    aocd_home.set_token()
    env = year_env(tmp_path, aocd_home)
    for day in (1, 2, 3):
        (tmp_path / "site" / f"aoc{YEAR}" / f"day0{day}.py").write_text(DAY)
        aocd_home.cache_input(YEAR, day, "abcd")
    token, memo = aocd_home.config / "token", aocd_home.config / "token2id.json"
    journal = aocd_home.config / "aoc-attempts.json"
    waits = aocd_home.config / "aoc-submit-wait.json"
    day_1_input = aocd_home.user_dir / f"{YEAR}_01_input.txt"
    day_2_answer = aocd_home.user_dir / f"{YEAR}_02a_answer.txt"
    in_the_environment = {"AOC_SESSION": TOKEN}

    def fifos(*paths: Path) -> None:
        for path in paths:
            path.unlink(missing_ok=True)
            os.mkfifo(path)

    # The token file a FIFO: what needs no token runs, what needs one is refused; with the
    # token in the environment, aocd's memo of its owner a FIFO.
    memo_text = memo.read_text()
    fifos(token, memo)
    version, example, *tokens, owner = site_cli.aoc(
        None, aocd_home, ["--version"], ["run", str(YEAR), "1", "--example"],
        ["run", str(YEAR), "1"], ["token"], ["run", str(YEAR), "1", "--yes"],
        settings=[{}, {}, {}, {}, in_the_environment], env=env, timeout=60)
    assert version.returncode == 0 and "aoc (aoc2023)" in version.stdout
    assert example.returncode == 0 and "✔ 3" in example.stdout, example.stderr
    for result in tokens:
        refused(result, token, "a FIFO, not a regular file")
        assert f"The token file {token}" in result.stderr
    refused(owner, memo, "a FIFO, not a regular file")

    # The token file a device; with the token in the environment, the record of waits a FIFO.
    token.unlink()
    token.symlink_to("/dev/zero")
    memo.unlink()
    memo.write_text(memo_text)
    fifos(waits)
    device, waited = site_cli.aoc(
        None, aocd_home, ["run", str(YEAR), "1"], ["run", str(YEAR), "1", "--yes"],
        settings=[{}, in_the_environment], env=env, timeout=60)
    refused(device, token, "a character device")
    refused(waited, waits, "a FIFO, not a regular file")

    # A day's own files (day 1's input, day 2's answer), and the record of sent answers
    # (day 3 would send); the token file too large (in this process: it cannot hang).
    waits.unlink()
    fifos(day_1_input, day_2_answer, journal)
    ran = site_cli.aoc(None, aocd_home, *(["run", str(YEAR), str(day), "--yes"]
                                          for day in (1, 2, 3)),
                       settings=[in_the_environment] * 3, env=env, timeout=60)
    for path, result in zip((day_1_input, day_2_answer, journal), ran, strict=True):
        refused(result, path, "a FIFO, not a regular file")
    token.unlink()
    token.write_text("ab" * 500_000)
    with temporary_year(tmp_path / "in-process", YEAR, {"day01.py": DAY}):
        result = site_cli.aoc_in_process("run", str(YEAR), "1")
    refused(result, token, "larger than 4,096 bytes")
    assert f"The token file {token}" in result.stderr


# --- a folder that cannot be written (item 6) -----------------------------------------------

def _a_page_a_board_and_an_answer(site: FakeAoC, tmp_path: Path,
                                  home: AocdHome) -> dict[str, str]:
    """The site with what `read 2023 7`, `leaderboard 2023 42` and `run YEAR 1 --yes` ask
    for; the environment of an `aoc` with `home` as aocd's folders and a token."""
    site.add_user(TOKEN)
    site.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: "x\n"})
    site.add_puzzle(YEAR, 1, "Test", inputs={TOKEN: "abcd"}, solutions=["4", "5"])
    site.add_board(2023, 42, {"event": "2023", "owner_id": 1, "members": {}}, viewers={TOKEN})
    return year_env(tmp_path, home, AOC_SESSION=TOKEN)


def test_a_read_only_home_is_named_by_the_commands_that_write(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_home: AocdHome
) -> None:
    """aocd's folders in a read-only HOME, where they cannot even be made."""
    (tmp_path / "home").mkdir()
    home = AocdHome(data=tmp_path / "home" / "aocd", config=tmp_path / "home" / "aocd")
    env = _a_page_a_board_and_an_answer(fake_aoc, tmp_path, home)
    writing = (["read", "2023", "7"], ["leaderboard", "2023", "42"],
               ["run", str(YEAR), "1", "--yes"])
    token, *refused = site_cli.aoc(fake_aoc, home, ["token"], *writing, env=env,
                                   timeout=60, wrapper=read_only(tmp_path / "home"),
                                   shift=SINCE_YEAR_UNLOCKED)
    assert token.returncode == 0, token.stderr  # it needs to keep nothing
    assert "accepted" in token.stdout and "github.tester.1234567" in token.stdout
    assert "token2id.json, could not be written" in token.stdout, token.stdout
    assert "now in aocd's memo" not in token.stdout
    for args, result in zip(writing, refused, strict=True):
        assert result.returncode == 2, (args, result.stderr)
        assert f"{tmp_path / 'home'} must be a folder you can write to" in result.stderr
        assert "unexpected" not in result.stderr and TOKEN not in result.stderr
    assert fake_aoc.requests_for("/answer") == []  # nothing is sent unrecorded


def test_a_read_only_config_folder_stops_only_the_commands_that_write_there(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_home: AocdHome
) -> None:
    """aocd's config folder read-only, its data folder not: reading a page and a board
    need only the data folder (aocd's memo of the token's owner, which it cannot keep,
    is kept in memory), and they work; sending an answer must journal it in the config
    folder first, and says that folder (it said nothing, and sent nothing, when aocd could
    not keep the owner it found)."""
    home = AocdHome(data=tmp_path / "data", config=tmp_path / "config")
    home.data.mkdir()
    home.config.mkdir()
    env = _a_page_a_board_and_an_answer(fake_aoc, tmp_path, home)
    reading = (["read", "2023", "7"], ["leaderboard", "2023", "42"])
    *read, sent = site_cli.aoc(fake_aoc, home, *reading, ["run", str(YEAR), "1", "--yes"],
                               env=env, timeout=60, wrapper=read_only(home.config),
                               shift=SINCE_YEAR_UNLOCKED)
    for args, result in zip(reading, read, strict=True):
        assert result.returncode == 0, (args, result.stderr)
    assert sent.returncode == 2, sent.stdout + sent.stderr  # asked to send, and could not
    assert "part 1: not sent: the attempt could not be written down" in sent.stderr
    assert f"{home.config}/.aoc-locks" in sent.stderr, sent.stderr
    assert f"{home.config} must be a folder you can write to" in sent.stderr, sent.stderr
    assert "unexpected" not in sent.stderr and TOKEN not in sent.stderr
    assert fake_aoc.requests_for("/answer") == []
