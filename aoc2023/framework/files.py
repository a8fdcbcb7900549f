"""Reading and writing the files `aoc` keeps (and aocd's): never a hang, a flood or half a
file. `write_atomically` is THE way aoc writes a file."""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from pathlib import Path
from typing import Any

from aoc2023.framework.errors import DamagedFileError, UsageError, WriteFailed, why_unwritable

LIMIT = 16 * 1024 * 1024
"""The most read of any one file by default."""

_KINDS = (
    (stat.S_ISFIFO, "a FIFO"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def read_regular(path: Path, limit: int = LIMIT) -> bytes:
    """The bytes of `path`, a regular file of at most `limit` bytes; else an OSError."""
    fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))  # a FIFO: no wait
    try:
        if stat.S_ISDIR(mode := os.fstat(fd).st_mode):
            raise IsADirectoryError(errno.EISDIR, "a folder, not a file", str(path))
        if not stat.S_ISREG(mode):
            kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
            raise OSError(errno.EINVAL, f"{kind}, not a regular file", str(path))
        with open(fd, "rb", closefd=False) as file:
            data = file.read(limit + 1)
        if len(data) > limit:
            raise OSError(errno.EFBIG, f"larger than {limit:,} bytes", str(path))
        return data
    finally:
        os.close(fd)


def read_regular_text(path: Path, limit: int = LIMIT, errors: str = "strict") -> str:
    """`read_regular` as UTF-8 text, line ends as `Path.read_text` reads them."""
    text = read_regular(path, limit).decode("utf-8-sig", errors)  # a BOM is no text
    return text.replace("\r\n", "\n").replace("\r", "\n")


def why_unreadable(error: OSError | UnicodeDecodeError) -> str:
    """What `read_regular_text` found wrong, after a file's name ("is a folder, not a file")."""
    if isinstance(error, UnicodeDecodeError):
        return "is not UTF-8 text"
    said = {errno.ENOENT: "does not exist", errno.EISDIR: "is a folder, not a file"}
    return said.get(error.errno or 0) or f"cannot be read ({error.strerror or error})"


def read_cached_text(path: Path, what: str, fix: str) -> str | None:
    """A file as text; None when it does not exist; DamagedFileError with `fix` otherwise."""
    try:
        return read_regular_text(path)
    except (FileNotFoundError, NotADirectoryError):
        return None
    except (OSError, UnicodeDecodeError) as error:
        raise DamagedFileError(f"{what} {path} {why_unreadable(error)}: {fix}.") from error


def parse_json(text: str | bytes) -> Any:
    """`text`'s JSON value; ValueError for what is not JSON, nested too deep for Python too."""
    try:
        return json.loads(text)
    except RecursionError as error:  # '[' * 200_000: a damaged file, not a crash
        raise ValueError("JSON nested too deep") from error


def read_string_map(path: Path, what: str, shape: str, fix: str) -> dict[str, str] | None:
    """A JSON object of strings; None when there is no file; else DamagedFileError."""
    if (text := read_cached_text(path, what, fix)) is None:
        return None
    try:
        data = parse_json(text)
    except ValueError as error:
        raise DamagedFileError(f"{what} {path} is not JSON: {fix}.") from error
    if not isinstance(data, dict) or not all(isinstance(v, str) for v in data.values()):
        raise DamagedFileError(f"{what} {path} is not {shape}: {fix}.")
    return data


def write_failed(path: Path, error: OSError, what: str = "") -> WriteFailed:
    """The sentence of a file that could not be written: `what`, `path`, why, what is kept."""
    if isinstance(error, WriteFailed):
        return error
    named = f"{what} {path}" if what else str(path)
    kept = "it was left as it was" if path.is_file() else "nothing was written"
    return WriteFailed(f"Could not write {named} ({why_unwritable(error)}): {kept}.", error, path)


def write_atomically(
    path: Path,
    content: str | bytes,
    *,
    exclusive: bool = False,
    what: str = "",
    private: bool = False,
) -> None:
    """THE way aoc writes a file: a new file renamed over `path`, so a crash leaves the old
    or the new, never half. `WriteFailed` naming `what` on failure. `exclusive`:
    FileExistsError rather than replace. Permissions kept, unless `private`: owner only."""
    data = content.encode("utf-8") if isinstance(content, str) else content
    if not exclusive and path.is_symlink():  # the file it links to is written, the link kept
        path = Path(os.path.realpath(path))
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, name = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    except OSError as error:
        raise write_failed(path, error, what) from error
    try:
        with open(fd, "wb") as temporary:
            temporary.write(data)
        if not private or exclusive:
            os.chmod(name, _mode_of(path))
        if not exclusive:
            os.replace(name, path)
            return
        os.link(name, path)  # fails, where `path` exists, without touching it
    except BaseException as error:
        with contextlib.suppress(OSError):
            os.unlink(name)
        if isinstance(error, OSError) and not isinstance(error, FileExistsError):
            raise write_failed(path, error, what) from error
        raise
    os.unlink(name)


def put_back(path: Path, before: bytes | None) -> None:
    """`path` back to `before` (None: not there) after aocd's write cut it; never raises."""
    with contextlib.suppress(OSError):
        if before is None:
            path.unlink(missing_ok=True)
        elif read_regular(path) != before:
            try:
                write_atomically(path, before)
            except OSError:
                with open(path, "r+b") as cut:
                    cut.write(before)
                    cut.truncate()


def check_room(path: Path, folder: Path | None = None) -> None:
    """OSError (ENOSPC) unless `folder` (default: `path`'s) has room for a copy of `path`."""
    folder = folder or path.parent
    size = 1  # no file there yet: room for a byte
    with contextlib.suppress(OSError):
        size = max(1, path.stat().st_size)
    try:
        status = os.statvfs(folder)  # root may use the reserved blocks
        blocks = status.f_bfree if os.geteuid() == 0 else status.f_bavail
    except (OSError, AttributeError):  # no statvfs here: a full disk is said when written
        return
    if blocks * status.f_frsize < size:
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC), str(path))


def check_writable(option: str, path: Path, then: str = "so nothing was timed") -> None:
    """UsageError unless `write_atomically` can write `path`; `then`: the work not done."""
    folder = next((parent for parent in path.parents if parent.exists()), path.parent)
    try:
        if path.is_dir():
            raise IsADirectoryError(errno.EISDIR, "it is a folder", str(path))
        if path.exists() and not os.access(path, os.W_OK):  # read-only, on a ro mount
            raise PermissionError(errno.EACCES, "it is read-only", str(path))
        with tempfile.NamedTemporaryFile(dir=folder, prefix=".aoc-check-"):
            pass
        check_room(path, folder)
    except OSError as error:
        raise UsageError(
            f"{option}: {path} cannot be written ({why_unwritable(error)}), {then}."
        ) from error


def check_keepable(path: Path) -> None:
    """OSError saying why unless `write_atomically` could keep a file at `path` (folder made)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "a folder is in its place", str(path))
    if not os.access(path.parent, os.W_OK | os.X_OK):
        raise PermissionError(errno.EACCES, "its folder cannot be written", str(path))
    check_room(path)


def _mode_of(path: Path) -> int:
    try:
        return stat.S_IMODE(os.stat(path).st_mode)
    except OSError:
        mask = os.umask(0o077)  # read by setting it
        os.umask(mask)
        return 0o666 & ~mask
