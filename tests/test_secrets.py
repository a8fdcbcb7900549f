"""No output of any command, at any verbosity, holds the session token or a piece of it.

The token is marked, pasted the ways people paste it (a `session=` prefix, quotes, a
CRLF line end), and every command is run through its error paths: a dead token, a
token with a line break inside it, no network, a day that raises with the token in its
message, aocd's own runner. All output is searched for any 8 characters of the token.
`--verbose` (its log lines), `--timeout` (a child) and aocd's runner run in a real
process; the rest in this one (`site_cli.aoc_in_process`).
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest
import site_cli
from conftest import DAY_7_EXAMPLE, TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from hypothesis import given
from hypothesis import strategies as st

from aoc2023.framework.redaction import LONG, PIECE, Redactor, ViewKey

MARK = "5e5510aa" + "0123456789abcdef" * 5 + "feedc0de"
PIECES = {MARK[i:i + 8] for i in range(len(MARK) - 7)}

RAISES_THE_TOKEN = """
import os

from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("x", part_1=1)]

    def part_1(self, text: str) -> int:
        raise ValueError("the token is " + os.environ.get("AOC_SESSION", ""))
"""


def aoc(home: AocdHome, site: FakeAoC | str, token: str, *args: str,
        pythonpath: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`aoc ARGS` with the token in AOC_SESSION: in a real process, with aocd pointed at
    `site` (or at a site's address), when its subject needs one (`--verbose`'s log lines,
    `--timeout`'s child, aocd's runner); else in this one, where aocd is pointed at the
    `fake_aoc` fixture's site, if any (a `pythonpath` must then be on sys.path already)."""
    if {"--verbose", "-v", "--timeout", "-y"} & set(args):
        env = home.env() | {"AOC_SESSION": token}
        if pythonpath is not None:
            env["PYTHONPATH"] = f"{pythonpath}{os.pathsep}{env['PYTHONPATH']}"
        return site_cli.aoc(site, home, *args, env=env)
    return site_cli.aoc_in_process(*args, env=dict(os.environ) | {"AOC_SESSION": token})


def assert_no_piece(done: subprocess.CompletedProcess[str]) -> None:
    output = done.stdout + done.stderr
    leaked = sorted(piece for piece in PIECES if piece in output)
    assert not leaked, f"{leaked[:3]} in:\n{output}"


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    """Day 7 on the fake site for MARK; aocd knows whose MARK and "dead" + MARK are."""
    aocd_loaded.set_token("dead" + MARK)
    aocd_loaded.set_token(MARK)
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={MARK: DAY_7_EXAMPLE},
                        solutions=["6440", "5905"])
    return fake_aoc


PASTED = [(f"session={MARK}\r\n", []), (f' "{MARK}" ', []), (f"SESSION={MARK}\n", []),
          (f"session={MARK}\r\n", ["--verbose"])]
"""Each way of pasting, and --verbose's log lines once: the token is cleaned before
anything is logged, so the lines are alike whatever the paste."""


@pytest.mark.parametrize(("pasted", "verbose"), PASTED,
                         ids=["prefix-crlf", "quotes", "upper-prefix", "prefix-crlf-verbose"])
def test_a_token_pasted_with_a_prefix_quotes_or_crlf_works_and_never_shows(
    site: FakeAoC, aocd_loaded: AocdHome, pasted: str, verbose: list[str]
) -> None:
    done = aoc(aocd_loaded, site, pasted, "run", "2023", "7", "--json",
               "--no-submit", *verbose)
    assert done.returncode == 0, done.stderr
    assert '"source": "input"' in done.stdout
    assert_no_piece(done)


