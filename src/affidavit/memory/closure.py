"""What an erasure removes: the exact closure of a subject, decided by structure.

Pure functions over projection data (no ledger, no keyring, no clock). The closure
of a subject is its entity, every entity registered as its alias, every claim that
names one of them in ``entity_ids`` (in every state, review queue included), and
every source part that a closure claim cites or whose text mentions the subject.
A bystander who merely shares a first name, a surname or a predicate is not in it:
names are compared as whole keyed tokens, never as substrings.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence

import msgspec

from affidavit.events import ClaimPrivate
from affidavit.projections import ClaimGraph, ClaimRecord, Entities, ReviewQueue
from affidavit.text.names import find_names, key_tokens, name_key, refers_to

PartKey = tuple[str, int]  # (source ref, part index)


class Demand(msgspec.Struct, frozen=True):
    """What a caller could have asked to get an erased claim back (plaintext, memory only)."""

    claim_id: str
    text: str
    predicate: str


class Closure(msgspec.Struct, frozen=True):
    entity_ids: tuple[str, ...]  # the subject first, then its aliases
    names: tuple[str, ...]  # every held name of those entities (memory only, never logged)
    claim_ids: tuple[str, ...]
    cited: Mapping[str, frozenset[int]]  # source ref -> part indices cited by closure claims
    other_entities: tuple[str, ...]  # entities the closure claims also name (bystanders)
    demands: tuple[Demand, ...]


class Plan(msgspec.Struct, frozen=True, kw_only=True):
    """What the erasing transaction decided (or found already decided, for ``resume``)."""

    kind: str  # erase | resume | unknown
    ambiguous: bool = False
    erasure_seq: int | None = None
    fingerprint: str | None = None
    closure: Closure | None = None  # None when resuming: the plaintext is gone by then
    claim_ids: tuple[str, ...] = ()
    entity_ids: tuple[str, ...] = ()
    part_keys: tuple[PartKey, ...] = ()
    keys: tuple[str, ...] = ()
    recorded_at: int = 0


def subject_entities(entities: Entities, entity_id: str) -> tuple[str, ...]:
    """The root entity of ``entity_id`` and every alias below it, root first."""
    root, seen = entity_id, {entity_id}
    while True:  # an alias stands for its root: erasing "Danny" erases Dana Kim
        record = entities.get(root)
        if record is None or record.alias_of is None or record.alias_of in seen:
            break
        root = record.alias_of
        seen.add(root)
    out, queue = [root], [root]
    while queue:
        for alias in entities.aliases(queue.pop()):
            if alias not in out:
                out.append(alias)
                queue.append(alias)
    return tuple(out)


def _with_same_person(tenant: str, ids: tuple[str, ...], entities: Entities) -> tuple[str, ...]:
    """Add the entities stored under another spelling of the same person ("Kim Dana",
    "Dána Kim"): the tombstone refuses those spellings after the erasure, so the closure
    takes what was stored under them before it."""
    root = entities.get(ids[0])
    if root is None or root.name is None:
        return ids
    out = list(ids)
    for found in entities.same_person(tenant, root.name):
        for linked in subject_entities(entities, found):
            if linked not in out:
                out.append(linked)
    return tuple(out)


def _with_nickname_surnames(tenant: str, ids: tuple[str, ...], entities: Entities) -> tuple[str, ...]:
    """Add "Femi Adegoke" when the evidence said Oluwafemi Adegoke is called "Femi": a
    stated one-word nickname with the person's surname names the person too."""
    root = entities.get(ids[0])
    if root is None or len(root.name.split()) < 2:
        return ids
    surname = root.name.split()[-1]
    out = list(ids)
    for eid in ids[1:]:
        record = entities.get(eid)
        if record is None or len(record.name.split()) != 1:
            continue
        for found in entities.resolve(tenant, f"{record.name} {surname}"):
            for linked in subject_entities(entities, found):
                if linked not in out:
                    out.append(linked)
    return tuple(out)


def _names_match(p: ClaimPrivate | None, keys: set[str]) -> bool:
    if p is None:
        return False
    return any(name_key(n) in keys for n in (p.subject_name, *p.entity_names))


