"""`aoc` works in a freshly built environment, whichever package's `aoc` script won.

aocd and this project both install a console script named `aoc`. uv keeps the
dependency's (aocd's), pip lets ours win, and reinstalling aocd puts its own back.
Each case builds a new virtual environment with `uv sync --frozen` (from uv.lock and
uv's cache, offline: the packages are the ones `uv run pytest` just installed) and
checks that both our command line and aocd's runner options work through `bin/aoc`,
whichever script is there (ours, as pip leaves it, is written as pip would).
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


def sync(venv: Path, home: AocdHome, *flags: str) -> dict[str, str]:
    """`uv sync` of this project into `venv`, from uv.lock and uv's cache only; the
    environment for the commands run in it.

    Those write bytecode, as on a user's machine (`PYTHONDONTWRITEBYTECODE` is dropped):
    uv compiles nothing, so each of the 3 commands run in a new environment otherwise
    compiled every module it imported from source (typer, aocd, urllib3, the framework).
    This file's tests, side by side, 3 rounds each: 9.8, 9.1, 9.9 s of CPU without, 8.1,
    7.7, 8.4 s with. Nothing here rewrites a module that has run."""
    assert UV is not None
    env = home.env() | {"UV_PROJECT_ENVIRONMENT": str(venv), "UV_OFFLINE": "1"}
    env.pop("VIRTUAL_ENV", None)
    done = subprocess.run(
        [UV, "sync", "--frozen", "--no-dev", "--quiet", "--python", sys.executable, *flags],
        cwd=PROJECT, env=env, capture_output=True, text=True, timeout=300,
    )
    assert done.returncode == 0, done.stderr
    return {name: value for name, value in home.env().items()
            if name != "PYTHONDONTWRITEBYTECODE"}


def assert_our_command_line_works(venv: Path, env: dict[str, str], cwd: Path) -> None:
    ours = subprocess.run([str(venv / "bin" / "aoc"), "run", "2023", "7", "--json"], env=env,
                          cwd=cwd, capture_output=True, text=True, timeout=120)
    assert ours.returncode == 0, ours.stdout + ours.stderr
    statuses = [p["status"] for p in json.loads(ours.stdout)["results"][0]["parts"]]
    assert statuses == ["correct", "correct"]


def assert_both_command_lines_work(venv: Path, env: dict[str, str], cwd: Path,
                                   module: bool = False) -> None:
    """Ours and aocd's options through `bin/aoc`; with `module`, `python -m aoc2023` too
    (which does not go through `bin/aoc`: once an environment is enough)."""
    aoc = str(venv / "bin" / "aoc")
    assert_our_command_line_works(venv, env, cwd)
    theirs = subprocess.run([aoc, "-y", "2023", "-d", "7", "-s"], env=env, cwd=cwd,
                            capture_output=True, text=True, timeout=120)
    assert theirs.returncode == 0, theirs.stdout + theirs.stderr
    assert "part a: 6440" in theirs.stdout and "part b: 5905" in theirs.stdout
    if not module:
        return
    done = subprocess.run([str(venv / "bin" / "python"), "-m", "aoc2023", "run", "2023", "7"],
                          env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
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


@pytest.mark.slow
@pytest.mark.parametrize("editable", [False, True], ids=["wheel", "editable"])
def test_fresh_uv_sync_then_a_reinstall_of_aocd(
    tmp_path: Path, aocd_home: AocdHome, editable: bool
) -> None:
    """A fresh sync, editable or not; then (on the wheel: a reinstall rewrites aocd's
    files alone, whichever way ours is installed) aocd reinstalled, and ours written
    last as pip leaves it."""
    aocd_home.cache_solved_day_7()
    venv = tmp_path / "venv"
    mode = [] if editable else ["--no-editable"]
    env = sync(venv, aocd_home, *mode)
    assert script_owner(venv) == "aocd"  # what uv leaves on a fresh sync
    assert_both_command_lines_work(venv, env, tmp_path, module=True)
    if editable:
        return

    sync(venv, aocd_home, *mode, "--reinstall-package", "advent-of-code-data")
    # aocd's script again, as after the fresh sync, whose check of aocd's options
    # through it stands: what the reinstall may have broken is our command line.
    assert script_owner(venv) == "aocd"
    assert_our_command_line_works(venv, env, tmp_path)
    # Then as pip leaves it: the last-installed package's script, ours.
    our_script_wins(venv)
    assert_both_command_lines_work(venv, env, tmp_path)


@pytest.mark.slow
def test_aocd_installed_first_then_the_project(tmp_path: Path, aocd_home: AocdHome) -> None:
    aocd_home.cache_solved_day_7()
    venv = tmp_path / "venv"
    sync(venv, aocd_home, "--no-install-project")
    env = sync(venv, aocd_home, "--no-editable")
    assert_both_command_lines_work(venv, env, tmp_path)  # `-m`: as the wheel case's


@pytest.mark.slow
def test_a_wheel_holds_every_year_package_and_the_templates(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """Built from a copy of the project with a second year, as `aoc new` starts one (a
    package folder holding the day from its template: test_new.py runs the command)."""
    from project_copy import copy_project

    from aoc2023.framework.scaffold import Target, render_day

    assert UV is not None
    project = copy_project(tmp_path / "project")
    shutil.copy(PROJECT / "README.md", project / "README.md")
    (project / "aoc2025").mkdir()
    (project / "aoc2025" / "__init__.py").write_text('"""Advent of Code 2025."""\n')
    day = Target(2025, 1, "aoc2025", project / "aoc2025" / "day01.py")
    day.day_path.write_text(render_day(day, None, ()))
    (project / "notes").mkdir()  # a folder that is not a year package stays out
    (project / "notes" / "__init__.py").write_text("")
    env = aocd_home.env() | {"UV_OFFLINE": "1"}
    built = subprocess.run([UV, "build", "--wheel", "--quiet", "--out-dir", str(tmp_path / "dist")],
                           cwd=project, env=env, capture_output=True, text=True, timeout=300)
    assert built.returncode == 0, built.stderr
    import zipfile

    [wheel] = (tmp_path / "dist").glob("*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    assert {"aoc2025/__init__.py", "aoc2025/day01.py", "aoc2023/day07.py",
            "aoc2023/framework/templates/day.py.tmpl", "_aoc2023_script_guard.pth"} <= names
    assert not any(name.startswith(("notes/", "tests/")) for name in names)
    # The pytest plugin comes with the package: plain `pytest` tests the days.
    [points] = [name for name in names if name.endswith(".dist-info/entry_points.txt")]
    assert "[pytest11]\naoc2023 = aoc2023.framework.pytest_plugin\n" in \
        zipfile.ZipFile(wheel).read(points).decode()
