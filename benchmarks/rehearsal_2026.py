"""The rehearsal of 1 December 2026 (tests/test_rehearsal_2026.py), printed as a transcript.

Runs the rehearsal's tests against the stand-in site, with the clock moved (nothing
reaches adventofcode.com), and prints each command with what `aoc` printed:

    uv run python benchmarks/rehearsal_2026.py

It reports; the tests assert. Exit code: pytest's.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]


def main() -> int:
    with tempfile.TemporaryDirectory() as folder:
        transcript = Path(folder) / "rehearsal.txt"
        done = subprocess.run(
            [
                sys.executable,
                "-m",
                "pytest",
                "-n",
                "0",
                "-q",
                "-p",
                "no:cacheprovider",
                "tests/test_rehearsal_2026.py",
            ],
            cwd=PROJECT,
            env=os.environ | {"AOC_REHEARSAL_TRANSCRIPT": str(transcript)},
            capture_output=True,
            text=True,
        )
        if transcript.exists():
            print(transcript.read_text(encoding="utf-8"))
        print(done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr)
        return done.returncode


if __name__ == "__main__":
    sys.exit(main())
