"""A store is created whole or not at all, and a store whose ledger vanished is never restarted.

The keyring outlives a lost or rolled-back ledger: it knows the store exists (its
``store.path``; the store directory's ``store.id``) and the newest head it has seen
(``head.mark``), so neither a missing ledger nor an older copy of one passes as the store.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from affidavit.engine.verification import verify_path
from affidavit.errors import ChainBroken, LedgerError
from affidavit.store import Store

CLAIM = ("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
SEED = int(os.environ.get("AFFIDAVIT_TEST_SEED", "1401"))


def test_a_moved_away_ledger_is_not_restarted_from_empty(open_store, store_dirs) -> None:
    """mv ledger.db away, then open: refused (no forget ever ran); restoring it opens again."""
    store = open_store()
    assert store.remember(*CLAIM).status == "admitted"
    store.close()
    ledger = store_dirs[0] / "ledger.db"
    ledger.rename(store_dirs[0].parent / "away.db")
    with pytest.raises(LedgerError, match="missing"):
        open_store()
    assert not ledger.exists()  # nothing was created in its place
    (store_dirs[0].parent / "away.db").rename(ledger)
    assert open_store().recall("Where does Dana Kim work?").status == "answered"  # control


def test_an_emptied_store_directory_is_recognised_by_its_keyring(tmp_path: Path, monkeypatch) -> None:
    """Every file of the store removed: the keyring under the default root still names the path."""
    monkeypatch.setenv("AFFIDAVIT_KEYRING_DIR", str(tmp_path / "keyrings"))
    path = tmp_path / "store"
    with Store.open(path) as store:
        store.remember(*CLAIM)
    shutil.rmtree(path)
    with pytest.raises(LedgerError, match="ledger is missing"):
        Store.open(path)
    with Store.open(tmp_path / "elsewhere") as other:  # control: a new path creates a new store
        assert other.head_seq == 1


def test_a_ledger_restored_without_its_wal_is_refused(open_store, store_dirs) -> None:
    """Commits that lived only in the -wal vanish with it: the head mark refuses the ledger."""
    store = open_store()
    store.remember(*CLAIM)
    store.ledger.checkpoint()  # everything so far in the main file
    before = store.head_seq
    store.remember("Omar Ali lives in Leeds.", "Omar Ali lives in Leeds.")
    saved = {p.name: p.read_bytes() for p in store_dirs[0].iterdir() if p.name.startswith("ledger.db")}
    store.close()  # a crash leaves the -wal; here we rebuild that state from the copy
    for name, data in saved.items():
        (store_dirs[0] / name).write_bytes(data)
    (store_dirs[0] / "ledger.db-wal").unlink()
    with pytest.raises(ChainBroken) as info:
        open_store()
    assert info.value.seq == before + 1
    verdict = verify_path(*store_dirs)
    assert not verdict.ok and verdict.first_bad_seq == before + 1


def test_a_forged_head_mark_is_refused(open_store, store_dirs) -> None:
    """The mark carries a MAC: editing it to hide a rollback fails closed."""
    store = open_store()
    store.remember(*CLAIM)
    store.close()
    mark = store_dirs[1] / "head.mark"
    mark.write_text(mark.read_text().replace('"seq": ', '"seq": 1'))
    with pytest.raises(ChainBroken, match="MAC"):
        open_store()


_CHILD = """
import sys
from affidavit.store import Store
print("ready", flush=True)
Store.open(sys.argv[1], keyring_dir=sys.argv[2]).close()
print("done", flush=True)
"""


def _kill_during_creation(path: Path, kdir: Path, delay: float) -> None:
    proc = subprocess.Popen([sys.executable, "-c", _CHILD, str(path), str(kdir)],
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(delay)
    proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=60)


def test_creation_killed_at_any_instant_never_bricks_the_path(tmp_path: Path) -> None:
    """40+ SIGKILLs at random points of creation: the next open always yields a verified store."""
    rng = random.Random(SEED)
    print(f"seed {SEED}")
    t0 = time.perf_counter()
    Store.open(tmp_path / "timing", keyring_dir=tmp_path / "timing-keys").close()
    window = max(time.perf_counter() - t0, 0.01) * 1.5
    outcomes = {"created by the killed process": 0, "created on the next open": 0}
    for i in range(42):
        path, kdir = tmp_path / f"s{i}", tmp_path / f"k{i}"
        _kill_during_creation(path, kdir, rng.uniform(0, window))
        existed = (path / "ledger.db").exists()
        with Store.open(path, keyring_dir=kdir) as store:  # never raises: no half-made store
            assert store.head_seq >= 1
            assert store.remember(*CLAIM).status == "admitted"
        assert verify_path(path, kdir).ok
        outcomes["created by the killed process" if existed else "created on the next open"] += 1
        assert not list(path.glob("ledger.db.creating-*"))
    print(outcomes)
    assert all(outcomes.values()), outcomes  # the kills landed both before and after completion
