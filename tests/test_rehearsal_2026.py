"""A rehearsal of 1 December 2026 against the stand-in site, with the clock moved (the one
thing mocked): `aoc new 2026 1 --wait` a minute before the unlock, the examples, part 1
sent and right, part 2's example offered, part 2 sent; then day 12 with the other 22
stars in, ending with the final star claimed once. And with a star missing: no claim,
and a line that names it.

Each command runs in this process (`site_cli.aoc_in_process`), as `aoc` would in its
own, with a project folder's `aoc2026` package on the path, which `aoc new` fills; the
solver's edits to a day are written to its file, and the day is imported afresh, as the
next process would. The commands and what `aoc` printed make a transcript: set
`AOC_REHEARSAL_TRANSCRIPT` to a file to keep it (benchmarks/rehearsal_2026.py does).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import timedelta
from functools import partial
from pathlib import Path

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from fake_clock import FakeClock
from site_cli import aoc_in_process

from aoc2023.framework import calendar
from aoc2023.framework.calendar import unlock_time
from aoc2023.framework.commands import terminal as cli_unlock

YEAR = 2026
DAY_1_INPUT, DAY_12_INPUT = "3 4 5\n7 8\n", "10 20 30\n"

PART_1 = """    def part_1(self, data: list[str]) -> int:
        return sum(int(number) for line in data for number in line.split())
"""
PART_2 = """    def part_2(self, data: list[str]) -> int:
        return 10 * self.part_1(data)
