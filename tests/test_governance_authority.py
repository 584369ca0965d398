"""Invariant 8: review authority comes from the process, and every decision survives a restart."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import run_python
from test_tenants import erase

from affidavit.errors import NotAuthorized
from affidavit.identity import Identity
from affidavit.memory import tombstones

HELD = ("Priya opened a bakery in Leeds.", "Priya Nair and Priya Shah opened a bakery in Leeds.")
ADA = ("Ada Lovelace lives in Rome.", "Ada Lovelace lives in Rome.")
NOTE = "Confirmed with the data subject's consent on file."
TIMEOUT = 120  # a safety net against a hung child, not a measured duration

# A fresh interpreter reads the ledger: what it prints is what any later process sees.
READ_LEDGER = """
import json, sys
import msgspec
from affidavit.codec import decode_body
from affidavit.identity import Identity
from affidavit.store import Store
store = Store.open(sys.argv[1], keyring_dir=sys.argv[2], identity=Identity(), create=False)
rows = [dict(seq=r.seq, kind=r.kind, actor=r.actor,
             body=msgspec.to_builtins(decode_body(r.kind, r.body, r.seq)))
        for r in store._ledger.rows(0) if r.kind in ("REVIEW_DECIDED", "ERASURE_ACKNOWLEDGED",
                                                     "CLAIM_STATE_CHANGED")]
states = {k: v.state for k, v in store.claims.claims().items()}
answer = store.recall(sys.argv[3]) if len(sys.argv) > 3 else None
print(json.dumps(dict(rows=rows, states=states,
                      recalled=[c.id for c in answer.claims] if answer else [])))
"""


def ledger_in_new_process(store_dirs: tuple[Path, Path], *question: str) -> dict[str, Any]:
    done = run_python(READ_LEDGER, str(store_dirs[0]), str(store_dirs[1]), *question)
    assert done.returncode == 0, done.stderr[-2000:]
    return json.loads(done.stdout.splitlines()[-1])  # type: ignore[no-any-return]


def test_review_needs_the_process_flag_and_records_the_process_reviewer(open_store, store_dirs) -> None:
    """Refused without the operator flag, accepted with it; a new process reads ops-1 and human."""
    claim_id = open_store(Identity(agent="agent-1")).remember(*HELD).claim_id
    plain = open_store(Identity(agent="ops-1", operator=False))
    with pytest.raises(NotAuthorized, match="AFFIDAVIT_OPERATOR=1"):
        plain.review(claim_id, "approve", NOTE)
    assert ledger_in_new_process(store_dirs)["rows"] == []  # the refusal wrote nothing
    out = open_store(Identity(agent="ops-1", operator=True)).review(claim_id, "approve", NOTE)
    seen = ledger_in_new_process(store_dirs)
    decided = [r for r in seen["rows"] if r["kind"] == "REVIEW_DECIDED"]
    assert [(r["seq"], r["actor"], r["body"]["reviewer"], r["body"]["approval_kind"],
             r["body"]["decision"]) for r in decided] == [
        (out.review_seq, "ops-1", "ops-1", "human", "approve")]
    assert seen["states"] == {claim_id: "active"}


def test_an_erased_subject_returns_only_through_a_recorded_decision(open_store, store_dirs) -> None:
    """A re-proposal of an erased subject is held; rejection keeps it out; approval acknowledges."""
    ops = open_store(Identity(agent="ops-1", operator=True))
    assert ops.remember("Ada Lovelace lives in Paris.", "Ada Lovelace lives in Paris.").status == "admitted"
    erase(ops, "Ada Lovelace")
    agent = open_store(Identity(agent="agent-1"))
    first, second = agent.remember(*ADA), agent.remember(*ADA)
    assert [(o.status, o.reason) for o in (first, second)] == [("held_for_review", "previously_erased")] * 2
    question = "Where does Ada Lovelace live?"
    assert agent.recall(question).status == "abstained"
    queue = {i.item: i.reason for i in ops.review_items().items}
    assert queue == {first.claim_id: "previously_erased", second.claim_id: "previously_erased"}
    ops.review(first.claim_id, "reject", NOTE)
    held_out = ledger_in_new_process(store_dirs, question)
    # Rejected: shredded, gone from the claim graph, never recalled (issue: held items are shredded).
    assert (held_out["states"].get(first.claim_id), held_out["recalled"]) == (None, [])
    assert [r for r in held_out["rows"] if r["kind"] == "ERASURE_ACKNOWLEDGED"] == []
    out = ops.review(second.claim_id, "approve", NOTE)
    seen = ledger_in_new_process(store_dirs, question)
    [ack] = [r["body"] for r in seen["rows"] if r["kind"] == "ERASURE_ACKNOWLEDGED"]
    assert ack == {"claim_id": second.claim_id, "review_seq": out.review_seq,
                   "fingerprint": tombstones.full_fingerprint(ops, "Ada Lovelace")}
    assert (seen["states"][second.claim_id], seen["recalled"]) == ("active", [second.claim_id])


# -- over MCP: a real `affidavit serve` process per identity -------------------------


def serve(store: Path, keyrings: Path, operator: bool, *calls: tuple[str, dict[str, Any]]) -> list[dict]:
    """One server process, one identity: run the handshake and ``calls``; replies in order."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("AFFIDAVIT_")}
    env.update(AFFIDAVIT_KEYRING_DIR=str(keyrings), AFFIDAVIT_AGENT="ops-1" if operator else "agent-1")
    if operator:
        env["AFFIDAVIT_OPERATOR"] = "1"
    messages: list[dict[str, Any]] = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize",
         "params": {"protocolVersion": "2025-06-18", "capabilities": {}}},
        {"jsonrpc": "2.0", "method": "notifications/initialized"},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/list"},
    ]
    for n, (name, arguments) in enumerate(calls, start=3):
        messages.append({"jsonrpc": "2.0", "id": n, "method": "tools/call",
                         "params": {"name": name, "arguments": arguments}})
    done = subprocess.run(
        [sys.executable, "-m", "affidavit", "serve", "--store", str(store)],
        input="".join(json.dumps(m) + "\n" for m in messages), capture_output=True, text=True,
        env=env, timeout=TIMEOUT, check=False)
    assert done.returncode == 0, done.stderr[-2000:]
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert [r["id"] for r in replies] == list(range(1, len(calls) + 3))
    return replies


