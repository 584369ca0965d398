"""Forget latency: proportional to the closure, not to the store.

Usage: python bench/forget.py [--store-claims 100000]

Builds a store of N synthetic claims (``affidavit.testing.append_synthetic``,
written in batches through the one sealed write path), then adds, through real
``remember`` calls, one subject with 10 claims and one with 1,000, and times
``forget`` for each (closure, events, key shredding, probes, certificate). The
same two subjects are also timed in a store of 1,000 claims, so the ratio shows
whether store size matters.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

from affidavit.identity import Identity
from affidavit.store import Store
from affidavit.testing import append_synthetic

SUBJECTS = {"Ingrid Solberg": 10, "Teodor Vance": 1000}


def build(root: Path, store_claims: int) -> Store:
    store = Store.open(root / "store", keyring_dir=root / "keyring", identity=Identity(),
                       durability="normal")
    append_synthetic(store, store_claims, subjects=max(1, store_claims // 100), batch=1000)
    for name, count in SUBJECTS.items():
        for i in range(count):
            claim = f"{name} filed report {i} on {1 + i % 28} March {2000 + i % 25}."
            out = store.remember(claim, claim)
            if out.status != "admitted":
                raise SystemExit(f"setup claim {i} was not admitted: {out.reason}")
    return store


def time_forget(store: Store, name: str) -> tuple[float, int]:
    start = time.perf_counter()
    out = store.forget(name)
    elapsed = time.perf_counter() - start
    if out.status != "erased":
        raise SystemExit(f"forget did not erase: {out.status}")
    return elapsed, out.claims_erased


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--store-claims", type=int, default=100_000)
    args = parser.parse_args()
    results: dict[int, dict[str, tuple[float, int]]] = {}
    for size in (1_000, args.store_claims):
        with tempfile.TemporaryDirectory() as tmp:
            t0 = time.perf_counter()
            store = build(Path(tmp), size)
            print(f"store of {size:,} synthetic claims (+{sum(SUBJECTS.values())} real) built in "
                  f"{time.perf_counter() - t0:.1f}s")
            results[size] = {name: time_forget(store, name) for name in SUBJECTS}
            store.close()
        for secs, erased in results[size].values():
            print(f"  forget, closure {erased:>5} claims: {secs * 1000:8.1f} ms "
                  f"({secs * 1e6 / max(erased, 1):7.0f} us/claim)")
    small, big = results[1_000], results[args.store_claims]
    names = list(SUBJECTS)
    closure_ratio = big[names[1]][0] / big[names[0]][0]
    print(f"closure 1000 vs 10 in the {args.store_claims:,}-claim store: x{closure_ratio:.1f} "
          f"(closure grew x100)")
    for name in names:
        print(f"store {args.store_claims:,} vs 1,000, closure {SUBJECTS[name]}: "
              f"x{big[name][0] / small[name][0]:.2f} (store grew x{args.store_claims // 1000})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
