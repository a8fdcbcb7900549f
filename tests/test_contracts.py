"""Contract tests: generated misbehaving days (tests/misbehaving_days.py) driven through the
commands, each run held to the promises every user relies on:

- the exit code is a documented one (0, 1, 2, 130), the very one where the case decides it;
- with `--json`, stdout is one JSON document, an error of the whole command included
  (`{"error": SENTENCE, "exit_code": N}`);
- no traceback without `--verbose`, and no "unexpected" sentence for what a day causes;
- nothing is sent unless every check passed (the stand-in site counts the answers posted);
- nothing that finished is lost: a part that finished before another failed or Ctrl-C
  came shows with its answer, and a good day beside a bad one shows its row.

Commands whose subject is what they print run in this process (site_cli.aoc_in_process);
output below `sys.stdout`, Ctrl-C and nested pytest need a process of their own (Ctrl-C
under pytest is test_interrupt.py's). The default profile is small and fixed (the same
days each run; a test that starts a process runs its explicit cases alone, or none
where another file's tests run the same command on the same writes);
`AOC_CONTRACTS=wide` draws many more (see misbehaving_days.examples).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import signal
import subprocess
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import chdir, contextmanager
from pathlib import Path
from typing import Any

import pytest
import typer.main
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from fake_clock import cap_runs
from hypothesis import example, given
from hypothesis import strategies as st
from misbehaving_days import (
    EXAMPLE_SHAPES,
    GOOD_DAY,
    IMPORT_ENDS,
    NOT_INPUTS,
    OTHER_YEAR,
    PART_RETURNS,
    RAISES,
    WIDE,
    YEAR,
    Behaviour,
    Day,
    Declared,
    End,
    behaviours,
    days,
    declared_days,
    examples,
)
from site_cli import aoc_argv, aoc_in_process

DOCUMENTED = {0, 1, 2, 130}
TRACEBACK = "Traceback (most recent call last)"
UNEXPECTED = re.compile(r"\bunexpected [A-Z][A-Za-z]*\b")
"""The framework's word for an exception it did not foresee ("unexpected IndexError")."""


# --- the promises, checked on any command's result -------------------------------------------


class Broken(AssertionError):
    """A broken promise. Each promise fails as a class of its own (`broken_class`), so
    that hypothesis tells them apart and shrinks a day for each."""


_BROKEN: dict[str, type[Broken]] = {}


def broken_class(promise: str) -> type[Broken]:
    name = re.sub(r"\W+", "_", re.split(r"[:(]", promise)[0]).strip("_")
    return _BROKEN.setdefault(name, type(f"Broken_{name}", (Broken,), {}))


class Promises:
    """The promises checked on one command's result: each broken one is noted, and the
    block fails at its end naming them all, with the command, its output and the
    generated files that broke them."""

    def __init__(self, result: subprocess.CompletedProcess[str], sources: str) -> None:
        self.result, self.sources, self.broken = result, sources, list[str]()

    def keep(self, ok: object, promise: str) -> bool:
        if not ok:
            self.broken.append(promise)
        return bool(ok)

    def __enter__(self) -> Promises:
        return self

    def __exit__(self, kind: object, *rest: object) -> None:
        if kind is None and self.broken:
            result = self.result
            said = "BROKEN PROMISE: " + "\nBROKEN PROMISE: ".join(self.broken)
            raise broken_class(self.broken[0])(
                said + f"\n\n$ aoc {' '.join(map(str, result.args[1:]))}\n"
                f"exit code: {result.returncode}\n--- stdout ---\n{result.stdout[-3000:]}\n"
                f"--- stderr ---\n{result.stderr[-3000:]}\n\n{self.sources}"
            )

    def common(self, *, as_json: bool) -> Any:
        """The promises every command keeps. Returns the JSON document when one was asked
        (the last object on stdout when stdout is more than one, so that the other
        promises are still checked), else None."""
        result = self.result
        self.keep(
            result.returncode in DOCUMENTED, f"a documented exit code (one of {sorted(DOCUMENTED)})"
        )
        self.keep(TRACEBACK not in result.stdout + result.stderr, "no traceback without --verbose")
        self.keep(
            not UNEXPECTED.search(result.stderr + result.stdout),
            "no 'unexpected' sentence for what a day's code causes",
        )
        if not as_json:
            return None
        try:
            document = json.loads(result.stdout)
        except ValueError as error:
            self.keep(False, f"stdout is one JSON document under --json ({error})")
            document = _last_object(result.stdout)
            if document is None:
                return {}
        if not self.keep(isinstance(document, dict), "the JSON document is an object"):
            return {}
        if "error" in document:
            self.keep(
                document.get("exit_code") == result.returncode,
                "an error of the whole command says its exit code in the JSON",
            )
        return document

    def code(self, codes: set[int], why: str) -> None:
        self.keep(self.result.returncode in codes, f"exit code {sorted(codes)}: {why}")

    def good_day(self, document: dict[str, Any] | None, year: int = YEAR) -> None:
        """The good day beside the generated one shows its row, answers right."""
        if document is None:
            self.keep(
                f"{year}/02" in self.result.stdout,
                f"a bad day fails alone: the good day's row {year}/02 shows",
            )
            return
        row = day_rows(document).get((year, 2))
        answers = row and [(p["status"], p["answer"]) for p in row["parts"]]
        self.keep(
            answers == [("correct", "7"), ("correct", "seven")],
            f"a bad day fails alone: the good day {year}/02 shows both parts right (got {answers})",
        )

    def finished(
        self, document: dict[str, Any], parts: Sequence[int], status: str = "correct"
    ) -> None:
        """Parts that finished show with their answers, whatever else went wrong."""
        row = day_rows(document).get((YEAR, 1))
        shown = {p["part"]: (p["status"], p["answer"]) for p in (row or {}).get("parts", [])}
        for part in parts:
            got = shown.get(part, (None, None))
            self.keep(
                got[1] == str(part) and (not status or got[0] == status),
                f"nothing lost that finished: {YEAR} day 1 part {part} shows "
                f"{status or 'its answer'} {str(part)!r} (got {shown.get(part)})",
            )


def _last_object(stdout: str) -> Any:
    for start in reversed([m.start() for m in re.finditer(r"^\{", stdout, re.MULTILINE)]):
        try:
            return json.loads(stdout[start:])
        except ValueError:
            continue
    return None


