"""Ctrl-C is one rule: wherever it comes (a part, the check of the examples before
sending, a --timeout child, a --memory run, a day's example under pytest), the run
stops, what finished is kept and shown, the exit code is 130, and nothing is sent.
And the check before sending passes only when every example gave its answer.

The days are in a throwaway year (2046). Where Ctrl-C lands in the day's code, which
`aoc` runs in its main thread, Python raises KeyboardInterrupt there (SIGINT keeps
Python's own handler): the day raises it itself, in this process (`ctrl_c_here`); where
SIGTERM lands there, the day sends it to this process, whose handler is then `aoc`'s
(`SIGTERM_HERE`); where Ctrl-C comes to `aoc` waiting on a --timeout child, the child
sends SIGINT to its parent, `aoc` in this process (`CTRL_C_TO_AOC`). A terminal, as far
as `aoc` can tell, is `site_cli.Screen`; SIGHUP, which a terminal sends as it closes,
goes to a real process on a pseudo-terminal once the day's code says on a FIFO that it
has reached the point under test.
"""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import textwrap
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import fake_aoc
import pytest
import site_cli
from conftest import TOKEN, AocdHome, running, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process
from test_run import Terminal

from aoc2023.framework.results import DayResult, PartResult, RunReport, Status

YEAR = 2046
CHECKING = f"checking {YEAR}/01 part 1"
"""The start of what the check before sending part 1 says, on a terminal or not."""


def day_source(
    part_1: str,
    part_2: str = "return 2",
    fifo: Path | None = None,
    examples: str = "[Example('example', part_1=1, part_2=2)]",
) -> str:
    """A day whose parts run `part_1` and `part_2` (a body each, given `text`); `say(word)`
    writes a line to `fifo`."""
    return textwrap.dedent(f"""
        import os, signal, time, tracemalloc
        from aoc2023.framework import Example, Solution


        def say(word):
            with open({str(fifo)!r}, "w") as channel:
                channel.write(word + "\\n")


        class Day(Solution[str]):
            examples = {examples}

            def part_1(self, text):
                {textwrap.indent(part_1, " " * 16).strip()}

            def part_2(self, text):
                {textwrap.indent(part_2, " " * 16).strip()}
    """)


def write_year(site: Path, source: str) -> Path:
    """The year package holding `source` as day 1, in `site`; `site`."""
    (site / f"aoc{YEAR}").mkdir(parents=True)
    (site / f"aoc{YEAR}" / "__init__.py").write_text("")
    (site / f"aoc{YEAR}" / "day01.py").write_text(source)
    return site


def env(home: AocdHome, site: Path) -> dict[str, str]:
    environment = home.env()
    environment["PYTHONPATH"] = os.pathsep.join([str(site), environment["PYTHONPATH"]])
    return environment


class Fifo:
    """A FIFO the day writes a line to when it reaches the point under test. Opened for
    reading at once, without waiting for a writer, so that the day's `open` never
    blocks; `heard` waits for the line (and fails, never hangs, if the process ends)."""

    def __init__(self, path: Path) -> None:
        os.mkfifo(path)
        self.path = path
        self.fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)

    def heard(self, process: subprocess.Popen[Any], timeout: float = 60) -> str:
        received = b""
        for _ in range(int(timeout / 0.1)):
            if b"\n" in received:
                return received.decode()
            if select.select([self.fd], [], [], 0.1)[0]:
                received += os.read(self.fd, 100)
            elif process.poll() is not None:
                break
        out, err = process.communicate(timeout=60) if process.poll() is not None else ("", "")
        raise AssertionError(f"the day never reached the point under test:\n{out}\n{err}")

    def close(self) -> None:
        os.close(self.fd)


@pytest.fixture
def fifo(tmp_path: Path) -> Iterator[Fifo]:
    channel = Fifo(tmp_path / "fifo")
    yield channel
    channel.close()


@pytest.fixture
def site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    """Day 1 of the year on the stand-in site, its input cached, nothing solved; the
    right answers are 1 and 2."""
    aocd_loaded.set_token()
    aocd_loaded.cache_input(YEAR, 1, "input")
    fake_aoc.add_puzzle(YEAR, 1, "Stop", inputs={TOKEN: "input"}, solutions=["1", "2"])
    return fake_aoc


