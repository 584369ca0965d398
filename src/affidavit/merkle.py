"""Source documents as salted Merkle trees, and byte-range receipts over them.

Pure code: hashlib only, no I/O, no clock. Salts are chosen by the caller.

Parts (``split_parts``, rule version ``SPLIT_RULES``). A document is cut into parts
that tile its UTF-8 bytes exactly; each part runs up to and including the
whitespace after it. A part ends:

* after a sentence terminator (``.``, ``!``, ``?``, ``…``, repeated), optional
  closing quotes/brackets, and whitespace, unless the next character is lowercase;
* after a whitespace run holding a blank line (paragraph break);
* at the last whitespace boundary within ``MAX_PART_CHARS`` characters, or hard at
  that limit, so no part is unbounded.

Changing these rules changes every new document root, so they are versioned.

Hashes (all SHA-256; ``u32``/``u64`` are big-endian unsigned)::

    leaf  = SHA-256("affidavit/source-leaf/v1" 0x00 || u32 len(salt) || salt
                    || u64 len(part) || part)           part: the part's UTF-8 bytes
    node  = SHA-256("affidavit/source-node/v1" 0x00 || left || right)
    empty = SHA-256("affidavit/source-empty/v1" 0x00)   (document with no parts)

The tree has the RFC 6962 shape (``affidavit.translog``) with these tags, so a
source leaf or node can never be confused with a ledger-log one. Salts (at least
``MIN_SALT_BYTES``) stop anyone holding a leaf hash from confirming a guessed
part; redaction destroys a part's text and salt but keeps its leaf hash, so the
root and every other part's proof still verify.

Receipt: ``root_hex``; ``byte_start``/``byte_end`` (half-open, document bytes);
``part_indices`` (consecutive parts covering the range); ``leaf_hashes_hex`` and
``proofs`` (one audit path per part, hex, leaf level first); ``tree_size``;
``parts_byte_start``, the document offset of the first covered part. The tree
authenticates each part's content and position, not absolute byte offsets: the
quote check compares bytes relative to ``parts_byte_start``.
"""

from __future__ import annotations

import hashlib
import re
from bisect import bisect_right
from collections.abc import Mapping, Sequence
from typing import Literal

import msgspec

from affidavit import translog
from affidavit.errors import InvalidInput

SPLIT_RULES = 1
MAX_PART_CHARS = 2000
MIN_SALT_BYTES = 16
LEAF_TAG = b"affidavit/source-leaf/v1\x00"
NODE_TAG = b"affidavit/source-node/v1\x00"
EMPTY_TAG = b"affidavit/source-empty/v1\x00"
SOURCE_TREE = translog.TreeHasher(
    node_prefix=NODE_TAG, empty_root=hashlib.sha256(EMPTY_TAG).digest()
)

_SENTENCE_END = re.compile(r"[.!?\u2026]+[\"'\u2019\u201d)\]]*\s+")
_PARAGRAPH_BREAK = re.compile(r"\n[^\S\n]*\n\s*")

Status = Literal["verified", "FAILED", "source_not_held"]


class Part(msgspec.Struct, frozen=True, gc=False):
    """One part of a document: ``text`` is the bytes [byte_start, byte_end) decoded."""

    index: int
    byte_start: int
    byte_end: int
    text: str


class Receipt(msgspec.Struct, frozen=True, gc=False):
    """Proof that document bytes [byte_start, byte_end) lie in parts under ``root_hex``."""

    root_hex: str
    byte_start: int
    byte_end: int
    part_indices: tuple[int, ...]
    leaf_hashes_hex: tuple[str, ...]
    proofs: tuple[tuple[str, ...], ...]
    tree_size: int
    parts_byte_start: int


class ReceiptCheck(msgspec.Struct, frozen=True, gc=False):
    """Outcome of re-checking a receipt; ``reason`` never quotes document text."""

    status: Status
    reason: str


def _cut_long(text: str, start: int, end: int) -> list[int]:
    """Extra boundaries so that no part in [start, end) exceeds MAX_PART_CHARS."""
    cuts: list[int] = []
    while end - start > MAX_PART_CHARS:
        limit = start + MAX_PART_CHARS
        cut = limit
        for p in range(limit, start, -1):  # last whitespace-to-text boundary
            if text[p - 1].isspace() and not text[p].isspace():
                cut = p
                break
        cuts.append(cut)
        start = cut
    return cuts


def split_parts(text: str) -> list[Part]:
    """Cut ``text`` into parts that tile its UTF-8 encoding (see module docstring)."""
    n = len(text)
    marks = {m.end() for m in _PARAGRAPH_BREAK.finditer(text)}
    for m in _SENTENCE_END.finditer(text):
        if m.end() < n and not text[m.end()].islower():
            marks.add(m.end())
    marks.discard(n)
    bounds = [0, *sorted(marks), n] if n else []
    parts: list[Part] = []
    offset = 0
    for a, b in zip(bounds, bounds[1:], strict=False):
        cuts = _cut_long(text, a, b)
        for s, e in zip([a, *cuts], [*cuts, b], strict=True):
            piece = text[s:e]
            try:
                size = len(piece.encode("utf-8"))
            except UnicodeEncodeError:
                raise InvalidInput("text", "not encodable as UTF-8 (lone surrogate)") from None
            parts.append(Part(len(parts), offset, offset + size, piece))
            offset += size
    return parts


def leaf_hash(salt: bytes, part_bytes: bytes) -> bytes:
    """Salted, length-prefixed, domain-tagged leaf hash of one part."""
    if len(salt) < MIN_SALT_BYTES:
        raise InvalidInput("salt", f"expected at least {MIN_SALT_BYTES} bytes, got {len(salt)}")
    return hashlib.sha256(
        LEAF_TAG
        + len(salt).to_bytes(4, "big")
        + salt
        + len(part_bytes).to_bytes(8, "big")
        + part_bytes
    ).digest()


