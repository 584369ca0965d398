"""Erased subjects per tenant: keyed fingerprints the write gate consults first."""

from __future__ import annotations

import msgspec

from affidavit.events import Applied, SubjectErased


class Tombstone(msgspec.Struct, frozen=True):
    fingerprint: str
    seq: int
    entity_ids: tuple[str, ...]
    claim_count: int


class ErasedSubjects:
    name = "erased"

    def __init__(self) -> None:
        self._full: dict[tuple[str, str], Tombstone] = {}
        self._short: dict[tuple[str, str], Tombstone] = {}
        self._keys: set[str] = set()
        self._entities: set[str] = set()

    def match_full(self, tenant: str, fingerprint: str) -> Tombstone | None:
        return self._full.get((tenant, fingerprint))

    def match_short(self, tenant: str, fingerprint: str) -> Tombstone | None:
        return self._short.get((tenant, fingerprint))

    def key_destroyed(self, key_id: str) -> bool:
        return key_id in self._keys

    def entity_erased(self, entity_id: str) -> bool:
        return entity_id in self._entities

    def tombstones(self, tenant: str) -> list[Tombstone]:
        return sorted(
            {t.seq: t for (ten, _), t in self._full.items() if ten == tenant}.values(),
            key=lambda t: t.seq,
        )

    def _apply(self, ev: Applied) -> None:
        event = ev.event
        if isinstance(event, SubjectErased):
            stone = Tombstone(event.fingerprint, ev.seq, event.entity_ids, len(event.claim_ids))
            self._full[(ev.tenant, event.fingerprint)] = stone
            for fp in event.alias_fingerprints:
                self._full[(ev.tenant, fp)] = stone
            for fp in event.short_fingerprints:
                self._short[(ev.tenant, fp)] = stone
            self._keys.update(event.keys_destroyed)
            self._entities.update(event.entity_ids)

    def digest_parts(self) -> list[bytes]:
        return [
            msgspec.msgpack.encode(sorted(self._full.items())),
            msgspec.msgpack.encode(sorted(self._short.items())),
            msgspec.msgpack.encode(sorted(self._keys)),
        ]
