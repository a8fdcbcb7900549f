"""Refuse every connection to a non-loopback address, in this process.

Imported by the test session (conftest) and, through PYTHONPATH, by every Python
subprocess the tests start, so no test can reach the internet.

It costs a process next to nothing until that process imports `socket`: the blocking
is installed as `socket` is imported (at once, if it was already). Importing `socket`,
`ipaddress` and `typing` up front cost every process about 20 ms, which
`benchmarks/cli_latency.py` charged to both `aoc` and aocd's runner although neither
user pays it.
"""

from __future__ import annotations

import importlib.machinery
import sys

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing (4-12 ms)

if TYPE_CHECKING:
    import socket
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType
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


def _check(address: Any) -> None:
    if isinstance(address, tuple) and not _is_loopback(address[0]):
        raise NetworkBlockedError(f"tests may not connect to {address[0]!r}: network is blocked")


def _block(module: Any) -> None:
    """Wrap `module` (socket)'s ways out: connect, connect_ex and getaddrinfo."""
    real_connect = module.socket.connect
    real_connect_ex = module.socket.connect_ex
    real_getaddrinfo = module.getaddrinfo

    def connect(self: socket.socket, address: Any) -> None:
        _check(address)
        real_connect(self, address)

    def connect_ex(self: socket.socket, address: Any) -> int:
        _check(address)
        code: int = real_connect_ex(self, address)
        return code

    def getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not _is_loopback(host):
            raise NetworkBlockedError(f"tests may not look up {host!r}: network is blocked")
        return real_getaddrinfo(host, *args, **kwargs)

    module.socket.connect = connect
    module.socket.connect_ex = connect_ex
    module.getaddrinfo = getaddrinfo


class _BlockedWhenImported(importlib.machinery.PathFinder):
    """Finds `socket` as usual, and blocks it once it has run."""

    @classmethod
    def find_spec(cls, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != "socket":
            return None
        sys.meta_path.remove(cls)  # once
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            _block(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def install() -> None:
    if "socket" in sys.modules:
        _block(sys.modules["socket"])
    else:
        sys.meta_path.insert(0, _BlockedWhenImported)


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
