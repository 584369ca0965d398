"""Score `forget` on an erasure corpus: vanish, survive, probe and re-proposal counts.

Usage: python bench/erasure_score.py

For each scenario of ``erasure.jsonl`` a fresh store is created, its claims are
loaded through ``remember`` (the corpus ids are mapped to the claim ids remember
returns), the subject is forgotten, and then: must-vanish claims are gone from the
claim graph, must-survive claims remain, every probe abstains, and the re-proposal
is not admitted (``held_for_review`` / ``previously_erased``). The re-proposal is tried
as given; if the store raises (same evidence text as an erased source), that is
counted as an error and it is retried under a new source id. The corpus directory
is ``../shared/eval/dev/`` from the repo root unless ``AFFIDAVIT_EVAL_DIR`` is set.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

from affidavit.certificates import to_json, verify_certificate
from affidavit.clock import FixedClock
from affidavit.errors import AffidavitError
from affidavit.identity import Identity
from affidavit.store import Store

ROOT = Path(__file__).resolve().parent.parent


def eval_dir() -> Path:
    return Path(os.environ.get("AFFIDAVIT_EVAL_DIR", ROOT.parent / "shared" / "eval" / "dev"))


def load(path: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]


def score(scenario: dict[str, Any], workdir: Path) -> dict[str, int]:
    store = Store.open(workdir / "store", keyring_dir=workdir / "keyring", identity=Identity(),
                       clock=FixedClock(step_us=1000))
    counts = dict.fromkeys(("vanish", "vanish_total", "survive", "survive_total", "probes_abstained",
                            "probes", "not_admitted", "reproposal_errors", "certified",
                            "not_loaded"), 0)
    try:
        ids: dict[str, str | None] = {}
        for item in scenario["claims_to_load"]:
            out = store.remember(item["claim"], item["evidence"])
            ids[item["id"]] = out.claim_id if out.status == "admitted" else None
            counts["not_loaded"] += out.status != "admitted"
        out = store.forget(scenario["subject"])
        counts["certified"] = int(out.certificate is not None
                                  and verify_certificate(to_json(out.certificate)))
        for cid in scenario["must_vanish"]:
            counts["vanish_total"] += 1
            claim_id = ids.get(cid)
            counts["vanish"] += claim_id is None or store.claims.get(claim_id) is None
        for cid in scenario["must_survive"]:
            counts["survive_total"] += 1
            claim_id = ids.get(cid)
            counts["survive"] += claim_id is not None and store.claims.get(claim_id) is not None
        for question in scenario["probes_must_abstain"]:
            counts["probes"] += 1
            counts["probes_abstained"] += store.recall(question).status == "abstained"
        re = scenario["reproposal"]
        try:
            again = store.remember(re["claim"], re["evidence"])
        except AffidavitError:
            counts["reproposal_errors"] += 1
            again = store.remember(re["claim"], re["evidence"], source_id="reproposal:" + re["id"],
                                   source_text=re["evidence"])
        counts["not_admitted"] += again.status != "admitted"
    finally:
        store.close()
    return counts


def main() -> int:
    scenarios = load(eval_dir() / "erasure.jsonl")
    total: dict[str, int] = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, scenario in enumerate(scenarios):
            got = score(scenario, Path(tmp) / str(i))
            for key, value in got.items():
                total[key] = total.get(key, 0) + value
            print(f"{scenario['id']:>6}: " + " ".join(f"{k}={v}" for k, v in got.items()))
    print(f"scenarios:              {len(scenarios)}")
    print(f"claims not loaded:      {total['not_loaded']}")
    print(f"vanished:               {total['vanish']}/{total['vanish_total']}")
    print(f"survived (bystanders):  {total['survive']}/{total['survive_total']}")
    print(f"probes abstained:       {total['probes_abstained']}/{total['probes']}")
    print(f"re-proposals not admitted: {total['not_admitted']}/{len(scenarios)} "
          f"(raised an error first: {total['reproposal_errors']})")
    print(f"certificates verified:  {total['certified']}/{len(scenarios)}")
    perfect = (total["vanish"] == total["vanish_total"] and total["survive"] == total["survive_total"]
               and total["probes_abstained"] == total["probes"]
               and total["not_admitted"] == len(scenarios))
    return 0 if perfect else 1


if __name__ == "__main__":
    sys.exit(main())
