"""What a run's steps are measured with: cProfile (`--profile`) and tracemalloc (`--memory`),
started and stopped around each step by the executor; and memray (`--memory-flame`),
tracking one part on its own after the run. None is imported until its option asks."""

from __future__ import annotations

import subprocess
import sys
import tracemalloc
from contextlib import closing, nullcontext, suppress
from dataclasses import dataclass
from importlib.util import find_spec
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import TYPE_CHECKING

from aoc2023.framework.errors import AocError, UsageError, describe_error
from aoc2023.framework.files import check_writable, write_atomically
from aoc2023.framework.inputs import DayInputs, RunRequest, days_to_run
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.solution import day_steps

if TYPE_CHECKING:
    import cProfile

    from aoc2023.framework.timeouts import Progress


@dataclass(frozen=True)
class ProfileRow:
    """One function's share of a profiled run."""

    function: str
    location: str
    """`path:line` of the function, or "" for a built-in."""
    calls: int
    primitive_calls: int
    own_seconds: float
    total_seconds: float


RawStats = dict[tuple[str, int, str], tuple[int, int, float, float]]
"""cProfile's figures by (file, line, function), as plain data a child can send back."""

_FRAMEWORK = str(Path(__file__).resolve().parent)
_PROFILER_ITSELF = frozenset(
    f"<method '{name}' of '_lsprof.Profiler' objects>" for name in ("enable", "disable")
)


class Profiler:
    """`--profile`: cProfile on only while a step runs, keeping the framework out of the
    figures; adds up those of any number of runs and children (`raw`, `add`)."""

    def __init__(self) -> None:
        self._raw: RawStats = {}
        self._profile: cProfile.Profile | None = None

    def start(self, step: str) -> None:
        if self._profile is None:
            import cProfile

            self._profile = cProfile.Profile()
        self._profile.enable()

    def stop(self, step: str, *, failed: bool) -> None:
        if self._profile is not None:
            self._profile.disable()

    def add(self, raw: RawStats) -> None:
        for key, (cc, nc, tt, ct) in raw.items():
            old = self._raw.get(key, (0, 0, 0.0, 0.0))
            self._raw[key] = (old[0] + cc, old[1] + nc, old[2] + tt, old[3] + ct)

    def raw(self) -> RawStats:
        """The sums so far, the live profile's figures folded in."""
        if self._profile is not None:
            profile, self._profile = self._profile, None
            profile.create_stats()
            self.add({key: (cc, nc, tt, ct) for key, (cc, nc, tt, ct, _) in profile.stats.items()})
        return dict(self._raw)

    def top(self, count: int = 15) -> list[ProfileRow]:
        """The `count` functions outside the framework with the most time of their own."""
        rows = []
        for (file, line, name), (cc, nc, tt, ct) in self.raw().items():
            if file.startswith(_FRAMEWORK) or name in _PROFILER_ITSELF:
                continue
            builtin = file == "~" and line == 0
            with suppress(ValueError):  # shortened, when under the working folder
                file = str(Path(file).resolve().relative_to(Path.cwd()))
            rows.append(ProfileRow(name, "" if builtin else f"{file}:{line}", nc, cc, tt, ct))
        return sorted(rows, key=lambda row: row.own_seconds, reverse=True)[:count]


class Tracer:
    """`--memory`: each step's peak allocation above its start, on its first run, reported to
    `progress` as it comes (none if it raised); tracemalloc is on inside its `with`."""

    def __init__(self, progress: Progress) -> None:
        self.progress = progress
        self.peaks: dict[str, int] = {}
        self._start = 0

    def start(self, step: str) -> None:
        tracemalloc.reset_peak()
        self._start = tracemalloc.get_traced_memory()[0]

    def stop(self, step: str, *, failed: bool) -> None:
        if failed or step in self.peaks:  # again: a part's own parse, a yielding solve's tail
            return
        peak = self.peaks[step] = max(0, tracemalloc.get_traced_memory()[1] - self._start)
        self.progress.report(step, peak)

    def __enter__(self) -> Tracer:
        self._started = not tracemalloc.is_tracing()  # else on already: left on
        if self._started:
            tracemalloc.start()
        return self

    def __exit__(self, *exc: object) -> None:
        if self._started:
            tracemalloc.stop()


# --memory-flame: not an instrument of the executor; its failure is a sentence, not a result.

REPORT_SECONDS = 300.0
"""How long memray may take to write the report from the capture."""


def memray_available() -> bool:
    return find_spec("memray") is not None


def check_flame(request: RunRequest, part: int, path: Path) -> None:
    """UsageError, before the run, for what cannot give a report (no memray, several
    days, a bad part, a file that cannot be written)."""
    if not memray_available():
        raise UsageError(
            "--memory-flame needs memray: install the memray extra, e.g. `uv sync --extra memray` "
            "or `pip install 'aoc2023[memray]'` (Linux and macOS only)."
        )
    if part not in (1, 2):
        raise UsageError(f"--memory-flame PART FILE: the part is 1 or 2, not {part}.")
    if len(request.days) != 1:
        example = aoc_command("run", 2023, 7, "--memory-flame", 2, "day7.html")
        raise UsageError(
            "--memory-flame reports one part of one day: give one year and one "
            f"day, e.g. {example}."
        )
    if not path.parent.is_dir():
        raise UsageError(f"--memory-flame: there is no folder {path.parent} for {path}.")
    check_writable("--memory-flame", path, then="so nothing was run")


def flame_report(request: RunRequest, part: int, path: Path) -> str:
    """Track `part` of the day's first input with memray, its flame report written to
    `path`; the sentence that says so."""
    notices: list[str] = []
    day = next((one for one in days_to_run(request, notices) if isinstance(one, DayInputs)), None)
    if day is None or not day.runs:
        raise UsageError(f"--memory-flame: nothing to run ({' '.join(notices)})".rstrip() + ".")
    cls, run_input = day.solution_class, day.runs[0]
    with TemporaryDirectory(prefix="aoc-memray-") as folder:
        capture = Path(folder, "part.bin")
        # memray tracks the part alone, on a fresh parse (a yielding `solve`'s part 1
        # untracked before its part 2; a `solve` that returns the pair whole)
        try:
            import memray

            solution = cls(extra=run_input.extra)
            with closing(day_steps(solution, solution.parse(run_input.text), (part,))) as steps:
                for step, function, argument in steps:
                    tracked = step in (f"part {part}", "parts 1+2")
                    with memray.Tracker(capture) if tracked else nullcontext():
                        function(argument)
        except Exception as error:
            raise AocError(
                f"--memory-flame: {cls.year} day {cls.day} part {part} failed: "
                f"{describe_error(error)}."
            ) from error
        report = Path(folder, "report.html")
        command = ["memray", "flamegraph", "--force", "--output", str(report), str(capture)]
        try:
            subprocess.run(
                [sys.executable, "-m", *command],
                check=True,
                capture_output=True,
                text=True,
                timeout=REPORT_SECONDS,
            )
            made = report.read_bytes()
        except (OSError, subprocess.SubprocessError) as error:  # its stderr's last line says why
            said = [line.strip() for line in (getattr(error, "stderr", None) or "").splitlines()]
            why = next((line for line in reversed(said) if line), str(error)).rstrip(".")
            raise AocError(f"memray could not write {path}: {why}.") from error
        write_atomically(path, made, what="the flame report")
    where = run_input.label or run_input.source
    return (
        f"Wrote memray's flame report of {cls.year} day {cls.day} part {part} ({where}) to {path}."
    )
