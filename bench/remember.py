"""remember end to end (gate + durable commit) against the durable single-append rate.

Usage: python bench/remember.py [--n 300]

Both are measured in the same run on stores with durability "full" (WAL +
synchronous=FULL): the baseline appends one synthetic sealed claim per
transaction (no gate); remember runs the write gate, entity resolution, source
registration and the commit. Goal: remember at >= 70% of the single-append rate.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from affidavit.gates.write import decide_write
from affidavit.store import Store
from affidavit.testing import append_synthetic, synthetic_name

ORGS = ["Harbor Bank", "Kestrel Labs", "Alder Medical", "Redfern Mills", "Lumen Ridge"]


def claims(n: int) -> list[tuple[str, str]]:
    out = []
    for i in range(n):
        name, org = synthetic_name(i), ORGS[i % len(ORGS)]
        claim = f"{name} works for {org}."
        evidence = f"{name} works for {org} in Leeds as an analyst. The office opened in 2011."
        out.append((claim, evidence))
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=300)
    args = parser.parse_args()
    items = claims(args.n)
    with tempfile.TemporaryDirectory() as tmp:
        base = Store.open(Path(tmp) / "a", keyring_dir=Path(tmp) / "ka")
        start = time.perf_counter()
        append_synthetic(base, args.n, subjects=args.n, batch=1)
        append_rate = args.n / (time.perf_counter() - start)
        base.close()

        store = Store.open(Path(tmp) / "b", keyring_dir=Path(tmp) / "kb")
        start = time.perf_counter()
        admitted = sum(store.remember(c, e).status == "admitted" for c, e in items)
        remember_rate = args.n / (time.perf_counter() - start)
        store.close()

    gate = []
    for claim, evidence in items[:100]:
        t = time.perf_counter()
        decide_write(claim, evidence)
        gate.append((time.perf_counter() - t) * 1e6)
    print(f"durable single appends (no gate):  {append_rate:8.0f} /s")
    print(f"remember end to end (durable):     {remember_rate:8.0f} /s  "
          f"({admitted}/{args.n} admitted)")
    print(f"ratio remember / single append:    {remember_rate / append_rate:8.2f}   goal >= 0.70")
    print(f"write gate median (short evidence): {statistics.median(gate):7.0f} µs")


if __name__ == "__main__":
    main()
