"""`aoc new YEAR DAY`: a day's module from `templates/day.py.tmpl`, passing ruff and
`mypy --strict`, its examples as aocd's parser found them. No file is ever overwritten,
nothing fetched for a puzzle still locked. The command, its writing and its JSON."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from string import Template
from typing import IO, TYPE_CHECKING, Annotated, NamedTuple

import typer

from aoc2023.framework import calendar, registry
from aoc2023.framework.aocd.local import find_token
from aoc2023.framework.commands.options import AsJson, Verbose, Year, configure_logging, emit, fail
from aoc2023.framework.commands.view import example_json, page_json
from aoc2023.framework.errors import AocError, UsageError
from aoc2023.framework.files import write_atomically
from aoc2023.framework.launcher import aoc_command, pytest_command
from aoc2023.framework.output import printable
from aoc2023.framework.project import SITE_FOLDERS, find_pyproject, package_folders, shown

if TYPE_CHECKING:
    from datetime import datetime

    from aoc2023.framework.aocd.client import PageExample
    from aoc2023.framework.aocd.pages import PuzzleInfo


def new(
    year: Year,
    day: Annotated[int, typer.Argument(help="The day, e.g. 8.")],
    wait: Annotated[
        bool,
        typer.Option(
            "--wait",
            help="Count down to the puzzle's unlock (midnight US "
            "Eastern), then fetch at once. Ctrl-C stops.",
        ),
    ] = False,
    as_json: AsJson = False,
    verbose: Verbose = False,
) -> None:
    """Start a day: write its module (dayNN.py) from a template.

    With a session token, also fetches your input into aocd's cache, and the
    puzzle's title and example into the template. Never overwrites a file (exit 2);
    refuses a puzzle that is not unlocked yet, unless told to --wait for it. No test
    file is needed: pytest tests the day's examples (`pytest aoc2023/day08.py`).
    """
    configure_logging(verbose=verbose)
    if wait:
        from aoc2023.framework.commands.terminal import wait_in_terminal

        try:  # say now, not after the wait, that the files exist already
            refuse_existing(find_target(year, day))
        except Exception as error:
            fail(error, verbose=verbose)
        wait_in_terminal(year, day, verbose=verbose, token=find_token())
    try:
        with calendar.offering_wait("new"):  # a locked day's sentence names `aoc new --wait`
            target, info = new_day(year, day, find_token())
    except Exception as error:
        fail(error, verbose=verbose)
    notices = [f"Note: {problem}" for problem in info.problems]

    def to_text(out: IO[str], err: IO[str]) -> None:  # the title and notices from outside
        titled = f" for {year} day {day}: {info.title}." if info.title else "."
        print(printable(f"Wrote {shown(target.day_path)}{titled}"), file=out)
        if info.input_cached:
            print("Your input is in aocd's cache.", file=out)
        if info.examples:
            count = len(info.examples)
            print(
                f"The example block holds {count} example{'s' * (count > 1)} from the "
                "puzzle page, read by aocd's example parser: check the answers.",
                file=out,
            )
        for notice in notices:
            print(printable(notice), file=err)
        tests = pytest_command(shown(target.day_path))
        print(f"Next: {aoc_command('run', year, day, '--example')}; its tests: {tests}", file=out)

    emit(lambda: new_json(target, info), notices, to_text, as_json=as_json)


FRAMEWORK = __name__.rsplit(".", 2)[0]
"""What a day imports from (`aoc2023.framework`), whose package data the template is."""
MAX_LINE = 100  # ruff's


class Target(NamedTuple):
    """Where a new day's module goes (a NamedTuple, not a dataclass: startup_tricks.py)."""

    year: int
    day: int
    package: str
    day_path: Path


def find_target(year: int, day: int) -> Target:
    """The day's file in its year's package (a new year's: `aoc<year>/` beside ours);
    UsageError unless that package's folder is in a project's source, not installed."""
    try:
        package = checked = registry.year_package(year)
    except UsageError:  # a new year, whose package goes beside ours
        package, checked = f"aoc{year}", FRAMEWORK.partition(".")[0]
    if not (found := package_folders(checked)):
        raise UsageError(f"{package} (the package for {year}) is a module, not a package folder.")
    if SITE_FOLDERS.intersection(found[0].parts):
        raise UsageError(
            f"{checked} is installed at {found[0]}, outside any project: aoc new writes only "
            "into a project's own source. Run it from the project's checkout, installed "
            "editable (uv sync, or pip install -e .)."
        )
    if find_pyproject(found[0].parent) is None:
        raise UsageError(
            f"{checked} at {found[0]} is not in a project (no pyproject.toml above it): "
            "aoc new writes only into a project's own source."
        )
    folder = found[0] if checked == package else found[0].parent / package
    return Target(year, day, package, folder / f"day{day:02d}.py")


