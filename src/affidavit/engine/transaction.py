"""The pieces of one sealed write that need no engine state: drafts, and rows from drafts."""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from affidavit import chain
from affidavit.chain import Row
from affidavit.codec import encode_body
from affidavit.events import Event


class Draft(msgspec.Struct):
    seq: int
    kind: str
    event: Event
    private: object  # plaintext payload handed to projections after commit


def build_rows(drafts: Sequence[Draft], *, tenant: str, actor: str, recorded_at: int,
               resolver: str, prev_hash: bytes) -> list[Row]:
    """The ledger rows for a batch of drafts, each hash-linked to the one before."""
    rows, prev = [], prev_hash
    for draft in drafts:
        body = encode_body(draft.event)
        digest = chain.event_hash(draft.seq, draft.kind, tenant, actor, recorded_at, resolver,
                                  body, prev)
        rows.append(Row(draft.seq, draft.kind, tenant, actor, recorded_at, resolver, body, prev,
                        digest))
        prev = digest
    return rows
