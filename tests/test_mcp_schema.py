"""Every line the server writes validates against the official MCP schema of the negotiated version.

The schemas are the published ``schema.json`` files of modelcontextprotocol/modelcontextprotocol,
copied into tests/vectors/mcp-schema. A scripted exchange (handshake, every tool, bad input of
every kind) runs over a real stdio pipe once per protocol version the server speaks.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from test_mcp_protocol import StdioServer

from affidavit.mcp import PROTOCOL_VERSIONS

jsonschema = pytest.importorskip("jsonschema")

SCHEMAS = Path(__file__).parent / "vectors" / "mcp-schema"
CALLS: list[tuple[str, dict[str, Any]]] = [
    ("add_source", {"source_id": "doc-1", "text": "Ada Lovelace was born in 1815 in London."}),
    ("remember", {"claim": "Ada Lovelace was born in 1815.", "evidence": "Ada Lovelace was born in 1815",
                  "source_id": "doc-1"}),
    ("remember", {"claim": "Ada Lovelace was born in 1820.", "evidence": "born in 1815"}),
    ("recall", {"query": "When was Ada Lovelace born?"}),
    ("recall", {"query": "Where was Zyxwv Qqqq born?", "as_of": "2020-01-01", "limit": 3}),
    ("history", {}),
    ("stats", {}),
    ("verify", {}),
    ("forget", {"subject": "Ada Lovelace"}),
    ("no_such_tool", {}),
    ("remember", {"claim": 5}),
]
# Lines that are not requests the server can answer with an id.
GARBAGE = [b"{not json", b"[1, 2]", b'"a string"', b'{"jsonrpc": "2.0", "id": null, "method": "ping"}',
           b'{"jsonrpc": "1.0", "method": "ping"}']
# Notifications, malformed or not, that must get no reply at all.
NOTIFICATIONS = [b'{"jsonrpc": "2.0", "method": "notifications/cancelled", "params": null}',
                 b'{"jsonrpc": "2.0", "method": "tools/call", "params": [1]}',
                 b'{"jsonrpc": "2.0", "method": "notifications/whatever"}']


class Schema:
    """One version's schema.json, able to validate a value as any of its definitions."""

    def __init__(self, version: str) -> None:
        self.root = json.loads((SCHEMAS / version / "schema.json").read_text(encoding="utf-8"))
        self.defs = "$defs" if "$defs" in self.root else "definitions"
        self._cls = jsonschema.validators.validator_for(self.root)

    def errors(self, name: str, value: Any) -> list[str]:
        assert name in self.root[self.defs], f"{name} is not defined in this schema"
        schema = {**self.root, "$ref": f"#/{self.defs}/{name}"}
        return [e.message for e in self._cls(schema).iter_errors(value)]

    @property
    def error_needs_id(self) -> bool:
        error = self.root[self.defs].get("JSONRPCErrorResponse") or self.root[self.defs]["JSONRPCError"]
        return "id" in error["required"]


def _exchange(tmp_path: Path, version: str) -> tuple[list[tuple[str, dict[str, Any]]], list[dict[str, Any]]]:
    """Run the script; returns (what each answered request expects, id-less error replies)."""
    srv = StdioServer(tmp_path)
    expected: list[tuple[str, dict[str, Any]]] = []
    init = srv.request("initialize", {"protocolVersion": version, "capabilities": {},
                                      "clientInfo": {"name": "schema-test", "version": "1"}})
    expected.append(("InitializeResult", init))
    srv.send(b'{"jsonrpc": "2.0", "method": "notifications/initialized"}')
    expected.append(("EmptyResult", srv.request("ping")))
    expected.append(("ListToolsResult", srv.request("tools/list")))
    for name, arguments in CALLS:
        reply = srv.call(name, **arguments)
        expected.append(("CallToolResult" if "result" in reply else "error", reply))
    expected.append(("error", srv.request("no/such/method")))
    for line in NOTIFICATIONS:
        srv.send(line)
    idless: list[dict[str, Any]] = []
    for line in GARBAGE:
        srv.send(line)
        idless.append(srv.recv())
    expected.append(("EmptyResult", srv.request("ping")))  # the notifications got no reply
    code, _ = srv.finish()
    assert code == 0
    assert len(srv.lines) == len(expected) + len(idless)
    return expected, idless


@pytest.mark.parametrize("version", PROTOCOL_VERSIONS)
def test_every_message_validates_against_the_negotiated_schema(tmp_path: Path, version: str) -> None:
    """Each reply is a valid JSONRPCMessage, and each result the right result type, for that version."""
    schema = Schema(version)
    expected, idless = _exchange(tmp_path, version)
    assert expected[0][1]["result"]["protocolVersion"] == version
    kinds = {kind for kind, _ in expected}
    assert {"InitializeResult", "ListToolsResult", "CallToolResult", "error"} <= kinds
    for kind, reply in expected:
        assert schema.errors("JSONRPCMessage", reply) == [], (kind, reply)
        if kind != "error":
            assert schema.errors(kind, reply["result"]) == [], (kind, reply)
    for reply in idless:
        assert "id" not in reply and reply["error"]["code"] in (-32700, -32600)
        if not schema.error_needs_id:
            assert schema.errors("JSONRPCMessage", reply) == [], reply


@pytest.mark.parametrize("version", PROTOCOL_VERSIONS)
def test_the_schemas_reject_what_the_server_used_to_send(version: str) -> None:
    """Negative control: "id": null on an error and a result without an id are schema violations."""
    schema = Schema(version)
    bad_error = {"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": "Parse error"}}
    assert schema.errors("JSONRPCMessage", bad_error) != []
    assert schema.errors("JSONRPCMessage", {**bad_error, "id": 1}) == []
    assert schema.errors("JSONRPCMessage", {"jsonrpc": "2.0", "result": {}}) != []
    assert schema.errors("CallToolResult", {"content": "not a list"}) != []
