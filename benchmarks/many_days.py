"""What 250 days cost: `aoc list`, pytest's collection and one day's tests, in a clone
filled with 2015-2024 against a clone with 2023 day 7 alone.

Both are fresh clones of one commit (HEAD by default), set up with `uv sync`; the
first is filled by synthetic_years.py (249 days as `aoc new` writes them). Each
command runs once in each clone to warm up (bytecode, caches), then in alternating
turns, one clone then the other, for `--rounds` rounds, so that the machine's swings
fall on both alike. The medians and minimums of the wall time, and their ratios
(250 days / 1 day), are printed. Goals (issue 28): `aoc list` at most 1.3x,
collection at most 1.5x, one day's tests under 3 s.

    uv run python benchmarks/many_days.py [--rounds 10] [--commit HEAD]
        [--one-day "pytest -q aoc2023/day07.py"] [--only list,collect,one-day] [--keep]

Commands run from each clone's own `.venv/bin` (not through `uv run`, whose own start
would be measured too), with bytecode written as usual (PYTHONDONTWRITEBYTECODE unset),
and an aocd folder of the benchmark's own holding a made-up token and its user id, so
that answers are looked up as for a user who has a token. `--one-day` is the command a
user runs for one day's tests, split as a shell would; it runs in both clones.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from synthetic_years import fill

PROJECT = Path(__file__).resolve().parents[1]
CLONES = ("1 day", "250 days")


def fresh_clone(commit: str, clone: Path) -> Path:
    subprocess.run(["git", "clone", "-q", "--no-checkout", str(PROJECT), str(clone)], check=True)
    subprocess.run(["git", "-C", str(clone), "checkout", "-q", commit], check=True)
    subprocess.run(["uv", "sync", "-q"], cwd=clone, check=True)
    return clone


def environment(aocd: Path) -> dict[str, str]:
    """The user's environment, with an aocd folder of our own: a made-up token whose
    user aocd knows (so that listing looks answers up), and bytecode written."""
    aocd.mkdir()
    token = "53616c7465645f5f" + "0" * 80
    (aocd / "token").write_text(token + "\n")
    (aocd / "token2id.json").write_text(json.dumps({token: "bench.user.1"}))
    env = {
        name: value
        for name, value in os.environ.items()
        if name not in ("PYTHONDONTWRITEBYTECODE", "AOC_SESSION", "VIRTUAL_ENV")
    }
    env.update(AOCD_DIR=str(aocd), AOCD_CONFIG_DIR=str(aocd))
    return env


def timed(command: list[str], clone: Path, env: dict[str, str]) -> float:
    """Wall seconds of `command` (its program from the clone's .venv/bin) in `clone`."""
    program = clone / ".venv" / "bin" / command[0]
    started = time.perf_counter()
    done = subprocess.run(
        [str(program), *command[1:]], cwd=clone, env=env, capture_output=True, text=True
    )
    elapsed = time.perf_counter() - started
    if done.returncode not in (0, 5):  # 5: pytest collected nothing; the time still counts
        print(
            f"{shlex.join(command)} failed in {clone} (exit {done.returncode}):\n"
            f"{done.stdout[-600:]}{done.stderr[-600:]}",
            file=sys.stderr,
            flush=True,
        )
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--commit", default="HEAD")
    parser.add_argument(
        "--one-day",
        default="pytest -q aoc2023/day07.py",
        help="how a user runs one day's tests (default: %(default)s)",
    )
    parser.add_argument(
        "--only", default="list,collect,one-day", help="which commands, of %(default)s"
    )
    parser.add_argument("--keep", action="store_true", help="keep the clones, and say where")
    args = parser.parse_args()
    every = {
        "list": ("aoc list", ["aoc", "list"]),
        "collect": ("pytest --collect-only -q", ["pytest", "--collect-only", "-q"]),
        "one-day": ("one day's tests", shlex.split(args.one_day)),
    }
    chosen = args.only.split(",")
    if not set(chosen) <= set(every):
        parser.error(f"--only takes some of {','.join(every)}")
    commands = dict(every[name] for name in chosen)
    folder = Path(tempfile.mkdtemp(prefix="many-days-"))
    clones = {name: fresh_clone(args.commit, folder / name.replace(" ", "-")) for name in CLONES}
    print(
        f"Wrote {fill(clones['250 days'], range(2015, 2025))} synthetic days "
        f"into {clones['250 days']}.",
        flush=True,
    )
    env = environment(folder / "aocd")
    print(
        f"\n{args.commit}: medians / minimums over {args.rounds} alternating rounds "
        f"({os.cpu_count()} cores)"
    )
    print(f"{'command':<26} {'1 day':>16} {'250 days':>16} {'ratio':>14}", flush=True)
    for label, command in commands.items():
        for name in CLONES:
            timed(command, clones[name], env)  # warm-up: bytecode, caches
        one: list[float] = []
        many: list[float] = []
        for _ in range(args.rounds):
            one.append(timed(command, clones[CLONES[0]], env))
            many.append(timed(command, clones[CLONES[1]], env))
        print(
            f"{label:<26} {statistics.median(one):7.3f} / {min(one):.3f} "
            f"{statistics.median(many):7.3f} / {min(many):.3f} "
            f"{statistics.median(many) / statistics.median(one):6.2f}x / "
            f"{min(many) / min(one):.2f}x",
            flush=True,
        )
    if args.keep:
        print(f"\nThe clones are kept in {folder}.")
    else:
        shutil.rmtree(folder)


if __name__ == "__main__":
    main()
