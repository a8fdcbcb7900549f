"""What each start-up trick of the framework saves, measured with it and without it.

Fresh processes, the ways of a trick interleaved, bytecode written (PYTHONDONTWRITEBYTECODE
unset), on the cached input of cli_latency.py. Figures are CPU time (user + system: a
shared machine's load moves wall time far more), but pytest's, whose workers run at once:
gc.freeze is timed as whole `aoc run 2023 7` processes, the other tricks inside a fresh
process (after a whole run, where a run's imports matter), weighed against a run's median.
It prints each trick's saving and exits 1 when one saves less than its threshold, so that
a run shows when a trick stops paying: 3% of a run for gc.freeze, 1% for the tricks timed
inside a process, 0.25 ms for one that keeps a module off a run (an import kept inside a
function, widths measured without rich), and a quarter of the wall time of a days-only
pytest run for the plugin's worker guess.

    uv run python benchmarks/startup_tricks.py [--runs 10] [--no-pytest]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import NamedTuple

from cli_latency import COMMANDS, interleaved, prepare_cache, time_once

ROOT = Path(__file__).resolve().parents[1]
RUN_ARGV = "['aoc', 'run', '2023', '7']"
RUN = [sys.executable, "-m", "aoc2023", "run", "2023", "7"]
AOCD = COMMANDS["aocd: aoc -y 2023 -d 7 -s"]
GOAL = 0.40
"""Issue 45: `aoc run 2023 7` on a cached input at most 0.40 of aocd's runner's time."""

A_RUN = f"""
import io, runpy, sys, time
sys.argv = {RUN_ARGV}
sys.stdout = io.StringIO()
try:
    runpy.run_module('aoc2023', run_name='__main__')
except SystemExit:
    pass
sys.stdout = sys.__stdout__
"""
"""A whole run in this process, its table thrown away: what follows sees a run's imports."""

RICH_TABLE = """
import io
from rich.console import Console
from rich.table import Table
table = Table(title='Advent of Code')
for heading in ('Day', 'Title', 'Input', 'Parse', 'Part 1', 'Time', 'Part 2', 'Time'):
    table.add_column(heading)
table.add_row('2023/07', 'Camel Cards', 'input', '1.62 ms', '\\u2714 251815424', '9.36 ms',
              '\\u2714 253433438', '10.3 ms')
Console(file=io.StringIO(), width=100).print(table)
"""
"""rich drawing a run's table (the row `aoc run 2023 7` shows) into a string."""


WHOLE_RUNS = {
    "aoc run 2023 7": RUN,
    "... without gc.freeze": [
        sys.executable,
        "-c",
        "import gc\ngc.freeze = lambda: None\n" + A_RUN,
    ],
    "aocd's runner": AOCD,
}

NAMEDTUPLES = (
    A_RUN
    + """
import json
found = {}
for name, module in list(sys.modules.items()):
    if name.startswith('aoc2023.'):
        for value in vars(module).values():
            if (isinstance(value, type) and issubclass(value, tuple)
                    and hasattr(value, '_fields') and value.__module__ == name):
                found[f'{name}.{value.__qualname__}'] = list(value._fields)
print(json.dumps(found))
"""
)
"""The NamedTuple classes of the framework's modules that a run loads, with their fields."""

MAKE = """
import dataclasses, json, sys, time, typing
classes = json.loads(sys.argv[2])
start = time.process_time()
for index, fields in enumerate(classes.values()):
    if sys.argv[1] == 'namedtuple':
        typing.NamedTuple(f'C{index}', [(field, object) for field in fields])
    else:
        dataclasses.make_dataclass(f'C{index}', [(field, object) for field in fields],
                                   frozen=True)
print(time.process_time() - start)
"""

TIMED = """
import time
{setup}
start = time.process_time()
{code}
print(time.process_time() - start)
"""
"""`code` timed in a fresh process after `setup`."""

CLICK = "import typer.main\nfrom aoc2023.framework.cli import app, make_app"
VIEW = "from aoc2023.framework.commands import view"
VIEW_TABLE = """
from aoc2023.framework.commands.view import Cell, Column, fitted_table
columns = [Column(heading, 'right' if heading in ('Day', 'Parse', 'Time') else 'left')
           for heading in ('Day', 'Title', 'Input', 'Parse', 'Part 1', 'Time', 'Part 2', 'Time')]
row = [Cell(text) for text in ('2023/07', 'Camel Cards', 'input', '1.62 ms', '\u2714 251815424',
                               '9.36 ms', '\u2714 253433438', '10.3 ms')]
fitted_table('Advent of Code', [(columns, [row])], colour=False, width=100)
"""
"""view.py drawing the same table."""
ROW = "'\\u2714\\u00a0251815424 │ 9.36 ms'"

