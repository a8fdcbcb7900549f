"""The `aoc bench` command on a throwaway year's day (2047 day 7, with a variant): its
table (at any width: 2085, below), its JSON, the history it saves and compares, the
README table, its progress line on a terminal and Ctrl-C. How it measures is
`test_bench_measure.py`.

The steps are timed by the real clocks, but the budget never runs out: `max_runs` ends
the timing (`cap_runs`), so each step gets the same runs however busy the machine: the
fewest a fast step gets from any budget (MIN_RUNS a part, each on a parse of its own),
since what is checked here is what is done with the figures, not how they are measured.
The README's chart is `test_bench_outputs.py`'s subject: here `--readme` writes the table
alone (`table_alone`). Every file it writes is checked before anything is timed (each
refusal a process of its own, its folder read-only).

With variants (the throwaway year 2087, `year`: a variant that agrees, one that
disagrees, a yielding `solve` with a variant, and a variant whose parse fails; its
project `variants_project`): each variant checked against the main's answers, shown with
its ratio to it, saved and compared on its own."""

from __future__ import annotations

import fcntl
import io
import json
import os
import pty
import re
import signal
import struct
import subprocess
import sys
import termios
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from subprocess import CompletedProcess
from typing import Any

import pytest
import site_cli
from conftest import AocdHome, temporary_year
from fake_clock import cap_runs, capped
from read_only import read_only
from site_cli import aoc_in_process
from test_interrupt import CTRL_C, CTRL_C_TO_AOC, SIGTERM_HERE, ctrl_c_here, sigterm_for_aoc

import aoc2023
from aoc2023.framework import Solution
from aoc2023.framework.bench import measure, outputs
from aoc2023.framework.bench.figures import (
    LONG_STEP,
    MIN_DIFFERENCE,
    MIN_RUNS,
    TOLERANCE,
    WIDE_TOLERANCE,
    BenchReport,
    DayBench,
    Stats,
    StepBench,
    bench_exit_code,
)
from aoc2023.framework.bench.measure import bench_days
from aoc2023.framework.bench.outputs import END, START, insert_block
from aoc2023.framework.commands import bench as bench_view
from aoc2023.framework.commands.view import format_duration
from aoc2023.framework.errors import UsageError
from aoc2023.framework.inputs import RunRequest
from aoc2023.framework.results import DayResult, ExitCode

YEAR = 2047
EXAMPLE_INPUT = "1000 234"
SUMS = f"""
import math

from aoc2023.framework import Example, Solution


class Day(Solution[list[int]]):
    title = "Number Sums"
    examples = [Example("{EXAMPLE_INPUT}", part_1=1234, part_2=234000)]

    def parse(self, text: str) -> list[int]:
        return [int(word) for word in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return sum(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return math.prod(numbers)


class Fast(Day, variant="fast"):
    def part_2(self, numbers: list[int]) -> int:
        return numbers[0] * numbers[1]
"""


def aoc(*args: str) -> CompletedProcess[str]:

    return aoc_in_process(*args)


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A project folder of its own, as the working folder (history and README go here),
    and the throwaway YEAR whose day 7 (SUMS) is benched."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    monkeypatch.chdir(root)
    cap_runs(monkeypatch, max_runs=2 * MIN_RUNS)
    with temporary_year(tmp_path / f"site{YEAR}", YEAR, {"day07.py": SUMS}):
        yield root


@pytest.fixture
def table_alone(monkeypatch: pytest.MonkeyPatch) -> None:
    """`--readme` writes its table without the chart beside it, and says why, as without
    matplotlib (outputs.save_and_publish): drawing a chart costs more than the bench itself."""
    monkeypatch.setattr(outputs, "available", lambda: False)


