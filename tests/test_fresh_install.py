"""`aoc` works in a freshly built environment, whichever package's `aoc` script won.

aocd and this project both install a console script named `aoc`. uv keeps the
dependency's (aocd's), pip lets ours win, and reinstalling aocd puts its own back.
A new virtual environment is built with `uv sync --frozen` (from uv.lock and uv's
cache, offline: the packages are the ones `uv run pytest` just installed) and taken
through each of those states in turn, and in each our command line is checked through
`bin/aoc`, whichever script is there (ours, as pip leaves it, is written as pip would),
and aocd's runner options through each package's script, once editable and once as a
wheel. The wheel is built from a copy of the project with a second year, and what it
held is checked.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import AocdHome

PROJECT = Path(__file__).resolve().parents[1]
UV = os.environ.get("UV") or shutil.which("uv")

pytestmark = pytest.mark.skipif(UV is None, reason="needs uv (the README's installer)")


def sync(venv: Path, home: AocdHome, *flags: str, project: Path = PROJECT) -> dict[str, str]:
    """`uv sync` of `project` (default: this one) into `venv`, from uv.lock and uv's cache
    only; the environment for the commands run in it.

    Those write bytecode, as on a user's machine (`PYTHONDONTWRITEBYTECODE` is dropped):
    uv compiles nothing, so each command run in a new environment would otherwise compile
    every module it imported from source (typer, aocd, urllib3, the framework) again.
    Nothing here rewrites a module that has run."""
    assert UV is not None
    env = home.env() | {"UV_PROJECT_ENVIRONMENT": str(venv), "UV_OFFLINE": "1"}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(
        [UV, "sync", "--frozen", "--no-dev", "--quiet", "--python", sys.executable, *flags],
        cwd=project,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return {name: value for name, value in home.env().items() if name != "PYTHONDONTWRITEBYTECODE"}


def assert_our_command_line_works(venv: Path, env: dict[str, str], cwd: Path) -> None:
    ours = subprocess.run(
        [str(venv / "bin" / "aoc"), "run", "2023", "7", "--json"],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert ours.returncode == 0, ours.stdout + ours.stderr
    statuses = [p["status"] for p in json.loads(ours.stdout)["results"][0]["parts"]]
    assert statuses == ["correct", "correct"]


def assert_both_command_lines_work(
    venv: Path, env: dict[str, str], cwd: Path, module: bool = False
) -> None:
    """Ours and aocd's options through `bin/aoc`; with `module`, `python -m aoc2023` too
    (which does not go through `bin/aoc`: once an environment is enough)."""
    aoc = str(venv / "bin" / "aoc")
    assert_our_command_line_works(venv, env, cwd)
    theirs = subprocess.run(
        [aoc, "-y", "2023", "-d", "7", "-s"],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert theirs.returncode == 0, theirs.stdout + theirs.stderr
    # aocd's runner prints one line per puzzle: its own format, its own marks.
    assert "2023/7" in theirs.stdout and "Camel Cards" in theirs.stdout
    assert "part a: 6440" in theirs.stdout and "part b: 5905" in theirs.stdout
    assert "✔" in theirs.stdout and "✖" not in theirs.stdout
    if not module:
        return
    done = subprocess.run(
        [str(venv / "bin" / "python"), "-m", "aoc2023", "run", "2023", "7"],
        env=env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr


def script_owner(venv: Path) -> str:
    text = (venv / "bin" / "aoc").read_text()
    return "aocd" if "aocd.runner" in text else "ours" if "aoc2023" in text else "unknown"


def our_script_wins(venv: Path) -> None:
    """pip writes the last-installed package's script: ours. Write it as pip would."""
    script = venv / "bin" / "aoc"
    script.write_text(
        f"#!{venv / 'bin' / 'python'}\nimport sys\nfrom aoc2023.framework.cli import main\n"
        "if __name__ == '__main__':\n    sys.exit(main())\n"
    )
    assert script_owner(venv) == "ours"


