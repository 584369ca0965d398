"""Disputes: see them, and let an operator resolve one (keep one, or both at different times).

A dispute is the group of claims disputed together (``projections/disputes.py``).
What an operator is shown carries ``reviewed_hash``: a hash over each claim of the
group and the ledger event that last changed it. The decision, a DISPUTE_RESOLVED
event, is bound to that hash; if any claim of the group changed since, it is
refused as stale, as a review is.
"""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from datetime import UTC, datetime
from typing import Literal

import msgspec

from affidavit import validation
from affidavit.engine import Engine, WriteContext
from affidavit.errors import InvalidInput, StaleReview
from affidavit.events import DisputeResolved
from affidavit.gates.conflicts import Interval, overlaps
from affidavit.memory.correct import closed_valid_to
from affidavit.memory.freeze import in_tenant, not_found, seal_note
from affidavit.projections import ClaimRecord
from affidavit.wording import valid_time

Decision = Literal["keep_one", "both_valid"]
DISPUTES_RESOLVER = "disputes/1"


class DisputedClaim(msgspec.Struct, frozen=True):
    claim_id: str
    text: str
    agent: str
    valid_from: str | None
    valid_to: str | None
    seq: int


class DisputeView(msgspec.Struct, frozen=True):
    claim_ids: tuple[str, ...]
    claims: tuple[DisputedClaim, ...]
    reviewed_hash: str  # a decision is bound to it
    text: str


class ResolveOutcome(msgspec.Struct, frozen=True):
    status: Literal["resolved"]
    decision: Decision
    claim_ids: tuple[str, ...]
    seq: int
    reviewer: str
    reviewed_hash: str
    text: str
    states: dict[str, str] = {}


def dispute_hash(records: list[ClaimRecord]) -> str:
    """The hash of a dispute as shown: every claim id with its last event's hash (pure)."""
    h = hashlib.sha256(b"affidavit/dispute/1\x00")
    for record in sorted(records, key=lambda r: r.claim_id):
        h.update(record.claim_id.encode() + b"\x00" + record.last_hash)
    return h.hexdigest()


def group_records(store: Engine, claim_id: str) -> list[ClaimRecord]:
    """The dispute around ``claim_id`` in this tenant (NotFound unless it is disputed)."""
    tenant = store.identity.tenant
    record = in_tenant(store.claims.get(claim_id), tenant)

    def disputed(other: str) -> bool:
        found = store.claims.get(other)
        return found is not None and found.tenant == tenant and found.state == "disputed"

    ids = store.disputes.group(record.claim_id, disputed)
    if len(ids) < 2:
        raise not_found("dispute")
    return [r for i in ids if (r := store.claims.get(i)) is not None]


def view_of(store: Engine, records: list[ClaimRecord]) -> DisputeView:
    shown = []
    for r in records:
        private = store.claim_private(r)
        shown.append(DisputedClaim(r.claim_id, private.text if private else "[unavailable]",
                                   r.agent, r.valid_from, r.valid_to, r.seq))
    digest = dispute_hash(records)
    lines = [f"dispute of {len(shown)} claims (reviewed_hash {digest}):"]
    lines += [f"  {c.claim_id} by {c.agent}, {valid_time(c.valid_from, c.valid_to)}: {c.text}"
              for c in shown]
    return DisputeView(tuple(r.claim_id for r in records), tuple(shown), digest, "\n".join(lines))


def dispute_of(store: Engine, claim_id: str) -> DisputeView:
    """The dispute ``claim_id`` is part of, as an operator would be shown it."""
    store.identity.require_operator("disputes")
    return view_of(store, group_records(store, claim_id))


def decide_resolution(records: list[ClaimRecord], decision: str, keep: str | None,
                      intervals: Mapping[str, tuple[str | None, str | None]] | None,
                      reviewed_hash: str | None, today: str) -> DisputeResolved:
    """The DISPUTE_RESOLVED event for this decision on this dispute, or a typed error (pure).

    ``reviewer`` and ``note`` are filled in by the caller.
    """
    shown = dispute_hash(records)
    if reviewed_hash is not None and reviewed_hash.strip().lower() != shown:
        raise StaleReview("the dispute changed since it was shown; read it again")
    ids = tuple(sorted(r.claim_id for r in records))
    if decision == "keep_one":
        if keep not in ids:
            raise InvalidInput("keep", "expected the id of one claim of the dispute")
        closed = tuple((r.claim_id, closed_valid_to(r.valid_from, r.valid_to, None, today))
                       for r in sorted(records, key=lambda r: r.claim_id) if r.claim_id != keep)
        return DisputeResolved(claim_ids=ids, decision="keep_one", reviewer="",
                               reviewed_hash=shown, kept=keep, closed_valid_to=closed)
    if decision != "both_valid":
        raise InvalidInput("decision", "expected 'keep_one' or 'both_valid'")
    if intervals is None or set(intervals) != set(ids):
        raise InvalidInput("intervals", "give a valid time for every claim of the dispute")
    spans = {i: validation.interval(*intervals[i]) for i in ids}
    for n, a in enumerate(ids):
        for b in ids[n + 1:]:
            if overlaps(Interval(*spans[a]), Interval(*spans[b])):
                raise InvalidInput("intervals", f"{a} and {b} overlap; both valid means at "
                                                "different times")
    return DisputeResolved(claim_ids=ids, decision="both_valid", reviewer="", reviewed_hash=shown,
                           intervals=tuple((i, *spans[i]) for i in ids))


def resolve_dispute(store: Engine, claim_id: str, decision: str, note: str, *,
                    keep: str | None = None,
                    intervals: Mapping[str, tuple[str | None, str | None]] | None = None,
                    reviewed_hash: str | None = None) -> ResolveOutcome:
    """Record an operator's decision on the dispute ``claim_id`` is part of."""
    store.identity.require_operator("resolve_dispute")
    claim_id = validation.text("claim_id", claim_id, validation.MAX_ID, multiline=False)
    note = validation.text("note", note, validation.MAX_CLAIM)

    def decide(ctx: WriteContext) -> ResolveOutcome:
        records = group_records(store, claim_id)
        today = datetime.fromtimestamp(ctx.recorded_at / 1e6, UTC).date().isoformat()
        event = decide_resolution(records, decision, keep, intervals, reviewed_hash, today)
        keys = tuple(dict.fromkeys(k for r in records for k in r.entity_ids))
        reviewer = store.identity.agent  # from the process, never from an argument
        sealed = seal_note(ctx, "DISPUTE_RESOLVED", "note", note, keys)
        event = msgspec.structs.replace(event, reviewer=reviewer, note=sealed)
        seq = ctx.add("DISPUTE_RESOLVED", event)
        states = {i: ("active" if event.decision == "both_valid" or i == event.kept
                      else "superseded") for i in event.claim_ids}
        what = (f"kept {event.kept}; " + ", ".join(f"{i} superseded" for i, _ in
                                                   event.closed_valid_to)
                if event.decision == "keep_one" else
                "both valid: " + ", ".join(f"{i} {valid_time(f, t)}"
                                           for i, f, t in event.intervals))
        text = f"RESOLVED the dispute of {len(event.claim_ids)} claims by {reviewer} at seq {seq}: {what}."
        return ResolveOutcome("resolved", event.decision, event.claim_ids, seq, reviewer,
                              event.reviewed_hash, text, states)

    return store.transact(decide, resolver=DISPUTES_RESOLVER)
