"""Day 7 (Camel Cards): the main implementation, the variant "fast", the fastest
pure-Python solution we know, and the straightforward approach, on generated inputs.

Each solver parses and runs part 1 and part 2:
- main: `Day07`, which reads like the puzzle (enums, rules, one ordering);
- fast: `Day07Fast`, whole-input operations (big-int lanes, one float sort a part),
  checking its input as strictly as the main one;
- fastest: the same whole-input method with nothing checked (no regular expression,
  no duplicate check, no fallback): the fastest pure-Python solution we know or could
  write, so that fast/fastest is what checking the input costs;
- straightforward: per hand, `collections.Counter` for the type and a tuple of card
  indexes for the ties, then `sorted`: the approach most solutions take.

Sizes: 1,000 distinct hands (the real input's size), 30,000 and 300,000 (of the
13**5 = 371,293 there are). The inputs are generated here, seeded: random distinct
hands with random bids from 1 to 1000.

In one run, for each size: every solver runs once to warm up and to check that all
give the same answers, then they are timed in turns (the order rotating each round,
each run after a garbage collection; fast and fastest, ten times quicker than the
others, run five times a round), and the medians and their ratios are reported.
Nothing is asserted about time.

    uv run python benchmarks/day07_speed.py [--repeats-scale 0.5]

Goals (issue 14): fast within 1.5x of fastest; (issue 3) growth from 30,000 to
300,000 hands no faster than n log n.
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import statistics
import sys
import time
from array import array
from collections import Counter
from collections.abc import Callable

from aoc2023._day07_fast import Day07Fast, Table, fast_total_winnings
from aoc2023.day07 import JOKERS, STANDARD, Day07

CARDS = "23456789TJQKA"
SIZES = (1_000, 30_000, 300_000)
REPEATS = {1_000: 41, 30_000: 9, 300_000: 4}

Solver = Callable[[str], tuple[int, int]]


def generated_input(hands: int, seed: int = 2023) -> str:
    """`hands` distinct random hands, one a line with a random bid; no trailing newline."""
    rng = random.Random(seed)
    lines = []
    for number in rng.sample(range(len(CARDS) ** 5), hands):
        cards = "".join(CARDS[number // len(CARDS) ** place % len(CARDS)] for place in range(5))
        lines.append(f"{cards} {rng.randint(1, 1000)}")
    return "\n".join(lines)


def main_implementation(text: str) -> tuple[int, int]:
    solution = Day07()
    hands = solution.parse(text)
    return solution.part_1(hands), solution.part_2(hands)


def fast(text: str) -> tuple[int, int]:
    solution = Day07Fast()
    table = solution.parse(text)
    return solution.part_1(table), solution.part_2(table)


def fastest(text: str) -> tuple[int, int]:
    """The fast variant's method with nothing checked: a well-formed input assumed."""
    fields = text.encode().split()
    table = Table(b"".join(fields[0::2]), array("I", map(int, fields[1::2])))
    return fast_total_winnings(table, STANDARD), fast_total_winnings(table, JOKERS)


def straightforward(text: str) -> tuple[int, int]:
    """The approach most solutions take, written plainly."""
    order = "23456789TJQKA"
    order_with_jokers = "J23456789TQKA"
    hands = []
    for line in text.splitlines():
        cards, bid = line.split()
        hands.append((cards, int(bid)))

    def strength(hand: tuple[str, int]) -> tuple[list[int], tuple[int, ...]]:
        cards = hand[0]
        group_sizes = sorted(Counter(cards).values(), reverse=True)
        return group_sizes, tuple(order.index(card) for card in cards)

    def strength_with_jokers(hand: tuple[str, int]) -> tuple[list[int], tuple[int, ...]]:
        cards = hand[0]
        counts = Counter(cards)
        jokers = counts.pop("J", 0)
        group_sizes = sorted(counts.values(), reverse=True) or [0]
        group_sizes[0] += jokers
        return group_sizes, tuple(order_with_jokers.index(card) for card in cards)

    ranked = sorted(hands, key=strength)
    part_1 = sum(rank * bid for rank, (_, bid) in enumerate(ranked, start=1))
    ranked = sorted(hands, key=strength_with_jokers)
    part_2 = sum(rank * bid for rank, (_, bid) in enumerate(ranked, start=1))
    return part_1, part_2


SOLVERS: dict[str, Solver] = {
    "main": main_implementation,
    "fast": fast,
    "fastest": fastest,
    "straightforward": straightforward,
}


def seconds(solver: Solver, text: str) -> float:
    gc.collect()
    start = time.perf_counter_ns()
    solver(text)
    return (time.perf_counter_ns() - start) / 1e9


ROUND = ["main", *["fast", "fastest"] * 3, "straightforward", *["fastest", "fast"] * 2]
"""One round of runs: fast and fastest, ten times quicker than the others, run five
times each, alternating (their ratio is the one closest to 1, so it gets the most
samples for the time)."""


def measure(text: str, repeats: int) -> dict[str, float]:
    """Median seconds of each solver, timed in turns (the order rotating each round)."""
    answers = {name: solver(text) for name, solver in SOLVERS.items()}  # also the warm-up
    if len(set(answers.values())) != 1:
        raise SystemExit(f"different answers: {answers}")
    names = ROUND
    times: dict[str, list[float]] = {name: [] for name in SOLVERS}
    for round_ in range(repeats):
        shift = round_ % len(names)
        for name in names[shift:] + names[:shift]:
            times[name].append(seconds(SOLVERS[name], text))
    return {name: statistics.median(samples) for name, samples in times.items()}


def milliseconds(value: float) -> str:
    return f"{value * 1e3:.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats-scale",
        type=float,
        default=1.0,
        help="multiply the number of timed runs per size (at least 1 each)",
    )
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]}; medians of timed runs, parse + part 1 + part 2")
    header = f"{'hands':>8} {'rounds':>6}" + "".join(f" {name:>16}" for name in SOLVERS)
    print(header + f" {'fast/fastest':>13} {'main/fast':>10} {'sf/main':>8} {'sf/fast':>8}")
    medians: dict[int, dict[str, float]] = {}
    for size in SIZES:
        repeats = max(1, round(REPEATS[size] * args.repeats_scale))
        found = medians[size] = measure(generated_input(size), repeats)
        row = f"{size:>8,} {repeats:>6}" + "".join(
            f" {milliseconds(found[name]):>16}" for name in SOLVERS
        )
        sf = found["straightforward"]
        print(
            row + f" {found['fast'] / found['fastest']:>12.2f}x"
            f" {found['main'] / found['fast']:>9.2f}x {sf / found['main']:>7.2f}x"
            f" {sf / found['fast']:>7.2f}x",
            flush=True,
        )

    small, large = 30_000, 300_000
    n_log_n = large * math.log(large) / (small * math.log(small))
    growth = ", ".join(
        f"{name} x{medians[large][name] / medians[small][name]:.1f}" for name in SOLVERS
    )
    print(
        f"\ngrowth {small:,} -> {large:,} hands: {growth}; "
        f"n log n would be x{n_log_n:.1f}, linear x{large / small:.1f}"
    )


if __name__ == "__main__":
    main()
