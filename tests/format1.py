"""Stores written as ledger format 1 wrote them, by the format-1 encoders the code still has.

JSON bodies (``codec.encode_json_body``), sealed payloads as msgpack maps
(``codec.encode_private_map``), genesis saying ``format: 1``, and row layout 1 (a new
ledger gets only migration 0001, so rows keep their header strings and ``prev_hash``).
Built this way rather than checked in as binary files, so a fixture is as old as the
encoders it names and no older.
"""

from __future__ import annotations

import contextlib
from collections.abc import Iterator

import msgspec
import pytest

from affidavit import codec
from affidavit.engine import engine, transaction
from affidavit.events import Event, StoreCreated
from affidavit.ledger import pgschema, schema


@contextlib.contextmanager
def format1_writes(monkeypatch: pytest.MonkeyPatch, *, layout: int = 1,
                   bodies: int = 1) -> Iterator[None]:
    """Inside: stores are created and written in format 1 (``layout``/``bodies`` 2 mixes one in)."""
    with monkeypatch.context() as patch:
        if bodies == 1:
            patch.setattr(transaction, "encode_body", _format1_body)
            patch.setattr(engine, "encode_private", codec.encode_private_map)
        if layout == 1:
            patch.setattr(schema, "MIGRATIONS", schema.MIGRATIONS[:1])
            patch.setattr(pgschema, "MIGRATIONS", pgschema.MIGRATIONS[:1])
        yield


def _format1_body(event: Event) -> bytes:
    if isinstance(event, StoreCreated):  # the genesis of a format-1 store says so
        event = msgspec.structs.replace(event, format=1)
    return codec.encode_json_body(event)
