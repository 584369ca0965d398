"""The new MCP tools over a real server and real pipes: results honour their schemas, authority
comes from the process, and what the tools decide survives a restart."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_mcp_real_store import Server

LEEDS = "Omar Haddad lives in Leeds."
YORK = "Omar Haddad lives in York."


def structured(result: dict[str, Any]) -> dict[str, Any]:
    assert result.get("isError") is False, result
    content: dict[str, Any] = result["structuredContent"]
    return content


def test_operator_tools_round_trip_and_survive_a_restart(tmp_path: Path) -> None:
    """remember twice, dispute, list, resolve, freeze, unfreeze; a new server sees the outcome."""
    store, keys = tmp_path / "store", tmp_path / "keys"
    agent = Server(store, keys)
    first = structured(agent.call("remember", claim=LEEDS, evidence=LEEDS))
    again = structured(agent.call("remember", claim=LEEDS, evidence=LEEDS))
    assert (again["status"], again["claim_id"]) == ("already_known", first["claim_id"])
    second = structured(agent.call("remember", claim=YORK, evidence=YORK))
    rows = structured(agent.call("list_claims", state="disputed"))
    assert rows["matched"] == 2 and rows["claims"][0]["dispute_hash"]
    names = {t["name"] for t in agent.request("tools/list")["result"]["tools"]}
    assert "resolve_dispute" not in names and "list_claims" in names
    refused = agent.call("resolve_dispute", claim_id=first["claim_id"], decision="keep_one",
                         note="n", keep=first["claim_id"])
    assert "error" in refused  # not even listed to a non-operator: invalid params
    agent.close()

    ops = Server(store, keys, {"AFFIDAVIT_OPERATOR": "1", "AFFIDAVIT_AGENT": "ops-1"})
    resolved = structured(ops.call(
        "resolve_dispute", claim_id=first["claim_id"], decision="both_valid", note="moved",
        reviewed_hash=rows["claims"][0]["dispute_hash"],
        intervals=[{"claim_id": first["claim_id"], "valid_from": "2010-01-01",
                    "valid_to": "2014-12-31"},
                   {"claim_id": second["claim_id"], "valid_from": "2015-01-01"}]))
    assert resolved["status"] == "resolved" and resolved["decision"] == "both_valid"
    frozen = structured(ops.call("freeze", claim_id=second["claim_id"], note="audit"))
    assert (frozen["from_state"], frozen["to_state"]) == ("active", "frozen")
    back = structured(ops.call("unfreeze", claim_id=second["claim_id"], note="done"))
    assert back["to_state"] == "active"
    stale = ops.call("resolve_dispute", claim_id=first["claim_id"], decision="keep_one",
                     note="n", keep=first["claim_id"])
    assert stale["isError"] is True and stale["content"][0]["text"].startswith("not_found")
    ops.close()

    later = Server(store, keys)
    states = {r["id"]: (r["state"], r["valid_from"], r["valid_to"])
              for r in structured(later.call("list_claims"))["claims"]}
    assert states == {first["claim_id"]: ("active", "2010-01-01", "2014-12-31"),
                      second["claim_id"]: ("active", "2015-01-01", None)}
    later.close()


def test_a_correction_over_mcp_names_the_corrector(tmp_path: Path) -> None:
    """remember with supersedes and note corrects the agent's own claim; without note it fails."""
    store, keys = tmp_path / "store", tmp_path / "keys"
    agent = Server(store, keys, {"AFFIDAVIT_AGENT": "agent-7"})
    old = structured(agent.call("remember", claim=LEEDS, evidence=LEEDS))["claim_id"]
    missing = agent.call("remember", claim=YORK, evidence=YORK, supersedes=old)
    assert missing["isError"] is True and "note" in missing["content"][0]["text"]
    fixed = structured(agent.call("remember", claim=YORK, evidence=YORK, supersedes=old,
                                  note="moved"))
    assert fixed["transitions"][0].startswith(f"corrects {old}")
    history = structured(agent.call("history", claim_id=old))
    assert any(e["kind"] == "CLAIM_CORRECTED" and "by agent-7" in e["summary"]
               for e in history["events"])
    agent.close()
