"""Linking a claim's names to entities: existing ones, or new ones registered in the same batch.

Each new entity's id is also its data key, so erasing the subject shreds every field
sealed under it.
"""

from __future__ import annotations

from typing import Literal

from affidavit.engine import WriteContext
from affidavit.events import EntityPrivate, EntityRegistered
from affidavit.text.names import find_names, name_key
from affidavit.text.wordlists import PLACE_PREPOSITIONS

Linking = Literal["claim", "evidence"]


def lookup(ctx: WriteContext, name: str, first: bool, linking: Linking) -> list[str]:
    """Existing entities a mention links to.

    A claim's name links to the exact known name, else to a unique known name it is a
    short form of ("Moore" for "Declan Moore", "Larkspur" for "Larkspur Systems"), the
    same way recall resolves names in questions, so a subject and an object spelled
    alike always land on one entity. A name in the evidence links to every entity it
    could mean: its keys seal the evidence, and over-shredding is preferred to a leak.
    """
    entities, tenant = ctx.engine.entities, ctx.engine.identity.tenant
    exact = entities.resolve_exact(tenant, name)
    if exact:
        return exact
    if linking == "evidence":
        return entities.candidates(tenant, name)
    return entities.resolve(tenant, name) or entities.candidates(tenant, name)


def place_keys(claim: str) -> frozenset[str]:
    """Keys of the names ``claim`` puts right after a locative preposition."""
    return frozenset(name_key(name) for name, start, _end in find_names(claim)
                     if (before := claim[:start].split()) and before[-1].casefold() in PLACE_PREPOSITIONS)


def resolve_entities(ctx: WriteContext, names: list[str], seen: dict[str, str] | None = None,
                      linking: Linking = "claim",
                      aliases: dict[str, str] | None = None,
                      ambiguities: list[tuple[str, int]] | None = None,
                      places: frozenset[str] = frozenset()) -> tuple[list[str], bool]:
    """Entity ids for the names (claim: subject first); new ones registered in this batch.

    ``seen`` carries name keys already resolved or registered earlier in the same batch
    (the projections only learn of this batch's entities after the commit). ``aliases``
    maps the key of a name the evidence says someone goes by ("known as Kasia") to the
    key of that someone's full name: a new entity for it is registered as their alias,
    so recall finds the person by either and the erasure closure takes both. Each name
    that could mean several known entities of this tenant is appended to
    ``ambiguities`` with how many it could mean (a count: never the other names).
    ``places``: keys of names the claim uses as a place ("lives in Zedaveli"); such a
    name links to an entity of exactly that name, never as a short form of a longer one
    (the firm "Zedaveli Springs" is not the town).
    """
    ids: list[str] = []
    ambiguous = False
    seen = {} if seen is None else seen
    for position, name in enumerate(names):
        key = name_key(name)
        if not key:
            continue
        if key in seen:
            if seen[key] not in ids:
                ids.append(seen[key])
            continue
        found = lookup(ctx, name, position == 0, linking)
        if (linking == "claim" and found and (key in places or found[0] in ids)
                and not ctx.engine.entities.resolve_exact(ctx.engine.identity.tenant, name)):
            # A place, or a short form of a name the same claim already gave, is another
            # party: "Zedaveli Springs is based in Zedaveli" names a firm and a town.
            found = []
        if len(found) == 1 or (found and linking == "evidence"):
            entity_id = found[0]
            for extra in found[1:]:  # evidence: seal under every entity the name could mean
                if extra not in ids:
                    ids.append(extra)
        else:
            ambiguous = ambiguous or len(found) > 1
            if len(found) > 1 and ambiguities is not None:
                ambiguities.append((name, len(found)))
            entity_id = ctx.new_keys()[0]
            seq = ctx.next_seq()
            private = EntityPrivate(name=name)
            owner = seen.get((aliases or {}).get(key, ""))
            sealed = ctx.seal(seq, "ENTITY_REGISTERED", "name", private,
                              (entity_id,) if owner is None else (entity_id, owner))
            ctx.add("ENTITY_REGISTERED", EntityRegistered(entity_id=entity_id, name=sealed,
                                                           alias_of=owner), private)
        seen[key] = entity_id
        if entity_id not in ids:
            ids.append(entity_id)
    return ids, ambiguous

