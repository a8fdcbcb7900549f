"""What every test process is set up with: no connection beyond loopback, and folders
hidden on request.

Loaded by the test session (conftest) and, through PYTHONPATH, by every Python process
the tests start, so that no test can reach the internet.
"""

from __future__ import annotations

import os
import socket
import sys
from typing import Any


class NetworkBlockedError(OSError):
    pass


def _is_loopback(host: Any) -> bool:
    import ipaddress

    if isinstance(host, bytes):
        host = host.decode()
    if host in ("localhost", "", None):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


def _check(host: Any) -> None:
    if not _is_loopback(host):
        raise NetworkBlockedError(f"tests may not reach {host!r}: network is blocked")


def _block() -> None:
    """Wrap `socket`'s ways out: connect, connect_ex and getaddrinfo."""
    connect, connect_ex, getaddrinfo = (socket.socket.connect, socket.socket.connect_ex,
                                        socket.getaddrinfo)

    def guarded_connect(self: socket.socket, address: Any) -> None:
        if isinstance(address, tuple):
            _check(address[0])
        connect(self, address)

    def guarded_connect_ex(self: socket.socket, address: Any) -> int:
        if isinstance(address, tuple):
            _check(address[0])
        code: int = connect_ex(self, address)
        return code

    def guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        _check(host)
        return getaddrinfo(host, *args, **kwargs)

    socket.socket.connect = guarded_connect  # type: ignore[method-assign, assignment]
    socket.socket.connect_ex = guarded_connect_ex  # type: ignore[method-assign, assignment]
    socket.getaddrinfo = guarded_getaddrinfo


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


_block()
_hide_folders()
