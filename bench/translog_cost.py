"""Extra cost per ledger event of keeping a CompactTree during replay.

Run: python bench/translog_cost.py [n]

Baseline: a loop that computes SHA-256 of each 32-byte event hash (what replay
already does per event, roughly). Measured: the same loop plus
``CompactTree.append``. Prints µs/event for both and the difference; the
budget is under 3 µs/event extra. Best of several runs to damp scheduler noise.
"""

from __future__ import annotations

import hashlib
import random
import sys
import time

from affidavit.translog import CompactTree, leaf_hash, mth

BUDGET_US = 3.0
RUNS = 5


def _baseline(events: list[bytes]) -> float:
    sha256 = hashlib.sha256
    start = time.perf_counter()
    for e in events:
        sha256(e).digest()
    return time.perf_counter() - start


def _with_tree(events: list[bytes]) -> tuple[float, bytes]:
    sha256 = hashlib.sha256
    tree = CompactTree()
    append = tree.append
    start = time.perf_counter()
    for e in events:
        sha256(e).digest()
        append(e)
    elapsed = time.perf_counter() - start
    return elapsed, tree.root()


def main() -> int:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100_000
    rng = random.Random(9162)
    events = [rng.randbytes(32) for _ in range(n)]
    base = min(_baseline(events) for _ in range(RUNS))
    timed = [_with_tree(events) for _ in range(RUNS)]
    tree_time = min(t for t, _ in timed)
    root = timed[0][1]
    start = time.perf_counter()
    expected = mth([leaf_hash(e) for e in events])
    full_rebuild = time.perf_counter() - start
    if root != expected:
        print("MISMATCH: CompactTree root differs from mth()")
        return 1
    base_us = base / n * 1e6
    tree_us = tree_time / n * 1e6
    extra = tree_us - base_us
    print(f"events                 {n}")
    print(f"baseline sha256 only   {base_us:.3f} us/event")
    print(f"sha256 + CompactTree   {tree_us:.3f} us/event")
    print(f"extra per event        {extra:.3f} us (budget {BUDGET_US} us)")
    print(f"ratio                  {tree_us / base_us:.2f}x")
    print(f"mth() full rebuild     {full_rebuild / n * 1e6:.3f} us/leaf (for comparison)")
    print("OK" if extra < BUDGET_US else "OVER BUDGET")
    return 0 if extra < BUDGET_US else 1


if __name__ == "__main__":
    raise SystemExit(main())
