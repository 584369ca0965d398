"""The newest head this keyring has seen, kept beside it: a ledger older than that is refused.

The head seal lives in the ledger, so a ledger restored alone from an older copy (or
one whose ``-wal`` was deleted after a crash, taking acknowledged commits with it)
carries a seal that verifies. The mark is kept in the keyring directory instead:
``head.mark`` holds ``seq``, the event hash at that seq and a MAC under a key derived
from the store secret, so only a keyring holder can move it.

Each durable commit raises the mark (never lowers it; a file lock serialises
processes). The file is replaced atomically but not fsynced: after a power cut it
may be older than the ledger, which weakens the check but can never fail a good
ledger, because a ``durability="full"`` commit is on disk before its mark is written.
Stores opened with ``durability="fast"`` keep no mark (their last commits may be lost
on power loss while a mark survived). A store created before marks existed gets one
at its next open.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from affidavit.chain import Failure
from affidavit.crypto import macs
from affidavit.filelock import exclusive
from affidavit.ledger import LedgerBackend

MARK_FILE = "head.mark"
PURPOSE = "head-high-water"  # the derived key's purpose


def _mac(key: bytes, store_id: str, seq: int, digest: bytes) -> bytes:
    return macs.mac(key, b"affidavit/high-water/v1", store_id.encode(), seq.to_bytes(8, "big"), digest)


def _locked(directory: Path) -> contextlib.AbstractContextManager[None]:
    return exclusive(directory / (MARK_FILE + ".lock"))


def read(directory: Path, key: bytes, store_id: str) -> tuple[int, bytes] | None | Failure:
    """(seq, hash) of the mark; None when there is none; a Failure when it is forged."""
    try:
        raw = json.loads((directory / MARK_FILE).read_text(encoding="utf-8"))
        seq, digest, mac = int(raw["seq"]), bytes.fromhex(raw["hash"]), bytes.fromhex(raw["mac"])
    except FileNotFoundError:
        return None
    except (OSError, ValueError, KeyError, TypeError):
        return Failure(0, "a readable head mark in the keyring", "an unreadable head.mark")
    if not macs.mac_equal(_mac(key, store_id, seq, digest), mac):
        return Failure(0, "a head mark made with this keyring", "a head.mark whose MAC does not verify")
    return seq, digest


def raise_to(directory: Path, key: bytes, store_id: str, seq: int, digest: bytes) -> None:
    """Record (seq, hash) unless the mark is already at or past ``seq``."""
    with _locked(directory):
        current = read(directory, key, store_id)
        if isinstance(current, tuple) and current[0] >= seq:
            return
        body = json.dumps({"seq": seq, "hash": digest.hex(), "mac": _mac(key, store_id, seq, digest).hex()})
        tmp = directory / (MARK_FILE + ".tmp")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(body)
        os.replace(tmp, directory / MARK_FILE)


def rollback_failure(mark: tuple[int, bytes], head_seq: int, hash_at_mark: bytes | None) -> Failure | None:
    """The ledger ends before the mark, or holds another event at the mark's seq."""
    seq, digest = mark
    if seq > head_seq:
        return Failure(head_seq + 1, f"the ledger to reach seq {seq}, the newest head this keyring "
                       "has seen", f"it ends at seq {head_seq}: an older copy of the ledger, or "
                       "commits lost with a deleted -wal")
    if hash_at_mark != digest:
        return Failure(seq, "the event this keyring saw at that seq",
                       "another event: the ledger was replaced")
    return None


def check(ledger: LedgerBackend, mark: tuple[int, bytes] | None | Failure,
          head_seq: int) -> Failure | None:
    """The one rollback question open and ``affidavit verify`` ask of the mark.

    ``mark`` must be read (``read``) *before* the ledger is: a writer raises the mark
    only after its commit, so every seq a mark read first names is in a ledger read
    after it, and a commit racing the open is never mistaken for a rollback.
    """
    if mark is None:
        return None
    if isinstance(mark, Failure):
        return Failure(head_seq, mark.expected, mark.found)
    hash_at = next((r.hash for r in ledger.rows(mark[0] - 1, mark[0])), None) if mark[0] <= head_seq else None
    return rollback_failure(mark, head_seq, hash_at)
