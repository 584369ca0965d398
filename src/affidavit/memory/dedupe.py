"""Idempotent remember: the same claim with the same evidence and validity is one claim.

``claim_key`` is the normalisation the write gate already applies to numbers,
dates, case and whitespace (``12,500`` = ``12500`` = ``twelve thousand five
hundred``); two proposals whose claim and evidence have equal keys, with the same
valid time and the same source, are the same claim. ``find_known`` looks, under the
write lock, among the claims of the proposal's subject; a match means remember
writes nothing and answers ``already_known`` with the existing id and state.
"""

from __future__ import annotations

import re

from affidavit.codec import decode_event
from affidavit.engine import Engine, WriteContext
from affidavit.events import ClaimAdmitted, ClaimQuarantined
from affidavit.gates.contracts import WriteDecision
from affidavit.memory import sources as sourcing
from affidavit.memory.linking import lookup
from affidavit.projections import ClaimRecord
from affidavit.text.numbers import dates, quantities

_SPACE = re.compile(r"\s+")


def claim_key(text: str) -> str:
    """``text`` with numbers and dates in one canonical form, casefolded, spaces collapsed (pure).

    Deliberately not memoised: a cache of claim text would outlive an erasure.
    """
    found_dates, _ = dates(text)
    canon = [(d.surface, f"@date:{d.year}-{d.month or 0}-{d.day or 0}") for d in found_dates]
    canon += [(q.surface, f"@num:{format(q.value.normalize(), 'f')}:{q.unit or ''}")
              for q in quantities(text)]
    out = text
    for i, (surface, _value) in enumerate(canon):
        out = out.replace(surface, f" \x01{i}\x01 ", 1)
    for i, (_surface, value) in enumerate(canon):
        out = out.replace(f"\x01{i}\x01", value, 1)
    return _SPACE.sub(" ", out.casefold()).strip().rstrip(".!?;").strip()


def expected_source_ref(store: Engine, narrowed: str, source_id: str | None,
                        source_text: str | None) -> str:
    """The source ref a new claim's receipt would point into (as remember derives it)."""
    if source_id is None and source_text is None:
        source_id = "evidence:" + sourcing.source_ref(store, "evidence\x00" + narrowed)[:32]
    elif source_id is None:
        assert source_text is not None
        source_id = "text:" + sourcing.source_ref(store, "text\x00" + source_text)[:32]
    return sourcing.source_ref(store, source_id)


def admitted_interval(store: Engine, record: ClaimRecord) -> tuple[str | None, str | None]:
    """The valid time the claim was proposed with (a later supersession may have closed it)."""
    for row in store.ledger.rows(record.seq - 1, record.seq):
        event = decode_event(row)
        if isinstance(event, ClaimAdmitted | ClaimQuarantined):
            return event.valid_from, event.valid_to
    return record.valid_from, record.valid_to


def find_known(ctx: WriteContext, claim: str, narrowed: str, decision: WriteDecision,
               source_id: str | None, source_text: str | None, valid_from: str | None,
               valid_to: str | None) -> ClaimRecord | None:
    """The existing claim this proposal repeats, or None (read-only, under the write lock)."""
    shape = decision.shape
    if shape is None:
        return None
    store, tenant = ctx.engine, ctx.engine.identity.tenant
    wanted = claim_key(decision.normalised_claim or claim)
    evidence = claim_key(narrowed)
    ref: str | None = None
    for entity_id in lookup(ctx, (shape.entities or (shape.subject,))[0], True, "claim"):
        for record in store.claims.about(entity_id):
            if record.tenant != tenant or record.subject_id != entity_id:
                continue
            private = store.claim_private(record)
            if private is None or claim_key(private.text) != wanted:
                continue
            held = store.claim_evidence(record)
            if not isinstance(held, str) or claim_key(held) != evidence:
                continue
            if ref is None:
                ref = expected_source_ref(store, narrowed, source_id, source_text)
            if record.receipt is not None and record.receipt.source_ref != ref:
                continue
            if admitted_interval(store, record) == (valid_from, valid_to):
                return record
    return None
