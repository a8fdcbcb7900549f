"""A bench's figures and files tell the truth: a step that waits is shown as measured,
not scaled by the machine's speed; every file it writes is checked before anything is
timed, where the user asked, whatever a day does to the working folder; and a history
entry damaged by hand is named and skipped, never the run's end.

How long a step waits, works or waits for a core is chosen on the fake clock
(fake_clock.py), so that the verdict is exact whatever the load on this machine."""

from __future__ import annotations

import io
import json
import os
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ClassVar

import pytest
from conftest import AocdHome, temporary_year
from fake_clock import FakeClock, Timed, cap_runs
from read_only import read_only
from site_cli import aoc, aoc_in_process

import aoc2023
from aoc2023.framework.bench import measure, outputs
from aoc2023.framework.bench.figures import REFERENCE, BenchReport, DayBench
from aoc2023.framework.commands import bench as bench_view
from aoc2023.framework.commands.bench import bench_json
from aoc2023.framework.inputs import RunInput

SOURCE = str(Path(aoc2023.__file__).resolve().parents[1])
"""Where this aoc2023 is, for a process started in another folder."""


class Mixed(Timed[str]):
    """Each step computes for `work` seconds, waits for a core for `queued`, and waits on
    something else (a sleep) for `sleeps`, as the test sets them."""

    year, day = 2044, 1
    plan: ClassVar[dict[str, tuple[float, float, float]]] = {}

    def spend(self, step: str) -> None:
        clock: FakeClock = self.extra["clock"]
        work, queued, sleeps = self.plan.get(step, (1e-6, 0.0, 0.0))
        clock.work(work)
        clock.advance(queued)
        self.extra["ready"][0] += round(queued * 1e9)
        clock.sleep(sleeps)

    def parse(self, text: str) -> str:
        self.spend("parse")
        return text

    def part_1(self, text: str) -> int:
        self.spend("part 1")
        return 1


def bench_mixed(plan: dict[str, tuple[float, float, float]]) -> DayBench:
    """Mixed benched with `plan`, on a machine half as fast as the reference (the
    calibration workload takes twice its reference time)."""
    clock, ready = FakeClock(), [0]
    day = type("Day", (Mixed,), {"plan": plan})
    work = clock.work
    clocks = measure.Clocks(
        clock.monotonic,
        clock.ns,
        clock.cpu_ns,
        lambda: work(2 * REFERENCE),
        ready_timer=lambda: ready[0],
        settle=lambda: None,
    )
    return measure.bench_input(
        day,
        RunInput("abc", "file", label="in.txt", extra={"clock": clock, "ready": ready}),
        None,
        2.0,
        clocks=clocks,
    )


MIXES = [  # (computing, queued for a core, sleeping: seconds a run; whether it waits)
    (0.100, 0.0, 0.0, False),  # computing
    (0.100, 0.250, 0.0, False),  # computing on a busy machine: 29% CPU, the rest queued
    (0.001, 0.0, 0.500, True),  # time.sleep(0.5)
    (0.0001, 0.005, 0.002, True),  # a short sleep, then a wait for a core once awake
    (0.300, 0.0, 0.200, False),  # 60% computing
    (0.200, 0.0, 0.300, True),  # 40% computing
]


