"""Misbehaving days, generated (hypothesis) for the contract tests (tests/test_contracts.py).

A day is composed of behaviours, one per step (at import, parse, part 1, part 2, or
solve): side effects (printing at the Python or descriptor level, a short sleep, a
chdir, threads), then an end (a return of some shape, an exception, `sys.exit`). Each
day knows its own source and what the framework must make of it (`Day.outcome`), so a
test asserts the promises for whatever was drawn, and a failure prints the source.

The year packages are named for years 9001 and on: no real project holds them, and the
calendar still has them (its last year is 9999).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Literal

from hypothesis import HealthCheck, Phase, settings
from hypothesis import strategies as st

YEAR = 9071
"""The year of the generated day (day 1) and a good day beside it (day 2)."""
OTHER_YEAR = 9072
"""A second throwaway year, for a broken year package beside a good one."""

# --- profiles ---------------------------------------------------------------------------

WIDE = os.environ.get("AOC_CONTRACTS", "") == "wide"
"""`AOC_CONTRACTS=wide uv run pytest -n 0 tests/...`: many more examples in every test that
takes its settings from `examples` (the contracts, day 7's, the site's pages, ...)."""


def examples(fast: int, wide: int = 0) -> settings:
    """Settings for one generated test: `fast` examples in every CI run, derandomized (the
    same days each run, no database) and not shrunk (a failure shows the day drawn, at
    once), besides the test's explicit ones (`fast` 0: those alone); or `wide` (default
    20 times as many), random and shrunk to the smallest day that fails, on request."""
    phases = (
        list(Phase)
        if WIDE
        else [Phase.explicit, Phase.reuse, Phase.generate]
        if fast
        else [Phase.explicit]
    )
    return settings(
        max_examples=(wide or fast * 20) if WIDE else max(fast, 1),
        deadline=None,
        derandomize=not WIDE,
        database=None,
        print_blob=True,
        phases=phases,
        suppress_health_check=[
            HealthCheck.function_scoped_fixture,
            HealthCheck.too_slow,
            HealthCheck.data_too_large,
        ],
    )


CHARACTERS = st.characters(exclude_categories=["Cs"])
"""Any character UTF-8 encodes (all but the surrogates), as `st.text()` draws them by
default (`codec="utf-8"`), without the table of the codec that hypothesis builds for that
(0.8 s of CPU in each process until `.hypothesis/` keeps it: every first run)."""


# --- behaviours -----------------------------------------------------------------------------

Step = Literal["import", "parse", "part_1", "part_2", "solve"]

EFFECTS = {
    "print": 'print("chatter from {step}")',
    "stdout.write": 'sys.stdout.write("chatter from {step}\\n")',
    "stderr": 'print("noise from {step}", file=sys.stderr)',
    "sleep": "time.sleep(0.01)",
    "chdir": "os.chdir(tempfile.mkdtemp())",
    "daemon thread": "threading.Thread(target=time.sleep, args=(0.05,), daemon=True).start()",
    "thread": "threading.Thread(target=time.sleep, args=(0.05,)).start()",
}
"""Side effects whose output stays at Python's level (`sys.stdout`): seen in-process."""

DESCRIPTOR_EFFECTS = {
    "os.write": 'os.write(1, b"chatter from {step} at fd 1\\n")',
    "__stdout__": 'sys.__stdout__.write("chatter from {step} to __stdout__\\n"); '
    "sys.__stdout__.flush()",
    "subprocess": 'subprocess.run(["echo", "chatter from a child of {step}"], check=True)',
}
"""Output below `sys.stdout`: only a process of its own shows where it lands."""

Kind = Literal["right", "wrong", "error", "unsure", "missing", "late"]
"""What a part's end comes to in the run: its answer right or wrong on the example, an
error of that part (exit 2), a shape whose reading is not settled, not written, or right
but later than a short `--timeout`."""


@dataclass(frozen=True)
class End:
    code: str
    kind: Kind


# A part's return, by kind; {n} is the part's number, the example's answer for it.
PART_RETURNS = [
    End("return {n}", "right"),
    End('return "{n}\\n"', "right"),
    End("return float({n})", "right"),
    End("return {n} + 40", "wrong"),
    End("return 10 ** 60", "wrong"),
    End('return "a\\nb"', "wrong"),
    End("return 10 ** 5000", "error"),  # too long to print: a sentence, not a crash
    End("return None", "error"),
    End("return 1.5", "error"),
    End("return ((1, 2), 3)", "error"),
    End("return (x for x in [{n}])", "error"),
    End("return True", "error"),
    End('return "#.\\n.#"', "unsure"),  # a drawing, perhaps
]

