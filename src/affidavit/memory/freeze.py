"""Freezing a claim: an operator takes it out of recall without deleting it.

A frozen claim stays in the ledger and the claim graph for audit; recall selects
only ``active`` and ``disputed``. Unfreezing returns it to the state it was frozen
from, which the claim graph remembers (``ClaimRecord.prior_state``).
"""

from __future__ import annotations

from typing import Literal

import msgspec

from affidavit import validation
from affidavit.engine import Engine, WriteContext
from affidavit.errors import InvalidTransition, NotFound
from affidavit.events import ClaimStateChanged, NotePrivate, Sealed
from affidavit.projections import LIVE, ClaimRecord
from affidavit.secrets_scan import refuse_secrets

FREEZE_REASON = "frozen_by_operator"
UNFREEZE_REASON = "unfrozen_by_operator"


class StateOutcome(msgspec.Struct, frozen=True):
    status: Literal["frozen", "unfrozen"]
    claim_id: str
    from_state: str
    to_state: str
    seq: int
    text: str


def not_found(what: str) -> NotFound:
    """One message for 'never existed', 'another tenant' and 'no longer there': no oracle."""
    return NotFound(f"no {what} with that id in this tenant")


def in_tenant(record: ClaimRecord | None, tenant: str) -> ClaimRecord:
    if record is None or record.tenant != tenant:
        raise not_found("claim")
    return record


def decide_freeze(record: ClaimRecord | None, tenant: str) -> tuple[str, str]:
    """(from_state, to_state) for freezing; only a live claim of this tenant can be frozen."""
    found = in_tenant(record, tenant)
    if found.state not in LIVE:
        raise InvalidTransition(
            f"claim {found.claim_id} is {found.state}; only active or disputed claims can be frozen"
        )
    return found.state, "frozen"


def decide_unfreeze(record: ClaimRecord | None, tenant: str) -> tuple[str, str]:
    """(from_state, to_state) for unfreezing: back to the state it was frozen from."""
    found = in_tenant(record, tenant)
    if found.state != "frozen":
        raise InvalidTransition(
            f"claim {found.claim_id} is {found.state}, not frozen; nothing to unfreeze"
        )
    back = found.prior_state or "active"
    return "frozen", back if back in LIVE else "active"


def seal_note(ctx: WriteContext, kind: str, field: str, note: str,
              key_ids: tuple[str, ...]) -> Sealed:
    """The note, sealed under the claim's entity keys for the event about to be added.

    Sealing under the subject's keys means erasing the subject shreds the note too.
    """
    return ctx.seal(ctx.next_seq(), kind, field, NotePrivate(note=note), key_ids)


def freeze(store: Engine, claim_id: str, note: str) -> StateOutcome:
    return _transition(store, claim_id, note, "freeze")


def unfreeze(store: Engine, claim_id: str, note: str) -> StateOutcome:
    return _transition(store, claim_id, note, "unfreeze")


def _transition(store: Engine, claim_id: str, note: str,
                action: Literal["freeze", "unfreeze"]) -> StateOutcome:
    store.identity.require_operator(action)
    claim_id = validation.text("claim_id", claim_id, validation.MAX_ID, multiline=False)
    note = validation.text("note", note, validation.MAX_CLAIM)
    refuse_secrets(note=note)
    tenant = store.identity.tenant

    def decide(ctx: WriteContext) -> StateOutcome:
        record = store.claims.get(claim_id)
        decider = decide_freeze if action == "freeze" else decide_unfreeze
        from_state, to_state = decider(record, tenant)
        assert record is not None
        sealed = seal_note(ctx, "CLAIM_STATE_CHANGED", "note", note, record.entity_ids)
        reason = FREEZE_REASON if action == "freeze" else UNFREEZE_REASON
        seq = ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
            claim_id=claim_id, from_state=from_state, to_state=to_state, reason=reason,
            note=sealed))
        status: Literal["frozen", "unfrozen"] = "frozen" if action == "freeze" else "unfrozen"
        text = (f"FROZEN {claim_id}: {from_state} -> frozen at seq {seq}; it is kept for audit "
                "and no longer returned by recall." if action == "freeze" else
                f"UNFROZEN {claim_id}: frozen -> {to_state} at seq {seq}; recall returns it again.")
        return StateOutcome(status, claim_id, from_state, to_state, seq, text)

    return store.transact(decide)
