"""Hints name `aoc` (and pytest) as the user launched it, so that a pasted hint works.

`launcher` is read from the environment, the command line as typed, the environment's
folder and the working folder, each handed in here; then the real processes: the
installed script, `python -m aoc2023`, both with the variables `uv run` sets, and
`uv run` itself.
"""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import AocdHome

from aoc2023.framework import launcher as launching
from aoc2023.framework.launcher import Launcher, launcher

HINT = "give one year and one day, e.g. {} bench 2023 7 --history."
BIN = Path(sys.executable).parent


@pytest.fixture
def venv(tmp_path: Path) -> Path:
    """A project with its environment in `.venv`, as uv makes it."""
    (tmp_path / "project" / ".venv").mkdir(parents=True)
    (tmp_path / "project" / "pyproject.toml").write_text("[project]\nname = 'p'\n")
    return tmp_path / "project" / ".venv"


def test_under_uv_run_hints_say_uv_run(venv: Path) -> None:
    uv = {"UV": "/usr/bin/uv", "VIRTUAL_ENV": str(venv)}
    script = [str(venv / "bin" / "python"), str(venv / "bin" / "aoc"), "new", "2023", "1"]
    assert launcher(uv, script, str(venv), venv.parent) == Launcher(
        ("uv", "run", "aoc"), ("uv", "run", "pytest")
    )
    inside = venv.parent / "aoc2023"
    inside.mkdir()
    assert launcher(uv, script, str(venv), inside).aoc == ("uv", "run", "aoc")
    # From another folder, as `uv run --project PATH aoc` was started: the hint says so.
    elsewhere = venv.parent.parent
    assert launcher(uv, script, str(venv), elsewhere).aoc == (
        "uv",
        "run",
        "--project",
        str(venv.parent.resolve()),
        "aoc",
    )
    # `uv run python -m aoc2023`: uv's python, as a module.
    module = [str(venv / "bin" / "python"), "-m", "aoc2023", "run", "2023", "7"]
    assert launcher(uv, module, str(venv), venv.parent) == Launcher(
        ("uv", "run", "python", "-m", "aoc2023"), ("uv", "run", "python", "-m", "pytest")
    )


def test_uv_variables_of_another_environment_are_not_uv_run(venv: Path, tmp_path: Path) -> None:
    """A shell that `uv run` started long ago, running another environment's `aoc`."""
    other = tmp_path / "other-env"
    other.mkdir()
    uv = {"UV": "/usr/bin/uv", "VIRTUAL_ENV": str(venv)}
    assert launcher(uv, ["python", "aoc"], str(other), venv.parent) == Launcher(
        ("aoc",), ("pytest",)
    )
    assert launcher({"UV": "/usr/bin/uv"}, ["python", "aoc"], str(venv), venv.parent) == Launcher(
        ("aoc",), ("pytest",)
    )


def test_as_a_module_hints_name_the_interpreter_as_typed(tmp_path: Path) -> None:
    for typed in (["python3", "-m", "aoc2023"], ["python3", "-I", "-maoc2023"]):
        assert launcher({}, [*typed, "run"], str(tmp_path), tmp_path) == Launcher(
            ("python3", "-m", "aoc2023"), ("python3", "-m", "pytest")
        )
    # Another module (`python -m pytest`) says nothing of how `aoc` is run; nor does code.
    for other in (["python", "-m", "pytest"], ["python", "-c", "..."], ["python", "aoc"]):
        assert launcher({}, other, str(tmp_path), tmp_path) == Launcher(("aoc",), ("pytest",))


def test_a_uv_tool_install_runs_pytest_in_the_project(tmp_path: Path) -> None:
    (tmp_path / "uv-receipt.toml").write_text("[tool]\n")
    assert launcher({}, ["python", "aoc"], str(tmp_path), tmp_path) == Launcher(
        ("aoc",), ("uv", "run", "pytest")
    )


def test_commands_are_quoted_for_a_shell(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        launching,
        "launcher",
        lambda: Launcher(("uv", "run", "--project", "/my projects/aoc", "aoc"), ("pytest",)),
    )
    assert (
        launching.aoc_command("run", 2023, 7)
        == "uv run --project '/my projects/aoc' aoc run 2023 7"
    )
    assert launching.pytest_command("aoc2023/day01.py") == "pytest aoc2023/day01.py"


def run(*command: str, env: dict[str, str], cwd: Path) -> str:
    done = subprocess.run(command, env=env, cwd=cwd, capture_output=True, text=True, timeout=120)
    assert done.returncode == 2, done.stdout + done.stderr
    return done.stderr


@pytest.mark.slow
def test_each_launcher_sees_its_own_command_in_the_hint(
    aocd_home: AocdHome, tmp_path: Path
) -> None:
    """What `launcher` reads in a real process: the script as typed, and the module as
    typed with what `uv run` sets for the command it starts (the script under `uv run`
    from another folder: test_real_uv_run_from_another_folder; every other mix, on the
    same readings: the tests above)."""
    env = aocd_home.env()
    script = (str(BIN / "aoc"), "bench", "2023", "--history")
    module = (sys.executable, "-m", "aoc2023", "bench", "2023", "--history")
    assert HINT.format("aoc") in run(*script, env=env, cwd=tmp_path)
    uv = env | {"UV": "/usr/bin/uv", "VIRTUAL_ENV": sys.prefix}
    assert HINT.format("uv run python -m aoc2023") in run(*module, env=uv, cwd=Path(sys.prefix))


@pytest.mark.slow
@pytest.mark.skipif(shutil.which("uv") is None, reason="uv is not installed")
def test_real_uv_run_from_another_folder(aocd_home: AocdHome, tmp_path: Path) -> None:
    """`uv run --project PATH aoc` from outside the project, as the README says: it
    works, and its hint is the command to paste there."""
    project = Path(sys.prefix).resolve().parent
    if not (project / "uv.lock").is_file():
        pytest.skip("the tests do not run in the project's own uv environment")
    env = {k: v for k, v in aocd_home.env().items() if k not in {"VIRTUAL_ENV"}}
    said = run(
        "uv",
        "run",
        "--no-sync",
        "--frozen",
        "--project",
        str(project),
        "aoc",
        "bench",
        "2023",
        "--history",
        env=env,
        cwd=tmp_path,
    )
    assert HINT.format(f"uv run --project {project} aoc") in said, said
