"""Browse what the store holds: the claims of this tenant, filtered and paged in a stable order.

Rows are ordered by the seq of the event that first recorded each claim (unique,
never reused), so a page boundary, given as ``cursor`` (the last seq seen), is
stable while others write: new claims only ever appear after it. Another tenant's
claims and erased claims are absent, exactly as if they never existed.
"""

from __future__ import annotations

import bisect
from collections.abc import Callable

import msgspec

from affidavit import validation
from affidavit.engine import Engine
from affidavit.errors import InvalidInput
from affidavit.events import Unreadable
from affidavit.memory import sources as sourcing
from affidavit.memory.disputes import dispute_hash
from affidavit.memory.history import iso
from affidavit.projections import STATES, ClaimRecord
from affidavit.wording import plural, valid_time

MAX_PAGE = 100


class ClaimRow(msgspec.Struct, frozen=True):
    id: str
    state: str
    text: str
    subject: str
    agent: str
    valid_from: str | None
    valid_to: str | None
    seq: int
    recorded_at: str
    receipt_status: str  # verified | failed | source_not_held
    dispute_hash: str | None = None  # disputed: the reviewed_hash resolve_dispute binds to


class ClaimPage(msgspec.Struct, frozen=True):
    claims: tuple[ClaimRow, ...]
    matched: int
    next_cursor: str | None
    text: str


class Filters(msgspec.Struct, frozen=True):
    subject: str | None = None
    state: str | None = None
    agent: str | None = None
    source_id: str | None = None
    valid_at: str | None = None
    since_seq: int | None = None  # transaction time: recorded at seq > since_seq
    until_seq: int | None = None  # ... and seq <= until_seq
    recorded_after: str | None = None  # ISO date: recorded on or after
    recorded_before: str | None = None  # ISO date: recorded before


def _seq_bound(store: Engine, day: str) -> int:
    """The last seq recorded before ``day`` (UTC) began."""
    times = [row[4] for row in store.ledger.rows(0)]
    stamps = [iso(t)[:10] for t in times]
    return bisect.bisect_left(stamps, day)


def matcher(store: Engine, f: Filters) -> Callable[[ClaimRecord], bool]:
    """The predicate a claim of this tenant must pass (validates the filters)."""
    tenant = store.identity.tenant
    if f.state is not None and f.state not in STATES:
        raise InvalidInput("state", "expected one of " + ", ".join(STATES))
    valid_at = validation.iso_date("valid_at", f.valid_at)
    low = f.since_seq or 0
    high = f.until_seq if f.until_seq is not None else store.head_seq
    if f.recorded_after is not None:
        low = max(low, _seq_bound(store, validation.iso_date("recorded_after", f.recorded_after) or ""))
    if f.recorded_before is not None:
        high = min(high, _seq_bound(store, validation.iso_date("recorded_before", f.recorded_before) or ""))
    entities = set(store.entities.resolve(tenant, f.subject)) if f.subject is not None else None
    ref = sourcing.source_ref(store, f.source_id) if f.source_id is not None else None

    def keep(r: ClaimRecord) -> bool:
        return (r.tenant == tenant and low < r.seq <= high
                and (f.state is None or r.state == f.state)
                and (f.agent is None or r.agent == f.agent)
                and (entities is None or not entities.isdisjoint(r.entity_ids))
                and (ref is None or (r.receipt is not None and r.receipt.source_ref == ref))
                and (valid_at is None or ((r.valid_from or "0000") <= valid_at
                                          <= (r.valid_to or "9999"))))
    return keep


def _row(store: Engine, r: ClaimRecord) -> ClaimRow:
    opened = store.open_claim(r)
    text = f"[{opened.why}]" if isinstance(opened, Unreadable) else opened.text
    subject = "[unavailable]" if isinstance(opened, Unreadable) else opened.subject_name
    status = "source_not_held"
    if r.receipt is not None:
        check = sourcing.check_receipt(store, r.tenant, r.receipt)
        status = "failed" if check.status == "FAILED" else check.status
    recorded = next((iso(row.recorded_at) for row in store.ledger.rows(r.seq - 1, r.seq)), "")
    digest = None
    if r.state == "disputed":
        ids = store.disputes.group(r.claim_id, lambda i: (x := store.claims.get(i)) is not None
                                   and x.state == "disputed" and x.tenant == r.tenant)
        group = [x for i in ids if (x := store.claims.get(i)) is not None]
        digest = dispute_hash(group) if len(group) > 1 else None
    return ClaimRow(r.claim_id, r.state, text, subject, r.agent, r.valid_from, r.valid_to, r.seq,
                    recorded, status, digest)


def list_claims(store: Engine, filters: Filters | None = None, *, cursor: str | None = None,
                limit: int = 20) -> ClaimPage:
    """One page of this tenant's claims that pass ``filters``, oldest first."""
    f = filters or Filters()
    if not isinstance(limit, int) or isinstance(limit, bool) or not 1 <= limit <= MAX_PAGE:
        raise InvalidInput("limit", f"expected an integer from 1 to {MAX_PAGE}")
    after = 0
    if cursor is not None:
        if not cursor.isdigit():
            raise InvalidInput("cursor", "expected the next_cursor of an earlier page")
        after = int(cursor)
    keep = matcher(store, f)
    matched = sorted((r for r in store.claims.claims().values() if keep(r)), key=lambda r: r.seq)
    rest = [r for r in matched if r.seq > after]
    page = rest[:limit]
    more = len(rest) > limit
    rows = tuple(_row(store, r) for r in page)
    head = plural(len(matched), "claim") + (" match" if len(matched) != 1 else " matches")
    if not matched:
        head = "no claims match in this tenant"
    elif len(rows) < len(matched):
        head += f"; showing {len(rows)}" + (" (more: pass the next cursor)" if more else "")
    lines = [head] + [f"  {c.id}  {c.state:<11} {valid_time(c.valid_from, c.valid_to):<24} "
                      f"{c.receipt_status:<15} {c.text}" for c in rows]
    return ClaimPage(rows, len(matched), str(page[-1].seq) if more else None, "\n".join(lines))
