"""Source documents: registration (split, salt, Merkle root, seal parts) and receipt checks."""

from __future__ import annotations

import os

import msgspec

from affidavit import merkle, validation
from affidavit.crypto.macs import fingerprint
from affidavit.engine import Engine, WriteContext
from affidavit.errors import SourceConflict, UnknownSource
from affidavit.events import PartPrivate, ReceiptRef, SourcePrivate, SourceRegistered, Unreadable
from affidavit.projections import SourceRecord
from affidavit.secrets_scan import refuse_secrets
from affidavit.text.names import find_names, key_tokens
from affidavit.text.span import locate_span

SALT_BYTES = 16


class SourceDraft(msgspec.Struct):
    source_ref: str
    text: str
    parts: list[merkle.Part]
    leaves: list[bytes]
    new: bool


def source_ref(store: Engine, source_id: str) -> str:
    keyring = store.require_keyring()
    return fingerprint(keyring.derived("source-ref"), store.identity.tenant, source_id)


def mention_fingerprints(store: Engine, names: list[str]) -> tuple[str, ...]:
    """Keyed fingerprints of names and of their first and last tokens, sorted, unique."""
    key = store.require_keyring().derived("mention")
    tenant = store.identity.tenant
    keys: set[str] = set()
    for name in names:
        tokens = key_tokens(name)
        if tokens:
            keys.update({" ".join(tokens), tokens[0], tokens[-1]})
    return tuple(sorted(fingerprint(key, tenant, k) for k in keys))


def held_text(store: Engine, record: SourceRecord) -> str | None:
    """The document's text when every part is still held, else None."""
    pieces = []
    for index in range(len(record.parts)):
        held = open_part(store, record, index)
        if held is None:
            return None
        pieces.append(held[1].decode("utf-8"))
    return "".join(pieces)


def open_part(store: Engine, record: SourceRecord, index: int) -> tuple[bytes, bytes] | None:
    if index in record.redacted or index >= len(record.parts):
        return None
    opened = store.open_sealed(
        record.parts[index], record.seq, "SOURCE_REGISTERED", f"parts[{index}]", PartPrivate
    )
    if isinstance(opened, Unreadable) or not isinstance(opened, PartPrivate):
        return None
    return opened.salt, opened.text.encode("utf-8")


def prepare(
    ctx: WriteContext, source_id: str, text: str | None, origin: str | None = None
) -> SourceDraft:
    """An existing source (same text) or a SOURCE_REGISTERED draft; conflicts are refused."""
    store = ctx.engine
    ref = source_ref(store, source_id)
    existing = store.sources.get(store.identity.tenant, ref)
    if existing is not None:
        held = held_text(store, existing)
        if text is not None and held is not None and held != text:
            raise SourceConflict(
                "source id already registered with different text; register the new text "
                "under a new id"
            )
        if held is None:
            raise UnknownSource("the registered source's text is no longer held (redacted)")
        parts = merkle.split_parts(held)
        leaves = [bytes.fromhex(h) for h in existing.leaf_hashes]
        return SourceDraft(ref, held, parts, leaves, new=False)
    if text is None:
        raise UnknownSource(
            "no source with that id in this tenant: pass source_text, or add_source first"
        )
    parts = merkle.split_parts(text)
    salts = [os.urandom(SALT_BYTES) for _ in parts]
    leaves = merkle.leaf_hashes(parts, salts)
    keys = ctx.new_keys(len(parts))
    meta_key = ctx.new_keys()[0]
    seq = ctx.next_seq()
    kind = "SOURCE_REGISTERED"
    meta = SourcePrivate(source_id=source_id, origin=origin)
    sealed_parts = tuple(
        ctx.seal(seq, kind, f"parts[{i}]", PartPrivate(salts[i], part.text), (keys[i],))
        for i, part in enumerate(parts)
    )
    mentions = tuple(mention_fingerprints(store, [n for n, _, _ in find_names(part.text)])
                     for part in parts)
    event = SourceRegistered(
        source_ref=ref,
        root=merkle.document_root(leaves).hex(),
        leaf_hashes=tuple(leaf.hex() for leaf in leaves),
        part_spans=tuple((p.byte_start, p.byte_end) for p in parts),
        meta=ctx.seal(seq, kind, "meta", meta, (meta_key,)),
        parts=sealed_parts,
        part_mentions=mentions,
    )
    ctx.add(kind, event)  # the source id is opened on demand, never projected
    return SourceDraft(ref, text, parts, leaves, new=True)


