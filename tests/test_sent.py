"""What was sent (aocd/sent.py): a reply lost after the site judged the answer never leads
to sending it again.

Each case sends a wrong answer through the loopback stand-in, loses the reply in a
different way (the connection dropped after judging, HTTP 502 after judging, the
process killed while waiting, aocd's log folder not writable), then runs again, twice:
across all runs the site sees exactly one POST of that value, and the user is told
what is known. A lost reply to a right answer is found on the puzzle page instead.
`aoc` runs in this process, but for the one killed (a process of its own).
"""

from __future__ import annotations

import json
import signal
import subprocess
import threading

import pytest
import site_cli
from conftest import TOKEN, AocdHome
from fake_aoc import FakeAoC

from aoc2023.framework import store
from aoc2023.framework.aocd.sent import NO_REPLY_WAIT

EXAMPLE = "32T3K 765\nT55J5 684\nKK677 28\nKTJJT 220\nQQQJA 483\n"
RIGHT = ["6440", "5905"]


def aoc(site: FakeAoC, home: AocdHome, *args: str) -> subprocess.CompletedProcess[str]:
    """`aoc run 2023 7 --json ARGS` in this process, against `site` (the `fake_aoc`
    fixture's: aocd is pointed at it)."""
    return site_cli.aoc_in_process("run", "2023", "7", "--json", *args)


def command(site: FakeAoC, *args: str) -> list[str]:
    """`aoc run 2023 7 --json ARGS` in a process of its own, against `site`."""
    return site_cli.aoc_argv(site, "run", "2023", "7", "--json", *args)


def posts(site: FakeAoC) -> list[tuple[str, str]]:
    return [(r.form["level"], r.form["answer"]) for r in site.requests if r.method == "POST"]


def part_1(done: subprocess.CompletedProcess[str]) -> dict[str, object]:
    result: dict[str, object] = json.loads(done.stdout)["results"][0]["parts"][0]
    return result


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    """Day 7 whose right answer for part 1 is not what the day gives: every send of the
    day's answer is judged wrong."""
    aocd_loaded.set_token()
    aocd_loaded.cache_input(2023, 7, EXAMPLE)
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE}, solutions=["1234", "5905"])
    return fake_aoc


def assert_never_sent_again(site: FakeAoC, home: AocdHome) -> None:
    for _ in range(2):
        again = aoc(site, home, "--yes")
        note = str(part_1(again)["submit_note"])
        assert "6440 was sent at" in note and "counts as tried" in note, note
        assert "--resend" in note
        assert part_1(again)["status"] == "unknown"
    assert posts(site) == [("1", "6440")]


@pytest.mark.slow
@pytest.mark.parametrize("lost", ["drop", "502"])
def test_a_reply_lost_on_the_wire_after_judging_is_never_sent_again(
    site: FakeAoC, aocd_loaded: AocdHome, lost: str
) -> None:
    site.after_judging = lost
    first = aoc(site, aocd_loaded, "--yes")
    assert first.returncode == 2, first.stderr
    note = str(part_1(first)["submit_note"])
    assert note.startswith("Sent 6440, but") and "counts as tried" in note
    site.after_judging = None
    assert_never_sent_again(site, aocd_loaded)


