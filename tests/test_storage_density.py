"""New ledgers and keyrings use 16 KB pages and a WITHOUT ROWID key table; older files
keep their layout and still open. A large replay's heap is frozen out of the cyclic
collector while the store is open and handed back on close."""

from __future__ import annotations

import gc
from pathlib import Path

import apsw
import pytest

from affidavit.engine.engine import FREEZE_AFTER
from affidavit.identity import Identity
from affidavit.ledger import connection
from affidavit.store import Store
from affidavit.testing import append_synthetic


def _pragma(db: Path, name: str) -> object:
    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return conn.execute(f"PRAGMA {name}").fetchall()[0][0]
    finally:
        conn.close()


def _keys_sql(db: Path) -> str:
    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        sql = conn.execute("SELECT sql FROM sqlite_master WHERE name = 'keys'").fetchall()[0][0]
    finally:
        conn.close()
    assert isinstance(sql, str)
    return sql


def test_new_files_get_the_dense_layout(tmp_path: Path) -> None:
    store = Store.open(tmp_path / "s", keyring_dir=tmp_path / "k", identity=Identity())
    fact = "Dana Kim works for Harbor Bank."
    assert store.remember(fact, fact).status == "admitted"
    store.close()
    assert _pragma(tmp_path / "s" / "ledger.db", "page_size") == connection.PAGE_SIZE
    assert _pragma(tmp_path / "k" / "keyring.db", "page_size") == connection.PAGE_SIZE
    assert "WITHOUT ROWID" in _keys_sql(tmp_path / "k" / "keyring.db").upper()


def test_files_made_with_the_old_layout_still_open(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The layout of files made before: 4 KB pages and a rowid key table.
    monkeypatch.setattr(connection, "PAGE_SIZE", 4096)
    from affidavit.ledger import keystore

    monkeypatch.setattr(keystore, "_DDL", keystore._DDL.replace(") WITHOUT ROWID;", ");"))
    store = Store.open(tmp_path / "s", keyring_dir=tmp_path / "k", identity=Identity())
    out = store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    store.close()
    assert _pragma(tmp_path / "s" / "ledger.db", "page_size") == 4096
    assert "WITHOUT ROWID" not in _keys_sql(tmp_path / "k" / "keyring.db").upper()
    monkeypatch.undo()
    again = Store.open(tmp_path / "s", keyring_dir=tmp_path / "k", identity=Identity())
    try:
        answer = again.recall("Where does Dana Kim work?")
        assert answer.status == "answered" and [c.id for c in answer.claims] == [out.claim_id]
    finally:
        again.close()
    # Opening did not rewrite the old files into the new layout.
    assert _pragma(tmp_path / "s" / "ledger.db", "page_size") == 4096


def test_a_large_replay_is_frozen_until_close_and_a_small_one_is_not(tmp_path: Path) -> None:
    gc.unfreeze()
    big = Store.open(tmp_path / "big", keyring_dir=tmp_path / "kb", identity=Identity(), durability="fast")
    append_synthetic(big, FREEZE_AFTER, subjects=200, batch=5000)
    big.close()
    small = Store.open(tmp_path / "small", keyring_dir=tmp_path / "ks", identity=Identity())
    small.close()

    reopened = Store.open(tmp_path / "small", keyring_dir=tmp_path / "ks", identity=Identity())
    assert gc.get_freeze_count() == 0  # negative control: a small replay leaves the collector be
    reopened.close()

    reopened = Store.open(tmp_path / "big", keyring_dir=tmp_path / "kb", identity=Identity())
    try:
        assert gc.get_freeze_count() > 0
        assert reopened.head_seq > FREEZE_AFTER
    finally:
        reopened.close()
    assert gc.get_freeze_count() == 0
