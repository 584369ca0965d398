"""Helpers for tests and benchmarks, shipped with the package.

``append_synthetic`` writes realistic ledger traffic (entities and admitted claims
with sealed bodies of a few hundred bytes) *without* running the write gate per
claim, to exercise the ledger, the envelope, replay and recall at scale. Claim
shapes come from the real gate, computed once per template and object. It still
goes through the one sealed write path (``Engine.transact``).
"""

from __future__ import annotations

import random
from functools import cache

from affidavit.engine import Engine, WriteContext
from affidavit.events import ClaimAdmitted, ClaimPrivate, EntityPrivate, EntityRegistered

_FIRST = ["Dana", "Priya", "Marcus", "Lucia", "Kenji", "Amara", "Ruth", "Wen", "Clara", "Sunil",
          "Tomas", "Ingrid", "Yusuf", "Mei", "Oskar", "Leila", "Bruno", "Hana", "Idris", "Greta"]
_MIDDLE = ["Ash", "Bell", "Cole", "Dale", "Eve", "Fay", "Gray", "Hale", "Ivy", "Jude",
           "Kai", "Lane", "Mae", "Noel", "Opal", "Pax", "Quinn", "Rue", "Sage", "Tate"]
_LAST = ["Kim", "Shah", "Lee", "Ferrante", "Mori", "Okafor", "Abernathy", "Zhao", "Brandt", "Bhatt",
         "Novak", "Haddad", "Lund", "Petrov", "Silva", "Tanaka", "Varga", "Walsh", "Young", "Ziegler"]
_ORGS = ["Harbor Bank", "Kestrel Labs", "Alder Medical", "Redfern Mills", "Quarry Lane Software",
         "Saltmarsh Energy", "Pinecrest Bank", "Lumen Ridge", "Vantor Systems", "Tallgrass Instruments"]
_CITIES = ["Leeds", "Bradford", "Cork", "Kobe", "Oslo", "Rabat", "Lyon", "Porto", "Graz", "Turku"]
_DRUGS = ["lisinopril", "metformin", "simvastatin", "warfarin", "amlodipine"]
_TEMPLATES = [
    ("{name} works for {org}.", "org"),
    ("{name} lives in {city}.", "city"),
    ("{name} takes {drug} 10 mg daily.", "drug"),
    ("{name} manages {org}.", "org"),
    ("{name} was born in {city}.", "city"),
]


def synthetic_name(i: int) -> str:
    """A unique, letters-only person name for every i below 8,000."""
    return f"{_FIRST[i % 20]} {_MIDDLE[(i // 20) % 20]} {_LAST[(i // 400) % 20]}"


@cache
def _shape(template: str, obj_key: str, obj: str) -> tuple[str, str, tuple[str, ...]]:
    from affidavit.gates.write import decide_write

    text = template.format(name="Dana Kim", **{obj_key: obj})
    shape = decide_write(text, text).shape
    assert shape is not None, text
    return shape.predicate, shape.object, shape.predicate_terms


def _entity(ctx: WriteContext, name: str) -> str:
    entity_id = ctx.new_keys()[0]
    seq = ctx.next_seq()
    private = EntityPrivate(name)
    sealed = ctx.seal(seq, "ENTITY_REGISTERED", "name", private, (entity_id,))
    ctx.add("ENTITY_REGISTERED", EntityRegistered(entity_id=entity_id, name=sealed), private)
    return entity_id


def append_synthetic(
    store: Engine, count: int, *, subjects: int = 1000, batch: int = 1, seed: int = 0
) -> list[str]:
    """Append ``count`` claims about ``subjects`` people; returns the claim ids."""
    rng = random.Random(seed)
    tenant = store.identity.tenant
    known: dict[int, str] = {}
    objects: dict[str, str] = {}
    claim_ids: list[str] = []
    done = 0
    while done < count:
        n = min(batch, count - done)

        def decide(ctx: WriteContext, n: int = n) -> None:
            for _ in range(n):
                who = rng.randrange(subjects)
                name = synthetic_name(who)
                entity_id = known.get(who)
                if entity_id is None:
                    found = store.entities.resolve(tenant, name)
                    entity_id = found[0] if len(found) == 1 else _entity(ctx, name)
                    known[who] = entity_id
                template, key = rng.choice(_TEMPLATES)
                obj = rng.choice({"org": _ORGS, "city": _CITIES, "drug": _DRUGS}[key])
                predicate, obj_text, terms = _shape(template, key, obj)
                entity_ids: tuple[str, ...] = (entity_id,)
                if key != "drug":  # organisations and places are entities too
                    obj_id = objects.get(obj)
                    if obj_id is None:
                        found = store.entities.resolve(tenant, obj)
                        obj_id = objects[obj] = found[0] if len(found) == 1 else _entity(ctx, obj)
                    entity_ids = (entity_id, obj_id)
                text = template.format(name=name, **{key: obj})
                evidence = (f"According to the {rng.randrange(1990, 2025)} filing, {text} "
                            + "The record was confirmed by a second independent source. " * 3)
                private = ClaimPrivate(text=text, evidence=evidence, subject_name=name,
                                       predicate=predicate, object=obj_text, predicate_terms=terms,
                                       proposed_text=text,
                                       entity_names=(name,) if key == "drug" else (name, obj))
                seq = ctx.next_seq()
                claim_id = f"syn_{seq:09d}"
                sealed = ctx.seal(seq, "CLAIM_ADMITTED", "private", private, entity_ids)
                ctx.add("CLAIM_ADMITTED", ClaimAdmitted(
                    claim_id=claim_id, subject_id=entity_id, entity_ids=entity_ids,
                    verdict="ACCEPT", private=sealed), private)
                claim_ids.append(claim_id)

        store.transact(decide)
        done += n
    return claim_ids
