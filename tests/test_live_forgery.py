"""A running server never serves a forged tail: catch-up checks the head seal first.

Someone holding only ledger.db can append rows whose hashes chain correctly (a
freeze, a review, an erasure) but cannot move the keyed head seal. A live process
must refuse them on catch-up exactly as a fresh open does, and keep refusing.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from test_mcp_real_store import Server, _keyring_root

from affidavit import chain
from affidavit.errors import ChainBroken
from affidavit.store import Store

CLAIM = ("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")


def _forge_freeze(ledger: Path, claim_id: str) -> int:
    """Append a correctly chained CLAIM_STATE_CHANGED (freeze) without touching the seal."""
    db = sqlite3.connect(ledger)
    last, prev, at = db.execute(
        "SELECT seq, hash, recorded_at FROM events ORDER BY seq DESC LIMIT 1").fetchone()
    body = (b'{"claim_id":"' + claim_id.encode() + b'","from_state":"active","to_state":"frozen",'
            b'"reason":"frozen_by_operator"}')
    seq = last + 1
    digest = chain.event_hash(seq, "CLAIM_STATE_CHANGED", "default", "mallory", at, "x", body, prev)
    with db:
        db.execute("INSERT INTO events (seq, kind, tenant, actor, recorded_at, resolver, body, "
                   "prev_hash, hash) VALUES (?,?,?,?,?,?,?,?,?)",
                   (seq, "CLAIM_STATE_CHANGED", "default", "mallory", at, "x", body, prev, digest))
    db.close()
    return seq


def _text(result: dict) -> str:  # type: ignore[type-arg]
    return " ".join(c.get("text", "") for c in result.get("content", []))


def test_a_live_server_refuses_a_forged_tail_and_keeps_refusing(tmp_path: Path) -> None:
    """After a forged freeze lands in ledger.db the server answers chain_broken, not the frozen state."""
    store, keys = tmp_path / "store", _keyring_root(tmp_path)
    server = Server(store, keys)
    try:
        admitted = server.call("remember", claim=CLAIM[0], evidence=CLAIM[1])["structuredContent"]
        assert admitted["status"] == "admitted"
        ok = server.call("recall", query="Where does Dana Kim work?")["structuredContent"]
        assert ok["status"] == "answered"  # control: the live server answers before the forgery
        seq = _forge_freeze(store / "ledger.db", admitted["claim_id"])
        for _ in range(2):  # and stays closed
            forged = server.call("recall", query="Where does Dana Kim work?")
            assert forged.get("isError") is True and "chain" in _text(forged).lower()
            assert str(seq) in _text(forged)
        omar = "Omar Ali lives in Leeds."
        refused = server.call("remember", claim=omar, evidence=omar)
        assert refused.get("isError") is True
    finally:
        server.close()
    store_id = next(keys.iterdir()).name
    with pytest.raises(ChainBroken) as caught:
        Store.open(store, keyring_dir=keys / store_id)
    assert caught.value.seq == seq  # a fresh open names the same seq


def test_a_sealed_write_by_another_process_is_still_served(tmp_path: Path) -> None:
    """Positive control: a legitimate writer's rows (seal moved) reach the live server."""
    store, keys = tmp_path / "store", _keyring_root(tmp_path)
    server = Server(store, keys)
    try:
        server.call("stats")
        store_id = next(keys.iterdir()).name
        with Store.open(store, keyring_dir=keys / store_id) as other:
            assert other.remember(*CLAIM).status == "admitted"
        got = server.call("recall", query="Where does Dana Kim work?")["structuredContent"]
        assert got["status"] == "answered"
    finally:
        server.close()


def test_the_library_refuses_a_forged_tail_on_catch_up(open_store, store_dirs) -> None:
    """In-process: catch_up raises ChainBroken naming the forged seq, every time, and writes fail."""
    store = open_store()
    claim_id = store.remember(*CLAIM).claim_id
    assert claim_id is not None
    seq = _forge_freeze(store_dirs[0] / "ledger.db", claim_id)
    for _ in range(2):
        with pytest.raises(ChainBroken) as caught:
            store.recall("Where does Dana Kim work?")
        assert caught.value.seq == seq
    assert store.claims.get(claim_id).state == "active"  # the forged freeze was never applied
    with pytest.raises(ChainBroken):
        store.remember("Omar Ali lives in Leeds.", "Omar Ali lives in Leeds.")
