"""The one conflict writer: a new or newly approved claim meets the live claims of its subject.

``decide_conflict`` (a pure gate, ``affidavit.gates.conflicts``) says supersede,
dispute or nothing; this module turns the verdict into CLAIM_STATE_CHANGED drafts.
Used by remember, by review and by a contested correction.
"""

from __future__ import annotations

from affidavit.engine import WriteContext
from affidavit.events import ClaimPrivate, ClaimStateChanged
from affidavit.gates.conflicts import ClaimFacts, Interval, decide_conflict
from affidavit.projections import ClaimRecord


def facts_of(private: ClaimPrivate, valid_from: str | None, valid_to: str | None) -> ClaimFacts:
    """What the conflict rule reads of one claim."""
    return ClaimFacts(private.predicate, private.text, private.object, Interval(valid_from, valid_to))


def record_facts(ctx: WriteContext, record: ClaimRecord) -> ClaimFacts | None:
    private = ctx.engine.claim_private(record)
    return None if private is None else facts_of(private, record.valid_from, record.valid_to)


def dispute(ctx: WriteContext, record: ClaimRecord, cause_seq: int, cause_claim_id: str | None,
            reason: str = "conflicting_claim") -> None:
    """Draft one claim's move to ``disputed`` (nothing when it already is)."""
    if record.state != "disputed":
        ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
            claim_id=record.claim_id, from_state=record.state, to_state="disputed",
            reason=reason, cause_seq=cause_seq, cause_claim_id=cause_claim_id))


def apply_conflicts(ctx: WriteContext, claim_id: str, seq: int, subject_id: str,
                    private: ClaimPrivate, valid_from: str | None, valid_to: str | None, *,
                    exclude: frozenset[str] = frozenset(), new_state: str = "active") -> list[str]:
    """Draft what the claim ``claim_id`` (in ``new_state``) does to its subject's live claims."""
    store = ctx.engine
    notes: list[str] = []
    new = facts_of(private, valid_from, valid_to)
    disputed_with: list[str] = []
    for old in store.claims.live_about_subject(store.identity.tenant, subject_id):
        skip = old.claim_id == claim_id or old.claim_id in exclude
        old_facts = None if skip else record_facts(ctx, old)
        if old_facts is None:
            continue
        verdict = decide_conflict(old_facts, new)
        if verdict.action == "supersede_old":
            ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
                claim_id=old.claim_id, from_state=old.state, to_state="superseded",
                reason="superseded_by_later_claim", cause_seq=seq, cause_claim_id=claim_id,
                valid_to=verdict.closed_valid_to))
            notes.append(f"{old.claim_id} superseded (valid to {verdict.closed_valid_to})")
        elif verdict.action == "supersede_new":
            ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
                claim_id=claim_id, from_state=new_state, to_state="superseded",
                reason="superseded_by_later_claim", cause_seq=old.seq, cause_claim_id=old.claim_id,
                valid_to=verdict.closed_valid_to))
            notes.append(f"this claim is superseded by the later {old.claim_id}")
            return notes
        elif verdict.action == "dispute":
            dispute(ctx, old, seq, claim_id)
            disputed_with.append(old.claim_id)
            notes.append(f"disputed with {old.claim_id}")
    if disputed_with and new_state != "disputed":
        # The first claim it clashes with links it into that dispute (the edges of a
        # dispute are these causes; see projections/disputes.py).
        ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
            claim_id=claim_id, from_state=new_state, to_state="disputed",
            reason="conflicting_claim", cause_seq=seq, cause_claim_id=disputed_with[0]))
    return notes
