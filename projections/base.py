"""The projection set: every read model, fed only by verified ledger events.

Sealed writes: projections have no public mutators. ``ProjectionSet.apply`` is the
one entry point and accepts only the event that chains onto the head it has
applied (same ``prev_hash``, next ``seq``); anything else raises ``SealedWrite``.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Protocol

from affidavit.errors import SealedWrite
from affidavit.events import Applied


class Projection(Protocol):
    name: str
    handles: frozenset[str]  # the event kinds this projection reacts to

    def _apply(self, ev: Applied) -> None: ...

    def digest_parts(self) -> list[bytes]: ...


class ProjectionSet:
    def __init__(self, projections: list[Projection]) -> None:
        self._projections = projections
        self._head_seq = 0
        self._head_hash = bytes(32)
        # kind -> the bound ``_apply`` of each projection that handles it (replay calls
        # this once per event: no per-event attribute lookups)
        self._by_kind: dict[str, tuple[Callable[[Applied], None], ...]] = {}

    @property
    def head_seq(self) -> int:
        return self._head_seq

    @property
    def head_hash(self) -> bytes:
        return self._head_hash

    def apply(self, ev: Applied) -> None:
        if ev.seq != self._head_seq + 1 or ev.prev_hash != self._head_hash:
            raise SealedWrite(
                f"refused to apply seq {ev.seq}: projections are at seq {self._head_seq} and "
                "accept only the next verified ledger event"
            )
        targets = self._by_kind.get(ev.kind)
        if targets is None:
            targets = self._by_kind[ev.kind] = tuple(
                p._apply for p in self._projections if ev.kind in p.handles
            )
        for apply in targets:
            apply(ev)
        self._head_seq = ev.seq
        self._head_hash = ev.hash

    def digest(self) -> str:
        """A digest of every projection's state: equal states give equal digests."""
        h = hashlib.sha256()
        h.update(self._head_seq.to_bytes(8, "big") + self._head_hash)
        for projection in self._projections:
            h.update(projection.name.encode())
            for part in projection.digest_parts():
                h.update(len(part).to_bytes(4, "big"))
                h.update(part)
        return h.hexdigest()
