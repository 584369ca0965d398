"""Opening a store: create it once, or open its ledger and keyring, then verify and replay.

The SQLite ledger is chosen here (``SQLiteLedger``); the engine itself only sees the
``LedgerBackend`` interface.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TypeVar

import structlog

from affidavit import chain
from affidavit.clock import Clock, SystemClock
from affidavit.codec import decode_body
from affidavit.crypto.keyring import Keyring
from affidavit.engine.engine import Engine
from affidavit.engine.paths import (
    CREATING,
    INTENT,
    LEDGER_FILE,
    STORE_ID_FILE,
    STORE_PATH_FILE,
    creation_lock,
    default_store_path,
    keyring_dir_for,
    refuse_known_store,
    refuse_leftovers,
    remove_interrupted_creation,
)
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
            remove_interrupted_creation(store_path, keyring_dir)
            refuse_leftovers(store_path)
            refuse_known_store(store_path)
            _create(store_path, identity, keyring_dir, clock)
    ledger = SQLiteLedger.open(ledger_path, durability)
    try:
        store_id = _read_store_id(ledger)
        kdir = keyring_dir_for(store_path, store_id, keyring_dir)
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
        if keyring is not None and not (store_path / STORE_ID_FILE).exists():
            # A store from before the marker, or a creation killed just after its rename.
            with contextlib.suppress(OSError):
                _write_durably(store_path / STORE_ID_FILE, store_id)
        return engine
    except BaseException:
        ledger.close()
        raise


def _create(path: Path, identity: Identity, keyring_dir: str | Path | None, clock: Clock) -> None:
    """Create a complete store or none: the ledger appears under its name only when whole.

    The keyring (which records this path) comes first; the ledger is built under a
    temporary name with genesis and seal, made durable, then renamed into place. A
    kill at any instant leaves either nothing usable-looking (cleared by the next
    creation, ``remove_interrupted_creation``) or the finished store.
    """
    store_id = os.urandom(16).hex()
    kdir = keyring_dir_for(path, store_id, keyring_dir)
    if kdir.resolve().is_relative_to(path.resolve()):
        raise KeyringError("the keyring must live outside the store directory")
    if (kdir / "keyring.db").exists():
        raise KeyringError(f"a keyring already exists at {kdir.name}; refusing to overwrite it")
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    # The intent is on disk before anything else, so a kill at any later instant
    # leaves a name the next creation recognises and clears.
    _write_durably(path / f"{INTENT}{store_id}", "")
    kdir.mkdir(parents=True, exist_ok=True, mode=0o700)
    _write_durably(kdir / STORE_PATH_FILE, str(path.resolve()))
    keyring = Keyring.create(kdir, store_id, clock.now_us())
    building = path / f"{CREATING}{store_id}"
    try:
        ledger = SQLiteLedger.create(building, "full")
        engine = Engine(path, ledger, keyring, store_id, identity, clock, kdir)
        engine.transact(lambda ctx: ctx.add("STORE_CREATED", StoreCreated(store_id=store_id)))
        ledger.checkpoint()  # everything in the main file: the -wal is not renamed with it
        ledger.close()
    finally:
        keyring.close()
    _fsync(building)
    os.replace(building, path / LEDGER_FILE)
    _fsync(path)
    _write_durably(path / STORE_ID_FILE, store_id)
    (path / f"{INTENT}{store_id}").unlink()
    log.info("store_created", store_id=store_id)


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _write_durably(path: Path, text: str) -> None:
    tmp = path.with_name(path.name + ".tmp")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write(text + "\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, path)
    _fsync(path.parent)


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
