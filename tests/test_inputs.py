"""The input of a run (inputs.py): only a regular file is read (a FIFO or a device would
hang or fill the memory, and is tried in a process, whose time limit fails the test
instead), and a line a day cannot read is quoted short, with its escapes, by number."""

from __future__ import annotations

import os
from pathlib import Path

from conftest import DAY_7_EXAMPLE, AocdHome
from site_cli import aoc, aoc_in_process


def test_input_must_be_a_regular_file(tmp_path: Path, aocd_home: AocdHome) -> None:
    """A FIFO or a device, in a process (one for both): read, it would hang or fill the
    memory, and a process fails the test at its time limit instead."""
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    cases = [
        (fifo, "cannot be read (a FIFO, not a regular file)"),
        (Path("/dev/zero"), "cannot be read (a character device"),
        (tmp_path, "is a folder, not a file"),
        (tmp_path / "gone", "does not exist"),
    ]
    commands = [("run", "2023", "7", "--input", str(path)) for path, _ in cases]
    ran = [
        *aoc(None, aocd_home, *commands[:2], timeout=60),
        *(aoc_in_process(*args) for args in commands[2:]),
    ]
    for (_, said), done in zip(cases, ran, strict=True):
        assert done.returncode == 2 and said in done.stderr, done.stderr
        assert done.stderr.count("\n") == 1  # one sentence


def test_a_bad_line_is_quoted_short_with_its_escapes(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    for line, shown in [("X" * 1_000_000, "'" + "X" * 77 + "'…"), ("\0" * 4096, "'\\x00\\x00")]:
        path.write_text(DAY_7_EXAMPLE + line + " 1\n")
        done = aoc_in_process("run", "2023", "7", "--input", str(path))
        assert done.returncode == 2 and "line 6:" in done.stderr
        assert shown in done.stderr and len(done.stderr) < 300, done.stderr


def test_day_7_names_the_line_of_a_number_too_long_to_read(tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text(DAY_7_EXAMPLE + "AKQJT " + "9" * 5000 + "\n")
    done = aoc_in_process("run", "2023", "7", "--input", str(path))
    assert done.returncode == 2
    assert "line 6: the bid has 5,000 digits, too many to read as a number" in done.stderr


def test_an_input_reads_alike_from_a_file_and_as_an_example(tmp_path: Path) -> None:
    """A file is read as `Path.read_text` reads it (CRLF and a lone CR are line breaks, a
    byte-order mark no text), and an example's text, given as it is, is cleaned to match:
    `lines()` counted 2 lines of `a\\rb\\nc` as an example and 3 in a file."""
    from aoc2023.framework.files import read_regular_text
    from aoc2023.framework.inputs import RunInput

    (tmp_path / "in.txt").write_bytes(b"\xef\xbb\xbfa\rb\r\nc\r\n")
    from_file = RunInput(read_regular_text(tmp_path / "in.txt"), "file").text
    assert from_file == RunInput("a\rb\r\nc\r\n", "example").text == "a\nb\nc"
