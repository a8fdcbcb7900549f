"""Make the `aoc` command reach our CLI, whichever package's script won the name (aocd's
runner is `aoc` too). Imported at every start-up by `_aoc2023_script_guard.pth`: in aocd's
`aoc` script it runs our CLI at the first `import aocd`; in any `aoc` it quiets an uncaught
Ctrl-C. PYTEST_DONT_REWRITE: imported before pytest starts."""

from __future__ import annotations

import os
import sys
from itertools import pairwise  # built into the interpreter: no import cost

TYPE_CHECKING = False  # not typing's: its import would cost every Python start-up
if TYPE_CHECKING:
    from collections.abc import Sequence
    from importlib.machinery import ModuleSpec
    from types import ModuleType, TracebackType

SCRIPT_NAMES = frozenset({"aoc", "aoc.exe", "aoc-script.py", "aoc-script.pyw"})
# The lines installers write into a console script for `aoc = aocd.runner:main`.
AOCD_RUNNER_MARKS = (b"from aocd.runner import main", b"sys.exit(main())")


def is_aocd_runner_script(path: str) -> bool:
    """Whether `path` is the console script an installer made for aocd's runner (on
    Windows, `aoc.exe`'s tail holds the code: read too, untested)."""
    if os.path.basename(path) not in SCRIPT_NAMES:
        return False
    try:
        with open(path, "rb") as script:
            text = script.read(4096)
            if path.endswith(".exe"):
                script.seek(max(0, os.fstat(script.fileno()).st_size - 65536))
                text += script.read()
    except OSError:
        return False
    return all(mark in text for mark in AOCD_RUNNER_MARKS)


class _RunOurCliOnFirstAocdImport:
    """A meta-path finder that swaps aocd's runner for our CLI, once."""

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> ModuleSpec | None:
        if fullname != "aocd":
            return None
        sys.meta_path[:] = [f for f in sys.meta_path if not isinstance(f, type(self))]
        try:
            from aoc2023.framework.cli import main
        except ImportError:
            return None  # our package is gone or broken: aocd's runner runs
        raise SystemExit(main())


def arm() -> None:
    if not (argv := getattr(sys, "argv", None)):
        return
    if os.path.basename(argv[0]) in SCRIPT_NAMES or (  # `python -m aoc2023`: argv[0] is `-m`
        argv[0] == "-m" and ("-m", "aoc2023") in pairwise(sys.orig_argv)
    ):
        sys.excepthook = _quiet_interrupt
    if not is_aocd_runner_script(argv[0]):
        return
    if not any(isinstance(f, _RunOurCliOnFirstAocdImport) for f in sys.meta_path):
        sys.meta_path.insert(0, _RunOurCliOnFirstAocdImport())


def _quiet_interrupt(
    kind: type[BaseException], error: BaseException, trace: TracebackType | None
) -> None:
    """No traceback for an uncaught Ctrl-C (Python still exits by SIGINT)."""
    if not issubclass(kind, KeyboardInterrupt):
        sys.__excepthook__(kind, error, trace)


arm()
