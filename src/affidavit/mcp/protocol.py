"""JSON-RPC 2.0 envelopes for MCP: decode one line, encode one reply.

Only this package knows JSON-RPC. Decoding never raises: a bad message comes
back as a ``Failure`` value carrying the error to send, so the stdio loop has
one place that writes and nothing here can leak a traceback.
"""

from __future__ import annotations

from typing import Any, Final

import msgspec

PARSE_ERROR: Final = -32700
INVALID_REQUEST: Final = -32600
METHOD_NOT_FOUND: Final = -32601
INVALID_PARAMS: Final = -32602
INTERNAL_ERROR: Final = -32603

RequestId = int | str

_decoder: Final = msgspec.json.Decoder()
_encoder: Final = msgspec.json.Encoder()


class Request(msgspec.Struct, frozen=True):
    """A request (``id`` set) or a notification (``id`` is None)."""

    method: str
    id: RequestId | None
    params: dict[str, Any]

    @property
    def is_notification(self) -> bool:
        return self.id is None


class Failure(msgspec.Struct, frozen=True):
    """A message that must be answered with an error (``id`` None when unknown)."""

    id: RequestId | None
    code: int
    message: str


class Ignored(msgspec.Struct, frozen=True):
    """A well-formed message that needs no answer (a response from the client)."""


def decode(line: bytes) -> Request | Failure | Ignored:
    """Decode one line into a request, or the error to answer it with."""
    try:
        message = _decoder.decode(line)
    except (msgspec.DecodeError, RecursionError):
        # Malformed JSON, invalid UTF-8, lone surrogates and absurd nesting land here.
        return Failure(None, PARSE_ERROR, "Parse error: not a JSON value in UTF-8")
    if isinstance(message, list):
        return Failure(None, INVALID_REQUEST, "Invalid Request: batches are not supported")
    if not isinstance(message, dict):
        return Failure(None, INVALID_REQUEST, "Invalid Request: expected a JSON object")
    has_id = "id" in message
    raw_id = message.get("id")
    # MCP ids are strings or integers, never null; bool is not an integer here.
    id_ok = isinstance(raw_id, str) or (isinstance(raw_id, int) and not isinstance(raw_id, bool))
    request_id: RequestId | None = raw_id if has_id and id_ok else None
    if message.get("jsonrpc") != "2.0":
        return Failure(request_id, INVALID_REQUEST, 'Invalid Request: jsonrpc must be "2.0"')
    if has_id and not id_ok:
        return Failure(None, INVALID_REQUEST, "Invalid Request: id must be a string or integer")
    method = message.get("method")
    if method is None and has_id and ("result" in message or "error" in message):
        return Ignored()  # we send no requests, so any response is stray
    if not isinstance(method, str) or not method:
        return Failure(request_id, INVALID_REQUEST, "Invalid Request: method must be a string")
    params = message.get("params", {})
    if not isinstance(params, dict):
        if not has_id:
            return Ignored()  # a notification is never answered, not even when malformed
        return Failure(request_id, INVALID_PARAMS, "Invalid params: params must be an object")
    return Request(method=method, id=request_id, params=params)


def find_nul(value: Any) -> bool:
    """True when any string (key or value) in a decoded message holds a NUL character."""
    stack = [value]  # iterative: nesting depth is attacker-chosen
    while stack:
        item = stack.pop()
        if isinstance(item, str):
            if "\x00" in item:
                return True
        elif isinstance(item, dict):
            if any("\x00" in key for key in item):
                return True
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
    return False


def encode_result(request_id: RequestId, result: Any) -> bytes:
    return _encoder.encode({"jsonrpc": "2.0", "id": request_id, "result": result})


def encode_error(request_id: RequestId | None, code: int, message: str) -> bytes:
    """An error response; with no readable id the ``id`` member is omitted.

    MCP ids are never null (the 2025-11-25 schema makes ``id`` optional on error
    responses for exactly this case), so ``"id": null`` would break the schema.
    """
    error = {"code": code, "message": message}
    if request_id is None:
        return _encoder.encode({"jsonrpc": "2.0", "error": error})
    return _encoder.encode({"jsonrpc": "2.0", "id": request_id, "error": error})
