"""Test session set-up: no internet, an aocd of our own, a fake adventofcode.com.

Every test gets its own aocd data and config folders (in tmp_path), no session
token unless it sets one, and aocd's module-level settings pointed at them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import signal
import sys
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest

TESTS = Path(__file__).parent
NETBLOCK = TESTS / "netblock"


def _block_the_internet() -> None:
    """Load tests/netblock/sitecustomize.py (which blocks on import) under a name of its own."""
    spec = importlib.util.spec_from_file_location("_netblock", NETBLOCK / "sitecustomize.py")
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))


_block_the_internet()

# Tests send Ctrl-C (SIGINT) to the processes they start. A shell starts a background job
# with SIGINT ignored, and a child keeps an ignored signal ignored: the tests would then
# find `aoc` deaf to Ctrl-C. A handled signal is reset to the default in a child instead.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, str(TESTS))

from fake_aoc import FakeAoC, point_aocd_at  # noqa: E402
from project_copy import MODEL_DAY_7, MODEL_DAYS, SOURCE_CHECKOUT  # noqa: E402

# A pytest session in this process, for a test whose subject is a session, not a process.
pytest_plugins = ["pytester"]

TOKEN = "53616c7465645f5f" + "0" * 80 + "cafe"
USER_ID = "github.tester.1234567"
CONTACT = "tester@example.com"
DAY_7_EXAMPLE = "32T3K 765\nT55J5 684\nKK677 28\nKTJJT 220\nQQQJA 483\n"


@dataclass
class AocdHome:
    """aocd's folders for one test, with helpers to fill them as aocd would."""

    data: Path
    config: Path

    def set_token(self, token: str = TOKEN, user_id: str | None = USER_ID) -> str:
        self.config.mkdir(parents=True, exist_ok=True)
        (self.config / "token").write_text(token + "\n")
        if user_id is not None:
            memo_path = self.config / "token2id.json"
            memo = json.loads(memo_path.read_text()) if memo_path.exists() else {}
            memo[token] = user_id
            memo_path.write_text(json.dumps(memo))
        return token

    @property
    def user_dir(self) -> Path:
        return self.data / USER_ID

    def cache_input(self, year: int, day: int, text: str) -> Path:
        return self._cache(f"{year}_{day:02d}_input.txt", text)

    def cache_answer(self, year: int, day: int, part: int, answer: str) -> Path:
        return self._cache(f"{year}_{day:02d}{'ab'[part - 1]}_answer.txt", answer)

    def _cache(self, name: str, text: str) -> Path:
        (path := self.user_dir / name).parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def cache_solved_day_7(self) -> None:
        """Everything aocd's runner reads for 2023 day 7 solved on its example, so that
        neither aocd nor `aoc` needs the network."""
        self.set_token()
        (self.config / "tokens.json").write_text(json.dumps({"default": TOKEN}))
        self.cache_input(2023, 7, DAY_7_EXAMPLE)
        self.cache_answer(2023, 7, 1, "6440")
        self.cache_answer(2023, 7, 2, "5905")
        self._cache(
            "2023_07_prose.2.html",
            "<main><article><h2>--- Day 7: Camel Cards ---</h2></article></main>",
        )

    def env(self) -> dict[str, str]:
        """Environment for a subprocess that should see this aocd home (and no internet)."""
        env = {k: v for k, v in os.environ.items() if k != "AOC_SESSION"}
        env.update(AOCD_DIR=str(self.data), AOCD_CONFIG_DIR=str(self.config))
        env["AOC_REQUEST_FLOOR"] = os.environ.get("AOC_REQUEST_FLOOR", "0")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(NETBLOCK), env.get("PYTHONPATH")]))
        return env


THROWAWAY_FROM = 2040
"""Throwaway years are this one or later: no project holds their days (Advent of Code
had its 12-day years from 2025 on, and any year a project may hold soon is below).
A test that needs a year of 25 days takes one from 2015 to 2024, and the project's own
package of that year, if there is one, is hidden while the test lasts (temporary_year)."""
LAST_25_DAY_YEAR = 2024


def write_year(site: Path, year: int, files: Mapping[str, str], real: bool = False) -> Path:
    """A year package `aoc<year>` in `site` holding `files`, for a process whose path
    starts with `site` (PYTHONPATH), so that it comes before the project's own packages:
    `year` must be one no project holds (THROWAWAY_FROM), or a year of 25 days, unless
    `real` (temporary_year: in this process only, where the project's own is hidden)."""
    if not real and LAST_25_DAY_YEAR < year < THROWAWAY_FROM:
        raise ValueError(
            f"a throwaway year is {THROWAWAY_FROM} or later (or, for a year of "
            f"25 days, {LAST_25_DAY_YEAR} or earlier), not {year}: a real "
            "project may hold it"
        )
    package = site / f"aoc{year}"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    return package