def posts(site: FakeAoC) -> list[tuple[str, str]]:
    return [(r.form["level"], r.form["answer"]) for r in site.requests if r.method == "POST"]


def ctrl_c_here(*args: str, **options: Any) -> subprocess.CompletedProcess[str]:
    """`aoc ARGS` in this process (`site_cli.aoc_in_process`'s `options`), whose day
    raises KeyboardInterrupt where Ctrl-C would land; one that gets out of `aoc` fails
    the test, not the test session."""
    try:
        return site_cli.aoc_in_process(*args, **options)
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C got out of aoc", pytrace=False)


CTRL_C = "raise KeyboardInterrupt  # as Python does for Ctrl-C while this line runs"

SIGTERM_HERE = (
    "os.kill(os.getpid(), signal.SIGTERM); time.sleep(60)  # a real SIGTERM, to this process"
)
"""A day's line (`import os, signal, time`) that stops where it runs as SIGTERM from
outside would: aoc's handler takes it at once (`sigterm_for_aoc`)."""


@contextmanager
def sigterm_for_aoc() -> Iterator[None]:
    """While `aoc` runs in this process, SIGTERM (SIGTERM_HERE) is aoc's to handle, as in
    its own process: one that reaches this process's own handler instead fails the part
    it stops and the test, where it would have ended the test session."""
    missed: list[int] = []

    def not_aocs(signum: int, frame: object) -> None:
        missed.append(signum)
        raise RuntimeError("SIGTERM reached the test's handler, not aoc's")

    previous = signal.signal(signal.SIGTERM, not_aocs)
    try:
        yield
    finally:
        signal.signal(signal.SIGTERM, previous)
    assert not missed, "SIGTERM reached the test's handler, not aoc's"


# --- the check of the examples before sending ----------------------------------------------


