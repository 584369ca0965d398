"""Replay keeps a compact claim's sealed content as parsed, and checks it on first read.

The kept form must read exactly as the eager decode does (same ``Sealed``, same
content), and a kept field that is not a ``Sealed`` must fail when it is read: the claim
is unreadable, while the same store's well-formed claims read as written.
"""

from __future__ import annotations

from pathlib import Path

import msgspec
import pytest

from affidavit import codec, compact
from affidavit.events import (
    ANY_CLAIM_ADMITTED,
    ANY_CLAIM_QUARANTINED,
    ClaimAdmitted,
    ClaimPrivate,
    ClaimQuarantined,
    KeptClaimAdmitted,
    KeptClaimQuarantined,
    Sealed,
    Unreadable,
)
from affidavit.identity import Identity
from affidavit.store import Store
from affidavit.testing import append_synthetic

A, B = "k_" + "ab" * 12, "k_" + "cd" * 12
SEALED = Sealed(keys=(A, B), nonce=bytes(range(12)), ct=bytes(range(40)))
ADMITTED = ClaimAdmitted(claim_id="clm_0123456789abcdef", subject_id=A, entity_ids=(A, B),
                         verdict="ACCEPT", private=SEALED, evidence=SEALED, evidence_entity_ids=(B,))
QUARANTINED = ClaimQuarantined(claim_id="clm_fedcba9876543210", subject_id=B, entity_ids=(B,),
                               reason="weak_support", private=SEALED)


def _replay_decode(kind: str, body: bytes) -> object:
    return codec.compact_replay_decoders()[kind](body)


@pytest.mark.parametrize(("kind", "event", "kept"), [
    ("CLAIM_ADMITTED", ADMITTED, KeptClaimAdmitted),
    ("CLAIM_QUARANTINED", QUARANTINED, KeptClaimQuarantined),
])
def test_a_kept_claim_reads_as_the_eager_decode(kind: str, event: object, kept: type) -> None:
    """Every field of the kept shape equals the eager one's; its sealed content converts to
    the same ``Sealed`` (and the JSON path's text of it to the same one too)."""
    body = codec.encode_body(event)  # type: ignore[arg-type]
    lazy, eager = _replay_decode(kind, body), codec.decode_body(kind, body)
    assert type(lazy) is kept and isinstance(lazy, ANY_CLAIM_ADMITTED + ANY_CLAIM_QUARANTINED)
    assert not isinstance(lazy.private, Sealed)  # type: ignore[attr-defined]  (kept as parsed)
    assert codec.decode_sealed(lazy.private) == eager.private == SEALED  # type: ignore[attr-defined]
    for field in msgspec.structs.fields(type(eager)):
        if field.name != "private":
            assert getattr(lazy, field.name) == getattr(eager, field.name), field.name
    assert msgspec.json.encode(lazy.private) == msgspec.json.encode(SEALED)  # type: ignore[attr-defined]
    assert codec.decode_sealed(msgspec.Raw(msgspec.json.encode(SEALED))) == SEALED


def test_a_kept_field_that_is_not_a_sealed_fails_when_read() -> None:
    """Key ids that are not text pass the parse (the twin types text as ``Any``) and are
    kept; converting them on read refuses them, as the eager decode refuses the body.
    Control: the same body with text key ids reads back."""
    good = compact.PREFIX + msgspec.msgpack.encode(compact.positional(ADMITTED))
    bad_tree = compact.positional(ADMITTED)
    assert isinstance(bad_tree, list)
    bad_tree[4][0] = [7, 8]  # private.keys: integers, not key ids
    bad = compact.PREFIX + msgspec.msgpack.encode(bad_tree)
    assert codec.decode_sealed(_replay_decode("CLAIM_ADMITTED", good).private) == SEALED  # type: ignore[attr-defined]
    kept = _replay_decode("CLAIM_ADMITTED", bad)
    assert codec.decode_sealed(kept.private) is None  # type: ignore[attr-defined]
    with pytest.raises(msgspec.DecodeError):
        codec.decode_body("CLAIM_ADMITTED", bad)


def test_claims_replayed_from_compact_bodies_read_as_written(tmp_path: Path) -> None:
    """Across a reopen (a new replay), each claim's record keeps its content as parsed and
    opens to what the eager decode of its row opens to; a record whose kept content is not
    a ``Sealed`` is unreadable, while the others still read."""
    store = Store.open(tmp_path / "s", keyring_dir=tmp_path / "k", identity=Identity())
    ids = append_synthetic(store, 5, subjects=2, batch=5)
    store.close()
    store = Store.open(tmp_path / "s", keyring_dir=tmp_path / "k", identity=Identity())
    try:
        engine = store
        rows = {row.seq: row for row in engine.ledger.rows(0)}
        for claim_id in ids:
            record = engine.claims.get(claim_id)
            assert record is not None and not isinstance(record.sealed, Sealed)
            eager = codec.decode_body(record.sealed_kind, rows[record.seq].body)
            assert codec.decode_sealed(record.sealed) == eager.private  # type: ignore[union-attr]
            opened = engine.open_claim(record)
            as_eager = msgspec.structs.replace(record, claim_id=f"{claim_id}-eager",
                                               sealed=eager.private)  # type: ignore[union-attr]
            assert isinstance(opened, ClaimPrivate) and opened == engine.open_claim(as_eager)
        first = engine.claims.get(ids[0])
        assert first is not None
        broken = msgspec.structs.replace(first, claim_id="clm_00000000", sealed=[[7], b"", b""])
        assert engine.open_claim(broken) == Unreadable("unavailable")
        assert isinstance(engine.open_claim(engine.claims.get(ids[1])), ClaimPrivate)  # type: ignore[arg-type]
    finally:
        store.close()

