"""The claim graph: every claim's state, validity interval, receipt and content."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from collections.abc import Set as AbstractSet
from types import MappingProxyType
from typing import cast

import msgspec

from affidavit.events import (
    ANY_CLAIM_ADMITTED,
    ANY_CLAIM_QUARANTINED,
    Applied,
    ClaimAdmitted,
    ClaimCorrected,
    ClaimQuarantined,
    ClaimStateChanged,
    DisputeResolved,
    KeptClaimAdmitted,
    LazyClaimAdmitted,
    LazyClaimQuarantined,
    ReceiptRef,
    Sealed,
    SubjectErased,
)

STATES = ("active", "disputed", "superseded", "quarantined", "frozen")
LIVE = frozenset({"active", "disputed"})
_CLAIM_EVENTS = ANY_CLAIM_ADMITTED + ANY_CLAIM_QUARANTINED
# The exact classes of an admission that replay and writes hand over (its shapes and the
# kept subclass): one set lookup for the commonest event instead of isinstance walking
# each class's bases. Any other subclass still takes the isinstance path.
_ADMITTED_TYPES = frozenset({ClaimAdmitted, LazyClaimAdmitted, KeptClaimAdmitted})
_NO_SEALED = msgspec.Raw(b"")
_NO_IDS: frozenset[str] = frozenset()


class ClaimRecord(msgspec.Struct, frozen=True, gc=False):
    claim_id: str
    tenant: str
    seq: int  # the event that first recorded the claim
    state: str
    subject_id: str
    entity_ids: tuple[str, ...]
    # The claim's content (ClaimPrivate), opened by the store on first read. From a JSON
    # body, replay keeps its ``Sealed`` as the JSON text (most claims are never read in a
    # session, and parsing base64 costs); from a compact body, the parsed positional twin
    # of its ``Sealed`` (converted on first read); from a live write, the ``Sealed``.
    sealed: msgspec.Raw | Sealed | object
    sealed_kind: str  # the kind of the event that sealed it (part of its associated data)
    valid_from: str | None
    valid_to: str | None
    receipt: ReceiptRef | None
    reason: str | None  # quarantine reason or last transition reason
    last_hash: bytes  # hash of the last event that changed this claim
    last_seq: int
    agent: str = ""
    prior_state: str | None = None  # the state a frozen claim returns to when unfrozen
    evidence: Sealed | None = None  # the supporting span, sealed apart (see ClaimAdmitted)
    evidence_entity_ids: tuple[str, ...] = ()


class ClaimGraph:
    name = "claims"
    handles = frozenset({"CLAIM_ADMITTED", "CLAIM_QUARANTINED", "CLAIM_STATE_CHANGED", "SUBJECT_ERASED",
                         "CLAIM_CORRECTED", "DISPUTE_RESOLVED"})

    def __init__(self) -> None:
        self._claims: dict[str, ClaimRecord] = {}
        self._by_entity: dict[str, set[str]] = {}
        self._erased: dict[str, int] = {}  # claim id -> erasure seq
        self._by_source: dict[str, set[str]] = {}  # source ref -> ids of claims citing it
        self._named_in_evidence: dict[str, set[str]] = {}  # entity -> claims whose span names it

    # -- reads ---------------------------------------------------------------
    def get(self, claim_id: str) -> ClaimRecord | None:
        return self._claims.get(claim_id)

    def claims(self) -> Mapping[str, ClaimRecord]:
        return MappingProxyType(self._claims)

    def about(self, entity_id: str) -> Iterator[ClaimRecord]:
        for claim_id in sorted(self._by_entity.get(entity_id, ())):
            yield self._claims[claim_id]

    def ids_about(self, entity_id: str) -> AbstractSet[str]:
        """Ids of the claims ``about`` yields, unordered and not copied (read only)."""
        return self._by_entity.get(entity_id, _NO_IDS)

    def naming_in_evidence(self, entity_id: str) -> Iterator[ClaimRecord]:
        """Claims (of anyone) whose stored evidence names ``entity_id``."""
        for claim_id in sorted(self._named_in_evidence.get(entity_id, ())):
            record = self._claims.get(claim_id)
            if record is not None:
                yield record

    def citing(self, source_ref: str) -> Iterator[ClaimRecord]:
        """Claims whose receipt points into the source (erasure counts its bystanders)."""
        for claim_id in sorted(self._by_source.get(source_ref, ())):
            yield self._claims[claim_id]

    def erased_at(self, claim_id: str) -> int | None:
        return self._erased.get(claim_id)

    def counts(self, tenant: str) -> dict[str, int]:
        out = dict.fromkeys(STATES, 0)
        for record in self._claims.values():
            if record.tenant == tenant:
                out[record.state] += 1
        return out

    def live_about_subject(self, tenant: str, subject_id: str) -> list[ClaimRecord]:
        """Live claims whose subject is ``subject_id`` (candidates for conflicts), oldest first."""
        found = [
            record for claim_id in self._by_entity.get(subject_id, ())
            if (record := self._claims[claim_id]).tenant == tenant
            and record.subject_id == subject_id and record.state in LIVE
        ]
        return sorted(found, key=lambda r: r.seq)

    # -- apply ---------------------------------------------------------------
    def _apply(self, ev: Applied) -> None:
        event = ev.event
        if type(event) in _ADMITTED_TYPES:
            self._add_claim(ev, cast("ClaimAdmitted | LazyClaimAdmitted", event), "active", None)
        elif isinstance(event, ANY_CLAIM_QUARANTINED):
            self._add_claim(ev, event, "quarantined", event.reason)
        elif isinstance(event, ANY_CLAIM_ADMITTED):
            self._add_claim(ev, event, "active", None)
        else:
            self._apply_other(ev, event)

    def _add_claim(self, ev: Applied, event: LazyClaimAdmitted | LazyClaimQuarantined
                   | ClaimAdmitted | ClaimQuarantined, state: str, reason: str | None) -> None:
        claim_id = event.claim_id
        claims = self._claims
        existing = claims.get(claim_id)
        if existing is not None:
            # Re-admission of a reviewed claim: same id, new state.
            claims[claim_id] = msgspec.structs.replace(
                existing, state="active", last_hash=ev.hash, last_seq=ev.seq
            )
            return
        sealed = event.private
        if type(sealed) is msgspec.Raw:
            sealed = sealed.copy()  # a decoded Raw views the whole body: keep only its text
        entity_ids, receipt, named_ids, seq = (event.entity_ids, event.receipt,
                                               event.evidence_entity_ids, ev.seq)
        # Positional: this runs once per claim on every replay.
        claims[claim_id] = ClaimRecord(
            claim_id, ev.tenant, seq, state, event.subject_id, entity_ids, sealed,
            ev.kind, event.valid_from, event.valid_to, receipt, reason, ev.hash, seq,
            ev.actor, None, event.evidence, named_ids,
        )
        _index(self._by_entity, entity_ids, claim_id)
        if receipt is not None:
            citing = self._by_source.get(receipt.source_ref)
            if citing is None:
                self._by_source[receipt.source_ref] = {claim_id}
            else:
                citing.add(claim_id)
        if named_ids:
            _index(self._named_in_evidence, named_ids, claim_id)

    def _apply_other(self, ev: Applied, event: object) -> None:
        if isinstance(event, ClaimStateChanged):
            record = self._claims.get(event.claim_id)
            if record is None:
                return
            self._claims[event.claim_id] = msgspec.structs.replace(
                record,
                state=event.to_state,
                valid_to=event.valid_to if event.valid_to is not None else record.valid_to,
                reason=event.reason,
                last_hash=ev.hash,
                last_seq=ev.seq,
                prior_state=event.from_state if event.to_state == "frozen" else None,
            )
        elif isinstance(event, ClaimCorrected):
            if event.outcome == "superseded":
                self._move(ev, event.claim_id, "superseded", "corrected", event.valid_to)
        elif isinstance(event, DisputeResolved):
            for claim_id, valid_to in event.closed_valid_to:
                self._move(ev, claim_id, "superseded", "dispute_resolved", valid_to)
            if event.kept is not None:
                self._move(ev, event.kept, "active", "dispute_resolved", None)
            for claim_id, valid_from, valid_to in event.intervals:
                self._move(ev, claim_id, "active", "dispute_resolved", valid_to, (valid_from,))
        elif isinstance(event, SubjectErased):
            for claim_id in event.claim_ids:
                record = self._claims.pop(claim_id, None)
                self._erased[claim_id] = ev.seq
                if record is None:
                    continue
                for entity_id in record.entity_ids:
                    _discard(self._by_entity, entity_id, claim_id)
                if record.receipt is not None:
                    _discard(self._by_source, record.receipt.source_ref, claim_id)
                for entity_id in record.evidence_entity_ids:
                    _discard(self._named_in_evidence, entity_id, claim_id)

    def _move(self, ev: Applied, claim_id: str, state: str, reason: str, valid_to: str | None,
              valid_from: tuple[str | None] | None = None) -> None:
        """A decision's transition (correction, dispute resolution) of one claim."""
        record = self._claims.get(claim_id)
        if record is None:
            return
        self._claims[claim_id] = msgspec.structs.replace(
            record, state=state, reason=reason, last_hash=ev.hash, last_seq=ev.seq,
            valid_to=valid_to if valid_to is not None or valid_from is not None else record.valid_to,
            valid_from=valid_from[0] if valid_from is not None else record.valid_from,
            prior_state=None)

    def digest_parts(self) -> list[bytes]:
        # The sealed content goes in as its JSON text beside the record (msgpack would splice
        # a Raw in verbatim, and JSON inside msgpack is not a well-formed encoding); a
        # ``Sealed`` as the same text, so either form of one content digests alike.
        parts = [
            msgspec.msgpack.encode((_sealed_text(r.sealed),
                                    msgspec.structs.replace(r, sealed=_NO_SEALED)))
            for r in (self._claims[k] for k in sorted(self._claims))
        ]
        parts.append(msgspec.msgpack.encode(sorted(self._erased.items())))
        return parts


def _sealed_text(sealed: object) -> bytes:
    # A kept positional twin encodes as its ``Sealed`` does (same fields, in order).
    return bytes(sealed) if isinstance(sealed, msgspec.Raw) else msgspec.json.encode(sealed)


def _index(index: dict[str, set[str]], keys: tuple[str, ...], claim_id: str) -> None:
    for key in keys:
        members = index.get(key)
        if members is None:
            index[key] = {claim_id}
        else:
            members.add(claim_id)


def _discard(index: dict[str, set[str]], key: str, claim_id: str) -> None:
    members = index.get(key)
    if members is not None:
        members.discard(claim_id)
        if not members:
            del index[key]
