"""Atomic writes: exactly the content, or the old file untouched, and a failure one
sentence naming the file (a full disk, which needs a disk of its own: test_full_disk.py)."""

from __future__ import annotations

import os
import re
import stat
from pathlib import Path

import pytest

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
    assert str(failed.value) == (f"Could not write the note {target} (a folder is in its "
                                 "place): nothing was written.")
    assert failed.value.filename == str(target) and isinstance(failed.value, OSError)
    assert (target / "keep").read_text() == "old"
    assert sorted(p.name for p in folder.iterdir()) == ["target"]


def test_a_file_in_the_place_of_its_folder_is_said_in_our_words(tmp_path: Path) -> None:
    (tmp_path / "benchmarks").write_text("a file, where the folder should be")
    target = tmp_path / "benchmarks" / "history.json"
    with pytest.raises(WriteFailed, match=re.escape(
            f"Could not write {target} (a file is in the place of one of its folders)")):
        write_atomically(target, "{}")
    with pytest.raises(UsageError, match=re.escape(
            f"--save: {target} cannot be written (a file is in the place of one of its "
            "folders), so nothing was timed.")):
        check_writable("--save", target)


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
        report = BenchReport([DayBench(DayResult(2059, number, None, "file", "x"),
                                       (StepBench("part 1", stats),))])
        start.wait()
        history.save_figures(path, report, datetime(2059, 12, 1, tzinfo=UTC), "here")

    threads = [threading.Thread(target=save, args=(number,)) for number in range(1, savers + 1)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    days = sorted(entry["figures"][0]["day"] for entry in load(path))
    assert days == list(range(1, savers + 1))