def test_bench_json_gives_the_figures_of_each_step(
    project: Path, installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a folder in no project: compared with nothing (never the history of the
    project aoc is installed from), and nothing written there or here."""
    nowhere = tmp_path / "nowhere"
    nowhere.mkdir()
    monkeypatch.chdir(nowhere)
    result = aoc("bench", str(YEAR), "7", "--example", "--budget", "0.1", "--json")
    assert result.returncode == 0, result.stderr
    payload = json.loads(result.stdout)
    [day] = payload["results"]
    assert (day["year"], day["day"], day["source"]) == (YEAR, 7, "example")
    # The main implementation's steps, then those of the variant "fast".
    assert [(s["variant"], s["step"]) for s in day["steps"]] == [
        (variant, step) for variant in (None, "fast") for step in ("parse", "part 1", "part 2")
    ]
    assert [s["versus_main"] is None for s in day["steps"]] == [True] * 3 + [False] * 3
    assert (payload["tolerance"], payload["wide_tolerance"]) == (TOLERANCE, WIDE_TOLERANCE)
    assert payload["long_step"] == LONG_STEP and payload["min_difference"] == MIN_DIFFERENCE
    for step in day["steps"]:
        assert step["runs"] >= 10 and step["change"] is None
        # Steps of microseconds: the wall-clock minimum. (A cold checking run on a busy
        # machine, of this step in any implementation, may pass CPU_FROM: then its CPU
        # time is recorded too, but stays below LONG_STEP.)
        # That figure normalised by the machine's speed is the one the verdicts use.
        assert step["headline"] == "normalised"
        assert step["raw_cpu_min"] is None or step["raw_cpu_min"] < LONG_STEP
        assert step["rough"] is False
        assert isinstance(step["busy"], bool)
        assert 0 < step["raw_min"] <= step["raw_q1"] <= step["raw_median"] <= step["raw_q3"]
        assert step["raw_iqr"] == pytest.approx(step["raw_q3"] - step["raw_q1"])
        scale = payload["reference"] / day["speed"]["calibration_raw_cpu_min"]
        assert step["normalised"] == pytest.approx(step["raw_min"] * scale)
        # By CPU time only where the CPU time was recorded.
        assert step["raw_cpu_min"] is not None or step["normalised_cpu"] is None
    assert [a["status"] for s in day["steps"] for a in s["answers"]] == ["correct"] * 4
    assert (installed / "benchmarks" / "history.json").read_text() == '{"entries": []}'
    assert not (installed / "README.md").exists()
    assert list(nowhere.iterdir()) == []


def test_bench_table_names_each_columns_clock_and_the_machines_speed(project: Path) -> None:
    """Beside a history that cannot be read: not compared with, and left as it is (nor
    overwritten by --save: the `--save` case of
    test_a_readme_or_history_that_cannot_be_written_is_refused_before_any_timing)."""
    history = project / "benchmarks" / "history.json"
    history.parent.mkdir()
    history.write_text("{not json")
    result = aoc_in_process(
        "bench",
        str(YEAR),
        "7",
        "--example",
        "--budget",
        "0.05",
        env=dict(os.environ, COLUMNS="200"),
    )
    assert result.returncode == 0, result.stderr
    assert "Not compared." in result.stderr
    assert "Cannot read the benchmark history" in result.stderr
    assert history.read_text() == "{not json"
    lines = result.stdout.splitlines()
    top = next(n for n, line in enumerate(lines) if "Step" in line)
    headings = [
        " ".join(cell.strip() for cell in column).strip()
        for column in zip(*(line.split("│")[1:-1] for line in lines[top : top + 2]), strict=True)
    ]
    assert headings[5:-2] == [
        "Runs",
        "Fastest (wall)",
        "Median (wall)",
        "Spread (wall)",
        "Median (CPU)",
    ]
    title = " ".join(" ".join(lines[:top]).split())
    assert re.search(
        r"Times as on the reference machine \(this one runs at [\d.]+x its "
        r"speed\)\.",
        title,
    ), title
    assert top - 1 <= 2  # the caption (above the top rule): two short lines at most
    assert "headline" not in title and "✔ 1234" in result.stdout


def test_bench_uses_the_same_days_and_inputs_as_run(project: Path, year_with_day_7: int) -> None:
    result = aoc("bench", "2095", "6-7", "--example", "--budget", "0.05")
    assert "No solution yet for 2095 day 6: skipped." in result.stderr
    assert aoc("bench", str(YEAR), "7-8", "--input", "x.txt").returncode == 2
    # A file for one day: test_a_files_history_is_kept_under_its_resolved_path.


@pytest.fixture
def installed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project standing for the one aoc is installed from (the source checkout), with
    a history of its own: what a bench run elsewhere must neither write nor compare with."""
    from aoc2023.framework import project as project_module

    folder = tmp_path / "installed"
    (folder / "benchmarks").mkdir(parents=True)
    (folder / "pyproject.toml").write_text("[project]\nname = 'aoc'\n")
    (folder / "benchmarks" / "history.json").write_text('{"entries": []}')
    monkeypatch.setattr(project_module, "SOURCE_CHECKOUT", folder)
    return folder


def test_save_keeps_timings_only_and_a_later_bench_compares(
    project: Path, installed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a folder inside a project, --save writes that project's history (never that
    of the project aoc is installed from), and a later bench there compares with it."""
    (project / "notes").mkdir()
    monkeypatch.chdir(project / "notes")
    first = aoc("bench", str(YEAR), "7", "--example", "--budget", "0.05", "--save")
    assert first.returncode == 0, first.stderr
    history = project / "benchmarks" / "history.json"
    assert f"to {history}" in first.stderr
    saved = json.loads(history.read_text())
    [entry] = saved["entries"]
    assert set(entry) == {"date", "python", "machine", "budget", "commit", "figures"}
    for figure in entry["figures"]:
        assert set(figure) == {
            "year",
            "day",
            "source",
            "label",
            "variant",
            "step",
            "runs",
            "median",
            "min",
            "q1",
            "q3",
            "cpu_min",
            "normalised",
            "normalised_cpu",
            "waiting",
        }
    assert EXAMPLE_INPUT not in history.read_text()  # no input...
    assert not {"1234", "234000"} & {str(v) for f in entry["figures"] for v in f.values()}

    second = aoc("bench", str(YEAR), "7", "--example", "--budget", "0.05", "--json")
    changes = [s["change"] for s in json.loads(second.stdout)["results"][0]["steps"]]
    assert all(c["verdict"] in {"faster", "slower", "no change"} for c in changes)
    assert all(c["tolerance"] == TOLERANCE and c["compared"] == "normalised" for c in changes)
    figures_by_step = {(f["variant"], f["step"]): f for f in entry["figures"]}
    for step in json.loads(second.stdout)["results"][0]["steps"]:  # minimum over minimum
        assert step["change"]["ratio"] == pytest.approx(
            step["normalised"] / figures_by_step[(step["variant"], step["step"])]["normalised"]
        )
    assert all(c["saved_on"] == entry["date"] for c in changes)
    assert (installed / "benchmarks" / "history.json").read_text() == '{"entries": []}'


def test_save_and_readme_refuse_outside_a_project(
    project: Path, installed: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """From a folder in no project, --save and --readme refuse in one sentence before
    timing anything: never the files of the project aoc is installed from. (From a
    folder inside a project: test_save_keeps_timings_only_and_a_later_bench_compares;
    a bench without them there: test_bench_json_gives_the_figures_of_each_step.)"""
    nowhere = tmp_path / "nowhere"
    nowhere.mkdir()
    monkeypatch.chdir(nowhere)
    for option in ("--save", "--readme"):
        refused = aoc("bench", str(YEAR), "7", "--example", "--budget", "0.05", option)
        assert refused.returncode == 2
        assert refused.stderr.startswith(
            "Error: No project folder here (one with a "
            "pyproject.toml or an .aocd_config/ folder, from "
        ), refused.stderr
        assert "Timing" not in refused.stderr and refused.stdout == ""
    assert (installed / "benchmarks" / "history.json").read_text() == '{"entries": []}'
    assert not (installed / "README.md").exists()
    assert not (nowhere / "benchmarks").exists()


README = (
    "# My solutions\r\n\r\nSome words, kept as they are: é, tabs\t, trailing  \r\n\r\n"
    f"## Times\r\n\r\n{START}\r\nold table\r\n{END}\r\n\r\nMore text after.\r\n"
)


def test_readme_table_goes_between_the_markers_and_nothing_else_changes(
    project: Path, table_alone: None
) -> None:
    readme = project / "README.md"
    readme.write_bytes(README.encode())
    before, after = README.encode().split(START.encode())[0], README.encode().split(END.encode())[1]
    # Replaced, not added: and so again over a table of aoc's own, as the second run of
    # test_the_readme_table_tells_a_failed_part_from_one_not_written_and_adds_markers.
    result = aoc("bench", str(YEAR), "7", "--example", "--budget", "0.05", "--readme")
    assert result.returncode == 0, result.stderr
    assert (
        "The README has no chart: matplotlib is not installed (the plot extra: "
        "`uv sync --extra plot` or `pip install 'aoc2023[plot]'`)."
    ) in result.stderr
    data = readme.read_bytes()
    assert data.startswith(before + START.encode())
    assert data.endswith(END.encode() + after)
    assert data.count(START.encode()) == 1
    table = data.decode().split(START)[1].split(END)[0]
    assert "old table" not in table
    assert f"| {YEAR}/07 | Number Sums | example 1 |" in table
    assert f"| **{YEAR}** | **Total** (benched on " in table
    assert "\r\n" in table and "\n" not in table.replace("\r\n", "")


PART_2_FAILS = """
from aoc2023.framework import Solution

class Day(Solution[str]):
    title = "Part 2 fails"

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        raise ValueError("not like this")
"""


def test_the_readme_table_tells_a_failed_part_from_one_not_written_and_adds_markers(
    project: Path, tmp_path: Path, table_alone: None
) -> None:
    """In a README without the markers at first: they are added at its end, and the
    second run replaces the table between them (not added twice)."""
    readme = project / "README.md"
    readme.write_bytes(b"# Mine\n\nNo markers here.")
    (project / "in.txt").write_text("abc\n")
    days = {"day03.py": PART_2_FAILS, "day04.py": RECORDS_ITS_RUNS}
    for day in ("3", "4"):
        with temporary_year(tmp_path / f"site{day}", 2085, days):
            result = aoc("bench", "2085", day, "--input", "in.txt", "--budget", "0.05", "--readme")
        assert result.returncode == (2 if day == "3" else 0), result.stderr
        assert ("added them, with the table, at its end" in result.stderr) == (day == "3")
        data = readme.read_text()
        assert data.startswith("# Mine\n\nNo markers here.\n\n" + START + "\n")
        assert data.endswith(END + "\n") and data.count(START) == 1
        rows = [
            line.split(" | ")
            for line in readme.read_text().splitlines()
            if line.startswith(f"| 2085/0{day} |")
        ]
        assert len(rows) == 1
        part_2 = rows[0][5]
        assert part_2 == ("! error" if day == "3" else "-")  # failed, or not written


def test_markers_mentioned_inside_prose_are_not_markers() -> None:
    prose = f"Run it: the table goes between `{START}` and `{END}`.\n"
    new_text, added = insert_block(prose, "table")
    assert added and new_text.startswith(prose)
    indented = f"text\n  {START}  \nold\n{END}\nafter\n"
    assert insert_block(indented, "new") == (f"text\n  {START}  \nnew\n{END}\nafter\n", False)
    # Markers out of order, or twice, are refused (and by `aoc bench --readme` before any
    # timing: test_a_readme_or_history_that_cannot_be_written_is_refused_before_any_timing).
    for markers in (f"{END}\n{START}\n", f"{START}\n{START}\n{END}\n"):
        with pytest.raises(UsageError, match="once each, in that order"):
            insert_block(markers, "table")


BROKEN_PARSE = """
from aoc2023.framework import Solution

class Day(Solution[int]):
    def parse(self, text: str) -> int:
        return int(text)

    def part_1(self, number: int) -> int:
        return number
"""


def test_a_run_that_timed_nothing_leaves_the_readme_and_history_alone(
    project: Path, tmp_path: Path
) -> None:
    """Nor draws a chart: --plot's file is not written."""
    readme = project / "README.md"
    readme.write_text(f"# Mine\n{START}\nthe table of a good run\n{END}\n")
    (project / "in.txt").write_text("not a number\n")
    with temporary_year(tmp_path / "site", 2085, {"day01.py": BROKEN_PARSE}):
        result = aoc(
            "bench",
            "2085",
            "1",
            "--input",
            "in.txt",
            "--budget",
            "0.05",
            "--save",
            "--readme",
            "--plot",
            "none.svg",
        )
    assert result.returncode == 2
    assert "parse failed" in result.stderr
    assert readme.read_text() == f"# Mine\n{START}\nthe table of a good run\n{END}\n"
    assert not (project / "benchmarks" / "history.json").exists()
    assert "Saved" not in result.stderr and "Wrote" not in result.stderr
    assert "Nothing was timed: nothing saved, and README.md left as it was." in result.stderr
    assert "Nothing was timed: no chart drawn into none.svg." in result.stderr
    assert not (project / "none.svg").exists()


RECORDS_ITS_RUNS = """
from pathlib import Path
from aoc2023.framework import Solution

class Day(Solution[str]):
    def part_1(self, text: str) -> int:
        Path("ran").write_text("part 1 ran")
        return len(text)
"""


@pytest.mark.parametrize(
    ("option", "path", "text", "said"),
    [
        ("--readme", "README.md", None, "There is no"),
        ("--readme", "README.md", f"{END}\n{START}\n", "once each, in that order"),
        ("--save", "benchmarks/history.json", "{not json", "Cannot read the benchmark history"),
    ],
)
def test_a_readme_or_history_that_cannot_be_written_is_refused_before_any_timing(
    project: Path, tmp_path: Path, option: str, path: str, text: str | None, said: str
) -> None:
    if text is not None:
        (project / path).parent.mkdir(exist_ok=True)
        (project / path).write_text(text)
    (project / "in.txt").write_text("abc\n")
    with temporary_year(tmp_path / "site", 2085, {"day02.py": RECORDS_ITS_RUNS}):
        result = aoc("bench", "2085", "2", "--input", "in.txt", "--budget", "0.05", option)
    assert result.returncode == 2 and said in result.stderr
    assert text is None or (project / path).read_text() == text
    assert not (project / "ran").exists()  # refused at once: no time spent timing


def test_the_help_says_what_the_readme_table_holds() -> None:

    help_text = " ".join(
        aoc_in_process("bench", "--help", env=dict(os.environ, COLUMNS="200")).stdout.split()
    )
    assert "best-of-runs times" in help_text  # the headline: the minimum...
    assert "median times" not in help_text  # ...not the median it once was


def test_budget_and_timeout_must_be_sensible(project: Path) -> None:
    for option, value in [
        ("--budget", "-1"),
        ("--budget", "0"),
        ("--timeout", "inf"),
        ("--timeout", "1e12"),
    ]:
        result = aoc("bench", str(YEAR), "7", option, value)
        assert result.returncode == 2, (option, value)
        assert (
            f"{option} must be a number of seconds above 0 and at most 86,400" in result.stderr
        ), (option, value)
        assert "Traceback" not in (result.stdout + result.stderr), (option, value)


COUNTS = """
from aoc2023.framework import Solution


class Day(Solution[str]):
    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        return len(text.split())
"""


def test_a_files_history_is_kept_under_its_resolved_path(project: Path, tmp_path: Path) -> None:
    """Issue 26: `f.txt`, `./f.txt` and its absolute path are one history, named by its
    path in the project; figures saved under the name as typed (before) still compare.

    One bench saves through `aoc bench`; one more report, benched in this process, is
    compared as `aoc bench` compares it (outputs.compared, after the same
    `prepare`) under each name of the file, as typed: a bench for each name would time the
    same steps again."""
    (project / "data").mkdir()
    (project / "data" / "in.txt").write_text("abc\n")
    history = project / "benchmarks" / "history.json"
    absolute = str(project / "data" / "in.txt")

    def compared(report: BenchReport, name: str) -> list[StepBench]:
        """The steps of `report`, its input typed as `name` (a Path, as the command line
        reads it), compared with the history."""
        named = replace(
            report,
            results=[
                replace(bench, result=bench.result._replace(label=str(Path(name))))
                for bench in report.results
            ],
        )
        found = outputs.compared(named, outputs.prepare())
        return [step for bench in found.results for step in bench.steps]

    with temporary_year(tmp_path / "site", 2092, {"day01.py": COUNTS}):
        saving = aoc(
            "bench", "2092", "1", "--input", "data/in.txt", "--budget", "0.05", "--json", "--save"
        )
        assert saving.returncode == 0, saving.stderr
        assert json.loads(saving.stdout)["results"][0]["source"] == "file"
        saved = json.loads(history.read_text())
        assert {f["label"] for f in saved["entries"][0]["figures"]} == {"data/in.txt"}
        report = measure.bench_days(RunRequest(((2092, 1),), Path("data/../data/in.txt")), 0.05)
    [bench] = report.results
    assert bench.result.label == "data/../data/in.txt"  # as typed: resolved when compared
    for name in ("./data/in.txt", absolute, "data/../data/in.txt"):
        steps = compared(report, name)
        assert steps and all(step.change is not None for step in steps), name

    for figure in saved["entries"][0]["figures"]:  # as saved before: the name typed
        figure["label"] = absolute
    history.write_text(json.dumps(saved))
    steps = compared(report, absolute)
    assert steps and all(step.change is not None for step in steps)


# ------------------------------------------------------------------------------------------------
# The `aoc bench` table at 60 and 120 columns (issue 12): it fits, numbers and answers
# are never cut, and free text wraps.
#
# The days live in the throwaway year 2085. Their steps are timed by the real clocks, but
# the budget never runs out: `max_runs` ends the timing (`cap_runs`), so each step gets the
# same runs however busy the machine (the fewest a fast step gets from any budget: MIN_RUNS
# a part), and day 2's part 2 (3 ms of CPU) always its CPU headline.

BIG = 123456789012345
RUNS = 2 * MIN_RUNS
"""A step's most runs (a part's, half that): none rough."""
DAY = """
import time
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "A Rather Long Title For A Puzzle About Reindeer And Their Many Olympics"
    examples = [Example("example", part_1={big}, part_2={big2})]

    def part_1(self, text: str) -> int:
        return {big}

    def part_2(self, text: str) -> int:
        until = time.process_time() + {cpu}
        while time.process_time() < until:
            pass
        return {big2}
"""
PART_1_ONLY = """
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "Part one only"
    examples = [Example("example", part_1=7)]

    def part_1(self, text: str) -> int:
        return 7
"""


@pytest.fixture
def year_2085(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    monkeypatch.chdir(project)
    cap_runs(monkeypatch, max_runs=RUNS)
    days = {
        "day01.py": DAY.format(big=BIG + 1, big2=BIG + 2, cpu=0),
        "day02.py": DAY.format(big=BIG + 3, big2=BIG + 4, cpu=0.003),  # a CPU headline
        "day03.py": PART_1_ONLY,
    }
    with temporary_year(tmp_path / "site", 2085, days):
        yield


def _headings(lines: list[str]) -> list[str]:
    """The table's headings, each of its lines joined: between the top and middle rules."""
    top = next(n for n, line in enumerate(lines) if line.startswith("┌"))
    middle = next(n for n, line in enumerate(lines) if line.startswith("├"))
    return [
        " ".join(" ".join(column).split())
        for column in zip(*(line.split("│")[1:-1] for line in lines[top + 1 : middle]), strict=True)
    ]


def drawn(report: BenchReport, columns: int, monkeypatch: pytest.MonkeyPatch) -> str:
    """The table of `report` as `aoc bench` draws it for a COLUMNS width."""
    monkeypatch.setenv("COLUMNS", str(columns))
    out = io.StringIO()
    bench_view.render(report, out, io.StringIO(), verbose=False)
    return out.getvalue()


def test_a_column_a_figure_when_it_fits_else_each_step_under_its_day(
    year_2085: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One report of a day with a short title and a short answer, drawn at each width."""
    report = bench_days(RunRequest(((2085, 3),), None, True), clocks=capped(RUNS))
    for columns in (60, 120):
        text = drawn(report, columns, monkeypatch)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= columns, text
        if columns == 120:  # the wide table: a column each
            assert _headings(lines) == [
                "Day",
                "Title",
                "Input",
                "Step",
                "Answer",
                "Runs",
                "Fastest (wall)",
                "Median (wall)",
                "Spread (wall)",
                "Median (CPU)",
                "Change",
            ], text
            assert "│ 2085/03 │ Part one only │ example 1 │ parse " in text
        else:  # the narrow one: the day on a row, then a row a step, runs and answer under it
            assert _headings(lines) == [
                "Step",
                "Fastest (wall), median (CPU)",
                "Median (spread) (wall)",
                "Change",
            ], text
            assert "│ 2085/03 Part one only" in text and "│ (example 1)" in text
            assert re.search(r"│ part 1 \([\d,]+ runs\) +│ +[\d.]+ [nµm]?s │", text), text
            assert re.search(r"│ ✔ 7 +│", text), text


def test_the_bench_table_fits_and_shows_every_figure_and_answer_whole(
    year_2085: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One report, compared with figures saved before (so that its Change column is
    filled), drawn at each width: it fits, and no figure, answer or word is cut.

    The figures saved before are the report's own, saved as `aoc bench --save` saves
    them, then made slower by hand, each step by a ratio of its own: one bench, and
    every step's change a figure of its own in the table."""
    report = bench_days(
        RunRequest(((2085, 1), (2085, 2), (2085, 3)), None, True), 0.05, clocks=capped(RUNS)
    )
    outputs.save_and_publish(report, outputs.prepare(save=True), [], duration=format_duration)
    history = Path("benchmarks", "history.json")
    saved = json.loads(history.read_text())
    for number, figure in enumerate(saved["entries"][0]["figures"], start=1):
        for name in ("median", "min", "q1", "q3", "cpu_min", "normalised", "normalised_cpu"):
            if figure[name] is not None:
                figure[name] *= 1 + number / 10
    history.write_text(json.dumps(saved))
    report = outputs.compared(report, outputs.prepare())
    steps = [step for day in report.results for step in day.steps]
    assert len(steps) == 8  # parse and two parts, twice; parse and part 1
    for columns in (60, 120):
        text = drawn(report, columns, monkeypatch)
        lines = text.splitlines()
        assert max(len(line) for line in lines) <= columns, text
        for answer in (BIG + 1, BIG + 2, BIG + 3, BIG + 4):
            assert text.count(str(answer)) == 1, text  # each on one line, once
        assert "no change" in text or "faster" in text or "slower" in text
        assert "CPU" in text  # day 2's part 2 is headlined by its CPU time
        words = " ".join(re.sub(r"[│ ]+", " ", line) for line in lines).split()
        for word in ("Rather", "Puzzle", "Reindeer", "Olympics"):
            assert word in words  # the title wraps, whole
        for step in steps:
            assert step.stats is not None and step.change is not None
            stats = step.stats
            scale = (stats.normalised or 0.0) / stats.minimum  # at the reference speed
            figures = [
                format_duration(stats.headline_seconds),
                format_duration(stats.minimum * scale),
                format_duration(stats.median * scale),
                format_duration(stats.iqr * scale),
                f"{step.stats.runs:,}",
                f"{(step.change.ratio - 1) * 100:+.1f}%",
            ]
            for figure in figures:
                assert re.search(rf"(?<![\d.,]){re.escape(figure)}(?![\d.,])", text), (figure, text)


def test_a_title_of_one_long_word_breaks_to_fit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A title with no space to wrap at (a site's, 92 letters) breaks, as run's does,
    rather than push the narrow table past the terminal."""
    monkeypatch.chdir(tmp_path)
    cap_runs(monkeypatch, max_runs=RUNS)
    day = PART_1_ONLY.replace('"Part one only"', repr("A" * 92))
    with temporary_year(tmp_path / "site", 2086, {"day01.py": day}):
        report = bench_days(RunRequest(((2086, 1),), None, True), clocks=capped(RUNS))
    text = drawn(report, 80, monkeypatch)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    assert "".join(re.findall(r"A{5,}", text)) == "A" * 92, text


def test_the_wide_table_gives_way_before_its_titles_wrap_under_20(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The wide table fits 106 columns only with its title wrapped at 5 characters (its
    longest word): the narrow one is drawn; at 120 the title keeps 20 and more."""
    steps = (StepBench("parse", Stats(40, 2e-6, 1e-6, 1e-6, 3e-6)),)
    title = "Of many short words in a long title"
    report = BenchReport([DayBench(DayResult(2085, 4, title, "file", "in.txt"), steps)])
    for columns, wide in ((106, False), (120, True)):
        monkeypatch.setenv("COLUMNS", str(columns))
        out = io.StringIO()
        bench_view.render(report, out, io.StringIO(), verbose=False)
        lines = out.getvalue().splitlines()
        assert ("Title" in _headings(lines)) is wide, out.getvalue()
        assert max(len(line) for line in lines) <= columns


@pytest.mark.parametrize("columns", [60, 120])
def test_a_step_of_few_runs_is_marked_rough(columns: int, monkeypatch: pytest.MonkeyPatch) -> None:
    steps = (
        StepBench("parse", Stats(40, 2e-6, 1e-6, 1e-6, 3e-6)),
        StepBench("part 1", Stats(3, 0.5, 0.4, 0.45, 0.55)),
    )
    monkeypatch.setenv("COLUMNS", str(columns))
    out = io.StringIO()
    bench_view.render(
        BenchReport([DayBench(DayResult(2085, 4, "Slow", "file", "in.txt"), steps)]),
        out,
        io.StringIO(),
        verbose=False,
    )
    text = out.getvalue()
    assert max(len(line) for line in text.splitlines()) <= columns, text
    if columns == 120:
        assert re.search(r"│ part 1 +│ +│ 3 \(rough\) │", text), text
        assert "40 (rough)" not in text
    else:
        assert "part 1 (3 runs, rough)" in text.replace("\N{NO-BREAK SPACE}", " "), text
        assert "40 runs, rough" not in text.replace("\N{NO-BREAK SPACE}", " ")


# ------------------------------------------------------------------------------------------------
# `aoc bench` stopped: by Ctrl-C and SIGTERM, and its progress line on a terminal.
#
# Each test runs `aoc bench` on a throwaway year of its own, so none of them depends on
# the days this project has, and `test_days_added` does not run them again. What needs
# no process is checked in this one: no progress line on a stream that is not a terminal,
# and the stops, where the stuck day stops `aoc` as the signal would (test_interrupt.py's
# helpers). The line on a terminal is drawn by a process whose stderr is one.
#
# The process keeps the real clocks: no test asserts a time. A budget of 1 s, far more
# than a busy machine takes to check a fast day's answers, leaves time for the progress
# line to show the runs kept so far. The Ctrl-C tests' budget of 0.3 s is one that the
# stuck day's checking run must fit in under --timeout (a child's, on the real clock):
# after a checking run that outlasts the budget (and its grace) no timing run starts, and
# the day never gets stuck. Waits for a process are a generous 60 s.

SOURCE = str(Path(aoc2023.__file__).resolve().parents[1])
"""Where this aoc2023 is, for a process started in another folder."""


FAST_DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Done in time"
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
"""


def stderr_on_a_terminal(
    command: list[str],
    env: dict[str, str],
    cwd: Path | None = None,
    columns: int | None = None,
) -> tuple[subprocess.CompletedProcess[str], str]:
    """Run `command` to its end with stderr on a pseudo-terminal (`columns` wide, when
    given) and stdout on a pipe: the process, and everything the terminal was shown."""
    controller, terminal = pty.openpty()
    if columns is not None:
        fcntl.ioctl(terminal, termios.TIOCSWINSZ, struct.pack("HHHH", 24, columns, 0, 0))
    try:
        done = subprocess.run(
            command,
            env=env,
            stdout=subprocess.PIPE,
            stderr=terminal,
            text=True,
            timeout=60,
            cwd=cwd,
        )
        os.close(terminal)
        shown = b""
        while True:
            try:
                chunk = os.read(controller, 4096)
            except OSError:  # the terminal's other end is closed: all read
                break
            if not chunk:
                break
            shown += chunk
    finally:
        os.close(controller)
    return done, shown.decode()


def test_no_progress_line_on_a_stream_that_is_no_terminal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A pipe, a file: in this process, a stream in memory, told apart from a terminal by
    the same test (isatty), with the fewest runs. The line on a terminal:
    test_the_progress_line_on_a_terminal_shows_the_runs_and_is_cleared_whole."""
    (tmp_path / "in.txt").write_text("abc\n")
    cap_runs(monkeypatch, max_runs=2 * MIN_RUNS)
    with temporary_year(tmp_path / "site", 2072, {"day01.py": FAST_DAY}):
        piped = aoc_in_process("bench", "2072", "1", "--input", str(tmp_path / "in.txt"))
    assert piped.returncode == 0, piped.stderr
    assert "runs so far" not in piped.stderr and "checking the answers" not in piped.stderr
    assert "Done in time" in piped.stdout and "part 1" in piped.stdout  # the table, piped


STUCK_WHEN_TIMED = """
import os
import signal
import time
from pathlib import Path
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    title = "Stuck"
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        # The checking run leaves a file: under --timeout the runs are in processes of
        # their own, and a busy machine may give the first of them the whole budget.
        checked = Path({checked!r})
        if {when}:
            {stop}
        checked.write_text("")
        return len(text)
"""
"""Day 5, stopped by `stop` in the checking run (`when` True) or, once it is checked, in
the timing (`when` checked.exists())."""


@pytest.mark.parametrize(
    ("timeout", "stuck_in", "signum"),
    [
        ([], "the timing", signal.SIGINT),
        (["--timeout", "30"], "the timing", signal.SIGINT),
        ([], "the checking run", signal.SIGTERM),
    ],
)
def test_ctrl_c_shows_the_days_done_saves_nothing_and_exits_130(
    aocd_home: AocdHome,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    timeout: list[str],
    stuck_in: str,
    signum: int,
) -> None:
    """`aoc bench` in this process, stopped as the signal stops it where the stuck day
    runs (test_interrupt.py's helpers). Without --timeout the runs are `aoc`'s own, in
    its main thread: Ctrl-C there is Python's KeyboardInterrupt, which the day raises
    (CTRL_C). Under --timeout the timing runs in a child, which sends SIGINT to `aoc`
    waiting on it (CTRL_C_TO_AOC). And SIGTERM the same, but for its name and its exit
    code (128 + 15): the day sends it to this process (SIGTERM_HERE), where `aoc`'s handler
    raises errors.Terminated, a KeyboardInterrupt that every stage stops on as on Ctrl-C,
    so one case of it (in the checking run) stands for it in either stage. The fewest
    runs (`cap_runs`)."""
    project = tmp_path / "project"
    (project / "sub").mkdir(parents=True)  # where aoc runs: --save finds the project above
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    cap_runs(monkeypatch, max_runs=2 * MIN_RUNS)
    stop, when = (
        (SIGTERM_HERE, "True")
        if stuck_in == "the checking run"
        else (CTRL_C_TO_AOC if timeout else CTRL_C, "checked.exists()")
    )
    stuck = STUCK_WHEN_TIMED.format(checked=str(tmp_path / "checked"), when=when, stop=stop)
    days_asked = "5" if stuck_in == "the checking run" else "4-5"  # nothing done yet
    with (
        temporary_year(tmp_path / "site", 2086, {"day04.py": FAST_DAY, "day05.py": stuck}),
        sigterm_for_aoc(),
    ):
        done = ctrl_c_here(
            "bench",
            "2086",
            days_asked,
            "--example",
            "--budget",
            "0.3",
            "--save",
            *timeout,
            cwd=project / "sub",
            env=os.environ | {"COLUMNS": "120"},
        )  # wide enough for the table
    assert done.returncode == 128 + signum, done.stderr
    assert "Traceback" not in done.stderr
    name = "Ctrl-C" if signum == signal.SIGINT else signal.Signals(signum).name
    assert f"Interrupted ({name}) during 2086 day 5" in done.stderr
    if days_asked == "4-5":
        assert "2086/04" in done.stdout and "Done in time" in done.stdout  # benched before
    assert "2086/05" not in done.stdout  # its figures are partial: not shown
    assert not (project / "benchmarks").exists()  # nor saved


def test_the_progress_line_on_a_terminal_shows_the_runs_and_is_cleared_whole(
    aocd_home: AocdHome, tmp_path: Path
) -> None:
    """In a process whose stderr is a terminal: the input and step, then the runs so far.
    Under --timeout, as here, this process draws the checking line and a forked child the
    runs; the parent, which clears the line, never saw how long the child drew it."""
    (tmp_path / "in.txt").write_text("abc\n")
    with temporary_year(tmp_path / "site", 2086, {"day06.py": FAST_DAY}):
        env = {k: v for k, v in aocd_home.env().items() if k not in ("COLUMNS", "LINES")}
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), SOURCE, env["PYTHONPATH"]])
        command = [
            sys.executable,
            "-m",
            "aoc2023",
            "bench",
            "2086",
            "6",
            "--input",
            "in.txt",
            "--budget",
            "0.5",  # at most 0.1 s between redraws: several lines of runs
            "--timeout",
            "30",
        ]
        done, shown = stderr_on_a_terminal(command, env, cwd=tmp_path, columns=100)
    assert done.returncode == 0
    assert "2086 day 6 (in.txt): checking the answers" in shown
    assert "(in.txt): part 1, " in shown and "runs so far" in shown
    drawn = shown.split("\r")
    longest = max(len(text) for text in drawn if "runs so far" in text)
    assert longest > len("2086 day 6 (in.txt): checking the answers")  # the child's, longer
    cleared = [text for text in drawn if text and not text.strip(" ")]
    assert cleared and len(cleared[-1]) >= longest, drawn


COUNTS_ITS_RUNS = """
from pathlib import Path
from aoc2023.framework import Solution

class Day(Solution[str]):
    def part_1(self, text: str) -> int:
        with open({runs!r}, "a") as runs:
            runs.write("ran\\n")
        return len(text)
"""


@pytest.mark.slow  # a process each
@pytest.mark.parametrize(
    ("options", "locked"),
    [
        ([["--plot", "charts/chart.svg"], ["--save"]], ["charts", "benchmarks"]),
        ([["--readme"]], ["."]),
        ([["--readme"]], ["README.md"]),  # the file alone: its folder takes a new file
        ([["--readme"]], ["aoc-bench-2046.svg"]),  # the year's chart beside the README
    ],
)
def test_an_output_that_cannot_be_written_is_refused_before_any_timing(
    tmp_path: Path, aocd_home: AocdHome, options: list[list[str]], locked: list[str]
) -> None:
    """Each option's folder read-only (for a process: read_only.py), the project's own
    folder only where the README is written, or the README alone, so that each refusal is
    its file's: one process runs a bench with each option (site_cli.aoc)."""
    runs = tmp_path / "runs"
    project = tmp_path / "project"
    project.mkdir()
    if "aoc-bench-2046.svg" in locked and not outputs.available():
        pytest.skip("no chart is drawn beside the README without matplotlib")
    for folder in locked:
        if folder.endswith(".svg"):
            (project / folder).write_text("<svg/>")
        elif folder != "README.md":
            (project / folder).mkdir(parents=True, exist_ok=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    (project / "README.md").write_text("# Mine\n")
    (project / "in.txt").write_text("abc\n")
    wrapper = [word for folder in locked for word in read_only(project / folder)]
    with temporary_year(
        tmp_path / "site", 2046, {"day02.py": COUNTS_ITS_RUNS.format(runs=str(runs))}
    ):
        env = aocd_home.env()
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), SOURCE, env["PYTHONPATH"]])
        refused = site_cli.aoc(
            None,
            aocd_home,
            *(
                ["bench", "2046", "2", "--input", "in.txt", "--budget", "0.05", *option]
                for option in options
            ),
            env=env,
            cwds=[project] * len(options),
            wrapper=wrapper,
        )
    for option, done in zip(options, refused, strict=True):
        assert done.returncode == 2, done.stderr
        assert "cannot be written" in done.stderr and option[0] in done.stderr, done.stderr
        assert "so nothing was timed." in done.stderr
        assert "Traceback" not in done.stderr and "unexpected" not in done.stderr
        assert done.stdout == ""
    assert not runs.exists()  # refused at once: no day's code ran


