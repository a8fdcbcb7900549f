"""`aoc run YEAR DAY --watch`: run the days again, in a fresh process, on each save.

A fresh process (`python -m aoc2023 run ...` by watchfiles' `run_process`) because a day
imports more than its file: re-importing in one process kept a saved helper's old code.
Watched: the project folder holding the year's package, and `--input FILE`."""

from __future__ import annotations

import importlib.util
import logging
import os
import shlex
import sys
from collections.abc import Callable, Sequence
from datetime import datetime
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from aoc2023.framework import output, registry
from aoc2023.framework.errors import AocError, NoInputError, Terminated, UsageError
from aoc2023.framework.project import SITE_FOLDERS, find_pyproject, package_folders, shown

if TYPE_CHECKING:
    from watchfiles import Change
    from watchfiles.main import FileChange


class WatchRequest(NamedTuple):
    """What each pass runs, in the command line's words: each pass resolves DAYS again, so
    that a day added while watching is run."""

    years: tuple[int, ...]
    days: str | None = None
    """DAYS as typed; None: every day each year has, when the pass starts."""
    input_file: Path | None = None
    """`--input FILE`; None: the days' examples."""
    variants: bool = False
    as_json: bool = False
    verbose: bool = False
    timeout: float | None = None
    profile: bool = False
    memory: bool = False


def child_command(request: WatchRequest) -> str:
    """The command line of one pass, quoted for `run_process` (which splits it with shlex);
    never a submission option (a watch never sends)."""
    package = __name__.partition(".")[0]  # whose `__main__` is the `aoc` command
    args = [sys.executable, "-m", package, "run", ",".join(map(str, request.years))]
    if request.days is not None:
        args.append(request.days)
    options = [
        (request.input_file is not None, ["--input", str(request.input_file)]),
        (request.input_file is None, ["--example"]),
        (request.as_json, ["--json"]),
        (request.verbose, ["--verbose"]),
        (request.timeout is not None, ["--timeout", repr(request.timeout)]),  # the exact float
        (request.profile, ["--profile"]),
        (request.memory, ["--memory"]),
        (request.variants, ["--variants"]),
    ]
    args += [word for on, words in options if on for word in words]
    return shlex.join(args)


def package_folder(year: int) -> Path:
    """The folder of the year's package, found without importing it (nor running a day)."""
    if not (folders := package_folders(package := registry.year_package(year))):
        raise AocError(f"{package} is not a package folder: there is nothing to watch.")
    return folders[0]


def project_folder(package: Path) -> Path:
    """The nearest folder above the package with a pyproject.toml, else the package itself,
    as is an installed package (the folders above it are other people's packages)."""
    if SITE_FOLDERS.intersection(package.parts):
        return package
    found = find_pyproject(package.parent)
    return found.parent if found else package


class SaveFilter:
    """The saves that start a pass: the input file, or a Python file under a code folder
    by watchfiles' `PythonFilter`, shown only the path below that folder (a package in a
    .venv would otherwise have every save ignored)."""

    def __init__(self, code_folders: Sequence[Path], input_file: Path | None = None) -> None:
        from watchfiles import PythonFilter

        self.python = PythonFilter()
        self.code_folders = [str(folder) for folder in code_folders]
        self.input_file = str(input_file) if input_file is not None else None

    def __call__(self, change: Change, path: str) -> bool:
        return path == self.input_file or any(
            path.startswith(folder + os.sep) and self.python(change, os.path.relpath(path, folder))
            for folder in self.code_folders
        )


def watch_days(request: WatchRequest, say: Callable[[str], None]) -> None:
    """Run `request` in a fresh process, then again after each save, until Ctrl-C; `say`
    prints a line about the watch (on stderr, so that `--json` stays parseable)."""
    try:
        from watchfiles import run_process
    except ImportError as error:
        raise UsageError(
            "--watch needs the watchfiles package: in this project, uv sync installs it "
            "(the dev group); elsewhere, pip install 'aoc2023[watch]'."
        ) from error

    code_folders = list(
        dict.fromkeys(project_folder(package_folder(year)) for year in request.years)
    )
    folders = list(code_folders)
    input_file = request.input_file.resolve() if request.input_file is not None else None
    what = ".py files under " + ", ".join(os.path.join(shown(code), "") for code in code_folders)
    if input_file is not None:
        if not input_file.parent.is_dir():  # a missing file is the passes' to report
            raise NoInputError(
                f"The folder of the input file {request.input_file} does not "
                "exist: there is nothing to watch."
            )
        if not any(input_file.is_relative_to(folder) for folder in code_folders):
            folders.append(input_file.parent)
        what += f" and {shown(input_file)}"
    if not request.verbose:
        # watchfiles warns of what is normal here: a pass already ended, and Ctrl-C
        logging.getLogger("watchfiles").setLevel(logging.ERROR)

    def on_save(changes: set[FileChange]) -> None:
        # The saved files' bytecode goes, every level's: a same-size save within the
        # second would otherwise run the last pass's code.
        for path in [path for _, path in changes if path.endswith(".py")]:
            for level in ("", 1, 2):
                bytecode = importlib.util.cache_from_source(path, optimization=level)
                Path(bytecode).unlink(missing_ok=True)
        saved = ", ".join(sorted({Path(path).name for _, path in changes}))
        say(f"--- {datetime.now():%H:%M:%S} {saved} saved: running again ---")
        output.flush()

    say(f"Watching {what}: each save runs again. Ctrl-C stops.")
    output.flush()
    # run_process ends quietly on a Ctrl-C that comes while it waits for a save; one that
    # comes while it starts or stops a pass is raised.
    try:
        run_process(
            *folders,
            target=child_command(request),
            target_type="command",
            callback=on_save,
            watch_filter=SaveFilter(code_folders, input_file),
        )
    except Terminated:
        raise  # SIGTERM, SIGHUP: a stop of their own, said by the exit code
    except KeyboardInterrupt:
        pass
    say("Stopped watching.")
