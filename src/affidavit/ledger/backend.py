"""The ledger backend interface: what the engine asks of any store of event rows.

The engine talks to this and to nothing below it. A backend holds opaque rows
``(seq, kind, tenant, actor, recorded_at, resolver, body, prev_hash, hash)`` plus one
head seal; it never decodes a body, checks a hash or knows an event kind. Chain
maths, decoding and every decision stay above it, so a second backend (PostgreSQL)
is a second implementation of this protocol, not a fork of the engine.

SQLite (``affidavit.ledger.sqlite``) is the first implementation, PostgreSQL
(``affidavit.ledger.postgres``) the second. Every backend runs the same contract
suite (``tests/test_ledger_contract.py``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from typing import Literal, Protocol

from affidavit.chain import Row, RowValues

Durability = Literal["full", "fast"]


class HeadSeal:
    """The sealed head as stored: last seq, its hash and a MAC only a keyring holder can make.

    The backend stores and returns these bytes; checking the MAC is the engine's job.
    A damaged seal row is returned as ``HeadSeal(-1, b"", b"")``, which matches no head.
    """

    __slots__ = ("seq", "hash", "mac")

    def __init__(self, seq: int, hash: bytes, mac: bytes) -> None:
        self.seq, self.hash, self.mac = seq, hash, mac


class WriteTx(Protocol):
    """What the engine may do while it holds the chain lock (one open write transaction)."""

    def rows_after(self, seq: int) -> Iterator[Row]:
        """Rows other writers appended after ``seq``, as stored (the catch-up inside the lock)."""
        ...

    def insert(self, rows: Sequence[Row]) -> None:
        """Append a batch; seqs must continue the stored ones without a gap."""
        ...

    def seal_head(self, seq: int, hash: bytes, mac: bytes) -> None:
        """Replace the head seal; it commits with the rows of the same transaction."""
        ...


class LedgerBackend(Protocol):
    """An append-only store of event rows with one head seal."""

    durability: Durability

    def close(self) -> None: ...

    def rows(self, after_seq: int = 0, until_seq: int | None = None) -> Iterator[Row]:
        """Rows with ``after_seq < seq <= until_seq`` (no upper bound when None), by seq."""
        ...

    def scan(self, after_seq: int = 0,
             until_seq: int | None = None) -> AbstractContextManager[Iterator[RowValues]]:
        """Like ``rows`` but plain tuples, for replay and catch-up: ``with scan(seq) as rows``."""
        ...

    def last_seq(self) -> int:
        """The highest stored seq (0 for an empty ledger), sealed or not."""
        ...

    def head_seal(self) -> HeadSeal | None:
        """The stored head seal, or None if none was ever written."""
        ...

    def snapshot(self) -> AbstractContextManager[None]:
        """A read transaction: every read inside it sees one consistent state (re-entrant)."""
        ...

    def write(self) -> AbstractContextManager[WriteTx]:
        """Take the chain lock and open one write transaction.

        Leaving the block commits every inserted row and the seal together; an
        exception rolls all of it back. Only one writer holds the lock at a time,
        across processes (SQLite: ``BEGIN IMMEDIATE``; PostgreSQL: the chain's lock).
        """
        ...

    def set_durability(self, durability: Durability) -> None:
        """Change whether each later commit is durable before it returns (bulk import)."""
        ...

    def sync(self) -> None:
        """Make every commit so far durable (group commit after "fast" commits)."""
        ...

    def checkpoint(self) -> None:
        """Make every committed row durable in the main store (SQLite: WAL checkpoint)."""
        ...

    def changed_since(self, seq: int) -> bool:
        """Whether rows after ``seq`` may have been committed (a catch-up is worth a read).

        False only when the backend knows nothing was: PostgreSQL answers from the
        notifications it received (``pgnotify``); SQLite always answers True.
        """
        ...
