"""`aoc leaderboard --view-key`: a board read with its read-only key and no session, the
key kept per board (`--save-key`) and never shown whole, and the site's 15-minute rule
held by every form of the command, counted on the stand-in site with a fake clock."""

from __future__ import annotations

import json
import logging
import stat
import subprocess
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import TOKEN, USER_ID, AocdHome
from fake_aoc import HTML, FakeAoC, Reply
from fake_clock import FakeClock
from site_cli import aoc_in_process as aoc
from test_leaderboard import BOARD, board_2023

from aoc2023.framework import calendar
from aoc2023.framework.output import Redactor, ViewKey

KEY = "7f3a9c2e"
WRONG = "0badc0de"
LINK = f"https://adventofcode.com/2023/leaderboard/private/view/{BOARD}?view_key={KEY}"


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> FakeClock:
    """The framework's one clock (`calendar.current_time`), moved only by the test."""
    fake = FakeClock(start=datetime(2023, 12, 20, 12, tzinfo=UTC))
    monkeypatch.setattr(calendar, "current_time", fake.datetime)
    return fake


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome, clock: FakeClock) -> FakeAoC:
    """Board 424242 of 2023, seen by TOKEN's session and by KEY; no token set."""
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN}, view_key=KEY)
    return fake_aoc


def board_requests(site: FakeAoC) -> list[str]:
    """How each request for the board was made: 'key=...' or 'token' or 'none'."""
    return [
        f"key={r.query.removeprefix('view_key=')}" if r.query else "token" if r.token else "none"
        for r in site.requests_for(f"/{BOARD}.json")
    ]


def no_key_in(*done: subprocess.CompletedProcess[str]) -> None:
    """No output holds a key whole (nor, keys being 8 characters, any piece PIECE long)."""
    text = "".join(each.stdout + each.stderr for each in done)
    assert KEY not in text and WRONG not in text, text


