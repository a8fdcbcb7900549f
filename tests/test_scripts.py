"""The installed `aoc` script, `python -m aoc2023`, and aocd's runner and plugin API; the
script guard (script_guard.py), which also answers Ctrl-C while `aoc` starts."""

from __future__ import annotations

import json
import signal
import subprocess
import sys
from pathlib import Path

import pytest
from conftest import DAY_7_EXAMPLE, AocdHome
from site_cli import aoc_in_process

BIN = Path(sys.executable).parent
EXAMPLE = DAY_7_EXAMPLE


def run(args: list[str], home: AocdHome) -> subprocess.CompletedProcess[str]:
    return subprocess.run(args, env=home.env(), capture_output=True, text=True, timeout=120)


def test_aocd_solve_for_runs_our_day(aocd_loaded: AocdHome) -> None:
    import aocd.models

    aocd_loaded.set_token()
    aocd_loaded.cache_input(2023, 7, EXAMPLE)
    assert aocd.models.Puzzle(2023, 7).solve_for("aoc2023") == ("6440", "5905")


def test_python_dash_m_aoc2023_uses_the_projects_config_folder_when_no_variable_is_set(
    aocd_home: AocdHome, tmp_path: Path
) -> None:
    """The token and aocd's memo of its owner only in the project's `.aocd_config/` (not
    in aocd's folders): the day is run on the cached input, and checked against the cached
    answers, only if the project's token was used."""
    project = tmp_path / "project"
    AocdHome(data=aocd_home.data, config=project / ".aocd_config").cache_solved_day_7()
    env = aocd_home.env()
    del env["AOCD_CONFIG_DIR"]
    done = subprocess.run(
        [sys.executable, "-m", "aoc2023", "run", "2023", "7", "--json"],
        env=env,
        cwd=project,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr
    [result] = json.loads(done.stdout)["results"]
    assert result["source"] == "input"
    assert [part["status"] for part in result["parts"]] == ["correct", "correct"]


def test_any_aocd_option_spelling_reaches_aocds_runner(aocd_loaded: AocdHome) -> None:
    """Which runner a command line goes to is `aoc`'s own reading of it (in this process;
    through an installed `bin/aoc`, whichever package's script it is, aocd's runner on our
    plugin: test_fresh_install.py)."""
    aocd_loaded.cache_solved_day_7()
    for args in (["--years=2023", "--days=7", "-s"], ["-y2023", "-d7", "-s"]):
        done = aoc_in_process(*args)
        assert done.returncode == 0, done.stdout + done.stderr
        assert "part a: 6440" in done.stdout


def test_the_guard_takes_over_only_aocds_generated_runner_script(tmp_path: Path) -> None:
    from aoc2023.framework.script_guard import is_aocd_runner_script

    generated = (BIN / "aoc").read_text()
    for name, text, expected in [
        ("aoc", "import sys\nfrom aocd.runner import main\nsys.exit(main())\n", True),
        ("aoc", "from aocd.runner import main\nmain(['-y', '2023'])\n", False),  # a wrapper
        ("aoc", "from aoc2023.framework.cli import main\nsys.exit(main())\n", False),
        ("aocd", "import sys\nfrom aocd.runner import main\nsys.exit(main())\n", False),
    ]:
        (tmp_path / name).write_text(text)
        assert is_aocd_runner_script(str(tmp_path / name)) is expected, text
    assert is_aocd_runner_script(str(BIN / "aoc")) is ("aocd.runner" in generated)


def test_the_installed_script_says_too_many_arguments(aocd_home: AocdHome) -> None:
    """As the program (`bin/aoc` here, the tests' own; a day run through it, whichever
    package's script it is, and aocd's options: test_fresh_install.py)."""
    done = run([str(BIN / "aoc"), "list", "2023", "9", "--json"], aocd_home)
    assert done.returncode == 2, done.stderr
    says = "Too many arguments: '9' (aoc list takes [YEARS])."
    assert json.loads(done.stdout) == {"error": says, "exit_code": 2}
    assert f"Error: {says}" in done.stderr
    assert "unexpected" not in done.stderr.lower()


# --- Ctrl-C while `aoc` starts -------------------------------------------------------------

CTRL_C_ON_IMPORT = """
import os, signal, sys


def ctrl_c(event, args):
    if event == "import" and args[0] == {module!r} and not sent:
        sent.append(True)
        os.kill(os.getpid(), signal.SIGINT)


sent = []
sys.addaudithook(ctrl_c)
"""


@pytest.mark.parametrize(
    ("command", "module"),
    [(["-m", "aoc2023"], "typer"), (["aoc"], "aoc2023.framework.results")],
    ids=["python -m, at a dependency's import", "script, at the framework's import"],
)
def test_ctrl_c_while_aoc_starts_ends_it_as_ctrl_c_does_without_a_traceback(
    tmp_path: Path, aocd_home: AocdHome, command: list[str], module: str
) -> None:
    """Ctrl-C comes while `aoc` is still importing (deterministically here: the moment
    `module` is imported), before `main` can answer it, as when Ctrl-C follows a save
    under --watch and stops the pass the save started. Each way of starting `aoc` once,
    and each kind of import once: the script guard answers both alike, at start-up."""
    hooks = tmp_path / "hooks"
    hooks.mkdir()
    # The tests' own sitecustomize (no network), and SIGINT when `module` is imported.
    (hooks / "sitecustomize.py").write_text(
        (Path(__file__).parent / "netblock" / "sitecustomize.py").read_text()
        + CTRL_C_ON_IMPORT.format(module=module)
    )
    env = aocd_home.env() | {"PYTHONPATH": str(hooks)}
    program = (
        [sys.executable, *command]
        if command[0] == "-m"
        else [str(Path(sys.executable).parent / "aoc")]
    )
    done = subprocess.run(
        [*program, "run", "2023", "7", "--example"],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == -signal.SIGINT, done.stderr  # 130 in a shell
    assert done.stdout == "" and done.stderr == ""
