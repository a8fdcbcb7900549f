"""The documentation's command line reference is generated from the typer app (issue 24):
docs/reference/cli.md must be what typer's own `utils docs` writes from the app now, so a
command, option or help text changed in the code fails here until the page is written
again with the command below (CONTRIBUTING.md says so too).

typer is one of the project's own dependencies, so this runs in the dev environment, with
no package of the `docs` group."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import subprocess
import sys
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path

import pytest
import typer

from aoc2023.framework.cli import COMMANDS, make_app

PROJECT = Path(__file__).resolve().parents[1]
CLI_REFERENCE = PROJECT / "docs" / "reference" / "cli.md"
GENERATE = [
    "typer",
    "aoc2023.framework.cli",
    "utils",
    "docs",
    "--name",
    "aoc",
    "--title",
    "Command line reference",
    "--output",
]
"""`uv run` this, then the output file, to write the page again."""


def test_the_cli_reference_is_what_the_app_generates_now(tmp_path: Path) -> None:
    generated = tmp_path / "cli.md"
    done = subprocess.run(
        [sys.executable, "-m", *GENERATE, str(generated)],
        cwd=PROJECT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    assert generated.read_text() == CLI_REFERENCE.read_text(), (
        "docs/reference/cli.md is not what the app generates now; write it again with: "
        f"uv run {' '.join(GENERATE)} {CLI_REFERENCE.relative_to(PROJECT)}"
    )


def test_the_cli_reference_names_every_command_and_every_option_of_run() -> None:
    page = CLI_REFERENCE.read_text()
    assert [name for name in COMMANDS if f"## `aoc {name}`" not in page] == []
    run = typer.main.get_command(make_app(["run"])).commands["run"]  # type: ignore[attr-defined]
    options = {
        opt for param in run.params if param.param_type_name == "option" for opt in param.opts
    }
    assert {"--input", "--watch", "--timeout", "-y", "--yes"} <= options
    section = page.split("## `aoc run`\n")[1].split("\n## ")[0]
    listed = {
        name.split(" ")[0]
        for line in section.splitlines()
        if line.startswith("* `")
        for name in line.split("`")[1].split(", ")
    }
    assert options - listed == set()


def test_the_cli_references_list_of_commands_gives_each_summary_whole() -> None:
    """Each command's summary is its help's first paragraph, as `aoc --help` shows it,
    not cut at 45 characters with "..." (click's default, which `utils docs` writes)."""
    page = CLI_REFERENCE.read_text()
    listed = page.split("**Commands**:\n\n")[1].split("\n\n")[0].splitlines()
    group = typer.main.get_command(make_app())
    for line, (name, command) in zip(listed, group.commands.items(), strict=True):  # type: ignore[attr-defined]
        first = (command.help or "").split("\n\n")[0].replace("'", "&#x27;")
        assert line == f"* `{name}`: {first}"


README = (PROJECT / "README.md").read_text()


def test_the_readme_names_the_token_places_in_the_order_the_code_reads_them(
    tmp_path: Path,
) -> None:
    """The README's order, `aoc`'s no-token notice and a day's skip reason are one list."""
    from aoc2023.framework.aocd.local import token_places
    from aoc2023.framework.testing import RealAocd

    project, home = tmp_path / "project", tmp_path / "home" / ".config" / "aocd"
    (project / ".aocd_config").mkdir(parents=True)
    env = {"AOCD_DIR": str(home)}
    places = token_places(project, env)
    assert list(RealAocd.from_environment(env, project).token_places) == places
    spelled = {
        "$AOC_SESSION": "`AOC_SESSION`",
        str(project / ".aocd_config" / "token"): "`.aocd_config/token`",
        str(home / "token"): "`~/.config/aocd/token`",
    }
    assert set(places) == set(spelled)
    said = README[README.index("looks for the token in this order") :]
    positions = [said.find(spelled[place]) for place in places]
    assert -1 not in positions and positions == sorted(positions), said[:300]


def test_the_readme_leads_testing_with_your_days_and_says_the_whole_suite() -> None:
    quick_start = README[README.index("## Quick start") : README.index("## A December day")]
    # Day 7 first, as ever; then the command that tests every year's days, and nothing else.
    assert (
        "```console\nuv run aoc run 2023 7\nuv run pytest --days\nuv run pytest\n```" in quick_start
    )
    assert "`uv run pytest` alone, is the framework's own suite" in quick_start
    assert "uv run --project" in quick_start and "uv tool install --editable" in quick_start
    # aoc new writes no test file: the plugin makes the day's tests.
    assert "its test file" not in README and "and no test file" in README


def test_the_readme_walks_through_one_day_of_one_year() -> None:
    """The December walkthrough's commands and files are of the year its `aoc new` starts,
    and it says once where that year's days live, and why they import `aoc2023.framework`."""
    walk = README[README.index("## A December day") : README.index("**The last day**")]
    [year] = re.findall(r"uv run aoc new (\d{4}) 1 --wait", walk)
    named = re.findall(
        r"aoc (?:run|read|bench) (\d{4}) 1|aoc(\d{4})/day01\.py|to (\d{4}) day 1", walk
    )
    assert len(named) >= 6 and {"".join(groups) for groups in named} == {year}
    assert walk.count(f"`aoc{year}/`") == 1
    assert "`aoc2023` is the framework's home (the package's name), not a year" in walk


def _mapped_modules(contributing: str) -> set[str]:
    """The modules CONTRIBUTING's layout map names, as paths under aoc2023/framework/: the
    map's first column, read with its folders (by indentation)."""
    block = contributing.split("<!-- --8<-- [start:layout] -->")[1].split("```text")[1]
    block = block.split("```")[0]
    folders: list[tuple[int, str]] = []
    mapped: set[str] = set()
    for line in block.splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        folders = [(depth, name) for depth, name in folders if depth < indent]
        names = re.split(r"\s{2,}", line.strip())[0]
        if names.endswith("/"):
            folders.append((indent, names))
            continue
        prefix = "".join(name for _, name in folders)
        mapped |= {prefix + name for name in re.split(r",\s*", names) if name.endswith(".py")}
    return {
        path.removeprefix("aoc2023/framework/")
        for path in mapped
        if path.startswith("aoc2023/framework/")
    }


def test_contributing_maps_every_framework_module_and_no_other() -> None:
    """The layout map is where a maintainer looks for a module: a module added without
    its line, or a line left behind by a module removed, fails here."""
    framework = PROJECT / "aoc2023" / "framework"
    modules = {
        path.relative_to(framework).as_posix()
        for path in framework.rglob("*.py")
        if "__pycache__" not in path.parts
    }
    # A sub-package's __init__.py is mapped by its folder's line.
    modules -= {module for module in modules if module.endswith("/__init__.py")}
    mapped = _mapped_modules((PROJECT / "CONTRIBUTING.md").read_text(encoding="utf-8"))
    assert sorted(modules - mapped) == [], "modules missing from CONTRIBUTING.md's map"
    assert sorted(mapped - modules) == [], "CONTRIBUTING.md's map names modules that are gone"


TUTORIAL = PROJECT / "docs" / "tutorial.md"
REWRITE = "AOC_DOCS_REWRITE"
"""Set to 1, the samples test writes what the commands print now into the docs."""
SAMPLE = re.compile(
    r"<!-- output: (?P<name>[\w-]+) -->\n```(?P<kind>\w+)\n(?P<body>.*?)```\n", re.DOTALL
)
"""A sample of output in the docs: a fenced block after a comment naming what printed it;
in a `console` block, the output follows the command's `$` line."""
COLUMNS = "80"
"""The width the samples are printed at: a common terminal's, and what a page shows whole."""
FIXED_CLOCK = """
import itertools, sys, time
readings = itertools.count(0, 12_345)
time.perf_counter_ns = lambda: next(readings)  # read when the runner is imported
code, sys.argv = sys.argv[3], ["-c", *sys.argv[4:]]
exec(compile(code, "<string>", "exec"), {"__name__": "__main__"})
"""
"""Runs the `python -c CODE ARGS...` after it on a clock that moves 12.345 µs a reading,
so that each step takes the same time in every run, and a table the same widths."""


def _as_launched_by_uv(text: str) -> str:
    """The hints as the tutorial's reader sees them, running `uv run aoc ...` in the project
    (a process of the tests' names `aoc` and `pytest` bare: launcher.py)."""
    return re.sub(r"(?<![\w/.-])(aoc|pytest) (?=[a-z])", r"uv run \1 ", text)


def _tutorial_days() -> tuple[str, str]:
    """2023 day 1 as the tutorial writes it: part 1 (its first block of code, whole), then
    part 2 (its second block, which leaves out the lines of part 2's example that its
    sample of `aoc run` shows, on top of the first block's imports and EXAMPLE)."""
    page = TUTORIAL.read_text(encoding="utf-8")
    first, second = re.findall(r"```python\n(.*?)```\n", page, re.DOTALL)[:2]
    pasted = next(m["body"] for m in SAMPLE.finditer(page) if m["name"] == "part-two-example")
    example_2 = pasted.split('Example("""\n')[1].split('"""')[0]
    second = second.replace("two1nine\n...the other lines of part 2's example...\n", example_2)
    head = first.split("class Day01")[0]
    return first, head + second


@contextmanager
def _home() -> Iterator[Path]:
    """A home folder of the test's own whose path is as long as `/home/you`, which stands
    for it in the samples: a path that is longer wraps a line elsewhere."""
    for _ in range(100):
        home = Path("/tmp") / secrets.token_hex(2)
        with suppress(FileExistsError):
            home.mkdir()
            break
    try:
        yield home
    finally:
        shutil.rmtree(home)


def _outputs(home_folder: Path) -> dict[str, str]:
    """What the tutorial's commands print now, in a copy of the project (whose 2023 day 7
    is the tests' own: project_copy.py) at ~/aoc2023 of a home of the test's own, against
    the stand-in site with a token of a known user in aocd's own folder, at COLUMNS wide,
    on FIXED_CLOCK."""
    from conftest import TOKEN, AocdHome
    from fake_aoc import FakeAoC
    from project_copy import copy_project
    from site_cli import aoc

    project = copy_project(home_folder / "aoc2023")
    (project / ".aocd_config").mkdir()  # as in a clone
    home = AocdHome(data=home_folder / ".config" / "aocd", config=home_folder / ".config" / "aocd")
    env = {
        name: value
        for name, value in home.env().items()
        if name not in ("AOCD_DIR", "AOCD_CONFIG_DIR")
    }  # aocd's own folders, as a user's
    env |= {"HOME": str(home_folder), "COLUMNS": COLUMNS, "AOC_USER_AGENT": "you@example.com"}
    part_1, part_2 = _tutorial_days()
    clock = [sys.executable, "-c", FIXED_CLOCK]
    example = "1abc2\npqr3stu8vwx\na1b2c3d4e5f\ntreb7uchet\n"
    site = FakeAoC()
    try:
        site.add_user(TOKEN)
        site.add_puzzle(
            2023,
            1,
            "Trebuchet?!",
            inputs={TOKEN: example},
            example=example,
            example_answers=("142", None),
        )
        home.set_token()
        day = project / "aoc2023" / "day01.py"
        # One process: the token removed and day 1 saved as the tutorial says, in between.
        token, new, example_1, first, examples = aoc(
            site,
            home,
            ["token"],
            ["new", "2023", "1", "--wait"],
            ["run", "2023", "1", "--example"],
            ["run", "2023", "7"],
            ["run", "2023", "1", "--example"],
            env=env,
            cwd=project,
            wrapper=clock,
            writes=[{}, {}, {home.config / "token": None, day: part_1}, {}, {day: part_2}],
        )
    finally:
        site.stop()
    for done in (token, new, example_1, first, examples):
        assert done.returncode == 0, (done.args, done.stdout, done.stderr)
    said = {
        "token": token.stdout,
        "new": new.stdout,
        "example-1": example_1.stdout,
        "first-run": first.stdout + first.stderr,
        "examples": examples.stdout,
    }
    return {
        name: _as_launched_by_uv(text.replace(str(home_folder), "/home/you")).strip("\n") + "\n"
        for name, text in said.items()
    }


@pytest.mark.slow
def test_the_tutorials_samples_are_what_the_commands_print() -> None:
    """Each sample of output in the tutorial is what its command prints now, so that none
    drifts from the code. A change of output fails here, showing the sample to paste;
    `AOC_DOCS_REWRITE=1 uv run pytest -n 0 tests/test_docs.py` writes them all in."""
    with _home() as home:
        outputs = _outputs(home)
    page = TUTORIAL.read_text(encoding="utf-8")
    # Part 2's example to paste is read, not checked: the stand-in site's page shows one
    # example for both parts. _tutorial_days puts it in part 2's module, which runs it.
    checked = {"part-two-example"}

    def sample(match: re.Match[str]) -> str:
        name, body = match["name"], match["body"]
        if name in checked:
            return match[0]
        checked.add(name)
        command = body.split("\n", 1)[0] + "\n" if body.startswith("$ ") else ""
        return f"<!-- output: {name} -->\n```{match['kind']}\n{command}{outputs[name]}```\n"

    now = SAMPLE.sub(sample, page)
    assert sorted(checked - {"part-two-example"}) == sorted(outputs)
    if os.environ.get(REWRITE) == "1":
        TUTORIAL.write_text(page := now, encoding="utf-8")
    assert now == page, (
        f"docs/tutorial.md's samples are not what the commands print now; set {REWRITE}=1 "
        "to write them in, or paste:\n"
        + "\n".join(m[0] for m in SAMPLE.finditer(now) if m[0] not in page)
    )
