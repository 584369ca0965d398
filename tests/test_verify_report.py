"""verify tells the whole truth: one report on both surfaces, what it checked, failed and skipped.

The MCP `verify` tool reports a tampered store (ok false, the first bad seq, what was
expected) while every other tool fails closed; `affidavit verify` runs the same
verification (receipts and content included) and its `--json` names every check run
and every check skipped; unreadable content is counted by why, and recall says the
store holds content it cannot read.
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from pathlib import Path
from typing import Any

import apsw
import pytest
from test_live_forgery import _forge_freeze
from test_mcp_real_store import Server, _keyring_root

from affidavit.api import LazyStoreBackend, StoreBackend
from affidavit.chain import Row
from affidavit.cli import main
from affidavit.codec import decode_event, encode_body
from affidavit.engine.content_check import check_content
from affidavit.errors import ChainBroken
from affidavit.events import ClaimAdmitted
from affidavit.identity import Identity
from affidavit.memory.verify import verify_at, verify_result

CLAIMS = (("Dana Kim lives in Oslo.", "Dana Kim lives in Oslo."),
          ("Omar Haddad lives in Leeds.", "Omar Haddad lives in Leeds."))
PLAIN = ("Dana", "Oslo", "Omar", "Leeds")


@pytest.fixture(autouse=True)
def _keep_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process CLI calls must not rebind logging to a captured stream that pytest closes."""
    monkeypatch.setattr("affidavit.logs.configure_logging", lambda *a, **k: None)


def _filled(open_store, identity: Identity | None = None):  # type: ignore[no-untyped-def]
    store = open_store(identity)
    for claim, evidence in CLAIMS:
        assert store.remember(claim, evidence).status == "admitted"
    return store


def _tamper_body(ledger: Path, seq: int) -> None:
    db = sqlite3.connect(ledger)
    db.execute("DROP TRIGGER events_no_update")
    body = db.execute("SELECT body FROM events WHERE seq = ?", (seq,)).fetchone()[0]
    db.execute("UPDATE events SET body = ? WHERE seq = ?", (body[:-1] + bytes([body[-1] ^ 1]), seq))
    db.commit()
    db.close()


def _keys(kdir: Path, sql: str) -> None:
    db = apsw.Connection(str(kdir / "keyring.db"))
    db.execute(sql)
    db.close()


