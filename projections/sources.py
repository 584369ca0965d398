"""Registered source documents per tenant: Merkle root, leaves, sealed parts, redactions."""

from __future__ import annotations

from collections.abc import Iterable

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
        # tenant -> name fingerprint -> the part that mentions it, as (source ref, part
        # index), or the set of them once there are several (most names are in one part)
        self._mentions: dict[str, dict[str, tuple[str, int] | set[tuple[str, int]]]] = {}

    def get(self, tenant: str, source_ref: str) -> SourceRecord | None:
        return self._sources.get((tenant, source_ref))

    def parts_mentioning(self, tenant: str, fingerprints: Iterable[str]) -> set[tuple[str, int]]:
        found: set[tuple[str, int]] = set()
        mentions = self._mentions.get(tenant, {})
        for fp in fingerprints:
            held = mentions.get(fp)
            if isinstance(held, tuple):
                found.add(held)
            elif held is not None:
                found |= held
        return found

    def count(self, tenant: str) -> int:
        return sum(1 for t, _ in self._sources if t == tenant)

    def _apply(self, ev: Applied) -> None:
        event = ev.event
        if isinstance(event, SourceRegistered):
            # Positional: this runs once per source on every replay.
            self._sources[(ev.tenant, event.source_ref)] = SourceRecord(
                event.source_ref, ev.tenant, ev.seq, event.root, event.leaf_hashes,
                event.part_spans, event.parts,
            )
            mentions = self._mentions.get(ev.tenant)
            if mentions is None:
                mentions = self._mentions[ev.tenant] = {}
            for index, fps in enumerate(event.part_mentions):
                part = (event.source_ref, index)
                for fp in fps:
                    held = mentions.get(fp)
                    if held is None:
                        mentions[fp] = part
                    elif isinstance(held, tuple):
                        if held != part:
                            mentions[fp] = {held, part}
                    else:
                        held.add(part)
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
