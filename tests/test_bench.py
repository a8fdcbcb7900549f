"""`aoc bench`: statistics, repeated runs on fresh parses, history and the README table."""

from __future__ import annotations

import json
import statistics
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from aoc2023.framework import Solution
from aoc2023.framework.bench import measure as bench
from aoc2023.framework.bench.history import trend
from aoc2023.framework.bench.measure import bench_input
from aoc2023.framework.bench.readme_table import END, START, insert_block
from aoc2023.framework.errors import UsageError
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import BenchReport, ExitCode, Stats, Status
from aoc2023.framework.results import bench_exit_code as exit_code

EXAMPLE_INPUT = "32T3K 765"


def aoc(*args: str) -> Result:
    from aoc2023.framework.cli import app

    return CliRunner().invoke(app, list(args))


# --- statistics ---------------------------------------------------------------------------


def test_statistics_on_known_data() -> None:
    # Sorted: 1..10. Quartile positions (n - 1) * q: 2.25, 4.5, 6.75 (0-based ranks).
    stats = Stats.of([7, 1, 3, 5, 9, 2, 8, 4, 6, 10])
    assert stats == Stats(runs=10, median=5.5, minimum=1, q1=3.25, q3=7.75)
    assert stats.iqr == 4.5
    # An outlier moves neither the median nor the spread.
    stats = Stats.of([4, 1, 3, 2, 100])
    assert (stats.median, stats.minimum, stats.q1, stats.q3, stats.iqr) == (3, 1, 2, 4, 2)
    assert Stats.of([0.5]) == Stats(1, 0.5, 0.5, 0.5, 0.5)
    with pytest.raises(ValueError):
        Stats.of([])


@given(st.lists(st.floats(0, 1e3, allow_nan=False), min_size=2, max_size=60))
def test_quartiles_agree_with_the_standard_library(samples: list[float]) -> None:
    stats = Stats.of(samples)
    q1, median, q3 = statistics.quantiles(samples, n=4, method="inclusive")
    assert stats.q1 == pytest.approx(q1, abs=1e-9)
    assert stats.median == pytest.approx(statistics.median(samples), abs=1e-9)
    assert stats.median == pytest.approx(median, abs=1e-9)
    assert stats.q3 == pytest.approx(q3, abs=1e-9)
    assert stats.minimum == min(samples)


def figures(median: float, spread: float) -> Stats:
    return Stats(100, median, median - spread, median - spread / 2, median + spread / 2)


@pytest.mark.parametrize(
    ("new", "old", "expected"),
    [
        (figures(100, 4), figures(150, 4), "faster"),  # middle halves far apart
        (figures(150, 4), figures(100, 4), "slower"),
        (figures(100, 40), figures(120, 40), "no change"),  # they overlap: noise
        (figures(100, 0), figures(103, 0), "no change"),  # within the 2% floor of both
        (figures(100, 0), figures(105, 0), "faster"),  # beyond it
        (figures(100, 4), figures(100, 4), "no change"),
    ],
)
def test_faster_or_slower_only_beyond_the_noise_of_both(
    new: Stats, old: Stats, expected: str
) -> None:
    assert trend(new, old) == expected


# --- measuring ------------------------------------------------------------------------------


class Emptying(Solution[list[int]]):
    """A part that empties its input: a reused input would fail on the next run."""

    year, day = 2095, 1

    def parse(self, text: str) -> list[int]:
        return [int(x) for x in text.split()]

    def part_1(self, numbers: list[int]) -> int:
        assert len(numbers) == 3, "ran on an input a previous run changed"
        total = sum(numbers)
        numbers.clear()
        return total

    def part_2(self, numbers: list[int]) -> int:
        raise NotImplementedError


class Both(Solution[str]):
    year, day = 2095, 2

    def solve(self, text: str) -> tuple[int, int]:
        return len(text), len(text) * 2


def test_each_part_run_gets_a_fresh_parse_and_runs_stay_within_the_limits() -> None:
    result = bench_input(Emptying, RunInput("1 2 3", "file", {1: "6"}), None, budget=0.05)
    parse, part_1, part_2 = result.steps
    assert [s.step for s in result.steps] == ["parse", "part 1", "part 2"]
    assert part_1.error is None and part_1.stats is not None
    assert bench.MIN_RUNS <= part_1.stats.runs <= bench.MAX_RUNS
    assert parse.stats is not None and parse.stats.runs == part_1.stats.runs
    assert part_1.stats.minimum <= part_1.stats.q1 <= part_1.stats.median <= part_1.stats.q3
    assert part_1.parts[0].status is Status.CORRECT
    # Not written yet: shown, not timed, and not a failure.
    assert part_2.stats is None and part_2.parts[0].status is Status.NOT_IMPLEMENTED
    assert exit_code(BenchReport([result])) is ExitCode.OK