HEAD = (
    "from __future__ import annotations\n\nimport time\n"
    "from collections.abc import Iterator\n\nfrom aoc2023.framework import Solution\n"
)


DAYS = {
    # Agrees: part 2 is made slower on purpose, so its ratio is above 1.
    "day01.py": HEAD
    + """

class Day01(Solution[list[int]]):
    def parse(self, text: str) -> list[int]:
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return sum(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return sum(n * n for n in numbers)


class Day01Slow(Day01, variant="slow"):
    def part_2(self, numbers: list[int]) -> int:
        time.sleep(0.002)
        return sum(n * n for n in numbers)
""",
    # Disagrees on part 2 only.
    "day02.py": HEAD
    + """

class Day02(Solution[list[int]]):
    def parse(self, text: str) -> list[int]:
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return len(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return max(numbers)


class Day02Off(Day02, variant="off"):
    def part_2(self, numbers: list[int]) -> int:
        return max(numbers) + 1
""",
    # A `solve` that yields each part, with a variant that does too.
    "day03.py": HEAD
    + """

class Day03(Solution[str]):
    def solve(self, text: str) -> Iterator[int]:
        yield len(text)
        yield text.count("a")


class Day03Split(Day03, variant="split"):
    def solve(self, text: str) -> Iterator[int]:
        yield sum(1 for _ in text)
        yield len(text.split("a")) - 1
""",
    # A variant whose parse fails: the main implementation is still timed.
    "day04.py": HEAD
    + """

class Day04(Solution[str]):
    def part_1(self, text: str) -> int:
        return len(text)


class Day04Broken(Day04, variant="broken"):
    def parse(self, text: str) -> str:
        raise ValueError("no parse here")
""",
}


