"""RFC 6962 / 9162 tree maths checked against a naive recursive reading of the RFC."""

from __future__ import annotations

import hashlib
import random

import pytest

from affidavit.errors import InvalidInput
from affidavit.translog import (
    RFC6962,
    CompactTree,
    consistency_proof,
    inclusion_proof,
    leaf_hash,
    mth,
    verify_consistency,
    verify_inclusion,
)

SEED = 6962


def _h(b: bytes) -> bytes:
    return hashlib.sha256(b).digest()


def _k(n: int) -> int:
    """Largest power of two strictly less than n (n > 1), by counting up."""
    k = 1
    while k * 2 < n:
        k *= 2
    return k


def naive_mth(data: list[bytes]) -> bytes:
    """MTH straight from RFC 9162 2.1.1, over raw leaf data."""
    if not data:
        return _h(b"")
    if len(data) == 1:
        return _h(b"\x00" + data[0])
    k = _k(len(data))
    return _h(b"\x01" + naive_mth(data[:k]) + naive_mth(data[k:]))


def naive_path(m: int, data: list[bytes]) -> list[bytes]:
    """PATH(m, D[n]) straight from RFC 9162 2.1.3.1."""
    if len(data) == 1:
        return []
    k = _k(len(data))
    if m < k:
        return naive_path(m, data[:k]) + [naive_mth(data[k:])]
    return naive_path(m - k, data[k:]) + [naive_mth(data[:k])]


def naive_subproof(m: int, data: list[bytes], b: bool) -> list[bytes]:
    """SUBPROOF(m, D[n], b) straight from RFC 9162 2.1.4.1."""
    n = len(data)
    if m == n:
        return [] if b else [naive_mth(data)]
    k = _k(n)
    if m <= k:
        return naive_subproof(m, data[:k], b) + [naive_mth(data[k:])]
    return naive_subproof(m - k, data[k:], False) + [naive_mth(data[:k])]


def _data(n: int) -> list[bytes]:
    rng = random.Random(SEED + n)
    return [rng.randbytes(32) for _ in range(n)]


def _leaves(data: list[bytes]) -> list[bytes]:
    return [leaf_hash(d) for d in data]


def _flip(b: bytes, i: int = 0) -> bytes:
    return b[:i] + bytes([b[i] ^ 1]) + b[i + 1 :]


# --- adversarial cases first -------------------------------------------------


def test_inclusion_rejects_every_single_tampering_for_small_trees() -> None:
    """Flipping, dropping, adding or reordering proof elements, or a wrong index, fails."""
    for n in range(1, 17):
        data = _data(n)
        leaves = _leaves(data)
        root = mth(leaves)
        for i in range(n):
            proof = inclusion_proof(i, leaves)
            for j in range(len(proof)):
                bad = list(proof)
                bad[j] = _flip(bad[j], j % 32)
                assert not verify_inclusion(leaves[i], i, n, bad, root)
            assert not verify_inclusion(leaves[i], i, n, proof + [root], root)
            if proof:
                assert not verify_inclusion(leaves[i], i, n, proof[:-1], root)
            if len(proof) > 1:
                assert not verify_inclusion(leaves[i], i, n, proof[::-1], root)
            assert not verify_inclusion(_flip(leaves[i]), i, n, proof, root)
            assert not verify_inclusion(leaves[i], i, n, proof, _flip(root))
            assert not verify_inclusion(leaves[i], n, n, proof, root)
            assert not verify_inclusion(leaves[i], -1, n, proof, root)
            if n > 1:
                assert not verify_inclusion(leaves[i], (i + 1) % n, n, proof, root)


def test_inclusion_rejects_wrong_length_hashes_without_raising() -> None:
    """A proof element of the wrong length is a failed proof, not an exception."""
    leaves = _leaves(_data(5))
    proof = inclusion_proof(2, leaves)
    proof[0] = proof[0] + b"\x00"
    assert not verify_inclusion(leaves[2], 2, 5, proof, mth(leaves))


def test_raw_data_is_not_accepted_as_a_leaf_hash() -> None:
    """The 0x00 prefix matters: the unhashed data does not verify as the leaf."""
    data = _data(4)
    leaves = _leaves(data)
    proof = inclusion_proof(1, leaves)
    assert not verify_inclusion(data[1], 1, 4, proof, mth(leaves))
    assert verify_inclusion(leaves[1], 1, 4, proof, mth(leaves))


