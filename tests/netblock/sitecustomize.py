"""What every test process is set up with: no connection beyond loopback, and folders
hidden on request.

Loaded by the test session (conftest) and, through PYTHONPATH, by every Python process
the tests start, so that no test can reach the internet.
"""

from __future__ import annotations

import os
import sys
from typing import Any


def _is_loopback(host: Any) -> bool:
    import ipaddress

    host = host.decode() if isinstance(host, bytes) else host
    try:
        return host in ("localhost", "", None) or ipaddress.ip_address(
            str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


def _block(event: str, args: tuple[Any, ...]) -> None:
    """An audit hook: a connection or a lookup outside loopback raises, as the call that
    caused it would (every way out of `socket` raises one of these events; a local
    socket's address is a path, not a tuple)."""
    if event == "socket.getaddrinfo":
        host = args[0]
    elif event in ("socket.connect", "socket.sendto") and isinstance(args[1], tuple):
        host = args[1][0]
    else:
        return
    if not _is_loopback(host):
        raise OSError(f"tests may not reach {host!r}: network is blocked")


def _hide_folders() -> None:
    """Drop from sys.path the folders named in AOC_TESTS_HIDE_FOLDERS.

    A process working on a copy of the project hides the original project, which the
    editable install puts on every process's path: a year package the user started
    (`aoc2024/`) would otherwise be found in place of the copy's own."""
    hidden = {os.path.realpath(folder) for folder in
              os.environ.get("AOC_TESTS_HIDE_FOLDERS", "").split(os.pathsep) if folder}
    if hidden:
        sys.path[:] = [entry for entry in sys.path
                       if not entry or os.path.realpath(entry) not in hidden]


sys.addaudithook(_block)
_hide_folders()