RAISES = [
    End("raise ValueError('bad input line 3')", "error"),
    End("raise KeyError('missing')", "error"),
    End("raise ZeroDivisionError('division by zero')", "error"),
    End("raise AssertionError", "error"),
    End("raise RecursionError('maximum recursion depth exceeded')", "error"),
    End("raise Odd('a BaseException of the day')", "error"),
    End("sys.exit(3)", "error"),
    End("sys.exit('giving up')", "error"),
    End("sys.exit(0)", "error"),
    End("sys.exit()", "error"),
]

# solve's return, for both parts at once.
SOLVE_RETURNS = [
    End("return (1, 2)", "right"),
    End("yield 1\nyield 2", "right"),
    End("return (1, 42)", "wrong"),
    End('return "2=-1=0"', "error"),  # one value, as when porting a last day
    End("return 1", "error"),
    End("return None", "error"),
    End("return (1,)", "error"),
    End("return (1, 2, 3)", "error"),
    End("return ((1, 2), (3, 4))", "error"),
    End("yield 1\nraise ValueError('part 2 broke')", "error"),
]

IMPORT_ENDS = [
    End("", "right"),
    *RAISES,
    End("import argparse\nargparse.ArgumentParser().parse_args()", "right"),  # no arguments
    End(
        "import argparse\nparser = argparse.ArgumentParser()\nparser.add_argument('file')\n"
        "parser.parse_args()",
        "error",
    ),
]


@dataclass(frozen=True)
class Behaviour:
    effects: tuple[str, ...]
    end: End

    def lines(self, step: str, n: int = 0) -> list[str]:
        table = EFFECTS | DESCRIPTOR_EFFECTS
        said = [table[effect].format(step=step) for effect in self.effects]
        return said + ([self.end.code.replace("{n}", str(n))] if self.end.code else [])


@dataclass(frozen=True)
class Day:
    """Day 1 of the throwaway year, as generated."""

    at_import: Behaviour
    parse: Behaviour
    part_1: Behaviour | None = None
    part_2: Behaviour | None = None
    solve: Behaviour | None = None
    helper: Behaviour | None = None
    """A module of the year package that is not a day, and misbehaves at import."""

    def source(self) -> str:
        lines = [
            "import os, subprocess, sys, tempfile, threading, time",
            "from aoc2023.framework import Example, Solution",
            "",
            "class Odd(BaseException):",
            "    pass",
            "",
            *self.at_import.lines("import"),
            "",
            "class Day(Solution[str]):",
            '    examples = [Example("example", part_1=1, part_2=2)]',
            "",
            "    def parse(self, text: str) -> str:",
            *_indented([*self.parse.lines("parse"), "return text"], 8),
        ]
        for name, behaviour, n in (
            ("part_1", self.part_1, 1),
            ("part_2", self.part_2, 2),
            ("solve", self.solve, 0),
        ):
            if behaviour is not None and behaviour.end.kind != "missing":
                lines += [
                    "",
                    f"    def {name}(self, text: str) -> object:",
                    *_indented(behaviour.lines(name, n), 8),
                ]
        return "\n".join(lines) + "\n"

    def helper_source(self) -> str | None:
        if self.helper is None:
            return None
        return (
            "import argparse, os, subprocess, sys, tempfile, threading, time\n\n"
            "class Odd(BaseException):\n    pass\n\n"
            + "\n".join([*self.helper.lines("a helper module"), ""])
        )

    def files(self) -> dict[str, str]:
        files = {"day01.py": self.source(), "day02.py": GOOD_DAY}
        if (helper := self.helper_source()) is not None:
            files["helpers.py"] = helper
        return files

    def describe(self) -> str:
        """The generated files, for a failure message."""
        return "\n".join(f"--- aoc{YEAR}/{name} ---\n{text}" for name, text in self.files().items())

    # --- what the framework must make of it, on the examples (`--example`) ---

    def imports(self) -> bool:
        return self.at_import.end.kind != "error"

    def part_kinds(self) -> tuple[Kind, Kind]:
        """Each part's outcome on its example, when the day imports."""
        if self.parse.end.kind == "error":
            return "error", "error"
        if self.solve is not None:
            code, kind = self.solve.end.code, self.solve.end.kind
            if code.startswith("yield 1\n") and kind == "error":
                return "right", "error"
            if code == "return (1, 42)":
                return "right", "wrong"
            return kind, kind
        assert self.part_1 is not None and self.part_2 is not None
        return self.part_1.end.kind, self.part_2.end.kind

    def finished_parts(self) -> list[int]:
        """The parts whose right answer must show, whatever else fails."""
        if not self.imports():
            return []
        return [n for n, kind in enumerate(self.part_kinds(), 1) if kind == "right"]

    def exit_codes(self) -> set[int]:
        """The documented exit codes `aoc run --example` may end with."""
        kinds = self.part_kinds() if self.imports() else ("error",)
        if "error" in kinds:
            return {2}
        if "unsure" in kinds:
            return {0, 1, 2}
        return {1} if "wrong" in kinds else {0}


