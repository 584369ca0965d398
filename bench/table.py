"""The issue-17 table in one command: affidavit against its floors and, when installed, its peers.

    python bench/table.py                          # 10k and 100k claims, open 1M events
    python bench/table.py --claims 20000 --mid 2000 --open-events 200000 --runs 2   # quicker

Every figure is measured in this run, on this machine, and every ratio is against a
baseline measured in this run (the load average is printed at the start and the end:
another busy process moves wall times, so read the ratios first).

Workload: the same synthetic facts for every system, one new person per fact
("Bako Rabason was born in Oslo." quoted from "Bako Rabason was born in Oslo in
1812."), written through each system's own write path: ``Store.remember`` in-process
for affidavit (the write gate, sources, receipts and sealing as a user gets them;
durability "fast" while building, the server's default when measuring writes), a
``remember`` note about the person's key for mushroomdb, and for the MCP reference
memory server an entity per person with the fact as its observation, written as its
JSONL memory file (its own write path manages about two calls a second at this
size; its write rate is measured over MCP on top of that file).

Rows:

* first answered call: process start to the answer of the first ``recall`` (an
  abstention on an empty store, an answer otherwise), median of ``--runs`` fresh
  processes; ``tools/list`` time beside it (it must stay immediate). The processes
  write and read byte-code, as a pip install leaves a package, whatever
  PYTHONDONTWRITEBYTECODE says in the calling shell;
* bytes on disk per claim, store and keyring, after the store is closed (WAL
  checkpointed); a breakdown of where they go follows the table;
* forget of a 1-claim and a 10-claim closure at 1k and at the largest size, and the
  ratio between the sizes. ``forget`` returns once the text caches are cut off; the
  reaper thread frees their old entries after it (``affidavit.text.memo``). That tail is
  printed beside the figures and waited for before the next one, so it lands in no other
  figure. The 1-claim forget at 1k is the process's first: it pays the one-time load of
  the pinned WordNet lexicon (about 0.1 s) that its probe questions trigger;
* recall p50/p99 in-process on the largest store (answerable questions);
* writes over MCP (sequential remember calls/s on the largest store);
* open of ``--open-events`` synthetic events (``affidavit.testing.append_synthetic``):
  verify, and verify + decrypt + replay (``Store.open``), each as a multiple of the
  same-run floor, an apsw scan of every column plus a SHA-256 chain over the bodies
  (bench/open.py's floor), with peak memory per event.

Peers (``pip install -e '.[bench]'`` for mushroomdb; the reference memory server is
found in ``bench/peers`` after ``npm install --prefix bench/peers
@modelcontextprotocol/server-memory``, or at ``$AFFIDAVIT_BENCH_SERVER_MEMORY``); a
peer that is not installed is skipped and said so.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from workload import fact, name, question

HERE = Path(__file__).resolve().parent
OPEN_BENCH = HERE / "open.py"
FORGET_SUBJECTS = {1: "Ingrid Solberg", 10: "Teodor Vance"}  # closure size -> person

def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def median(xs: list[float]) -> float:
    return statistics.median(xs) if xs else float("nan")


def pct(xs: list[float], q: float) -> float:
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))]


def du(*paths: Path) -> int:
    total = 0
    for p in paths:
        if p.is_file():
            total += p.stat().st_size
        elif p.is_dir():
            total += sum(f.stat().st_size for f in p.rglob("*") if f.is_file())
    return total


WARM_IMPORTS = ("import importlib\n"
                "for m in ('affidavit.cli', 'affidavit.cli.serve', 'affidavit.api', 'affidavit.mcp.server',"
                " 'affidavit.store', 'affidavit.text.lemma_dict', 'simplemma'):\n"
                "    try:\n        importlib.import_module(m)\n    except ImportError:\n        pass\n")


def child_env() -> dict[str, str]:
    """The measured processes' environment: byte-code is written and read, as after a pip
    install (a PYTHONDONTWRITEBYTECODE=1 shell would charge every cold start with
    compiling the package from source)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def warm_bytecode() -> None:
    subprocess.run([sys.executable, "-c", WARM_IMPORTS], check=True, env=child_env())


# -- a line-delimited JSON-RPC client (the MCP SDK is not needed to time a server) --------