def day_rows(document: dict[str, Any], key: str = "results") -> dict[tuple[int, int], Any]:
    return {
        (row["year"], row["day"]): row for row in document.get(key) or [] if isinstance(row, dict)
    }


# --- running a generated day ------------------------------------------------------------------


def in_process(
    files: dict[str, str], *args: str, other: dict[str, str] | None = None, init: str | None = None
) -> subprocess.CompletedProcess[str]:
    """`aoc ARGS` in this process on a fresh throwaway year holding `files` (and `other`,
    a second year), from a fresh folder. A day's exception that escapes `main` is a
    result too (exit code None), so that it fails as a broken promise."""
    with tempfile.TemporaryDirectory() as folder, _years(Path(folder), files, other, init):
        try:
            return aoc_in_process(*args, cwd=Path(folder))
        except KeyboardInterrupt:
            raise
        except BaseException as error:  # the day's own, escaped from main
            return subprocess.CompletedProcess(
                ["aoc", *args], -1, "", f"escaped aoc's main: {error!r}"
            )


@contextmanager
def _years(
    folder: Path, files: dict[str, str], other: dict[str, str] | None, init: str | None
) -> Iterator[None]:
    with temporary_year(folder / "site", YEAR, files):
        if other is None:
            yield
            return
        with temporary_year(folder / "other", OTHER_YEAR, {}) as package:
            for name, text in other.items():
                (package / name).write_text(text)
            if init is not None:
                (package / "__init__.py").write_text(init)
            yield


def fails_alone_codes(day: Day) -> set[int]:
    """`aoc run --example`'s exit codes for the day, with its helper module."""
    codes = day.exit_codes()
    if day.helper is not None and day.helper.end.kind == "error":
        codes = codes | {2} if codes != {2} else codes
    return codes


@pytest.fixture(autouse=True)
def _quiet_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("TERM", "dumb")


# --- aoc run, in this process -----------------------------------------------------------------


@given(day=days(), options=st.sampled_from([(), ("--timeout", "30"), ("--memory",)]))
@examples(10, wide=800)
def test_run_json_keeps_every_promise(day: Day, options: tuple[str, ...]) -> None:
    result = in_process(day.files(), "run", str(YEAR), "--example", "--json", *options)
    with Promises(result, day.describe()) as promises:
        document = promises.common(as_json=True)
        promises.code(
            fails_alone_codes(day),
            "0 all right, 1 an answer wrong, 2 something could not run (2 wins)",
        )
        promises.good_day(document)
        promises.finished(document, day.finished_parts())


@given(day=days())
@examples(5, wide=300)
def test_run_table_keeps_every_promise(day: Day) -> None:
    result = in_process(day.files(), "run", str(YEAR), "--example")
    with Promises(result, day.describe()) as promises:
        promises.common(as_json=False)
        promises.code(fails_alone_codes(day), "as under --json")
        promises.good_day(None)


# --- aoc bench and aoc list, in this process -------------------------------------------------


@pytest.fixture
def capped_bench(monkeypatch: pytest.MonkeyPatch) -> None:
    cap_runs(monkeypatch, max_runs=6)


@given(day=days(helpers=False))
@examples(2, wide=200)
def test_bench_json_keeps_every_promise(day: Day, capped_bench: None) -> None:
    result = in_process(day.files(), "bench", str(YEAR), "--example", "--json", "--budget", "0.05")
    with Promises(result, day.describe()) as promises:
        document = promises.common(as_json=True)
        codes = day.exit_codes()
        promises.code(
            codes if codes in ({0}, {2}) else {0, 1, 2}, "aoc bench has aoc run's exit codes"
        )
        promises.keep(
            (YEAR, 2) in day_rows(document), "a bad day fails alone: the good day's bench row shows"
        )


@given(day=days())
@examples(8, wide=500)
def test_list_json_keeps_every_promise(day: Day, aocd_home: AocdHome) -> None:
    (aocd_home.data / "aoc-listing-cache.json").unlink(missing_ok=True)  # a miss: imports
    result = in_process(day.files(), "list", str(YEAR), "--json")
    with Promises(result, day.describe()) as promises:
        listed = day_rows(promises.common(as_json=True), "days")
        codes = {0} if day.imports() else {2}
        if day.helper is not None and day.helper.end.kind == "error":
            codes |= {2}
        promises.code(codes, "2 when a day's module cannot be imported, else 0")
        promises.keep(
            (YEAR, 2) in listed and listed[YEAR, 2]["error"] is None,
            "a bad module fails alone: the good day is listed",
        )
        if not day.imports():
            promises.keep(
                (listed.get((YEAR, 1)) or {}).get("error"),
                "a day that cannot be imported is listed with the reason",
            )


# --- a broken year package, and modules named like a day ------------------------------------


GOOD_YEAR_DAY = {"day02.py": GOOD_DAY}


@given(
    init=behaviours([e for e in IMPORT_ENDS if e.kind == "error"]),
    command=st.sampled_from(["run", "bench", "list"]),
)
@examples(5, wide=200)
def test_a_broken_year_package_fails_alone(
    init: Behaviour, command: str, capped_bench: None
) -> None:
    """The other year's package `__init__` misbehaves at import; this year still runs."""
    text = (
        "import argparse, os, subprocess, sys, tempfile, threading, time\n"
        "class Odd(BaseException):\n    pass\n" + "\n".join(init.lines("__init__")) + "\n"
    )
    args = [command, f"{YEAR}-{OTHER_YEAR}", "--json"]
    args += [] if command == "list" else ["--example"]
    args += ["--budget", "0.05"] if command == "bench" else []
    result = in_process(GOOD_YEAR_DAY, *args, other=GOOD_YEAR_DAY, init=text)
    with Promises(result, f"--- aoc{OTHER_YEAR}/__init__.py ---\n{text}") as promises:
        document = promises.common(as_json=True)
        promises.code({2}, "a year package that cannot be imported could not run")
        promises.keep(
            (YEAR, 2) in day_rows(document, "days" if command == "list" else "results"),
            "a broken year package fails alone: the other year's day shows",
        )
        promises.keep(
            f"aoc{OTHER_YEAR}" in result.stderr + result.stdout,
            "the sentence names the broken package",
        )
        promises.keep("usage:" not in result.stderr, "no usage text of a module's argparse")


