"""Safe submission, against a fake adventofcode.com on loopback.

Each rule of aoc2023/framework/submit.py has a test here that fails without it.
Day 7's example is used as "the input", so its answers are 6440 and 5905.

Runs of `aoc` at once (AT_ONCE_YEAR): a run that finds another sending the same answer
waits for its verdict, or says that the other is sending it now. The run that sends is a
process of its own (what is shared is across processes: the journal, the locks, aocd's
cache); the run that finds another sending runs in this process, with the clock of its
wait handed in. (An input several runs need at once, fetched once: test_client.py.)
"""

from __future__ import annotations

import errno
import io
import json
import logging
import os
import re
import subprocess
import sys
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from functools import partial
from pathlib import Path
from subprocess import CompletedProcess
from typing import Any

import fake_aoc
import pytest
import site_cli
from conftest import TOKEN, USER_ID, AocdHome, temporary_year
from fake_aoc import FakeAoC
from fake_clock import FakeClock
from site_cli import SaysYes, Screen, aoc_in_process

from aoc2023.framework import store
from aoc2023.framework.aocd.paths import PuzzleCache
from aoc2023.framework.aocd.sent import (
    NO_REPLY_WAIT,
    SITE_WAIT,
    Attempt,
    Verdict,
    blocked_until,
    known_to_be_wrong,
    read_log,
    record_wait,
    wait_reason,
    wait_seconds,
)
from aoc2023.framework.commands import terminal
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import DayResult, PartResult, RunReport, Status, run_exit_code
from aoc2023.framework.runner import run_solution
from aoc2023.framework.solution import Solution

EXAMPLE = "32T3K 765\nT55J5 684\nKK677 28\nKTJJT 220\nQQQJA 483\n"


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    """Day 7 with our input cached and nothing solved yet; the right answers are the
    example's."""
    aocd_loaded.set_token()
    aocd_loaded.cache_input(2023, 7, EXAMPLE)
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: EXAMPLE}, solutions=["6440", "5905"])
    return fake_aoc


def aoc(*args: str) -> CompletedProcess[str]:
    return aoc_in_process("run", "2023", "7", *args)


def run_json(*args: str) -> tuple[int, list[dict[str, object]]]:
    result = aoc("--json", *args)
    [day] = json.loads(result.stdout)["results"]
    return result.returncode, day["parts"]


def posts(site: FakeAoC) -> list[tuple[str, str]]:
    return [(r.form["level"], r.form["answer"]) for r in site.requests if r.method == "POST"]


def cache(home: AocdHome) -> PuzzleCache:
    found = PuzzleCache.for_token(TOKEN, 2023, 7)
    assert found is not None
    return found


# --- verdicts ------------------------------------------------------------------------------


