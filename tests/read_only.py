"""A folder made read-only for a process, even for root (whom a folder's mode does not
stop): the command prefix that does it."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest


def read_only(folder: Path) -> list[str]:
    """A command prefix under which `folder` is read-only: its mode does it, except for
    root, for whom a read-only mount of its own (in a mount namespace) does."""
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return []
    if shutil.which("unshare") is None or subprocess.run(
            ["unshare", "--mount", "true"], capture_output=True).returncode != 0:
        pytest.skip("run as root, where only a read-only mount (unshare) makes a folder so")
    return ["unshare", "--mount", "sh", "-c",
            'mount --bind "$0" "$0" && mount -o remount,bind,ro "$0" && exec "$@"', str(folder)]
