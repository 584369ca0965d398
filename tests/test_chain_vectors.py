"""Frozen known answers for the event hash: changing one of these is a ledger format change.

The vectors were computed once from the layout in ``docs/ledger-format.md`` and are
written here as literals; the independent re-derivation below checks the layout itself
with nothing but hashlib and struct, as a third-party verifier would.
"""

from __future__ import annotations

import hashlib
import struct

import pytest

from affidavit import chain
from affidavit.chain import GENESIS_PREV, Row, check_row, event_hash, verify_chain

GENESIS_BODY = b'{"format":1,"store_id":"00112233445566778899aabbccddeeff","vocabulary":1}'
H1 = "c6ebbbc7aa420194c13985b4735766782bd7aacfbd90f187f46fb8f9558ecf92"
H2 = "4fc2bdb0a5061dab64aa17db8428ada496b4bd619819c26233e0f34ae6b9ca4d"
H3 = "f5f40816cedfa39c28907345e63a00eb945d400b6b2a9927fdd22e43d94a1b11"
H_EDGE = "9d5688e2eb37622fba82ef09abf7fd8ed30826cb2af72f7e39484412788457be"

# (seq, kind, tenant, actor, recorded_at, resolver, body, prev_hash hex or None=genesis)
VECTORS = [
    ((1, "STORE_CREATED", "default", "local", 1_700_000_000_000_000, "affidavit-engine/0.1",
      GENESIS_BODY, None), H1),
    ((2, "CLAIM_ADMITTED", "acme", "agent-7", 1_700_000_000_001_000, "affidavit-engine/0.1",
      b'{"claim_id":"c00000002"}', H1), H2),
    ((3, "CLAIM_STATE_CHANGED", "acme", "agent-7", 1_700_000_000_002_000,
      "affidavit-engine/0.1", bytes(range(256)), H2), H3),
    # Extremes: max seq, empty strings and body, non-ASCII actor, negative time.
    ((2**63 - 1, "K", "", "caf\u00e9", -1, "", b"", bytes(range(32)).hex()), H_EDGE),
]


def _args(vector: tuple) -> tuple:
    *head, prev = vector
    return (*head, GENESIS_PREV if prev is None else bytes.fromhex(prev))


@pytest.mark.parametrize(("vector", "expected"), VECTORS)
def test_event_hash_matches_frozen_vector(vector: tuple, expected: str) -> None:
    """event_hash gives exactly the frozen digest for each fixed input."""
    assert event_hash(*_args(vector)).hex() == expected


@pytest.mark.parametrize(("vector", "expected"), VECTORS)
def test_layout_rederived_from_the_spec(vector: tuple, expected: str) -> None:
    """The documented byte layout, built with struct alone, gives the same digests."""
    seq, kind, tenant, actor, at, resolver, body, prev = _args(vector)

    def lp(data: bytes) -> bytes:
        return struct.pack(">I", len(data)) + data

    message = (b"affidavit/event/v1\n" + struct.pack(">Q", seq) + lp(kind.encode())
               + lp(tenant.encode()) + lp(actor.encode()) + struct.pack(">q", at)
               + lp(resolver.encode()) + lp(body) + prev)
    assert hashlib.sha256(message).hexdigest() == expected


def test_event_hash_is_stable_across_the_header_cache() -> None:
    """Hashing many distinct headers (past the cache bound) never changes an answer."""
    vector = _args(VECTORS[1][0])
    for i in range(chain._CACHE_MAX + 10):
        event_hash(i + 1, f"K{i}", f"t{i}", "a", 0, f"r{i}", b"", GENESIS_PREV)
        assert event_hash(*vector).hex() == H2


def _three_rows() -> list[Row]:
    rows, prev = [], GENESIS_PREV
    for vector, expected in VECTORS[:3]:
        seq, kind, tenant, actor, at, resolver, body, _ = _args(vector)
        digest = event_hash(seq, kind, tenant, actor, at, resolver, body, prev)
        assert digest.hex() == expected
        rows.append(Row(seq, kind, tenant, actor, at, resolver, body, prev, digest))
        prev = digest
    return rows


def test_hand_built_chain_verifies() -> None:
    """Three hand-built rows verify from genesis and report the frozen head."""
    report = verify_chain(_three_rows())
    assert report.ok and report.events == 3 and report.head_hash.hex() == H3
    assert report.head_recorded_at == 1_700_000_000_002_000


FIELDS = ["kind", "tenant", "actor", "resolver", "body", "prev_hash", "hash"]


def _flip(value: object) -> object:
    if isinstance(value, bytes):
        return bytes([value[0] ^ 0x01]) + value[1:] if value else b"\x01"
    assert isinstance(value, str)
    return chr(ord(value[0]) ^ 0x01) + value[1:]


@pytest.mark.parametrize("field", FIELDS)
@pytest.mark.parametrize("index", [0, 1, 2])
def test_one_flipped_bit_names_that_seq(field: str, index: int) -> None:
    """Flipping one bit of any column of any row fails verification at that row's seq."""
    rows = _three_rows()
    rows[index] = rows[index]._replace(**{field: _flip(getattr(rows[index], field))})
    report = verify_chain(rows)
    assert report.failure is not None and report.failure.seq == index + 1
    assert report.events == index


@pytest.mark.parametrize(
    ("change", "found"),
    [
        ({"recorded_at": 1_700_000_000_000_000 + 1}, "hash"),  # later time, same bytes otherwise
        ({"recorded_at": 1_600_000_000_000_000}, "time went backwards"),
        ({"seq": 5}, "seq 5"),
        ({"body": "not bytes"}, "another column type"),
        ({"recorded_at": 1.7e15}, "another column type"),
        ({"kind": b"CLAIM_ADMITTED"}, "another column type"),  # a text column stored as a blob
        ({"prev_hash": None}, "prev_hash"),
    ],
)
def test_tampered_second_row_is_named(change: dict, found: str) -> None:
    """Each kind of damage to row 2 stops verification at seq 2 with a readable reason."""
    rows = _three_rows()
    rows[1] = rows[1]._replace(**change)
    report = verify_chain(rows)
    assert report.failure is not None and report.failure.seq == 2 and found in report.failure.found


def test_dropped_and_reordered_rows_are_named() -> None:
    """A missing middle row or a swapped pair is named by the seq that was expected."""
    rows = _three_rows()
    assert verify_chain([rows[0], rows[2]]).failure == chain.Failure(2, "seq 2", "seq 3")
    assert verify_chain([rows[1], rows[0], rows[2]]).failure.seq == 1  # type: ignore[union-attr]


def test_truncated_chain_still_verifies_as_a_prefix() -> None:
    """The chain alone cannot see a cut tail: that is what the keyed head seal is for."""
    report = verify_chain(_three_rows()[:2])
    assert report.ok and report.events == 2 and report.head_hash.hex() == H2


def test_check_row_accepts_the_genesis_row() -> None:
    """check_row is the single-row form: genesis against 32 zero bytes and no prior time."""
    assert check_row(_three_rows()[0], 1, GENESIS_PREV, -(2**63)) is None
