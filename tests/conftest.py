"""Test session set-up: no internet, an aocd of our own, a fake adventofcode.com.

Every test gets its own aocd data and config folders (in tmp_path), no session
token unless it sets one, and aocd's module-level settings pointed at them.
"""

from __future__ import annotations

import importlib.util
import json
import os
import signal
import sys
from collections.abc import Generator, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from itertools import islice, zip_longest
from pathlib import Path

import pytest

TESTS = Path(__file__).parent
NETBLOCK = TESTS / "netblock"

def _block_the_internet() -> None:
    """Load tests/netblock/sitecustomize.py (which blocks on import) under a name of its own."""
    spec = importlib.util.spec_from_file_location("_netblock", NETBLOCK / "sitecustomize.py")
    assert spec is not None and spec.loader is not None
    spec.loader.exec_module(importlib.util.module_from_spec(spec))


# Every process of the session defers bs4 to its first use (see _defer_imports in
# tests/netblock/sitecustomize.py): set before this process loads it, and inherited by
# the workers and by every process the tests start.
os.environ.setdefault("AOC_TESTS_DEFER_IMPORTS", "bs4")
_block_the_internet()

# Tests send Ctrl-C (SIGINT) to the processes they start. A shell starts a background job
# with SIGINT ignored, and a child keeps an ignored signal ignored: the tests would then
# find `aoc` deaf to Ctrl-C. A handled signal is reset to the default in a child instead.
if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
sys.path.insert(0, str(TESTS))

from fake_aoc import FakeAoC  # noqa: E402

TOKEN = "53616c7465645f5f" + "0" * 80 + "cafe"
USER_ID = "github.tester.1234567"
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
        path = self.user_dir / f"{year}_{day:02d}_input.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
        return path

    def cache_answer(self, year: int, day: int, part: int, answer: str) -> Path:
        path = self.user_dir / f"{year}_{day:02d}{'ab'[part - 1]}_answer.txt"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(answer)
        return path

    def cache_solved_day_7(self) -> None:
        """Everything aocd's runner reads for 2023 day 7 solved on its example, so that
        neither aocd nor `aoc` needs the network."""
        self.set_token()
        (self.config / "tokens.json").write_text(json.dumps({"default": TOKEN}))
        self.cache_input(2023, 7, DAY_7_EXAMPLE)
        self.cache_answer(2023, 7, 1, "6440")
        self.cache_answer(2023, 7, 2, "5905")
        (self.user_dir / "2023_07_prose.2.html").write_text(
            "<main><article><h2>--- Day 7: Camel Cards ---</h2></article></main>")

    def env(self) -> dict[str, str]:
        """Environment for a subprocess that should see this aocd home (and no internet)."""
        env = {k: v for k, v in os.environ.items() if k != "AOC_SESSION"}
        env.update(AOCD_DIR=str(self.data), AOCD_CONFIG_DIR=str(self.config))
        env["AOC_REQUEST_FLOOR"] = os.environ.get("AOC_REQUEST_FLOOR", "0")
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(NETBLOCK), env.get("PYTHONPATH")]))
        return env


@contextmanager
def temporary_year(site: Path, year: int, files: Mapping[str, str]) -> Iterator[Path]:
    """A year package `aoc<year>` in `site` holding `files`, importable inside the block;
    afterwards its modules and registered days are forgotten, so no other test sees them."""
    from aoc2023.framework.solution import REGISTRY, VARIANTS

    package = site / f"aoc{year}"
    package.mkdir(parents=True)
    (package / "__init__.py").write_text("")
    for name, text in files.items():
        (package / name).write_text(text)
    sys.path.insert(0, str(site))
    try:
        yield package
    finally:
        sys.path.remove(str(site))
        name = package.name
        for module in [m for m in sys.modules if m == name or m.startswith(name + ".")]:
            del sys.modules[module]
        for key in [k for k in REGISTRY if k[0] == year]:
            del REGISTRY[key]
        for key in [k for k in VARIANTS if k[0] == year]:
            del VARIANTS[key]


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


@pytest.fixture(autouse=True)
def aocd_home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> AocdHome:
    home = AocdHome(data=tmp_path / "aocd-data", config=tmp_path / "aocd-config")
    home.data.mkdir()
    home.config.mkdir()
    monkeypatch.delenv("AOC_SESSION", raising=False)
    monkeypatch.delenv("AOCD_EXTRA", raising=False)
    # Output is fitted to COLUMNS when it is set, and pytest-xdist's workers have it set
    # (80, with LINES=24): a test that wants a width sets it itself.
    monkeypatch.delenv("COLUMNS", raising=False)
    monkeypatch.delenv("LINES", raising=False)
    # The floor between requests across processes (a second by default) is tested on its
    # own, in test_fetch.py; elsewhere the fake site is asked as fast as the tests go.
    monkeypatch.setenv("AOC_REQUEST_FLOOR", "0")
    monkeypatch.setenv("AOCD_DIR", str(home.data))
    monkeypatch.setenv("AOCD_CONFIG_DIR", str(home.config))
    if "aocd" in sys.modules:
        _point_aocd_at(home, monkeypatch)
    return home


