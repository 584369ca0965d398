"""MCP over stdio: protocol messages, the one tool table, the stdio loop (no domain logic)."""

from affidavit.mcp.backend import ToolBackend
from affidavit.mcp.lines import LINE_LIMIT
from affidavit.mcp.server import PROTOCOL_VERSIONS, run

__all__ = ["LINE_LIMIT", "PROTOCOL_VERSIONS", "ToolBackend", "run"]
