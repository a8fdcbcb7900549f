"""What every test process is set up with: no connection beyond loopback, and folders
hidden on request.

Loaded by the test session (conftest) and, through PYTHONPATH, by every Python process
the tests start, so that no test can reach the internet. `socket` is guarded as it is
imported (at once if it already is), and nothing else is imported up front: a few
hundred processes start here, most never open a socket.
"""

from __future__ import annotations

import os
import sys
from importlib.machinery import PathFinder

TYPE_CHECKING = False  # as typing.TYPE_CHECKING, without importing typing in every process
if TYPE_CHECKING:
    import socket
    from collections.abc import Callable, Sequence
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
    """Wrap `socket`'s ways out: connect, connect_ex and getaddrinfo."""
    connect, connect_ex, getaddrinfo = (module.socket.connect, module.socket.connect_ex,
                                        module.getaddrinfo)

    def guarded_connect(self: socket.socket, address: Any) -> None:
        _check(address)
        connect(self, address)

    def guarded_connect_ex(self: socket.socket, address: Any) -> int:
        _check(address)
        code: int = connect_ex(self, address)
        return code

    def guarded_getaddrinfo(host: Any, *args: Any, **kwargs: Any) -> Any:
        if not _is_loopback(host):
            raise NetworkBlockedError(f"tests may not look up {host!r}: network is blocked")
        return getaddrinfo(host, *args, **kwargs)

    module.socket.connect = guarded_connect
    module.socket.connect_ex = guarded_connect_ex
    module.getaddrinfo = guarded_getaddrinfo


class _PatchedWhenImported:
    """Finds module `name` as usual, and runs `patch` on it once its own code has run."""

    def __init__(self, name: str, patch: Callable[[ModuleType], None]) -> None:
        self.name = name
        self.patch = patch

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = PathFinder.find_spec(fullname, path, target)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            self.patch(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def when_imported(name: str, patch: Callable[[ModuleType], None]) -> None:
    """`patch(module)` once module `name` is imported, or at once if it already is: the
    guard on `socket` below, and aocd pointed at the fake site (tests/site_cli.py), cost
    a process nothing unless it needs the module, as `aoc` itself imports aocd only
    when a command needs it."""
    if name in sys.modules:
        patch(sys.modules[name])
    else:
        sys.meta_path.insert(0, _PatchedWhenImported(name, patch))


when_imported("socket", _block)


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


_hide_folders()