def test_a_module_named_like_a_day_is_never_passed_over_in_silence() -> None:
    """Each twin of day01.py, by aoc run and by aoc list."""
    for twin in ("day1.py", "day_01.py"):
        for name in ("run", "list"):
            files = {
                **GOOD_YEAR_DAY,
                "day01.py": GOOD_DAY,
                twin: GOOD_DAY.replace("7", "8").replace("seven", "eight"),
            }
            args = [name, str(YEAR), "--json"] + ([] if name == "list" else ["--example"])
            result = in_process(files, *args)
            sources = "\n".join(f"--- aoc{YEAR}/{file} ---\n{text}" for file, text in files.items())
            with Promises(result, sources) as promises:
                document = promises.common(as_json=True)
                promises.keep(
                    twin in result.stderr + result.stdout,
                    f"{twin} beside day01.py is named (refused, or in a hint)",
                )
                promises.keep(
                    (YEAR, 2) in day_rows(document, "days" if name == "list" else "results"),
                    "the other days still show",
                )


# --- errors of the whole command --------------------------------------------------------------


PAST_THE_PARSER: dict[str, tuple[str, ...]] = {
    "run": (str(YEAR), "9", "--example"),
    "bench": (str(YEAR), "9", "--example"),
    "list": ("90x1",),
    "new": (str(YEAR), "99"),
    "token": (),  # no token in the test's home
    "leaderboard": (str(YEAR), "1"),
    "read": (str(YEAR), "99"),
    "examples": (str(YEAR), "99"),
    "stats": ("90x1",),
}
"""For each command, a command line its parser takes that then fails as a whole (no such
day, a bad year, no token): a command with no `--json` is refused at its parser instead."""


def test_every_command_takes_json() -> None:
    """Each of `aoc`'s commands has --json, and a case above: a command added without
    either fails here."""
    from aoc2023.framework.cli import COMMANDS, make_app

    assert set(PAST_THE_PARSER) == set(COMMANDS)
    group: Any = typer.main.get_command(make_app())
    without = [
        name
        for name, chosen in group.commands.items()
        if "--json" not in {opt for param in chosen.params for opt in param.opts}
    ]
    assert without == []


def test_an_error_of_the_whole_command_is_one_json_document() -> None:
    """Each command with a bad option, a bad year and an error past its parser; `run`,
    `bench` and `list` with no such day too."""
    faults: list[tuple[str, tuple[str, ...]]] = [
        *[
            (name, fault)
            for name in PAST_THE_PARSER
            for fault in [("--bogus",), (*PAST_THE_PARSER[name],)]
        ],
        *[(name, ("90x1",)) for name in ("run", "bench", "new", "read", "examples")],
        ("list", (str(YEAR), "9")),  # it takes no days: an extra argument, refused
    ]
    for name, fault in faults:
        result = in_process(GOOD_YEAR_DAY, name, *fault, "--json")
        with Promises(result, f"(a whole-command error: {name} {' '.join(fault)})") as promises:
            document = promises.common(as_json=True)
            promises.code({2}, "a usage error, or what the command needs is not there")
            promises.keep(
                set(document) == {"error", "exit_code"} and document["error"],
                'the error is {"error": SENTENCE, "exit_code": 2}',
            )
            promises.keep("--json" not in str(document.get("error")), f"aoc {name} takes --json")


# --- sends: only after every check passed -----------------------------------------------------


@pytest.fixture
def answers_site(fake_aoc: FakeAoC, aocd_loaded: AocdHome) -> FakeAoC:
    return fake_aoc


def sending_day(example_1: Behaviour, example_2: Behaviour) -> str:
    """Right on the real input ("input"); on its example, each part does as drawn."""
    lines = [
        "import os, subprocess, sys, tempfile, threading, time",
        "from aoc2023.framework import Example, Solution",
        "",
        "class Odd(BaseException):",
        "    pass",
        "",
        "class Day(Solution[str]):",
        '    examples = [Example("example", part_1=1, part_2=2)]',
    ]
    for n, behaviour in ((1, example_1), (2, example_2)):
        lines += [
            "",
            f"    def part_{n}(self, text: str) -> object:",
            '        if text != "example":',
            f"            return {n}",
            *(
                "        " + line
                for text in behaviour.lines(f"part_{n}", n)
                for line in text.splitlines()
            ),
        ]
    return "\n".join(lines) + "\n"


LATE = End("time.sleep(4)\nreturn {n}", "late")
"""Right, but only after much longer than the `--timeout` a run may give (1 s)."""
EXAMPLE_ENDS = [PART_RETURNS[0], PART_RETURNS[3], PART_RETURNS[7], RAISES[0], RAISES[6], RAISES[5]]


def example_checks(
    options: tuple[str, ...],
) -> st.SearchStrategy[tuple[tuple[str, ...], Behaviour, Behaviour]]:
    """Each part's behaviour on its example; under --timeout, one may be late too, in the
    wide profile: by default an example that runs out of the run's time (a real wait)
    is test_interrupt.py's (test_a_check_that_runs_out_of_time_fails_and_sends_nothing)."""
    ends = EXAMPLE_ENDS + ([LATE] if options and WIDE else [])
    return st.tuples(st.just(options), behaviours(ends), behaviours(ends))


def reset_account(home: AocdHome, site: FakeAoC) -> None:
    """A fresh aocd home (no answers, journal or waits) and a fresh puzzle, per example."""
    for folder in (home.data, home.config):
        shutil.rmtree(folder)
        folder.mkdir()
    home.set_token()
    home.cache_input(YEAR, 1, "input")
    site.add_puzzle(YEAR, 1, "Checked", inputs={TOKEN: "input"}, solutions=["1", "2"])


