"""Unit tests for the pieces of the MCP server: framing, envelopes, the tool table."""

from __future__ import annotations

import io
from typing import Any

import pytest
from fake_backend import FakeBackend

from affidavit.mcp import protocol as rpc
from affidavit.mcp.lines import Oversize, read_line
from affidavit.mcp.server import negotiate
from affidavit.mcp.tools import TOOLS, check_result, find_tool, parse_arguments, visible_tools


class RecordingStream(io.BytesIO):
    """A stream that records the largest read it was asked for."""

    def __init__(self, data: bytes) -> None:
        super().__init__(data)
        self.biggest = 0

    def readline(self, size: int | None = -1) -> bytes:  # type: ignore[override]
        assert size is not None and size > 0, "an unbounded read"
        self.biggest = max(self.biggest, size)
        return super().readline(size)


def test_oversize_line_is_skipped_in_bounded_reads() -> None:
    """A line far over the limit is reported and skipped without any unbounded read."""
    stream = RecordingStream(b"x" * 5_000_000 + b"\n" + b"next\n")
    assert isinstance(read_line(stream, limit=1024), Oversize)
    assert stream.biggest <= 64 * 1024
    assert read_line(stream, limit=1024) == b"next"  # control: framing resumes
    assert read_line(stream, limit=1024) is None


def test_line_at_exact_limit_is_kept() -> None:
    """A line of exactly ``limit`` bytes is a message; one byte more is not."""
    assert read_line(io.BytesIO(b"a" * 8 + b"\n"), limit=8) == b"a" * 8
    assert isinstance(read_line(io.BytesIO(b"a" * 9 + b"\n"), limit=8), Oversize)
    assert isinstance(read_line(io.BytesIO(b"a" * 9), limit=8), Oversize)  # and at EOF


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        (b"{", rpc.PARSE_ERROR),
        (b"\xff", rpc.PARSE_ERROR),
        (b"[]", rpc.INVALID_REQUEST),
        (b"null", rpc.INVALID_REQUEST),
        (b'{"jsonrpc":"2.0","id":1}', rpc.INVALID_REQUEST),
        (b'{"jsonrpc":"2.0","id":1,"method":""}', rpc.INVALID_REQUEST),
        (b'{"jsonrpc":"2.0","id":{},"method":"ping"}', rpc.INVALID_REQUEST),
        (b'{"jsonrpc":"2.0","id":1,"method":"ping","params":"x"}', rpc.INVALID_PARAMS),
    ],
)
def test_decode_failures(raw: bytes, code: int) -> None:
    """Each malformed envelope decodes to the error it must be answered with."""
    failure = rpc.decode(raw)
    assert isinstance(failure, rpc.Failure) and failure.code == code


def test_decode_request_and_notification() -> None:
    """A request keeps its id; a notification has none; a response is ignored."""
    request = rpc.decode(b'{"jsonrpc":"2.0","id":"a","method":"ping"}')
    assert request == rpc.Request(method="ping", id="a", params={})
    note = rpc.decode(b'{"jsonrpc":"2.0","method":"notifications/initialized"}')
    assert isinstance(note, rpc.Request) and note.is_notification
    assert isinstance(rpc.decode(b'{"jsonrpc":"2.0","id":1,"result":{}}'), rpc.Ignored)


def test_find_nul_walks_keys_values_and_depth() -> None:
    """NUL is found in keys, values and deep nesting; clean input (control) passes."""
    deep: Any = "a\x00"
    for _ in range(50_000):
        deep = [deep]
    assert rpc.find_nul({"a": deep})
    assert rpc.find_nul({"k\x00": 1})
    assert not rpc.find_nul({"a": ["b", {"c": "d"}], "e": 1})


def test_negotiate_versions() -> None:
    """Supported versions are echoed; unknown ones get the newest."""
    assert negotiate("2024-11-05") == "2024-11-05"
    assert negotiate("2099-01-01") == "2025-11-25"


def test_descriptions_tell_agents_how_to_treat_answers() -> None:
    """Descriptions say abstention is an answer and authority comes from the process."""
    listed = {t["name"]: t for t in visible_tools(operator=True)}
    assert "abstained' is a real answer" in listed["recall"]["description"]
    assert "rephrasings" in listed["recall"]["description"]
    assert "do not retry" in listed["remember"]["description"]
    for tool in listed.values():
        assert "server process's configuration" in tool["description"]


def test_argument_schemas_forbid_identity_fields() -> None:
    """No tool schema has a tenant/agent/actor/operator field, and extra fields are closed."""
    for tool in visible_tools(operator=True):
        props = tool["inputSchema"]["properties"]
        assert not {"tenant", "agent", "actor", "operator", "agent_id"} & set(props)
        assert tool["inputSchema"]["additionalProperties"] is False


def test_operator_tools_hidden_without_operator() -> None:
    """find_tool hides operator tools from a non-operator process; control: operator sees them."""
    for name in ("review", "review_queue", "freeze", "unfreeze", "resolve_dispute"):
        assert find_tool(name, operator=False) is None
        assert find_tool(name, operator=True) is not None
    assert find_tool("list_claims", operator=False) is not None  # browsing is for everyone
    assert len(visible_tools(operator=False)) == 8 and len(visible_tools(operator=True)) == 13


def test_parse_arguments_is_strict() -> None:
    """Strings are not coerced to ints and unknown fields are refused; valid input passes."""
    recall = find_tool("recall", operator=False)
    assert recall is not None
    assert isinstance(parse_arguments(recall, {"query": "q", "limit": "5"}), str)
    assert isinstance(parse_arguments(recall, {"query": "q", "tenant": "t"}), str)
    parsed = parse_arguments(recall, {"query": "q", "limit": 5})
    assert not isinstance(parsed, str) and parsed.limit == 5  # type: ignore[attr-defined]


def test_fake_backend_results_honour_every_output_schema() -> None:
    """The fake's results pass check_result, and a broken one (control) does not."""
    backend = FakeBackend(operator=True)
    calls = {
        "add_source": {"source_id": "d", "text": "Ada was born in 1815."},
        "remember": {"claim": "Ada was born", "evidence": "Ada was born maybe"},
        "recall": {"query": "Ada born"},
        "forget": {"subject": "Nobody"},
        "verify": {},
        "history": {},
        "stats": {},
        "review_queue": {},
    }
    for tool in TOOLS:
        if tool.name in calls:
            result = getattr(backend, tool.name)(**calls[tool.name])
            assert check_result(tool, result) is None, tool.name
    remember = find_tool("remember", operator=False)
    assert remember is not None
    assert check_result(remember, {"status": "admitted", "text": "x"}) is not None
