"""Audited reads (AFFIDAVIT_AUDIT_READS): who read which claims, the query only as a keyed fingerprint."""

from __future__ import annotations

import pytest

from affidavit.api import StoreBackend
from affidavit.crypto import macs
from affidavit.errors import KeyringError
from affidavit.identity import Identity
from affidavit.store import Store

QUERY = "Where does Omar Haddad live?"


def _recalls(store: Store) -> list:  # type: ignore[type-arg]
    from affidavit.codec import decode_event

    return [decode_event(r) for r in store._ledger.rows(0) if r.kind == "CLAIMS_RECALLED"]


def test_query_text_never_reaches_the_ledger(open_store, store_dirs, monkeypatch) -> None:
    """The ledger file holds the query's keyed fingerprint, never its words."""
    monkeypatch.setenv("AFFIDAVIT_AUDIT_READS", "1")
    store = open_store(Identity(agent="auditor-7"))
    store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    store.recall("Which city does Omar Haddad call home, per the register?")
    store._ledger.checkpoint()
    raw = (store_dirs[0] / "ledger.db").read_bytes()
    assert b"call home" not in raw and b"register" not in raw
    assert len(_recalls(store)) == 1  # control: the read was recorded


def test_audited_recall_records_agent_claims_and_status(open_store, monkeypatch) -> None:
    """One CLAIMS_RECALLED per recall: the agent, the served claim ids, the status."""
    store = open_store(Identity(agent="auditor-7"))
    out = store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    store.recall(QUERY)
    assert _recalls(store) == []  # control: off unless the variable is set
    monkeypatch.setenv("AFFIDAVIT_AUDIT_READS", "1")
    answer = store.recall(QUERY)
    abstained = store.recall("Where does Nobody Known live?")
    first, second = _recalls(store)
    assert answer.status == "answered" and abstained.status == "abstained"
    assert (first.agent, first.claim_ids, first.status) == ("auditor-7", (out.claim_id,), "answered")
    assert (second.status, second.claim_ids) == ("abstained", ())
    key = store._require_keyring().derived("query")
    assert first.query_fingerprint == macs.fingerprint(key, "default", QUERY)
    assert first.query_fingerprint != macs.fingerprint(key, "other-tenant", QUERY)


def test_audit_survives_restart_and_shows_in_history(open_store, monkeypatch) -> None:
    """A new process sees the recall events; the history tool lists them for the claim."""
    monkeypatch.setenv("AFFIDAVIT_AUDIT_READS", "1")
    store = open_store()
    out = store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    store.recall(QUERY)
    store.close()
    reopened = open_store()
    assert len(_recalls(reopened)) == 1
    history = StoreBackend(reopened).history(claim_id=out.claim_id)
    kinds = [e["kind"] for e in history["events"]]
    assert "CLAIMS_RECALLED" in kinds and "CLAIM_ADMITTED" in kinds


def test_after_forget_recall_records_point_at_erased_claims(open_store, monkeypatch) -> None:
    """Erasing the subject keeps the audit trail; the claim it names now reads [erased]."""
    if not hasattr(Store, "forget"):
        pytest.skip("Store.forget is not available yet")
    monkeypatch.setenv("AFFIDAVIT_AUDIT_READS", "1")
    store = open_store()
    out = store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    keep = store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
    store.recall(QUERY)
    store.forget("Omar Haddad")
    history = StoreBackend(store).history(claim_id=out.claim_id)
    summaries = {e["kind"]: e["summary"] for e in history["events"]}
    assert "served 1 claim" in summaries["CLAIMS_RECALLED"]
    assert "[erased]" in summaries["CLAIM_ADMITTED"] and "Leeds" not in summaries["CLAIM_ADMITTED"]
    control = StoreBackend(store).history(claim_id=keep.claim_id)
    assert "Harbor Bank" in " ".join(e["summary"] for e in control["events"])


def test_an_audited_read_that_cannot_be_recorded_fails(open_store, store_dirs, tmp_path, monkeypatch) -> None:
    """Without the keyring the audit cannot be written, so the recall raises instead of answering."""
    store = open_store()
    store.remember("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds.")
    store.close()
    with Store.open(store_dirs[0], keyring_dir=tmp_path / "absent", create=False,
                    allow_missing_keyring=True) as blind:
        blind.recall(QUERY)  # control: unaudited reads still work read-only
        monkeypatch.setenv("AFFIDAVIT_AUDIT_READS", "1")
        with pytest.raises(KeyringError):
            blind.recall(QUERY)
