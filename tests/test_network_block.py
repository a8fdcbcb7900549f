"""The test session and every process it starts must not reach the internet
(tests/netblock/sitecustomize.py)."""

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
    done = subprocess.run(
        [sys.executable, "-c", code],
        env=aocd_home.env(),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "network is blocked" in done.stderr
