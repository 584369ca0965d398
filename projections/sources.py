"""Registered source documents per tenant: Merkle root, leaves, sealed parts, redactions."""

from __future__ import annotations

import msgspec

from affidavit.events import (
    Applied,
    Sealed,
    SourcePartRedacted,
    SourceRegistered,
)


class SourceRecord(msgspec.Struct, frozen=True, gc=False):
    source_ref: str
    tenant: str
    seq: int
    root: str
    leaf_hashes: tuple[str, ...]
    part_spans: tuple[tuple[int, int], ...]
    parts: tuple[Sealed, ...]
    redacted: frozenset[int] = frozenset()


class SourceRegistry:
    name = "sources"
    handles = frozenset({"SOURCE_REGISTERED", "SOURCE_PART_REDACTED"})

    def __init__(self) -> None:
        self._sources: dict[tuple[str, str], SourceRecord] = {}

    def get(self, tenant: str, source_ref: str) -> SourceRecord | None:
        return self._sources.get((tenant, source_ref))

    def count(self, tenant: str) -> int:
        return sum(1 for t, _ in self._sources if t == tenant)

    def _apply(self, ev: Applied) -> None:
        event = ev.event
        if isinstance(event, SourceRegistered):
            self._sources[(ev.tenant, event.source_ref)] = SourceRecord(
                source_ref=event.source_ref,
                tenant=ev.tenant,
                seq=ev.seq,
                root=event.root,
                leaf_hashes=event.leaf_hashes,
                part_spans=event.part_spans,
                parts=event.parts,
            )
        elif isinstance(event, SourcePartRedacted):
            record = self._sources.get((ev.tenant, event.source_ref))
            if record is not None:
                self._sources[(ev.tenant, event.source_ref)] = msgspec.structs.replace(
                    record, redacted=record.redacted | {event.part_index}
                )

    def digest_parts(self) -> list[bytes]:
        return [
            msgspec.msgpack.encode((k, sorted(v.redacted), v.root, v.seq))
            for k, v in sorted(self._sources.items())
        ]