def refuse_existing(target: Target) -> None:
    """UsageError for a day whose file exists or another module claims (`day7.py`):
    the registry's one module a day (`registry.files_of`)."""
    if target.day_path.exists():
        raise UsageError(
            f"{shown(target.day_path)} already exists: aoc new never "
            "overwrites a file (nothing was written)."
        )
    files = registry.files_of(target.package, [target.day_path.parent])
    claiming = [*files.clashes.get(target.day, ()), *filter(None, [files.days.get(target.day)])]
    if claiming:
        names = " and ".join(shown(Path(path)) for path in claiming)
        raise UsageError(
            f"{target.year} day {target.day} is already in {names}: aoc new writes no second "
            "module for one day (nothing was written)."
        )


_PART_2 = "\n\n    def part_2(self, data: list[str]) -> int:\n        raise NotImplementedError"
"""Part 2 of day.py.tmpl, left out on a year's last day (a `Template` has no `if`)."""


def python_str(text: str) -> str:
    """A one-line string literal, double-quoted where that is plain (as the days write it)."""
    if text.isascii() and text.isprintable() and '"' not in text and "\\" not in text:
        return f'"{text}"'
    return ascii(text)


def title_line(title: str) -> str:
    """The class body's `title = ...` line(s), within MAX_LINE however long the title."""
    if len(whole := f"    title = {python_str(title)}") <= MAX_LINE:
        return whole + "\n"
    chunks = _literals(title, MAX_LINE - 8)
    return "    title = (\n" + "".join(f"        {piece}\n" for piece in chunks) + "    )\n"


def _literals(text: str, room: int) -> list[str]:
    """`text` as string literals, each cut before its escaped form passes `room` columns."""
    literals: list[str] = []
    chunk = ""
    for char in text:
        if chunk and len(python_str(chunk + char)) > room:
            literals.append(python_str(chunk))
            chunk = ""
        chunk += char
    literals.append(python_str(chunk))
    return literals


def answer_literal(answer: str) -> str:
    """An example's answer as the day would write it: `114`, or `"CMZ"`."""
    return answer if re.fullmatch(r"-?(?:0|[1-9][0-9]*)", answer) else python_str(answer)


def example_literal(text: str) -> str:
    """An example's input as source: a block after the quotes' line where that reads back
    exactly and lints clean, else escaped lines."""
    value = text + "\n"
    if (
        text.isascii()
        and '"""' not in text
        and not text.startswith("\n")
        and all(
            line.isprintable() and len(line) <= MAX_LINE and line == line.rstrip()
            for line in text.split("\n")
        )
    ):
        prefix = "r" if "\\" in text else ""  # raw: each backslash is itself
        return f'{prefix}"""\n{value}"""'
    pieces = value.splitlines(keepends=True)
    if value.startswith("\n"):
        pieces.insert(0, "\n")  # `Example` drops one leading newline: give it one to drop
    chunks = [literal for piece in pieces for literal in _literals(piece, MAX_LINE - 10)]
    return "(\n" + "".join(f"    {chunk}\n" for chunk in chunks) + ")"


def example_call(input_source: str, example: PageExample, *, last_day: bool) -> str:
    """`Example(<input_source>, part_1=..., part_2=...)`: an example as a day declares it."""
    arguments = [input_source]
    if example.part_1 is not None:
        arguments.append(f"part_1={answer_literal(example.part_1)}")
    if example.part_2 is not None and not last_day:
        arguments.append(f"part_2={answer_literal(example.part_2)}")
    if example.extra:
        arguments.append(f"extra={example.extra!r}")
    return f"Example({', '.join(arguments)})"


def drawn_notes(name: str, example: PageExample, *, last_day: bool) -> list[str]:
    """Comments for parts whose answer is drawn (PageExample.drawn): no placeholder answer."""
    notes = []
    for part, given in sorted(example.drawn.items()):
        if part == 2 and last_day:
            continue
        shown = ascii(given)  # the file stays ASCII
        gave = (
            "a drawing whose letters do not read"
            if "\n" in given
            else f"{shown} in its place"
            if len(shown) <= 16
            else "a placeholder"
        )
        notes += [
            f"# {name}'s part {part} answer is drawn on the page; the parser gave {gave}:",
            f"# add part_{part}=... with the drawing (or its letters) from the puzzle text.",
        ]
    return notes


