"""What `forget` would erase, computed without writing anything (``forget --dry-run``).

The same exact closure ``forget`` computes (``closure.decide_closure``), read-only:
the subject's entities and aliases, its claims (pending review items filed under its
name included), and the held source parts that would be redacted.
"""

from __future__ import annotations

import msgspec

from affidavit import validation
from affidavit.engine import Engine
from affidavit.events import Unreadable
from affidavit.memory.closure import decide_closure, mentions
from affidavit.memory.sources import mention_fingerprints, open_part
from affidavit.wording import plural


class PreviewClaim(msgspec.Struct, frozen=True):
    claim_id: str
    state: str
    text: str


class ForgetPreview(msgspec.Struct, frozen=True):
    status: str  # would_erase | unknown_subject
    subject: str
    entities: int
    claims: tuple[PreviewClaim, ...]
    source_parts: int  # held parts that would be redacted
    text: str


def preview(store: Engine, subject: str) -> ForgetPreview:
    """The closure ``forget(subject)`` would erase now; nothing is written."""
    subject = validation.text("subject", subject, validation.MAX_ID, multiline=False)
    store.catch_up()
    tenant = store.identity.tenant
    found = store.entities.resolve(tenant, subject)
    if len(found) != 1:
        why = "ambiguous: name the subject in full" if len(found) > 1 else "not known here"
        return ForgetPreview("unknown_subject", subject, 0, (), 0,
                             f"DRY RUN — nothing would be erased: the subject is {why}.")
    closure = decide_closure(tenant, found[0], store.entities, store.claims, store.review_queue,
                             store.claim_private)
    claims: list[tuple[int, PreviewClaim]] = []
    for claim_id in closure.claim_ids:
        record = store.claims.get(claim_id)
        if record is None:
            continue
        opened = store.open_claim(record)
        text = f"[{opened.why}]" if isinstance(opened, Unreadable) else opened.text
        claims.append((record.seq, PreviewClaim(claim_id, record.state, text)))
    shown = tuple(c for _, c in sorted(claims, key=lambda pair: pair[0]))  # oldest first
    cited = {ref: set(parts) for ref, parts in closure.cited.items()}
    for ref, index in store.sources.parts_mentioning(tenant, mention_fingerprints(
            store, list(closure.names))):
        cited.setdefault(ref, set()).add(index)
    parts = 0
    for ref, indices in cited.items():
        record = store.sources.get(tenant, ref)
        for index in indices if record is not None else ():
            held = open_part(store, record, index) if record is not None else None
            if held is not None and (index in closure.cited.get(ref, frozenset())
                                     or mentions(held[1].decode("utf-8", "replace"), closure.names)):
                parts += 1
    lines = [f"DRY RUN — forget would erase {plural(len(shown), 'claim')}, "
             f"{plural(len(closure.entity_ids), 'entity')} (the subject and its aliases) and "
             f"redact {plural(parts, 'source part')}; nothing was written:"]
    lines += [f"  {c.claim_id} ({c.state}): {c.text}" for c in shown]
    return ForgetPreview("would_erase", subject, len(closure.entity_ids), shown, parts,
                         "\n".join(lines))
