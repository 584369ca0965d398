"""Opening a store: create it once, or open its ledger and keyring, then verify and replay.

The SQLite ledger is chosen here (``SQLiteLedger``); the engine itself only sees the
``LedgerBackend`` interface.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import TypeVar

import structlog

from affidavit import chain
from affidavit.clock import Clock, SystemClock
from affidavit.codec import decode_body
from affidavit.crypto.keyring import Keyring, default_keyring_root
from affidavit.engine.engine import Engine
from affidavit.engine.paths import LEDGER_FILE, creation_lock, default_store_path, refuse_leftovers
from affidavit.errors import ChainBroken, KeyringError, LedgerError
from affidavit.events import StoreCreated
from affidavit.identity import Identity
from affidavit.ledger import Durability, LedgerBackend, SQLiteLedger

log = structlog.get_logger("affidavit.store")
E = TypeVar("E", bound=Engine)


def open_engine(
    cls: type[E],
    path: str | Path | None = None,
    *,
    identity: Identity | None = None,
    keyring_dir: str | Path | None = None,
    clock: Clock | None = None,
    durability: Durability = "full",
    create: bool = True,
    allow_missing_keyring: bool = False,
) -> E:
    """Open (or create) the store at ``path`` as a ``cls``; verify from genesis and replay."""
    store_path = Path(path) if path is not None else default_store_path()
    identity = identity or Identity.from_env()
    clock = clock or SystemClock()
    ledger_path = store_path / LEDGER_FILE
    if not ledger_path.exists() and not create:
        raise LedgerError(f"no store at {store_path}")
    if create:
        store_path.mkdir(parents=True, exist_ok=True, mode=0o700)
    # Several processes may start on a new path at once: one creates (genesis included)
    # while holding the lock; the others wait, then open what it created.
    with creation_lock(store_path):
        if not ledger_path.exists():
            refuse_leftovers(store_path)
            return _create(cls, store_path, identity, keyring_dir, clock, durability)
    ledger = SQLiteLedger.open(ledger_path, durability)
    try:
        store_id = _read_store_id(ledger)
        kdir = Path(keyring_dir) if keyring_dir else default_keyring_root() / store_id
        keyring: Keyring | None
        try:
            keyring = Keyring.open(kdir, store_id)
        except KeyringError:
            if not allow_missing_keyring:
                _raise_if_chain_broken(ledger)
                raise
            keyring = None
        engine = cls(store_path, ledger, keyring, store_id, identity, clock, kdir)
        engine._replay_all()
        return engine
    except BaseException:
        ledger.close()
        raise


def _create(cls: type[E], path: Path, identity: Identity, keyring_dir: str | Path | None,
            clock: Clock, durability: Durability) -> E:
    store_id = os.urandom(16).hex()
    kdir = Path(keyring_dir) if keyring_dir else default_keyring_root() / store_id
    if kdir.resolve().is_relative_to(path.resolve()):
        raise KeyringError("the keyring must live outside the store directory")
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    keyring = Keyring.create(kdir, store_id, clock.now_us())
    ledger = SQLiteLedger.create(path / LEDGER_FILE, durability)
    engine = cls(path, ledger, keyring, store_id, identity, clock, kdir)
    engine.transact(lambda ctx: ctx.add("STORE_CREATED", StoreCreated(store_id=store_id)))
    log.info("store_created", store_id=store_id)
    return engine


def _read_store_id(ledger: LedgerBackend) -> str:
    for row in ledger.rows(0):
        event = decode_body(row.kind, row.body, row.seq) if row.seq == 1 else None
        if isinstance(event, StoreCreated):
            return event.store_id
        break
    raise ChainBroken(1, "a STORE_CREATED genesis event", "something else or nothing")


def _raise_if_chain_broken(ledger: LedgerBackend) -> None:
    report = chain.verify_chain(ledger.rows(0))
    if report.failure is not None:
        raise ChainBroken(*report.failure)
