"""Are `aoc bench` figures repeatable? Two whole `aoc bench 2023 7 --input FILE` runs,
back to back, under a bursty CPU load of this script's own (or, with --quiet, without).

The input is generated here (random distinct hands, as in cli_latency.py), so no
puzzle input is needed or written. Each `aoc bench` is a fresh process, as a user
would start it. The load is one process per core and one more (--processes), each
busy and idle in random spells of 0.02-0.4 s (as a browser or a build beside you
would be); each load process stops by itself at a deadline (--load-limit) even if
this script is killed, and all are stopped when the runs end. --example benches the
day's examples instead (steps of microseconds); --hands 100000 gives steps of tenths
of a second.

For each trial it prints each step's headline figure from both runs (the figure the
`faster`/`slower` verdicts use: the JSON's `headline` field, or the median for an
`aoc bench` from before that field existed) and how far apart they are (the larger
over the smaller), with another figure beside it for comparison (the median beside the minimum, the
wall-clock minimum beside the CPU minimum, the minimum beside the median).

    uv run python benchmarks/bench_repeatability.py [--quiet] [--trials 3] [--budget 1]
        [--hands 1000 | --example] [--processes N] [--aoc PYTHON]

--aoc names the Python whose `aoc2023` to run (default: this one), so that another
checkout (say, main before a change) is measured on the same input and load.

Goal (issue 15): the two runs' headline figures within 10% of each other under the
load, and within 3% on a quiet machine.
"""

from __future__ import annotations

import argparse
import os
import sys
from typing import Any

from busy_machine import Load
from day7_bench_runs import back_to_back, day_7_input

GOAL_LOADED = 1.10
GOAL_QUIET = 1.03


def steps(day: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """Each step's figures from one `aoc bench` day, by step name: "part 1", or "part 1
    [fast]" for a variant's step (`aoc bench` times day 7's variants beside the main
    implementation)."""
    return {
        step["step"] + (f" [{step['variant']}]" if step.get("variant") else ""): step
        for step in day["steps"]
        if value(step, "median")
    }


def value(step: dict[str, Any], name: str) -> float:
    """A figure of the step's JSON: named as such (`normalised`), or raw (`min`, named
    `raw_min` since issue 27)."""
    return float(step[name] if name in step else step[f"raw_{name}"])


def headline(step: dict[str, Any]) -> str:
    """The figure the verdicts use: named by the JSON ("normalised", or "normalised_cpu"
    for a long step; "min" or "cpu_min" before issue 27), else the median (before
    issue 15)."""
    return str(step.get("headline") or "median")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quiet", action="store_true", help="no load of our own")
    parser.add_argument("--trials", type=int, default=1, help="pairs of runs")
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument(
        "--example",
        action="store_true",
        help="bench the day's examples (steps of microseconds) instead",
    )
    parser.add_argument(
        "--processes",
        type=int,
        default=(os.cpu_count() or 1) + 1,
        help="load processes (default: one more than the cores)",
    )
    parser.add_argument(
        "--aoc", default=sys.executable, metavar="PYTHON", help="the Python whose aoc2023 to bench"
    )
    parser.add_argument(
        "--load-limit",
        type=float,
        default=600.0,
        metavar="SECONDS",
        help="the load stops by itself after this long",
    )
    args = parser.parse_args()
    goal = GOAL_QUIET if args.quiet else GOAL_LOADED
    load = (
        "no load of our own"
        if args.quiet
        else (f"a bursty load of {args.processes} processes on {os.cpu_count()} cores")
    )
    on = "--example" if args.example else f"--input <{args.hands} generated hands>"
    print(
        f"aoc bench 2023 7 {on} --budget {args.budget:g}, "
        f"two runs back to back, {args.trials} trial(s), {load}"
    )
    worst = 1.0
    with day_7_input(args.example, args.hands) as path:
        for trial in range(1, args.trials + 1):
            runs = [
                steps(day)
                for day in back_to_back(
                    args.aoc,
                    path,
                    args.budget,
                    2,
                    None if args.quiet else Load(args.processes, args.load_limit, seed=trial * 100),
                )
            ]
            print(f"trial {trial}:")
            print(
                f"  {'step':14}{'figure':>19}{'run 1':>12}{'run 2':>12}{'apart':>9}"
                f"{'other':>8}{'apart':>9}"
            )
            for name, first in runs[0].items():
                second = runs[1].get(name)
                if second is None:
                    continue
                main_figure = headline(first)
                other = "median" if main_figure.endswith("min") else "min"
                figures = [value(run, main_figure) for run in (first, second)]
                others = [value(run, other) for run in (first, second)]
                apart = max(figures) / min(figures)
                other_apart = max(others) / min(others)
                worst = max(worst, apart)
                print(
                    f"  {name:14}{main_figure:>19}{figures[0] * 1e6:9.1f} µs"
                    f"{figures[1] * 1e6:9.1f} µs{(apart - 1) * 100:8.1f}%"
                    f"{other:>8}{(other_apart - 1) * 100:8.1f}%"
                )
    print(f"furthest apart: {(worst - 1) * 100:.1f}% (goal: at most {(goal - 1) * 100:.0f}%)")


if __name__ == "__main__":
    main()