@given(checks=st.sampled_from([(), ("--timeout", "1")]).flatmap(example_checks))
@examples(3, wide=160)
def test_nothing_is_sent_unless_every_check_passed(
    checks: tuple[tuple[str, ...], Behaviour, Behaviour],
    answers_site: FakeAoC,
    aocd_loaded: AocdHome,
) -> None:
    options, example_1, example_2 = checks
    reset_account(aocd_loaded, answers_site)
    source = sending_day(example_1, example_2)
    before = len(answers_site.requests)
    result = in_process({"day01.py": source}, "run", str(YEAR), "1", "--yes", "--json", *options)
    sent = [r.form["level"] for r in answers_site.requests[before:] if r.method == "POST"]

    def passes(behaviour: Behaviour) -> bool:
        return behaviour.end.kind == "right"  # late: the check timed out, so it failed

    allowed = ["1"] if passes(example_1) else []
    allowed += ["2"] if allowed and passes(example_2) else []
    with Promises(result, f"--- aoc{YEAR}/day01.py ---\n{source}") as promises:
        document = promises.common(as_json=True)
        promises.keep(
            set(sent) <= set(allowed),
            f"nothing sent unless every check passed: sent part(s) {sent}, the "
            f"checks passed for {allowed or 'none'}",
        )
        promises.finished(document, [1, 2], status="")


# --- output below sys.stdout, in a process of its own ----------------------------------------


def site_path_env(home: AocdHome, site: Path) -> dict[str, str]:
    env = home.env() | {"NO_COLOR": "1", "TERM": "dumb"}
    env["PYTHONPATH"] = os.pathsep.join([str(site), env["PYTHONPATH"]])
    return env


def write_year(folder: Path, year: int, files: dict[str, str]) -> Path:
    package = folder / "site" / f"aoc{year}"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    return folder / "site"


def chatty(step: str, effects: tuple[str, ...]) -> Day:
    """A right day whose `step` writes on stdout by `effects`."""
    quiet, right = Behaviour((), End("", "right")), Behaviour((), PART_RETURNS[0])
    steps = {"at_import": quiet, "parse": quiet, "part_1": right, "part_2": right}
    steps[step] = Behaviour(effects, steps[step].end)
    return Day(steps["at_import"], steps["parse"], steps["part_1"], steps["part_2"])


BELOW = ("os.write", "__stdout__", "subprocess")


@pytest.mark.slow
@example(
    day=chatty("parse", ("print", *BELOW)),
    args=("bench", "--example", "--json", "--budget", "0.01"),
)
@given(
    day=days(descriptor=True, helpers=False),
    args=st.sampled_from(
        [
            ("run", "--example", "--json"),
            ("list", "--json"),
            ("bench", "--example", "--json", "--budget", "0.01"),
        ]
    ),
)
@examples(0, wide=60)
def test_output_below_sys_stdout_stays_off_the_json(day: Day, args: tuple[str, ...]) -> None:
    with tempfile.TemporaryDirectory() as folder:
        site = write_year(Path(folder), YEAR, day.files())
        home = AocdHome(Path(folder) / "data", Path(folder) / "config")
        done = subprocess.run(
            aoc_argv(None, args[0], str(YEAR), *args[1:]),
            cwd=folder,
            env=site_path_env(home, site),
            capture_output=True,
            text=True,
            timeout=120,
        )
    result = subprocess.CompletedProcess(
        ["aoc", args[0], str(YEAR), *args[1:]], done.returncode, done.stdout, done.stderr
    )
    with Promises(result, day.describe()) as promises:
        promises.common(as_json=True)
        if args[0] == "run":
            promises.code(fails_alone_codes(day), "as in this process")


# --- Ctrl-C, in a process of its own ------------------------------------------------------------


def wait_for(marker: Path, process: subprocess.Popen[str], within: float = 60) -> None:
    """Until the day writes `marker`: the point where Ctrl-C is to come."""
    deadline = time.monotonic() + within
    while not marker.exists():
        if process.poll() is not None or time.monotonic() > deadline:
            out, err = process.communicate()
            raise AssertionError(f"the day never reached the point of Ctrl-C\n{out}\n{err}")
        time.sleep(0.01)


def interrupted_day(where: str, marker: Path) -> str:
    """Right on input and example; blocks (after writing `marker`) at `where`: a part on
    the real input, or the check of part 1's example before sending."""
    return f"""import os, sys, time
from aoc2023.framework import Example, Solution

WHERE = {where!r}


def block() -> None:
    with open({str(marker)!r}, "w") as marker:
        marker.write("here")
    time.sleep(120)


class Day(Solution[str]):
    examples = [Example("example", part_1=1, part_2=2)]

    def part_1(self, text: str) -> object:
        if (WHERE, text) in (("part 1", "input"), ("check", "example")):
            block()
        return 1

    def part_2(self, text: str) -> object:
        if (WHERE, text) == ("part 2", "input"):
            block()
        return 2
"""


@contextmanager
def interrupted(program: list[str], marker: Path, group: bool, **popen: Any) -> Iterator[list[str]]:
    """`program` run until the day writes `marker`, then Ctrl-C (to the process, or to
    its whole group as a terminal sends it); yields [stdout, stderr] once it ended."""
    process = subprocess.Popen(
        program,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        **popen,
    )
    try:
        wait_for(marker, process)
        if group:
            os.killpg(process.pid, signal.SIGINT)
        else:
            process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.communicate()
    yield [out, err, str(process.returncode)]


@pytest.mark.slow
@given(
    where=st.sampled_from(["check", "part 2", "part 1"]),
    options=st.sampled_from(
        [
            ("--json",),
            (),
            ("--timeout", "60", "--json"),
            ("--memory", "--json"),
            ("--timeout", "60"),
        ]
    ),
    group=st.booleans(),
)
# A path Ctrl-C took: to the group, in a --timeout child. Ctrl-C to aoc in the check
# before sending, under --json, is test_interrupt.py's
# (test_ctrl_c_during_the_check_before_sending_sends_nothing_...), and so is Ctrl-C in a
# --memory run, under --json (test_ctrl_c_while_memory_is_measured_..., and a real
# signal in test_ctrl_c_while_a_timeout_child_measures_memory_...); the wide profile
# draws both here too.
@example(where="part 2", options=("--timeout", "60", "--json"), group=True)
@examples(0, wide=40)
def test_ctrl_c_sends_nothing_and_keeps_what_finished(
    where: str, options: tuple[str, ...], group: bool, fake_aoc: FakeAoC
) -> None:
    args = ["run", str(YEAR), "1", "--yes", *options]
    with tempfile.TemporaryDirectory() as folder:
        marker = Path(folder) / "reached"
        source = interrupted_day(where, marker)
        site = write_year(Path(folder), YEAR, {"day01.py": source})
        home = AocdHome(Path(folder) / "data", Path(folder) / "config")
        home.set_token()
        home.cache_input(YEAR, 1, "input")
        fake_aoc.add_puzzle(YEAR, 1, "Interrupted", inputs={TOKEN: "input"}, solutions=["1", "2"])
        before = len(fake_aoc.requests)
        with interrupted(
            aoc_argv(fake_aoc, *args), marker, group, cwd=folder, env=site_path_env(home, site)
        ) as (out, err, code):
            pass
    result = subprocess.CompletedProcess(["aoc", *args], int(code), out, err)
    sent = [r.form for r in fake_aoc.requests[before:] if r.method == "POST"]
    finished = {"check": [1, 2], "part 2": [1], "part 1": []}[where]
    sources = (
        f"(Ctrl-C {'to the group' if group else 'to aoc'} at {where})\n"
        f"--- aoc{YEAR}/day01.py ---\n{source}"
    )
    with Promises(result, sources) as promises:
        document = promises.common(as_json="--json" in options)
        promises.code({130}, "Ctrl-C")
        promises.keep(not sent, f"nothing sent after Ctrl-C (sent {sent})")
        if document is not None:
            promises.finished(document, finished, status="")
        elif finished:
            promises.keep(
                f"{YEAR}/01" in out, "nothing lost that finished: the interrupted day's row shows"
            )


