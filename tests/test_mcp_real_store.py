"""The MCP server on the real store, over real pipes: refusals write nothing, writers share a store."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from affidavit.engine.verification import verify_path
from affidavit.store import Store


class Server:
    def __init__(self, store: Path, keyring_root: Path, env_extra: dict[str, str] | None = None):
        env = dict(os.environ, AFFIDAVIT_KEYRING_DIR=str(keyring_root), **(env_extra or {}))
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "affidavit", "serve", "--store", str(store)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
        self.next_id = 0
        assert self.request("initialize", {"protocolVersion": "2025-06-18", "capabilities": {},
                                           "clientInfo": {"name": "t", "version": "1"}})["result"]

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self.next_id += 1
        assert self.proc.stdin and self.proc.stdout
        msg = {"jsonrpc": "2.0", "id": self.next_id, "method": method, "params": params or {}}
        self.proc.stdin.write(json.dumps(msg).encode() + b"\n")
        self.proc.stdin.flush()
        return json.loads(self.proc.stdout.readline())

    def call(self, tool: str, **arguments: Any) -> dict[str, Any]:
        reply = self.request("tools/call", {"name": tool, "arguments": arguments})
        return reply.get("result") or reply

    def close(self) -> bytes:
        assert self.proc.stdin
        out, err = self.proc.communicate(timeout=60)  # closes stdin: the server exits on EOF
        assert out == b""  # nothing but replies, and all were read
        return err


def _keyring_root(tmp_path: Path) -> Path:
    return tmp_path / "keyrings"


def test_refused_and_invalid_requests_write_nothing(tmp_path) -> None:
    """A refusal, a path-like source id and a NUL byte leave the ledger as it was."""
    server = Server(tmp_path / "store", _keyring_root(tmp_path))
    admitted = server.call("remember", claim="Ada Lovelace was born in 1815.",
                           evidence="Ada Lovelace was born in 1815 in London.")
    assert admitted["structuredContent"]["status"] == "admitted"
    before = server.call("stats")["structuredContent"]["events"]
    refused = server.call("remember", claim="Ada Lovelace was born in 1820.",
                          evidence="Ada Lovelace was born in 1815 in London.")
    assert refused["structuredContent"]["status"] == "refused" and not refused["isError"]
    pathlike = server.call("remember", claim="Ada Lovelace was born in 1815.",
                           evidence="Ada Lovelace was born in 1815.", source_id="../../etc/passwd")
    assert pathlike.get("isError") or "error" in pathlike
    nul = server.call("remember", claim="Ada\x00 Lovelace was born in 1815.",
                      evidence="Ada Lovelace was born in 1815.")
    assert nul.get("isError") or "error" in nul
    assert server.call("stats")["structuredContent"]["events"] == before
    answer = server.call("recall", query="When was Ada Lovelace born?")["structuredContent"]
    assert answer["status"] == "answered" and answer["claims"][0]["receipt_status"] == "verified"
    server.close()


def test_three_servers_hammer_one_store(tmp_path) -> None:
    """Three server processes write one store at once; every admitted claim is in the verified ledger."""
    store, keys = tmp_path / "store", _keyring_root(tmp_path)
    servers = [Server(store, keys, {"AFFIDAVIT_AGENT": f"agent-{i}"}) for i in range(3)]
    admitted: set[str] = set()
    for round_ in range(15):
        for i, server in enumerate(servers):
            name = f"Person{chr(65 + i)} Round{chr(65 + round_)}"
            out = server.call("remember", claim=f"{name} works for Harbor Bank.",
                              evidence=f"{name} works for Harbor Bank in Leeds.")["structuredContent"]
            assert out["status"] == "admitted", out
            admitted.add(out["claim_id"])
    for server in servers:
        server.close()
    store_id = next(p.name for p in keys.iterdir())
    verdict = verify_path(store, keys / store_id)
    assert verdict.ok and verdict.head_seal == "verified"
    reopened = Store.open(store, keyring_dir=keys / store_id)
    assert admitted <= set(reopened.claims.claims()) and len(admitted) == 45
    reopened.close()


def test_a_tampered_store_lists_tools_but_serves_nothing(tmp_path) -> None:
    """The server answers tools/list at once, and every tool call fails closed naming the bad seq."""
    import sqlite3

    store, keys = tmp_path / "store", _keyring_root(tmp_path)
    server = Server(store, keys)
    assert server.call("remember", claim="Ada Lovelace was born in 1815.",
                       evidence="Ada Lovelace was born in 1815 in London.")["structuredContent"][
        "status"] == "admitted"
    server.close()
    db = sqlite3.connect(store / "ledger.db")
    db.execute("DROP TRIGGER events_no_update")
    db.execute("UPDATE events SET actor = 'mallory' WHERE seq = 2")
    db.commit()
    db.close()
    again = Server(store, keys)
    names = {t["name"] for t in again.request("tools/list")["result"]["tools"]}
    assert "recall" in names
    answer = again.call("recall", query="When was Ada Lovelace born?")
    assert answer.get("isError") is True
    assert "chain_broken" in answer["content"][0]["text"] and "seq 2" in answer["content"][0]["text"]
    again.close()
