"""Open cost: verify + decrypt + replay, against a raw SQLite + SHA-256 floor.

    python bench/open.py                                  # 100k events
    python bench/open.py --events 100000 1000000 --subjects 3000 --repeat 3

For each size it builds a ledger of realistic encrypted claim events
(``affidavit.testing.append_synthetic``, durability "fast", batches of 1000) in a
temp dir, then measures, each in a fresh subprocess (best of ``--repeat``):

  floor    apsw scan of every column of ``events`` + a SHA-256 chain over
           body || previous digest; no decoding, no checks
  verify   ``affidavit.engine.verification.verify_path``: chain from genesis + head seal
  open     ``Store.open``: verify, decrypt the eager fields, replay into every projection

and prints events/s, the time as a multiple of the floor's, and peak RSS growth per
event (the process's high-water mark after minus before; the build runs in its own
process too, so nothing inherits its peak). Rates and ratios use the measuring
process's CPU time, which shared machines disturb less than wall time; wall time is
printed beside it. When the
``eventsourcing`` package is importable it also builds an eventsourcing SQLite
application with the same number of events and prints its read-back rate (decode
every stored event and mutate its aggregate; no chain, no decryption) beside ours.
Goals: open >= 100k events/s and within 4x of the floor.
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

GOAL_RATE = 100_000
GOAL_RATIO = 4.0
BUILD_BATCH = 1000
SELECT = (
    "SELECT seq, kind, tenant, actor, recorded_at, resolver, body, prev_hash, hash "
    "FROM events ORDER BY seq"
)

try:  # optional comparison; module-level so its topics resolve as __main__:Subject
    from eventsourcing.application import Application
    from eventsourcing.domain import Aggregate, event

    class Subject(Aggregate):
        @event("Registered")
        def __init__(self, name: str) -> None:
            self.name = name
            self.claims: list[str] = []

        @event("ClaimAdmitted")
        def admit(self, claim_id: str, text: str, evidence: str) -> None:
            self.claims.append(claim_id)

    class Memory(Application):
        pass

    HAVE_ES = True
except ImportError:
    HAVE_ES = False


# -- measurements (each runs in its own process) ------------------------------


def _floor(store: Path, keyring: Path) -> int:
    import hashlib

    import apsw

    conn = apsw.Connection(str(store / "ledger.db"), flags=apsw.SQLITE_OPEN_READONLY)
    sha256, prev, count = hashlib.sha256, bytes(32), 0
    for _seq, _k, _t, _a, _r, _res, body, _prev, _hash in conn.execute(SELECT):
        prev = sha256(body + prev).digest()
        count += 1
    conn.close()
    return count


def _verify(store: Path, keyring: Path) -> int:
    from affidavit.engine.verification import verify_path

    verdict = verify_path(store, keyring)
    if not verdict.ok:
        raise SystemExit(f"verify failed: {verdict.text()}")
    return verdict.events


def _open(store: Path, keyring: Path) -> int:
    from affidavit.identity import Identity
    from affidavit.store import Store

    opened = Store.open(store, keyring_dir=keyring, identity=Identity(), create=False)
    count = opened.head_seq
    opened.close()
    return count


def _es_app(db: Path) -> Any:
    return Memory(env={"PERSISTENCE_MODULE": "eventsourcing.sqlite", "SQLITE_DBNAME": str(db)})


def _es_build(db: Path, claims: str) -> int:
    """Same traffic shape as append_synthetic, in plaintext: one aggregate per subject."""
    count, subjects = (int(x) for x in claims.split(":"))
    rng, app = random.Random(0), _es_app(db)
    known: dict[int, Any] = {}
    pending: dict[int, Any] = {}
    for i in range(count):
        who = rng.randrange(subjects)
        agg = known.get(who) or known.setdefault(who, Subject(f"Subject {who:04d}"))
        text = f"Subject {who:04d} works for Object {rng.randrange(10_000)}."
        evidence = f"According to the 2011 filing, {text} " + "Confirmed by a second source. " * 3
        agg.admit(f"c{i:08d}", text, evidence)
        pending[who] = agg
        if len(pending) >= BUILD_BATCH or i == count - 1:
            app.save(*pending.values())
            pending.clear()
    return int(app.recorder.max_notification_id() or 0)


def _es_read(db: Path, _unused: Path) -> int:
    app = _es_app(db)
    to_event, aggregates, start, count = app.mapper.to_domain_event, {}, None, 0
    while True:
        page = app.recorder.select_notifications(start, 1000, inclusive_of_start=False)
        if not page:
            return count
        for notification in page:
            ev = to_event(notification)
            aggregates[ev.originator_id] = ev.mutate(aggregates.get(ev.originator_id))
        start, count = page[-1].id, count + len(page)


MODES = {"floor": _floor, "verify": _verify, "open": _open, "es-read": _es_read}


def _peak_bytes() -> int:
    """High-water RSS of this process; VmHWM (Linux) is not inherited across exec."""
    try:
        for line in Path("/proc/self/status").read_text().splitlines():
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) * 1024
    except OSError:
        pass
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss * 1024  # KiB on Linux


def _measure(mode: str, a: str, b: str) -> None:
    if mode == "build":
        print(json.dumps({"events": _build(Path(a), *(int(x) for x in b.split(":")))}))
        return
    if mode == "es-build":
        print(json.dumps({"events": _es_build(Path(a), b)}))
        return
    import affidavit.engine.verification  # noqa: F401  (imports are not the cost measured)
    import affidavit.store  # noqa: F401

    before = _peak_bytes()
    wall, cpu = time.perf_counter(), time.process_time()
    events = MODES[mode](Path(a), Path(b))
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    print(json.dumps({"events": events, "seconds": cpu, "wall": wall,
                      "peak_bytes": _peak_bytes() - before}))


def _run(mode: str, a: Path | str, b: Path | str) -> dict[str, Any]:
    out = subprocess.run(
        [sys.executable, __file__, "--measure", mode, str(a), str(b)],
        capture_output=True, text=True, check=False,
    )
    if out.returncode != 0:
        raise SystemExit(f"{mode} failed:\n{out.stderr[-2000:]}")
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def _best(mode: str, a: Path | str, b: Path | str, repeat: int) -> dict[str, Any]:
    runs = [_run(mode, a, b) for _ in range(repeat)]
    best = min(runs, key=lambda r: r["seconds"])
    best["peak_bytes"] = min(r["peak_bytes"] for r in runs)
    return best


# -- driver ---------------------------------------------------------------------


def _build(root: Path, events: int, subjects: int) -> int:
    from affidavit.identity import Identity
    from affidavit.logs import configure_logging
    from affidavit.store import Store
    from affidavit.testing import append_synthetic

    configure_logging(level=40)  # errors only, on stderr
    store = Store.open(root / "store", keyring_dir=root / "keyring", identity=Identity(),
                       durability="fast")
    # Each new subject adds an ENTITY_REGISTERED event: aim the total at ``events``.
    claims = max(1, events - 1 - min(subjects, events // 2))
    append_synthetic(store, claims, subjects=subjects, batch=BUILD_BATCH)
    total = store.head_seq
    store.close()
    return total


def _line(label: str, r: dict[str, Any], floor_s: float) -> str:
    rate = r["events"] / r["seconds"]
    return (f"  {label:<26} {rate:>9,.0f} events/s  {r['seconds'] / floor_s:5.2f}x floor"
            f"  {r['peak_bytes'] / r['events']:6.0f} B/event peak  (wall {r['wall']:.2f} s)")


def bench(events: int, subjects: int, repeat: int) -> bool:
    root = Path(tempfile.mkdtemp(prefix="affidavit-bench-open-"))
    try:
        start = time.perf_counter()
        total = _run("build", root, f"{events}:{subjects}")["events"]
        print(f"\n{total:,} events ({subjects} subjects), built in "
              f"{time.perf_counter() - start:.1f} s; best of {repeat} fresh processes, CPU time")
        store, keyring = root / "store", root / "keyring"
        floor = _best("floor", store, keyring, repeat)
        verify = _best("verify", store, keyring, repeat)
        opened = _best("open", store, keyring, repeat)
        for label, r in (("floor (scan + sha256)", floor), ("verify only", verify),
                         ("verify+decrypt+replay", opened)):
            if r["events"] != total:
                raise SystemExit(f"{label} saw {r['events']} events, expected {total}")
            print(_line(label, r, floor["seconds"]))
        if HAVE_ES:
            db = root / "es.sqlite"
            claims = total - 1 - min(subjects, total // 2)  # its subjects add events too
            built = _run("es-build", db, f"{claims}:{subjects}")["events"]
            es = _best("es-read", db, db, repeat)
            print(_line("eventsourcing read-back", es, floor["seconds"])
                  + f"  [{built:,} plaintext events, no chain]")
        else:
            print("  eventsourcing: not installed, comparison skipped")
        rate = opened["events"] / opened["seconds"]
        ratio = opened["seconds"] / floor["seconds"]
        ok = rate >= GOAL_RATE and ratio <= GOAL_RATIO
        print(f"  goal open >= {GOAL_RATE:,} events/s and <= {GOAL_RATIO:.0f}x floor: "
              f"{'MET' if ok else 'MISSED'} ({rate:,.0f} events/s, {ratio:.2f}x)")
        return ok
    finally:
        shutil.rmtree(root, ignore_errors=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--events", type=int, nargs="+", default=[100_000])
    parser.add_argument("--subjects", type=int, default=3000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--measure", nargs=3, metavar=("MODE", "A", "B"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.measure:
        _measure(*args.measure)
        return 0
    for n in args.events:
        bench(n, args.subjects, args.repeat)
    return 0


if __name__ == "__main__":
    sys.exit(main())
