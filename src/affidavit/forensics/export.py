"""`affidavit export`: a self-contained bundle that `affidavit-verify` checks without the engine.

Bundle format ``affidavit-bundle/1`` (docs/forensics.md): ``manifest.json``;
``events.jsonl`` (every row as stored, blobs hex); ``checkpoints.jsonl``;
``receipts.jsonl`` (selected claims' receipts, with the held parts' salt and bytes
only under ``include_evidence``); ``certificates.jsonl``; ``signing.pub``.
Every line is one JSON object. A tenant's bundle holds its own events in full and,
for every other tenant's event, only its seq and the two hashes that link the chain
(``withheld``); genesis and signed checkpoints are the store's and always in full.
An all-tenant bundle needs an operator process.
"""

from __future__ import annotations

import json
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import msgspec

from affidavit import translog
from affidavit.certificates import PUBLIC_KEY_FILE
from affidavit.codec import decode_event
from affidavit.engine import Engine
from affidavit.errors import ExportError
from affidavit.events import CertificateIssued, CheckpointSigned, ClaimAdmitted, ClaimQuarantined
from affidavit.forensics.checkpoints import Checkpoint, latest, origin_of, sign_checkpoint, signed_note
from affidavit.memory import sources as sourcing

if TYPE_CHECKING:
    from affidavit.chain import Row
    from affidavit.progress import ProgressHook

BUNDLE_FORMAT = "affidavit-bundle/1"


class ExportSummary(msgspec.Struct, frozen=True):
    out: str
    events: int
    checkpoints: int
    receipts: int
    receipts_with_evidence: int
    certificates: int
    head_hash: str


def row_json(row: Row) -> dict[str, Any]:
    return {"seq": row.seq, "kind": row.kind, "tenant": row.tenant, "actor": row.actor,
            "recorded_at": row.recorded_at, "resolver": row.resolver, "body": row.body.hex(),
            "prev_hash": row.prev_hash.hex(), "hash": row.hash.hex()}


def withheld_json(row: Row) -> dict[str, Any]:
    """Another tenant's event in a tenant-scoped bundle: its place in the chain, nothing else.

    Its kind, tenant, actor, time and body stay out; the verifier checks that it links
    (``prev_hash`` to the one before, its ``hash`` to the one after) and that the signed
    checkpoint roots cover it, but cannot recompute its hash.
    """
    return {"seq": row.seq, "withheld": True, "prev_hash": row.prev_hash.hex(), "hash": row.hash.hex()}


def _checkpoint_json(seq: int, e: CheckpointSigned) -> dict[str, Any]:
    name = e.note.split("\n", 1)[0]
    return {"seq": seq, "tree_size": e.tree_size, "head_hash": e.head_hash, "tree_root": e.tree_root,
            "note": e.note, "signed_note": signed_note(e.note, name, e.public_key, e.signature),
            "signature": e.signature.hex(), "public_key": e.public_key.hex()}


def _add_consistency_proofs(cps: list[dict[str, Any]], events: list[dict[str, Any]]) -> None:
    """Give each checkpoint the RFC 6962 proof that it extends the one before it.

    The standalone verifier checks these with its own tree maths against both signed
    roots, so a bundle shows that its checkpoints form one append-only history.
    """
    leaves = [translog.leaf_hash(bytes.fromhex(e["hash"])) for e in events]
    previous = 0
    for cp in cps:
        size = cp["tree_size"]
        if 0 < previous <= size <= len(leaves):
            proof = translog.consistency_proof(previous, leaves[:size])
            cp["consistency"] = {"from_size": previous, "proof": [h.hex() for h in proof]}
        previous = size


def _certificate_json(seq: int, e: CertificateIssued) -> dict[str, Any]:
    return {"seq": seq, "erasure_seq": e.erasure_seq, "payload": e.payload.hex(),
            "signature": e.signature.hex(), "public_key": e.public_key.hex()}


def _receipt_json(store: Engine, row: Row, event: ClaimAdmitted | ClaimQuarantined,
                  include_evidence: bool) -> dict[str, Any] | None:
    if event.receipt is None:
        return None
    ref = event.receipt
    record = store.sources.get(row.tenant, ref.source_ref)
    parts: list[dict[str, Any] | None] | None = None
    # A re-proposal of an erased subject, held for review, never leaves in clear.
    held_back = isinstance(event, ClaimQuarantined) and event.reason == "previously_erased"
    if include_evidence and record is not None and not held_back:
        parts = []
        for index in ref.receipt.part_indices:
            held = sourcing.open_part(store, record, index)  # None once redacted or erased
            parts.append(None if held is None else
                         {"index": index, "salt": held[0].hex(), "bytes": held[1].hex()})
    return {"claim_id": event.claim_id, "event_seq": row.seq, "tenant": row.tenant,
            "source_ref": ref.source_ref, "source_seq": record.seq if record is not None else None,
            "receipt": msgspec.to_builtins(ref.receipt), "parts": parts}


