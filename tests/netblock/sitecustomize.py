"""What every test process is set up with: no connection beyond loopback, folders
hidden on request, and the tests' own 2023 day 7 in place of the solver's.

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
        return (
            host in ("localhost", "", None)
            or ipaddress.ip_address(str(host).split("%")[0]).is_loopback
        )
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
    hidden = {
        os.path.realpath(folder)
        for folder in os.environ.get("AOC_TESTS_HIDE_FOLDERS", "").split(os.pathsep)
        if folder
    }
    if hidden:
        sys.path[:] = [
            entry for entry in sys.path if not entry or os.path.realpath(entry) not in hidden
        ]


class _ModelDays:
    """A finder for a process the tests start, as the conftest sets up the test's own:
    the folder named in AOC_TESTS_MODEL_DAYS (tests/model_day_7/) goes ahead of the
    package's own in `aoc2023.__path__`, so that 2023 day 7 is the tests' copy, whatever
    the solver did to theirs; and the source checkout, where `aoc` looks for a token
    last (aoc2023/framework/project.py), is AOC_TESTS_SOURCE_CHECKOUT, a folder with no
    token, not the solver's project."""

    @staticmethod
    def find_spec(name: str, path: Any = None, target: Any = None) -> Any:
        if name not in ("aoc2023", "aoc2023.framework.project"):
            return None
        from importlib.machinery import PathFinder

        spec = PathFinder.find_spec(name, path, target)
        if spec is None:
            return None
        if name == "aoc2023" and spec.submodule_search_locations is not None:
            spec.submodule_search_locations.insert(0, os.environ["AOC_TESTS_MODEL_DAYS"])
        elif name != "aoc2023" and spec.loader is not None:
            loader, run = spec.loader, spec.loader.exec_module

            def exec_module(module: Any) -> None:
                run(module)
                module.SOURCE_CHECKOUT = _Path(os.environ["AOC_TESTS_SOURCE_CHECKOUT"])

            loader.exec_module = exec_module  # type: ignore[method-assign]
        return spec


sys.addaudithook(_block)
_hide_folders()
if os.environ.get("AOC_TESTS_MODEL_DAYS") and os.environ.get("AOC_TESTS_SOURCE_CHECKOUT"):
    from pathlib import Path as _Path

    sys.meta_path.insert(0, _ModelDays)
