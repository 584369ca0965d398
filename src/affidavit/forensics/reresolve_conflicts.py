"""Re-decide recorded conflicts with today's conflict rule; report what changed (read-only).

For every pair of admitted claims with one subject and one predicate key, the
ledger says how they met: a CLAIM_STATE_CHANGED naming the other claim as its
cause (``dispute`` or ``supersede``), or nothing (``none``). Today's
``decide_conflict`` is run on the same content and the valid times the claims
were admitted with; a pair decided differently is listed. Erased claims are not
re-decidable and are left out, as in the gate re-resolution.
"""

from __future__ import annotations

import msgspec

from affidavit.codec import decode_event
from affidavit.engine import Engine
from affidavit.events import ClaimAdmitted, ClaimStateChanged
from affidavit.gates.conflicts import CONFLICT_RULES_VERSION, decide_conflict
from affidavit.memory.conflicts import facts_of
from affidavit.wording import plural

_CONFLICT_REASONS = {"conflicting_claim": "dispute", "superseded_by_later_claim": "supersede",
                     "correction_contested": "dispute"}


class ConflictChange(msgspec.Struct, frozen=True):
    earlier: str
    later: str
    then: str  # none | dispute | supersede
    now: str


class ConflictReport(msgspec.Struct, frozen=True):
    rule_now: str
    pairs: int  # pairs of live-then claims with one subject and predicate
    same: int
    changes: tuple[ConflictChange, ...]

    def text(self) -> str:
        lines = [f"conflicts re-decided with {self.rule_now}: {plural(self.pairs, 'pair')} of "
                 f"claims with one subject and predicate; the same today: {self.same}; "
                 f"differently: {len(self.changes)}"]
        lines += [f"  {c.earlier} / {c.later}: {c.then} then -> {c.now} today" for c in self.changes]
        return "\n".join(lines)


def _category(action: str) -> str:
    return "supersede" if action.startswith("supersede") else action


def reresolve_conflicts(store: Engine, *, tenant: str | None,
                        until_seq: int | None = None) -> ConflictReport:
    """Today's conflict rule over every recorded pair (of ``tenant``, or of all tenants)."""
    last = store.head_seq if until_seq is None else min(until_seq, store.head_seq)
    admitted: list[tuple[str, str, ClaimAdmitted]] = []  # (tenant, claim id, event), in order
    recorded: dict[frozenset[str], str] = {}
    parent: dict[str, str] = {}  # disputes: claims disputed together form one group

    def root(claim_id: str) -> str:
        while parent.get(claim_id, claim_id) != claim_id:
            claim_id = parent[claim_id]
        return claim_id
    for row in store.ledger.rows(0, last):
        if tenant is not None and row.tenant != tenant:
            continue
        if row.kind == "CLAIM_ADMITTED":
            event = decode_event(row)
            assert isinstance(event, ClaimAdmitted)
            admitted.append((row.tenant, event.claim_id, event))
        elif row.kind == "CLAIM_STATE_CHANGED":
            change = decode_event(row)
            assert isinstance(change, ClaimStateChanged)
            what = _CONFLICT_REASONS.get(change.reason)
            if what is not None and change.cause_claim_id is not None:
                recorded.setdefault(frozenset((change.claim_id, change.cause_claim_id)), what)
                if what == "dispute":
                    a, b = root(change.claim_id), root(change.cause_claim_id)
                    if a != b:
                        parent[a] = b
    facts = {}
    groups: dict[tuple[str, str, str], list[str]] = {}
    for owner, claim_id, event in admitted:
        record = store.claims.get(claim_id)
        private = store.claim_private(record) if record is not None else None
        if private is None:
            continue  # erased or unreadable: not re-decidable
        facts[claim_id] = facts_of(private, event.valid_from, event.valid_to)
        groups.setdefault((owner, event.subject_id, private.predicate), []).append(claim_id)
    pairs = same = 0
    changes: list[ConflictChange] = []
    for members in groups.values():
        for n, earlier in enumerate(members):
            for later in members[n + 1:]:
                pairs += 1
                then = recorded.get(frozenset((earlier, later)), "none")
                if then == "none" and root(earlier) == root(later):
                    then = "dispute"  # joined one dispute through a third claim
                now = _category(decide_conflict(facts[earlier], facts[later]).action)
                if then == now:
                    same += 1
                else:
                    changes.append(ConflictChange(earlier, later, then, now))
    return ConflictReport(CONFLICT_RULES_VERSION, pairs, same, tuple(changes))
