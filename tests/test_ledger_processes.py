"""Invariants 4 and 10: serialized appends across processes, crash safety, restart equality."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

from affidavit.engine.verification import verify_path
from affidavit.store import Store
from affidavit.testing import append_synthetic

WRITER = """
import sys
from pathlib import Path
from affidavit.store import Store
from affidavit.identity import Identity
from affidavit.testing import append_synthetic
store_dir, keyring_dir, agent, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
store = Store.open(Path(store_dir), keyring_dir=Path(keyring_dir), identity=Identity(agent=agent))
for i in range(count):
    ids = append_synthetic(store, 1, subjects=50, seed=hash((agent, i)) & 0xFFFF)
    print(ids[0], flush=True)  # acknowledged: the append returned
store.catch_up()
print("DIGEST", store.head_seq, store.digest(), flush=True)
store.close()
"""


def _spawn(store_dir: Path, keyring_dir: Path, agent: str, count: int) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-c", WRITER, str(store_dir), str(keyring_dir), agent, str(count)],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True,
    )


def test_three_processes_append_hundreds_each(open_store, store_dirs) -> None:
    """Three writers: seq contiguous, chain verifies, every acknowledged append present."""
    open_store().close()
    procs = [_spawn(*store_dirs, f"agent-{i}", 200) for i in range(3)]
    outputs = [p.communicate(timeout=300)[0] for p in procs]
    assert all(p.returncode == 0 for p in procs)
    acknowledged = {line for out in outputs for line in out.splitlines() if line.startswith("syn_")}
    assert len(acknowledged) == 600

    store = open_store()
    verdict = verify_path(*store_dirs)
    assert verdict.ok and verdict.events == store.head_seq
    seqs = [row.seq for row in store._ledger.rows(0)]
    assert seqs == list(range(1, len(seqs) + 1))
    held = {c for c in store.claims.claims()}
    assert acknowledged <= held
    # The last process to finish caught up with everything; its digest equals a fresh replay's.
    finals = [line.split() for out in outputs for line in out.splitlines() if line.startswith("DIGEST")]
    at_head = [d for _, seq, d in finals if int(seq) == store.head_seq]
    assert at_head and all(d == store.digest() for d in at_head)


def test_sigkill_mid_burst_loses_no_acknowledged_append(open_store, store_dirs) -> None:
    """A writer killed with SIGKILL: the store opens, verifies, and holds every acknowledged claim."""
    open_store().close()
    proc = _spawn(*store_dirs, "victim", 100_000)
    acknowledged: list[str] = []
    assert proc.stdout is not None
    deadline = time.monotonic() + 60
    while len(acknowledged) < 150 and time.monotonic() < deadline:
        line = proc.stdout.readline()
        if line.startswith("syn_"):
            acknowledged.append(line.strip())
    os.kill(proc.pid, signal.SIGKILL)
    proc.wait()
    assert len(acknowledged) >= 150

    store = open_store()
    assert verify_path(*store_dirs).ok
    assert set(acknowledged) <= set(store.claims.claims())


def test_restart_rebuilds_the_same_state(open_store, store_dirs) -> None:
    """A new process replaying the ledger reaches the digest the writing process held."""
    store = open_store()
    append_synthetic(store, 120, subjects=30, batch=7)
    live_digest, head = store.digest(), store.head_seq
    store.close()
    code = (
        "import sys; from pathlib import Path; from affidavit.store import Store;"
        "s = Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]));"
        "print(s.head_seq, s.digest())"
    )
    out = subprocess.run([sys.executable, "-c", code, *map(str, store_dirs)],
                         capture_output=True, text=True, check=True).stdout.split()
    assert out == [str(head), live_digest]
    # Control: one more event changes the digest, so equality above is not vacuous.
    again = Store.open(store_dirs[0], keyring_dir=store_dirs[1])
    append_synthetic(again, 1, subjects=30, seed=99)
    assert again.digest() != live_digest
    again.close()


def test_processes_starting_on_a_new_path_share_one_store(store_dirs) -> None:
    """Four processes opening a not-yet-existing store at once end up in the same store."""
    code = (
        "import sys; from pathlib import Path; from affidavit.store import Store;"
        "from affidavit.testing import append_synthetic;"
        "s = Store.open(Path(sys.argv[1]), keyring_dir=Path(sys.argv[2]));"
        "append_synthetic(s, 5, subjects=3); print(s.store_id); s.close()"
    )
    procs = [subprocess.Popen([sys.executable, "-c", code, *map(str, store_dirs)],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
             for _ in range(4)]
    results = [p.communicate(timeout=120) for p in procs]
    assert all(p.returncode == 0 for p in procs), [err[-300:] for _, err in results]
    assert len({out.strip() for out, _ in results}) == 1
    store = Store.open(store_dirs[0], keyring_dir=store_dirs[1])
    assert len(store.claims.claims()) == 20
    store.close()