# --- the pytest plugin, in a project of its own ----------------------------------------------


@example(
    day=Day(
        Behaviour((), RAISES[6]),
        Behaviour((), End("", "right")),
        Behaviour((), PART_RETURNS[0]),
        Behaviour((), PART_RETURNS[0]),
    )
)
@given(day=days(descriptor=True))
@examples(0, wide=40)
def test_the_pytest_plugin_tests_a_bad_day_alone(
    day: Day, pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pytest in a project of its own, run in this process by pytester (what the plugin
    collects and reports is the subject, not a process), from a fresh folder each day."""
    monkeypatch.setenv("COLUMNS", "200")
    with tempfile.TemporaryDirectory() as folder:
        project = Path(folder) / "project"
        (project / "tests").mkdir(parents=True)
        (project / "pyproject.toml").write_text(
            '[tool.pytest.ini_options]\ntestpaths = ["tests"]\n'
        )
        with temporary_year(project, YEAR, day.files()), chdir(project):
            done = pytester.runpytest_inprocess(
                "-p",
                "no:cacheprovider",
                "-p",
                "no:xdist",
                "-p",
                "no:hypothesispytest",
                "-rA",
                f"aoc{YEAR}",
            )
    out = str(done.stdout)
    result = subprocess.CompletedProcess(["aoc", "(pytest)"], int(done.ret), out, "")
    with Promises(result, day.describe()) as promises:
        promises.keep(
            done.ret in (0, 1) and "INTERNALERROR" not in out,
            "pytest ends its session normally (0 or 1)",
        )
        for part in (1, 2):
            test = f"aoc{YEAR}/day02.py::{YEAR}/02 part {part} example 1"
            promises.keep(f"PASSED {test}" in out, f"a bad day fails alone: {test} passes")
        for part in day.finished_parts():
            test = f"aoc{YEAR}/day01.py::{YEAR}/01 part {part} example 1"
            promises.keep(f"PASSED {test}" in out, f"a right part is tested alone: {test} passes")


# --- a day's declarations of any shape ------------------------------------------------------


@given(declared=declared_days())
@examples(6, wide=200)
def test_a_days_declarations_of_any_shape_keep_every_promise(
    declared: Declared, aocd_home: AocdHome
) -> None:
    """`examples` and `title` of any shape: taken (an iterable read once) or the day's one
    sentence; either way the good day beside it runs and lists."""
    taken = declared.taken
    result = in_process(declared.files(), "run", str(YEAR), "--example", "--json")
    with Promises(result, declared.describe()) as promises:
        document = promises.common(as_json=True)
        promises.code({0} if taken else {2}, "0 when the examples run right, else 2")
        promises.good_day(document)
        runs = [row for row in document.get("results") or [] if row.get("day") == 1]
        if taken is None:
            promises.keep(
                runs and "Could not import" in str(runs[0].get("error")),
                "a refused declaration is its day's one sentence",
            )
        elif taken:
            promises.keep(
                len(runs) == taken
                and all([p["status"] for p in row["parts"]] == ["correct"] for row in runs),
                f"every one of the {taken} examples declared runs, right",
            )
    (aocd_home.data / "aoc-listing-cache.json").unlink(missing_ok=True)
    listed = in_process(declared.files(), "list", str(YEAR), "--json")
    with Promises(listed, declared.describe()) as promises:
        rows = day_rows(promises.common(as_json=True), "days")
        promises.keep(
            (YEAR, 2) in rows and rows[YEAR, 2]["error"] is None,
            "a bad declaration fails alone: the good day is listed",
        )
        promises.keep(
            ((rows.get((YEAR, 1)) or {}).get("error") is None) == (taken is not None),
            "a day is listed with an error exactly when its declaration is refused",
        )


ODD_CLASS_BODIES = {
    "__init__ without extra": "def __init__(self) -> None:\n        super().__init__()",
    "__init__ raising": "def __init__(self, **extra: object) -> None:\n        raise OSError(1)",
    "part_1 = 5": "part_1 = 5",
    "solve = None": "solve = None",
    "part_2 a property": "@property\n    def part_2(self) -> object:\n        raise OSError(2)",
}
"""The end of a day's class body that made `aoc run` and `aoc bench` say "unexpected
TypeError" (or the day's own error) with no row for any day."""


@pytest.mark.parametrize("body", ODD_CLASS_BODIES.values(), ids=ODD_CLASS_BODIES)
def test_a_days_class_of_odd_shape_fails_that_day_alone(body: str, aocd_home: AocdHome) -> None:
    day = (
        "from aoc2023.framework import Example, Solution\n\n\nclass Day(Solution[str]):\n"
        "    examples = [Example('ab', part_1=2)]\n\n"
        "    def part_1(self, text: str) -> int:\n        return len(text)\n\n"
        f"    {body}\n"
    )
    for args in (["run", "--example"], ["bench", "--example", "--budget", "0.01"]):
        result = in_process(
            {"day01.py": day, "day02.py": GOOD_DAY}, args[0], str(YEAR), *args[1:], "--json"
        )
        assert result.returncode == 2, (args, result.stdout, result.stderr)
        document = json.loads(result.stdout)
        assert document.get("error") is None, (args, document)  # the command's own error
        rows = day_rows(document)
        assert rows[YEAR, 1]["error"] and rows[YEAR, 2]["error"] is None, (args, rows)


def test_the_plugin_and_run_agree_on_every_shape_of_examples(
    pytester: pytest.Pytester, aocd_home: AocdHome
) -> None:
    """Every shape at once, a day each, in one pytest session and one `aoc run`: the same
    examples run under both (a generator is not spent by the collection), a refused day
    fails alone, and the session is never interrupted."""
    shapes = dict(enumerate(EXAMPLE_SHAPES, start=1))
    files = {
        f"day{day:02d}.py": Declared(shape, ("", True)).source() for day, shape in shapes.items()
    }
    (pytester.path / "pyproject.toml").write_text("[tool.pytest.ini_options]\n")
    with temporary_year(pytester.path, YEAR, files):
        ran = aoc_in_process("run", str(YEAR), "--example", "--json")
        session = pytester.runpytest_inprocess(
            "-p", "no:cacheprovider", "-p", "no:xdist", "-p", "no:hypothesispytest", "-rA"
        )
    out = str(session.stdout)
    with Promises(ran, out[-3000:]) as promises:
        document = promises.common(as_json=True)
        promises.keep(
            "Interrupted" not in out and "during collection" not in out,
            "the plugin's session is never interrupted by a day's declaration",
        )
        for day, (source, taken) in shapes.items():
            runs = [row for row in document.get("results") or [] if row.get("day") == day]
            passed = out.count(f"PASSED aoc{YEAR}/day{day:02d}.py::")
            refused = f"FAILED aoc{YEAR}/day{day:02d}.py::day{day:02d} import" in out
            if taken is None:
                promises.keep(
                    refused and runs and runs[0].get("error"),
                    f"examples = {source}: refused alone, by both",
                )
            else:
                ran_right = sum(row.get("error") is None for row in runs)
                promises.keep(
                    passed == taken and not refused and ran_right == (taken or 0),
                    f"examples = {source}: {taken} examples under both (plugin "
                    f"passed {passed}, run gave {ran_right})",
                )


# --- inputs that are none -------------------------------------------------------------------

INPUT_YEAR = 2017
"""A past year, unlocked by the clock, so that its input is fetched (the project's own
2017, if any, is hidden while the test lasts)."""


@given(text=st.sampled_from(NOT_INPUTS), where=st.sampled_from(["site", "cache", "both"]))
@examples(6, wide=60)
def test_an_input_that_is_none_is_never_kept_run_or_sent(
    text: str, where: str, fake_aoc: FakeAoC, aocd_loaded: AocdHome
) -> None:
    """The site answers with an empty input (or only whitespace), or aocd's cache holds
    one (0 bytes after a full disk), or both: nothing runs on it or is sent, the empty
    copy is never kept, and a good input from the site is run."""
    aocd_loaded.set_token()
    good = "hello" if where == "cache" else None
    fake_aoc.add_puzzle(INPUT_YEAR, 1, "None", inputs={TOKEN: good or text}, solutions=["5", "5"])
    cached = aocd_loaded.user_dir / f"{INPUT_YEAR}_01_input.txt"
    cached.unlink(missing_ok=True)
    if where != "site":
        aocd_loaded.cache_input(INPUT_YEAR, 1, text)
    posted = len(fake_aoc.requests_for(f"/{INPUT_YEAR}/day/1/answer"))
    with (
        tempfile.TemporaryDirectory() as folder,
        temporary_year(
            Path(folder),
            INPUT_YEAR,
            {"day01.py": GOOD_DAY.replace("return 7", "return 5").replace("part_1=7", "part_1=5")},
        ),
    ):
        result = aoc_in_process("run", str(INPUT_YEAR), "1", "--yes", "--json")
    with Promises(result, f"input {text!r} from the {where}") as promises:
        document = promises.common(as_json=True)
        [row] = document.get("results") or [{}]
        if good is None:
            promises.code({2}, "an input that is none could not run")
            promises.keep(
                "sent an empty input" in str(row.get("error")),
                "the sentence says the site sent an empty input",
            )
            promises.keep(not row.get("parts"), "the day is not run on it")
            promises.keep(
                len(fake_aoc.requests_for(f"/{INPUT_YEAR}/day/1/answer")) == posted,
                "nothing is sent",
            )
            promises.keep(not cached.exists(), "the empty input is not kept")
        else:
            promises.keep(
                f"{cached} was empty (damaged)" in result.stderr,
                "the damaged cached input is named",
            )
            promises.keep(
                [p.get("answer") for p in row.get("parts") or []][:1] == ["5"],
                "the input fetched again is the one run",
            )
            promises.keep(
                cached.exists() and cached.read_text() == good, "the input fetched again is kept"
            )


# --- a day's input helpers ------------------------------------------------------------------

LINE_TEXT = st.text(
    alphabet=st.sampled_from(list(" \t\x0b\x0c\x1c\x85\u2028\u00a0ab#.+*")), max_size=8
)
"""A line's text: spaces and other characters `str.splitlines` or `str.strip` would take."""


@given(
    lines=st.lists(LINE_TEXT, max_size=6).filter(lambda found: not found or found[-1].strip()),
    ending=st.sampled_from(["\n", "\r\n"]),
    trailing=st.sampled_from(["", "\n", "\n\n"]),
)
@examples(100, wide=5000)
def test_the_input_helpers_give_each_line_back_as_it_is(
    lines: list[str], ending: str, trailing: str
) -> None:
    """Any lines (the last not blank), joined with line breaks (empty lines at the end or
    not), read back the same by `lines` and `numbered_lines`: no character of a line is
    ever taken off."""
    from aoc2023.framework import lines as read_lines
    from aoc2023.framework import numbered_lines

    text = ending.join(lines) + trailing.replace("\n", ending)
    assert read_lines(text) == lines
    assert numbered_lines(text) == list(enumerate(lines, start=1))


# --- text from outside, through every command's output ----------------------------------------

HOSTILE = [
    "\x1b]0;owned\x07",
    "\x1b[2J",
    "\x1b[31m",
    "\x9b2J",
    "\x85",
    "\r",
    "\x08",
    "\x7f",
    "\u202e",
    "\u202a",
    "\u2066",
    "\u2069",
    "\u200e",
    "\u200f",
    "\u061c",
    "\u2028",
    "\u2029",
]
"""Escape sequences (set-title, clear-screen, a colour, a C1 CSI), controls, the
bidirectional controls and Unicode's line and paragraph separators, as a hostile site's
title, name or reply may hold them."""
OBEYED = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029]"
)
"""What must never reach a stream whole: a control but the line break and the tab, a
bidirectional control, or a separator that splits a row's line for a reader of lines (the
streams are no terminal: aoc writes no colour of its own)."""
OUTSIDE_TEXT = (
    st.lists(
        st.one_of(
            st.sampled_from(HOSTILE),
            st.text(st.sampled_from("ab Zé東京한국😀\u0301\u200b\t\"'\\"), max_size=4),
        ),
        min_size=1,
        max_size=5,
    )
    .map("".join)
    .filter(lambda text: OBEYED.search(text) is not None and text.strip() == text)
)
"""Text from outside: always a hostile character, among wide, combining and zero-width
ones, quotes and backslashes (no `<` or `&`: the stand-in site writes titles as given)."""
OUTSIDE_YEAR = 2022
"""A past year, so that `aoc new` and the site's pages are there (a throwaway package)."""
OUTSIDE_COMMANDS = (
    "new",
    "examples",
    "read",
    "list",
    "run",
    "bench",
    "leaderboard",
    "stats",
    "token",
)
"""Every command of `aoc`: each may print what the site or another person wrote."""


