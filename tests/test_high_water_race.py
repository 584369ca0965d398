"""The head mark against a view taken just before another process committed.

Opening replays a snapshot, then reads the mark; a writer may commit and raise the mark
in between. That is progress, not a rollback: the check looks at the ledger as it is now.
(Seen as a flaky failure of three SQLite writers starting together, and it would hit
PostgreSQL writers on one host the same way.)
"""

from __future__ import annotations

from affidavit.engine import high_water
from affidavit.testing import append_synthetic


def test_a_mark_ahead_of_an_older_view_is_progress_not_rollback(open_store) -> None:
    """check() with the head of a view taken before newer commits finds no failure."""
    store = open_store()
    older = store.head_seq
    other = open_store()
    append_synthetic(other, 3, subjects=2, seed=1)  # commits and raises the mark past `older`
    assert store.keyring is not None
    key = store.keyring.derived(high_water.PURPOSE)
    assert high_water.check(store.ledger, store.keyring.local_dir, key, store.store_id, older) is None
    other.close()


def test_a_ledger_that_really_ends_before_the_mark_still_fails(open_store, store_dirs) -> None:
    """Control: a mark beyond the ledger's real end is still a rollback, named by seq."""
    store = open_store()
    assert store.keyring is not None
    key = store.keyring.derived(high_water.PURPOSE)
    high_water.raise_to(store.keyring.local_dir, key, store.store_id, store.head_seq + 5, b"\x00" * 32)
    failure = high_water.check(store.ledger, store.keyring.local_dir, key, store.store_id, store.head_seq)
    assert failure is not None and failure.seq == store.head_seq + 1
