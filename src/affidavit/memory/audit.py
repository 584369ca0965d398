"""Audited reads: each recall recorded as a CLAIMS_RECALLED event (AFFIDAVIT_AUDIT_READS).

The event names who read (the process's agent id), which claim ids were served
(answers and the "known" list of an abstention alike) and the outcome. The query
itself is personal content, so only a keyed fingerprint of it is kept: equal
queries in one tenant can be linked, a list of guesses cannot be tested without
the keyring. An audited read that cannot be recorded fails instead of answering.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from affidavit.crypto import macs
from affidavit.engine import Engine
from affidavit.events import ClaimsRecalled

if TYPE_CHECKING:
    from affidavit.memory.recall import RecallOutcome

AUDIT_RESOLVER = "read-audit/1"


def served_ids(outcome: RecallOutcome) -> tuple[str, ...]:
    """Every claim id whose content the caller was shown, in order, once each."""
    ids = [c.id for c in outcome.claims] + [c.id for c in outcome.known]
    return tuple(dict.fromkeys(ids))


def record_recall(store: Engine, query: str, outcome: RecallOutcome) -> int:
    """Append CLAIMS_RECALLED for one answered or abstained recall; returns its seq."""
    keyring = store.require_keyring()
    event = ClaimsRecalled(
        agent=store.identity.agent,
        claim_ids=served_ids(outcome),
        query_fingerprint=macs.fingerprint(keyring.derived("query"), store.identity.tenant, query),
        status=outcome.status,
    )
    return store.transact(lambda ctx: ctx.add("CLAIMS_RECALLED", event), resolver=AUDIT_RESOLVER)