def test_consistency_rejects_every_single_tampering_for_small_trees() -> None:
    """Any flipped element, dropped element, wrong size or wrong root fails consistency."""
    for n in range(1, 17):
        leaves = _leaves(_data(n))
        new_root = mth(leaves)
        for m in range(1, n):
            old_root = mth(leaves[:m])
            proof = consistency_proof(m, leaves)
            for j in range(len(proof)):
                bad = list(proof)
                bad[j] = _flip(bad[j], 5)
                assert not verify_consistency(m, n, old_root, new_root, bad)
            assert not verify_consistency(m, n, old_root, new_root, proof[:-1])
            assert not verify_consistency(m, n, old_root, new_root, proof + [new_root])
            assert not verify_consistency(m, n, _flip(old_root), new_root, proof)
            assert not verify_consistency(m, n, old_root, _flip(new_root), proof)
            # (A wrong new_size is not always detectable: RFC 9162 hashes do not bind the
            # size, so the signed tree head must carry it. Only a shape change is caught.)
            assert not verify_consistency(m, 2 * n + 1, old_root, new_root, proof)
            if m > 1:
                assert not verify_consistency(m - 1, n, old_root, new_root, proof)


def test_consistency_edge_sizes() -> None:
    """Size 0 never verifies (it proves nothing); equal sizes need an empty proof and equal roots."""
    leaves = _leaves(_data(6))
    root = mth(leaves)
    assert not verify_consistency(0, 6, mth([]), root, [])
    assert not verify_consistency(0, 0, mth([]), mth([]), [])
    assert not verify_consistency(0, 6, root, root, [])
    assert not verify_consistency(0, 6, mth([]), root, [root])
    assert verify_consistency(6, 6, root, root, [])
    assert not verify_consistency(6, 6, root, _flip(root), [])
    assert not verify_consistency(6, 6, root, root, [root])
    assert not verify_consistency(7, 6, root, root, [])
    assert not verify_consistency(3, 6, mth(leaves[:3]), root, [])
    assert consistency_proof(0, leaves) == [] and consistency_proof(6, leaves) == []


def test_out_of_range_proof_requests_raise_typed_errors() -> None:
    """Asking for a proof outside the tree is a caller error, typed InvalidInput."""
    leaves = _leaves(_data(3))
    for bad in (-1, 3):
        with pytest.raises(InvalidInput):
            inclusion_proof(bad, leaves)
    with pytest.raises(InvalidInput):
        inclusion_proof(0, [])
    with pytest.raises(InvalidInput):
        consistency_proof(4, leaves)


def test_compact_tree_from_roots_rejects_wrong_shape() -> None:
    """A saved compact range with the wrong number or width of roots is refused."""
    with pytest.raises(InvalidInput):
        CompactTree.from_roots(3, [b"\x00" * 32])
    with pytest.raises(InvalidInput):
        CompactTree.from_roots(1, [b"\x00" * 31])
    assert CompactTree.from_roots(2, [b"\x00" * 32]).size == 2


# --- known answers -----------------------------------------------------------


def test_empty_tree_hash_is_sha256_of_nothing() -> None:
    """MTH({}) is SHA-256 of the empty string, and a fresh CompactTree agrees."""
    expected = bytes.fromhex("e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
    assert mth([]) == expected == CompactTree().root() == RFC6962.empty_root
    assert mth([leaf_hash(b"")]) != expected


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 1000])
def test_mth_matches_naive_rfc_definition(n: int) -> None:
    """mth() equals the recursive RFC definition for sizes 1, 2, 3, 7, 8 and 1000."""
    data = _data(n)
    assert mth(_leaves(data)) == naive_mth(data)
    assert mth(_leaves(data[:-1])) != naive_mth(data)


# The certificate-transparency reference leaves and tree heads (RFC 6962 test data).
CT_LEAVES = [
    b"",
    b"\x00",
    b"\x10",
    b"\x20\x21",
    b"\x30\x31",
    b"\x40\x41\x42\x43",
    bytes(range(0x50, 0x58)),
    bytes(range(0x60, 0x70)),
]
CT_ROOTS = [
    "6e340b9cffb37a989ca544e6bb780a2c78901d3fb33738768511a30617afa01d",
    "fac54203e7cc696cf0dfcb42c92a1d9dbaf70ad9e621f4bd8d98662f00e3c125",
    "aeb6bcfe274b70a14fb067a5e5578264db0fa9b51af5e0ba159158f329e06e77",
    "d37ee418976dd95753c1c73862b9398fa2a2cf9b4ff0fdfe8b30cd95209614b7",
    "4e3bbb1f7b478dcfe71fb631631519a3bca12c9aefca1612bfce4c13a86264d4",
    "76e67dadbcdf1e10e1b74ddc608abd2f98dfb16fbce75277b5232a127f2087ef",
    "ddb89be403809e325750d3d263cd78929c2942b7942a34b77e122c9594a74c8c",
    "5dc9da79a70659a9ad559cb701ded9a2ab9d823aad2f4960cfe370eff4604328",
]


