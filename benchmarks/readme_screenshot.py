"""Screenshots of a project's README with its stars calendar, made through the real commands.

In a temporary copy of this project with two throwaway years (2040, given 25 days by
`[tool.aoc] days`, and 2041, 12 days by the rule) whose days solve generated inputs,
against the stand-in site (tests/fake_aoc.py) with the clock moved to 6 December 2041:
`aoc run` sends answers (two wrong at first), some stars are earned in the browser
(known to the site only), and `aoc stats 2040-2041 --svg calendar.svg --readme` draws
the calendar and links it from the README. The README is rendered to HTML with
`markdown` (it comes with mkdocs, in the docs group) and screenshot on a GitHub-like
page in the light and the dark colour scheme by headless Chromium (Debian's
`chromium`; calendar_screenshot.py serves the page and takes the pictures):

    uv run --group docs python benchmarks/readme_screenshot.py LIGHT.png DARK.png

It prints each command, `aoc stats`'s table (the figures the tiles must show) and the
README as written. Nothing reaches adventofcode.com.
"""

from __future__ import annotations

import os
import random
import shutil
import sys
import tempfile
import xml.etree.ElementTree as ET
from datetime import UTC, datetime
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(PROJECT / "tests"))

import markdown  # type: ignore[import-untyped]  # noqa: E402  (no stubs; the docs group)
from calendar_screenshot import screenshots  # noqa: E402
from conftest import CONTACT, TOKEN, AocdHome, write_year  # noqa: E402
from fake_aoc import FakeAoC  # noqa: E402
from project_copy import copy_project  # noqa: E402
from site_cli import aoc  # noqa: E402

from aoc2023.framework import store  # noqa: E402
from aoc2023.framework.calendar import unlock_time  # noqa: E402

LONG_YEAR, YEAR = 2040, 2041
NOW = unlock_time(YEAR, 6).timestamp() + 20 * 3600
"""The commands' clock: 6 December 2041, 20:00 Eastern time (days 7 to 12 still locked)."""

DAY = """
from aoc2023.framework import Example, Solution

REPEAT = {repeat}


class Y{year}Day{day:02d}(Solution[list[int]]):
    examples = [Example("1 2 3", part_1=6{example_2})]

    def parse(self, text: str) -> list[int]:
        return [int(word) for word in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return sum(numbers){wrong_1}
"""
PART_2 = """
    def part_2(self, numbers: list[int]) -> int:
        total = 0
        for _ in range(REPEAT):
            total += sum(number % 97 for number in numbers)
        return total{wrong_2}
"""
BUG = " + (len(numbers) > 3)"
"""A slip that the examples (three numbers) do not catch."""

README = """# Advent of Code in Python

My solutions to [Advent of Code](https://adventofcode.com), run, timed and sent with
`aoc`. Each day is one file, `aocYYYY/dayNN.py`.

```console
uv run aoc run 2041 6
```
"""

TITLES = [
    "Tinsel Ledger",
    "Sleigh Routing",
    "Chimney Count",
    "Cocoa Queue",
    "Lantern Grid",
    "Frosted Gears",
    "Ribbon Maze",
    "Orbiting Baubles",
    "Snow Drift",
    "Gift Tags",
    "Reindeer Relay",
    "Candle Cipher",
    "Icicle Lattice",
    "Mitten Sort",
    "Pine Paths",
    "Bell Towers",
    "Sugar Plums",
    "Wreath Weave",
    "North Pole Net",
    "Carol Codes",
    "Stocking Stack",
    "Glacier Glide",
    "Elf Ledger",
    "Star Chart",
    "Last Light",
]


class Plan:
    """What happens to each day: written as code (and how much work part 2 repeats), its
    parts solved by `aoc`, or earned in the browser at the given page times."""

    def __init__(self) -> None:
        # (year, day) -> (parts the day's code solves, part 2's repeats)
        self.code: dict[tuple[int, int], tuple[int, int]] = {}
        self.browser: dict[tuple[int, int], tuple[str, ...]] = {}
        for day in range(4, 21):
            self.code[LONG_YEAR, day] = (2, 20 if day == 14 else 1)
        self.code[LONG_YEAR, 21] = self.code[LONG_YEAR, 22] = (1, 1)
        for day in (1, 2, 3):  # solved before the framework was there, with no code kept
            self.browser[LONG_YEAR, day] = (
                f"00:{9 + 7 * day:02d}:4{day}",
                f"0{day - 1}:3{day}:0{day}",
            )
        self.browser[LONG_YEAR, 23] = (">24h",)
        for day in (1, 2, 3, 5):
            self.code[YEAR, day] = (2, 1)
        self.code[YEAR, 4] = (2, 3)
        self.code[YEAR, 6] = (1, 1)
        self.browser[YEAR, 4] = ("00:06:12", "00:11:58")  # in the browser; the code after


def numbers_of(year: int, day: int) -> list[int]:
    """The day's generated input: from 10 to 100,000 numbers, by day."""
    rng = random.Random(year * 100 + day)
    return [rng.randrange(1, 10**6) for _ in range(10 ** (1 + day % 5))]