@pytest.mark.parametrize("verbose", [[], ["--verbose"]], ids=["quiet", "verbose"])
@pytest.mark.parametrize(
    ("token", "args", "said"),
    [
        ("dead" + MARK, ["run", "2023", "7"], "refused the session token"),
        (MARK[:40] + "\n" + MARK[40:], ["run", "2023", "7"], "a line break"),
        ("dead" + MARK, ["bench", "2023", "7", "--budget", "0.05"], "refused the session token"),
        ("dead" + MARK, ["list"], ""),
        ("dead" + MARK, ["-y", "2023", "-d", "7", "-s", "-p", "aoc2023"], ""),
    ],
    ids=["dead", "line-break", "bench", "list", "aocd-runner"],
)
def test_error_paths_never_show_the_token(
    site: FakeAoC, aocd_loaded: AocdHome, token: str, args: list[str], said: str,
    verbose: list[str],
) -> None:
    if args[0] == "-y" and verbose:
        verbose = ["-v"]  # aocd's runner spells it so
    done = aoc(aocd_loaded, site, token, *args, *verbose)
    assert said in done.stderr
    if said:
        assert done.returncode == 2 and "unexpected" not in done.stderr
    assert_no_piece(done)


def test_no_network_and_a_day_raising_with_the_token_never_show_it(
    aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    unreachable = "http://192.0.2.1"  # blocked in tests: no network
    done = aoc(aocd_loaded, unreachable, MARK, "run", "2023", "7", "--verbose")
    assert "Could not reach adventofcode.com" in done.stderr
    assert_no_piece(done)
    with temporary_year(tmp_path / "site", 2084, {"day01.py": RAISES_THE_TOKEN}):
        for flags in ([], ["--verbose"], ["--json"], ["--timeout", "5", "--verbose"]):
            done = aoc(aocd_loaded, unreachable, MARK, "run", "2084", "1", "--example",
                       *flags, pythonpath=tmp_path / "site")
            assert done.returncode == 2 and "the token is <token>" in done.stdout + done.stderr
            assert_no_piece(done)


def test_aocds_token_file_is_made_readable_by_its_owner_alone(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    memo = aocd_loaded.config / "token2id.json"
    memo.chmod(0o644)
    done = aoc(aocd_loaded, site, MARK, "run", "2023", "7", "--no-submit")
    assert done.returncode == 0, done.stderr
    assert memo.stat().st_mode & 0o777 == 0o600


@given(st.floats(allow_nan=False) | st.integers(-10**30, 10**30))
def test_a_numbers_digits_are_never_taken_for_a_piece_of_the_token(number: float) -> None:
    """The tests' token holds 80 zeros: a float's `00000000` (`0.30000000000000004`) is
    inside its digits, not a piece of the token, and stays (`LONG` zeros in a row, as a
    large whole number has, are redacted)."""
    redact = Redactor(TOKEN)
    for text in (repr(number), json.dumps({"seconds": number}), f"took {number}s\n"):
        if "0" * LONG not in text:
            assert redact(text) == text


@given(st.text(), st.integers(0, len(TOKEN) - LONG), st.integers(LONG, len(TOKEN)),
       st.text())
def test_a_long_piece_of_the_token_is_redacted_wherever_it_is(
        before: str, start: int, size: int, after: str) -> None:
    """Glued to hexadecimal digits too (`%3D` + token): LONG characters in a row never
    match by chance."""
    output = Redactor(TOKEN)(before + TOKEN[start:start + size] + after)
    assert not [i for i in range(len(TOKEN) - LONG + 1) if TOKEN[i:i + LONG] in output]


@pytest.mark.parametrize("size", range(PIECE, LONG))
def test_a_short_piece_of_the_token_standing_apart_is_redacted(size: int) -> None:
    redact = Redactor(MARK)
    for start in range(len(MARK) - size + 1):
        piece = MARK[start:start + size]
        for text in (piece, f"session={piece}\n", f"'{piece}' x", f"{piece}zz"):
            assert piece not in redact(text), (piece, text)


def test_a_whole_view_key_is_redacted_wherever_it_is() -> None:
    """A view key is shorter than LONG: whole, it goes even glued to hex (`%3D`)."""
    redact = Redactor(ViewKey("7f3a9c2e"))
    assert redact("view_key%3D7f3a9c2e0") == "view_key%3D<view key>0"