def test_certificate_transparency_reference_vectors() -> None:
    """Frozen vectors: tree heads of sizes 1..8 and one audit path match the CT reference data."""
    leaves = _leaves(CT_LEAVES)
    for n in range(1, 9):
        assert mth(leaves[:n]).hex() == CT_ROOTS[n - 1]
        assert naive_mth(CT_LEAVES[:n]).hex() == CT_ROOTS[n - 1]
    assert [p.hex() for p in inclusion_proof(0, leaves)] == [
        "96a296d224f285c67bee93c30f8a309157f0daa35dc5b87e410b78630a09cfc7",
        "5f083f0a1a33ca076a95279832580db3e0ef4584bdff1f54c8a360f50de3031e",
        "6b47aaf29ee3c2af9af889bc1fb9254dabd31177f16232dd6aab035ca39bf6e4",
    ]
    assert mth(_leaves(CT_LEAVES[1:])).hex() not in CT_ROOTS


@pytest.mark.parametrize("n", [1, 2, 3, 7, 8, 1000])
def test_inclusion_proofs_match_naive_path(n: int) -> None:
    """Every inclusion proof equals RFC PATH and verifies (sampled for n=1000)."""
    data = _data(n)
    leaves = _leaves(data)
    root = mth(leaves)
    indices = range(n) if n <= 64 else random.Random(SEED).sample(range(n), 40) + [0, n - 1]
    for i in indices:
        proof = inclusion_proof(i, leaves)
        assert proof == naive_path(i, data)
        assert verify_inclusion(leaves[i], i, n, proof, root)


def test_all_small_inclusion_and_consistency_proofs_verify() -> None:
    """For sizes up to 33, every inclusion and consistency proof is the RFC's and verifies."""
    for n in range(1, 34):
        data = _data(n)
        leaves = _leaves(data)
        root = mth(leaves)
        for i in range(n):
            assert verify_inclusion(leaves[i], i, n, inclusion_proof(i, leaves), root)
        for m in range(1, n):
            proof = consistency_proof(m, leaves)
            assert proof == naive_subproof(m, data, True)
            assert verify_consistency(m, n, mth(leaves[:m]), root, proof)


@pytest.mark.parametrize("m", [1, 2, 3, 7, 8, 500, 511, 512, 513, 999])
def test_consistency_to_size_1000(m: int) -> None:
    """Consistency from several old sizes to 1000 leaves matches the RFC and verifies."""
    data = _data(1000)
    leaves = _leaves(data)
    proof = consistency_proof(m, leaves)
    assert proof == naive_subproof(m, data, True)
    assert verify_consistency(m, 1000, mth(leaves[:m]), mth(leaves), proof)
    assert not verify_consistency(m, 1000, mth(leaves[: m - 1]), mth(leaves), proof)


def test_compact_tree_root_equals_mth_for_every_size_up_to_300() -> None:
    """CompactTree.root() after k appends equals mth() of the first k leaves, k = 0..300."""
    data = _data(300)
    leaves = _leaves(data)
    tree = CompactTree()
    assert tree.root() == mth([])
    for k, d in enumerate(data, start=1):
        assert tree.append(d) == k - 1
        assert tree.size == k
        assert tree.root() == mth(leaves[:k])
        assert tree.root() != mth(leaves[: k - 1])


def test_compact_tree_resumes_from_saved_roots() -> None:
    """A tree rebuilt from (size, roots) continues to the same root as one never saved."""
    data = _data(50)
    whole = CompactTree()
    for d in data:
        whole.append(d)
    part = CompactTree()
    for d in data[:21]:
        part.append(d)
    resumed = CompactTree.from_roots(part.size, part.roots)
    for d in data[21:]:
        resumed.append(d)
    assert resumed.root() == whole.root()
    different = CompactTree.from_roots(part.size, [_flip(r) for r in part.roots])
    for d in data[21:]:
        different.append(d)
    assert different.root() != whole.root()


def test_compact_tree_accepts_prehashed_leaves() -> None:
    """append_leaf_hash() with leaf_hash(d) gives the same root as append(d)."""
    data = _data(9)
    a, b = CompactTree(), CompactTree()
    for d in data:
        a.append(d)
        b.append_leaf_hash(leaf_hash(d))
    assert a.root() == b.root()
    c = CompactTree()
    for d in data:
        c.append_leaf_hash(d)  # raw data treated as a leaf hash: a different tree
    assert c.root() != a.root()
