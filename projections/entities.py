"""Entities per tenant: names (when the key is held) and the name index."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

import msgspec

from affidavit.events import Applied, EntityPrivate, EntityRegistered, SubjectErased, Unreadable
from affidavit.text.fold import fold
from affidavit.text.names import NameIndex, tokens_of
from affidavit.text.person_key import person_key

# Replay folds each name once: the memoised ``fold`` would fill its cache with every name
# in the store (which the first erasure then has to clear).
_fold_once = fold.__wrapped__


class EntityRecord(msgspec.Struct, frozen=True, gc=False):
    entity_id: str
    tenant: str
    seq: int
    name: str | None  # None when the key is gone
    erased: bool = False
    alias_of: str | None = None


class Entities:
    name = "entities"
    handles = frozenset({"ENTITY_REGISTERED", "SUBJECT_ERASED"})

    def __init__(self) -> None:
        self._records: dict[str, EntityRecord] = {}
        self._index: dict[str, NameIndex] = {}
        self._folded: dict[str, NameIndex] = {}  # the same names, diacritics folded
        self._aliases: dict[str, set[str]] = {}  # entity id -> ids registered as its aliases
        # tenant -> entities whose name could not be opened and that are not erased
        self._unreadable: dict[str, int] = {}

    def get(self, entity_id: str) -> EntityRecord | None:
        return self._records.get(entity_id)

    def records(self) -> Mapping[str, EntityRecord]:
        return MappingProxyType(self._records)

    def resolve(self, tenant: str, name: str) -> list[str]:
        index = self._index.get(tenant)
        return index.resolve(name) if index is not None else []

    def candidates(self, tenant: str, name: str) -> list[str]:
        """Every entity ``name`` could refer to, ambiguous or not."""
        index = self._index.get(tenant)
        return index.candidates(name) if index is not None else []

    def resolve_folded(self, tenant: str, name: str) -> list[str]:
        """``resolve`` with diacritics ignored on both sides ("Tromso" finds "Tromsø")."""
        index = self._folded.get(tenant)
        return index.resolve(fold(name)) if index is not None else []

    def candidates_folded(self, tenant: str, name: str) -> list[str]:
        index = self._folded.get(tenant)
        return index.candidates(fold(name)) if index is not None else []

    def aliases(self, entity_id: str) -> list[str]:
        return sorted(self._aliases.get(entity_id, ()))

    def same_person(self, tenant: str, name: str) -> list[str]:
        """Entities whose name is ``name`` however spelled: in another order, with or without
        diacritics, a title or a suffix ("Kim Dana", "Dána Kim", "Dr Dana Kim Jr")."""
        key = person_key(name)
        if len(key.split()) < 2:
            return []  # one word is no person: partial forms are never the same person here
        out: set[str] = set()
        for index, probe in ((self._index.get(tenant), name), (self._folded.get(tenant), fold(name))):
            if index is None:
                continue
            for eid in index.sharing_tokens(probe):
                if any(person_key(n) == key for n in index.names_of(eid)):
                    out.add(eid)
        return sorted(out)

    def resolve_exact(self, tenant: str, name: str) -> list[str]:
        index = self._index.get(tenant)
        return index.exact(name) if index is not None else []

    def unreadable(self, tenant: str) -> int:
        """How many of the tenant's entities have a name this process cannot open, erased
        ones aside (kept as events apply: no scan of the records)."""
        return self._unreadable.get(tenant, 0)

    def count(self, tenant: str) -> int:
        return sum(1 for r in self._records.values() if r.tenant == tenant and not r.erased)

    def _apply(self, ev: Applied) -> None:
        event = ev.event
        if isinstance(event, EntityRegistered):
            private = ev.private
            name = private.name if isinstance(private, EntityPrivate) else None
            erased = isinstance(private, Unreadable) and private.why == "erased"
            previous = self._records.get(event.entity_id)
            if previous is not None and previous.name is None and not previous.erased:
                self._unreadable[previous.tenant] -= 1
            self._records[event.entity_id] = EntityRecord(
                event.entity_id, ev.tenant, ev.seq, name, erased, event.alias_of
            )
            if name is None and not erased:
                self._unreadable[ev.tenant] = self._unreadable.get(ev.tenant, 0) + 1
            if event.alias_of is not None:
                self._aliases.setdefault(event.alias_of, set()).add(event.entity_id)
            if name is not None:
                self._index_name(ev.tenant, event.entity_id, name)
        elif isinstance(event, SubjectErased):
            index = self._index.get(ev.tenant)
            folded = self._folded.get(ev.tenant)
            for entity_id in event.entity_ids:
                record = self._records.get(entity_id)
                if record is not None:
                    if record.name is None and not record.erased:
                        self._unreadable[record.tenant] -= 1
                    self._records[entity_id] = EntityRecord(
                        entity_id, record.tenant, record.seq, None, True, record.alias_of
                    )
                if index is not None:
                    index.remove(entity_id)
                if folded is not None and folded is not index:
                    folded.remove(entity_id)

    def _index_name(self, tenant: str, entity_id: str, name: str) -> None:
        """Add a name to the tenant's index and to its folded twin.

        An ASCII name folds to itself casefolded, and every lookup compares names
        casefolded: while a tenant's names are all ASCII its folded index *is* its index
        (one add per name at replay, not two). The first name that folds otherwise forks
        the twin, filled as if it had been kept apart all along.
        """
        index = self._index.get(tenant)
        if index is None:
            index = self._index[tenant] = NameIndex()
        folded = self._folded.get(tenant)
        if name.isascii():
            tokens = tokens_of(name)  # the folded form keys alike: key once
            index.add(entity_id, name, tokens)
            if folded is None:
                self._folded[tenant] = index
            elif folded is not index:
                folded.add(entity_id, name.casefold(), tokens)
            return
        if folded is None:
            folded = self._folded[tenant] = NameIndex()
        elif folded is index:
            folded = self._folded[tenant] = NameIndex()
            for held_id, held in index.names():
                folded.add(held_id, held.casefold(), tokens_of(held))
        index.add(entity_id, name)
        folded.add(entity_id, _fold_once(name))

    def digest_parts(self) -> list[bytes]:
        return [msgspec.msgpack.encode(self._records[k]) for k in sorted(self._records)]
