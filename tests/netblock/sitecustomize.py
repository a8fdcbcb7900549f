"""Refuse every connection to a non-loopback address, in this process.

Imported by the test session (conftest) and, through PYTHONPATH, by every Python
subprocess the tests start, so no test can reach the internet.
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Any

_real_connect = socket.socket.connect
_real_connect_ex = socket.socket.connect_ex
_real_getaddrinfo = socket.getaddrinfo


class NetworkBlockedError(OSError):
    pass


def _is_loopback(host: Any) -> bool:
    if isinstance(host, bytes):
        host = host.decode()
    if host in ("localhost", "", None):
        return True
    try:
        return ipaddress.ip_address(str(host).split("%")[0]).is_loopback
    except ValueError:
        return False


def _check(address: Any) -> None:
    if isinstance(address, tuple) and not _is_loopback(address[0]):
        raise NetworkBlockedError(f"tests may not connect to {address[0]!r}: network is blocked")


def _connect(self: socket.socket, address: Any) -> None:
    _check(address)
    return _real_connect(self, address)


def _connect_ex(self: socket.socket, address: Any) -> int:
    _check(address)
    return _real_connect_ex(self, address)


def _getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
    if not _is_loopback(host):
        raise NetworkBlockedError(f"tests may not look up {host!r}: network is blocked")
    return _real_getaddrinfo(host, *args, **kwargs)


def install() -> None:
    socket.socket.connect = _connect  # type: ignore[method-assign]
    socket.socket.connect_ex = _connect_ex  # type: ignore[method-assign]
    socket.getaddrinfo = _getaddrinfo


install()


def _hide_folders() -> None:
    """Drop from sys.path the folders named in AOC_TESTS_HIDE_FOLDERS.

    A test that works on a copy of the project runs its processes with the original
    project's folder hidden: the editable install puts that folder on every process's
    path, where a year package the user started (`aoc2024/`) would otherwise be found
    in place of the copy's own. Runs after site-packages' .pth files, so it sees them.
    """
    import os
    import sys

    hidden = {os.path.realpath(folder) for folder in
              os.environ.get("AOC_TESTS_HIDE_FOLDERS", "").split(os.pathsep) if folder}
    if hidden:
        sys.path[:] = [entry for entry in sys.path
                       if not entry or os.path.realpath(entry) not in hidden]


_hide_folders()
