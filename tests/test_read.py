"""`aoc read YEAR DAY` against the fake site: the page aocd caches, as text or Markdown,
fetched again once when a part was solved since it was cached."""

from __future__ import annotations

from pathlib import Path

import pytest
from conftest import TOKEN, AocdHome
from fake_aoc import FakeAoC
from site_cli import aoc_in_process as aoc

EXAMPLE = "32T3K 765\nT55J5 684\n"


def pages(site: FakeAoC) -> int:
    return len(site.requests_for("/2023/day/7"))


def test_markdown_then_part_2_after_solving(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        2023,
        7,
        "Camel Cards",
        inputs={TOKEN: "x\n"},
        example=EXAMPLE,
        example_answers=("6440", "5905"),
    )
    done = aoc("read", "2023", "7", "--markdown", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stdout == (
        "## Day 7: Camel Cards\n\nSome prose.\n\nFor example:\n\n"
        "```\n32T3K 765\nT55J5 684\n```\n\n"
        "In this example, the `total` is *`6440`*.\n"
    )
    assert pages(fake_aoc) == 1

    # From aocd's cache: no request.
    again = aoc("read", "2023", "7", "--markdown", cwd=tmp_path)
    assert again.stdout == done.stdout
    assert pages(fake_aoc) == 1

    # Part 1 solved since (here on the site, and aocd knows the answer): fetched once more.
    fake_aoc.puzzles[2023, 7].answers[TOKEN].append("6440")
    aocd_loaded.cache_answer(2023, 7, 1, "6440")
    fuller = aoc("read", "2023", "7", "--markdown", cwd=tmp_path)
    assert fuller.returncode == 0, fuller.stderr
    assert "Fetched the page again: a part was solved since it was cached." in fuller.stderr
    assert "Your puzzle answer was `6440`." in fuller.stdout
    assert (
        "## Part Two\n\nPart two's prose.\n\nIn this example, the `total` is *`5905`*."
        in fuller.stdout
    )
    assert pages(fake_aoc) == 2
    assert aoc("read", "2023", "7", cwd=tmp_path).returncode == 0
    assert pages(fake_aoc) == 2


def test_text_for_the_terminal_and_nothing_written_in_the_working_folder(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        2023,
        7,
        "Camel Cards",
        inputs={TOKEN: "x\n"},
        example=EXAMPLE,
        example_answers=("6440", None),
    )
    here = tmp_path / "here"
    here.mkdir()
    done = aoc("read", "2023", "7", cwd=here)
    assert done.returncode == 0, done.stderr
    assert "Day 7: Camel Cards" in done.stdout
    assert "32T3K 765" in done.stdout
    assert "##" not in done.stdout and "```" not in done.stdout  # drawn, not Markdown
    assert list(here.iterdir()) == []


def test_the_pages_text_is_shown_as_it_reads_never_as_markup(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """`&lt;b&gt;` in the page was passed on as `<b>` (HTML to Markdown, dropped on the
    terminal), and a `[text](address)` in its text became a link there."""
    aocd_loaded.set_token()
    shown = "A &lt;b&gt; [link](http://evil.example) *not* `code`"
    fake_aoc.add_puzzle(2023, 7, shown, inputs={TOKEN: "x\n"})
    markdown = aoc("read", "2023", "7", "--markdown", cwd=tmp_path)
    assert markdown.stdout.startswith(
        "## Day 7: A \\<b\\> \\[link\\](http://evil.example) \\*not\\* \\`code\\`\n"
    ), markdown.stdout
    text = aoc("read", "2023", "7", cwd=tmp_path)
    assert "A <b> [link](http://evil.example) *not* `code`" in text.stdout, text.stdout


def test_failures_are_one_sentence(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    no_token = aoc("read", "2023", "7", cwd=tmp_path)
    assert no_token.returncode == 2
    assert no_token.stderr.startswith("Error: No Advent of Code session token is set")

    aocd_loaded.set_token()
    locked = aoc("read", "2075", "7", cwd=tmp_path)
    assert locked.returncode == 2
    assert locked.stderr.startswith("Error: 2075 day 7 is not unlocked yet")

    fake_aoc.stop()  # the site's address now refuses, as with no network
    no_network = aoc("read", "2023", "7", cwd=tmp_path)
    assert no_network.returncode == 2
    assert no_network.stderr.startswith(
        "Error: Could not reach adventofcode.com to read the page of 2023 day 7 (no network?)"
    )
    assert fake_aoc.requests == []


def test_a_dead_token_reads_the_public_page_and_is_suspected_when_part_2_stays_away(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """The puzzle's text is public: the site shows it to a dead session too, without the
    parts solved; once aocd knows a part solved that the page will not show, `aoc read`
    says why it may be."""
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(2023, 7, "Camel Cards", answers=["6440"])  # not logged in: no input
    first = aoc("read", "2023", "7", "--markdown", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    assert "Part Two" not in first.stdout
    aocd_loaded.cache_answer(2023, 7, 1, "6440")
    done = aoc("read", "2023", "7", "--markdown", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "is the session token dead? (aoc token checks it)" in done.stderr


def test_the_last_day_keeps_the_paragraph_about_the_stars_still_needed(
    fake_aoc: FakeAoC, aocd_loaded: AocdHome, tmp_path: Path
) -> None:
    """Day 25 before 2025, day 12 since: with part 1 solved, the site says under part 2
    how many stars the final one still needs, or that there are enough (the solver's next
    step), in paragraphs of <main> outside the articles; both are read, in the page's
    order, and the page's other paragraphs (the input link) are not."""
    aocd_loaded.set_token()
    fake_aoc.add_puzzle(
        2023, 25, "Snowverload", inputs={TOKEN: "x\n"}, solutions=["1"], answers=["1"]
    )
    fake_aoc.add_puzzle(2023, 24, "Hail", inputs={TOKEN: "x\n"}, answers=["1", "2"])
    needed = aoc("read", "2023", "25", "--markdown", cwd=tmp_path)
    assert needed.returncode == 0, needed.stderr
    assert needed.stdout.endswith(
        "## Part Two\n\nPart two's prose.\n\n"
        "You don't have enough stars to finish decorating, though. You need 46 more.\n"
    )
    assert "get your puzzle input" not in needed.stdout

    fake_aoc.add_puzzle(2025, 12, "Last", inputs={TOKEN: "x\n"}, answers=["1"])
    for day in range(1, 12):
        fake_aoc.add_puzzle(2025, day, f"Day {day}", inputs={TOKEN: "x\n"}, answers=["1", "2"])
    enough = aoc("read", "2025", "12", "--markdown", cwd=tmp_path)
    assert enough.returncode == 0, enough.stderr
    assert enough.stdout.endswith(
        "Part two's prose.\n\nYou have enough stars to \\[Finish Decorating\\].\n"
    )
    text = aoc("read", "2025", "12", cwd=tmp_path)
    assert text.returncode == 0, text.stderr
    assert "You have enough stars to" in text.stdout and "javascript" not in text.stdout


def test_the_page_wraps_at_the_terminal_s_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """On a terminal 40 columns wide (COLUMNS not exported, as a shell leaves it), as
    every view is written (commands/options.py `emit`)."""
    import fcntl
    import os
    import pty
    import struct
    import sys
    import termios

    from aoc2023.framework.commands.options import emit
    from aoc2023.framework.commands.read import render

    monkeypatch.delenv("COLUMNS", raising=False)
    controller, terminal = pty.openpty()
    fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
    with os.fdopen(terminal, "w") as stream, os.fdopen(controller, "rb", buffering=0) as screen:
        monkeypatch.setattr(sys, "stdout", stream)
        emit(lambda: "{}", [], lambda out, err: render("word " * 30, out), as_json=False)
        stream.flush()
        shown = screen.read(10000).decode()
    lines = [line for line in shown.splitlines() if line.strip()]
    assert len(lines) == 4 and max(map(len, lines)) <= 40, shown