IN_PROCESS = {
    "tables by view.py, not rich": ((A_RUN, VIEW_TABLE), (A_RUN, RICH_TABLE)),
    "one command's click command": (
        (CLICK, "typer.main.get_command(make_app(['run']))"),
        (CLICK, "typer.main.get_command(app)"),
    ),
    "year packages by listing": (
        ("from aoc2023.framework.registry import package_years", "package_years()"),
        ("import pkgutil", "list(pkgutil.iter_modules())"),
    ),
    "widths by len(), rich not imported": (
        (VIEW, f"view.cell_width({ROW})"),
        (VIEW, f"from rich.cells import cell_len\ncell_len({ROW})"),
    ),
}
"""The trick's way and the way without it, each `(setup, code)`: `code` is timed."""

OFF_A_RUN = 0.25e-3
"""The least a trick that keeps a module off a run must save: more than the timer's noise."""

LAZY = {
    "aocd.models": "import aocd.models",
    "aocd.runner": "import aocd.runner",
    "aococr": "import aococr",
    "bs4": "import bs4",
    "filelock": "import filelock",
    "markdownify": "import markdownify",
    "matplotlib.figure": "import matplotlib.figure",
    "memray": "import memray",
    "rich.console": "import rich.console",
    "rich.markdown": "import rich.markdown",
    "rich.progress": "import rich.progress",
    "urllib3": "import urllib3",
    "watchfiles": "import watchfiles",
    "multiprocessing": "import multiprocessing.connection",
    "cProfile": "import cProfile",
    "statistics": "import statistics",
    "hashlib": "import hashlib",
    "zoneinfo": "import zoneinfo",
    "xml.etree.ElementTree": "import xml.etree.ElementTree",
    "tomllib (outside a project)": "import tomllib",
    "entry points (aoc list)": "from aoc2023.framework.registry import entry_point_years\n"
    "entry_point_years()",
}
"""What an import kept inside a function keeps off a run: each timed after a whole run in
a folder with no pyproject.toml (where a run reads no settings)."""


class Trick(NamedTuple):
    name: str
    saved: float
    """Seconds of a run (or, for pytest, the share of its time)."""
    threshold: float
    share: bool = False
    """`saved` and `threshold` are shares of the run, not seconds."""

    def pays(self) -> bool:
        return self.saved >= self.threshold


def cpu_time(command: list[str], env: dict[str, str]) -> tuple[float, float]:
    """The CPU time of the whole process `command` (user + system), and its wall time."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    if process.returncode:
        done = subprocess.run(command, env=env, capture_output=True, text=True)
        raise SystemExit(f"{command[:3]} failed ({process.returncode}):\n{done.stderr}")
    return usage.ru_utime + usage.ru_stime, wall


def whole_runs(env: dict[str, str], runs: int) -> tuple[float, float, float, list[Trick]]:
    """A run's median CPU time and wall time, aocd's runner's wall time, and gc.freeze."""
    times = interleaved(
        {name: partial(cpu_time, command, env) for name, command in WHOLE_RUNS.items()}, runs
    )
    cpu = {name: statistics.median(c for c, _ in samples) for name, samples in times.items()}
    wall = {name: statistics.median(w for _, w in samples) for name, samples in times.items()}
    aocd = wall["aocd's runner"]
    print("## whole runs: CPU time, wall time, wall time over aocd's runner's")
    for name in times:
        print(
            f"  {name:34} {cpu[name] * 1e3:7.1f} ms {wall[name] * 1e3:7.1f} ms "
            f"{wall[name] / aocd:5.2f}x"
        )
    run = cpu["aoc run 2023 7"]
    return (
        run,
        wall["aoc run 2023 7"],
        aocd,
        [Trick("gc.freeze", cpu["... without gc.freeze"] - run, 0.03 * run)],
    )


def measured(command: list[str], env: dict[str, str], cwd: Path = ROOT) -> float:
    """What a process prints as its last line: its own measurement."""
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True)
    if done.returncode:
        raise SystemExit(f"{command[:3]} failed:\n{done.stderr}")
    return float(done.stdout.split()[-1])


def timed(setup: str, code: str) -> list[str]:
    return [sys.executable, "-c", TIMED.format(setup=setup, code=code)]


