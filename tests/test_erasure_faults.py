"""Crash injection at each step of forget: old state or complete erasure, never a certificate for half."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from conftest import run_python
from test_erasure import QUESTIONS, load

from affidavit.store import Store

CRASH = r"""
import os, sys
from pathlib import Path
from affidavit.store import Store
from affidavit.identity import Identity
import affidavit.memory.forget as erasure
import affidavit.certificates as certificates
from affidavit.crypto.keyring import Keyring
from affidavit.crypto.signer import Signer
from affidavit.errors import KeyringError
from affidavit.ledger.sqlite import SQLiteWriteTx as WriteTx

step = sys.argv[3]

def die(*a, **k):
    os._exit(137)

def boom(*a, **k):
    raise KeyringError("injected failure")

real_sign = certificates.sign
def sign_then_die(*a, **k):
    real_sign(*a, **k)
    os._exit(137)

patches = {
    "before_commit": (erasure, "decide_redactions", die),
    "at_commit": (WriteTx, "seal_head", die),
    "destroy": (Keyring, "destroy", die),
    "probe": (erasure, "recall", die),
    "sign": (Signer, "sign", die),
    "issue": (certificates, "sign", sign_then_die),
    "raise_destroy": (Keyring, "destroy", boom),
    "raise_sign": (Signer, "sign", boom),
}
store = Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]), identity=Identity())
target, name, fn = patches[step]
setattr(target, name, fn)
try:
    out = store.forget("Dana Kim")
except Exception as exc:
    print("raised", type(exc).__name__, str(exc))
    sys.exit(3)
print("returned", out.status, ",".join(out.pending), out.cause, out.certificate is None)
"""

CHECK = r"""
import json, sys
from pathlib import Path
from affidavit.store import Store
from affidavit.identity import Identity
from affidavit.engine import complete_interrupted
from affidavit.certificates import from_issued, to_json, verify_certificate
from affidavit.memory.tombstones import full_fingerprint
store = Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]), identity=Identity())
key = sys.argv[3]
held_after_open = store._keyring.holds(key)
complete_interrupted(store)
stone = store.erased.match_full("default", full_fingerprint(store, "Dana Kim"))
cert = store.erased.certificate(stone.seq) if stone else None
out = {
  "held_after_open": held_after_open,
  "held": store._keyring.holds(key),
  "tombstone": stone is not None,
  "certificate": cert is not None,
  "subject": store.recall(sys.argv[4]).status,
  "bystander": store.recall(sys.argv[5]).status,
}
again = store.forget("Dana Kim")
out["again"] = again.status
out["again_cert_ok"] = again.certificate is not None and verify_certificate(
    to_json(again.certificate), (Path(sys.argv[1]) / "signing.pub").read_bytes())
out["held_at_end"] = store._keyring.holds(key)
print(json.dumps(out))
"""

STEPS = ["before_commit", "at_commit", "destroy", "probe", "sign", "issue",
         "raise_destroy", "raise_sign"]


@pytest.mark.parametrize("step", STEPS)
def test_crash_at_each_step_leaves_old_or_complete_state(step, open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """A crash at `step` leaves the old state or the whole erasure; a certificate only for the whole."""
    store = open_store()
    load(store)
    (key,) = store.entities.resolve("default", "Dana Kim")  # the entity id is its key id
    store.close()
    store_path, keyring_dir = (str(p) for p in store_dirs)
    crashed = run_python(CRASH, store_path, keyring_dir, step)
    if step.startswith("raise_"):  # a failure after the commit is reported, not raised
        pending = "keys,certificate" if step == "raise_destroy" else "certificate"
        assert crashed.stdout.split() == ["returned", "incomplete", pending, "keyring_error",
                                          "True"], (step, crashed.stdout, crashed.stderr)
    else:
        assert "returned" not in crashed.stdout, (step, crashed.stdout, crashed.stderr)
    assert "Dana Kim" not in crashed.stdout + crashed.stderr  # exception text and logs
    checked = run_python(CHECK, store_path, keyring_dir, key, QUESTIONS["subject"],
                         QUESTIONS["first"])
    assert checked.returncode == 0, checked.stderr
    got = json.loads(checked.stdout)
    assert got["bystander"] == "answered"
    if got["tombstone"]:  # committed: the erasure must be complete after open
        assert not got["held"] and got["subject"] == "abstained", got
    else:  # not committed: the old state, untouched
        assert got["held"] and got["subject"] == "answered" and not got["certificate"], got
    if got["certificate"]:
        assert got["tombstone"] and not got["held"]
    # forget again finishes (or performs) the erasure and certifies it
    assert got["again"] == "erased" and got["again_cert_ok"] and not got["held_at_end"], got
    expect_committed = step not in ("before_commit", "at_commit")
    assert got["tombstone"] == expect_committed, got
    assert not got["certificate"], got  # every injected step precedes the certificate commit


def test_open_alone_destroys_keys_of_an_interrupted_erasure(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Opening the store after a crash between commit and shredding destroys the listed keys."""
    store = open_store()
    load(store)
    (key,) = store.entities.resolve("default", "Dana Kim")
    store.close()
    store_path, keyring_dir = (str(p) for p in store_dirs)
    run_python(CRASH, store_path, keyring_dir, "destroy")
    got = json.loads(run_python(CHECK, store_path, keyring_dir, key, QUESTIONS["subject"],
                                QUESTIONS["first"]).stdout)
    assert got["tombstone"] and not got["held_after_open"]


