"""Does `uv run pytest` pass on a busy machine, and what does it cost? Quiet and loaded.

Each run is a fresh clone of a commit (as CI and a new user start), set up with
`uv sync`, then `uv run pytest -q` as the README says, timed alone: its wall time and
its CPU time (user + system, of the whole process tree). With `--load`, the bursty
load of busy_machine.py runs beside it (16 processes by default, each busy and idle in
random spells of 0.02-0.4 s). Several commits are measured in turn, round after
round, so that the machine's own swings fall on all of them alike:

    uv run python benchmarks/suite_under_load.py [--rounds 3] [--load 16] [--quiet]
        [--first-run] [--env NAME=VALUE ...] COMMIT[,NAME=VALUE...] [COMMIT ...]

`--first-run` gives every run a clone of its own, so each is the first `uv run pytest`
of a fresh clone (no bytecode of the project yet), as CI's and a new user's is; the
clone and its `uv sync` are not timed.

Python writes bytecode, as on a user's machine and in CI (PYTHONDONTWRITEBYTECODE is
unset). Each run's pytest keeps its tmp folders under a root of its own
(PYTEST_DEBUG_TEMPROOT), as on a machine where nothing else runs pytest. `--env` sets
(NAME= unsets) a variable for every commit's runs; after a commit, for that commit's
alone (as `1df38a8,PYTHONDONTWRITEBYTECODE=1 main,PYTHONDONTWRITEBYTECODE=` measures each
as its own CI ran it).

`--quiet` also measures each round without the load (`--load 0`: only without). Each
run's pass or failure, and the failing tests' names, are printed; the summary gives
the medians and the ratios of every commit to the first. Goal (issue 23): 3 passes out
of 3 under a load of 16.
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from busy_machine import Load

PROJECT = Path(__file__).resolve().parents[1]


@dataclass
class Run:
    commit: str
    loaded: bool
    passed: bool
    wall: float
    cpu: float
    summary: str


def _children_cpu() -> float:
    used = resource.getrusage(resource.RUSAGE_CHILDREN)
    return used.ru_utime + used.ru_stime


def fresh_clone(commit: str, into: Path) -> Path:
    clone = into / f"{commit}-{len(list(into.glob(f'{commit}-*')))}"
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(PROJECT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", commit], check=True)
    subprocess.run(["uv", "sync", "-q"], cwd=clone, check=True)
    return clone


def run_suite(clone: Path, commit: str, env: dict[str, str], load: int | None) -> Run:
    """`uv run pytest -q` in `clone`, timed by the wall clock and by the CPU of its
    process tree (read before the load's processes are reaped)."""
    # pytest's folders of its own (tmp_path's), not the machine's: at its end pytest removes
    # all but the last 3 sessions' there, and those of whatever else ran pytest on this
    # machine (other clones, other work) are not the suite's cost. A short path in the
    # system's tmp folder, as the default: some tests measure sentences that hold paths.
    temporary = tempfile.mkdtemp(prefix="p")
    env = env | {"PYTEST_DEBUG_TEMPROOT": temporary}

    def measure() -> tuple[subprocess.CompletedProcess[str], float, float]:
        cpu, started = _children_cpu(), time.monotonic()
        done = subprocess.run(
            ["uv", "run", "pytest", "-q", "-p", "no:cacheprovider"],
            cwd=clone,
            env=env,
            capture_output=True,
            text=True,
        )
        return done, time.monotonic() - started, _children_cpu() - cpu

    if load:
        with Load(load, limit=3600, seed=int(time.time())):
            done, wall, cpu = measure()
    else:
        done, wall, cpu = measure()
    shutil.rmtree(temporary, ignore_errors=True)
    lines = done.stdout.strip().splitlines()
    failed = [line for line in lines if line.startswith(("FAILED", "ERROR"))]
    summary = "; ".join([*failed, lines[-1] if lines else done.stderr[-300:]])
    return Run(commit, load is not None and load > 0, done.returncode == 0, wall, cpu, summary)


def with_settings(env: dict[str, str], settings: list[str]) -> dict[str, str]:
    """`env` with each NAME=VALUE set, and each NAME= removed."""
    for setting in settings:
        name, _, value = setting.partition("=")
        if value:
            env[name] = value
        else:
            env.pop(name, None)
    return env


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("commits", nargs="+")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--load", type=int, default=16, metavar="PROCESSES")
    parser.add_argument("--quiet", action="store_true", help="measure without the load too")
    parser.add_argument(
        "--first-run", action="store_true", help="a fresh clone for every run, not one per commit"
    )
    parser.add_argument(
        "--env",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="set in the suite's environment (NAME= unsets it)",
    )
    args = parser.parse_args()
    # As on a user's machine and in .ci/run: Python writes bytecode. This machine's shell
    # sets PYTHONDONTWRITEBYTECODE, which made every process compile what it imports
    # (the suite's CPU time nearly doubled: 255 s against 140 s).
    env = with_settings(dict(os.environ), ["PYTHONDONTWRITEBYTECODE=", *args.env])
    # Each run is named as given (a commit may be given twice, with other settings).
    commits, shas, envs = list(args.commits), {}, {}
    for given in commits:
        name, *settings = given.split(",")
        shas[given] = subprocess.run(
            ["git", "-C", str(PROJECT), "rev-parse", "--short", name],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        envs[given] = with_settings(dict(env), settings)
    runs: list[Run] = []
    with tempfile.TemporaryDirectory(prefix="suite-under-load-") as folder:
        clones = {commit: fresh_clone(shas[commit], Path(folder)) for commit in commits}
        used: set[str] = set()
        for round_ in range(1, args.rounds + 1):
            for loaded in ([False] if args.quiet else []) + [True]:
                for commit in commits:
                    if args.first_run and commit in used:
                        clones[commit] = fresh_clone(shas[commit], Path(folder))
                    used.add(commit)
                    run = run_suite(
                        clones[commit], commit, envs[commit], args.load if loaded else None
                    )
                    runs.append(run)
                    state = f"load {args.load}" if loaded and args.load else "quiet"
                    print(
                        f"round {round_} {commit} {state:>8}: "
                        f"{'pass' if run.passed else 'FAIL'} {run.wall:6.1f} s wall "
                        f"{run.cpu:6.1f} s CPU  {run.summary}",
                        flush=True,
                    )
    print(f"\n{os.cpu_count()} cores; medians over {args.rounds} rounds, ratio to {commits[0]}:")
    for loaded in sorted({run.loaded for run in runs}):
        first: tuple[float, float] | None = None
        for commit in commits:
            mine = [r for r in runs if r.commit == commit and r.loaded == loaded]
            wall = statistics.median(r.wall for r in mine)
            cpu = statistics.median(r.cpu for r in mine)
            first = first or (wall, cpu)
            passes = sum(r.passed for r in mine)
            state = f"load {args.load}" if loaded else "quiet"
            print(
                f"  {commit} {state:>8}: {passes}/{len(mine)} passed, wall {wall:6.1f} s "
                f"(x{wall / first[0]:.2f}), CPU {cpu:6.1f} s (x{cpu / first[1]:.2f})"
            )


if __name__ == "__main__":
    main()
