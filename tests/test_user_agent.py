"""Every request names the user behind it, as adventofcode.com asks of tools: our User-Agent,
with the contact from $AOC_USER_AGENT or [tool.aoc] contact, on each kind of request the
stand-in site sees; `aoc token` shows it; without a contact, one line a day says how."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import CONTACT, TOKEN, AocdHome
from fake_aoc import FakeAoC
from site_cli import aoc_in_process as aoc
from test_leaderboard import BOARD, board_2023

from aoc2023.framework import output, store
from aoc2023.framework.aocd import client, leaderboard, private
from aoc2023.framework.errors import UsageError

AGENT = re.compile(r"aoc2023/\S+ \(contact: (.*)\) advent-of-code-data/\d\S*")
BARE = re.compile(r"aoc2023/\S+ advent-of-code-data/\d\S*")


def test_aocd_sends_the_headers_of_its_pool_manager() -> None:
    """The one aocd private name the User-Agent relies on (client.identified): aocd's
    client sends the headers of its pool manager (private.py), its fixed USER_AGENT among
    them."""
    import aocd.utils

    headers = private.pool_manager().headers
    assert headers["User-Agent"] == aocd.utils.USER_AGENT
    with client.identified():
        assert AGENT.fullmatch(private.pool_manager().headers["User-Agent"])
    assert headers["User-Agent"] == aocd.utils.USER_AGENT  # aocd's own again, after


def test_every_kind_of_request_names_the_contact(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token(user_id=None)
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", {TOKEN: "32T3K 765\n"}, solutions=["6440"])
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})

    assert client.check_token().accepted  # the settings page
    assert client.fetch_input(2023, 7, TOKEN).strip() == "32T3K 765"
    assert client.read_page(2023, 7, TOKEN)[0] == "Camel Cards"
    assert "right answer" in client.post_answer(TOKEN, 2023, 7, 1, "6440")
    leaderboard.leaderboard(TOKEN, 2023, BOARD)

    kinds = {("GET", "/settings"), ("GET", "/2023/day/7/input"), ("GET", "/2023/day/7"),
             ("POST", "/2023/day/7/answer"),
             ("GET", f"/2023/leaderboard/private/view/{BOARD}.json")}
    assert {(r.method, r.path) for r in fake_aoc.requests} == kinds
    for request in fake_aoc.requests:
        assert request.user_agent is not None, request
        match = AGENT.fullmatch(request.user_agent)
        assert match and match[1] == CONTACT, request


def test_the_contact_comes_from_the_variable_else_the_project(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "pyproject.toml").write_text('[tool.aoc]\ncontact = "github.com/me/aoc"\n')
    monkeypatch.chdir(tmp_path)
    assert client.contact() == CONTACT  # $AOC_USER_AGENT wins
    monkeypatch.delenv("AOC_USER_AGENT")
    assert client.contact() == "github.com/me/aoc"
    assert client.user_agent().startswith("aoc2023/")
    assert "(contact: github.com/me/aoc) advent-of-code-data/" in client.user_agent()
    (tmp_path / "pyproject.toml").write_text("[tool.aoc]\n")
    assert client.contact() is None
    assert BARE.fullmatch(client.user_agent())


@pytest.mark.parametrize(("given", "sent"), [
    ("github.com/me/aoc by me@example.com", "github.com/me/aoc by me@example.com"),
    ("me@example.com (Alex)", "me@example.com (Alex)"),  # a comment nests inside one
    ("me@example.com :)", "me@example.com :\\)"),  # unpaired: escaped, the comment still ends
    ("a\\b", "a\\\\b"),
])
def test_the_contact_is_a_comment_that_ends_where_it_should(given: str, sent: str) -> None:
    match = AGENT.fullmatch(client.user_agent(given))
    assert match and match[1] == sent


@pytest.mark.parametrize("value", ["me@example.com\r\nX-Injected: 1", "café@example.com"])
def test_a_contact_a_header_cannot_carry_is_one_sentence_and_nothing_is_sent(
    value: str, fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    monkeypatch.setenv("AOC_USER_AGENT", value)
    done = aoc("token", "--recheck", cwd=tmp_path)
    assert done.returncode == 2
    assert done.stderr.startswith("Error: $AOC_USER_AGENT must be printable ASCII on one line")
    assert "Traceback" not in done.stderr
    assert fake_aoc.requests == []


def test_a_contact_setting_that_is_not_text_is_said(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "pyproject.toml").write_text("[tool.aoc]\ncontact = 5\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("AOC_USER_AGENT")
    with pytest.raises(UsageError, match=r"\[tool.aoc\] contact in .* must be text"):
        client.contact()


def test_aoc_token_shows_what_is_sent_and_the_contact_passes_redaction(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    done = aoc("token", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    sent = fake_aoc.requests[-1].user_agent
    assert sent is not None and CONTACT in sent
    assert f"Sent:   User-Agent: {sent}\n" in done.stdout  # whole, as the site saw it
    assert TOKEN[-8:] not in done.stdout + done.stderr + sent
    assert "names no contact" not in done.stdout
    assert "Note:" not in done.stderr


def test_without_a_contact_one_line_a_day_says_how_to_set_it(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AOC_USER_AGENT")
    aocd_loaded.set_token()
    fake_aoc.add_board(2023, BOARD, board_2023(), viewers={TOKEN})

    first = aoc("leaderboard", "2023", str(BOARD), "--json", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    json.loads(first.stdout)  # one document: the line is on stderr
    notes = [line for line in first.stderr.splitlines() if "AOC_USER_AGENT" in line]
    assert len(notes) == 1 and notes[0].startswith("Note: adventofcode.com asks tools"), \
        first.stderr
    assert "contact" in notes[0] and "[tool.aoc]" in notes[0]
    assert BARE.fullmatch(fake_aoc.requests[-1].user_agent or "")

    # The same day: said no more, whether a request is sent or not.
    (aocd_loaded.data / "github.tester.1234567" / f"2023_leaderboard_{BOARD}.json").unlink()
    again = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert again.returncode == 0, again.stderr
    assert len(fake_aoc.requests_for(".json")) == 2
    assert "AOC_USER_AGENT" not in again.stderr

    # A day later, once more.
    mark = store.contact_reminder_file()
    mark.write_text(repr(float(mark.read_text()) - client.REMIND_EVERY - 1))
    (aocd_loaded.data / "github.tester.1234567" / f"2023_leaderboard_{BOARD}.json").unlink()
    later = aoc("leaderboard", "2023", str(BOARD), cwd=tmp_path)
    assert later.returncode == 0, later.stderr
    assert later.stderr.count("AOC_USER_AGENT") == 1
    assert "AOC_USER_AGENT" not in later.stdout


def test_no_line_when_nothing_went_to_the_site(
    aocd_home: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("AOC_USER_AGENT")
    done = aoc("list", "2023", cwd=tmp_path)
    assert "AOC_USER_AGENT" not in done.stderr
    assert not store.contact_reminder_file().exists()


def test_the_reminder_comes_from_a_clock_it_is_handed(aocd_home: AocdHome) -> None:
    """Each call as a command of its own would make it (a new screen each)."""
    monkey_now = [1_000_000.0]
    output.new_screen()
    client._sent_anonymously = True
    assert client.contact_reminder(lambda: monkey_now[0]) is not None
    output.new_screen()
    client._sent_anonymously = True
    monkey_now[0] += client.REMIND_EVERY - 1
    assert client.contact_reminder(lambda: monkey_now[0]) is None
    output.new_screen()
    client._sent_anonymously = True
    monkey_now[0] += 2
    assert client.contact_reminder(lambda: monkey_now[0]) is not None
    output.new_screen()
    assert client.contact_reminder(lambda: monkey_now[0]) is None  # nothing sent since


def test_the_reminder_is_not_said_twice_on_one_screen(aocd_home: AocdHome) -> None:
    """Due again (a day later) in the same command: the advice is said once per screen."""
    monkey_now = [1_000_000.0]
    output.new_screen()
    client._sent_anonymously = True
    assert client.contact_reminder(lambda: monkey_now[0]) is not None
    monkey_now[0] += client.REMIND_EVERY + 1
    client._sent_anonymously = True
    assert client.contact_reminder(lambda: monkey_now[0]) is None


def test_aoc_token_without_a_contact_says_how_to_set_one_once(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The view's line under the User-Agent is the advice; the day's reminder, due (it was
    never said), is not said again after it, and counts as said for the day."""
    monkeypatch.delenv("AOC_USER_AGENT")
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    done = aoc("token", "--recheck", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert BARE.fullmatch(fake_aoc.requests[-1].user_agent or "")  # sent with no contact
    screen = done.stdout + done.stderr
    assert screen.count("AOC_USER_AGENT") == 1, screen
    assert "names no contact of yours" in done.stdout
    assert store.read_time(store.contact_reminder_file()) is not None  # the day's, said