def day_code(year: int, day: int, parts: int, repeat: int, wrong: int = 0) -> str:
    """The day's module: `parts` solved, part `wrong` (if any) off by one on the real
    input (its examples still pass, so the wrong answer is sent)."""
    text = DAY.format(
        year=year,
        day=day,
        repeat=repeat,
        example_2=", part_2=REPEAT * 6" if parts == 2 else "",
        wrong_1=BUG if wrong == 1 else "",
    )
    return text + (PART_2.format(wrong_2=BUG if wrong == 2 else "") if parts == 2 else "")


def days_in(year: int) -> int:
    return 25 if year == LONG_YEAR else 12


def site_with_puzzles(plan: Plan) -> FakeAoC:
    """The stand-in site: every day of both years with its input and answers, the
    browser's stars in, and its clock giving each star sent its planned time."""
    site = FakeAoC()
    site.add_user(TOKEN)
    for year in (LONG_YEAR, YEAR):
        for day in range(1, days_in(year) + 1):
            numbers = numbers_of(year, day)
            repeat = plan.code.get((year, day), (2, 1))[1]
            site.add_puzzle(
                year,
                day,
                TITLES[day - 1],
                inputs={TOKEN: " ".join(map(str, numbers)) + "\n"},
                solutions=[str(sum(numbers)), str(repeat * sum(n % 97 for n in numbers))],
                last=day == days_in(year),
            )
    for (year, day), times in plan.browser.items():
        site.earn_in_browser(year, day, TOKEN, *times)

    def clock() -> float:
        """When the answer being judged wins its star: minutes to hours after the unlock,
        by day and part (the last request is the answer's)."""
        _, year, _, day, _ = site.requests[-1].path.split("/")
        part = len(site.puzzles[int(year), int(day)].answers[TOKEN])
        rng = random.Random(int(year) * 100 + int(day))
        first = rng.randrange(4 * 60, 50 * 60)
        seconds = first if part == 1 else first + rng.randrange(90, 3 * 3600)
        return datetime(int(year), 12, int(day), 5, tzinfo=UTC).timestamp() + seconds

    site.clock = clock
    return site


def build(work: Path, site: FakeAoC, plan: Plan) -> None:
    """The project and the commands, as a user runs them; each command printed."""
    project = copy_project(work / "project")
    with (project / "pyproject.toml").open("a", encoding="utf-8") as settings:
        settings.write(f"\n[tool.aoc]\ndays = {{{LONG_YEAR} = 25}}\n")
    (project / "README.md").write_text(README, encoding="utf-8")
    for year in (LONG_YEAR, YEAR):
        write_year(
            project,
            year,
            {
                f"day{day:02d}.py": day_code(year, day, *plan.code[year, day])
                for day in range(1, days_in(year) + 1)
                if (year, day) in plan.code
            },
        )
    home = AocdHome(work / "aocd-data", work / "aocd-config")
    home.set_token()
    os.environ.update(
        AOCD_DIR=str(home.data), AOCD_CONFIG_DIR=str(home.config), AOC_USER_AGENT=CONTACT
    )
    env = {name: value for name, value in home.env().items() if name != "UV"}
    # (hints then name `aoc` as a user types it, not as `uv run` launched this script)
    shift = NOW - datetime.now(UTC).timestamp()

    def run(*args: str, code: int = 0) -> str:
        print(f"$ aoc {' '.join(args)}", flush=True)
        done = aoc(site, home, *args, cwd=project, env=env, shift=shift, timeout=600)
        if done.returncode != code:
            sys.exit(
                f"aoc {' '.join(args)} exited {done.returncode}, not {code}:\n"
                f"{done.stdout}{done.stderr}"
            )
        return done.stdout

    for year, day, part in ((YEAR, 3, 1), (LONG_YEAR, 7, 2)):
        parts, repeat = plan.code[year, day]
        package = project / f"aoc{year}" / f"day{day:02d}.py"
        package.write_text(day_code(year, day, parts, repeat, wrong=part))
        run("run", str(year), str(day), "--yes", code=1)  # a wrong answer sent
        package.write_text(day_code(year, day, parts, repeat))
        store.waits_file().unlink(missing_ok=True)  # the site's minute served
    run("run", str(LONG_YEAR), "--yes")
    run("run", str(YEAR), "--yes")
    years = f"{LONG_YEAR}-{YEAR}"
    run("stats", years, "--svg", "calendar.svg", "--readme")
    print(run("stats", years))


def main(light: Path, dark: Path) -> None:
    plan = Plan()
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        site = site_with_puzzles(plan)
        try:
            build(work, site, plan)
        finally:
            site.stop()
        project = work / "project"
        readme = (project / "README.md").read_text(encoding="utf-8")
        print(readme)
        page = work / "page"
        page.mkdir()
        shutil.copy(project / "calendar.svg", page / "calendar.svg")
        height = int(ET.parse(page / "calendar.svg").getroot().get("height", "800"))
        body = markdown.markdown(readme, extensions=["fenced_code", "tables"])
        screenshots(page, body, {"light": light, "dark": dark}, (960, height + 350))


if __name__ == "__main__":
    main(Path(sys.argv[1]), Path(sys.argv[2]))
