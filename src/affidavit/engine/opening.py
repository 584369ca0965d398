"""Opening a store: create it once, or open its ledger and keyring, then verify and replay.

The backend is chosen here from the location: a directory is a SQLite ledger
(``SQLiteLedger``), a ``postgresql://`` URL a PostgreSQL one (``PostgresLedger``). The
engine itself only sees the ``LedgerBackend`` interface.
"""

from __future__ import annotations

import contextlib
import os
from pathlib import Path
from typing import TypeVar

import msgspec
import structlog

from affidavit import chain
from affidavit.clock import Clock, SystemClock
from affidavit.codec import decode_body
from affidavit.crypto.keyring import Keyring, keyring_location, local_dir_for
from affidavit.engine.engine import Engine
from affidavit.engine.paths import (
    CREATING,
    INTENT,
    LEDGER_FILE,
    STORE_ID_FILE,
    STORE_PATH_FILE,
    creation_lock,
    keyring_dir_for,
    published_dir,
    refuse_known_store,
    refuse_leftovers,
    remove_interrupted_creation,
    store_location,
)
from affidavit.errors import ChainBroken, EventUndecodable, KeyringError, LedgerError, UnknownEventKind
from affidavit.events import StoreCreated
from affidavit.identity import Identity
from affidavit.ledger import Durability, LedgerBackend, PostgresLedger, PostgresLocation, SQLiteLedger, is_url

log = structlog.get_logger("affidavit.store")
E = TypeVar("E", bound=Engine)
# Genesis is the store's, not its creator's: every tenant's export carries it in full, so
# it names no tenant or agent of the process that happened to create the store.
GENESIS_IDENTITY = Identity(tenant="default", agent="affidavit")


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
    directory or, for a PostgreSQL store, the URL of a shared key database.
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
            remove_interrupted_creation(store_path, keyring_dir)
            refuse_leftovers(store_path)
            refuse_known_store(store_path)
            _create(store_path, identity, keyring_dir, clock)
    ledger = SQLiteLedger.open(ledger_path, durability)
    try:
        store_id = _read_store_id(ledger)
        kloc: Path | str = (str(keyring_dir) if is_url(str(keyring_dir or ""))
                            else keyring_dir_for(store_path, store_id, keyring_dir))
        keyring = _open_keyring(ledger, kloc, store_id, allow_missing_keyring)
        engine = cls(store_path, ledger, keyring, store_id, identity, clock, _local_dir(kloc, store_id))
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
    if is_url(str(keyring_dir or "")):
        raise KeyringError("a store in a directory is created with a local keyring directory; a "
                           "shared key database (a postgresql:// keyring) is for postgresql:// stores")
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
        engine = Engine(path, ledger, keyring, store_id, GENESIS_IDENTITY, clock, kdir)
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


def _open_postgres(cls: type[E], location: PostgresLocation, *, identity: Identity,
                   keyring_dir: str | Path | None, clock: Clock, durability: Durability,
                   create: bool, allow_missing_keyring: bool) -> E:
    """The same open on PostgreSQL: create once (under the creation lock), then listen.

    Creation is one transaction on the server (genesis and seal commit together), so
    there is no half-created ledger to clear; a keyring whose genesis never committed
    is left unused (a new store id is drawn each time).
    """
    ledger = (PostgresLedger.open_or_install(location, durability) if create
              else PostgresLedger.open(location, durability))
    try:
        with ledger.creation_lock():
            empty = ledger.last_seq() == 0 and ledger.head_seal() is None
            recorded = ledger.recorded_store_id()
            if empty and recorded is not None:  # never restarted from empty
                raise LedgerError(
                    f"{location.display()} held store {recorded}, but its events are gone: restore "
                    "the ledger (from a backup, or `affidavit migrate` from a copy); a new store "
                    "needs another schema")
            if empty and not create:
                raise LedgerError(f"no store at {location.display()}")
            if empty:
                store_id = os.urandom(16).hex()
                kloc = keyring_location(keyring_dir, store_id)
                created = Keyring.create(kloc, store_id, clock.now_us())
                engine = cls(published_dir(store_id), ledger, created, store_id, GENESIS_IDENTITY, clock,
                             _local_dir(kloc, store_id))
                engine.transact(lambda ctx: ctx.add("STORE_CREATED", StoreCreated(store_id=store_id)))
                engine.identity = identity  # genesis written, the process acts as itself
                ledger.record_store_id(store_id)
                log.info("store_created", store_id=store_id)
        if not empty:
            store_id = _read_store_id(ledger)
            kloc = keyring_location(keyring_dir, store_id)
            keyring = _open_keyring(ledger, kloc, store_id, allow_missing_keyring)
            engine = cls(published_dir(store_id), ledger, keyring, store_id, identity, clock,
                         _local_dir(kloc, store_id))
            engine._replay_all()
            if recorded is None and keyring is not None:  # a store from before the record
                ledger.record_store_id(store_id)
            elif recorded is not None and recorded != store_id:
                raise LedgerError(f"{location.display()} recorded store {recorded} but holds "
                                  f"store {store_id}'s events; restore the schema it belongs to")
    except BaseException:
        ledger.close()
        raise
    ledger.listen()  # others' appends now arrive as notifications
    return engine


def _open_keyring(ledger: LedgerBackend, kloc: Path | str, store_id: str,
                  allow_missing: bool) -> Keyring | None:
    try:
        return Keyring.open(kloc, store_id)
    except KeyringError:
        if not allow_missing:
            _raise_if_chain_broken(ledger)
            raise
        return None


def _local_dir(kloc: Path | str, store_id: str) -> Path:
    """This host's directory for the signing key: the keyring's, or a local one beside it."""
    local = local_dir_for(kloc, store_id)
    if isinstance(kloc, str):
        local.mkdir(parents=True, exist_ok=True, mode=0o700)
    return local


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
    """The genesis event's store id; a genesis that does not decode is refused as verify would.

    The id is read before the chain is verified (it names the keyring), so a changed byte
    in the genesis row reaches here first: it is reported as the chain break it is.
    """
    for row in ledger.rows(0, 1):
        if row.seq != 1:
            break
        try:
            event = decode_body(row.kind, row.body, row.seq)
        except (msgspec.DecodeError, UnknownEventKind) as exc:
            _raise_if_chain_broken(ledger)
            raise EventUndecodable(1, row.kind, "the genesis event does not decode") from exc
        if isinstance(event, StoreCreated):
            return event.store_id
        break
    raise ChainBroken(1, "a STORE_CREATED genesis event", "something else or nothing")


def _raise_if_chain_broken(ledger: LedgerBackend) -> None:
    report = chain.verify_chain(ledger.rows(0))
    if report.failure is not None:
        raise ChainBroken(*report.failure)
