"""SQLite against PostgreSQL, in one run: appends across processes, open, catch-up latency.

    python bench/postgres.py                                   # defaults below, a few minutes
    python bench/postgres.py --events 100000 --seconds 3 --writers 1 4 8 --samples 200
    python bench/postgres.py --pg postgresql://postgres@127.0.0.1:5432/test

Prints, measured in the same run on the same machine:

  appends   durable appends/s (durability "full": SQLite WAL + synchronous=FULL, PostgreSQL
            synchronous_commit=on) with 1, 4 and 8 writer *processes* sharing one store, each
            appending one claim per transaction through the real write path (chain lock,
            catch-up, seal check, insert, seal) for ``--seconds`` after a common start
  open      ``Store.open`` (verify from genesis + decrypt + replay) of the same ``--events``
            store on each backend (built once on SQLite, then ``migrate``d: identical rows),
            in a fresh process; events/s by wall and CPU time, and the resident memory the
            open added (projections and all: the same on both backends if streaming works)
  catch-up  PostgreSQL only: one process appends, another follows by LISTEN/NOTIFY; the
            time from the writer's commit returning to the reader's projections holding
            the event (p50/p99 over ``--samples``). Both stamps are CLOCK_MONOTONIC, which
            is shared by all processes on a host.

The PostgreSQL stores live in a schema of their own, dropped at the end.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import uuid
from pathlib import Path
from typing import Any

SUBJECTS = 200

WRITER = """
import sys, time
from affidavit.identity import Identity
from affidavit.logs import configure_logging
from affidavit.store import Store
from affidavit.testing import append_synthetic
configure_logging()
location, keyring, agent, seconds = sys.argv[1], sys.argv[2], sys.argv[3], float(sys.argv[4])
store = Store.open(location, keyring_dir=keyring, identity=Identity(agent=agent))
append_synthetic(store, 1, subjects=SUBJECTS, seed=1)  # pool keys and caches warmed before the clock
print("READY", flush=True)
sys.stdin.readline()
done, deadline, i = 0, time.monotonic() + seconds, 0
while time.monotonic() < deadline:
    append_synthetic(store, 1, subjects=SUBJECTS, seed=hash((agent, i)) & 0xFFFF)
    done, i = done + 1, i + 1
print("DONE", done, flush=True)
store.close()
""".replace("SUBJECTS", str(SUBJECTS))

OPENER = """
import json, sys, time
from affidavit.logs import configure_logging
from affidavit.store import Store
import affidavit.gates.write, affidavit.gates.read  # imported before the baseline
configure_logging()
def rss_kb():
    with open("/proc/self/status") as fh:
        return int(next(line for line in fh if line.startswith("VmRSS")).split()[1])
before = rss_kb()
wall, cpu = time.perf_counter(), time.process_time()
store = Store.open(sys.argv[1], keyring_dir=sys.argv[2], create=False)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
print(json.dumps({"events": store.head_seq, "wall": wall, "cpu": cpu, "rss_kb": rss_kb() - before}))
store.close()
"""

FOLLOWED_WRITER = """
import sys, time
from affidavit.logs import configure_logging
from affidavit.store import Store
from affidavit.testing import append_synthetic
configure_logging()
location, keyring, samples = sys.argv[1], sys.argv[2], int(sys.argv[3])
store = Store.open(location, keyring_dir=keyring)
print("READY", flush=True)
sys.stdin.readline()
for i in range(samples):
    append_synthetic(store, 1, subjects=SUBJECTS, seed=i)
    print(store.head_seq, time.monotonic(), flush=True)  # the commit has returned
    time.sleep(0.01)