def outside_day(answer: str, title: str) -> str:
    return (
        f"from aoc2023.framework import Solution\n\n\nclass Day02(Solution[str]):\n"
        f"    title = {title!r}\n\n    def part_1(self, data: str) -> str:\n"
        f"        return {answer!r}\n\n    def part_2(self, data: str) -> str:\n"
        f"        raise ValueError({answer!r})\n"
    )


@given(
    title=OUTSIDE_TEXT.filter(lambda text: "\r" not in text),  # HTML reads CR as a line
    name=OUTSIDE_TEXT,
    example_text=OUTSIDE_TEXT,
)
@examples(3, wide=100)
def test_text_from_outside_is_shown_never_obeyed(
    fake_aoc: FakeAoC,
    aocd_loaded: AocdHome,
    tmp_path: Path,
    capped_bench: None,
    title: str,
    name: str,
    example_text: str,
) -> None:
    """A hostile title, leaderboard name, example and answer, through every command that
    shows them: no control or bidirectional character reaches stdout or stderr as it is,
    and the title and the name are shown (escaped). Every command of `aoc` is run: one
    added to the app fails here until it is."""
    from aoc2023.framework.cli import COMMANDS
    from aoc2023.framework.output import printable

    assert sorted(OUTSIDE_COMMANDS) == sorted(COMMANDS)
    for kept in (aocd_loaded.data, aocd_loaded.config):  # the last example's pages and waits
        shutil.rmtree(kept, ignore_errors=True)
    aocd_loaded.set_token(user_id=None)  # `aoc token` asks the site whose it is
    fake_aoc.add_user(TOKEN, login=name)
    for day in (1, 2):
        puzzle = fake_aoc.add_puzzle(
            OUTSIDE_YEAR,
            day,
            title,
            inputs={TOKEN: "1\n"},
            solutions=["1", "2"],
            example=example_text + "\n",
            example_answers=(example_text, None),
        )
    puzzle.replies.append(f"That's not the right answer; {name}.  Please wait one minute.")
    members = {
        "1234567": {
            "id": 1234567,
            "name": name,
            "local_score": 1,
            "stars": 1,
            "last_star_ts": 1701406900,
            "completion_day_level": {"1": {"1": {"get_star_ts": 1701406900, "star_index": 1}}},
        }
    }
    fake_aoc.add_board(
        OUTSIDE_YEAR,
        424242,
        {"event": str(OUTSIDE_YEAR), "owner_id": 1234567, "members": members},
        viewers={TOKEN},
    )
    with tempfile.TemporaryDirectory(dir=tmp_path) as folder:
        root = Path(folder)
        shutil.copy(Path(__file__).parents[1] / "pyproject.toml", root / "pyproject.toml")
        (source := root / "source").mkdir()
        files = {"day02.py": outside_day(example_text, title)}
        with temporary_year(source, OUTSIDE_YEAR, files):
            year = str(OUTSIDE_YEAR)
            runs = {
                "new": ("new", year, "1"),
                "examples": ("examples", year, "1"),
                "read": ("read", year, "1"),
                "list": ("list", year),
                "run": ("run", year, "2", "--yes"),
                "stats": ("stats", year),
                "bench": ("bench", year, "2", "--budget", "0.05"),
                "leaderboard": ("leaderboard", year, "424242"),
                "token": ("token",),
            }
            for command_name in OUTSIDE_COMMANDS:
                done = aoc_in_process(*runs[command_name], cwd=source)
                sources = f"title={title!r} name={name!r} example={example_text!r}"
                with Promises(done, sources) as promises:
                    promises.common(as_json=False)
                    for stream, text in (("stdout", done.stdout), ("stderr", done.stderr)):
                        raw = OBEYED.search(text)
                        promises.keep(
                            raw is None,
                            f"{command_name}: text from outside is "
                            f"shown, never obeyed ({raw and raw[0]!r} on {stream})",
                        )
                    shown = done.stdout + done.stderr
                    if command_name in ("new", "examples", "read"):
                        # read's markdown: the title's words, a backslash before punctuation
                        # read as markdown's escape (a page's own; not this test's subject)
                        words = printable(title).split()
                        if command_name == "read":
                            shown, words = (
                                shown.replace("\\", ""),
                                [word.replace("\\", "") for word in words],
                            )
                        promises.keep(
                            all(word in shown for word in words),
                            f"{command_name} shows the puzzle's title, escaped",
                        )
                    if command_name == "leaderboard":
                        promises.keep(
                            all(word in shown for word in printable(name).split()),
                            "leaderboard shows the member's name, escaped",
                        )


