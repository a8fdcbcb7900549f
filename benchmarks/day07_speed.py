"""Day 7 (Camel Cards) against the straightforward solution, on generated inputs.

Times parse + part 1 + part 2 of our day 7 (through the `Day07` methods) and of the
straightforward approach (per hand: `collections.Counter` for the type and a tuple
of card indexes for the ties, then `sorted`), on 1,000 distinct hands (the real
input's size), 30,000 and 300,000 (of the 13**5 = 371,293 there are). The inputs are
generated here, seeded: random distinct hands with random bids from 1 to 1000.

In one run, for each size: both are run once to warm up and to check that they give
the same answers, then timed in turns (alternating which goes first, each after a
garbage collection), and the medians are reported. Nothing is asserted about time.

    uv run python benchmarks/day07_speed.py [--repeats-scale 0.5]

Goals (issue 3): at least 2.5 times faster than the straightforward approach at
1,000 and 30,000 hands; from 30,000 to 300,000 hands, a cost that grows no faster
than n log n (a ratio of at most 12.3).
"""

from __future__ import annotations

import argparse
import gc
import math
import random
import statistics
import sys
import time
from collections import Counter
from collections.abc import Callable

from aoc2023.day07 import Day07

CARDS = "23456789TJQKA"
SIZES = (1_000, 30_000, 300_000)
REPEATS = {1_000: 41, 30_000: 9, 300_000: 3}

Solver = Callable[[str], tuple[int, int]]


def generated_input(hands: int, seed: int = 2023) -> str:
    """`hands` distinct random hands, one a line with a random bid; no trailing newline."""
    rng = random.Random(seed)
    lines = []
    for number in rng.sample(range(len(CARDS) ** 5), hands):
        cards = "".join(CARDS[number // len(CARDS) ** place % len(CARDS)] for place in range(5))
        lines.append(f"{cards} {rng.randint(1, 1000)}")
    return "\n".join(lines)


def ours(text: str) -> tuple[int, int]:
    solution = Day07()
    hands = solution.parse(text)
    return solution.part_1(hands), solution.part_2(hands)


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


def seconds(solver: Solver, text: str) -> float:
    gc.collect()
    start = time.perf_counter_ns()
    solver(text)
    return (time.perf_counter_ns() - start) / 1e9


def measure(text: str, repeats: int) -> tuple[float, float]:
    """Median seconds of (ours, straightforward), timed in turns."""
    mine, theirs = ours(text), straightforward(text)  # also the warm-up
    if mine != theirs:
        raise SystemExit(f"different answers: ours {mine}, straightforward {theirs}")
    times: dict[Solver, list[float]] = {ours: [], straightforward: []}
    for round_ in range(repeats):
        pair = (ours, straightforward) if round_ % 2 == 0 else (straightforward, ours)
        for solver in pair:
            times[solver].append(seconds(solver, text))
    return statistics.median(times[ours]), statistics.median(times[straightforward])


def sort_growth(small: int, large: int, repeats: int) -> float:
    """How much longer a bare `sorted` of `large` random ints takes than of `small`:
    what n log n costs on this machine, caches and all (the model says 12.3)."""
    rng = random.Random(1)
    lists = {n: [rng.randrange(1 << 25) for _ in range(n)] for n in (small, large)}
    times: dict[int, list[float]] = {small: [], large: []}
    for _ in range(repeats):
        for n, numbers in lists.items():
            gc.collect()
            start = time.perf_counter_ns()
            sorted(numbers)
            times[n].append(time.perf_counter_ns() - start)
    return statistics.median(times[large]) / statistics.median(times[small])


def milliseconds(value: float) -> str:
    return f"{value * 1e3:10.2f} ms"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--repeats-scale", type=float, default=1.0,
        help="multiply the number of timed runs per size (at least 1 each)",
    )
    args = parser.parse_args()

    print(f"Python {sys.version.split()[0]}; medians of timed runs, parse + part 1 + part 2")
    print(f"{'hands':>8} {'runs':>5} {'ours':>13} {'straightforward':>16} {'speed-up':>9}")
    medians: dict[int, tuple[float, float]] = {}
    for size in SIZES:
        repeats = max(1, round(REPEATS[size] * args.repeats_scale))
        medians[size] = measure(generated_input(size), repeats)
        mine, theirs = medians[size]
        print(
            f"{size:>8,} {repeats:>5} {milliseconds(mine)} {milliseconds(theirs):>16} "
            f"{theirs / mine:>8.2f}x",
            flush=True,
        )

    small, large = 30_000, 300_000
    n_log_n = large * math.log(large) / (small * math.log(small))
    growth_ours = medians[large][0] / medians[small][0]
    growth_theirs = medians[large][1] / medians[small][1]
    print(
        f"\ngrowth {small:,} -> {large:,} hands: ours x{growth_ours:.1f}, "
        f"straightforward x{growth_theirs:.1f}; "
        f"n log n would be x{n_log_n:.1f}, linear x{large / small:.1f}"
    )
    print(f"(here, a bare sorted() of n random ints grows x{sort_growth(small, large, 9):.1f})")


if __name__ == "__main__":
    main()