NUMBERS = "3\n1\n4\n1\n5\n"


@pytest.fixture
def year(tmp_path: Path) -> Iterator[int]:
    with temporary_year(tmp_path / "site", 2087, DAYS):
        yield 2087


@pytest.fixture
def variants_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder of its own, as the working folder: history and README go here."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    (root / "numbers.txt").write_text(NUMBERS)
    (root / "letters.txt").write_text("banana")
    monkeypatch.chdir(root)
    # The same runs of each step however busy the machine, and no more than the fewest that
    # make a step's figures comparable (a part on its own parse gets half).
    cap_runs(monkeypatch, max_runs=MIN_RUNS)
    return root


def day_class(year: int, day: int) -> type[Solution[Any]]:
    from aoc2023.framework import registry

    return registry.load_day(year, day)


def test_no_variants_benches_the_main_implementation_alone(
    year: int, variants_project: Path
) -> None:
    result = aoc(
        "bench",
        str(year),
        "1",
        "--input",
        "numbers.txt",
        "--budget",
        "0.05",
        "--no-variants",
        "--json",
    )
    assert result.returncode == 0, result.stderr
    [day] = json.loads(result.stdout)["results"]
    assert {s["variant"] for s in day["steps"]} == {None} and day["variants"] == []


def test_a_disagreeing_variant_exits_2_naming_both(year: int, variants_project: Path) -> None:
    result = aoc("bench", str(year), "2", "--input", "numbers.txt", "--budget", "0.05")
    assert result.returncode == 2
    assert (
        "2087 day 2 (numbers.txt), variant off part 2: variant 'off' gave 6, but the main "
        "implementation gave 5"
    ) in result.stderr
    assert "Traceback" not in (result.stdout + result.stderr)
    assert "variant off" in result.stdout and "Vs main" in result.stdout


