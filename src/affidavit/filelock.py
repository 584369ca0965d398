"""An exclusive lock on a lock file beside what a process creates or updates.

Processes that create a signing key or update the head mark serialise on a small
``*.lock`` file (0600, never removed: removing it would let two processes hold two
different files). POSIX advisory locks; released when the block ends or the process dies.
"""

from __future__ import annotations

import contextlib
import fcntl
import os
from collections.abc import Iterator
from pathlib import Path


@contextlib.contextmanager
def exclusive(lock_file: Path) -> Iterator[None]:
    """Hold an exclusive lock on ``lock_file`` (created 0600 if missing) for the block."""
    with open(lock_file, "a") as fh:  # noqa: SIM117 - the lock is held inside
        os.chmod(fh.name, 0o600)
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)
