"""Atomic writes: exactly the content, or the old file untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from aoc2023.framework.files import write_atomically


def test_writes_exactly_the_content_and_leaves_no_temporary_file(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "README.md"
    write_atomically(path, "a\r\nb\nµ")
    assert path.read_bytes() == "a\r\nb\nµ".encode()
    write_atomically(path, b"\x00bytes")
    assert path.read_bytes() == b"\x00bytes"
    assert sorted(p.name for p in path.parent.iterdir()) == ["README.md"]


def test_a_failed_write_leaves_the_old_file_and_no_temporary_file(tmp_path: Path) -> None:
    folder = tmp_path / "folder"
    target = folder / "target"
    target.mkdir(parents=True)
    (target / "keep").write_text("old")
    with pytest.raises(OSError):
        write_atomically(target, "new")  # a folder cannot be replaced by a file
    assert (target / "keep").read_text() == "old"
    assert sorted(p.name for p in folder.iterdir()) == ["target"]
