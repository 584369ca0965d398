"""Erased subjects per tenant: keyed fingerprints the write gate consults first."""

from __future__ import annotations

import msgspec

from affidavit.events import Applied, CertificateIssued, SubjectErased


class Tombstone(msgspec.Struct, frozen=True, gc=False):
    fingerprint: str
    seq: int
    entity_ids: tuple[str, ...]
    claim_count: int


class IssuedCertificate(msgspec.Struct, frozen=True, gc=False):
    seq: int  # the CERTIFICATE_ISSUED event
    erasure_seq: int
    payload: bytes
    signature: bytes
    public_key: bytes


class ErasedSubjects:
    name = "erased"
    handles = frozenset({"SUBJECT_ERASED", "CERTIFICATE_ISSUED"})

    def __init__(self) -> None:
        self._full: dict[tuple[str, str], Tombstone] = {}
        self._short: dict[tuple[str, str], Tombstone] = {}
        self._keys: set[str] = set()
        self._entities: set[str] = set()
        self._by_seq: dict[int, Tombstone] = {}
        self._certificates: dict[int, IssuedCertificate] = {}  # erasure seq -> certificate
        self._listed_by: dict[str, int] = {}  # key id -> the erasure that listed it

    def match_full(self, tenant: str, fingerprint: str) -> Tombstone | None:
        return self._full.get((tenant, fingerprint))

    def match_short(self, tenant: str, fingerprint: str) -> Tombstone | None:
        return self._short.get((tenant, fingerprint))

    def key_destroyed(self, key_id: str) -> bool:
        return key_id in self._keys

    def entity_erased(self, entity_id: str) -> bool:
        return entity_id in self._entities

    def destroyed_keys(self) -> frozenset[str]:
        """Every key an erasure listed as destroyed (all tenants)."""
        return frozenset(self._keys)

    def erasures_listing(self, key_ids: list[str] | set[str]) -> tuple[int, ...]:
        """The seqs of the erasures that listed any of ``key_ids`` as destroyed."""
        return tuple(sorted({self._listed_by[k] for k in key_ids if k in self._listed_by}))

    def at_seq(self, erasure_seq: int) -> Tombstone | None:
        return self._by_seq.get(erasure_seq)

    def certificate(self, erasure_seq: int) -> IssuedCertificate | None:
        return self._certificates.get(erasure_seq)

    def tombstones(self, tenant: str) -> list[Tombstone]:
        return sorted(
            {t.seq: t for (ten, _), t in self._full.items() if ten == tenant}.values(),
            key=lambda t: t.seq,
        )

    def _apply(self, ev: Applied) -> None:
        event = ev.event
        if isinstance(event, SubjectErased) and event.held_item:
            self._keys.update(event.keys_destroyed)  # a rejected re-proposal, shredded
            self._entities.update(event.entity_ids)
        elif isinstance(event, SubjectErased):
            stone = Tombstone(event.fingerprint, ev.seq, event.entity_ids, len(event.claim_ids))
            self._full[(ev.tenant, event.fingerprint)] = stone
            for fp in event.alias_fingerprints:
                self._full[(ev.tenant, fp)] = stone
            for fp in event.short_fingerprints:
                self._short[(ev.tenant, fp)] = stone
            self._keys.update(event.keys_destroyed)
            self._entities.update(event.entity_ids)
            self._by_seq[ev.seq] = stone
            self._listed_by.update(dict.fromkeys(event.keys_destroyed, ev.seq))
        elif isinstance(event, CertificateIssued) and event.erasure_seq in self._by_seq:
            self._certificates.setdefault(event.erasure_seq, IssuedCertificate(
                ev.seq, event.erasure_seq, event.payload, event.signature, event.public_key))

    def digest_parts(self) -> list[bytes]:
        return [
            msgspec.msgpack.encode(sorted(self._full.items())),
            msgspec.msgpack.encode(sorted(self._short.items())),
            msgspec.msgpack.encode(sorted(self._keys)),
            msgspec.msgpack.encode(sorted(self._certificates.items())),
        ]
