"""Live output on a terminal (issue 12), in a real pseudo-terminal: each day's row as soon
as the day is done, a line saying which day and part run when a part takes long, and the
same single JSON document as ever under --json.

The days live in the throwaway year 2074; day 2's part 1 waits until the test lets it go,
so what shows before it finishes is seen for sure, with no timing guess.
"""

from __future__ import annotations

import json
import os
import pty
import re
import select
import signal
import subprocess
import threading
import time
from pathlib import Path

import pytest
import site_cli
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from site_cli import aoc_in_process

DAY = """
import os
import time
from pathlib import Path

from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    examples = [Example("example", part_1={day}, part_2=7)]

    def part_1(self, text: str) -> int:
        release = Path(os.environ["RELEASE_{day}"]) if "RELEASE_{day}" in os.environ else None
        deadline = time.monotonic() + 60
        while release is not None and not release.exists() and time.monotonic() < deadline:
            time.sleep(0.02)
        return {day}

    def part_2(self, text: str) -> int:
        return 7
"""


class Terminal:
    """A command (`aoc`, from site_cli) on a pseudo-terminal, read as it writes."""

    def __init__(self, command: list[str], env: dict[str, str]) -> None:
        self.controller, terminal = pty.openpty()
        self.process = subprocess.Popen(
            command, env=env, stdin=terminal, stdout=terminal, stderr=terminal
        )
        os.close(terminal)
        self.screen = ""

    def read_until(self, text: str, timeout: float = 60, after: int = 0) -> str:
        """The screen so far, once `text` shows on it (past the first `after` characters)."""
        deadline = time.monotonic() + timeout
        while text not in self.screen[after:] and time.monotonic() < deadline:
            ready, _, _ = select.select([self.controller], [], [], 0.1)
            if ready:
                try:
                    chunk = os.read(self.controller, 4096)
                except OSError:
                    break
                if not chunk:
                    break
                self.screen += chunk.decode(errors="replace")
        assert text in self.screen[after:], self.screen
        return self.screen

    def finish(self, timeout: float = 60) -> int:
        """The exit code, once the process ends and its output is read; a process still
        running after `timeout` seconds is killed and the test fails, never hangs."""
        deadline = time.monotonic() + timeout
        try:
            while True:
                ready, _, _ = select.select([self.controller], [], [], 1)
                if not ready:
                    if self.process.poll() is not None:
                        break
                    if time.monotonic() > deadline:
                        self.process.kill()
                        raise AssertionError(f"still running after {timeout} s:\n{self.screen}")
                    continue
                chunk = os.read(self.controller, 4096)
                if not chunk:
                    break
                self.screen += chunk.decode(errors="replace")
        except OSError:
            pass
        os.close(self.controller)
        return self.process.wait(timeout=60)


def environment(tmp_path: Path, home: AocdHome) -> dict[str, str]:
    site = tmp_path / "site"
    (site / "aoc2074").mkdir(parents=True)
    (site / "aoc2074" / "__init__.py").write_text("")
    for day in (1, 2):
        (site / "aoc2074" / f"day{day:02d}.py").write_text(DAY.format(day=day))
    env = home.env()
    env.update(
        PYTHONPATH=os.pathsep.join([str(site), env["PYTHONPATH"]]),
        COLUMNS="120",
        RELEASE_2=str(tmp_path / "release"),
    )
    return env


