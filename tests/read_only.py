"""A folder made read-only, or a full disk, for a process, even for root (whom a folder's
mode does not stop): the command prefixes that do it, and one that lists what a folder
holds when the command ends (before the namespace of a disk made for it goes)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

LEFT = "left:"


def then_list(folder: Path) -> list[str]:
    """A wrapper that runs the command, then lists the files `folder` holds (but the
    disk's filler, and the locks, kept by design), each as `left: PATH SIZE`, on stdout
    (the last command's)."""
    script = (
        '"$@"; code=$?; find "$0" -type f ! -name .filler ! -path "*/.aoc-locks/*" '
        f'-printf "{LEFT} %p %s\\n"; exit $code'
    )
    return ["sh", "-c", script, str(folder)]


def left(stdout: str) -> dict[str, int]:
    """The files listed by `then_list`: path to size."""
    return {
        line.split()[1]: int(line.split()[2])
        for line in stdout.splitlines()
        if line.startswith(LEFT)
    }


def read_only(folder: Path) -> list[str]:
    """A command prefix under which `folder` is read-only: its mode does it, except for
    root, for whom a read-only mount of its own (in a mount namespace) does."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return []
    if (
        shutil.which("unshare") is None
        or subprocess.run(["unshare", "--mount", "true"], capture_output=True).returncode != 0
    ):
        pytest.skip("run as root, where only a read-only mount (unshare) makes a folder so")
    return [
        "unshare",
        "--mount",
        "sh",
        "-c",
        'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"',
        str(folder),
    ]


def full_disk(folder: Path, room: int = 0) -> list[str]:
    """A command prefix under which `folder` (its files kept) is a disk of its own with
    about `room` bytes free (a page, 4 KiB, at least when `room` is not 0): a small tmpfs
    of a mount namespace, filled up. Root only (skipped elsewhere, with the reason)."""
    if os.geteuid() != 0:
        pytest.skip("a full disk is a tmpfs mounted in a mount namespace, which needs root")
    if (
        shutil.which("unshare") is None
        or subprocess.run(["unshare", "--mount", "true"], capture_output=True).returncode != 0
    ):
        pytest.skip(
            "a full disk is a tmpfs mounted in a mount namespace (unshare), "
            "which this machine does not allow"
        )
    script = (
        'keep=$(mktemp -d) && cp -a "$0"/. "$keep" '
        '&& mount -t tmpfs -o size=8m tmpfs "$0" && cp -a "$keep"/. "$0" '
        '&& rm -rf "$keep" && { cat /dev/zero > "$0/.filler" 2>/dev/null; true; } '
        '&& truncate -s "-$1" "$0/.filler" && shift && exec "$@"'
    )
    return ["unshare", "--mount", "sh", "-c", script, str(folder), str(room)]
