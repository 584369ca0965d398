"""The MCP server over a real stdio pipe: hostile input first, then the happy path.

The server is a spawned process (the fake backend by default, ``affidavit serve``
when AFFIDAVIT_MCP_TEST_SERVER=real). Every test ends by checking that every
stdout line was a JSON-RPC response and that nothing personal reached stderr.
"""

from __future__ import annotations

import json
import queue
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fake_backend import SECRET, server_command, using_fake

fake_only = pytest.mark.skipif(not using_fake(), reason="needs the fake backend's triggers")
TIMEOUT = 60  # a safety net against a hung server, not a measured duration


class StdioServer:
    """A spawned server with a reader thread, so no read can hang the suite."""

    def __init__(self, tmp_path: Path, operator: bool = False) -> None:
        argv, env = server_command(str(tmp_path / "store"), operator=operator)
        self.stderr_path = tmp_path / "stderr.log"
        self._stderr = self.stderr_path.open("wb")
        self.proc = subprocess.Popen(
            argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self._stderr, env=env
        )
        self.lines: list[bytes] = []
        self._queue: queue.Queue[bytes | None] = queue.Queue()
        threading.Thread(target=self._pump, daemon=True).start()
        self._next_id = 100

    def _pump(self) -> None:
        assert self.proc.stdout is not None
        for line in self.proc.stdout:
            self.lines.append(line)
            self._queue.put(line)
        self._queue.put(None)

    def send(self, raw: bytes) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(raw + b"\n")
        self.proc.stdin.flush()

    def recv(self) -> dict[str, Any]:
        line = self._queue.get(timeout=TIMEOUT)
        assert line is not None, "server closed stdout"
        return json.loads(line)

    def request(self, method: str, params: dict[str, Any] | None = None) -> dict[str, Any]:
        self._next_id += 1
        message: dict[str, Any] = {"jsonrpc": "2.0", "id": self._next_id, "method": method}
        if params is not None:
            message["params"] = params
        self.send(json.dumps(message).encode())
        reply = self.recv()
        assert reply["id"] == self._next_id
        return reply

    def call(self, name: str, **arguments: Any) -> dict[str, Any]:
        return self.request("tools/call", {"name": name, "arguments": arguments})

    def finish(self) -> tuple[int, str]:
        """Close stdin, wait for a clean exit, and check every line the server wrote."""
        assert self.proc.stdin is not None
        self.proc.stdin.close()
        code = self.proc.wait(timeout=TIMEOUT)
        while self._queue.get(timeout=TIMEOUT) is not None:
            pass
        self._stderr.close()
        for line in self.lines:
            assert_jsonrpc_response(line)
        stderr = self.stderr_path.read_text("utf-8", errors="replace")
        assert SECRET not in stderr
        assert "Traceback" not in stderr
        for entry in stderr.splitlines():
            assert "event" in json.loads(entry)
        return code, stderr


def assert_jsonrpc_response(line: bytes) -> None:
    """One stdout line is exactly one JSON-RPC 2.0 response and nothing else."""
    assert line.endswith(b"\n") and b"Traceback" not in line and SECRET.encode() not in line
    message = json.loads(line)
    assert message["jsonrpc"] == "2.0" and message.get("id", 0) is not None  # never "id": null
    assert ("result" in message) != ("error" in message)
    assert "id" in message or "error" in message  # only an error may lack an id


