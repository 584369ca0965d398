"""What a finished or interrupted erasure reports: its outcome, and counts read back after it.

The counts are read from the projections after the commit, never from the plan, so
a certificate states what the store holds, not what the erasure meant to do.
"""

from __future__ import annotations

from typing import Literal

import msgspec

from affidavit import certificates
from affidavit.engine import Engine
from affidavit.memory.closure import Plan
from affidavit.memory.sources import check_receipt

Status = Literal["erased", "incomplete", "unknown_subject"]


class ForgetOutcome(msgspec.Struct, frozen=True, kw_only=True):
    status: Status
    certificate: certificates.Certificate | None
    text: str
    fingerprint: str | None = None
    erasure_seq: int | None = None
    claims_erased: int = 0
    parts_redacted: int = 0
    keys_destroyed: int = 0
    bystanders_surviving: int = 0
    survived: tuple[str, ...] = ()  # claim ids a probe still returned (incomplete only)
    # A committed erasure whose last steps failed (incomplete only): what is still to do
    # ("keys", "certificate"), how many listed keys are still held, the failure's code.
    pending: tuple[str, ...] = ()
    keys_pending: int = 0
    cause: str | None = None
    remedy: str | None = None


def read_back(store: Engine, plan: Plan) -> dict[str, int]:
    """Counts read from the projections after the commit, not from the plan."""
    assert plan.erasure_seq is not None
    tenant, seq = store.identity.tenant, plan.erasure_seq
    claims = sum(1 for c in plan.claim_ids
                 if store.claims.erased_at(c) == seq and store.claims.get(c) is None)
    parts = 0
    for ref, index in plan.part_keys:
        record = store.sources.get(tenant, ref)
        parts += int(record is not None and index in record.redacted)
    keyring = store.require_keyring()
    kept, verified = bystanders(store, plan)
    return {"claims_erased": claims, "parts_redacted": parts,
            "keys_destroyed": sum(1 for k in plan.keys if keyring.is_destroyed(k)),
            "bystanders_surviving": kept, "bystander_receipts_verified": verified,
            "entities_erased": sum(1 for e in plan.entity_ids if store.erased.entity_erased(e))}


def bystanders(store: Engine, plan: Plan) -> tuple[int, int]:
    """Claims that share a source or an entity with the erased ones and remain; receipts verified."""
    tenant = store.identity.tenant
    refs = {ref for ref, _ in plan.part_keys}
    others: tuple[str, ...] = ()
    if plan.closure is not None:
        refs |= set(plan.closure.cited)
        others = plan.closure.other_entities
    kept = {r.claim_id: r for ref in refs for r in store.claims.citing(ref) if r.tenant == tenant}
    for eid in others:
        kept.update((r.claim_id, r) for r in store.claims.about(eid) if r.tenant == tenant)
    verified = sum(1 for r in kept.values() if r.receipt is not None
                   and check_receipt(store, tenant, r.receipt).status == "verified")
    return len(kept), verified


def incomplete_text(seq: int, survived: list[str], destroyed: bool) -> str:
    what = []
    if survived:
        what.append(f"probes still returned claims {', '.join(survived)}")
    if not destroyed:
        what.append("some keys still read back as held")
    return (f"INCOMPLETE — the erasure committed at seq {seq}, but {'; and '.join(what)}. "
            "No certificate was issued. Next: run forget again to finish it; if claims still "
            "answer, erase the subject they name.")


_FIRST_STEP = {
    "disk_full": "free space on the filesystem the error names",
    "read_only": "give this user read-write access to the file the error names and its directory",
    "io_error": "check the disk and filesystem the error names",
    "write_lock_timeout": "wait for the other writer to finish",
}


def pending_remedy(cause_code: str, keys_pending: int) -> str:
    """What to do about a committed erasure whose keyring or certificate write failed."""
    first = _FIRST_STEP.get(cause_code, "fix what the error names")
    finish = ("then run forget again for this subject (or open the store again: the open "
              "destroys the pending keys), and forget again issues the certificate"
              if keys_pending else "then run forget again for this subject to issue the certificate")
    return f"{first}; {finish}"


def pending_text(fingerprint: str, seq: int, keys_pending: int, keys_total: int,
                 probes: tuple[int, int] | None, cause_code: str, cause: str) -> str:
    """The committed state, what is still pending, why, and what to do (no personal content).

    ``probes`` is (asked, abstained), or None when they could not be asked.
    """
    if probes is None:
        checked = "the probes could not be asked"
    elif probes[0] == probes[1]:
        checked = f"all {probes[0]} probes abstained"
    else:
        checked = f"{probes[0] - probes[1]} of {probes[0]} probes still answered"
    todo = ([f"{keys_pending} of {keys_total} keys are not yet destroyed"] if keys_pending else [])
    todo.append("no certificate was issued")
    return (f"INCOMPLETE — the erasure of subject {fingerprint[:16]}… is committed at seq {seq}: "
            f"every projection (recall, claims, history, the write gate's tombstone) already "
            f"treats the subject as gone ({checked}). Still pending: {'; '.join(todo)}, because "
            f"a write after the commit failed ({cause_code}: {cause}). "
            f"Next: {pending_remedy(cause_code, keys_pending)}.")


def erased_outcome(cert: certificates.Certificate, fingerprint: str, text: str) -> ForgetOutcome:
    b = cert.body
    return ForgetOutcome(status="erased", certificate=cert, text=text, fingerprint=fingerprint,
                         erasure_seq=b.erasure_seq, claims_erased=b.claims_erased,
                         parts_redacted=b.parts_redacted, keys_destroyed=b.keys_destroyed,
                         bystanders_surviving=b.bystanders_surviving)


def unknown_outcome(subject: str, ambiguous: bool) -> ForgetOutcome:
    if ambiguous:
        text = (f"UNKNOWN SUBJECT — '{subject}' could name more than one stored subject in this "
                "tenant, so nothing was erased. Next: name the subject fully (first and last name).")
    else:
        text = (f"UNKNOWN SUBJECT — no stored subject in this tenant is named '{subject}'; "
                "nothing was erased. Next: use the name as it appears in stored claims.")
    return ForgetOutcome(status="unknown_subject", certificate=None, text=text)
