"""`aoc run YEAR DAY --memory-flame PART FILE`: memray's flame report of one part's
allocations, where `--memory` gives only each step's peak.

memray is optional (the `memray` extra; Linux and macOS only): found with
`importlib.util.find_spec`, and imported only here. The part runs once more after the
run, in this process, on a fresh parse of the day's first input, with memray tracking
that part alone (a `solve` that yields runs up to the part untracked; one that returns
both is tracked whole). memray's own command line (`python -m memray flamegraph`) turns
the capture into the HTML report, in a process of its own, in a folder of ours; the
report is then written whole where it was asked for (files.write_atomically).
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable, Generator
from importlib.util import find_spec
from pathlib import Path
from tempfile import TemporaryDirectory
from typing import Any, cast

from aoc2023.framework.errors import AocError, UsageError
from aoc2023.framework.files import check_writable, write_atomically
from aoc2023.framework.inputs import RunRequest, days_to_run
from aoc2023.framework.launcher import aoc_command
from aoc2023.framework.results import DayResult
from aoc2023.framework.runner import describe_error

REPORT_SECONDS = 300.0
"""How long memray may take to write the report from the capture."""


def available() -> bool:
    """Whether memray is installed (found without importing it)."""
    return find_spec("memray") is not None


def check(request: RunRequest, part: int, path: Path) -> None:
    """Refuse before the run what cannot give a report: no memray (saying how to install
    it), more than one day, a part other than 1 or 2, a folder that does not exist, a
    file that cannot be written (files.check_writable, as for --plot)."""
    if not available():
        raise UsageError("--memory-flame needs memray: install the memray extra, e.g. "
                         "`uv sync --extra memray` or `pip install 'aoc2023[memray]'` "
                         "(Linux and macOS only).")
    if part not in (1, 2):
        raise UsageError(f"--memory-flame PART FILE: the part is 1 or 2, not {part}.")
    if len(request.days) != 1:
        example = aoc_command("run", 2023, 7, "--memory-flame", 2, "day7.html")
        raise UsageError("--memory-flame reports one part of one day: give one year and one "
                         f"day, e.g. {example}.")
    if not path.parent.is_dir():
        raise UsageError(f"--memory-flame: there is no folder {path.parent} for {path}.")
    check_writable("--memory-flame", path, then="so nothing was run")


def _why(error: OSError | subprocess.SubprocessError) -> str:
    """What memray said on failing, in one line: the last of its stderr (its exception,
    not the traceback above it), else the error itself."""
    said = [line.strip() for line in (getattr(error, "stderr", None) or "").splitlines()]
    return next((line for line in reversed(said) if line), str(error)).rstrip(".")


def flame_report(request: RunRequest, part: int, path: Path) -> str:
    """Track `part` of the day asked for with memray and write its flame report to `path`;
    the sentence that says so."""
    notices: list[str] = []
    day = next((one for one in days_to_run(request, notices)
                if not isinstance(one, DayResult)), None)
    if day is None or not day.runs:
        raise UsageError(f"--memory-flame: nothing to run ({' '.join(notices)})".rstrip()
                         + ".")
    cls, run_input = day.solution_class, day.runs[0]
    with TemporaryDirectory(prefix="aoc-memray-") as folder:
        capture = Path(folder, "part.bin")
        try:
            _track(cls(extra=run_input.extra), run_input.text, part, capture)
        except Exception as error:
            raise AocError(f"--memory-flame: {cls.year} day {cls.day} part {part} failed: "
                           f"{describe_error(error)}.") from error
        report = Path(folder, "report.html")
        try:
            subprocess.run([sys.executable, "-m", "memray", "flamegraph", "--force",
                            "--output", str(report), str(capture)],
                           check=True, capture_output=True, text=True, timeout=REPORT_SECONDS)
            made = report.read_bytes()
        except (OSError, subprocess.SubprocessError) as error:
            raise AocError(f"memray could not write {path}: {_why(error)}.") from error
        write_atomically(path, made, what="the flame report")
    where = run_input.label or run_input.source
    return f"Wrote memray's flame report of {cls.year} day {cls.day} part {part} ({where}) " \
        f"to {path}."


def _track(solution: Any, text: str, part: int, capture: Path) -> None:
    """Run `part` on a fresh parse with memray tracking it alone into `capture`."""
    import memray

    data = solution.parse(text)
    call: Callable[[], Any]
    if solution.solves_in_turn():
        answers = cast(Generator[Any, None, None], solution.solve(data))
        for _ in range(part - 1):
            next(answers)
        call = answers.__next__
    elif solution.solves_both_at_once():
        call = lambda: solution.solve(data)  # noqa: E731
    else:
        method = solution.part_1 if part == 1 else solution.part_2
        call = lambda: method(data)  # noqa: E731
    with memray.Tracker(capture):
        call()
