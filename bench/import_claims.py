"""Bulk import throughput against single remembers, in the same run.

Usage: python bench/import_claims.py [--n 600] [--batch 200]

Both stores have durability "full". Single remembers commit (and fsync) once per
claim; the import decides every line through the same gate, one transaction per
line, but syncs the ledger once per ``--batch`` written lines (group commit). The
same claims go to both; the figures are claims per second and their ratio.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from pathlib import Path

from affidavit.store import Store
from affidavit.testing import synthetic_name

ORGS = ["Harbor Bank", "Kestrel Labs", "Alder Medical", "Redfern Mills", "Lumen Ridge"]


def lines(n: int) -> list[dict[str, object]]:
    out: list[dict[str, object]] = []
    for i in range(n):
        name, org = synthetic_name(i), ORGS[i % len(ORGS)]
        out.append({"claim": f"{name} works for {org}.",
                    "evidence": f"{name} works for {org} in Leeds as an analyst. "
                                "The office opened in 2011."})
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--n", type=int, default=600)
    parser.add_argument("--batch", type=int, default=200)
    args = parser.parse_args()
    items = lines(args.n)
    with tempfile.TemporaryDirectory() as tmp:
        single = Store.open(Path(tmp) / "single", keyring_dir=Path(tmp) / "k1")
        start = time.perf_counter()
        admitted_single = sum(single.remember(**i).status == "admitted"  # type: ignore[arg-type]
                              for i in items)
        single_rate = args.n / (time.perf_counter() - start)
        single.close()

        bulk = Store.open(Path(tmp) / "bulk", keyring_dir=Path(tmp) / "k2")
        start = time.perf_counter()
        report = bulk.import_claims(items, batch_size=args.batch)
        import_rate = args.n / (time.perf_counter() - start)
        bulk.close()

    print(f"single remembers (durable each):   {single_rate:8.0f} claims/s  "
          f"({admitted_single}/{args.n} admitted)")
    print(f"import (sync every {args.batch:>4} lines):   {import_rate:8.0f} claims/s  "
          f"({report.counts['admitted']}/{args.n} admitted, {report.syncs} syncs)")
    print(f"ratio import / single remember:    {import_rate / single_rate:8.1f}x")


if __name__ == "__main__":
    main()