def test_an_incomplete_erasure_reports_itself_instead_of_crashing(open_store) -> None:  # type: ignore[no-untyped-def]
    """A probe still answering makes forget say INCOMPLETE with the surviving ids (no TypeError)."""
    from affidavit.testing import append_synthetic

    store = open_store()
    claim = "Dana Kim works for Harbor Bank."
    assert store.remember(claim, claim).status == "admitted"
    append_synthetic(store, 5, subjects=2)  # rows written raw, about a "Dana Kim" the closure cannot reach
    out = store.forget("Dana Kim")
    assert out.status == "incomplete" and out.certificate is None and out.survived
    assert "INCOMPLETE" in out.text and out.claims_erased >= 1


def test_a_signing_key_left_empty_by_a_kill_is_replaced(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """A process killed between creating signing.key and writing it (earlier versions) left an
    empty file, and every later forget failed to certify: an empty file is replaced."""
    from affidavit.certificates import PUBLIC_KEY_FILE, to_json, verify_certificate

    store = open_store()
    load(store)
    (store_dirs[1] / "signing.key").touch(mode=0o600)
    out = store.forget("Dana Kim")
    assert out.status == "erased" and out.certificate is not None, out.text
    assert verify_certificate(to_json(out.certificate), (store_dirs[0] / PUBLIC_KEY_FILE).read_bytes())
    assert (store_dirs[1] / "signing.key").stat().st_size > 0


def test_a_signing_key_that_is_not_a_key_is_refused_not_overwritten(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """Control: a non-empty file that is not a key is never replaced; forget says so."""
    store = open_store()
    load(store)
    (store_dirs[1] / "signing.key").write_bytes(b"not a key")
    out = store.forget("Dana Kim")
    assert out.status == "incomplete" and out.pending == ("certificate",)
    assert out.cause == "keyring_error" and "signing.key" in out.text
    assert (store_dirs[1] / "signing.key").read_bytes() == b"not a key"


KILL_AT_LINE = r"""
import os, signal, sys
from pathlib import Path
from affidavit.store import Store
import affidavit.crypto.signer as signer
store = Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]), create=False)
real = signer.Signer.load_or_create.__func__
lines, at = 0, int(sys.argv[3])
def local(frame, event, arg):
    global lines
    lines += 1
    if lines == at:
        os.kill(os.getpid(), signal.SIGKILL)
    return local
def traced(cls, path):  # the signer module's own lines only
    sys.settrace(lambda f, e, a: local if f.f_code.co_filename == signer.__file__ else None)
    try:
        return real(cls, path)
    finally:
        sys.settrace(None)
signer.Signer.load_or_create = classmethod(traced)
store.forget("Dana Kim")
print("lines", lines)
"""


def test_a_kill_at_any_line_of_signing_key_creation_leaves_forget_able_to_certify(
        open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """SIGKILL between any two lines of the signer creating its key: forget certifies after."""
    store = open_store()
    load(store)
    store.close()
    pristine = store_dirs[0].parent

    def copy(name: str) -> tuple[str, str]:
        root = pristine.parent / f"{pristine.name}-{name}"
        shutil.copytree(pristine, root)
        return str(root / store_dirs[0].name), str(root / store_dirs[1].name)

    probe = run_python(KILL_AT_LINE, *copy("probe"), "0")
    total = int(probe.stdout.split()[-1])  # a complete run: the signer's lines creating the key
    assert total > 5, probe.stderr
    for at in range(1, total + 1):
        path, kdir = copy(f"at-{at}")
        killed = run_python(KILL_AT_LINE, path, kdir, str(at))
        assert killed.returncode == -9, (at, killed.stdout)  # the kill landed inside creation
        with Store.open(Path(path), keyring_dir=Path(kdir), create=False) as reopened:
            out = reopened.forget("Dana Kim")
            assert out.status == "erased" and out.certificate is not None, (at, out.text)
