"""Structured logging: JSON lines on stderr, configured in this one place.

stdout belongs to the MCP protocol, so nothing may log there. Log lines carry
tool names, statuses, durations, codes and ids, never personal content: a log
cannot be shredded by an erasure.
"""

from __future__ import annotations

import logging
import sys
from typing import TextIO

import structlog


class _CurrentStderr:
    """Whatever ``sys.stderr`` is at write time (a test harness may swap and close it)."""

    def write(self, text: str) -> int:
        return sys.stderr.write(text)

    def flush(self) -> None:
        sys.stderr.flush()


def configure_logging(level: int = logging.INFO, stream: TextIO | None = None) -> None:
    """Route every ``structlog.get_logger()`` to JSON lines on ``stream`` (stderr)."""
    structlog.configure(
        processors=[
            structlog.contextvars.merge_contextvars,
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso", utc=True),
            structlog.processors.JSONRenderer(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(file=stream or _CurrentStderr()),  # type: ignore[arg-type]
        cache_logger_on_first_use=False,  # tests may reconfigure the stream
    )
