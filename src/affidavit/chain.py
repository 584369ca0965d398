"""Pure hash-chain maths and chain verification. No I/O.

Event hash (docs/ledger-format.md)::

    SHA-256( "affidavit/event/v1\\n"
             || u64be(seq) || lp(kind) || lp(tenant) || lp(actor)
             || i64be(recorded_at) || lp(resolver) || lp(body) || prev_hash )

where ``lp(x) = u32be(len(x)) || x`` over UTF-8 bytes and ``prev_hash`` is the
32-byte hash of the previous event (32 zero bytes before seq 1). The body is
hashed exactly as stored.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable
from typing import Final, NamedTuple

DOMAIN: Final = b"affidavit/event/v1\n"
GENESIS_PREV: Final = bytes(32)
_U64 = struct.Struct(">Q")
_I64 = struct.Struct(">q")
_U32 = struct.Struct(">I")


class Row(NamedTuple):
    """One ledger row exactly as stored."""

    seq: int
    kind: str
    tenant: str
    actor: str
    recorded_at: int
    resolver: str
    body: bytes
    prev_hash: bytes
    hash: bytes


def _lp(data: bytes) -> bytes:
    return _U32.pack(len(data)) + data


def event_hash(
    seq: int,
    kind: str,
    tenant: str,
    actor: str,
    recorded_at: int,
    resolver: str,
    body: bytes,
    prev_hash: bytes,
) -> bytes:
    return hashlib.sha256(
        b"".join(
            (
                DOMAIN,
                _U64.pack(seq),
                _lp(kind.encode()),
                _lp(tenant.encode()),
                _lp(actor.encode()),
                _I64.pack(recorded_at),
                _lp(resolver.encode()),
                _lp(body),
                prev_hash,
            )
        )
    ).digest()


class Failure(NamedTuple):
    seq: int
    expected: str
    found: str


def check_row(row: Row, expected_seq: int, prev_hash: bytes, prev_recorded_at: int) -> Failure | None:
    """The first thing wrong with ``row`` as the successor of the given chain state."""
    if row.seq != expected_seq:
        return Failure(expected_seq, f"seq {expected_seq}", f"seq {row.seq}")
    if not isinstance(row.prev_hash, bytes) or row.prev_hash != prev_hash:
        return Failure(row.seq, f"prev_hash {prev_hash.hex()}", f"prev_hash {_hex(row.prev_hash)}")
    if not isinstance(row.body, bytes) or not isinstance(row.recorded_at, int):
        return Failure(row.seq, "body as bytes and recorded_at as integer", "another column type")
    if row.recorded_at < prev_recorded_at:
        return Failure(
            row.seq,
            f"recorded_at >= {prev_recorded_at}",
            f"recorded_at {row.recorded_at} (time went backwards)",
        )
    computed = event_hash(
        row.seq, row.kind, row.tenant, row.actor, row.recorded_at, row.resolver, row.body, prev_hash
    )
    if row.hash != computed:
        return Failure(row.seq, f"hash {computed.hex()}", f"hash {_hex(row.hash)}")
    return None


def _hex(value: object) -> str:
    return value.hex() if isinstance(value, bytes) else repr(type(value).__name__)


class ChainReport(NamedTuple):
    events: int
    head_hash: bytes
    head_recorded_at: int
    failure: Failure | None

    @property
    def ok(self) -> bool:
        return self.failure is None


def verify_chain(rows: Iterable[Row]) -> ChainReport:
    """Verify rows from genesis; stop at the first failure and name its seq."""
    expected, prev, prev_at, count = 1, GENESIS_PREV, -(2**63), 0
    for row in rows:
        failure = check_row(row, expected, prev, prev_at)
        if failure is not None:
            return ChainReport(count, prev, prev_at, failure)
        expected, prev, prev_at, count = expected + 1, row.hash, row.recorded_at, count + 1
    return ChainReport(count, prev, prev_at, None)
