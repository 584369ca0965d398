"""After forget, no plaintext of the subject and no destroyed key material is left in any file or log."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from conftest import run_python

WORKLOAD = r"""
import json, sys
from pathlib import Path
sys.path.insert(0, sys.argv[3])
from affidavit.logs import configure_logging
from affidavit.store import Store
from affidavit.identity import Identity
from affidavit.errors import AffidavitError
from test_erasure import QUESTIONS, load
configure_logging()
store = Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]), identity=Identity())
load(store)
for i in range(40):  # realistic traffic around the subject: many other people, recalls
    claim = f"Person{i} Example{i} lives in Town{i}."
    store.remember(claim, claim)
before = store.recall(QUESTIONS["subject"]).status
(entity,) = store.entities.resolve("default", "Dana Kim")
record = store.sources.get("default", next(store.claims.about(entity)).receipt.source_ref)
keys = [entity, record.parts[0].keys[0], record.parts[2].keys[0]]
material = [store._keyring.material(k).hex() for k in keys]
out = store.forget("Dana Kim")
errors = []
claim = "Dana Kim lives in Oslo."
for bad in (lambda: store.remember(claim, claim, source_text="Unrelated."),
            lambda: store.forget("x" * 10_000), lambda: store._keyring.material(entity)):
    try:
        bad()
    except AffidavitError as exc:
        errors.append(str(exc))
after = store.recall(QUESTIONS["subject"]).status
store.close()
print(json.dumps({"before": before, "after": after, "status": out.status, "material": material,
                  "errors": errors, "text": out.text}))
"""

NEEDLES = ["Dana Kim", "dana kim", "DANA KIM", "Dana", "warfarin 5 mg", "joined Harbor Clinic in 2019"]


def _all_bytes(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()}


def test_no_plaintext_or_key_material_left_anywhere_after_forget(store_dirs) -> None:  # type: ignore[no-untyped-def]
    """No file byte, log line or error text holds the subject after forget (recall answered before)."""
    store_path, keyring_dir = store_dirs
    tests_dir = str(Path(__file__).resolve().parent)
    proc = run_python(WORKLOAD, str(store_path), str(keyring_dir), tests_dir)
    assert proc.returncode == 0, proc.stderr
    got = json.loads(proc.stdout)
    assert got["before"] == "answered"  # control: the subject was really stored and answering
    assert got["after"] == "abstained" and got["status"] == "erased"
    assert len(got["errors"]) == 3
    # reopen in a new process (replay from genesis) so its WAL/SHM writes are scanned too
    reopen = run_python("import sys; from pathlib import Path; from affidavit.store import Store;"
                        "s = Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]));"
                        "print(s.recall('What does Dana Kim take?').status); s.close()",
                        str(store_path), str(keyring_dir))
    assert reopen.stdout.strip() == "abstained", reopen.stderr
    files = {**_all_bytes(store_path), **_all_bytes(keyring_dir)}
    assert any(name.endswith("ledger.db") for name in files)
    texts = [proc.stderr, reopen.stderr, *got["errors"]]
    for needle in NEEDLES:
        for enc in ("utf-8", "utf-16-le"):
            raw = needle.encode(enc)
            hits = [name for name, data in files.items() if raw in data]
            assert hits == [], (needle, enc, hits)
        assert all(needle not in t for t in texts), needle
    for hex_key in got["material"]:
        raw = bytes.fromhex(hex_key)
        assert all(raw not in data and hex_key.encode() not in data for data in files.values())


def test_key_files_are_private(open_store, store_dirs) -> None:  # type: ignore[no-untyped-def]
    """The signing key and the keyring are mode 0600; the published public key is PEM beside the store."""
    from test_erasure import load

    store = open_store()
    load(store)
    assert store.forget("Dana Kim").status == "erased"
    store_path, keyring_dir = store_dirs
    for path in (keyring_dir / "signing.key", keyring_dir / "keyring.db"):
        assert stat.S_IMODE(path.stat().st_mode) == 0o600, path.name
    pub = (store_path / "signing.pub").read_bytes()
    assert pub.startswith(b"-----BEGIN PUBLIC KEY-----")
    assert not (store_path / "signing.key").exists()  # control: no private key beside the store