def test_a_variant_that_cannot_parse_is_an_error_and_the_main_is_still_timed(
    year: int,
    variants_project: Path,
) -> None:
    """In the JSON and the table of one report, drawn as `aoc bench` draws them (its exit
    code 2 for such a report: test_a_disagreeing_variant_exits_2_naming_both)."""
    from aoc2023.framework.commands.bench import bench_json, render

    report = measure.bench_days(RunRequest(((year, 4),), Path("letters.txt")), 0.05)
    assert bench_exit_code(report) is ExitCode.COULD_NOT_RUN
    [day] = json.loads(bench_json(report))["results"]
    assert [(s["variant"], s["step"]) for s in day["steps"]] == [
        (None, "parse"),
        (None, "part 1"),
        (None, "part 2"),
    ]  # part 2 unwritten: not timed
    assert [s["runs"] >= 10 for s in day["steps"]] == [True, True, False]
    [broken] = day["variants"]
    assert broken["variant"] == "broken" and "no parse here" in broken["error"]
    table = io.StringIO()
    render(report, table, io.StringIO(), verbose=False)
    assert "variant broken" in table.getvalue() and "! error" in table.getvalue()


def test_the_table_gives_each_variant_step_its_ratio_to_the_main() -> None:
    from aoc2023.framework.commands.bench import render

    bench = DayBench(
        DayResult(2087, 1, None, "file", "numbers.txt"),
        (
            StepBench("part 1", Stats(100, 2e-3, 2e-3, 2e-3, 2e-3)),
            StepBench(
                "part 1", Stats(100, 1e-4, 1e-4, 1e-4, 1e-4), variant="fast", versus_main=0.05123
            ),
            StepBench(
                "part 1", Stats(100, 1e-2, 1e-2, 1e-2, 1e-2), variant="slow", versus_main=5.0
            ),
        ),
    )
    out, err = io.StringIO(), io.StringIO()
    render(BenchReport([bench]), out, err, verbose=False)
    lines = out.getvalue().splitlines()
    fast = next(line for line in lines if "variant fast" in line)
    slow = next(line for line in lines if "variant slow" in line)
    assert "Vs main" in out.getvalue()
    assert "0.0512x" in fast and "5x" in slow


