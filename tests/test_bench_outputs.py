"""The files `aoc bench` writes (bench/outputs.py), its pictures: `aoc bench --plot FILE`,
`--history` (a sparkline, a chart) and the README's chart, checked in the files
themselves: each SVG parses (xml.etree) and names its days, or its steps and commits.

The days live in the throwaway years 2056 (day 3, with a variant) and 2057 (day 1), in a
project folder of its own (a git checkout where the history's commits are the subject).
Each bench times the fewest runs a fast step gets from any budget (`cap_runs`: MIN_RUNS a
part), and each chart drawn is a subject of its own: drawing one costs more than the
bench (less with a small budget: `BUDGET`). Each output goes where the user asked,
whatever a day does to the working folder (`moving_project`, the throwaway 2047 whose day
3 moves it). The README table is about the main implementation, not its variants.
"""

from __future__ import annotations

import contextlib
import json
import subprocess
import threading
import xml.etree.ElementTree as ET
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import temporary_year
from fake_clock import cap_runs
from site_cli import aoc_in_process

from aoc2023.framework.bench import outputs
from aoc2023.framework.bench.figures import (
    MIN_RUNS,
    BenchReport,
    DayBench,
    Stats,
    StepBench,
)
from aoc2023.framework.bench.outputs import END, START, markdown_table
from aoc2023.framework.commands.bench import ASCII, BLOCKS, history_lines, sparkline
from aoc2023.framework.commands.view import format_duration
from aoc2023.framework.results import DayResult

pytestmark = pytest.mark.numpy  # its charts are drawn with matplotlib

DAY = """from __future__ import annotations

from aoc2023.framework import Example, Solution


class Day{day:02d}(Solution[list[int]]):
    examples = [Example("3\\n1\\n4\\n", part_1=8, part_2=4)]

    def parse(self, text: str) -> list[int]:
        return [int(line) for line in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        return sum(numbers)

    def part_2(self, numbers: list[int]) -> int:
        return max(numbers)
"""
VARIANT = """

class Quick(Day{day:02d}, variant="quick"):
    def part_2(self, numbers: list[int]) -> int:
        return sorted(numbers)[-1]
"""


BUDGET = "0.001"
"""The budget of the benches whose chart is drawn (the timing is capped at MIN_RUNS a part
whatever the budget): its line tops a bar chart on a log scale, and a budget nearer the
steps' microseconds spans fewer decades, which matplotlib labels and measures one by one
while it lays the chart out."""


def days(*numbers: int, variant: bool = False) -> dict[str, str]:
    return {f"day{day:02d}.py": (DAY + VARIANT * variant).format(day=day) for day in numbers}


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A project of its own, as the working folder, with two years."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    (root / "README.md").write_text("# Mine\n")
    (root / "numbers.txt").write_text("3\n1\n4\n1\n5\n")
    monkeypatch.chdir(root)
    cap_runs(monkeypatch, max_runs=2 * MIN_RUNS)
    with (
        temporary_year(tmp_path / "site", 2057, days(1)),
        temporary_year(tmp_path / "site56", 2056, days(3, variant=True)),
    ):
        yield root


def git(root: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-C", str(root), "-c", "user.name=t", "-c", "user.email=t@example.com", *args],
        check=True,
        capture_output=True,
        text=True,
    ).stdout.strip()


def commit(root: Path, message: str) -> str:
    git(root, "add", "-A")
    git(root, "commit", "-q", "--allow-empty", "-m", message)
    return git(root, "rev-parse", "HEAD")


def svg_texts(path: Path) -> str:
    """All the text an SVG shows (it must parse as XML)."""
    root = ET.parse(path).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    return " ".join(element.text or "" for element in root.iter())


def test_plot_draws_each_day_stacked_with_the_budget(project: Path) -> None:
    """Days of several years on one chart, a bar a day: a day with a variant is drawn
    once, by its main implementation's figures (as the README table shows it)."""
    found = aoc_in_process(
        "bench", "2056-2057", "--example", "--plot", "days.svg", "--budget", BUDGET
    )
    assert found.returncode == 0, found.stderr
    assert "Drew the chart of 2 days into days.svg." in found.stderr
    texts = svg_texts(project / "days.svg")
    assert [texts.count(day) for day in ("2056/03", "2057/01")] == [1, 1], texts
    assert "Advent of Code 2056-2057" in texts and f"budget ({BUDGET} s a day)" in texts
    assert all(step in texts for step in ("parse", "part 1", "part 2"))
    assert "quick" not in texts