def decide_closure(
    tenant: str,
    entity_id: str,
    entities: Entities,
    claims: ClaimGraph,
    review: ReviewQueue,
    content: Callable[[ClaimRecord], ClaimPrivate | None],
) -> Closure:
    """The exact closure of the subject ``entity_id`` in ``tenant`` (read-only over projections).

    ``content`` gives a claim's opened content (the store decrypts on demand).
    """
    ids = subject_entities(entities, entity_id)
    ids = _with_same_person(tenant, ids, entities)
    ids = _with_nickname_surnames(tenant, ids, entities)
    names = tuple(dict.fromkeys(
        r.name for r in (entities.get(e) for e in ids) if r is not None and r.name))
    found: dict[str, ClaimRecord] = {}
    for eid in ids:
        for record in claims.about(eid):
            if record.tenant == tenant:
                found[record.claim_id] = record
    # Held for review under the subject's exact name but filed under another entity id
    # (e.g. re-proposed after an earlier erasure): it goes too.
    keys = {name_key(n) for n in names} - {""}
    for item in review.pending(tenant):
        record = claims.get(item.claim_id)
        if record is not None and item.claim_id not in found and _names_match(content(record), keys):
            found[item.claim_id] = record
    cited: dict[str, set[int]] = {}
    others: dict[str, None] = {}
    demands = []
    for claim_id in sorted(found):
        record = found[claim_id]
        if record.receipt is not None:
            cited.setdefault(record.receipt.source_ref, set()).update(
                record.receipt.receipt.part_indices)
        for eid in record.entity_ids:
            if eid not in ids:
                others[eid] = None
        private = content(record)
        if private is not None:
            demands.append(Demand(claim_id, private.text, private.predicate))
    # A bystander's claim whose evidence names the subject survives, but the parts of
    # its source that carry the subject's text are candidates for redaction too.
    for eid in ids:
        for record in claims.naming_in_evidence(eid):
            if record.tenant == tenant and record.claim_id not in found and record.receipt:
                cited.setdefault(record.receipt.source_ref, set()).update(
                    record.receipt.receipt.part_indices)
    return Closure(
        entity_ids=ids, names=names, claim_ids=tuple(sorted(found)),
        cited={ref: frozenset(parts) for ref, parts in cited.items()},
        other_entities=tuple(others), demands=tuple(demands),
    )


def _contains_run(words: Sequence[str], run: Sequence[str]) -> bool:
    n = len(run)
    return any(tuple(words[i:i + n]) == tuple(run) for i in range(len(words) - n + 1))


def mentions(text: str, names: Iterable[str]) -> bool:
    """Whether ``text`` names the subject: a name mention that can refer to it, or its full name.

    "Clara" alone counts for Clara Brandt (over-redaction beats a leak); "Clara Weiss"
    does not; "Marcus Lee" never matches a subject called "a".
    """
    names = [n for n in names if key_tokens(n)]
    if not names:
        return False
    for mention, _, _ in find_names(text):
        if any(refers_to(mention, n) for n in names):
            return True
    words = key_tokens(text.replace("'s ", " ").replace("’s ", " "))
    return any(_contains_run(words, key_tokens(n)) for n in names if len(key_tokens(n)) > 1)


def decide_redactions(
    part_texts: Mapping[PartKey, str | None], cited: Mapping[str, frozenset[int]],
    names: Sequence[str],
) -> tuple[PartKey, ...]:
    """Parts to redact: every held part a closure claim cites, and every held part naming the subject.

    ``part_texts`` maps each part of the cited sources to its text, or None when it is
    no longer held (already redacted or its key gone): nothing is left to redact there.
    """
    out = []
    for (ref, index), text in sorted(part_texts.items()):
        if text is None:
            continue
        if index in cited.get(ref, frozenset()) or mentions(text, names):
            out.append((ref, index))
    return tuple(out)


def probe_questions(names: Sequence[str], demands: Sequence[Demand]) -> tuple[tuple[str, str], ...]:
    """(kind, question) pairs every one of which must abstain once the subject is erased."""
    out: dict[str, str] = {}
    for i, name in enumerate(names):
        kind = "name" if i == 0 else "alias"
        if i > 0 and len(name.split()) == 1 and len(names[0].split()) > 1:
            # A one-word alias ("Kasia") may be a bystander's name too; the full name and
            # the claim texts below probe the erased person without asking about them.
            continue
        for question in (name, f"Who is {name}?", f"What do you know about {name}?"):
            out.setdefault(question, kind)
    subject = names[0] if names else ""
    for demand in demands:
        out.setdefault(demand.text.strip().rstrip(".!") + "?", "claim_text")
        if subject and demand.predicate:
            out.setdefault(f"What is {subject}'s {demand.predicate}?", "claim_predicate")
    return tuple((kind, question) for question, kind in out.items())