def leaf_hashes(parts: Sequence[Part], salts: Sequence[bytes]) -> list[bytes]:
    """One leaf hash per part, salt i for part i."""
    if len(parts) != len(salts):
        raise InvalidInput("salts", f"expected {len(parts)} salts, got {len(salts)}")
    return [leaf_hash(s, p.text.encode("utf-8")) for p, s in zip(parts, salts, strict=True)]


def document_root(leaves: Sequence[bytes]) -> bytes:
    """Merkle root of a document's leaf hashes (source-tree tags)."""
    return translog.mth(leaves, SOURCE_TREE)


def inclusion_proof(index: int, leaves: Sequence[bytes]) -> list[bytes]:
    """Audit path for part ``index``, leaf level first."""
    return translog.inclusion_proof(index, leaves, SOURCE_TREE)


def verify_inclusion(
    leaf: bytes, index: int, tree_size: int, proof: Sequence[bytes], root: bytes
) -> bool:
    """Does ``leaf`` sit at ``index`` in the source tree with this ``root``?"""
    return translog.verify_inclusion(leaf, index, tree_size, proof, root, SOURCE_TREE)


def parts_covering(parts: Sequence[Part], byte_start: int, byte_end: int) -> range:
    """Indices of the parts overlapping the non-empty byte range [byte_start, byte_end)."""
    total = parts[-1].byte_end if parts else 0
    if not 0 <= byte_start < byte_end <= total:
        raise InvalidInput("byte range", f"expected 0 <= start < end <= {total}")
    ends = [p.byte_end for p in parts]
    return range(bisect_right(ends, byte_start), bisect_right(ends, byte_end - 1) + 1)


def make_receipt(
    leaves: Sequence[bytes], parts: Sequence[Part], byte_start: int, byte_end: int
) -> Receipt:
    """Receipt for the byte range, with one inclusion proof per covered part."""
    if len(leaves) != len(parts):
        raise InvalidInput("leaf_hashes", f"expected {len(parts)}, got {len(leaves)}")
    covered = parts_covering(parts, byte_start, byte_end)
    levels = translog.tree_levels(leaves, SOURCE_TREE)
    return Receipt(
        root_hex=levels[-1][0].hex(),
        byte_start=byte_start,
        byte_end=byte_end,
        part_indices=tuple(covered),
        leaf_hashes_hex=tuple(leaves[i].hex() for i in covered),
        proofs=tuple(
            tuple(h.hex() for h in translog.inclusion_proof_from_levels(i, levels)) for i in covered
        ),
        tree_size=len(leaves),
        parts_byte_start=parts[covered[0]].byte_start,
    )


def _hash_from_hex(value: str) -> bytes | None:
    """Canonical lowercase 64-digit hex only; anything else is malformed."""
    if len(value) != 64:
        return None
    try:
        raw = bytes.fromhex(value)
    except ValueError:
        return None
    return raw if raw.hex() == value else None


def _hashes_from_hex(values: Sequence[str]) -> list[bytes] | None:
    out = [_hash_from_hex(v) for v in values]
    return None if None in out else [h for h in out if h is not None]


def _failed(reason: str) -> ReceiptCheck:
    return ReceiptCheck("FAILED", reason)


def verify_receipt(
    receipt: Receipt,
    held_parts: Mapping[int, tuple[bytes, bytes] | None],
    quoted: bytes | None = None,
) -> ReceiptCheck:
    """Re-check a receipt against the parts still held (index -> (salt, part bytes))."""
    r = receipt
    idx = r.part_indices
    shape_ok = (
        len(idx) >= 1
        and len(idx) == len(r.leaf_hashes_hex) == len(r.proofs)
        and all(b == a + 1 for a, b in zip(idx, idx[1:], strict=False))
        and idx[0] >= 0
        and idx[-1] < r.tree_size
        and 0 <= r.parts_byte_start <= r.byte_start < r.byte_end
    )
    root = _hash_from_hex(r.root_hex)
    leaves = _hashes_from_hex(r.leaf_hashes_hex)
    proofs = [_hashes_from_hex(proof) for proof in r.proofs]
    if not shape_ok or root is None or leaves is None or None in proofs:
        return _failed("malformed receipt")
    for i, leaf, proof in zip(idx, leaves, proofs, strict=True):
        if proof is None or not verify_inclusion(leaf, i, r.tree_size, proof, root):
            return _failed(f"inclusion proof for part {i} does not reach the root")
    held: list[bytes] = []
    for i, leaf in zip(idx, leaves, strict=True):
        entry = held_parts.get(i)
        if entry is None:
            return ReceiptCheck("source_not_held", f"part {i} is not held (redacted or absent)")
        salt, data = entry
        if len(salt) < MIN_SALT_BYTES or leaf_hash(salt, data) != leaf:
            return _failed(f"held part {i} does not match its leaf hash")
        held.append(data)
    lengths = [len(d) for d in held]
    first_end = r.parts_byte_start + lengths[0]
    last_start = r.parts_byte_start + sum(lengths[:-1])
    if not (r.byte_start < first_end and last_start < r.byte_end <= last_start + lengths[-1]):
        return _failed("byte range does not lie within exactly the receipt's parts")
    if quoted is not None:
        rel = r.byte_start - r.parts_byte_start
        if b"".join(held)[rel : rel + r.byte_end - r.byte_start] != quoted:
            return _failed("bytes at the range differ from the quote")
    return ReceiptCheck("verified", f"{len(idx)} part(s) verified against the root")