def _cli_verify(path: Path, kdir: Path, capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    code = main(["verify", str(path), "--keyring-dir", str(kdir), "--json"])
    return code, json.loads(capsys.readouterr().out)


# -- 1. the MCP verify tool reports a tampered store ------------------------------------

def test_mcp_verify_on_a_tampered_store_says_ok_false_and_where(tmp_path: Path) -> None:
    """Over stdio: verify returns ok false, first_bad_seq and expected; recall stays isError."""
    store, keys = tmp_path / "store", _keyring_root(tmp_path)
    server = Server(store, keys)
    try:
        assert server.call("remember", claim=CLAIMS[0][0], evidence=CLAIMS[0][1])[
            "structuredContent"]["status"] == "admitted"
        clean = server.call("verify")
        assert clean["isError"] is False and clean["structuredContent"]["ok"] is True  # control
    finally:
        server.close()
    _tamper_body(store / "ledger.db", 3)
    server = Server(store, keys)
    try:
        result = server.call("verify")
        assert result["isError"] is False, result
        report = result["structuredContent"]
        assert report["ok"] is False and report["first_bad_seq"] == 3
        assert report["expected"] and report["found"]
        assert "receipts" in report["checks_skipped"] and "chain" in report["checks_run"]
        recall = server.call("recall", query="Where does Dana Kim live?")
        assert recall.get("isError") is True and "chain_broken" in recall["content"][0]["text"]
    finally:
        server.close()


def test_a_live_engine_that_saw_a_break_still_reports_it_on_verify(tmp_path: Path) -> None:
    """After a forged tail, the live backend refuses recall for good, yet verify says where."""
    from affidavit.store import Store

    store = Store.open(tmp_path / "s", keyring_dir=tmp_path / "k")
    backend = StoreBackend(store)
    try:
        admitted = backend.remember(claim=CLAIMS[0][0], evidence=CLAIMS[0][1])
        assert backend.verify()["ok"] is True  # control
        seq = _forge_freeze(tmp_path / "s" / "ledger.db", admitted["claim_id"])
        with pytest.raises(ChainBroken):
            backend.recall(query="Where does Dana Kim live?")
        for _ in range(2):
            report = backend.verify()
            assert report["ok"] is False and report["first_bad_seq"] == seq
        with pytest.raises(ChainBroken):  # other tools keep failing closed
            backend.stats()
    finally:
        store.close()


def test_the_lazy_backend_reports_a_store_that_refused_to_open(open_store, store_dirs, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    """The server's backend: open failed, verify still answers with the finding, others raise."""
    _filled(open_store).close()
    path, kdir = store_dirs
    _tamper_body(path / "ledger.db", 4)
    monkeypatch.setenv("AFFIDAVIT_KEYRING_DIR", str(kdir.parent / "roots"))
    backend = LazyStoreBackend(str(path))
    report = backend.verify()
    assert report["ok"] is False and report["first_bad_seq"] == 4
    with pytest.raises(ChainBroken):
        backend.recall(query="Where does Dana Kim live?")


# -- 2. one verification, the same report on both surfaces ------------------------------

def test_cli_verify_checks_receipts_and_reports_like_the_mcp_tool(open_store, store_dirs, capsys) -> None:  # type: ignore[no-untyped-def]
    """`affidavit verify --json` re-derives receipts and gives the MCP tool's report."""
    store = _filled(open_store)
    mcp = StoreBackend(store).verify()
    store.close()
    path, kdir = store_dirs
    code, cli = _cli_verify(path, kdir, capsys)
    assert code == 0 and cli["receipts"] == {"verified": 2, "failed": 0, "source_not_held": 0}
    for key in ("ok", "events", "head_hash", "first_bad_seq", "head_seal", "receipts", "content",
                "checks", "checks_run", "checks_skipped"):
        assert cli[key] == mcp[key], key
    assert set(cli["checks_run"]) == {"chain", "event_kinds", "head_seal", "erasure_rollback",
                                      "high_water_mark", "receipts", "content"}
    assert cli["checks_skipped"] == []


def test_without_the_keyring_verify_names_what_it_skipped_and_why(  # type: ignore[no-untyped-def]
        open_store, store_dirs, tmp_path, capsys) -> None:
    """No keyring: head seal, rollback, mark, receipts and content are listed as skipped, with reasons."""
    _filled(open_store).close()
    path, _ = store_dirs
    code, report = _cli_verify(path, tmp_path / "elsewhere", capsys)
    assert code == 0 and report["ok"] is True and report["head_seal"] == "not checked"
    assert set(report["checks_skipped"]) == {"head_seal", "erasure_rollback", "high_water_mark",
                                             "receipts", "content"}
    reasons = {c["name"]: c["detail"] for c in report["checks"] if c["status"] == "skipped"}
    assert "keyring" in reasons["head_seal"] and "salt" in reasons["receipts"]
    assert "chain" in report["checks_run"]


def test_cli_verify_of_a_tampered_store_names_the_seq_and_skips_the_replayed_checks(  # type: ignore[no-untyped-def]
        open_store, store_dirs, capsys) -> None:
    """Exit 1, first bad seq, and receipts/content skipped because the store does not open."""
    _filled(open_store).close()
    path, kdir = store_dirs
    _tamper_body(path / "ledger.db", 5)
    code, report = _cli_verify(path, kdir, capsys)
    assert code == 1 and report["ok"] is False and report["first_bad_seq"] == 5
    assert {"receipts", "content", "head_seal"} <= set(report["checks_skipped"])
    assert [c["status"] for c in report["checks"] if c["name"] == "chain"] == ["failed"]


# -- 3. unreadable content is not silent ------------------------------------------------

def test_every_data_key_corrupted_is_counted_with_why_and_no_content(open_store, store_dirs, capsys) -> None:  # type: ignore[no-untyped-def]
    """Corrupt every data key: verify fails, counts the events, says 'key corrupted', shows no text."""
    _filled(open_store).close()
    path, kdir = store_dirs
    code, clean = _cli_verify(path, kdir, capsys)
    assert code == 0 and clean["content"]["unreadable_events"] == 0  # control
    assert clean["content"]["opened"] == clean["content"]["fields"] > 0
    _keys(kdir, "UPDATE keys SET material = randomblob(32) WHERE key_id != 'store'")
    code, report = _cli_verify(path, kdir, capsys)
    content = report["content"]
    assert code == 1 and report["ok"] is False
    assert content["unreadable_events"] > 0 and content["key_corrupted"] == content["unreadable_events"]
    assert content["opened"] == 0 and report["first_bad_seq"] == content["first_unreadable_seq"]
    assert "key corrupted" in report["text"]
    blob = json.dumps(report)
    assert not [p for p in PLAIN if p in blob]


def test_missing_and_malformed_keys_are_told_apart(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Deleted key rows read 'key missing'; a key of the wrong length reads 'key corrupted'."""
    _filled(open_store).close()
    path, kdir = store_dirs
    _keys(kdir, "DELETE FROM keys WHERE key_id != 'store'")
    missing = verify_at(path, kdir).content
    assert missing.unreadable_events > 0 and missing.key_missing == missing.unreadable_events
    assert missing.key_corrupted == 0


def test_a_short_key_is_corrupted(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """A key whose material is not 32 bytes is corrupted, whatever else it opens."""
    _filled(open_store).close()
    path, kdir = store_dirs
    _keys(kdir, "UPDATE keys SET material = substr(material, 1, 16) WHERE key_id != 'store'")
    content = verify_at(path, kdir).content
    assert content.unreadable_events > 0 and content.key_corrupted == content.unreadable_events


def test_a_key_stored_as_text_reads_as_missing_and_the_store_still_opens(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """A key row whose material is text, not a blob, holds no key: its fields read as a
    missing key, in verify and in a store opened over it (which abstains, saying so)."""
    _filled(open_store).close()
    path, kdir = store_dirs
    _keys(kdir, "UPDATE keys SET material = hex(material) WHERE key_id != 'store'")
    content = verify_at(path, kdir).content
    assert content.unreadable_events > 0 and content.key_missing == content.unreadable_events
    store = open_store()
    assert store.recall("Where does Dana Kim live?").reason == "content_unreadable"


def test_a_field_that_fails_under_keys_that_open_others_is_ciphertext_invalid(open_store) -> None:  # type: ignore[no-untyped-def]
    """The claim's sealed body altered, its entity keys still open the entity names: ciphertext invalid."""
    store = _filled(open_store)
    rows = list(store.ledger.rows(0, store.head_seq))
    destroyed = store.erased.destroyed_keys()
    assert check_content(rows, store.keyring, store.store_id, destroyed).unreadable_events == 0  # control
    index = next(i for i, r in enumerate(rows) if r.kind == "CLAIM_ADMITTED")
    event = decode_event(rows[index])
    assert isinstance(event, ClaimAdmitted)
    ct = bytearray(event.private.ct)
    ct[0] ^= 1
    forged = type(event.private)(event.private.keys, event.private.nonce, bytes(ct))
    body = encode_body(type(event)(**{**{f: getattr(event, f) for f in event.__struct_fields__},
                                      "private": forged}))
    rows[index] = Row(*rows[index][:6], body, *rows[index][7:])
    found = check_content(rows, store.keyring, store.store_id, destroyed)
    assert found.unreadable_events == 1 and found.by_reason["ciphertext_invalid"] == 1
    assert found.first_unreadable_seq == rows[index].seq


def test_an_erasure_is_not_unreadable_content(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Forgotten subjects' fields count as erased: verify stays ok, recall reads them as never seen."""
    store = _filled(open_store)
    assert store.forget("Omar Haddad").status == "erased"
    report = verify_at(store_dirs[0], store_dirs[1])
    assert report.ok is True and report.content.erased > 0 and report.content.unreadable_events == 0
    assert store.recall("Where does Omar Haddad live?").reason == "unknown_subject"


def test_recall_says_the_store_holds_content_it_cannot_read(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Keys corrupted: recall abstains with content_unreadable, the same for any name asked."""
    store = _filled(open_store)
    unknown = store.recall("Where does Zed Quill live?")
    assert unknown.reason == "unknown_subject"  # control: nothing unreadable yet
    store.close()
    _keys(store_dirs[1], "UPDATE keys SET material = randomblob(32) WHERE key_id != 'store'")
    store = open_store()
    known, never = store.recall("Where does Dana Kim live?"), store.recall("Where does Zed Quill live?")
    assert known.status == never.status == "abstained"
    assert known.reason == never.reason == "content_unreadable"
    assert "cannot read" in known.text and "affidavit verify" in known.next
    assert known.text.replace("Dana Kim", "X") == never.text.replace("Zed Quill", "X")
    assert not [p for p in ("Oslo", "Omar", "Leeds") if p in known.text]


def test_another_tenants_unreadable_content_changes_nothing_here(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Only globex's keys corrupted: acme's abstentions and verify are as before (no cross-tenant oracle)."""
    globex = _filled(open_store, Identity("globex", "g1"))
    acme = open_store(Identity("acme", "a1"))
    assert acme.remember("Lena Berg lives in Bergen.", "Lena Berg lives in Bergen.").status == "admitted"
    keys = [r.entity_id for r in globex.entities.records().values() if r.tenant == "globex"]
    globex.close()
    acme.close()
    ids = ",".join(f"'{k}'" for k in keys)
    _keys(store_dirs[1], f"UPDATE keys SET material = randomblob(32) WHERE key_id IN ({ids})")
    acme = open_store(Identity("acme", "a1"))
    assert acme.recall("Where does Dana Kim live?").reason == "unknown_subject"
    assert acme.recall("Where does Lena Berg live?").status == "answered"
    mine = verify_at(store_dirs[0], store_dirs[1], Identity("acme", "a1"))
    assert mine.ok is True and mine.content.unreadable_events == 0
    theirs = verify_at(store_dirs[0], store_dirs[1], Identity("globex", "g1"))
    assert theirs.ok is False and theirs.content.key_corrupted > 0
    globex = open_store(Identity("globex", "g1"))
    assert globex.recall("Where does Dana Kim live?").reason == "content_unreadable"


def test_verify_result_carries_the_checks_it_ran_and_skipped(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """The JSON form lists checks_run and checks_skipped from the same checks list."""
    _filled(open_store).close()
    path, kdir = store_dirs
    shutil.move(str(kdir), str(kdir) + ".away")
    report = verify_at(path, kdir)
    out = verify_result(report)
    assert set(out["checks_run"]) | set(out["checks_skipped"]) == {c.name for c in report.checks}
    assert out["checks_skipped"] and out["checks_run"]