def test_runs_are_at_least_the_minimum_and_at_most_the_maximum(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(bench, "MAX_RUNS", 40)
    result = bench_input(Both, RunInput("abc", "file"), None, budget=0.5)
    assert [s.step for s in result.steps] == ["parse", "parts 1+2"]
    both = result.steps[1]
    assert both.stats is not None and both.stats.runs == 40
    assert [p.answer for p in both.parts] == ["3", "6"]
    monkeypatch.setattr(bench, "MAX_RUNS", 100_000)
    result = bench_input(Both, RunInput("abc", "file"), None, budget=1e-6)
    assert result.steps[1].stats is not None and result.steps[1].stats.runs == bench.MIN_RUNS


class SleepsInPart2(Solution[str]):
    year, day = 2095, 3

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> int:
        import time

        time.sleep(30)
        return 0


def test_a_part_past_the_timeout_is_reported_and_the_rest_is_timed() -> None:
    result = bench_input(SleepsInPart2, RunInput("abc", "file"), None, 0.05, timeout=0.5)
    parse, part_1, part_2 = result.steps
    assert parse.stats is not None and part_1.stats is not None
    assert part_1.stats.runs >= bench.MIN_RUNS
    assert part_2.stats is None and part_2.parts[0].status is Status.TIMEOUT
    assert exit_code(BenchReport([result])) is ExitCode.COULD_NOT_RUN


# --- the command ----------------------------------------------------------------------------


@pytest.fixture
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A project folder of its own, as the working folder: history and README go here."""
    root = tmp_path / "project"
    root.mkdir()
    (root / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    monkeypatch.chdir(root)
    return root


def test_bench_json_gives_the_figures_of_each_step(project: Path) -> None:
    result = aoc("bench", "2023", "7", "--example", "--budget", "0.1", "--json")
    assert result.exit_code == 0, result.output
    payload = json.loads(result.stdout)
    [day] = payload["results"]
    assert (day["year"], day["day"], day["source"]) == (2023, 7, "example")
    assert [s["step"] for s in day["steps"]] == ["parse", "part 1", "part 2"]
    for step in day["steps"]:
        assert step["runs"] >= 10 and step["change"] is None
        assert 0 < step["min"] <= step["q1"] <= step["median"] <= step["q3"]
        assert step["iqr"] == pytest.approx(step["q3"] - step["q1"])
    assert [a["status"] for s in day["steps"] for a in s["answers"]] == ["correct", "correct"]


def test_bench_table_shows_runs_median_min_and_spread(project: Path) -> None:
    result = aoc("bench", "2023", "7", "--example", "--budget", "0.05")
    assert result.exit_code == 0, result.output
    for heading in ("Runs", "Median", "Min", "Spread (IQR)", "Change"):
        assert heading in result.stdout
    assert "✔ 6440" in result.stdout and "parse" in result.stdout


def test_bench_uses_the_same_days_and_inputs_as_run(project: Path, year_with_day_7: int) -> None:
    result = aoc("bench", "2095", "6-7", "--example", "--budget", "0.05")
    assert "No solution yet for 2095 day(s) 6: skipped." in result.stderr
    assert aoc("bench", "2023", "7-8", "--input", "x.txt").exit_code == 2
    path = project / "hands.txt"
    path.write_text(EXAMPLE_INPUT + "\n")
    payload = json.loads(aoc("bench", "2023", "7", "--input", str(path), "--budget", "0.05",
                             "--json").stdout)
    assert payload["results"][0]["source"] == "file"


def test_save_keeps_timings_only_and_a_later_bench_compares(project: Path) -> None:
    first = aoc("bench", "2023", "7", "--example", "--budget", "0.05", "--save")
    assert first.exit_code == 0, first.output
    history = project / "benchmarks" / "history.json"
    assert f"to {history}" in first.stderr
    saved = json.loads(history.read_text())
    [entry] = saved["entries"]
    assert set(entry) == {"date", "python", "machine", "budget", "figures"}
    for figure in entry["figures"]:
        assert set(figure) == {"year", "day", "source", "label", "step", "runs", "median",
                               "min", "q1", "q3"}
    assert "32T3K" not in history.read_text()  # no input...
    assert not {"6440", "5905"} & {str(v) for f in entry["figures"] for v in f.values()}

    second = aoc("bench", "2023", "7", "--example", "--budget", "0.05", "--json")
    changes = [s["change"] for s in json.loads(second.stdout)["results"][0]["steps"]]
    assert all(c["verdict"] in {"faster", "slower", "no change"} for c in changes)
    assert all(c["saved_on"] == entry["date"] for c in changes)


def test_a_broken_history_is_not_overwritten(project: Path) -> None:
    history = project / "benchmarks" / "history.json"
    history.parent.mkdir()
    history.write_text("{not json")
    result = aoc("bench", "2023", "7", "--example", "--budget", "0.05", "--save")
    assert result.exit_code == 2 and "Cannot read the benchmark history" in result.stderr
    assert history.read_text() == "{not json"
    result = aoc("bench", "2023", "7", "--example", "--budget", "0.05")
    assert result.exit_code == 0 and "Not compared." in result.stderr


README = (
    "# My solutions\r\n\r\nSome words, kept as they are: é, tabs\t, trailing  \r\n\r\n"
    f"## Times\r\n\r\n{START}\r\nold table\r\n{END}\r\n\r\nMore text after.\r\n"
)


def test_readme_table_goes_between_the_markers_and_nothing_else_changes(project: Path) -> None:
    readme = project / "README.md"
    readme.write_bytes(README.encode())
    before, after = README.encode().split(START.encode())[0], README.encode().split(END.encode())[1]
    for _ in range(2):  # and again: replaced, not added twice
        result = aoc("bench", "2023", "7", "--example", "--budget", "0.05", "--readme")
        assert result.exit_code == 0, result.output
        data = readme.read_bytes()
        assert data.startswith(before + START.encode())
        assert data.endswith(END.encode() + after)
        assert data.count(START.encode()) == 1
        table = data.decode().split(START)[1].split(END)[0]
        assert "old table" not in table
        assert "| 7 | Camel Cards | example 1 |" in table and "**Total**" in table
        assert "\r\n" in table and "\n" not in table.replace("\r\n", "")


def test_readme_without_markers_gets_them_at_its_end(project: Path) -> None:
    readme = project / "README.md"
    readme.write_bytes(b"# Mine\n\nNo markers here.")
    result = aoc("bench", "2023", "7", "--example", "--budget", "0.05", "--readme")
    assert result.exit_code == 0, result.output
    assert "added them, with the table, at its end" in result.stderr
    data = readme.read_bytes().decode()
    assert data.startswith("# Mine\n\nNo markers here.\n\n" + START + "\n")
    assert data.endswith(END + "\n")


def test_markers_mentioned_inside_prose_are_not_markers() -> None:
    prose = f"Run it: the table goes between `{START}` and `{END}`.\n"
    new_text, added = insert_block(prose, "table")
    assert added and new_text.startswith(prose)
    indented = f"text\n  {START}  \nold\n{END}\nafter\n"
    assert insert_block(indented, "new") == (f"text\n  {START}  \nnew\n{END}\nafter\n", False)


def test_readme_markers_out_of_order_are_refused(project: Path) -> None:
    readme = project / "README.md"
    readme.write_text(f"{END}\n{START}\n")
    result = aoc("bench", "2023", "7", "--example", "--budget", "0.05", "--readme")
    assert result.exit_code == 2 and "once each, in that order" in result.stderr
    assert readme.read_text() == f"{END}\n{START}\n"
    with pytest.raises(UsageError):
        insert_block(f"{START}\n{START}\n{END}\n", "table")


@pytest.mark.parametrize(("option", "value"), [("--budget", "-1"), ("--budget", "0"),
                                               ("--timeout", "inf"), ("--timeout", "1e12")])
def test_budget_and_timeout_must_be_sensible(project: Path, option: str, value: str) -> None:
    result = aoc("bench", "2023", "7", option, value)
    assert result.exit_code == 2
    assert f"{option} must be a number of seconds above 0 and at most 86,400" in result.stderr
    assert "Traceback" not in result.output
