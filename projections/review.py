"""The review queue: quarantined claims waiting for an operator's recorded decision."""

from __future__ import annotations

import msgspec

from affidavit.events import (
    ANY_CLAIM_QUARANTINED,
    Applied,
    ClaimStateChanged,
    ReviewDecided,
    SubjectErased,
)


class ReviewItem(msgspec.Struct, frozen=True, gc=False):
    claim_id: str
    tenant: str
    seq: int
    reason: str
    reviewed_hash: bytes  # hash of the event a reviewer is shown; a decision must name it
    fingerprint: str | None = None


class ReviewQueue:
    name = "review"
    handles = frozenset(
        {"CLAIM_QUARANTINED", "REVIEW_DECIDED", "CLAIM_STATE_CHANGED", "SUBJECT_ERASED"}
    )

    def __init__(self) -> None:
        self._pending: dict[str, ReviewItem] = {}
        self._decided: dict[str, tuple[str, int]] = {}  # claim id -> (decision, seq)

    def pending(self, tenant: str) -> list[ReviewItem]:
        return sorted(
            (i for i in self._pending.values() if i.tenant == tenant), key=lambda i: i.seq
        )

    def get(self, claim_id: str) -> ReviewItem | None:
        return self._pending.get(claim_id)

    def decision(self, claim_id: str) -> tuple[str, int] | None:
        return self._decided.get(claim_id)

    def _apply(self, ev: Applied) -> None:
        event = ev.event
        if isinstance(event, ANY_CLAIM_QUARANTINED):
            self._pending[event.claim_id] = ReviewItem(
                event.claim_id, ev.tenant, ev.seq, event.reason, ev.hash, event.fingerprint
            )
        elif isinstance(event, ReviewDecided):
            self._pending.pop(event.claim_id, None)
            self._decided[event.claim_id] = (event.decision, ev.seq)
        elif isinstance(event, ClaimStateChanged):
            item = self._pending.get(event.claim_id)
            if item is not None:
                # Any change to the item invalidates what a reviewer saw.
                self._pending[event.claim_id] = msgspec.structs.replace(item, reviewed_hash=ev.hash)
        elif isinstance(event, SubjectErased):
            for claim_id in event.claim_ids:
                self._pending.pop(claim_id, None)

    def digest_parts(self) -> list[bytes]:
        return [
            msgspec.msgpack.encode(sorted(self._pending.items())),
            msgspec.msgpack.encode(sorted(self._decided.items())),
        ]
