"""Readable accounts of ledger events: `affidavit log` and the `history` tool.

Personal fields are shown only when the keyring can open them; otherwise they
read ``[erased]`` (key destroyed on purpose) or ``[unavailable]`` (key not held).
"""

from __future__ import annotations

from collections.abc import Iterator
from datetime import UTC, datetime

import msgspec

from affidavit.codec import decode_body
from affidavit.engine import Engine
from affidavit.errors import UnknownEventKind
from affidavit.events import (
    EAGER_PRIVATE,
    ClaimAdmitted,
    ClaimCorrected,
    ClaimPrivate,
    ClaimQuarantined,
    ClaimsRecalled,
    ClaimStateChanged,
    DisputeResolved,
    EntityPrivate,
    EntityRegistered,
    ReviewDecided,
    SourcePrivate,
    SourceRegistered,
    SubjectErased,
    Unreadable,
)
from affidavit.wording import plural


class HistoryEntry(msgspec.Struct, frozen=True):
    seq: int
    kind: str
    recorded_at: str
    actor: str
    tenant: str
    resolver: str
    summary: str
    claim_ids: tuple[str, ...] = ()
    entity_ids: tuple[str, ...] = ()


def iso(recorded_at_us: int) -> str:
    return datetime.fromtimestamp(recorded_at_us / 1e6, UTC).isoformat(timespec="milliseconds")


def _shown(private: object, render: str) -> str:
    if isinstance(private, Unreadable):
        return f"[{private.why}]"
    return render


def entries(store: Engine, *, tenant: str | None) -> Iterator[HistoryEntry]:
    """Every ledger event (of ``tenant``, or all when None) as a readable entry."""
    for row in store.ledger.rows(0):
        if tenant is not None and row.tenant != tenant:
            continue
        try:
            event = decode_body(row.kind, row.body, row.seq)
        except UnknownEventKind:
            yield HistoryEntry(row.seq, row.kind, iso(row.recorded_at), row.actor, row.tenant,
                               row.resolver, "[unknown kind: not readable by this version]")
            continue
        spec = EAGER_PRIVATE.get(row.kind)
        if isinstance(event, SourceRegistered):
            spec = ("meta", SourcePrivate)
        elif isinstance(event, ClaimAdmitted | ClaimQuarantined):
            spec = ("private", ClaimPrivate)
        private = (
            store.open_sealed(getattr(event, spec[0]), row.seq, row.kind, spec[0], spec[1])
            if spec else None
        )
        summary, claims, ents = _summarize(event, private)
        yield HistoryEntry(row.seq, row.kind, iso(row.recorded_at), row.actor, row.tenant,
                           row.resolver, summary, claims, ents)


def _summarize(event: object, private: object) -> tuple[str, tuple[str, ...], tuple[str, ...]]:
    if isinstance(event, EntityRegistered):
        name = private.name if isinstance(private, EntityPrivate) else ""
        return f"entity {event.entity_id}: {_shown(private, name)}", (), (event.entity_id,)
    if isinstance(event, ClaimAdmitted | ClaimQuarantined):
        text = private.text if isinstance(private, ClaimPrivate) else ""
        what = "admitted" if isinstance(event, ClaimAdmitted) else f"quarantined ({event.reason})"
        return (f"claim {event.claim_id} {what}: {_shown(private, text)}",
                (event.claim_id,), event.entity_ids)
    if isinstance(event, ClaimStateChanged):
        return (f"claim {event.claim_id}: {event.from_state} -> {event.to_state} ({event.reason})",
                (event.claim_id,), ())
    if isinstance(event, ClaimCorrected):
        return (f"claim {event.claim_id} corrected by {event.corrected_by} ({event.outcome}, "
                f"by {event.corrector})", (event.claim_id, event.corrected_by), ())
    if isinstance(event, DisputeResolved):
        return (f"dispute of {plural(len(event.claim_ids), 'claim')} resolved: {event.decision} "
                f"by {event.reviewer}", event.claim_ids, ())
    if isinstance(event, ReviewDecided):
        return (f"review of {event.claim_id}: {event.decision} by {event.reviewer} "
                f"({event.approval_kind})", (event.claim_id,), ())
    if isinstance(event, SubjectErased):
        return (f"subject {event.fingerprint[:16]}… erased: {plural(len(event.claim_ids), 'claim')}, "
                f"{plural(len(event.keys_destroyed), 'key')} destroyed", event.claim_ids, event.entity_ids)
    if isinstance(event, SourceRegistered):
        sid = private.source_id if isinstance(private, SourcePrivate) else ""
        return (f"source {_shown(private, sid)} registered: root {event.root[:16]}…, "
                f"{plural(len(event.leaf_hashes), 'part')}", (), ())
    if isinstance(event, ClaimsRecalled):
        return (f"recall by {event.agent} ({event.status}): served {plural(len(event.claim_ids), 'claim')}",
                event.claim_ids, ())
    fields = {k: v for k, v in msgspec.structs.asdict(event).items()  # type: ignore[arg-type]
              if isinstance(v, str | int)}
    return ", ".join(f"{k}={v}" for k, v in list(fields.items())[:4]), (), ()
