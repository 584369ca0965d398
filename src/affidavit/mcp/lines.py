"""Newline-delimited framing with a hard per-message limit.

A message longer than ``LINE_LIMIT`` bytes is never held whole in memory: we
read at most ``limit + 1`` bytes, and if no newline came by then we skip the
rest of the line in fixed chunks and report it as oversize. The next line is
served normally.
"""

from __future__ import annotations

from typing import BinaryIO, Final

# 1 MiB per JSON-RPC message (newline excluded); documented in docs/mcp-tools.md.
LINE_LIMIT: Final = 1 << 20
_SKIP_CHUNK: Final = 64 * 1024


class Oversize:
    """Marker for a line that exceeded the limit and was discarded."""

    __slots__ = ("limit",)

    def __init__(self, limit: int) -> None:
        self.limit = limit


def read_line(stream: BinaryIO, limit: int = LINE_LIMIT) -> bytes | Oversize | None:
    """Return the next line without its newline, ``Oversize``, or ``None`` at EOF."""
    line = stream.readline(limit + 1)
    if not line:
        return None
    if line.endswith(b"\n"):
        return line[:-1]
    if len(line) <= limit:
        return line  # a last line without a newline before EOF
    _skip_to_newline(stream)
    return Oversize(limit)


def _skip_to_newline(stream: BinaryIO) -> None:
    # Bounded memory: each chunk is dropped before the next is read.
    while True:
        chunk = stream.readline(_SKIP_CHUNK)
        if not chunk or chunk.endswith(b"\n"):
            return