def _point_aocd_at(home: AocdHome, monkeypatch: pytest.MonkeyPatch) -> None:
    """aocd reads its folders once, at import: point its module globals at this test's."""
    import aocd.models
    import aocd.runner
    import aocd.utils

    monkeypatch.setattr(aocd.models, "AOCD_DATA_DIR", home.data)
    monkeypatch.setattr(aocd.models, "AOCD_CONFIG_DIR", home.config)
    monkeypatch.setattr(aocd.runner, "AOCD_CONFIG_DIR", home.config)
    monkeypatch.setattr(aocd.models.User, "_token2id", None)
    # aocd's client sleeps when it sees 4 requests within 3 s (the site's rate limit);
    # the fake server does not mind, and the tests must not sleep.
    monkeypatch.setattr(aocd.utils.http, "_max_t", 0.0)


@pytest.fixture
def aocd_loaded(aocd_home: AocdHome, monkeypatch: pytest.MonkeyPatch) -> AocdHome:
    """For tests that use aocd in this process: import it and point it at this test."""
    import aocd  # noqa: F401

    _point_aocd_at(aocd_home, monkeypatch)
    return aocd_home


@pytest.fixture
def fake_aoc(aocd_loaded: AocdHome, monkeypatch: pytest.MonkeyPatch) -> Iterator[FakeAoC]:
    """A fake adventofcode.com on loopback, with aocd pointed at it."""
    import aocd.models

    server = FakeAoC().start()
    monkeypatch.setattr(aocd.models, "URL", server.puzzle_url_template)
    try:
        yield server
    finally:
        server.stop()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Slow tests first, and shared out: each worker starts on its share of them, so that
    they overlap the many quick ones instead of queueing on one worker or running alone
    at the end (the order is otherwise kept).

    Those that spend their seconds waiting (`@pytest.mark.slow(waits=True)`: on a
    countdown, a time limit, a signal's effect) go to half the workers only (at least
    one), taking turns with the slow ones that compute while those last (one of those
    workers starts on a wait, the other on a computation), so that the other half never
    wait on a clock and keep the cores busy. This fits the default of two workers per
    core (`pytest_xdist_auto_num_workers`).
    Dealt out to all four as one list, they lined up: three of the four workers started
    on a wait, and 14 s in, all four waited out a 5 s countdown or time limit together,
    the machine idle for 2.5 s. Measured by sampling the machine's use of its 2 cores
    every 0.5 s, in turn with the one list, 2 rounds: 87% and 87% busy on average (4.5
    and 5.0 s below 60%) with it, 90% and 92% (3.0 and 2.5 s) now.

    pytest-xdist's `worksteal` hands each worker a contiguous share of the tests, in
    order (the remaining tests divided by the workers left: the first shares may be one
    test shorter), and moves queued tests from a busy worker to an idle one only once
    the idle one has run out: so each share here starts with its slow tests. Had the
    order not matched the shares, the tests would all run the same, only less evenly
    spread."""
    # This session's workers: not PYTEST_XDIST_WORKER_COUNT, which a nested pytest inherits.
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    slow = [item for item in items if item.get_closest_marker("slow") is not None]
    waiting = [item for item in slow if _waits(item)]
    computing = [item for item in slow if not _waits(item)]
    quick = iter([item for item in items if item.get_closest_marker("slow") is None])
    waiters = max(1, workers // 2)  # the workers that take the waiting tests
    shares: list[list[pytest.Item]] = []
    for worker in range(workers):
        waits = waiting[worker::waiters] if worker < waiters else []
        turns = [waits, computing[worker::workers]]
        first, second = turns if worker % 2 == 0 else turns[::-1]
        shares.append([item for pair in zip_longest(first, second) for item in pair
                       if item is not None])
    left = len(items)
    for worker, share in enumerate(shares):
        size = left // (workers - worker)
        left -= size
        share.extend(islice(quick, max(0, size - len(share))))  # fewer when slow ones fill it
    shares[-1].extend(quick)
    items[:] = [item for share in shares for item in share]


def _waits(item: pytest.Item) -> bool:
    marker = item.get_closest_marker("slow")
    if marker is None:
        return False
    if marker.args or set(marker.kwargs) - {"waits"}:  # a misspelt `waits` would be lost
        raise pytest.UsageError(f"{item.nodeid}: the slow marker takes only waits=True")
    return bool(marker.kwargs.get("waits"))


def pytest_configure(config: pytest.Config) -> None:
    """Compiled bytecode for the processes the tests start (see tests/bytecode.py)."""
    import bytecode

    compiling = bytecode.start(Path(config.rootpath))
    if compiling is not None:
        config.add_cleanup(compiling.close)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    """Collect with bytecode written, where `PYTHONDONTWRITEBYTECODE` turns it off.

    pytest rewrites each test module's asserts as it imports it, and keeps the result as
    bytecode in tests/__pycache__ only where bytecode may be written: without it, every
    worker rewrote every test module on every run, 1.1 s of its 1.8 s of collection.
    Only collection writes, so only the tests and the modules they import at the top
    are written: the modules tests write and import later (throwaway years) are still
    compiled from source each time, and cannot meet bytecode of an earlier version."""
    written = sys.dont_write_bytecode
    sys.dont_write_bytecode = False
    try:
        with _one_worker_rewrites(session.config):
            return (yield)
    finally:
        sys.dont_write_bytecode = written


@contextmanager
def _one_worker_rewrites(config: pytest.Config) -> Iterator[None]:
    """Where the test modules' rewritten bytecode is missing or stale (a fresh clone, an
    edited test), the first pytest-xdist worker collects alone, and the others after it.

    The workers start together, and each rewrote every test module it found without
    that bytecode: on a fresh clone, 1.2 s of CPU each, four times over, while the
    session was also compiling the virtual environment (see tests/bytecode.py). The
    first now writes it and the others read it. When it is all there, as on every run
    after the first, nobody waits. A worker that waited collects at once, whatever it
    finds (bytecode that cannot be written, a run of some test files only): at worst
    one collection is done alone. The lock is on the tests folder (a nested session, on
    a copy of the project, has its own); a check that misjudges, or a lock that cannot
    be taken, only costs time."""
    import fcntl

    tests = Path(str(config.rootpath)) / "tests"
    cache = _cache_folder(tests)
    writable = os.access(cache if cache.exists() else tests, os.W_OK)
    if not hasattr(config, "workerinput") or not writable or _rewritten(tests, cache):
        yield  # (where nothing can be written, there is nothing to wait for)
        return
    try:
        folder = os.open(tests, os.O_RDONLY)
    except OSError:
        yield
        return
    try:
        try:
            fcntl.flock(folder, fcntl.LOCK_EX | fcntl.LOCK_NB)  # the first: collect alone
        except BlockingIOError:
            fcntl.flock(folder, fcntl.LOCK_EX)  # wait while another worker collects,
            fcntl.flock(folder, fcntl.LOCK_UN)  # then read what it wrote, with the others
        except OSError:
            pass  # no lock to be had here: collect as before
        yield
    finally:
        os.close(folder)  # releases the lock


def _cache_folder(tests: Path) -> Path:
    """Where pytest keeps the test modules' rewritten bytecode (`PYTHONPYCACHEPREFIX`
    moves it, as it moves all bytecode)."""
    if sys.pycache_prefix:
        return Path(sys.pycache_prefix, *tests.parts[1:])
    return tests / "__pycache__"


def _rewritten(tests: Path, cache: Path) -> bool:
    """Whether every test module has the assert-rewritten bytecode pytest would read:
    pytest names it after the Python, the pytest and `-O` (`.pyo`), and checks it
    against a hash of the source (as `_pytest.assertion.rewrite` does)."""
    tail = f".{sys.implementation.cache_tag}-pytest-{pytest.__version__}.py"
    tail += "c" if __debug__ else "o"
    for source in tests.glob("test_*.py"):
        try:
            with open(cache / (source.stem + tail), "rb") as cached:
                header = cached.read(16)
        except OSError:
            return False
        if header[8:16] != importlib.util.source_hash(source.read_bytes())[:8]:
            return False
    return True


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """Two workers per core, up to four more than the cores (`-n auto`, the default).

    Many tests spend their time waiting, not computing: on a countdown to an unlock, on
    a `--timeout` running out, on a process to end. With one worker per core those waits
    idle the core; with more, others compute meanwhile. Measured on 2 cores, the whole
    suite in turn at each count: 4 workers 74-85 s, 6 workers 82 s, 3 workers 81 s,
    2 workers 88 s."""
    cores = os.cpu_count() or 1
    return min(2 * cores, cores + 4)
