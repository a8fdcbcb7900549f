"""Reading and writing the files aoc keeps (files.py): a write is exactly the content, or
the old file untouched, and a failure one sentence naming the file (a full disk, which
needs a disk of its own, last); a FIFO, a device or a file too large where a
file should be hangs nothing; a folder that cannot be written stops only the commands
that write there (issue 25, items 4 and 6)."""

from __future__ import annotations

import json
import os
import re
import stat
from pathlib import Path
from subprocess import CompletedProcess

import pytest
import site_cli
from conftest import TOKEN, AocdHome, temporary_year
from fake_aoc import FakeAoC
from read_only import LEFT, full_disk, left, read_only, then_list
from site_cli import aoc
from test_output import DAY, SINCE_YEAR_UNLOCKED, YEAR, year_env

import aoc2023
from aoc2023.framework.bench.history import FORMAT
from aoc2023.framework.errors import UsageError, WriteFailed
from aoc2023.framework.files import check_writable, write_atomically


def test_writes_exactly_the_content_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "README.md"
    write_atomically(path, "a\r\nb\nµ")
    assert path.read_bytes() == "a\r\nb\nµ".encode()
    write_atomically(path, b"\x00bytes")
    assert path.read_bytes() == b"\x00bytes"
    assert sorted(p.name for p in path.parent.iterdir()) == ["README.md"]


def test_a_file_keeps_its_permissions_and_a_record_is_its_owners(tmp_path: Path) -> None:
    """A README, a chart: as `open` makes a file, or as it was; a record: the owner's."""
    umask = os.umask(0o022)
    try:
        write_atomically(readme := tmp_path / "README.md", "# Mine\n")
        assert stat.S_IMODE(readme.stat().st_mode) == 0o644
        readme.chmod(0o664)
        write_atomically(readme, "# Mine, again\n")
        assert stat.S_IMODE(readme.stat().st_mode) == 0o664
        write_atomically(record := tmp_path / "aoc-view-keys.json", "{}", private=True)
        assert stat.S_IMODE(record.stat().st_mode) == 0o600
    finally:
        os.umask(umask)


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    target = folder / "target"
    target.mkdir(parents=True)
    (target / "keep").write_text("old")
    with pytest.raises(WriteFailed) as failed:  # an OSError too, for a copy that may be lost
        write_atomically(target, "new", what="the note")  # a folder is not replaced by a file
    assert str(failed.value) == (
        f"Could not write the note {target} (a folder is in its place): nothing was written."
    )
    assert failed.value.filename == str(target) and isinstance(failed.value, OSError)
    assert (target / "keep").read_text() == "old"
    assert sorted(p.name for p in folder.iterdir()) == ["target"]


def test_a_file_in_the_place_of_its_folder_is_said_in_our_words(tmp_path: Path) -> None:
    (tmp_path / "benchmarks").write_text("a file, where the folder should be")
    target = tmp_path / "benchmarks" / "history.json"
    with pytest.raises(
        WriteFailed,
        match=re.escape(f"Could not write {target} (a file is in the place of one of its folders)"),
    ):
        write_atomically(target, "{}")
    with pytest.raises(
        UsageError,
        match=re.escape(
            f"--save: {target} cannot be written (a file is in the place of one of its "
            "folders), so nothing was timed."
        ),
    ):
        check_writable("--save", target)


def test_a_file_that_is_a_link_is_written_where_it_links_and_stays_a_link(
    tmp_path: Path,
) -> None:
    """A README or a history kept elsewhere and linked into the project (a dotfiles
    repository, say): its file is written, and the link left as it is."""
    (tmp_path / "elsewhere").mkdir()
    target, link = tmp_path / "elsewhere" / "README.md", tmp_path / "README.md"
    target.write_text("old\n")
    link.symlink_to(target)
    write_atomically(link, "new\n")
    assert link.is_symlink() and target.read_text() == "new\n"
    assert sorted(path.name for path in (tmp_path / "elsewhere").iterdir()) == ["README.md"]


