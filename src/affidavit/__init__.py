"""affidavit: agent memory where the model proposes and deterministic code decides.

The public embedded API: ``Store`` (``Store.open(path)``), ``Identity`` and the
errors. Everything a store holds is replayed from its hash-chained ledger.
"""

from __future__ import annotations

import structlog

from affidavit.errors import (
    AffidavitError,
    ChainBroken,
    InvalidInput,
    KeyringError,
    LedgerError,
    NotALedger,
    NotAuthorized,
    SealedWrite,
    UnknownEventKind,
)
from affidavit.identity import Identity

if not structlog.is_configured():
    # stdout may carry protocol (MCP): an embedded store logs JSON to stderr unless the
    # host application configured structlog itself.
    from affidavit.logs import configure_logging

    configure_logging()


def __getattr__(name: str) -> object:
    # Store pulls in apsw and cryptography; import it on first use.
    if name in {"Store", "open_store"}:
        from affidavit.store import Store

        return Store if name == "Store" else Store.open
    raise AttributeError(name)


__all__ = [
    "AffidavitError",
    "ChainBroken",
    "Identity",
    "InvalidInput",
    "KeyringError",
    "LedgerError",
    "NotALedger",
    "NotAuthorized",
    "SealedWrite",
    "Store",
    "UnknownEventKind",
    "open_store",
]
