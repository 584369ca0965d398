"""LISTEN for appends: the newest seq another process committed, without polling.

Each append stores rows and moves the head seal; triggers send ``pg_notify(channel,
'row:<seq>')`` per row and ``pg_notify(channel, '<seq>')`` per seal move, and the server
delivers them when that transaction commits. One daemon thread per opened ledger holds
its own connection in ``LISTEN`` and records the highest seq announced by either. A row
announced beyond the seal (appended by a role that bypasses the application) makes the
next read look, and refuse it, as on SQLite.

What a reader may conclude: if ``changed_since(seq)`` is False, nothing beyond ``seq``
had been announced when the newest notification arrived, so serving state at ``seq``
is at most the delivery lag behind (measured by ``bench/postgres.py``). Whenever the
listening connection is down (not yet connected, dropped, reconnecting),
``changed_since`` answers True, so callers fall back to asking the database: a lost
notification can make a read slower, never staler. After each (re)connection the
listener reads the head once, after ``LISTEN``, so no append falls between the two.
"""

from __future__ import annotations

import contextlib
import threading
import time
from typing import Any

import structlog

from affidavit.ledger import pgconn
from affidavit.ledger.location import PostgresLocation

log = structlog.get_logger("affidavit.ledger")
WAIT_SLICE_S = 0.25  # how often the thread looks up from the socket to see if it should stop
RETRY_S = (0.1, 0.5, 1.0, 2.0, 5.0)


class Notifications:
    """The newest seq announced on a chain's channel, kept by a background thread."""

    def __init__(self, location: PostgresLocation) -> None:
        self._location = location
        self._seq = 0
        self._healthy = False
        self._stop = threading.Event()
        self._changed = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="affidavit-listen", daemon=True)
        self.received = 0  # notifications received (for tests and the bench)

    def start(self) -> None:
        self._thread.start()

    def close(self) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join(timeout=5)

    @property
    def healthy(self) -> bool:
        return self._healthy

    @property
    def seq(self) -> int:
        return self._seq

    def changed_since(self, seq: int) -> bool:
        return not self._healthy or self._seq > seq

    def wait_beyond(self, seq: int, timeout: float) -> bool:
        """Wait until a seq beyond ``seq`` is announced; False on timeout or while unhealthy."""
        deadline = time.monotonic() + timeout
        with self._changed:
            while not (self._healthy and self._seq > seq):
                left = deadline - time.monotonic()
                if left <= 0 or self._stop.is_set():
                    return False
                self._changed.wait(left)
        return True

    def wait_healthy(self, timeout: float) -> bool:
        deadline = time.monotonic() + timeout
        with self._changed:
            while not self._healthy:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._changed.wait(left)
        return True

    def _announce(self, seq: int, healthy: bool) -> None:
        with self._changed:
            self._seq = max(self._seq, seq)
            self._healthy = healthy
            self._changed.notify_all()

    def _run(self) -> None:
        failures = 0
        while not self._stop.is_set():
            conn: Any = None
            try:
                conn = pgconn.connect(self._location)
                conn.execute(f'LISTEN "{self._location.channel}"')
                got = conn.execute("SELECT seq FROM head WHERE id = 1").fetchone()
                self._announce(int(got[0]) if got else 0, True)
                failures = 0
                while not self._stop.is_set():
                    for note in conn.notifies(timeout=WAIT_SLICE_S):
                        self.received += 1
                        seq = note.payload.removeprefix("row:")
                        if seq.isdigit():  # a seal move or a stored row: either is news
                            self._announce(int(seq), True)
            except Exception as exc:  # the connection dropped: fall back to asking, reconnect
                self._announce(0, False)
                log.warning("ledger_listen_lost", error=exc.__class__.__name__,
                            location=self._location.display())
                self._stop.wait(RETRY_S[min(failures, len(RETRY_S) - 1)])
                failures += 1
            finally:
                if conn is not None:
                    with contextlib.suppress(Exception):  # closing a dead connection
                        conn.close()
        self._announce(0, False)
