"""The clock the tests hand to code that measures or waits: the one thing they mock.

Time passes only when the code under test sleeps (`sleep`, kept in `slept`), when a
test day's step works (`work`, on the CPU too) or when the test moves it (`advance`).
It reads as each kind of clock the framework takes: `monotonic` and `ns` from 0,
`time` and `datetime` from `start`, and `cpu_ns`. So a test asserts what happened, in
what order, and exactly how long each step took, on a machine however busy.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta


class FakeClock:
    def __init__(self, start: datetime = datetime(2023, 12, 1, 5, tzinfo=UTC)) -> None:
        self.start = start
        self.wall_ns = 0
        self.cpu_ns_spent = 0
        self.slept: list[float] = []

    def advance(self, seconds: float) -> None:
        """Time passing outside the code under test (backwards too, as a clock set back)."""
        self.wall_ns += round(seconds * 1e9)

    def sleep(self, seconds: float) -> None:
        self.slept.append(seconds)
        self.advance(seconds)

    def work(self, seconds: float) -> None:
        """A step busy on the CPU for `seconds`."""
        self.advance(seconds)
        self.cpu_ns_spent += round(seconds * 1e9)

    def monotonic(self) -> float:
        return self.wall_ns / 1e9

    def ns(self) -> int:
        return self.wall_ns

    def cpu_ns(self) -> int:
        return self.cpu_ns_spent

    def time(self) -> float:
        """Seconds since the epoch, as `time.time`."""
        return self.start.timestamp() + self.monotonic()

    def datetime(self) -> datetime:
        return self.start + timedelta(seconds=self.monotonic())
