"""No output of any command, at any verbosity, holds the session token or a piece of it.

The token is marked, pasted the ways people paste it (a `session=` prefix, quotes, a
CRLF line end), and every command is run through its error paths: a dead token, a
token with a line break inside it, no network, a day that raises with the token in its
message, aocd's own runner. All output, `--verbose`'s log lines too, is searched for any
8 characters of the token. The commands run in this process (`site_cli.aoc_in_process`),
but aocd's runner, which runs in one of its own, as the program runs it.
"""

from __future__ import annotations

import json
import logging
import os
import subprocess
from pathlib import Path

import pytest
import site_cli
from conftest import DAY_7_EXAMPLE, TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from hypothesis import example, given
from hypothesis import strategies as st
from misbehaving_days import CHARACTERS, examples

from aoc2023.framework.output import LONG, PIECE, Redactor, ViewKey

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


def test_aocds_token_file_is_made_readable_by_its_owner_alone(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    memo = aocd_loaded.config / "token2id.json"
    memo.chmod(0o644)
    done = aoc(MARK, "run", "2023", "7", "--no-submit")
    assert done.returncode == 0, done.stderr
    assert memo.stat().st_mode & 0o777 == 0o600


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
