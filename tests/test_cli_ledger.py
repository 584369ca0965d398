"""`affidavit verify`, `log` and `salvage` as a person or script runs them."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from affidavit.engine.verification import verify_path
from affidavit.errors import ChainBroken
from affidavit.store import LEDGER_FILE, Store
from affidavit.testing import append_synthetic


def _cli(*args: str, operator: bool = True) -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k != "AFFIDAVIT_OPERATOR"}
    if operator:
        env["AFFIDAVIT_OPERATOR"] = "1"
    return subprocess.run([sys.executable, "-m", "affidavit.cli_entry", *args], capture_output=True,
                          text=True, timeout=120, check=False, env=env)


def _build(store_dirs: tuple[Path, Path]) -> int:
    store = Store.open(store_dirs[0], keyring_dir=store_dirs[1])
    append_synthetic(store, 10, subjects=3)
    head = store.head_seq
    store.close()
    return head


def _tamper(store_dir: Path, seq: int) -> None:
    db = sqlite3.connect(store_dir / LEDGER_FILE)
    db.execute("DROP TRIGGER events_no_update")
    db.execute("UPDATE events SET body = CAST(body || ' ' AS BLOB) WHERE seq = ?", (seq,))
    db.commit()
    db.close()


def test_verify_reports_ok_then_names_the_tampered_seq(store_dirs) -> None:
    """verify exits 0 on an intact store and 1 naming seq 6 after a one-byte change there."""
    head = _build(store_dirs)
    ok = _cli("verify", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]), "--json")
    assert ok.returncode == 0, ok.stderr
    report = json.loads(ok.stdout)
    assert report["ok"] and report["events"] == head and report["head_seal"] == "verified"
    _tamper(store_dirs[0], 6)
    bad = _cli("verify", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]))
    assert bad.returncode == 1 and "first bad seq 6" in bad.stdout


def test_salvage_exports_the_verified_prefix(store_dirs, tmp_path) -> None:
    """After damage at seq 6, salvage writes seq 1..5 to a new store that opens and verifies."""
    _build(store_dirs)
    _tamper(store_dirs[0], 6)
    out = _cli("salvage", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]),
               "--out", str(tmp_path / "rescued"))
    assert out.returncode == 0, out.stderr
    assert "salvaged 5 verified events" in out.stdout
    assert "its own keyring" in out.stdout
    rescued = Store.open(tmp_path / "rescued", create=False)  # finds its own keyring
    assert rescued.head_seq == 5
    assert rescued.keyring is not None and rescued.keyring.path.parent != store_dirs[1]
    rescued.close()
    # The damaged original is left as it was: still refusing to open.
    assert _cli("verify", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1])).returncode == 1


def test_log_shows_content_only_with_the_keyring(store_dirs, tmp_path) -> None:
    """log prints names when the keyring opens them and [unavailable] when it is absent."""
    _build(store_dirs)
    with_keys = _cli("log", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]))
    assert with_keys.returncode == 0 and "CLAIM_ADMITTED" in with_keys.stdout
    assert "works for" in with_keys.stdout or "lives in" in with_keys.stdout or "takes" in with_keys.stdout
    blind = _cli("log", str(store_dirs[0]), "--keyring-dir", str(tmp_path / "no-such-keyring"))
    assert blind.returncode == 0 and "[unavailable]" in blind.stdout
    assert "works for" not in blind.stdout


def test_a_salvaged_copy_keeps_opening_after_the_original_forgets(store_dirs, tmp_path) -> None:
    """The copy has its own keyring: a later forget in the original destroys nothing of the copy's."""
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1]) as store:
        assert store.remember("Quentin Marlowe works for Harbor Bank.",
                              "Quentin Marlowe works for Harbor Bank.").status == "admitted"
        append_synthetic(store, 5, subjects=2)
    out = _cli("salvage", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]),
               "--out", str(tmp_path / "rescued"), "--out-keyring-dir", str(tmp_path / "rescued-keys"))
    assert out.returncode == 0, out.stderr
    with Store.open(store_dirs[0], keyring_dir=store_dirs[1], create=False) as original:
        assert original.forget("Quentin Marlowe").status == "erased"
    with Store.open(tmp_path / "rescued", create=False) as rescued:  # not chain broken
        assert rescued.keyring is not None and rescued.keyring.path.parent == tmp_path / "rescued-keys"
        assert rescued.recall("Where does Quentin Marlowe work?").status == "answered"  # its keys are its own
    assert verify_path(tmp_path / "rescued").ok
    # Negative control: with the original's keyring (the old, shared arrangement) it is refused.
    with pytest.raises(ChainBroken):
        Store.open(tmp_path / "rescued", keyring_dir=store_dirs[1], create=False)


def test_salvage_needs_an_operator_process(store_dirs, tmp_path) -> None:
    """The copy answers every tenant's questions, so a non-operator process is refused and writes nothing."""
    _build(store_dirs)
    out = _cli("salvage", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]),
               "--out", str(tmp_path / "copy"), operator=False)
    assert out.returncode != 0 and "operator" in out.stderr
    assert not (tmp_path / "copy").exists()
    ok = _cli("salvage", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]),
              "--out", str(tmp_path / "copy"))  # control: the operator may
    assert ok.returncode == 0, ok.stderr


def _key_ids(keyring_file: Path) -> set[str]:
    db = sqlite3.connect(keyring_file)
    got = {row[0] for row in db.execute("SELECT key_id FROM keys")}
    db.close()
    return got


def test_a_salvaged_keyring_holds_only_the_keys_its_events_need(store_dirs, tmp_path) -> None:
    """The copy's keyring: the store secret and exactly the keys its verified events are sealed
    under; none for the dropped tail, no unused pool keys, none an erasure destroyed."""
    from affidavit.codec import decode_event
    from affidavit.engine.salvage import _sealed_keys

    with Store.open(store_dirs[0], keyring_dir=store_dirs[1]) as store:
        for claim in ("Ada Quist works for Harbor Bank.", "Bo Lindqvist works for Orbit Labs."):
            assert store.remember(claim, claim).status == "admitted"
        assert store.forget("Bo Lindqvist").status == "erased"
        cut = store.head_seq + 1  # damage from here: the tail below is dropped by the salvage
        assert store.remember("Cy Brandt lives in Leeds.", "Cy Brandt lives in Leeds.").status == "admitted"
        (dropped,) = store.entities.resolve("default", "Cy Brandt")
    original = _key_ids(store_dirs[1] / "keyring.db")
    _tamper(store_dirs[0], cut)
    out = _cli("salvage", str(store_dirs[0]), "--keyring-dir", str(store_dirs[1]),
               "--out", str(tmp_path / "rescued"), "--out-keyring-dir", str(tmp_path / "rescued-keys"))
    assert out.returncode == 0, out.stderr
    with Store.open(tmp_path / "rescued", create=False) as rescued:
        assert rescued.keyring is not None
        copied = _key_ids(rescued.keyring.path)
        needed: set[str] = set()
        for row in rescued.ledger.rows(0):
            _sealed_keys(decode_event(row), needed)
        destroyed = rescued.erased.destroyed_keys()
        assert rescued.recall("Where does Ada Quist work?").status == "answered"
    assert copied - {"store"} == needed - destroyed and needed - destroyed  # exactly, and some
    assert dropped in original and dropped not in copied  # control: the original holds it
    assert not copied & destroyed and len(original) > len(copied)  # pool keys stay behind
    assert "its own keyring" in out.stdout and "keys its events need" in out.stdout