class Session:
    def __init__(self, argv: list[str], env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, env=env)
        self.next_id = 0

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"{method}: the server closed its output")
            reply = json.loads(line)
            if reply.get("id") == self.next_id:
                break
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        result: dict[str, Any] = reply["result"]
        return result

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        return self.request("tools/call", {"name": tool, "arguments": arguments})

    def handshake(self) -> None:
        self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "bench", "version": "0"}})
        assert self.proc.stdin is not None
        self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        self.proc.stdin.flush()
        self.request("tools/list")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def first_call(argv: list[str], ask: Callable[[Session], object], runs: int,
               env: dict[str, str] | None = None,
               before: Callable[[], None] | None = None) -> tuple[float, float]:
    """Median seconds from process start to tools/list, and to the first answered call."""
    listed, answered = [], []
    for _ in range(runs):
        if before is not None:
            before()
        started = time.perf_counter()
        session = Session(argv, env)
        session.handshake()
        listed.append(time.perf_counter() - started)
        ask(session)
        answered.append(time.perf_counter() - started)
        session.close()
    return median(listed), median(answered)


# -- affidavit ------------------------------------------------------------------------------


def affidavit_argv(store: Path, keys: Path) -> list[str]:
    return [sys.executable, "-m", "affidavit", "serve", "--store", str(store), "--keyring-dir", str(keys)]


def affidavit_recall(q: str) -> Callable[[Session], object]:
    def ask(session: Session) -> object:
        result = session.call("recall", query=q)
        if result.get("isError"):
            raise RuntimeError(f"recall failed: {result}")
        return result["structuredContent"]["status"]
    return ask


@dataclass
class Bytes:
    claims: int
    store: int
    keyring: int
    wal: int
    parts: list[tuple[str, int]] = field(default_factory=list)

    @property
    def per_claim(self) -> float:
        return (self.store + self.keyring) / self.claims


def _dbstat(db: Path) -> dict[str, tuple[int, int, int]]:
    import apsw

    conn = apsw.Connection(str(db), flags=apsw.SQLITE_OPEN_READONLY)
    try:
        return {n: (pay, unused, size) for n, pay, unused, size in conn.execute(
            "SELECT name, sum(payload), sum(unused), sum(pgsize) FROM dbstat GROUP BY name")}
    finally:
        conn.close()


def affidavit_bytes(root: Path, claims: int) -> Bytes:
    """Sizes after close, and where the ledger's and the keyring's bytes go."""
    import apsw

    store, keys = root / "store", root / "keys"
    ledger, keyring = store / "ledger.db", keys / "keyring.db"
    wal = du(*store.glob("*-wal"), *keys.glob("*-wal"))
    out = Bytes(claims, du(store), du(keys), wal)
    conn = apsw.Connection(str(ledger), flags=apsw.SQLITE_OPEN_READONLY)
    interned = bool(conn.execute("SELECT 1 FROM sqlite_master WHERE name = 'headers'").fetchall())
    # As stored: a layout-2 row leaves its four header strings empty and names a headers row
    # (an integer of a byte or two), and leaves prev_hash empty when it is implied.
    hid = "(CASE WHEN header IS NULL THEN 0 WHEN header < 128 THEN 1 ELSE 2 END)" if interned else "0"
    got = conn.execute(
        f"SELECT sum(8 + length(kind) + length(tenant) + length(actor) + 8 + length(resolver) + {hid}), "
        "sum(length(prev_hash) + length(hash)) FROM events").fetchall()[0]
    header: tuple[int, int] = (int(got[0] or 0), int(got[1] or 0))
    fields: dict[str, int] = {}
    body_total = 0
    bodies = ("SELECT coalesce(h.kind, '') || e.kind, e.body FROM events e "
              "LEFT JOIN headers h ON h.id = e.header" if interned else "SELECT kind, body FROM events")
    for kind, body in conn.execute(bodies):
        body_total += len(body)
        for label, n in body_fields(kind, body):
            fields[label] = fields.get(label, 0) + n
    conn.close()
    stat = _dbstat(ledger)
    pay, unused, size = stat.get("events", (0, 0, 0))
    out.parts.append(("ledger events: bodies (compact; JSON in rows written before)", body_total))
    for label, n in sorted(fields.items(), key=lambda kv: -kv[1])[:12]:
        out.parts.append((f"    {label}", n))
    out.parts.append(("ledger events: header columns (seq, time, 4 strings or a headers id)",
                      header[0]))
    out.parts.append(("ledger events: prev_hash (empty when implied) + hash", header[1]))
    out.parts.append(("ledger events: SQLite record overhead", pay - body_total - header[0] - header[1]))
    out.parts.append(("ledger events: page space unused + page headers", size - pay))
    out.parts.append(("ledger: other tables and schema", sum(s for n, (_p, _u, s) in stat.items()
                                                              if n != "events")))
    kstat = _dbstat(keyring)
    kconn = apsw.Connection(str(keyring), flags=apsw.SQLITE_OPEN_READONLY)
    (count,), = kconn.execute("SELECT count(*) FROM keys").fetchall()
    nkeys = count if isinstance(count, int) else 0
    kconn.close()
    kpay, kunused, ksize = kstat.get("keys", (0, 0, 0))
    out.parts.append((f"keyring: data keys ({nkeys:,} keys, {nkeys / claims:.1f} per claim), payload",
                      kpay))
    out.parts.append(("keyring: key table unused page space", ksize - kpay))
    out.parts.append(("keyring: its indexes, other tables", sum(s for n, (_p, _u, s) in kstat.items()
                                                                if n != "keys")))
    out.parts.append(("WAL files left after close", wal))
    return out


