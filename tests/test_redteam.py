"""Red-team findings: each test reproduces one violation of the design's promises."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from memo_reach import memoised_strings

from affidavit.api import StoreBackend
from affidavit.engine.verification import verify_path
from affidavit.errors import ChainBroken, LedgerError
from affidavit.identity import Identity
from affidavit.memory import sources as sourcing
from affidavit.store import Store

DOC = "Dana Kim takes warfarin 5 mg daily. Tomas Reyes manages the pharmacy."
SECRET_CLAIM = "Dana Kim takes warfarin 5 mg daily."


def test_forget_in_another_process_is_honoured_by_a_long_running_reader(open_store) -> None:  # type: ignore[no-untyped-def]
    """A process that read a subject keeps no usable key after another process erases them."""
    server = open_store()  # e.g. a long-running MCP server
    out = server.remember(SECRET_CLAIM, SECRET_CLAIM, source_id="doc1", source_text=DOC)
    assert out.status == "admitted", out.text
    assert "warfarin" in StoreBackend(server).history()["text"]  # control: readable before
    operator = open_store()  # e.g. the CLI, a second keyring handle on the same store
    assert operator.forget("Dana Kim").status == "erased"
    backend = StoreBackend(server)
    shown = repr(backend.history())
    with server.at(server.head_seq) as view:
        shown += repr(StoreBackend(view).history())
    assert "warfarin" not in shown and "Dana Kim" not in shown
    assert backend.recall(query="What does Dana Kim take?")["status"] == "abstained"


def test_forget_again_erases_a_document_registered_after_the_first_erasure(open_store) -> None:  # type: ignore[no-untyped-def]
    """A source re-added after an erasure is redacted by forget, not answered with the old certificate."""
    store = open_store()
    assert store.remember(SECRET_CLAIM, SECRET_CLAIM, source_id="doc1", source_text=DOC).status == "admitted"
    first = store.forget("Dana Kim")
    assert first.status == "erased"
    assert store.add_source("doc2", DOC).status == "registered"  # the same record arrives again
    bystander = "Tomas Reyes manages the pharmacy."
    kept = store.remember(bystander, bystander, source_id="doc2")
    assert kept.status == "admitted", kept.text
    again = store.forget("Dana Kim")
    assert again.status == "erased" and again.erasure_seq != first.erasure_seq, again.text
    store.close()
    reopened = open_store()
    record = reopened.sources.get("default", sourcing.source_ref(reopened, "doc2"))
    held = [sourcing.open_part(reopened, record, i) for i in range(len(record.parts))]
    assert not any(h is not None and b"warfarin" in h[1] for h in held)
    assert [c.id for c in reopened.recall("What does Tomas Reyes manage?").claims] == [kept.claim_id]
    report = reopened.verify_receipts()
    assert report.failed == 0


def test_forget_leaves_no_plaintext_in_memoised_text_caches(open_store) -> None:  # type: ignore[no-untyped-def]
    """After forget, no lru_cache of the text or gate modules still holds the erased claim."""
    store = open_store()
    assert store.remember(SECRET_CLAIM, SECRET_CLAIM).status == "admitted"
    assert store.recall("What does Dana Kim take?").status == "answered"
    assert any("warfarin" in s for _, s in memoised_strings())  # control: the caches held it
    assert store.forget("Dana Kim").status == "erased"
    left = [(m, s) for m, s in memoised_strings() if "warfarin" in s or "Dana Kim" in s]
    assert left == []


def _snapshot(store_path: Path) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in store_path.iterdir() if p.name.startswith("ledger.db")}


def _restore(store_path: Path, files: dict[str, bytes]) -> None:
    for p in store_path.iterdir():
        if p.name.startswith("ledger.db"):
            p.unlink()
    for name, data in files.items():
        (store_path / name).write_bytes(data)


def test_a_ledger_rolled_back_to_before_an_erasure_refuses_to_open(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Restoring an older ledger file (keyring untouched) must not silently undo an erasure."""
    store = open_store()
    assert store.remember(SECRET_CLAIM, SECRET_CLAIM).status == "admitted"
    store.close()
    old = _snapshot(store_dirs[0])  # a holder of the files keeps a copy (no keyring needed)
    store = open_store()
    erased_at = store.forget("Dana Kim").erasure_seq
    assert erased_at is not None
    store.close()
    _restore(store_dirs[0], old)
    with pytest.raises(ChainBroken) as info:
        open_store()
    assert info.value.seq == erased_at
    verdict = verify_path(*store_dirs)  # the verify command says the same
    assert not verdict.ok and verdict.first_bad_seq == erased_at


