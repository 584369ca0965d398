"""SQLite connection setup: one small named function per setting.

This package is the only code that imports apsw. Driver errors are translated
into affidavit errors in exactly one place: ``translate_errors``.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path

import apsw

from affidavit.errors import (
    ConcurrentWriteTimeout,
    LedgerError,
    NotALedger,
    StorageFull,
    StorageIOError,
    StorageReadOnly,
)
from affidavit.ledger.backend import Durability

SQLITE_MAGIC = b"SQLite format 3\x00"
BUSY_TIMEOUT_MS = 30_000


def connect(path: Path, *, create: bool, readonly: bool = False) -> apsw.Connection:
    if readonly:
        flags = apsw.SQLITE_OPEN_READONLY
    else:
        flags = apsw.SQLITE_OPEN_READWRITE | (apsw.SQLITE_OPEN_CREATE if create else 0)
    with translate_errors(path):
        conn = apsw.Connection(str(path), flags=flags)
        set_busy_timeout(conn)
    return conn


def set_busy_timeout(conn: apsw.Connection) -> None:
    # Several processes share one store: wait for the write lock instead of failing.
    conn.set_busy_timeout(BUSY_TIMEOUT_MS)


# New files only (SQLite fixes a file's page size when its first table is made, and WAL
# mode keeps it): ledger rows of 0.2-1.5 KB waste a quarter of a 4 KB page where the next
# row does not fit; a 16 KB page wastes a few percent. Files made before keep theirs.
PAGE_SIZE = 16384


def set_page_size(conn: apsw.Connection) -> None:
    """Before the first table of a new file: its page size (no effect on an existing file)."""
    conn.execute(f"PRAGMA page_size={PAGE_SIZE}")


def use_wal(conn: apsw.Connection) -> None:
    # WAL lets readers proceed while one writer appends.
    conn.execute("PRAGMA journal_mode=WAL")


def set_durability(conn: apsw.Connection, durability: Durability) -> None:
    # FULL: an append that returned survives a power cut. NORMAL in WAL mode keeps the
    # database consistent but may lose the last commits on power loss (documented).
    level = "FULL" if durability == "full" else "NORMAL"
    conn.execute(f"PRAGMA synchronous={level}")


def enable_secure_delete(conn: apsw.Connection) -> None:
    # Freed pages are zeroed, so a destroyed key does not linger in the file.
    conn.execute("PRAGMA secure_delete=ON")


def enforce_foreign_keys(conn: apsw.Connection) -> None:
    conn.execute("PRAGMA foreign_keys=ON")


def looks_like_sqlite(path: Path) -> bool:
    """Check the header without opening the file through SQLite (which could write)."""
    try:
        with path.open("rb") as fh:
            return fh.read(16) == SQLITE_MAGIC
    except OSError:
        return False


@contextlib.contextmanager
def translate_errors(path: Path | str) -> Iterator[None]:
    try:
        yield
    except apsw.BusyError as exc:
        name = Path(path).name  # built only on failure: this wraps every statement
        raise ConcurrentWriteTimeout(
            f"{name}: another process held the write lock for over {BUSY_TIMEOUT_MS} ms"
        ) from exc
    except (apsw.NotADBError, apsw.CorruptError) as exc:
        name = Path(path).name
        raise NotALedger(f"{name} is not a readable SQLite database ({exc.__class__.__name__})") from exc
    except apsw.CantOpenError as exc:
        name = Path(path).name
        raise LedgerError(f"cannot open {name}: check the path and permissions") from exc
    except apsw.FullError as exc:
        name = Path(path).name
        raise StorageFull(
            f"disk full: {name} could not grow, so the write was rolled back and nothing of it was "
            "kept; free space on that filesystem (or move the store) and retry"
        ) from exc
    except (apsw.ReadOnlyError, apsw.PermissionsError) as exc:
        name = Path(path).name
        raise StorageReadOnly(
            f"permission denied: {name} is read-only to this process, so the write was rolled "
            "back and nothing of it was kept; give this user read-write access to the file and "
            "its directory (or remount the filesystem read-write) and retry"
        ) from exc
    except apsw.IOError as exc:
        name = Path(path).name
        raise StorageIOError(
            f"I/O error: the operating system could not read or write {name} "
            f"({exc.__class__.__name__}), so the write was rolled back and nothing of it was "
            "kept; check the disk and filesystem, then retry"
        ) from exc
    except apsw.Error as exc:
        name = Path(path).name
        raise LedgerError(f"{name}: SQLite error {exc.__class__.__name__}") from exc
