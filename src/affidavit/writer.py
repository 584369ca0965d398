"""Drafting events inside one write transaction: seq numbers, sealing, keys."""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec

from affidavit.codec import encode_private
from affidavit.events import Event, Sealed

if TYPE_CHECKING:
    from affidavit.store import Store


class Draft(msgspec.Struct):
    seq: int
    kind: str
    event: Event
    private: object  # plaintext payload handed to projections after commit


class WriteContext:
    """Handed to a decision while the process holds the ledger's write lock.

    Projections are caught up to ``base_seq``; drafts get the seqs that follow.
    """

    def __init__(self, store: Store, base_seq: int, recorded_at: int) -> None:
        self.store = store
        self.base_seq = base_seq
        self.recorded_at = recorded_at
        self.drafts: list[Draft] = []

    def next_seq(self) -> int:
        return self.base_seq + len(self.drafts) + 1

    def seal(
        self, seq: int, kind: str, field: str, value: msgspec.Struct, key_ids: tuple[str, ...]
    ) -> Sealed:
        return self.store._seal(seq, kind, field, encode_private(value), key_ids)

    def new_keys(self, count: int = 1) -> list[str]:
        """Fresh data keys, durable in the keyring before any event sealed under them commits."""
        keyring = self.store._require_keyring()
        return keyring.take_keys(count, self.recorded_at)

    def add(self, kind: str, event: Event, private: object = None) -> int:
        seq = self.next_seq()
        self.drafts.append(Draft(seq, kind, event, private))
        return seq
