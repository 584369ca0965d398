"""Conformance with the official ``mcp`` client over a real stdio pipe.

The client initializes, lists tools and calls every one; each structuredContent
is validated against the tool's outputSchema (the client checks too).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import anyio
import pytest
from fake_backend import server_command

mcp = pytest.importorskip("mcp")
jsonschema = pytest.importorskip("jsonschema")

from mcp import ClientSession  # noqa: E402
from mcp.client.stdio import StdioServerParameters, stdio_client  # noqa: E402

CALLS: list[tuple[str, dict[str, Any]]] = [
    ("add_source", {"source_id": "doc-1", "text": "Ada Lovelace was born in 1815 in London."}),
    (
        "remember",
        {
            "claim": "Ada Lovelace was born in 1815.",
            "evidence": "Ada Lovelace was born in 1815",
            "source_id": "doc-1",
        },
    ),
    ("remember", {"claim": "Ada Lovelace was born in 1820.", "evidence": "born in 1815"}),
    ("recall", {"query": "When was Ada Lovelace born?"}),
    ("recall", {"query": "Where was Zyxwv Qqqq born?", "as_of": "2020-01-01", "limit": 3}),
    ("history", {}),
    ("stats", {}),
    ("verify", {}),
    ("review_queue", {}),
    ("forget", {"subject": "Ada Lovelace"}),
    ("forget", {"subject": "Nobody Ever-Stored"}),
]


async def _session_run(argv: list[str], env: dict[str, str]) -> dict[str, Any]:
    params = StdioServerParameters(command=argv[0], args=argv[1:], env=env)
    seen: dict[str, Any] = {"results": []}
    async with stdio_client(params) as (read, write), ClientSession(read, write) as session:
        init = await session.initialize()
        seen["init"] = init
        listed = await session.list_tools()
        seen["tools"] = {t.name: t for t in listed.tools}
        for name, arguments in CALLS:
            result = await session.call_tool(name, arguments)
            seen["results"].append((name, result))
        queue = next(r for n, r in seen["results"] if n == "review_queue")
        items = queue.structured_content["items"]
        item = items[0]["item"] if items else "no-such-item"
        review = await session.call_tool("review", {"item": item, "decision": "approve", "note": "checked"})
        seen["results"].append(("review", review))
        seen["unknown"] = await _expect_error(session)
    return seen


async def _expect_error(session: ClientSession) -> str:
    try:
        await session.call_tool("recall", {"query": "Ada", "tenant": "other"})
    except Exception as exc:  # the client raises the JSON-RPC error
        return str(exc)
    return ""


@pytest.fixture(scope="module")
def session_run(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    store: Path = tmp_path_factory.mktemp("conformance") / "store"
    argv, env = server_command(str(store), operator=True)
    return anyio.run(_session_run, argv, env)


def test_initialize_negotiates_latest_handshake(session_run: dict[str, Any]) -> None:
    """The official client's initialize succeeds with the version it offered."""
    init = session_run["init"]
    assert init.protocol_version == "2025-11-25"
    assert init.server_info.name == "affidavit"
    assert init.capabilities.tools is not None


def test_every_tool_is_listed_with_valid_schemas(session_run: dict[str, Any]) -> None:
    """Each tool carries object input/output schemas that are valid JSON Schema."""
    tools = session_run["tools"]
    assert set(tools) == {
        "remember",
        "recall",
        "forget",
        "verify",
        "history",
        "add_source",
        "stats",
        "review_queue",
        "review",
        "list_claims",
        "freeze",
        "unfreeze",
        "resolve_dispute",
    }
    for tool in tools.values():
        for schema in (tool.input_schema, tool.output_schema):
            assert schema["type"] == "object" and "$ref" not in str(schema)
            jsonschema.Draft202012Validator.check_schema(schema)
        assert tool.input_schema["additionalProperties"] is False


def test_annotations_mark_reads_and_destruction(session_run: dict[str, Any]) -> None:
    """Read-only tools say so, forget is destructive, writers are not read-only."""
    tools = session_run["tools"]
    for name in ("recall", "verify", "history", "stats", "review_queue"):
        assert tools[name].annotations.read_only_hint is True
    assert tools["forget"].annotations.destructive_hint is True
    for name in ("remember", "add_source", "review", "forget"):
        assert tools[name].annotations.read_only_hint is False
    assert tools["remember"].annotations.destructive_hint is False


def test_every_call_conforms_to_its_output_schema(session_run: dict[str, Any]) -> None:
    """Every successful result validates against its outputSchema and mirrors text."""
    tools = session_run["tools"]
    checked = set()
    for name, result in session_run["results"]:
        if result.is_error:
            assert name == "review" and result.structured_content is None
            continue
        schema = tools[name].output_schema
        jsonschema.validate(result.structured_content, schema)
        assert result.content[0].text == result.structured_content["text"]
        checked.add(name)
    assert checked >= {"remember", "recall", "forget", "verify", "history", "add_source", "stats"}


def test_identity_argument_is_a_protocol_error_for_the_client(session_run: dict[str, Any]) -> None:
    """The client sees a `tenant` argument refused as invalid params."""
    assert "tenant" in session_run["unknown"]
