"""Signed checkpoints and store-level RFC 6962 proofs: valid ones verify, tampered ones fail."""

from __future__ import annotations

import json
import shutil
import stat

import msgspec
import pytest

from affidavit import translog
from affidavit.cli import main
from affidavit.crypto.signer import Signer
from affidavit.errors import LogBehindCheckpoint, NoCheckpoint
from affidavit.forensics import proofs
from affidavit.forensics.checkpoints import (
    check_checkpoint,
    event_hashes,
    key_id,
    note_body,
    origin_of,
    parse_note,
    sign_checkpoint,
    signed_note,
    verify_checkpoints,
)
from affidavit.store import Store
from tests.conftest import run_python


@pytest.fixture(autouse=True)
def _keep_logging(monkeypatch: pytest.MonkeyPatch) -> None:
    """In-process CLI calls must not rebind logging to a captured stream that pytest closes."""
    monkeypatch.setattr("affidavit.logs.configure_logging", lambda *a, **k: None)



def _fill(store, n: int = 3) -> None:  # type: ignore[no-untyped-def]
    for i in range(n):
        store.remember(f"Ana Lopez{i} lives in Leeds.", f"Ana Lopez{i} lives in Leeds.")


def _flip(hex_text: str) -> str:
    return ("0" if hex_text[0] != "0" else "1") + hex_text[1:]


def test_tampered_checkpoint_fields_are_each_detected(open_store) -> None:
    """A flipped signature, root, head hash, size or origin each yields a named problem."""
    store = open_store()
    _fill(store)
    cp = sign_checkpoint(store)
    hashes = event_hashes(store, cp.seq - 1)
    assert check_checkpoint(store.store_id, cp, hashes) == []  # control
    e = cp.event
    bad_sig = bytes([e.signature[0] ^ 1]) + e.signature[1:]
    other_note = note_body("affidavit/" + "0" * 32, e.tree_size, bytes.fromhex(e.tree_root))
    for change in (dict(signature=bad_sig), dict(tree_root=_flip(e.tree_root)),
                   dict(head_hash=_flip(e.head_hash)), dict(tree_size=e.tree_size - 1),
                   dict(note=other_note), dict(public_key=Signer.load_or_create(
                       store.keyring_dir / "other.key").public_key_bytes)):
        forged = msgspec.structs.replace(cp, event=msgspec.structs.replace(e, **change))
        assert check_checkpoint(store.store_id, forged, hashes), change


def test_checkpoint_covers_every_event_before_it(open_store) -> None:
    """tree_size is the seq before the checkpoint; root is MTH over leaf(event hash); note parses."""
    store = open_store()
    _fill(store)
    cp = sign_checkpoint(store)
    hashes = [r.hash for r in store._ledger.rows(0, cp.seq - 1)]
    root = translog.mth([translog.leaf_hash(h) for h in hashes])
    assert cp.event.tree_size == cp.seq - 1 == len(hashes)
    assert cp.event.tree_root == root.hex() and cp.event.head_hash == hashes[-1].hex()
    fields = parse_note(cp.event.note)
    assert (fields.origin, fields.size, fields.root) == (origin_of(store.store_id), len(hashes), root)


def test_signed_note_form_carries_a_c2sp_key_id(open_store) -> None:
    """The signature line is '— origin base64(keyid||sig)' with keyid = SHA-256(name\\n0x01 pk)[:4]."""
    store = open_store()
    _fill(store, 1)
    e = sign_checkpoint(store).event
    origin = origin_of(store.store_id)
    fields = parse_note(signed_note(e.note, origin, e.public_key, e.signature))
    ((name, blob),) = fields.signatures
    assert name == origin and blob == key_id(origin, e.public_key) + e.signature


def test_signing_key_is_private_and_shared_across_checkpoints(open_store, store_dirs) -> None:
    """signing.key is 0600 in the keyring dir, signing.pub sits beside the store, reused next time."""
    store = open_store()
    _fill(store, 1)
    first = sign_checkpoint(store).event.public_key
    second = sign_checkpoint(store).event.public_key
    path, kdir = store_dirs
    assert first == second
    assert stat.S_IMODE((kdir / "signing.key").stat().st_mode) == 0o600
    assert b"PUBLIC KEY" in (path / "signing.pub").read_bytes()
    assert not (path / "signing.key").exists()


def test_checkpoints_verify_after_restart_in_a_new_process(open_store, store_dirs) -> None:
    """A fresh interpreter re-checks every checkpoint in the ledger and finds no problem."""
    store = open_store()
    _fill(store, 2)
    sign_checkpoint(store)
    _fill(store, 1)
    sign_checkpoint(store)
    store.close()
    path, kdir = store_dirs
    code = (
        "import sys; from affidavit.store import Store\n"
        "from affidavit.forensics.checkpoints import verify_checkpoints\n"
        "s = Store.open(sys.argv[1], keyring_dir=sys.argv[2], create=False)\n"
        "r = verify_checkpoints(s); print(len(r), sum(len(v) for v in r.values()))\n"
    )
    done = run_python(code, str(path), str(kdir))
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["2", "0"]


