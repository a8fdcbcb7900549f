"""`--timeout`: a late part is stopped and reported, everything else still runs.

The parent's time accounting (each message from the child restarts its clock) is checked
on a fake clock; a real limit kills real children here too, and those tests assert the
outcome (the late part marked, the other part's answer kept, its processes gone) rather
than how long it took, beyond "well before the late part would have ended by itself".
Ctrl-C that comes just before the wait on a timed child begins still ends it at once
(the moment made certain as for the send question: test_terminal.py).
"""

from __future__ import annotations

import io
import json
import multiprocessing
import os
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from conftest import running, temporary_year
from fake_clock import FakeClock, capped
from site_cli import aoc_in_process
from test_runner import CLOCK
from test_terminal import TOO_LATE, ctrl_c_missed_by_the_main_thread

from aoc2023.framework import Solution, registry, timeouts
from aoc2023.framework.bench.figures import MIN_RUNS, BenchReport, bench_exit_code
from aoc2023.framework.bench.measure import bench_input
from aoc2023.framework.commands import run as run_view
from aoc2023.framework.commands.bench import bench_json
from aoc2023.framework.errors import TimedOut
from aoc2023.framework.inputs import RunInput
from aoc2023.framework.results import DayResult, ExitCode, PartResult, RunReport, Status
from aoc2023.framework.results import run_exit_code as exit_code
from aoc2023.framework.runner import Executor, run_solution
from aoc2023.framework.timeouts import Progress, call_with_timeout, watch_child


def run_with_timeout(
    solution_class: type[Solution[Any]],
    run_input: RunInput,
    title: str | None,
    timeout: float,
    **options: Any,
) -> DayResult:
    """The executor under a time limit: each part in a child."""
    return Executor(timeout, **options)(solution_class, run_input, title)


LIMIT = 1.0
"""The limit that kills a late part (one that would sleep 30 s). The steps before it must
report within it, so it is far above what a child takes to start, even on a busy machine."""
ROOMY = 60.0
"""A limit that no step here comes near, however busy the machine."""
NO_WORK = 0.1
"""The limit of a child with nothing to finish in it: wherever the kill finds it (even
before its step begins), it is late, and the outcome is the same."""


class SpendsInParseAndPart(Solution[str]):
    """Spends time on the runner's fake clock (test_runner.CLOCK), in the child."""

    year, day = 2091, 2

    def parse(self, text: str) -> str:
        CLOCK.work(1)
        return text

    def part_1(self, text: str) -> int:
        CLOCK.work(2)
        return len(text)


class SleepsInParse(Solution[str]):
    """Its input is the path of a file that each parse adds a line to."""

    year, day = 2091, 3

    def parse(self, text: str) -> str:
        with open(text, "a") as runs:
            runs.write("parse\n")
        time.sleep(30)
        return text


class SleepsInSolve(Solution[str]):
    year, day = 2091, 4

    def solve(self, text: str) -> tuple[int, int]:
        time.sleep(30)
        return 1, 2


class DiesOrExits(Solution[str]):
    year, day = 2091, 5

    def part_1(self, text: str) -> int:
        os._exit(3)

    def part_2(self, text: str) -> int:
        sys.exit("gave up")


Message = tuple[str, str | None, object]


class ScriptedChild:
    """A child's messages as the parent reads them: each arrives at its time on `clock`,
    and a wait for one moves the clock on by as long as it waited. Times are multiples of
    0.25 s, as the waits' slices are, so that the clock's sums are exact."""

    def __init__(self, clock: FakeClock, script: list[tuple[float, Message]]) -> None:
        self.clock = clock
        self.script = script
        self.waits: list[float] = []

    def poll(self, timeout: float) -> bool:
        self.waits.append(timeout)
        now = self.clock.monotonic()
        if self.script and self.script[0][0] <= now + timeout:
            self.clock.advance(max(0.0, self.script[0][0] - now))
            return True
        self.clock.advance(timeout)
        return False

    def recv(self) -> Message:
        return self.script.pop(0)[1]


def test_each_message_restarts_the_clock_so_the_limit_is_per_step() -> None:
    clock = FakeClock()
    child = ScriptedChild(
        clock,
        [
            (1.5, ("report", "parsed", 1.5)),
            (3.0, ("beat", None, None)),
            (4.5, ("done", None, 42)),
        ],
    )
    # Each step took 1.5 s of the 2 s limit; the child as a whole took 4.5 s.
    assert watch_child(child, 2.0, clock.monotonic) == ("done", 42)
    assert clock.monotonic() == 4.5
    assert child.waits and max(child.waits) <= timeouts._SLICE  # Ctrl-C is seen between waits


