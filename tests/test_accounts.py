"""`aoc run --accounts`: each day on each account's input, against the stand-in site.

Two accounts, alice and bob, each with a token of its own in aocd's `tokens.json`, an
input of its own on the site and answers of its own. 2054 is a throwaway year whose day
1 sums its input's numbers (part 1) and multiplies them (part 2).
"""

from __future__ import annotations

import io
import json
import os
import time
from collections.abc import Iterator
from datetime import timedelta
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from conftest import AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process

from aoc2023.framework.calendar import unlock_time

YEAR = 2054
ALICE = "a11ce" * 19 + "a"
BOB = "b0b0b" * 19 + "b"
ALICE_ID, BOB_ID = "github.alice.111", "github.bob.222"
DAY_01 = """
from math import prod

from aoc2023.framework import Example, Solution

class Day01(Solution[str]):
    examples = [Example("1 2 3", part_1=6, part_2=6)]

    def part_1(self, text: str) -> int:
        return sum(map(int, text.split()))

    def part_2(self, text: str) -> int:
        return prod(map(int, text.split()))
"""

LEAKY_DAY_02 = """
import os
from pathlib import Path

from aoc2023.framework import Solution

class Day02(Solution[str]):
    def part_1(self, text: str) -> int:
        print(Path(os.environ["AOCD_CONFIG_DIR"], "tokens.json").read_text())
        return 1
"""


def a_day_after() -> float:
    """The clock shift to a day after the puzzle unlocked (the one thing mocked)."""
    return unlock_time(YEAR, 1).timestamp() + 86400 - time.time()


def aoc(*args: str, day: str = "1") -> CompletedProcess[str]:
    return aoc_in_process("run", str(YEAR), day, *args, shift=a_day_after())


def write_tokens(home: AocdHome, text: str) -> None:
    (home.config / "tokens.json").write_text(text)


def cache_answer(home: AocdHome, user_id: str, part: int, answer: str) -> None:
    folder = home.data / user_id
    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{YEAR}_01{'ab'[part - 1]}_answer.txt").write_text(answer)


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path) -> Iterator[FakeAoC]:
    """The two accounts on the site, nothing of theirs cached yet; 2054 as a year."""
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob": BOB}))
    fake_aoc.add_user(ALICE, 111, "alice")
    fake_aoc.add_user(BOB, 222, "bob")
    sums = fake_aoc.add_puzzle(YEAR, 1, "Sums", inputs={ALICE: "1 2 3 4\n", BOB: "4 5\n"})
    sums.solutions = {ALICE: ["10", "24"], BOB: ["9", "20"]}
    fake_aoc.add_puzzle(YEAR, 2, "Leaks", inputs={ALICE: "a\n", BOB: "b\n"})
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY_01, "day02.py": LEAKY_DAY_02}):
        yield fake_aoc


