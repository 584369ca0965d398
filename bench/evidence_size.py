"""How one write-gate decision grows with the evidence's length.

    python bench/evidence_size.py [--sizes 1 4 16 64 190]   # the gate takes up to 200,000 characters

Three shapes of evidence, each built to about N KB from lines of its register, with the
claim about one line in the middle: prose (distinct sentences, one naming the subject), a
CV (job lines under one profile, the hard case for the second readings) and a chat log
(labelled lines). Every text-keyed cache is cleared before each timed decision, as for a new
evidence. Prints the median of ``--runs`` decisions per size and the ratio of time per KB
to the smallest size's, measured in this run: near 1.0 means linear growth.
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable

from affidavit.gates.write import decide_write, text_caches

TOWNS = ("Lugo", "Vigo", "Ourense", "Liepāja", "Cēsis", "Samarkand", "Bukhara", "Mthatha")


def prose(kb: int) -> tuple[str, str]:
    lines = []
    i = 0
    while sum(len(x) + 1 for x in lines) < kb * 1024:
        town = TOWNS[i % len(TOWNS)]
        lines.append(f"The committee in {town} met on day {i} and discussed item {i} of the agenda.")
        i += 1
    lines.insert(len(lines) // 2, "Uxía Pazos signed the Vigo harbour lease on 3 May.")
    return " ".join(lines), "Uxía Pazos signed the Vigo harbour lease."


def cv(kb: int) -> tuple[str, str]:
    lines = ["Uxía Pazos — CV"]
    i = 0
    while sum(len(x) + 1 for x in lines) < kb * 1024:
        year = 1900 + i % 120
        lines.append(f"{year}–{year + 1}: Analyst, {TOWNS[i % len(TOWNS)]} Freight {i}, {TOWNS[(i + 3) % 8]}")
        i += 1
    lines.insert(len(lines) // 2, "2019–present: Data engineer, Mareiras Loxística, Vigo")
    return "\n".join(lines), "Uxía Pazos has worked at Mareiras Loxística since 2019."


def chat(kb: int) -> tuple[str, str]:
    lines = []
    i = 0
    while sum(len(x) + 1 for x in lines) < kb * 1024:
        lines.append(f"[{i % 24:02d}:{i % 60:02d}] sione: the {TOWNS[i % 8]} van is back at depot {i} now")
        i += 1
    lines.insert(len(lines) // 2, "[12:00] mele fifita: I booked the Nukuʻalofa hall for 14 June")
    return "\n".join(lines), "Mele Fifita booked the Nukuʻalofa hall for 14 June."


SHAPES: dict[str, Callable[[int], tuple[str, str]]] = {"prose": prose, "cv": cv, "chat": chat}


def decision_seconds(claim: str, evidence: str, runs: int) -> float:
    decide_write(claim, evidence)  # warm word-keyed caches, as a long-lived store has them
    samples = []
    for _ in range(runs):
        for cache in text_caches():
            cache.live().cache_clear()
        t0 = time.perf_counter()
        decide_write(claim, evidence)
        samples.append(time.perf_counter() - t0)
    return statistics.median(samples)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--sizes", type=int, nargs="+", default=[1, 4, 16, 64, 190])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    print(f"{'shape':<6} {'KB':>5} {'verdict':<8} {'median s':>9} {'s per KB':>9} {'x smallest':>10}")
    for name, build in SHAPES.items():
        base: float | None = None
        for kb in args.sizes:
            evidence, claim = build(kb)
            seconds = decision_seconds(claim, evidence, args.runs)
            verdict = decide_write(claim, evidence).verdict
            per_kb = seconds / (len(evidence.encode()) / 1024)
            base = per_kb if base is None else base
            print(f"{name:<6} {kb:>5} {verdict:<8} {seconds:>9.3f} {per_kb:>9.4f} {per_kb / base:>10.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