def examples_block(examples: tuple[PageExample, ...], *, last_day: bool) -> tuple[str, str]:
    """The EXAMPLE constants (module level) and the `examples = [...]` lines (class body)."""
    if not examples:
        constants = "# The example input from the puzzle text: paste it between the quotes.\n"
        constants += 'EXAMPLE = """\n"""\n'
        to_fill = "part_1=..." if last_day else "part_1=... and part_2=..."
        return constants, (
            f"    # The example's answers, from the puzzle text: add {to_fill}\n"
            "    examples = [Example(EXAMPLE)]\n"
        )
    names = ["EXAMPLE"] + [f"EXAMPLE_{number}" for number in range(2, len(examples) + 1)]
    constants = "\n".join(
        f"{name} = {example_literal(example.input)}\n"
        for name, example in zip(names, examples, strict=True)
    )
    whose = "The examples'" if len(examples) > 1 else "The example's"
    lines = [
        f"    # {whose} answers as aocd's example parser read them from the puzzle page: "
        "check them."
    ]
    if not last_day and all(
        example.part_2 is None and 2 not in example.drawn for example in examples
    ):
        lines.append("    # Add part_2=... to an example once part 2 is unlocked.")
    lines.append("    examples = [")
    for name, example in zip(names, examples, strict=True):
        lines += [f"        {note}" for note in drawn_notes(name, example, last_day=last_day)]
        lines.append(f"        {example_call(name, example, last_day=last_day)},")
    lines.append("    ]")
    return constants, "\n".join(lines) + "\n"


def render_day(target: Target, title: str | None, examples: tuple[PageExample, ...]) -> str:
    from importlib import resources  # the template is package data, so in a wheel too

    year, day = target.year, target.day
    last_day = day == calendar.days_in_year(year)
    heading = f"{year} day {day}: {title}."
    if not title or python_str(title) != f'"{title}"' or len('"""' + heading) > MAX_LINE:
        heading = f"{year} day {day}."  # the title only plain, and on the first line
    constants, examples_body = examples_block(examples, last_day=last_day)
    template = resources.files(FRAMEWORK) / "templates" / "day.py.tmpl"
    return Template(template.read_text(encoding="utf-8")).substitute(
        heading=heading,
        last_day_note="\nThe last day of the year has no part 2." if last_day else "",
        framework=FRAMEWORK,
        constants=constants,
        class_name=f"Day{day:02d}",
        title_line=title_line(title) if title else "",
        examples_body=examples_body,
        part_2="" if last_day else _PART_2,
    )


def new_day(
    year: int, day: int, token: str | None, now: datetime | None = None
) -> tuple[Target, PuzzleInfo]:
    """Write the day's module with what a token fetches for it. Refused before anything
    is fetched for a day that does not exist, is locked at `now`, or exists; nothing is
    written when the site still holds it locked (StillLocked)."""
    from aoc2023.framework.aocd.pages import gather

    calendar.check_day(year, day)
    calendar.ensure_unlocked(year, day, now)
    target = find_target(year, day)
    refuse_existing(target)
    info = gather(year, day, token)
    day_source = render_day(target, info.title, info.examples)
    init = target.day_path.parent / "__init__.py"
    if not init.exists():  # a new year's package (pyproject.toml takes every `aoc<year>/`)
        source = f'"""Advent of Code {year}: one module per day (dayNN.py)."""\n'
        _write_new(init, source, may_exist=True)  # another `aoc new` may make it meanwhile
        importlib.invalidate_caches()
    _write_new(target.day_path, day_source, may_exist=False)
    return target, info


def _write_new(path: Path, source: str, *, may_exist: bool) -> None:
    """Written whole, never over a file (half a day, or a cut `__init__.py`, would not
    import), so that `aoc new` can run again; `may_exist`: a file there is no error."""
    try:
        write_atomically(path, source, exclusive=True)
    except OSError as error:
        if may_exist and isinstance(error, FileExistsError):
            return
        raise AocError(
            f"Could not write {shown(path)} ({error.strerror or error}): aoc new "
            "wrote nothing; run it again once that is fixed."
        ) from error


def new_json(target: Target, info: PuzzleInfo) -> str:
    """`aoc new --json`: the module written and what was fetched for it."""
    return page_json(
        target.year,
        target.day,
        info.title,
        list(info.problems),
        path=str(target.day_path),
        module=f"{target.package}.day{target.day:02d}",
        input_cached=info.input_cached,
        examples=[example_json(example) for example in info.examples],
    )
