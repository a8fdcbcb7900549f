"""The documentation's command line reference is generated from the typer app (issue 24):
docs/reference/cli.md must be what typer's own `utils docs` writes from the app now, so a
command, option or help text changed in the code fails here until the page is written
again with the command below (CONTRIBUTING.md says so too).

typer is one of the project's own dependencies, so this runs in the dev environment, with
no package of the `docs` group."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import typer

from aoc2023.framework.cli.app import COMMANDS, make_app

PROJECT = Path(__file__).resolve().parents[1]
CLI_REFERENCE = PROJECT / "docs" / "reference" / "cli.md"
GENERATE = ["typer", "aoc2023.framework.cli.app", "utils", "docs", "--name", "aoc",
            "--title", "Command line reference", "--output"]
"""`uv run` this, then the output file, to write the page again."""


def test_the_cli_reference_is_what_the_app_generates_now(tmp_path: Path) -> None:
    generated = tmp_path / "cli.md"
    done = subprocess.run([sys.executable, "-m", *GENERATE, str(generated)], cwd=PROJECT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert generated.read_text() == CLI_REFERENCE.read_text(), (
        "docs/reference/cli.md is not what the app generates now; write it again with: "
        f"uv run {' '.join(GENERATE)} {CLI_REFERENCE.relative_to(PROJECT)}")


def test_the_cli_reference_names_every_command_and_every_option_of_run() -> None:
    page = CLI_REFERENCE.read_text()
    assert [name for name in COMMANDS if f"## `aoc {name}`" not in page] == []
    run = typer.main.get_command(make_app(["run"])).commands["run"]  # type: ignore[attr-defined]
    options = {opt for param in run.params if param.param_type_name == "option"
               for opt in param.opts}
    assert {"--input", "--watch", "--timeout", "-y", "--yes"} <= options
    section = page.split("## `aoc run`\n")[1].split("\n## ")[0]
    listed = {name.split(" ")[0] for line in section.splitlines() if line.startswith("* `")
              for name in line.split("`")[1].split(", ")}
    assert options - listed == set()


README = (PROJECT / "README.md").read_text()


def test_the_readme_names_the_token_places_in_the_order_the_code_reads_them(
    tmp_path: Path,
) -> None:
    """The README's order, `aoc`'s no-token notice and a day's skip reason are one list."""
    from aoc2023.framework.aocd.session import token_places
    from aoc2023.framework.testing import RealAocd

    project, home = tmp_path / "project", tmp_path / "home" / ".config" / "aocd"
    (project / ".aocd_config").mkdir(parents=True)
    env = {"AOCD_DIR": str(home)}
    places = token_places(project, env)
    assert list(RealAocd.from_environment(env, project).token_places) == places
    spelled = {"$AOC_SESSION": "`AOC_SESSION`",
               str(project / ".aocd_config" / "token"): "`.aocd_config/token`",
               str(home / "token"): "`~/.config/aocd/token`"}
    assert set(places) == set(spelled)
    said = README[README.index("looks for the token in this order"):]
    positions = [said.find(spelled[place]) for place in places]
    assert -1 not in positions and positions == sorted(positions), said[:300]


def test_the_readme_leads_testing_with_your_days_and_says_the_whole_suite() -> None:
    quick_start = README[README.index("## Quick start"):README.index("## A December day")]
    assert "uv run pytest aoc2023\n" in quick_start  # your days, in seconds
    assert "`uv run pytest` alone also runs the framework's own tests" in quick_start
    assert "uv run --project" in quick_start and "uv tool install --editable" in quick_start
    # aoc new writes no test file: the plugin makes the day's tests.
    assert "its test file" not in README and "and no test file" in README


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
    return {path.removeprefix("aoc2023/framework/") for path in mapped
            if path.startswith("aoc2023/framework/")}


def test_contributing_maps_every_framework_module_and_no_other() -> None:
    """The layout map is where a maintainer looks for a module: a module added without
    its line, or a line left behind by a module removed, fails here."""
    framework = PROJECT / "aoc2023" / "framework"
    modules = {path.relative_to(framework).as_posix() for path in framework.rglob("*.py")
               if "__pycache__" not in path.parts}
    # A sub-package's __init__.py is mapped by its folder's line.
    modules -= {module for module in modules if module.endswith("/__init__.py")}
    mapped = _mapped_modules((PROJECT / "CONTRIBUTING.md").read_text(encoding="utf-8"))
    assert sorted(modules - mapped) == [], "modules missing from CONTRIBUTING.md's map"
    assert sorted(mapped - modules) == [], "CONTRIBUTING.md's map names modules that are gone"
