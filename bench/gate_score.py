"""Score the write gate against the evaluation corpus.

Reads ``gate.jsonl`` (and ``store.jsonl``, ``erasure.jsonl``) from
``$AFFIDAVIT_EVAL_DIR`` or ``../shared/eval/dev/`` relative to the repository
root, and prints the false-admission rate (refuse-labelled items admitted: the
safety number), the false-refusal rate, reason agreement, a per-category table,
and the median decision time for about 1 KB of evidence (repeated filler, and
filler with no repeated sentence; every text-keyed cache is cleared per sample).

    python bench/gate_score.py [--verbose]
"""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections import defaultdict
from pathlib import Path

from affidavit.gates.write import RESOLVER_VERSION, decide_write, text_caches

ROOT = Path(__file__).resolve().parent.parent
ADMITTED = ("ACCEPT", "RESCUE")


def eval_dir() -> Path:
    override = os.environ.get("AFFIDAVIT_EVAL_DIR")
    return Path(override) if override else ROOT.parent / "shared" / "eval" / "dev"


def load(name: str) -> list[dict]:
    path = eval_dir() / name
    if not path.exists():
        return []
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line]


def score_gate(items: list[dict], verbose: bool) -> None:
    refuse = [i for i in items if i["label"] == "refuse"]
    admit = [i for i in items if i["label"] == "admit"]
    false_adm, false_ref, agree = 0, 0, 0
    table: dict[str, list[int]] = defaultdict(lambda: [0, 0])
    for item in items:
        d = decide_write(item["claim"], item["evidence"])
        admitted = d.verdict in ADMITTED
        ok = admitted == (item["label"] == "admit")
        code = d.refusal.code if d.refusal else None
        if item["label"] == "refuse":
            false_adm += admitted
            agree += code == item["reason"]
        else:
            false_ref += not admitted
        key = f"{item['label']}:{item['category']}"
        table[key][0] += ok
        table[key][1] += 1
        if verbose and (not ok or (item["label"] == "refuse" and code != item["reason"])):
            print(
                f"  {item['id']} want={item['label']}/{item['reason']} got={d.verdict}/{code}"
                f" term={d.refusal.term if d.refusal else None!r}"
            )
    print(f"resolver: {RESOLVER_VERSION}")
    print(f"items: {len(items)} (admit {len(admit)}, refuse {len(refuse)})")
    print(f"false-admission rate: {false_adm}/{len(refuse)} = {false_adm / max(len(refuse), 1):.1%}")
    print(f"false-refusal rate:   {false_ref}/{len(admit)} = {false_ref / max(len(admit), 1):.1%}")
    print(f"reason agreement:     {agree}/{len(refuse)} = {agree / max(len(refuse), 1):.1%}")
    print("per category (correct/total):")
    for key in sorted(table):
        good, total = table[key]
        print(f"  {key:<40} {good}/{total}")


def score_must_admit(verbose: bool = False) -> None:
    """How many store and erasure claims the gate admits; each one it does not is printed
    (its text) only with ``--verbose``, so a held-out corpus can be scored in aggregate."""
    claims = [(c["claim"], c["evidence"]) for c in load("store.jsonl")]
    for scenario in load("erasure.jsonl"):
        claims += [(c["claim"], c["evidence"]) for c in scenario["claims_to_load"]]
    admitted = 0
    for claim, evidence in claims:
        d = decide_write(claim, evidence)
        if d.verdict in ADMITTED:
            admitted += 1
        elif verbose:
            code = d.refusal.code if d.refusal else None
            print(f"  NOT ADMITTED: {claim!r} -> {d.verdict}/{code}")
    print(f"store+erasure claims admitted: {admitted}/{len(claims)}")


def time_decisions(items: list[dict]) -> None:
    """Median time for one decision over ~1 KB of evidence (filler sentences around the span)."""
    filler = (
        "The committee met on a Tuesday and discussed the agenda at length. "
        "Several members asked for more detail on the budget lines. "
    )
    samples: list[float] = []
    for item in items:
        evidence = filler * 4 + item["evidence"] + " " + filler * 3
        evidence = evidence[: max(1024, len(item["evidence"]))]
        if item["evidence"] not in evidence:
            evidence = filler * 3 + item["evidence"]
        decide_write(item["claim"], evidence)  # warm caches as a long-lived store would
        for _ in range(5):
            # Text-keyed caches would make a repeated evidence free; a new evidence
            # is the honest case. Word-keyed caches (lemmas) stay warm, as in a server.
            # Each memo's live lru_cache is cleared in place: handed to the reaper, the
            # old entries would be freed by another thread around the timed decision.
            for cache in text_caches():
                cache.live().cache_clear()
            t0 = time.perf_counter()
            decide_write(item["claim"], evidence)
            samples.append(time.perf_counter() - t0)
    print(f"median decision time (~1 KB evidence): {statistics.median(samples) * 1e6:.0f} µs")
    # The filler above repeats two sentences, which per-sentence caches find twice in
    # one evidence; real evidence rarely repeats itself, so report that case too.
    samples = []
    for n, item in enumerate(items):
        evidence = _distinct_filler(n, 4) + item["evidence"] + " " + _distinct_filler(n + 4, 3)
        decide_write(item["claim"], evidence)
        for _ in range(5):
            for cache in text_caches():
                cache.live().cache_clear()
            t0 = time.perf_counter()
            decide_write(item["claim"], evidence)
            samples.append(time.perf_counter() - t0)
    print(f"median decision time (~1 KB, no repeated sentence): {statistics.median(samples) * 1e6:.0f} µs")


_WHO = ("committee", "board", "panel", "council", "working group", "steering group", "jury")
_WHAT = ("agenda", "budget", "timetable", "minutes", "proposal", "report", "survey", "plan")


def _distinct_filler(seed: int, pairs: int) -> str:
    """``2 * pairs`` sentences without names or numbers, none repeated."""
    out = []
    for k in range(seed, seed + pairs):
        who, what = _WHO[k % len(_WHO)], _WHAT[(k * 3) % len(_WHAT)]
        out.append(f"The {who} met in the morning and discussed the {what} at length. ")
        out.append(f"Several members of the {who} asked for more detail on the {what}. ")
    return "".join(out)


def main() -> int:
    items = load("gate.jsonl")
    if not items:
        print(f"no gate.jsonl under {eval_dir()} (set AFFIDAVIT_EVAL_DIR)")
        return 1
    score_gate(items, verbose="--verbose" in sys.argv)
    score_must_admit(verbose="--verbose" in sys.argv)
    time_decisions(items)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
