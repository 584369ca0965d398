"""Pure hash-chain maths and chain verification. No I/O.

Event hash (docs/ledger-format.md)::

    SHA-256( "affidavit/event/v1\\n"
             || u64be(seq) || lp(kind) || lp(tenant) || lp(actor)
             || i64be(recorded_at) || lp(resolver) || lp(body) || prev_hash )

where ``lp(x) = u32be(len(x)) || x`` over UTF-8 bytes and ``prev_hash`` is the
32-byte hash of the previous event (32 zero bytes before seq 1). The body is
hashed exactly as stored. ``tests/test_chain_vectors.py`` freezes known answers.
"""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Iterable, Iterator
from typing import Final, NamedTuple

from affidavit.errors import ChainBroken

DOMAIN: Final = b"affidavit/event/v1\n"
GENESIS_PREV: Final = bytes(32)
_U64 = struct.Struct(">Q")
_I64 = struct.Struct(">q")
_U32 = struct.Struct(">I")
_sha256 = hashlib.sha256

# Replay hashes every event, and kind/tenant/actor/resolver repeat across almost all
# rows: their length-prefixed encodings are cached (bounded, so a hostile ledger with
# unique strings per row costs memory no larger than this).
_CACHE_MAX: Final = 4096
_middle: dict[tuple[str, str, str], bytes] = {}  # lp(kind) || lp(tenant) || lp(actor)
_resolver: dict[str, bytes] = {}  # lp(resolver)


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


# A row as SQLite hands it over (a plain tuple, in ``Row``'s order): replay skips
# building a ``Row`` per event.
RowValues = tuple[int, str, str, str, int, str, bytes, bytes, bytes]


def _lp(text: str) -> bytes:
    data = text.encode()
    return _U32.pack(len(data)) + data


def _middle_of(kind: str, tenant: str, actor: str) -> bytes:
    key = (kind, tenant, actor)
    middle = _middle.get(key)
    if middle is None:
        middle = _lp(kind) + _lp(tenant) + _lp(actor)
        if len(_middle) >= _CACHE_MAX:
            _middle.clear()
        _middle[key] = middle
    return middle


def _resolver_of(resolver: str) -> bytes:
    encoded = _resolver.get(resolver)
    if encoded is None:
        encoded = _lp(resolver)
        if len(_resolver) >= _CACHE_MAX:
            _resolver.clear()
        _resolver[resolver] = encoded
    return encoded


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
    """The event's SHA-256 as laid out in the module docstring.

    A field of the wrong type or range raises ``TypeError``, ``AttributeError`` or
    ``struct.error`` (only str values are ever cached, so a blob never hits the cache);
    ``check_row`` turns that into a ``Failure``.
    """
    return _sha256(
        b"".join(
            (
                DOMAIN,
                _U64.pack(seq),
                _middle_of(kind, tenant, actor),
                _I64.pack(recorded_at),
                _resolver_of(resolver),
                _U32.pack(len(body)),
                body,
                prev_hash,
            )
        )
    ).digest()


class Failure(NamedTuple):
    seq: int
    expected: str
    found: str


def check_row(row: RowValues, expected_seq: int, prev_hash: bytes, prev_recorded_at: int) -> Failure | None:
    """The first thing wrong with ``row`` as the successor of the given chain state."""
    seq, kind, tenant, actor, recorded_at, resolver, body, row_prev, stored = row
    if seq != expected_seq:
        return Failure(expected_seq, f"seq {expected_seq}", f"seq {seq}")
    if type(row_prev) is not bytes or row_prev != prev_hash:
        return Failure(seq, f"prev_hash {prev_hash.hex()}", f"prev_hash {_hex(row_prev)}")
    if type(body) is not bytes or type(recorded_at) is not int:
        return Failure(seq, "body as bytes and recorded_at as integer", "another column type")
    if recorded_at < prev_recorded_at:
        return Failure(
            seq,
            f"recorded_at >= {prev_recorded_at}",
            f"recorded_at {recorded_at} (time went backwards)",
        )
    try:
        computed = event_hash(seq, kind, tenant, actor, recorded_at, resolver, body, prev_hash)
    except (TypeError, AttributeError, struct.error):
        # A text column stored as a blob, or an integer outside 64 bits: not our format.
        return Failure(seq, "text header columns and 64-bit integers", "another column type")
    if stored != computed:
        return Failure(seq, f"hash {computed.hex()}", f"hash {_hex(stored)}")
    return None


def _hex(value: object) -> str:
    return value.hex() if isinstance(value, bytes) else repr(type(value).__name__)


def verified(
    rows: Iterable[RowValues], head_seq: int, head_hash: bytes, head_recorded_at: int
) -> Iterator[RowValues]:
    """Yield each row once it is checked as the successor of the chain state before it.

    The replay hot path: ``check_row`` inlined, with the length-prefixed header
    columns cached per (kind, tenant, actor, resolver). Anything the fast test does not
    accept goes through ``check_row``, so the failure raised (``ChainBroken``) is
    exactly the one ``check_row`` names.
    """
    headers: dict[tuple[str, str, str, str], tuple[bytes, bytes]] = {}
    sha256, domain, u64, i64, u32 = _sha256, DOMAIN, _U64.pack, _I64.pack, _U32.pack
    for row in rows:
        seq, kind, tenant, actor, recorded_at, resolver, body, row_prev, stored = row
        try:
            header = headers.get((kind, tenant, actor, resolver))
            if header is None:
                header = (_middle_of(kind, tenant, actor), _resolver_of(resolver))
                if len(headers) >= _CACHE_MAX:
                    headers.clear()
                headers[(kind, tenant, actor, resolver)] = header
            ok = (
                seq == head_seq + 1 and row_prev == head_hash and recorded_at >= head_recorded_at
                and type(body) is bytes and type(recorded_at) is int
                and sha256(b"".join((domain, u64(seq), header[0], i64(recorded_at), header[1],
                                     u32(len(body)), body, head_hash))).digest() == stored
            )
        except (TypeError, AttributeError, struct.error):
            ok = False
        if not ok:
            failure = check_row(row, head_seq + 1, head_hash, head_recorded_at)
            raise ChainBroken(*(failure or (seq, "a verifiable row", "one the fast check refused")))
        head_seq, head_hash, head_recorded_at = seq, stored, recorded_at
        yield row


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
