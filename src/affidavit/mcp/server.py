"""MCP over stdio: one JSON-RPC message per line in, one reply per line out.

The loop is sequential, so a request runs to completion before the next line
is read (``notifications/cancelled`` has nothing to cancel). stdout carries
protocol only; logs go to stderr through structlog. An unexpected exception
becomes one generic internal error; its message is never sent or logged,
because it could carry personal content.
"""

from __future__ import annotations

import time
from importlib import metadata
from typing import Any, BinaryIO, Final

import msgspec
import structlog

from affidavit.errors import AffidavitError
from affidavit.mcp import protocol as rpc
from affidavit.mcp.backend import ToolBackend
from affidavit.mcp.lines import LINE_LIMIT, Oversize, read_line
from affidavit.mcp.tools import check_result, find_tool, invoke, parse_arguments, visible_tools

# Newest first; an unsupported request is answered with the newest.
PROTOCOL_VERSIONS: Final = ("2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05")
_MESSAGE_CAP: Final = 500  # characters of an error message sent back in a tool result

INSTRUCTIONS: Final = (
    "affidavit is an evidence-checked memory. remember stores a claim only if the quoted "
    "evidence supports it; recall answers from stored claims or abstains. A refusal or an "
    "abstention is a real answer: do not retry with rephrasings. Identity and authority "
    "come from this server's configuration, not from tool arguments."
)


def _server_version() -> str:
    try:
        return metadata.version("affidavit")
    except metadata.PackageNotFoundError:
        return "0+unknown"


class _InitializeParams(msgspec.Struct, frozen=True):
    protocolVersion: str  # noqa: N815 - wire name
    capabilities: dict[str, Any] = {}
    clientInfo: dict[str, Any] | None = None  # noqa: N815 - wire name


class _CallParams(msgspec.Struct, frozen=True):
    name: str
    arguments: dict[str, Any] | None = None


def negotiate(requested: str) -> str:
    """The client's version when we speak it, else our newest."""
    return requested if requested in PROTOCOL_VERSIONS else PROTOCOL_VERSIONS[0]


def run(
    backend: ToolBackend,
    instream: BinaryIO,
    outstream: BinaryIO,
    *,
    line_limit: int = LINE_LIMIT,
) -> None:
    """Serve until EOF on ``instream`` (or the client hangs up); never raises on bad input."""
    session = _Session(backend, line_limit)
    log = structlog.get_logger("affidavit.mcp")
    log.info("mcp_started", operator=bool(backend.operator), line_limit=line_limit)
    try:
        while True:
            line = read_line(instream, line_limit)
            if line is None:
                break
            reply = session.reply_to(line)
            if reply is not None:
                outstream.write(reply + b"\n")
                outstream.flush()
    except OSError as exc:  # a closed pipe on either side ends the session
        log.info("mcp_io_closed", exc_type=type(exc).__name__)
    log.info("mcp_stopped")


