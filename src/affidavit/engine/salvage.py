"""Export the verified prefix of a damaged ledger to a new store, for recovery.

The source is opened read-only in spirit (never written); rows are copied as
stored, so the new ledger verifies with the same hashes. The keyring is shared:
sealed fields are bound to the store id, which the prefix keeps.
"""

from __future__ import annotations

from itertools import islice
from pathlib import Path

from affidavit.crypto import macs
from affidavit.engine.paths import LEDGER_FILE
from affidavit.engine.verification import ChainVerdict, open_ledger, try_keyring, verify_ledger
from affidavit.errors import LedgerError
from affidavit.ledger import SQLiteLedger

BATCH = 10_000


def salvage(source: str | Path, dest: Path, keyring_dir: str | Path | None = None) -> ChainVerdict:
    """Copy the verified prefix of ``source`` (a directory or a PostgreSQL URL) to a new SQLite store."""
    if (dest / LEDGER_FILE).exists():
        raise LedgerError("the salvage destination already holds a ledger; choose an empty directory")
    src = open_ledger(source)
    try:
        keyring = try_keyring(src, keyring_dir)
        verdict = verify_ledger(src, None)  # the prefix is what the chain alone vouches for
        if verdict.events == 0:
            raise LedgerError("no verified events to salvage")
        dest.mkdir(parents=True, exist_ok=True, mode=0o700)
        out = SQLiteLedger.create(dest / LEDGER_FILE)
        try:
            rows = src.rows(0)
            remaining, last = verdict.events, None
            while remaining:
                batch = list(islice(rows, min(BATCH, remaining)))
                with out.write() as tx:
                    tx.insert(batch)
                    last = batch[-1]
                    if keyring is not None and verdict.store_id is not None:
                        key = keyring.derived("head-seal")
                        mac = macs.head_mac(key, verdict.store_id, last.seq, last.hash)
                        tx.seal_head(last.seq, last.hash, mac)
                remaining -= len(batch)
        finally:
            out.close()
            if keyring is not None:
                keyring.close()
        return verdict
    finally:
        src.close()
