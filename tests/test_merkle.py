"""Source-document trees and byte-range receipts: tamper, redact, and re-verify."""

from __future__ import annotations

import hashlib
import random

import msgspec
import pytest

from affidavit import translog
from affidavit.errors import InvalidInput
from affidavit.merkle import (
    MAX_PART_CHARS,
    Part,
    Receipt,
    document_root,
    inclusion_proof,
    leaf_hash,
    leaf_hashes,
    make_receipt,
    split_parts,
    verify_inclusion,
    verify_receipt,
)
from affidavit.text.span import locate_span

SEED = 31337
DOC = (
    "Ada Lovelace was born in London in 1815.  She worked with Charles Babbage "
    "on the Analytical Engine!\n\nHer notes include what is called the first "
    "program.   Was it? Historians debate e.g. authorship — “notes” survive."
)


def _salts(n: int, seed: int = SEED) -> list[bytes]:
    rng = random.Random(seed)
    return [rng.randbytes(32) for _ in range(n)]


def _setup(text: str = DOC) -> tuple[list[Part], list[bytes], list[bytes]]:
    parts = split_parts(text)
    salts = _salts(len(parts))
    return parts, salts, leaf_hashes(parts, salts)


def _held(parts: list[Part], salts: list[bytes]) -> dict[int, tuple[bytes, bytes] | None]:
    return {p.index: (s, p.text.encode()) for p, s in zip(parts, salts, strict=True)}


Held = dict[int, tuple[bytes, bytes] | None]


def _entry(held: Held, i: int) -> tuple[bytes, bytes]:
    entry = held[i]
    assert entry is not None
    return entry


def _receipt_for(quote: str, text: str = DOC) -> tuple[Receipt, Held, bytes]:
    parts, salts, leaves = _setup(text)
    span = locate_span(text, quote)
    assert span is not None
    receipt = make_receipt(leaves, parts, *span)
    return receipt, _held(parts, salts), text.encode()[span[0] : span[1]]


def _flip_hex(h: str) -> str:
    return ("1" if h[0] == "0" else "0") + h[1:]


# --- adversarial cases first -------------------------------------------------


