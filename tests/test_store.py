"""The store of aoc's own files: its lock holds across processes, a damaged copy is a
miss, and a write is whole or not at all; a damaged record (aocd's or ours) is one
sentence naming it."""

from __future__ import annotations

import json
import os
import select
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from conftest import AocdHome
from filelock import FileLock, Timeout
from site_cli import aoc_in_process

from aoc2023.framework import store

TAKER = """
import sys
from pathlib import Path
from aoc2023.framework import store
path = Path(sys.argv[1])
print("waiting", flush=True)
with store.locked(path):
    with path.open("a") as log:
        log.write("second\\n")
    print("in", flush=True)
    sys.stdin.readline()
print("out", flush=True)
"""
"""A process that waits for the lock, writes a line inside it and says so, and lets it go
when told (a line on stdin)."""

PROBE = """
import sys
from filelock import FileLock, Timeout
from aoc2023.framework import store
from pathlib import Path
for line in sys.stdin:
    try:
        with FileLock(store.lock_file(Path(line.rstrip("\\n"))), timeout=0):
            said = "free"
    except Timeout:
        said = "held"
    print(said, flush=True)
"""
"""A process that asks, without waiting, whether the lock `locked` takes for each path it
is given (a line on stdin) is free, with a lock of its own each time, let go before it
answers."""


def python(code: str, *args: str, stdin: int | None = None) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", code, *args],
        text=True,
        stdin=stdin,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )


@contextmanager
def prober() -> Iterator[Callable[[Path], str]]:
    """Ask another process (one for all the questions) whether `path`'s lock is free."""
    process = python(PROBE, stdin=subprocess.PIPE)
    assert process.stdin is not None and process.stdout is not None
    stdin, stdout = process.stdin, process.stdout

    def probe(path: Path) -> str:
        stdin.write(f"{path}\n")
        stdin.flush()
        return stdout.readline().strip()

    try:
        yield probe
    finally:
        stdin.close()
        process.wait(timeout=60)


