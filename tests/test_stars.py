"""The user's stars (aocd/stars.py) and the final star: the last day's part 2, claimed
once every other star of the year is in, from the user's stars as the site counts them
(its page of the user's times), through the same send as any answer (journal, lock,
wait), once, and only when the user agrees."""

from __future__ import annotations

import io
import json
import time
from collections.abc import Iterator
from datetime import timedelta
from html import escape
from pathlib import Path
from typing import Any

import pytest
from conftest import TOKEN, USER_ID, AocdHome, temporary_year
from fake_aoc import FakeAoC, stars_page
from hypothesis import given
from hypothesis import strategies as st
from misbehaving_days import examples
from site_cli import aoc_in_process

from aoc2023.framework.aocd import sent, stars
from aoc2023.framework.calendar import unlock_time

YEAR, LAST = 2086, 12
DAY_12 = """
from aoc2023.framework import Example, Solution

class Day12(Solution[str]):
    examples = [Example("1 2 3\\n", part_1=6)]

    def part_1(self, text: str) -> int:
        return sum(map(int, text.split()))
"""


def aoc(*args: str, cwd: Path) -> Any:
    """`aoc ARGS` in this process, the clock a day after the last day unlocked."""
    shift = unlock_time(YEAR, LAST).timestamp() + 86400 - time.time()
    return aoc_in_process(*args, cwd=cwd, shift=shift)


@pytest.fixture
def work(tmp_path: Path) -> Iterator[Path]:
    with temporary_year(tmp_path / "site", YEAR, {"day12.py": DAY_12}):
        (tmp_path / "work").mkdir()
        yield tmp_path / "work"


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    """Days 1 to 11 solved on the site (22 stars), day 12 open: its part 1 is 15."""
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    for day in range(1, LAST):
        fake_aoc.add_puzzle(
            YEAR, day, f"Day {day}", inputs={TOKEN: "x\n"}, solutions=["1", "2"], answers=["1", "2"]
        )
    fake_aoc.add_puzzle(YEAR, LAST, "The End", inputs={TOKEN: "4 5 6\n"}, solutions=["15"])
    return fake_aoc


def claims(site: FakeAoC) -> list[dict[str, str]]:
    return [
        r.form
        for r in site.requests_for(f"/{YEAR}/day/{LAST}/answer")
        if r.form.get("level") == "2"
    ]


def part_2(done: Any) -> dict[str, Any]:
    [result] = json.loads(done.stdout)["results"]
    found: dict[str, Any] = {p["part"]: p for p in result["parts"]}.get(2, {})
    return found


