"""The one conflict writer: a new or newly approved claim meets the live claims of its subject.

``decide_conflict`` (a pure gate) says supersede, dispute or nothing; this module
turns the verdict into CLAIM_STATE_CHANGED drafts. Used by remember and by review.
"""

from __future__ import annotations

from affidavit.engine import WriteContext
from affidavit.events import ClaimPrivate, ClaimStateChanged
from affidavit.gates.conflicts import Interval, decide_conflict


def apply_conflicts(ctx: WriteContext, claim_id: str, seq: int, subject_id: str,
               private: ClaimPrivate, valid_from: str | None, valid_to: str | None) -> list[str]:
    store = ctx.engine
    notes: list[str] = []
    new = Interval(valid_from, valid_to)
    new_disputed = False
    for old in store.claims.live_about_subject(store.identity.tenant, subject_id):
        old_private = store.claim_private(old)
        if old.claim_id == claim_id or old_private is None or (
                old_private.predicate != private.predicate):
            continue
        verdict = decide_conflict(Interval(old.valid_from, old.valid_to), old_private.object,
                                  new, private.object)
        if verdict.action == "supersede_old":
            ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
                claim_id=old.claim_id, from_state=old.state, to_state="superseded",
                reason="superseded_by_later_claim", cause_seq=seq, cause_claim_id=claim_id,
                valid_to=verdict.closed_valid_to))
            notes.append(f"{old.claim_id} superseded (valid to {verdict.closed_valid_to})")
        elif verdict.action == "supersede_new":
            ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
                claim_id=claim_id, from_state="active", to_state="superseded",
                reason="superseded_by_later_claim", cause_seq=old.seq, cause_claim_id=old.claim_id,
                valid_to=verdict.closed_valid_to))
            notes.append(f"this claim is superseded by the later {old.claim_id}")
            return notes
        elif verdict.action == "dispute":
            if old.state != "disputed":
                ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
                    claim_id=old.claim_id, from_state=old.state, to_state="disputed",
                    reason="conflicting_claim", cause_seq=seq, cause_claim_id=claim_id))
            new_disputed = True
            notes.append(f"disputed with {old.claim_id}")
    if new_disputed:
        ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
            claim_id=claim_id, from_state="active", to_state="disputed",
            reason="conflicting_claim", cause_seq=seq))
    return notes
