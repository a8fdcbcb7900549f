"""A full disk, and a folder that cannot be written, at the writes aoc makes (issue 44
item 3): a file is written whole or not at all (no temporary file, no page cut short
left behind), a failure is one sentence naming the file (exit 2, never "unexpected
OSError"), and what was made before it is still shown (aoc bench's table and its
`--json` fields).

A full disk is a small tmpfs in a mount namespace, filled up (read_only.full_disk):
root only, skipped elsewhere. Each test runs its commands in one process
(site_cli.aoc), and lists what the disk holds before the namespace goes. Every
command that writes is held to these promises on a full and a read-only disk in
test_contracts.py (test_a_write_that_fails_is_one_sentence_naming_the_file); here,
what needs a disk of its own: a history that fits when checked and not when written,
and a lock in a read-only data folder with the input cached."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from read_only import LEFT, full_disk, left, read_only, then_list
from site_cli import aoc

import aoc2023
from aoc2023.framework.bench.history import FORMAT

SOURCE = str(Path(aoc2023.__file__).resolve().parents[1])
YEAR = 2097
SINCE_YEAR_UNLOCKED = 75 * 366 * 86400.0
"""A clock shift past YEAR's December (a real run fetches only what is unlocked)."""
DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
"""
ROOM = 8192
"""The room left on a full disk of the bench's test: two pages."""


def a_history(size: int) -> str:
    """A history of one entry (of another machine), `size` bytes long as aoc writes it."""
    def text(pad: int) -> str:
        entry = {"date": "2040-12-01T00:00:00+00:00", "python": "3.11", "budget": 1.0,
                 "machine": "another " + "x" * pad, "commit": None, "figures": []}
        return json.dumps({"format": FORMAT, "entries": [entry]}, indent=1) + "\n"
    return text(size - len(text(0)))


@pytest.mark.slow  # a process of its own
def test_a_full_disk_and_a_read_only_data_folder_keep_what_was_made(
    tmp_path: Path, aocd_home: AocdHome, fake_aoc: FakeAoC
) -> None:
    """`aoc bench --save`, `benchmarks/` on a disk with two pages free: a history that
    needs more than that to be copied is refused before the timing; one that fits then,
    but not with the new figures, fails after it: the table (and the `--json` fields)
    are shown, then the one sentence naming the file, exit 2, the history as it was.
    `aoc stats --svg` likewise, with a calendar larger than the room left.
    And in the same process, aocd's data folder read-only, the input cached: the lock
    taken before sending cannot be, nothing is sent, and the sentence is ours (it was a
    bare "OSError: [Errno 30] Read-only file system: '.../.aoc-locks'")."""
    aocd_home.set_token()
    aocd_home.cache_input(YEAR, 1, "abcd")
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_puzzle(YEAR, 1, "Test", inputs={TOKEN: "abcd"}, solutions=["4", "5"])
    disk = tmp_path / "disk"
    projects = {}
    for name, size in (("fits", ROOM - 10), ("too-large", ROOM + 4096)):
        project = projects[name] = disk / name
        (project / "benchmarks").mkdir(parents=True)
        (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
        (project / "benchmarks" / "history.json").write_text(a_history(size))
    bench = ["bench", str(YEAR), "1", "--example", "--budget", "0.05", "--save"]
    with temporary_year(tmp_path / "site", YEAR, {"day01.py": DAY}):
        env = aocd_home.env()
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), SOURCE, env["PYTHONPATH"]])
        stats = ["stats", "2023", "--svg", "calendar.svg", "--json"]  # 14 KB: no room
        try:
            on_disk = [*full_disk(disk, ROOM), *then_list(disk)]
        except pytest.skip.Exception as no_disk:  # the read-only folder alone, then
            on_disk, cannot = [], no_disk
        commands = [bench, [*bench, "--json"], stats, bench] if on_disk else []
        sent, *writes = aoc(
            fake_aoc, aocd_home, ["run", str(YEAR), "1", "--yes"], *commands, env=env,
            settings=[{"AOC_SESSION": TOKEN}] + [{}] * len(commands),
            cwds=[tmp_path, projects["fits"], projects["fits"], projects["fits"],
                  projects["too-large"]][:1 + len(commands)], shift=SINCE_YEAR_UNLOCKED,
            wrapper=[*on_disk, *read_only(aocd_home.data)])
    assert sent.returncode == 2, sent.stdout + sent.stderr
    assert f"{aocd_home.data} must be a folder you can write to" in sent.stderr, sent.stderr
    assert "OSError" not in sent.stderr and "Errno" not in sent.stderr, sent.stderr
    assert fake_aoc.requests_for("/answer") == []
    if not on_disk:
        pytest.skip(str(cannot))
    late, as_json, drawn, early = writes
    history = projects["fits"] / "benchmarks" / "history.json"
    for done in (late, as_json):
        assert done.returncode == 2, done.stderr
        assert f"Could not write the benchmark history {history} (the disk is full): it " \
               "was left as it was." in done.stderr, done.stderr
        assert "unexpected" not in done.stderr and "Errno" not in done.stderr
    assert f"{YEAR}/01" in late.stdout and "part 1" in late.stdout  # the table
    report = json.loads(as_json.stdout.split(LEFT)[0])
    assert report["results"][0]["steps"] and report["exit_code"] == 2
    assert report["error"].startswith("Could not write the benchmark history")
    svg = projects["fits"] / "calendar.svg"
    stats = json.loads(drawn.stdout)  # aoc stats likewise: its stats, then the sentence
    assert drawn.returncode == 2 and stats["exit_code"] == 2, drawn.stderr
    assert stats["years"][0]["year"] == 2023 and stats["written"] == []
    assert stats["error"] == (f"Could not write the calendar {svg} (the disk is full): "
                              "nothing was written.")
    assert early.returncode == 2 and "so nothing was timed." in early.stderr, early.stderr
    assert "the disk is full" in early.stderr and early.stdout.split(LEFT)[0] == ""
    files = left(early.stdout)
    assert files[str(history)] == ROOM - 10  # as it was, and no temporary file beside it
    assert sorted(files) == sorted(str(project / name) for project in projects.values()
                                   for name in ("pyproject.toml", "benchmarks/history.json"))