# --- writes that fail: a full disk, a read-only folder, at each write aoc makes -------------

WRITES_YEAR = 2096
WRITES_SHIFT = 74 * 366 * 86400.0
"""A clock shift past WRITES_YEAR's December (a real run fetches only what is unlocked)."""
WRITING = {
    "read": ("read", str(WRITES_YEAR), "1"),  # aocd's page
    "run": ("run", str(WRITES_YEAR), "1", "--yes"),  # aocd's input, then the journal
    "new": ("new", str(WRITES_YEAR), "2"),  # the page, the input, a day's module
    "leaderboard": ("leaderboard", str(WRITES_YEAR), "42"),  # a board's copy
    "bench": (
        "bench",
        str(WRITES_YEAR),
        "1",
        "--example",
        "--budget",
        "0.05",
        "--save",
        "--readme",
    ),  # the history, the README
    "stats": ("stats", str(WRITES_YEAR), "--svg", "calendar.svg"),  # an SVG
}
"""Commands that must write, each into the disk (aocd's folders and the project on it)."""
SKIPPING = {"list": ("list", str(WRITES_YEAR))}
"""Commands that only keep a copy (the listing cache): one that cannot be kept is skipped."""
PATHS = re.compile(r"/?[\w.-]+(?:/[\w.-]+)+")
"""A path in a sentence, absolute or relative (to the project, where the commands run)."""
LEFT_BEHIND = re.compile(r"/(tmp[^/]*|\.[^/]*\.tmp|\.aoc-check-[^/]*)$")
"""The names of a temporary file: aocd's (`tmp...`), ours (`.NAME.XXXX.tmp`), a check's."""