class _Session:
    def __init__(self, backend: ToolBackend, line_limit: int) -> None:
        self._backend = backend
        self._line_limit = line_limit
        self._log = structlog.get_logger("affidavit.mcp")
        self.protocol_version: str | None = None

    def reply_to(self, line: bytes | Oversize) -> bytes | None:
        """The encoded reply to one line, or None when nothing must be sent."""
        if isinstance(line, Oversize):
            self._log.warning("message_too_long", code=rpc.INVALID_REQUEST, limit=line.limit)
            return rpc.encode_error(
                None,
                rpc.INVALID_REQUEST,
                f"Invalid Request: message longer than {line.limit} bytes was discarded",
            )
        if not line.strip():
            return None
        message = rpc.decode(line)
        if isinstance(message, rpc.Ignored):
            return None
        if isinstance(message, rpc.Failure):
            self._log.warning("bad_message", code=message.code)
            return rpc.encode_error(message.id, message.code, message.message)
        try:
            if message.id is None:
                self._notify(message)
                return None
            return self._answer(message.id, message)
        except Exception as exc:  # the one place an unexpected error is contained
            self._log.error("internal_error", method=_loggable(message.method), exc_type=type(exc).__name__)
            if message.id is None:
                return None
            return rpc.encode_error(message.id, rpc.INTERNAL_ERROR, "Internal error")

    def _notify(self, note: rpc.Request) -> None:
        # Notifications never get a reply, even unknown or malformed ones.
        self._log.debug("notification", method=_loggable(note.method))

    def _answer(self, request_id: rpc.RequestId, request: rpc.Request) -> bytes:
        handler = {
            "initialize": self._initialize,
            "ping": self._ping,
            "tools/list": self._tools_list,
            "tools/call": self._tools_call,
        }.get(request.method)
        if handler is None:
            self._log.info("unknown_method", code=rpc.METHOD_NOT_FOUND)
            return rpc.encode_error(request_id, rpc.METHOD_NOT_FOUND, "Method not found")
        if rpc.find_nul(request.params):
            return self._invalid(request_id, "a string contains a NUL character")
        outcome = handler(request.params)
        if isinstance(outcome, str):
            return self._invalid(request_id, outcome)
        return rpc.encode_result(request_id, outcome)

    def _invalid(self, request_id: rpc.RequestId, why: str) -> bytes:
        self._log.info("invalid_params", code=rpc.INVALID_PARAMS)
        return rpc.encode_error(request_id, rpc.INVALID_PARAMS, f"Invalid params: {why}")

    def _initialize(self, params: dict[str, Any]) -> dict[str, Any] | str:
        try:
            init = msgspec.convert(params, _InitializeParams, strict=True)
        except msgspec.ValidationError as exc:
            return str(exc)
        self.protocol_version = negotiate(init.protocolVersion)
        self._log.info("initialized", protocol_version=self.protocol_version)
        return {
            "protocolVersion": self.protocol_version,
            "capabilities": {"tools": {"listChanged": False}},
            "serverInfo": {"name": "affidavit", "version": _server_version()},
            "instructions": INSTRUCTIONS,
        }

    def _ping(self, params: dict[str, Any]) -> dict[str, Any]:
        return {}

    def _tools_list(self, params: dict[str, Any]) -> dict[str, Any]:
        # One page holds every tool, so a cursor has nothing to continue.
        return {"tools": visible_tools(bool(self._backend.operator))}

    def _tools_call(self, params: dict[str, Any]) -> dict[str, Any] | str:
        try:
            call = msgspec.convert(params, _CallParams, strict=True)
        except msgspec.ValidationError as exc:
            return str(exc)
        tool = find_tool(call.name, bool(self._backend.operator))
        if tool is None:
            return f"unknown tool {_echo(call.name)}"
        args = parse_arguments(tool, call.arguments or {})
        if isinstance(args, str):
            return f"{tool.name}: {args}"
        started = time.perf_counter()  # monotonic duration, not wall time
        try:
            result = invoke(self._backend, tool, args)
        except AffidavitError as exc:
            self._log.info("tool_failed", tool=tool.name, code=exc.code, ms=_ms(started))
            text = f"{exc.code}: {exc}"[:_MESSAGE_CAP]
            return {"content": [{"type": "text", "text": text}], "isError": True}
        problem = check_result(tool, result)
        if problem is not None:
            # A backend bug: say where the shape broke, never the values.
            self._log.error("result_contract", tool=tool.name, at=problem.rsplit(" - at ", 1)[-1])
            raise TypeError("backend result does not match the output schema")
        self._log.info(
            "tool_call",
            tool=tool.name,
            status=result.get("status", "ok" if result.get("ok", True) else "failed"),
            claim_id=result.get("claim_id"),
            ms=_ms(started),
        )
        return {
            "content": [{"type": "text", "text": result["text"]}],
            "structuredContent": result,
            "isError": False,
        }


def _ms(started: float) -> float:
    return round((time.perf_counter() - started) * 1000, 3)


_KNOWN_METHODS: Final = frozenset(
    {
        "initialize",
        "ping",
        "tools/list",
        "tools/call",
        "notifications/initialized",
        "notifications/cancelled",
    }
)


def _loggable(method: str) -> str:
    # Method names are client text: log only the ones we know.
    return method if method in _KNOWN_METHODS else "(other)"


def _echo(name: str) -> str:
    """A client-sent name fit to quote back: short and printable, else a placeholder."""
    if len(name) <= 64 and name.isprintable():
        return repr(name)
    return "(unprintable or too long)"
