"""A busy machine on demand: CPU-bound processes, busy and idle in random spells.

A CI runner or a laptop is shared with other work that comes and goes in bursts. This
load stands in for it: each process spins for a random spell of 0.02-0.4 s, then
sleeps for another, until its deadline. Each stops by itself at that deadline even if
whatever started it is killed.

    uv run python benchmarks/busy_machine.py [--processes 16] [--limit 1800] -- CMD ...

runs CMD with the load beside it, prints CMD's wall and CPU time, and exits with
CMD's exit code. Other scripts here use `Load` as a context manager.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import random
import resource
import subprocess
import sys
import time

SPELL = (0.02, 0.4)
"""The shortest and longest busy or idle spell of a load process, in seconds."""


def _bursty(until: float, seed: int) -> None:
    """Busy, then idle, in random spells, until the monotonic clock reaches `until` or
    the process that started it is gone (killed, its own cleanup never ran)."""
    rng = random.Random(seed)
    parent = os.getppid()
    while (now := time.monotonic()) < until and os.getppid() == parent:
        busy_until = min(until, now + rng.uniform(*SPELL))
        while time.monotonic() < busy_until:
            pass
        time.sleep(max(0.0, min(until - time.monotonic(), rng.uniform(*SPELL))))


class Load:
    """`processes` bursty processes, for at most `limit` seconds, stopped on exit."""

    def __init__(self, processes: int, limit: float, seed: int = 0) -> None:
        until = time.monotonic() + limit
        context = multiprocessing.get_context("spawn")
        self.processes = [
            context.Process(target=_bursty, args=(until, seed + n), daemon=True)
            for n in range(processes)
        ]

    def __enter__(self) -> Load:
        for process in self.processes:
            process.start()
        return self

    def __exit__(self, *_: object) -> None:
        for process in self.processes:
            process.terminate()
        for process in self.processes:
            process.join()


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--processes", type=int, default=16)
    parser.add_argument(
        "--limit",
        type=float,
        default=1800.0,
        metavar="SECONDS",
        help="the load stops by itself after this long",
    )
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("command", nargs=argparse.REMAINDER)
    args = parser.parse_args()
    command = args.command[1:] if args.command[:1] == ["--"] else args.command
    if not command:
        parser.error("give a command to run, after --")
    with Load(args.processes, args.limit, args.seed):
        started = time.monotonic()
        code = subprocess.call(command)
        wall = time.monotonic() - started
        used = resource.getrusage(resource.RUSAGE_CHILDREN)  # before the load is reaped
    print(
        f"busy_machine: {args.processes} bursty processes on {os.cpu_count()} cores; "
        f"exit {code}, {wall:.1f} s wall, {used.ru_utime + used.ru_stime:.1f} s CPU "
        "(the command's, load excluded)",
        file=sys.stderr,
    )
    return code


if __name__ == "__main__":
    sys.exit(main())
