"""The one tool table: names, agent-facing descriptions, schemas, annotations.

Schemas are generated from the Structs in ``affidavit.mcp.schemas``; the same
Structs validate arguments on the way in and backend results on the way out.
No domain logic lives here: a tool call is "validate, call the backend method
of the same name, check the result shape".
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

import msgspec

from affidavit.mcp import schemas as s
from affidavit.mcp.backend import ToolBackend

_AUTHORITY: Final = (
    " Who you act as (tenant, agent) and whether you may review comes from the server "
    "process's configuration, never from arguments; there are no such arguments."
)


@dataclass(frozen=True)
class ToolSpec:
    """One row of the table."""

    name: str
    title: str
    description: str
    args: type[s.Args]
    result: type[s.Result]
    read_only: bool = False
    destructive: bool = False
    idempotent: bool = False
    operator: bool = False  # listed and callable only when backend.operator

    def listing(self) -> dict[str, Any]:
        """The tools/list entry."""
        return {
            "name": self.name,
            "title": self.title,
            "description": self.description + _AUTHORITY,
            "inputSchema": json_schema(self.args),
            "outputSchema": json_schema(self.result),
            "annotations": {
                "title": self.title,
                "readOnlyHint": self.read_only,
                "destructiveHint": self.destructive,
                "idempotentHint": self.idempotent,
                "openWorldHint": False,  # the store is closed: no web, no other systems
            },
        }


def json_schema(struct: type[msgspec.Struct]) -> dict[str, Any]:
    """The Struct's JSON Schema with every ``$ref`` inlined (MCP wants a plain object)."""
    (root,), components = msgspec.json.schema_components([struct])
    return _inline(root, components)


def _inline(node: Any, components: dict[str, Any], props: bool = False) -> Any:
    # ``props``: node maps property names to schemas, so its keys are field names.
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str):
            return _inline(components[ref.rsplit("/", 1)[-1]], components)
        return {
            k: _inline(v, components, props=not props and k == "properties")
            for k, v in node.items()
            if props or k != "title"  # class names are noise to a client
        }
    if isinstance(node, list):
        return [_inline(v, components) for v in node]
    return node


TOOLS: Final[tuple[ToolSpec, ...]] = (
    ToolSpec(
        "remember",
        "Remember a claim with evidence",
        "Store one claim together with a verbatim quote that supports it. Deterministic "
        "checks, not a model, decide the outcome: 'admitted' (stored, with a receipt "
        "binding it to the quoted bytes), 'refused' (the reason names the word, number "
        "or name the quote does not support, and what to do), 'quarantined' (held for an "
        "operator to review) or 'not_stored'. A refusal is an answer, not a glitch: fix "
        "the claim so it says no more than the quote, or quote the span that says it; do "
        "not retry rewordings to get past the check. If you pass source_id, the evidence "
        "must be quoted from that source (register it with add_source or source_text).",
        s.RememberArgs,
        s.RememberResult,
    ),
    ToolSpec(
        "recall",
        "Recall stored claims",
        "Answer a question from stored claims only, each with its receipt status. "
        "'abstained' is a real answer: the store does not know, and ungrounded_term names "
        "the subject or predicate it could not ground. Do not retry with rephrasings or "
        "synonyms hoping for a different result; tell the user it is not known, or "
        "remember it first with evidence. as_of asks what held on a date (valid time); "
        "as_of_seq asks what the store believed at a ledger position.",
        s.RecallArgs,
        s.RecallResult,
        read_only=True,
        idempotent=True,
    ),
    ToolSpec(
        "forget",
        "Erase a subject",
        "Erase everything stored about one person or entity, provably: their claims, "
        "keys and source passages are destroyed and a signed erasure certificate is "
        "returned. Irreversible. Later attempts to remember claims about the subject are "
        "refused as previously erased.",
        s.ForgetArgs,
        s.ForgetResult,
        destructive=True,
        idempotent=True,
    ),
    ToolSpec(
        "verify",
        "Verify the ledger",
        "Re-check the whole hash chain from genesis, the head seal, your receipts and "
        "whether your stored content can still be opened. ok=false names the first bad "
        "ledger position (first_bad_seq) and what was expected there; checks lists every "
        "check as passed, failed or skipped (and why). It answers even when the store "
        "refuses every other tool.",
        s.NoArgs,
        s.VerifyResult,
        read_only=True,
        idempotent=True,
    ),
    ToolSpec(
        "history",
        "Ledger history",
        "List ledger events (what was decided, when, by whom), optionally only those "
        "about one subject or one claim id.",
        s.HistoryArgs,
        s.HistoryResult,
        read_only=True,
        idempotent=True,
    ),
    ToolSpec(
        "add_source",
        "Register a source document",
        "Register a source document's text under an opaque id (not a file path) so that "
        "remember can quote from it. Registering the same text again is harmless; "
        "different text under an existing id is an error.",
        s.AddSourceArgs,
        s.AddSourceResult,
        idempotent=True,
    ),
    ToolSpec(
        "stats",
        "Store statistics",
        "Counts of claims by state, subjects, sources and ledger events, and the chain head.",
        s.NoArgs,
        s.StatsResult,
        read_only=True,
        idempotent=True,
    ),
    ToolSpec(
        "review_queue",
        "Quarantined claims awaiting review",
        "List quarantined claims with their evidence and why they were held. Operator only.",
        s.NoArgs,
        s.ReviewQueueResult,
        read_only=True,
        idempotent=True,
        operator=True,
    ),
    ToolSpec(
        "review",
        "Decide a review item",
        "Approve or reject one quarantined claim, with a note recorded in the ledger. The "
        "decision is bound to the version of the item you saw; if it changed since, the "
        "call fails and you should re-read review_queue. Operator only.",
        s.ReviewArgs,
        s.ReviewResult,
        operator=True,
    ),
)

_BY_NAME: Final = {tool.name: tool for tool in TOOLS}
# Listings are pure functions of the table: build them once.
_LISTINGS: Final = {tool.name: tool.listing() for tool in TOOLS}


def visible_tools(operator: bool) -> list[dict[str, Any]]:
    """The tools/list payload for a process with or without operator authority."""
    return [_LISTINGS[t.name] for t in TOOLS if operator or not t.operator]


def find_tool(name: str, operator: bool) -> ToolSpec | None:
    """The tool, or None when it does not exist or the process may not see it."""
    tool = _BY_NAME.get(name)
    if tool is None or (tool.operator and not operator):
        return None
    return tool


def parse_arguments(tool: ToolSpec, arguments: dict[str, Any]) -> s.Args | str:
    """Validated arguments, or the reason they are invalid (no values echoed)."""
    try:
        return msgspec.convert(arguments, tool.args, strict=True)
    except msgspec.ValidationError as exc:
        return str(exc)


def invoke(backend: ToolBackend, tool: ToolSpec, args: s.Args) -> dict[str, Any]:
    """Call the backend method named like the tool with the validated arguments."""
    method = getattr(backend, tool.name)
    result: dict[str, Any] = method(**msgspec.structs.asdict(args))
    return result


def check_result(tool: ToolSpec, result: Any) -> str | None:
    """None when the backend's result honours the published outputSchema, else why not."""
    if not isinstance(result, dict):
        return "result is not an object"
    try:
        msgspec.convert(result, tool.result, strict=True)
    except msgspec.ValidationError as exc:
        return str(exc)
    return None
