"""MCP stdio throughput and cold start.

Spawns ``affidavit serve --store <tmpdir>`` and prints, over one stdio session,
sequential remember and recall calls per second at 1k and 10k stored claims,
and the cold start (process start to the first tools/list answer).

    python bench/mcp.py                 # the real server
    python bench/mcp.py --fake          # the test fake (checks the harness only)
    python bench/mcp.py --sizes 1000 --calls 100
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
import time
from pathlib import Path
from typing import Any

from workload import fact, name


def server_argv(store: Path, fake: bool) -> list[str]:
    if fake:
        tests = Path(__file__).resolve().parent.parent / "tests"
        code = f"import sys; sys.path.insert(0, {str(tests)!r}); import fake_backend; fake_backend.main()"
        return [sys.executable, "-c", code]
    exe = shutil.which("affidavit")
    base = [exe] if exe else [sys.executable, "-m", "affidavit"]
    return [*base, "serve", "--store", str(store)]


class Session:
    def __init__(self, argv: list[str]) -> None:
        env = dict(os.environ)
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=env
        )
        self.next_id = 0

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.next_id += 1
        message = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}
        self.proc.stdin.write(json.dumps(message).encode() + b"\n")
        self.proc.stdin.flush()
        reply = json.loads(self.proc.stdout.readline())
        if "error" in reply:
            raise RuntimeError(f"{method}: {reply['error']}")
        return reply["result"]

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        return self.request("tools/call", {"name": tool, "arguments": arguments})

    def handshake(self) -> None:
        self.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}})
        assert self.proc.stdin is not None
        self.proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
        self.request("tools/list")

    def close(self) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        self.proc.wait()


def cold_start_ms(store: Path, fake: bool, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        session = Session(server_argv(store, fake))
        session.handshake()
        samples.append((time.perf_counter() - started) * 1000)
        session.close()
    return statistics.median(samples)


def ready_ms(store: Path, fake: bool, runs: int) -> float:
    """Process start to the first answered tool call: includes verifying and replaying."""
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        session = Session(server_argv(store, fake))
        session.handshake()
        session.call("stats")
        samples.append((time.perf_counter() - started) * 1000)
        session.close()
    return statistics.median(samples)


def in_process_remember_rate(tmp: Path, calls: int) -> float:
    """Durable remember calls/s in this process on a fresh store (the MCP baseline)."""
    from affidavit.store import Store

    store = Store.open(tmp / "inproc", keyring_dir=tmp / "inproc-keys")
    started = time.perf_counter()
    for i in range(calls):
        claim, evidence = fact(10_000_000 + i)
        store.remember(claim, evidence)
    seconds = time.perf_counter() - started
    store.close()
    return rate(calls, seconds)


def bulk_fill(store: Path, events: int) -> int:
    """Append realistic synthetic events to the store (keyring under the bench's root)."""
    from affidavit.store import Store
    from affidavit.testing import append_synthetic

    opened = Store.open(store, durability="fast")
    append_synthetic(opened, events, subjects=3000, batch=5000)
    head = opened.head_seq
    opened.close()
    return head


def rate(count: int, seconds: float) -> float:
    return count / seconds if seconds > 0 else float("inf")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fake", action="store_true", help="serve the test fake backend")
    parser.add_argument("--sizes", default="1000,10000", help="stored-claim counts to measure at")
    parser.add_argument("--calls", type=int, default=200, help="timed calls per measurement")
    parser.add_argument("--cold-runs", type=int, default=3)
    parser.add_argument("--bulk-events", type=int, default=100_000,
                        help="synthetic events added before the last cold start (0: none)")
    args = parser.parse_args(argv)
    sizes = sorted(int(s) for s in args.sizes.split(","))

    with tempfile.TemporaryDirectory(prefix="affidavit-bench-") as tmp:
        store = Path(tmp) / "store"
        # Keyrings stay in the bench's temporary directory, never in the user's home.
        os.environ["AFFIDAVIT_KEYRING_DIR"] = str(Path(tmp) / "keyrings")
        print(f"server: {'fake backend' if args.fake else 'affidavit serve'}")
        print(
            f"cold start (empty store, median of {args.cold_runs}): "
            f"{cold_start_ms(store, args.fake, args.cold_runs):.1f} ms"
        )
        session = Session(server_argv(store, args.fake))
        session.handshake()
        stored, admitted = 0, 0
        for size in sizes:
            while stored < size:  # fill untimed
                claim, evidence = fact(stored)
                admitted += (
                    session.call("remember", claim=claim, evidence=evidence)["structuredContent"]["status"]
                    == "admitted"
                )
                stored += 1
            started = time.perf_counter()
            for i in range(stored, stored + args.calls):
                claim, evidence = fact(i)
                result = session.call("remember", claim=claim, evidence=evidence)
                admitted += result["structuredContent"]["status"] == "admitted"
            remember_s = time.perf_counter() - started
            stored += args.calls
            started = time.perf_counter()
            answered = 0
            for i in range(args.calls):
                person = name((i * 7919) % stored)
                result = session.call("recall", query=f"Where was {person} born?")
                answered += result["structuredContent"]["status"] == "answered"
            recall_s = time.perf_counter() - started
            print(
                f"claims={size:>6}: remember {rate(args.calls, remember_s):8.1f} calls/s, "
                f"recall {rate(args.calls, recall_s):8.1f} calls/s "
                f"(recall answered {answered}/{args.calls}; admitted {admitted}/{stored} so far)"
            )
        session.close()
        cold = cold_start_ms(store, args.fake, args.cold_runs)
        print(f"cold start (store with {stored} claims, median of {args.cold_runs}): {cold:.1f} ms")
        if not args.fake:
            inproc = in_process_remember_rate(Path(tmp), args.calls)
            print(f"in-process durable remember: {inproc:8.1f} calls/s (baseline for the MCP rate)")
        if not args.fake and args.bulk_events:
            head = bulk_fill(store, args.bulk_events)
            print(f"store now holds {head} events")
            print(f"cold start to tools/list ({head} events): "
                  f"{cold_start_ms(store, args.fake, args.cold_runs):.1f} ms")
            print(f"start to first answered tool call ({head} events, verify + replay): "
                  f"{ready_ms(store, args.fake, args.cold_runs):.1f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
