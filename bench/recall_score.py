"""Score the read gate on an eval corpus and time it at 100k claims.

Usage: python bench/recall_score.py [--at YYYY-MM-DD]

Loads ``store.jsonl`` into a ``MemoryReadIndex`` (shapes from the write gate,
supersession applied), asks every question in ``recall.jsonl`` and prints:
answer accuracy on answerable questions, false answers on must-abstain
questions (the safety number), abstentions on answerable questions, whether
abstentions name the expected term, and stale (superseded) claims returned.
The corpus directory is ``../shared/eval/dev/`` from the repo root unless
``AFFIDAVIT_EVAL_DIR`` is set.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

from affidavit.gates.contracts import ClaimShape, ReadDecision
from affidavit.gates.read import decide_read
from affidavit.gates.read_index import MemoryReadIndex

ROOT = Path(__file__).resolve().parent.parent


def eval_dir() -> Path:
    return Path(os.environ.get("AFFIDAVIT_EVAL_DIR", ROOT.parent / "shared" / "eval" / "dev"))


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def shape_of(claim: str, evidence: str) -> ClaimShape | None:
    """The write gate's shape of a claim (None when it cannot parse it)."""
    try:
        from affidavit.gates.write import decide_write
    except ImportError:  # the write gate not built yet: a rough stand-in shape
        return _rough_shape(claim)
    return decide_write(claim, evidence).shape


def _rough_shape(claim: str) -> ClaimShape | None:
    from affidavit.text.lemmas import content_lemmas
    from affidavit.text.names import find_names, key_tokens

    names = [n for n, _, _ in find_names(claim)]
    if not names:
        return None
    rest = claim[claim.find(names[0]) + len(names[0]) :]
    own = set(key_tokens(names[0]))
    terms = tuple(t for t in content_lemmas(rest) if t not in own)
    return ClaimShape(names[0], tuple(names), " ".join(terms[:3]), rest.strip(" ."), terms)


def build_index(items: list[dict[str, Any]]) -> tuple[MemoryReadIndex, list[str]]:
    index = MemoryReadIndex()
    skipped: list[str] = []
    # Valid-time order, so that supersession sees the older claim first.
    for item in sorted(items, key=lambda i: i.get("valid_from") or ""):
        shape = shape_of(item["claim"], item["evidence"])
        if shape is None:
            skipped.append(item["id"])
            continue
        index.add(
            item["id"], item["claim"], shape,
            valid_from=item.get("valid_from"), valid_to=item.get("valid_to"),
        )  # fmt: skip
    return index, skipped


def term_named(decision: ReadDecision, expected: str | None) -> bool:
    got = (decision.ungrounded_term or "").casefold()
    want = (expected or "").casefold()
    return bool(got and want) and (want in got or got in want)


def score(index: MemoryReadIndex, questions: list[dict[str, Any]], at: str) -> dict[str, Any]:
    answerable = [q for q in questions if q["expect"] == "answer"]
    must_abstain = [q for q in questions if q["expect"] == "abstain"]
    correct = false_answers = wrong_abstain = named = abstained_total = stale = 0
    failures: list[str] = []
    for q in questions:
        decision = decide_read(q["question"], index, at=at)
        got = {c.claim_id for c in decision.claims}
        stale += len(got & set(q.get("stale_ids", [])))
        if decision.status == "abstained":
            abstained_total += int(q["expect"] == "abstain")
            named += int(q["expect"] == "abstain" and term_named(decision, q["ungrounded_term"]))
        if q["expect"] == "answer":
            ok = decision.status == "answered" and set(q["answer_ids"]) <= got
            correct += int(ok)
            wrong_abstain += int(decision.status == "abstained")
        else:
            ok = decision.status == "abstained" and term_named(decision, q["ungrounded_term"])
            false_answers += int(decision.status == "answered")
        if not ok:
            failures.append(
                f"  {q['id']} [{q['category']}] {q['question']!r} -> {decision.status} "
                f"{decision.reason} term={decision.ungrounded_term!r} "
                f"got={sorted(got)} want={q['answer_ids'] or q['ungrounded_term']}"
            )
    return {
        "answerable": len(answerable), "correct": correct, "wrong_abstain": wrong_abstain,
        "must_abstain": len(must_abstain), "false_answers": false_answers,
        "abstained": abstained_total, "named": named, "stale": stale, "failures": failures,
    }  # fmt: skip


