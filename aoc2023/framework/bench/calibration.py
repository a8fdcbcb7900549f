"""The machine's speed while `aoc bench` times: a fixed workload, timed between the steps.

A machine's own speed swings (a laptop's clock, a shared runner's neighbours, a cloud
VM's host): the same Python loop's CPU time can double between identical processes
(benchmarks/README.md). No tolerance survives that, so each figure is also
given *normalised*: in seconds at REFERENCE speed, the raw figure times REFERENCE over
the workload's best CPU time measured beside it. The CPU time, for wall-clock figures
too: on a busy machine the workload's wall-clock times also count the time it waited
for a core, and their best moves far more between runs than the best CPU time does
(benchmarks/normalised_spread.py). Seconds rather than
a bare multiple of the workload, so that a normalised figure reads like a time, and
equals the raw one on a machine as fast as the reference.

The workload is pure Python, deterministic and always the same code: integer
arithmetic, a dict with int keys (str keys would hash differently in every process)
and str building, about as much of each as a parse and a solve use.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

REFERENCE = 0.001
"""The workload's best CPU time at the reference speed, in seconds:
about what it takes on the 2-core machine the tolerances were measured on
(benchmarks/normalised_spread.py), so that there normalised and raw figures agree."""
SWING = 1.5
"""How far apart the workload's best CPU times in the quarters of one input's timing may
be before the machine's speed is said to have swung. The best of each quarter, not the
slowest run over the fastest: one run slowed by an interruption is not a swing (that
ratio was 1.3-1.9 on a quiet machine here). Measured with 1,000 hands of day 7: 1.11-1.33
quiet, 1.14-1.83 beside a bursty load of 3 processes."""
QUARTERS_FROM = 8
"""Fewer runs of the workload than this are too few to tell a swing."""


def workload() -> int:
    """The fixed work: the same operations in the same order every time (about 1 ms)."""
    table: dict[int, int] = {}
    total = 0
    for n in range(4_500):
        key = (n * 7919) % 1_009
        table[key] = table.get(key, 0) + n
        total += (n * n) ^ key
    words = []
    for n in range(450):
        words.append(f"{n:04d}")
    text = ",".join(words)
    return total + len(text.split(",")) + sum(table.values()) % 97


@dataclass(frozen=True)
class Speed:
    """The workload's best times beside one input's timing, and how the machine held."""

    runs: int
    wall: float
    """The workload's least wall-clock time, in seconds."""
    cpu: float
    """Its least CPU time, in seconds."""
    swing: float
    """The greatest over the least of its best CPU times in each quarter of the timing."""

    @property
    def relative(self) -> float:
        """The machine's speed against the reference: 0.5 is half as fast."""
        return REFERENCE / self.cpu

    @property
    def swung(self) -> bool:
        return self.swing > SWING

    @property
    def scale(self) -> float:
        """The factor from raw seconds to seconds at the reference speed."""
        return REFERENCE / self.cpu

    @classmethod
    def of(cls, wall: list[int], cpu: list[int]) -> Speed | None:
        """From the workload's runs in ns, in the order they ran; None without any, or with
        a clock too coarse to see one (a run of 0 ns)."""
        if not wall or not cpu or min(wall) <= 0 or min(cpu) <= 0:
            return None
        runs = len(cpu)
        best = [min(cpu[n * runs // 4:(n + 1) * runs // 4]) for n in range(4)] \
            if runs >= QUARTERS_FROM else [1]
        return cls(runs, min(wall) / 1e9, min(cpu) / 1e9, max(best) / min(best))


def calibrate(timer: Callable[[], int], cpu_timer: Callable[[], int],
              work: Callable[[], object] = workload) -> tuple[int, int]:
    """Run the workload once: its wall-clock and CPU time in ns, by `timer` and
    `cpu_timer` (the bench's clocks: a test hands in fake ones, and a `work` that takes
    the time it chooses on them)."""
    cpu_start = cpu_timer()
    start = timer()
    work()
    wall = timer() - start
    return wall, cpu_timer() - cpu_start