def test_a_ledger_rolled_back_to_before_a_freeze_refuses_to_open(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Restoring an older ledger file must not silently undo an operator's freeze (head mark)."""
    store = open_store(Identity("default", "ops", True))
    claim_id = store.remember(SECRET_CLAIM, SECRET_CLAIM).claim_id
    store.close()
    old = _snapshot(store_dirs[0])
    store = open_store(Identity("default", "ops", True))
    store.freeze(claim_id, "wrong patient")
    store.close()
    _restore(store_dirs[0], old)
    with pytest.raises(ChainBroken) as info:
        open_store()
    assert "newest head this keyring has seen" in str(info.value)
    verdict = verify_path(*store_dirs)  # the verify command says the same
    assert not verdict.ok and verdict.first_bad_seq == info.value.seq


def _log_all_tenants(store_dirs, **env: str) -> subprocess.CompletedProcess[str]:  # type: ignore[no-untyped-def]
    clean = {k: v for k, v in os.environ.items() if not k.startswith("AFFIDAVIT_")}
    return subprocess.run(
        [sys.executable, "-m", "affidavit.cli_entry", "log", str(store_dirs[0]), "--keyring-dir",
         str(store_dirs[1]), "--all-tenants"],
        capture_output=True, text=True, timeout=120, check=False, env={**clean, **env})


def test_log_all_tenants_needs_the_operator_process_flag(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """A CLI flag cannot widen a non-operator process to another tenant's decrypted history."""
    globex = open_store(Identity("globex", "g1"))
    assert globex.remember(SECRET_CLAIM, SECRET_CLAIM).status == "admitted"
    globex.close()
    agent = _log_all_tenants(store_dirs, AFFIDAVIT_TENANT="acme")
    assert "warfarin" not in agent.stdout and "Dana Kim" not in agent.stdout
    assert agent.returncode != 0 and "not_authorized" in agent.stderr
    operator = _log_all_tenants(store_dirs, AFFIDAVIT_TENANT="acme", AFFIDAVIT_OPERATOR="1")
    assert operator.returncode == 0 and "warfarin" in operator.stdout  # control: operators may


def test_export_all_tenants_needs_the_operator_process_flag(open_store, store_dirs, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """export --all-tenants --include-evidence from a non-operator process carries no other tenant's text."""
    globex = open_store(Identity("globex", "g1"))
    assert globex.remember(SECRET_CLAIM, SECRET_CLAIM).status == "admitted"
    globex.close()
    clean = {k: v for k, v in os.environ.items() if not k.startswith("AFFIDAVIT_")}
    out = tmp_path / "bundle"
    proc = subprocess.run(
        [sys.executable, "-m", "affidavit.cli_entry", "export", str(store_dirs[0]), "--keyring-dir",
         str(store_dirs[1]), "--out", str(out), "--include-evidence", "--all-tenants"],
        capture_output=True, text=True, timeout=120, check=False,
        env={**clean, "AFFIDAVIT_TENANT": "acme"})
    written = b"".join(p.read_bytes() for p in out.rglob("*") if p.is_file()) if out.exists() else b""
    assert b"warfarin" not in written and proc.returncode != 0, proc.stderr


def test_a_store_whose_ledger_was_deleted_does_not_restart_from_empty(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Deleting ledger.db must not make the next open start a fresh store that forgot the erasure."""
    store = open_store()
    assert store.remember(SECRET_CLAIM, SECRET_CLAIM).status == "admitted"
    assert store.forget("Dana Kim").status == "erased"
    store.close()
    for path in store_dirs[0].iterdir():
        if path.name.startswith("ledger.db"):
            path.unlink()
    with pytest.raises(LedgerError):
        Store.open(store_dirs[0], identity=Identity())  # default keyring root: a new keyring
