"""Peak memory of `aoc run 2023 7` on a big input, against one and two parses kept alive.

A run parses the input once per part (each part gets its own parse), and keeps one
parsed input alive at a time (issue 14): part 1's is let go before part 2's parse,
and with `--variants` each variant runs after the one before it is done. So a run's
peak should be that of one parse, not of two.

Each figure is the peak resident set size (RSS) of a fresh process, read from its
own `/proc/self/status` (VmHWM, so Linux only) as it exits: not `getrusage`, whose
peak carries over the parent's from before `exec`. All on one generated input of
300,000 distinct hands (`--hands`):
- floor: the day imported and the input read, nothing parsed;
- one parse: `Day07` parses once and runs both parts on it;
- two parses: parse, part 1, then part 2 on a second parse while the first is still
  alive (what `aoc run` did before issue 14);
- one at a time: parse, part 1, let it go, parse again, part 2: the target (above
  "one parse" only by what the allocator cannot reuse of the first parse's memory);
- aoc floor: `aoc run 2023 7 --example --no-submit`: the CLI's own imports, the
  day's example;
- aoc run: `aoc run 2023 7 --input FILE --no-submit`, the CLI in the child;
- aoc run --variants: the same, then the variant `fast`.

The processes alternate, `--runs` rounds, and the medians are reported, each also
above its floor (the CLI's runs above "aoc floor", the others above "floor"), and
that over what one parse adds. Nothing is asserted.

    uv run python benchmarks/run_memory.py [--runs 3] [--hands 300000]
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from day07_speed import generated_input

_REPORT = (
    "import atexit, sys; atexit.register(lambda: print('peak-kb', [line.split()[1] "
    "for line in open('/proc/self/status') if line.startswith('VmHWM:')][0], "
    "file=sys.stderr)); "
)
_READ = "from aoc2023.day07 import Day07; text = open(sys.argv[1]).read(); "

PROGRAMS = {
    "floor": _READ,
    "one parse": _READ + "s = Day07(); h = s.parse(text); s.part_1(h); s.part_2(h)",
    "two parses": _READ
    + ("s = Day07(); h = s.parse(text); s.part_1(h); h2 = Day07().parse(text); Day07().part_2(h2)"),
    "one at a time": _READ
    + (
        "s = Day07(); h = s.parse(text); s.part_1(h); del h; "
        "s = Day07(); h = s.parse(text); s.part_2(h)"
    ),
    "aoc floor": (
        "from aoc2023.framework.cli import main; "
        "sys.argv = ['aoc', 'run', '2023', '7', '--example', '--no-submit']; main()"
    ),
    "aoc run": (
        "from aoc2023.framework.cli import main; "
        "sys.argv = ['aoc', 'run', '2023', '7', '--input', sys.argv[1], '--no-submit']; "
        "main()"
    ),
    "aoc run --variants": (
        "from aoc2023.framework.cli import main; sys.argv = ['aoc', 'run', '2023', '7', "
        "'--input', sys.argv[1], '--no-submit', '--variants']; main()"
    ),
}


def peak_mb(program: str, input_path: Path) -> float:
    done = subprocess.run(
        [sys.executable, "-c", _REPORT + program, str(input_path)],
        capture_output=True,
        text=True,
        check=False,
    )
    lines = [line for line in done.stderr.splitlines() if line.startswith("peak-kb ")]
    if not lines or done.returncode != 0:
        raise SystemExit(f"failed ({done.returncode}): {program}\n{done.stderr}")
    return int(lines[-1].split()[1]) / 1024  # VmHWM is in kB


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--hands", type=int, default=300_000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hands.txt"
        path.write_text(generated_input(args.hands))
        samples: dict[str, list[float]] = {name: [] for name in PROGRAMS}
        names = list(PROGRAMS)
        for round_ in range(args.runs):
            shift = round_ % len(names)
            for name in names[shift:] + names[:shift]:
                samples[name].append(peak_mb(PROGRAMS[name], path))
    medians = {name: statistics.median(values) for name, values in samples.items()}
    print(f"peak RSS, medians of {args.runs} runs, {args.hands:,} hands")
    print(f"{'':>20} {'peak':>10} {'above floor':>12} {'over one parse':>15}")
    one_parse = medians["one parse"] - medians["floor"]
    for name, value in medians.items():
        floor = medians["aoc floor" if name.startswith("aoc") else "floor"]
        above = value - floor
        print(f"{name:>20} {value:7.1f} MB {above:9.1f} MB {above / one_parse:14.2f}x")


if __name__ == "__main__":
    main()