GOOD_DAY = """from aoc2023.framework import Example, Solution


class Day(Solution[str]):
    title = "The good day"
    examples = [Example("example", part_1=7, part_2="seven")]

    def part_1(self, text: str) -> int:
        return 7

    def part_2(self, text: str) -> str:
        return "seven"
"""


def _indented(lines: list[str], by: int) -> list[str]:
    return [" " * by + line for text in lines for line in text.splitlines()]


# --- strategies -------------------------------------------------------------------------------


def behaviours(ends: list[End], descriptor: bool = False) -> st.SearchStrategy[Behaviour]:
    names = sorted(EFFECTS) + (sorted(DESCRIPTOR_EFFECTS) if descriptor else [])
    return st.builds(
        Behaviour, st.lists(st.sampled_from(names), max_size=2).map(tuple), st.sampled_from(ends)
    )


def _quiet(ends: list[End]) -> st.SearchStrategy[Behaviour]:
    return st.builds(Behaviour, st.just(()), st.sampled_from(ends))


@st.composite
def days(draw: st.DrawFn, descriptor: bool = False, helpers: bool = True) -> Day:
    """A day 1 that misbehaves somewhere (or nowhere). Each step misbehaves once in four
    (drawing any behaviour), else does its job quietly, so that most days have one
    culprit, and shrinking makes every other step well-behaved."""

    def step(ends: list[End], good: End) -> Behaviour:
        if draw(st.integers(0, 3)) < 3:
            return Behaviour((), good)
        return draw(behaviours(ends, descriptor))

    right = End("", "right")
    at_import = step(IMPORT_ENDS, right)
    parse = step([right, *RAISES], right)
    helper = None
    if helpers and draw(st.integers(0, 3)) == 3:
        helper = draw(behaviours(IMPORT_ENDS, descriptor))
    if draw(st.booleans()):
        return Day(at_import, parse, solve=step(SOLVE_RETURNS, SOLVE_RETURNS[0]), helper=helper)
    part_ends = PART_RETURNS + RAISES + [End("", "missing")]
    return Day(
        at_import,
        parse,
        step(part_ends, PART_RETURNS[0]),
        step(part_ends, PART_RETURNS[0]),
        helper=helper,
    )


# --- a day's declarations of any shape, and inputs that are none ----------------------------

EXAMPLE_SHAPES: list[tuple[str, int | None]] = [
    ("[Example('ab', part_1=2)]", 1),
    ("(Example('ab', part_1=2), Example('abc', part_1=3))", 2),
    ("(Example(t, part_1=len(t)) for t in ('a', 'bb'))", 2),
    ("iter([Example('ab', part_1=2)])", 1),
    ("map(lambda t: Example(t, part_1=len(t)), ['abc'])", 1),
    ("None", 0),
    ("[]", 0),
    ("Example('ab', part_1=2)", None),
    ("['ab']", None),
    ("'ab'", None),
    ("{'ab': 2}", None),
    ("3", None),
    ("[Example('ab', part_1=2), None]", None),
    ("[Example(b'ab', part_1=2)]", None),
    ("[Example('ab', part_1=2, extra=3)]", None),
    ("[Example('ab', part_1=2, name=4)]", None),
]
"""`examples = ...` as a day may write it, with how many examples the framework takes
from it (read once, whatever the iterable), or None where it must refuse the day in one
sentence."""

TITLES: list[tuple[str, bool]] = [
    ("", True),
    ("title = 'Shapes'", True),
    ("title = None", True),
    ("title = 7", False),
    ("title = b'Shapes'", False),
    ("title = ['Shapes']", False),
]
"""A day's `title` line (none, or of some shape), and whether it is taken."""


@dataclass(frozen=True)
class Declared:
    """Day 1 declaring `examples` and `title` of some shape, beside the good day 2."""

    examples: tuple[str, int | None]
    title: tuple[str, bool]

    @property
    def taken(self) -> int | None:
        """How many examples run, or None when the day is refused at import."""
        return self.examples[1] if self.title[1] else None

    def source(self) -> str:
        title = f"    {self.title[0]}\n" if self.title[0] else ""
        return (
            "from aoc2023.framework import Example, Solution\n\n\n"
            "class Day(Solution[str]):\n"
            f"{title}    examples = {self.examples[0]}\n\n"
            "    def part_1(self, text: str) -> int:\n"
            "        return len(text)\n"
        )

    def files(self) -> dict[str, str]:
        return {"day01.py": self.source(), "day02.py": GOOD_DAY}

    def describe(self) -> str:
        return f"--- aoc{YEAR}/day01.py ---\n{self.source()}"


def declared_days() -> st.SearchStrategy[Declared]:
    return st.builds(Declared, st.sampled_from(EXAMPLE_SHAPES), st.sampled_from(TITLES))


NOT_INPUTS = ["", " ", "\n", "\r\n", " \t\n \n", "\n\n\n"]
"""Inputs that are none: empty, or only whitespace."""
