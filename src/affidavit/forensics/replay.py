"""What the store held at a ledger position: counts by state and one subject's claims.

``Engine.view_at(seq)`` (``Store.at``) replays the verified prefix into fresh projections; this module
only summarizes that view. A subject whose keys were destroyed since reads as
absent (its name no longer opens), exactly as recall answers about it today.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING

import msgspec

from affidavit.engine import Engine
from affidavit.errors import InvalidInput
from affidavit.events import ClaimPrivate
from affidavit.memory.history import iso
from affidavit.translog import CompactTree

if TYPE_CHECKING:
    from affidavit.events import Applied
    from affidavit.progress import ProgressHook

_EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


class SubjectClaim(msgspec.Struct, frozen=True):
    claim_id: str
    seq: int
    state: str
    text: str  # "[erased]" / "[unavailable]" when the key is gone or not held
    valid_from: str | None
    valid_to: str | None
    has_receipt: bool


class ReplaySummary(msgspec.Struct, frozen=True):
    seq: int
    recorded_at: str
    head_hash: str
    log_root: str  # RFC 6962 root over event hashes 1..seq (compare with a checkpoint)
    tenant: str
    counts: dict[str, int]
    subjects: int
    sources: int
    subject_claims: tuple[SubjectClaim, ...] | None = None

    def text(self) -> str:
        lines = [
            f"as of seq {self.seq} ({self.recorded_at}), tenant {self.tenant}",
            f"head hash: {self.head_hash}",
            f"log root:  {self.log_root}",
            "claims: " + ", ".join(f"{n} {state}" for state, n in self.counts.items()),
            f"subjects: {self.subjects}, sources: {self.sources}",
        ]
        if self.subject_claims is not None:
            if not self.subject_claims:
                lines.append("subject: no claims held about that name at this seq")
            for c in self.subject_claims:
                valid = f" [{c.valid_from or '…'} – {c.valid_to or '…'}]"
                valid = valid if c.valid_from or c.valid_to else ""
                lines.append(f"  {c.claim_id} (seq {c.seq}) {c.state}{valid}: {c.text}")
        return "\n".join(lines)


def parse_instant(value: str) -> int:
    """An ISO date or date-time as microseconds since the epoch; naive means UTC."""
    try:
        when = datetime.fromisoformat(value)
    except (TypeError, ValueError):
        raise InvalidInput("until_time", "expected an ISO 8601 date or date-time") from None
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return (when - _EPOCH) // timedelta(microseconds=1)  # exact: no float rounding


def seq_at_time(store: Engine, value: str) -> int:
    """The last seq recorded at or before the instant (recorded_at never goes backwards)."""
    limit = parse_instant(value)
    last = 0
    for row in store.ledger.rows(0, store.head_seq):
        if row.recorded_at > limit:
            break
        last = row.seq
    if last == 0:
        raise InvalidInput("until_time", "the store did not exist yet at that time")
    return last


def log_root_at(store: Engine, seq: int) -> bytes:
    """RFC 6962 root over the event hashes 1..seq (leaf data = the 32-byte event hash)."""
    tree = CompactTree()
    append = tree.append
    for row in store.ledger.rows(0, seq):
        append(row.hash)
    return tree.root()


def replay_to(store: Engine, seq: int, *, subject: str | None = None,
              progress: ProgressHook | None = None) -> ReplaySummary:
    """Replay the ledger to ``seq`` and summarize what the store held then (read-only)."""
    tenant = store.identity.tenant

    def observe(applied: Applied) -> None:
        assert progress is not None
        progress(applied.seq, seq)

    with store.view_at(seq, observe if progress is not None else None) as view:
        recorded_at = next(iter(store.ledger.rows(seq - 1, seq))).recorded_at
        claims = None if subject is None else _subject_claims(view, tenant, subject)
        return ReplaySummary(
            seq=view.head_seq, recorded_at=iso(recorded_at), head_hash=view.head_hash.hex(),
            log_root=log_root_at(store, seq).hex(), tenant=tenant,
            counts=view.claims.counts(tenant), subjects=view.entities.count(tenant),
            sources=view.sources.count(tenant), subject_claims=claims,
        )


def _subject_claims(view: Engine, tenant: str, subject: str) -> tuple[SubjectClaim, ...]:
    seen: dict[str, SubjectClaim] = {}
    for entity_id in view.entities.resolve(tenant, subject):
        for record in view.claims.about(entity_id):
            if record.tenant != tenant or record.claim_id in seen:
                continue
            opened = view.open_claim(record)
            text = opened.text if isinstance(opened, ClaimPrivate) else f"[{opened.why}]"
            seen[record.claim_id] = SubjectClaim(
                record.claim_id, record.seq, record.state, text, record.valid_from,
                record.valid_to, record.receipt is not None,
            )
    return tuple(sorted(seen.values(), key=lambda c: c.seq))
