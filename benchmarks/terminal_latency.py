"""Wall time of a whole `aoc run 2023 7` on a terminal against the same run into a pipe.

On a terminal `aoc run` shows its table live (commands/run.py: rows as days finish, a
thread for the "running day N part P" line); into a pipe it prints the table at the
end. Both run day 7 on the same generated cached input (cli_latency.py's), interleaved,
so the machine's noise falls on both alike; the terminal is a real pseudo-terminal.

    uv run python benchmarks/terminal_latency.py [--runs 20]

Goal (issue 12): the terminal's median within a few percent of the pipe's (ratio ~1.0).
"""

from __future__ import annotations

import argparse
import os
import pty
import subprocess
import sys
import tempfile
import time
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from cli_latency import BIN, interleaved, prepare_cache, print_ratios, time_once

COMMAND = [str(BIN / "aoc"), "run", "2023", "7"]


def on_a_terminal(env: dict[str, str]) -> float:
    controller, terminal = pty.openpty()
    start = time.perf_counter()
    process = subprocess.Popen(COMMAND, env=env, stdin=terminal, stdout=terminal, stderr=terminal)
    os.close(terminal)
    output = b""
    while True:  # drain the terminal, or the process blocks writing to it
        try:
            chunk = os.read(controller, 65536)
        except OSError:  # the other end closed: the process has exited
            break
        if not chunk:
            break
        output += chunk
    code = process.wait()
    elapsed = time.perf_counter() - start
    os.close(controller)
    if code != 0 or b"Camel Cards" not in output:
        raise SystemExit(f"{COMMAND} on a terminal failed ({code}):\n{output.decode()}")
    return elapsed


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=20)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        env = {**prepare_cache(Path(tmp)), "COLUMNS": "120"}
        times = interleaved(
            {
                "into a pipe": partial(time_once, COMMAND, env),
                "on a terminal": partial(on_a_terminal, env),
            },
            args.runs,
        )
    print_ratios("aoc run 2023 7", times, "into a pipe", args.runs)


if __name__ == "__main__":
    main()