def body_fields(kind: str, body: bytes) -> list[tuple[str, int]]:
    """(kind.field, bytes) of one stored body, as stored: JSON members or compact elements."""
    import msgspec

    from affidavit.compact import is_compact
    from affidavit.events import KINDS

    if is_compact(body):
        # Tokens stay as they are stored (bytes, or a 3-byte reference to an earlier one).
        raw = msgspec.msgpack.Decoder(ext_hook=lambda code, data: msgspec.msgpack.Ext(code, bytes(data)))
        names = KINDS[kind].__struct_fields__ if kind in KINDS else ()
        values = raw.decode(body[1:])
        return [(f"{kind}.{name}", len(msgspec.msgpack.encode(value)))
                for name, value in zip(names, values, strict=False)]
    try:
        decoded = msgspec.json.decode(body)
    except msgspec.DecodeError:
        return [(f"{kind} (undecodable)", len(body))]
    if not isinstance(decoded, dict):
        return []
    return [(f"{kind}.{k} (JSON)", len(k) + 3 + len(msgspec.json.encode(v))) for k, v in decoded.items()]


def affidavit_recall_latency(root: Path, claims: int,
                             queries: int) -> tuple[float, float, float, float, float]:
    """(open seconds, p50 ms, p99 ms, p99 ms of this thread's CPU time, answered share)."""
    from affidavit.identity import Identity
    from affidavit.store import Store

    started = time.perf_counter()
    store = Store.open(root / "store", keyring_dir=root / "keys", identity=Identity(), create=False)
    opened = time.perf_counter() - started
    rng = random.Random(17)
    for _ in range(50):  # warm the caches alike for every size
        store.recall(question(rng.randrange(claims)))
    samples, cpu, answered = [], [], 0
    for _ in range(queries):
        q = question(rng.randrange(claims))
        t, c = time.perf_counter(), time.thread_time()
        out = store.recall(q)
        cpu.append((time.thread_time() - c) * 1000)
        samples.append((time.perf_counter() - t) * 1000)
        answered += out.status == "answered"
    store.close()
    return opened, median(samples), pct(samples, 0.99), pct(cpu, 0.99), answered / queries


def affidavit_forget(store: Any, tag: str) -> dict[int, tuple[float, float, float]]:
    """Add each forget subject's closure (1 and 10 claims) through remember; time forget
    (wall seconds, and this thread's CPU seconds), then the wait until the reaper has
    freed the text caches forget dropped (wall seconds after forget returned; waited for,
    so that work does not land in the next figure)."""
    from affidavit.text.memo import reaped

    timings: dict[int, tuple[float, float, float]] = {}
    for size, person in FORGET_SUBJECTS.items():
        who = f"{person}-{tag}"
        for j in range(size):
            claim = f"{who} filed report {j} on {1 + j % 28} March {2000 + j % 25}."
            out = store.remember(claim, claim)
            if out.status != "admitted":
                raise SystemExit(f"forget setup was not admitted ({out.reason}): {claim}")
        t, c = time.perf_counter(), time.thread_time()
        result = store.forget(who)
        returned, cpu = time.perf_counter(), time.thread_time() - c
        if not reaped(timeout=30):
            raise SystemExit("the reaper did not free the dropped text caches in 30 s")
        timings[size] = (returned - t, cpu, time.perf_counter() - returned)
        if result.status != "erased" or result.claims_erased != size:
            raise SystemExit(f"forget of {who}: {result.status}, {result.claims_erased} claims")
    return timings