def synthetic_index(n_claims: int, seed: int) -> tuple[MemoryReadIndex, list[str]]:
    """``n_claims`` claims over n/10 people, each with a few predicates and dates."""
    rng = random.Random(seed)
    index = MemoryReadIndex()
    people = [f"Person{i:05d} Surname{i:05d}" for i in range(n_claims // 10)]
    facts = [
        ("lives in", "live", "Town{}"), ("works as an engineer at", "work", "Firm{}"),
        ("is the director of", "direct", "Org{}"), ("takes aspirin", "take", "{} mg daily"),
    ]
    for n in range(n_claims):
        person = people[n % len(people)]
        verb, pred, obj = facts[rng.randrange(len(facts))]
        place = obj.format(rng.randrange(1000))
        text = f"{person} {verb} {place}."
        entities = (person,) if "mg" in place else (person, place)
        shape = ClaimShape(person, entities, pred, place, (pred, *place.lower().split()))
        year = 1990 + rng.randrange(35)
        index.add(f"s{n}", text, shape, valid_from=f"{year}-01-01")
    return index, people


def time_queries(index: MemoryReadIndex, people: list[str], seed: int) -> tuple[float, float]:
    rng = random.Random(seed)
    forms = [
        "Where does {} live?", "What is {}'s salary?", "Who is {}?", "Where did {} live in 2001?",
    ]  # fmt: skip
    samples: list[float] = []
    for _ in range(2000):
        question = rng.choice(forms).format(rng.choice(people))
        start = time.perf_counter()
        decide_read(question, index, at="2025-01-01")
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    return statistics.median(samples), samples[int(len(samples) * 0.99)]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--at", default="2025-06-01", help="the date taken as 'now'")
    parser.add_argument("--seed", type=int, default=20240601)
    parser.add_argument("--claims", type=int, default=100_000)
    args = parser.parse_args()
    base = eval_dir()
    index, skipped = build_index(load(base / "store.jsonl"))
    result = score(index, load(base / "recall.jsonl"), args.at)
    pct = lambda a, b: 100.0 * a / b if b else 0.0  # noqa: E731
    try:
        import affidavit.gates.write  # noqa: F401

        source = "write gate"
    except ImportError:
        source = "rough stand-in (affidavit.gates.write not importable)"
    print(f"corpus: {base.name}  claims indexed: {len(index)}  not parsed: {skipped}")
    print(f"claim shapes from: {source}")
    print(f"answer accuracy:   {result['correct']}/{result['answerable']} "
          f"= {pct(result['correct'], result['answerable']):.1f}%  (goal >= 90%)")
    print(f"false answers:     {result['false_answers']}/{result['must_abstain']} "
          f"= {pct(result['false_answers'], result['must_abstain']):.1f}%  (goal <= 3%)")
    print(f"wrong abstentions: {result['wrong_abstain']}/{result['answerable']}")
    print(f"term named:        {result['named']}/{result['abstained']} "
          f"= {pct(result['named'], result['abstained']):.1f}%  (goal >= 80%)")
    print(f"stale returned:    {result['stale']}  (goal 0)")
    if result["failures"]:
        print("misses:")
        print("\n".join(result["failures"]))
    print(f"seed: {args.seed}")
    big, people = synthetic_index(args.claims, args.seed)
    p50, p99 = time_queries(big, people, args.seed)
    print(f"decide_read at {len(big)} claims: p50 {p50:.3f} ms  p99 {p99:.3f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
