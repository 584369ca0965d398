"""Where a store lives: a directory (its ledger file, the creation lock) or a PostgreSQL URL."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from affidavit.errors import LedgerError
from affidavit.ledger.location import is_url

LEDGER_FILE = "ledger.db"


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
    if left:
        raise LedgerError(
            f"no {LEDGER_FILE} here, but the directory holds {', '.join(left[:5])}: a store "
            "whose ledger is missing is not started again from empty. Restore the ledger, "
            "or create the new store in an empty directory."
        )
