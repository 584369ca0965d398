"""Invariants 4 and 10 on PostgreSQL: several writer processes, SIGKILLs, notifications.

Writers are separate processes (as replicas on several hosts would be) sharing one
chain and one shared keyring database. Bounded: each test runs for seconds, not minutes.
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import threading
import time

import pg
import pytest

from affidavit.engine.verification import verify_path
from affidavit.store import Store

pytestmark = [pytest.mark.postgres, pytest.mark.slow]

WRITER = """
import sys
from affidavit.store import Store
from affidavit.identity import Identity
from affidavit.testing import append_synthetic
url, keyring, agent, count = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4])
store = Store.open(url, keyring_dir=keyring, identity=Identity(agent=agent))
print("OPEN", store.head_seq, flush=True)
for i in range(count):
    ids = append_synthetic(store, 1, subjects=50, seed=hash((agent, i)) & 0xFFFF)
    print(ids[0], store.head_seq, flush=True)  # acknowledged: the append returned
store.close()
print("DONE", flush=True)
"""


class Writer:
    """One writer process and the acknowledgements it printed."""

    def __init__(self, url: str, keyring: str, agent: str, count: int) -> None:
        self.proc = subprocess.Popen([sys.executable, "-c", WRITER, url, keyring, agent, str(count)],
                                     stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
        self.acks: list[str] = []
        self.opened = threading.Event()
        self.done = False
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            if line.startswith("OPEN"):
                self.opened.set()
            elif line.startswith("syn_"):
                self.acks.append(line.split()[0])
            elif line.startswith("DONE"):
                self.done = True

    def kill(self) -> None:
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait()
        self._reader.join(timeout=5)


@pytest.fixture
def shared(pg_url, pg_database, tmp_path) -> tuple[str, str]:
    """A store URL and a shared keyring URL (a database of its own), the store created."""
    keyring = pg.url_for(pg_database)
    Store.open(pg_url, keyring_dir=keyring).close()
    return pg_url, keyring


def test_four_writers_with_sigkills_lose_no_acknowledged_append(shared) -> None:
    """Four writers, killed and restarted at random: seqs 1..N with no gap, every ack held."""
    url, keyring = shared
    seed = random.randrange(2**32)
    print(f"seed {seed}")
    rng = random.Random(seed)
    writers = [Writer(url, keyring, f"w{i}", 100_000) for i in range(4)]
    finished: list[Writer] = []
    kills, deadline = 0, time.monotonic() + 120  # ends on progress, not on a clock
    while time.monotonic() < deadline:
        acknowledged = {a for w in [*finished, *writers] for a in w.acks}
        if kills >= 6 and len(acknowledged) >= 80:
            break
        time.sleep(rng.uniform(0.05, 0.3))
        victim = rng.randrange(len(writers))
        if len(writers[victim].acks) >= 3:  # kill a writer that is mid-burst
            writers[victim].kill()
            kills += 1
            finished.append(writers[victim])
            writers[victim] = Writer(url, keyring, f"w{victim}-{kills}", 100_000)
    for writer in writers:
        writer.kill()
        finished.append(writer)
    acknowledged = {a for w in finished for a in w.acks}
    assert kills >= 6 and len(acknowledged) >= 80, (kills, len(acknowledged))

    store = Store.open(url, keyring_dir=keyring)
    try:
        seqs = [row.seq for row in store.ledger.rows(0)]
        assert seqs == list(range(1, len(seqs) + 1))  # gap-free under SIGKILL
        assert acknowledged <= set(store.claims.claims())
        verdict = verify_path(url, keyring)
        assert verdict.ok and verdict.head_seal == "verified" and verdict.events == store.head_seq
        # No lock was left behind by the killed writers: an append goes through at once.
        started = time.monotonic()
        store.remember("Dana Kim works for Harbor Bank.", "Dana Kim works for Harbor Bank.")
        assert time.monotonic() - started < 5
    finally:
        store.close()


def test_a_notification_brings_another_process_append_without_polling(shared) -> None:
    """A follows B's appends by LISTEN: its head moves with no read from A's own calls."""
    url, keyring = shared
    reader = Store.open(url, keyring_dir=keyring)
    try:
        notifications = reader.ledger.listen()  # type: ignore[attr-defined]
        assert notifications.wait_healthy(10)
        start = reader.head_seq
        assert not reader.ledger.changed_since(start)  # nothing new: a read costs no query
        assert reader.follow()
        writer = Writer(url, keyring, "other-host", 20)
        writer.proc.wait(timeout=120)
        writer._reader.join(timeout=5)
        assert writer.done and len(writer.acks) == 20
        deadline = time.monotonic() + 10
        while reader.head_seq < start + 40 and time.monotonic() < deadline:
            time.sleep(0.01)  # reads the in-memory head only: the follower does the catching up
        assert reader.head_seq >= start + 40  # 20 claims, an entity registration each
        assert notifications.received >= 20 and not reader.ledger.changed_since(reader.head_seq)
        assert set(writer.acks) <= set(reader.claims.claims())
    finally:
        reader.close()


def test_a_read_after_a_notification_serves_at_least_that_seq(shared) -> None:
    """Without a follower: once seq N is announced, the next read's state is at N or later."""
    url, keyring = shared
    reader = Store.open(url, keyring_dir=keyring)
    try:
        notifications = reader.ledger.listen()  # type: ignore[attr-defined]
        assert notifications.wait_healthy(10)
        writer = Writer(url, keyring, "other-host", 5)
        writer.proc.wait(timeout=120)
        assert notifications.wait_beyond(reader.head_seq, 10)
        target = notifications.seq
        reader.recall("Where does Dana Kim work?")  # any read catches up first
        assert reader.head_seq >= target
    finally:
        reader.close()


def test_a_dropped_listener_falls_back_to_asking_and_reconnects(shared) -> None:
    """Kill the LISTEN connection: reads ask the database meanwhile; the listener comes back."""
    url, keyring = shared
    reader = Store.open(url, keyring_dir=keyring)
    try:
        notifications = reader.ledger.listen()  # type: ignore[attr-defined]
        assert notifications.wait_healthy(10)
        with pg.admin() as conn:
            conn.execute("SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                         "WHERE application_name = 'affidavit' AND query LIKE 'LISTEN%%'")
        deadline = time.monotonic() + 5
        while notifications.healthy and time.monotonic() < deadline:
            time.sleep(0.01)
        Writer(url, keyring, "other-host", 2).proc.wait(timeout=120)
        before = reader.head_seq
        reader.catch_up()  # whether or not the listener is back, nothing is missed
        assert reader.head_seq >= before + 4
        assert notifications.wait_healthy(15)
    finally:
        reader.close()
