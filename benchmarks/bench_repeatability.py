"""Are `aoc bench` figures repeatable? Two whole `aoc bench 2023 7 --input FILE` runs.

The input is generated here (1,000 random distinct hands, as in cli_latency.py), so
no puzzle input is needed or written. Each run is a fresh process, as a user would
start it; the script prints each step's median from each run and how far apart
they are (the larger over the smaller).

    uv run python benchmarks/bench_repeatability.py [--runs 2] [--budget 1.0] [--hands 1000]

Goal (issue 6): on an idle machine, the medians of two runs within 10% of each other.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from cli_latency import generated_input

GOAL = 1.10


def bench_once(path: Path, budget: float) -> dict[str, float]:
    done = subprocess.run(
        [sys.executable, "-m", "aoc2023", "bench", "2023", "7", "--input", str(path),
         "--budget", str(budget), "--json"],
        capture_output=True, text=True,
    )
    if done.returncode != 0:
        raise SystemExit(f"aoc bench failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    [day] = json.loads(done.stdout)["results"]
    return {step["step"]: step["median"] for step in day["steps"] if step["median"]}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2)
    parser.add_argument("--budget", type=float, default=1.0)
    parser.add_argument("--hands", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "hands.txt"
        path.write_text(generated_input(args.hands))
        runs = [bench_once(path, args.budget) for _ in range(args.runs)]
    print(f"aoc bench 2023 7 --input <{args.hands} generated hands> --budget {args.budget:g}, "
          f"{args.runs} runs")
    header = "".join(f"{f'run {n} median':>16}" for n in range(1, args.runs + 1))
    print(f"{'step':10}{header}{'max/min':>10}  within 10%")
    worst = 1.0
    for step in runs[0]:
        medians = [run[step] for run in runs]
        ratio = max(medians) / min(medians)
        worst = max(worst, ratio)
        cells = "".join(f"{median * 1e6:13.1f} µs" for median in medians)
        print(f"{step:10}{cells}{ratio:10.3f}  {'yes' if ratio <= GOAL else 'NO'}")
    print(f"largest ratio {worst:.3f} (goal: at most {GOAL:.2f})")


if __name__ == "__main__":
    main()