def test_a_row_per_account_and_the_answer_tuned_to_one_input_is_named(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """Each account's input is fetched once (a second run reads aocd's cache) and checked
    against that account's known answers; bob's known part 1 differs from what the day
    gives, so the summary names the day, the part and both accounts. The JSON names the
    accounts, and no token (nor a piece of one) is printed."""
    cache_answer(aocd_loaded, ALICE_ID, 1, "10")
    cache_answer(aocd_loaded, BOB_ID, 1, "10")
    for _ in range(2):
        result = aoc("--accounts", "all", "--json")
        assert result.returncode == 1, result.stderr  # bob's part 1 is wrong
        results = json.loads(result.stdout)["results"]
        assert [(r["account"], r["label"]) for r in results] == [("alice", "alice"), ("bob", "bob")]
        assert [[(p["status"], p["answer"]) for p in r["parts"]] for r in results] == [
            [("correct", "10"), ("unknown", "24")],
            [("wrong", "9"), ("unknown", "20")],
        ]
        notices = json.loads(result.stdout)["notices"]
        assert (
            f"{YEAR} day 1 part 1 is right for alice but wrong for bob (gave 9, the right "
            "answer is 10): the solution may be tuned to one input."
        ) in notices
        for token in (ALICE, BOB):
            assert token[:8] not in result.stdout + result.stderr
    assert len(site.requests_for("/input")) == 2
    assert not [r for r in site.requests if r.method == "POST"]  # no terminal: none sent
    assert (
        "--accounts sends only what you confirm on a terminal"
        in results[0]["parts"][1]["submit_note"]
    )


def test_named_accounts_and_the_table(site: FakeAoC) -> None:
    """`--accounts bob` runs bob's input alone; the table's Input column names him."""
    result = aoc("--accounts", "bob")
    assert result.returncode == 0, result.stderr
    assert "bob" in result.stdout and "alice" not in result.stdout
    assert [r.token for r in site.requests_for("/input")] == [BOB]


def test_yes_asks_once_per_account(
    site: FakeAoC, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """With --accounts, --yes asks once per account (the terminal's replies: yes for
    alice, no for bob), and sends both of alice's answers, none of bob's."""
    from aoc2023.framework import calendar
    from aoc2023.framework.commands.terminal import TerminalPrompter
    from aoc2023.framework.inputs import RunRequest, days_to_run
    from aoc2023.framework.runner import run_days
    from aoc2023.framework.submit import SubmitOptions, submit_new_answers

    now = calendar.current_time
    monkeypatch.setattr(calendar, "current_time", lambda: now() + timedelta(seconds=a_day_after()))
    monkeypatch.setattr("sys.stdin", io.StringIO("y\nn\n"))
    report = run_days(days_to_run(RunRequest(((YEAR, 1),), accounts="all"), []))
    sent = submit_new_answers(report, SubmitOptions(yes=True, interactive=True), TerminalPrompter())
    questions = capsys.readouterr().err.count("[y/N]")
    assert questions == 2
    posts = [
        (r.token, r.form["level"], r.form["answer"]) for r in site.requests if r.method == "POST"
    ]
    assert posts == [(ALICE, "1", "10"), (ALICE, "2", "24")]
    assert [[p.submitted for p in r.parts] for r in sent.results] == [
        ["right", "right"],
        [None, None],
    ]
    assert [p.submit_note for p in sent.results[1].parts] == [
        "not sent: you said no",
        "not sent: part 1 is not solved yet",
    ]


def test_no_accounts_token_is_printed_even_by_a_day(site: FakeAoC) -> None:
    """Every account's token is redacted from what is printed, not the run's token alone:
    here a day prints aocd's token list."""
    result = aoc("--accounts", "all", "--no-submit", day="2")
    assert result.returncode == 0, result.stderr
    assert result.stdout.count('"alice": "<token>"') == 2  # once per account's run
    assert '"bob": "<token>"' in result.stdout
    assert ALICE[:8] not in result.stdout and BOB[:8] not in result.stdout


def test_a_missing_empty_or_damaged_token_list_is_one_sentence(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    path = aocd_loaded.config / "tokens.json"
    for tokens, says in [
        (None, "which does not exist"),
        ("{}", "names no account"),
        ("{not json", "is not JSON"),
        ('{"alice": "  "}', "has no token for 'alice'"),
        ('{" ": "' + ALICE + '"}', "has an account with no name"),
    ]:
        if tokens is None:
            path.unlink()
        else:
            write_tokens(aocd_loaded, tokens)
        result = aoc("--accounts", "all")
        assert result.returncode == 2, tokens
        assert result.stderr.startswith(
            f"Error: aocd's token list {path} "
        ) or result.stderr.startswith(f"Error: --accounts reads aocd's token list {path}"), (
            result.stderr
        )
        assert says in result.stderr and "Traceback" not in result.stderr, result.stderr
        assert not site.requests, tokens


def test_a_token_too_long_is_said_where_it_is_kept(site: FakeAoC, aocd_loaded: AocdHome) -> None:
    """An account's token is in aocd's token list, not in $AOC_SESSION or the token file."""
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob": "b" * 5000}))
    result = aoc("--accounts", "all")
    assert result.returncode == 2
    assert result.stderr.endswith(f"alone in {aocd_loaded.config / 'tokens.json'} as 'bob'.\n")
    assert not site.requests


def test_a_dead_account_is_said_in_its_row_naming_its_entry(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """carol's token is unknown to the site: her row fails, with the entry to replace;
    the other accounts run; no piece of her token is printed."""
    carol = "ca201" * 19 + "c"
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob": BOB, "carol": carol}))
    result = aoc("--accounts", "all", "--json")
    assert result.returncode == 2
    results = json.loads(result.stdout)["results"]
    assert [r["error"] is None for r in results] == [True, True, False]
    assert results[2]["error"].endswith(
        f"put a fresh one in {aocd_loaded.config / 'tokens.json'} as 'carol'."
    )
    assert carol[:8] not in result.stdout + result.stderr


def test_an_unknown_account_is_one_sentence_naming_the_known_ones(site: FakeAoC) -> None:
    result = aoc("--accounts", "alice,carol")
    assert result.returncode == 2
    assert "--accounts names 'carol', which is not in" in result.stderr
    assert "(alice, bob)" in result.stderr and ALICE[:8] not in result.stderr
    assert not site.requests


def test_an_account_whose_name_holds_a_comma_is_taken_whole(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    write_tokens(aocd_loaded, json.dumps({"alice": ALICE, "bob, at work": BOB}))
    result = aoc("--accounts", "bob, at work")
    assert result.returncode == 0, result.stderr
    assert [r.token for r in site.requests_for("/input")] == [BOB]
    assert aoc("--accounts", "alice,bob").returncode == 2  # neither "bob" nor "bob, at work"


def test_accounts_with_another_input_is_refused(
    site: FakeAoC, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "in.txt").write_text("1 2\n")
    for other in (["--example"], ["--input", "in.txt"], ["--watch"]):
        result = aoc("--accounts", "all", *other)
        assert result.returncode == 2, other
        assert result.stderr.count("\n") == 1 and other[0] in result.stderr, result.stderr
        assert not site.requests, other


def test_the_live_table_on_a_terminal_names_each_accounts_row(
    site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """On a terminal (the live table, drawn row by row; here `site_cli.Screen`, a real
    one in test_run.py), each account's row is named and the summary names the part
    tuned to one input; no token reaches the screen."""
    cache_answer(aocd_loaded, ALICE_ID, 1, "10")
    cache_answer(aocd_loaded, BOB_ID, 1, "10")
    done = aoc_in_process(
        "run",
        str(YEAR),
        "1",
        "--accounts",
        "all",
        "--no-submit",
        shift=a_day_after(),
        env=dict(os.environ) | {"COLUMNS": "120"},
        typed="",
    )
    assert done.returncode == 1, done.stderr  # bob's part 1 is wrong
    screen = done.stdout + done.stderr
    assert "\x1b[" in done.stdout  # drawn for a terminal
    rows = [line for line in screen.splitlines() if f"{YEAR}/01" in line]
    assert [("alice" in row, "bob" in row) for row in rows] == [(True, False), (False, True)]
    assert "right for alice but wrong for bob" in " ".join(screen.split())
    for token in (ALICE, BOB):
        assert token[-8:] not in screen and token[:8] not in screen


def test_the_sentence_of_an_answer_tuned_to_one_input_says_what_is_known() -> None:
    """Wrong by a known right answer, or by the site's reply alone (no right answer known):
    each is said as such, never "known None"."""
    from aoc2023.framework.results import DayResult, PartResult, Status
    from aoc2023.framework.runner import tuned_to_one_input

    def ran(account: str, *parts: PartResult) -> DayResult:
        return DayResult(YEAR, 1, None, None, account=account, parts=parts)

    said = tuned_to_one_input(
        [
            ran("alice", PartResult(1, Status.CORRECT, "10"), PartResult(2, Status.CORRECT, "3")),
            ran(
                "bob",
                PartResult(1, Status.WRONG, "9", expected="11"),
                PartResult(2, Status.WRONG, "4025"),
            ),
        ]
    )
    assert said == [
        f"{YEAR} day 1 part 1 is right for alice but wrong for bob (gave 9, the right answer is "
        "11): the solution may be tuned to one input.",
        f"{YEAR} day 1 part 2 is right for alice but wrong for bob (gave 4025, which the site "
        "said is wrong): the solution may be tuned to one input.",
    ]