@pytest.fixture
def server(tmp_path: Path) -> Iterator[StdioServer]:
    srv = StdioServer(tmp_path)
    srv.request("initialize", {"protocolVersion": "2025-11-25", "capabilities": {}})
    srv.send(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    yield srv
    code, _ = srv.finish()
    assert code == 0


def error_code(reply: dict[str, Any]) -> int:
    return int(reply["error"]["code"])


def test_malformed_json_is_a_parse_error_and_serving_continues(server: StdioServer) -> None:
    """A line that is not JSON gets -32700 with a null id; the next ping still answers."""
    server.send(b'{"jsonrpc": "2.0", "id": 1, "method": ')
    reply = server.recv()
    assert error_code(reply) == -32700 and "id" not in reply
    assert server.request("ping")["result"] == {}


def test_invalid_utf8_is_a_parse_error(server: StdioServer) -> None:
    """Bytes that are not UTF-8 inside a string are refused as a parse error."""
    server.send(b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":"\xff\xfe"}}')
    assert error_code(server.recv()) == -32700
    server.send(b'{"jsonrpc":"2.0","id":2,"method":"ping","params":{"x":"\\ud800"}}')
    assert error_code(server.recv()) == -32700  # a lone surrogate is not text either


def test_json_array_batch_is_an_invalid_request(server: StdioServer) -> None:
    """A JSON array (a batch, even an empty one) is -32600, not executed."""
    ping = b'{"jsonrpc":"2.0","id":1,"method":"ping"}'
    for raw in (b"[" + ping + b"]", b"[]", b"42", b'"ping"'):
        server.send(raw)
        reply = server.recv()
        assert error_code(reply) == -32600 and "id" not in reply


def test_bad_envelopes_are_invalid_requests(server: StdioServer) -> None:
    """Wrong jsonrpc, missing method, a null or boolean id are -32600."""
    server.send(b'{"jsonrpc":"1.0","id":7,"method":"ping"}')
    reply = server.recv()
    assert error_code(reply) == -32600 and reply["id"] == 7
    server.send(b'{"jsonrpc":"2.0","id":8}')
    assert error_code(server.recv()) == -32600
    for bad_id in (b"null", b"true", b"1.5"):
        server.send(b'{"jsonrpc":"2.0","id":' + bad_id + b',"method":"ping"}')
        reply = server.recv()
        assert error_code(reply) == -32600 and "id" not in reply
    server.send(b'{"jsonrpc":"2.0","id":"abc","method":"ping"}')
    assert server.recv() == {"jsonrpc": "2.0", "id": "abc", "result": {}}  # control


def test_deeply_nested_json_is_a_parse_error(server: StdioServer) -> None:
    """Nesting deep enough to exhaust recursion is refused, not a crash."""
    server.send(b'{"jsonrpc":"2.0","id":1,"method":"ping","params":{"x":' + b"[" * 100_000)
    assert error_code(server.recv()) == -32700
    assert server.request("ping")["result"] == {}


def test_unknown_method_is_method_not_found(server: StdioServer) -> None:
    """An unknown method gets -32601; a known one (control) answers."""
    assert error_code(server.request("resources/list")) == -32601
    assert error_code(server.request("notifications/initialized")) == -32601  # with an id
    assert "tools" in server.request("tools/list")["result"]


def test_wrong_param_types_are_invalid_params(server: StdioServer) -> None:
    """Params of the wrong JSON type are -32602 and name the field, not the value."""
    assert error_code(server.request("tools/call", {"name": 5})) == -32602
    assert error_code(server.request("tools/call", {"name": "recall", "arguments": []})) == -32602
    reply = server.call("recall", query="Ada Lovelace", limit="10")
    assert error_code(reply) == -32602 and "$.limit" in reply["error"]["message"]
    assert error_code(server.call("recall", query="Ada", limit=True)) == -32602
    assert error_code(server.call("recall", query="Ada", limit=0)) == -32602
    assert error_code(server.call("recall", query="Ada", as_of="2020-01-01\n")) == -32602
    assert error_code(server.call("remember", claim="Ada Lovelace was born in 1815.")) == -32602
    assert error_code(server.call("recall", query="")) == -32602
    assert error_code(server.request("initialize", {"protocolVersion": 20250618})) == -32602
    server.send(b'{"jsonrpc":"2.0","id":9,"method":"tools/call","params":[1]}')
    assert error_code(server.recv()) == -32602
    assert "result" in server.call("recall", query="Ada Lovelace", limit=10)  # control


def test_unknown_tool_is_invalid_params(server: StdioServer) -> None:
    """An unknown tool, and an operator tool in a non-operator process, are -32602."""
    assert error_code(server.call("delete_everything")) == -32602
    assert error_code(server.call("review_queue")) == -32602
    names = {t["name"] for t in server.request("tools/list")["result"]["tools"]}
    assert names == {"remember", "recall", "forget", "verify", "history", "add_source", "stats"}


@pytest.mark.parametrize("field", ["tenant", "agent", "actor", "operator", "agent_id"])
def test_identity_arguments_are_refused(server: StdioServer, field: str) -> None:
    """Arguments that try to name who the caller is are not in the schema: -32602."""
    reply = server.call("recall", query="Ada Lovelace", **{field: "root"})
    assert error_code(reply) == -32602 and field in reply["error"]["message"]
    assert error_code(server.call("stats", **{field: "root"})) == -32602
    assert "result" in server.call("stats")  # control: the same call without it


def test_four_megabyte_line_is_refused_and_serving_continues(server: StdioServer) -> None:
    """A 4 MB message is answered with -32600 and discarded; the next request is served."""
    claim = "x" * (4 * 1024 * 1024)
    message = {
        "jsonrpc": "2.0",
        "id": 5,
        "method": "tools/call",
        "params": {"name": "remember", "arguments": {"claim": claim, "evidence": claim}},
    }
    server.send(json.dumps(message).encode())
    reply = server.recv()
    assert error_code(reply) == -32600 and "id" not in reply
    assert server.request("ping")["result"] == {}
    assert server.call("stats")["result"]["isError"] is False


def test_nul_bytes_are_refused(server: StdioServer) -> None:
    """An escaped NUL in any string is -32602; a raw NUL byte is not JSON at all."""
    reply = server.call("recall", query="Ada\u0000Lovelace")
    assert error_code(reply) == -32602
    assert error_code(server.call("recall", query="Ada", **{"x\u0000": 1})) == -32602
    server.send(b'{"jsonrpc":"2.0","id":3,"method":"ping","params":{"q":"a\x00b"}}')
    assert error_code(server.recv()) == -32700
    assert server.call("recall", query="Ada Lovelace")["result"]["isError"] is False  # control


@pytest.mark.parametrize("source_id", ["../../etc/passwd", "/etc/passwd", "a/b", "..", "a\\b"])
def test_path_like_source_id_is_a_tool_error(server: StdioServer, source_id: str) -> None:
    """A source id shaped like a path is a tool failure (isError), never a file access."""
    result = server.call("add_source", source_id=source_id, text="Ada was born in 1815.")["result"]
    assert result["isError"] is True and "invalid_input" in result["content"][0]["text"]
    assert "structuredContent" not in result
    result = server.call(
        "remember",
        claim="Ada was born",
        evidence="Ada was born",
        source_id=source_id,
        source_text="Ada was born.",
    )["result"]
    assert result["isError"] is True
    ok = server.call("add_source", source_id="doc-1", text="Ada was born in 1815.")["result"]
    assert ok["isError"] is False and ok["structuredContent"]["source_id"] == "doc-1"


def test_notifications_get_no_reply(server: StdioServer) -> None:
    """Notifications, known or not, get no reply: the next line out answers the ping."""
    server.send(b'{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":1}}')
    server.send(b'{"jsonrpc":"2.0","method":"notifications/whatever"}')
    server.send(b'{"jsonrpc":"2.0","method":"tools/call","params":{"name":"forget"}}')
    server.send(b'{"jsonrpc":"2.0","id":"after","result":{}}')  # a stray response
    server.send(b"")
    reply = server.request("ping")
    assert reply["result"] == {}


def test_request_before_stdin_closes_is_answered_then_clean_exit(tmp_path: Path) -> None:
    """A request written just before EOF (even without a newline) is answered; exit code 0."""
    srv = StdioServer(tmp_path)
    assert srv.proc.stdin is not None
    srv.proc.stdin.write(b'{"jsonrpc":"2.0","id":1,"method":"ping"}\n')
    srv.proc.stdin.write(b'{"jsonrpc":"2.0","id":2,"method":"ping"}')
    code, _ = srv.finish()
    assert code == 0
    assert [json.loads(line)["id"] for line in srv.lines] == [1, 2]


def test_writes_after_stdin_closed_fail_without_output(tmp_path: Path) -> None:
    """Once stdin is closed the server exits; nothing more appears on stdout."""
    srv = StdioServer(tmp_path)
    code, _ = srv.finish()
    assert code == 0 and srv.lines == []
    with pytest.raises((BrokenPipeError, ValueError, OSError)):
        srv.send(b'{"jsonrpc":"2.0","id":1,"method":"ping"}')


@fake_only
def test_unexpected_exception_is_one_generic_internal_error(server: StdioServer) -> None:
    """A backend crash is -32603 'Internal error'; its message (personal) goes nowhere."""
    reply = server.call("remember", claim="CRASH", evidence="CRASH")
    assert reply["error"] == {"code": -32603, "message": "Internal error"}
    assert server.request("ping")["result"] == {}


@fake_only
def test_backend_result_off_contract_is_an_internal_error(server: StdioServer) -> None:
    """A result that breaks the published outputSchema is never sent on."""
    assert error_code(server.call("remember", claim="BADSHAPE", evidence="BADSHAPE")) == -32603


@pytest.mark.parametrize(
    ("asked", "agreed"),
    [
        ("2025-11-25", "2025-11-25"),
        ("2025-06-18", "2025-06-18"),
        ("2025-03-26", "2025-03-26"),
        ("2024-11-05", "2024-11-05"),
        ("1999-01-01", "2025-11-25"),
        ("2026-07-28", "2025-11-25"),
    ],
)
def test_protocol_version_negotiation(tmp_path: Path, asked: str, agreed: str) -> None:
    """A supported version is echoed; anything else gets our newest."""
    srv = StdioServer(tmp_path)
    result = srv.request("initialize", {"protocolVersion": asked, "capabilities": {}})["result"]
    assert result["protocolVersion"] == agreed
    assert result["capabilities"] == {"tools": {"listChanged": False}}
    assert result["serverInfo"]["name"] == "affidavit"
    assert srv.finish()[0] == 0


def test_refusal_and_abstention_are_results_not_errors(server: StdioServer) -> None:
    """A refusal and an abstention are normal results (isError false) with structured content."""
    refused = server.call(
        "remember",
        claim="Ada Lovelace was born in 1820.",
        evidence="Ada Lovelace was born in 1815.",
    )["result"]
    assert refused["isError"] is False
    held = {"refused", "quarantined", "not_stored", "held_for_review"}
    assert refused["structuredContent"]["status"] in held
    abstained = server.call("recall", query="Where was Zyxwv Qqqq born?")["result"]
    assert abstained["isError"] is False
    assert abstained["structuredContent"]["status"] == "abstained"
    admitted = server.call(
        "remember",
        claim="Ada Lovelace was born in 1815.",
        evidence="Ada Lovelace was born in 1815.",
    )["result"]
    assert admitted["structuredContent"]["status"] == "admitted"  # control
    assert admitted["content"] == [{"type": "text", "text": admitted["structuredContent"]["text"]}]


def test_operator_process_lists_review_tools(tmp_path: Path) -> None:
    """review_queue and review appear only when the process holds operator authority."""
    srv = StdioServer(tmp_path, operator=True)
    names = {t["name"] for t in srv.request("tools/list")["result"]["tools"]}
    assert {"review_queue", "review"} <= names
    assert srv.call("review_queue")["result"]["isError"] is False
    assert srv.finish()[0] == 0
