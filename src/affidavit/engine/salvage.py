"""Export the verified prefix of a damaged ledger to a new store, for recovery.

The source is never written; rows are copied as stored, so the new ledger verifies
with the same hashes (and so keeps the store id its genesis names, which sealed
fields are bound to). The copy gets a keyring of its own — the store secret plus
exactly the data keys its events are sealed under, with the prefix's erasures
recorded — so later erasures in the original (which destroy keys in *its* keyring)
never break the copy, and the copy never shares the original's file. The salvaged
store names that keyring in ``keyring.dir``.
"""

from __future__ import annotations

import os
from itertools import islice
from pathlib import Path

import msgspec

from affidavit.clock import SystemClock
from affidavit.codec import decode_body
from affidavit.crypto import macs
from affidavit.crypto.keyring import STORE_SECRET_ID, Keyring, default_keyring_root
from affidavit.engine import high_water
from affidavit.engine.paths import KEYRING_POINTER, LEDGER_FILE, STORE_ID_FILE, STORE_PATH_FILE
from affidavit.engine.verification import ChainVerdict, open_ledger, try_keyring, verify_ledger
from affidavit.errors import LedgerError
from affidavit.events import Sealed, SubjectErased
from affidavit.ledger import LedgerBackend, SQLiteLedger

BATCH = 10_000


class SalvageResult(msgspec.Struct, frozen=True):
    verdict: ChainVerdict
    keyring_dir: str | None  # the copy's own keyring; None when the source's was not available
    keys_copied: int


def _sealed_keys(value: object, into: set[str]) -> None:
    """Every key id a decoded event's sealed fields name."""
    if isinstance(value, Sealed):
        into.update(value.keys)
    elif isinstance(value, msgspec.Struct):
        for field in value.__struct_fields__:
            _sealed_keys(getattr(value, field), into)
    elif isinstance(value, tuple | list):
        for item in value:
            _sealed_keys(item, into)


def salvage(source: str | Path, dest: Path, keyring_dir: str | Path | None = None,
            out_keyring_dir: Path | None = None) -> SalvageResult:
    """Copy the verified prefix of ``source`` (a directory or a PostgreSQL URL) to a new SQLite store."""
    if (dest / LEDGER_FILE).exists():
        raise LedgerError("the salvage destination already holds a ledger; choose an empty directory")
    src = open_ledger(source)
    try:
        keyring = try_keyring(src, keyring_dir, source)
        verdict = verify_ledger(src, None)  # the prefix is what the chain alone vouches for
        if verdict.events == 0 or verdict.store_id is None:
            raise LedgerError("no verified events to salvage")
        try:
            dest.mkdir(parents=True, exist_ok=True, mode=0o700)
            copy = None
            if keyring is not None:
                copy = _copy_keyring(src, keyring, verdict, dest, out_keyring_dir)
            out = SQLiteLedger.create(dest / LEDGER_FILE)
            try:
                _copy_rows(src, out, verdict, copy[0] if copy else None)
            finally:
                out.close()
            (dest / STORE_ID_FILE).write_text(verdict.store_id + "\n", encoding="utf-8")
        finally:
            if keyring is not None:
                keyring.close()
        if copy is None:
            return SalvageResult(verdict, None, 0)
        copy[0].close()
        return SalvageResult(verdict, str(copy[1]), copy[2])
    finally:
        src.close()


def _copy_keyring(src: LedgerBackend, keyring: Keyring, verdict: ChainVerdict, dest: Path,
                  out_dir: Path | None) -> tuple[Keyring, Path, int]:
    assert verdict.store_id is not None
    wanted: set[str] = {STORE_SECRET_ID}
    erased: list[str] = []
    for row in islice(src.rows(0), verdict.events):
        event = decode_body(row.kind, row.body, row.seq)
        _sealed_keys(event, wanted)
        if isinstance(event, SubjectErased):
            erased.extend(event.keys_destroyed)
    kdir = out_dir or default_keyring_root() / f"{verdict.store_id}.salvaged-{os.urandom(4).hex()}"
    if kdir.resolve().is_relative_to(dest.resolve()):
        raise LedgerError("the salvaged copy's keyring must live outside the store directory")
    keys = keyring.export_keys(wanted - set(erased))
    copy = Keyring.create_copy(kdir, verdict.store_id, keys, sorted(set(erased)),
                               SystemClock().now_us())
    (kdir / STORE_PATH_FILE).write_text(str(dest.resolve()) + "\n", encoding="utf-8")
    (dest / KEYRING_POINTER).write_text(str(kdir.resolve()) + "\n", encoding="utf-8")
    return copy, kdir, len(keys)


def _copy_rows(src: LedgerBackend, out: SQLiteLedger, verdict: ChainVerdict, keyring: Keyring | None) -> None:
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
    if keyring is not None and last is not None and verdict.store_id is not None:
        high_water.raise_to(keyring.local_dir, keyring.derived(high_water.PURPOSE),
                            verdict.store_id, last.seq, last.hash)
