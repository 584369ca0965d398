"""`recall`: the pure read gate over this tenant's projections, receipts re-verified on the way out."""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet
from datetime import UTC, datetime
from typing import Literal

import msgspec

from affidavit import validation
from affidavit.engine import Engine
from affidavit.errors import InvalidInput
from affidavit.events import ClaimPrivate
from affidavit.gates.contracts import ClaimView, EntityView, ReadDecision
from affidavit.gates.read import READ_GATE_VERSION, decide_read
from affidavit.memory import sources as sourcing
from affidavit.projections import ClaimRecord

READ_RESOLVER = READ_GATE_VERSION
MAX_LIMIT = 100
TEXT_BUDGET = 4000  # characters of readable text; whole claims only

ReceiptStatus = Literal["verified", "failed", "source_not_held"]


class RecalledClaim(msgspec.Struct, frozen=True):
    id: str
    text: str
    state: str
    valid_from: str | None
    valid_to: str | None
    receipt_status: ReceiptStatus
    receipt_reason: str = ""
    disputed: bool = False
    seq: int = 0


class RecallOutcome(msgspec.Struct, frozen=True):
    status: Literal["answered", "abstained"]
    reason: str | None
    ungrounded_term: str | None
    claims: tuple[RecalledClaim, ...]
    known: tuple[RecalledClaim, ...]
    next: str
    text: str
    as_of: str
    as_of_seq: int


class StoreReadIndex:
    """The read gate's view of one tenant's projections (plaintext in memory only)."""

    def __init__(self, store: Engine) -> None:
        self._store = store
        self._tenant = store.identity.tenant

    def resolve(self, name: str) -> Sequence[EntityView]:
        entities = self._store.entities
        out = []
        found = entities.resolve(self._tenant, name) or entities.resolve_folded(self._tenant, name)
        for entity_id in found:
            record = self._store.entities.get(entity_id)
            if record is not None and record.name is not None:
                out.append(EntityView(entity_id, record.name))
        return out

    def candidates(self, name: str) -> int:
        """How many of this tenant's entities ``name`` could refer to."""
        entities = self._store.entities
        return len(entities.candidates(self._tenant, name)
                   or entities.candidates_folded(self._tenant, name))

    @property
    def postings_scope(self) -> str:
        """Which memo of ``gates.read_postings`` this view may use: store and tenant, and
        how many keys erasures destroyed (a new erasure starts a new memo)."""
        store = self._store
        return f"{store.store_id}:{self._tenant}|{len(store.erased.destroyed_keys())}"

    def claim_ids_about(self, entity_id: str) -> AbstractSet[str]:
        return self._store.claims.ids_about(entity_id)

    def claim_view(self, claim_id: str) -> ClaimView | None:
        record = self._store.claims.get(claim_id)
        if record is None or record.tenant != self._tenant:
            return None
        private = self._store.claim_private(record)
        return view_of(record, private) if private is not None else None

    def claims_about(self, entity_id: str) -> Sequence[ClaimView]:
        out = []
        for record in self._store.claims.about(entity_id):
            if record.tenant == self._tenant:
                private = self._store.claim_private(record)
                if private is not None:
                    out.append(view_of(record, private))
        return out


def view_of(record: ClaimRecord, p: ClaimPrivate) -> ClaimView:
    return ClaimView(
        claim_id=record.claim_id, seq=record.seq, subject_id=record.subject_id,
        entity_ids=record.entity_ids, subject_name=p.subject_name, text=p.text,
        predicate=p.predicate, object=p.object, predicate_terms=p.predicate_terms,
        state=record.state,
        valid_from=record.valid_from, valid_to=record.valid_to,
    )


def today(store: Engine) -> str:
    return datetime.fromtimestamp(store.clock.now_us() / 1e6, UTC).date().isoformat()


def _recalled(store: Engine, view: ClaimView) -> RecalledClaim:
    record = store.claims.get(view.claim_id)
    status: ReceiptStatus = "source_not_held"
    reason = "no receipt"
    if record is not None and record.receipt is not None:
        check = sourcing.check_receipt(store, record.tenant, record.receipt)
        status = "failed" if check.status == "FAILED" else check.status
        reason = check.reason
    return RecalledClaim(view.claim_id, view.text, view.state, view.valid_from, view.valid_to,
                         status, reason, view.state == "disputed", view.seq)


def recall(store: Engine, query: str, *, as_of: str | None = None, limit: int = 10) -> RecallOutcome:
    query = validation.text("query", query, validation.MAX_CLAIM)
    at = validation.iso_date("as_of", as_of) or today(store)
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_LIMIT:
        raise InvalidInput("limit", f"expected an integer from 1 to {MAX_LIMIT}")
    decision: ReadDecision = decide_read(query, StoreReadIndex(store), at=at, limit=limit,
                                         at_explicit=as_of is not None)
    if decision.reason == "unknown_subject":
        decision = _unreadable_said(store, decision)
    claims = tuple(_recalled(store, c) for c in decision.claims[:limit])
    known = tuple(_recalled(store, c) for c in decision.known[:limit])
    return RecallOutcome(decision.status, decision.reason, decision.ungrounded_term, claims, known,
                         decision.next, _budgeted(decision.text, claims), at, store.head_seq)


def unreadable_entities(store: Engine) -> int:
    """This tenant's entities whose name cannot be opened, erasures aside (the projection
    keeps the count as events apply).

    An erased subject reads as never seen (its record says erased); a key that is missing
    or corrupted, or a process without its keyring, leaves a name that is not erased and
    not readable. Only the caller's tenant is counted.
    """
    return store.entities.unreadable(store.identity.tenant)


def _unreadable_said(store: Engine, decision: ReadDecision) -> ReadDecision:
    """An abstention over content the store holds but cannot read says so.

    Said the same way whatever the question names (a tenant-wide fact, counted in the
    caller's tenant only), so it tells nothing about whether the asked name exists.
    """
    count = unreadable_entities(store)
    if not count:
        return decision
    why = ("this process was opened without the store's keyring" if store.keyring is None
           else "their keys are missing or corrupted")
    nxt = ("Do not treat this as unknown: ask an operator to run `affidavit verify`, which "
           "counts what cannot be opened and why, and to restore the keyring.")
    text = (f"ABSTAINED — the store holds content it cannot read: {count} of this tenant's "
            f"subjects cannot be opened ({why}), so the answer may be among them; nothing "
            f"readable answers the question.\nNext: {nxt}")
    return msgspec.structs.replace(decision, reason="content_unreadable", next=nxt, text=text)


def _budgeted(text: str, claims: tuple[RecalledClaim, ...]) -> str:
    """The readable text, cut at a line boundary so no claim is cut in half."""
    if len(text) <= TEXT_BUDGET:
        return _with_receipts(text, claims)
    kept: list[str] = []
    used = 0
    for line in text.splitlines():
        if used + len(line) + 1 > TEXT_BUDGET - 40:
            kept.append("… (more claims omitted; ask a narrower question or lower limit)")
            break
        kept.append(line)
        used += len(line) + 1
    return _with_receipts("\n".join(kept), claims)


def _with_receipts(text: str, claims: tuple[RecalledClaim, ...]) -> str:
    bad = [c.id for c in claims if c.receipt_status != "verified"]
    if not bad:
        return text
    return text + "\nReceipts not verified for: " + ", ".join(bad)