def in_process(
    env: dict[str, str], runs: int, run: float, walls: tuple[float, float]
) -> list[Trick]:
    """The tricks timed inside a process; `walls`: a run's wall time and aocd's runner's."""
    classes = subprocess.run(
        [sys.executable, "-c", NAMEDTUPLES],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.split("\n")[-2]
    ways: dict[str, Callable[[], float]] = {
        f"{len(json.loads(classes))} NamedTuples a run makes, as {kind}": partial(
            measured, [sys.executable, "-c", MAKE, kind, classes], env
        )
        for kind in ("namedtuple", "dataclass")
    }
    for name, (trick, plain) in IN_PROCESS.items():
        ways[f"{name}: with"] = partial(measured, timed(*trick), env)
        ways[f"{name}: without"] = partial(measured, timed(*plain), env)
    medians = {
        name: statistics.median(samples) for name, samples in interleaved(ways, runs).items()
    }
    print("\n## inside a process")
    for name, median in medians.items():
        print(f"  {name:50} {median * 1e3:7.2f} ms")
    values = list(medians.values())
    names = ["NamedTuples, not dataclasses", *IN_PROCESS]
    tricks = [
        Trick(
            name,
            values[2 * index + 1] - values[2 * index],
            OFF_A_RUN if "rich not imported" in name else 0.01 * run,
        )
        for index, name in enumerate(names)
    ]
    ours, aocd = walls
    print(
        f"  with rich's table a run would take {(ours + tricks[1].saved) / aocd:.2f}x aocd's "
        f"runner's wall time, against {ours / aocd:.2f}x (goal: at most {GOAL:.2f}x)"
    )
    return tricks


def lazy_imports(env: dict[str, str], runs: int, run: float) -> list[Trick]:
    with tempfile.TemporaryDirectory() as outside:
        ways = {
            name: partial(measured, timed(A_RUN, code), env, Path(outside))
            for name, code in LAZY.items()
        }
        medians = {
            name: statistics.median(samples) for name, samples in interleaved(ways, runs).items()
        }
    print("\n## imports kept inside functions, each after a whole run")
    for name, median in medians.items():
        print(f"  {name:34} {median * 1e3:7.2f} ms")
    return [Trick(f"lazy {name}", median, OFF_A_RUN) for name, median in medians.items()]


def worker_guess(env: dict[str, str], runs: int) -> list[Trick]:
    pytest = [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]
    cores = str(os.cpu_count() or 1)
    ways = {
        f"{selection} -n {workers}": partial(
            time_once, [*pytest, *selection.split(" ", 1), "-n", workers], env
        )
        for selection in ("-m example", "-k 2023")
        for workers in ("auto", cores)
    }
    medians = [statistics.median(samples) for samples in interleaved(ways, runs).values()]
    print(f"\n## pytest: -n auto settles on no workers for days' tests alone, not {cores}")
    for name, median in zip(ways, medians, strict=True):
        print(f"  {name:34} {median * 1e3:7.0f} ms")
    return [
        Trick(
            f"worker guess, {selection}", 1 - medians[index] / medians[index + 1], 0.25, share=True
        )
        for index, selection in ((0, "-m example"), (2, "-k 2023"))
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=10)
    parser.add_argument(
        "--no-pytest",
        action="store_true",
        help="leave out the worker guess (about a minute at 10 runs)",
    )
    args = parser.parse_args()
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        env = prepare_cache(Path(tmp))
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        run, wall, aocd, tricks = whole_runs(env, args.runs)
        tricks += in_process(env, args.runs, run, (wall, aocd))
        tricks += lazy_imports(env, args.runs, run)
        if not args.no_pytest:
            tricks += worker_guess(env, args.runs)
    print(f"\n## what each trick saves (a run: {run * 1e3:.0f} ms of CPU time)")
    for trick in tricks:
        if trick.share:
            saved, least = f"{trick.saved:8.0%}", f"{trick.threshold:.0%}"
        else:
            saved = f"{trick.saved * 1e3:6.1f} ms {trick.saved / run:5.1%}"
            least = f"{trick.threshold * 1e3:.2f} ms"
        verdict = "pays" if trick.pays() else "DOES NOT PAY"
        print(f"  {trick.name:38} {saved:>16}  (at least {least}): {verdict}")
    print(f"({args.runs} runs each, medians; {time.perf_counter() - start:.0f} s)")
    sys.exit(0 if all(trick.pays() for trick in tricks) else 1)


if __name__ == "__main__":
    main()