@pytest.mark.slow
def test_a_process_killed_while_waiting_for_the_reply_never_sends_again(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    site.reply_delay = 30.0  # judged at once, answered late: the process dies meanwhile
    process = subprocess.Popen(
        command(site, "--yes"),
        env=aocd_loaded.env(),
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        site.wait_for(lambda requests: any(r.method == "POST" for r in requests))
        assert posts(site) == [("1", "6440")]
        process.send_signal(signal.SIGKILL)
        process.wait(timeout=30)
    finally:
        if process.poll() is None:
            process.kill()
    site.reply_delay = 0.0
    assert_never_sent_again(site, aocd_loaded)
    # Asked for, it is sent again, once the minute recorded before it went is out: no
    # verdict came, and the site may have asked to wait (it went at once, unasked).
    early = aoc(site, aocd_loaded, "--yes", "--resend")
    note = str(part_1(early)["submit_note"])
    assert note.startswith(f"not sent: {NO_REPLY_WAIT} until "), note
    store.waits_file().unlink()  # the minute out
    resent = aoc(site, aocd_loaded, "--yes", "--resend")
    assert part_1(resent)["submitted"] == "too high"
    assert posts(site) == [("1", "6440"), ("1", "6440")]


def test_a_log_folder_that_cannot_be_written_never_sends_twice(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    folder = aocd_loaded.user_dir
    locked = subprocess.run(["chattr", "+i", str(folder)], capture_output=True, text=True)
    if locked.returncode != 0:
        pytest.skip(f"this system cannot make a folder read-only for root: {locked.stderr}")
    try:
        first = aoc(site, aocd_loaded, "--yes")
        assert part_1(first)["submitted"] == "too high", first.stdout + first.stderr
        assert "aocd's log could not be written" in str(part_1(first)["submit_note"])
        for _ in range(2):
            again = aoc(site, aocd_loaded, "--yes")
            note = str(part_1(again)["submit_note"])
            assert "certainly wrong: 6440 was already sent" in note or "already sent" in note, note
        assert posts(site) == [("1", "6440")]
    finally:
        subprocess.run(["chattr", "-i", str(folder)], check=False)


def test_a_reply_neither_record_can_take_is_said_so(site: FakeAoC, aocd_loaded: AocdHome) -> None:
    """Both folders made read-only while the site judges (the attempt written down before
    it was sent): the note says that neither the journal nor aocd's log took the reply,
    not that the journal keeps it."""
    folders = [str(store.journal_file().parent), str(aocd_loaded.user_dir)]
    site.hold_replies = release = threading.Event()
    process = subprocess.Popen(
        command(site, "--yes"), env=aocd_loaded.env(), stdout=subprocess.PIPE, text=True
    )
    try:
        assert site.wait_for(lambda requests: any(r.method == "POST" for r in requests))
        locked = subprocess.run(["chattr", "+i", *folders], capture_output=True, text=True)
        release.set()
        out, _ = process.communicate(timeout=60)
    finally:
        release.set()
        subprocess.run(["chattr", "-i", *folders], check=False, capture_output=True)
    if locked.returncode != 0:
        pytest.skip(f"this system cannot make a folder read-only for root: {locked.stderr}")
    note = str(json.loads(out)["results"][0]["parts"][0]["submit_note"])
    assert "our record of it could not be written" in note, note
    assert "aocd's log could not be written" in note and "kept in" not in note, note
    assert posts(site) == [("1", "6440")]
    # The next run knows only that no reply was written down, not why: it does not guess.
    note = str(part_1(aoc(site, aocd_loaded, "--yes"))["submit_note"])
    assert "6440 was sent at" in note and ", and no reply was recorded: it may" in note, note
    assert posts(site) == [("1", "6440")]


@pytest.mark.slow
def test_a_lost_reply_to_a_right_answer_is_found_on_the_puzzle_page(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.set_token()
    aocd_loaded.cache_input(2023, 7, EXAMPLE)
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE}, solutions=RIGHT)
    fake_aoc.after_judging = "drop"
    aoc(fake_aoc, aocd_loaded, "--yes", "--no-submit")  # caches aocd's knowledge first
    first = aoc(fake_aoc, aocd_loaded, "--yes")
    assert "counts as tried" in str(part_1(first)["submit_note"])
    fake_aoc.after_judging = None
    again = aoc(fake_aoc, aocd_loaded, "--yes")
    assert part_1(again)["status"] == "correct", again.stdout
    assert [p for p in posts(fake_aoc) if p[0] == "1"] == [("1", "6440")]