def _check_target(out: Path) -> None:
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise ExportError("the output directory exists and is not empty; choose a new one")


def _write_lines(path: Path, items: list[dict[str, Any]]) -> None:
    with path.open("w", encoding="utf-8") as fh:
        for item in items:
            fh.write(json.dumps(item, sort_keys=True, separators=(",", ":")) + "\n")


def covering_checkpoint(store: Engine) -> Checkpoint:
    """A checkpoint that covers every event before it and is the head (signed now if needed).

    With it the bundle's every event is covered: events 1..N by its signed root, and the
    CHECKPOINT_SIGNED event itself (seq N + 1) by its own signature.
    """
    store.catch_up()
    newest = latest(store)
    if newest is not None and newest.seq == store.head_seq and newest.event.tree_size == newest.seq - 1:
        return newest
    return sign_checkpoint(store)


def export_bundle(store: Engine, out: Path, *, claims: Sequence[str] | None = None,
                  include_evidence: bool = False, all_tenants: bool = False,
                  progress: ProgressHook | None = None) -> ExportSummary:
    """Write the bundle; ``claims`` None selects every claim of the tenant (or of all)."""
    _check_target(out)
    if all_tenants:
        store.identity.require_operator("export --all-tenants")
    wanted = None if claims is None else set(claims)
    tenant = None if all_tenants else store.identity.tenant
    events, cps, receipts, certs = [], [], [], []
    seen: set[str] = set()
    with store.ledger.snapshot():  # one consistent state of the file
        store.catch_up()
        seal = store.ledger.head_seal()
        for row in store.ledger.rows(0, store.head_seq):
            if (tenant is not None and row.tenant != tenant and row.seq != 1
                    and row.kind != "CHECKPOINT_SIGNED"):
                events.append(withheld_json(row))  # another tenant's: only what links the chain
                continue
            events.append(row_json(row))
            if progress is not None:
                progress(row.seq, store.head_seq)
            if row.kind in ("CLAIM_ADMITTED", "CLAIM_QUARANTINED"):
                event = decode_event(row)
                assert isinstance(event, ClaimAdmitted | ClaimQuarantined)
                if wanted is not None and event.claim_id not in wanted:
                    continue
                seen.add(event.claim_id)
                item = _receipt_json(store, row, event, include_evidence)
                if item is not None:
                    receipts.append(item)
            elif row.kind == "CHECKPOINT_SIGNED":
                cp = decode_event(row)
                assert isinstance(cp, CheckpointSigned)
                cps.append(_checkpoint_json(row.seq, cp))
            elif row.kind == "CERTIFICATE_ISSUED":
                cert = decode_event(row)
                assert isinstance(cert, CertificateIssued)
                certs.append(_certificate_json(row.seq, cert))
    if wanted is not None and wanted - seen:
        raise ExportError(f"{len(wanted - seen)} requested claim id(s) are not in this tenant's ledger")
    out.mkdir(parents=True, exist_ok=True, mode=0o700)  # bundles may hold evidence
    _write_lines(out / "events.jsonl", events)
    _add_consistency_proofs(cps, events)
    _write_lines(out / "checkpoints.jsonl", cps)
    _write_lines(out / "receipts.jsonl", receipts)
    _write_lines(out / "certificates.jsonl", certs)
    pub = Path(store.path) / PUBLIC_KEY_FILE
    if pub.is_file():
        shutil.copyfile(pub, out / PUBLIC_KEY_FILE)
    manifest = {
        "format": BUNDLE_FORMAT, "store_id": store.store_id, "origin": origin_of(store.store_id),
        "events": len(events), "head_hash": store.head_hash.hex(),
        "head_seal": None if seal is None else {"seq": seal.seq, "hash": seal.hash.hex(),
                                                 "mac": seal.mac.hex()},
        "tenant_scope": tenant if tenant is not None else "*",
        "claims": "all" if claims is None else sorted(wanted or ()),
        "evidence_included": include_evidence,
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=2, sort_keys=True) + "\n")
    with_evidence = sum(1 for r in receipts if r["parts"] and all(p is not None for p in r["parts"]))
    return ExportSummary(str(out), len(events), len(cps), len(receipts), with_evidence, len(certs),
                         store.head_hash.hex())

