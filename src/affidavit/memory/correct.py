"""Deliberate correction: ``remember(..., supersedes=CLAIM_ID, note=WHY)``.

The correcting claim goes through the write gate like any other. Once it is
admitted, a CLAIM_CORRECTED event records who corrected what and why (the note is
sealed under the old claim's entity keys, so erasing the subject shreds it too).

Authority is today's: a process may replace its own agent's claims, and an
operator process anyone's in its tenant. A non-operator's correction of another
agent's claim does not replace it: like any conflicting claim it is recorded and
both are disputed (``outcome="contested"``), for an operator to resolve.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Literal, NamedTuple

from affidavit.engine import Engine, WriteContext
from affidavit.errors import InvalidTransition
from affidavit.events import ClaimCorrected, ClaimPrivate, ClaimStateChanged
from affidavit.identity import Identity
from affidavit.memory.conflicts import apply_conflicts, dispute
from affidavit.memory.freeze import in_tenant, seal_note
from affidavit.projections import LIVE, ClaimRecord

Mode = Literal["supersede", "contest"]
CORRECTED_REASON = "corrected"


class Correction(NamedTuple):
    target: ClaimRecord
    mode: Mode
    note: str


def decide_correction(record: ClaimRecord | None, identity: Identity) -> Mode:
    """Whether this process may replace the claim, or only contest it (pure)."""
    found = in_tenant(record, identity.tenant)  # another tenant's claim is not there at all
    if found.state not in LIVE:
        raise InvalidTransition(
            f"claim {found.claim_id} is {found.state}; only active or disputed claims can be "
            "corrected" + (" (an operator unfreezes it first)" if found.state == "frozen" else ""))
    return "supersede" if identity.operator or found.agent == identity.agent else "contest"


def closed_valid_to(valid_from: str | None, valid_to: str | None, new_valid_from: str | None,
                    today: str) -> str:
    """The corrected claim's new ``valid_to``: the day before the correction holds (pure).

    That is the day before the correcting claim's ``valid_from``, or, undated, the day
    before the correction was recorded; never later than it already was.
    """
    cut = (date.fromisoformat(new_valid_from or today) - timedelta(days=1)).isoformat()
    return valid_to if valid_to is not None and valid_to < cut else cut


def plan(store: Engine, claim_id: str, note: str) -> Correction:
    """The correction this process may make of ``claim_id`` (raises NotFound / InvalidTransition)."""
    record = store.claims.get(claim_id)
    mode = decide_correction(record, store.identity)
    assert record is not None
    return Correction(record, mode, note)


def apply(ctx: WriteContext, correction: Correction, claim_id: str, seq: int, subject_id: str,
          private: ClaimPrivate, valid_from: str | None, valid_to: str | None,
          new_state: str = "active") -> list[str]:
    """Draft the correction of ``correction.target`` by the admitted claim ``claim_id``."""
    old, identity = correction.target, ctx.engine.identity
    today = datetime.fromtimestamp(ctx.recorded_at / 1e6, UTC).date().isoformat()
    closed = closed_valid_to(old.valid_from, old.valid_to, valid_from, today)
    sealed = seal_note(ctx, "CLAIM_CORRECTED", "note", correction.note, old.entity_ids)
    superseding = correction.mode == "supersede"
    fix = ctx.add("CLAIM_CORRECTED", ClaimCorrected(
        claim_id=old.claim_id, corrected_by=claim_id, from_state=old.state,
        outcome="superseded" if superseding else "contested", corrector=identity.agent,
        operator=identity.operator, valid_to=closed if superseding else None, note=sealed))
    exclude = frozenset({old.claim_id})
    if superseding:
        notes = [f"corrects {old.claim_id}: superseded (valid to {closed}) at seq {fix}"]
        return notes + apply_conflicts(ctx, claim_id, seq, subject_id, private, valid_from, valid_to,
                                       exclude=exclude, new_state=new_state)
    dispute(ctx, old, fix, claim_id, reason="correction_contested")
    if new_state != "disputed":
        ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
            claim_id=claim_id, from_state=new_state, to_state="disputed",
            reason="correction_contested", cause_seq=fix, cause_claim_id=old.claim_id))
    notes = [f"contests {old.claim_id} of agent {old.agent}: only an operator or {old.agent} "
             "may replace it, so both are disputed until an operator resolves the dispute"]
    return notes + apply_conflicts(ctx, claim_id, seq, subject_id, private, valid_from, valid_to,
                                   exclude=exclude, new_state="disputed")


def again(ctx: WriteContext, supersedes: str, known: ClaimRecord, note: str) -> list[str]:
    """A correction whose claim is already known: a retry, or a correction by that claim."""
    target = ctx.engine.claims.get(supersedes)
    if target is not None and target.reason == CORRECTED_REASON and target.state == "superseded":
        in_tenant(target, ctx.engine.identity.tenant)
        return []  # the same correction, made before
    correction = plan(ctx.engine, supersedes, note)
    private = ctx.engine.claim_private(known)
    if private is None:
        return []
    return apply(ctx, correction, known.claim_id, known.last_seq, known.subject_id, private,
                 known.valid_from,
                 known.valid_to, new_state=known.state)
