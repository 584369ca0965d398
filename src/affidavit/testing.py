"""Helpers for tests and benchmarks, shipped with the package.

``append_synthetic`` writes realistic ledger traffic (entities and admitted
claims with sealed bodies of a few hundred bytes) *without* the write gate, to
exercise the ledger, the envelope and replay at scale. It still goes through the
one sealed write path (``Store._transact``).
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from affidavit.events import ClaimAdmitted, ClaimPrivate, EntityPrivate, EntityRegistered

if TYPE_CHECKING:
    from affidavit.store import Store

_FIRST = ["Dana", "Priya", "Marcus", "Lucia", "Kenji", "Obi", "Ruth", "Wen", "Clara", "Sunil"]
_LAST = ["Kim", "Shah", "Lee", "Ferrante", "Mori", "Eze", "Abernathy", "Zhao", "Brandt", "Bhatt"]
_PREDICATES = ["works for", "lives in", "takes", "manages", "was born in", "studied at"]


def synthetic_name(i: int) -> str:
    return f"{_FIRST[i % 10]} {_LAST[(i // 10) % 10]} {i // 100:04d}"


def append_synthetic(
    store: Store, count: int, *, subjects: int = 1000, batch: int = 1, seed: int = 0
) -> list[str]:
    """Append ``count`` claims about ``subjects`` people; returns the claim ids."""
    rng = random.Random(seed)
    known: dict[int, str] = {}
    claim_ids: list[str] = []
    done = 0
    while done < count:
        n = min(batch, count - done)

        def decide(ctx, n=n):  # type: ignore[no-untyped-def]
            for _ in range(n):
                who = rng.randrange(subjects)
                entity_id = known.get(who)
                if entity_id is None:
                    entity_id = ctx.new_keys()[0]
                    seq = ctx.next_seq()
                    name = EntityPrivate(synthetic_name(who))
                    sealed = ctx.seal(seq, "ENTITY_REGISTERED", "name", name, (entity_id,))
                    ctx.add("ENTITY_REGISTERED", EntityRegistered(entity_id=entity_id, name=sealed), name)
                    known[who] = entity_id
                predicate = rng.choice(_PREDICATES)
                obj = f"Object {rng.randrange(10_000)}"
                text = f"{synthetic_name(who)} {predicate} {obj}."
                evidence = (
                    f"According to the {rng.randrange(1990, 2025)} filing, {text} "
                    + "The record was confirmed by a second independent source. " * 3
                )
                private = ClaimPrivate(
                    text=text, evidence=evidence, subject_name=synthetic_name(who),
                    predicate=predicate, object=obj, predicate_terms=tuple(predicate.split()),
                    proposed_text=text,
                )
                seq = ctx.next_seq()
                claim_id = f"c{seq:08d}"
                sealed = ctx.seal(seq, "CLAIM_ADMITTED", "private", private, (entity_id,))
                ctx.add("CLAIM_ADMITTED", ClaimAdmitted(
                    claim_id=claim_id, subject_id=entity_id, entity_ids=(entity_id,),
                    verdict="ACCEPT", private=sealed), private)
                claim_ids.append(claim_id)

        store._transact(decide)
        done += n
    return claim_ids
