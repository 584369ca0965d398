"""Cold start to the first answered call over MCP, against floors measured in the same run.

    python bench/coldstart.py                             # an empty store and 10k claims
    python bench/coldstart.py --claims 0 10000 20000 --runs 7
    python bench/coldstart.py --baseline OTHER/.venv/bin/python   # another install, interleaved

For each store size (0 is a new store, made afresh for every run), over ``--runs`` fresh
``python -m affidavit serve`` processes, medians of:

* tools/list: process start to the ``tools/list`` answer (it must stay immediate);
* first recall: process start to the answer of the first ``recall`` (an abstention on
  an empty store, an answer otherwise), the issue-17 figure;
* CPU: the server process's user + system time for the whole session, which a busy
  machine disturbs less than wall time (another process's load stretches wall times:
  read the ratios first; the load average is printed at the start and the end).

Floors, same run: the interpreter alone (``python -c pass``), and ``import affidavit.cli``
(what any command imports before it parses its arguments).

Then one in-process breakdown per size, in a fresh process each: the server's imports,
``Store.open`` (create or verify + replay), the pinned lexical resources
(``affidavit.text.pinned.load_pinned``, which the server loads on a thread beside the
open) and the recall once they are loaded.

``--baseline PYTHON`` runs the same sessions with another installation's interpreter
(say, a checkout of an earlier commit with its own venv), alternating with this one run by
run so both see the same machine, and prints the ratios this/baseline.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from workload import fact, question

BREAKDOWN = r"""
import json, sys, time
clock = time.perf_counter
marks = {}
t = clock()
import affidavit.cli, affidavit.cli.serve, affidavit.api, affidavit.mcp.server
marks["server imports"] = clock() - t
t = clock()
from affidavit.store import Store
marks["store imports"] = clock() - t
from affidavit.logs import configure_logging
configure_logging(level=40)
t = clock()
store = Store.open(sys.argv[1], keyring_dir=sys.argv[2])
marks["Store.open"] = clock() - t
t = clock()
from affidavit.text.pinned import load_pinned
load_pinned()
marks["pinned lexical resources"] = clock() - t
t = clock()
status = store.recall(sys.argv[3]).status
marks["recall (" + status + ")"] = clock() - t
store.close()
print(json.dumps(marks))
"""

Sample = tuple[float, float, float, str]  # tools/list s, first recall s, CPU s, recall status


def load() -> str:
    one, five, _ = os.getloadavg()
    return f"load average {one:.2f} (1 min), {five:.2f} (5 min) on {os.cpu_count()} cores"


def child_env() -> dict[str, str]:
    """Byte-code written and read, as after a pip install."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def request(proc: subprocess.Popen[bytes], rid: int, method: str,
            params: dict[str, Any] | None = None) -> dict[str, Any]:
    assert proc.stdin is not None and proc.stdout is not None
    message = {"jsonrpc": "2.0", "id": rid, "method": method, "params": params or {}}
    proc.stdin.write(json.dumps(message).encode() + b"\n")
    proc.stdin.flush()
    while True:
        line = proc.stdout.readline()
        if not line:
            raise RuntimeError(f"{method}: the server closed its output")
        reply: dict[str, Any] = json.loads(line)
        if reply.get("id") == rid:
            if "error" in reply:
                raise RuntimeError(f"{method}: {reply['error']}")
            return reply


def session(python: str, store: Path, keys: Path, q: str) -> Sample:
    """(tools/list s, first recall s, process CPU s, recall status) of one fresh server."""
    cpu = children_cpu()
    started = time.perf_counter()
    proc = subprocess.Popen([python, "-m", "affidavit", "serve", "--store", str(store),
                             "--keyring-dir", str(keys)], stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, env=child_env())
    request(proc, 1, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                    "clientInfo": {"name": "bench", "version": "0"}})
    assert proc.stdin is not None
    proc.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    proc.stdin.flush()
    request(proc, 2, "tools/list")
    listed = time.perf_counter() - started
    reply = request(proc, 3, "tools/call", {"name": "recall", "arguments": {"query": q}})
    answered = time.perf_counter() - started
    proc.stdin.close()
    proc.wait()
    result = reply["result"]
    if result.get("isError"):
        raise RuntimeError(f"recall failed: {result}")
    return listed, answered, children_cpu() - cpu, result["structuredContent"]["status"]


