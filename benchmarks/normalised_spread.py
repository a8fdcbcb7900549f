"""Do normalised `aoc bench` figures hold when the machine's speed swings? Raw against
normalised spreads of back-to-back `aoc bench 2023 7 --input FILE` runs (issue 27).

Each trial runs `--runs` (4) whole `aoc bench ... --json` processes back to back, beside
a bursty CPU load of `--processes` (3) processes (busy_machine.Load; --quiet: none), on
one generated input (1,000 hands: cli_latency.generated_input, written to a temporary
file, never kept). For each step, and for the main implementation's day total (parse
and parts), it prints the spread across the runs (largest over smallest) of the raw
headline figure (`raw_min` or `raw_cpu_min`) and of the normalised one the verdicts
use (the JSON's `headline`), side by side, with each run's machine speed and the
calibration's swing. Last, by kind of step (by wall-clock minimum, by CPU minimum),
how far apart two runs' figures were (what a verdict compares: each pair of runs), at
the 90th percentile and at most: what figures.TOLERANCE and WIDE_TOLERANCE are set from.

    uv run python benchmarks/normalised_spread.py [--trials 1] [--runs 4] [--budget 1]
        [--hands 1000 | --example] [--processes 3] [--quiet]

Goal (issue 27): the normalised day totals of 4 runs within 10% of each other under
the load. It reports and never asserts.
"""

from __future__ import annotations

import argparse
import sys
from typing import Any

from busy_machine import Load
from day7_bench_runs import back_to_back, day_7_input

GOAL = 1.10


def figures(day: dict[str, Any]) -> dict[str, tuple[str, float, float]]:
    """By step ("part 1", "part 1 [fast]", "day total"): the headline's kind, its raw
    figure and its normalised one."""
    found: dict[str, tuple[str, float, float]] = {}
    for step in day["steps"]:
        name = step["headline"]
        if name is None:
            continue
        kind = {"normalised": "min", "normalised_cpu": "cpu_min"}.get(name, name)
        raw = step["raw_" + kind]
        key = step["step"] + (f" [{step['variant']}]" if step["variant"] else "")
        found[key] = (kind, raw, step[name])
    main = [value for key, value in found.items() if "[" not in key]
    found["day total"] = ("sum", sum(v[1] for v in main), sum(v[2] for v in main))
    return found


def spread(values: list[float]) -> float:
    return max(values) / min(values)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=1)
    parser.add_argument("--runs", type=int, default=4, help="back-to-back runs a trial")
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--hands", type=int, default=1000)
    parser.add_argument("--example", action="store_true", help="bench the examples instead")
    parser.add_argument("--processes", type=int, default=3, help="load processes")
    parser.add_argument("--quiet", action="store_true", help="no load of our own")
    parser.add_argument("--load-limit", type=float, default=600.0, metavar="SECONDS")
    args = parser.parse_args()
    on = "--example" if args.example else f"--input <{args.hands} generated hands>"
    load = "no load of our own" if args.quiet else f"a bursty load of {args.processes} processes"
    print(
        f"aoc bench 2023 7 {on} --budget {args.budget:g}: {args.runs} runs back to back, "
        f"{args.trials} trial(s), {load}"
    )
    worst: dict[str, float] = {}
    pairs: dict[str, list[float]] = {}
    with day_7_input(args.example, args.hands) as path:
        for trial in range(1, args.trials + 1):
            days = back_to_back(
                sys.executable,
                path,
                args.budget,
                args.runs,
                None if args.quiet else Load(args.processes, args.load_limit, seed=trial * 100),
            )
            speeds = ", ".join(
                f"{d['speed']['relative']:.2f}x (swing {d['speed']['swing']:.2f})" for d in days
            )
            print(f"trial {trial}: machine speed {speeds}")
            print(
                f"  {'step':16}{'clock':>8}{'raw spread':>12}{'normalised':>12}   "
                "normalised figures"
            )
            runs = [figures(day) for day in days]
            for name, (kind, _, _) in runs[0].items():
                if not all(name in run for run in runs):
                    continue
                raw = spread([run[name][1] for run in runs])
                normalised = spread([run[name][2] for run in runs])
                kind_of = "total" if kind == "sum" else kind
                worst[kind_of] = max(worst.get(kind_of, 1.0), normalised)
                worst[f"raw {kind_of}"] = max(worst.get(f"raw {kind_of}", 1.0), raw)
                for clock, at in (("raw ", 1), ("", 2)):  # what a verdict sees: run against run
                    pairs.setdefault(clock + kind_of, []).extend(
                        spread([float(one[name][at]), float(other[name][at])])
                        for n, one in enumerate(runs)
                        for other in runs[n + 1 :]
                    )
                shown = " ".join(f"{run[name][2] * 1e3:.3f}" for run in runs)
                print(
                    f"  {name:16}{kind:>8}{(raw - 1) * 100:11.1f}%{(normalised - 1) * 100:11.1f}%"
                    f"   {shown} ms"
                )
    print(
        "widest spreads: "
        + ", ".join(f"{kind} {(value - 1) * 100:.1f}%" for kind, value in sorted(worst.items()))
    )
    print(
        "two runs apart, 90th percentile (largest): "
        + ", ".join(
            f"{kind} {(quantile(found, 0.9) - 1) * 100:.1f}% ({(max(found) - 1) * 100:.1f}%)"
            for kind, found in sorted(pairs.items())
        )
    )
    print(f"goal: normalised day totals within {(GOAL - 1) * 100:.0f}%")


def quantile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


if __name__ == "__main__":
    main()