def tool_names(reply: dict[str, Any]) -> set[str]:
    return {t["name"] for t in reply["result"]["tools"]}


def test_review_tools_exist_only_for_the_operator_process(tmp_path: Path) -> None:
    """Without AFFIDAVIT_OPERATOR the tools are unlisted and calls refused; with it they work."""
    store, keyrings = tmp_path / "store", tmp_path / "keyrings"
    made = serve(store, keyrings, False, ("remember", {"claim": HELD[0], "evidence": HELD[1]}))
    claim_id = made[2]["result"]["structuredContent"]["claim_id"]
    assert made[2]["result"]["structuredContent"]["status"] == "quarantined"
    review = {"item": claim_id, "decision": "approve", "note": NOTE}
    plain = serve(store, keyrings, False, ("review", review), ("review_queue", {}), ("stats", {}))
    assert {"review", "review_queue"}.isdisjoint(tool_names(plain[1]))
    assert {"remember", "recall", "stats"} <= tool_names(plain[1])
    for refused in plain[2:4]:
        assert refused["error"]["code"] == -32602 and "unknown tool" in refused["error"]["message"]
    assert plain[4]["result"]["structuredContent"]["claims"]["quarantined"] == 1  # not approved
    ops = serve(store, keyrings, True, ("review_queue", {}), ("review", review), ("stats", {}))
    assert {"review", "review_queue"} <= tool_names(ops[1])
    [item] = ops[2]["result"]["structuredContent"]["items"]
    assert (item["item"], item["reason"], item["claim"]) == (claim_id, "unknown_subject", HELD[0])
    decided = ops[3]["result"]["structuredContent"]
    assert (decided["status"], decided["claim_id"]) == ("approved", claim_id)
    assert ops[4]["result"]["structuredContent"]["claims"]["active"] == 1