def test_the_limit_counts_from_the_last_message_and_keeps_the_reports() -> None:
    clock = FakeClock()
    child = ScriptedChild(clock, [(1.5, ("report", "parsed", 1.5)), (4.0, ("done", None, 42))])
    with pytest.raises(TimedOut) as late:
        watch_child(child, 2.0, clock.monotonic)
    assert clock.monotonic() == 3.5  # 2 s after the report: not after the start, not later
    assert late.value.reports == {"parsed": 1.5}
    assert len(child.script) == 1  # the answer at 4 s came too late to be read


def test_heartbeats_are_spaced_by_the_interval_and_reports_always_go() -> None:
    receiver, sender = multiprocessing.Pipe(duplex=False)
    clock = FakeClock()
    progress = Progress(sender, interval=1.0, clock=clock.monotonic)
    for _ in range(4):  # at 0.5, 1.0, 1.5 and 2.0 s: sent at 1.0 and 2.0, an interval apart
        clock.advance(0.5)
        progress.beat()
    clock.advance(0.25)
    progress.report("parsed", 7)  # at 2.25 s, sent at once; the next beat counts from it
    for step in (0.75, 0.25):  # at 3.0 and 3.25 s: sent at 3.25
        clock.advance(step)
        progress.beat()
    sent = []
    while receiver.poll(0):
        sent.append(receiver.recv())
    sender.close()
    receiver.close()
    assert sent == [
        ("beat", None, None),
        ("beat", None, None),
        ("report", "parsed", 7),
        ("beat", None, None),
    ]


def test_the_child_times_each_step_and_nothing_else() -> None:
    """The times are the child's, taken around each step on the runner's clock: neither
    the child's start nor the parent's wait, nor the parse, is in the part's time."""
    result = run_with_timeout(
        SpendsInParseAndPart, RunInput("abcd", "file", parts=(1,)), None, ROOMY, clock=CLOCK.ns
    )
    [part] = result.parts
    assert part.status is Status.UNKNOWN and part.answer == "4"
    assert (result.parse_seconds, part.seconds) == (1.0, 2.0)


def test_a_day_that_solves_both_at_once_times_out_as_one() -> None:
    result = run_with_timeout(SleepsInSolve, RunInput("abc", "file"), None, NO_WORK)
    assert [p.status for p in result.parts] == [Status.TIMEOUT, Status.TIMEOUT]
    assert all(p.timed_with_other_part for p in result.parts)


def test_a_part_that_kills_its_process_or_exits_is_an_error_of_that_part() -> None:
    result = run_with_timeout(DiesOrExits, RunInput("abc", "file"), None, ROOMY)
    died, exited = result.parts
    assert died.status is Status.ERROR
    assert died.error == (
        "the process running it ended before the step did (exit code 3: os._exit, or a crash)"
    )
    assert exited.status is Status.ERROR
    assert exited.error == "the day's code called sys.exit('gave up')"


def test_results_match_the_in_process_runner() -> None:
    from test_runner import Failing, Mutating, Together

    cases: list[tuple[type[Solution[Any]], RunInput]] = [
        (Mutating, RunInput("3 1 2", "file")),
        (Failing, RunInput("abc", "input", {2: "ABC"})),
        (Together, RunInput("abc", "example", extra={"factor": 10})),
    ]
    for day, run_input in cases:
        here = run_solution(day, run_input)
        there = run_with_timeout(day, run_input, None, ROOMY)
        assert [(p.part, p.status, p.answer, p.error) for p in there.parts] == [
            (p.part, p.status, p.answer, p.error) for p in here.parts
        ]
        assert there.error == here.error


class SaysItsProcess(Solution[str]):
    year, day = 2091, 6

    def part_1(self, text: str) -> int:
        return os.getpid()


def test_without_a_timeout_days_run_in_this_process() -> None:
    [part, _] = Executor()(SaysItsProcess, RunInput("", "file")).parts
    assert part.answer == str(os.getpid())


SOLVES_ONE_FAILS_ONE = """
from collections.abc import Iterator
from aoc2023.framework import Solution

class Day(Solution[str]):
    def solve(self, text: str) -> Iterator[int]:
        yield len(text)
        yield int(text[-1]) * len(text)
"""


