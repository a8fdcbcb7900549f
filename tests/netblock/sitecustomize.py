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


class _PatchedWhenImported:
    """A finder that finds module `name` as usual and has `patch` run on it once the
    module's own code has run; it leaves `sys.meta_path` at its first use."""

    def __init__(self, name: str, patch: Callable[[ModuleType], None]) -> None:
        self.name = name
        self.patch = patch

    def find_spec(self, fullname: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path, target)
        if spec is None or spec.loader is None:
            return spec
        run = spec.loader.exec_module

        def exec_module(module: ModuleType) -> None:
            run(module)
            self.patch(module)

        spec.loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


def when_imported(name: str, patch: Callable[[ModuleType], None]) -> None:
    """`patch(module)` once module `name` is imported, or at once if it already is: a
    change made only if and when a process needs the module. The tests' processes also
    use it (tests/site_cli.py points aocd at the fake site this way)."""
    if name in sys.modules:
        patch(sys.modules[name])
    else:
        sys.meta_path.insert(0, _PatchedWhenImported(name, patch))


when_imported("socket", _block)


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


class _Deferred(type(sys)):  # type: ignore[misc]  # types.ModuleType, without importing types
    """A module whose code runs at its first use (the first attribute looked up), in this
    very module object: there is one module, whoever holds it and whenever they got it."""

    def __getattr__(self, attribute: str) -> Any:
        if _run_deferred(self):
            return getattr(self, attribute)  # a plain module now
        # Looked up by its own code as it runs: only what is defined so far is there.
        raise AttributeError(f"module {self.__name__!r} has no attribute {attribute!r}")


def _run_deferred(module: ModuleType) -> bool:
    """Run a deferred module's code in it, once (other threads wait for it): whether it
    has run. False while it is running in this thread."""
    import threading

    lock = vars(module).setdefault("_deferred_lock", threading.RLock())
    with lock:
        if not isinstance(module, _Deferred):
            return True  # another thread ran it
        if vars(module).get("_deferred_running"):
            return False
        spec = module.__spec__
        assert spec is not None and spec.loader is not None
        module._deferred_running = spec._initializing = True
        try:
            spec.loader.exec_module(module)
            module.__class__ = type(sys)  # type: ignore[assignment]  # a plain module now
        finally:
            del module._deferred_running
            spec._initializing = False
        del module._deferred_lock
    return True


def _defer_imports() -> None:
    """Import the modules named in AOC_TESTS_DEFER_IMPORTS at their first use, not when
    a module imports them.

    The test session names bs4 (conftest): aocd imports it (with soupsieve) whenever aocd
    is imported, but only reading a page uses it, and about 80 of the processes the tests
    start import aocd and most of them never read a page. `import aocd` took 120-160 ms
    of CPU with bs4 deferred against 200-280 ms without, in the same minutes. bs4 itself
    is unchanged once used: its code runs at the first attribute looked up, in the module
    object every holder already has.

    Two differences remain. With a package: a submodule imported before the package is
    used (`import bs4.element` first) is imported before the package's `__init__` runs,
    which a real import never does. Most of bs4's submodules do not mind; `bs4.filter`,
    which needs what that `__init__` defines, then fails. Nothing in the tests' processes
    does so: aocd, soupsieve and this project import `bs4` itself. (Running the package
    first instead, when its submodule is asked for, makes Python import the submodule a
    second time: the import system checks for it before that point, not after.) And
    `importlib.reload` of a module not yet used runs its code but leaves it deferred:
    the next attribute it lacks runs the code again. Nothing in them reloads bs4.

    The standard library's `importlib.util.LazyLoader` cannot do this here: on Python
    3.11 the `import bs4` statement itself loads a lazy module (the import system reads
    the module's `__spec__` to see whether it is still being imported). A module object
    of our own has its `__spec__` as a plain attribute, and is not loaded by reading it.
    `benchmarks/cli_latency.py` drops the variable: aocd's runner, which it compares
    with, is timed as users run it."""
    import os

    for name in os.environ.get("AOC_TESTS_DEFER_IMPORTS", "").split(","):
        spec = importlib.machinery.PathFinder.find_spec(name) if name else None
        if spec is None or spec.loader is None or name in sys.modules:
            continue
        module = _Deferred(name)
        # What the import system sets on a module before it runs the module's code: read
        # without running it (hypothesis's pytest plugin reads every module's __file__).
        module.__spec__, module.__loader__, module.__package__ = spec, spec.loader, spec.parent
        module.__file__, module.__cached__ = spec.origin, spec.cached
        if spec.submodule_search_locations is not None:  # a package: its submodules are
            module.__path__ = spec.submodule_search_locations  # found without running it
        sys.modules[name] = module


_defer_imports()