def test_inclusion_proofs_verify_and_tampered_ones_fail(open_store) -> None:
    """Every event's proof verifies; a flipped path node, shifted index or other event hash fails."""
    store = open_store()
    _fill(store)
    cp = sign_checkpoint(store)
    for seq in range(1, cp.event.tree_size + 1):
        proof = proofs.prove_inclusion(store, seq)
        assert proof.verified and proofs.verify_inclusion_proof(proof)
    proof = proofs.prove_inclusion(store, 2)
    tampered = [
        msgspec.structs.replace(proof, proof=(_flip(proof.proof[0]), *proof.proof[1:])),
        msgspec.structs.replace(proof, leaf_index=proof.leaf_index + 1),
        msgspec.structs.replace(proof, event_hash=_flip(proof.event_hash)),
        msgspec.structs.replace(proof, root=_flip(proof.root)),
        msgspec.structs.replace(proof, proof=proof.proof[:-1]),
    ]
    assert not any(proofs.verify_inclusion_proof(t) for t in tampered)


def test_inclusion_needs_a_checkpoint_covering_the_event(open_store) -> None:
    """Events after the latest checkpoint have no proof yet: a typed NoCheckpoint error."""
    store = open_store()
    _fill(store, 1)
    with pytest.raises(NoCheckpoint):
        proofs.prove_inclusion(store, 1)
    cp = sign_checkpoint(store)
    _fill(store, 1)
    with pytest.raises(NoCheckpoint):
        proofs.prove_inclusion(store, store.head_seq)
    assert proofs.prove_inclusion(store, cp.event.tree_size).verified  # control


def test_consistency_from_an_earlier_checkpoint_file(open_store, tmp_path) -> None:
    """A saved earlier checkpoint (signed note) is extended by today's log: verified."""
    store = open_store()
    _fill(store, 2)
    old = sign_checkpoint(store).event
    saved = tmp_path / "old.note"
    saved.write_text(signed_note(old.note, origin_of(store.store_id), old.public_key, old.signature))
    _fill(store, 2)
    sign_checkpoint(store)
    size, root, note = proofs.read_old_checkpoint(str(saved))
    result = proofs.prove_consistency(store, size, root, note)
    assert result.verified and result.old_signature == "verified"
    assert result.old_root_source == "checkpoint file" and result.new_size > size


def test_consistency_fails_for_a_forged_or_foreign_checkpoint(open_store, tmp_path) -> None:
    """A note with another root, another origin or another key's signature does not verify."""
    store = open_store()
    _fill(store, 2)
    old = sign_checkpoint(store).event
    _fill(store, 1)
    sign_checkpoint(store)
    fake_root = bytes(32)
    wrong_root = note_body(origin_of(store.store_id), old.tree_size, fake_root)
    wrong_origin = note_body("affidavit/" + "f" * 32, old.tree_size, bytes.fromhex(old.tree_root))
    other = Signer.load_or_create(tmp_path / "other.key")
    foreign = signed_note(old.note, origin_of(store.store_id), other.public_key_bytes,
                          other.sign(old.note.encode()))
    for text in (wrong_root, wrong_origin, foreign):
        (tmp_path / "n").write_text(text)
        size, root, note = proofs.read_old_checkpoint(str(tmp_path / "n"))
        assert not proofs.prove_consistency(store, size, root, note).verified
    (tmp_path / "n").write_text(old.note)  # control: the genuine bare note
    assert proofs.prove_consistency(store, *proofs.read_old_checkpoint(str(tmp_path / "n"))).verified


def test_a_rewritten_history_fails_against_an_external_checkpoint(open_store, store_dirs, tmp_path) -> None:
    """Restore an old copy (rollback), write other events, re-checkpoint: the kept note exposes it."""
    store = open_store()
    _fill(store, 1)
    store.close()
    path, kdir = store_dirs
    shutil.copytree(path, tmp_path / "old-store")
    shutil.copytree(kdir, tmp_path / "old-keyring")
    store = open_store()
    _fill(store, 2)
    kept = sign_checkpoint(store).event.note  # an auditor keeps this outside the store
    store.close()
    shutil.rmtree(path)
    shutil.rmtree(kdir)
    shutil.copytree(tmp_path / "old-store", path)
    shutil.copytree(tmp_path / "old-keyring", kdir)
    rolled = open_store()  # opens cleanly: the rollback alone is not detectable
    with pytest.raises(NoCheckpoint):
        proofs.prove_consistency(rolled, parse_note(kept).size, parse_note(kept).root, kept)
    rolled.remember("Rui Costa lives in Porto.", "Rui Costa lives in Porto.")
    _fill(rolled, 2)
    sign_checkpoint(rolled)
    fields = parse_note(kept)
    assert not proofs.prove_consistency(rolled, fields.size, fields.root, kept).verified


