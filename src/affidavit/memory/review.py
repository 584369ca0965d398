"""Governance: people decide what the write gate held back.

The review queue holds quarantined claims of the caller's tenant. Only an operator
process (``Identity.operator``, set from the process, never from an argument) may
read or decide it. A decision is a REVIEW_DECIDED event bound to the hash of the
exact ledger event the reviewer was shown; if the item changed since, the decision
is refused as stale. Approval moves the claim quarantined -> active; for a
``previously_erased`` re-proposal it also records ERASURE_ACKNOWLEDGED, the only
way an erased subject comes back.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from affidavit import validation
from affidavit.codec import decode_sealed
from affidavit.engine import Engine, WriteContext, clear_text_caches
from affidavit.errors import EventUndecodable, InvalidInput, StaleReview
from affidavit.events import (
    ClaimStateChanged,
    ErasureAcknowledged,
    ReviewDecided,
    SourcePartRedacted,
    SubjectErased,
    Unreadable,
)
from affidavit.memory.conflicts import apply_conflicts as write_conflicts  # the one conflict writer
from affidavit.memory.freeze import (
    StateOutcome,
    decide_freeze,
    decide_unfreeze,
    freeze,
    not_found,
    seal_note,
    unfreeze,
)
from affidavit.projections import ClaimRecord, ReviewItem
from affidavit.secrets_scan import refuse_secrets
from affidavit.wording import plural

__all__ = [
    "ReviewEntry",
    "ReviewOutcome",
    "ReviewQueueView",
    "StateOutcome",
    "decide_freeze",
    "decide_review",
    "decide_unfreeze",
    "freeze",
    "review",
    "review_items",
    "unfreeze",
]

Decision = Literal["approve", "reject"]
APPROVED_REASON = "approved_by_review"


class ReviewEntry(msgspec.Struct, frozen=True):
    item: str  # the review item id: the claim id
    claim_id: str
    reason: str  # why the gate held it back
    claim: str
    evidence: str
    reviewed_hash: str  # hex hash of the ledger event shown; a decision is bound to it
    seq: int  # the CLAIM_QUARANTINED event


class ReviewQueueView(msgspec.Struct, frozen=True):
    items: tuple[ReviewEntry, ...]
    text: str


class ReviewOutcome(msgspec.Struct, frozen=True):
    status: Literal["approved", "rejected"]
    claim_id: str
    text: str
    review_seq: int
    reviewer: str
    reviewed_hash: str
    transitions: tuple[str, ...] = ()


# -- reading the queue -------------------------------------------------------


def _shown(store: Engine, record: ClaimRecord | None) -> tuple[str, str]:
    opened = store.open_claim(record) if record is not None else Unreadable("unavailable")
    if isinstance(opened, Unreadable):
        return f"[{opened.why}]", f"[{opened.why}]"
    assert record is not None
    evidence = store.claim_evidence(record)
    return opened.text, evidence if isinstance(evidence, str) else f"[{evidence.why}]"


def entry_of(store: Engine, item: ReviewItem, record: ClaimRecord | None) -> ReviewEntry:
    claim, evidence = _shown(store, record)
    return ReviewEntry(item.claim_id, item.claim_id, item.reason, claim, evidence,
                       item.reviewed_hash.hex(), item.seq)


def review_items(store: Engine) -> ReviewQueueView:
    """Pending items of this tenant, oldest first (operator only)."""
    store.identity.require_operator("review_queue")
    pending = store.review_queue.pending(store.identity.tenant)
    entries = tuple(entry_of(store, i, store.claims.get(i.claim_id)) for i in pending)
    if not entries:
        return ReviewQueueView((), "the review queue of this tenant is empty")
    lines = [f"{plural(len(entries), 'item')} awaiting review (approve or reject each with a note):"]
    lines += [f"  {e.item} ({e.reason}): {e.claim}" for e in entries]
    return ReviewQueueView(entries, "\n".join(lines))


# -- deciding ----------------------------------------------------------------


def decide_review(item: ReviewItem | None, record: ClaimRecord | None, tenant: str,
                  reviewed_hash: str | None) -> ReviewItem:
    """The pending item a decision applies to; NotFound or StaleReview otherwise (pure).

    An item of another tenant, an item already decided or erased, and an id never
    seen all raise the same NotFound, so the call is no existence oracle.
    """
    if (item is None or item.tenant != tenant or record is None or record.tenant != tenant
            or record.state != "quarantined"):
        raise not_found("pending review item")
    if reviewed_hash is not None and reviewed_hash.strip().lower() != item.reviewed_hash.hex():
        raise StaleReview(
            f"review item {item.claim_id} changed since review; review again "
            "(read review_queue for its current version)"
        )
    return item


def review(store: Engine, item: str, decision: str, note: str, *,
           reviewed_hash: str | None = None) -> ReviewOutcome:
    """Record an operator's decision on one pending item.

    ``reviewed_hash`` binds the decision to the version the reviewer saw (the
    ``reviewed_hash`` of its review_queue entry; the MCP ``review`` tool and ``affidavit
    review --reviewed-hash`` take it too). Without it the current version is taken as the
    one reviewed.
    """
    store.identity.require_operator("review")
    item = validation.text("item", item, validation.MAX_ID, multiline=False)
    if decision not in ("approve", "reject"):
        raise InvalidInput("decision", "expected 'approve' or 'reject'")
    note = validation.text("note", note, validation.MAX_CLAIM)
    refuse_secrets(note=note)
    if reviewed_hash is not None:
        reviewed_hash = validation.text("reviewed_hash", reviewed_hash, 128, multiline=False)
    tenant = store.identity.tenant

    shred: list[str] = []

    def decide(ctx: WriteContext) -> ReviewOutcome:
        record = store.claims.get(item)
        pending = decide_review(store.review_queue.get(item), record, tenant, reviewed_hash)
        assert record is not None
        outcome = _record(ctx, pending, record, decision, note)  # type: ignore[arg-type]
        if decision == "reject" and pending.reason == "previously_erased":
            shred.extend(_shred_held(ctx, pending, record))
        return outcome

    outcome = store.transact(decide)
    if shred:  # after the commit that lists them, as forget does (finished on open if cut here)
        store.shred(shred)
        clear_text_caches()
    return outcome


def _shred_held(ctx: WriteContext, item: ReviewItem, record: ClaimRecord) -> list[str]:
    """A rejected re-proposal of an erased subject: record the destruction of its own keys.

    Its content and span are sealed under a key of its own; the entity it registered for
    the erased name and the source parts only it cites go too. Keys anyone else's claim
    still needs are kept.
    """
    store = ctx.engine
    sealed = decode_sealed(record.sealed)
    if sealed is None:
        raise EventUndecodable(record.seq, record.sealed_kind, "its sealed content is not a Sealed")
    keys = list(sealed.keys)
    if record.evidence is not None:
        keys.extend(record.evidence.keys)
    mine = tuple(e for e in record.entity_ids
                 if all(c.claim_id == record.claim_id for c in store.claims.about(e)))
    keys.extend(mine)
    redacted: list[tuple[str, int, str]] = []
    ref = record.receipt.source_ref if record.receipt is not None else None
    source = store.sources.get(record.tenant, ref) if ref is not None else None
    only_mine = source is not None and all(
        c.claim_id == record.claim_id for c in store.claims.citing(source.source_ref))
    if source is not None and only_mine:
        for index, part in enumerate(source.parts):
            if index not in source.redacted:
                redacted.append((source.source_ref, index, part.keys[0]))
                keys.append(part.keys[0])
    keys = list(dict.fromkeys(keys))
    seq = ctx.add("SUBJECT_ERASED", SubjectErased(
        fingerprint=item.fingerprint or "", entity_ids=mine, claim_ids=(record.claim_id,),
        keys_destroyed=tuple(keys), held_item=True))
    for source_ref, index, key_id in redacted:
        ctx.add("SOURCE_PART_REDACTED", SourcePartRedacted(
            source_ref=source_ref, part_index=index, key_id=key_id, erasure_seq=seq))
    return keys


def _record(ctx: WriteContext, item: ReviewItem, record: ClaimRecord, decision: Decision,
            note: str) -> ReviewOutcome:
    store = ctx.engine
    shown = item.reviewed_hash.hex()
    reviewer = store.identity.agent  # from the process, never from an argument
    sealed = seal_note(ctx, "REVIEW_DECIDED", "note", note, record.entity_ids)
    review_seq = ctx.add("REVIEW_DECIDED", ReviewDecided(
        claim_id=record.claim_id, decision=decision, reviewer=reviewer, approval_kind="human",
        reviewed_hash=shown, note=sealed))
    if decision == "reject":
        text = (f"REJECTED {record.claim_id} by {reviewer} at seq {review_seq}; it stays "
                "quarantined, out of recall, and leaves the review queue.")
        if item.reason == "previously_erased":
            text = (f"REJECTED {record.claim_id} by {reviewer} at seq {review_seq}: the held "
                    "re-proposal of an erased subject is shredded (its keys destroyed).")
        return ReviewOutcome("rejected", record.claim_id, text, review_seq, reviewer, shown)
    state_seq = ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
        claim_id=record.claim_id, from_state="quarantined", to_state="active",
        reason=APPROVED_REASON, cause_seq=review_seq))
    notes: list[str] = []
    if item.reason == "previously_erased" and item.fingerprint is not None:
        ack_seq = ctx.add("ERASURE_ACKNOWLEDGED", ErasureAcknowledged(
            claim_id=record.claim_id, fingerprint=item.fingerprint, review_seq=review_seq))
        notes.append(f"re-admission of an erased subject acknowledged at seq {ack_seq}")
    notes += _conflicts(ctx, record, state_seq)
    text = (f"APPROVED {record.claim_id} by {reviewer} at seq {review_seq}: "
            "quarantined -> active; recall returns it now")
    text += "".join(f"; {n}" for n in notes) + "."
    return ReviewOutcome("approved", record.claim_id, text, review_seq, reviewer, shown,
                         tuple(notes))


def _conflicts(ctx: WriteContext, record: ClaimRecord, seq: int) -> list[str]:
    """The approved claim meets live claims of its subject as a fresh admission would."""
    private = ctx.engine.claim_private(record)
    if private is None:
        return []
    return write_conflicts(ctx, record.claim_id, seq, record.subject_id, private,
                           record.valid_from, record.valid_to)
