"""Durable append rate: the store against SQLite's own durable commit rate.

    python bench/append.py                          # 1000 single appends
    python bench/append.py --events 5000 --dir /path/on/the/disk/to/test

Prints, measured in the same run, raw and single appends interleaved in slices of
``--chunk`` transactions so both see the same disk and the same neighbours:

  raw commit     apsw, WAL, synchronous=FULL: one INSERT of a ledger-sized row
                 (about 1 KB body, same columns) per transaction
  single append  ``append_synthetic(store, n, batch=1)`` on a store opened with
                 durability "full" (WAL + synchronous=FULL): one claim per transaction
                 through the real write path (catch up, seal, insert, head seal, commit)
  batched        the same with ``batch=100``: a hundred claims per transaction

Single appends are reported as transactions/s and as a share of the raw commit rate.
Before timing, the store is warmed with the same subjects, so timed appends register
few new entities (a new entity is one more durable keyring write). Wall time: a
durable commit waits on the disk, not the CPU. Goal: single appends >= 80% of raw.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

import apsw

from affidavit.identity import Identity
from affidavit.logs import configure_logging
from affidavit.store import Store
from affidavit.testing import append_synthetic

GOAL_SHARE = 0.80
SUBJECTS = 200
BODY_BYTES = 1000  # a CLAIM_ADMITTED body is about 900-1000 bytes of JSON

RAW_DDL = """
CREATE TABLE events (
    seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, tenant TEXT NOT NULL, actor TEXT NOT NULL,
    recorded_at INTEGER NOT NULL, resolver TEXT NOT NULL, body BLOB NOT NULL,
    prev_hash BLOB NOT NULL, hash BLOB NOT NULL
)
"""


class RawLedger:
    """The baseline: durable single-row transactions straight through apsw."""

    def __init__(self, path: Path) -> None:
        self.conn = apsw.Connection(str(path))
        self.conn.execute("PRAGMA journal_mode=WAL")
        self.conn.execute("PRAGMA synchronous=FULL")
        self.conn.execute(RAW_DDL)
        self.body, self.digest, self.seq = os.urandom(BODY_BYTES), os.urandom(32), 0

    def commit(self, n: int) -> float:
        insert = "INSERT INTO events VALUES (?, 'CLAIM_ADMITTED', 'default', 'local', ?, 'r', ?, ?, ?)"
        start = time.perf_counter()
        for _ in range(n):
            self.seq += 1
            with self.conn:  # BEGIN ... COMMIT: one fsync of the WAL per row
                self.conn.execute(insert, (self.seq, self.seq, self.body, self.digest, self.digest))
        return time.perf_counter() - start


def open_store(root: Path) -> Store:
    store = Store.open(root / "store", keyring_dir=root / "keyring", identity=Identity(),
                       durability="full")
    append_synthetic(store, SUBJECTS * 4, subjects=SUBJECTS, batch=100, seed=1)  # warm-up
    return store


def timed_appends(store: Store, n: int, batch: int, seed: int) -> tuple[float, int]:
    before = store.head_seq
    start = time.perf_counter()
    append_synthetic(store, n, subjects=SUBJECTS, batch=batch, seed=seed)
    return time.perf_counter() - start, store.head_seq - before


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, default=1000, help="single appends (and raw commits)")
    parser.add_argument("--batched", type=int, default=5000, help="claims in the batched run")
    parser.add_argument("--chunk", type=int, default=25, help="commits per interleaved slice")
    parser.add_argument("--dir", type=Path, default=None, help="where to put the databases")
    args = parser.parse_args(argv)
    configure_logging(level=40)  # errors only, on stderr

    root = Path(tempfile.mkdtemp(prefix="affidavit-bench-append-", dir=args.dir))
    try:
        raw, store = RawLedger(root / "raw.db"), open_store(root / "single")
        raw_s = single_s = 0.0
        single_events, done = 0, 0
        # Alternate small slices so a disk that slows down or speeds up mid-run (shared
        # machines do) weighs on both sides alike.
        while done < args.events:
            n = min(args.chunk, args.events - done)
            raw_s += raw.commit(n)
            seconds, events = timed_appends(store, n, 1, seed=done)
            single_s, single_events, done = single_s + seconds, single_events + events, done + n
        raw.conn.close()
        store.close()
        store = open_store(root / "batched")
        batch_s, batch_events = timed_appends(store, args.batched, 100, seed=2)
        store.close()
    finally:
        shutil.rmtree(root, ignore_errors=True)

    n = args.events
    raw_rate, single_rate = n / raw_s, n / single_s
    share = single_rate / raw_rate
    print(f"durable appends, WAL + synchronous=FULL, {n} transactions each, interleaved")
    print(f"  raw apsw commit (1 row/tx)   {raw_rate:>9,.0f} tx/s   1.00x")
    print(f"  store single append          {single_rate:>9,.0f} tx/s   {share:4.2f}x raw"
          f"   ({single_events / single_s:,.0f} events/s; {single_events} events in {n} tx)")
    print(f"  store batched (100/tx)       {args.batched / batch_s:>9,.0f} claims/s"
          f"   ({batch_events / batch_s:,.0f} events/s)")
    print(f"  goal single >= {GOAL_SHARE:.0%} of raw: {'MET' if share >= GOAL_SHARE else 'MISSED'}"
          f" ({share:.0%})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
