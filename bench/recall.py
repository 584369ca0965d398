"""Recall latency at 1k, 10k and 100k stored claims, side by side, single- and two-hop.

Usage: python bench/recall.py [--sizes 1000 10000 100000] [--queries 300]

Each store is built with affidavit.testing.append_synthetic (realistic sealed
claims about up to 8,000 people, each working for or managing one of ten
organisations, so every organisation is named by ~1/25 of all claims), plus one
admitted claim per organisation saying where it is based. It is then timed with
answerable and must-abstain questions about random known subjects: single-hop
("Where does X live?") and two-hop through the organisation ("Where is the company
X works for based?", "Who founded the company that employs X?"). Prints p50 / p99
per size and kind and the p99 growth against the smallest size; the goal is p99
under 5 ms at 100k claims (2 ms single-hop) and growth no worse than logarithmic.
"""

from __future__ import annotations

import argparse
import random
import statistics
import tempfile
import time
from pathlib import Path

from affidavit.store import Store
from affidavit.testing import append_synthetic, synthetic_name

SINGLE = [
    "Where does {name} live?",
    "Where does {name} work?",
    "What is {name}'s salary?",
    "What dose of warfarin does {name} take?",
]
TWO_HOP = [
    "Where is the company {name} works for based?",
    "Where is the company that employs {name} based?",
    "Who founded the company that employs {name}?",
]
ORGS = ["Harbor Bank", "Kestrel Labs", "Alder Medical", "Redfern Mills", "Quarry Lane Software",
        "Saltmarsh Energy", "Pinecrest Bank", "Lumen Ridge", "Vantor Systems",
        "Tallgrass Instruments"]
CITIES = ["Leeds", "Bradford", "Cork", "Kobe", "Oslo", "Rabat", "Lyon", "Porto", "Graz", "Turku"]


def _time(store: Store, forms: list[str], queries: int, subjects: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    samples, cpu = [], []
    answered = 0
    for _ in range(queries):
        question = rng.choice(forms).format(name=synthetic_name(rng.randrange(subjects)))
        start, start_cpu = time.perf_counter(), time.thread_time()
        out = store.recall(question)
        cpu.append((time.thread_time() - start_cpu) * 1000)
        samples.append((time.perf_counter() - start) * 1000)
        answered += out.status == "answered"
    samples.sort()
    cpu.sort()
    at99 = min(len(samples) - 1, int(len(samples) * 0.99))
    return [statistics.median(samples), samples[at99], answered / queries,
            statistics.median(cpu), cpu[at99]]


def measure(size: int, queries: int, seed: int) -> dict[str, list[float]]:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "s", keyring_dir=Path(tmp) / "k", durability="fast")
        subjects = min(8000, max(50, size // 12))
        append_synthetic(store, size - len(ORGS), subjects=subjects, batch=2000, seed=seed)
        for org, city in zip(ORGS, CITIES, strict=True):
            text = f"{org} is based in {city}."
            store.remember(text, f"Company register: {text}")
        _time(store, SINGLE + TWO_HOP, 50, subjects, seed + 1)  # warm the caches alike
        out = {
            "single": _time(store, SINGLE, queries, subjects, seed),
            "two-hop": _time(store, TWO_HOP, queries, subjects, seed),
        }
        store.close()
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"recall latency, {args.queries} questions per size and kind (seed {args.seed});")
    print("wall clock, and CPU time of the calling thread (less sensitive to a busy machine)")
    print(f"{'claims':>8} {'kind':>8} {'p50 ms':>8} {'p99 ms':>8} {'cpu p50':>8} {'cpu p99':>8} "
          f"{'answered':>9} {'p99 vs first':>13}")
    first: dict[str, float] = {}
    for size in args.sizes:
        for kind, (p50, p99, answered, c50, c99) in measure(size, args.queries, args.seed).items():
            first.setdefault(kind, p99)
            print(f"{size:>8} {kind:>8} {p50:>8.3f} {p99:>8.3f} {c50:>8.3f} {c99:>8.3f} "
                  f"{answered:>9.0%} {p99 / first[kind]:>12.2f}x")


if __name__ == "__main__":
    main()
