"""Invariant 6: personal content is sealed from the first event, under keys kept outside the store."""

from __future__ import annotations

import stat
from pathlib import Path

import pytest

from affidavit.crypto import envelope
from affidavit.crypto.envelope import CiphertextInvalid, Envelope, aad_for
from affidavit.crypto.keyring import Keyring
from affidavit.engine.verification import verify_path
from affidavit.errors import KeyringError, KeyUnavailable
from affidavit.events import ClaimPrivate, Unreadable
from affidavit.store import Store
from affidavit.testing import append_synthetic, synthetic_name


def _all_store_bytes(store_dir: Path) -> bytes:
    return b"".join(p.read_bytes() for p in sorted(store_dir.iterdir()) if p.is_file())


def test_no_plaintext_names_in_the_store_files(open_store, store_dirs) -> None:
    """Names and claim text never appear in the database, while the store itself reads them."""
    store = open_store()
    append_synthetic(store, 20, subjects=3)
    names = {r.name for r in store.entities.records().values()}
    texts = {p.text for r in store.claims.claims().values() if (p := store.claim_private(r))}
    assert synthetic_name(0) in names and texts  # control: the content exists and is readable
    store.close()
    raw = _all_store_bytes(store_dirs[0])
    for secret in names | texts:
        assert secret.encode() not in raw


def test_keyring_lives_outside_the_store_and_is_private(open_store, store_dirs) -> None:
    """The keyring file is created 0600 in its own directory, never inside the store."""
    open_store().close()
    keyring_file = store_dirs[1] / "keyring.db"
    assert keyring_file.exists() and not keyring_file.is_relative_to(store_dirs[0])
    assert stat.S_IMODE(keyring_file.stat().st_mode) == 0o600
    with pytest.raises(KeyringError):
        Store.open(store_dirs[0].parent / "s2", keyring_dir=store_dirs[0].parent / "s2" / "keys")


def test_ciphertext_is_bound_to_its_event_and_field(tmp_path) -> None:
    """Ciphertext moved to another seq or field does not decrypt; in place it does."""
    keyring = Keyring.create(tmp_path / "k", "store-a", 0)
    keyring.create_keys(["ent_a"], 0)
    env = Envelope(keyring)
    sealed = env.seal(b"Dana Kim", ("ent_a",), aad_for("store-a", 5, "ENTITY_REGISTERED", "name"))
    assert env.open(sealed, aad_for("store-a", 5, "ENTITY_REGISTERED", "name")) == b"Dana Kim"
    for moved in (aad_for("store-a", 6, "ENTITY_REGISTERED", "name"),
                  aad_for("store-b", 5, "ENTITY_REGISTERED", "name"),
                  aad_for("store-a", 5, "CLAIM_ADMITTED", "private")):
        with pytest.raises(CiphertextInvalid):
            env.open(sealed, moved)


def test_destroying_any_one_subject_key_makes_a_shared_field_unreadable(tmp_path) -> None:
    """A field about two subjects needs both keys; destroying either one shreds it."""
    for victim in ("ent_a", "ent_b"):
        keyring = Keyring.create(tmp_path / victim, "s", 0)
        keyring.create_keys(["ent_a", "ent_b"], 0)
        aad = aad_for("s", 3, "CLAIM_ADMITTED", "private")
        sealed = Envelope(keyring).seal(b"A acquired B", ("ent_a", "ent_b"), aad)
        assert Envelope(keyring).open(sealed, aad) == b"A acquired B"
        keyring.destroy([victim], 1)
        with pytest.raises(KeyUnavailable) as info:
            Envelope(keyring).open(sealed, aad)
        assert info.value.erased


def test_a_combination_derived_again_after_the_bounded_cache_clears_opens_alike(
        tmp_path, monkeypatch) -> None:
    """Past ``AEADS_KEPT`` combinations the derived AEADs are dropped: each field still
    opens under its keys, and one whose key was destroyed and forgotten after the clear
    still refuses (nothing derived before survives the clear to open it)."""
    monkeypatch.setattr(envelope, "AEADS_KEPT", 2)
    keyring = Keyring.create(tmp_path / "k", "s", 0)
    ids = [f"ent_{i}" for i in range(5)]
    keyring.create_keys(ids, 0)
    env = Envelope(keyring)
    aad = aad_for("s", 2, "ENTITY_REGISTERED", "name")
    sealed = [env.seal(name.encode(), (name,), aad) for name in ids]  # five combinations, two kept
    assert [env.open(s, aad) for s in sealed] == [name.encode() for name in ids]
    keyring.destroy(["ent_0"], 1)
    env.forget_keys({"ent_0"})
    with pytest.raises(KeyUnavailable):
        env.open(sealed[0], aad)
    assert env.open(sealed[4], aad) == b"ent_4"  # control: a held key still opens


def test_lost_keyring_still_verifies_and_reads_as_unavailable(open_store, store_dirs) -> None:
    """Without the keyring the chain verifies and content reads as unavailable, never garbage."""
    store = open_store()
    append_synthetic(store, 10, subjects=2)
    head, digest_hash = store.head_seq, store.head_hash
    store.close()
    lost = store_dirs[1].rename(store_dirs[1].with_name("elsewhere"))
    with pytest.raises(KeyringError):
        open_store()
    blind = Store.open(store_dirs[0], keyring_dir=store_dirs[1], allow_missing_keyring=True)
    assert blind.head_seq == head and blind.head_hash == digest_hash
    records = list(blind.claims.claims().values())
    assert records and all(blind.open_claim(r) == Unreadable("unavailable") for r in records)
    verdict = verify_path(store_dirs[0], store_dirs[1])
    assert verdict.ok and verdict.head_seal == "not checked"
    blind.close()
    # Control: with the keyring back, the same claims read in full.
    lost.rename(store_dirs[1])
    again = open_store()
    assert all(isinstance(again.open_claim(r), ClaimPrivate) for r in again.claims.claims().values())


def test_keys_are_durable_before_events_sealed_under_them(open_store, store_dirs) -> None:
    """Every key an event names is in the keyring file on disk once the append returned."""
    store = open_store()
    append_synthetic(store, 5, subjects=5)
    fresh = Keyring.open(store_dirs[1], store.store_id)  # a second reader of the keyring file
    for record in store.claims.claims().values():
        assert all(fresh.holds(k) for k in record.entity_ids)


def test_every_keyring_file_is_private_while_the_creating_process_runs(open_store, store_dirs) -> None:
    """keyring.db, its -wal (which holds every key) and -shm are 0600 from creation, under umask 022."""
    import os

    old = os.umask(0o022)
    try:
        store = open_store()
        store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
        files = sorted(store_dirs[1].glob("keyring.db*"))
        names = {p.name for p in files}
        assert {"keyring.db", "keyring.db-wal", "keyring.db-shm"} <= names  # the process holds them open
        assert {p.name: stat.S_IMODE(p.stat().st_mode) for p in files} == dict.fromkeys(names, 0o600)
        ledger_wal = store_dirs[0] / "ledger.db-wal"
        assert ledger_wal.exists()  # control: the umask really gives other new files 0644
        assert stat.S_IMODE(ledger_wal.stat().st_mode) & 0o044
    finally:
        os.umask(old)