def test_each_row_shows_when_its_day_is_done_and_a_long_part_is_named(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """On a 110-column terminal, which gets the wide form: the form is chosen once, from
    the width (a typical row needs 102 columns, its title wrapped). Then, on the
    same process (`main` called again, as a fresh process runs it), --json on the
    terminal is still one document, at the end: no running line, no table. Last, at 80
    columns (macOS Terminal's default), several days are one table in one form, the
    narrow one, headed once: the form is chosen from the width, not from the first row
    (which fitted the wide one, and the next did not)."""
    env = environment(tmp_path, aocd_home) | {"COLUMNS": "110"}
    terminal = Terminal(
        site_cli.aoc_argv(
            None,
            ["run", "2074", "--example"],
            ["run", "2074", "--example", "--json"],
            ["run", "2074", "--example"],
            settings=[{}, {}, {"COLUMNS": "80"}],
        ),
        env,
    )
    screen = terminal.read_until("running 2074 day 2 part 1")
    assert "2074/01" in screen and "2074/02" not in screen  # day 1's row, day 2 still runs
    (tmp_path / "release").touch()
    assert terminal.finish() == 0
    live, code, as_json, json_code, narrow, narrow_code, rest = re.split(
        "\x1e(-?\\d+)\x1e\x1e", terminal.screen
    )
    assert (code, json_code, narrow_code, rest) == ("0", "0", "0", ""), terminal.screen
    after = live[len(screen) :]
    assert "2074/02" in after and "✔ 2" in after
    assert after.count("Advent of Code") == 0  # one table, headed once
    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", live)
    lines = re.split(r"[\r\n]", plain)  # the running line is rewritten in place (\r)
    assert any(re.search(r"│ +Parse │", line) for line in lines), plain
    assert max(len(line) for line in lines) <= 110

    text = as_json.replace("\r\n", "\n")
    assert "running" not in text and "│" not in text
    days = [(r["day"], r["parts"][0]["answer"]) for r in json.loads(text)["results"]]
    assert days == [(1, "1"), (2, "2")]

    plain = re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", narrow)
    lines = re.split(r"[\r\n]", plain)
    assert sum(bool(re.search(r"│ Day +│ Part 1 +│ Part 2 +│", line)) for line in lines) == 1
    assert not any("Parse" in line for line in lines), plain
    assert sum(line.startswith("┌") for line in lines) == 1, plain
    assert "2074/01" in plain and "2074/02" in plain


def test_a_row_that_does_not_fit_the_live_widths_heads_a_new_block() -> None:
    """Room to spare goes to the answers (a 14-digit one fits after a 1-digit one); a
    later answer longer than that is shown whole, under new headings fitted to every row
    so far; nothing is wider than the terminal."""
    import io

    from aoc2023.framework.commands.run import LiveTable
    from aoc2023.framework.results import DayResult, PartResult, Status

    def day(number: int, answer: str) -> DayResult:
        return DayResult(
            2074,
            number,
            "Title",
            "example",
            "example",
            1e-3,
            parts=tuple(PartResult(part, Status.CORRECT, answer, 1e-3) for part in (1, 2)),
        )

    out = io.StringIO()
    table = LiveTable(out, 100)
    table.row(day(1, "7"))
    table.row(day(2, "2" * 14))
    table.row(day(3, "1" * 30))
    table.close()
    lines = out.getvalue().splitlines()
    assert max(len(line) for line in lines) <= 100
    assert sum("Part 1" in line for line in lines) == 2 and lines[0].strip() == "Advent of Code"
    assert sum("1" * 30 in line for line in lines) == 1


@pytest.mark.parametrize("width", [80, 101, 102, 130])
def test_live_rows_keep_the_form_the_width_chose(width: int) -> None:
    """A short first row, then real titles and 16-digit answers: one form all along."""
    import io

    from aoc2023.framework.commands.run import LiveTable, live_narrow
    from aoc2023.framework.results import DayResult, PartResult, Status

    titles = [
        "Trebuchet?!",
        "A Long-Forgotten Point Of Incidence And Reflection",
        "Never Tell Me The Odds",
        "Camel Cards",
    ]
    answers = ["7", "1234567890123456", "98765432101234", "250643526"]
    out = io.StringIO()
    table = LiveTable(out, width)
    for day, (title, answer) in enumerate(zip(titles, answers, strict=True), start=1):
        table.row(
            DayResult(
                2074,
                day,
                title,
                "input",
                None,
                1e-3,
                parts=tuple(PartResult(part, Status.UNKNOWN, answer, 1e-3) for part in (1, 2)),
            )
        )
    table.close()
    lines = out.getvalue().splitlines()
    headings = [line for line in lines if "Part 1" in line]
    assert len(headings) == 1, out.getvalue()
    assert ("Title" in headings[0]) is (not live_narrow(width)), out.getvalue()
    assert max(len(line) for line in lines) <= width
    assert live_narrow(101) and not live_narrow(102)


def test_output_that_is_not_a_terminal_is_the_table_at_the_end(tmp_path: Path) -> None:
    """In this process, whose output is captured: no terminal."""
    (tmp_path / "release").touch()
    files = {f"day{day:02d}.py": DAY.format(day=day) for day in (1, 2)}
    with temporary_year(tmp_path / "site", 2074, files):
        done = aoc_in_process(
            "run",
            "2074",
            "--example",
            env=os.environ | {"COLUMNS": "120", "RELEASE_2": str(tmp_path / "release")},
        )
    assert done.returncode == 0, done.stderr
    assert "running" not in done.stderr and "\x1b" not in done.stdout
    assert done.stdout.count("2074/0") == 2 and done.stdout.count("┌") == 1


def test_the_questions_come_after_each_days_row_and_ctrl_c_at_one_is_no_to_the_rest(
    tmp_path: Path, aocd_loaded: AocdHome, fake_aoc: FakeAoC
) -> None:
    """Live, each day's answers are asked about after its row (the table closed before the
    question), and yes and no are kept; Ctrl-C at a question still means no to that answer
    and to every one after it, in the later days too, which still run and are shown."""
    site = tmp_path / "site2080"
    (site / "aoc2080").mkdir(parents=True)
    (site / "aoc2080" / "__init__.py").write_text("")
    for day in (1, 2, 3):
        (site / "aoc2080" / f"day{day:02d}.py").write_text(DAY.format(day=1))
    env = aocd_loaded.env()
    env.update(PYTHONPATH=os.pathsep.join([str(site), env["PYTHONPATH"]]), COLUMNS="120")
    aocd_loaded.set_token()
    for day in (1, 2, 3):
        aocd_loaded.cache_input(2080, day, "input")
        fake_aoc.add_puzzle(2080, day, "Live", inputs={TOKEN: "input"}, solutions=["1", "7"])
    terminal = Terminal(site_cli.aoc_argv(fake_aoc, "run", "2080"), env)
    screen = terminal.read_until("[y/N]")
    assert screen.index("2080/01") < screen.index("Send 1 as the answer to 2080 day 1 part 1?")
    assert "└" in screen and "2080/02" not in screen  # the table is closed before the question
    os.write(terminal.controller, b"y\n")
    screen = terminal.read_until("[y/N]", after=len(screen))
    os.write(terminal.controller, b"n\n")
    terminal.read_until("Send 1 as the answer to 2080 day 2 part 1?", after=len(screen))
    assert "2080 day 1 part 2: not sent: you said no" in terminal.screen
    terminal.process.send_signal(signal.SIGINT)  # Ctrl-C (the pty is not its controlling tty)
    deadline = time.monotonic() + 60
    later = ("2080 day 2 part 2? [y/N]", "2080 day 3 part 1? [y/N]")

    def asked_again() -> bool:
        return any(question in terminal.screen for question in later)

    while terminal.process.poll() is None and not asked_again() and time.monotonic() < deadline:
        if select.select([terminal.controller], [], [], 0.1)[0]:
            try:
                terminal.screen += os.read(terminal.controller, 4096).decode(errors="replace")
            except OSError:  # the end of the output
                break
    if asked_again():
        os.write(terminal.controller, b"n\nn\nn\n")  # let it end, then fail
    terminal.finish()
    assert "2080/03" in terminal.screen, terminal.screen  # day 3 ran and was shown
    assert not asked_again(), terminal.screen
    assert [r.form["answer"] for r in fake_aoc.requests if r.method == "POST"] == ["1"]


def test_the_running_line_fits_a_narrow_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    """The line saying what runs is rewritten in place, so it must not wrap: `\\r` would
    then rewrite only its last part and leave the rest on the screen. On 24 columns
    (COLUMNS, which a process on a terminal of any width reads the same way) it takes
    its narrow form, the time first, at each tick. The line on a real terminal: the test
    of each row above. Time passes on a fake clock; the line's thread ticks for real, so
    the test waits for two ticks by polling, never by time."""
    import io

    from fake_clock import FakeClock

    from aoc2023.framework.commands.run import SHOW_AFTER, RunningLine

    monkeypatch.setenv("COLUMNS", "24")
    clock, err = FakeClock(), io.StringIO()
    with RunningLine(err, clock.monotonic) as line:
        line.step(2074, 2, 1)
        clock.advance(SHOW_AFTER + 0.1)
        deadline = time.monotonic() + 60
        while err.getvalue().count("2074/02 part 1 ") < 2 and time.monotonic() < deadline:
            time.sleep(0.02)  # the narrow form, as the tick shows it, and rewritten
        screen = err.getvalue()
    assert screen.count("\r\x1b[2K2074/02 part 1 ") >= 2, screen
    ticks = [
        piece
        for piece in re.split(r"[\r\n]", re.sub(r"\x1b\[[0-9;]*[A-Za-z]", "", screen))
        if "2074 day 2" in piece or "2074/02 part" in piece
    ]
    assert ticks and all(len(tick) < 24 for tick in ticks), ticks


class WatchedLock:
    """A lock that tells when a thread other than the main one finds it held and waits."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.waited = threading.Event()

    def __enter__(self) -> WatchedLock:
        if threading.current_thread() is not threading.main_thread() and self.lock.locked():
            self.waited.set()
        self.lock.acquire()
        return self

    def __exit__(self, *exc: object) -> None:
        self.lock.release()


def test_the_running_line_counts_the_parts_time_not_the_send_question() -> None:
    """Sending re-runs the day's examples (a step starts) and then asks: a tick that read
    that step before the question, drawn once the question was answered, said `running
    2054 day 9 part 2 (3.3 s)` for a part of 4.6 ms. Time passes on a fake clock; the
    line's thread ticks for real, so the test waits for it by polling, never by time."""
    import io

    from fake_clock import FakeClock

    from aoc2023.framework.commands.run import RunningLine

    clock, err = FakeClock(), io.StringIO()
    line = RunningLine(err, clock.monotonic)
    lock = WatchedLock()
    line.lock = lock  # type: ignore[assignment]  # the same lock, watched

    with line:

        def sending() -> None:
            line.step(2054, 9, 2)  # a step told while the row is shown
            clock.advance(0.6)  # long enough to be shown, had it still run
            assert lock.waited.wait(60)  # the thread ticks meanwhile, waiting on the lock
            clock.advance(3.3)  # the question

        line.step(2054, 9, 2)
        clock.advance(0.0046)
        line.paused(sending)
        line.step(2054, 10, 1)
        clock.advance(0.7)
        deadline = time.monotonic() + 60
        while "day 10" not in err.getvalue() and time.monotonic() < deadline:
            time.sleep(0.02)
    assert "day 9" not in err.getvalue()
    assert "running 2054 day 10 part 1 (0.7 s)" in err.getvalue()


def test_the_running_line_leaves_ctrl_c_and_sigterm_to_the_main_thread() -> None:
    """The kernel hands a process's signal to any thread that does not block it; one handed
    to the running line's thread left `aoc` waiting at a send question, deaf to Ctrl-C and
    SIGTERM (seen once in CI). That thread blocks them, so the main thread gets them."""
    import io

    from aoc2023.framework.commands.run import RunningLine

    with RunningLine(io.StringIO()) as line:
        status = Path(f"/proc/self/task/{line.thread.native_id}/status")
        deadline = time.monotonic() + 60
        blocked = 0
        while time.monotonic() < deadline and not blocked:
            fields = dict(row.split(":", 1) for row in status.read_text().splitlines())
            blocked = int(fields["SigBlk"], 16)
            time.sleep(0.01)
    for signum in (signal.SIGINT, signal.SIGTERM, signal.SIGHUP):
        assert blocked & (1 << (signum - 1)), signum
    main = dict(row.split(":", 1) for row in Path("/proc/self/status").read_text().splitlines())
    assert not int(main["SigBlk"], 16) & (1 << (signal.SIGINT - 1))
