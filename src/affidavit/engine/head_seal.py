"""The one decision about the head seal and about a ledger older than its keyring.

Both opening a store (``Engine``) and ``affidavit verify`` (``verification``) ask the
same two questions; they ask them here so the answers — and the seq they name — agree.
"""

from __future__ import annotations

from collections.abc import Set

from affidavit.chain import Failure
from affidavit.crypto import macs
from affidavit.ledger import HeadSeal


def seal_failure(
    seal: HeadSeal | None,
    *,
    head_seq: int,
    head_hash: bytes,
    last_seq: int,
    key: bytes,
    store_id: str,
) -> Failure | None:
    """What is wrong with the seal over a chain verified up to ``head_seq``.

    ``last_seq`` is the highest seq stored: rows beyond a sealed head were written by
    someone without the keyring.
    """
    if seal is None:
        if head_seq == 0 and last_seq == 0:
            return None  # a new, empty ledger
        return Failure(1, "a sealed head", "no head seal")
    if last_seq > head_seq and head_seq == seal.seq:
        return Failure(head_seq + 1, f"the ledger to end at seq {seal.seq} (sealed head)",
                       f"events continue to seq {last_seq} without a seal")
    if seal.seq != head_seq:
        return Failure(min(seal.seq, head_seq) + 1,
                       f"the ledger to end at seq {seal.seq} (sealed head)",
                       f"it ends at seq {head_seq}")
    expected = macs.head_mac(key, store_id, seal.seq, seal.hash)
    if seal.hash != head_hash or not macs.mac_equal(expected, seal.mac):
        return Failure(head_seq, "the sealed head hash and MAC", "a head that does not match")
    return None


def rollback_failure(destroyed: Set[str], listed: Set[str], head_seq: int) -> Failure | None:
    """A key the keyring destroyed that no erasure in the ledger lists: an older ledger.

    Keys are destroyed only after their SUBJECT_ERASED commit, so such a ledger is a copy
    restored to undo an erasure; the head seal cannot see it (the copy has its own seal).
    """
    if destroyed - listed:
        return Failure(head_seq + 1,
                       "the erasure events that destroyed keys the keyring no longer holds",
                       f"a ledger that ends at seq {head_seq} (an older copy of the store)")
    return None
