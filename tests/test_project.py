"""The user's project (project.py): its `[tool.aoc]` settings, found upwards from the
folder `aoc` runs in, and damaged ones said in one sentence."""

from __future__ import annotations

from pathlib import Path

from conftest import AocdHome
from site_cli import aoc_in_process


def test_damaged_settings_are_one_sentence_naming_them(tmp_path: Path, aocd_home: AocdHome) -> None:
    """Run from a folder inside the project, whose settings are found upwards: in this
    process (site_cli.aoc_in_process takes a folder that holds a pyproject.toml itself
    for a copy of the project, which only a process can work on)."""
    aocd_home.cache_solved_day_7()
    cwd = tmp_path / "project"
    (cwd / "notes").mkdir(parents=True)
    for damaged in ["[tool.aoc]\nsubmit = 'sometimes'\n", "[tool]\naoc = ''\n", "tool = 5\n"]:
        (cwd / "pyproject.toml").write_text(damaged)
        done = aoc_in_process("run", "2023", "7", "--yes", "--example", cwd=cwd / "notes")
        assert done.returncode == 2, done.stdout + done.stderr
        assert "[tool.aoc]" in done.stderr and "unexpected" not in done.stderr, done.stderr
        assert "Traceback" not in done.stderr
