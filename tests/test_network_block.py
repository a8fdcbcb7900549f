"""The test session itself must not reach the internet; and what else every test process
is set up with (tests/netblock/sitecustomize.py)."""

from __future__ import annotations

import socket
import subprocess
import sys

import pytest
from conftest import AocdHome


def test_connecting_outside_loopback_fails_in_the_test_session() -> None:
    with pytest.raises(OSError, match="network is blocked"):
        socket.create_connection(("93.184.216.34", 443), timeout=1)
    with pytest.raises(OSError, match="network is blocked"):
        socket.getaddrinfo("adventofcode.com", 443)


def test_subprocesses_started_with_the_test_env_are_blocked_too(aocd_home: AocdHome) -> None:
    code = "import socket; socket.create_connection(('1.1.1.1', 443), timeout=1)"
    done = subprocess.run([sys.executable, "-c", code], env=aocd_home.env(),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode != 0
    assert "network is blocked" in done.stderr


def test_a_test_process_imports_bs4_at_its_first_use_and_it_works(aocd_home: AocdHome) -> None:
    """bs4 is deferred in the tests' processes (for speed), and must then be bs4 itself:
    one module, whoever holds it, first used from several threads at once, with a
    submodule imported first."""
    code = """
import sys, threading
import aocd.utils
assert type(sys.modules["bs4"]).__name__ == "_Deferred", "not deferred"
import inspect
# What the import system sets before running a module is there, and reading it (as
# hypothesis's pytest plugin reads every module's __file__) does not run bs4.
held = sys.modules["bs4"]
assert held.__file__ and inspect.getfile(held) == held.__file__ and held.__loader__
assert held.__package__ == "bs4" and type(held).__name__ == "_Deferred", "ran"
import bs4.element  # a submodule first: imported once
pages = []
threads = [threading.Thread(target=lambda: pages.append(aocd.utils._get_soup("<p>hi</p>")))
           for _ in range(4)]
for thread in threads:
    thread.start()
for thread in threads:
    thread.join()
import bs4
assert type(bs4) is type(sys) and aocd.utils.bs4 is bs4 is sys.modules["bs4"]
assert [page.p.text for page in pages] == ["hi"] * 4
assert all(isinstance(page.p, bs4.Tag) for page in pages)
assert bs4.Tag is bs4.element.Tag is sys.modules["bs4.element"].Tag
"""
    env = aocd_home.env() | {"AOC_TESTS_DEFER_IMPORTS": "bs4"}  # as conftest sets it
    done = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
