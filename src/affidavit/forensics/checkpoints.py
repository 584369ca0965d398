"""Signed checkpoints of the event log, in the spirit of C2SP signed-note checkpoints.

The log is an RFC 6962 tree whose leaf data are the 32-byte event hashes, in seq
order (``affidavit.translog``). A checkpoint covers ``tree_size`` events (every
event before the CHECKPOINT_SIGNED event itself) and its note is::

    affidavit/<store_id>\\n
    <tree_size>\\n
    <base64 RFC 6962 root>\\n

The Ed25519 signature is over exactly those bytes. For C2SP tooling the signed
form appends a blank line and ``— <origin> <base64(key id || signature)>`` where
the 4-byte key id is SHA-256(origin || "\\n" || 0x01 || public key)[:4].
"""

from __future__ import annotations

import base64
import hashlib
from pathlib import Path
from typing import NamedTuple

import msgspec

from affidavit import certificates
from affidavit.codec import decode_event
from affidavit.crypto.signer import Signer, verify_signature
from affidavit.engine import Engine, WriteContext
from affidavit.errors import InvalidInput
from affidavit.events import CheckpointSigned
from affidavit.translog import CompactTree, leaf_hash, mth

_ED25519_TYPE = b"\x01"
_DASH = "\u2014"


class Checkpoint(msgspec.Struct, frozen=True):
    seq: int  # the CHECKPOINT_SIGNED event's own seq
    event: CheckpointSigned


class NoteFields(NamedTuple):
    origin: str
    size: int
    root: bytes
    signatures: tuple[tuple[str, bytes], ...]  # (key name, key id || signature)


def origin_of(store_id: str) -> str:
    return f"affidavit/{store_id}"


def note_body(origin: str, size: int, root: bytes) -> str:
    return f"{origin}\n{size}\n{base64.b64encode(root).decode()}\n"


def key_id(name: str, public_key: bytes) -> bytes:
    return hashlib.sha256(name.encode() + b"\n" + _ED25519_TYPE + public_key).digest()[:4]


def signed_note(body: str, name: str, public_key: bytes, signature: bytes) -> str:
    blob = base64.b64encode(key_id(name, public_key) + signature).decode()
    return f"{body}\n{_DASH} {name} {blob}\n"


def parse_note(text: str) -> NoteFields:
    """Origin, size and root of a checkpoint note (bare body or signed form)."""
    body, _, sigs = text.partition("\n\n")
    lines = body.split("\n")
    try:
        origin, size_text, root_text = lines[0], lines[1], lines[2]
        size = int(size_text)
        root = base64.b64decode(root_text, validate=True)
    except (IndexError, ValueError):
        raise InvalidInput("checkpoint", "expected origin, size and base64 root lines") from None
    if size < 0 or len(root) != 32 or not origin or str(size) != size_text:
        raise InvalidInput("checkpoint", "expected a non-negative size and a 32-byte root")
    signatures = []
    for line in sigs.splitlines():
        parts = line.split(" ")
        if len(parts) == 3 and parts[0] == _DASH:
            try:
                signatures.append((parts[1], base64.b64decode(parts[2], validate=True)))
            except ValueError:
                continue
    return NoteFields(origin, size, root, tuple(signatures))


def signer_for(store: Engine) -> Signer:
    """The install's Ed25519 key, shared with erasure certificates; publishes its public half."""
    signer = certificates.signer_for(Path(store.keyring_dir))
    certificates.write_public_key(Path(store.path), signer)
    return signer


def event_hashes(store: Engine, size: int) -> list[bytes]:
    return [row.hash for row in store.ledger.rows(0, size)]


def sign_checkpoint(store: Engine) -> Checkpoint:
    """Append CHECKPOINT_SIGNED over every event before it."""
    signer = signer_for(store)
    origin = origin_of(store.store_id)

    def decide(ctx: WriteContext) -> Checkpoint:
        size = ctx.base_seq  # caught up: the last event before this checkpoint
        tree = CompactTree()
        for row in store.ledger.rows(0, size):
            tree.append(row.hash)
        root = tree.root()
        body = note_body(origin, size, root)
        event = CheckpointSigned(
            tree_size=size, head_hash=store.head_hash.hex(), tree_root=root.hex(), note=body,
            signature=signer.sign(body.encode()), public_key=signer.public_key_bytes,
        )
        return Checkpoint(ctx.add("CHECKPOINT_SIGNED", event), event)

    return store.transact(decide)


def checkpoints(store: Engine) -> list[Checkpoint]:
    """Every CHECKPOINT_SIGNED event, oldest first."""
    found = []
    for row in store.ledger.rows(0, store.head_seq):
        if row.kind == "CHECKPOINT_SIGNED":
            event = decode_event(row)
            assert isinstance(event, CheckpointSigned)
            found.append(Checkpoint(row.seq, event))
    return found


def latest(store: Engine) -> Checkpoint | None:
    found = checkpoints(store)
    return found[-1] if found else None


def check_checkpoint(store_id: str, cp: Checkpoint, hashes: list[bytes]) -> list[str]:
    """Everything wrong with a checkpoint given the event hashes before it (empty list: valid)."""
    e = cp.event
    problems = []
    if not 0 <= e.tree_size < cp.seq or e.tree_size > len(hashes):
        return [f"tree_size {e.tree_size} is not a prefix before seq {cp.seq}"]
    root = mth([leaf_hash(h) for h in hashes[: e.tree_size]])
    head = hashes[e.tree_size - 1].hex() if e.tree_size else bytes(32).hex()
    if e.tree_root != root.hex():
        problems.append("tree_root is not the RFC 6962 root of the events it covers")
    if e.head_hash != head:
        problems.append("head_hash is not the hash of the last event covered")
    try:
        fields = parse_note(e.note)
    except InvalidInput:
        fields = None
    if fields is None or e.note != note_body(origin_of(store_id), e.tree_size, root):
        problems.append("note does not state this store's origin, tree_size and root")
    if not verify_signature(e.public_key, e.note.encode(), e.signature):
        problems.append("Ed25519 signature does not verify over the note")
    return problems


def verify_checkpoints(store: Engine) -> dict[int, list[str]]:
    """Check every checkpoint in the ledger; returns problems by checkpoint seq."""
    hashes: list[bytes] = []
    out: dict[int, list[str]] = {}
    for row in store.ledger.rows(0, store.head_seq):
        if row.kind == "CHECKPOINT_SIGNED":
            event = decode_event(row)
            assert isinstance(event, CheckpointSigned)
            out[row.seq] = check_checkpoint(store.store_id, Checkpoint(row.seq, event), hashes)
        hashes.append(row.hash)
    return out