def test_a_plot_file_of_another_kind_is_refused_before_any_timing(project: Path) -> None:
    """(Nothing timed, nothing drawn: test_bench.py's
    test_a_run_that_timed_nothing_leaves_the_readme_and_history_alone.)"""
    found = aoc_in_process("bench", "2057", "1", "--input", "numbers.txt", "--plot", "d.txt")
    assert found.returncode == 2
    assert found.stderr == "Error: --plot d.txt: the file must end in .svg, .png or .pdf.\n"
    assert found.stdout == ""


def test_without_matplotlib_the_options_say_how_to_install_it(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(outputs, "available", lambda: False)
    for history in ((), ("--history",)):
        found = aoc_in_process("bench", "2057", "1", "--plot", "d.svg", *history)
        assert found.returncode == 2
        assert found.stderr == (
            "Error: --plot needs matplotlib: install the plot extra, e.g. "
            "`uv sync --extra plot` or `pip install 'aoc2023[plot]'`.\n"
        )
    # The README still gets its table, and says why it has no chart: test_bench.py's
    # README tests, which write it so.


def test_readme_gets_the_years_chart_beside_it(project: Path) -> None:
    """Under the table, between the markers, in the README's line endings."""
    (project / "README.md").write_bytes(f"# Mine\r\n{START}\r\n{END}\r\nAfter.\r\n".encode())
    found = aoc_in_process(
        "bench", "2057", "1", "--input", "numbers.txt", "--readme", "--budget", BUDGET
    )
    assert found.returncode == 0, found.stderr
    readme = (project / "README.md").read_bytes().decode()
    assert readme.startswith(f"# Mine\r\n{START}\r\n")
    assert readme.endswith(f"{END}\r\nAfter.\r\n")
    block = readme.split(START)[1].split(END)[0]
    assert "](aoc-bench-2057.svg)" in block
    assert block.index("| 2057/01 |") < block.index("](aoc-bench-2057.svg)")
    assert "\n" not in block.replace("\r\n", "")
    assert "Advent of Code 2057" in svg_texts(project / "aoc-bench-2057.svg")
    assert "2057/01" in svg_texts(project / "aoc-bench-2057.svg")


def test_ctrl_c_while_writing_keeps_the_report_and_says_what_was_written(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C while the README's chart is drawn (matplotlib: the slow part), the history
    saved: the report was lost ("before there was anything to report") and nothing said
    the history had its entry. Now the report comes, then what was written; exit 130."""

    def interrupted(*args: object) -> None:
        raise KeyboardInterrupt  # as SIGINT does, in the main thread

    monkeypatch.setattr(outputs, "bench_chart", interrupted)
    args = ("bench", "2057", "1", "--input", "numbers.txt", "--save", "--readme", "--json")
    done = aoc_in_process(*args)
    assert done.returncode == 130, done.stderr
    document = json.loads(done.stdout)
    assert [result["day"] for result in document["results"]] == [1]
    said = "Interrupted (Ctrl-C) while writing: only the files said written were."
    assert said in document["notices"], document["notices"]
    assert "Saved the figures of 3 steps to " in done.stderr and "README" not in done.stderr
    assert len(json.loads((project / "benchmarks" / "history.json").read_text())["entries"]) == 1
    assert (project / "README.md").read_text() == "# Mine\n"


def test_history_shows_a_day_over_time_with_its_commits(project: Path) -> None:
    git(project, "init", "-q")
    first = commit(project, "one")
    assert aoc_in_process("bench", "2057", "1", "--input", "numbers.txt", "--save").returncode == 0
    (project / "code.py").write_text("x = 1\n")
    second = commit(project, "two")
    (project / "code.py").write_text("x = 2\n")  # changed since: marked "+"
    assert aoc_in_process("bench", "2057", "1", "--input", "numbers.txt", "--save").returncode == 0
    saved = json.loads((project / "benchmarks" / "history.json").read_text())["entries"]
    assert [entry["commit"] for entry in saved] == [first, second + "+"]

    found = aoc_in_process("bench", "2057", "1", "--history", "--plot", "h.svg")
    assert found.returncode == 0, found.stderr
    lines = found.stdout.splitlines()
    assert lines[0].startswith("2057 day 1: headline figures saved on this machine")
    assert [line.split()[0] for line in lines[1:4]] == ["parse", "part", "part"]
    assert all("(2 saves)" in line for line in lines[1:4])
    assert lines[4] == f"  commits: {first[:8]} {second[:8]}"
    texts = svg_texts(project / "h.svg")
    assert first[:8] in texts and second[:8] in texts and "part 2" in texts

    data = json.loads(aoc_in_process("bench", "2057", "1", "--history", "--json").stdout)
    [parse] = [one for one in data["series"] if one["name"] == "parse"]
    assert [point["commit"] for point in parse["points"]] == [first, second + "+"]
    assert all(point["seconds"] > 0 for point in parse["points"])


def test_history_wants_one_day_with_saved_figures(project: Path) -> None:
    found = aoc_in_process("bench", "2057", "--history")
    assert found.returncode == 2
    assert "--history shows one day" in found.stderr
    found = aoc_in_process("bench", "2057", "2", "--history")
    assert found.returncode == 2
    assert "has no figures of 2057 day 2 saved on this machine" in found.stderr


def test_sparkline_rises_with_the_figures_and_falls_back_to_ascii() -> None:
    assert sparkline([1.0, 2.0, 8.0]) == BLOCKS[0] + BLOCKS[1] + BLOCKS[-1]
    assert sparkline([3.0, 3.0]) == BLOCKS[4] * 2
    from aoc2023.framework.bench.history import Point

    series = {"parse": [Point("2090-01-01", None, 1e-3), Point("2090-01-02", None, 2e-3)]}
    [_, line] = history_lines("t", series, "ascii")
    assert ASCII[0] + ASCII[-1] in line
    [_, line] = history_lines("t", series, "utf-8")
    assert BLOCKS[0] + BLOCKS[-1] in line


def test_history_chart_takes_saves_of_one_second_with_and_without_a_commit(
    tmp_path: Path,
) -> None:
    """Two saves in the same second, one outside a checkout: both drawn, in a set order."""
    from aoc2023.framework.bench.history import Point

    when = "2090-01-01T00:00:00+00:00"
    series = {"parse": [Point(when, None, 1e-3), Point(when, "abcdef0123", 2e-3)]}
    outputs.history_chart(series, tmp_path / "h.svg", "t")
    assert "abcdef01" in svg_texts(tmp_path / "h.svg")


def test_a_dollar_in_a_name_is_drawn_as_it_is(tmp_path: Path) -> None:
    """matplotlib reads `$...$` as math: one `$` (an input named `price_$5.txt`) ended the
    chart in its parser's error, and a pair would have been drawn as math."""
    from aoc2023.framework.bench.history import Point

    when = "2090-01-01T00:00:00+00:00"
    series = {"in_$5_vs_$6.txt": [Point(when, "ab$c", 1e-3)], "one $": [Point(when, None, 2e-3)]}
    outputs.history_chart(series, tmp_path / "h.svg", "t")
    texts = svg_texts(tmp_path / "h.svg")
    assert "in_$5_vs_$6.txt" in texts and "one $" in texts, texts


def test_a_figure_too_large_for_a_float_is_damaged_not_fatal() -> None:
    from aoc2023.framework.bench.history import saved_entries

    figure = {"year": 2090, "day": 1, "runs": 10, "step": "parse", "min": 1e-3, "q1": 1e-3}
    entry = {"date": "2090-01-01", "python": "py", "machine": "m", "figures": []}
    raw = json.loads(json.dumps([{**entry, "figures": [{**figure, "median": 10**400}]}]))
    [read], [notice] = saved_entries(raw)
    assert read.figures == ()
    assert "figure 1 of entry 1" in notice and "its median is not a number of seconds" in notice


MOVES_AWAY = """
import os
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        os.chdir({elsewhere!r})
        return len(text)
"""


@pytest.fixture
def moving_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A project of its own (with a README to write into), as the working folder, and the
    throwaway 2047 whose day 3 moves the working folder to tmp_path/elsewhere."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    (root / "README.md").write_text("# Mine\n")
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "pyproject.toml").write_text("[project]\nname = 'other'\n")
    monkeypatch.chdir(root)
    cap_runs(monkeypatch, max_runs=1)  # where figures go and how they compare: one run will do
    with temporary_year(
        tmp_path / "site", 2047, {"day03.py": MOVES_AWAY.format(elsewhere=str(elsewhere))}
    ):
        yield root


def test_a_part_that_changes_folder_moves_no_output(
    moving_project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Where each chart goes is the subject here, not its drawing (test_bench_outputs'): a
    # chart is written as the path handed to the drawing says, without matplotlib, whose
    # import alone costs more than the rest of this test.
    def write_chart(bars: list[outputs.DayBar], budget: float, path: Path, title: str) -> None:
        path.write_text(title)

    monkeypatch.setattr(outputs, "bench_chart", write_chart)
    done = aoc_in_process(
        "bench", "2047", "3", "--example", "--save", "--readme", "--plot", "chart.svg"
    )
    assert done.returncode == 0, done.stderr
    assert (moving_project / "chart.svg").read_text() == "Advent of Code 2047: best-of-runs times"
    assert (moving_project / "benchmarks" / "history.json").is_file()
    assert "| 2047/03 |" in (moving_project / "README.md").read_text()
    assert "](aoc-bench-2047.svg)" in (moving_project / "README.md").read_text()
    assert (moving_project / "aoc-bench-2047.svg").is_file()  # the README's chart, beside it
    elsewhere = tmp_path / "elsewhere"
    assert sorted(path.name for path in elsewhere.iterdir()) == ["pyproject.toml"]
    # Compared with this project's history, not the other folder's.
    again = aoc_in_process("bench", "2047", "3", "--example", "--json")
    steps = json.loads(again.stdout)["results"][0]["steps"]
    assert all(step["change"] is not None for step in steps if step["runs"]), steps


def _bench(step_min: dict[tuple[str | None, str], float], year: int = 2087) -> DayBench:
    return DayBench(
        DayResult(year, 1, None, "file", "numbers.txt"),
        tuple(
            StepBench(
                step, Stats(100, minimum * 1.05, minimum, minimum, minimum * 1.1), variant=variant
            )
            for (variant, step), minimum in step_min.items()
        ),
    )


def test_two_benches_writing_the_readme_at_once_keep_each_others_years(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Each reads the README's rows of the other years, then writes them back with its
    own: both read before either writes (a barrier where each has read), and one year's
    rows were lost. The README is locked from the read to the write: the second waits."""
    readme = tmp_path / "README.md"
    readme.write_text("# Mine\n")
    read, barrier = outputs.current_block, threading.Barrier(2)

    def read_then_meet(path: Path) -> str | None:
        block = read(path)
        with contextlib.suppress(threading.BrokenBarrierError):  # locked: the other waits
            barrier.wait(timeout=0.3)
        return block

    monkeypatch.setattr(outputs, "current_block", read_then_meet)
    monkeypatch.setattr(outputs, "available", lambda: False)  # the table alone: no chart
    steps: dict[tuple[str | None, str], float] = {(None, "parse"): 1e-3, (None, "part 1"): 2e-3}
    reports = [BenchReport([_bench(steps, year)]) for year in (2088, 2089)]
    writers = [
        threading.Thread(
            target=outputs.save_and_publish,
            args=(report, outputs.Outputs(tmp_path, None, readme, None), []),
            kwargs={"duration": format_duration},
        )
        for report in reports
    ]
    for writer in writers:
        writer.start()
    for writer in writers:
        writer.join()
    assert "| 2088/01 |" in readme.read_text() and "| 2089/01 |" in readme.read_text()


def test_the_readme_table_is_about_the_main_implementation() -> None:
    bench = _bench(
        {
            (None, "parse"): 1e-3,
            (None, "part 1"): 2e-3,
            (None, "part 2"): 3e-3,
            ("fast", "parse"): 1e-6,
            ("fast", "part 1"): 1e-6,
            ("fast", "part 2"): 1e-6,
        }
    )
    table = markdown_table(
        BenchReport([bench]), "2026-11-23", "CPython", "Linux", duration=format_duration
    )
    assert "| 1.00 ms | 2.00 ms | 3.00 ms | 6.00 ms |" in table
    assert "µs" not in table