@pytest.mark.slow  # a process each
@given(disk=st.sampled_from(["full", "read-only"]))
@example(disk="full")
@example(disk="read-only")
@examples(0, wide=2)
def test_a_write_that_fails_is_one_sentence_naming_the_file(
    disk: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    """Every command that writes, with aocd's folders and the project on a disk that is
    full, or read-only: a documented exit code (2: it could not do what it was asked),
    under --json one document whose `error` names a file or folder on that disk, never
    "unexpected" nor a traceback; a command that only keeps a copy still succeeds; and
    nothing is left on the disk half-written (no temporary file, no file of 0 bytes, aocd's
    memo of tokens' owners as it was).
    All the commands run in one process (site_cli.aoc), on one disk made for it."""
    from read_only import full_disk, left, read_only, then_list
    from site_cli import aoc

    tmp_path = tmp_path_factory.mktemp("writes")
    folder = tmp_path / "disk"
    home = AocdHome(data=folder / "aocd", config=folder / "aocd")
    home.data.mkdir(parents=True)
    home.set_token(user_id=None)  # aocd adds the token's owner to its memo, in place
    memo = home.config / "token2id.json"
    memo.write_text(
        json.dumps({f"another-token-{n}": f"github.someone.{n}" for n in range(100)})
    )  # a page: the disk cuts its rewrite
    project = folder / "project"
    project.mkdir()
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    (project / "README.md").write_text("# Mine\n")
    package = project / f"aoc{WRITES_YEAR}"
    package.mkdir()
    (package / "__init__.py").write_text('"""The year."""\n')
    (package / "day01.py").write_text(GOOD_DAY)
    home.cache_input(WRITES_YEAR, 2, "abcd")  # all `new` needs: it has only the module to write
    (home.data / "prose").mkdir()
    (home.data / "prose" / f"{WRITES_YEAR}_02_prose.0.html").write_text(
        "<main><article><h2>--- Day 2: Test ---</h2><p>For example:</p><pre><code>abcd"
        "</code></pre></article></main>"
    )
    fake = FakeAoC()
    try:
        fake.add_user(TOKEN)
        for day in (1, 2):
            fake.add_puzzle(
                WRITES_YEAR, day, "Test", inputs={TOKEN: "abcd"}, solutions=["7", "seven"]
            )
        fake.add_board(
            WRITES_YEAR,
            42,
            {"event": str(WRITES_YEAR), "owner_id": 1, "members": {}},
            viewers={TOKEN},
        )
        wrapper = full_disk(folder) if disk == "full" else read_only(folder)
        commands = [[*args, "--json"] for args in (*WRITING.values(), *SKIPPING.values())]
        done = aoc(
            fake,
            home,
            *commands,
            env=site_path_env(home, project) | {"AOC_SESSION": TOKEN},
            cwds=[project] * len(commands),
            timeout=120,
            shift=WRITES_SHIFT,
            wrapper=[*wrapper, *then_list(folder)],
        )
        posted = fake.requests_for("/answer")
    finally:
        fake.stop()
    files = left(done[-1].stdout)
    done[-1].stdout = done[-1].stdout.split("left:")[0]
    broken: list[Broken] = []  # every command's, so that a failure shows them all
    for name, result in zip([*WRITING, *SKIPPING], done, strict=True):
        with collected(broken), Promises(result, f"--- on a {disk} disk: {name} ---") as promises:
            document = promises.common(as_json=True)
            error = " ".join(
                str(one.get("error") or "")
                for one in [document, *document.get("results", [])]  # the command's, a day's
            )
            if name in WRITING:
                promises.code({2}, f"{name} could not write what it was asked to")
                named = [(project / path).resolve() for path in PATHS.findall(error)]
                promises.keep(
                    any(path.is_relative_to(folder) for path in named),
                    f"the sentence names the file or folder on the {disk} disk",
                )
                promises.keep(
                    "Errno" not in error and "OSError" not in error,
                    "the sentence is in our words, not an OSError's",
                )
            else:
                promises.code({0}, f"{name} skips a copy it cannot keep")
    with (
        collected(broken),
        Promises(done[-1], f"--- what the {disk} disk holds ---\n{files}") as promises,
    ):
        promises.keep(
            not [path for path in files if LEFT_BEHIND.search(path)],
            "no temporary file is left behind",
        )
        promises.keep(
            not [path for path, size in files.items() if size == 0], "no file is left at 0 bytes"
        )
        promises.keep(
            files.get(str(memo)) == len(memo.read_text()),
            "aocd's memo of tokens' owners, which it rewrites in place, is as it was",
        )
        promises.keep(posted == [], "nothing is sent that could not be written down")
    if broken:
        raise type(broken[0])("\n\n".join(map(str, broken)))


@contextmanager
def collected(broken: list[Broken]) -> Iterator[None]:
    """A block whose broken promises are kept in `broken`, for the test to fail on at its
    end, rather than raised at once."""
    try:
        yield
    except Broken as error:
        broken.append(error)