def test_benchmark_runs_saving_at_once_all_keep_their_figures(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Threads save to one history at once (8 `aoc bench --save` once kept 5 records).
    Each read is held a moment before its write, so that without the lock every save
    would read the history before any wrote it, and all but one record would be lost.
    Four show it as well as eight: with the lock the holds come one after another."""
    import threading
    import time
    from datetime import UTC, datetime

    from aoc2023.framework.bench import history
    from aoc2023.framework.bench.figures import BenchReport, DayBench, Stats, StepBench
    from aoc2023.framework.results import DayResult

    path = tmp_path / "benchmarks" / "history.json"
    load = history.load

    def slow_load(where: Path) -> list[dict[str, object]]:
        entries = load(where)
        time.sleep(0.05)  # widens the window between the read and the write
        return entries

    monkeypatch.setattr(history, "load", slow_load)
    savers = 4
    start = threading.Barrier(savers)

    def save(number: int) -> None:
        stats = Stats(3, 1e-3, 1e-3, 1e-3, 1e-3)
        report = BenchReport(
            [DayBench(DayResult(2059, number, None, "file", "x"), (StepBench("part 1", stats),))]
        )
        start.wait()
        history.save_figures(path, report, datetime(2059, 12, 1, tzinfo=UTC), "here")

    threads = [threading.Thread(target=save, args=(number,)) for number in range(1, savers + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    days = sorted(entry["figures"][0]["day"] for entry in load(path))
    assert days == list(range(1, savers + 1))


# --- what is found where a file should be (issue 25, item 4) -------------------------------


def refused(result: CompletedProcess[str], path: Path, why: str) -> None:
    """One sentence naming `path` and why it cannot be read; exit 2."""
    assert result.returncode == 2, (path, result.stdout, result.stderr)
    assert f"{path} cannot be read ({why}" in result.stderr, result.stderr
    for text in ("Traceback", "unexpected", "MemoryError"):
        assert text not in result.stderr


def test_a_fifo_or_a_device_where_a_file_should_be_hangs_nothing(
    tmp_path: Path, aocd_home: AocdHome
) -> None:
    """A hang fails the test at the time limit instead of blocking it: a FIFO or a device
    is tried in a process; a token file too large, which cannot hang, in this one. Each
    process holds several, a command each: a command meets its own before any other (the
    token file is not read when $AOC_SESSION holds the token; a day's own files are read
    before the record of sent answers, and that before the record of waits). No site
    answers: each file is read before anything is asked of it (a send would fail
    otherwise)."""
    aocd_home.set_token()
    env = year_env(tmp_path, aocd_home)
    for day in (1, 2, 3):
        (tmp_path / "site" / f"aoc{YEAR}" / f"day0{day}.py").write_text(DAY)
        aocd_home.cache_input(YEAR, day, "abcd")
    token, memo = aocd_home.config / "token", aocd_home.config / "token2id.json"
    journal = aocd_home.config / "aoc-attempts.json"
    waits = aocd_home.config / "aoc-submit-wait.json"
    day_1_input = aocd_home.user_dir / f"{YEAR}_01_input.txt"
    day_2_answer = aocd_home.user_dir / f"{YEAR}_02a_answer.txt"
    in_the_environment = {"AOC_SESSION": TOKEN}

    def fifos(*paths: Path) -> None:
        for path in paths:
            path.unlink(missing_ok=True)
            os.mkfifo(path)

    # The token file a FIFO: what needs no token runs, what needs one is refused; with the
    # token in the environment, aocd's memo of its owner a FIFO.
    memo_text = memo.read_text()
    fifos(token, memo)
    version, example, *tokens, owner = site_cli.aoc(
        None,
        aocd_home,
        ["--version"],
        ["run", str(YEAR), "1", "--example"],
        ["run", str(YEAR), "1"],
        ["token"],
        ["run", str(YEAR), "1", "--yes"],
        settings=[{}, {}, {}, {}, in_the_environment],
        env=env,
        timeout=60,
    )
    assert version.returncode == 0 and "aoc (aoc2023)" in version.stdout
    assert example.returncode == 0 and "✔ 3" in example.stdout, example.stderr
    for result in tokens:
        refused(result, token, "a FIFO, not a regular file")
        assert f"The token file {token}" in result.stderr
    refused(owner, memo, "a FIFO, not a regular file")

    # The token file a device; with the token in the environment, the record of waits a FIFO.
    token.unlink()
    token.symlink_to("/dev/zero")
    memo.unlink()
    memo.write_text(memo_text)
    fifos(waits)
    device, waited = site_cli.aoc(
        None,
        aocd_home,
        ["run", str(YEAR), "1"],
        ["run", str(YEAR), "1", "--yes"],
        settings=[{}, in_the_environment],
        env=env,
        timeout=60,
    )
    refused(device, token, "a character device")
    refused(waited, waits, "a FIFO, not a regular file")

    # A day's own files (day 1's input, day 2's answer), and the record of sent answers
    # (day 3 would send); the token file too large (in this process: it cannot hang).
    waits.unlink()
    fifos(day_1_input, day_2_answer, journal)
    ran = site_cli.aoc(
        None,
        aocd_home,
        *(["run", str(YEAR), str(day), "--yes"] for day in (1, 2, 3)),
        settings=[in_the_environment] * 3,
        env=env,
        timeout=60,
    )
    for path, result in zip((day_1_input, day_2_answer, journal), ran, strict=True):
        refused(result, path, "a FIFO, not a regular file")
    # The project's benchmark history (read by every bench, to compare: a damaged one is
    # said, and the bench shown) and README (by --readme: refused).
    project = tmp_path / "project"
    (project / "benchmarks").mkdir(parents=True)
    (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
    history, readme = project / "benchmarks" / "history.json", project / "README.md"
    fifos(history, readme)
    bench = ["bench", str(YEAR), "1", "--example", "--budget", "0.01"]
    benched = site_cli.aoc(
        None, aocd_home, bench, [*bench, "--readme"], cwds=[project] * 2, env=env, timeout=60
    )
    for path, result, code in zip((history, readme), benched, (0, 2), strict=True):
        assert result.returncode == code and str(path) in result.stderr, result.stderr
        assert "FIFO, not a regular file" in result.stderr and "Traceback" not in result.stderr
    token.unlink()
    token.write_text("ab" * 500_000)
    with temporary_year(tmp_path / "in-process", YEAR, {"day01.py": DAY}):
        result = site_cli.aoc_in_process("run", str(YEAR), "1")
    refused(result, token, "larger than 4,096 bytes")
    assert f"The token file {token}" in result.stderr


# --- a folder that cannot be written (issue 25, item 6) ------------------------------------


def _a_page_a_board_and_an_answer(site: FakeAoC, tmp_path: Path, home: AocdHome) -> dict[str, str]:
    """The site with what `read 2023 7`, `leaderboard 2023 42` and `run YEAR 1 --yes` ask
    for; the environment of an `aoc` with `home` as aocd's folders and a token."""
    site.add_user(TOKEN)
    site.add_puzzle(2023, 7, "Camel Cards", inputs={TOKEN: "x\n"})
    site.add_puzzle(YEAR, 1, "Test", inputs={TOKEN: "abcd"}, solutions=["4", "5"])
    site.add_board(2023, 42, {"event": "2023", "owner_id": 1, "members": {}}, viewers={TOKEN})
    return year_env(tmp_path, home, AOC_SESSION=TOKEN)


def test_a_read_only_home_is_named_by_the_commands_that_write(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_home: AocdHome
) -> None:
    """aocd's folders in a read-only HOME, where they cannot even be made."""
    (tmp_path / "home").mkdir()
    home = AocdHome(data=tmp_path / "home" / "aocd", config=tmp_path / "home" / "aocd")
    env = _a_page_a_board_and_an_answer(fake_aoc, tmp_path, home)
    writing = (
        ["read", "2023", "7"],
        ["leaderboard", "2023", "42"],
        ["run", str(YEAR), "1", "--yes"],
    )
    token, *refused = site_cli.aoc(
        fake_aoc,
        home,
        ["token"],
        *writing,
        env=env,
        timeout=60,
        wrapper=read_only(tmp_path / "home"),
        shift=SINCE_YEAR_UNLOCKED,
    )
    assert token.returncode == 0, token.stderr  # it needs to keep nothing
    assert "accepted" in token.stdout and "github.tester.1234567" in token.stdout
    assert "token2id.json, could not be written" in token.stdout, token.stdout
    assert "now in aocd's memo" not in token.stdout
    for args, result in zip(writing, refused, strict=True):
        assert result.returncode == 2, (args, result.stderr)
        assert f"{tmp_path / 'home'} must be a folder you can write to" in result.stderr
        assert "unexpected" not in result.stderr and TOKEN not in result.stderr
    assert fake_aoc.requests_for("/answer") == []  # nothing is sent unrecorded


def test_a_read_only_config_folder_stops_only_the_commands_that_write_there(
    tmp_path: Path, fake_aoc: FakeAoC, aocd_home: AocdHome
) -> None:
    """aocd's config folder read-only, its data folder not: reading a page and a board
    need only the data folder (aocd's memo of the token's owner, which it cannot keep,
    is kept in memory), and they work; sending an answer must journal it in the config
    folder first, and says that folder (it said nothing, and sent nothing, when aocd could
    not keep the owner it found)."""
    home = AocdHome(data=tmp_path / "data", config=tmp_path / "config")
    home.data.mkdir()
    home.config.mkdir()
    env = _a_page_a_board_and_an_answer(fake_aoc, tmp_path, home)
    reading = (["read", "2023", "7"], ["leaderboard", "2023", "42"])
    *read, sent = site_cli.aoc(
        fake_aoc,
        home,
        *reading,
        ["run", str(YEAR), "1", "--yes"],
        env=env,
        timeout=60,
        wrapper=read_only(home.config),
        shift=SINCE_YEAR_UNLOCKED,
    )
    for args, result in zip(reading, read, strict=True):
        assert result.returncode == 0, (args, result.stderr)
    assert sent.returncode == 2, sent.stdout + sent.stderr  # asked to send, and could not
    assert "part 1: not sent: the attempt could not be written down" in sent.stderr
    assert f"{home.config}/.aoc-locks" in sent.stderr, sent.stderr
    assert f"{home.config} must be a folder you can write to" in sent.stderr, sent.stderr
    assert "unexpected" not in sent.stderr and TOKEN not in sent.stderr
    assert fake_aoc.requests_for("/answer") == []


# ------------------------------------------------------------------------------------------------
# A full disk, and a folder that cannot be written, at the writes aoc makes (issue 44
# item 3): a file is written whole or not at all (no temporary file, no page cut short
# left behind), a failure is one sentence naming the file (exit 2, never "unexpected
# OSError"), and what was made before it is still shown (aoc bench's table and its
# `--json` fields).
#
# A full disk is a small tmpfs in a mount namespace, filled up (read_only.full_disk):
# root only, skipped elsewhere. Each test runs its commands in one process
# (site_cli.aoc), and lists what the disk holds before the namespace goes. Every
# command that writes is held to these promises on a full and a read-only disk in
# test_contracts.py (test_a_write_that_fails_is_one_sentence_naming_the_file); here,
# what needs a disk of its own: a history that fits when checked and not when written,
# and a lock in a read-only data folder with the input cached.

SOURCE = str(Path(aoc2023.__file__).resolve().parents[1])
DISK_YEAR = 2097
SINCE_DISK_YEAR_UNLOCKED = 75 * 366 * 86400.0
"""A clock shift past DISK_YEAR's December (a real run fetches only what is unlocked)."""
DISK_DAY = """
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
        entry = {
            "date": "2040-12-01T00:00:00+00:00",
            "python": "3.11",
            "budget": 1.0,
            "machine": "another " + "x" * pad,
            "commit": None,
            "figures": [],
        }
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
    aocd_home.cache_input(DISK_YEAR, 1, "abcd")
    fake_aoc.add_user(TOKEN)
    fake_aoc.add_puzzle(DISK_YEAR, 1, "Test", inputs={TOKEN: "abcd"}, solutions=["4", "5"])
    disk = tmp_path / "disk"
    projects = {}
    for name, size in (("fits", ROOM - 10), ("too-large", ROOM + 4096)):
        project = projects[name] = disk / name
        (project / "benchmarks").mkdir(parents=True)
        (project / "pyproject.toml").write_text("[project]\nname = 'mine'\n")
        (project / "benchmarks" / "history.json").write_text(a_history(size))
    bench = ["bench", str(DISK_YEAR), "1", "--example", "--budget", "0.05", "--save"]
    with temporary_year(tmp_path / "site", DISK_YEAR, {"day01.py": DISK_DAY}):
        env = aocd_home.env()
        env["PYTHONPATH"] = os.pathsep.join([str(tmp_path / "site"), SOURCE, env["PYTHONPATH"]])
        stats = ["stats", "2023", "--svg", "calendar.svg", "--json"]  # 14 KB: no room
        try:
            on_disk = [*full_disk(disk, ROOM), *then_list(disk)]
        except pytest.skip.Exception as no_disk:  # the read-only folder alone, then
            on_disk, cannot = [], no_disk
        commands = [bench, [*bench, "--json"], stats, bench] if on_disk else []
        sent, *writes = aoc(
            fake_aoc,
            aocd_home,
            ["run", str(DISK_YEAR), "1", "--yes"],
            *commands,
            env=env,
            settings=[{"AOC_SESSION": TOKEN}] + [{}] * len(commands),
            cwds=[
                tmp_path,
                projects["fits"],
                projects["fits"],
                projects["fits"],
                projects["too-large"],
            ][: 1 + len(commands)],
            shift=SINCE_DISK_YEAR_UNLOCKED,
            wrapper=[*on_disk, *read_only(aocd_home.data)],
        )
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
        assert (
            f"Could not write the benchmark history {history} (the disk is full): it "
            "was left as it was." in done.stderr
        ), done.stderr
        assert "unexpected" not in done.stderr and "Errno" not in done.stderr
    assert f"{DISK_YEAR}/01" in late.stdout and "part 1" in late.stdout  # the table
    report = json.loads(as_json.stdout.split(LEFT)[0])
    assert report["results"][0]["steps"] and report["exit_code"] == 2
    assert report["error"].startswith("Could not write the benchmark history")
    svg = projects["fits"] / "calendar.svg"
    stats = json.loads(drawn.stdout)  # aoc stats likewise: its stats, then the sentence
    assert drawn.returncode == 2 and stats["exit_code"] == 2, drawn.stderr
    assert stats["years"][0]["year"] == 2023 and stats["written"] == []
    assert stats["error"] == (
        f"Could not write the calendar {svg} (the disk is full): nothing was written."
    )
    assert early.returncode == 2 and "so nothing was timed." in early.stderr, early.stderr
    assert "the disk is full" in early.stderr and early.stdout.split(LEFT)[0] == ""
    files = left(early.stdout)
    assert files[str(history)] == ROOM - 10  # as it was, and no temporary file beside it
    assert sorted(files) == sorted(
        str(project / name)
        for project in projects.values()
        for name in ("pyproject.toml", "benchmarks/history.json")
    )