def test_cli_prove_and_checkpoint(open_store, store_dirs, tmp_path, capsys) -> None:
    """`checkpoint` prints a note; `prove --seq` and `prove --from-checkpoint` print verified JSON."""
    store = open_store()
    _fill(store, 1)
    store.close()
    path, kdir = store_dirs
    base = [str(path), "--keyring-dir", str(kdir)]
    assert main(["checkpoint", *base]) == 0
    note = capsys.readouterr().out
    (tmp_path / "cp.note").write_text(note)
    assert main(["checkpoint", *base, "--json"]) == 0
    capsys.readouterr()
    assert main(["prove", *base, "--seq", "2"]) == 0
    assert json.loads(capsys.readouterr().out)["verified"] is True
    assert main(["prove", *base, "--from-checkpoint", str(tmp_path / "cp.note")]) == 0
    assert json.loads(capsys.readouterr().out)["old_signature"] == "verified"
    (tmp_path / "bad.note").write_text(note.replace(note.split("\n")[2], "A" * 43 + "="))
    assert main(["prove", *base, "--from-checkpoint", str(tmp_path / "bad.note")]) == 1
    with Store.open(path, keyring_dir=kdir, create=False) as reopened:
        assert all(not v for v in verify_checkpoints(reopened).values())


def test_cli_prove_from_the_empty_log_is_refused_not_verified(open_store, store_dirs, capsys) -> None:
    """`prove --from-checkpoint 0` is a typed refusal (exit 2); size 1 of the same store verifies."""
    store = open_store()
    _fill(store, 1)
    store.close()
    path, kdir = store_dirs
    base = [str(path), "--keyring-dir", str(kdir)]
    assert main(["checkpoint", *base]) == 0
    capsys.readouterr()
    assert main(["prove", *base, "--from-checkpoint", "0"]) == 2
    captured = capsys.readouterr()
    assert "proves nothing" in captured.err and '"verified": true' not in captured.out
    assert main(["prove", *base, "--from-checkpoint", "1"]) == 0  # positive control
    assert json.loads(capsys.readouterr().out)["verified"] is True


def test_prove_after_a_rollback_of_store_and_keyring_says_the_held_checkpoint_is_ahead(
        open_store, store_dirs, tmp_path, capsys) -> None:  # type: ignore[no-untyped-def]
    """Store and keyring restored together: `prove` names the rollback, never "run affidavit checkpoint"."""
    store = open_store()
    _fill(store, 1)
    store.close()
    path, kdir = store_dirs
    shutil.copytree(path, tmp_path / "old-store")
    shutil.copytree(kdir, tmp_path / "old-keyring")
    store = open_store()
    _fill(store, 2)
    (tmp_path / "held.note").write_text(sign_checkpoint(store).event.note)  # kept outside
    store.close()
    base = [str(path), "--keyring-dir", str(kdir)]
    assert main(["prove", *base, "--from-checkpoint", str(tmp_path / "held.note")]) == 0  # control
    capsys.readouterr()
    shutil.rmtree(path)
    shutil.rmtree(kdir)
    shutil.copytree(tmp_path / "old-store", path)
    shutil.copytree(tmp_path / "old-keyring", kdir)
    assert main(["prove", *base, "--from-checkpoint", str(tmp_path / "held.note")]) == 1
    out = capsys.readouterr()
    finding = json.loads(out.out)
    assert finding["verified"] is False and finding["finding"] == "log_behind_checkpoint"
    assert finding["head_seq"] < finding["held_size"]
    assert "ahead of this store's head" in finding["detail"] and "rollback" in finding["detail"]
    assert "run `affidavit checkpoint`" not in out.out + out.err


def test_a_store_cut_right_before_its_checkpoint_is_a_rollback_too(open_store, store_dirs, tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A store whose head is exactly the held checkpoint's size never held that checkpoint event."""
    store = open_store()
    _fill(store, 1)
    store.close()
    path, kdir = store_dirs
    shutil.copytree(path, tmp_path / "old-store")
    shutil.copytree(kdir, tmp_path / "old-keyring")
    store = open_store()
    held = sign_checkpoint(store).event.note  # covers exactly the copied events
    store.close()
    shutil.rmtree(path)
    shutil.rmtree(kdir)
    shutil.copytree(tmp_path / "old-store", path)
    shutil.copytree(tmp_path / "old-keyring", kdir)
    rolled = open_store()
    fields = parse_note(held)
    assert fields.size == rolled.head_seq
    with pytest.raises(LogBehindCheckpoint):
        proofs.prove_consistency(rolled, fields.size, fields.root, held)
    with pytest.raises(NoCheckpoint) as bare:  # control: a bare size says only that none covers it
        proofs.prove_consistency(rolled, fields.size)
    assert not isinstance(bare.value, LogBehindCheckpoint)
