"""The only reader of wall time. Everything else takes time as an argument."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now_us(self) -> int:
        """Microseconds since the Unix epoch, UTC."""
        ...


class SystemClock:
    def now_us(self) -> int:
        return time.time_ns() // 1000


class FixedClock:
    """A clock for tests: returns ``at`` and advances by ``step_us`` on each read."""

    def __init__(self, at_us: int = 1_700_000_000_000_000, step_us: int = 0) -> None:
        self._at = at_us
        self._step = step_us

    def now_us(self) -> int:
        value = self._at
        self._at += self._step
        return value