def test_a_narrow_table_names_each_variant_and_its_ratio_and_no_variant_no_column(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from aoc2023.framework.commands.bench import render

    steps = (
        StepBench("part 1", Stats(100, 2e-3, 2e-3, 2e-3, 2e-3)),
        StepBench(
            "part 1", Stats(100, 1e-4, 1e-4, 1e-4, 1e-4), variant="fast", versus_main=0.05123
        ),
    )
    monkeypatch.setenv("COLUMNS", "60")
    out = io.StringIO()
    render(
        BenchReport(
            [DayBench(DayResult(2087, 1, "A Long Title Here", "file", "numbers.txt"), steps)]
        ),
        out,
        io.StringIO(),
        verbose=False,
    )
    lines = out.getvalue().splitlines()
    assert max(map(len, lines)) <= 60 and "Vs main" not in out.getvalue()  # the narrow one
    label = next(index for index, line in enumerate(lines) if "variant fast" in line)
    assert "0.0512x main" in "\n".join(lines[label:])
    monkeypatch.setenv("COLUMNS", "200")
    out = io.StringIO()
    render(
        BenchReport([DayBench(DayResult(2087, 1, None, "file", "numbers.txt"), steps[:1])]),
        out,
        io.StringIO(),
        verbose=False,
    )
    assert "Vs main" not in out.getvalue() and "Change" in out.getvalue()


def test_save_then_compare_per_variant(year: int, variants_project: Path) -> None:
    """The later bench under a time limit: variants are timed there too (in the child)."""
    first = aoc("bench", str(year), "3", "--input", "letters.txt", "--budget", "0.1", "--save")
    assert first.returncode == 0, first.stderr
    entry = json.loads((variants_project / "benchmarks" / "history.json").read_text())["entries"][0]
    assert [(f["variant"], f["step"]) for f in entry["figures"]] == [
        (None, "parse"),
        (None, "part 1"),
        (None, "part 2"),
        ("split", "parse"),
        ("split", "part 1"),
        ("split", "part 2"),
    ]
    second = aoc(
        "bench",
        str(year),
        "3",
        "--input",
        "letters.txt",
        "--budget",
        "0.1",
        "--timeout",
        "10",
        "--json",
    )
    assert second.returncode == 0, second.stderr
    saved = {(f["variant"], f["step"]): f for f in entry["figures"]}
    steps = json.loads(second.stdout)["results"][0]["steps"]
    assert [s["variant"] for s in steps] == [None] * 3 + ["split"] * 3
    assert all(s["runs"] >= 10 and s["error"] is None for s in steps)
    for step in steps:
        change = step["change"]
        assert change["ratio"] == pytest.approx(
            step["normalised"] / saved[(step["variant"], step["step"])]["normalised"]
        )


def test_aoc_bench_times_variants_and_names_each_steps_variant_and_ratio(
    year: int, variants_project: Path
) -> None:
    """The command finds a year's variants, checks each in a run of its own as `aoc run
    --variants` does, and times them, each step in the JSON with its variant and ratio to
    the main (a variant that disagrees is test_a_disagreeing_variant_exits_2_naming_both's).
    In this process: what it shows is the command's, not a process's (the installed script
    runs a day in test_fresh_install.py)."""
    agreeing = aoc("bench", str(year), "1", "--input", "numbers.txt", "--budget", "0.001", "--json")
    assert agreeing.returncode == 0, agreeing.stderr
    [day] = json.loads(agreeing.stdout)["results"]
    steps = day["steps"]
    assert [(s["variant"], s["step"]) for s in steps] == [
        (None, "parse"),
        (None, "part 1"),
        (None, "part 2"),
        ("slow", "parse"),
        ("slow", "part 1"),
        ("slow", "part 2"),
    ]
    assert all(s["versus_main"] > 0 for s in steps[3:])
    for step in steps:
        if step["variant"] is None:
            assert step["versus_main"] is None
        else:
            main = next(s for s in steps if s["variant"] is None and s["step"] == step["step"])
            # One machine speed for both: the raw figures' ratio.
            assert step["versus_main"] == pytest.approx(step["raw_min"] / main["raw_min"])
    assert [v["variant"] for v in day["variants"]] == ["slow"]
    assert [a["status"] for a in day["variants"][0]["answers"]] == ["unknown", "unknown"]
