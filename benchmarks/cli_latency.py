"""Wall time of a whole `aoc run 2023 7` process against aocd's own runner.

Both run day 7 on the same cached input (generated here: 1,000 random distinct
hands), with the same aocd cache and the same plugin, so neither touches the
network: ours as `aoc run 2023 7` (through whichever `aoc` script is installed),
aocd's as `aoc -y 2023 -d 7 -s` through `aocd.runner.main`. The runs are
interleaved so that the machine's noise falls on both alike.

    uv run python benchmarks/cli_latency.py [--runs 20]

Goal (issue 2, then issue 14): our median at most 0.30 of aocd's.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

BIN = Path(sys.executable).parent
NETBLOCK = Path(__file__).resolve().parents[1] / "tests" / "netblock"
TOKEN = "benchmark-token-" + "0" * 80
USER_ID = "benchmark.user.1"
CARDS = "23456789TJQKA"


def generated_input(hands: int, seed: int = 7) -> str:
    rng = random.Random(seed)
    seen: set[str] = set()
    while len(seen) < hands:
        seen.add("".join(rng.choice(CARDS) for _ in range(5)))
    hands_in_random_order = sorted(seen, key=lambda _: rng.random())
    return "\n".join(f"{hand} {rng.randint(1, 1000)}" for hand in hands_in_random_order)


def prepare_cache(root: Path) -> dict[str, str]:
    data, conf = root / "data", root / "config"
    user = data / USER_ID
    user.mkdir(parents=True)
    conf.mkdir()
    (conf / "token").write_text(TOKEN)
    (conf / "tokens.json").write_text(json.dumps({"default": TOKEN}))
    (conf / "token2id.json").write_text(json.dumps({TOKEN: USER_ID}))
    (user / "2023_07_input.txt").write_text(generated_input(1000))
    (user / "2023_07_prose.2.html").write_text(
        "<main><article><h2>--- Day 7: Camel Cards ---</h2></article></main>"
    )
    env = {k: v for k, v in os.environ.items() if k != "AOC_SESSION"}
    env.update(AOCD_DIR=str(data), AOCD_CONFIG_DIR=str(conf), PYTHONPATH=str(NETBLOCK))
    # The correct answers, as aocd would have cached them after solving.
    answers = subprocess.run(
        [sys.executable, "-m", "aoc2023", "run", "2023", "7", "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    for part in json.loads(answers.stdout)["results"][0]["parts"]:
        (user / f"2023_07{'ab'[part['part'] - 1]}_answer.txt").write_text(part["answer"])
    return env


COMMANDS = {
    "ours: aoc run 2023 7": [str(BIN / "aoc"), "run", "2023", "7"],
    "ours: python -m aoc2023 run 2023 7": [sys.executable, "-m", "aoc2023", "run", "2023", "7"],
    "aocd: aoc -y 2023 -d 7 -s": [
        sys.executable,
        "-c",
        "import sys; sys.argv = ['aoc', '-y', '2023', '-d', '7', '-s', '-p', 'aoc2023']; "
        "from aocd.runner import main; main()",
    ],
}


def time_once(command: list[str], env: dict[str, str]) -> float:
    start = time.perf_counter()
    done = subprocess.run(command, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise SystemExit(f"{command} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return elapsed


def interleaved(ways: dict[str, Callable[[], float]], runs: int) -> dict[str, list[float]]:
    """Each way timed `runs` times, taking turns, after one warm-up each (the OS file cache,
    .pyc files), so that the machine's noise falls on all of them alike."""
    for way in ways.values():
        way()
    times: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(runs):
        for name, way in ways.items():
            times[name].append(way())
    return times


def print_ratios(heading: str, times: dict[str, list[float]], baseline: str, runs: int) -> None:
    """Median and minimum of each, and each median over the baseline's."""
    base = statistics.median(times[baseline])
    width = max(len(heading), *map(len, times)) + 2
    print(
        f"{heading:{width}} {'median':>9} {'min':>9} {'ratio':>7}   ({runs} runs each; "
        f"ratio: median over the median of {baseline})"
    )
    for name, samples in times.items():
        median = statistics.median(samples)
        print(
            f"{name:{width}} {median * 1e3:7.1f}ms {min(samples) * 1e3:7.1f}ms {median / base:7.2f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = prepare_cache(Path(tmp))
        times = interleaved(
            {name: partial(time_once, command, env) for name, command in COMMANDS.items()},
            args.runs,
        )
    print_ratios("command", times, "aocd: aoc -y 2023 -d 7 -s", args.runs)


if __name__ == "__main__":
    main()