@pytest.mark.slow
def test_the_spawn_start_method_works_too(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Where fork is not used (macOS, Windows), the child imports the day again (here from
    a year package of its own, which imports only the framework, as a solver's does). One
    child (a `solve` runs both parts in one) brings back a part solved and a part failed,
    with its traceback."""
    monkeypatch.setattr(timeouts, "_context", lambda: multiprocessing.get_context("spawn"))
    with temporary_year(tmp_path / "site", 2092, {"day01.py": SOLVES_ONE_FAILS_ONE}):
        day = registry.load_day(2092, 1)
        result = run_with_timeout(day, RunInput("ab", "file", {1: "2"}), None, ROOMY)
    solved, failed = result.parts
    assert (solved.status, solved.answer) == (Status.CORRECT, "2")
    assert failed.error == "ValueError: invalid literal for int() with base 10: 'b'"
    assert failed.traceback is not None and "int(text[-1])" in failed.traceback


class StartsAProcessThenSleepsInPart2(Solution[str]):
    """Its input is the path of a file where part 2 writes the id of a process it starts."""

    year, day = 2091, 1

    def part_1(self, text: str) -> str:
        return Path(text).name

    def part_2(self, text: str) -> int:
        import subprocess

        child = subprocess.Popen(["sleep", "300"])
        Path(text).write_text(str(child.pid))
        time.sleep(600)  # only a kill ends it in time: the test would take ten minutes
        return 0


@pytest.mark.slow
def test_a_late_parse_stops_the_day_and_a_late_part_takes_its_processes_with_it(
    tmp_path: Path,
) -> None:
    """Two days each run past the limit, their waits waited out together (the first day
    run in a thread of its own; each day's children are its own):

    - a parse past the limit stops the day: no part runs, and the parse ran once, not
      once per part;
    - part 2, late, is stopped with the process it started; part 1 is kept. The result,
      as the run shows it: the part's cell and the sentence under the table; and as a
      bench under the same limit reads it from its checking run (this run, handed to
      it): part 1 timed, in a child that never enters part 2 (it would be stopped there
      as late), and part 2 reported, not timed."""
    runs = tmp_path / "parses"
    pid_file = tmp_path / "grandchild.pid"
    told: list[tuple[int, int, int | None]] = []
    run_input = RunInput(str(pid_file), "file", {1: pid_file.name})
    with ThreadPoolExecutor(1) as pool:
        parse_late = pool.submit(
            run_with_timeout, SleepsInParse, RunInput(str(runs), "file"), None, LIMIT
        )
        result = run_with_timeout(
            StartsAProcessThenSleepsInPart2,
            run_input,
            None,
            LIMIT,
            on_step=lambda *step: told.append(step),
        )
        stopped = parse_late.result()
    assert runs.read_text() == "parse\n"  # once, not once per part
    assert stopped.error == "parse timed out: stopped after 1 s (--timeout)"
    assert [(p.status, p.error) for p in stopped.parts] == [
        (Status.TIMEOUT, "not run: parse timed out")
    ] * 2

    # Each part's child is told to the live view as it starts.
    assert told == [(2091, 1, 1), (2091, 1, 2)]
    part_1, part_2 = result.parts
    assert (part_1.status, part_1.answer) == (Status.CORRECT, pid_file.name)
    assert part_2.status is Status.TIMEOUT
    assert part_2.error == "timed out: stopped after 1 s (--timeout)"
    assert result.parse_seconds is not None and result.error is None
    assert exit_code([result]) is ExitCode.COULD_NOT_RUN
    table, below = io.StringIO(), io.StringIO()
    run_view.show_table(RunReport([result]), table, below, verbose=False)
    assert "⧖ timeout" in table.getvalue()
    assert "2091 day 1 part 2: timed out: stopped after 1 s (--timeout)" in below.getvalue()
    grandchild = int(pid_file.read_text())
    deadline = time.monotonic() + 60
    while running(grandchild) and time.monotonic() < deadline:
        time.sleep(0.05)
    if running(grandchild):
        os.kill(grandchild, 9)
        pytest.fail("the late part's own child process was left running")

    bench = bench_input(
        StartsAProcessThenSleepsInPart2,
        run_input,
        None,
        0.05,
        timeout=LIMIT,
        run=lambda *_: result,
        clocks=capped(2 * MIN_RUNS),
    )
    parse, timed, late = bench.steps
    assert parse.stats is not None and timed.stats is not None, bench
    assert timed.stats.runs >= MIN_RUNS and timed.error is None
    assert late.stats is None and late.parts[0].status is Status.TIMEOUT
    assert bench_exit_code(BenchReport([bench])) is ExitCode.COULD_NOT_RUN


def _square(n: int) -> int:
    return n * n


class UsesAPool(Solution[str]):
    year, day = 2091, 20

    def part_1(self, text: str) -> int:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(2) as pool:
            return sum(pool.map(_square, range(10)))


def test_a_part_may_start_a_pool_of_processes() -> None:
    """The child is no daemon (a daemon may not have children of its own)."""
    result = run_with_timeout(UsesAPool, RunInput("", "file", parts=(1,)), None, ROOMY)
    [part_1] = result.parts
    assert (part_1.status, part_1.answer) == (Status.UNKNOWN, "285"), part_1.error


YIELDS_THEN_SLEEPS = """
import time
from collections.abc import Iterator

from aoc2023.framework import Example, Solution

class Day01(Solution[str]):
    examples = [Example("abc", part_1=3, part_2=6)]

    def solve(self, text: str) -> Iterator[int]:
        yield len(text)
        time.sleep(600)  # only a kill ends it in time
        yield 2 * len(text)
"""

QUICK = """
from aoc2023.framework import Example, Solution

class Day02(Solution[str]):
    examples = [Example("abcd", part_1=4, part_2="ABCD")]

    def part_1(self, text: str) -> int:
        return len(text)

    def part_2(self, text: str) -> str:
        return text.upper()
"""


@pytest.fixture
def late_year(tmp_path: Path) -> Iterator[str]:
    """A throwaway year whose day 1 yields part 1, then runs past any limit before part 2;
    its day 2 is quick."""
    with temporary_year(
        tmp_path / "site", 2093, {"day01.py": YIELDS_THEN_SLEEPS, "day02.py": QUICK}
    ):
        yield "2093"


@pytest.mark.slow
def test_aoc_run_timeout_keeps_what_finished_and_a_bench_times_it(late_year: str) -> None:
    """Part 1, yielded before part 2 ran late, is kept with its time; day 2 runs. A bench
    under the same limit, handed day 1's outcome (read back from the run's JSON) as its
    checking run, times the part yielded before the late one, in a child that never
    resumes the `solve` past it (it would be stopped there as late), and not part 2."""
    run = aoc_in_process("run", late_year, "1-2", "--example", "--timeout", str(LIMIT), "--json")
    assert run.returncode == 2, run.stderr
    day_1, day_2 = json.loads(run.stdout)["results"]
    assert [(p["status"], p["answer"]) for p in day_1["parts"]] == [
        ("correct", "3"),
        ("timeout", None),
    ]
    assert day_1["parts"][0]["seconds"] is not None
    assert day_1["parts"][1]["error"] == "timed out: stopped after 1 s (--timeout)"
    assert [p["status"] for p in day_2["parts"]] == ["correct", "correct"]

    checked = DayResult(
        **{
            **day_1,
            "parts": tuple(
                PartResult(**{**part, "status": Status(part["status"])}) for part in day_1["parts"]
            ),
        }
    )
    bench = bench_input(
        registry.load_day(int(late_year), 1),
        RunInput("abc", "example", {1: "3", 2: "6"}),
        None,
        0.05,
        timeout=LIMIT,
        run=lambda *_: checked,
        clocks=capped(2 * MIN_RUNS),
    )
    assert bench_exit_code(BenchReport([bench])) is ExitCode.COULD_NOT_RUN
    [day] = json.loads(bench_json(BenchReport([bench])))["results"]
    steps = {step["step"]: step for step in day["steps"]}
    assert steps["part 1"]["runs"] >= 1 and steps["part 1"]["error"] is None
    assert steps["part 1"]["answers"][0]["status"] == "correct"
    assert steps["part 2"]["runs"] == 0
    assert steps["part 2"]["answers"][0]["status"] == "timeout"


def test_a_timeout_must_be_positive() -> None:
    result = aoc_in_process("run", "2023", "7", "--timeout", "0")
    assert result.returncode == 2
    assert "--timeout must be a number of seconds above 0" in result.stderr


def test_a_yielding_solve_reports_part_1_before_part_2_begins() -> None:
    """Each report restarts the parent's clock (watch_child, above): part 2's limit then
    counts from part 1's report, not from the parse."""
    events: list[str] = []

    class Yields(Solution[str]):
        year, day = 2091, 30

        def solve(self, text: str) -> Iterator[int]:
            yield len(text)
            events.append("part 2 began")
            yield 2 * len(text)

    result = run_solution(
        Yields, RunInput("abc", "file", {1: "3"}), report=lambda label, value: events.append(label)
    )
    assert events == ["parsed", "part 1", "part 2 began", "part 2"]
    assert [p.status for p in result.parts] == [Status.CORRECT, Status.UNKNOWN]


def _sleeps_then_marks(seconds: float, folder: Path, progress: Progress) -> None:
    (folder / "started").touch()
    time.sleep(seconds)
    (folder / "ended").write_text("the child ended by itself")


def test_a_wait_on_a_timed_child_ends_at_once(tmp_path: Path) -> None:
    ended = tmp_path / "ended"
    # Nothing releases this wait early: the child ends on its own after TOO_LATE s.
    with (
        ctrl_c_missed_by_the_main_thread((tmp_path / "started").exists, lambda: None),
        pytest.raises(KeyboardInterrupt),
    ):
        call_with_timeout(partial(_sleeps_then_marks, TOO_LATE, tmp_path), timeout=TOO_LATE * 2)
    assert not ended.exists(), "the wait on the child went on until the child ended"
