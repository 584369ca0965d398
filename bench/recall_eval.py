"""Score recall end to end: load the corpus through Store.remember, then ask through Store.recall.

Usage: python bench/recall_eval.py [--at YYYY-MM-DD]

Unlike bench/recall_score.py (the pure gate over an in-memory index), this goes
through the real write path (gate, entity resolution, conflicts, ledger) and the
real read path (projections, receipts). Prints answer accuracy, false answers on
must-abstain questions (the safety number), abstentions on answerable questions,
whether abstentions name the expected term, and stale claims returned.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from datetime import UTC, datetime
from pathlib import Path

from affidavit.clock import FixedClock
from affidavit.errors import InvalidInput
from affidavit.store import Store

ROOT = Path(__file__).resolve().parent.parent


def eval_dir() -> Path:
    return Path(os.environ.get("AFFIDAVIT_EVAL_DIR", ROOT.parent / "shared" / "eval" / "dev"))


def load(name: str) -> list[dict]:
    return [json.loads(x) for x in (eval_dir() / name).read_text().splitlines() if x.strip()]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--at", default="2025-06-01", help="the date recall treats as now")
    args = parser.parse_args()
    now = datetime.fromisoformat(args.at).replace(tzinfo=UTC)
    clock = FixedClock(int(now.timestamp() * 1e6), step_us=1000)
    with tempfile.TemporaryDirectory() as tmp:
        store = Store.open(Path(tmp) / "store", keyring_dir=Path(tmp) / "keys", clock=clock,
                           durability="fast")
        ids: dict[str, str] = {}
        not_admitted = []
        for item in load("store.jsonl"):
            try:
                out = store.remember(item["claim"], item["evidence"], source_text=item.get("source_text"),
                                     valid_from=item.get("valid_from"), valid_to=item.get("valid_to"))
            except InvalidInput as exc:  # a corpus line the store refuses as input: say so, go on
                not_admitted.append((item["id"], "invalid_input", str(exc)))
                continue
            if out.status == "admitted" and out.claim_id:
                ids[out.claim_id] = item["id"]
            else:
                not_admitted.append((item["id"], out.status, out.reason))
        questions = load("recall.jsonl")
        answerable = [q for q in questions if q["expect"] == "answer"]
        abstain = [q for q in questions if q["expect"] == "abstain"]
        correct = wrong_abstain = false_answers = named = stale = 0
        misses = []
        for q in questions:
            out = store.recall(q["question"])
            got = {ids.get(c.id, c.id) for c in out.claims}
            stale += len(got & set(q.get("stale_ids") or []))
            if q["expect"] == "answer":
                if out.status == "answered" and set(q["answer_ids"]) <= got:
                    correct += 1
                else:
                    misses.append((q["id"], out.status, out.ungrounded_term, sorted(got)))
                    wrong_abstain += out.status == "abstained"
            else:
                if out.status == "answered":
                    false_answers += 1
                    misses.append((q["id"], "FALSE ANSWER", None, sorted(got)))
                else:
                    want = (q.get("ungrounded_term") or "").lower()
                    term = (out.ungrounded_term or "").lower()
                    if want and term and (want in term or term in want):
                        named += 1
                    else:
                        misses.append((q["id"], "term", out.ungrounded_term, want))
        store.close()
    print(f"corpus: {eval_dir().name}  store items admitted: {len(ids)}/{len(ids) + len(not_admitted)}")
    for miss in not_admitted:
        print("  not admitted:", *miss)
    print(f"answer accuracy (answerable):      {correct}/{len(answerable)} "
          f"= {correct / max(1, len(answerable)):.1%}   goal >= 90%")
    print(f"false answers (must abstain):      {false_answers}/{len(abstain)} "
          f"= {false_answers / max(1, len(abstain)):.1%}   goal <= 3%")
    print(f"abstentions on answerable:         {wrong_abstain}/{len(answerable)}")
    print(f"abstentions naming expected term:  {named}/{len(abstain) - false_answers} "
          f"= {named / max(1, len(abstain) - false_answers):.1%}   goal >= 80%")
    print(f"stale (superseded) claims returned: {stale}   goal 0")
    for miss in misses:
        print("  miss:", *miss)
    return 0


if __name__ == "__main__":
    sys.exit(main())
