"""Who disputes whom: the edges between claims a conflict (or a contested correction) disputed.

A CLAIM_STATE_CHANGED to ``disputed`` names the claim that caused it; that pair is
an edge. A dispute is the connected group of claims, still disputed, around one
claim. An operator's DISPUTE_RESOLVED removes the group's edges; an erasure
removes its claims.
"""

from __future__ import annotations

from collections.abc import Callable

import msgspec

from affidavit.events import Applied, ClaimStateChanged, DisputeResolved, SubjectErased


class DisputeEdges:
    name = "disputes"
    handles = frozenset({"CLAIM_STATE_CHANGED", "DISPUTE_RESOLVED", "SUBJECT_ERASED"})

    def __init__(self) -> None:
        self._edges: dict[str, set[str]] = {}

    def partners(self, claim_id: str) -> frozenset[str]:
        return frozenset(self._edges.get(claim_id, ()))

    def group(self, claim_id: str, disputed: Callable[[str], bool]) -> tuple[str, ...]:
        """The claims disputed together with ``claim_id`` (itself included), sorted."""
        if not disputed(claim_id):
            return ()
        seen, queue = {claim_id}, [claim_id]
        while queue:
            for other in self._edges.get(queue.pop(), ()):
                if other not in seen and disputed(other):
                    seen.add(other)
                    queue.append(other)
        return tuple(sorted(seen))

    def _link(self, a: str, b: str) -> None:
        self._edges.setdefault(a, set()).add(b)
        self._edges.setdefault(b, set()).add(a)

    def _drop(self, claim_id: str) -> None:
        for other in self._edges.pop(claim_id, set()):
            members = self._edges.get(other)
            if members is not None:
                members.discard(claim_id)
                if not members:
                    del self._edges[other]

    def _apply(self, ev: Applied) -> None:
        event = ev.event
        if isinstance(event, ClaimStateChanged):
            if event.to_state == "disputed" and event.cause_claim_id is not None:
                self._link(event.claim_id, event.cause_claim_id)
        elif isinstance(event, DisputeResolved | SubjectErased):
            for claim_id in event.claim_ids:
                self._drop(claim_id)

    def digest_parts(self) -> list[bytes]:
        return [msgspec.msgpack.encode(sorted((k, sorted(v)) for k, v in self._edges.items()))]