def test_a_step_that_mostly_waits_is_shown_as_measured_and_marked(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("COLUMNS", "250")
    for work, queued, sleeps, waiting in MIXES:
        case = (work, queued, sleeps)
        found = bench_mixed({"part 1": (work, queued, sleeps)})
        part_1 = next(step for step in found.steps if step.step == "part 1")
        stats = part_1.stats
        assert stats is not None and stats.waiting is waiting, case
        wall = work + queued + sleeps
        if waiting:  # its wall time as measured: a wait is no shorter on a faster machine
            assert stats.headline == "min", case
            assert stats.headline_seconds == pytest.approx(wall), case
            assert stats.normalised is None and stats.normalised_cpu is None, case
            assert stats.scale is None, case
        else:  # its CPU time at the reference speed: half, on this machine half as fast
            assert stats.headline == "normalised_cpu", case
            assert stats.headline_seconds == pytest.approx(work / 2), case
        [step] = [
            s
            for s in json.loads(bench_json(BenchReport([found])))["results"][0]["steps"]
            if s["step"] == "part 1"
        ]
        assert step["waiting"] is waiting, case
        assert step["headline"] == ("min" if waiting else "normalised_cpu"), case
        out, err = io.StringIO(), io.StringIO()
        bench_view.render(BenchReport([found]), out, err, verbose=False)
        marked = f" {bench_view.WAITING_MARK} "
        row = next(line for line in out.getvalue().splitlines() if "part 1" in line)
        assert (marked in row) is waiting, (case, row)
        assert ("mostly waiting" in " ".join(out.getvalue().split())) is waiting, (
            case,
            out.getvalue(),
        )


SLEEPS = """
import time
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        time.sleep(0.01)
        return len(text)
"""


def test_a_real_sleep_is_marked_waiting_in_the_json(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The real clocks: a sleep costs no CPU, and waits for no core."""
    project = tmp_path / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    monkeypatch.chdir(project)
    cap_runs(monkeypatch, max_runs=6)
    with temporary_year(tmp_path / "site", 2045, {"day01.py": SLEEPS}):
        done = aoc_in_process("bench", "2045", "1", "--example", "--json")
    assert done.returncode == 0, done.stderr
    steps = {step["step"]: step for step in json.loads(done.stdout)["results"][0]["steps"]}
    assert steps["part 1"]["waiting"] is True and steps["part 1"]["headline"] == "min"
    assert steps["parse"]["waiting"] is False  # too short to judge: never called waiting


# --- every output checked before the timing ----------------------------------------------

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
    for folder in locked:
        if folder != "README.md":
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
        refused = aoc(
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


# --- the working folder a day moves to -----------------------------------------------------

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
def project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
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
    project: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
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
    assert (project / "chart.svg").read_text() == "Advent of Code 2047: best-of-runs times"
    assert (project / "benchmarks" / "history.json").is_file()
    assert "| 2047/03 |" in (project / "README.md").read_text()
    assert "](aoc-bench-2047.svg)" in (project / "README.md").read_text()
    assert (project / "aoc-bench-2047.svg").is_file()  # the README's chart, beside it
    elsewhere = tmp_path / "elsewhere"
    assert sorted(path.name for path in elsewhere.iterdir()) == ["pyproject.toml"]
    # Compared with this project's history, not the other folder's.
    again = aoc_in_process("bench", "2047", "3", "--example", "--json")
    steps = json.loads(again.stdout)["results"][0]["steps"]
    assert all(step["change"] is not None for step in steps if step["runs"]), steps


# --- damaged history entries ---------------------------------------------------------------


def damage_entry(change: Callable[[dict[str, Any]], Any]) -> Callable[[list[Any]], None]:
    """Damage a copy of the saved entry, added after it."""

    def damage(entries: list[Any]) -> None:
        copy = json.loads(json.dumps(entries[0]))
        entries.append(change(copy))

    return damage


def damage_figure(name: str, value: Any) -> Callable[[list[Any]], None]:
    """Damage the first figure of a copy of the saved entry, added after it."""

    def change(entry: dict[str, Any]) -> dict[str, Any]:
        entry["figures"][0][name] = value
        return entry

    return damage_entry(change)


DAMAGES: dict[str, tuple[Callable[[list[Any]], None], str]] = {
    "entry not an object": (
        lambda entries: entries.append(["a", "list"]),
        "entry 2 is damaged (it is not an object)",
    ),
    "figures not a list": (
        damage_entry(lambda e: {**e, "figures": 5}),
        "entry 2 is damaged (its figures are not a list)",
    ),
    "machine not text": (
        damage_entry(lambda e: {**e, "machine": ["x"]}),
        "entry 2 is damaged (its machine is not text)",
    ),
    "no machine": (
        damage_entry(lambda e: {k: v for k, v in e.items() if k != "machine"}),
        "entry 2 is damaged (it names no machine)",
    ),
    "figure not an object": (
        damage_entry(lambda e: {**e, "figures": ["text", *e["figures"]]}),
        "figure 1 of entry 2",
    ),
    "runs as text": (damage_figure("runs", "ten"), "its runs is not a whole number above 0"),
    "year as a list": (damage_figure("year", [2047]), "its year is not a whole number"),
    "min missing": (damage_figure("min", None), "its min is not a number of seconds"),
    "min negative": (damage_figure("min", -1), "its min is not a number of seconds"),
    "step not text": (damage_figure("step", {"a": 1}), "its step is not text"),
    "waiting not a bool": (damage_figure("waiting", "no"), "its waiting is not true or false"),
}


def each_named(damaged: list[tuple[str, str]], notices: list[str]) -> bool:
    """Each damaged entry (its number, and what is said of it) has a notice of its own,
    naming the history's file."""
    return all(
        any(entry in notice and said in notice and "history.json" in notice for notice in notices)
        for entry, said in damaged
    )


def test_damaged_history_entries_are_named_and_skipped(project: Path) -> None:
    """Once saved, the history is damaged by hand in every one of many ways, one entry
    each: the comparison, `--history` and `--history --json` name each one skipped, and
    go on with the rest; the bench that compares saves too, keeping them as they were."""
    saved = aoc_in_process("bench", "2047", "3", "--example", "--save")
    assert saved.returncode == 0, saved.stderr
    path = project / "benchmarks" / "history.json"
    data = json.loads(path.read_text())
    damaged = []
    for number, (change, said) in enumerate(DAMAGES.values(), start=2):
        change(data["entries"])
        damaged.append((f"entry {number} ", said.replace("entry 2", f"entry {number}")))
    path.write_text(json.dumps(data))
    text = path.read_text()
    compared = aoc_in_process("bench", "2047", "3", "--example", "--json", "--save")
    assert compared.returncode == 0, compared.stderr
    found = json.loads(compared.stdout)
    assert each_named(damaged, found["notices"]), found["notices"]
    steps = found["results"][0]["steps"]
    assert all(step["change"] is not None for step in steps if step["runs"])  # entry 1's
    # Saving again keeps the damaged entries as they were, and adds one.
    kept = json.loads(path.read_text())["entries"]
    assert json.dumps(kept[:-1], sort_keys=True) == json.dumps(
        json.loads(text)["entries"], sort_keys=True
    )
    assert len(kept) == len(json.loads(text)["entries"]) + 1
    shown = aoc_in_process("bench", "2047", "3", "--history")
    assert shown.returncode == 0, shown.stderr
    assert each_named(damaged, " ".join(shown.stderr.split()).split("skipped.")), shown.stderr
    assert "part 1" in shown.stdout
    assert "Traceback" not in shown.stderr and "unexpected" not in shown.stderr
    as_json = aoc_in_process("bench", "2047", "3", "--history", "--json")
    assert as_json.returncode == 0, as_json.stderr
    history = json.loads(as_json.stdout)
    assert each_named(damaged, history["notices"]) and history["series"], history