def project_with_a_second_year(destination: Path) -> Path:
    """A copy of the project as a checkout holds it (its lock file, README and ignore
    rules too) with a second year, as `aoc new` starts one (a package folder holding the
    day from its template: test_new.py runs the command), and a folder that is not a year
    package."""
    from project_copy import copy_project

    from aoc2023.framework.commands.new import Target, render_day

    project = copy_project(destination)
    for name in ("README.md", "uv.lock", ".gitignore"):
        shutil.copy(PROJECT / name, project / name)
    (project / "aoc2025").mkdir()
    (project / "aoc2025" / "__init__.py").write_text('"""Advent of Code 2025."""\n')
    day = Target(2025, 1, "aoc2025", project / "aoc2025" / "day01.py")
    day.day_path.write_text(render_day(day, None, ()))
    (project / "notes").mkdir()  # a folder that is not a year package stays out
    (project / "notes" / "__init__.py").write_text("")
    return project


def assert_the_wheel_held_every_year_package_and_the_templates(venv: Path) -> None:
    """What the installed wheel held, as its RECORD lists it (every file of the wheel)."""
    [record] = venv.glob("lib/python*/site-packages/aoc2023-*.dist-info/RECORD")
    names = {line.split(",")[0] for line in record.read_text().splitlines()}
    assert {
        "aoc2025/__init__.py",
        "aoc2025/day01.py",
        "aoc2023/day07.py",
        "aoc2023/framework/templates/day.py.tmpl",
        "_aoc2023_script_guard.pth",
    } <= names
    assert not any(name.startswith(("notes/", "tests/")) for name in names)
    # The pytest plugin comes with the package: plain `pytest` tests the days.
    assert (
        "[pytest11]\naoc2023 = aoc2023.framework.pytest_plugin\n"
        in (record.parent / "entry_points.txt").read_text()
    )


@pytest.mark.slow
def test_aocd_installed_first_then_the_project_as_a_wheel_then_aocd_again(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """aocd installed first (by a fresh editable sync), then the project as a wheel over
    it, then aocd again: one environment through every state the `aoc` script is left
    in, so that what its first commands compile (aocd, its runner's dependencies) serves
    them all:

    1. a fresh editable `uv sync`: uv leaves aocd's script; through it (the script guard,
       as an editable install holds it) both command lines work. (`python -m aoc2023` in
       an editable install, which does not go through `bin/aoc`: the tests' own, in
       test_scripts.py.)
    2. the project as a wheel over it, aocd installed before (as a fresh sync installs
       each package after its dependencies), built from a copy with a second year: uv
       writes our script; both command lines and `python -m aoc2023` work, and the wheel
       held every year package.
    3. aocd reinstalled (which rewrites aocd's files alone, whichever way ours is
       installed): aocd's script again, now over a wheel; our command line works through
       it, so the wheel's script guard takes it over. (aocd's options through aocd's
       script and the guard: step 1; aocd's runner on the wheel's plugin: step 2.)
    4. ours written last, as pip leaves it.
    """
    aocd_home.cache_solved_day_7()
    venv = tmp_path / "venv"
    env = sync(venv, aocd_home)
    assert script_owner(venv) == "aocd"  # what uv leaves on a fresh sync
    assert_both_command_lines_work(venv, env, tmp_path)

    project = project_with_a_second_year(tmp_path / "project")
    sync(venv, aocd_home, "--no-editable", project=project)
    assert script_owner(venv) == "ours"  # uv writes the script of what it installs last
    assert_both_command_lines_work(venv, env, tmp_path, module=True)
    assert_the_wheel_held_every_year_package_and_the_templates(venv)

    sync(
        venv,
        aocd_home,
        "--no-editable",
        "--reinstall-package",
        "advent-of-code-data",
        project=project,
    )
    assert script_owner(venv) == "aocd"  # as after a fresh sync, now over a wheel install
    assert_our_command_line_works(venv, env, tmp_path)
    # Then as pip leaves it: the last-installed package's script, ours. aocd's options go
    # through it as through uv's script of ours (checked above): each calls our `main`.
    our_script_wins(venv)
    assert_our_command_line_works(venv, env, tmp_path)
