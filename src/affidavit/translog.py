"""Transparency-log tree maths: RFC 6962 / RFC 9162 section 2.1 Merkle trees.

Pure functions over lists of 32-byte hashes; hashlib only, no I/O, no clock.

Byte layout (RFC 9162 section 2.1.1, the ``RFC6962`` hasher)::

    leaf hash   = SHA-256(0x00 || data)               data: the 32-byte event hash
    node hash   = SHA-256(0x01 || left || right)      left, right: 32 bytes each
    empty tree  = SHA-256("")                         (zero bytes of input)

Tree shape: MTH of one leaf is its leaf hash; for n > 1 leaves, with k the largest
power of two strictly less than n, MTH(D[0:n]) = node(MTH(D[0:k]), MTH(D[k:n])).

Proofs are lists of 32-byte hashes ordered from the leaf level upwards (the RFC's
PATH and PROOF order). Verifiers return ``bool`` and never raise on a hostile proof:
a malformed proof is simply a failed one.

The same tree shape with other domain tags serves source documents
(``affidavit.merkle``); a ``TreeHasher`` carries the node prefix and the empty root.
``CompactTree`` is the incremental form kept during ledger replay: it holds only the
roots of the perfect subtrees (the compact range), O(log n) memory, amortised one
node hash per append.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from affidavit.errors import InvalidInput

HASH_BYTES = 32
_sha256 = hashlib.sha256


@dataclass(frozen=True, slots=True)
class TreeHasher:
    """Domain separation for one family of trees: node prefix and empty-tree root."""

    node_prefix: bytes
    empty_root: bytes

    def node(self, left: bytes, right: bytes) -> bytes:
        return _sha256(self.node_prefix + left + right).digest()


RFC6962 = TreeHasher(node_prefix=b"\x01", empty_root=_sha256(b"").digest())


def leaf_hash(data: bytes) -> bytes:
    """RFC 6962 leaf hash: SHA-256(0x00 || data)."""
    return _sha256(b"\x00" + data).digest()


def node_hash(left: bytes, right: bytes) -> bytes:
    """RFC 6962 interior node hash: SHA-256(0x01 || left || right)."""
    return _sha256(b"\x01" + left + right).digest()


def tree_levels(leaf_hashes: Sequence[bytes], hasher: TreeHasher = RFC6962) -> list[list[bytes]]:
    """Every level of the tree, leaves first; O(n) hashes.

    Building bottom-up and promoting an unpaired last node unchanged yields exactly
    the RFC shape (left subtree = largest power of two), so the node covering
    leaves [i * 2**l, min((i + 1) * 2**l, n)) is ``levels[l][i]``.
    """
    levels = [list(leaf_hashes)]
    node = hasher.node
    while len(levels[-1]) > 1:
        below = levels[-1]
        above = [node(below[i], below[i + 1]) for i in range(0, len(below) - 1, 2)]
        if len(below) % 2:
            above.append(below[-1])
        levels.append(above)
    return levels


def mth(leaf_hashes: Sequence[bytes], hasher: TreeHasher = RFC6962) -> bytes:
    """Merkle Tree Hash over already-hashed leaves; the empty tree is SHA-256("")."""
    if not leaf_hashes:
        return hasher.empty_root
    return tree_levels(leaf_hashes, hasher)[-1][0]


def _range_hash(levels: list[list[bytes]], lo: int, hi: int) -> bytes:
    """MTH(D[lo:hi]) for a range that is a node of the tree (every range the RFC asks)."""
    level = (hi - lo - 1).bit_length()
    return levels[level][lo >> level]


def _check_index(name: str, value: int, upper: int) -> None:
    if not 0 <= value < upper:
        raise InvalidInput(name, f"expected 0 <= {name} < {upper}, got {value}")


def inclusion_proof_from_levels(index: int, levels: list[list[bytes]]) -> list[bytes]:
    """Audit path for ``index`` from prebuilt ``tree_levels``; O(log n)."""
    _check_index("index", index, len(levels[0]))
    path: list[bytes] = []
    for level in levels[:-1]:
        sibling = index ^ 1
        if sibling < len(level):  # no sibling: the node is promoted, nothing to prove
            path.append(level[sibling])
        index >>= 1
    return path


def inclusion_proof(
    index: int, leaf_hashes: Sequence[bytes], hasher: TreeHasher = RFC6962
) -> list[bytes]:
    """RFC 9162 2.1.3.1 PATH(index, D[n]); O(n) with the leaf list."""
    _check_index("index", index, len(leaf_hashes))
    return inclusion_proof_from_levels(index, tree_levels(leaf_hashes, hasher))


def verify_inclusion(
    leaf: bytes,
    index: int,
    tree_size: int,
    proof: Sequence[bytes],
    root: bytes,
    hasher: TreeHasher = RFC6962,
) -> bool:
    """RFC 9162 2.1.3.2: does ``leaf`` (a leaf hash) sit at ``index`` under ``root``?

    A leaf or root that is not a 32-byte hash fails: otherwise an empty leaf and an
    empty root "verify" in a one-leaf tree with an empty proof.
    """
    if not 0 <= index < tree_size or len(leaf) != HASH_BYTES or len(root) != HASH_BYTES:
        return False
    fn, sn, r = index, tree_size - 1, leaf
    node = hasher.node
    for p in proof:
        if sn == 0 or len(p) != HASH_BYTES:
            return False
        if fn & 1 or fn == sn:
            r = node(p, r)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            r = node(r, p)
        fn >>= 1
        sn >>= 1
    return sn == 0 and r == root


def consistency_proof(
    old_size: int, leaf_hashes: Sequence[bytes], hasher: TreeHasher = RFC6962
) -> list[bytes]:
    """RFC 9162 2.1.4.1 PROOF(old_size, D[n]); empty when old_size is 0 or n."""
    n = len(leaf_hashes)
    if not 0 <= old_size <= n:
        raise InvalidInput("old_size", f"expected 0 <= old_size <= {n}, got {old_size}")
    if old_size in (0, n):
        return []
    levels = tree_levels(leaf_hashes, hasher)
    proof: list[bytes] = []
    # Iterative SUBPROOF: walk down the new tree; hashes collected top-down, reversed.
    m, lo, hi, complete = old_size, 0, n, True
    while m != hi - lo:
        k = 1 << ((hi - lo - 1).bit_length() - 1)  # largest power of two < size
        if m <= k:
            proof.append(_range_hash(levels, lo + k, hi))
            hi = lo + k
        else:
            proof.append(_range_hash(levels, lo, lo + k))
            m -= k
            lo += k
            complete = False
    if not complete:
        proof.append(_range_hash(levels, lo, hi))
    proof.reverse()
    return proof


def verify_consistency(
    old_size: int,
    new_size: int,
    old_root: bytes,
    new_root: bytes,
    proof: Sequence[bytes],
    hasher: TreeHasher = RFC6962,
) -> bool:
    """RFC 9162 2.1.4.2: is the tree of ``new_size`` an append-only extension of ``old_size``?

    Edge cases the RFC leaves to the caller, decided as the transparency-dev reference
    does: a proof from the empty tree proves nothing (every tree extends it), so
    old_size 0 fails; old_size == new_size needs an empty proof and equal roots.
    """
    if not 0 < old_size <= new_size or any(len(c) != HASH_BYTES for c in proof):
        return False
    if old_size == new_size:
        return not proof and old_root == new_root
    if not proof:
        return False
    path = list(proof)
    if old_size & (old_size - 1) == 0:  # exact power of two: the old root is a node
        path.insert(0, old_root)
    fn, sn = old_size - 1, new_size - 1
    while fn & 1:
        fn >>= 1
        sn >>= 1
    fr = sr = path[0]
    node = hasher.node
    for c in path[1:]:
        if sn == 0:
            return False
        if fn & 1 or fn == sn:
            fr = node(c, fr)
            sr = node(c, sr)
            while not fn & 1 and fn != 0:
                fn >>= 1
                sn >>= 1
        else:
            sr = node(sr, c)
        fn >>= 1
        sn >>= 1
    return fr == old_root and sr == new_root and sn == 0


class CompactTree:
    """Append-only RFC 6962 tree holding only its perfect-subtree roots.

    ``_roots[i]`` is the root of the i-th perfect subtree from the left; their sizes
    are the set bits of ``size``, largest first. Appending merges equal-sized
    subtrees like a binary counter carry: amortised one node hash per leaf.
    """

    __slots__ = ("_roots", "_size")

    def __init__(self) -> None:
        self._roots: list[bytes] = []
        self._size = 0

    @classmethod
    def from_roots(cls, size: int, roots: Sequence[bytes]) -> CompactTree:
        """Resume from a saved compact range (one root per set bit of ``size``)."""
        if size < 0 or len(roots) != size.bit_count():
            raise InvalidInput("roots", f"expected {max(size, 0).bit_count()} subtree roots")
        if any(len(r) != HASH_BYTES for r in roots):
            raise InvalidInput("roots", f"expected {HASH_BYTES}-byte hashes")
        tree = cls()
        tree._roots = list(roots)
        tree._size = size
        return tree

    @property
    def size(self) -> int:
        return self._size

    @property
    def roots(self) -> tuple[bytes, ...]:
        """The compact range, left to right (largest subtree first)."""
        return tuple(self._roots)

    def append(self, data: bytes) -> int:
        """Add one leaf over ``data`` (hashed with the 0x00 prefix); returns its index."""
        # Inlined rather than delegating: this runs once per event during replay.
        index = self._size
        leaf = _sha256(b"\x00" + data).digest()
        if index & 1:
            roots = self._roots
            carry = index
            while carry & 1:
                leaf = _sha256(b"\x01" + roots.pop() + leaf).digest()
                carry >>= 1
            roots.append(leaf)
        else:
            self._roots.append(leaf)
        self._size = index + 1
        return index

    def append_leaf_hash(self, leaf: bytes) -> int:
        """Add one already-hashed leaf; returns its index."""
        index = self._size
        roots = self._roots
        carry = index
        while carry & 1:  # each trailing one bit is a subtree of equal size to merge
            leaf = _sha256(b"\x01" + roots.pop() + leaf).digest()
            carry >>= 1
        roots.append(leaf)
        self._size = index + 1
        return index

    def root(self) -> bytes:
        """MTH of every leaf appended so far; O(log n)."""
        roots = self._roots
        if not roots:
            return RFC6962.empty_root
        r = roots[-1]
        for left in reversed(roots[:-1]):  # right-heavy fold matches the RFC split
            r = _sha256(b"\x01" + left + r).digest()
        return r
