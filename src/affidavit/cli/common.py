"""What every `affidavit` command shares: the store and keyring options, and opening.

One convention for every command: ``--store PATH`` (else ``$AFFIDAVIT_STORE``, else
the per-user default) and ``--keyring-dir DIR``, which means exactly what
``AFFIDAVIT_KEYRING_DIR`` means: the directory holding keyrings, this store's being
``DIR/<store id>``. Older forms keep working with a note on stderr: the forensic
and ledger commands' positional store, and ``--keyring-dir`` naming the store's
own keyring directory (one that holds ``keyring.db``).

A command that only reads never creates a store: a path with no store is an error
that says so (a typo in ``--store`` must not look like an empty memory).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

from affidavit.engine.paths import LEDGER_FILE, store_location
from affidavit.errors import LedgerError
from affidavit.ledger.location import is_url

if TYPE_CHECKING:
    from affidavit.store import Store

KEYRING_FILE = "keyring.db"


class NoStore(LedgerError):
    """A read-only command was pointed at a path that holds no store."""

    code = "no_store"


def add_store_options(p: argparse.ArgumentParser, *, legacy_positional: bool = False) -> None:
    """``--store`` and ``--keyring-dir`` (and the deprecated positional store, if it had one)."""
    if legacy_positional:
        p.add_argument("legacy_store", nargs="?", metavar="STORE", help=argparse.SUPPRESS)
    p.add_argument("--store", metavar="PATH",
                   help="store directory (default: $AFFIDAVIT_STORE, else the per-user default)")
    p.add_argument("--keyring-dir", metavar="DIR",
                   help="where keyrings live, as $AFFIDAVIT_KEYRING_DIR: this store's keyring "
                        "is DIR/<store id> (default: $XDG_CONFIG_HOME/affidavit/keyrings)")


def note(text: str) -> None:
    print(f"note: {text}", file=sys.stderr)


def store_path(args: argparse.Namespace) -> Path:
    """The store the command names; the deprecated positional form still works."""
    legacy = getattr(args, "legacy_store", None)
    chosen = getattr(args, "store", None)
    if legacy is not None:
        if chosen is not None and Path(chosen) != Path(legacy):
            raise LedgerError("two different stores given: pass only --store PATH")
        note("a positional store path is deprecated; use --store PATH")
        return store_location(legacy)  # type: ignore[return-value]
    # A postgresql:// URL (given, or in AFFIDAVIT_STORE) stays as given.
    return store_location(chosen)  # type: ignore[return-value]


def require_store(path: Path) -> Path:
    """``path`` if it holds a store, else ``NoStore`` (nothing is created)."""
    if isinstance(path, str):
        return path  # a server store: opening says whether it exists
    if not (path / LEDGER_FILE).exists():
        raise NoStore(f"no store at {path}; nothing was created. Check --store (or "
                      "AFFIDAVIT_STORE); `affidavit remember` or `affidavit add-source` "
                      "creates a store")
    return path


def _store_id(path: Path) -> str | None:
    from affidavit.codec import decode_body
    from affidavit.events import StoreCreated
    from affidavit.ledger import SQLiteLedger

    ledger = SQLiteLedger.open(path / LEDGER_FILE)
    try:
        first = next(iter(ledger.rows(0, 1)), None)
        event = decode_body(first.kind, first.body, 1) if first is not None else None
        return event.store_id if isinstance(event, StoreCreated) else None
    finally:
        ledger.close()


def keyring_dir(args: argparse.Namespace, path: Path) -> Path | None:
    """The exact keyring directory for ``--keyring-dir`` (None: the default rule applies)."""
    given = getattr(args, "keyring_dir", None)
    if not given:
        return None
    if is_url(given) or isinstance(path, str):
        return given if is_url(given) else Path(given)
    root = Path(given)
    if (root / KEYRING_FILE).exists():
        note("--keyring-dir names the keyrings directory (as AFFIDAVIT_KEYRING_DIR); a "
             "directory holding keyring.db itself is deprecated")
        return root
    store_id = _store_id(path) if (path / LEDGER_FILE).exists() else None
    return root / store_id if store_id else None


@contextlib.contextmanager
def keyring_root(args: argparse.Namespace) -> Iterator[None]:
    """While a store is created, ``--keyring-dir`` is the keyrings directory for it."""
    given = getattr(args, "keyring_dir", None)
    if not given:
        yield
        return
    before = os.environ.get("AFFIDAVIT_KEYRING_DIR")
    os.environ["AFFIDAVIT_KEYRING_DIR"] = str(given)
    try:
        yield
    finally:
        if before is None:
            os.environ.pop("AFFIDAVIT_KEYRING_DIR", None)
        else:
            os.environ["AFFIDAVIT_KEYRING_DIR"] = before


def open_store(args: argparse.Namespace, *, create: bool = False,
               keyring_needed: bool = False) -> Store:
    """The store the command names, opened (created only when ``create``)."""
    from affidavit.store import Store

    path = store_path(args)
    if not create:
        require_store(path)
    kdir = keyring_dir(args, path)
    with keyring_root(args):
        return Store.open(path, keyring_dir=kdir, create=create,
                          allow_missing_keyring=not keyring_needed and not create)