def test_ctrl_c_during_the_check_before_sending_sends_nothing_and_exits_130(
    tmp_path: Path, site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """--yes: once the input's answers are in, the examples run before the send; Ctrl-C
    while they run stops the run there, with the answers kept and nothing sent. (A real
    Ctrl-C there, on a terminal: the test below.)"""
    stop = f"if text == 'example':\n    {CTRL_C}\nreturn 1"
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": day_source(stop)}):
        done = ctrl_c_here("run", str(YEAR), "1", "--yes", "--json")
    assert done.returncode == 130, done.stderr
    assert posts(site) == []
    [day] = json.loads(done.stdout)["results"]
    part_1, part_2 = day["parts"]
    assert (part_1["answer"], part_1["submitted"]) == ("1", None)
    assert part_1["submit_note"] == "not sent: the examples' check was interrupted (Ctrl-C)"
    assert part_2["answer"] == "2" and part_2["submitted"] is None
    assert CHECKING in done.stderr
    assert "Traceback" not in done.stderr


def test_on_a_terminal_ctrl_c_during_the_check_asks_nothing(
    tmp_path: Path, site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """Live, on a terminal (`site_cli.Screen`, as far as `aoc` can tell: it asks before
    sending), the day's row shows, then the check; Ctrl-C there stops the run: no question
    is asked after it, and the stop is said."""
    stop = f"if text == 'example':\n    {CTRL_C}\nreturn 1"
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": day_source(stop)}):
        done = ctrl_c_here("run", str(YEAR), "1", typed="", env=os.environ | {"COLUMNS": "120"})
    assert done.returncode == 130, done.stderr
    assert "\x1b[" in done.stdout  # drawn for a terminal
    screen = done.stdout + done.stderr
    assert CHECKING in screen and "[y/N]" not in screen, screen
    assert "the examples' check was interrupted (Ctrl-C)" in screen
    assert f"Interrupted (Ctrl-C) during {YEAR} day 1" in screen
    assert posts(site) == []


@pytest.mark.slow
def test_a_check_that_runs_out_of_time_fails_and_sends_nothing(
    tmp_path: Path, site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """The check runs under the run's --timeout: an example stopped by it fails the check,
    said in one sentence; the check says that it runs, once. (`aoc` in this process: the
    process stopped is the --timeout child.)"""
    stall = "if text == 'example':\n    time.sleep(120)\nreturn 1"
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": day_source(stall)}):
        done = site_cli.aoc_in_process("run", str(YEAR), "1", "--yes", "--json", "--timeout", "1")
    assert posts(site) == []
    [day] = json.loads(done.stdout)["results"]
    assert day["parts"][0]["submit_note"] == (
        "not sent: the examples must pass first: example 1 failed: timed out: stopped after "
        "1 s (--timeout)"
    )
    assert done.stderr.count(CHECKING) == 1, done.stderr
    assert "Traceback" not in done.stderr


_Prompter = site_cli.SaysYes


def _unknown(*answers: str) -> DayResult:
    """Day 1's result on the user's input, its answers not judged yet."""
    return DayResult(
        YEAR,
        1,
        None,
        "input",
        parts=tuple(
            PartResult(number, Status.UNKNOWN, answer=answer)
            for number, answer in enumerate(answers, start=1)
        ),
    )


@pytest.fixture
def counted_day(tmp_path: Path, site: FakeAoC) -> Iterator[Path]:
    """Day 1, whose part 1 appends a line to the file yielded on each run of the example."""
    runs = tmp_path / "example-runs"
    body = f"if text == 'example':\n    open({str(runs)!r}, 'a').write('ran\\n')\nreturn 1"
    with temporary_year(tmp_path / "counted", YEAR, {"day01.py": day_source(body)}):
        yield runs


def test_the_check_runs_once_a_day_in_a_run_and_only_for_an_answer_to_send(
    counted_day: Path, site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    from aoc2023.framework.submit import ExampleChecks, SubmitOptions, submit_new_answers

    def ran() -> int:
        return len(counted_day.read_text().splitlines()) if counted_day.exists() else 0

    prompter, checks = _Prompter(), ExampleChecks()
    dry = SubmitOptions(dry_run=True)
    # Part 2 alone, while part 1 is unsolved: refused by a cheap rule, no example runs.
    sent = submit_new_answers(
        RunReport(
            [_unknown("1", "2")._replace(parts=(PartResult(2, Status.UNKNOWN, answer="2"),))]
        ),
        dry,
        prompter,
        checks=checks,
    )
    assert sent.results[0].parts[0].submit_note == "not sent: part 1 is not solved yet"
    assert ran() == 0 and prompter.checked == []
    # Two results of the day in one run (as live, or --accounts, send them): one check.
    for _ in range(2):
        sent = submit_new_answers(RunReport([_unknown("1", "2")]), dry, prompter, checks=checks)
        assert sent.results[0].parts[0].submit_note == (
            f"not sent: dry run: would send 1 for {YEAR} day 1 part 1"
        )
    assert ran() == 1 and [c[:2] for c in prompter.checked] == [(YEAR, 1)]
    # Sent and judged wrong: the next run (a check of its own) refuses it by the record.
    site.puzzles[YEAR, 1].replies = [fake_aoc.WRONG]
    submit_new_answers(
        RunReport([_unknown("1")]), SubmitOptions(yes=True), prompter, checks=ExampleChecks()
    )
    assert posts(site) == [("1", "1")] and ran() == 2
    again = submit_new_answers(
        RunReport([_unknown("1")]),
        SubmitOptions(yes=True, wait=True),
        prompter,
        checks=ExampleChecks(),
    )
    assert "certainly wrong" in str(again.results[0].parts[0].submit_note)
    assert posts(site) == [("1", "1")] and ran() == 2


def test_the_check_passes_only_when_every_example_gives_its_answer(
    tmp_path: Path, site: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """Default-deny: an example whose part is not written, or gives no answer to compare,
    is no pass; one with no answer for the part checks nothing, and says so."""
    from aoc2023.framework.submit import SubmitOptions, submit_new_answers

    body = "if text == 'example':\n    raise NotImplementedError\nreturn 1"
    with temporary_year(tmp_path / "unwritten", YEAR, {"day01.py": day_source(body)}):
        sent = submit_new_answers(RunReport([_unknown("1")]), SubmitOptions(yes=True), _Prompter())
    assert posts(site) == []
    assert sent.results[0].parts[0].submit_note == (
        "not sent: the examples must pass first: example 1 failed: not implemented"
    )
    # A parse that fails on the example: the reason is said, not only "parse failed".
    parse = "\n    def parse(self, text: str) -> str:\n        return str(int(text))\n"
    with temporary_year(tmp_path / "unparsed", YEAR, {"day01.py": day_source("return 1") + parse}):
        sent = submit_new_answers(RunReport([_unknown("1")]), SubmitOptions(yes=True), _Prompter())
    assert posts(site) == []
    assert sent.results[0].parts[0].submit_note == (
        "not sent: the examples must pass first: example 1 failed: parse failed: "
        "ValueError: invalid literal for int() with base 10: 'example'"
    )


def test_nothing_is_sent_from_a_run_ctrl_c_stopped(site: FakeAoC, aocd_loaded: AocdHome) -> None:
    from aoc2023.framework.submit import SubmitOptions, submit_new_answers

    stopped = RunReport([_unknown("1")], interrupted=True)
    assert submit_new_answers(stopped, SubmitOptions(yes=True), _Prompter()) is stopped
    part_stopped = _unknown("1", "2")._replace(
        parts=(PartResult(1, Status.UNKNOWN, answer="1"), PartResult(2, Status.INTERRUPTED))
    )
    sent = submit_new_answers(RunReport([part_stopped]), SubmitOptions(yes=True), _Prompter())
    assert sent.results == [part_stopped] and posts(site) == []


# --- what finished is kept --------------------------------------------------------------------


def _kept(done: subprocess.CompletedProcess[str]) -> None:
    """Ctrl-C while part 2 ran again to have its memory measured: exit 130, and the JSON
    holds part 1 and part 2, measured after their timed run, which finished."""
    assert done.returncode == 130, done.stderr
    [day] = json.loads(done.stdout)["results"]
    part_1, part_2 = day["parts"]
    assert (part_1["status"], part_1["answer"]) == ("correct", "1")
    assert part_2["status"] == "correct"
    notices = json.loads(done.stdout)["notices"]
    assert any(f"Interrupted (Ctrl-C) during {YEAR} day 1" in notice for notice in notices)
    assert "Traceback" not in done.stderr


def test_ctrl_c_while_memory_is_measured_keeps_the_parts_that_finished(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """--memory measures in this process: part 2's measuring run is stopped."""
    stop = f"if tracemalloc.is_tracing():\n    {CTRL_C}\nreturn 2"
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": day_source("return 1", stop)}):
        _kept(ctrl_c_here("run", str(YEAR), "1", "--example", "--json", "--memory"))


CTRL_C_TO_AOC = (
    "os.kill(os.getppid(), signal.SIGINT); time.sleep(120)  # Ctrl-C, to aoc "
    "waiting on this --timeout child"
)
"""A line of a day's part that runs in a --timeout child (`import os, signal, time`): a
real SIGINT to its parent, `aoc`, as Ctrl-C on a terminal comes to `aoc` alone (the child
is in a process group of its own); the child then waits to be stopped. (A process with
threads may take it while it forks: see `ctrl_c_once_heard`.)"""


def ctrl_c_once_heard(fifo: Fifo) -> Callable[[], None]:
    """Ctrl-C to `aoc`, running in this process's main thread, once the day says on
    `fifo` that it reached the point under test; the function returned ends the wait
    (when `aoc` is done). The signal is sent to the main thread itself: Ctrl-C sent to the
    process may reach another thread of it (pytest-xdist's), and so be taken by Python
    while the main thread holds it back, forking a --timeout child (timeouts.py)."""
    main, done = threading.main_thread(), threading.Event()
    assert threading.current_thread() is main
    ident = threading.get_ident()

    def wait() -> None:
        while not done.is_set():
            if select.select([fifo.fd], [], [], 0.1)[0] and os.read(fifo.fd, 100):
                signal.pthread_kill(ident, signal.SIGINT)
                return

    waiter = threading.Thread(target=wait, daemon=True)
    waiter.start()

    def stop() -> None:
        done.set()
        waiter.join()

    return stop


def test_ctrl_c_while_a_timeout_child_measures_memory_keeps_the_parts_that_finished(
    tmp_path: Path, aocd_home: AocdHome, fifo: Fifo
) -> None:
    """--memory --timeout: part 2 is measured in a --timeout child, and Ctrl-C comes to
    `aoc`, in this process, while it waits for the child: once the child says it is
    measuring part 2 (an event, not a time), and then waits to be stopped. (Ctrl-C while
    part 2 runs in a --timeout child, before any measuring: the row below shows it, and
    test_contracts.py's Ctrl-C test (the group, under --timeout --json) keeps part 1 in
    the JSON.)"""
    stall = "if tracemalloc.is_tracing():\n    say('measuring')\n    time.sleep(120)\nreturn 2"
    with temporary_year(
        tmp_path / "site", YEAR, {"day01.py": day_source("return 1", stall, fifo=fifo.path)}
    ):
        stop = ctrl_c_once_heard(fifo)
        try:
            done = ctrl_c_here(
                "run", str(YEAR), "1", "--example", "--json", "--memory", "--timeout", "100"
            )
        finally:
            stop()
        _kept(done)


# --- pytest ---------------------------------------------------------------------------------


def test_ctrl_c_under_pytest_stops_the_session(
    tmp_path: Path, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The plugin's example tests: Ctrl-C in one (part 2 of the first example) stops
    pytest there, as Ctrl-C in any test does, rather than failing that example and going
    on with the next example or the next day; what passed before it is reported. (pytest
    in this process, as test_pytest_plugin.py runs it, in a project of its own.)"""
    later = tmp_path / "a later example ran"
    part_2 = f"if text == 'first':\n    {CTRL_C}\nopen({str(later)!r}, 'w').write(text)\nreturn 2"
    days = {
        "day01.py": day_source(
            "return 1",
            part_2,
            examples="[Example('first', part_1=1, part_2=2), "
            "Example('second', part_1=1, part_2=2)]",
        ),
        "day02.py": day_source("return 1"),
    }
    (pytester.path / "tests").mkdir()
    (pytester.path / "pyproject.toml").write_text(
        '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'
    )
    monkeypatch.setenv("COLUMNS", "200")
    with temporary_year(pytester.path, YEAR, days):
        done = pytester.runpytest_inprocess(
            "-p",
            "no:cacheprovider",
            "-p",
            "no:xdist",
            "-p",
            "no:hypothesispytest",
            "-rA",
            f"aoc{YEAR}",
            no_reraise_ctrlc=True,
        )
    out = str(done.stdout)
    assert done.ret == pytest.ExitCode.INTERRUPTED, out
    assert "KeyboardInterrupt" in out, out
    assert " failed" not in out, out
    assert f"PASSED aoc{YEAR}/day01.py::{YEAR}/01 part 1 example 1" in out, out
    assert f"aoc{YEAR}/day02.py::" not in out, out
    assert not later.exists()


# --- SIGTERM and SIGHUP ---------------------------------------------------------------------


def test_sigterm_keeps_what_finished_as_ctrl_c_does(tmp_path: Path, aocd_home: AocdHome) -> None:
    """SIGTERM lands while day 2's part 2 runs, after day 1 finished: under --json the
    document holds day 1 and day 2's part 1, the stopped part is marked, the notice names
    the signal, and the exit code is 128 + the signal. The part runs in `aoc`'s main
    thread, here this process's, where the day sends the signal (SIGTERM_HERE) and
    `aoc`'s handler (cli.py) takes it. SIGTERM and SIGHUP have that one handler:
    SIGHUP is sent to a process on a terminal, a --timeout child's parent, below."""
    signum = signal.SIGTERM
    days = {
        "day01.py": day_source("return 1"),
        "day02.py": day_source("return 1", f"{SIGTERM_HERE}\nreturn 2"),
    }
    with temporary_year(tmp_path / "site", YEAR, days), sigterm_for_aoc():
        done = ctrl_c_here("run", str(YEAR), "1-2", "--example", "--json")
    assert done.returncode == 128 + signum, done.stderr
    document = json.loads(done.stdout)
    assert "error" not in document, document
    day_1, day_2 = document["results"]
    assert [(p["status"], p["answer"]) for p in day_1["parts"]] == [
        ("correct", "1"),
        ("correct", "2"),
    ]
    assert [p["status"] for p in day_2["parts"]] == ["correct", "interrupted"]
    assert day_2["parts"][1]["error"] == "interrupted (SIGTERM)"
    assert any(
        f"Interrupted (SIGTERM) during {YEAR} day 2" in notice for notice in document["notices"]
    ), document["notices"]
    assert "Traceback" not in done.stderr


@pytest.mark.slow
def test_on_a_terminal_sighup_in_a_timeout_child_shows_the_rows_of_what_finished(
    tmp_path: Path, aocd_home: AocdHome, fifo: Fifo
) -> None:
    """SIGHUP while day 2's part 2 runs in a --timeout child, after day 1 finished: live,
    on a terminal, day 1's row, then day 2's, its part 1 done and part 2 marked, shown
    once the run has stopped; the notice names the signal, and the exit code is 128 + the
    signal. (Ctrl-C takes the same path; under --timeout --json: the --memory --timeout
    test above.) The child is stopped with the process its part started."""
    signum = signal.SIGHUP
    folder = write_year(tmp_path / "site", day_source("return 1"))
    start = "import subprocess; pids = [os.getpid(), subprocess.Popen(['sleep', '120']).pid]"
    stall = f"{start}\nsay(' '.join(['part 2', *map(str, pids)])); time.sleep(120)\nreturn 2"
    (folder / f"aoc{YEAR}" / "day02.py").write_text(day_source("return 1", stall, fifo=fifo.path))
    environment = env(aocd_home, folder) | {"TERM": "xterm", "COLUMNS": "120", "NO_COLOR": "1"}
    terminal = Terminal(
        site_cli.aoc_argv(None, "run", str(YEAR), "1-2", "--example", "--timeout", "100"),
        environment,
    )
    child, grandchild = map(int, fifo.heard(terminal.process).split()[2:])
    terminal.process.send_signal(signum)
    assert terminal.finish() == 128 + signum, terminal.screen
    deadline = time.monotonic() + 60
    while (running(child) or running(grandchild)) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not running(child) and not running(grandchild)
    [row_1] = [line for line in terminal.screen.splitlines() if f"{YEAR}/01" in line]
    [row_2] = [line for line in terminal.screen.splitlines() if f"{YEAR}/02" in line]
    assert "✔ 1" in row_1 and "✔ 2" in row_1, terminal.screen
    assert "✔ 1" in row_2 and "⏹ interrupted" in row_2, terminal.screen
    assert f"Interrupted (SIGHUP) during {YEAR} day 2" in terminal.screen
    assert "Traceback" not in terminal.screen


def test_ctrl_c_shows_what_finished_marks_the_rest_and_exits_130(tmp_path: Path) -> None:
    """Ctrl-C while day 1's part 2 runs is the KeyboardInterrupt Python raises in the
    day's code (aoc keeps Python's SIGINT handler): raised by the day, in this process.
    (A real SIGINT in a day's code: test_interrupt.py.)"""
    days = {"day01.py": day_source("return 1", CTRL_C), "day02.py": day_source("return 1")}
    with temporary_year(tmp_path / "site", 2066, days):
        try:
            done = aoc_in_process("run", "2066", "--example")
        except KeyboardInterrupt:
            pytest.fail("Ctrl-C got out of aoc", pytrace=False)
    assert done.returncode == 130, done.stderr
    assert "✔ 1" in done.stdout and "⏹ interrupted" in done.stdout
    assert "2066/02" not in done.stdout  # the day after it did not run
    assert "Interrupted (Ctrl-C) during 2066 day 1" in done.stderr