def test_locked_keeps_out_another_process_and_lets_it_in_after(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Both ways. While this process holds the lock, another is told it is held, and one
    that reaches `locked` waits, and says so once: it enters once the lock is let go and
    not before (what it writes inside comes after what this one wrote inside). While that
    one holds it, this one is kept out; once it lets go, the lock is free, and no lock
    file is left beside the kept one. A lock taken at once says nothing."""
    path = tmp_path / "kept" / "journal.json"
    with prober() as probe:
        assert probe(path) == "free"
        with store.locked(path):
            taker = python(TAKER, str(path), stdin=subprocess.PIPE)
            assert taker.stdout is not None and taker.stdin is not None
            assert taker.stderr is not None
            try:
                assert taker.stdout.readline() == "waiting\n"
                waits = f"Waiting for another aoc, which is using {path}...\n"
                assert select.select([taker.stderr], [], [], 60)[0], "no wait was said"
                assert taker.stderr.readline() == waits  # it is within `locked`, waiting
                assert probe(path) == "held"
                path.write_text("first\n")
            except BaseException:
                taker.kill()
                taker.communicate()
                raise
        try:
            assert taker.stdout.readline() == "in\n"  # another process is within locked()
            assert probe(path) == "held"
            with pytest.raises(Timeout):
                FileLock(store.lock_file(path), timeout=0).acquire()
            taker.stdin.write("go\n")
            taker.stdin.flush()
            assert taker.stdout.readline() == "out\n"
            assert probe(path) == "free"
        finally:
            taker.stdin.close()
            taker.wait(timeout=60)
    assert taker.returncode == 0
    assert taker.stderr.read() == ""  # said once
    assert capsys.readouterr().err == ""
    assert path.read_text() == "first\nsecond\n"
    with store.locked(path):  # let go at the end of the block: ours again
        pass
    assert sorted(p.name for p in path.parent.iterdir()) == [store.LOCKS_DIR_NAME, "journal.json"]


DAMAGES = [
    "missing",
    "not JSON",
    "cut short",
    "not UTF-8",
    "nested too deep",
    "a folder",
    "a FIFO",
    "too large",
]


def damaged(path: Path, damage: str) -> None:
    """`path` damaged as `damage` says (one of DAMAGES)."""
    if damage == "not JSON":
        path.write_text("{not json")
    elif damage == "cut short":
        path.write_text('{"days": {"1": ')
    elif damage == "not UTF-8":
        path.write_bytes(b'{"title": "\xff"}')
    elif damage == "nested too deep":
        path.write_text("[" * 100_000 + "]" * 100_000)
    elif damage == "a folder":
        path.mkdir()
    elif damage == "a FIFO":
        os.mkfifo(path)  # no writer: a plain read would wait for ever
    elif damage == "too large":
        path.write_text('{"a": "' + "x" * 100 + '"}')


def test_a_damaged_copy_is_a_miss(tmp_path: Path) -> None:
    for number, damage in enumerate(DAMAGES):
        path = tmp_path / f"cache-{number}.json"
        damaged(path, damage)
        assert store.read_json(path, limit=64) is None, damage


def test_a_copy_is_read_as_written(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "cache.json"
    store.write_json(path, {"days": {"1": 2}, "title": "µ"}, indent=2)
    assert store.read_json(path) == {"days": {"1": 2}, "title": "µ"}
    store.write_time(tmp_path / "when", 1700000000.25)
    assert store.read_time(tmp_path / "when") == 1700000000.25
    (tmp_path / "when").write_text("soon")
    assert store.read_time(tmp_path / "when") is None


FILL = """
import resource, signal, sys
from pathlib import Path
from aoc2023.framework import store
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past the limit fails, as on a full disk
resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
try:
    store.write_json(Path(sys.argv[1]), {"entries": ["x" * 100] * 1000})
except OSError as error:
    print(error.errno)
"""


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX file size limits")
def test_a_write_that_fails_halfway_leaves_the_old_file(tmp_path: Path) -> None:
    """The process may write 4 KiB to a file, and the new JSON is 100 KiB: the write fails
    after the first 4 KiB, in the middle of the new file."""
    import errno

    path = tmp_path / "kept" / "journal.json"
    store.write_json(path, {"entries": ["old"]})
    child = python(FILL, str(path))
    said = child.communicate(timeout=60)[0]
    assert said.strip() == str(errno.EFBIG)
    assert store.read_json(path) == {"entries": ["old"]}
    assert sorted(p.name for p in path.parent.iterdir()) == ["journal.json"]  # no half file


# --- a damaged file, aocd's or ours, is one sentence naming it -----------------------------

DAMAGED_FILES = [
    ("input-not-utf8", "is not UTF-8 text"),
    ("input-folder", "is a folder, not a file"),
    ("memo-not-json", "token memo"),
    ("memo-list", "not a map of tokens to user ids"),
    ("memo-number-id", "not a map of tokens to user ids"),
    ("answer-not-utf8", "aocd's cached answer"),
    ("wait-no-zone", "a time without a time zone"),
    ("wait-far-ahead", "further ahead than the hour the site ever asks to wait"),
    ("journal-dict", "record of sent answers"),
]
"""A file damaged, and what the sentence naming it says."""


def damage_files(home: AocdHome, damage: str) -> None:
    """`home` as `cache_solved_day_7` leaves it but for part 1's answer (a part to send:
    the wait file is read), with one file damaged as `damage` (one of DAMAGED_FILES) says."""
    for folder in (home.data, home.config):
        shutil.rmtree(folder)
        folder.mkdir()
    home.cache_solved_day_7()
    user = home.user_dir
    memo = home.config / "token2id.json"
    (user / "2023_07a_answer.txt").unlink()
    if damage == "input-not-utf8":
        (user / "2023_07_input.txt").write_bytes(b"\xff\xfe bad")
    elif damage == "input-folder":
        (user / "2023_07_input.txt").unlink()
        (user / "2023_07_input.txt").mkdir()
    elif damage == "memo-not-json":
        memo.write_text("{not json")
    elif damage == "memo-list":
        memo.write_text("[]")
    elif damage == "memo-number-id":
        memo.write_text(json.dumps({"t": 123}))
    elif damage == "answer-not-utf8":
        (user / "2023_07b_answer.txt").write_bytes(b"\xff")
    elif damage == "wait-no-zone":
        (home.config / "aoc-submit-wait.json").write_text(
            json.dumps({user.name: "2099-01-01T00:00:00"})
        )
    elif damage == "journal-dict":  # hand-edited: a puzzle's attempts are a list
        (home.config / "aoc-attempts.json").write_text(
            json.dumps({user.name: {"2023/07": {"part": 1}}})
        )
    else:  # wait-far-ahead: 400 days from now
        until = datetime.now(UTC) + timedelta(days=400)
        (home.config / "aoc-submit-wait.json").write_text(
            json.dumps({user.name: until.isoformat()})
        )


def test_a_damaged_file_is_one_sentence_naming_it(tmp_path: Path, aocd_loaded: AocdHome) -> None:
    """Each damage in a home of its own, made afresh."""
    cwd = tmp_path / "project"
    cwd.mkdir()
    for damage, said in DAMAGED_FILES:
        damage_files(aocd_loaded, damage)
        done = aoc_in_process("run", "2023", "7", "--yes", cwd=cwd)
        assert done.returncode == 2, (damage, done.stdout + done.stderr)
        assert said in done.stderr and "unexpected" not in done.stderr, (damage, done.stderr)
        assert "Traceback" not in done.stderr, damage