def affidavit_writes(root: Path, calls: int, start: int) -> float:
    env = child_env()
    session = Session(affidavit_argv(root / "store", root / "keys"), env)
    session.handshake()
    session.call("stats")  # the store is open before the clock starts
    t = time.perf_counter()
    for i in range(start, start + calls):
        claim, evidence = fact(i)
        result = session.call("remember", claim=claim, evidence=evidence)
        if result["structuredContent"]["status"] != "admitted":
            raise SystemExit(f"MCP remember not admitted: {result['structuredContent']}")
    rate = calls / (time.perf_counter() - t)
    session.close()
    return rate


# -- peers ----------------------------------------------------------------------------------


def have_mushroomdb() -> bool:
    try:
        import mushroomdb  # noqa: F401
    except ImportError:
        return False
    return True


MUSHROOM_FIRST = """
import sys, time
import mushroomdb
db = mushroomdb.GraphDb.open(sys.argv[1])
db.recall(sys.argv[2])
print("ok")
"""


def mushroom_first(db: Path, q: str, runs: int, before: Callable[[], None] | None = None) -> float:
    samples = []
    for _ in range(runs):
        if before is not None:
            before()
        t = time.perf_counter()
        subprocess.run([sys.executable, "-c", MUSHROOM_FIRST, str(db), q], check=True,
                       capture_output=True, env=child_env())
        samples.append(time.perf_counter() - t)
    return median(samples)


def server_memory_argv() -> list[str] | None:
    given = os.environ.get("AFFIDAVIT_BENCH_SERVER_MEMORY")
    candidates = [Path(given)] if given else []
    candidates.append(HERE / "peers" / "node_modules" / "@modelcontextprotocol" / "server-memory"
                      / "dist" / "index.js")
    node = shutil.which("node")
    for c in candidates:
        if c.is_file() and node:
            return [node, str(c)]
    return None


def server_memory_file(path: Path, start: int, stop: int) -> None:
    """The reference server's JSONL memory: one entity per person, the fact as its observation."""
    with path.open("a") as fh:
        for i in range(start, stop):
            fh.write(json.dumps({"type": "entity", "name": name(i), "entityType": "person",
                                 "observations": [fact(i)[0]]}) + "\n")


# -- the run --------------------------------------------------------------------------------


@dataclass
class Row:
    metric: str
    target: str
    ours: str
    ok: bool | None = None
    peers: dict[str, str] = field(default_factory=dict)


def verdict(ok: bool | None) -> str:
    return "" if ok is None else ("MET" if ok else "MISSED")


