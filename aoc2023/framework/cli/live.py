"""`aoc run` on a terminal: each day's row as soon as the day is done, a line saying what
runs while a step takes long, and the questions before sending after the day's row.

Used only when stdout and stderr are terminals and not under --json (cli/run.py
decides, and imports this module only then): output for programs stays one
document at the end.
"""

from __future__ import annotations

import signal
import sys
import threading
from time import monotonic
from typing import IO, TYPE_CHECKING, Protocol

from aoc2023.framework.commands.view import cell_width, status_line
from aoc2023.framework.results import Step

if TYPE_CHECKING:
    from collections.abc import Callable

    from aoc2023.framework.results import DayResult, RunReport

SHOW_AFTER = 0.5
"""Seconds a step runs before the line saying what runs appears."""
_TICK = 0.1
_FOR_THE_MAIN_THREAD = {signal.SIGINT, signal.SIGTERM, getattr(signal, "SIGHUP", signal.SIGTERM)}


class Sends(Protocol):
    """What sends a day's new answers (cli/run.py's Sender): `due` says whether a report
    holds anything to send, so that a row with nothing to send asks nothing."""

    def due(self, outcome: RunReport) -> bool: ...

    def __call__(self, outcome: RunReport) -> RunReport: ...


class RunningLine:
    """A thread that keeps one line on `err` saying which day and part are running, once
    a step has run SHOW_AFTER seconds; `cleared()` removes it before anything is printed.
    The runner tells it each step through `step`, the run's `on_step`."""

    def __init__(self, err: IO[str], clock: Callable[[], float] = monotonic) -> None:
        from aoc2023.framework.commands.view import terminal_width

        self.err = err
        self.clock = clock
        """The clock `step` stamps the steps on."""
        self.current: Step | None = None
        self.width = terminal_width(err)  # a line that wraps cannot be rewritten in place
        self.lock = threading.Lock()
        self.shown = False
        self.stop = threading.Event()
        self.thread = threading.Thread(target=self._run, name="aoc-running-line", daemon=True)

    def __enter__(self) -> RunningLine:
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop.set()
        self.thread.join()
        self.clear()

    def _run(self) -> None:
        # Ctrl-C, SIGTERM and SIGHUP are for the main thread. The kernel may hand a
        # process's signal to any thread that does not block it, and one handed to this
        # thread leaves the main thread blocked where it waits (reading the answer to a
        # question, say): seen as a run deaf to Ctrl-C at a send question.
        signal.pthread_sigmask(signal.SIG_BLOCK, _FOR_THE_MAIN_THREAD)
        while not self.stop.wait(_TICK):
            with self.lock:
                # Read under the lock: a step read before a row or a question was shown
                # is over by the time it is released (its time would count the question).
                step = self.current
                if step is None or self.clock() - step.since < SHOW_AFTER:
                    continue
                what = f"part {step.part}" if step.part else "parse and parts"
                took = f"{self.clock() - step.since:.1f} s"
                line = f"running {step.year} day {step.day} {what} ({took})"
                if self.width is not None and cell_width(line) >= self.width:  # the time first
                    line = f"{step.year}/{step.day:02d} {what} {took}"
                self.err.write(status_line(line, self.width))
                self.err.flush()
                self.shown = True

    def step(self, year: int, day: int, part: int | None) -> None:
        """A step starts: the run's `on_step` (runner.run_days, run_solution)."""
        self.current = Step(year, day, part, self.clock())

    def clear(self) -> None:
        with self.lock:
            if self.shown:
                self.err.write("\r\x1b[2K")
                self.err.flush()
                self.shown = False

    def paused(self, show: Callable[[], object]) -> None:
        """Run `show` (printing) with the line out of the way and kept away meanwhile."""
        with self.lock:
            if self.shown:
                self.err.write("\r\x1b[2K")
                self.err.flush()
                self.shown = False
            self.current = None  # nothing runs while a row or a question is shown
            show()
            self.current = None


def run_live(
    line: RunningLine,
    run: Callable[[Callable[[DayResult], object]], RunReport],
    send: Sends | None,
    verbose: bool,
    more_notices: Callable[[RunReport], list[str]] | None = None,
    memory: bool = False,
) -> RunReport:
    """`run(on_result)` with each result shown as it comes, and sent by `send` (which may
    ask the user) right after its row; the report holds the results as sent, and the
    notices `more_notices` finds in it once every day is done. With `memory`, the table
    has the peak memory column (--memory). Ctrl-C while sending stops the run, as
    Ctrl-C in a part does; the result Ctrl-C stopped, which `run` keeps but does not
    pass on, gets its row at the end. `line` says what runs meanwhile: `run` tells it
    each step (`line.step` as the runner's `on_step`)."""
    from aoc2023.framework.commands.view import terminal_width
    from aoc2023.framework.render import run as run_view
    from aoc2023.framework.results import RunReport

    table = run_view.LiveTable(sys.stdout, terminal_width(sys.stdout), memory)
    shown: list[DayResult] = []
    unsent: list[DayResult] = []  # their notes (why not sent: verdict.py) come at the end
    with line:
        def on_result(result: DayResult) -> None:
            def show() -> None:
                table.row(result)
                if send is None or not send.due(RunReport([result])):
                    shown.append(result)
                    unsent.append(result)
                    return
                table.close()  # the questions and notes come below the row
                sent = send(RunReport([result]))
                run_view.show_submissions(sent, sys.stderr)
                shown.extend(sent.results)
                if sent.interrupted:
                    raise KeyboardInterrupt  # `run` stops, saying so

            line.paused(show)

        outcome = run(on_result)
    for result in outcome.results[len(shown):]:  # after Ctrl-C: what finished of its day
        table.row(result)
        shown.append(result)
    table.close()
    report = RunReport(shown, outcome.notices, outcome.interrupted)
    if more_notices is not None and not report.interrupted:
        report.notices.extend(more_notices(report))
    run_view.render_after_live(report, verbose, sys.stderr, RunReport(unsent))
    return report