def test_right_answers_are_sent_and_recorded_where_aocd_looks(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    import aocd.models

    code, parts = run_json("--yes")
    assert code == 0
    assert [(p["submitted"], p["status"]) for p in parts] == [("right", "correct")] * 2
    assert posts(site) == [("1", "6440"), ("2", "5905")]
    puzzle = aocd.models.Puzzle(2023, 7)
    assert (puzzle.answer_a, puzzle.answer_b) == ("6440", "5905")
    assert [s["value"] for s in puzzle.submit_results] == ["6440", "5905"]
    # Solved now: a second run sends nothing.
    code, parts = run_json("--yes")
    assert code == 0 and len(posts(site)) == 2
    assert [p["submitted"] for p in parts] == [None, None]


@pytest.mark.parametrize(
    ("reply", "verdict"),
    [(fake_aoc.WRONG, "wrong"), (fake_aoc.TOO_HIGH, "too high"), (fake_aoc.TOO_LOW, "too low")],
)
def test_a_wrong_verdict_is_exit_1_recorded_and_never_sent_again(
    site: FakeAoC, aocd_loaded: AocdHome, reply: str, verdict: str
) -> None:
    import aocd.post

    site.puzzles[2023, 7].replies = [reply]
    code, parts = run_json("--yes")
    assert code == 1
    assert (parts[0]["submitted"], parts[0]["status"]) == (verdict, "wrong")
    assert parts[1]["submitted"] is None  # part 1 is not solved
    # aocd's own guard sees our submission: it refuses to send the same value again.
    refused = aocd.post.submit("6440", "a", 7, 2023, TOKEN, reopen=False, quiet=True)
    assert refused is None
    assert posts(site) == [("1", "6440")]
    # "Please wait one minute" is remembered too.
    assert blocked_until(USER_ID, datetime.now(UTC)) is not None
    # The next run does not send it again, and says why.
    store.waits_file().unlink()
    code, parts = run_json("--yes")
    assert code == 1 and posts(site) == [("1", "6440")]
    assert "certainly wrong" in str(parts[0]["submit_note"])


def test_too_recently_records_the_wait_and_later_runs_honour_it(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """The wait the reply names (how each spelling of it reads: test_verdict_reading)."""
    site.puzzles[2023, 7].replies = [fake_aoc.too_recently("3m 30s")]
    clock = FakeClock(datetime.now(UTC))  # today, for the later run in real time
    sent, _ = send_with_wait(site, clock, wait=False)
    assert run_exit_code(sent.results) == 0
    assert sent.results[0].parts[0].submitted == "wait"
    # the wait counts from the reply, on the run's clock
    assert blocked_until(USER_ID, clock.start) == clock.start + timedelta(seconds=210)
    recorded = json.loads(store.waits_file().read_text())
    assert recorded[f"{USER_ID} why"] == SITE_WAIT and len(recorded) == 2
    # Not a verdict on the answer: it is not known to be wrong.
    assert known_to_be_wrong("6440", 1, read_log(cache(aocd_loaded).submissions_path)) is None
    # A later run, in a new process as far as aoc knows, sends nothing and says when.
    code, parts = run_json("--yes")
    assert code == 0 and len(posts(site)) == 1
    assert "asked to wait until" in str(parts[0]["submit_note"])
    # Local time, to the second, as every wait is named (calendar.clock_time).
    assert re.search(
        r"wait until \d\d:\d\d:\d\d \([\dhms ]+ from now\)", str(parts[0]["submit_note"])
    ), parts[0]["submit_note"]


def send_with_wait(
    site: FakeAoC, clock: FakeClock, *, wait: bool = True
) -> tuple[RunReport, list[int]]:
    """Day 7 run, then its answers sent as `aoc run --yes --wait` sends them (`wait`
    False: `--yes`), on `clock`; with how many answers the site had at each sleep."""
    from aoc2023.framework.commands.terminal import TerminalPrompter
    from aoc2023.framework.inputs import RunRequest, days_to_run
    from aoc2023.framework.runner import run_days
    from aoc2023.framework.submit import SubmitOptions, submit_new_answers

    posted_at_each_sleep: list[int] = []

    def sleep(seconds: float) -> None:
        posted_at_each_sleep.append(len(posts(site)))
        clock.sleep(seconds)

    report = run_days(days_to_run(RunRequest(((2023, 7),)), []))
    sent = submit_new_answers(
        report,
        SubmitOptions(yes=True, wait=wait),
        TerminalPrompter(clock.datetime, sleep),
        now=clock.datetime,
    )
    return sent, posted_at_each_sleep


def test_wait_sleeps_out_the_recorded_wait_then_sends_at_once(site: FakeAoC) -> None:
    """Nothing is sent while the site's wait runs; the sleeps add up to it exactly, and
    the answers go as soon as it is over."""
    clock = FakeClock(datetime(2023, 12, 7, 5, 0, tzinfo=UTC))
    until = record_wait(USER_ID, 90, clock.datetime())
    sent, posted_at_each_sleep = send_with_wait(site, clock)
    assert posted_at_each_sleep == [0] * 90
    assert sum(clock.slept) == 90 and clock.datetime() == until  # no sleep after the wait
    assert posts(site) == [("1", "6440"), ("2", "5905")]
    assert [part.submitted for part in sent.results[0].parts] == ["right", "right"]


def test_a_longer_wait_than_recorded_is_waited_out_once_more_then_sent(site: FakeAoC) -> None:
    """The site says to wait when no wait was known: that wait is waited out, and the
    answer sent again, once."""
    site.puzzles[2023, 7].replies = [fake_aoc.too_recently("30s")]
    clock = FakeClock(datetime(2023, 12, 7, 5, 0, tzinfo=UTC))
    sent, posted_at_each_sleep = send_with_wait(site, clock)
    assert posted_at_each_sleep == [1] * 30 and sum(clock.slept) == 30
    assert posts(site) == [("1", "6440"), ("1", "6440"), ("2", "5905")]
    assert [part.submitted for part in sent.results[0].parts] == ["right", "right"]


@pytest.mark.slow
def test_wait_waits_out_the_recorded_wait_on_the_real_clock_then_sends(site: FakeAoC) -> None:
    """`aoc run --wait` as the command runs it, on the real clock: no answer reaches the
    site before the recorded wait is over. Without the wait the first answer reaches it
    about 0.1 s after the start; how the wait is counted down is the fake clock's test's
    (test_wait_sleeps_out_the_recorded_wait_then_sends_at_once)."""
    until = record_wait(USER_ID, 0.6, datetime.now(UTC))
    result = aoc("--yes", "--wait")
    assert result.returncode == 0, result.stderr
    assert posts(site) == [("1", "6440"), ("2", "5905")]
    first = next(request for request in site.requests if request.method == "POST")
    assert first.at >= until.timestamp() - 0.001  # a float time and a datetime may round apart


def test_wrong_level_is_not_recorded_as_wrong_and_refreshes_what_is_known(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    site.puzzles[2023, 7].replies = [fake_aoc.WRONG_LEVEL]
    site.puzzles[2023, 7].answers[TOKEN] = []
    _code, parts = run_json("--yes")
    assert parts[0]["submitted"] == "wrong level"
    assert parts[0]["status"] == "unknown"
    assert "not the level to solve" in str(parts[0]["submit_note"])
    assert known_to_be_wrong("6440", 1, read_log(cache(aocd_loaded).submissions_path)) is None
    after_post = [r.method for r in site.requests][-1]
    assert after_post == "GET"  # the puzzle page was asked for again, after the reply


def test_a_dead_token_is_one_sentence_exit_2_and_never_shows_the_token(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    site.puzzles[2023, 7].inputs = {"someone-else": EXAMPLE}
    result = aoc("--yes")
    assert result.returncode == 2
    assert "refused the session token" in result.stderr
    shown = result.stdout + result.stderr
    assert TOKEN not in shown and "Traceback" not in shown


def test_an_http_500_on_the_answer_is_reported_and_records_nothing(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    site.failing["POST"] = 500
    code, parts = run_json("--yes")
    assert code == 2
    assert parts[0]["submitted"] == "error"
    assert "HTTP 500" in str(parts[0]["submit_note"])
    assert not cache(aocd_loaded).submissions_path.exists()


def test_a_refused_connection_is_one_sentence(
    site: FakeAoC, monkeypatch: pytest.MonkeyPatch
) -> None:
    import socket

    import aocd.models

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    monkeypatch.setattr(aocd.models, "URL", f"http://127.0.0.1:{port}/{{year}}/day/{{day}}")
    result = aoc("--yes")
    assert result.returncode == 2
    assert "Could not reach adventofcode.com" in result.stderr
    assert "Traceback" not in (result.stdout + result.stderr)


# --- rules -----------------------------------------------------------------------------------


def test_a_known_correct_part_is_never_sent(site: FakeAoC, aocd_loaded: AocdHome) -> None:
    aocd_loaded.cache_answer(2023, 7, 1, "6440")
    _code, parts = run_json("--yes")
    assert parts[0]["status"] == "correct" and parts[0]["submitted"] is None
    assert posts(site) == [("2", "5905")]


def test_a_part_solved_on_the_website_is_found_before_sending(site: FakeAoC) -> None:
    site.puzzles[2023, 7].answers[TOKEN] = ["6440"]  # solved by hand; aocd's cache does not know
    _code, parts = run_json("--yes")
    assert posts(site) == [("2", "5905")]
    assert parts[0]["status"] == "correct"


def test_part_2_waits_for_part_1(site: FakeAoC, aocd_loaded: AocdHome) -> None:
    site.puzzles[2023, 7].replies = [fake_aoc.WRONG]
    _code, parts = run_json("--yes")
    assert posts(site) == [("1", "6440")]
    assert parts[1]["submit_note"] == "not sent: part 1 is not solved yet"


def test_a_value_beyond_a_known_bound_is_not_sent(site: FakeAoC, aocd_loaded: AocdHome) -> None:
    log = [
        {
            "part": "a",
            "value": "6000",
            "when": "2023-12-07 00:10:00-05:00",
            "message": fake_aoc.TOO_HIGH,
        },
        {
            "part": "b",
            "value": "9000",
            "when": "2023-12-07 00:20:00-05:00",
            "message": fake_aoc.TOO_LOW,
        },
    ]
    aocd_loaded.cache_answer(2023, 7, 1, "6440")  # part 1 known: part 2 is a candidate
    cache(aocd_loaded).submissions_path.write_text(json.dumps(log))
    code, parts = run_json("--yes")
    assert posts(site) == []
    assert "9000 was too low" in str(parts[1]["submit_note"])
    assert code == 1
    assert known_to_be_wrong("6500", 1, read_log(cache(aocd_loaded).submissions_path))
    assert known_to_be_wrong("5999", 1, read_log(cache(aocd_loaded).submissions_path)) is None


@pytest.mark.parametrize("bound", ["--5", "5\u00b2", "\u00b2", "9" * 5000])
def test_a_bound_that_is_no_whole_number_bounds_nothing(bound: str) -> None:
    """str.isdigit takes a superscript, and int() does not: a log edited so ended every
    run of the day in an "unexpected ValueError"; as did a bound past int()'s 4,300 digits
    (an answer that long, sent and refused)."""
    too_high = Attempt(1, bound, "2023-12-07 00:10:00-05:00", fake_aoc.TOO_HIGH)
    assert known_to_be_wrong("6", 1, [too_high]) is None


@pytest.mark.parametrize("spelling", ["0150", "+150", "\uff11\uff15\uff10", "1_50", " 150"])
def test_a_bound_refuses_its_own_number_in_another_spelling(spelling: str) -> None:
    """150 refused as too high was sent again as 0150 (int() reads each as 150): a guess
    wasted, whether the site reads it as the number or as text."""
    too_high = Attempt(1, "150", "2023-12-07 00:10:00-05:00", fake_aoc.TOO_HIGH)
    too_low = Attempt(1, "150", "2023-12-07 00:10:00-05:00", fake_aoc.TOO_LOW)
    for past, said in ((too_high, "is not lower"), (too_low, "is not higher")):
        found = known_to_be_wrong(spelling, 1, [past])
        assert found is not None and found[0].endswith(f"and {spelling} {said}"), found
    assert known_to_be_wrong("149", 1, [too_high]) is None


@pytest.mark.parametrize("message", [5, ["too low"]])
def test_a_journal_whose_reply_is_not_text_stops_sending_and_is_named(
    site: FakeAoC, message: object
) -> None:
    journal = store.journal_file()
    journal.parent.mkdir(parents=True, exist_ok=True)
    entry = {"part": 1, "value": "7", "when": "2023-12-07 00:10:00-05:00", "message": message}
    journal.write_text(json.dumps({USER_ID: {"2023/07": [entry]}}))
    code, parts = run_json("--yes")
    assert code == 2 and posts(site) == []
    assert f"The record of sent answers {journal} is not" in str(parts[0]["submit_note"])


def test_dry_run_and_no_terminal_send_nothing_and_say_what_would_be_sent(site: FakeAoC) -> None:
    _code, parts = run_json("--dry-run", "--yes")
    assert posts(site) == []
    assert parts[0]["submit_note"] == "not sent: dry run: would send 6440 for 2023 day 7 part 1"
    record_wait(USER_ID, 90, datetime.now(UTC))  # a real run would not send: nor would it
    _code, parts = run_json("--dry-run", "--yes")
    assert str(parts[0]["submit_note"]).startswith("not sent: the site asked to wait until ")
    store.waits_file().unlink()
    result = aoc()  # in this process, output goes to no terminal
    assert posts(site) == []
    assert "no terminal to confirm on: would send 6440" in result.stderr
    assert aoc("--no-submit", "--yes").returncode == 0 and posts(site) == []


def test_project_settings_can_make_sending_automatic(
    site: FakeAoC, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "pyproject.toml").write_text("[tool.aoc]\nsubmit = false\n")
    aoc()
    assert posts(site) == []
    (tmp_path / "pyproject.toml").write_text("[tool.aoc]\nconfirm = false\n")
    aoc()
    assert posts(site) == [("1", "6440"), ("2", "5905")]


@pytest.fixture
def year_2096(tmp_path: Path, site: FakeAoC) -> Iterator[Path]:
    """A throwaway year whose day 1 we rewrite per test, with its input cached."""
    site.add_puzzle(2096, 1, "Test", inputs={TOKEN: "input"}, solutions=["1", "2"])
    with temporary_year(tmp_path / "site", 2096, {}) as package:
        yield package


def write_day(package: Path, part_1: str, part_2: str, example: str = "") -> None:
    (package / "day01.py").write_text(
        textwrap.dedent(f"""
        from aoc2023.framework import Example, Solution

        class Day(Solution[str]):
            examples = [{example}]

            def part_1(self, text: str) -> object:
                return {part_1}

            def part_2(self, text: str) -> object:
                return {part_2}
    """)
    )


@pytest.mark.parametrize(
    ("part_1", "part_2", "example", "note"),
    [
        ("''", "2", "", "the answer is empty"),
        ("'  '", "2", "", "the answer is empty"),
        ("'#.\\n.#'", "2", "", "several lines"),
        ("1", "2", "Example('example', part_1=99)", "example 1 failed: it returned 1, expected 99"),
    ],
)
def test_unsendable_answers_and_failing_examples(
    year_2096: Path,
    aocd_loaded: AocdHome,
    site: FakeAoC,
    part_1: str,
    part_2: str,
    example: str,
    note: str,
) -> None:
    aocd_loaded.cache_input(2096, 1, "input")
    write_day(year_2096, part_1, part_2, example)
    result = aoc_in_process("run", "2096", "1", "--yes", "--json")
    parts = json.loads(result.stdout)["results"][0]["parts"]
    assert note in str(parts[0]["submit_note"])
    assert posts(site) == []


def test_part_2_equal_to_part_1_is_not_sent(
    year_2096: Path, aocd_loaded: AocdHome, site: FakeAoC
) -> None:
    aocd_loaded.cache_input(2096, 1, "input")
    aocd_loaded.cache_answer(2096, 1, 1, "7")
    write_day(year_2096, "7", "7")
    result = aoc_in_process("run", "2096", "1", "--yes", "--json")
    parts = json.loads(result.stdout)["results"][0]["parts"]
    assert parts[1]["submit_note"] == (
        "not sent: 7 is part 1's answer too, which is almost never part 2's: check part 2"
    )
    # The site never judged it: unknown, as aoc bench shows it, and no exit code 1.
    assert (parts[1]["status"], result.returncode) == ("unknown", 0)
    assert posts(site) == []


def test_a_part_no_example_checks_is_sent_with_a_word_about_it(
    year_2096: Path, aocd_loaded: AocdHome, site: FakeAoC
) -> None:
    aocd_loaded.cache_input(2096, 1, "input")
    site.add_puzzle(2096, 1, "Any", inputs={TOKEN: "input"}, solutions=["5", "6"])
    write_day(year_2096, "5", "6", "Example('ab', part_1=5)")  # part 2 has no example
    dry = aoc_in_process("run", "2096", "1", "--dry-run", "--json")
    notes = [p["submit_note"] for p in json.loads(dry.stdout)["results"][0]["parts"]]
    assert notes == [
        "not sent: dry run: would send 5 for 2096 day 1 part 1",
        "not sent: part 1 is not solved yet",
    ]
    sent = aoc_in_process("run", "2096", "1", "--yes", "--json")
    part_1, part_2 = json.loads(sent.stdout)["results"][0]["parts"]
    assert (part_1["submitted"], part_2["submitted"]) == ("right", "right")
    assert part_1["submit_note"].startswith("sent 5: ")
    assert part_2["submit_note"].startswith("sent 6 (no example checked this part): ")
    assert posts(site) == [("1", "5"), ("2", "6")]


def test_verdict_reading() -> None:
    assert wait_seconds(fake_aoc.too_recently("3m 30s")) == 210
    assert wait_seconds(fake_aoc.too_recently("30s")) == 30
    assert wait_seconds(fake_aoc.WRONG) == 60
    assert wait_seconds("Please wait 5 minutes before trying again.") == 300
    assert wait_seconds(fake_aoc.RIGHT) is None
    from aoc2023.framework.aocd.sent import read_verdict

    assert read_verdict(fake_aoc.TOO_LOW) is Verdict.TOO_LOW
    assert read_verdict(fake_aoc.WRONG_LEVEL) is Verdict.WRONG_LEVEL


def test_a_recorded_wait_keeps_the_later_time(aocd_home: AocdHome) -> None:
    now = datetime(2023, 12, 7, 5, 0, tzinfo=UTC)
    record_wait("u", 300, now)
    record_wait("u", 30, now)
    assert blocked_until("u", now) == now + timedelta(seconds=300)
    assert blocked_until("u", now + timedelta(seconds=301)) is None


# --- processes and terminals -----------------------------------------------------------------


def aoc_process_code(site: FakeAoC, *args: str) -> list[str]:
    """`aoc run 2023 7 ARGS` in a new Python process, with aocd pointed at `site`."""
    return site_cli.aoc_argv(site, "run", "2023", "7", *args)


@pytest.mark.slow
def test_two_processes_at_once_never_both_send_an_answer(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """`aoc` in a process of its own asks for the puzzle page (what is solved), under the
    lock, before it sends; the site holds that reply until another page is asked, or
    0.5 s, and meanwhile this process runs `aoc` too. Without the lock the second run
    would ask the page while the first waits for it: both would find part 1 unsolved,
    and both would send it."""
    site.hold_first_page = 0.5
    other = subprocess.Popen(
        aoc_process_code(site, "--yes"),
        env=aocd_loaded.env(),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        if not site.wait_for(lambda requests: bool(requests)):
            other.kill()
            raise AssertionError(f"the other aoc asked nothing: {other.communicate()}")
        here = aoc("--yes")
        outputs = other.communicate(timeout=120)
    finally:
        if other.poll() is None:
            other.kill()
            other.communicate()
    assert (other.returncode, here.returncode) == (0, 0), (outputs, here.stdout + here.stderr)
    assert sorted(posts(site)) == [("1", "6440"), ("2", "5905")]


def test_on_a_terminal_each_answer_is_confirmed_first(site: FakeAoC) -> None:
    """On a terminal (here `site_cli.Screen`; on a real one, test_run.py's questions
    test), say yes to part 1 and no to part 2."""
    done = aoc_in_process("run", "2023", "7", typed="y\nn\n")
    text = done.stdout + done.stderr
    assert "Send 6440 as the answer to 2023 day 7 part 1?" in text
    assert "Send 5905 as the answer to 2023 day 7 part 2?" in text
    assert posts(site) == [("1", "6440")]
    assert "part 2: not sent: you said no" in text


def test_the_token_never_appears_at_any_verbosity(
    site: FakeAoC, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two runs that send, quiet then --verbose, whose log lines are searched too: the root
    logger has no handler, as outside pytest, so --verbose gives it one on the command's
    (redacted) stderr, as in a process of its own."""
    monkeypatch.setattr(logging.getLogger(), "handlers", [])
    site.puzzles[2023, 7].replies = [fake_aoc.too_recently("30s")]
    quiet = aoc("--yes")
    assert quiet.returncode == 0, quiet.stdout + quiet.stderr
    store.waits_file().unlink()  # the wait served: the answer is sent again
    verbose = aoc("--yes", "--verbose")
    assert verbose.returncode == 0, verbose.stdout + verbose.stderr
    assert posts(site) == [("1", "6440"), ("1", "6440"), ("2", "5905")]
    assert "DEBUG urllib3" in verbose.stderr and "POST /2023/day/7/answer" in verbose.stderr
    for run in (quiet, verbose):
        assert TOKEN not in run.stdout + run.stderr


@pytest.mark.parametrize("damage", ["{}", '[{"part": "a", "value": "6440", "when"'])
def test_a_damaged_submission_log_stops_sending_and_is_left_as_it_is(
    site: FakeAoC, aocd_loaded: AocdHome, damage: str
) -> None:
    log = cache(aocd_loaded).submissions_path
    log.write_text(damage)
    code, parts = run_json("--yes")
    assert code == 2 and posts(site) == []
    assert parts[0]["submitted"] == "error"
    assert "submission log" in str(parts[0]["submit_note"])
    assert log.read_text() == damage


@pytest.mark.parametrize(
    "damage", [json.dumps({USER_ID: {"2023/07": ["not an attempt"]}}), "[" * 200_000]
)
def test_a_journal_holding_what_is_not_an_attempt_stops_sending_and_is_left_as_it_is(
    site: FakeAoC, damage: str
) -> None:
    """An attempt that is not an object (edited by hand, say) was read past before the
    send, then failed the journal's write after it: the site's reply was lost. JSON
    nested past Python's limit was "unexpected RecursionError"."""
    journal = store.journal_file()
    journal.parent.mkdir(parents=True, exist_ok=True)
    journal.write_text(damage)
    code, parts = run_json("--yes")
    assert code == 2 and posts(site) == []
    assert parts[0]["submitted"] == "error"
    note = str(parts[0]["submit_note"])
    assert note.startswith(f"not sent: The record of sent answers {journal} "), note
    assert journal.read_text() == damage


def test_an_attempt_whose_part_is_no_number_is_passed_over(site: FakeAoC) -> None:
    """1e400 is read as infinity, which int() refuses with an OverflowError."""
    journal = store.journal_file()
    journal.parent.mkdir(parents=True, exist_ok=True)
    entry = {"part": 1e400, "value": "6440", "when": "2023-12-07 00:10:00-05:00"}
    journal.write_text(json.dumps({USER_ID: {"2023/07": [entry]}}))
    code, _parts = run_json("--yes")
    assert code == 0 and posts(site) == [("1", "6440"), ("2", "5905")]


def test_aocds_memo_saved_with_a_byte_order_mark_is_read_as_aoc_reads_it(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """aocd reads it as plain UTF-8: "unexpected JSONDecodeError" before each send."""
    memo = aocd_loaded.config / "token2id.json"
    memo.write_bytes(b"\xef\xbb\xbf" + memo.read_bytes())
    code, _parts = run_json("--yes")
    assert code == 0 and posts(site) == [("1", "6440"), ("2", "5905")]


def test_a_reply_aoc_cannot_read_is_waited_on_as_a_wrong_answer(site: FakeAoC) -> None:
    """No verdict, and no wait read from it: the next answer went at once, where the site
    may well have asked for a minute."""
    site.puzzles[2023, 7].replies = ["Thanks! Your answer has been recorded."]
    run_json("--yes")
    assert posts(site) == [("1", "6440")]
    assert blocked_until(USER_ID, datetime.now(UTC)) is not None
    assert wait_reason(USER_ID) == NO_REPLY_WAIT


def test_an_answer_that_gets_no_reply_is_said_to_be_sent_and_the_wait_is_kept(
    site: FakeAoC, monkeypatch: pytest.MonkeyPatch
) -> None:
    from aoc2023.framework.aocd import client

    monkeypatch.setattr(client, "READ_TIMEOUT", 0.5)
    site.reply_delay = 10.0  # far past the time limit, however late this process wakes
    code, parts = run_json("--yes")
    assert code == 2
    assert parts[0]["submitted"] == "error"
    assert str(parts[0]["submit_note"]).startswith("Sent 6440, but adventofcode.com did not reply")
    assert blocked_until(USER_ID, datetime.now(UTC)) is not None
    # The minute's wait is aoc's, and is named so: the site asked for none.
    site.reply_delay = 0.0
    code, parts = run_json("--yes")
    assert code == 0 and len(posts(site)) == 1
    assert str(parts[1]["submit_note"]).startswith(f"not sent: {NO_REPLY_WAIT} until "), parts


def test_surrounding_whitespace_is_not_sent(
    year_2096: Path, aocd_loaded: AocdHome, site: FakeAoC
) -> None:
    aocd_loaded.cache_input(2096, 1, "input")
    write_day(year_2096, "' 1\\n'", "'None'")
    aocd_loaded.cache_answer(2096, 1, 1, "")  # nothing known: an empty answer file
    result = aoc_in_process("run", "2096", "1", "--yes", "--json")
    parts = json.loads(result.stdout)["results"][0]["parts"]
    assert posts(site) == [("1", "1")]
    assert parts[1]["submit_note"] == "not sent: the answer is None"


def test_a_wait_file_that_cannot_be_written_after_sending_does_not_hide_the_verdict(
    site: FakeAoC, monkeypatch: pytest.MonkeyPatch
) -> None:
    write_json = store.write_json

    def full_disk(path: Path, data: object, indent: int | None = None) -> None:
        if path == store.waits_file():  # the journal is written as before
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        write_json(path, data, indent)

    monkeypatch.setattr(store, "write_json", full_disk)
    site.puzzles[2023, 7].replies = [fake_aoc.WRONG]  # "please wait one minute"
    code, parts = run_json("--yes")
    assert code == 1
    assert (parts[0]["submitted"], parts[0]["status"]) == ("wrong", "wrong")
    note = str(parts[0]["submit_note"])
    assert note.startswith("sent 6440: That's not the right answer"), note
    assert "the site's wait of 1m 0s could not be recorded" in note
    assert "No space left on device" in note
    assert posts(site) == [("1", "6440")]


def test_a_right_answer_with_a_wait_file_that_cannot_be_written_tells_of_no_wait(
    site: FakeAoC, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The site asked no wait: there is none to tell of, whether or not aoc's own minute,
    recorded as the answer goes, could be written or taken back."""
    write_json = store.write_json

    def full_disk(path: Path, data: object, indent: int | None = None) -> None:
        if path == store.waits_file():  # the journal is written as before
            raise OSError(errno.ENOSPC, "No space left on device", str(path))
        write_json(path, data, indent)

    monkeypatch.setattr(store, "write_json", full_disk)
    _code, parts = run_json("--yes")
    assert parts[0]["submitted"] == "right", parts
    assert "could not be recorded" not in str(parts[0]["submit_note"]), parts[0]


def test_a_run_that_sends_leaves_no_lock_file_beside_the_users_files(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    site.puzzles[2023, 7].replies = [fake_aoc.WRONG]  # the journal and the wait file written
    env = {**os.environ, "AOC_REQUEST_FLOOR": "0.001"}  # the mark of the last request too
    done = aoc_in_process("run", "2023", "7", "--yes", env=env)
    assert done.returncode == 1, done.stdout + done.stderr
    locks = {
        path.relative_to(aocd_loaded.data.parent).as_posix()
        for folder in (aocd_loaded.data, aocd_loaded.config)
        for path in folder.rglob("*")
        if path.name.endswith(".lock")
    }
    assert locks == {
        "aocd-data/.aoc-locks/.aoc-last-request.lock",
        f"aocd-data/.aoc-locks/{USER_ID}_2023_07_submit.lock",
        "aocd-config/.aoc-locks/aoc-attempts.json.lock",
        "aocd-config/.aoc-locks/aoc-submit-wait.json.lock",
    }


# ------------------------------------------------------------------------------------------------
# The check before a send runs the examples of the part being sent, that part only, and
# says on a terminal which example runs and for how long (submit.py `ExampleChecks`,
# commands/terminal.py `TerminalPrompter.checking_example`).

YEAR = 2047

DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("a", part_1=1, name="one"), Example("b", part_2=2),
                Example("c", part_1=1, part_2=2)]

    def part_1(self, text: str) -> int:
        return 1

    def part_2(self, text: str) -> int:
        return 2
"""


@pytest.fixture
def checked_site(tmp_path: Path, fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> Iterator[FakeAoC]:
    aocd_loaded.set_token()
    aocd_loaded.cache_input(YEAR, 1, "input")
    fake_aoc.add_puzzle(YEAR, 1, "Check", inputs={TOKEN: "input"}, solutions=["1", "2"])
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY}):
        yield fake_aoc


class Recorder(SaysYes):
    """Says yes; keeps each example the check says it runs, and each run it makes."""

    def __init__(self) -> None:
        super().__init__()
        self.ran: list[tuple[str, tuple[int, ...]]] = []

    @property
    def said(self) -> list[tuple[int, str, int, int]]:
        return [(part, label, number, count) for _, _, part, label, number, count in self.checked]

    def run(
        self, solution_class: type[Solution[Any]], run_input: RunInput, title: str | None
    ) -> DayResult:
        self.ran.append((run_input.text, run_input.parts))
        return run_solution(solution_class, run_input, title)


def unknown(*answers: str) -> RunReport:
    return RunReport(
        [
            DayResult(
                YEAR,
                1,
                None,
                "input",
                parts=tuple(
                    PartResult(number, Status.UNKNOWN, answer=answer)
                    for number, answer in enumerate(answers, start=1)
                ),
            )
        ]
    )


def test_part_1s_send_runs_part_1s_examples_only_and_part_2s_its_own(checked_site: FakeAoC) -> None:
    from aoc2023.framework.submit import ExampleChecks, SubmitOptions, submit_new_answers

    recorder = Recorder()
    checks = ExampleChecks(recorder.run)
    dry = submit_new_answers(
        unknown("1", "2"), SubmitOptions(dry_run=True), recorder, checks=checks
    )
    assert dry.results[0].parts[0].submit_note == (
        f"not sent: dry run: would send 1 for {YEAR} day 1 part 1"
    )
    assert recorder.ran == [("a", (1,)), ("c", (1,))]
    assert recorder.said == [(1, "one", 1, 2), (1, "example 3", 2, 2)]

    sent = submit_new_answers(unknown("1", "2"), SubmitOptions(yes=True), recorder, checks=checks)
    assert [part.status for part in sent.results[0].parts] == [Status.CORRECT] * 2
    # part 1's examples were checked once in the run; part 2's now, part 2 alone
    assert recorder.ran == [("a", (1,)), ("c", (1,)), ("b", (2,)), ("c", (2,))]
    assert recorder.said[2:] == [(2, "example 2", 1, 2), (2, "example 3", 2, 2)]


def test_a_terminal_is_shown_which_example_runs_and_for_how_long(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from aoc2023.framework.commands.terminal import TerminalPrompter

    clock = FakeClock()
    prompter = TerminalPrompter(clock=clock.monotonic)
    monkeypatch.setattr(sys, "stderr", screen := Screen())
    with prompter.checking_example(YEAR, 15, 1, "example 3", 3, 7):
        clock.advance(65)
    shown = screen.getvalue()
    assert f"checking {YEAR}/15 part 1 before sending: example 3 (3 of 7)" in shown, shown
    assert "0:01:05" in shown, shown

    monkeypatch.setattr(sys, "stderr", plain := Screen())
    monkeypatch.setattr(plain, "isatty", lambda: False)
    for number in (1, 2):
        with prompter.checking_example(YEAR, 15, 2, f"example {number}", number, 2):
            clock.advance(1)
    assert plain.getvalue() == f"checking {YEAR}/15 part 2's examples before sending...\n"


AT_ONCE_YEAR = 2079


SHIFT = 60 * 366 * 86400.0
"""A clock shift past AT_ONCE_YEAR's December (a run fetches only what is unlocked)."""


AT_ONCE_DAY = """
from aoc2023.framework import Solution

class Day(Solution[str]):
    def part_1(self, text: str) -> int:
        return len(text)
"""


@pytest.fixture
def year_env(tmp_path: Path, aocd_loaded: AocdHome) -> Iterator[dict[str, str]]:
    """AT_ONCE_YEAR's days 1 and 2 (part 1: the input's length) here and on the path of the
    processes started with the environment given."""
    days = {"day01.py": AT_ONCE_DAY, "day02.py": AT_ONCE_DAY}
    with temporary_year(tmp_path / "site", AT_ONCE_YEAR, days):
        env = aocd_loaded.env()
        env["PYTHONPATH"] = f"{tmp_path / 'site'}:{env['PYTHONPATH']}"
        yield env


def start(site: FakeAoC, env: dict[str, str], *args: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        site_cli.aoc_argv(site, "run", str(AT_ONCE_YEAR), "1", *args, shift=SHIFT),
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def ended(process: subprocess.Popen[str]) -> tuple[int, str, str]:
    out, err = process.communicate(timeout=120)
    return process.returncode, out, err


def part_1(stdout: str) -> dict[str, object]:
    found: dict[str, object] = json.loads(stdout)["results"][0]["parts"][0]
    return found


def here(
    monkeypatch: pytest.MonkeyPatch,
    sleep: Callable[[float], None],
    clock: Callable[[], float],
    day: str = "1",
) -> subprocess.CompletedProcess[str]:
    """`aoc run AT_ONCE_YEAR DAY --yes --json` in this process, its wait for another run on
    `clock` and `sleep`."""
    monkeypatch.setattr(
        terminal, "TerminalPrompter", partial(terminal.TerminalPrompter, sleep=sleep, clock=clock)
    )
    return site_cli.aoc_in_process("run", str(AT_ONCE_YEAR), day, "--yes", "--json", shift=SHIFT)


@pytest.mark.slow
def test_a_run_that_finds_another_sending_waits_for_its_verdict_or_says_so(
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    year_env: dict[str, str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A sends 4 and the site holds its reply. B, meanwhile, finds 4 written down with no
    reply: it said "the run that sent it stopped first" while A was alive. Now B waits:
    on a clock that runs out, it says another run is sending 4 now; on one that does not,
    it waits until A has its verdict (the site's hold released from B's wait), and shows
    it. One POST in all. A run of another day, meanwhile, keeps the minute's wait that A
    recorded as its answer went: it says the answer has no verdict yet, not that none came
    back (A's may yet come)."""
    aocd_loaded.set_token()
    for day, text in [(1, "abcd"), (2, "xyz")]:
        aocd_loaded.cache_input(AT_ONCE_YEAR, day, text)
        fake_aoc.add_puzzle(AT_ONCE_YEAR, day, "Any", inputs={TOKEN: text}, solutions=["5"])
    fake_aoc.hold_replies = release = threading.Event()
    sender = start(fake_aoc, year_env, "--yes", "--json")
    try:
        if not fake_aoc.wait_for(lambda requests: any(r.method == "POST" for r in requests)):
            sender.kill()
            raise AssertionError(f"A sent nothing: {sender.communicate()}")
        clock = FakeClock()
        gave_up = here(monkeypatch, clock.sleep, clock.monotonic)
        assert gave_up.returncode == 0, gave_up.stderr
        note = str(part_1(gave_up.stdout)["submit_note"])
        assert "another run is sending 4 now" in note, note
        assert "stopped" not in note and part_1(gave_up.stdout)["status"] == "unknown"
        assert f"another run is sending 4 for {AT_ONCE_YEAR} day 1 part 1" in gave_up.stderr
        assert sum(clock.slept) == pytest.approx(40)  # the time limit of a send
        other = here(monkeypatch, clock.sleep, clock.monotonic, day="2")
        note = str(part_1(other.stdout)["submit_note"])
        assert note.startswith("not sent: the last answer sent has no verdict yet"), note
        assert "came back" not in note + other.stderr and posts(fake_aoc) == [("1", "4")]

        def releasing(seconds: float) -> None:
            release.set()  # the site replies to A while B waits
            time.sleep(seconds)

        waited = here(monkeypatch, releasing, time.monotonic)
        sent = ended(sender)
    finally:
        release.set()
        if sender.poll() is None:
            sender.kill()
            sender.communicate()
    assert release.is_set() and f"another run is sending 4 for {AT_ONCE_YEAR}" in waited.stderr
    assert waited.returncode == 1, waited.stdout + waited.stderr
    assert part_1(waited.stdout)["status"] == "wrong"
    note = str(part_1(waited.stdout)["submit_note"])
    assert "4 was already sent for part 1" in note and "too low" in note, note
    code, out, err = sent
    assert code == 1, err
    assert part_1(out)["submitted"] == "too low"
    assert posts(fake_aoc) == [("1", "4")]


def test_a_day_that_closes_stdin_and_stderr_still_gets_its_answers_sent(
    year_2096: Path, aocd_loaded: AocdHome, site: FakeAoC, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Run in this process, a day's code may close sys.stdin and sys.stderr: the sending
    after it (which asks whether they are a terminal) opens them anew."""
    monkeypatch.setattr(sys, "stdin", io.StringIO())
    aocd_loaded.cache_input(2096, 1, "input")
    write_day(year_2096, "sys.stdin.close() or sys.stderr.close() or 1", "2")
    day = year_2096 / "day01.py"
    day.write_text("import sys\n" + day.read_text())
    result = aoc_in_process("run", "2096", "1", "--yes", "--json")
    assert result.returncode == 0, result.stderr
    parts = json.loads(result.stdout)["results"][0]["parts"]
    assert [part["submitted"] for part in parts] == ["right", "right"]
    assert posts(site) == [("1", "1"), ("2", "2")]