def test_flipping_one_held_byte_fails_and_restoring_it_verifies() -> None:
    """Verify, flip one byte of a held part -> FAILED, restore -> verified again."""
    receipt, held, quoted = _receipt_for("the Analytical Engine")
    assert verify_receipt(receipt, held, quoted).status == "verified"
    i = receipt.part_indices[0]
    salt, data = _entry(held, i)
    for pos in (0, len(data) // 2, len(data) - 1):
        tampered = dict(held)
        tampered[i] = (salt, data[:pos] + bytes([data[pos] ^ 0x20]) + data[pos + 1 :])
        check = verify_receipt(receipt, tampered, quoted)
        assert check.status == "FAILED", pos
        assert "leaf hash" in check.reason
    assert verify_receipt(receipt, held, quoted).status == "verified"


def test_wrong_salt_fails() -> None:
    """The right text under another salt does not reproduce the leaf."""
    receipt, held, quoted = _receipt_for("born in London")
    i = receipt.part_indices[0]
    salt, data = _entry(held, i)
    assert verify_receipt(receipt, {**held, i: (_salts(1, 1)[0], data)}).status == "FAILED"
    assert verify_receipt(receipt, {**held, i: (salt, data)}).status == "verified"


def test_tampered_receipt_fields_fail() -> None:
    """Any altered root, leaf, proof element, index or size makes the receipt FAILED."""
    receipt, held, quoted = _receipt_for("first program")
    assert verify_receipt(receipt, held, quoted).status == "verified"
    proof0 = list(receipt.proofs[0])
    proof0[0] = _flip_hex(proof0[0])
    variants = [
        msgspec.structs.replace(receipt, root_hex=_flip_hex(receipt.root_hex)),
        msgspec.structs.replace(receipt, leaf_hashes_hex=(_flip_hex(receipt.leaf_hashes_hex[0]),)),
        msgspec.structs.replace(receipt, proofs=(tuple(proof0),)),
        msgspec.structs.replace(receipt, proofs=(receipt.proofs[0][:-1],)),
        msgspec.structs.replace(receipt, part_indices=(receipt.part_indices[0] + 1,)),
        msgspec.structs.replace(receipt, tree_size=receipt.tree_size + 5),
    ]
    for bad in variants:
        assert verify_receipt(bad, held, quoted).status == "FAILED", bad


def test_malformed_receipts_fail_without_raising() -> None:
    """Non-canonical hex, mismatched lengths, gaps in indices and empty ranges are FAILED."""
    receipt, held, quoted = _receipt_for("Was it?")
    variants = [
        msgspec.structs.replace(receipt, root_hex=receipt.root_hex.upper()),
        msgspec.structs.replace(receipt, root_hex=receipt.root_hex[:-2] + " 0"),
        msgspec.structs.replace(receipt, root_hex="zz" * 32),
        msgspec.structs.replace(receipt, leaf_hashes_hex=()),
        msgspec.structs.replace(receipt, part_indices=(), leaf_hashes_hex=(), proofs=()),
        msgspec.structs.replace(receipt, byte_end=receipt.byte_start),
        msgspec.structs.replace(receipt, parts_byte_start=receipt.byte_start + 1),
        msgspec.structs.replace(receipt, part_indices=(-1,)),
    ]
    for bad in variants:
        check = verify_receipt(bad, held, quoted)
        assert check.status == "FAILED", bad
    assert verify_receipt(receipt, held, quoted).status == "verified"


def test_byte_range_outside_the_parts_fails() -> None:
    """A range moved past its parts, or not touching the first part, is FAILED."""
    receipt, held, _ = _receipt_for("first program")
    length = receipt.byte_end - receipt.byte_start
    part_len = len(_entry(held, receipt.part_indices[0])[1])
    end_of_part = receipt.parts_byte_start + part_len
    moved = msgspec.structs.replace(receipt, byte_start=end_of_part, byte_end=end_of_part + length)
    assert verify_receipt(moved, held).status == "FAILED"
    assert verify_receipt(receipt, held).status == "verified"


def test_quote_that_differs_from_the_range_fails() -> None:
    """The quote must equal the bytes at the range exactly."""
    receipt, held, quoted = _receipt_for("born in London")
    assert verify_receipt(receipt, held, b"born in Paris!").status == "FAILED"
    assert verify_receipt(receipt, held, quoted.upper()).status == "FAILED"
    assert verify_receipt(receipt, held, quoted).status == "verified"


def test_redaction_keeps_root_and_other_receipts() -> None:
    """Redacting a part: its receipt says source_not_held; others and the root still verify."""
    parts, salts, leaves = _setup()
    root = document_root(leaves)
    held = _held(parts, salts)
    mine = make_receipt(leaves, parts, parts[1].byte_start, parts[1].byte_end - 1)
    other = make_receipt(leaves, parts, parts[3].byte_start, parts[3].byte_end - 1)
    held[1] = None  # text and salt destroyed; the leaf hash stays in the receipt/registry
    assert document_root(leaves) == root
    assert verify_receipt(mine, held).status == "source_not_held"
    assert verify_receipt(other, held).status == "verified"
    del held[1]  # absent entirely behaves the same
    assert verify_receipt(mine, held).status == "source_not_held"
    assert "London" not in verify_receipt(mine, held).reason


def test_tampered_proof_wins_over_not_held() -> None:
    """A receipt with a broken proof is FAILED even when its part is redacted."""
    parts, salts, leaves = _setup()
    receipt = make_receipt(leaves, parts, 0, 3)
    bad = msgspec.structs.replace(receipt, root_hex=_flip_hex(receipt.root_hex))
    assert verify_receipt(bad, {0: None}).status == "FAILED"
    assert verify_receipt(receipt, {0: None}).status == "source_not_held"


def test_leaf_hash_is_unambiguous_and_rejects_short_salts() -> None:
    """Moving bytes between salt and part changes the hash; salts under 16 bytes are refused."""
    salt = bytes(range(20))
    assert leaf_hash(salt + b"x", b"part") != leaf_hash(salt, b"xpart")
    assert leaf_hash(salt, b"part") != leaf_hash(salt[:-1], bytes([salt[-1]]) + b"part")
    with pytest.raises(InvalidInput):
        leaf_hash(b"short", b"part")
    with pytest.raises(InvalidInput):
        leaf_hashes(split_parts("One. Two."), [salt])


def test_source_tree_is_domain_separated_from_the_ledger_log() -> None:
    """The same leaves give different roots in the source tree and the RFC 6962 log."""
    leaves = [hashlib.sha256(bytes([i])).digest() for i in range(5)]
    assert document_root(leaves) != translog.mth(leaves)
    assert document_root([]) != translog.mth([])
    assert not verify_inclusion(
        leaves[2], 2, 5, translog.inclusion_proof(2, leaves), document_root(leaves)
    )
    assert verify_inclusion(leaves[2], 2, 5, inclusion_proof(2, leaves), document_root(leaves))


def test_make_receipt_rejects_bad_ranges() -> None:
    """Empty, reversed or out-of-document ranges and mismatched inputs are InvalidInput."""
    parts, _, leaves = _setup()
    total = parts[-1].byte_end
    for start, end in [(5, 5), (6, 5), (-1, 3), (0, total + 1)]:
        with pytest.raises(InvalidInput):
            make_receipt(leaves, parts, start, end)
    with pytest.raises(InvalidInput):
        make_receipt(leaves[:-1], parts, 0, 3)
    assert make_receipt(leaves, parts, 0, total).part_indices == tuple(range(len(parts)))


def test_split_rejects_unencodable_text() -> None:
    """A lone surrogate cannot be a source document."""
    with pytest.raises(InvalidInput):
        split_parts("fine. \ud800 bad.")
    assert len(split_parts("fine. good.")) == 1  # lowercase after the stop: no split


# --- parts -------------------------------------------------------------------


def test_parts_tile_the_document_for_random_texts() -> None:
    """Seeded random texts (multibyte, NUL, blank lines): parts tile the UTF-8 bytes exactly."""
    rng = random.Random(SEED)
    alphabet = ["a", "B", " ", "\n", "\n\n", ".", "!", "?", "é", "𝄞", "\x00", "\u00a0", "”"]
    for _ in range(300):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(0, 200)))
        parts = split_parts(text)
        data = text.encode()
        assert b"".join(p.text.encode() for p in parts) == data
        offset = 0
        for i, p in enumerate(parts):
            assert (p.index, p.byte_start) == (i, offset)
            assert data[p.byte_start : p.byte_end].decode() == p.text
            assert p.text
            offset = p.byte_end
        assert offset == len(data)


