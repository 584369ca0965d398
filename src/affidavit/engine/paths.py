"""Where a store lives on disk: its directory, its ledger file, and the creation lock."""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path

from affidavit.errors import LedgerError

LEDGER_FILE = "ledger.db"


def default_store_path() -> Path:
    configured = os.environ.get("AFFIDAVIT_STORE")
    if configured:
        return Path(configured)
    base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
    return Path(base) / "affidavit" / "default"


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
