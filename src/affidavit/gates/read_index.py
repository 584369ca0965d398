"""A small in-memory ``ReadIndex``: for tests, benchmarks and the eval script.

The store provides its own index from its projections; this one shows the
contract. Entities are found by the same name rules as everywhere
(``text.names.NameIndex``): a name that resolves to one entity joins it,
otherwise it starts a new one. Supersession is the simple rule: a new claim
with the same subject and predicate key as a live claim, and a later valid
time, supersedes it and closes its interval the day before it starts.
"""

from __future__ import annotations

import datetime as _dt
import itertools
from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from affidavit.gates.contracts import ClaimShape, ClaimState, ClaimView, EntityView
from affidavit.text.fold import fold
from affidavit.text.names import NameIndex

_LIVE = frozenset({"active", "disputed"})
_INSTANCES = itertools.count(1)  # a scope for each index's postings memo, never reused


def _day_before(iso: str) -> str:
    return (_dt.date.fromisoformat(iso) - _dt.timedelta(days=1)).isoformat()


def supersede(older: ClaimView, newer: ClaimView) -> tuple[ClaimView, ClaimView]:
    """``(superseded, successor)`` for two live claims with one subject+predicate key.

    The later valid time wins (an unknown start counts as earliest); on a tie the
    later ``seq`` wins. The loser's interval is closed before the winner starts.
    """

    def key(c: ClaimView) -> tuple[str, int]:
        return (c.valid_from or "", c.seq)

    loser, winner = (older, newer) if key(older) <= key(newer) else (newer, older)
    valid_to = loser.valid_to
    if winner.valid_from is not None:
        closing = _day_before(winner.valid_from)
        if valid_to is None or valid_to > closing:
            valid_to = closing
    return _replace(loser, state="superseded", valid_to=valid_to), winner


def _replace(claim: ClaimView, **changes: object) -> ClaimView:
    fields = {f: getattr(claim, f) for f in claim.__struct_fields__}
    fields.update(changes)
    return ClaimView(**fields)


class MemoryReadIndex:
    """Claims and entity names in dicts; every lookup is by key, never a scan."""

    def __init__(self) -> None:
        self._names = NameIndex()
        self._folded = NameIndex()  # the same names, diacritics folded
        self._entity_name: dict[str, str] = {}
        self._claims: dict[str, ClaimView] = {}
        self._by_entity: dict[str, list[str]] = {}
        self._id_sets: dict[str, set[str]] = {}
        self.postings_scope = f"memory-index-{next(_INSTANCES)}|0"
        self._live_key: dict[tuple[str, str], str] = {}
        self._seq = 0

    def entity_for(self, name: str) -> str:
        """The entity ``name`` resolves to, or a new one; the name is recorded either way."""
        ids = self._names.resolve(name)
        entity_id = ids[0] if len(ids) == 1 else f"e{len(self._entity_name) + 1}"
        self._entity_name.setdefault(entity_id, name)
        self._names.add(entity_id, name)
        self._folded.add(entity_id, fold(name))
        return entity_id

    def add(
        self,
        claim_id: str,
        text: str,
        shape: ClaimShape,
        *,
        valid_from: str | None = None,
        valid_to: str | None = None,
        state: ClaimState = "active",
    ) -> ClaimView:
        """Index one claim; a live claim with the same subject+predicate may be superseded."""
        self._seq += 1
        subject_id = self.entity_for(shape.subject)
        entity_ids = [subject_id]
        for name in shape.entities:
            eid = self.entity_for(name)
            if eid not in entity_ids:
                entity_ids.append(eid)
        view = ClaimView(
            claim_id, self._seq, subject_id, tuple(entity_ids), shape.subject, text,
            shape.predicate, shape.object, shape.predicate_terms, state, valid_from, valid_to,
        )  # fmt: skip
        self._store(view)
        for eid in entity_ids:
            self._by_entity.setdefault(eid, []).append(claim_id)
            self._id_sets.setdefault(eid, set()).add(claim_id)
        if state in _LIVE:
            self._apply_supersession(view)
        return self._claims[claim_id]

    def _apply_supersession(self, view: ClaimView) -> None:
        key = (view.subject_id, view.predicate)
        current_id = self._live_key.get(key)
        current = self._claims.get(current_id) if current_id else None
        if current is None or current.state not in _LIVE or current.object == view.object:
            self._live_key[key] = view.claim_id
            return
        loser, winner = supersede(current, view)
        self._store(loser)
        self._live_key[key] = winner.claim_id

    def _store(self, view: ClaimView) -> None:
        self._claims[view.claim_id] = view

    def set_state(self, claim_id: str, state: ClaimState) -> None:
        """Move a claim to ``state`` (what a CLAIM_STATE_CHANGED event would do)."""
        self._store(_replace(self._claims[claim_id], state=state))

    def claim(self, claim_id: str) -> ClaimView:
        return self._claims[claim_id]

    def resolve(self, name: str) -> Sequence[EntityView]:
        ids = self._names.resolve(name) or self._folded.resolve(fold(name))
        return [EntityView(eid, self._entity_name[eid]) for eid in ids]

    def candidates(self, name: str) -> int:
        """How many entities ``name`` could refer to (it resolves only when that is one)."""
        return len(self._names.candidates(name) or self._folded.candidates(fold(name)))

    def claim_ids_about(self, entity_id: str) -> AbstractSet[str]:
        return self._id_sets.get(entity_id, set())

    def claim_view(self, claim_id: str) -> ClaimView | None:
        return self._claims.get(claim_id)

    def claims_about(self, entity_id: str) -> Sequence[ClaimView]:
        return [self._claims[cid] for cid in self._by_entity.get(entity_id, ())]

    def __len__(self) -> int:
        return len(self._claims)
