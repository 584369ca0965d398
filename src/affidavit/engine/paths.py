"""Where a store lives: a directory (its ledger file, the creation lock) or a PostgreSQL URL."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from affidavit.crypto.keyring import default_keyring_root
from affidavit.errors import LedgerError
from affidavit.ledger.location import is_url

LEDGER_FILE = "ledger.db"
STORE_ID_FILE = "store.id"  # written once the store exists: its ledger may not go missing unseen
KEYRING_POINTER = "keyring.dir"  # a salvaged copy names its own keyring here
STORE_PATH_FILE = "store.path"  # in the keyring directory: the store it belongs to
CREATING = LEDGER_FILE + ".creating-"  # + store id: a ledger being built, renamed when whole
INTENT = ".creating-"  # + store id: written first, removed last, by a creation in progress


def keyring_dir_for(store_path: Path, store_id: str, keyring_dir: str | Path | None = None) -> Path:
    """The explicit directory, else the one the store names, else the per-user default."""
    if keyring_dir:
        return Path(keyring_dir)
    pointer = store_path / KEYRING_POINTER
    if pointer.is_file():
        return Path(pointer.read_text(encoding="utf-8").strip())
    return default_keyring_root() / store_id


def default_store_path() -> Path:
    """The default store directory (``AFFIDAVIT_STORE`` if it is a path)."""
    configured = os.environ.get("AFFIDAVIT_STORE")
    if configured and not is_url(configured):
        return Path(configured)
    return _data_home() / "affidavit" / "default"


def default_store_location() -> Path | str:
    """``AFFIDAVIT_STORE`` as given (a directory or a ``postgresql://`` URL), else the default."""
    configured = os.environ.get("AFFIDAVIT_STORE")
    if configured and is_url(configured):
        return configured
    return default_store_path()


def store_location(location: str | Path | None) -> Path | str:
    """A store location as the caller gave it: a URL stays a string, anything else a Path."""
    if location is None or (isinstance(location, str) and not location):
        return default_store_location()
    if is_url(location):
        return str(location)
    return Path(location)


def published_dir(store_id: str) -> Path:
    """Where this host keeps a server store's public files (``signing.pub``), 0700."""
    path = _data_home() / "affidavit" / "published" / store_id
    path.mkdir(parents=True, exist_ok=True, mode=0o700)
    return path


def _data_home() -> Path:
    return Path(os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share"))


@contextlib.contextmanager
def creation_lock(path: Path) -> Iterator[None]:
    """Held while a new store is created, so concurrent first opens create it once."""
    try:
        fh = open(path / ".create.lock", "a")  # noqa: SIM115 - held across the yield
    except OSError:
        yield  # a read-only directory: nobody can be creating a store in it
        return
    with fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def refuse_leftovers(path: Path) -> None:
    """A store is created only in an empty directory: never silently over a lost ledger."""
    left = sorted(p.name for p in path.iterdir() if p.name != ".create.lock")
    if STORE_ID_FILE in left and not (path / LEDGER_FILE).exists():
        store_id = (path / STORE_ID_FILE).read_text(encoding="utf-8").strip()[:64]
        raise LedgerError(
            f"the ledger of store {store_id} is missing from this directory: it is not started "
            "again from empty. Restore ledger.db from a copy (or salvage one), or create a new "
            "store in an empty directory."
        )
    if left:
        raise LedgerError(
            f"no {LEDGER_FILE} here, but the directory holds {', '.join(left[:5])}: a store "
            "whose ledger is missing is not started again from empty. Restore the ledger, "
            "or create the new store in an empty directory."
        )


def refuse_known_store(path: Path) -> None:
    """A keyring under the default root that belongs to this path means its ledger vanished."""
    root = default_keyring_root()
    if not root.is_dir():
        return
    here = str(path.resolve())
    for kdir in root.iterdir():
        record = kdir / STORE_PATH_FILE
        try:
            known = record.read_text(encoding="utf-8").strip()
        except OSError:
            continue
        if known == here and (kdir / "keyring.db").is_file():
            raise LedgerError(
                f"store {kdir.name[:64]} was created at {path.name} (its keyring is still here) but "
                "its ledger is missing: restore ledger.db, or create the new store elsewhere."
            )


def remove_interrupted_creation(path: Path, keyring_dir: str | Path | None) -> None:
    """Clear what a creation killed before its ledger was renamed into place left behind.

    Nothing of it was ever a store: no ledger.db appeared. Its keyring is removed too,
    but only when it holds exactly that unfinished store (its store.path names this
    path and its store id is the one in the leftover's name).
    """
    leftovers = sorted(path.glob(INTENT + "*")) + sorted(path.glob(CREATING + "*"))
    for leftover in leftovers:
        prefix = INTENT if leftover.name.startswith(INTENT) else CREATING
        store_id = leftover.name[len(prefix):].split("-", 1)[0].removesuffix(".tmp")
        kdir = keyring_dir_for(path, store_id, keyring_dir)
        record = kdir / STORE_PATH_FILE
        try:
            mine = record.read_text(encoding="utf-8").strip() == str(path.resolve())
        except OSError:
            mine = False
        if mine:
            for pattern in ("keyring.db*", "head.mark*", STORE_PATH_FILE + "*"):
                for part in kdir.glob(pattern):
                    part.unlink()
            with contextlib.suppress(OSError):
                kdir.rmdir()
        leftover.unlink()
