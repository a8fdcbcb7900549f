"""The `aoc bench` table at 60 and 120 columns (issue 12): it fits, numbers and answers
are never cut, and free text wraps.

The days live in the throwaway year 2085. Their steps are timed by the real clocks, but
the budget never runs out: `max_runs` ends the timing (`cap_runs`), so each step gets the
same runs however busy the machine (the fewest a fast step gets from any budget: MIN_RUNS
a part), and day 2's part 2 (3 ms of CPU) always its CPU headline.
"""

from __future__ import annotations

import io
import json
import re
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
from conftest import temporary_year
from fake_clock import cap_runs, capped

from aoc2023.framework.bench import outputs
from aoc2023.framework.bench.figures import MIN_RUNS, BenchReport, DayBench, Stats, StepBench
from aoc2023.framework.bench.measure import bench_days
from aoc2023.framework.commands import bench as bench_view
from aoc2023.framework.commands.view import format_duration
from aoc2023.framework.inputs import RunRequest
from aoc2023.framework.results import DayResult

BIG = 123456789012345
RUNS = 2 * MIN_RUNS
"""A step's most runs (a part's, half that): none rough."""
DAY = '''
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
'''
PART_1_ONLY = '''
from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "Part one only"
    examples = [Example("example", part_1=7)]

    def part_1(self, text: str) -> int:
        return 7
'''


@pytest.fixture
def year_2085(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    monkeypatch.chdir(project)
    cap_runs(monkeypatch, max_runs=RUNS)
    days = {"day01.py": DAY.format(big=BIG + 1, big2=BIG + 2, cpu=0),
            "day02.py": DAY.format(big=BIG + 3, big2=BIG + 4, cpu=0.003),  # a CPU headline
            "day03.py": PART_1_ONLY}
    with temporary_year(tmp_path / "site", 2085, days):
        yield


def _headings(lines: list[str]) -> list[str]:
    """The table's headings, each of its lines joined: between the top and middle rules."""
    top = next(n for n, line in enumerate(lines) if line.startswith("┌"))
    middle = next(n for n, line in enumerate(lines) if line.startswith("├"))
    return [" ".join(" ".join(column).split()) for column in zip(
        *(line.split("│")[1:-1] for line in lines[top + 1:middle]), strict=True)]


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
                "Day", "Title", "Input", "Step", "Answer", "Runs", "Fastest (wall)",
                "Median (wall)", "Spread (wall)", "Median (CPU)", "Change"], text
            assert "│ 2085/03 │ Part one only │ example 1 │ parse " in text
        else:  # the narrow one: the day on a row, then a row a step, runs and answer under it
            assert _headings(lines) == [
                "Step", "Fastest (wall), median (CPU)", "Median (spread) (wall)", "Change"], text
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
    report = bench_days(RunRequest(((2085, 1), (2085, 2), (2085, 3)), None, True), 0.05,
                        clocks=capped(RUNS))
    outputs.save_and_publish(report, outputs.prepare(save=True), datetime.now(UTC), [],
                             duration=format_duration)
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
            figures = [format_duration(stats.headline_seconds),
                       format_duration(stats.minimum * scale),
                       format_duration(stats.median * scale), format_duration(stats.iqr * scale),
                       f"{step.stats.runs:,}", f"{(step.change.ratio - 1) * 100:+.1f}%"]
            for figure in figures:
                assert re.search(rf"(?<![\d.,]){re.escape(figure)}(?![\d.,])", text), \
                    (figure, text)


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


@pytest.mark.parametrize("columns", [60, 120])
def test_a_step_of_few_runs_is_marked_rough(columns: int, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    steps = (StepBench("parse", Stats(40, 2e-6, 1e-6, 1e-6, 3e-6)),
             StepBench("part 1", Stats(3, 0.5, 0.4, 0.45, 0.55)))
    monkeypatch.setenv("COLUMNS", str(columns))
    out = io.StringIO()
    bench_view.render(BenchReport([DayBench(DayResult(2085, 4, "Slow", "file", "in.txt"),
                                            steps)]), out, io.StringIO(), verbose=False)
    text = out.getvalue()
    assert max(len(line) for line in text.splitlines()) <= columns, text
    if columns == 120:
        assert re.search(r"│ part 1 +│ +│ 3 \(rough\) │", text), text
        assert "40 (rough)" not in text
    else:
        assert "part 1 (3 runs, rough)" in text.replace("\N{NO-BREAK SPACE}", " "), text
        assert "40 runs, rough" not in text.replace("\N{NO-BREAK SPACE}", " ")
