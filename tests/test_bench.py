"""The `aoc bench` command on a throwaway year's day (2047 day 7, with a variant): its
table, its JSON, the history it saves and compares, and the README table. How it
measures is `test_bench_measure.py`; what it shows on a terminal and does on Ctrl-C,
`test_bench_process.py`.

The steps are timed by the real clocks, but the budget never runs out: `max_runs` ends
the timing (`cap_runs`), so each step gets the same runs however busy the machine: the
fewest a fast step gets from any budget (MIN_RUNS a part, each on a parse of its own),
since what is checked here is what is done with the figures, not how they are measured.
The README's chart is `test_bench_plot.py`'s subject: here `--readme` writes the table
alone (`table_alone`)."""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from subprocess import CompletedProcess

import pytest
from conftest import temporary_year
from fake_clock import cap_runs
from site_cli import aoc_in_process

from aoc2023.framework.bench import measure, outputs
from aoc2023.framework.bench.figures import (
    LONG_STEP,
    MIN_DIFFERENCE,
    MIN_RUNS,
    TOLERANCE,
    WIDE_TOLERANCE,
    BenchReport,
    StepBench,
)
from aoc2023.framework.bench.outputs import END, START, insert_block
from aoc2023.framework.errors import UsageError
from aoc2023.framework.inputs import RunRequest

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
    matplotlib (outputs._with_charts): drawing a chart costs more than the bench itself."""
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
        (variant, step) for variant in (None, "fast") for step in ("parse", "part 1", "part 2")]
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
    result = aoc_in_process("bench", str(YEAR), "7", "--example", "--budget", "0.05",
                            env=dict(os.environ, COLUMNS="200"))
    assert result.returncode == 0, result.stderr
    assert "Not compared." in result.stderr
    assert "Cannot read the benchmark history" in result.stderr
    assert history.read_text() == "{not json"
    lines = result.stdout.splitlines()
    top = next(n for n, line in enumerate(lines) if "Step" in line)
    headings = [" ".join(cell.strip() for cell in column).strip() for column in zip(*(
        line.split("│")[1:-1] for line in lines[top:top + 2]), strict=True)]
    assert headings[5:-2] == ["Runs", "Fastest (wall)", "Median (wall)", "Spread (wall)",
                              "Median (CPU)"]
    title = " ".join(" ".join(lines[:top]).split())
    assert re.search(r"Times as on the reference machine \(this one runs at [\d.]+x its "
                     r"speed\)\.", title), title
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
        assert set(figure) == {"year", "day", "source", "label", "variant", "step", "runs",
                               "median", "min", "q1", "q3", "cpu_min", "normalised",
                               "normalised_cpu", "waiting"}
    assert EXAMPLE_INPUT not in history.read_text()  # no input...
    assert not {"1234", "234000"} & {str(v) for f in entry["figures"] for v in f.values()}

    second = aoc("bench", str(YEAR), "7", "--example", "--budget", "0.05", "--json")
    changes = [s["change"] for s in json.loads(second.stdout)["results"][0]["steps"]]
    assert all(c["verdict"] in {"faster", "slower", "no change"} for c in changes)
    assert all(c["tolerance"] == TOLERANCE and c["compared"] == "normalised"
               for c in changes)
    figures_by_step = {(f["variant"], f["step"]): f for f in entry["figures"]}
    for step in json.loads(second.stdout)["results"][0]["steps"]:  # minimum over minimum
        assert step["change"]["ratio"] == pytest.approx(step["normalised"] / figures_by_step[
            (step["variant"], step["step"])]["normalised"])
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
        assert refused.stderr.startswith("Error: No project folder here (one with a "
                                         "pyproject.toml or an .aocd_config/ folder, from "), \
            refused.stderr
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
    assert ("The README has no chart: matplotlib is not installed (the plot extra: "
            "`uv sync --extra plot` or `pip install 'aoc2023[plot]'`).") in result.stderr
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
            result = aoc("bench", "2085", day, "--input", "in.txt", "--budget", "0.05",
                         "--readme")
        assert result.returncode == (2 if day == "3" else 0), result.stderr
        assert ("added them, with the table, at its end" in result.stderr) == (day == "3")
        data = readme.read_text()
        assert data.startswith("# Mine\n\nNo markers here.\n\n" + START + "\n")
        assert data.endswith(END + "\n") and data.count(START) == 1
        rows = [line.split(" | ") for line in readme.read_text().splitlines()
                if line.startswith(f"| 2085/0{day} |")]
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
        result = aoc("bench", "2085", "1", "--input", "in.txt", "--budget", "0.05", "--save",
                     "--readme", "--plot", "none.svg")
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


@pytest.mark.parametrize(("option", "path", "text", "said"), [
    ("--readme", "README.md", None, "There is no"),
    ("--readme", "README.md", f"{END}\n{START}\n", "once each, in that order"),
    ("--save", "benchmarks/history.json", "{not json", "Cannot read the benchmark history"),
])
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

    help_text = " ".join(aoc_in_process("bench", "--help",
                                            env=dict(os.environ, COLUMNS="200")).stdout.split())
    assert "best-of-runs times" in help_text  # the headline: the minimum...
    assert "median times" not in help_text  # ...not the median it once was


def test_budget_and_timeout_must_be_sensible(project: Path) -> None:
    for option, value in [("--budget", "-1"), ("--budget", "0"), ("--timeout", "inf"),
                          ("--timeout", "1e12")]:
        result = aoc("bench", str(YEAR), "7", option, value)
        assert result.returncode == 2, (option, value)
        assert (f"{option} must be a number of seconds above 0 and at most 86,400"
                in result.stderr), (option, value)
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
        named = replace(report, results=[replace(bench, result=bench.result._replace(
            label=str(Path(name)))) for bench in report.results])
        found = outputs.compared(named, outputs.prepare())
        return [step for bench in found.results for step in bench.steps]

    with temporary_year(tmp_path / "site", 2092, {"day01.py": COUNTS}):
        saving = aoc("bench", "2092", "1", "--input", "data/in.txt", "--budget", "0.05",
                     "--json", "--save")
        assert saving.returncode == 0, saving.stderr
        assert json.loads(saving.stdout)["results"][0]["source"] == "file"
        saved = json.loads(history.read_text())
        assert {f["label"] for f in saved["entries"][0]["figures"]} == {"data/in.txt"}
        report = measure.bench_days(RunRequest(((2092, 1),), Path("data/../data/in.txt")),
                                    0.05)
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
