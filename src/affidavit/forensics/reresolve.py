"""Re-decide every recorded write decision with today's gate; report what would change.

Each CLAIM_ADMITTED / CLAIM_QUARANTINED event carries the inputs it was decided on
(sealed: the proposed text and the evidence) and, in its ``resolver`` column, the
version of the gate that decided. Inputs are opened only through
``Engine.open_sealed``; an erased or unavailable input is counted as not
re-decidable, never recovered any other way. Read-only: nothing is written.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, get_args

import msgspec

from affidavit.codec import decode_event
from affidavit.engine import Engine
from affidavit.errors import AffidavitError
from affidavit.events import ClaimAdmitted, ClaimPrivate, ClaimQuarantined, EvidencePrivate, Unreadable
from affidavit.forensics.reresolve_conflicts import ConflictReport, reresolve_conflicts
from affidavit.gates.contracts import WriteDecision, WriteRefusalCode
from affidavit.gates.write import RESOLVER_VERSION, decide_write

if TYPE_CHECKING:
    from affidavit.progress import ProgressHook

_GATE_CODES = frozenset(get_args(WriteRefusalCode))
_PASSED = frozenset({"ACCEPT", "RESCUE"})


class Recorded(msgspec.Struct, frozen=True):
    """What the gate said then, as far as the event records it.

    ``verdicts`` is the set of gate verdicts consistent with the event: a quarantine
    for an ambiguous subject means the gate itself passed the claim; one for a
    previously erased subject means only that the gate did not reject it.
    """

    label: str
    verdicts: frozenset[str]
    code: str | None = None  # the gate's quarantine code, when the event records one


class Difference(msgspec.Struct, frozen=True):
    seq: int
    claim_id: str
    resolver_then: str
    verdict_then: str
    verdict_now: str
    reason_now: str | None  # today's refusal code
    detail_now: str | None


class ReresolveReport(msgspec.Struct, frozen=True):
    resolver_now: str
    decisions: int  # recorded gate decisions seen
    same: int
    different: int
    not_redecidable: dict[str, int]  # erased | unavailable | operator_decided | invalid_input
    differences: tuple[Difference, ...]
    conflicts: ConflictReport | None = None  # today's conflict rule over recorded conflicts

    @property
    def changed(self) -> bool:
        """Whether anything, a gate decision or a conflict, is decided differently today."""
        return bool(self.different or (self.conflicts is not None and self.conflicts.changes))

    def text(self) -> str:
        lines = [
            f"re-resolved with {self.resolver_now}",
            f"recorded decisions: {self.decisions}; decided the same way today: {self.same}; "
            f"differently: {self.different}",
            "not re-decidable: " + (", ".join(f"{n} {why}" for why, n in
                                              sorted(self.not_redecidable.items())) or "none"),
        ]
        for d in self.differences:
            lines.append(f"  seq {d.seq} {d.claim_id}: {d.verdict_then} by {d.resolver_then} -> "
                         f"{d.verdict_now} today" + (f" ({d.reason_now})" if d.reason_now else ""))
        if self.conflicts is not None:
            lines.append(self.conflicts.text())
        return "\n".join(lines)


def recorded_decision(event: ClaimAdmitted | ClaimQuarantined) -> Recorded | None:
    """The gate outcome an event records; None when an operator, not the gate, decided."""
    if isinstance(event, ClaimAdmitted):
        if event.verdict == "REVIEW":
            return None
        return Recorded(event.verdict, frozenset({event.verdict}))
    if event.reason in _GATE_CODES:
        return Recorded(f"QUARANTINE ({event.reason})", frozenset({"QUARANTINE"}), event.reason)
    if event.reason == "ambiguous_subject":
        return Recorded("ACCEPT|RESCUE (ambiguous_subject)", _PASSED)
    return Recorded(f"not REJECT ({event.reason})", _PASSED | {"QUARANTINE"})


def decide_same(then: Recorded, now: WriteDecision) -> bool:
    """Would today's decision have produced the recorded event? (pure)"""
    if now.verdict not in then.verdicts:
        return False
    if now.verdict == "QUARANTINE" and then.code is not None:
        return now.refusal is not None and now.refusal.code == then.code
    return True


def _label(now: WriteDecision) -> str:
    return f"{now.verdict} ({now.refusal.code})" if now.refusal is not None else now.verdict


def reresolve(store: Engine, *, tenant: str | None, until_seq: int | None = None,
              decide: Callable[..., WriteDecision] = decide_write,
              progress: ProgressHook | None = None) -> ReresolveReport:
    """Re-run ``decide`` over the recorded inputs of every gate decision (of ``tenant``, or all)."""
    skipped: dict[str, int] = {}
    same = decisions = 0
    diffs: list[Difference] = []
    last = store.head_seq if until_seq is None else min(until_seq, store.head_seq)
    for row in store.ledger.rows(0, last):
        if progress is not None:
            progress(row.seq, last)
        if row.kind not in ("CLAIM_ADMITTED", "CLAIM_QUARANTINED"):
            continue
        if tenant is not None and row.tenant != tenant:
            continue
        event = decode_event(row)
        assert isinstance(event, ClaimAdmitted | ClaimQuarantined)
        then = recorded_decision(event)
        decisions += 1
        if then is None:
            skipped["operator_decided"] = skipped.get("operator_decided", 0) + 1
            continue
        private = store.open_sealed(event.private, row.seq, row.kind, "private", ClaimPrivate)
        if isinstance(private, Unreadable) or not isinstance(private, ClaimPrivate):
            why = private.why if isinstance(private, Unreadable) else "unavailable"
            skipped[why] = skipped.get(why, 0) + 1
            continue
        evidence: object = private.full_evidence or private.evidence
        if event.evidence is not None:  # sealed apart, under everyone the span names
            evidence = store.open_sealed(event.evidence, row.seq, row.kind, "evidence",
                                         EvidencePrivate)
            if not isinstance(evidence, EvidencePrivate):
                why = evidence.why if isinstance(evidence, Unreadable) else "unavailable"
                skipped[why] = skipped.get(why, 0) + 1
                continue
            evidence = evidence.evidence
        assert isinstance(evidence, str)
        try:
            now = decide(private.proposed_text, evidence, held_until=event.valid_to)
        except AffidavitError:  # inputs today's validation refuses outright
            skipped["invalid_input"] = skipped.get("invalid_input", 0) + 1
            continue
        if decide_same(then, now):
            same += 1
            continue
        diffs.append(Difference(
            row.seq, event.claim_id, row.resolver, then.label, _label(now),
            now.refusal.code if now.refusal else None, now.refusal.detail if now.refusal else None,
        ))
    return ReresolveReport(RESOLVER_VERSION, decisions, same, len(diffs), skipped, tuple(diffs),
                           reresolve_conflicts(store, tenant=tenant, until_seq=until_seq))
