"""Recall latency at 1k, 10k and 100k stored claims, side by side.

Usage: python bench/recall.py [--sizes 1000 10000 100000] [--queries 300]

Each store is built with affidavit.testing.append_synthetic (realistic sealed
claims about up to 8,000 people), then timed with answerable and must-abstain
questions about random known subjects. Prints p50 / p99 per size and the growth
ratio against the smallest size; the goal is p99 under 5 ms at 100k claims and
growth no worse than logarithmic.
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

QUESTIONS = [
    ("Where does {name} live?", "answer-or-abstain"),
    ("Where does {name} work?", "answer-or-abstain"),
    ("What is {name}'s salary?", "abstain"),
    ("What dose of warfarin does {name} take?", "answer-or-abstain"),
]


def measure(size: int, queries: int, seed: int) -> dict[str, float]:
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "s", keyring_dir=Path(tmp) / "k", durability="fast")
        subjects = min(8000, max(50, size // 12))
        append_synthetic(store, size, subjects=subjects, batch=2000, seed=seed)
        rng = random.Random(seed)
        samples, answered = [], 0
        for _ in range(queries):
            template, _ = rng.choice(QUESTIONS)
            question = template.format(name=synthetic_name(rng.randrange(subjects)))
            start = time.perf_counter()
            out = store.recall(question)
            samples.append((time.perf_counter() - start) * 1000)
            answered += out.status == "answered"
        store.close()
    samples.sort()
    return {
        "p50": statistics.median(samples),
        "p99": samples[min(len(samples) - 1, int(len(samples) * 0.99))],
        "answered": answered / queries,
    }


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1000, 10_000, 100_000])
    parser.add_argument("--queries", type=int, default=300)
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args()
    print(f"recall latency, {args.queries} questions per size (seed {args.seed})")
    print(f"{'claims':>8} {'p50 ms':>8} {'p99 ms':>8} {'answered':>9} {'p50 vs first':>13}")
    first = None
    for size in args.sizes:
        r = measure(size, args.queries, args.seed)
        first = first or r["p50"]
        print(f"{size:>8} {r['p50']:>8.3f} {r['p99']:>8.3f} {r['answered']:>9.0%} "
              f"{r['p50'] / first:>12.2f}x")


if __name__ == "__main__":
    main()