def test_a_view_key_reads_the_board_with_no_token(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    done = aoc("leaderboard", "2023", str(BOARD), "--view-key", KEY, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "anonymous #99" in done.stdout
    assert done.stdout.splitlines()[-1] == (
        "Data from 0s ago (fetched just now with the view key ending 9c2e; kept for 15 minutes)."
    )
    [request] = site.requests_for(f"/{BOARD}.json")
    assert request.token is None and request.query == f"view_key={KEY}"  # no cookie at all
    assert request.user_agent is not None and request.user_agent.startswith("aoc2023/")
    kept = aocd_loaded.data / "leaderboards" / f"2023_{BOARD}.json"  # per board, not user
    assert json.loads(kept.read_text())["view_key_end"] == "9c2e"
    assert not (aocd_loaded.data / USER_ID).exists()
    no_key_in(done)
    assert not (aocd_loaded.config / "aoc-view-keys.json").exists()  # kept only when asked


def test_the_whole_read_only_link_will_do(site: FakeAoC, tmp_path: Path) -> None:
    done = aoc("leaderboard", "2023", str(BOARD), "--view-key", LINK, "--json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown["view_key_end"] == "9c2e" and shown["from_cache"] is False
    assert board_requests(site) == [f"key={KEY}"]
    no_key_in(done)


def test_what_is_not_a_key_is_refused_before_any_request(site: FakeAoC, tmp_path: Path) -> None:
    for given in ["abc", "has space1", "../../etc", f"view_key={KEY[:4]}"]:
        done = aoc("leaderboard", "2023", str(BOARD), "--view-key", given, cwd=tmp_path)
        assert done.returncode == 2, given
        assert done.stderr.startswith("Error: --view-key takes a private leaderboard's view key"), (
            given
        )
        assert given not in done.stderr
    assert site.requests == []


def test_a_wrong_key_is_one_sentence_and_exit_2(site: FakeAoC, tmp_path: Path) -> None:
    """In the table's output and in --json's document alike; nothing kept of it, so each
    asks the site."""
    sentence = (
        f"The view key for board {BOARD} (the view key ending c0de) was not accepted "
        "for 2023: adventofcode.com answered HTTP 400; check it against the board's "
        "read-only link"
    )
    for asked, form in enumerate([(), ("--json",)], start=1):
        done = aoc("leaderboard", "2023", str(BOARD), "--view-key", WRONG, *form, cwd=tmp_path)
        assert done.returncode == 2, form
        assert done.stderr.startswith(f"Error: {sentence}")
        assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
        if form:
            assert json.loads(done.stdout) | {"error": ""} == {"error": "", "exit_code": 2}
            assert json.loads(done.stdout)["error"].startswith(sentence)
        else:
            assert done.stdout == ""
        assert board_requests(site) == [f"key={WRONG}"] * asked
        no_key_in(done)


def test_a_web_page_in_place_of_the_board_is_a_key_not_accepted(
    site: FakeAoC, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The site may answer a key it does not take with its page, status 200."""
    original = site.respond

    def page_for_a_key(
        method: str,
        path: str,
        token: str | None,
        form: dict[str, str],
        user_agent: str | None = None,
        query: str = "",
    ) -> Reply | None:
        reply = original(method, path, token, form, user_agent, query)  # recorded
        if path.endswith(".json"):
            return 200, "<!DOCTYPE html><html><body>Private Leaderboard</body></html>", HTML
        return reply

    monkeypatch.setattr(site, "respond", page_for_a_key)
    done = aoc("leaderboard", "2023", str(BOARD), "--view-key", WRONG, cwd=tmp_path)
    assert done.returncode == 2
    assert (
        "was not accepted for 2023: adventofcode.com answered with a web page, not the "
        "board's JSON" in done.stderr
    )
    assert "Traceback" not in done.stderr


def test_a_saved_key_is_used_next_time_and_kept_like_the_token(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, clock: FakeClock
) -> None:
    done = aoc("leaderboard", "2023", str(BOARD), "--view-key", KEY, "--save-key", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    keys = aocd_loaded.config / "aoc-view-keys.json"
    assert done.stderr == (
        f"Kept the view key ending 9c2e for board {BOARD} in {keys}: later "
        "reads of the board use it.\n"
    )
    assert json.loads(keys.read_text()) == {str(BOARD): KEY}
    assert stat.S_IMODE(keys.stat().st_mode) == 0o600  # the owner's alone, as the token's

    clock.advance(16 * 60)  # past the kept copy's 15 minutes: the site is asked again
    later = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)  # no token, no option
    assert later.returncode == 0, later.stderr
    assert "fetched just now with the view key ending 9c2e" in later.stdout
    assert board_requests(site) == [f"key={KEY}", f"key={KEY}"]

    # With a token too, the kept key reads the board (it needs no cookie, and sees the
    # board whether or not the token does): one request, as ever.
    aocd_loaded.set_token()
    clock.advance(16 * 60)
    with_token = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert with_token.returncode == 0, with_token.stderr
    assert board_requests(site)[-1] == f"key={KEY}" and len(board_requests(site)) == 3
    no_key_in(done, later, with_token)


def test_a_saved_key_the_site_no_longer_takes_says_where_it_is_kept(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    keys = aocd_loaded.config / "aoc-view-keys.json"
    keys.write_text(json.dumps({str(BOARD): WRONG}))
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert (
        f"it is the key kept in {keys}: give the board's new one with --view-key KEY "
        "--save-key" in done.stderr
    )
    assert done.stderr.count("\n") == 1
    no_key_in(done)
    replaced = aoc("leaderboard", "2023", str(BOARD), "--view-key", KEY, "--save-key", cwd=tmp_path)
    assert replaced.returncode == 0, replaced.stderr
    assert json.loads(keys.read_text()) == {str(BOARD): KEY}


def test_a_key_is_not_saved_from_a_copy_fetched_without_it(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """The copy shown was fetched with the token: the site has not tried the key, and is
    not asked again within the 15 minutes, so the key is not kept (yet)."""
    aocd_loaded.set_token()
    assert aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path).returncode == 0
    done = aoc("leaderboard", "2023", str(BOARD), "--view-key", WRONG, "--save-key", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr.startswith(
        "Note: the view key was not kept: the board shown was "
        "fetched without it less than 15 minutes ago"
    )
    assert not (aocd_loaded.config / "aoc-view-keys.json").exists()
    assert board_requests(site) == ["token"]


def test_save_key_needs_a_key(site: FakeAoC, tmp_path: Path) -> None:
    done = aoc("leaderboard", "2023", str(BOARD), "--save-key", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        "Error: --save-key keeps the key given with --view-key KEY: give it one.\n"
    )


def test_no_token_and_no_key_names_both_ways(aocd_home: AocdHome, tmp_path: Path) -> None:
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: No Advent of Code session token is set")
    assert (
        f"no view key is kept for board {BOARD}: give the board's view key with "
        "--view-key KEY" in done.stderr
    )


def test_a_damaged_key_file_is_one_sentence(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    keys = aocd_loaded.config / "aoc-view-keys.json"
    keys.write_text("{not json")
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        f"Error: aoc's view key file {keys} is not JSON: fix it (a map of "
        'board ids to keys, {"424242": "..."}) or remove it.\n'
    )


def test_a_kept_key_that_is_no_key_is_a_damaged_file_and_redacts_nothing(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """A kept key of one character (the file edited) was redacted wherever that character
    stood, in every command's output: `aoc list --json` printed no JSON."""
    keys = aocd_loaded.config / "aoc-view-keys.json"
    keys.write_text(json.dumps({"1": '"'}))
    listed = aoc("list", "--json", cwd=tmp_path)
    assert isinstance(json.loads(listed.stdout), dict), listed.stdout
    done = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr == (
        f"Error: aoc's view key file {keys} holds no view key for board 1: fix it (a map of "
        'board ids to keys, {"424242": "..."}) or remove it.\n'
    )


def test_no_form_asks_for_a_board_more_than_once_in_15_minutes(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, clock: FakeClock
) -> None:
    """Every form of the command, in turn, on the fake clock: one request for the board
    per 15 minutes whatever the form and however the board was read before (token, view
    key, a kept key), and a damaged kept copy is a miss, not a crash."""
    aocd_loaded.set_token()
    forms = [
        (),
        ("--json",),
        ("--day", "1"),
        ("--day", "1", "--json"),
        ("--view-key", KEY),
        ("--view-key", KEY, "--json"),
        ("--view-key", KEY, "--day", "3"),
        ("--view-key", KEY, "--save-key"),
    ]

    def every_form(step: float, forms: list[tuple[str, ...]] = forms) -> None:
        for form in forms:
            done = aoc("leaderboard", "2023", str(BOARD), *form, cwd=tmp_path)
            assert done.returncode == 0, (form, done.stderr)
            assert not done.stderr or done.stderr.startswith(("Kept", "Note")), done.stderr
            clock.advance(step)

    every_form(60)  # 8 minutes: the token's fetch is shown to every form, the key's too
    assert board_requests(site) == ["token"]
    clock.advance(7 * 60 + 1)  # 15 minutes and a second since the fetch
    every_form(60, forms[::-1])  # the key, fetched and kept first, then every other form
    assert board_requests(site) == ["token", f"key={KEY}"]

    clock.advance(14 * 60 + 59 - 8 * 60)  # 14:59 since: still kept
    every_form(0)
    assert len(board_requests(site)) == 2

    # Damaged copies, of either kind, are misses: fetched again, not a crash (each read
    # by a form of its own: the copy fetched again is then a good one for every form).
    shared = aocd_loaded.data / "leaderboards" / f"2023_{BOARD}.json"
    own = aocd_loaded.data / USER_ID / f"2023_leaderboard_{BOARD}.json"
    for damage, form in zip(
        (
            "{not json",
            json.dumps({"fetched_at": clock.time(), "board": []}),
            json.dumps([1, 2]),
            "",
        ),
        forms[::2],
        strict=True,
    ):
        shared.write_text(damage)
        own.write_text(damage)
        every_form(0, [form])
    assert board_requests(site) == ["token"] + [f"key={KEY}"] * 5  # the kept key's reads

    # A clock set back (a copy "from the future") is not trusted either.
    clock.advance(-3600)
    every_form(0)
    assert len(board_requests(site)) == 7


def test_the_redactor_names_a_view_key_as_one() -> None:
    redact = Redactor("a" * 96 + "cafe", ViewKey(KEY))
    assert (
        redact(f"GET /x.json?view_key={KEY} with session={'a' * 96}cafe")
        == "GET /x.json?view_key=<view key> with session=<token>"
    )


def test_the_key_never_shows_in_verbose_output(
    site: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--verbose logs every request's address, the key in it: each line goes through the
    redaction, a wrong key's traceback, a saved key's and a kept copy's reads included.
    The root logger has no handler, as outside pytest: `--verbose` gives it one on the
    command's (redacted) stderr, as in a process of its own."""
    monkeypatch.setattr(logging.getLogger(), "handlers", [])
    done = [
        aoc("leaderboard", "2023", str(BOARD), *args, cwd=tmp_path)
        for args in (
            ["--view-key", WRONG, "--verbose"],
            ["--view-key", WRONG, "--json", "--verbose"],
            ["--view-key", KEY, "--save-key", "--verbose"],
            ["--json", "--verbose"],
        )
    ]
    # A key kept for another board, refused: redacted from the start of the command.
    site.add_board(2023, BOARD + 1, board_2023(), viewers=set(), view_key=KEY)
    keys = aocd_loaded.config / "aoc-view-keys.json"
    keys.write_text(json.dumps({str(BOARD): KEY, str(BOARD + 1): WRONG}))
    done.append(aoc("leaderboard", "2023", str(BOARD + 1), "--verbose", cwd=tmp_path))
    no_key_in(*done)
    assert [each.returncode for each in done] == [2, 2, 0, 0, 2]
    assert f"/{BOARD + 1}.json?view_key=<view key>" in done[4].stderr
    assert "view_key=<view key>" in done[0].stderr  # the address was logged, and redacted
    assert "Traceback" in done[0].stderr and "ending c0de" in done[0].stderr
    assert json.loads(done[1].stdout)["exit_code"] == 2
    assert "view_key=<view key>" in done[2].stderr
    assert json.loads(done[3].stdout)["view_key_end"] == "9c2e"  # the kept copy, by the key
    assert board_requests(site) == [f"key={WRONG}", f"key={WRONG}", f"key={KEY}"]