def floor(python: str, code: str, runs: int) -> float:
    samples = []
    for _ in range(runs):
        started = time.perf_counter()
        subprocess.run([python, "-c", code], check=True, env=child_env())
        samples.append(time.perf_counter() - started)
    return statistics.median(samples)


def build(root: Path, claims: int) -> None:
    from affidavit.logs import configure_logging
    from affidavit.store import Store

    configure_logging(level=40)
    store = Store.open(root / "store", keyring_dir=root / "keys", durability="fast")
    started = time.perf_counter()
    for i in range(claims):
        claim, evidence = fact(i)
        if store.remember(claim, evidence).status != "admitted":
            raise SystemExit(f"fact {i} not admitted: {claim}")
    store.close()
    print(f"  {claims:,} claims written in {time.perf_counter() - started:.1f} s ({load()})")


def figures(samples: list[Sample]) -> tuple[float, float, float]:
    """Medians of tools/list, first recall and CPU seconds."""
    return (statistics.median(s[0] for s in samples), statistics.median(s[1] for s in samples),
            statistics.median(s[2] for s in samples))


def run(args: argparse.Namespace) -> int:
    print(f"bench/coldstart.py: start, {load()}")
    pythons = {"this": sys.executable}
    if args.baseline:
        pythons["baseline"] = args.baseline
    warm = "import affidavit.cli.serve, affidavit.store, affidavit.api, affidavit.mcp.server"
    for python in pythons.values():  # compile byte-code once, outside the timings
        subprocess.run([python, "-c", warm], check=True, env=child_env())
    print("floors (median of runs, s): " + "; ".join(
        f"{name}: interpreter {floor(python, 'pass', args.runs):.3f}, "
        f"import affidavit.cli {floor(python, 'import affidavit.cli', args.runs):.3f}"
        for name, python in pythons.items()))
    tmp = Path(tempfile.mkdtemp(prefix="affidavit-coldstart-"))
    try:
        for claims in args.claims:
            root = tmp / f"s{claims}"
            if claims:
                build(root, claims)
            q = question(claims // 2) if claims else question(0)
            got: dict[str, list[Sample]] = {n: [] for n in pythons}
            order = list(pythons)
            for i in range(args.runs):
                for name in order if i % 2 == 0 else order[::-1]:  # alternate who goes first
                    if not claims:
                        shutil.rmtree(root, ignore_errors=True)
                    got[name].append(session(pythons[name], root / "store", root / "keys", q))
            label = f"{claims:,} claims" if claims else "empty store (new each run)"
            print(f"\nfirst answered call, {label}: median of {args.runs} ({load()})")
            for name, samples in got.items():
                listed, answered, cpu = figures(samples)
                print(f"  {name:<8} tools/list {listed:.3f} s   first recall {answered:.3f} s "
                      f"({samples[-1][3]})   process CPU {cpu:.3f} s")
            if "baseline" in got:
                (tl, ta, tc), (bl, ba, bc) = figures(got["this"]), figures(got["baseline"])
                print(f"  this/baseline: tools/list x{tl / bl:.2f}, first recall x{ta / ba:.2f}, "
                      f"CPU x{tc / bc:.2f}")
            if not claims:
                shutil.rmtree(root, ignore_errors=True)
            out = subprocess.run([sys.executable, "-c", BREAKDOWN, str(root / "store"),
                                  str(root / "keys"), q], check=True, capture_output=True,
                                 text=True, env=child_env())
            marks = json.loads(out.stdout)
            total = sum(marks.values())
            print("  in one process, one after another (this install): " + ", ".join(
                f"{k} {v:.3f} s" for k, v in marks.items()) + f"; sum {total:.3f} s")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(f"\nbench/coldstart.py: end, {load()}")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--claims", type=int, nargs="+", default=[0, 10_000],
                        help="store sizes in claims (0: a new, empty store)")
    parser.add_argument("--runs", type=int, default=5, help="fresh server processes per figure")
    parser.add_argument("--baseline", metavar="PYTHON",
                        help="another installation's interpreter, measured interleaved")
    return run(parser.parse_args(argv))


if __name__ == "__main__":
    sys.exit(main())