def receipt_for(draft: SourceDraft, quoted: str) -> ReceiptRef | None:
    span = locate_span(draft.text, quoted)
    if span is None:
        return None
    receipt = merkle.make_receipt(draft.leaves, draft.parts, span[0], span[1])
    return ReceiptRef(source_ref=draft.source_ref, receipt=receipt)


def check_receipt(store: Engine, tenant: str, ref: ReceiptRef) -> merkle.ReceiptCheck:
    """Re-derive the receipt from the held source: verified, FAILED or source_not_held."""
    record = store.sources.get(tenant, ref.source_ref)
    if record is None:
        return merkle.ReceiptCheck("source_not_held", "the source is not registered here")
    if record.root != ref.receipt.root_hex:
        return merkle.ReceiptCheck("FAILED", "the receipt's root is not the source's root")
    held = {i: open_part(store, record, i) for i in ref.receipt.part_indices}
    return merkle.verify_receipt(ref.receipt, held)


class AddSourceOutcome(msgspec.Struct, frozen=True):
    status: str  # registered | already_registered
    source_id: str
    root: str
    parts: int
    text: str


def add_source(store: Engine, source_id: str, text: str, origin: str | None) -> AddSourceOutcome:
    source_id = validation.source_id(source_id)
    text = validation.text("text", text, validation.MAX_SOURCE_TEXT)
    if origin is not None:
        origin = validation.text("origin", origin, 2048, multiline=False)
    refuse_secrets(source_id=source_id, text=text, origin=origin)  # e.g. https://user:pass@host
    draft = store.transact(lambda ctx: prepare(ctx, source_id, text, origin))
    record = store.sources.get(store.identity.tenant, draft.source_ref)
    assert record is not None
    status = "registered" if draft.new else "already_registered"
    return AddSourceOutcome(status, source_id, record.root, len(record.parts),
                            f"{status.upper().replace('_', ' ')}: source {source_id} with "
                            f"{len(record.parts)} parts under root {record.root[:16]}…")


class ReceiptFailure(msgspec.Struct, frozen=True):
    claim_id: str
    status: str
    reason: str


class ReceiptReport(msgspec.Struct, frozen=True):
    verified: int
    failed: int
    source_not_held: int
    failures: tuple[ReceiptFailure, ...]


def verify_all(store: Engine, tenant: str | None = None, *, all_tenants: bool = False) -> ReceiptReport:
    """Re-derive every receipt of one tenant's claims (this process's tenant unless named;
    every tenant's with ``all_tenants``) from the held sources."""
    counts = {"verified": 0, "FAILED": 0, "source_not_held": 0}
    failures = []
    wanted = None if all_tenants else tenant or store.identity.tenant
    for record in store.claims.claims().values():
        if wanted is not None and record.tenant != wanted:
            continue
        if record.receipt is None:
            check = merkle.ReceiptCheck("source_not_held", "the claim has no receipt")
        else:
            check = check_receipt(store, record.tenant, record.receipt)
        counts[check.status] += 1
        if check.status != "verified":
            failures.append(ReceiptFailure(record.claim_id, check.status, check.reason))
    return ReceiptReport(counts["verified"], counts["FAILED"], counts["source_not_held"],
                         tuple(sorted(failures, key=lambda f: f.claim_id)))
