"""``affidavit migrate``: copy a store's ledger to the other backend and verify the copy.

Rows are copied as stored (so every hash is unchanged) and the head seal as stored
(its MAC covers the store id, seq and hash, none of which depend on the backend), so
the copy verifies with the same keyring and ``affidavit verify`` prints the same head
hash on both. The source must verify first; the target must be empty. Rows go in
batches, the seal with the last one: an interrupted migration leaves an unsealed
target, which refuses to open (drop it and run again). Stop writers first: a source
that moves during the copy is refused, not half copied.
"""

from __future__ import annotations

from itertools import islice
from pathlib import Path

import msgspec

from affidavit.engine.paths import LEDGER_FILE
from affidavit.engine.verification import ChainVerdict, open_ledger, try_keyring, verify_ledger
from affidavit.errors import LedgerError
from affidavit.ledger import LedgerBackend, PostgresLedger, PostgresLocation, SQLiteLedger, is_url

BATCH = 10_000


class MigrationReport(msgspec.Struct):
    events: int
    head_hash: str
    head_seal: str  # verified | not checked (no keyring) — on the target
    source: ChainVerdict
    target: ChainVerdict

    def text(self) -> str:
        return (f"copied {self.events} events; head hash {self.head_hash} on both; "
                f"chain verified on the target; head seal {self.head_seal}")


def create_target(location: str | Path) -> LedgerBackend:
    """A new, empty ledger at ``location`` (an empty directory, or an empty PostgreSQL schema)."""
    if is_url(location):
        ledger = PostgresLedger.open_or_install(PostgresLocation.parse(str(location)))
        if (ledger.last_seq() != 0 or ledger.head_seal() is not None
                or ledger.recorded_store_id() is not None):
            ledger.close()
            raise LedgerError(f"{PostgresLocation.parse(str(location)).display()} already holds "
                              "events (or held a store); migrate into an empty schema")
        return ledger
    path = Path(location)
    if (path / LEDGER_FILE).exists():
        raise LedgerError(f"{path} already holds a ledger; migrate into an empty directory")
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return SQLiteLedger.create(path / LEDGER_FILE)


def migrate(source: str | Path, target: str | Path,
            keyring_dir: str | Path | None = None) -> MigrationReport:
    src = open_ledger(source)
    try:
        keyring = try_keyring(src, keyring_dir)
        try:
            before = verify_ledger(src, keyring)
            if not before.ok:
                raise LedgerError(f"the source does not verify (first bad seq {before.first_bad_seq}): "
                                  "nothing was copied; salvage it first")
            seal = src.head_seal()
            if seal is None or seal.seq != before.events:
                raise LedgerError("the source changed while it was verified: stop its writers, "
                                  "then migrate again")
            dst = create_target(target)
            try:
                rows, remaining = src.rows(0, seal.seq), seal.seq
                while remaining:
                    batch = list(islice(rows, min(BATCH, remaining)))
                    if not batch:
                        raise LedgerError("the source ended early while it was copied")
                    remaining -= len(batch)
                    with dst.write() as tx:
                        tx.insert(batch)
                        if not remaining:
                            tx.seal_head(seal.seq, seal.hash, seal.mac)
                after = verify_ledger(dst, keyring)
                if isinstance(dst, PostgresLedger) and after.ok and after.store_id is not None:
                    dst.record_store_id(after.store_id)
            finally:
                dst.close()
        finally:
            if keyring is not None:
                keyring.close()
    finally:
        src.close()
    if not after.ok or after.head_hash != before.head_hash or after.events != before.events:
        raise LedgerError(f"the copy does not verify like the source (first bad seq "
                          f"{after.first_bad_seq}); the target is left for inspection")
    return MigrationReport(after.events, after.head_hash, after.head_seal, before, after)