def edit(path: Path, text: str) -> None:
    """Write `text` over the module at `path` as a later save would look to Python, whose
    bytecode is current while the source's whole-second mtime and size are unchanged:
    a rewrite of the same size within the same second gets the next second as its mtime,
    so a test that rewrites a module never runs the old one from a stale .pyc."""
    before = path.stat()
    path.write_text(text)
    after = path.stat()
    if after.st_size == before.st_size and int(after.st_mtime) <= int(before.st_mtime):
        os.utime(path, (after.st_atime, int(before.st_mtime) + 1))


def running(pid: int) -> bool:
    """Whether process `pid` still runs. A zombie does not: it has ended, and waits only to
    be reaped by its parent, or by init once its parent has ended too (which may take
    init a second or more)."""
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@contextmanager
def temporary_year(site: Path, year: int, files: Mapping[str, str]) -> Iterator[Path]:
    """A year package `aoc<year>` in `site` holding `files` (`write_year`), importable
    inside the block ahead of any other; afterwards its modules and registered days are
    forgotten, so no other test sees them. A real package of that year (2015 to 2024:
    its days already imported, by the pytest plugin for one) is hidden inside the block
    and is back afterwards. So any year will do, a real one too (the rehearsal of 2026)."""
    from aoc2023.framework.registry import REGISTRY, VARIANTS

    package = write_year(site, year, files, real=True)
    name = package.name
    hidden = (
        {m: sys.modules.pop(m) for m in list(sys.modules) if m == name or m.startswith(name + ".")},
        {k: REGISTRY.pop(k) for k in list(REGISTRY) if k[0] == year},
        {k: VARIANTS.pop(k) for k in list(VARIANTS) if k[0] == year},
    )
    sys.path.insert(0, str(site))
    try:
        yield package
    finally:
        sys.path.remove(str(site))
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]
        for key in [k for k in REGISTRY if k[0] == year]:
            del REGISTRY[key]
        for key in [k for k in VARIANTS if k[0] == year]:
            del VARIANTS[key]
        modules, registered, variants = hidden
        sys.modules.update(modules)
        REGISTRY.update(registered)
        VARIANTS.update(variants)


ONE_DAY = """
from aoc2023.framework import Example, Solution

class Day(Solution[str]):
    examples = [Example("abc", part_1=3)]

    def part_1(self, text: str) -> int:
        return len(text)
"""


@pytest.fixture
def year_with_day_7(tmp_path: Path) -> Iterator[int]:
    """A throwaway year, 2095, whose only day is day 7: for tests about missing days,
    which must not depend on the days this project happens to have."""
    with temporary_year(tmp_path / "one-day-site", 2095, {"day07.py": ONE_DAY}):
        yield 2095


_MODEL_MODULES = frozenset(f"aoc2023.{path.stem}" for path in MODEL_DAY_7.glob("*.py"))


@contextmanager
def model_day_7() -> Iterator[None]:
    """2023 day 7 is the tests' own copy (tests/model_day_7/) inside the block, in this
    process: its folder goes ahead of the package's own in `aoc2023.__path__`, and the
    solver's day 7 (its modules, and its classes registered by the pytest plugin's
    collection) is hidden, and back afterwards. Processes the tests start get the same
    from tests/netblock/sitecustomize.py (MODEL_DAYS)."""
    import aoc2023
    from aoc2023.framework.registry import REGISTRY, VARIANTS

    def take() -> tuple[
        dict[str, ModuleType], dict[tuple[int, int], Any], dict[tuple[int, int], Any]
    ]:
        return (
            {name: sys.modules.pop(name) for name in _MODEL_MODULES if name in sys.modules},
            {key: REGISTRY.pop(key) for key in [(2023, 7)] if key in REGISTRY},
            {key: VARIANTS.pop(key) for key in [(2023, 7)] if key in VARIANTS},
        )

    modules, registered, variants = take()
    aoc2023.__path__.insert(0, str(MODEL_DAY_7))
    try:
        yield
    finally:
        aoc2023.__path__.remove(str(MODEL_DAY_7))
        take()
        sys.modules.update(modules)
        REGISTRY.update(registered)
        VARIANTS.update(variants)


@pytest.fixture(autouse=True)
def aocd_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[AocdHome]:
    """aocd's folders of this test's own, and nothing of the solver's: not their token
    (in `$AOC_SESSION`, or in the `.aocd_config/` of the checkout the framework runs from,
    its last place to look), their contact, their 2023 day 7 (`model_day_7`), nor their
    `[tool.aoc]` settings (the working folder is the test's own, outside any project),
    in this process and in every process it starts with `os.environ` (AocdHome.env)."""
    from aoc2023.framework import project

    home = AocdHome(data=tmp_path / "aocd-data", config=tmp_path / "aocd-config")
    home.data.mkdir()
    home.config.mkdir()
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(project, "SOURCE_CHECKOUT", tmp_path / "source-checkout")
    monkeypatch.setenv(SOURCE_CHECKOUT, str(tmp_path / "source-checkout"))
    monkeypatch.setenv(MODEL_DAYS, str(MODEL_DAY_7))
    monkeypatch.delenv("AOC_SESSION", raising=False)
    monkeypatch.delenv("AOCD_EXTRA", raising=False)
    # Hints name `aoc` as it was launched (launcher.py): under `uv run pytest`, uv's `UV`
    # would make them `uv run aoc ...`. A test about the launcher sets it itself.
    monkeypatch.delenv("UV", raising=False)
    terminal_of_our_own(monkeypatch)
    # The floor between requests across processes (a second by default) is tested on its
    # own, in test_client.py; elsewhere the fake site is asked as fast as the tests go.
    monkeypatch.setenv("AOC_REQUEST_FLOOR", "0")
    # Every request names a contact, as the site asks (test_client.py takes it away).
    monkeypatch.setenv("AOC_USER_AGENT", CONTACT)
    monkeypatch.setenv("AOCD_DIR", str(home.data))
    monkeypatch.setenv("AOCD_CONFIG_DIR", str(home.config))
    if "aocd" in sys.modules:
        _point_aocd_at(home, monkeypatch)
    with model_day_7():
        yield home