store.close()
""".replace("SUBJECTS", str(SUBJECTS))


def _python(code: str, *args: str, stdin: bool = False) -> subprocess.Popen[str]:
    return subprocess.Popen([sys.executable, "-c", code, *args], text=True,
                            stdin=subprocess.PIPE if stdin else None, stdout=subprocess.PIPE,
                            stderr=subprocess.DEVNULL)


def appends_per_second(location: str, keyring: str, writers: int, seconds: float) -> float:
    procs = [_python(WRITER, location, keyring, f"bench-{i}", str(seconds), stdin=True)
             for i in range(writers)]
    for proc in procs:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        if not line.startswith("READY"):
            raise SystemExit(f"a writer failed to start on {location}")
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("GO\n")
        proc.stdin.flush()
    total = 0
    for proc in procs:
        out, _ = proc.communicate(timeout=seconds + 120)
        total += int(out.split()[-1])
    return total / seconds


def raw_commits_per_second(backend: str, where: str, seconds: float = 1.5) -> float:
    """The floor: durable one-row transactions of a ledger-sized row, straight through the driver."""
    body, done = os.urandom(1000), 0
    if backend == "sqlite":
        import apsw

        conn = apsw.Connection(str(Path(where) / "raw.db"))
        conn.execute("PRAGMA journal_mode=WAL")
        conn.execute("PRAGMA synchronous=FULL")
        conn.execute("CREATE TABLE raw (seq INTEGER PRIMARY KEY, body BLOB NOT NULL)")
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with conn:
                conn.execute("INSERT INTO raw VALUES (?, ?)", (done + 1, body))
            done += 1
        conn.close()
        return done / seconds
    import psycopg

    with psycopg.connect(where, autocommit=True) as conn:
        conn.execute("SET synchronous_commit = on")
        conn.execute("CREATE TEMP TABLE raw (seq bigint PRIMARY KEY, body bytea NOT NULL)")
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            with conn.transaction():
                conn.execute("INSERT INTO raw VALUES (%s, %s)", (done + 1, body))
            done += 1
    return done / seconds


def open_rate(location: str, keyring: str) -> dict[str, Any]:
    proc = _python(OPENER, location, keyring)
    out, _ = proc.communicate(timeout=1800)
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    return result


def build(directory: Path, keyring: Path, events: int) -> None:
    from affidavit.store import Store
    from affidavit.testing import append_synthetic

    store = Store.open(directory, keyring_dir=keyring, durability="fast")
    try:
        while store.head_seq < events:
            append_synthetic(store, min(1000, max(1, (events - store.head_seq) // 2)),
                             subjects=3000, seed=store.head_seq, batch=1000)
    finally:
        store.close()


def catch_up_latency(location: str, keyring: str, samples: int) -> list[float]:
    from affidavit.store import Store

    reader = Store.open(location, keyring_dir=keyring)
    seen: dict[int, float] = {}
    stop = threading.Event()

    def watch() -> None:  # stamps the moment the follower's catch-up made a seq visible
        last = reader.head_seq
        while not stop.is_set():
            head = reader.head_seq
            if head != last:
                now = time.monotonic()
                for seq in range(last + 1, head + 1):
                    seen[seq] = now
                last = head
            time.sleep(0.0002)

    try:
        notifications = reader.ledger.listen()  # type: ignore[attr-defined]
        notifications.wait_healthy(10)
        reader.follow()
        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        writer = _python(FOLLOWED_WRITER, location, keyring, str(samples), stdin=True)
        assert writer.stdout is not None and writer.stdin is not None
        writer.stdout.readline()
        writer.stdin.write("GO\n")
        writer.stdin.flush()
        commits = [(int(seq), float(at)) for seq, at in
                   (line.split() for line in writer.stdout if line.strip())]
        writer.wait(timeout=60)
        time.sleep(0.5)
        stop.set()
        watcher.join()
        return [seen[seq] - at for seq, at in commits if seq in seen]
    finally:
        reader.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    parser.add_argument("--pg", default=os.environ.get("AFFIDAVIT_TEST_PG",
                                                       "postgresql://postgres@127.0.0.1:5432/test"))
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--writers", type=int, nargs="+", default=[1, 4, 8])
    parser.add_argument("--samples", type=int, default=200)
    args = parser.parse_args()

    import psycopg

    from affidavit.engine.migration import migrate
    from affidavit.logs import configure_logging
    from affidavit.store import Store

    configure_logging()
    tag = uuid.uuid4().hex[:8]
    schemas = [f"bench_{tag}_append", f"bench_{tag}_open", f"bench_{tag}_follow"]
    pg = {s: f"{args.pg}{'&' if '?' in args.pg else '?'}schema={s}" for s in schemas}
    tmp = Path(tempfile.mkdtemp(prefix="affidavit-bench-pg-"))
    print(f"PostgreSQL {args.pg.split('@')[-1]}  (2 backends, same machine, same run)")
    try:
        # -- appends across processes ------------------------------------------------------
        floors = (raw_commits_per_second("sqlite", str(tmp)), raw_commits_per_second("postgres", args.pg))
        print(f"\nfloor: raw durable one-row commits/s, one connection: sqlite {floors[0]:.0f}, "
              f"postgres {floors[1]:.0f}")
        print(f"durable appends/s, writer processes sharing one store, {args.seconds:.0f} s each "
              "(share of the floor)")
        print(f"{'writers':>8} {'sqlite':>16} {'postgres':>16} {'pg/sqlite':>10}")
        for writers in args.writers:
            rates = []
            for backend in ("sqlite", "postgres"):
                location = (str(tmp / f"append-{writers}") if backend == "sqlite"
                            else pg[schemas[0]].replace(schemas[0], f"{schemas[0]}_{writers}"))
                keyring = str(tmp / f"append-{writers}-{backend}-keys")
                Store.open(location, keyring_dir=keyring).close()
                rates.append(appends_per_second(location, keyring, writers, args.seconds))
            shares = [f"{r:.0f} ({r / f:.0%})" for r, f in zip(rates, floors, strict=True)]
            print(f"{writers:>8} {shares[0]:>16} {shares[1]:>16} {rates[1] / rates[0]:>10.2f}")

        # -- open: verify + replay ---------------------------------------------------------
        print(f"\nopen (verify from genesis + decrypt + replay) at {args.events:,} events")
        started = time.perf_counter()
        build(tmp / "open", tmp / "open-keys", args.events)
        report = migrate(tmp / "open", pg[schemas[1]], tmp / "open-keys")
        print(f"  built on SQLite and migrated to PostgreSQL in {time.perf_counter() - started:.0f} s; "
              f"head hash {report.head_hash[:16]}… on both")
        print(f"{'backend':>10} {'events':>8} {'wall s':>8} {'ev/s wall':>10} {'ev/s cpu':>10} "
              f"{'+RSS MB':>8}")
        results = {}
        for backend, location in (("sqlite", str(tmp / "open")), ("postgres", pg[schemas[1]])):
            r = results[backend] = open_rate(location, str(tmp / "open-keys"))
            print(f"{backend:>10} {r['events']:>8} {r['wall']:>8.2f} {r['events'] / r['wall']:>10.0f} "
                  f"{r['events'] / r['cpu']:>10.0f} {r['rss_kb'] / 1024:>8.0f}")
        print(f"  postgres/sqlite open time: {results['postgres']['wall'] / results['sqlite']['wall']:.2f}x "
              "wall")

        # -- catch-up latency ----------------------------------------------------------------
        keyring = str(tmp / "follow-keys")
        Store.open(pg[schemas[2]], keyring_dir=keyring).close()
        lags = sorted(catch_up_latency(pg[schemas[2]], keyring, args.samples))
        if lags:
            p50 = statistics.median(lags) * 1000
            p99 = lags[min(len(lags) - 1, int(len(lags) * 0.99))] * 1000
            print(f"\ncatch-up latency, one process's commit -> another's view (LISTEN/NOTIFY, "
                  f"{len(lags)} samples): p50 {p50:.2f} ms, p99 {p99:.2f} ms, max {lags[-1] * 1000:.2f} ms")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        with psycopg.connect(args.pg, autocommit=True) as conn:
            for name in conn.execute("SELECT nspname FROM pg_namespace WHERE nspname LIKE %s",
                                     (f"bench_{tag}%",)).fetchall():
                conn.execute(f'DROP SCHEMA "{name[0]}" CASCADE')


if __name__ == "__main__":
    main()