def test_the_final_star_is_claimed_once_after_part_1(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    done = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert done.returncode == 0, done.stderr
    star = part_2(done)
    assert star["status"] == "correct" and star["submitted"] == "right", star
    assert "claimed the final star: " in star["submit_note"]
    assert "You've finished every puzzle in Advent of Code 2086" in star["submit_note"]
    # One claim, the site's own form (level 2, answer 0), after one read of the stars.
    assert claims(site) == [{"level": "2", "answer": "0"}]
    assert len(site.requests_for(f"/{YEAR}/leaderboard/self")) == 1
    assert site.stars(YEAR, TOKEN)[LAST] == 2
    # Written down before it was sent, and its reply after (the journal), and known.
    [claim] = [a for a in sent.attempts(USER_ID, YEAR, LAST) if a.part == 2]
    assert claim.value == "0" and claim.message and "finished every puzzle" in claim.message
    assert (aocd_loaded.user_dir / f"{YEAR}_{LAST}b_answer.txt").read_text() == "0"

    before = len(site.requests)
    again = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert again.returncode == 0, again.stderr
    assert part_2(again) == {
        **part_2(again),
        "status": "correct",
        "submitted": None,
        "submit_note": None,
    }
    assert len(site.requests) == before  # nothing asked, nothing claimed

    table = aoc("run", str(YEAR), str(LAST), cwd=work)
    assert "★ final star" in table.stdout, table.stdout
    listed = aoc("list", str(YEAR), cwd=work)
    row = next(line for line in listed.stdout.splitlines() if f"{YEAR}/12" in line)
    assert "★ final star" in row, listed.stdout


def test_with_no_submit_the_final_star_shows_as_far_as_it_is_known(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    """--no-submit looks nothing up and claims nothing, and still says what is true of the
    last day's part 2: the final star, not known to be in (☆), then in (★) once aocd's
    cache records it, as a run that sends shows it and `aoc list` does."""

    def row(done: Any) -> str:
        assert done.returncode == 0, done.stderr
        assert "no part 2" not in done.stdout
        return str(next(line for line in done.stdout.splitlines() if f"{YEAR}/12" in line))

    assert "☆ final star" in row(aoc("run", str(YEAR), str(LAST), "--no-submit", cwd=work))
    assert claims(site) == [] and site.requests_for(f"/{YEAR}/leaderboard/self") == []
    assert aoc("run", str(YEAR), str(LAST), "--yes", cwd=work).returncode == 0  # claims it
    before = len(site.requests)
    assert "★ final star" in row(aoc("run", str(YEAR), str(LAST), "--no-submit", cwd=work))
    assert "★ final star" in row(aoc("run", str(YEAR), str(LAST), cwd=work))
    star = part_2(aoc("run", str(YEAR), str(LAST), "--no-submit", "--json", cwd=work))
    assert (star["status"], star["answer"], star["submitted"]) == ("correct", None, None)
    assert len(site.requests) == before


def test_missing_stars_are_named_in_one_line_and_nothing_is_claimed(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    site.puzzles[YEAR, 5].answers[TOKEN] = ["1"]  # day 5 part 2 missing
    site.puzzles[YEAR, 9].answers[TOKEN] = []  # day 9 not done at all
    done = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert done.returncode == 0, done.stderr
    assert part_2(done)["submit_note"] == (
        "final star: not claimed yet: 3 stars are missing: day 5 part 2, day 9 (both parts)"
    )
    assert part_2(done)["status"] == "unknown"
    assert claims(site) == []

    # Kept 15 minutes: the next run does not ask again, and says when the site said so.
    again = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert len(site.requests_for(f"/{YEAR}/leaderboard/self")) == 1
    assert "(as the site showed at " in part_2(again)["submit_note"]
    table = aoc("run", str(YEAR), str(LAST), "--yes", cwd=work)
    assert "☆ final star" in table.stdout
    assert (
        "2086 day 12 part 2: final star: not claimed yet: 3 stars are missing: day 5 "
        "part 2, day 9 (both parts)"
    ) in table.stderr.replace("\n", " ")

    listed = aoc("list", str(YEAR), cwd=work)
    assert "☆ final star" in listed.stdout
    assert (
        "2086: the final star (day 12 part 2) waits: 3 stars are missing: day 5 part 2, "
        "day 9 (both parts)"
    ) in " ".join(listed.stderr.split())


def test_a_star_won_since_the_site_was_asked_counts(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    """The stars kept from the site, with the answers aocd cached since: day 5's part 2,
    solved after the page was read, lets the claim go at once."""
    site.puzzles[YEAR, 5].answers[TOKEN] = ["1"]
    aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert claims(site) == []
    site.puzzles[YEAR, 5].answers[TOKEN] = ["1", "2"]
    aocd_loaded.cache_answer(YEAR, 5, 2, "2")  # as `aoc run 2086 5` leaves it
    done = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert part_2(done)["submitted"] == "right", part_2(done)
    assert len(site.requests_for(f"/{YEAR}/leaderboard/self")) == 1


def test_no_claim_without_yes_off_a_terminal_nor_on_a_dry_run(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.cache_answer(YEAR, LAST, 1, "15")
    dry = aoc("run", str(YEAR), str(LAST), "--dry-run", "--json", cwd=work)
    assert part_2(dry)["submit_note"] == (
        "final star: dry run: would send a claim of the final star of 2086 (day 12 part 2)"
    )
    asked = aoc("run", str(YEAR), str(LAST), "--json", cwd=work)
    assert part_2(asked)["submit_note"].startswith(
        "final star: no terminal to confirm on: would send a claim of the final star"
    )
    assert claims(site) == [] and not sent.attempts(USER_ID, YEAR, LAST)
    nothing = aoc("run", str(YEAR), str(LAST), "--no-submit", "--json", cwd=work)
    assert part_2(nothing) == {}


def test_a_star_claimed_on_the_site_is_recorded_not_claimed(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.cache_answer(YEAR, LAST, 1, "15")
    site.puzzles[YEAR, LAST].answers[TOKEN] = ["15", "the final star"]
    done = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert part_2(done)["status"] == "correct"
    assert part_2(done)["submit_note"] == (
        "final star: in already, as your stars on adventofcode.com show"
    )
    assert claims(site) == []
    before = len(site.requests)
    aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert len(site.requests) == before


def test_the_sites_refusal_is_read_against_its_stars(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    """aocd's cache shows every star (so the page is not read first), the site lacks one:
    the claim is refused as not the level to solve, and the stars, read then, say why."""
    for day in range(1, LAST):
        for part in (1, 2):
            aocd_loaded.cache_answer(YEAR, day, part, str(part))
    site.puzzles[YEAR, 3].answers[TOKEN] = ["1"]
    done = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert claims(site) == [{"level": "2", "answer": "0"}]
    assert part_2(done)["submit_note"] == (
        "final star: refused by the site: 1 star is missing: day 3 part 2"
    )
    assert not (aocd_loaded.user_dir / f"{YEAR}_{LAST}b_answer.txt").exists()


def test_a_dead_token_at_the_stars_page_is_one_sentence(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    aocd_loaded.cache_answer(YEAR, LAST, 1, "15")
    site.users.clear()  # the site sends a dead session away from the page of stars
    done = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert done.returncode == 2
    note = part_2(done)["submit_note"]
    assert note.startswith("final star: adventofcode.com refused the session token"), note
    assert claims(site) == []
    # The stars were never read: aoc list does not guess which are missing.
    listed = aoc("list", str(YEAR), cwd=work)
    assert (
        "2086: the final star (day 12 part 2) is not known to be in: aoc run 2086 12 "
        "reads your stars on the site"
    ) in " ".join(listed.stderr.split())


@pytest.mark.parametrize("year", [2019, 2086])
def test_the_page_of_stars_is_read_in_both_forms(year: int) -> None:
    """With a rank and a score beside each time (before 2025), and with times alone."""
    page = stars_page(year, {1: 2, 2: 1, 4: 2})
    assert stars.parse_times(stars_page(year, {})) == {}
    assert stars.parse_times(page) == {
        1: ("00:12:34", "01:02:03"),
        2: ("00:12:34", "-"),
        4: ("00:12:34", "01:02:03"),
    }
    assert stars.parse_times("<html><body>Maintenance</body></html>") is None


def test_a_time_since_unlock_is_read_or_unknown() -> None:
    assert stars.since_unlock("01:02:03") == timedelta(hours=1, minutes=2, seconds=3)
    assert stars.since_unlock(">24h") is None
    assert stars.since_unlock("-") is None


def test_on_a_terminal_the_claim_is_asked_and_no_means_no(
    site: FakeAoC,
    work: Path,
    aocd_loaded: AocdHome,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    from aoc2023.framework import calendar
    from aoc2023.framework.commands.terminal import TerminalPrompter
    from aoc2023.framework.inputs import RunRequest, days_to_run
    from aoc2023.framework.runner import run_days
    from aoc2023.framework.submit import SubmitOptions, submit_new_answers

    aocd_loaded.cache_answer(YEAR, LAST, 1, "15")
    site.puzzles[YEAR, LAST].answers[TOKEN] = ["15"]
    now = calendar.current_time
    monkeypatch.setattr(
        calendar,
        "current_time",
        lambda: (
            now() + timedelta(seconds=unlock_time(YEAR, LAST).timestamp() + 86400 - time.time())
        ),
    )
    for reply, posted in (("n\n", []), ("y\n", [{"level": "2", "answer": "0"}])):
        monkeypatch.setattr("sys.stdin", io.StringIO(reply))
        report = run_days(days_to_run(RunRequest(((YEAR, LAST),)), []))
        sent = submit_new_answers(report, SubmitOptions(interactive=True), TerminalPrompter())
        assert (
            "Claim the final star of 2086 (day 12 part 2: every other star is in)? [y/N]"
            in capsys.readouterr().err
        )
        assert claims(site) == posted
    assert sent.results[0].parts[1].submitted == "right"


def test_a_claim_whose_reply_was_lost_is_settled_by_the_stars(
    site: FakeAoC, work: Path, aocd_loaded: AocdHome
) -> None:
    """The site gave the star, the reply never came: the claim counts as unconfirmed, and
    the next run reads the stars afresh (not the kept copy), finds the star in, and
    records it: no second claim."""
    aocd_loaded.cache_answer(YEAR, LAST, 1, "15")
    site.puzzles[YEAR, LAST].answers[TOKEN] = ["15"]
    site.after_judging = "drop"
    lost = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert lost.returncode == 2
    assert part_2(lost)["submit_note"].startswith("Sent 0, but the connection dropped")
    assert sent.unconfirmed(USER_ID, YEAR, LAST, 2) is not None
    site.after_judging = None
    settled = aoc("run", str(YEAR), str(LAST), "--yes", "--json", cwd=work)
    assert settled.returncode == 0, settled.stderr
    assert part_2(settled)["submit_note"] == (
        "final star: in already, as your stars on adventofcode.com show"
    )
    assert sent.unconfirmed(USER_ID, YEAR, LAST, 2) is None
    assert len(claims(site)) == 1
    assert len(site.requests_for(f"/{YEAR}/leaderboard/self")) == 2  # read afresh


def test_consecutive_days_in_the_missing_stars_are_a_range() -> None:
    """The final star's sentence: "days 2-11 (both parts)", not each day of them."""
    from aoc2023.framework.aocd.stars import describe_missing
    from aoc2023.framework.calendar import day_list

    missing = [(day, part) for day in range(2, 12) for part in (1, 2)] + [(12, 1)]
    assert describe_missing(missing) == (
        "21 stars are missing: days 2-11 (both parts), day 12 part 1"
    )
    assert describe_missing([(3, 2), (4, 2), (6, 1), (6, 2), (7, 1), (7, 2)]) == (
        "6 stars are missing: days 3-4 part 2, days 6-7 (both parts)"
    )
    assert day_list([7]) == "day 7" and day_list([5, 1, 2, 3]) == "days 1-3, 5"


def page_of_times(lines: list[str]) -> str:
    """The page of the user's times holding `lines` in its table, escaped as the site does."""
    return (
        "<main><article><p>These are your personal leaderboard statistics.</p>\n<pre>"
        + "\n".join(escape(line) for line in lines)
        + "\n</pre></article></main>"
    )


FIELDS = st.one_of(
    st.sampled_from(
        [
            "00:12:34",
            ">24h",
            "-",
            "3",
            "0",
            "26",
            "99:00:00",
            "00:00:0\u00b2",
            "\u0663",
            "9" * 5000,
            "1e3",
        ]
    ),
    st.text(st.characters(blacklist_categories=["Cs", "Zs", "Cc"]), max_size=12),
)


@examples(10)
@given(st.lists(st.lists(FIELDS, min_size=1, max_size=7).map(" ".join), max_size=30))
def test_any_page_of_times_is_read_or_refused(lines: list[str]) -> None:
    """Whatever the page's table holds, it reads as days of December with time columns, and
    each time is a duration of less than a day or none: nothing raises."""
    times = stars.parse_times(page_of_times(lines))
    assert times is not None
    for day, columns in times.items():
        assert 1 <= day <= 31
        for column in columns:
            since = stars.since_unlock(column)
            assert since is None or timedelta(0) <= since < timedelta(days=1)
