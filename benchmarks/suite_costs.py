"""Where the suite's CPU goes: each test's own CPU and its child processes' CPU, by file.

The suite's wall time on 2 cores follows its CPU time, and most of that is spent in the
processes tests start (each `aoc` or nested pytest imports typer, rich and aocd anew).
This runs the suite (or the paths given) in one process, as a pytest plugin of its own,
and reads for every test, around its setup, call and teardown: the wall time, this
process's CPU, and the CPU of the children reaped meanwhile (RUSAGE_CHILDREN: a child
counts once waited for, which `subprocess.run` and `communicate` do within the test).

    uv run python benchmarks/suite_costs.py [--top 25] [PYTEST ARGS ...]

It prints the files by total CPU (own + children), the costliest tests, and the tests
that wait longest (wall time not spent on this process's or its reaped children's CPU:
sleeps, timeouts, a child's CPU not yet reaped), so that the work of making the suite
lighter starts where the CPU and the waits are.
"""

from __future__ import annotations

import argparse
import resource
import sys
import time
from collections import defaultdict
from collections.abc import Generator
from dataclasses import dataclass

import pytest


@dataclass
class Cost:
    wall: float = 0.0
    own: float = 0.0
    children: float = 0.0

    @property
    def cpu(self) -> float:
        return self.own + self.children


def _cpu(who: int) -> float:
    used = resource.getrusage(who)
    return used.ru_utime + used.ru_stime


class CostPlugin:
    """Adds each test's phases' costs up under its node id."""

    def __init__(self) -> None:
        self.costs: dict[str, Cost] = defaultdict(Cost)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_protocol(self, item: pytest.Item) -> Generator[None, object, object]:
        wall = time.perf_counter()
        own, children = _cpu(resource.RUSAGE_SELF), _cpu(resource.RUSAGE_CHILDREN)
        try:
            return (yield)
        finally:
            cost = self.costs[item.nodeid]
            cost.wall += time.perf_counter() - wall
            cost.own += _cpu(resource.RUSAGE_SELF) - own
            cost.children += _cpu(resource.RUSAGE_CHILDREN) - children


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--top", type=int, default=25)
    args, pytest_args = parser.parse_known_args()
    plugin = CostPlugin()
    started = _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    code = pytest.main(["-q", "-n", "0", "-p", "no:cacheprovider", *pytest_args], plugins=[plugin])
    total = _cpu(resource.RUSAGE_SELF) + _cpu(resource.RUSAGE_CHILDREN) - started
    by_file: dict[str, Cost] = defaultdict(Cost)
    counts: dict[str, int] = defaultdict(int)
    for nodeid, cost in plugin.costs.items():
        mine = by_file[nodeid.split("::")[0]]
        mine.wall += cost.wall
        mine.own += cost.own
        mine.children += cost.children
        counts[nodeid.split("::")[0]] += 1
    in_tests = sum(cost.cpu for cost in plugin.costs.values())
    print(
        f"\n{len(plugin.costs)} tests: {time.perf_counter() - wall:.1f} s wall, "
        f"{total:.1f} s CPU in all, {in_tests:.1f} s in tests "
        f"({sum(c.children for c in plugin.costs.values()):.1f} s of it in child processes)"
    )
    print(f"\n{'file':<42} {'tests':>5} {'wall s':>7} {'own s':>7} {'child s':>8} {'CPU %':>6}")
    for name, cost in sorted(by_file.items(), key=lambda pair: -pair[1].cpu)[: args.top]:
        print(
            f"{name:<42} {counts[name]:>5} {cost.wall:>7.2f} {cost.own:>7.2f} "
            f"{cost.children:>8.2f} {100 * cost.cpu / in_tests:>5.1f}%"
        )
    print(f"\n{'test':<90} {'own s':>6} {'child s':>8}")
    for nodeid, cost in sorted(plugin.costs.items(), key=lambda pair: -pair[1].cpu)[: args.top]:
        print(f"{nodeid[:90]:<90} {cost.own:>6.2f} {cost.children:>8.2f}")
    waits = {nodeid: cost.wall - cost.cpu for nodeid, cost in plugin.costs.items()}
    print(f"\n{len(waits)} tests waited {sum(w for w in waits.values() if w > 0):.1f} s")
    print(f"{'test':<90} {'wait s':>6} {'wall s':>7}")
    for nodeid, wait in sorted(waits.items(), key=lambda pair: -pair[1])[: args.top]:
        print(f"{nodeid[:90]:<90} {wait:>6.2f} {plugin.costs[nodeid].wall:>7.2f}")
    return int(code)


if __name__ == "__main__":
    sys.exit(main())