def run(args: argparse.Namespace) -> int:
    from affidavit.logs import configure_logging
    from affidavit.store import Store

    configure_logging(level=40)
    print(f"bench/table.py: start, {load()}")
    print("verdicts on a timed row take the better of wall and this process's CPU time (a busy "
          "machine stretches wall time)")
    warm_bytecode()
    mid, big = args.mid, args.claims
    sizes = sorted({1000, mid, big})
    rows: list[Row] = []
    mush = have_mushroomdb() and not args.no_peers
    smem = server_memory_argv() if not args.no_peers else None
    print(f"peers: mushroomdb {'found' if mush else 'not installed (pip install -e .[bench])'}; "
          f"server-memory {'found' if smem else 'not found (see this file: npm install ...)'}")
    tmp = Path(tempfile.mkdtemp(prefix="affidavit-table-"))
    try:
        root = tmp / "affidavit"
        env = child_env()

        # empty store: a new store and keyring each run
        def fresh() -> None:
            shutil.rmtree(tmp / "empty", ignore_errors=True)

        listed, first = first_call(affidavit_argv(tmp / "empty" / "store", tmp / "empty" / "keys"),
                                   affidavit_recall(question(0)), args.runs, env, fresh)
        row = Row("first answered call, empty store (s)", "<= 0.5", f"{first:.2f} (tools/list {listed:.2f})",
                  first <= 0.5)
        if mush:
            empty_db = tmp / "mush-empty"
            mfirst = mushroom_first(empty_db, question(0), args.runs,
                                    lambda: shutil.rmtree(empty_db, True))
            row.peers["mushroomdb"] = f"{mfirst:.2f}"
        if smem:
            mem = tmp / "smem-empty.jsonl"
            _, sfirst = first_call(smem, lambda s: s.call("search_nodes", query=name(0)), args.runs,
                                   {**env, "MEMORY_FILE_PATH": str(mem)})
            row.peers["server-memory"] = f"{sfirst:.2f}"
        rows.append(row)

        store = Store.open(root / "store", keyring_dir=root / "keys", durability="fast")
        mdb = None
        if mush:
            import mushroomdb

            mdb = mushroomdb.GraphDb.open(str(tmp / "mush"))
        built = smem_written = 0
        forget_at: dict[int, dict[int, tuple[float, float, float]]] = {}
        mforget_at: dict[int, float] = {}
        for size in sizes:
            t = time.perf_counter()
            while built < size:
                claim, evidence = fact(built)
                out = store.remember(claim, evidence)
                if out.status != "admitted":
                    raise SystemExit(f"fact {built} not admitted ({out.reason}): {claim}")
                if mdb is not None:
                    mdb.remember(claim, about=[f"p{built}"])
                built += 1
            if smem:
                server_memory_file(tmp / "smem.jsonl", smem_written, size)
                smem_written = size
            print(f"  {size:,} claims written in {time.perf_counter() - t:.1f} s ({load()})")
            if size in (1000, big):
                forget_at[size] = affidavit_forget(store, "Alder" if size == 1000 else "Birchmore")
                if mdb is not None:
                    mdb.remember("Ingrid Solberg filed a report.", about=[f"forget{size}"])
                    t = time.perf_counter()
                    mdb.forget(key=f"forget{size}")
                    mforget_at[size] = time.perf_counter() - t
            if size == 1000:
                continue
            store.close()
            if mdb is not None:
                mdb.close()
            q = question(size // 2)
            listed, first = first_call(affidavit_argv(root / "store", root / "keys"),
                                       affidavit_recall(q), args.runs, env)
            goal = 0.8 if size <= 10_000 else 3.0
            row = Row(f"first answered call, {size:,} claims (s)", f"<= {goal}",
                      f"{first:.2f} (tools/list {listed:.2f})", first <= goal)
            if mush:
                row.peers["mushroomdb"] = f"{mushroom_first(tmp / 'mush', q, args.runs):.2f}"
            if smem:
                who = name(size // 2)

                def search(s: Session, n: str = who) -> object:
                    return s.call("search_nodes", query=n)

                smem_env = {**env, "MEMORY_FILE_PATH": str(tmp / "smem.jsonl")}
                _, sfirst = first_call(smem, search, args.runs, smem_env)
                row.peers["server-memory"] = f"{sfirst:.2f}"
            rows.append(row)
            if size == big:
                bytes_ = affidavit_bytes(root, built)
                row = Row(f"bytes on disk per claim, {size:,} claims (store + keyring)", "<= 1,500",
                          f"{bytes_.per_claim:,.0f}", bytes_.per_claim <= 1500)
                if mush:
                    row.peers["mushroomdb"] = f"{du(tmp / 'mush') / built:,.0f}"
                if smem:
                    row.peers["server-memory"] = f"{du(tmp / 'smem.jsonl') / size:,.0f}"
                rows.append(row)
                opened, p50, p99, c99, share = affidavit_recall_latency(root, built, args.queries)
                rows.append(Row(f"recall p50 / p99 in-process, {size:,} claims (ms)", "p99 <= 2",
                                f"{p50:.2f} / {p99:.2f}, CPU p99 {c99:.2f} ({share:.0%} answered; "
                                f"open {opened:.1f} s)", min(p99, c99) <= 2.0))
            store = Store.open(root / "store", keyring_dir=root / "keys", durability="fast")
            if mush:
                mdb = mushroomdb.GraphDb.open(str(tmp / "mush"))
        store.close()
        if mdb is not None:
            mdb.close()
        small, large = forget_at[1000], forget_at[big]
        for n in FORGET_SUBJECTS:
            (sw, sc, sr), (lw, lc, lr) = small[n], large[n]
            row = Row(f"forget, {n}-claim closure, 1k -> {big // 1000}k claims (ms)",
                      "<= 50 at the largest, growth < x2",
                      f"{sw * 1000:.1f} -> {lw * 1000:.1f} (x{lw / sw:.2f}); CPU {sc * 1000:.1f} -> "
                      f"{lc * 1000:.1f} (x{lc / sc:.2f}); caches freed {sr * 1000:.0f} -> "
                      f"{lr * 1000:.0f} after",
                      min(lw, lc) <= 0.050 and min(lw / sw, lc / sc) < 2)
            if n == 1 and mforget_at:
                row.peers["mushroomdb"] = (f"{mforget_at[1000] * 1000:.1f} -> "
                                           f"{mforget_at[big] * 1000:.1f}")
            rows.append(row)
        rate = affidavit_writes(root, args.write_calls, built)
        row = Row(f"writes over MCP, {big:,} claims (remember calls/s)", ">= 2x server-memory",
                  f"{rate:,.0f}")
        if smem:
            session = Session(smem, {**env, "MEMORY_FILE_PATH": str(tmp / "smem.jsonl")})
            session.handshake()
            calls = max(3, min(20, args.write_calls // 10))
            t = time.perf_counter()
            for i in range(calls):
                session.call("create_entities", entities=[{"name": f"Writer {i}", "entityType": "person",
                                                           "observations": [fact(i)[0]]}])
            srate = calls / (time.perf_counter() - t)
            session.close()
            row.peers["server-memory"] = f"{srate:,.1f}"
            row.ok = rate >= 2 * srate
        rows.append(row)
        if args.open_events:
            rows.extend(open_rows(args.open_events, args.runs))
        print_table(rows, mush, bool(smem))
        print("\nwhere the bytes go, per claim (" + f"{bytes_.claims:,} claims, after close):")
        for label, n in bytes_.parts:
            print(f"  {label:<78} {n / bytes_.claims:>8,.0f}")
        print(f"  {'total on disk (store + keyring)':<78} {bytes_.per_claim:>8,.0f}")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nbench/table.py: end, {load()}")
    return 0


def open_rows(events: int, runs: int) -> list[Row]:
    """Floor, verify and open of ``events`` synthetic events, via bench/open.py's processes."""
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_open", OPEN_BENCH)
    assert spec is not None and spec.loader is not None
    bench_open = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(bench_open)
    root = Path(tempfile.mkdtemp(prefix="affidavit-table-open-"))
    try:
        t = time.perf_counter()
        total = bench_open._run("build", root, f"{events}:3000")["events"]
        print(f"  {total:,} synthetic events built in {time.perf_counter() - t:.1f} s ({load()})")
        store, keyring = root / "store", root / "keyring"
        floor = bench_open._best("floor", store, keyring, runs)
        verify = bench_open._best("verify", store, keyring, runs)
        opened = bench_open._best("open", store, keyring, runs)
    finally:
        shutil.rmtree(root, ignore_errors=True)
    ratio, vratio = opened["seconds"] / floor["seconds"], verify["seconds"] / floor["seconds"]
    label = f"{total / 1e6:.1f}M" if total >= 1_000_000 else f"{total:,}"
    return [
        Row(f"open {label} events (verify + replay), x same-run floor", "<= 2.0",
            f"{ratio:.2f}x ({opened['seconds']:.1f} s CPU; floor {floor['seconds']:.2f} s; "
            f"verify alone {vratio:.2f}x)", ratio <= 2.0),
        Row(f"open {label} events: peak memory per event (bytes)", "linear, stated",
            f"{opened['peak_bytes'] / total:,.0f}"),
    ]


def print_table(rows: list[Row], mush: bool, smem: bool) -> None:
    peers = (["mushroomdb"] if mush else []) + (["server-memory"] if smem else [])
    head = ["measure", "target", "affidavit", "", *peers]
    print("\n| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for r in rows:
        cells = [r.metric, r.target, r.ours, verdict(r.ok), *(r.peers.get(p, "—") for p in peers)]
        print("| " + " | ".join(cells) + " |")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--claims", type=int, default=100_000, help="the largest store, in claims")
    parser.add_argument("--mid", type=int, default=10_000, help="the middle store, in claims")
    parser.add_argument("--open-events", type=int, default=1_000_000, help="0 skips the open row")
    parser.add_argument("--runs", type=int, default=3, help="fresh processes per cold-start figure")
    parser.add_argument("--queries", type=int, default=300, help="recall questions timed")
    parser.add_argument("--write-calls", type=int, default=200, help="MCP remember calls timed")
    parser.add_argument("--no-peers", action="store_true", help="skip the peers even if installed")
    args = parser.parse_args(argv)
    return run(args)


if __name__ == "__main__":
    sys.exit(main())