def test_sentence_and_paragraph_boundaries() -> None:
    """Sentences end at terminators before non-lowercase text; blank lines always end a part."""
    texts = [p.text for p in split_parts("Hi there.  Next one! e.g. this\n\nno stop\nhere")]
    assert texts == ["Hi there.  ", "Next one! e.g. this\n\n", "no stop\nhere"]
    assert [p.text for p in split_parts("“Quoted.” Then")] == ["“Quoted.” ", "Then"]
    assert split_parts("") == []
    assert [p.text for p in split_parts("   ")] == ["   "]


def test_overlong_sentences_are_cut() -> None:
    """No part exceeds MAX_PART_CHARS: cut at a word boundary, or hard with no spaces."""
    words = " ".join(["word"] * 1500)
    parts = split_parts(words)
    assert all(len(p.text) <= MAX_PART_CHARS for p in parts) and len(parts) > 1
    assert all(p.text.endswith(" ") for p in parts[:-1])
    solid = "x" * (2 * MAX_PART_CHARS + 5)
    assert [len(p.text) for p in split_parts(solid)] == [MAX_PART_CHARS, MAX_PART_CHARS, 5]
    assert len(split_parts("x" * MAX_PART_CHARS)) == 1


# --- receipts ----------------------------------------------------------------


def test_frozen_vectors_for_leaf_and_root() -> None:
    """Frozen vectors, recomputed from the documented layout: changing one is a format change."""
    salt = bytes(range(16))
    manual = hashlib.sha256(
        b"affidavit/source-leaf/v1\x00"
        + (16).to_bytes(4, "big")
        + salt
        + (6).to_bytes(8, "big")
        + b"Hello."
    ).digest()
    assert leaf_hash(salt, b"Hello.") == manual
    assert manual.hex() == "dfff909683b2653977b4785be788382dd981c4aad9fd08b646d78af6d9e4a6a8"
    parts = split_parts("One. Two. Three.")
    leaves = leaf_hashes(parts, [bytes([i]) * 16 for i in range(3)])

    def node(a: bytes, b: bytes) -> bytes:
        return hashlib.sha256(b"affidavit/source-node/v1\x00" + a + b).digest()

    root = document_root(leaves)
    assert root == node(node(leaves[0], leaves[1]), leaves[2])
    assert root.hex() == "0899a86122c3cbe9d00b62ec11b6b8e7acd10967d60f819d192b837263a18458"
    assert document_root([]) == hashlib.sha256(b"affidavit/source-empty/v1\x00").digest()


def test_receipt_spanning_several_parts_verifies() -> None:
    """A quote crossing part boundaries carries every covered part and verifies."""
    quote = "Analytical Engine! Her notes include"
    receipt, held, quoted = _receipt_for(quote)
    assert len(receipt.part_indices) == 2
    assert quoted == b"Analytical Engine!\n\nHer notes include"
    assert verify_receipt(receipt, held, quoted).status == "verified"
    assert verify_receipt(receipt, {**held, receipt.part_indices[1]: None}).status == (
        "source_not_held"
    )


def test_receipt_survives_json_round_trip() -> None:
    """A receipt encoded to JSON and decoded back is equal and still verifies."""
    receipt, held, quoted = _receipt_for("“notes” survive")
    back = msgspec.json.decode(msgspec.json.encode(receipt), type=Receipt)
    assert back == receipt
    assert verify_receipt(back, held, quoted).status == "verified"
    assert quoted == "“notes” survive".encode()


def test_every_part_of_a_random_document_gets_a_verifying_receipt() -> None:
    """For a seeded random document every part and every adjacent pair verifies."""
    rng = random.Random(SEED)
    text = " ".join(
        rng.choice(["Alpha.", "beta", "Gamma!", "délta?", "\n\n", "ε."]) for _ in range(300)
    )
    parts, salts, leaves = _setup(text)
    held = _held(parts, salts)
    data = text.encode()
    for p in parts:
        end = parts[min(p.index + 1, len(parts) - 1)].byte_end
        for start, stop in ((p.byte_start, p.byte_end), (p.byte_start, end)):
            receipt = make_receipt(leaves, parts, start, stop)
            assert verify_receipt(receipt, held, data[start:stop]).status == "verified"