TERMINAL_TYPE = "xterm-256color"
"""The TERM every test runs under, whatever the caller's (Emacs's shell and some CI say
`dumb`): a terminal that draws, when the output is one."""


def terminal_of_our_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The terminal settings every test starts with, in this process and so in every
    process it starts with `os.environ` (AocdHome.env): TERMINAL_TYPE, no NO_COLOR or
    FORCE_COLOR, and no COLUMNS or LINES (pytest-xdist's workers set them, 80 and 24; output
    is fitted to COLUMNS when it is set). A test that wants a width or another terminal
    sets it itself; a pseudo-terminal's own width is then what counts."""
    monkeypatch.setenv("TERM", TERMINAL_TYPE)
    for name in ("NO_COLOR", "FORCE_COLOR", "COLUMNS", "LINES"):
        monkeypatch.delenv(name, raising=False)


def _point_aocd_at(home: AocdHome, monkeypatch: pytest.MonkeyPatch) -> None:
    """aocd reads its folders once, at import: point its module globals at this test's."""
    import aocd.models
    import aocd.runner
    import aocd.utils

    from aoc2023.framework.aocd import private

    monkeypatch.setattr(aocd.models, "AOCD_DATA_DIR", home.data)
    monkeypatch.setattr(aocd.models, "AOCD_CONFIG_DIR", home.config)
    monkeypatch.setattr(aocd.runner, "AOCD_CONFIG_DIR", home.config)
    monkeypatch.setattr(*private.where("User._token2id"), None)
    # aocd's client sleeps when it sees 4 requests within 3 s (the site's rate limit);
    # the fake server does not mind, and the tests must not sleep.
    monkeypatch.setattr(*private.where("http._max_t"), 0.0)


@pytest.fixture
def aocd_loaded(aocd_home: AocdHome, monkeypatch: pytest.MonkeyPatch) -> AocdHome:
    """For tests that use aocd in this process: import it and point it at this test."""
    import aocd  # noqa: F401

    _point_aocd_at(aocd_home, monkeypatch)
    return aocd_home


@pytest.fixture
def fake_aoc(aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeAoC]:
    """A fake adventofcode.com on loopback, with aocd pointed at it."""
    server = FakeAoC()
    point_aocd_at(server.url, monkeypatch.setattr)
    try:
        yield server
    finally:
        server.stop()


class MypyCache:
    """The session's mypy cache (a cold mypy run over the standard library, the libraries
    and the framework costs ~0.8 s of CPU, a warm one ~0.1 s), shared by the tests that
    run mypy, each through a copy of its own."""

    def __init__(self, seed: Path) -> None:
        self.seed = seed

    @contextmanager
    def into(self, folder: Path) -> Iterator[Path]:
        """`folder` as the cache of the mypy runs within the block: a copy of the session's;
        the first test to need it (the others wait) starts from the project's own cache if
        it has one (`.ci/run` checks types before it tests), and its cache is then kept as
        the session's. mypy checks each module's source against the cache, so a test's own
        modules are checked in full."""
        from filelock import FileLock

        with FileLock(f"{self.seed}.lock"):
            made = self.seed.is_dir()
            if made or (TESTS.parent / ".mypy_cache").is_dir():
                shutil.copytree(
                    self.seed if made else TESTS.parent / ".mypy_cache", folder, dirs_exist_ok=True
                )
            yield folder
            if not made and folder.is_dir():
                shutil.copytree(folder, part := self.seed.with_name(f"{self.seed.name}.part"))
                part.rename(self.seed)


@pytest.fixture(scope="session")
def mypy_cache(tmp_path_factory: pytest.TempPathFactory) -> MypyCache:
    base = tmp_path_factory.getbasetemp()
    if "PYTEST_XDIST_WORKER" in os.environ:
        base = base.parent  # the session's, shared by its workers
    return MypyCache(base / "mypy-cache")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow tests first, so that they overlap the quick ones instead of ending the run
    alone; before them, those that import numpy (matplotlib's import costs about 0.9 s of
    CPU a process): xdist hands each worker a run of the list from its start, so one
    worker pays the import, not every one."""
    items.sort(key=lambda item: [item.get_closest_marker(m) is None for m in ("numpy", "slow")])