"""


@dataclass
class Rehearsal:
    """The project, the clock, and the transcript of every command so far."""

    project: Path
    clock: FakeClock
    transcript: list[str] = field(default_factory=list)

    def aoc(self, *args: str) -> subprocess.CompletedProcess[str]:
        when = f"{self.clock.datetime().astimezone(calendar.aoc_timezone()):%d %b %H:%M:%S} ET"
        done = aoc_in_process(*args)  # the package is found on the path, as installed
        # As a terminal shows them: aoc new's wait comes before what it wrote, a run's
        # table before what was sent.
        said = done.stderr + done.stdout if args[0] == "new" else done.stdout + done.stderr
        said = said.replace(str(self.project), "~/advent")  # the project, wherever it is
        self.transcript.append(f"[{when}] $ aoc {' '.join(args)}\n{said}(exit {done.returncode})\n")
        return done

    def day_file(self, day: int) -> Path:
        return self.project / f"aoc{YEAR}" / f"day{day:02d}.py"

    def solve(self, day: int, *methods: str, example: tuple[str, str] | None = None) -> None:
        """The solver's edit: each method in place of the template's, and an example's
        answer pasted (`example`: the text to replace, and the new)."""
        source = self.day_file(day).read_text()
        for method in methods:
            name = method.split("(")[0].split()[-1]
            start = source.index(f"    def {name}(")
            end = source.find("\n    def ", start + 1)
            source = source[:start] + method + (source[end + 1 :] if end != -1 else "")
        if example is not None:
            assert example[0] in source, source
            source = source.replace(*example)
        self.day_file(day).write_text(source)
        self.clock.advance(5 * 60)  # the solver's five minutes
        self.transcript.append(
            f"(the solver edits {self.day_file(day).name}: "
            f"{', '.join(m.split('(')[0].split()[-1] for m in methods)}"
            f"{' and part 2 example' if example else ''})\n"
        )


@pytest.fixture
def rehearsal(
    tmp_path: Path,
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    monkeypatch: pytest.MonkeyPatch,
    request: pytest.FixtureRequest,
) -> Iterator[Rehearsal]:
    """A project folder, the site with 2026's puzzles, and the clock a minute before the
    first one unlocks."""
    aocd_loaded.set_token()
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_puzzle(
        YEAR,
        1,
        "Counting Chimneys",
        inputs={TOKEN: DAY_1_INPUT},
        example="1 2 3",
        example_answers=("6", "60"),
        solutions=["27", "270"],
    )
    for day in range(2, 12):  # solved on the days before
        fake_aoc.add_puzzle(
            YEAR, day, f"Day {day}", inputs={TOKEN: "1\n"}, solutions=["1", "2"], answers=["1", "2"]
        )
    fake_aoc.add_puzzle(
        YEAR,
        12,
        "The Last Sleigh",
        inputs={TOKEN: DAY_12_INPUT},
        example="1 2 3",
        example_answers=("6", None),
        solutions=["60"],
    )
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'advent'\n")
    clock = FakeClock(unlock_time(YEAR, 1) - timedelta(minutes=1))
    monkeypatch.setattr(calendar, "current_time", clock.datetime)
    monkeypatch.setattr(
        cli_unlock,
        "wait_in_terminal",
        partial(cli_unlock.wait_in_terminal, now=clock.datetime, sleep=clock.sleep),
    )
    monkeypatch.setattr(sys, "dont_write_bytecode", True)  # a day rewritten within a second
    monkeypatch.setenv("COLUMNS", "120")
    with temporary_year(project, YEAR, {}):
        done = Rehearsal(project, clock)
        yield done
        if path := os.environ.get("AOC_REHEARSAL_TRANSCRIPT"):  # each test's, in turn
            with open(path, "a", encoding="utf-8") as transcript:
                transcript.write(
                    f"===== {request.node.name}\n\n" + "\n".join(done.transcript) + "\n"
                )


def final_star_posts(site: FakeAoC) -> list[dict[str, str]]:
    return [
        r.form for r in site.requests_for(f"/{YEAR}/day/12/answer") if r.form.get("level") == "2"
    ]


@pytest.mark.slow
def test_rehearsal_of_1_december_2026(rehearsal: Rehearsal, fake_aoc: FakeAoC) -> None:
    r = rehearsal
    new = r.aoc("new", str(YEAR), "1", "--wait")
    assert new.returncode == 0, new.stderr
    assert sum(r.clock.slept) >= 60  # it waited for the unlock, on its clock
    assert fake_aoc.requests_for(f"/{YEAR}/day/1/input")
    assert "part_1=6" in r.day_file(1).read_text()

    r.solve(1, PART_1)
    assert r.aoc("run", str(YEAR), "1", "--example").returncode == 0
    first = r.aoc("run", str(YEAR), "1", "--yes")
    assert first.returncode == 0, first.stderr
    assert "2026 day 1 part 1: sent 27: That's the right answer" in first.stderr
    assert "part 2's example" in first.stderr and "part_2=60" in first.stderr

    r.solve(1, PART_1, PART_2, example=("part_1=6)", "part_1=6, part_2=60)"))
    assert r.aoc("run", str(YEAR), "1", "--example").returncode == 0
    second = r.aoc("run", str(YEAR), "1", "--yes")
    assert "2026 day 1 part 2: sent 270: That's the right answer" in second.stderr

    r.clock.advance((unlock_time(YEAR, 12) - r.clock.datetime()).total_seconds() + 30)
    assert r.aoc("new", str(YEAR), "12").returncode == 0
    r.solve(12, PART_1)
    assert r.aoc("run", str(YEAR), "12", "--example").returncode == 0
    last = r.aoc("run", str(YEAR), "12", "--yes")
    assert last.returncode == 0, last.stderr
    assert "2026 day 12 part 1: sent 60: That's the right answer" in last.stderr
    assert "2026 day 12 part 2: claimed the final star: " in last.stderr
    assert "★ final star [sent: right]" in last.stdout
    assert final_star_posts(fake_aoc) == [{"level": "2", "answer": "0"}]

    again = r.aoc("run", str(YEAR), "12", "--yes")
    assert again.returncode == 0 and "★ final star │" in again.stdout, again.stdout
    assert final_star_posts(fake_aoc) == [{"level": "2", "answer": "0"}]  # claimed once
    listed = r.aoc("list", str(YEAR))
    assert "★ final star" in listed.stdout


@pytest.mark.slow
def test_rehearsal_with_a_star_missing(rehearsal: Rehearsal, fake_aoc: FakeAoC) -> None:
    """Day 1 done on the site but for its part 2, and day 7 not at all: day 12's part 1
    goes in, the final star is not claimed, and one line names the three stars."""
    r = rehearsal
    fake_aoc.puzzles[YEAR, 1].answers[TOKEN] = ["27"]
    fake_aoc.puzzles[YEAR, 7].answers[TOKEN] = []
    r.clock.advance((unlock_time(YEAR, 12) - r.clock.datetime()).total_seconds() + 30)
    assert r.aoc("new", str(YEAR), "12").returncode == 0
    r.solve(12, PART_1)
    last = r.aoc("run", str(YEAR), "12", "--yes")
    assert last.returncode == 0, last.stderr
    assert (
        "2026 day 12 part 2: final star: not claimed yet: 3 stars are missing: day 1 "
        "part 2, day 7 (both parts)"
    ) in " ".join(last.stderr.split())
    assert "☆ final star" in last.stdout
    assert final_star_posts(fake_aoc) == []
