"""Inclusion and consistency proofs of the event log under signed checkpoints.

Leaf ``i`` (0-based) of the log is event ``seq = i + 1``; its leaf data is the
32-byte event hash. Proofs are RFC 6962 audit paths (``affidavit.translog``),
hex-encoded, leaf level first. Every proof is verified before it is returned, so a
``verified: false`` result is a finding about the store, not a bug in the prover.
"""

from __future__ import annotations

import json
from pathlib import Path

import msgspec

from affidavit import translog
from affidavit.crypto.signer import verify_signature
from affidavit.engine import Engine
from affidavit.errors import InvalidInput, LogBehindCheckpoint, NoCheckpoint
from affidavit.forensics.checkpoints import (
    Checkpoint,
    NoteFields,
    event_hashes,
    key_id,
    latest,
    origin_of,
    parse_note,
    signed_note,
)


class SignedCheckpoint(msgspec.Struct, frozen=True):
    seq: int
    tree_size: int
    root: str
    note: str  # the signed form (body, blank line, signature line)
    public_key: str


class InclusionProof(msgspec.Struct, frozen=True):
    seq: int
    leaf_index: int
    event_hash: str
    tree_size: int
    root: str
    proof: tuple[str, ...]
    checkpoint: SignedCheckpoint
    verified: bool


class ConsistencyProof(msgspec.Struct, frozen=True):
    old_size: int
    old_root: str
    old_root_source: str  # "checkpoint file" (an external anchor) or "this log" (no anchor)
    old_signature: str  # verified | FAILED | absent
    new_size: int
    new_root: str
    proof: tuple[str, ...]
    checkpoint: SignedCheckpoint
    verified: bool


def _signed(cp: Checkpoint) -> SignedCheckpoint:
    e = cp.event
    name = origin_of_note(e.note)
    return SignedCheckpoint(cp.seq, e.tree_size, e.tree_root,
                            signed_note(e.note, name, e.public_key, e.signature), e.public_key.hex())


def origin_of_note(note: str) -> str:
    return note.split("\n", 1)[0]


def _latest(store: Engine, at_least: int) -> Checkpoint:
    cp = latest(store)
    if cp is None or cp.event.tree_size < at_least:
        raise NoCheckpoint(f"no signed checkpoint covers {at_least} events; run `affidavit checkpoint`")
    return cp


def prove_inclusion(store: Engine, seq: int) -> InclusionProof:
    """Audit path of event ``seq`` under the latest checkpoint that covers it."""
    if not isinstance(seq, int) or not 1 <= seq <= store.head_seq:
        raise InvalidInput("seq", f"expected a seq from 1 to {store.head_seq}")
    cp = _latest(store, seq)
    hashes = event_hashes(store, cp.event.tree_size)
    leaves = [translog.leaf_hash(h) for h in hashes]
    path = translog.inclusion_proof(seq - 1, leaves)
    root = bytes.fromhex(cp.event.tree_root)
    ok = translog.verify_inclusion(leaves[seq - 1], seq - 1, len(leaves), path, root)
    return InclusionProof(seq, seq - 1, hashes[seq - 1].hex(), len(leaves), cp.event.tree_root,
                          tuple(p.hex() for p in path), _signed(cp), ok)


def verify_inclusion_proof(proof: InclusionProof) -> bool:
    """Re-check an inclusion proof from its own fields (what an outside auditor does)."""
    try:
        leaf = translog.leaf_hash(bytes.fromhex(proof.event_hash))
        path = [bytes.fromhex(p) for p in proof.proof]
        root = bytes.fromhex(proof.root)
    except ValueError:
        return False
    return proof.root == proof.checkpoint.root and translog.verify_inclusion(
        leaf, proof.leaf_index, proof.tree_size, path, root)


def read_old_checkpoint(arg: str) -> tuple[int, bytes | None, str | None]:
    """FILE_OR_SIZE: a checkpoint note file (bare, signed, or JSON with a ``note``) or a size."""
    if arg.isdigit():
        size = int(arg)
        if size == 0:  # every log extends the empty one: a "proof" would say nothing
            raise InvalidInput("from_checkpoint", "expected a size of at least 1 (a consistency proof "
                               "from the empty log proves nothing)")
        return size, None, None
    try:
        text = Path(arg).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        raise InvalidInput("from_checkpoint", "expected a readable checkpoint file or a size") from None
    if text.lstrip().startswith("{"):
        try:
            text = str(json.loads(text)["note"])
        except (ValueError, KeyError, TypeError):
            raise InvalidInput("from_checkpoint", "JSON without a checkpoint note") from None
    fields = parse_note(text)
    if fields.size == 0:
        raise InvalidInput("from_checkpoint", "a checkpoint of the empty log proves nothing; use a "
                           "checkpoint of at least 1 event")
    return fields.size, fields.root, text


def prove_consistency(store: Engine, old_size: int, old_root: bytes | None = None,
                      old_note: str | None = None) -> ConsistencyProof:
    """Proof that the log under the latest checkpoint extends the log of ``old_size`` events.

    With ``old_root`` (from an earlier checkpoint kept outside the store) the proof
    is checked against it: a store rewritten since that checkpoint fails here.
    """
    # A held checkpoint of N events was signed as event N + 1: a store whose head is at
    # or before N never held it (a rollback), whatever checkpoints it has of its own.
    if (old_note is not None and old_size >= store.head_seq
            and parse_note(old_note).origin == origin_of(store.store_id)):
        raise LogBehindCheckpoint(old_size, store.head_seq)
    cp = _latest(store, old_size)
    hashes = event_hashes(store, cp.event.tree_size)
    leaves = [translog.leaf_hash(h) for h in hashes]
    proof = translog.consistency_proof(old_size, leaves)
    anchored = old_root is not None
    claimed_old = old_root if old_root is not None else translog.mth(leaves[:old_size])
    new_root = bytes.fromhex(cp.event.tree_root)
    ok = translog.verify_consistency(old_size, len(leaves), claimed_old, new_root, proof)
    signature = "absent"
    if old_note is not None:
        fields = parse_note(old_note)
        ok = ok and fields.origin == origin_of(store.store_id)
        signature = _old_signature(fields, old_note, cp.event.public_key)
        ok = ok and signature != "FAILED"
    return ConsistencyProof(
        old_size, claimed_old.hex(), "checkpoint file" if anchored else "this log", signature,
        len(leaves), cp.event.tree_root, tuple(p.hex() for p in proof), _signed(cp), ok)


def _old_signature(fields: NoteFields, note: str, public_key: bytes) -> str:
    if not fields.signatures:
        return "absent"
    body = note.partition("\n\n")[0] + "\n"
    want = key_id(fields.origin, public_key)
    for name, blob in fields.signatures:
        if name == fields.origin and blob[:4] == want:
            return "verified" if verify_signature(public_key, body.encode(), blob[4:]) else "FAILED"
    return "FAILED"  # signed, but not by this store's key
