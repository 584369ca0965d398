"""Background catch-up: apply others' appends as their notifications arrive.

A ``Follower`` waits on the backend (``wait_for_change``: PostgreSQL's LISTEN) and,
for each announced seq beyond the engine's head, takes the engine's lock and catches
up, so a served call finds its state already current instead of replaying a long
tail first. A tail that does not verify stops the follower (logged by code and seq
only); every later call in the foreground meets the same ``ChainBroken`` and fails
closed. A lost server is logged and retried.
"""

from __future__ import annotations

import threading
from contextlib import AbstractContextManager
from typing import Any, Protocol

import structlog

from affidavit.errors import AffidavitError, ChainBroken

log = structlog.get_logger("affidavit.store")
WAIT_S = 0.5
RETRY_S = 1.0


class Followed(Protocol):
    """What the follower needs of an engine (a protocol, so the two modules stay acyclic)."""

    @property
    def lock(self) -> AbstractContextManager[Any]: ...

    @property
    def head_seq(self) -> int: ...

    @property
    def ledger(self) -> Any: ...

    def catch_up(self) -> None: ...


class Follower:
    def __init__(self, engine: Followed) -> None:
        self._engine = engine
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="affidavit-follow", daemon=True)
        self.caught_up = 0  # background catch-ups that applied something (tests, bench)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stop.set()
        if self._thread.is_alive() and self._thread is not threading.current_thread():
            self._thread.join(timeout=5)

    def _run(self) -> None:
        engine = self._engine
        wait = getattr(engine.ledger, "wait_for_change")  # noqa: B009 - absent on SQLite
        while not self._stop.is_set():
            if not wait(engine.head_seq, WAIT_S):
                continue
            with engine.lock:
                if self._stop.is_set():
                    return
                before = engine.head_seq
                try:
                    engine.catch_up()
                except ChainBroken as exc:
                    # The engine now refuses every call with this error; nothing to follow.
                    log.error("background_catch_up_refused", code=exc.code, seq=exc.seq)
                    return
                except AffidavitError as exc:  # the server went away: try again later
                    log.error("background_catch_up_failed", code=exc.code)
                    self._stop.wait(RETRY_S)
                    continue
                if engine.head_seq > before:
                    self.caught_up += 1
