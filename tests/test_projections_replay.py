"""Invariants 1 and 3: projections are pure functions of the ledger, and sealed."""

from __future__ import annotations

import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from affidavit.errors import SealedWrite
from affidavit.events import Applied, ClaimStateChanged
from affidavit.store import Store
from affidavit.testing import append_synthetic

operations = st.lists(
    st.one_of(
        st.tuples(st.just("claims"), st.integers(1, 8), st.integers(1, 5)),
        st.tuples(st.just("state"), st.sampled_from(["disputed", "frozen", "superseded", "active"]),
                  st.integers(0, 50)),
    ),
    min_size=1, max_size=12,
)


def _change_state(store: Store, to_state: str, pick: int) -> None:
    live = sorted(store.claims.claims())
    if not live:
        return
    claim_id = live[pick % len(live)]
    record = store.claims.get(claim_id)
    assert record is not None

    def decide(ctx):  # type: ignore[no-untyped-def]
        ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
            claim_id=claim_id, from_state=record.state, to_state=to_state, reason="test"))

    store._transact(decide)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(ops=operations, seed=st.integers(0, 2**16))
def test_rebuild_from_ledger_equals_live_state(tmp_path_factory, ops, seed) -> None:
    """After any sequence of appends, replaying the ledger in a new Store gives the live digest."""
    base = tmp_path_factory.mktemp("prop")
    store = Store.open(base / "s", keyring_dir=base / "k")
    for op in ops:
        if op[0] == "claims":
            append_synthetic(store, op[1], subjects=op[2], batch=3, seed=seed)
        else:
            _change_state(store, op[1], op[2])
    live = store.digest()
    store.close()
    first = Store.open(base / "s", keyring_dir=base / "k")
    second = Store.open(base / "s", keyring_dir=base / "k")
    assert first.digest() == live == second.digest()
    first.close()
    second.close()


def test_digest_distinguishes_states(open_store) -> None:
    """The control: a single state change moves the digest, so equal digests mean equal states."""
    store = open_store()
    append_synthetic(store, 5, subjects=2)
    before = store.digest()
    _change_state(store, "disputed", 0)
    assert store.digest() != before


def test_projection_views_are_read_only(open_store) -> None:
    """Projected state exposes no mutators: assigning into a view raises."""
    store = open_store()
    append_synthetic(store, 3, subjects=1)
    claim_id = next(iter(store.claims.claims()))
    with pytest.raises(TypeError):
        store.claims.claims()[claim_id] = None  # type: ignore[index]
    record = store.claims.get(claim_id)
    with pytest.raises(AttributeError):
        record.state = "frozen"  # type: ignore[misc]
    assert store.claims.get(claim_id).state == "active"


def test_apply_without_append_is_refused(open_store) -> None:
    """An event that is not the next verified ledger event cannot reach the projections."""
    store = open_store()
    append_synthetic(store, 2, subjects=1)
    claim_id = next(iter(store.claims.claims()))
    forged = Applied(store.head_seq + 1, "CLAIM_STATE_CHANGED", "default", "x", 0, "x",
                     ClaimStateChanged(claim_id=claim_id, from_state="active", to_state="frozen",
                                       reason="forged"),
                     b"\x01" * 32, b"\x02" * 32)
    with pytest.raises(SealedWrite):
        store._projections.apply(forged)
    assert store.claims.get(claim_id).state == "active"
    # Control: the same transition through the ledger does apply.
    _change_state(store, "frozen", sorted(store.claims.claims()).index(claim_id))
    assert store.claims.get(claim_id).state == "frozen"


def test_unknown_kind_is_refused_on_append(open_store) -> None:
    """An event outside the closed vocabulary never reaches the ledger."""
    from affidavit.errors import UnknownEventKind

    class Rogue(msgspec.Struct):
        x: int = 1

    store = open_store()
    head = store.head_seq
    with pytest.raises(UnknownEventKind):
        store._transact(lambda ctx: ctx.add("ROGUE", Rogue()))  # type: ignore[arg-type]
    assert store.head_seq == head and store._ledger.last_seq() == head


def test_a_batch_commits_atomically_or_not_at_all(open_store) -> None:
    """A decision that fails after drafting events leaves neither the ledger nor the state changed."""
    store = open_store()
    append_synthetic(store, 3, subjects=2)
    head, digest = store.head_seq, store.digest()
    claim_id = next(iter(store.claims.claims()))

    def decide(ctx):  # type: ignore[no-untyped-def]
        ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
            claim_id=claim_id, from_state="active", to_state="frozen", reason="first"))
        ctx.add("CLAIM_STATE_CHANGED", ClaimStateChanged(
            claim_id=claim_id, from_state="frozen", to_state="active", reason="second"))
        raise RuntimeError("the decision failed half way")

    with pytest.raises(RuntimeError):
        store._transact(decide)
    assert store._ledger.last_seq() == head and store.digest() == digest
    reopened = Store.open(store.path, keyring_dir=store.keyring_dir)
    assert reopened.head_seq == head and reopened.digest() == digest
    reopened.close()
