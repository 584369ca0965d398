"""A full disk is said plainly, typed, and leaves nothing half written."""

from __future__ import annotations

import pytest

from affidavit import Store
from affidavit.errors import StorageFull


def _cap_ledger_at_current_size(store: Store) -> None:
    """Make the ledger file unable to grow, as a full filesystem would (SQLITE_FULL)."""
    conn = store.ledger._conn  # type: ignore[attr-defined]  # the SQLite backend's connection
    pages = conn.execute("PRAGMA page_count").fetchall()[0][0]
    conn.execute(f"PRAGMA max_page_count = {pages}")


def test_disk_full_is_a_typed_error_that_says_so_and_keeps_nothing(open_store, store_dirs) -> None:
    """remember on a full disk raises StorageFull naming 'disk full'; the chain and the claims are intact."""
    store = open_store()
    kept = store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    assert kept.status == "admitted"  # control: writes work before the disk fills
    head = store.head_seq
    _cap_ledger_at_current_size(store)
    # The source document is stored whole (the evidence alone is narrowed to its sentence, and
    # a large page's slack could hold that): far more than the capped file has room for.
    source = "Omar Ali lives in Leeds. " + "He walks to work every day along the canal. " * 900
    with pytest.raises(StorageFull) as caught:
        store.remember("Omar Ali lives in Leeds.", "Omar Ali lives in Leeds.", source_text=source)
    assert "disk full" in str(caught.value) and caught.value.code == "disk_full"
    assert "Omar" not in str(caught.value)  # no personal content in the message
    assert store.head_seq == head
    store.close()
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1], create=False) as reopened:
        assert reopened.head_seq == head
        assert reopened.recall("Where does Dana Kim work?").status == "answered"
        assert reopened.recall("Where does Omar Ali live?").status == "abstained"
