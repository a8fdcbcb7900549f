"""Fill a copy of the project with synthetic years: 2015-2024, 25 days each, as `aoc new`
writes them.

Each day is `aoc new`'s own template (`commands/new.py`'s `render_day`; `aoc new` writes no test
file, the pytest plugin tests the day), with one made-up example in place of the puzzle page's (its
input a few numbers; part 1 their sum, part 2 twice the sum), and its parts written to
give those answers, so that its tests pass. Nothing is fetched and no puzzle input is
written. A year's package is started as `aoc new YEAR` starts it (an `aoc<year>/`
folder with an `__init__.py` at the project's root, found by the editable install);
a day whose file exists already (2023 day 7) is left as it is.

    uv run python benchmarks/synthetic_years.py PROJECT [--years 2015-2024]

Used by many_days.py; it never touches this checkout unless given it.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from aoc2023.framework import calendar
from aoc2023.framework.aocd.client import PageExample
from aoc2023.framework.commands import new as scaffold

NUMBERS = (3, 1, 4, 1, 5, 9)
_PART_1 = "    def part_1(self, data: list[str]) -> int:\n        raise NotImplementedError"
_PART_2 = "    def part_2(self, data: list[str]) -> int:\n        raise NotImplementedError"


def synthetic_day(target: scaffold.Target) -> str:
    """The day's module as `aoc new` writes it, with a made-up example and its parts."""
    total = sum(NUMBERS)
    example = PageExample("\n".join(map(str, NUMBERS)), part_1=str(total), part_2=str(2 * total))
    source = scaffold.render_day(target, f"Synthetic {target.year}/{target.day:02d}", (example,))
    source = source.replace(
        _PART_1,
        _PART_1.replace("raise NotImplementedError", "return sum(int(line) for line in data)"),
    )
    return source.replace(
        _PART_2, _PART_2.replace("raise NotImplementedError", "return 2 * self.part_1(data)")
    )


def fill(project: Path, years: range) -> int:
    """Write every missing day of `years` into `project`; the number of days written."""
    written = 0
    for year in years:
        package = f"aoc{year}"
        folder = project / package
        folder.mkdir(exist_ok=True)
        init = folder / "__init__.py"
        if not init.exists():
            init.write_text(
                f'"""Advent of Code {year}: one module per day (dayNN.py)."""\n', encoding="utf-8"
            )
        for day in range(1, calendar.days_in_year(year) + 1):
            target = scaffold.Target(year, day, package, folder / f"day{day:02d}.py")
            if target.day_path.exists():
                continue
            target.day_path.write_text(synthetic_day(target), encoding="utf-8")
            written += 1
    return written


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("project", type=Path)
    parser.add_argument("--years", default="2015-2024", metavar="FIRST-LAST")
    args = parser.parse_args()
    first, _, last = args.years.partition("-")
    count = fill(args.project, range(int(first), int(last or first) + 1))
    print(f"Wrote {count} days into {args.project}.")


if __name__ == "__main__":
    main()
