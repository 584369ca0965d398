"""Opening a store: create it once, or open its ledger and keyring, then verify and replay.

The backend is chosen here from the location: a directory is a SQLite ledger
(``SQLiteLedger``), a ``postgresql://`` URL a PostgreSQL one (``PostgresLedger``). The
engine itself only sees the ``LedgerBackend`` interface.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import TypeVar

import structlog

from affidavit import chain
from affidavit.clock import Clock, SystemClock
from affidavit.codec import decode_body
from affidavit.crypto.keyring import Keyring, keyring_location, local_dir_for
from affidavit.engine.engine import Engine
from affidavit.engine.paths import (
    LEDGER_FILE,
    creation_lock,
    published_dir,
    refuse_leftovers,
    store_location,
)
from affidavit.errors import ChainBroken, KeyringError, LedgerError
from affidavit.events import StoreCreated
from affidavit.identity import Identity
from affidavit.ledger import Durability, LedgerBackend, PostgresLedger, PostgresLocation, SQLiteLedger

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
    """Open (or create) the store at ``path`` as a ``cls``; verify from genesis and replay.

    ``path`` is a directory (SQLite) or a ``postgresql://`` URL; ``keyring_dir`` a
    directory or a URL of a shared key database.
    """
    location = store_location(path)
    identity = identity or Identity.from_env()
    clock = clock or SystemClock()
    if isinstance(location, str):
        return _open_postgres(cls, PostgresLocation.parse(location), identity=identity,
                              keyring_dir=keyring_dir, clock=clock, durability=durability,
                              create=create, allow_missing_keyring=allow_missing_keyring)
    store_path = location
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
            store_id = os.urandom(16).hex()
            kloc = keyring_location(keyring_dir, store_id)
            if isinstance(kloc, Path) and kloc.resolve().is_relative_to(store_path.resolve()):
                raise KeyringError("the keyring must live outside the store directory")
            return _create(cls, store_path, lambda: SQLiteLedger.create(ledger_path, durability),
                           store_id, kloc, identity, clock)
    return _open_existing(cls, store_path, SQLiteLedger.open(ledger_path, durability), identity,
                          keyring_dir, clock, allow_missing_keyring)


def _open_postgres(cls: type[E], location: PostgresLocation, *, identity: Identity,
                   keyring_dir: str | Path | None, clock: Clock, durability: Durability,
                   create: bool, allow_missing_keyring: bool) -> E:
    """The same open on PostgreSQL: create once (under the creation lock), then listen."""
    if create:
        ledger = PostgresLedger.open_or_install(location, durability)
    else:
        ledger = PostgresLedger.open(location, durability)
    try:
        with ledger.creation_lock():
            empty = ledger.last_seq() == 0 and ledger.head_seal() is None
            if empty and not create:
                raise LedgerError(f"no store at {location.display()}")
            if empty:
                store_id = os.urandom(16).hex()
                engine = _create(cls, published_dir(store_id), lambda: ledger, store_id,
                                 keyring_location(keyring_dir, store_id), identity, clock)
        if not empty:
            engine = _open_existing(cls, None, ledger, identity, keyring_dir, clock,
                                    allow_missing_keyring)
    except BaseException:
        ledger.close()
        raise
    ledger.listen()  # others' appends now arrive as notifications
    return engine


def _open_existing(cls: type[E], store_path: Path | None, ledger: LedgerBackend, identity: Identity,
                   keyring_dir: str | Path | None, clock: Clock, allow_missing_keyring: bool) -> E:
    try:
        store_id = _read_store_id(ledger)
        kloc = keyring_location(keyring_dir, store_id)
        keyring: Keyring | None
        try:
            keyring = Keyring.open(kloc, store_id)
        except KeyringError:
            if not allow_missing_keyring:
                _raise_if_chain_broken(ledger)
                raise
            keyring = None
        engine = cls(store_path or published_dir(store_id), ledger, keyring, store_id, identity,
                     clock, _local_dir(kloc, store_id))
        engine._replay_all()
        return engine
    except BaseException:
        ledger.close()
        raise


def _create(cls: type[E], path: Path, make_ledger: Callable[[], LedgerBackend], store_id: str,
            kloc: Path | str, identity: Identity, clock: Clock) -> E:
    """The keyring first (so a ledger never exists without one), then the ledger, then genesis."""
    keyring = Keyring.create(kloc, store_id, clock.now_us())
    ledger = make_ledger()
    engine = cls(path, ledger, keyring, store_id, identity, clock, _local_dir(kloc, store_id))
    engine.transact(lambda ctx: ctx.add("STORE_CREATED", StoreCreated(store_id=store_id)))
    log.info("store_created", store_id=store_id)
    return engine


def _local_dir(kloc: Path | str, store_id: str) -> Path:
    local = local_dir_for(kloc, store_id)
    if isinstance(kloc, str):
        local.mkdir(parents=True, exist_ok=True, mode=0o700)  # the signing key lives here
    return local


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
